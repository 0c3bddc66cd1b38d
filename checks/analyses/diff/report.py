"""`unospec diff`'s result: the differences found, the evidence for one in behaviour, and
the bound searched; and the JSON document it is printed as (`DiffJson`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:  # types only: the counterexample search and the replay load the explorer,
    # the invariants and the trace readers, which `diff --scale none` runs none of
    from unospec.checks.engines.counterexample import StepRow
    from unospec.checks.engines.replay import ChallengeJson, IllegalStep, OwedJson
    from unospec.model.trace import TraceJson


@dataclass(frozen=True)
class StatesBound:
    """An exploration cut short at its bound: it counted at least `states` states, and says
    no more (the command line says which option raises the bound)."""

    states: int

    def words(self) -> str:
        return f"at least {self.states}"


class DifferenceJson(TypedDict):
    kind: str
    path: str
    a: object
    b: object
    detail: str


@dataclass(frozen=True)
class Difference:
    """One way the editions differ: what kind of thing, where, and each side's value."""

    kind: str  # deck, parameter, scoring, interpretation, transition, proof, finding, exploration
    path: str
    a: object
    b: object
    detail: str = ""  # what a value alone does not say: a finding's message

    def to_json(self) -> DifferenceJson:
        return {
            "kind": self.kind,
            "path": self.path,
            "a": _json(self.a),
            "b": _json(self.b),
            "detail": self.detail,
        }


def _json(value: object) -> object:
    return value.words() if isinstance(value, StatesBound) else value


class Untested(TypedDict):
    """A data difference play at the shared scale cannot show (`untested.scaled_away`)."""

    path: str
    a: object
    b: object


class Capped(TypedDict):
    """Two draw amounts the shared deck cannot tell apart (`untested.capped`)."""

    path: str
    a: int
    b: int
    most_drawn: int


class BoundJson(TypedDict):
    """The behaviour search's bound (`joint_search.SearchBound` but whether it dealt a next
    hand), and what it did not compare: the data differences play there cannot show, the
    draw amounts it cannot tell apart, the other table sizes both editions seat."""

    scale: str
    players: int
    max_states: int
    left_out: list[str]
    states: int
    depth: int
    complete: bool
    scaled_away: list[Untested]
    capped: list[Capped]
    players_not_compared: list[int]


class ReplayEnd(TypedDict):
    """How the trace replays on one edition, and the table it leaves (`replay.pending`)."""

    ok: bool
    steps: int
    first_illegal: IllegalStep | None
    phase: str
    current: int | None
    hands: list[int] | None
    owed: OwedJson | None
    challenge: ChallengeJson | None


class Replays(TypedDict):
    a: ReplayEnd
    b: ReplayEnd


class FieldPair(TypedDict):
    """A state field each edition's replay ends with a different value of."""

    a: object
    b: object


class Parting(TypedDict):
    """The step at which the editions part: who did what (unless both refused it), and what
    it did in each (or why one refused it); keys in the order they were told."""

    step: NotRequired[int]
    player: NotRequired[int | None]
    action: NotRequired[str]
    a: list[str]
    b: list[str]


class DistinguishingTrace(TypedDict):
    """The evidence: how the editions part and the shortest trace that shows it (`trace`
    None, and no more, when they could not be compared), the step where they part (-1:
    as dealt), each replay, the state fields left different, and the trace in words."""

    how: str
    trace: TraceJson | None
    step: int | None
    replay: Replays | None
    fields: NotRequired[dict[str, FieldPair]]
    dealt: NotRequired[list[str]]
    steps: NotRequired[list[StepRow]]
    parting: NotRequired[Parting | None]


class RuleJson(TypedDict):
    """One rule difference on its own (`rules`): its key paths (several when they must
    change together), each one's value in a and in b (None: absent), the sections either
    edition cites for it, and how a with only that rule set to b's value compares with a:
    `changes` (the shortest trace that tells them apart, and its length in steps),
    `equivalent`, `undecided` (why), or `not-separable` (the schema's reason); `states`:
    how many the search saw (None: no search)."""

    paths: list[str]
    a: list[object]
    b: list[object]
    sections: list[str]
    verdict: str
    reason: str
    steps: int | None
    states: int | None
    trace: DistinguishingTrace | None


class DiffJson(TypedDict):
    a: str
    b: str
    equivalent: bool
    undecided: bool
    differences: list[DifferenceJson]
    distinguishing_trace: DistinguishingTrace | None
    bound: BoundJson
    rules: list[RuleJson]


@dataclass(frozen=True)
class DiffReport:
    """Everything `unospec diff` found: the editions' names, the differences, the evidence
    for one in behaviour (None: none found), the bound of that search, and each rule
    difference with its own evidence (`rules`)."""

    a: str
    b: str
    differences: list[Difference]
    trace: DistinguishingTrace | None
    bound: BoundJson
    rules: list[RuleJson] = field(default_factory=list)

    @property
    def equivalent(self) -> bool:
        """No difference in data, and none in every state of the shared deck."""
        return not self.differences and self.trace is None and self.bound["complete"]

    @property
    def undecided(self) -> bool:
        """No difference found, but the search stopped before it saw every state: the
        editions are not shown to differ, nor shown equivalent."""
        return not self.differences and self.trace is None and not self.equivalent

    def to_json(self) -> DiffJson:
        return {
            "a": self.a,
            "b": self.b,
            "equivalent": self.equivalent,
            "undecided": self.undecided,
            "differences": [d.to_json() for d in self.differences],
            "distinguishing_trace": self.trace,
            "bound": self.bound,
            "rules": self.rules,
        }
