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

from unospec.model import machine as flow
from unospec.model.edition import Edition
from unospec.model.errors import MachineDefinitionError
from unospec.model.machine import TurnFlow
from unospec.model.state import GameState
from unospec.model.vocabulary import Event, Obligation, Phase

Check = Callable[[Edition, GameState, Any], object]


@dataclass(frozen=True)
class Branch:
    """One declared transition: from `source` on `event` to `target`, when `conditions` hold.

    `number` identifies it in coverage reports; `label` reads ``source --event [cond]--> target``.
    """

    number: int
    source: Phase
    event: Event
    target: Phase
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


@dataclass(frozen=True)
class Protocol:
    """The kernel's protocol with the machine, by phase (`machine.py` says what each table
    means), in the vocabulary's types: the tables every engine, invariant and diagram reads
    instead of copying phase names. The machine module writes them with plain ids, as it
    writes its states; `compile_machine` checks that each id names a phase of the machine."""

    automatic: dict[Phase, Event]
    same_step: dict[Phase, Event]
    steps: dict[tuple[Phase, type], Event]
    window_phases: frozenset[Phase]
    play_phases: frozenset[Phase] = frozenset()
    obligations: dict[Phase, Obligation] = field(default_factory=dict)
    pending_in: dict[Obligation, frozenset[Phase]] = field(default_factory=dict)
    parts: tuple[tuple[str, str, tuple[Phase, ...]], ...] = ()

    @classmethod
    def of(
        cls,
        automatic: dict[str, str],
        same_step: dict[str, str],
        steps: dict[tuple[str, type], str],
        window_phases: frozenset[str],
        play_phases: frozenset[str] = frozenset(),
        obligations: dict[str, str] | None = None,
        pending_in: dict[str, frozenset[str]] | None = None,
        parts: tuple[tuple[str, str, tuple[str, ...]], ...] = (),
    ) -> Protocol:
        """The tables as the machine module writes them, their ids made enum members (a toy
        machine's own ids stay plain strings)."""
        phase, event = _phase, _event
        return cls(
            automatic={phase(p): event(e) for p, e in automatic.items()},
            same_step={phase(p): event(e) for p, e in same_step.items()},
            steps={(phase(p), step): event(e) for (p, step), e in steps.items()},
            window_phases=frozenset(map(phase, window_phases)),
            play_phases=frozenset(map(phase, play_phases)),
            obligations={phase(p): Obligation(o) for p, o in (obligations or {}).items()},
            pending_in={
                Obligation(o): frozenset(map(phase, ps)) for o, ps in (pending_in or {}).items()
            },
            parts=tuple((i, title, tuple(map(phase, ps))) for i, title, ps in parts),
        )


def _phase(name: str) -> Phase:
    return Phase(name) if name in Phase.__members__ else name  # type: ignore[return-value]


def _event(name: str) -> Event:
    return Event(name) if name in Event.__members__ else name  # type: ignore[return-value]


PROTOCOL = Protocol.of(
    flow.AUTOMATIC,
    flow.SAME_STEP,
    flow.STEPS,
    flow.WINDOW_PHASES,
    flow.PLAY_PHASES,
    flow.OBLIGATIONS,
    flow.PENDING_IN,
    flow.PARTS,
)
"""The machine module's protocol tables, typed."""


@dataclass(frozen=True)
class CompiledMachine:
    """Every declared transition, the lookups the kernel needs, the protocol's tables and
    each phase's display name (the state's name in `TurnFlow`)."""

    phases: tuple[Phase, ...]
    initial: Phase
    final: frozenset[Phase]
    branches: tuple[Branch, ...]
    by_event: dict[tuple[Phase, Event], tuple[Branch, ...]]
    protocol: Protocol
    names: dict[Phase, str]

    @property
    def automatic(self) -> dict[Phase, Event]:
        return self.protocol.automatic

    @property
    def same_step(self) -> dict[Phase, Event]:
        return self.protocol.same_step

    @property
    def steps(self) -> dict[tuple[Phase, type], Event]:
        return self.protocol.steps

    @property
    def window_phases(self) -> frozenset[Phase]:
        return self.protocol.window_phases

    @property
    def play_phases(self) -> frozenset[Phase]:
        return self.protocol.play_phases

    @property
    def obligations(self) -> dict[Phase, Obligation]:
        return self.protocol.obligations

    @property
    def pending_in(self) -> dict[Obligation, frozenset[Phase]]:
        return self.protocol.pending_in

    @property
    def parts(self) -> tuple[tuple[str, str, tuple[Phase, ...]], ...]:
        return self.protocol.parts

    def events_from(self, phase: Phase) -> tuple[Event, ...]:
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
    automatic: dict[str, str] | None = None,
    same_step: dict[str, str] | None = None,
    steps: dict[tuple[str, type], str] | None = None,
    window_phases: frozenset[str] | None = None,
) -> CompiledMachine:
    """Read `machine` into a `CompiledMachine`, checking its structure.

    The keyword arguments are the kernel's protocol with the machine (see `machine.py`);
    tests pass others to check toy machines, whose phases need no other tables. The real
    machine is also checked against its vocabulary (`Phase`, `Event`).
    """
    if machine is TurnFlow:
        _check_vocabulary(machine, Phase, Event)
    given = (automatic, same_step, steps, window_phases)
    protocol = PROTOCOL
    if any(table is not None for table in given):
        protocol = Protocol.of(
            automatic or {}, same_step or {}, steps or {}, window_phases or frozenset()
        )
    branches: list[Branch] = []
    for state in machine.states:
        for transition in state.transitions:
            (event,) = [str(e) for e in transition.events]
            branches.append(
                Branch(
                    number=len(branches),
                    source=_phase(transition.source.id),
                    event=_event(event),
                    target=_phase(transition.target.id),
                    conditions=_functions(transition.cond, True),
                    unless=_functions(transition.cond, False),
                    validators=_functions(transition.validators),
                    update=next(iter(_functions(transition.on)), None),
                )
            )
    by_event: dict[tuple[Phase, Event], list[Branch]] = {}
    for branch in branches:
        by_event.setdefault((branch.source, branch.event), []).append(branch)
    compiled = CompiledMachine(
        phases=tuple(_phase(s.id) for s in machine.states),
        initial=next(_phase(s.id) for s in machine.states if s.initial),
        final=frozenset(_phase(s.id) for s in machine.states if s.final),
        branches=tuple(branches),
        by_event={key: tuple(group) for key, group in by_event.items()},
        protocol=protocol,
        names={_phase(s.id): str(s.name) for s in machine.states},
    )
    _check_structure(compiled)
    return compiled


def _check_vocabulary(
    machine: type[StateMachine], phases: type[Phase], events: type[Event]
) -> None:
    """The enums name exactly the machine's states and events, so neither side can be
    renamed or extended alone."""
    problems = []
    declared = {s.id for s in machine.states}
    fired = {str(e) for s in machine.states for t in s.transitions for e in t.events}
    for what, kind, actual in (("phase", phases, declared), ("event", events, fired)):
        named = {m.value for m in kind}
        if actual - named:
            problems.append(
                f"{what}s of the machine not in {kind.__name__}: {sorted(actual - named)}"
            )
        if named - actual:
            problems.append(f"{kind.__name__} members not in the machine: {sorted(named - actual)}")
    if problems:
        raise MachineDefinitionError("; ".join(problems))


def _check_structure(machine: CompiledMachine) -> None:
    """One initial phase, no trap phases, every phase reachable, steps and automatic events
    declared where they are used, one set of guards per event and phase, and the protocol's
    phase tables naming only phases of the machine (every phase in exactly one part)."""
    problems: list[str] = []
    protocol = machine.protocol
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
    for phase, event in {**protocol.automatic, **protocol.same_step}.items():
        if set(machine.events_from(phase)) != {event}:
            problems.append(f"{phase} must be left by '{event}' alone")
    for (phase, _), event in protocol.steps.items():
        if (phase, event) not in machine.by_event:
            problems.append(f"step event '{event}' is not declared from {phase}")
    for phase in protocol.window_phases:
        if (phase, "close_window") not in machine.by_event:
            problems.append(f"{phase} has no close_window")
    for (phase, event), group in machine.by_event.items():
        if len({b.validators for b in group}) > 1:
            problems.append(f"{phase} --{event}: branches disagree on their guards")
    named = {
        *protocol.play_phases,
        *protocol.obligations,
        *(p for phases in protocol.pending_in.values() for p in phases),
        *(p for _, _, phases in protocol.parts for p in phases),
    }
    unknown = sorted(named - set(machine.phases))
    if unknown:
        problems.append(f"the protocol's tables name phases the machine lacks: {unknown}")
    placed = [p for _, _, phases in protocol.parts for p in phases]
    if protocol.parts and sorted(placed) != sorted(machine.phases):
        problems.append("the parts do not hold every phase exactly once")
    if problems:
        raise MachineDefinitionError("; ".join(problems))


MACHINE = compile_machine()
"""The turn flow as the kernel uses it."""
