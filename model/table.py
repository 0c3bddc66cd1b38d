"""The turn-flow machine compiled into a lookup table, checked for structure on the way.

The library dispatches an event in about 70 microseconds; exhaustive search needs far less.
`compile_machine` reads the machine class's states and transitions once (never a copy of
them) into `Branch` records keyed by (phase, event), in the order the library tries them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from statemachine import StateMachine

from unospec.model.edition import Edition
from unospec.model.machine import AUTOMATIC, SAME_STEP, STEPS, WINDOW_PHASES, TurnFlow
from unospec.model.state import GameState

Check = Callable[[Edition, GameState, Any], object]


@dataclass(frozen=True)
class Branch:
    """One declared transition: from `source` on `event` to `target`, when `conditions` hold.

    `number` identifies it in coverage reports; `label` reads ``source --event [cond]--> target``.
    """

    number: int
    source: str
    event: str
    target: str
    conditions: tuple[Check, ...]
    unless: tuple[Check, ...]
    validators: tuple[Check, ...]
    update: Check | None
    guard_names: tuple[str, ...] = field(init=False, compare=False)
    label: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        """Name the branch once: invariants and reports read the label on every step."""
        guards = tuple(c.__name__ for c in self.conditions)
        guards += tuple(f"not {c.__name__}" for c in self.unless)
        guard = f" [{' and '.join(guards)}]" if guards else ""
        object.__setattr__(self, "guard_names", guards)
        object.__setattr__(self, "label", f"{self.source} --{self.event}{guard}--> {self.target}")


class MachineDefinitionError(Exception):
    """The machine class breaks a structural rule; raised when the module is imported."""


@dataclass(frozen=True)
class CompiledMachine:
    """Every declared transition, and the lookups the kernel needs."""

    phases: tuple[str, ...]
    initial: str
    final: frozenset[str]
    branches: tuple[Branch, ...]
    by_event: dict[tuple[str, str], tuple[Branch, ...]]

    def events_from(self, phase: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(b.event for b in self.branches if b.source == phase))


def _functions(specs: Any, expected: bool | None = None) -> tuple[Check, ...]:
    return tuple(
        spec.func
        for spec in specs
        if not spec.is_convention and (expected is None or spec.expected_value is expected)
    )


def compile_machine(
    machine: type[StateMachine] = TurnFlow,
    *,
    automatic: dict[str, str] = AUTOMATIC,
    same_step: dict[str, str] = SAME_STEP,
    steps: dict[tuple[str, type], str] = STEPS,
    window_phases: frozenset[str] = WINDOW_PHASES,
) -> CompiledMachine:
    """Read `machine` into a `CompiledMachine`, checking its structure.

    The keyword arguments are the kernel's protocol with the machine (see `machine.py`);
    tests pass others to check toy machines.
    """
    branches: list[Branch] = []
    for state in machine.states:
        for transition in state.transitions:
            (event,) = [str(e) for e in transition.events]
            branches.append(
                Branch(
                    number=len(branches),
                    source=transition.source.id,
                    event=event,
                    target=transition.target.id,
                    conditions=_functions(transition.cond, True),
                    unless=_functions(transition.cond, False),
                    validators=_functions(transition.validators),
                    update=next(iter(_functions(transition.on)), None),
                )
            )
    by_event: dict[tuple[str, str], list[Branch]] = {}
    for branch in branches:
        by_event.setdefault((branch.source, branch.event), []).append(branch)
    compiled = CompiledMachine(
        phases=tuple(s.id for s in machine.states),
        initial=next(s.id for s in machine.states if s.initial),
        final=frozenset(s.id for s in machine.states if s.final),
        branches=tuple(branches),
        by_event={key: tuple(group) for key, group in by_event.items()},
    )
    _check_structure(compiled, automatic, same_step, steps, window_phases)
    return compiled


def _check_structure(
    machine: CompiledMachine,
    automatic: dict[str, str],
    same_step: dict[str, str],
    steps: dict[tuple[str, type], str],
    window_phases: frozenset[str],
) -> None:
    """One initial phase, no trap phases, every phase reachable, steps and automatic events
    declared where they are used, and one set of guards per event and phase."""
    problems: list[str] = []
    outgoing = {b.source for b in machine.branches}
    traps = [p for p in machine.phases if p not in outgoing and p not in machine.final]
    if traps:
        problems.append(f"phases with no way out: {traps}")
    reached, frontier = {machine.initial}, [machine.initial]
    while frontier:
        phase = frontier.pop()
        for branch in machine.branches:
            if branch.source == phase and branch.target not in reached:
                reached.add(branch.target)
                frontier.append(branch.target)
    unreachable = [p for p in machine.phases if p not in reached]
    if unreachable:
        problems.append(f"unreachable phases: {unreachable}")
    for phase, event in {**automatic, **same_step}.items():
        if set(machine.events_from(phase)) != {event}:
            problems.append(f"{phase} must be left by {event!r} alone")
    for (phase, _), event in steps.items():
        if (phase, event) not in machine.by_event:
            problems.append(f"step event {event!r} is not declared from {phase}")
    for phase in window_phases:
        if (phase, "close_window") not in machine.by_event:
            problems.append(f"{phase} has no close_window")
    for (phase, event), group in machine.by_event.items():
        if len({b.validators for b in group}) > 1:
            problems.append(f"{phase} --{event}: branches disagree on their guards")
    if problems:
        raise MachineDefinitionError("; ".join(problems))


MACHINE = compile_machine()
"""The turn flow as the kernel uses it."""
