"""Invariants that each restate one booklet rule, from the card faces and the edition's
numbers, apart from the kernel's own code: a bug in that code breaks them, where the
structural invariants of `invariants` (cards conserved, obligations well formed) would pass
it. `invariants.INVARIANTS` lists them with the others; each cites the section it restates.

Why one module of this length: it is one concept, the catalogue of invariants that
restate one booklet rule each, one short named function per rule, citing its section.
"""

from __future__ import annotations

from unospec.model.actions import (
    NOBODY,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    Keep,
    NameLoser,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.kernel import Fired, legal_actions
from unospec.model.legality import from_hand_after_drawing, own_rule_allows
from unospec.model.primitives import (
    HailMary,
    PenaltyRace,
    Statement,
    WildDraw,
    turns,
)
from unospec.model.state import CLOCKWISE, NO_UNTIL, GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE
from unospec.model.updates import play_first_card
from unospec.model.vocabulary import Phase


def matching_cards_offered(
    edition: Edition, game: GameState, legal: tuple[Action, ...] | None = None
) -> str | None:
    """When a player may play, every coloured card they hold that matches by colour, number
    or symbol is among the moves offered, and so is every wild its own rule lets them play:
    a plain Wild and a special wild always, a Wild Draw card unless its edition refuses a
    bluff and this would be one, a Hail Mary where it may be played as a plain wild (Let's
    Play 1; Action Cards; after a draw, the edition's after-drawing reading; in an UNO
    window, the moves that close it: Calling UNO). The other half of `plays-match`, said
    here from the card faces, apart from the kernel's own list of moves.

    `legal` may pass the state's legal actions when the caller has them already.
    """
    phase = game.phase
    top = game.to_match  # the pile's top, or the top a reshuffle of the whole pile took
    if phase not in MACHINE.play_phases or top < 0:
        return None
    if phase in MACHINE.window_phases and game.challenge is not None:
        return None  # closing this window leads to the challenge, not to a play
    player, faces = game.current, edition.faces
    hand = game.hands[player]
    if phase == Phase.drawn_card and not from_hand_after_drawing(edition, game):
        hand = (game.drawn,)
    symbol, color, wild = faces.symbol, faces.color, faces.wild

    effects = faces.effect

    def allowed(card: int) -> bool:  # a wild on top is matched by the colour in force only
        if effects[card].rules_of_when and not _other_rules_allow(edition, game, player, card):
            return False
        if wild[card]:
            return _wild_allowed(edition, game, player, card)
        return color[card] == game.color or (not wild[top] and symbol[card] == symbol[top])

    by_colour = phase == Phase.drawn_card and edition.rules.drawn_playable == "must-play-by-colour"
    playable = [  # after drawing, RLCard plays by colour: a number or symbol alone is kept
        card
        for card in hand
        if allowed(card) and not (by_colour and not wild[card] and color[card] != game.color)
    ]
    if any(_last_resort(edition, card) for card in playable) and any(
        allowed(card) and not _last_resort(edition, card) for card in game.hands[player]
    ):  # a card of last resort waits until nothing else may be played (RLCard's rule)
        playable = [card for card in playable if not _last_resort(edition, card)]
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


def _last_resort(edition: Edition, card: int) -> bool:
    return edition.faces.effect[card].last_resort


def _other_rules_allow(edition: Edition, game: GameState, player: int, card: int) -> bool:
    """The rules of when of the card's steps this invariant does not say again itself
    (`Step.allows`): a new primitive's rule is read here, never passed over."""
    return all(
        step.allows(edition, game, player, card)
        for step in edition.faces.effect[card].rules_of_when
        if not isinstance(step, HailMary | WildDraw)
    )


def _wild_allowed(edition: Edition, game: GameState, player: int, card: int) -> bool:
    """The wild's own Action Cards section lets `player` play it on their turn now
    (`legality.own_rule_allows` said again, so that a bug in it shows here)."""
    effect = edition.faces.effect[card]
    hail_mary, wild_draw = effect.find(HailMary), effect.find(WildDraw)
    if hail_mary is not None:
        return hail_mary.own_turn == "plain-wild"
    if wild_draw is not None and wild_draw.bluff == "refused":
        kept = list(game.hands[player])
        kept.remove(card)
        return not _holds(edition, kept, game.color, wild_draw.playable_unless_holding)
    return True


def plays_match(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """Every card played matches the top card by colour, number or symbol, or is a wild
    (Let's Play 1): said here from the card faces, apart from the kernel's own matching.
    While a reshuffle of the whole discard pile has left it empty (`play.reshuffle =
    "whole-discard-pile"`), the top card it took is the one matched."""
    if not fired or type(fired[0].action) is not Play:  # most steps play no card
        return None
    faces = edition.faces
    for step in fired:
        action = step.action
        if step.branch.event not in _PLAYS or not isinstance(action, Play):
            continue
        game, card = step.before, action.card
        matched = game.discard[-1] if game.discard else game.old_top
        if faces.wild[card] or faces.color[card] == game.color or matched < 0:
            continue
        face, top = faces.faces[card], faces.faces[matched]
        if face.kind == top.kind and face.rank == top.rank:  # a symbol, or a number's rank
            continue
        return f"{faces.card_id(card)} was played on {faces.card_id(matched)}, " + (
            f"with {COLORS[game.color] if game.color >= 0 else 'no colour'} in force"
        )
    return None


_PLAYS = frozenset({"play", "play_drawn", "jump_in"})
PLAY_STEPS: frozenset[type] = frozenset({Play})
"""The steps, by their action's type, in which a card may be played on a turn."""


def turn_passes_on(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """After a number, a plain Wild, a Skip, a Reverse or a Draw card, play goes on where
    the card sends it (Let's Play: to the left, in the direction of play; Action Cards: a
    Skip and a Draw card pass over the next player, a Reverse turns the direction, and with
    two players does what the edition's reading says). After a Wild Draw card is accepted,
    or challenged and found honest, its victim loses their turn; found guilty, the victim
    plays or not as the card's reading says. After a special wild's loser is named, play
    goes on after the wild's player. A reshuffle is no turn (Reshuffle): who is to play
    stays, unless the draw it refilled runs dry with no card ending it (drawing until a card
    can be played: the turn passes, Let's Play). Where the edition carries out the first
    card turned up as the dealer's play (`first_card`, RLCard's UNO), play goes on where its
    first effect sends it from the dealer. Said here from the card faces, apart from the
    kernel's own turn order; checked where the step ends with the turn settled, or
    waiting for a reshuffle to finish a draw (whose turn follows it is known by then: see
    `GameState.current`)."""
    if not fired or after.phase not in _TURN_SETTLED:
        return None
    began = type(fired[0].action)
    if began is Reshuffle:
        owed = before.owed
        dry = owed is not None and owed.then == Phase.drawn_card and after.owed is None
        if dry and after.drawn < 0 and owed is not None:  # the refilled draw ran dry
            way = before.direction
            expected = (before.next_player(owed.player), way)
            if (after.current, after.direction) != expected:
                return (
                    f"a draw that ran dry after the reshuffle left player {after.current} to "
                    f"play; expected player {expected[0]}, after the player who drew"
                )
            return None
        if (after.current, after.direction) != (before.current, before.direction):
            return (
                f"the reshuffle moved the turn from player {before.current} (direction "
                f"{before.direction}) to player {after.current} (direction {after.direction})"
            )
        return None
    if began is Play:
        found = _after_a_card(edition, fired)
    elif began is Deal:
        found = _after_the_first_card(edition, fired)
    elif began in _ANSWERS:
        found = _after_an_answer(edition, fired)
    else:
        return None
    if found is None:
        return None
    what, expected = found
    if (after.current, after.direction) != expected:
        return (
            f"after {what}, player {after.current} is to play (direction {after.direction}); "
            f"expected player {expected[0]} (direction {expected[1]})"
        )
    return None


Expected = tuple[str, tuple[int, int]]
"""What happened, and the (player to play, direction) it leads to."""


def _after_a_card(edition: Edition, fired: tuple[Fired, ...]) -> Expected | None:
    """Who plays after the card this step played, where the card itself decides."""
    step = next((f for f in fired if f.branch.event in _PLAYS), None)
    if step is None or not isinstance(step.action, Play):
        return None
    game, played = step.before, step.action
    player = played.player
    if not game.hands[player][1:]:  # the last card ends the hand: no turn follows
        return None
    said = _said_of_the_play(edition, game, played.card)
    turn = turns(said, game.direction, game.seated)[-1]
    expected = turn.seat(game, player), turn.direction
    return f"player {player}'s {edition.faces.card_id(played.card)}", expected


def _first_card_turn(edition: Edition, step: Fired, at: int = -1) -> tuple[int, int]:
    """Where the first card `step` carried out sends the turn (before its `at`th step's
    statement, or after its last): from the dealer, as its first effect's statements say."""
    game = step.before
    said = edition.faces.first_effect[game.draw_pile[0]].statements
    turn = turns(said, game.direction, game.seated)[at]
    return turn.seat(game, game.dealer), turn.direction


def _after_the_first_card(edition: Edition, fired: tuple[Fired, ...]) -> Expected | None:
    """Who plays after the first card turned up, where the edition carries it out as the
    dealer's play (`first_card`, RLCard's UNO)."""
    step = next((f for f in fired if f.branch.update is play_first_card), None)
    if step is None:
        return None
    card = edition.faces.card_id(step.before.draw_pile[0])
    return f"the first card turned up, {card}", _first_card_turn(edition, step)


def _said_of_the_play(edition: Edition, game: GameState, card: int) -> tuple[Statement, ...]:
    """What the card played in `game` does: its steps' statements, or none for a wild just
    drawn that the edition plays as a plain Wild (`drawn_wild`, RLCard's UNO)."""
    return () if _plays_plain(edition, game, card) else edition.faces.effect[card].statements


def _plays_plain(edition: Edition, game: GameState, card: int) -> bool:
    plain = edition.rules.drawn_wild == "plain-wild" and edition.faces.wild[card]
    return plain and card == game.drawn


def _after_an_answer(edition: Edition, fired: tuple[Fired, ...]) -> Expected | None:
    """Who plays after this step's answer to a Wild Draw card or a special wild."""
    step = next((f for f in fired if f.branch.event in _ANSWER_EVENTS), None)
    if step is None:
        return None
    game, event = step.before, step.branch.event
    way = game.direction
    if event == "name_loser" and isinstance(step.action, NameLoser) and game.special >= 0:
        return "the special wild's loser", (_after_the_race(edition, game, step.action), way)
    pending = game.challenge
    if pending is None:
        return None
    victim = pending.victim
    effect = edition.faces.effect[pending.card].find(WildDraw)
    assert effect is not None
    plays = (
        event == "challenge"
        and _found_guilty(edition, game, pending)
        and effect.after_successful_challenge == "challenger-plays"
    )
    what = "an accepted" if event == "accept" else "a challenged"
    return f"{what} {edition.faces.card_id(pending.card)}", (
        (victim if plays else game.next_player(victim)),
        way,
    )


def _after_the_race(edition: Edition, game: GameState, action: NameLoser) -> int:
    """Who plays after a penalty race's loser is named: the player after the card's, or
    as the race's `next_player` reads it, the player after the loser (always, or where the
    loser's turn was the next one)."""
    race = edition.faces.effect[game.special].find(PenaltyRace)
    assert race is not None
    following = game.next_player(game.actor)
    if action.player == NOBODY:  # no one failed: play goes on as the card sent it
        return following
    if race.next_player == "next-after-the-loser":
        return game.next_player(action.player)
    if race.next_player == "loser-also-loses-their-turn" and action.player == following:
        return game.next_player(following)
    return following


_ANSWERS = frozenset({Challenge, Accept, NameLoser})
TURN_STEPS = _ANSWERS | {Play, Reshuffle, Deal}
"""The steps, by their action's type, after which `turn-passes-on` knows who plays."""
_ANSWER_EVENTS = frozenset({"challenge", "accept", "name_loser"})
_TURN_SETTLED = frozenset({Phase.awaiting_play, Phase.uno_window, Phase.awaiting_reshuffle})


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
        plain = (  # a drawn wild played plain names its colour in the play (RLCard's UNO)
            step.branch.event == "play_drawn" and _plays_plain(edition, step.before, played.card)
        )
        if step.branch.event != "choose_color" and not plain:
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
        winner = _hand_winner(game)
        total = 0
        for player, hand in enumerate(game.hands):
            if player == winner:  # the last player left (the mercy rule) holds cards
                continue
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


def _hand_winner(game: GameState) -> int:
    """Who won the hand: the one player still in with an empty hand, or the one left."""
    still_in = [p for p in range(game.players) if not game.is_out(p)]
    if len(still_in) == 1:
        return still_in[0]
    return next((p for p in still_in if not game.hands[p]), -1)


def draws_are_owed(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """Each draw the step sets owes the player the rule names the count the rule gives, and
    the table deals it from the top of the draw pile: one card for a player who draws (Let's
    Play), a Draw card's count to the next player, the Wild Draw card's counts to the victim
    who accepts or to the loser of a challenge, the penalty to a player caught not calling
    UNO (Calling UNO), a special wild's count to its loser (Action Cards). What the pile
    cannot give waits for a reshuffle, and lapses only when none can refill it (Let's Play
    NOTE), or, where the edition reads so, ends the hand unscored with nothing dealt
    (`draw_shortfall`). A first card carried out as the dealer's play owes its first
    effect's draw to the player its statements name from the dealer (`first_card`, RLCard's
    UNO).
    A player's last card owes no one a card (Winning), but where the edition carries
    out a last card's effect (RLCard's UNO). Said here from the card faces and the edition's
    numbers, apart from the kernel."""
    if not fired or type(fired[0].action) not in MAY_DRAW:
        return None
    played = fired[0].action
    effect = edition.faces.effect[played.card] if type(played) is Play else None
    if effect is not None and effect.owes is None and not effect.asks("pick"):
        return None  # most steps: a play that owes no one a card
    for i, step in enumerate(fired):
        event = step.branch.event
        made = _after_step(fired, i, after)
        if event == "draw_owed" and step.branch.target == Phase.awaiting_stack:
            continue  # the draw waits: its player may pass it on (stacking)
        if event == "draw_owed":
            problem = _dealt_as_owed(edition, step.before, made)
        elif event in _OWING:
            problem = _owed_as_the_rule_says(edition, step, made.owed)
        else:
            continue
        if problem:
            return problem
    return None


_OWING = frozenset(
    {
        "draw",
        "play",
        "play_drawn",
        "jump_in",
        "challenge",
        "accept",
        "catch",
        "call_out_of_place",
        "name_loser",
        "pick",
        "flip",
    }
)
MAY_DRAW = frozenset(
    {Play, Draw, Challenge, Accept, Catch, CallUno, NameLoser, Pick, Reshuffle, Deal}
)
"""The steps, by their action's type, in which the table may owe or deal cards."""


def _owed_as_the_rule_says(edition: Edition, step: Fired, owed: Owed | None) -> str | None:
    """The obligation transition `step` set (`owed`) against the one its rule gives."""
    game, action, event = step.before, step.action, step.branch.event
    faces = edition.faces
    expected: tuple[int, int] | None = None
    if event == "draw":
        expected = game.current, 1
    elif event in _PLAYS and isinstance(action, Play):
        steps = _said_of_the_play(edition, game, action.card)
        owing = next(
            (i for i, s in enumerate(steps) if s.owes is not None or s.asks == "pick"), None
        )
        if owing is not None and (game.hands[action.player][1:] or _last_card_draws(edition)):
            turn = turns(steps, game.direction, game.seated)[owing]
            owes = steps[owing].owes
            count = owes if owes is not None else 1  # a Color Roulette's: a card at a time
            expected = turn.seat(game, action.player), count
    elif event == "flip" and step.branch.update is play_first_card:
        first = faces.first_effect[game.draw_pile[0]].statements
        owing = next((i for i, s in enumerate(first) if s.owes is not None), None)
        if owing is not None:
            owes = first[owing].owes
            assert owes is not None
            expected = _first_card_turn(edition, step, owing)[0], owes
    elif event == "pick" and isinstance(action, Pick) and game.owed is not None:
        expected = game.owed.player, 1  # a Color Roulette's draw, one card at a time
    elif event == "accept" and game.challenge is None and game.owed is not None:
        expected = game.owed.player, game.owed.amount  # a stacked draw taken as it stands
    elif event in ("challenge", "accept") and game.challenge is not None:
        pending = game.challenge
        wild_draw = faces.effect[pending.card].find(WildDraw)
        assert wild_draw is not None
        stacked = pending.stake  # stacking: the draw cards passed on under it
        if event == "accept":
            expected = pending.victim, wild_draw.draw + stacked
        elif _found_guilty(edition, game, pending):
            expected = pending.offender, wild_draw.offender_draws + stacked
        else:
            expected = pending.victim, wild_draw.challenger_draws + stacked
    elif event == "catch" and isinstance(action, Catch):
        expected = action.target, edition.rules.uno_penalty
    elif event == "call_out_of_place" and isinstance(action, CallUno):
        expected = action.player, edition.rules.uno_penalty  # `uno_call_out_of_place`
    elif event == "name_loser" and isinstance(action, NameLoser) and game.special >= 0:
        race = faces.effect[game.special].find(PenaltyRace)
        assert race is not None
        expected = None if action.player == NOBODY else (action.player, race.draw)
    found = (owed.player, owed.amount) if owed is not None else None
    if found == expected:
        return None
    said = "no draw" if expected is None else f"player {expected[0]} to draw {expected[1]}"
    got = "no draw" if found is None else f"player {found[0]} to draw {found[1]}"
    return f"{step.branch.event} set {got}; the rule gives {said}"


def _last_card_draws(edition: Edition) -> bool:
    """A last card's draw is owed and dealt as any card's, where the edition carries out a
    last card's effect (`final_card_effects`, RLCard's UNO); else the last card owes none:
    the hand is over at once (Winning)."""
    return edition.rules.final_card_effects == "effects-apply-then-score"


def _ends_the_draw(edition: Edition, game: GameState, card: int) -> bool:
    """Whether `card`, dealt next, ends an owed draw of no set number: one of the colour it
    waits for, a wild being of none (a Color Roulette's); one that matches the colour in
    force, the top card's number or symbol, or is a wild, its own rule allowing it (draw
    until you can play: Let's Play 1)."""
    owed, faces = game.owed, edition.faces
    assert owed is not None
    if owed.until >= 0:
        return not faces.wild[card] and faces.color[card] == owed.until
    top = game.to_match
    same = top >= 0 and not faces.wild[top] and faces.symbol[card] == faces.symbol[top]
    matching = faces.wild[card] or faces.color[card] == game.color or same
    player = owed.player
    holding = game._replace(
        hands=(*game.hands[:player], (*game.hands[player], card), *game.hands[player + 1 :])
    )
    return matching and own_rule_allows(edition, holding, player, card)


def can_refill(edition: Edition, game: GameState) -> bool:
    """A reshuffle would refill the draw pile with a card: the discard pile holds one under
    its top card (Let's Play NOTE), or any card at all where the edition reshuffles the
    whole pile, its top card too (`play.reshuffle = "whole-discard-pile"`, RLCard's UNO)."""
    whole = edition.rules.reshuffle == "whole-discard-pile"
    return len(game.discard) > (0 if whole else 1)


def _short_draw_reshuffled_first(edition: Edition, game: GameState) -> bool:
    """A draw of a set number finds fewer cards in the draw pile than it owes, where the
    edition reshuffles before such a draw (`reshuffle_when`, RLCard's UNO): nothing is dealt
    until the discard pile is shuffled in, when it can be."""
    owed = game.owed
    return (
        edition.rules.reshuffle_when == "before-a-short-draw"
        and owed is not None
        and owed.until == NO_UNTIL
        and 0 < len(game.draw_pile) < owed.amount
        and can_refill(edition, game)
    )


def _dealt_as_owed(edition: Edition, game: GameState, dealt: GameState) -> str | None:
    """One deal of owed cards: `game` before it, `dealt` after. A draw of no set number deals
    one card, and stays owed unless the card ends it."""
    owed = game.owed
    if owed is None:
        return "the table dealt cards no one was owed"
    pile = game.draw_pile
    if _short_draw_reshuffled_first(edition, game):
        grew = len(dealt.hands[owed.player]) - len(game.hands[owed.player])
        still = dealt.owed.amount if dealt.owed is not None else 0
        if grew or dealt.draw_pile != pile or still != owed.amount:
            return (
                f"player {owed.player} was owed {owed.amount} with {len(pile)} in the draw pile, "
                f"to be reshuffled before any card is dealt, but got {grew} and still owes {still}"
            )
        return None
    if dealt.is_out(owed.player) and not game.is_out(owed.player):
        return _out_as_owed(edition, game, dealt)
    if dealt.phase == Phase.hand_over and edition.rules.draw_shortfall == "hand-ends-unscored":
        short = owed.until == NO_UNTIL and len(pile) < owed.amount and not can_refill(edition, game)
        if not short or dealt.hands != game.hands or dealt.draw_pile != pile or dealt.owed:
            return (
                f"player {owed.player} was owed {owed.amount} with {len(pile)} in the draw pile: "
                "the hand ended unscored, though the draw could be completed or cards were dealt"
            )
        return None
    if owed.until != NO_UNTIL and pile:
        grew = len(dealt.hands[owed.player]) - len(game.hands[owed.player])
        ends = _ends_the_draw(edition, game, pile[0])
        still = dealt.owed.amount if dealt.owed is not None else 0
        if grew != 1 or dealt.draw_pile != pile[1:] or still != (0 if ends else 1):
            return (
                f"player {owed.player}, drawing until a card ends it, got {grew} and still owes "
                f"{still}; expected 1, and to owe {0 if ends else 1}"
            )
        return None
    got = min(owed.amount, len(pile))
    grew = len(dealt.hands[owed.player]) - len(game.hands[owed.player])
    if grew != got or dealt.draw_pile != pile[got:]:
        return (
            f"player {owed.player} was owed {owed.amount} with {len(pile)} in the draw pile, "
            f"but got {grew} and the pile went to {len(dealt.draw_pile)}"
        )
    left = owed.amount - got
    still = dealt.owed.amount if dealt.owed is not None else 0
    refill = can_refill(edition, game)
    if still != (left if refill else 0):
        return (
            f"player {owed.player} still owes {still} after getting {got} of {owed.amount}, "
            f"expected {left if refill else 0}"
            + ("" if refill else " (no reshuffle can refill the pile: the rest lapses)")
        )
    had = game.debts[owed.player] if game.debts else 0
    waits = (dealt.debts[owed.player] if dealt.debts else 0) - had
    expected = 0
    if left and not refill and _rest_waits(edition, game):
        expected = min(had + left, edition.in_play_count) - had
    if waits != expected:
        return (
            f"player {owed.player} waits for {waits} more cards after getting {got} of "
            f"{owed.amount}, expected {expected} (draw_shortfall)"
        )
    return None


def _rest_waits(edition: Edition, game: GameState) -> bool:
    """The rest of this draw, short of cards, waits for cards: a draw of a set number, not a
    turn's, not a last card's (`draw_shortfall = "obligation-waits-for-cards"`)."""
    owed = game.owed
    assert owed is not None
    went_out = (
        edition.rules.final_card_effects == "effects-apply-then-score"
        and not game.hands[game.actor]
        and not game.is_out(game.actor)
    )
    return (
        edition.rules.draw_shortfall == "obligation-waits-for-cards"
        and owed.until == NO_UNTIL
        and owed.then != Phase.drawn_card
        and not went_out
    )


def _out_as_owed(edition: Edition, game: GameState, dealt: GameState) -> str | None:
    """A deal that put its player out of the game (UNO Show 'Em No Mercy: the mercy rule):
    the cards it dealt bring them to the mercy count, and all they held goes under the top
    card; their draw lapses."""
    owed, pile, limit = game.owed, game.draw_pile, edition.rules.elimination
    assert owed is not None
    got = min(owed.amount, len(pile))
    held = len(game.hands[owed.player]) + got
    if not limit or held < limit or not got:
        return f"player {owed.player} is out of the game holding {held} cards (mercy count {limit})"
    shed = len(dealt.discard) - len(game.discard)
    if dealt.hands[owed.player] or dealt.draw_pile != pile[got:] or shed != held:
        return (
            f"player {owed.player}, out of the game with {held} cards, still holds "
            f"{len(dealt.hands[owed.player])} and put {shed} on the discard pile"
        )
    if dealt.owed is not None:
        return f"player {owed.player} is out of the game and still owes cards"
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
        effect = faces.effect[card].find(WildDraw)
        if effect is None or not game.hands[player][1:] or _plays_plain(edition, game, card):
            continue
        kept = list(game.hands[player])
        kept.remove(card)
        expected = PendingChallenge(
            offender=player,
            victim=game.next_player(player),
            card=card,
            guilty=_holds(edition, kept, game.color, effect.guilty_if_holding),
            bluff=_holds(edition, kept, game.color, effect.playable_unless_holding),
            color=game.color if _keeps_the_colour(edition) else -1,
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


def _keeps_the_colour(edition: Edition) -> bool:
    """The challenge keeps the colour its card was played on (`challenge_judges`)."""
    judges = edition.rules.challenge_judges
    return judges == "the-hand-when-challenged-and-the-colour-when-played"


def _found_guilty(edition: Edition, game: GameState, pending: PendingChallenge) -> bool:
    """What a challenge answered in `game` finds: the judgment made at the play, or, where
    the edition judges the hand the challenge comes to (`challenge_judges`), that hand
    against the colour in force now or the one kept from the play (`wild_draw.verdict`
    said again)."""
    judges = edition.rules.challenge_judges
    if judges == "the-hand-and-colour-when-the-card-was-played":
        return pending.guilty
    effect = edition.faces.effect[pending.card].find(WildDraw)
    assert effect is not None
    color = pending.color if _keeps_the_colour(edition) else game.color
    hand = list(game.hands[pending.offender])
    return _holds(edition, hand, color, effect.guilty_if_holding)


def _holds(edition: Edition, hand: list[int], color: int, kinds: tuple[str, ...]) -> bool:
    """`hand` holds a card of the colour in force (`current-color`) or a wild (`wild`):
    `legality.holds_any` said again, so that a bug in it shows here."""
    faces = edition.faces
    if "wild" in kinds and any(faces.wild[card] for card in hand):
        return True
    return "current-color" in kinds and color >= 0 and color in (faces.color[c] for c in hand)


def game_ends_at_the_target(
    edition: Edition, before: GameState, fired: tuple[Fired, ...], after: GameState
) -> str | None:
    """The game ends, won by the hand's winner, exactly when their score reaches the target,
    or after one hand where one hand is the game (Keeping Score; Winning), or when they are
    the last player left (the mercy rule)."""
    if after.scores is before.scores:  # no hand was scored (scoring makes a new tuple)
        return None
    rules = edition.rules
    for i, step in enumerate(fired):
        winner = _hand_winner(step.before)
        if step.branch.event != "score" or winner < 0:
            continue
        scored = _after_step(fired, i, after)
        won = (
            rules.game_end == "single-hand"
            or scored.scores[winner] >= rules.target_score
            or step.before.seated == 1
        )
        if (scored.phase == Phase.game_over, scored.winner) != (won, winner if won else -1):
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
    a thrower left with cards to spare keep one, and the rest go under the Hail Mary, or out
    of play until the next deal (Action Cards: Wild Hail Mary Card; the edition's hail-mary
    readings)."""
    first = fired[0].action if fired else None
    if type(first) not in HAIL_MARY_STEPS or (
        type(first) is Play and not edition.faces.hail_mary[first.card]
    ):
        return None  # most steps
    for i, step in enumerate(fired):
        event = step.branch.event
        if event == "keep":
            problem = _shed(edition, step.before, _after_step(fired, i, after))
        elif event == "hail_mary":
            problem = _landed(edition, step, _after_step(fired, i, after))
        else:
            continue
        if problem:
            return problem
    return None


HAIL_MARY_STEPS: frozenset[type] = frozenset({Play, Keep})
"""The steps, by their action's type, that throw a Hail Mary or shed cards after one."""


def _landed(edition: Edition, step: Fired, landed: GameState) -> str | None:
    """One Hail Mary throw (`step`), and the table right after it."""
    faces, game, thrown = edition.faces, step.before, step.action
    assert isinstance(thrown, Play)
    thrower = thrown.player
    effect = faces.effect[thrown.card].find(HailMary)
    assert effect is not None
    (last,) = game.hands[game.window]
    if faces.color[last] >= 0:
        right = faces.color[last] == thrown.color
    else:  # a wild shows no colour: the card's reading says which guess is right
        on_a_wild = effect.guess_on_a_wild
        right = on_a_wild == "any-colour-is-right" or (
            on_a_wild == "the-colour-in-force-is-right" and game.color == thrown.color
        )
    wrong = None if right or thrower == game.window else effect.wrong_guess
    if landed.challenge is not None:
        return "a challenge is still pending after a Hail Mary"
    if wrong == "thrower-takes-the-card-back" and game.challenge is None:
        if landed != game._replace(phase=Phase.awaiting_play, window=-1):
            return "a Hail Mary taken back after a wrong guess changed the table"
        return None
    as_before = wrong == "turn-and-colour-stay-as-before"
    if landed.discard[-1:] != (thrown.card,) or landed.color != (
        game.color if as_before else thrown.color
    ):
        return "the Hail Mary is not on top of the pile in the colour its reading leaves"
    left = len(game.hands[thrower]) - 1
    if not left:
        return None  # the thrower's last card: the hand is over
    way = CLOCKWISE if effect.continue_with == "left-of-player" else game.direction
    following = game.current if as_before else game.next_player(thrower, direction=way)
    if landed.current != following:
        return f"after player {thrower}'s Hail Mary, player {landed.current} is to play"
    owed = landed.owed
    penalty = (thrower, edition.rules.uno_penalty)
    if (wrong == "thrower-draws-a-penalty") != (owed is not None and owed[:2] == penalty):
        return f"player {thrower}'s wrong guess owes {owed}, not the UNO penalty"
    if (landed.phase == Phase.hail_mary_discard) != (right and left > 1):
        guess = "right" if right else "wrong"
        return f"a {guess} guess, with {left} cards left, went to {landed.phase}"
    return None


def _shed(edition: Edition, before: GameState, after: GameState) -> str | None:
    """After a Keep: the thrower holds one card, and the rest lie right under the Hail Mary,
    or where the card says so (`shed_cards`), out of play, the discard pile as it was; or
    where the card lets the thrower keep more (`keep_after_shedding`), nothing has moved."""
    thrower = before.actor
    shed = len(before.hands[thrower]) - 1
    effect = edition.faces.effect[before.discard[-1]].find(HailMary)
    kept_all = len(after.hands[thrower]) == len(before.hands[thrower])
    if effect is not None and effect.may_keep_more() and kept_all:
        if len(after.discard) != len(before.discard) or len(after.out_of_play) != len(
            before.out_of_play
        ):
            return "a thrower keeping their whole hand moved cards"
        return None
    if len(after.hands[thrower]) != 1:
        return f"player {thrower} kept {len(after.hands[thrower])} cards, not one"
    out = effect is not None and effect.sheds_out_of_play()
    if (
        after.discard[-1:] != before.discard[-1:]
        or len(after.discard) != len(before.discard) + (0 if out else shed)
        or len(after.out_of_play) != len(before.out_of_play) + (shed if out else 0)
    ):
        where = "out of play" if out else "under the Hail Mary"
        return f"the shed cards are not {where}"
    return None
