"""The joint search of two editions: both explored together, breadth first, on the deck they
share, until an action is legal in one and not the other or leaves different states.

The shortest such run is `diff`'s evidence of a difference in behaviour; without one, the
bound searched says how far the editions were seen to play alike. The search runs on the
compiled engine (`compiled.joint`), which tries moves in the reference's order, so it finds
the reference kernel's own trace; the reference's form of the search is kept beside it,
to walk the engine's path again and to check the engine against (`engine="reference"`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from unospec.checks.engines.chance import (
    OfferedGap,
    Outcome,
    chance_outcomes,
    minus,
    normalize,
    outcomes,
)
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap, UnospecError
from unospec.model.kernel import empty_table, is_chance, legal_actions, run
from unospec.model.legality import reshuffled
from unospec.model.scale import parse_scale, scale_edition, with_setting
from unospec.model.state import GameState
from unospec.model.table import MACHINE
from unospec.model.vocabulary import Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class SearchBound(TypedDict):
    """How far the search went: the shared scale, the table, the bound it had, the card
    kinds one deck lacks (not played), the states seen, the depth reached, whether it saw
    every state, and whether it dealt a next hand (else what only a next hand reads went
    untested)."""

    scale: str
    players: int
    max_states: int
    left_out: list[str]
    states: int
    depth: int
    complete: bool
    next_hand_played: bool


class Distinguished(NamedTuple):
    """What the search found: the `path` that parts the editions (its last outcome is the
    step at which they part; [] when they cannot be compared, None when none was found),
    `how` they part, in words ("" when they do not), and the `bound` searched."""

    path: list[Outcome] | None
    how: str
    bound: SearchBound


HOW = {
    1: "legal in a only",
    2: "legal in b only",
    3: "no outcome in a only",
    4: "no outcome in b only",
    5: "different states",
}
"""The words of each way the engine's joint search says the editions part (`joint`)."""

NEXT_HAND = next(
    b
    for b in MACHINE.branches
    if (b.source, b.event, b.target) == (Phase.hand_over, "score", Phase.dealing)
)
"""The transition that deals a next hand: unless a search fires it, what only a next hand
reads is untested."""


def shared_scale(a: Edition, b: Edition, scale: str) -> str:
    """`scale` restricted to the card kinds both editions have."""
    kinds_a = {f.kind for f in a.faces.faces}
    kinds_b = {f.kind for f in b.faces.faces}
    shared = sorted(kinds_a & kinds_b)
    return with_setting(scale, "kinds", "+".join(shared))


def distinguish(
    a: Edition,
    b: Edition,
    *,
    scale: str,
    players: int,
    max_states: int,
    engine: str = "compiled",
) -> Distinguished:
    """A shortest run that tells the editions apart on their shared scaled deck.

    The path's last outcome is the step at which they part: legal in one edition only, or
    leaving different states. The search runs on the compiled engine (`compiled.joint`), in
    the reference's order, so it finds the reference's own trace; `engine="reference"` runs
    it on the reference kernel.
    """
    common = shared_scale(a, b, scale)
    sa, sb = scale_edition(a, parse_scale(common)), scale_edition(b, parse_scale(common))
    kinds_a, kinds_b = ({f.kind for f in e.faces.faces} for e in (a, b))
    left_out = sorted(kinds_a ^ kinds_b)  # card kinds one deck lacks: not played

    def bound(states: int, depth: int, complete: bool, next_hand: bool) -> SearchBound:
        return {
            "scale": common,
            "players": players,
            "max_states": max_states,
            "left_out": left_out,
            "states": states,
            "depth": depth,
            "complete": complete,
            "next_hand_played": next_hand,
        }

    start_a = normalize(empty_table(sa, players))
    start_b = normalize(empty_table(sb, players))
    alike = observed(sa, start_a) == observed(sb, start_b)
    if sa.faces.faces != sb.faces.faces or not alike:  # say why
        faces = "the same" if sa.faces.faces == sb.faces.faces else "different"
        how = (
            f"not compared: scaled to {common}, the decks still differ "
            f"({len(sa.faces.in_play)} against {len(sb.faces.in_play)} cards, {faces} faces)"
        )
        return Distinguished([], how, bound(0, 0, False, False))
    if engine != "reference":
        return _distinguish_compiled(sa, sb, start_a, players, max_states, bound)
    parents: dict[GameState, tuple[GameState | None, Outcome | None]] = {start_a: (None, None)}
    frontier, depth = [start_a], 0
    fired: set[int] = set()
    while frontier:
        following: list[GameState] = []
        for game in frontier:
            parted = _step(sa, sb, game, parents, following, max_states, fired)
            searched = bound(len(parents), depth, False, NEXT_HAND.number in fired)
            if parted is not None:
                outcome, how = parted
                return Distinguished([*_path(parents, game), outcome], how, searched)
            if len(parents) >= max_states:
                return Distinguished(None, "", searched)
        frontier, depth = following, depth + (1 if following else 0)
    return Distinguished(None, "", bound(len(parents), depth, True, NEXT_HAND.number in fired))


def _distinguish_compiled(
    sa: Edition,
    sb: Edition,
    start: GameState,
    players: int,
    max_states: int,
    bound: Callable[[int, int, bool, bool], SearchBound],
) -> Distinguished:
    """`distinguish` on the engine: the search there, the path rebuilt by the reference."""
    import numpy as np

    from unospec.checks.engines.compiled import joint
    from unospec.checks.engines.compiled.exploration import Scratch
    from unospec.checks.engines.compiled.program import program
    from unospec.checks.engines.compiled.states import normalize as normalize_row
    from unospec.checks.engines.compiled.states import pack

    prog, other = program(sa, players), program(sb, players)
    scratch = Scratch.of(prog)
    first = prog.encode(start)
    normalize_row(prog.M, first, scratch.counts)
    words = np.zeros(prog.words, dtype=np.uint64)
    pack(first, prog.spec, scratch.counts, words)
    size = max_states + 2
    slots = 1 << (2 * size).bit_length()  # the visited table: under half full
    parents = np.zeros(size, dtype=np.uint32)
    outcome_of = np.zeros(size, dtype=np.uint32)
    J = np.zeros(joint.JOINT_SCALARS, dtype=np.int64)
    J[joint.J_NEXT_HAND_BRANCH] = NEXT_HAND.number
    length = prog.row_length
    cursor, take, moves, child, before, action, order = scratch.cursor
    joint.distinguish(  # the machine unpruned (`tables.pruned`): it plays both editions
        prog.machine.arrays, prog.E, other.E, prog.spec, joint.rank_table(players, prog.faces), J,
        max_states, words, np.zeros((size, prog.words), dtype=np.uint64),
        np.zeros(size, dtype=np.int64), np.zeros((size, prog.words), dtype=np.uint64),
        np.zeros(size, dtype=np.int64), np.zeros(slots, dtype=np.int64),
        np.zeros(slots, dtype=np.uint32), parents, outcome_of,
        scratch.row, cursor, take, moves, np.zeros_like(moves), child, before, action, order,
        scratch.log, scratch.snaps, scratch.logn, np.zeros(length, dtype=np.int64),
        np.zeros(length, dtype=np.int64), scratch.words, scratch.counts,
    )  # fmt: skip
    parted = int(J[joint.J_PARTED])
    if parted == joint.TABLE_FULL:
        raise AssertionError("the joint search's visited table filled a shard at under half full")
    states, depth, fired_next = int(J[joint.J_STATES]), int(J[joint.J_DEPTH]), J[joint.J_NEXT_HAND]
    searched = bound(states, depth, parted == joint.SAME, bool(fired_next))
    if parted in (joint.SAME, joint.BOUND):
        return Distinguished(None, "", searched)
    steps = []
    state = int(J[joint.J_STATE])
    while state > 0:
        steps.append(int(outcome_of[state]))
        state = int(parents[state])
    path: list[Outcome] = []
    game = start
    for position in reversed(steps):  # walked again by the reference, in its own order
        outcome = _candidate(sa, game, position)
        path.append(outcome)
        game = normalize(outcome.after)
    last = _parting(sa, sb, game, parted, J, prog.decode_action)
    if last is None:  # the reference finds no such step: the engine and it disagree
        raise AssertionError("the joint search's parting step cannot be walked again")
    return Distinguished([*path, last], HOW[parted], searched)


def _candidates(a: Edition, game: GameState) -> Iterator[Outcome]:
    """A's outcomes of `game` in the order `_step` compares them (moves by `repr`, a move's
    outcomes up to the first it has none for)."""
    if is_chance(game):
        try:
            yield from chance_outcomes(a, game)
        except OfferedGap:
            return
        return
    for action in sorted(legal_actions(a, game), key=repr):
        try:
            yield from outcomes(a, game, action)
        except OfferedGap:
            continue


def _candidate(a: Edition, game: GameState, position: int) -> Outcome:
    for i, outcome in enumerate(_candidates(a, game)):
        if i == position:
            return outcome
    raise AssertionError("the joint search's path cannot be walked again")


def _parting(
    a: Edition,
    b: Edition,
    game: GameState,
    parted: int,
    J: npt.NDArray[np.int64],
    decode: Callable[[npt.NDArray[np.int64]], Action],
) -> Outcome | None:
    """The step at which the editions part, as `_step` finds it in `game`."""
    import numpy as np

    from unospec.checks.engines.compiled import joint

    row = np.array([J[joint.J_KIND], J[joint.J_PLAYER], J[joint.J_CARD], J[joint.J_ARG]])
    position = int(J[joint.J_OUTCOME])
    if parted in (joint.LEGAL_IN_A, joint.LEGAL_IN_B) and position < 0:
        action = decode(row)
        side = a if parted == joint.LEGAL_IN_A else b
        try:
            return next(outcomes(side, game, action))
        except (OfferedGap, StopIteration):
            return None
    if parted == joint.NO_OUTCOME_IN_A:
        if position < 0:
            found = _gap_in_a(b, game, decode(row))
            return found[0] if found else None
        for i, outcome in enumerate(_outcomes_to_gap(a, game)):
            if i == position:
                found = _gap_in_a(b, game, outcome.action)
                return found[0] if found else None
        return None
    return _candidate(a, game, position)


def _outcomes_to_gap(a: Edition, game: GameState) -> Iterator[Outcome]:
    """A's shuffle outcomes of `game`, the one without an outcome last (as an `Outcome` of
    its action alone)."""
    try:
        yield from chance_outcomes(a, game)
    except OfferedGap as gap:
        yield Outcome(gap.action, (), game, ())


def _gap_in_a(b: Edition, game: GameState, action: Action) -> tuple[Outcome, str] | None:
    """`a`'s rules give `action` no outcome: the editions part there when `b`'s give one
    (its outcome ends the trace); when neither does they agree, and nothing follows."""
    found = chance_outcomes(b, game) if is_chance(game) else outcomes(b, game, action)
    try:
        for outcome in found:
            if outcome.action == action or not is_chance(game):
                return outcome, "no outcome in a only"
    except OfferedGap:
        return None
    return None


def observed(edition: Edition, game: GameState) -> GameState:
    """What tells two editions apart in `game`: all of it while play goes on; in a finished
    game (a final phase of the machine, where no rule reads the turn's bookkeeping any
    more) its result alone: the winner, the scores and where every card lies. The cards set
    aside (a foil's twin, Special Foil Card) are never played: they are not compared.

    A draw still owed counts only up to the cards it can still get: the draw pile, then the
    discard pile once reshuffled (but its top card, unless `edition` reshuffles the whole
    pile: `legality.reshuffled`); the rest lapses (`draw_shortfall`'s draw-what-remains:
    Let's Play NOTE). Owing 4 or 3 with one card left to draw is one and the same draw, as
    `diff`'s capped amounts say. Under the other readings the rest is not the same (the
    hand ends, or it waits for cards), but the step that deals the draw tells them apart:
    the hand over, or the cards still owed (`GameState.debts`), differ in the state it
    reaches, which is compared in turn; both sides are capped alike, so the comparison
    never parts them on a draw not yet dealt."""
    if game.set_aside:
        game = game._replace(set_aside=())
    if game.phase not in MACHINE.final:
        if game.owed is None:
            return game
        most = len(game.draw_pile) + len(reshuffled(edition, game))
        return game._replace(owed=game.owed._replace(amount=min(game.owed.amount, most)))
    return game._replace(
        color=-1, direction=1, current=0, actor=0, drawn=-1, owed=None, challenge=None,
        special=-1, window=-1, hands_played=0, leader=0,
    )  # fmt: skip


Parents = dict[GameState, tuple[GameState | None, Outcome | None]]
"""Each state seen, with the state and outcome it was first reached from (None: the start)."""


def _path(parents: Parents, game: GameState) -> list[Outcome]:
    path: list[Outcome] = []
    while True:
        parent, outcome = parents[game]
        if parent is None or outcome is None:
            return path[::-1]
        path.append(outcome)
        game = parent


def _step(
    a: Edition,
    b: Edition,
    game: GameState,
    parents: Parents,
    following: list[GameState],
    max_states: int,
    fired: set[int],
) -> tuple[Outcome, str] | None:
    """The outcome of `game` that parts the editions, if one does; else the new states are
    added to `parents` and `following`, up to `max_states` (a deal can have millions), and
    the transitions `a` fired on the way to `fired`."""
    candidates: Iterable[Outcome]
    if is_chance(game):
        candidates = chance_outcomes(a, game)  # lazily: a deal can have millions
    else:
        moves: list[Outcome] = []
        legal_a, legal_b = set(legal_actions(a, game)), set(legal_actions(b, game))
        if legal_a != legal_b:
            action = min(legal_a ^ legal_b, key=repr)
            side = a if action in legal_a else b
            try:
                outcome = next(outcomes(side, game, action))
            except OfferedGap:  # legal in one only, without an outcome there: no trace to
                return None  # show, and the search goes on without this state's successors
            return outcome, "legal in a only" if action in legal_a else "legal in b only"
        for action in sorted(legal_a, key=repr):
            try:
                moves += outcomes(a, game, action)
            except OfferedGap:
                parted = _gap_in_a(b, game, action)
                if parted is not None:
                    return parted
        candidates = moves
    listed = iter(candidates)
    while True:
        try:
            outcome = next(listed)
        except StopIteration:
            return None
        except OfferedGap as gap:  # a shuffle without an outcome: every order meets it
            return _gap_in_a(b, game, gap.action)
        pile = game.draw_pile
        on_top = game._replace(draw_pile=outcome.drawn + minus(pile, outcome.drawn))
        try:
            other = run(b, on_top if not is_chance(game) else game, outcome.action)[0]
        except RuleGap:
            return outcome, "no outcome in b only"
        except UnospecError:  # IllegalAction among them
            return outcome, "legal in a only"
        fired.update(step.branch.number for step in outcome.fired)
        child = normalize(outcome.after)
        if observed(b, normalize(other)) != observed(a, child):
            return outcome, "different states"
        if child not in parents:
            parents[child] = (game, outcome)
            following.append(child)
            if len(parents) >= max_states:
                return None
