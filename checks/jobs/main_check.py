"""The main job, `unospec check`: every check of every edition, as data.

Per edition: the file against the schema, card conservation at setup for every player
count, random games with every invariant checked after every step, the exhaustive
exploration of a scaled deck, the proofs, the lint findings and the saved baseline. The
games and explorations of all the editions share one pool of processes (`workload`);
results do not depend on how many.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from unospec.checks.analyses.lint import lint
from unospec.checks.analyses.lint.coverage import exploring, unfinished_witness
from unospec.checks.analyses.proofs import ProofReport, prove
from unospec.checks.engines.conformance import conform
from unospec.checks.engines.explore_job import explore_scales, portfolio_json
from unospec.checks.engines.simulate import Tally, simulation_json
from unospec.checks.jobs import workload
from unospec.checks.jobs.baseline import (
    FORMAT,
    BaselineRefused,
    baseline_path,
    compare,
    fingerprint,
    games_fingerprint,
    same_sample,
)
from unospec.checks.jobs.baseline import load as load_baseline
from unospec.checks.jobs.results import CheckResult, EditionReport
from unospec.checks.jobs.workload import Outcome, Work
from unospec.checks.properties.invariants import violations
from unospec.editions import base_edition, load_edition, reference
from unospec.model.actions import Deal
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import empty_table, run
from unospec.model.scale import (
    LIST_SEPARATOR,
    PORTFOLIO,
    fitting_scale,
    parse_scale,
    portfolio,
    scale_edition,
    scale_list,
)
from unospec.model.table import MACHINE
from unospec.model.wording import counted, shell_word, span

Progress = Callable[[str, int, int], None]
"""progress(label, done, total): called as work completes; the CLI draws a bar from it."""

DEFAULT_GAMES = 2000
"""Games per edition: issue 2 asks `check` for at least 2,000. Fewer would find as much on
the seeded bugs measured so far (`benchmarks/bench_sample.py`, see benchmarks/README.md:
the last machine transition to fire first fires in game 179, and every seeded kernel bug of
`benchmarks/mutants.py` fails a game by game 158), but a bug no one has seeded may need more,
and the contract is the contract. Bugs that break no invariant show in the baseline's games."""
DEFAULT_SCALE = PORTFOLIO
DEFAULT_MAX_STATES = 1_000_000
"""The exploration's bound in `check`, `lint`, `report` and `baseline save`: about 80 s and
250 MB on this machine class (see benchmarks/README.md). The built-in editions reach at most
171,000 states at micro; a user's edition with more kinds of card can reach millions, and
the check then says where it stopped rather than run on for an hour."""
SETUP_DEALS = 50


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


CONFORM_STATES = 20_000
"""States of `micro` the conformance check compares in `unospec check`, breadth first: all of
classic's and express's (28,000 and 32,000), the first 20,000 of the editions with special
wilds (up to 171,000), to keep the check within its time (`unospec conform` compares every
one, and so do the tests)."""


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
) -> list[dict[str, Any] | BaselineRefused]:
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
    found: list[dict[str, Any] | BaselineRefused] = []
    for i, edition in enumerate(editions):
        tally = outcome.played[first[i]].tally
        if not _games_passed(tally, games):
            again = f"unospec check {shell_word(reference(edition))} --games {games}"
            again += f" --seed {seed}" if seed else ""
            found.append(
                BaselineRefused(f"{edition.name}: its random games fail; `{again}` says why")
            )
            continue
        explored = outcome.explored[first[i]].data
        if explored["stopped"] == "max-states":  # it would record part of the graph
            found.append(BaselineRefused(f"{edition.name}: {_stopped_text(explored)}"))
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
    checks = [_random_games(edition, games, seed, played.tally, played.seconds)]
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


def _report(
    edition: Edition,
    games: int,
    seed: int,
    long_checks: list[CheckResult],
    baselines: Path | None,
) -> EditionReport:
    """Every check of one edition, given its `games` random games and exploration."""
    checks = [_schema(edition), _setup_conservation(edition, seed), *long_checks]
    proofs = prove(edition)
    checks.append(_proofs(proofs))
    checks.append(_lint(edition, proofs, checks))
    explored = next((c.data for c in checks if c.name == "exploration"), None)
    if explored and explored["stopped"] == "max-states":  # part of the graph: not comparable
        explored = None
    passed = (c.data.get("fingerprint") for c in checks if c.name == "random-games" and c.ok)
    played = next(passed, None)
    current = fingerprint(edition, proofs, explored, played)
    ran = {"exploration": explored, "games": {"games": games, "seed": seed}}  # as saved
    checks.append(_baseline(edition, current, ran, baselines, all(c.ok for c in checks)))
    interpretations = tuple(
        {
            "id": item.id,
            "section": item.section,
            "chosen": item.chosen,
            "alternatives": list(item.alternatives),
            "decides": item.decides,
        }
        for item in edition.interpretations
    )
    return EditionReport(
        edition.name, edition.source, tuple(checks), interpretations, reference(edition)
    )


def _shared(twin: EditionReport | None, name: str, edition: str) -> CheckResult | None:
    """The twin's passing result of check `name`, told as `edition`'s, or None."""
    found = next((c for c in twin.checks if c.name == name), None) if twin else None
    if twin is None or found is None or not found.ok:
        return None  # a failure is run again, so that its trace names this edition
    data = {**found.data, "edition": edition, "same_behaviour_as": twin.name}
    detail = f"{found.detail} (shared with {twin.name}, whose deck and rules are the same)"
    return CheckResult(name, True, detail, data)


def _schema(edition: Edition) -> CheckResult:
    """The file loaded: it satisfies the schema and its composition adds up (else exit 2)."""
    return CheckResult(
        "schema",
        True,
        f"{edition.total_cards} cards ({edition.in_play_count} in play + "
        f"{edition.set_aside_count} set aside), {len(edition.interpretations)} interpretations",
        {
            "total_cards": edition.total_cards,
            "in_play": edition.in_play_count,
            "set_aside": edition.set_aside_count,
        },
    )


def _setup_conservation(edition: Edition, seed: int) -> CheckResult:
    """Deal and flip random orders for every player count; every invariant must hold after."""
    rng = random.Random(seed)
    rules = edition.rules
    counts = range(rules.min_players, rules.max_players + 1)
    problems: list[str] = []
    gaps: dict[int, str] = {}
    deals = 0
    for players in counts:
        for _ in range(SETUP_DEALS):
            table = empty_table(edition, players)
            order = list(edition.faces.in_play)
            rng.shuffle(order)
            try:
                game, fired = run(edition, table, Deal(tuple(order)))
            except RuleGap as gap:
                gaps[players] = gap.reason
                break
            deals += 1
            for name, message in violations(edition, game, table, fired):
                problems.append(f"{players} players: {name}: {message}")
    dealt = [players for players in counts if players not in gaps]
    detail = f"{deals} deals for {span(dealt)} players" if dealt else "no deal"
    if gaps:  # one entry per kind of gap, with the fewest players' words as its example
        by_kind: dict[str, tuple[str, list[int]]] = {}
        for players, reason in gaps.items():  # the words differ in their counts alone
            by_kind.setdefault(re.sub(r"\d+", "#", reason), (reason, []))[1].append(players)
        detail += "; cannot deal for " + ", ".join(
            f"{span(counts)} players ({reason})" for reason, counts in by_kind.values()
        )
    if problems:
        detail += "; " + problems[0]
    return CheckResult(
        "setup-conservation",
        not problems and not gaps,
        detail,
        {"deals": deals, "violations": len(problems), "undealable": sorted(gaps)},
    )


def _random_games(
    edition: Edition, games: int, seed: int, tally: Tally, seconds: float
) -> CheckResult:
    """`games` random games, every invariant after every step (see `invariants`), as played
    (see `workload`) into `tally` in `seconds`."""
    never = [b.label for b in MACHINE.branches if not tally.fired[b.number]]
    detail = (
        f"{counted(tally.games, 'game', 'games')}, {counted(tally.steps, 'step', 'steps')}, "
        f"{counted(tally.hands, 'hand', 'hands')}, "
        f"{counted(tally.reshuffles, 'reshuffle', 'reshuffles')}; "
        f"{len(MACHINE.branches) - len(never)} of "
        f"{len(MACHINE.branches)} transitions fired"
    )
    data = simulation_json(edition, tally, seconds, check=True)
    data["fingerprint"] = games_fingerprint(tally, seed)
    data["never_fired"] = never
    data["violation"] = data.pop("first_violation")
    ok = _games_passed(tally, games)
    if tally.first_violation:
        number, invariant, message, _ = tally.first_violation
        detail += f"; game {number} broke {invariant}: {message}"
    if tally.first_gap:
        number, players, game_seed = tally.first_gap
        command = (
            f"unospec play {shell_word(reference(edition))} --players {players} --seed {game_seed}"
        )
        data["first_gap"]["command"] = command
        detail += (
            f"; {counted(len(tally.gaps), 'game', 'games')} hit a rule gap, the first game "
            f"{number} (`{command}`): "
            f"{tally.gaps[0]}"
        )
    if tally.games < games:
        detail += f"; stopped after {tally.games} of {games} games"
    if tally.first_unfinished:  # a game that cannot end is a broken rule, as in `explore`
        number, players, game_seed = tally.first_unfinished
        command = (
            f"unospec play {shell_word(reference(edition))} --players {players} --seed {game_seed}"
        )
        data["first_unfinished"]["command"] = command
        detail += f"; {tally.unfinished} games did not end, the first game {number} (`{command}`)"
    return CheckResult("random-games", ok, detail, data)


def _games_passed(tally: Tally, games: int) -> bool:
    """All `games` were played, and none broke an invariant, met a rule gap or did not end."""
    return (
        tally.first_violation is None
        and not tally.gaps
        and tally.first_unfinished is None
        and tally.games == games
    )


def _conform(engine: str, states: int | None) -> workload.Conform | None:
    """The conformance check `Work` runs for each edition: none on the reference kernel
    (there is no engine to hold to it) or when `states` is 0, else on `states` states (None:
    CONFORM_STATES)."""
    if engine == "reference" or states == 0:
        return None
    return partial(_conformance, max_states=CONFORM_STATES if states is None else states)


def _explore(
    scale: str | None, max_states: int | None, engine: str = "compiled"
) -> workload.Explore | None:
    """The exploration `Work` runs for each edition (None: `scale` None, no exploration)."""
    if not scale:
        return None
    return partial(_exploration, scale=scale, max_states=max_states, engine=engine)


def _exploration(
    edition: Edition,
    scale: str,
    jobs: int = 1,
    max_states: int | None = None,
    engine: str = "compiled",
) -> CheckResult:
    """Every state of the edition at each scale of `scale` (the portfolio, by default), at
    the smallest table it allows, every invariant in each; `max_states` bounds each
    exploration (a check that stops there fails)."""
    scales = scale_list(scale, edition)
    reports = explore_scales(
        edition, reference(edition), scales, jobs=jobs, fit=True, max_states=max_states,
        engine=engine,
    )  # fmt: skip
    explored = LIST_SEPARATOR.join(report.scale for report in reports)
    data = portfolio_json(reports, explored)
    x = next((r.exploration for r in reports if not r.ok or not r.exploration.complete), None)
    x = x or reports[0].exploration
    parts = []
    left = []
    for asked, report in zip(scales, reports, strict=False):
        scaled = scale_edition(edition, parse_scale(report.scale))
        left.append(scaled.in_play_count - data["players"] * scaled.rules.hand_size - 1)
        fitted = "" if report.scale == asked else f"{asked} cannot deal the hands; "
        empty = "no draw pile after the deal; " if left[-1] <= 0 else ""
        states = counted(report.exploration.distinct_states, "state", "states")
        parts.append(f"scale {report.scale} ({fitted}{empty}{states})")
    data["draw_pile_after_deal"] = min(left)
    if min(left) <= 0:  # every draw and reshuffle goes unexplored there: say so
        parts[-1] += "; where the deal leaves no draw pile, no draw is explored"
    unfired = _fireable_unfired(edition, data["coverage"]) if data["complete"] else []
    data["fireable_never_fired"] = unfired
    detail = (
        f"{', '.join(parts)}: {data['distinct_states']} states, "
        f"{data['transitions']} transitions, depth {data['depth']}, "
        f"{len(data['never_fired'])} transitions never fired"
    )
    if unfired:
        detail += f" ({len(unfired)} of them could fire: {', '.join(unfired)})"
    if x.violation:
        detail += f"; {x.violation.invariant} broken: {x.violation.message}"
    elif x.stuck:
        detail += f"; the game cannot end from {len(x.stuck)} states"
    elif x.stopped:
        data["max_states"] = max_states
        detail += f"; {_stopped_text(data)}"
    ok = all(r.ok and r.exploration.complete for r in reports)
    return CheckResult("exploration", ok, detail, data)


def portfolio_text(edition: Edition) -> str:
    """The portfolio's scales for `edition`, as its exploration check records them (each
    fitted to deal at the smallest table)."""
    players = edition.rules.min_players
    fitted = [fitting_scale(edition, players, scale) for scale in portfolio(edition)]
    return LIST_SEPARATOR.join(fitted)


def _fireable_unfired(edition: Edition, coverage: dict[str, int]) -> list[str]:
    """The transitions the edition's parameters let fire (lint's dead-rule analysis) that
    no exploration of the portfolio fired."""
    from unospec.checks.analyses.lint.families import can_fire

    return [b.label for b in MACHINE.branches if not coverage[b.label] and can_fire(edition, b)]


def _stopped_text(explored: dict[str, Any]) -> str:
    """Why an exploration (`ExploreReport.to_json`, with the bound it had) is incomplete,
    and what to do about it (a scale that names its kinds already is not told to again).

    >>> _stopped_text({"stopped": "max-states", "scale": "micro,kinds=number+wild",
    ...                "max_states": 1000})  # doctest: +NORMALIZE_WHITESPACE
    'the exploration at micro,kinds=number+wild stopped at the bound of 1,000 states,
    unfinished: raise --max-states, or choose a smaller --scale; `--scale none` skips the
    exploration'
    """
    if explored["stopped"] != "max-states":
        return f"the exploration at {explored['scale']} stopped ({explored['stopped']})"
    scale = explored["scale"]
    fewer = "" if "kinds=" in scale else f" (`{scale},kinds=K+K+...` keeps only those card kinds)"
    return (
        f"the exploration at {scale} stopped at the bound of "
        f"{explored['max_states']:,} states, unfinished: raise --max-states, or choose a "
        f"smaller --scale{fewer}; `--scale none` skips the exploration"
    )


def _conformance(edition: Edition, max_states: int = CONFORM_STATES) -> CheckResult:
    """The compiled engine agrees with the reference kernel (`conformance`): on the first
    `CONFORM_STATES` states of `micro`, every move and chance outcome there and every move
    not offered, and on `conformance.GAMES` full-size games replayed step by step."""
    report = conform(edition, scale="micro", max_states=max_states)
    data = report.to_json()
    portion = "every one" if report.complete else "the first, breadth first"
    detail = (
        f"the {report.engine} engine agrees with the reference on "
        f"{counted(report.states_compared, 'state', 'states')} of scale {report.scale} "
        f"({portion}), {counted(report.steps_compared, 'step', 'steps')}, "
        f"{counted(report.moves_refused, 'move', 'moves')} not offered, and "
        f"{counted(report.games, 'full-size game', 'full-size games')}"
    )
    difference = data["first_difference"]
    if difference is not None:
        what = difference["what"]
        detail = (
            f"the {report.engine} engine and the reference part ({what}) after "
            f"{counted(report.states_compared, 'state', 'states')}: the reference says "
            f"{difference['reference']}, the engine {difference['engine']}"
        )
    return CheckResult("conformance", report.ok, detail, data)


def _proofs(report: ProofReport) -> CheckResult:
    """The Z3 queries; refuting one the kernel relies on fails the check, a booklet property
    does not (it becomes a finding)."""
    verdicts = Counter(q.verdict for q in report.queries)
    broken = [q.name for q in report.queries if q.kernel_relies_on_it and q.verdict != "proved"]
    detail = (
        f"{len(report.queries)} queries in {report.seconds:.2f} s: {verdicts['proved']} proved, "
        f"{verdicts['refuted']} refuted, {verdicts['unknown']} unknown"
    )
    if broken:
        detail += f"; the model fails {', '.join(broken)}"
    return CheckResult("proofs", not broken, detail, report.to_json())


def _lint(edition: Edition, proofs: ProofReport, checks: list[CheckResult]) -> CheckResult:
    """Findings about the booklet: reported, never failing the check."""
    fired: Counter[int] = Counter()
    where = []
    by_label = {b.label: b.number for b in MACHINE.branches}
    for check in checks:
        counts = check.data.get("rules_fired") or check.data.get("coverage")
        if counts:
            fired.update({by_label[label]: n for label, n in counts.items()})
            if check.name == "random-games":  # in words, as `lint` says it
                where.append(counted(check.data["games"], "random game", "random games"))
            else:
                broken = (check.data.get("violation") or {}).get("invariant")
                explored = (check.data.get("stopped"), broken, check.data["distinct_states"])
                where.append(exploring(check.data["scale"], *explored))
    games = next((c.data for c in checks if c.name == "random-games"), {})
    report = lint(
        edition,
        proofs=proofs,
        fired=fired if where else None,
        checked_by=" and ".join(where),
        shortfalls=games.get("draw_shortfalls", 0),
        unfinished=unfinished_witness(edition, games) if games else None,
    )
    counts = Counter(f.severity for f in report.findings)
    detail = (
        f"{len(report.findings)} findings: "
        f"{counted(counts['error'], 'contradiction', 'contradictions')}, "
        f"{counted(counts['warning'], 'gap or ambiguity', 'gaps or ambiguities')}, "
        f"{counted(counts['info'], 'note', 'notes')}"
    )
    return CheckResult("lint", True, detail, report.to_json())


def _base_hint(edition: Edition, folder: Path | None) -> str:
    """Where the edition it is a variant of has a baseline: a baseline is one edition's,
    and `diff` is what compares a variant with its base."""
    base = base_edition(edition)
    if base is None or load_baseline(base, folder) is None:
        return ""
    return (
        f"; {base.name}'s baseline ({baseline_path(base, folder)}) is not this variant's: "
        f"`unospec diff {shell_word(reference(base))} {shell_word(reference(edition))}` shows what "
        "the variant changes"
    )


def _baseline(
    edition: Edition,
    current: dict[str, Any],
    ran: dict[str, Any],
    folder: Path | None,
    passing: bool,
) -> CheckResult:
    """The edition still concludes what its saved baseline records (see `baseline`);
    `ran` is the exploration and games the check ran, as a baseline records them (failed
    games are not in `current`, yet a baseline saved once they pass should record them);
    `passing` is whether its other checks passed (a baseline is saved only then)."""
    saved = load_baseline(edition, folder)
    if saved is None:
        where = baseline_path(edition, folder)
        when = "" if passing else "once the other checks pass, "
        return CheckResult(
            "baseline",
            True,
            f"no baseline saved ({where}); {when}`{_save_command(edition, ran, folder)}` makes one"
            + _base_hint(edition, folder),
            {"differences": [], "saved": False},
        )
    if saved["format"] != FORMAT:  # its fields mean other things: comparing them would mislead
        command = f"`{_save_command(edition, ran, folder)}`"  # records what this check does
        detail = (
            f"saved in format {saved['format']}; this unospec writes format {FORMAT}: save it "
            f"again with {command}"
            if saved["format"] < FORMAT
            else f"saved in format {saved['format']} by a newer unospec, which this one "
            f"(format {FORMAT}) cannot read: check it with that unospec ({command} would "
            "replace it)"
        )
        return CheckResult(
            "baseline", False, detail, {"differences": [], "format": saved["format"]}
        )
    differences = compare(saved, current)
    if not differences:
        scale = (saved.get("exploration") or {}).get("scale")
        same = current.get("exploration") and scale == current["exploration"]["scale"]
        played = saved.get("games") or {}
        sample = played and current.get("games") and same_sample(played, current["games"])
        games = f"{played['games']} random games (seed {played['seed']})" if played else ""
        compared = (
            "deck, parameters, readings, proofs, findings"
            + (f", exploration at {scale}" if same else "")
            + (f", {games}" if sample else "")
        )
        unseen = [f"exploration at {scale}"] if scale and not same else []
        unseen += [games] if games and not sample else []  # this check ran others, or none
        if unseen:
            compared += f" (not compared, as this check ran otherwise: {', '.join(unseen)})"
        return CheckResult("baseline", True, f"unchanged: {compared}", {"differences": []})
    detail = (
        f"{len(differences)} changes the baseline does not record: "
        + "; ".join(differences[:5])
        + ("; ..." if len(differences) > 5 else "")
        + f" (accept with `{_save_command(edition, saved, folder)}`)"
    )
    return CheckResult("baseline", False, detail, {"differences": differences})


def _save_command(edition: Edition, saved: dict[str, Any], folder: Path | None = None) -> str:
    """The `baseline save` that records what `saved` records (its scale, its games; or what
    the check just ran) where `check` looks (`folder`): with the defaults it would record
    the default games at micro, whatever the check compares."""
    words = ["unospec", "baseline", "save", reference(edition)]
    if folder is not None:
        words += ["--out", str(folder)]
    scale = (saved.get("exploration") or {}).get("scale")
    if scale is not None and scale != portfolio_text(edition):
        words += ["--scale", scale]
    played = saved.get("games") or {}
    if played.get("games", 0) != DEFAULT_GAMES:
        words += ["--games", str(played.get("games", 0))]
    if played.get("seed", 0) != 0:
        words += ["--seed", str(played["seed"])]
    return " ".join(map(shell_word, words))
