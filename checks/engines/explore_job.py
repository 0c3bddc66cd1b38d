"""`unospec explore` as a job: scale the edition, explore it, explain what was found.

The result is data (`to_json`); a violation comes with its shortest trace, checked by replay,
the table of what each step changed, and a ready pytest regression test.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NotRequired, TypedDict, Unpack

from unospec.checks.engines.counterexample import (
    StepRow,
    Witness,
    WitnessJson,
    concrete_trace,
    path_to,
    progress_test,
    regression_test,
    violation_path,
)
from unospec.checks.engines.explorer import Explored, Progress, Violation, explore
from unospec.checks.engines.replay import IllegalStep, StepViolation, replay
from unospec.checks.properties.invariants import INVARIANTS, Invariant
from unospec.editions import load_edition, reference_in
from unospec.model.actions import Deal
from unospec.model.edition import Edition
from unospec.model.scale import (
    LIST_SEPARATOR,
    fitting_scale,
    parse_scale,
    require_dealable,
    scale_edition,
)
from unospec.model.table import MACHINE
from unospec.model.trace import Trace, TraceJson, TraceNotes
from unospec.model.trace_formats import ITF_FORMAT, OWN_FORMAT, trace_text

PROGRESS = "game-can-end"
"""The progress property's name: from every reachable state the game can still end."""
STUCK = "no moves or shuffles from here end the game"
"""What the progress property's witness shows, at its last step."""


def explore_compiled(edition: Edition, players: int, **options: Any) -> Explored:
    """The compiled engine's exploration (`engines.compiled.exploration.explore`), imported
    only when one runs: a command that reads this module's JSON types starts without numba."""
    from unospec.checks.engines.compiled.exploration import explore as explore_engine

    return explore_engine(edition, players, **options)


class Replayed(TypedDict):
    """A counterexample replayed by the kernel: whether it replays, and what it breaks."""

    ok: bool
    violation: StepViolation | None
    first_illegal: IllegalStep | None


class InvariantJson(TypedDict):
    name: str
    ok: bool
    states_checked: int


class ProgressJson(TypedDict):
    """The progress property (`PROGRESS`): from how many states the game cannot end."""

    name: str
    ok: bool
    stuck_states: int
    witness: WitnessJson | None


class ViolationJson(TypedDict):
    """The invariant broken, its shortest trace told step by step, and its replay."""

    invariant: str
    message: str
    engine_only: bool
    trace: TraceJson | None
    dealt: list[str]
    steps: list[StepRow]
    replayed: Replayed | None


class ScaleJson(TypedDict):
    """One scale of several explored together (`portfolio_json`)."""

    scale: str
    scale_settings: str
    distinct_states: int
    transitions: int
    depth: int
    complete: bool
    never_fired: list[str]


class ExplorationJson(TypedDict):
    """`unospec explore`'s JSON document: one scale's (`ExploreReport.to_json`), or several
    added up, with each one's figures under `portfolio` (`portfolio_json`)."""

    edition: str
    players: int
    scale: str
    symmetry: bool
    scale_settings: str
    engine: str
    distinct_states: int
    unreduced_states: int
    transitions: int
    depth: int
    seconds: float
    states_per_second: int
    complete: bool
    stopped: str | None
    peak_memory_mb: float
    bytes_per_state: int | None  # None: too few states to measure
    expanded_states: int
    fingerprint_collision_probability: float | None  # None: not a fingerprinting engine
    invariants: list[InvariantJson]
    coverage: dict[str, int]  # transitions fired, by the machine's branch label
    never_fired: list[str]
    phases: list[str]
    progress: ProgressJson | None  # None: not checked (the exploration did not finish)
    violation: ViolationJson | None
    portfolio: NotRequired[list[ScaleJson]]
    written: NotRequired[list[str]]  # the files `write_counterexample` wrote, once written


@dataclass(frozen=True)
class ExploreReport:
    """An exploration and, when it broke an invariant, its counterexample."""

    edition: str
    scale: str
    exploration: Explored
    counterexample: Witness | None = None  # the shortest trace to the broken invariant
    replayed: Replayed | None = None
    stuck: Witness | None = None  # the shallowest state the game cannot end from

    @property
    def ok(self) -> bool:
        return self.exploration.violation is None and not self.exploration.stuck

    @property
    def trace(self) -> Trace | None:
        return self.counterexample.trace if self.counterexample else None

    @property
    def table(self) -> list[StepRow]:
        return list(self.counterexample.steps) if self.counterexample else []

    @property
    def dealt(self) -> list[str]:
        """The table the counterexample's steps start from, in words."""
        return list(self.counterexample.dealt) if self.counterexample else []

    def to_json(self) -> ExplorationJson:
        x = self.exploration
        broken = x.violation.invariant if x.violation else None
        seconds = max(x.seconds, 1e-9)
        collisions: float | None = getattr(x, "collision_probability", None)
        return {
            "edition": self.edition,
            "players": x.players,
            "scale": self.scale,
            "symmetry": x.symmetry,
            "scale_settings": str(parse_scale(self.scale)),
            "engine": x.engine,
            "distinct_states": x.distinct_states,
            "unreduced_states": x.unreduced_states,
            "transitions": x.transitions,
            "depth": x.depth,
            "seconds": round(x.seconds, 3),
            "states_per_second": round(x.distinct_states / seconds),
            "complete": x.complete,
            "stopped": x.stopped or ("violation" if x.violation else None),
            "peak_memory_mb": round(x.peak_memory_mb, 1),
            "bytes_per_state": round(x.bytes_per_state) or None,
            "expanded_states": x.expanded,
            "fingerprint_collision_probability": collisions,
            "invariants": [
                {"name": i.name, "ok": i.name != broken, "states_checked": _checked_in(x, i)}
                for i in INVARIANTS
            ],
            "coverage": {b.label: x.fired[b.number] for b in MACHINE.branches},
            "never_fired": [b.label for b in MACHINE.branches if not x.fired[b.number]],
            "phases": sorted(x.phases),
            "progress": None
            if x.stuck is None
            else {
                "name": PROGRESS,
                "ok": not x.stuck,
                "stuck_states": len(x.stuck),
                "witness": self.stuck.to_json() if self.stuck else None,
            },
            "violation": None
            if x.violation is None
            else {
                "invariant": x.violation.invariant,
                "message": x.violation.message,
                "engine_only": x.violation.engine_only,
                "trace": self.trace.to_json() if self.trace else None,
                "dealt": self.dealt,
                "steps": self.table,
                "replayed": self.replayed,
            },
        }


def _checked_in(exploration: Explored, invariant: Invariant) -> int:
    """In how many of the states counted `invariant` was checked: a state invariant in each
    state checked, expanded or not; a step or move invariant in each state whose every move
    and shuffle was tried (fewer, where the search stopped)."""
    if invariant.kind == "always":
        return exploration.state_checked
    return exploration.expanded


class ExploreOptions(TypedDict, total=False):
    """`explore_edition`'s options besides the scale, which `run_exploration` and
    `explore_scales` pass on."""

    players: int | None
    symmetry: bool
    max_states: int | None
    jobs: int
    progress: Progress | None
    partial_on_interrupt: bool
    fit: bool
    engine: str


def run_exploration(
    edition_name: str, scale: str = "micro", **options: Unpack[ExploreOptions]
) -> ExploreReport:
    """Load an edition by name or file, then `explore_edition` it at `scale` with `options`."""
    return explore_edition(load_edition(edition_name), edition_name, scale=scale, **options)


def explore_edition(
    base: Edition,
    reference: str,
    *,
    players: int | None = None,
    scale: str = "micro",
    symmetry: bool = True,
    max_states: int | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    partial_on_interrupt: bool = False,
    fit: bool = False,
    engine: str = "compiled",
) -> ExploreReport:
    """Explore `base` at `scale` with `players` (by default the fewest it allows);
    `reference` is how a counterexample trace names it. A scale too small to deal is an
    InputError, or with `fit` replaced by the nearest that deals (see `fitting_scale`): the
    report's `scale` says which was explored. `engine` runs the search on the compiled
    engine (`engines.compiled`) or on the reference kernel (`engines.explorer`), which tests
    use to see the reference's own bugs caught."""
    players = base.rules.min_players if players is None else players
    base.require_players(players)
    if fit:
        scale = fitting_scale(base, players, scale)
    edition = scale_edition(base, parse_scale(scale))
    require_dealable(edition, players, scale, base)
    search: Callable[..., Explored] = explore if engine == "reference" else explore_compiled
    exploration: Explored = search(
        edition,
        players,
        symmetry=symmetry,
        max_states=max_states,
        jobs=jobs,
        progress=progress,
        partial_on_interrupt=partial_on_interrupt,
    )
    counterexample = replayed = stuck = None
    if exploration.violation is not None:
        path = violation_path(exploration)
        if path:
            trace = concrete_trace(edition, players, path, base=reference, scale=scale)
        else:  # the first deal itself has no outcome: its order is the whole witness
            trace = _first_deal(edition, players, exploration.violation, reference, scale)
        counterexample = Witness.of(edition, trace)
        result = replay(edition, trace)
        replayed = Replayed(
            ok=result.ok, violation=result.violation, first_illegal=result.first_illegal
        )
    if exploration.stuck:
        first, *deeper = exploration.stuck
        path = path_to(exploration, first)
        if not path and deeper:  # stuck from the empty table: show a deal stuck like it
            path = path_to(exploration, deeper[0])
        if path:
            trace = concrete_trace(edition, players, path, base=reference, scale=scale)
            stuck = Witness.of(edition, trace)
    return ExploreReport(base.name, scale, exploration, counterexample, replayed, stuck)


def _first_deal(
    edition: Edition, players: int, violation: Violation, reference: str, scale: str
) -> Trace:
    deal = violation.action
    assert isinstance(deal, Deal), violation  # only a shuffle can fail at the empty table
    ids = edition.faces.card_id
    order = tuple(ids(card) for card in deal.order)
    return Trace(edition=reference, players=players, deck=order, steps=(), scale=scale)


def write_counterexample(
    report: ExploreReport, folder: Path, trace_format: str = OWN_FORMAT
) -> list[Path]:
    """Write the trace and its regression test into `folder`; return their paths.

    For a state the game cannot end from, the trace that reaches it, and a test that
    searches on from where it leads (`progress_test`). The trace is in `trace_format`:
    unospec's own, or ITF (named `.itf.json`; the test keeps its own copy of the trace)."""
    violation = report.exploration.violation
    folder.mkdir(parents=True, exist_ok=True)
    if violation is None and report.stuck is not None:
        trace = _stored(report.stuck.trace, folder, PROGRESS, STUCK)
        name, test = PROGRESS, progress_test(trace, STUCK)
    else:
        assert report.trace is not None and violation is not None
        trace = _stored(report.trace, folder, violation.invariant, violation.message)
        name = violation.invariant
        test = regression_test(trace, violation.invariant, violation.message)
    stem = f"{report.edition}-{name}"
    trace_path = folder / (f"{stem}.itf.json" if trace_format == ITF_FORMAT else f"{stem}.json")
    test_path = folder / f"test_{stem.replace('-', '_')}.py"
    trace_path.write_text(trace_text(trace, trace_format, report.exploration.edition))
    test_path.write_text(test)
    return [trace_path, test_path]


def _stored(trace: Trace, folder: Path, invariant: str, message: str) -> Trace:
    """`trace` as a file in `folder` names its edition (see `reference_in`), with the
    property it was written for (the trace format's `violation`, which replay reports)."""
    recorded: TraceNotes = {
        **trace.extra,
        "violation": {"invariant": invariant, "message": message},
    }
    return dataclasses.replace(trace, edition=reference_in(trace.edition, folder), extra=recorded)


def explore_scales(
    base: Edition, reference: str, scales: list[str], **options: Unpack[ExploreOptions]
) -> list[ExploreReport]:
    """`explore_edition` at each scale in turn (`options` as there), stopping after the
    first that fails, stops early or is interrupted: its report is the last."""
    reports: list[ExploreReport] = []
    for scale in scales:
        report = explore_edition(base, reference, scale=scale, **options)
        reports.append(report)
        if not report.ok or not report.exploration.complete:
            break
    return reports


def portfolio_json(reports: list[ExploreReport], scale: str) -> ExplorationJson:
    """Several explorations as one: the keys of `ExploreReport.to_json`, added up over the
    scales (states, transitions, coverage...), the verdicts of the one that failed (or of
    the first), and `portfolio`, one entry per scale explored. `scale` is the list explored,
    as `explore_edition` fitted each."""
    each = [report.to_json() for report in reports]
    failing = next((j for j in each if j["violation"] or not j["complete"]), None)
    stuck = next((j for j in each if j["progress"] and not j["progress"]["ok"]), None)
    data: ExplorationJson = {**(failing or stuck or each[0])}
    data["scale"] = scale
    data["scale_settings"] = LIST_SEPARATOR.join(j["scale_settings"] for j in each)
    data["distinct_states"] = sum(j["distinct_states"] for j in each)
    data["unreduced_states"] = sum(j["unreduced_states"] for j in each)
    data["transitions"] = sum(j["transitions"] for j in each)
    data["expanded_states"] = sum(j["expanded_states"] for j in each)
    data["seconds"] = round(sum(j["seconds"] for j in each), 3)
    data["depth"] = max(j["depth"] for j in each)
    data["states_per_second"] = round(data["distinct_states"] / max(data["seconds"], 1e-9))
    data["complete"] = all(j["complete"] for j in each)
    data["peak_memory_mb"] = max(j["peak_memory_mb"] for j in each)
    coverage = {label: sum(j["coverage"][label] for j in each) for label in each[0]["coverage"]}
    data["coverage"] = coverage
    data["never_fired"] = [label for label, n in coverage.items() if not n]
    data["phases"] = sorted({phase for j in each for phase in j["phases"]})
    data["invariants"] = [
        {
            "name": first["name"],
            "ok": all(j["invariants"][i]["ok"] for j in each),
            "states_checked": sum(j["invariants"][i]["states_checked"] for j in each),
        }
        for i, first in enumerate(each[0]["invariants"])
    ]
    data["portfolio"] = [
        {
            "scale": j["scale"],
            "scale_settings": j["scale_settings"],
            "distinct_states": j["distinct_states"],
            "transitions": j["transitions"],
            "depth": j["depth"],
            "complete": j["complete"],
            "never_fired": j["never_fired"],
        }
        for j in each
    ]
    return data
