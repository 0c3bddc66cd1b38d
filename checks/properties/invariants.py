"""Named invariants of the game, checked in every state (and across every step).

Each returns None when it holds and a sentence saying what is wrong when it does not. The
random-play checker, the replay, the model checker and the stateful tests all use these same
functions; none restates them. The type invariant comes first, as in TLA+ specs. The ones
here are structural; those that restate one booklet rule each are in `rule_invariants`, and
`INVARIANTS` lists both.

Why one module of this length: it is one concept, the catalogue of structural invariants
and the `INVARIANTS` list every checker reads; each is a short named function, and a
reader checks the list against its functions in one place.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from unospec.checks.properties.rule_invariants import (
    HAIL_MARY_STEPS,
    MAY_DRAW,
    PLAY_STEPS,
    TURN_STEPS,
    can_refill,
    challenge_judges_the_hand,
    draws_are_owed,
    game_ends_at_the_target,
    hail_mary_lands,
    matching_cards_offered,
    plays_match,
    score_is_the_hand,
    turn_passes_on,
    wild_names_its_colour,
)
from unospec.checks.properties.since import cards_still_ok
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import Fired, is_chance, legal_actions
from unospec.model.legality import reshuffled, throw_waits_for_the_challenge
from unospec.model.primitives.hail_mary import puts_cards_out_of_play
from unospec.model.state import (
    CLOCKWISE,
    NO_UNTIL,
    UNTIL_PICKED,
    UNTIL_PLAYABLE,
    GameState,
)
from unospec.model.table import MACHINE
from unospec.model.trace import action_step
from unospec.model.vocabulary import Obligation, Phase

IN_HAND = frozenset(MACHINE.phases) - {Phase.dealing, Phase.hand_over, Phase.game_over}
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
    steps: frozenset[type] | None = None
    """The steps a step check looks at, by the type of the action that began them (None:
    every step). `violations` does not call it on others: it would return at once."""


PHASES = frozenset(MACHINE.phases)

_last_sorted: tuple[GameState | None, tuple[int, ...]] = (None, ())


UNTIL_MARKS = frozenset({NO_UNTIL, UNTIL_PLAYABLE, UNTIL_PICKED})
"""The marks an owed draw stops at that are no colour (`Owed.until`)."""


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
        return f"phase '{game.phase}' is not a state of the turn-flow machine"
    cards = sorted_cards(game)
    if cards and (cards[0] < 0 or cards[-1] >= len(edition.faces.faces)):
        return "a pile holds something that is not a card of this deck"
    for hand in game.hands:
        if hand != tuple(sorted(hand)):
            return "a hand is not kept as a sorted multiset"
    return _other_fields_ok(edition, game)


def _other_fields_ok(edition: Edition, game: GameState) -> str | None:
    """The type invariant's checks of the fields that are not piles: scores, the count of
    hands played, the colour in force, the special wild and the drawn card, the phase a draw
    resumes, the challenged card and its judgments."""
    if len(game.scores) != len(game.hands) or min(game.scores, default=0) < 0:
        return "scores must be one non-negative number per player"
    if game.hands_played < 0:
        return f"{game.hands_played} hands played"
    if game.color != -1 and game.color not in edition.color_indices:
        return f"colour {game.color} in force is not a colour of this deck"
    faces = len(edition.faces.faces)
    if not (-1 <= game.special < faces and -1 <= game.drawn < faces):
        return "the special wild or the drawn card is not a card of this deck"
    if not -1 <= game.old_top < faces:
        return "the top card a reshuffle took, still matched, is not a card of this deck"
    if game.owed is not None and game.owed.then not in PHASES:
        return f"an owed draw resumes '{game.owed.then}', not a state of the turn-flow machine"
    owed = game.owed
    if owed is not None and owed.until < 0 and owed.until not in UNTIL_MARKS:
        return f"an owed draw goes on until {owed.until}, no mark a draw stops at"
    if owed is not None and owed.until >= 0 and owed.until not in edition.color_indices:
        return f"an owed draw goes on until colour {owed.until}, not a colour of this deck"
    challenge = game.challenge
    if challenge is not None and not 0 <= challenge.card < faces:
        return f"the challenged card {challenge.card} is not a card of this deck"
    if challenge is not None and not {challenge.guilty, challenge.bluff} <= {True, False}:
        return "a challenge's judgments are neither true nor false"
    if challenge is not None and challenge.stake < 0:
        return f"a Wild Draw card has {challenge.stake} cards stacked under it"
    if challenge is not None and challenge.color not in (-1, *edition.color_indices):
        return f"a challenge keeps colour {challenge.color}, not a colour of this deck"
    if owed is not None and owed.stackable not in (True, False):
        return "an owed draw is neither open to stacking nor closed"
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
    """Hands and piles have sizes the rules allow; the discard pile has a top during a hand,
    but while a reshuffle of the whole pile has left it empty: then the top card it took is
    remembered (`GameState.old_top`), and only then (the hand may end so, where a last
    card's draw is dealt: `final_card_effects`)."""
    if game.set_aside != edition.faces.set_aside:
        return "the set-aside cards changed"
    gone = game.out_of_play
    if gone and (gone != tuple(sorted(gone)) or not puts_cards_out_of_play(edition)):
        return "cards are out of play where no Hail Mary puts them, or are not kept sorted"
    if game.phase in IN_HAND - {Phase.first_flip} and not game.discard and game.old_top < 0:
        return "no card on the discard pile during a hand"
    ended = game.phase in (Phase.hand_over, Phase.game_over)  # a last card's draw reshuffled
    if game.old_top >= 0 and (
        game.discard
        or (game.phase not in IN_HAND and not ended)
        or edition.rules.reshuffle != "whole-discard-pile"
    ):
        return (
            "a reshuffled top card is still matched, though the discard pile has a top, no "
            "hand is being played or no reshuffle takes the whole pile"
        )
    if game.phase == Phase.awaiting_reshuffle and (
        _pile_left_unshuffled(edition, game) or not can_refill(edition, game)
    ):
        return "a reshuffle is awaited but the draw pile is not empty or nothing can refill it"
    return None


def _pile_left_unshuffled(edition: Edition, game: GameState) -> bool:
    """The draw pile holds cards while a reshuffle is awaited: never, but where the edition
    reshuffles before a draw the pile is short of (`reshuffle_when`, RLCard's UNO), and then
    fewer than the draw owes."""
    if not game.draw_pile:
        return False
    owed = game.owed
    short = owed is not None and len(game.draw_pile) < owed.amount
    return not (edition.rules.reshuffle_when == "before-a-short-draw" and short)


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
    if not -1 <= game.winner < n:
        return "the game's winner is no seat"
    return _out_ok(edition, game)


def _out_ok(edition: Edition, game: GameState) -> str | None:
    """The mercy rule: players are out only where the edition has it, not all of them, and
    hold no cards; no player still in holds the mercy count."""
    limit, n = edition.rules.elimination, game.players
    if game.out and (not limit or game.out >> n or game.seated < 1):
        return f"players out of the game (seats {game.out:b}) where none can be"
    for player, hand in enumerate(game.hands):
        if game.is_out(player) and hand:
            return f"player {player} is out of the game and holds cards"
        if limit and len(hand) >= limit:
            return f"player {player} holds {len(hand)} cards, the mercy count {limit}, and is in"
    return None


def _drew_nothing(edition: Edition, game: GameState) -> bool:
    """A player who drew nothing (no card was left anywhere) and may still play from their
    hand: the drawn-card decision without a drawn card (`empty_handed_draw`)."""
    return (
        game.phase == Phase.drawn_card
        and edition.rules.empty_handed_draw == "player-may-play-from-hand"
        and not game.draw_pile
        and not reshuffled(edition, game)
    )


def _call_waits(edition: Edition, game: GameState) -> bool:
    """A call made with the play waits for the play to be resolved (`uno_window`): the
    window names the card's player outside the window's phases, whatever they now hold."""
    return (
        edition.rules.uno_window == "while-playing-the-second-last-card"
        and game.window >= 0
        and game.window == game.actor
        and game.phase not in MACHINE.window_phases
    )


def _throw_waits(edition: Edition, game: GameState) -> bool:
    """A call made while a challenge waits keeps its caller named until the challenge is
    answered, where a Hail Mary waits for it (`pending_challenge`): the window names the
    Wild Draw card's player while its challenge waits."""
    return (
        game.phase == Phase.awaiting_challenge
        and game.window >= 0
        and game.challenge is not None
        and game.window == game.actor == game.challenge.offender
        and throw_waits_for_the_challenge(edition)
    )


def _debts_ok(edition: Edition, game: GameState) -> bool:
    """Cards still owed by a draw that waits for cards (`GameState.debts`): one count per
    seat, none negative, some owed, none to a player out, none once the hand is scored, and
    only where the edition reads so (`draw_shortfall`)."""
    debts = game.debts
    return (
        edition.rules.draw_shortfall == "obligation-waits-for-cards"
        and len(debts) == game.players
        and min(debts) >= 0
        and any(debts)
        and not any(debts[p] and game.is_out(p) for p in range(game.players))
        and game.phase not in (Phase.dealing, Phase.game_over)
    )


def pending_ok(edition: Edition, game: GameState) -> str | None:
    """Obligations exist exactly in the phases that resolve them, and are well formed."""
    phase = game.phase
    present = (
        (Obligation.owed, game.owed is not None),
        (Obligation.challenge, game.challenge is not None),
        (Obligation.special, game.special >= 0),
        (Obligation.drawn, game.drawn >= 0),
        (Obligation.window, game.window >= 0),
    )
    waits = _call_waits(edition, game)
    kept = waits or _throw_waits(edition, game)
    for name, here in present:
        if (
            here
            and phase not in MACHINE.pending_in[name]
            and not (name == Obligation.window and kept)
        ):
            return f"a pending {name} is left over in phase {phase}"
    needed = MACHINE.obligations.get(phase)
    if needed and (needed, False) in present and not _drew_nothing(edition, game):
        return f"phase {phase} has no pending {needed}"
    if game.owed is not None and (game.owed.amount < 0 or not 0 <= game.owed.player < game.players):
        return "an owed draw names no seat or a negative count"
    if game.owed is not None and game.owed.until != NO_UNTIL and game.owed.amount != 1:
        return "an owed draw of no set number is not dealt one card at a time"
    if game.debts and not _debts_ok(edition, game):
        return "cards are owed to wait for cards where no draw left them, or to no seat"
    owed = game.owed
    stacking = edition.rules.stacking != "none"
    if owed is not None and owed.stackable and not (stacking and owed.then == Phase.resolving):
        return "a draw may be passed on where no draw card aimed it (stacking)"
    if game.drawn >= 0 and game.drawn not in game.hands[game.current]:
        return "the drawn card is not in the current player's hand"
    if game.challenge is not None:
        c = game.challenge
        if (
            c.victim != game.current
            or not 0 <= c.card < len(edition.faces.faces)
            or not edition.faces.wild_draw[c.card]
            or c.offender == c.victim
            or not 0 <= c.offender < game.players
        ):
            return "the pending challenge does not match the table"
    if game.window >= 0 and len(game.hands[game.window]) != 1 and not waits:
        return "the UNO window is open for a player who does not hold one card"
    if phase == Phase.hail_mary_discard and len(game.hands[game.actor]) < 2:
        return "a Hail Mary discard is pending for a player with nothing to shed"
    return None


def hand_over_iff_empty(edition: Edition, game: GameState) -> str | None:
    """A hand is over exactly when some player's hand is empty, or one player is left (the
    mercy rule), or, where the edition reads so, a draw could not be completed (unscored,
    `draw_shortfall`); only one hand can be empty. A player out of the game is not counted, and
    never has the turn. Where the edition carries out a last card's effect (RLCard's UNO),
    the hand its last card emptied is played on while the table deals that card's draw."""
    empty = sum(1 for p, hand in enumerate(game.hands) if not hand and not game.is_out(p))
    alone = game.seated == 1
    unscored = (  # a draw the piles could not complete ended it (`draw_shortfall`)
        game.phase == Phase.hand_over
        and edition.rules.draw_shortfall == "hand-ends-unscored"
        and not empty
        and not alone
    )
    if game.phase in IN_HAND and (empty or alone) and not _last_card_carried_out(edition, game):
        return f"phase {game.phase} with an empty hand or one player left: the hand is over"
    if game.phase in IN_HAND and game.is_out(game.current):
        return f"phase {game.phase}: player {game.current}, out of the game, has the turn"
    if (
        game.phase in (Phase.hand_over, Phase.game_over)
        and empty != 1
        and not (alone and not empty)
        and not unscored
    ):
        return f"phase {game.phase} needs exactly one empty hand, found {empty}"
    if (game.winner >= 0) != (game.phase == Phase.game_over):
        return "a game winner is set exactly when the game is over"
    return None


LAST_CARD_PHASES = frozenset(
    {
        Phase.table_draws,
        Phase.awaiting_reshuffle,
        Phase.resolving,
        Phase.choosing_color,
        Phase.awaiting_challenge,
        Phase.special_wild,
    }
)
"""The phases a last card's effect is carried out in, where the edition says so
(`final_card_effects`): its draw dealt, its colour named, its challenge answered or its
race's loser named. Its player's hand is empty there, and the hand not yet over."""


def _last_card_carried_out(edition: Edition, game: GameState) -> bool:
    """The one empty hand is that of the player whose last card's effect the table is
    carrying out (its draw owed until it is dealt, then resolved; its colour, its challenge
    or its race's loser awaited), where the edition carries out a last card's effect
    (`final_card_effects = "effects-apply-then-score"`, RLCard's UNO)."""
    if edition.rules.final_card_effects != "effects-apply-then-score":
        return False
    if game.phase not in LAST_CARD_PHASES:
        return False
    empty = [p for p, hand in enumerate(game.hands) if not hand and not game.is_out(p)]
    carried_out = (
        game.owed is not None
        or game.phase in (Phase.resolving, Phase.choosing_color)
        or game.challenge is not None
        or game.special >= 0
    )
    return empty == [game.actor] and carried_out


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


def colour_in_force(edition: Edition, game: GameState) -> str | None:
    """Once the first card is turned up, a colour is in force, unless the top card is a wild
    the first flip turned up: one with nothing under it but the cards the first flip ignored
    (Set Up 4-5; a wild played names one: Action Cards), or a Color Roulette whose colour the
    next player is still to pick. While a reshuffle of the whole pile has left it empty, the
    top card it took is the one meant (what lay under it is in the draw pile now)."""
    if game.color != -1 or game.phase not in _TOP_TURNED:
        return None
    if game.phase == Phase.picking_colour:
        return None  # a Color Roulette's colour is the next player's pick
    faces = edition.faces
    top, under = game.to_match, game.discard[:-1]
    if top >= 0 and faces.wild[top] and all(faces.ignored_at_flip[c] for c in under):
        return None
    return "no colour is in force, though the top card is not a wild the first flip turned up"


_TOP_TURNED = IN_HAND - {Phase.first_flip}


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
        steps=PLAY_STEPS,
    ),
    Invariant(
        "turn-passes-on",
        "step",
        turn_passes_on,
        "after a card, a Wild Draw's answer or a special wild's loser, the right player "
        "plays; a reshuffle keeps the turn",
        steps=TURN_STEPS,
    ),
    Invariant(
        "wild-names-its-colour",
        "step",
        wild_names_its_colour,
        "the colour a wild's player names is then in force",
        steps=PLAY_STEPS,
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
        steps=MAY_DRAW,
    ),
    Invariant(
        "challenge-judges-the-hand",
        "step",
        challenge_judges_the_hand,
        "a Wild Draw's challenge is judged by the hand its player kept",
        steps=PLAY_STEPS,
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
        steps=HAIL_MARY_STEPS,
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
