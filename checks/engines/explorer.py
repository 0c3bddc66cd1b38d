"""Exhaustive exploration: every reachable state of a (scaled) edition, breadth first.

Like TLC or Stateright's BFS checker: states are deduplicated (up to colour renaming when
symmetry is on), every named invariant is checked in every new state and on every step, and
the first violation found is at the least depth, so its trace is a shortest one. The draw
pile is a multiset and every draw a branch (see `chance`), so every deal order is covered.

Memory grows with the number of distinct states (each kept packed as bytes, see `codec`,
with a parent index, and every transition as a pair of state ids); `max_states` bounds it,
and the exploration then stops with partial statistics.

A complete exploration also checks progress, a property of the whole graph rather than of a
state (TLC's liveness, in its simplest form): from every reachable state, some sequence of
moves and shuffles still reaches a final phase of the machine, so the game can end.

One concept, one module, though over 400 lines: the search, its record (`Exploration`, and
`Explored`, what readers of either engine's record see), the expansion of a state that
worker processes share, and the progress check over the graph it recorded depend on each
other's details (state ids, the transition arrays, checking each state exactly once in
breadth-first order); split, each part would only make sense read beside the others.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import signal
import time
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from unospec.checks.engines.chance import OfferedGap, Outcome, chance_outcomes, normalize, outcomes
from unospec.checks.engines.codec import decode, encode, phase_of
from unospec.checks.engines.pool import in_order, stop
from unospec.checks.engines.symmetry import Renaming, canonical, colour_renamings
from unospec.checks.properties.invariants import (
    offered_move_refused,
    offered_move_without_outcome,
    violations,
)
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table, is_chance, legal_actions
from unospec.model.state import GameState
from unospec.model.table import MACHINE

Progress = Callable[[int, int], None]
"""progress(distinct states, depth)."""


@dataclass
class Violation:
    """The first invariant broken: where, and (for a step) the successor that broke it."""

    invariant: str
    message: str
    parent: int  # the last state on the path: itself broken when `state` is None
    state: bytes | None  # the successor a broken step led to (encoded, canonical)
    action: Action | None = None  # the move or shuffle of `parent` the rules have no outcome for
    engine_only: bool = False  # the compiled engine finds it and the reference does not


@dataclass
class Exploration:
    """What an exploration found, and how it went."""

    edition: Edition
    players: int
    symmetry: bool
    states: list[bytes] = field(default_factory=list)  # canonical states, encoded
    parents: list[int] = field(default_factory=list)
    transitions: int = 0
    depth: int = 0
    seconds: float = 0.0
    unreduced_states: int = 0
    fired: Counter[int] = field(default_factory=Counter)
    violation: Violation | None = None
    stopped: str | None = None  # "max-states" | "interrupted" | None when complete
    sources: array[int] = field(default_factory=lambda: array("I"))  # transition i: from
    targets: array[int] = field(default_factory=lambda: array("I"))  # ... and to
    stuck: list[int] | None = None  # states the game cannot end from; None: not checked
    peak_memory_mb: float = 0.0
    bytes_per_state: float = 0.0
    phases: set[str] = field(default_factory=set)
    expanded: int = 0  # states whose every move and shuffle was tried, its steps checked
    state_checked: int = 0  # states whose state invariants were checked, expanded or not

    engine: str = "reference"

    @property
    def complete(self) -> bool:
        return self.stopped is None and self.violation is None

    @property
    def distinct_states(self) -> int:
        return len(self.states)

    def state(self, state_id: int) -> GameState:
        return decode(self.states[state_id])

    def path_states(self, state_id: int) -> list[GameState]:
        """The states from the first table to `state_id`, as the search keeps them."""
        return [self.state(i) for i in self.path(state_id)]

    def path(self, state_id: int) -> list[int]:
        """State ids from the initial state to `state_id`."""
        ids = []
        while state_id >= 0:
            ids.append(state_id)
            state_id = self.parents[state_id]
        return ids[::-1]


class Explored(Protocol):
    """What an exploration found, whichever engine ran it (`Exploration` here, or the
    compiled engine's `EngineExploration`): what reports and counterexamples read, and
    only read (the search that fills it in is done)."""

    @property
    def edition(self) -> Edition: ...

    @property
    def players(self) -> int: ...

    @property
    def symmetry(self) -> bool: ...

    @property
    def violation(self) -> Violation | None:
        """The first invariant broken, if any."""

    @property
    def transitions(self) -> int: ...

    @property
    def depth(self) -> int: ...

    @property
    def seconds(self) -> float: ...

    @property
    def unreduced_states(self) -> int: ...

    @property
    def fired(self) -> Counter[int]:
        """How often each branch of the machine fired, by its number."""

    @property
    def stopped(self) -> str | None:
        """Why the search stopped short: "max-states" or "interrupted"; None: it did not."""

    @property
    def stuck(self) -> list[int] | None:
        """The states the game cannot end from; None: not checked."""

    @property
    def peak_memory_mb(self) -> float: ...

    @property
    def bytes_per_state(self) -> float: ...

    @property
    def phases(self) -> set[str]: ...

    @property
    def expanded(self) -> int: ...

    @property
    def state_checked(self) -> int: ...

    @property
    def engine(self) -> str: ...

    @property
    def complete(self) -> bool: ...

    @property
    def distinct_states(self) -> int: ...

    def path_states(self, state_id: int) -> list[GameState]: ...


def successors(
    edition: Edition, game: GameState, legal: tuple[Action, ...] | None = None
) -> Iterator[Outcome]:
    """Every outcome of every move and chance event from a normalized state.

    `legal`, when given, is `legal_actions(edition, game)`, computed once by the caller.
    """
    if is_chance(game):
        yield from chance_outcomes(edition, game)
        return
    for action in legal_actions(edition, game) if legal is None else legal:
        yield from outcomes(edition, game, action)


def explore(
    edition: Edition,
    players: int,
    *,
    symmetry: bool = True,
    max_states: int | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    partial_on_interrupt: bool = False,
    start: GameState | None = None,
) -> Exploration:
    """Explore every state reachable by `players` players; stop at the first violation.

    The search starts at the empty table, or at `start` (state 0 then: a regression test
    asks whether the game can end from where a trace led).

    With `jobs` > 1 each level's states are expanded by that many processes (0: one per
    core); the result is the same as with one (states are numbered and checked in the same
    order). Ctrl-C stops the workers and propagates, unless `partial_on_interrupt`: then
    the exploration returns, marked "interrupted" (what `unospec explore` prints).
    """
    jobs = jobs or os.cpu_count() or 1
    renamings = colour_renamings(edition) if symmetry else []
    result = Exploration(edition, players, symmetry)
    memory_before = _rss_mb()
    started = time.perf_counter()
    first = start if start is not None else empty_table(edition, players)
    first, orbit = canonical(normalize(first), renamings)
    index: dict[bytes, int] = {encode(first): 0}
    result.states.append(encode(first))
    result.parents.append(-1)
    result.unreduced_states = orbit
    frontier = [0]
    pool = None
    try:
        pool = _pool(edition, renamings, jobs)
        while frontier and result.violation is None and not result.stopped:
            next_frontier: list[int] = []
            recorded = 0  # the frontier's states recorded (checked), the last perhaps in part
            for state_id, expansion in _expansions(pool, result, renamings, frontier):
                checked = result.state_checked
                _record(result, index, state_id, expansion, next_frontier, max_states)
                recorded += result.state_checked - checked
                if result.violation is not None or result.stopped:
                    break
            if result.violation is not None and result.violation.state is not None:
                # a step into the next level broke: a state of this level may break first
                _check_unexpanded(result, frontier[recorded:])
            elif result.stopped:  # every state counted is checked, expanded or not
                _check_unexpanded(result, frontier[recorded:] + next_frontier)
            if next_frontier:  # the depth of the deepest state counted
                result.depth += 1
            frontier = next_frontier
            if progress:
                progress(len(index), result.depth)
    except KeyboardInterrupt:
        if not partial_on_interrupt:
            raise
        result.stopped = "interrupted"
    finally:
        if pool is not None:
            stop(pool)
    if result.complete:
        result.stuck = _cannot_end(result)
    result.seconds = time.perf_counter() - started
    result.peak_memory_mb = _rss_mb()
    grown = max(0.0, result.peak_memory_mb - memory_before)
    result.bytes_per_state = grown * 2**20 / max(1, len(result.states))
    return result


Child = tuple[bytes, int, tuple[int, ...], tuple[str, str] | None]
"""(encoded canonical child, orbit size, fired branch numbers, step invariant broken or None)."""


class Expansion(NamedTuple):
    """What expanding one state found: the invariant it breaks, or its successors.

    `children` is a list when a worker process sends it, and a generator in one process, so
    that `max_states` can stop inside a state with more successors than that (a deal of a
    large scale has millions). A generator ends with a `Refused` when a move fails."""

    broken: tuple[str, str] | None
    children: Iterable[Child | Refused]


class Refused(NamedTuple):
    """The state offers a move the kernel refuses or crashes on (`offered-moves-accepted`),
    or one the edition's rules give no outcome for (`rules-give-an-outcome`), found while
    its successors were being listed."""

    invariant: str
    message: str
    action: Action | None = None  # the move or shuffle without an outcome, when one is known


_WORKER: dict[str, Any] = {}


def expand(
    edition: Edition, renamings: list[Renaming], data: bytes, *, lazy: bool = False
) -> Expansion:
    """Check `game`'s state invariants, then list its successors, canonical, with the step
    invariants each edge breaks (as a generator when `lazy`).

    Every state is expanded exactly once, so each is checked exactly once; levels are
    expanded in order, so the first state found broken is one at the least depth.
    """
    game = decode(data)
    legal = None if is_chance(game) else legal_actions(edition, game)
    broken = _state_broken(edition, game, legal)
    if broken or game.phase in MACHINE.final:
        return Expansion(broken, [])
    children = _children(edition, renamings, game, legal)
    if lazy:
        return Expansion(None, children)
    listed = list(children)
    if listed and isinstance(listed[-1], Refused):
        return Expansion(None, [listed[-1]])
    return Expansion(None, listed)


def _state_broken(
    edition: Edition, game: GameState, legal: tuple[Action, ...] | None
) -> tuple[str, str] | None:
    """The first state invariant `game` breaks (name, message), or None; `legal` is its
    legal actions (None in a chance phase)."""
    broken = violations(edition, game, legal=legal, kinds=("always",))
    return broken[0] if broken else None


def _children(
    edition: Edition, renamings: list[Renaming], game: GameState, legal: tuple[Action, ...] | None
) -> Iterator[Child | Refused]:
    found = successors(edition, game, legal)
    while True:
        try:  # only the kernel's own steps: a bug of the checker's must not read as the rules'
            outcome = next(found)
        except StopIteration:
            return
        except OfferedGap as gap:  # the booklet's rules say nothing here: a finding, with its trace
            message = offered_move_without_outcome(edition, game, gap.action, gap)
            yield Refused("rules-give-an-outcome", message, gap.action)
            return
        except Exception as error:  # this state offers a move the rules refuse, or crash on
            yield Refused("offered-moves-accepted", offered_move_refused(game, error))
            return
        fired = tuple([step.branch.number for step in outcome.fired])
        step_broken = violations(edition, outcome.after, game, outcome.fired, kinds=("step",))
        child, orbit = canonical(normalize(outcome.after, game), renamings)
        yield encode(child), orbit, fired, step_broken[0] if step_broken else None


def _init_worker(edition: Edition, renamings: list[Renaming]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _WORKER["edition"], _WORKER["renamings"] = edition, renamings


def _expand_in_worker(states: list[bytes]) -> list[Expansion]:
    return [expand(_WORKER["edition"], _WORKER["renamings"], game) for game in states]


def _pool(edition: Edition, renamings: list[Renaming], jobs: int) -> Any:
    if jobs <= 1:
        return None
    context = multiprocessing.get_context("fork")
    return context.Pool(jobs, initializer=_init_worker, initargs=(edition, renamings))


def _expansions(
    pool: Any, result: Exploration, renamings: list[Renaming], frontier: list[int]
) -> Iterator[tuple[int, Expansion]]:
    edition = result.edition
    if pool is None or len(frontier) < 64:
        for state_id in frontier:
            yield state_id, expand(edition, renamings, result.states[state_id], lazy=True)
        return
    size = max(16, len(frontier) // (8 * pool._processes))
    chunks = [frontier[i : i + size] for i in range(0, len(frontier), size)]
    batches = in_order(pool, _expand_in_worker, ([result.states[i] for i in c] for c in chunks))
    for chunk, expansions in zip(chunks, batches, strict=True):
        yield from zip(chunk, expansions, strict=True)


def _record(
    result: Exploration,
    index: dict[bytes, int],
    state_id: int,
    expansion: Expansion,
    next_frontier: list[int],
    max_states: int | None,
) -> None:
    if max_states is not None and len(index) >= max_states:  # a bound of 1: the start alone
        result.stopped = "max-states"
        return
    result.phases.add(phase_of(result.states[state_id]))
    result.state_checked += 1
    if expansion.broken is not None:
        name, message = expansion.broken
        result.violation = Violation(name, message, state_id, None)
        return
    for item in expansion.children:
        if isinstance(item, Refused):
            result.violation = Violation(item.invariant, item.message, state_id, None, item.action)
            return
        child, orbit, fired, broken = item
        result.transitions += 1
        for number in fired:
            result.fired[number] += 1
        if broken is not None:
            result.violation = Violation(broken[0], broken[1], state_id, child)
            return
        known = index.get(child)
        if known is None:
            known = index[child] = len(result.states)
            result.states.append(child)
            result.parents.append(state_id)
            result.unreduced_states += orbit
            next_frontier.append(known)
        result.sources.append(state_id)
        result.targets.append(known)
        if max_states is not None and len(index) >= max_states:
            result.stopped = "max-states"
            return
    result.expanded += 1


def _check_unexpanded(result: Exploration, state_ids: list[int]) -> None:
    """Check the state invariants of states counted but not expanded, in BFS order: where a
    search stops early, and where a broken step leads one level deeper than a broken state
    of its own level, whose trace is then the shorter (TLC checks a state when it is
    found). The first broken one becomes the violation."""
    for state_id in state_ids:
        game = decode(result.states[state_id])
        legal = None if is_chance(game) else legal_actions(result.edition, game)
        broken = _state_broken(result.edition, game, legal)
        result.state_checked += 1
        if broken:
            result.violation = Violation(*broken, state_id, None)
            return


def _cannot_end(result: Exploration) -> list[int]:
    """The states from which no path reaches a final phase, in BFS order (shallowest first):
    every state is marked from the final ones, backwards along the recorded transitions.

    The reversed transitions are packed by target (compressed rows of 4-byte ids) rather than
    kept as a list per state, which would cost more than the states themselves."""
    count, sources, targets = len(result.states), result.sources, result.targets
    starts = array("I", bytes(4 * (count + 1)))  # transitions into state i: starts[i]...
    for target in targets:
        starts[target + 1] += 1
    for i in range(count):
        starts[i + 1] += starts[i]
    into, free = array("I", bytes(4 * len(targets))), starts[:-1]
    for source, target in zip(sources, targets, strict=True):
        into[free[target]] = source
        free[target] += 1
    can_end = bytearray(phase_of(data) in MACHINE.final for data in result.states)
    stack = [i for i in range(count) if can_end[i]]
    while stack:
        state = stack.pop()
        for source in into[starts[state] : starts[state + 1]]:
            if not can_end[source]:
                can_end[source] = 1
                stack.append(source)
    return [i for i in range(count) if not can_end[i]]


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
