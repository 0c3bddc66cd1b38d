"""Exhaustive exploration: every reachable state of a (scaled) edition, breadth first.

Like TLC or Stateright's BFS checker: states are deduplicated (up to colour renaming when
symmetry is on), every named invariant is checked in every new state and on every step, and
the first violation found is at the least depth, so its trace is a shortest one. The draw
pile is a multiset and every draw a branch (see `chance`), so every deal order is covered.

Memory grows with the number of distinct states (about one GameState and a parent index
each); `max_states` bounds it, and the exploration then stops with partial statistics.
"""

from __future__ import annotations

import resource
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from unospec.checks.chance import Outcome, chance_outcomes, normalize, outcomes
from unospec.checks.invariants import INVARIANTS, violations
from unospec.checks.symmetry import canonical, colour_renamings
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table, is_chance, legal_actions
from unospec.model.state import GameState
from unospec.model.table import MACHINE

Progress = Callable[[int, int], None]
"""progress(distinct states, depth)."""


@dataclass
class Violation:
    """The first invariant broken: where, and the state (canonical) that broke it."""

    invariant: str
    message: str
    parent: int  # the id of the last good state on the path
    state: GameState | None  # the offending successor (None: `parent` itself deadlocks)


@dataclass
class Exploration:
    """What an exploration found, and how it went."""

    edition: Edition
    players: int
    symmetry: bool
    states: list[GameState] = field(default_factory=list)
    parents: list[int] = field(default_factory=list)
    transitions: int = 0
    depth: int = 0
    seconds: float = 0.0
    unreduced_states: int = 0
    fired: Counter[int] = field(default_factory=Counter)
    violation: Violation | None = None
    stopped: str | None = None  # "max-states" | "interrupted" | None when complete
    peak_memory_mb: float = 0.0
    bytes_per_state: float = 0.0
    phases: set[str] = field(default_factory=set)

    @property
    def complete(self) -> bool:
        return self.stopped is None and self.violation is None

    def path(self, state_id: int) -> list[int]:
        """State ids from the initial state to `state_id`."""
        ids = []
        while state_id >= 0:
            ids.append(state_id)
            state_id = self.parents[state_id]
        return ids[::-1]


def successors(edition: Edition, game: GameState) -> Iterator[Outcome]:
    """Every outcome of every move and chance event from a normalized state."""
    if is_chance(game):
        yield from chance_outcomes(edition, game)
        return
    for action in legal_actions(edition, game):
        yield from outcomes(edition, game, action)


def explore(
    edition: Edition,
    players: int,
    *,
    symmetry: bool = True,
    max_states: int | None = None,
    progress: Progress | None = None,
) -> Exploration:
    """Explore every state reachable by `players` players; stop at the first violation."""
    renamings = colour_renamings(edition) if symmetry else []
    result = Exploration(edition, players, symmetry)
    memory_before = _rss_mb()
    started = time.perf_counter()
    start = normalize(empty_table(edition, players))
    index: dict[GameState, int] = {start: 0}
    result.states.append(start)
    result.parents.append(-1)
    result.unreduced_states = canonical(start, renamings)[1]
    frontier = [0]
    try:
        while frontier and result.violation is None:
            next_frontier: list[int] = []
            for state_id in frontier:
                _expand(edition, result, index, renamings, state_id, next_frontier)
                if result.violation is not None:
                    break
                if max_states is not None and len(index) >= max_states:
                    result.stopped = "max-states"
                    break
            if result.stopped:
                break
            if next_frontier:
                result.depth += 1
            frontier = next_frontier
            if progress:
                progress(len(index), result.depth)
    except KeyboardInterrupt:
        result.stopped = "interrupted"
    result.seconds = time.perf_counter() - started
    result.peak_memory_mb = _rss_mb()
    grown = max(0.0, result.peak_memory_mb - memory_before)
    result.bytes_per_state = grown * 2**20 / max(1, len(result.states))
    return result


def _expand(
    edition: Edition,
    result: Exploration,
    index: dict[GameState, int],
    renamings: list[Any],
    state_id: int,
    next_frontier: list[int],
) -> None:
    game = result.states[state_id]
    result.phases.add(game.phase)
    if game.phase in MACHINE.final:
        return
    if not is_chance(game) and not legal_actions(edition, game):
        message = f"no legal action in phase {game.phase}"
        result.violation = Violation("no-deadlock", message, state_id, None)
        return
    for outcome in successors(edition, game):
        result.transitions += 1
        for step in outcome.fired:
            result.fired[step.branch.number] += 1
        broken = violations(edition, outcome.after, game, outcome.fired, kinds=("step",))
        child, orbit = canonical(normalize(outcome.after), renamings)
        if not broken and child in index:
            continue
        if not broken:
            broken = violations(edition, outcome.after, kinds=("always",), skip=_DEADLOCK)
        if broken:
            name, message = broken[0]
            result.violation = Violation(name, message, state_id, child)
            return
        index[child] = len(result.states)
        result.states.append(child)
        result.parents.append(state_id)
        result.unreduced_states += orbit
        next_frontier.append(index[child])


_DEADLOCK = frozenset({"no-deadlock"})  # checked when a state is expanded, not when found


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def invariant_names() -> list[str]:
    return [invariant.name for invariant in INVARIANTS]
