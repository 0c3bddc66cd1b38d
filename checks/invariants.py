"""Named invariants of the game, checked in every state (and across every step).

Each returns None when it holds and a sentence saying what is wrong when it does not. The
random-play checker, the replay and (later) the model checker and the stateful tests all use
these same functions; none restates them. The type invariant comes first, as in TLA+ specs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from unospec.checks.since import cards_still_ok
from unospec.model.actions import (
    Accept,
    Action,
    Catch,
    Challenge,
    Draw,
    Keep,
    NameLoser,
    Play,
    Reshuffle,
)
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.effects import (
    DrawPenalty,
    HailMary,
    NoEffect,
    PenaltyRace,
    Reverse,
    Skip,
    Wild,
    WildDraw,
)
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import Fired, is_chance, legal_actions
from unospec.model.state import CLOCKWISE, GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE
from unospec.model.trace import action_step

IN_HAND = frozenset(MACHINE.phases) - {"dealing", "hand_over", "game_over"}
"""Phases in which a hand is being played: every player holds at least one card."""

StateCheck = Callable[[Edition, GameState], str | None]
StepCheck = Callable[[Edition, GameState, tuple[Fired, ...], GameState], str | None]
SinceCheck = Callable[[Edition, GameState, GameState], str | None]


@dataclass(frozen=True)
class Invariant:
    """A property that must hold in every state (`always`) or across every step (`step`)."""

    name: str
    kind: str  # "always" | "step" | "move" (reported where a move is refused, see below)
    check: Callable[..., str | None]  # a StateCheck ("always") or a StepCheck ("step")
    meaning: str
    since: SinceCheck | None = None  # the same verdict, given a predecessor that passed
    steps: frozenset[type] | None = None  # a step check's steps, by their action's type
    """The steps a step check looks at, by the type of the action that began them (None:
    every step). `violations` does not call it on others: it would return at once."""


PHASES = frozenset(MACHINE.phases)

_last_sorted: tuple[GameState | None, tuple[int, ...]] = (None, ())


def sorted_cards(game: GameState) -> tuple[int, ...]:
    """`game.all_cards()`, remembered for the last state asked: the type and conservation
    invariants both need it, and sorting every card is their main cost."""
    global _last_sorted
    last = _last_sorted  # read once: safe even if another thread replaces it meanwhile
    if last[0] is game:
        return last[1]
    cards = game.all_cards()
    _last_sorted = (game, cards)
    return cards


def type_ok(edition: Edition, game: GameState) -> str | None:
    """Every field holds a value of its kind: phases of the machine, cards of the deck."""
    if game.phase not in PHASES:
        return f"phase {game.phase!r} is not a state of the turn-flow machine"
    cards = sorted_cards(game)
    if cards and (cards[0] < 0 or cards[-1] >= len(edition.faces.faces)):
        return "a pile holds something that is not a card of this deck"
    for hand in game.hands:
        if hand != tuple(sorted(hand)):
            return "a hand is not kept as a sorted multiset"
    return _other_fields_ok(edition, game)


def _other_fields_ok(edition: Edition, game: GameState) -> str | None:
    """The type invariant's checks of scores and the colour in force."""
    if len(game.scores) != len(game.hands) or min(game.scores, default=0) < 0:
        return "scores must be one non-negative number per player"
    if game.color != -1 and game.color not in edition.color_indices:
        return f"colour {game.color} in force is not a colour of this deck"
    return None


def type_ok_since(edition: Edition, before: GameState, game: GameState) -> str | None:
    """`type_ok`, given that `before` passed it: only the piles that changed are looked at."""
    if game.phase in PHASES and _cards_still_ok(before, game):
        return _other_fields_ok(edition, game)
    return type_ok(edition, game)


def card_conservation(edition: Edition, game: GameState) -> str | None:
    """Every card is in exactly one place: total = cards in play + cards set aside."""
    found = sorted_cards(game)
    if found == edition.faces.every_card:
        return None
    return (
        f"{len(found)} cards on the table and aside, expected {len(edition.faces.every_card)} "
        f"({edition.in_play_count} in play + {edition.set_aside_count} set aside)"
    )


def card_conservation_since(edition: Edition, before: GameState, game: GameState) -> str | None:
    """`card_conservation`, given that `before` passed it (see `since`)."""
    return None if _cards_still_ok(before, game) else card_conservation(edition, game)


_last_step: tuple[GameState | None, GameState | None, bool] = (None, None, False)


def _cards_still_ok(before: GameState, game: GameState) -> bool:
    """`since.cards_still_ok`, remembered for the last step: both card invariants ask it."""
    global _last_step
    last = _last_step  # read once, as in `sorted_cards`
    if last[0] is before and last[1] is game:
        return last[2]
    ok = cards_still_ok(before, game)
    _last_step = (before, game, ok)
    return ok


def sizes_ok(edition: Edition, game: GameState) -> str | None:
    """Hands and piles have sizes the rules allow; the discard pile has a top during a hand."""
    if game.set_aside != edition.faces.set_aside:
        return "the set-aside cards changed"
    if game.phase in IN_HAND - {"first_flip"} and not game.discard:
        return "no card on the discard pile during a hand"
    if game.phase == "awaiting_reshuffle" and (game.draw_pile or len(game.discard) < 2):
        return "a reshuffle is awaited but the draw pile is not empty or nothing can refill it"
    return None


def seats_ok(edition: Edition, game: GameState) -> str | None:
    """The current player, the actor and the UNO window name real seats; direction is +-1."""
    n = game.players
    if not edition.rules.min_players <= n <= edition.rules.max_players:
        return f"{n} players is outside the edition's range"
    if not (0 <= game.current < n and 0 <= game.actor < n and 0 <= game.leader < n):
        return "the current player, actor or leader is not a seat at the table"
    if game.direction not in (CLOCKWISE, -CLOCKWISE):
        return f"direction {game.direction} is neither clockwise nor counterclockwise"
    if not -1 <= game.window < n:
        return "the UNO window names no seat"
    return None


_PENDING_PHASES = {
    "owed": {"table_draws", "awaiting_reshuffle"},
    "challenge": {
        "awaiting_challenge",
        "uno_window",
        "uno_called",
        "resolving",
        "table_draws",
        "awaiting_reshuffle",
        "choosing_color",
    },
    "special": {"special_wild", "choosing_color"},
    "drawn": {"drawn_card"},
    "window": {"uno_window", "uno_called"},
}


_MUST = {
    "table_draws": "owed",
    "awaiting_reshuffle": "owed",
    "drawn_card": "drawn",
    "awaiting_challenge": "challenge",
    "special_wild": "special",
    "uno_window": "window",
    "uno_called": "window",
}


def pending_ok(edition: Edition, game: GameState) -> str | None:
    """Obligations exist exactly in the phases that resolve them, and are well formed."""
    phase = game.phase
    present = (
        ("owed", game.owed is not None),
        ("challenge", game.challenge is not None),
        ("special", game.special >= 0),
        ("drawn", game.drawn >= 0),
        ("window", game.window >= 0),
    )
    for name, here in present:
        if here and phase not in _PENDING_PHASES[name]:
            return f"a pending {name} is left over in phase {phase}"
    needed = _MUST.get(phase)
    if needed and (needed, False) in present:  # the phase's own obligation is missing
        return f"phase {phase} has no pending {needed}"
    if game.owed is not None and (game.owed.amount < 0 or not 0 <= game.owed.player < game.players):
        return "an owed draw names no seat or a negative count"
    if game.drawn >= 0 and game.drawn not in game.hands[game.current]:
        return "the drawn card is not in the current player's hand"
    if game.challenge is not None:
        c = game.challenge
        if (
            c.victim != game.current
            or not edition.faces.wild_draw[c.card]
            or c.offender == c.victim
        ):
            return "the pending challenge does not match the table"
    if game.window >= 0 and len(game.hands[game.window]) != 1:
        return "the UNO window is open for a player who does not hold one card"
    if phase == "hail_mary_discard" and len(game.hands[game.actor]) < 2:
        return "a Hail Mary discard is pending for a player with nothing to shed"
    return None


def hand_over_iff_empty(edition: Edition, game: GameState) -> str | None:
    """A hand is over exactly when some player's hand is empty; only one can be."""
    empty = game.hands.count(())
    if game.phase in IN_HAND and empty:
        return f"phase {game.phase} with an empty hand: the hand should be over"
    if game.phase in ("hand_over", "game_over") and empty != 1:
        return f"phase {game.phase} needs exactly one empty hand, found {empty}"
    if (game.winner >= 0) != (game.phase == "game_over"):
        return "a game winner is set exactly when the game is over"
    return None


def no_deadlock(
    edition: Edition, game: GameState, legal: tuple[Action, ...] | None = None
) -> str | None:
    """Every state but the end of the game offers a move or a shuffle.

    `legal` may pass the state's legal actions when the caller has them already.
    """
    if game.phase in MACHINE.final or is_chance(game):
        return None
    if legal is None:
        legal = legal_actions(edition, game)
    return None if legal else f"no legal action in phase {game.phase}"


def matching_cards_offered(
    edition: Edition, game: GameState, legal: tuple[Action, ...] | None = None
) -> str | None:
    """When a player may play, every coloured card they may play that matches by colour,
    number or symbol, and every plain Wild, is among the moves offered (Let's Play 1; after
    a draw, the edition's after-drawing reading): the other half of `plays-match`, said here
    from the card faces, apart from the kernel's own list of moves.

    `legal` may pass the state's legal actions when the caller has them already.
    """
    phase = game.phase
    if phase not in _PLAY_PHASES or not game.discard:
        return None
    player, faces = game.current, edition.faces
    hand = game.hands[player]
    if phase == "drawn_card" and edition.rules.after_drawing != "any-matching-card":
        hand = (game.drawn,)
    top = game.discard[-1]
    symbol, color, wild, effect = faces.symbol, faces.color, faces.wild, faces.effect
    playable = [  # a wild on top is matched by the colour in force only
        card
        for card in hand
        if (
            type(effect[card]) is Wild
            if wild[card]
            else color[card] == game.color or (not wild[top] and symbol[card] == symbol[top])
        )
    ]
    if not playable:
        return None
    if legal is None:
        legal = legal_actions(edition, game)
    offered = {move.card for move in legal if type(move) is Play and move.player == player}
    for card in playable:
        if card not in offered:
            matches = "" if wild[card] else f", which matches {faces.card_id(top)},"
            return f"player {player} holds {faces.card_id(card)}{matches} but may not play it"
    return None


_PLAY_PHASES = frozenset({"awaiting_play", "drawn_card"})


def colour_in_force(edition: Edition, game: GameState) -> str | None:
    """Once the first card is turned up, a colour is in force, unless the top card is a wild
    the first flip turned up (Set Up 4-5; a wild played names one: Action Cards)."""
    if game.color != -1 or game.phase not in _TOP_TURNED:
        return None
    if game.discard and edition.faces.wild[game.discard[-1]] and len(game.discard) == 1:
        return None
    return "no colour is in force, though the top card is not a wild the first flip turned up"


_TOP_TURNED = IN_HAND - {"first_flip"}


def plays_match(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """Every card played matches the top card by colour, number or symbol, or is a wild
    (Let's Play 1): said here from the card faces, apart from the kernel's own matching."""
    if not fired or type(fired[0].action) is not Play:  # most steps play no card
        return None
    faces = edition.faces
    for step in fired:
        action = step.action
        if step.branch.event not in _PLAYS or not isinstance(action, Play):
            continue
        game, card = step.before, action.card
        if faces.wild[card] or faces.color[card] == game.color or not game.discard:
            continue
        face, top = faces.faces[card], faces.faces[game.discard[-1]]
        if face.kind == top.kind and face.rank == top.rank:  # a symbol, or a number's rank
            continue
        return f"{faces.card_id(card)} was played on {faces.card_id(game.discard[-1])}, " + (
            f"with {COLORS[game.color] if game.color >= 0 else 'no colour'} in force"
        )
    return None


_PLAYS = frozenset({"play", "play_drawn"})


def turn_passes_on(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """After a number, a plain Wild, a Skip, a Reverse or a Draw card, play goes on where
    the card sends it (Let's Play: to the left, in the direction of play; Action Cards: a
    Skip and a Draw card pass over the next player, a Reverse turns the direction, and with
    two players does what the edition's reading says): said here from the card faces, apart
    from the kernel's own turn order. Checked where the step ends with the turn settled."""
    if not fired or type(fired[0].action) is not Play or after.phase not in _TURN_SETTLED:
        return None
    step = next((f for f in fired if f.branch.event in _PLAYS), None)
    if step is None or not isinstance(step.action, Play):
        return None
    game, played = step.before, step.action
    player = played.player
    if not game.hands[player][1:]:  # the last card ends the hand: no turn follows
        return None
    effect = edition.faces.effect[played.card]
    seats, way = game.players, game.direction
    if type(effect) in (NoEffect, Wild):
        expected = (player + way) % seats, way
    elif type(effect) in (Skip, DrawPenalty):
        expected = (player + 2 * way) % seats, way
    elif type(effect) is Reverse:
        again = seats == 2 and effect.with_two_players == "acts-as-skip"
        expected = (player if again else (player - way) % seats), -way
    else:  # a Wild Draw, a Hail Mary, a penalty race: their own obligations decide
        return None
    if (after.current, after.direction) != expected:
        return (
            f"after player {player}'s {edition.faces.card_id(played.card)}, player "
            f"{after.current} is to play (direction {after.direction}); expected player "
            f"{expected[0]} (direction {expected[1]})"
        )
    return None


_TURN_SETTLED = frozenset({"awaiting_play", "uno_window"})


def _after_step(fired: tuple[Fired, ...], i: int, after: GameState) -> GameState:
    """The table right after transition `i` of a step: where the next one started, or the
    step's end."""
    return fired[i + 1].before if i + 1 < len(fired) else after


def wild_names_its_colour(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """The colour a wild's player names is the colour in force after it (Action Cards)."""
    played = fired[0].action if fired else None
    if type(played) is not Play or not edition.faces.wild[played.card]:  # most steps
        return None
    for i, step in enumerate(fired):
        if step.branch.event != "choose_color":
            continue
        action = step.action
        named = _after_step(fired, i, after)
        if isinstance(action, Play) and named.color != action.color:
            return f"the wild named colour {action.color}, but {named.color} is in force"
    return None


def score_is_the_hand(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """Scoring gives the hand's winner the points of the cards left in the other hands, by
    the edition's table (numbers at face value), and nobody else anything (Keeping Score):
    counted here from the card faces, apart from the kernel's own scoring."""
    if after.scores is before.scores:  # no hand was scored (scoring makes a new tuple)
        return None
    if not any(step.branch.event == "score" for step in fired):
        return None if after.scores == before.scores else "scores changed, though no hand ended"
    for i, step in enumerate(fired):
        if step.branch.event != "score":
            continue
        game = step.before
        scored = _after_step(fired, i, after)
        points = dict(edition.rules.points)
        faces = edition.faces.faces
        winner = game.hands.index(()) if () in game.hands else -1
        total = 0
        for hand in game.hands:
            for card in hand:
                worth = points.get(faces[card].kind)
                if worth is None:
                    return None  # a card without points: the kernel's rule gap, not a score
                total += (faces[card].rank or 0) if worth == "face-value" else int(worth)
        expected = list(before.scores)  # as the step began: nothing else scores in it
        if winner >= 0:
            expected[winner] += total
        if list(scored.scores) != expected:
            return f"scores {list(scored.scores)} after the hand, expected {expected}"
    return None


def draws_are_owed(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """Each draw the step sets owes the player the rule names the count the rule gives, and
    the table deals it from the top of the draw pile: one card for a player who draws (Let's
    Play), a Draw card's count to the next player, the Wild Draw card's counts to the victim
    who accepts or to the loser of a challenge, the penalty to a player caught not calling
    UNO (Calling UNO), a special wild's count to its loser (Action Cards). What the pile
    cannot give waits for a reshuffle, and lapses only when none can refill it (Let's Play
    NOTE). Said here from the card faces and the edition's numbers, apart from the kernel."""
    if not fired or type(fired[0].action) not in _MAY_DRAW:
        return None
    played = fired[0].action
    if type(played) is Play and type(edition.faces.effect[played.card]) is not DrawPenalty:
        return None  # most steps: a play that owes no one a card
    for i, step in enumerate(fired):
        event = step.branch.event
        made = _after_step(fired, i, after)
        if event == "draw_owed":
            problem = _dealt_as_owed(step.before, made)
        elif event in _OWING:
            problem = _owed_as_the_rule_says(edition, step, made.owed)
        else:
            continue
        if problem:
            return problem
    return None


_OWING = frozenset({"draw", "play", "play_drawn", "challenge", "accept", "catch", "name_loser"})
_MAY_DRAW = frozenset({Play, Draw, Challenge, Accept, Catch, NameLoser, Reshuffle})


def _owed_as_the_rule_says(edition: Edition, step: Fired, owed: Owed | None) -> str | None:
    """The obligation transition `step` set (`owed`) against the one its rule gives."""
    game, action, event = step.before, step.action, step.branch.event
    faces = edition.faces
    expected: tuple[int, int] | None = None
    if event == "draw":
        expected = game.current, 1
    elif event in _PLAYS and isinstance(action, Play):
        effect = faces.effect[action.card]
        if isinstance(effect, DrawPenalty) and game.hands[action.player][1:]:
            expected = (action.player + game.direction) % game.players, effect.draw
    elif event in ("challenge", "accept") and game.challenge is not None:
        pending = game.challenge
        wild_draw = faces.effect[pending.card]
        assert isinstance(wild_draw, WildDraw)
        if event == "accept":
            expected = pending.victim, wild_draw.draw
        elif pending.guilty:
            expected = pending.offender, wild_draw.offender_draws
        else:
            expected = pending.victim, wild_draw.challenger_draws
    elif event == "catch" and isinstance(action, Catch):
        expected = action.target, edition.rules.uno_penalty
    elif event == "name_loser" and isinstance(action, NameLoser) and game.special >= 0:
        race = faces.effect[game.special]
        assert isinstance(race, PenaltyRace)
        expected = action.player, race.draw
    found = (owed.player, owed.amount) if owed is not None else None
    if found == expected:
        return None
    said = "no draw" if expected is None else f"player {expected[0]} to draw {expected[1]}"
    got = "no draw" if found is None else f"player {found[0]} to draw {found[1]}"
    return f"{step.branch.event} set {got}; the rule gives {said}"


def _dealt_as_owed(game: GameState, dealt: GameState) -> str | None:
    """One deal of owed cards: `game` before it, `dealt` after."""
    owed = game.owed
    if owed is None:
        return "the table dealt cards no one was owed"
    pile = game.draw_pile
    got = min(owed.amount, len(pile))
    grew = len(dealt.hands[owed.player]) - len(game.hands[owed.player])
    if grew != got or dealt.draw_pile != pile[got:]:
        return (
            f"player {owed.player} was owed {owed.amount} with {len(pile)} in the draw pile, "
            f"but got {grew} and the pile went to {len(dealt.draw_pile)}"
        )
    left = owed.amount - got
    still = dealt.owed.amount if dealt.owed is not None else 0
    refill = len(game.discard) > 1
    if still != (left if refill else 0):
        return (
            f"player {owed.player} still owes {still} after getting {got} of {owed.amount}, "
            f"expected {left if refill else 0}"
            + ("" if refill else " (no reshuffle can refill the pile: the rest lapses)")
        )
    return None


def challenge_judges_the_hand(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """A Wild Draw card waits for the next player's answer, judged by the hand its player
    kept, against the colour in force before it (Action Cards: the Wild Draw card's
    section): said here from the card faces, apart from the kernel's own judgment."""
    played = fired[0].action if fired else None
    if type(played) is not Play or not edition.faces.wild_draw[played.card]:  # most steps
        return None
    faces = edition.faces
    for i, step in enumerate(fired):
        action = step.action
        if step.branch.event not in _PLAYS or not isinstance(action, Play):
            continue
        game, card, player = step.before, action.card, action.player
        effect = faces.effect[card]
        if not isinstance(effect, WildDraw) or not game.hands[player][1:]:
            continue
        kept = list(game.hands[player])
        kept.remove(card)
        expected = PendingChallenge(
            offender=player,
            victim=(player + game.direction) % game.players,
            card=card,
            guilty=_holds(edition, kept, game.color, effect.guilty_if_holding),
            bluff=_holds(edition, kept, game.color, effect.playable_unless_holding),
        )
        pending = _after_step(fired, i, after).challenge
        if pending != expected:
            return _challenge_differs(edition, pending, expected)
    return None


def _challenge_differs(
    edition: Edition, pending: PendingChallenge | None, expected: PendingChallenge
) -> str:
    """What the recorded challenge gets wrong, in words."""
    card = edition.faces.card_id(expected.card)
    if pending is None:
        return f"player {expected.offender}'s {card} leaves no challenge to answer"
    for field, value in zip(PendingChallenge._fields, expected, strict=True):
        found = getattr(pending, field)
        if found == value:
            continue
        if field in ("guilty", "bluff"):
            word = {"guilty": ("guilty", "honest"), "bluff": ("a bluff", "within its rule")}
            said, meant = (word[field][0 if v else 1] for v in (found, value))
            return (
                f"player {expected.offender}'s {card} is judged {said}; by the hand kept "
                f"it is {meant}"
            )
        return f"the challenge of player {expected.offender}'s {card} names {field} {found}, " + (
            f"expected {value}"
        )
    return "the pending challenge differs"  # unreachable: the two records differ somewhere


def _holds(edition: Edition, hand: list[int], color: int, kinds: tuple[str, ...]) -> bool:
    """`hand` holds a card of the colour in force (`current-color`) or a wild (`wild`)."""
    faces = edition.faces
    if "wild" in kinds and any(faces.wild[card] for card in hand):
        return True
    return "current-color" in kinds and color >= 0 and color in (faces.color[c] for c in hand)


def game_ends_at_the_target(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """The game ends, won by the hand's winner, exactly when their score reaches the target,
    or after one hand where one hand is the game (Keeping Score; Winning)."""
    if after.scores is before.scores:  # no hand was scored (scoring makes a new tuple)
        return None
    rules = edition.rules
    for i, step in enumerate(fired):
        if step.branch.event != "score" or () not in step.before.hands:
            continue
        winner = step.before.hands.index(())
        scored = _after_step(fired, i, after)
        won = rules.game_end == "single-hand" or scored.scores[winner] >= rules.target_score
        if (scored.phase == "game_over", scored.winner) != (won, winner if won else -1):
            reached = f"player {winner} has {scored.scores[winner]} of {rules.target_score}"
            return f"{reached}, yet the game is {'not ' if won else ''}over" + (
                f" (winner {scored.winner})" if scored.winner >= 0 else ""
            )
    return None


def hail_mary_lands(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """A Hail Mary thrown at the player who called UNO lands on the pile in the colour its
    thrower named, and play goes on after the thrower as the card says; a right guess lets
    a thrower left with cards to spare keep one, and the rest go under the Hail Mary (Action
    Cards: Wild Hail Mary Card; the edition's hail-mary readings)."""
    first = fired[0].action if fired else None
    if type(first) is not Keep and not (
        type(first) is Play and edition.faces.hail_mary[first.card]
    ):
        return None  # most steps
    for i, step in enumerate(fired):
        event = step.branch.event
        if event == "keep":
            problem = _shed_under(step.before, _after_step(fired, i, after))
        elif event == "hail_mary":
            problem = _landed(edition, step, _after_step(fired, i, after))
        else:
            continue
        if problem:
            return problem
    return None


def _landed(edition: Edition, step: Fired, landed: GameState) -> str | None:
    """One Hail Mary throw (`step`), and the table right after it."""
    faces, game, thrown = edition.faces, step.before, step.action
    assert isinstance(thrown, Play)
    thrower = thrown.player
    effect = faces.effect[thrown.card]
    assert isinstance(effect, HailMary)
    if landed.discard[-1:] != (thrown.card,) or landed.color != thrown.color:
        return "the Hail Mary is not on top of the pile in the colour its thrower named"
    left = len(game.hands[thrower]) - 1
    if not left:
        return None  # the thrower's last card: the hand is over
    way = CLOCKWISE if effect.continue_with == "left-of-player" else game.direction
    if landed.current != (thrower + way) % game.players:
        return f"after player {thrower}'s Hail Mary, player {landed.current} is to play"
    (last,) = game.hands[game.window]
    right = faces.color[last] == thrown.color
    if (landed.phase == "hail_mary_discard") != (right and left > 1):
        guess = "right" if right else "wrong"
        return f"a {guess} guess, with {left} cards left, went to {landed.phase}"
    return None


def _shed_under(before: GameState, after: GameState) -> str | None:
    """After a Keep: the thrower holds one card, and the rest lie right under the Hail Mary."""
    thrower = before.actor
    shed = len(before.hands[thrower]) - 1
    if len(after.hands[thrower]) != 1:
        return f"player {thrower} kept {len(after.hands[thrower])} cards, not one"
    if (
        after.discard[-1:] != before.discard[-1:]
        or len(after.discard) != len(before.discard) + shed
    ):
        return "the shed cards are not under the Hail Mary"
    return None


def scores_only_grow(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """No step takes points away from anyone."""
    if after.scores is before.scores:
        return None
    if any(a < b for a, b in zip(after.scores, before.scores, strict=True)):
        return "a score went down"
    return None


def declared_transitions(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """The step moved through declared machine transitions, chained from phase to phase."""
    phase = before.phase
    for step in fired:
        branch = step.branch
        declared = (
            MACHINE.branches[branch.number] if branch.number < len(MACHINE.branches) else None
        )
        if declared is not branch and (declared is None or declared.label != branch.label):
            return f"transition {branch.label} is not declared by the turn-flow machine"
        if branch.source != phase:
            return f"transition {branch.label} does not start from {phase}"
        phase = branch.target
    if phase != after.phase:
        return f"the step ended in {after.phase}, its last transition in {phase}"
    return None


def offered_move_refused(game: GameState, error: Exception) -> str:
    """Why `offered-moves-accepted` failed: the kernel refused a move it offered itself.

    Not a state or step check (`violations` never runs it): random play and the explorer
    report it when `run` raises IllegalAction (or crashes) on a move from `legal_actions`, or
    on a shuffle from `chance_outcomes`, instead of crashing themselves.
    """
    if isinstance(error, IllegalAction):
        return f"in phase {game.phase}, a move or shuffle the rules offer is refused: {error}"
    return f"in phase {game.phase}, a move or shuffle the rules offer crashes the kernel: " + (
        f"{type(error).__name__}: {error}"
    )


def offered_move_without_outcome(
    edition: Edition, game: GameState, action: Action, gap: RuleGap
) -> str:
    """Why `rules-give-an-outcome` failed: a move or shuffle the rules offer reaches a
    situation the edition's rules say nothing about (a booklet gap, not a kernel bug).

    Like `offered-moves-accepted`, reported where the move is tried (the explorer, replay).
    """
    step = action_step(edition, action)
    if "player" in step:
        words = " ".join(str(step[k]) for k in ("action", "card", "color", "target") if k in step)
        move = f"player {step['player']}'s move ({words})"
    else:
        move = f"the {step['action']}"
    return f"in phase {game.phase}, {move} has no outcome in the rules: {gap}"


_PLAY_STEPS: frozenset[type] = frozenset({Play})

INVARIANTS: tuple[Invariant, ...] = (
    Invariant("type-ok", "always", type_ok, "every field holds a value of its kind", type_ok_since),
    Invariant(
        "card-conservation",
        "always",
        card_conservation,
        "every card in exactly one place; total = in play + set aside",
        card_conservation_since,
    ),
    Invariant("hand-and-pile-sizes", "always", sizes_ok, "hands and piles have allowed sizes"),
    Invariant("seats-and-direction", "always", seats_ok, "current player and direction valid"),
    Invariant(
        "pending-well-formed",
        "always",
        pending_ok,
        "pending obligations exist exactly where they are resolved",
    ),
    Invariant(
        "hand-over-iff-empty-hand",
        "always",
        hand_over_iff_empty,
        "a hand is over exactly when a hand is empty",
    ),
    Invariant("no-deadlock", "always", no_deadlock, "every state but game over has a move"),
    Invariant(
        "matching-cards-offered",
        "always",
        matching_cards_offered,
        "a player may play every matching card they hold, and a plain Wild",
    ),
    Invariant(
        "colour-in-force",
        "always",
        colour_in_force,
        "once a card is turned up, a colour is in force (unless a first wild)",
    ),
    Invariant("scores-only-grow", "step", scores_only_grow, "no step lowers a score"),
    Invariant(
        "plays-match",
        "step",
        plays_match,
        "every card played matches, or is a wild",
        steps=_PLAY_STEPS,
    ),
    Invariant(
        "turn-passes-on",
        "step",
        turn_passes_on,
        "after a number, Wild, Skip, Reverse or Draw card, the player the card sends play to",
        steps=_PLAY_STEPS,
    ),
    Invariant(
        "wild-names-its-colour",
        "step",
        wild_names_its_colour,
        "the colour a wild's player names is then in force",
        steps=_PLAY_STEPS,
    ),
    Invariant(
        "score-is-the-hand",
        "step",
        score_is_the_hand,
        "the winner scores the cards left in the other hands, nobody else anything",
    ),
    Invariant(
        "draws-are-owed",
        "step",
        draws_are_owed,
        "every draw owes the player its rule names the count it gives, dealt from the top",
        steps=_MAY_DRAW,
    ),
    Invariant(
        "challenge-judges-the-hand",
        "step",
        challenge_judges_the_hand,
        "a Wild Draw's challenge is judged by the hand its player kept",
        steps=_PLAY_STEPS,
    ),
    Invariant(
        "game-ends-at-the-target",
        "step",
        game_ends_at_the_target,
        "the game ends, won by the hand's winner, exactly when the target is reached",
    ),
    Invariant(
        "hail-mary-lands",
        "step",
        hail_mary_lands,
        "a Hail Mary lands in the colour named, play goes on after its thrower, sheds go under",
        steps=frozenset({Play, Keep}),
    ),
    Invariant(
        "declared-transitions",
        "step",
        declared_transitions,
        "every step moves along declared machine transitions",
    ),
    Invariant(
        "offered-moves-accepted",
        "move",
        offered_move_refused,
        "the rules accept every move and shuffle they offer",
    ),
    Invariant(
        "rules-give-an-outcome",
        "move",
        offered_move_without_outcome,
        "every move and shuffle the rules offer has an outcome (no booklet gap is reached)",
    ),
)


def violations(
    edition: Edition,
    after: GameState,
    before: GameState | None = None,
    fired: tuple[Fired, ...] = (),
    legal: tuple[Action, ...] | None = None,
    kinds: tuple[str, ...] = ("always", "step"),
    skip: frozenset[str] = frozenset(),
    *,
    before_passed: bool = False,
) -> list[tuple[str, str]]:
    """(name, what is wrong) for every invariant that fails in `after` (and on the step).

    `legal`, when given, is `legal_actions(edition, after)`, computed once by the caller;
    `kinds` and `skip` narrow which invariants are checked. `before_passed` says `before`
    passed every state invariant: those that look at every card then look only at the piles
    the step changed, with the same verdict (see `since`).
    """
    found: list[tuple[str, str]] = []
    began: type | None = type(fired[0].action) if fired else None
    states, steps = _selected(kinds, skip, began)
    since_from = before if before_passed else None  # a predecessor that passed
    for name, check, since, given_legal in states:
        try:
            if given_legal:
                problem = check(edition, after, legal)
            elif since is not None and since_from is not None:
                problem = since(edition, since_from, after)
            else:
                problem = check(edition, after)
        except Exception as error:  # a state broken enough to crash a check breaks it
            problem = _crashed(error)
        if problem is not None:
            found.append((name, problem))
    if before is None:
        return found
    for name, step_check in steps:
        try:
            problem = step_check(edition, before, fired, after)
        except Exception as error:
            problem = _crashed(error)
        if problem is not None:
            found.append((name, problem))
    return found


def _crashed(error: Exception) -> str:
    return f"checking it failed: {type(error).__name__}: {error}"


_GIVEN_LEGAL = (no_deadlock, matching_cards_offered)
"""State checks that read the state's legal actions, which the caller may pass."""


@functools.cache
def _selected(
    kinds: tuple[str, ...], skip: frozenset[str], began: type | None
) -> tuple[
    tuple[tuple[str, Callable[..., str | None], SinceCheck | None, bool], ...],
    tuple[tuple[str, Callable[..., str | None]], ...],
]:
    """The invariants to check after a step that `began` with an action of that type (None:
    any), in catalogue order, unpacked: `violations` runs every step. State checks come as
    (name, check, its `since` form, whether it takes the legal actions); step checks as
    (name, check)."""
    chosen = [i for i in INVARIANTS if i.kind in kinds and i.name not in skip]
    states = tuple(
        (i.name, i.check, i.since, i.check in _GIVEN_LEGAL) for i in chosen if i.kind == "always"
    )
    steps = tuple(
        (i.name, i.check)
        for i in chosen
        if i.kind == "step" and (began is None or i.steps is None or began in i.steps)
    )
    return states, steps
