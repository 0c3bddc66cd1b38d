"""Semantic difference between two editions: what changed in behaviour, with evidence.

Three layers, each generic (never by edition name):

- the editions' data, read as the model reads it: deck composition, every card's behaviour,
  every rule and scoring parameter, the interpretations chosen, the transitions that can fire;
- what the checks conclude about each: proof verdicts, finding ids, explored state counts;
- behaviour itself: both editions explored together on the deck they share, scaled alike, until
  an action is legal in one and not the other or leaves different states. That trace is the
  evidence (shortest, since the search is breadth first); without one, the bound searched.

Names, titles, booklet files, section citations and the wording of reasons are not behaviour.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from unospec.checks.analyses.lint import lint
from unospec.checks.analyses.lint.families import can_fire
from unospec.checks.analyses.lint.unrecorded import ASKED
from unospec.checks.analyses.proofs import prove
from unospec.checks.engines.chance import (
    OfferedGap,
    Outcome,
    chance_outcomes,
    minus,
    normalize,
    outcomes,
)
from unospec.checks.engines.compiled.exploration import explore as explore_compiled
from unospec.checks.engines.counterexample import (
    changes,
    concrete_trace,
    dealt,
    describe,
    replay_states,
    step_row,
    step_table,
)
from unospec.checks.engines.replay import pending, replay
from unospec.editions import reference
from unospec.editions.schema import RULE_KEYS
from unospec.model.actions import Action
from unospec.model.cards import KINDS
from unospec.model.edition import Edition, Interpretation, Reading
from unospec.model.effects import effect_name
from unospec.model.errors import InputError, RuleGap, UnospecError
from unospec.model.kernel import empty_table, is_chance, legal_actions, run
from unospec.model.scale import parse_scale, require_dealable, scale_edition, with_setting
from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE
from unospec.model.trace import Trace
from unospec.model.vocabulary import Phase
from unospec.model.wording import seats


@dataclass(frozen=True)
class Difference:
    """One way the editions differ: what kind of thing, where, and each side's value."""

    kind: str  # deck, parameter, scoring, interpretation, transition, proof, finding, exploration
    path: str
    a: Any
    b: Any
    detail: str = ""  # what a value alone does not say: a finding's message

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass
class DiffReport:
    """Everything `unospec diff` found."""

    a: str
    b: str
    differences: list[Difference] = field(default_factory=list)
    trace: dict[str, Any] | None = None
    bound: dict[str, Any] = field(default_factory=dict)

    @property
    def equivalent(self) -> bool:
        """No difference in data, and none in every state of the shared deck."""
        return not self.differences and self.trace is None and self.bound.get("complete", True)

    @property
    def undecided(self) -> bool:
        """No difference found, but the search stopped before it saw every state: the
        editions are not shown to differ, nor shown equivalent."""
        return not self.differences and self.trace is None and not self.equivalent

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "equivalent": self.equivalent,
            "undecided": self.undecided,
            "differences": [d.to_json() for d in self.differences],
            "distinguishing_trace": self.trace,
            "bound": self.bound,
        }


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | frozenset):
        return (
            sorted(_plain(v) for v in value)
            if isinstance(value, frozenset)
            else [_plain(v) for v in value]
        )
    return value


def _pairs(label: str, a: dict[str, Any], b: dict[str, Any], kind: str) -> list[Difference]:
    return [
        Difference(kind, f"{label}{key}", _plain(a.get(key)), _plain(b.get(key)))
        for key in sorted(set(a) | set(b))
        if _plain(a.get(key)) != _plain(b.get(key))
    ]


def as_played(edition: Edition) -> Edition:
    """`edition` without what it says about card kinds its deck does not have: their card
    rules, points and first-flip entries, and the readings of questions only such a card
    raises. No game reads them, so a file that keeps them and one that deletes them play
    alike and are compared alike (`unospec lint` still reports them as leftovers)."""
    present = edition.faces.kinds_in_play
    raised = {effect_name(e) for k, e in edition.effects if k in present}

    def arises(item: Interpretation) -> bool:
        head, _, rest = (item.decides or "").partition(".")
        if head == "cards" and rest.split(".")[0] not in present:
            return False
        question = ASKED.get(item.id)
        if question is None:
            return True
        return (question.card is None or question.card in present) and (
            question.effect is None or question.effect in raised
        )

    def kept(value: Reading) -> Reading:
        return tuple(k for k in value if k in present) if isinstance(value, tuple) else value

    readings = tuple(
        dataclasses.replace(i, chosen=kept(i.chosen), alternatives=tuple(map(kept, i.alternatives)))
        if i.decides == "setup.first_flip_ignores"
        else i
        for i in edition.interpretations
        if arises(i)
    )
    rules = dataclasses.replace(
        edition.rules,
        points=tuple((k, v) for k, v in edition.rules.points if k in present),
        first_flip_ignores=edition.rules.first_flip_ignores & present,
    )
    return dataclasses.replace(
        edition,
        effects=tuple((k, e) for k, e in edition.effects if k in present),
        rules=rules,
        interpretations=readings,
    )


def deck_composition(edition: Edition) -> dict[str, Any]:
    """The whole card multiset in play, in words: how many of each kind and of each number
    rank (`number 7`). A deck line holds the same cards in every colour, so with the colours
    these counts are the multiset: equal compositions, equal decks."""
    shown = [edition.faces.faces[f] for f in edition.faces.in_play]
    deck: dict[str, Any] = dict(Counter(face.kind for face in shown))
    deck.update(sorted(Counter(f"{f.kind} {f.rank}" for f in shown if f.rank is not None).items()))
    deck["colours"] = list(edition.colors)
    if edition.faces.set_aside:
        deck["set aside"] = sorted(edition.faces.card_id(f) for f in edition.faces.set_aside)
    return deck


def card_parameters(edition: Edition) -> dict[str, Any]:
    present = edition.faces.kinds_in_play
    flat: dict[str, Any] = {}
    for kind, effect in edition.effects:
        if kind not in present:
            continue
        flat[f"{kind}.effect"] = effect_name(effect)  # as the file writes it
        for name, value in dataclasses.asdict(effect).items():
            flat[f"{kind}.{name}"] = value
    return flat


def _as_written(rules: dict[str, Any]) -> dict[str, Any]:
    """Rule parameters by the key an edition file writes them under (`setup.hand_size`)."""
    return {RULE_KEYS[name]: value for name, value in rules.items()}


def rule_parameters(edition: Edition) -> dict[str, Any]:
    rules = dataclasses.asdict(edition.rules)
    rules.pop("points")
    rules.pop("target_score")
    return rules


def data_differences(a: Edition, b: Edition) -> list[Difference]:
    """How the two editions' data differ, as the model reads it."""
    found = [
        *_pairs("deck.", deck_composition(a), deck_composition(b), "deck"),
        *_pairs(
            "deck.",
            {"total": a.total_cards, "in play": a.in_play_count},
            {"total": b.total_cards, "in play": b.in_play_count},
            "deck",
        ),
        *_pairs("cards.", card_parameters(a), card_parameters(b), "parameter"),
        *_pairs("", _as_written(rule_parameters(a)), _as_written(rule_parameters(b)), "parameter"),
        *_pairs("scoring.points.", dict(a.rules.points), dict(b.rules.points), "scoring"),
        *_pairs(
            "scoring.",
            {"target": a.rules.target_score},
            {"target": b.rules.target_score},
            "scoring",
        ),
        *_pairs("interpretations.", readings(a), readings(b), "interpretation"),
        *_pairs("", _transitions(a), _transitions(b), "transition"),
    ]
    return found


def readings(edition: Edition) -> dict[str, Any]:
    """Each reading's choice and its alternatives, in a fixed order (listing the same
    alternatives in another order changes nothing)."""
    return {
        i.id: {
            "chosen": _plain(i.chosen),
            "alternatives": sorted(_plain(i.alternatives), key=json.dumps),
        }
        for i in edition.interpretations
    }


def _transitions(edition: Edition) -> dict[str, bool]:
    return {b.label: can_fire(edition, b) for b in MACHINE.branches}


@functools.lru_cache(maxsize=32)
def conclusions(
    edition: Edition, scale: str, players: int, max_states: int | None = None
) -> dict[str, Any]:
    """What the checks conclude about one edition (cached: pairs share editions). An
    exploration cut short at `max_states` concludes no coverage, and a count only as a bound
    (or as far as the invariant it broke)."""
    proofs = prove(edition)
    findings = lint(edition, proofs=proofs).findings
    scaled = scale_edition(edition, parse_scale(scale))
    explored = explore_compiled(scaled, players, max_states=max_states)
    counted = explored.distinct_states
    return {
        "proofs": {q.name: q.verdict for q in proofs.queries},
        "findings": sorted(f.id for f in findings),
        "messages": {f.id: f.message for f in findings},
        "states": counted
        if explored.complete
        else f"{counted} before {explored.violation.invariant} broke"
        if explored.violation
        else f"at least {counted} (the search stopped at --max-states)",
        "coverage": sorted(MACHINE.branches[n].label for n in explored.fired)
        if explored.complete
        else None,
    }


def conclusion_differences(
    a: Edition, b: Edition, scale: str, players: int, max_states: int | None = None
) -> list[Difference]:
    ca, cb = conclusions(a, scale, players, max_states), conclusions(b, scale, players, max_states)
    found = _pairs("proofs.", ca["proofs"], cb["proofs"], "proof")
    found += [
        Difference(
            "finding",
            ident,
            ident in ca["findings"],
            ident in cb["findings"],
            ca["messages"].get(ident) or cb["messages"][ident],
        )
        for ident in sorted(set(ca["findings"]) ^ set(cb["findings"]))
    ]
    if ca["states"] != cb["states"]:
        found.append(
            Difference("exploration", f"states at scale {scale}", ca["states"], cb["states"])
        )
    if ca["coverage"] is None or cb["coverage"] is None:
        return found
    found += [
        Difference(
            "exploration",
            f"fires at scale {scale}: {label}",
            label in ca["coverage"],
            label in cb["coverage"],
        )
        for label in sorted(set(ca["coverage"]) ^ set(cb["coverage"]))
    ]
    return found


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
) -> tuple[list[Outcome] | None, str, dict[str, Any]]:
    """A shortest run that tells the editions apart on their shared scaled deck.

    Returns (path, how it differs, bound). The path's last outcome is the step at which they
    part: legal in one edition only, or leaving different states. The search runs on the
    compiled engine (`engines.compiled.joint`), in the reference's order, so it finds the
    reference's own trace; `engine="reference"` runs it on the reference kernel.
    """
    common = shared_scale(a, b, scale)
    sa, sb = scale_edition(a, parse_scale(common)), scale_edition(b, parse_scale(common))
    kinds_a, kinds_b = ({f.kind for f in e.faces.faces} for e in (a, b))
    bound = {
        "scale": common,
        "players": players,
        "max_states": max_states,
        "left_out": sorted(kinds_a ^ kinds_b),  # card kinds one deck lacks: not played
    }
    start_a = normalize(empty_table(sa, players))
    start_b = normalize(empty_table(sb, players))
    if sa.faces.faces != sb.faces.faces or observed(start_a) != observed(start_b):  # say why
        bound.update(states=0, depth=0, complete=False)
        faces = "the same" if sa.faces.faces == sb.faces.faces else "different"
        how = (
            f"not compared: scaled to {common}, the decks still differ "
            f"({len(sa.faces.in_play)} against {len(sb.faces.in_play)} cards, {faces} faces)"
        )
        return [], how, bound
    if engine != "reference":
        return _distinguish_compiled(sa, sb, start_a, players, max_states, bound)
    parents: dict[GameState, tuple[GameState | None, Outcome | None]] = {start_a: (None, None)}
    frontier, depth = [start_a], 0
    fired: set[int] = set()
    while frontier:
        following: list[GameState] = []
        for game in frontier:
            parted = _step(sa, sb, game, parents, following, max_states, fired)
            if parted is not None:
                outcome, how = parted
                bound.update(states=len(parents), depth=depth, complete=False)
                bound["next_hand_played"] = NEXT_HAND.number in fired
                return [*_path(parents, game), outcome], how, bound
            if len(parents) >= max_states:
                bound.update(states=len(parents), depth=depth, complete=False)
                bound["next_hand_played"] = NEXT_HAND.number in fired
                return None, "", bound
        frontier, depth = following, depth + (1 if following else 0)
    bound.update(states=len(parents), depth=depth, complete=True)
    bound["next_hand_played"] = NEXT_HAND.number in fired
    return None, "", bound


HOW = {
    1: "legal in a only",
    2: "legal in b only",
    3: "no outcome in a only",
    4: "no outcome in b only",
    5: "different states",
}
"""The words of each way the engine's joint search says the editions part (`joint`)."""


def _distinguish_compiled(
    sa: Edition,
    sb: Edition,
    start: GameState,
    players: int,
    max_states: int,
    bound: dict[str, Any],
) -> tuple[list[Outcome] | None, str, dict[str, Any]]:
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
    joint.distinguish(
        prog.M, prog.E, other.E, prog.spec, joint.rank_table(players, prog.faces), J,
        max_states, words, np.zeros((size, prog.words), dtype=np.uint64),
        np.zeros(size, dtype=np.int64), np.zeros((size, prog.words), dtype=np.uint64),
        np.zeros(size, dtype=np.int64), np.zeros(slots, dtype=np.int64),
        np.zeros(slots, dtype=np.uint32), parents, outcome_of,
        scratch.row, cursor, take, moves, np.zeros_like(moves), child, before, action, order,
        scratch.log, scratch.snaps, scratch.logn, np.zeros(length, dtype=np.int64),
        np.zeros(length, dtype=np.int64), scratch.words, scratch.counts,
    )  # fmt: skip
    parted = int(J[joint.J_PARTED])
    bound.update(states=int(J[joint.J_STATES]), depth=int(J[joint.J_DEPTH]))
    bound["complete"] = parted == joint.SAME
    bound["next_hand_played"] = bool(J[joint.J_NEXT_HAND])
    if parted in (joint.SAME, joint.BOUND):
        return None, "", bound
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
    return [*path, last], HOW[parted], bound


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
    J: Any,
    decode: Callable[..., Action],
) -> Outcome | None:
    """The step at which the editions part, as `_step` finds it in `game`."""
    from unospec.checks.engines.compiled import joint

    row = [int(J[joint.J_KIND]), int(J[joint.J_PLAYER]), int(J[joint.J_CARD]),
           int(J[joint.J_ARG])]  # fmt: skip
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


def scaled_away(
    a: Edition, b: Edition, common: str, *, next_hand_played: bool = True
) -> list[dict[str, Any]]:
    """The deck, rule and scoring differences play at the shared scale cannot show: those it
    sets alike in both editions (a hand size, a target, how many copies of a card), and,
    when the search dealt no next hand (a target the first hand always reaches, say), those
    only a next hand reads. Card kinds the shared deck leaves out are not listed (the bound's
    `left_out` names them), nor the cards set aside, which no rule plays."""
    scale = parse_scale(common)
    sa, sb = scale_edition(a, scale), scale_edition(b, scale)
    still = {d.path for d in data_differences(sa, sb)}
    if scale.target == 1 or not next_hand_played:  # what only a next hand reads: unplayed
        still -= BETWEEN_HANDS
    kept = set(scale.kinds) or set(KINDS)  # no kinds named: the scale keeps them all
    return [
        {"path": d.path, "a": d.a, "b": d.b}
        for d in data_differences(a, b)
        if d.kind in ("deck", "parameter", "scoring") and d.path not in still and _played(d, kept)
    ]


def capped(
    differences: list[Difference], a: Edition, common: str, players: int
) -> list[dict[str, Any]]:
    """Draw amounts the shared deck cannot tell apart. While a hand goes on every hand holds
    a card and one card tops the discard pile, so no draw there takes more than the cards in
    play less one per player less one; two amounts of at least that many both draw every
    card there is (the reading draw-what-remains, Let's Play), and play shows them alike.
    `differences` are `data_differences` of `a` and the other edition."""
    scaled = scale_edition(a, parse_scale(common))
    most = scaled.in_play_count - players - 1
    dealt = scaled.faces.kinds_in_play  # a card the scaled deck lacks draws nothing at all:
    return [  # `scaled_away` names it, not this
        {"path": d.path, "a": d.a, "b": d.b, "most_drawn": most}
        for d in differences
        if d.path.endswith(DRAW_AMOUNTS)
        and isinstance(d.a, int)
        and isinstance(d.b, int)
        and min(d.a, d.b) >= most
        and (not d.path.startswith("cards.") or _kind_of(d.path) in dealt)
    ]


DRAW_AMOUNTS = (".draw", ".challenger_draws", ".offender_draws", ".uno_penalty")
"""The parameters that are a number of cards to draw (a card's, or Calling UNO's)."""


BETWEEN_HANDS = frozenset({"setup.next_leader", "scoring.game_end"})
"""Parameters only a next hand reads: who leads it, and whether there is one (Winning)."""

NEXT_HAND = next(
    b
    for b in MACHINE.branches
    if (b.source, b.event, b.target) == (Phase.hand_over, "score", Phase.dealing)
)
"""The transition that deals a next hand: unless a search fires it, `BETWEEN_HANDS` is
untested."""


def _played(difference: Difference, kinds: set[str]) -> bool:
    """Whether play at a scale that keeps `kinds` would read what `difference` is about."""
    if difference.path in ("deck.total", "deck.in play", "deck.colours"):
        return True
    if difference.kind == "deck" or difference.path.startswith(("cards.", "scoring.points.")):
        return _kind_of(difference.path) in kinds  # not the set-aside cards
    return True


def _kind_of(path: str) -> str:
    """The card kind a `cards.KIND.field`, `scoring.points.KIND` or `deck.KIND [RANK]` path
    is about."""
    for prefix in ("scoring.points.", "cards.", "deck."):
        path = path.removeprefix(prefix)
    return path.split(".")[0].split(" ")[0]


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


def observed(game: GameState) -> GameState:
    """What tells two editions apart in `game`: all of it while play goes on; in a finished
    game (a final phase of the machine, where no rule reads the turn's bookkeeping any
    more) its result alone: the winner, the scores and where every card lies. The cards set
    aside (a foil's twin, Special Foil Card) are never played: they are not compared.

    A draw still owed counts only up to the cards it can still get: the draw pile, then the
    discard pile but its top card once reshuffled; the rest lapses (the only reading of
    `draw_shortfall`, draw-what-remains: Let's Play NOTE). Owing 4 or 3 with one card left
    to draw is one and the same draw, as `capped` says of such amounts."""
    if game.set_aside:
        game = game._replace(set_aside=())
    if game.phase not in MACHINE.final:
        if game.owed is None:
            return game
        most = len(game.draw_pile) + max(len(game.discard) - 1, 0)
        return game._replace(owed=game.owed._replace(amount=min(game.owed.amount, most)))
    return game._replace(
        color=-1, direction=1, current=0, actor=0, drawn=-1, owed=None, challenge=None,
        special=-1, window=-1, hands_played=0, leader=0,
    )  # fmt: skip


def _path(parents: dict[GameState, Any], game: GameState) -> list[Outcome]:
    path = []
    while parents[game][0] is not None:
        game, outcome = parents[game]
        path.append(outcome)
    return path[::-1]


def _step(
    a: Edition,
    b: Edition,
    game: GameState,
    parents: dict[GameState, Any],
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
        if observed(normalize(other)) != observed(child):
            return outcome, "different states"
        if child not in parents:
            parents[child] = (game, outcome)
            following.append(child)
            if len(parents) >= max_states:
                return None
    return None


def diff(
    a: Edition,
    b: Edition,
    *,
    scale: str = "micro",
    players: int | None = None,
    max_states: int = 200_000,
) -> DiffReport:
    """Every difference between `a` and `b`, and the evidence for one in behaviour, with
    `players` at the table (by default the fewest both editions allow)."""
    if players is None:
        players = max(a.rules.min_players, b.rules.min_players)
        if players > min(a.rules.max_players, b.rules.max_players):  # none was asked for
            sizes = [f"{e.name} {seats(e.rules.min_players, e.rules.max_players)}" for e in (a, b)]
            raise InputError(
                f"players: expected a table size both seat, found {' and '.join(sizes)}"
            )
    a.require_players(players)
    b.require_players(players)
    a, b = as_played(a), as_played(b)
    for edition in (a, b):
        require_dealable(scale_edition(edition, parse_scale(scale)), players, scale, edition)
    common = shared_scale(a, b, scale)
    require_dealable(scale_edition(a, parse_scale(common)), players, f"{common} (the shared deck)")
    same_name = a.name == b.name and reference(a) != reference(b)  # a user's copy, say
    report = DiffReport(*((reference(a), reference(b)) if same_name else (a.name, b.name)))
    data = data_differences(a, b)
    report.differences = data + conclusion_differences(a, b, scale, players, max_states)
    path, how, report.bound = distinguish(a, b, scale=scale, players=players, max_states=max_states)
    report.bound["scaled_away"] = scaled_away(
        a, b, report.bound["scale"], next_hand_played=report.bound.pop("next_hand_played", False)
    )
    report.bound["capped"] = capped(data, a, report.bound["scale"], players)
    report.bound["players_not_compared"] = [
        n
        for n in range(
            max(a.rules.min_players, b.rules.min_players),
            1 + min(a.rules.max_players, b.rules.max_players),
        )
        if n != players
    ]  # a rule such as who plays after a Hail Mary may differ only at a bigger table
    if path:
        common = report.bound["scale"]
        sa = scale_edition(a, parse_scale(common))
        # the trace names the edition that plays every step of it, so that `unospec replay`
        # of the trace alone plays it through: b where only b allows the last step
        plays_all = b if how in ("legal in b only", "no outcome in a only") else a
        trace = concrete_trace(sa, players, path, base=reference(plays_all), scale=common)
        report.trace = {
            "how": how,
            "trace": trace.to_json(),
            "step": len(trace.steps) - 1,
            **_replays(a, b, trace, common, parted=how == "different states"),
        }
    elif path == []:
        report.trace = {"how": how, "trace": None, "step": None, "replay": None}
    return report


def _replays(a: Edition, b: Edition, trace: Trace, common: str, *, parted: bool) -> dict[str, Any]:
    """How the trace replays on each edition (`replay`) and, when it leaves them in
    different states (`parted`), the state fields that differ (`fields`: {field: {a, b}})."""
    scaled = [scale_edition(e, parse_scale(common)) for e in (a, b)]
    results = [replay(e, trace) for e in scaled]
    summary = {
        side: {
            "ok": result.ok,
            "steps": result.steps,
            "first_illegal": result.first_illegal,
            "phase": result.phase,
            "current": result.final.current if result.final else None,
            "hands": [len(h) for h in result.final.hands] if result.final else None,
            **pending(result.final),
        }
        for side, result in zip("ab", results, strict=True)
    }
    told = _told(scaled, trace)
    final_a, final_b = (result.final for result in results)
    if not parted or final_a is None or final_b is None:
        return {"replay": summary, "fields": {}, **told}
    ids = scaled[0].faces.card_id

    def shown(name: str, value: Any) -> Any:
        if name in ("draw_pile", "discard", "set_aside"):
            return [ids(card) for card in value]
        if name == "hands":
            return [[ids(card) for card in hand] for hand in value]
        if isinstance(value, Owed | PendingChallenge):  # labelled: {"player": 1, "amount": 2, ...}
            labelled = value._asdict()
            if "card" in labelled:
                labelled["card"] = ids(labelled["card"])
            return _plain(labelled)
        return _plain(value)

    fields = {
        name: {"a": shown(name, va), "b": shown(name, vb)}
        for name, va, vb, seen_a, seen_b in zip(
            GameState._fields, final_a, final_b, observed(final_a), observed(final_b), strict=True
        )
        if va != vb and seen_a != seen_b
    }  # the states the replays end in, as `replay` shows them (not the explorer's normal form)
    return {"replay": summary, "fields": fields, **told}


def _told(scaled: list[Edition], trace: Trace) -> dict[str, Any]:
    """The trace in words, as `explore` tells a counterexample: the table as dealt
    (`dealt`), each step before the last with what it changed, alike in both editions
    (`steps`), then the last step (`parting`: who did what, and for each side what it
    changed there, or why that side refuses it or has no outcome for it; null when the
    editions part right after the deal)."""
    first = scaled[0]
    told: dict[str, Any] = {"dealt": describe(first, dealt(first, trace)), "steps": []}
    told["parting"] = None
    if not trace.steps:
        return told
    told["steps"] = step_table(first, dataclasses.replace(trace, steps=trace.steps[:-1]))
    parting: dict[str, Any] = {}
    for side, edition in zip("ab", scaled, strict=True):
        try:
            before, action, after = replay_states(edition, trace)[-1]
        except UnospecError as refused:  # illegal there, or no outcome: the parting itself
            parting[side] = [f"refused: {refused}"]
            continue
        parting.update(step_row(edition, len(trace.steps) - 1, action))
        parting[side] = changes(edition, before, after)
    told["parting"] = parting
    return told
