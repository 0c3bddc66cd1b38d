"""The main job, `unospec check`: every check of every edition, as data.

Per edition: the file against the schema, card conservation at setup for every player
count, random games with every invariant checked after every step, the exhaustive
exploration of a scaled deck, the engine's conformance, the proofs, the lint findings and
the saved baseline (each check is `edition_checks`' or `baseline_check`'s). The games and
explorations of all the editions share one pool of processes (`workload`); results do not
depend on how many. An edition that plays like one checked before it shares its long work.
Ctrl-C keeps the editions checked in full (`CheckInterrupted`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from unospec.checks.analyses.proofs import prove
from unospec.checks.engines.conformance import GAMES
from unospec.checks.jobs import workload
from unospec.checks.jobs.advice import CheckGames, ExplorationBound
from unospec.checks.jobs.baseline import (
    BaselineRefused,
    Fingerprint,
    fingerprint,
    games_fingerprint,
)
from unospec.checks.jobs.baseline_check import Recorded, baseline_check, portfolio_text
from unospec.checks.jobs.defaults import DEFAULT_GAMES, DEFAULT_MAX_STATES, DEFAULT_SCALE
from unospec.checks.jobs.edition_checks import (
    ConformancePlan,
    exploration_check,
    games_passed,
    lint_check,
    proofs_check,
    random_games,
    schema_check,
    setup_conservation,
    stopped_words,
)
from unospec.checks.jobs.results import (
    CheckResult,
    ConformanceCheck,
    ConformanceData,
    EditionReport,
    ExplorationCheck,
    ExplorationData,
    GamesCheck,
    GamesData,
    InterpretationJson,
)
from unospec.checks.jobs.workload import Outcome, Work
from unospec.editions import load_edition, reference
from unospec.model.edition import Edition

__all__ = [
    "CONFORM_GAMES",
    "CONFORM_STATES",
    "DEFAULT_GAMES",
    "DEFAULT_MAX_STATES",
    "DEFAULT_SCALE",
    "CheckInterrupted",
    "check_edition",
    "check_editions",
    "fingerprints_now",
    "portfolio_text",
]

Progress = Callable[[str, int, int], None]
"""progress(label, done, total): called as work completes; the CLI draws a bar from it."""

CONFORM_STATES = 16_000
"""States the conformance check compares in `unospec check`, breadth first, shared among the
runs of its plan (`conformance.plan`: `micro`, a seat more, two colours with action cards,
two copies of each wild, the distinguishing variant), to keep the check within its time
(`unospec conform` compares every state of a scale)."""


CONFORM_GAMES = GAMES
"""Full-size games the conformance check replays step by step, after its states (a module
constant, as CONFORM_STATES is, so that the tests of the other checks can replay fewer)."""


class CheckInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped `check_editions`; `reports` are the editions checked in full before it,
    in order, and `unchecked` the others (`during` is the first of them).

    A KeyboardInterrupt still, so that a caller with no use for the partial reports stops
    as on any Ctrl-C.
    """

    def __init__(self, reports: list[EditionReport], during: str, unchecked: list[str]) -> None:
        super().__init__(f"interrupted while checking {during}")
        self.reports = reports
        self.during = during
        self.unchecked = unchecked


def check_editions(
    names: list[str],
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    jobs: int = 0,
    scale: str | None = DEFAULT_SCALE,
    max_states: int | None = DEFAULT_MAX_STATES,
    progress: Progress | None = None,
    baselines: Path | None = None,
    engine: str = "compiled",
    conformance: int | None = None,
) -> list[EditionReport]:
    """Check each edition (a built-in name or a file path); `jobs` 0 means one per core;
    `baselines` is the folder of saved baselines (by default `baselines/` beside each file);
    an exploration that reaches `max_states` stops there and fails its check.

    Ctrl-C raises `CheckInterrupted` with the editions checked so far.
    """
    editions = [load_edition(name) for name in names]
    explore = _explore(scale, max_states, engine)
    conform = _conform(engine, conformance)
    return _check(editions, games, seed, jobs, explore, progress, baselines, None, conform, engine)


def fingerprints_now(
    editions: list[Edition],
    scale: str,
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    jobs: int = 0,
    max_states: int | None = DEFAULT_MAX_STATES,
    progress: Progress | None = None,
    engine: str = "compiled",
) -> list[Fingerprint | BaselineRefused]:
    """What `baseline save` records for each edition: its exploration at `scale` and its
    `games` random games, run as `check` runs them (one pool, see `workload`; an edition
    that behaves like an earlier one shares its work), then its fingerprint; where the games
    fail, or the exploration stops at `max_states`, a BaselineRefused instead (a baseline
    records what passing checks conclude)."""
    work = Work(editions, games, seed, _explore(scale, max_states, engine), engine=engine)
    outcome = Outcome()
    first = _first_alike(editions)  # a twin's games and exploration are its first's
    alone = [i for i, f in enumerate(first) if f == i]
    workload.run(work, alone, jobs or os.cpu_count() or 1, outcome, progress)
    found: list[Fingerprint | BaselineRefused] = []
    for i, edition in enumerate(editions):
        tally = outcome.played[first[i]].tally
        if not games_passed(tally, games):
            again = CheckGames(reference(edition), games, seed)
            found.append(BaselineRefused(edition.name, "its random games fail", games=again))
            continue
        explored = outcome.explored[first[i]].data
        if explored["stopped"] == "max-states":  # it would record part of the graph
            bound = ExplorationBound(explored["scale"])
            found.append(BaselineRefused(edition.name, stopped_words(explored), bound=bound))
            continue
        played = games_fingerprint(tally, seed) if games else None
        found.append(fingerprint(edition, prove(edition), explored, played))
    return found


def check_edition(
    edition: Edition,
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    jobs: int = 1,
    scale: str | None = DEFAULT_SCALE,
    max_states: int | None = DEFAULT_MAX_STATES,
    progress: Progress | None = None,
    same_as: EditionReport | None = None,
    baselines: Path | None = None,
    engine: str = "compiled",
    conformance: int | None = None,
) -> EditionReport:
    """Every check of one edition; `scale` None skips the exhaustive exploration.

    `same_as` is the report of an edition with the same behaviour (see `Edition.behaviour`),
    checked with the same settings: its random games and exploration passed, so this
    edition's would play the very same steps to the same verdicts, and are not run again.
    """
    try:
        explore = _explore(scale, max_states, engine)
        conform = _conform(engine, conformance)
        (report,) = _check(
            [edition], games, seed, jobs, explore, progress, baselines, same_as, conform, engine
        )
    except CheckInterrupted:
        raise KeyboardInterrupt from None
    return report


def _check(
    editions: list[Edition],
    games: int,
    seed: int,
    jobs: int,
    explore: workload.Explore | None,
    progress: Progress | None,
    baselines: Path | None,
    same_as: EditionReport | None,
    conform: workload.Conform | None = None,
    engine: str = "compiled",
) -> list[EditionReport]:
    """The editions' long work on one pool (see `workload`), then each edition's report in
    order. An edition that behaves like an earlier one (or like `same_as`) shares its passing
    games and exploration; where those failed, it runs its own after."""
    work = Work(editions, games, seed, explore, conform, engine)
    checking = _Checking(work, baselines, same_as)
    jobs = jobs or os.cpu_count() or 1
    try:
        workload.run(checking.work, checking.alone(), jobs, checking.outcome, progress)
        for i in range(len(editions)):
            if checking.ready(i) is None:  # its twin failed: it runs its own
                workload.run(checking.work, [i], jobs, checking.outcome, progress)
                checking.ready(i)
    except KeyboardInterrupt:
        done = [r for i in range(len(editions)) if (r := checking.ready(i))]
        unchecked = [e.name for i, e in enumerate(editions) if i not in checking.reports]
        if unchecked:  # else Ctrl-C came as the last report was made: nothing is missing
            raise CheckInterrupted(done, unchecked[0], unchecked) from None
    return [checking.reports[i] for i in range(len(editions))]


@dataclass
class _Checking:
    """The editions being checked, their long work, and the reports made so far."""

    work: Work
    baselines: Path | None
    same_as: EditionReport | None  # an edition's twin from outside the list
    outcome: Outcome = field(default_factory=Outcome)
    reports: dict[int, EditionReport] = field(default_factory=dict)  # by position

    def __post_init__(self) -> None:
        self.first = _first_alike(self.work.editions)

    def alone(self) -> list[int]:
        """The editions that behave like no other before them: each runs its own work."""
        if self.same_as is not None:
            return []
        return [i for i, first in enumerate(self.first) if first == i]

    def ready(self, i: int) -> EditionReport | None:
        """Edition `i`'s report, once its own long work, or its twin's passing one, is done."""
        if i in self.reports:
            return self.reports[i]
        edition, work = self.work.editions[i], self.work
        twin = self.reports.get(self.first[i]) if self.first[i] < i else self.same_as
        long_checks = _all_shared(twin, edition) if twin is not None else None
        if long_checks is None:
            if i not in self.outcome.played or not self.outcome.finished(i, work):
                return None
            long_checks = _long_checks(self.outcome, i, edition, work.games, work.seed)
        self.reports[i] = _report(edition, work.games, work.seed, long_checks, self.baselines)
        return self.reports[i]


def _first_alike(editions: list[Edition]) -> list[int]:
    """For each edition, the position of the first that behaves alike (itself, if none does
    before it): the same deck and rules play the very same games and states."""
    behaviours = [edition.behaviour() for edition in editions]
    return [behaviours.index(b) for b in behaviours]


def _long_checks(
    outcome: Outcome, i: int, edition: Edition, games: int, seed: int
) -> list[CheckResult]:
    """The random games and (when one was run) the exploration of edition number `i`."""
    played = outcome.played[i]
    checks: list[CheckResult] = [random_games(edition, games, seed, played.tally, played.seconds)]
    if i in outcome.explored:
        checks.append(outcome.explored[i])
    if i in outcome.conformed:
        checks.append(outcome.conformed[i])
    return checks


def _all_shared(twin: EditionReport, edition: Edition) -> list[CheckResult] | None:
    """The twin's passing games and exploration, told as `edition`'s; None if any failed."""
    shared = [
        _shared(twin, "random-games", edition.name),
        *([_shared(twin, "exploration", reference(edition))] if _has(twin, "exploration") else []),
        *([_shared(twin, "conformance", edition.name)] if _has(twin, "conformance") else []),
    ]
    return None if None in shared else [c for c in shared if c is not None]


def _has(report: EditionReport, name: str) -> bool:
    return any(c.name == name for c in report.checks)


def _shared(twin: EditionReport | None, name: str, edition: str) -> CheckResult | None:
    """The twin's passing result of check `name`, told as `edition`'s, or None."""
    found = next((c for c in twin.checks if c.name == name), None) if twin else None
    if twin is None or found is None or not found.ok:
        return None  # a failure is run again, so that its trace names this edition
    detail = f"{found.detail} (shared with {twin.name}, whose deck and rules are the same)"
    if isinstance(found, GamesCheck):
        games: GamesData = {**found.data, "edition": edition, "same_behaviour_as": twin.name}
        return replace(found, detail=detail, data=games)
    if isinstance(found, ExplorationCheck):
        explored: ExplorationData = {
            **found.data, "edition": edition, "same_behaviour_as": twin.name
        }  # fmt: skip
        return replace(found, detail=detail, data=explored)
    if isinstance(found, ConformanceCheck):
        conformed: ConformanceData = {
            **found.data, "edition": edition, "same_behaviour_as": twin.name
        }  # fmt: skip
        return replace(found, detail=detail, data=conformed)
    return None  # not a check a twin shares


def _report(
    edition: Edition,
    games: int,
    seed: int,
    long_checks: list[CheckResult],
    baselines: Path | None,
) -> EditionReport:
    """Every check of one edition, given its `games` random games and exploration."""
    checks = [schema_check(edition), setup_conservation(edition, seed), *long_checks]
    proofs = prove(edition)
    checks.append(proofs_check(proofs))
    checks.append(lint_check(edition, proofs, checks))
    explored = next((c.data for c in checks if isinstance(c, ExplorationCheck)), None)
    if explored and explored["stopped"] == "max-states":  # part of the graph: not comparable
        explored = None
    passed = (c.data["fingerprint"] for c in checks if isinstance(c, GamesCheck) and c.ok)
    played = next(passed, None)
    current = fingerprint(edition, proofs, explored, played)
    ran: Recorded = {"exploration": explored, "games": {"games": games, "seed": seed}}
    checks.append(baseline_check(edition, current, ran, baselines, all(c.ok for c in checks)))
    interpretations = tuple(
        InterpretationJson(
            id=item.id,
            section=item.section,
            chosen=item.chosen,
            alternatives=list(item.alternatives),
            decides=item.decides,
        )
        for item in edition.interpretations
    )
    return EditionReport(
        edition.name, edition.source, tuple(checks), interpretations, reference(edition)
    )


def _conform(engine: str, states: int | None) -> workload.Conform | None:
    """The conformance check `Work` runs for each edition: none on the reference kernel
    (there is no engine to hold to it) or when `states` is 0, else on `states` states (None:
    CONFORM_STATES)."""
    if engine == "reference" or states == 0:
        return None
    return ConformancePlan(CONFORM_STATES if states is None else states, CONFORM_GAMES)


def _explore(
    scale: str | None, max_states: int | None, engine: str = "compiled"
) -> workload.Explore | None:
    """The exploration `Work` runs for each edition (None: `scale` None, no exploration)."""
    if not scale:
        return None
    return partial(exploration_check, scale=scale, max_states=max_states, engine=engine)
