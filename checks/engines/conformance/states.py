"""Conformance state by state: every state of the reference's exploration at a scale is
encoded into the implementation and decoded back; the two must agree on the state, on its
legal moves, on the state reached by every move and every chance outcome (or on the
refusal, and the kind of refusal), on the moves it does not offer (`converse`), and on
every invariant's verdict where the implementation checks them, in corrupted states too."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from unospec.checks.engines.chance import Outcome, chance_outcomes, minus, normalize, outcomes
from unospec.checks.engines.conformance.adapter import Rules, comparable
from unospec.checks.engines.conformance.converse import converse, not_offered, unplayed
from unospec.checks.engines.conformance.report import (
    Difference,
    Found,
    differing,
    refusal,
    state_json,
)
from unospec.checks.engines.counterexample import concrete_trace
from unospec.checks.engines.symmetry import canonical, colour_renamings
from unospec.checks.properties.invariants import INVARIANTS, violations
from unospec.editions import reference
from unospec.model.actions import Action, Deal
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions
from unospec.model.state import GameState, Owed
from unospec.model.table import MACHINE
from unospec.model.trace import Trace, action_step
from unospec.model.vocabulary import Phase

INVARIANT_ORDER = tuple(invariant.name for invariant in INVARIANTS)

CORRUPTED_EVERY = 16
"""One state in this many is also judged corrupted, several ways: the invariants' verdicts
on states that break them must agree too, not only on the reachable states, which pass."""

Tried = list[tuple[Outcome, Exception | None]]
"""Every outcome the reference gives in a state, or the move it refuses (with why)."""

EngineOutcome = tuple[tuple[str, str] | None, GameState | None, frozenset[str] | None]
"""What an implementation says of one outcome's step: its refusal, the state, the step
invariants it finds broken."""


@dataclass(frozen=True)
class StatesCompared:
    """What the comparison of a scale's states found."""

    states: int = 0
    steps: int = 0
    moves_refused: int = 0  # plausible moves not offered, checked refused by both
    complete: bool = True  # every state compared (no bound reached)
    difference: Difference | None = None


@dataclass
class _Counts:
    states: int = 0
    steps: int = 0
    moves_refused: int = 0


def compare_states(
    edition: Edition, players: int, rules: Rules[Any], scale: str, max_states: int | None
) -> StatesCompared:
    """Breadth first over the reference's states of `edition` (scaled at `scale`), up to
    colour renaming, each compared; stop at the first difference, or after `max_states`."""
    counts = _Counts()
    renamings = colour_renamings(edition)
    first = canonical(normalize(empty_table(edition, players)), renamings)[0]
    parents: dict[GameState, tuple[GameState | None, Outcome | None]] = {first: (None, None)}
    frontier = [first]
    complete = True
    while frontier:
        following: list[GameState] = []
        for game in frontier:
            counts.states += 1
            tried = list(_tried(edition, game))
            found = _compare_state(edition, rules, game, tried, counts)
            if found is not None:
                trace = _trace_to(edition, players, _path(parents, game), found.last, scale)
                difference = Difference(
                    found.what, game, found.action, found.reference, found.engine, trace, edition
                )
                return _compared(counts, complete, difference)
            for outcome, problem in tried:
                if problem is not None:
                    continue
                child = canonical(normalize(outcome.after, game), renamings)[0]
                if child not in parents:
                    parents[child] = (game, outcome)
                    following.append(child)
                    if max_states is not None and len(parents) >= max_states:
                        complete = False
                        break
            if not complete:
                following = []
                break
        frontier = following
    return _compared(counts, complete, None)


def _compared(counts: _Counts, complete: bool, difference: Difference | None) -> StatesCompared:
    return StatesCompared(counts.states, counts.steps, counts.moves_refused, complete, difference)


@dataclass(frozen=True)
class Probe:
    """A state as an implementation sees it: decoded back, its state invariants' verdicts
    (None: it checks none), its legal moves (None in a chance phase), what each of the
    reference's outcomes leads to there (refusal, state, step verdicts), and whether it
    refuses each move tried."""

    decoded: GameState
    broken: frozenset[str] | None
    legal: list[Action] | None
    outcomes: list[EngineOutcome]
    refused: list[bool]  # per move tried


def probe(rules: Rules[Any], game: GameState, tried: Tried, tries: list[Action]) -> Probe:
    """Ask `rules` everything about `game` (the compiled engine answers in one call)."""
    fast = getattr(rules, "probe_state", None)
    if fast is not None:
        found = fast(game, tries)
        return Probe(found.decoded, found.broken, found.legal, found.outcomes, found.refused)
    state = rules.encode(game)
    answers: list[EngineOutcome] = []
    for outcome, _ in tried:
        stepped = rules.step(rules.encode(_arranged(game, outcome)), outcome.action)
        after = None if stepped.refused else rules.decode(stepped.state)
        answers.append((stepped.refused, after, stepped.broken))
        if stepped.refused:
            break
    return Probe(
        decoded=rules.decode(state),
        broken=rules.state_broken(state),
        legal=None if is_chance(game) else rules.legal(state),
        outcomes=answers,
        refused=[rules.step(state, action).refused is not None for action in tries],
    )


def _arranged(game: GameState, outcome: Outcome) -> GameState:
    """The state an outcome's step begins from: the cards it draws on top of the pile."""
    if not outcome.drawn or is_chance(game):
        return game
    pile = game.draw_pile
    return game._replace(draw_pile=outcome.drawn + minus(pile, outcome.drawn))


def _compare_state(
    edition: Edition, rules: Rules[Any], game: GameState, tried: Tried, counts: _Counts
) -> Found | None:
    legal = () if is_chance(game) else legal_actions(edition, game)
    tries = not_offered(edition, game, legal)
    found = probe(rules, game, tried, tries)
    if comparable(found.decoded) != comparable(game):
        said, decoded = state_json(edition, game), state_json(edition, found.decoded)
        return Found("state", None, said, decoded, None)
    judged = violations(edition, game, legal=legal, kinds=("always",))
    broken = frozenset(name for name, _ in judged)
    if found.broken is not None and found.broken != broken:
        return Found("verdicts", None, sorted(broken), sorted(found.broken), None)
    if found.legal is not None and set(found.legal) != set(legal):
        extra = sorted(set(found.legal) - set(legal), key=repr)
        missing = sorted(set(legal) - set(found.legal), key=repr)
        action = (extra or missing)[0]
        return Found(
            "legal",
            action,
            [action_step(edition, a) for a in sorted(legal, key=repr)],
            [action_step(edition, a) for a in sorted(found.legal, key=repr)],
            _outcome_of(edition, game, action),
        )
    for i, (outcome, problem) in enumerate(tried):
        counts.steps += 1
        engine = found.outcomes[i] if i < len(found.outcomes) else None
        difference = _compare_outcome(edition, game, outcome, problem, engine)
        if difference is not None:
            return difference
        if problem is not None:
            break
    if len(found.outcomes) > len(tried) and not any(p for _, p in tried):
        many = f"{len(tried)} outcomes", f"{len(found.outcomes)} outcomes"
        return Found("outcome", None, *many, None)
    if counts.states % CORRUPTED_EVERY == 1:
        corrupted = _corrupted_verdicts(edition, rules, game)
        if corrupted is not None:
            return corrupted
    differs, checked = converse(edition, game, tries, found.refused)
    counts.moves_refused += checked
    return differs


def corruptions(game: GameState) -> Iterator[tuple[str, GameState]]:
    """`game` broken in ways both an implementation and the reference can hold: a card
    lost, a card made twice, a direction that is none, an UNO window or a draw where none
    can be, a colour of no deck, a winner before the game is over."""
    if game.hands and game.hands[0]:
        yield "a card lost", game._replace(hands=(game.hands[0][1:], *game.hands[1:]))
    if game.discard:
        hand = tuple(sorted((*game.hands[0], game.discard[-1])))
        yield "a card twice", game._replace(hands=(hand, *game.hands[1:]))
    yield "no direction", game._replace(direction=2)
    if len(game.hands[game.current]) != 1:
        yield "a window for a player of several cards", game._replace(window=game.current)
    if game.owed is None and game.phase == Phase.awaiting_play:
        yield "a draw left over", game._replace(owed=Owed(game.current, 1, Phase.awaiting_play))
    yield "a colour of no deck", game._replace(color=7)
    if game.winner < 0 and game.phase not in MACHINE.final:
        yield "a winner too soon", game._replace(winner=0)


def _corrupted_verdicts(edition: Edition, rules: Rules[Any], game: GameState) -> Found | None:
    """The first invariant each corruption of `game` breaks, by both."""
    for how, broken in corruptions(game):
        said = [name for name, _ in violations(edition, broken, kinds=("always",))]
        engine_said = rules.state_broken(rules.encode(broken))
        if engine_said is None:
            return None
        first = next((name for name in INVARIANT_ORDER if name in engine_said), None)
        if (said[0] if said else None) != first:
            verdicts = (sorted(said), sorted(engine_said))
            return Found("verdicts", None, f"{how}: {verdicts[0]}", f"{how}: {verdicts[1]}", None)
    return None


def _compare_outcome(
    edition: Edition,
    game: GameState,
    outcome: Outcome,
    problem: Exception | None,
    engine: EngineOutcome | None,
) -> Found | None:
    """The reference's `outcome` (or its refusal, `problem`) against what the implementation
    says of the same step (`engine`; None: it gives no outcome there)."""
    action = outcome.action
    if engine is None:
        return Found("outcome", action, "an outcome", "none", outcome)
    refused, reached, broken = engine
    if problem is not None:
        how = "gap" if isinstance(problem, RuleGap) else "illegal"
        if refused is None or refused[0] != how:
            said = f"refused ({how}): {problem}"
            return Found("outcome", action, said, refusal(refused), outcome)
        return None
    if refused is not None or reached is None:
        return Found("outcome", action, "accepted", refusal(refused), outcome)
    if comparable(reached) != comparable(outcome.after):
        ours, theirs = differing(edition, outcome.after, reached)
        return Found("outcome", action, ours, theirs, outcome)
    if broken is not None:
        checked = violations(edition, outcome.after, game, outcome.fired, kinds=("step",))
        named = frozenset(name for name, _ in checked)
        if named != broken:
            return Found("step-verdicts", action, sorted(named), sorted(broken), outcome)
    return None


def _tried(edition: Edition, game: GameState) -> Iterator[tuple[Outcome, Exception | None]]:
    """Every outcome the reference gives in `game`, or the move it refuses (with why)."""
    if is_chance(game):
        found = chance_outcomes(edition, game)
        while True:
            try:
                yield next(found), None
            except StopIteration:
                return
            except RuleGap as gap:  # every order of a shuffle meets it: the first stands
                action = getattr(gap, "action", None)
                if action is not None:
                    yield Outcome(action, (), game, ()), gap
                return
        return
    for action in legal_actions(edition, game):
        try:
            listed = list(outcomes(edition, game, action))
        except (IllegalAction, RuleGap) as problem:
            yield Outcome(action, (), game, ()), problem
            continue
        for outcome in listed:
            yield outcome, None


def _outcome_of(edition: Edition, game: GameState, action: Action) -> Outcome:
    """The reference's first outcome of `action` in `game`, or an unplayed one."""
    try:
        return next(outcomes(edition, game, action))
    except Exception:  # refused or no outcome: the step ends the trace as is
        return unplayed(action)


def _path(
    parents: dict[GameState, tuple[GameState | None, Outcome | None]], game: GameState
) -> list[Outcome]:
    path = []
    while True:
        parent, outcome = parents[game]
        if parent is None or outcome is None:
            break
        path.append(outcome)
        game = parent
    return path[::-1]


def _trace_to(
    edition: Edition, players: int, path: list[Outcome], last: Outcome | None, scale: str
) -> Trace:
    """The trace of `path` and, when given, the differing step after it."""
    steps = [*path, last] if last is not None else path
    if not steps or not isinstance(steps[0].action, Deal):  # the first table itself differs
        deck = edition.faces.in_play
        return Trace(
            edition=reference(edition),
            players=players,
            deck=tuple(edition.faces.card_id(c) for c in deck),
            steps=(),
            scale=scale,
        )
    trace = concrete_trace(edition, players, steps, base=reference(edition), scale=scale)
    return dataclasses.replace(trace, edition=reference(edition))
