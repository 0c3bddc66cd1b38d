"""Each check of one edition, as a result: the file against the schema, card conservation at
setup, the random games, the exploration of the portfolio, the engine's conformance, the
proofs and the lint findings (the baseline's is `baseline_check`). `main_check` runs them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

from unospec.checks.analyses.lint import lint
from unospec.checks.analyses.lint.coverage import exploring, unfinished_witness
from unospec.checks.analyses.proofs import ProofReport
from unospec.checks.engines.conformance import ConformanceJson, conform
from unospec.checks.engines.conformance.plan import Run, check_plan
from unospec.checks.engines.explore_job import ExplorationJson, explore_scales, portfolio_json
from unospec.checks.engines.simulate import Tally, simulation_json
from unospec.checks.jobs.advice import ExplorationBound, GamesFailed, PlayGame
from unospec.checks.jobs.baseline import games_fingerprint
from unospec.checks.jobs.results import (
    CheckResult,
    ConformanceCheck,
    ConformanceData,
    ExplorationCheck,
    ExplorationData,
    GamesCheck,
    GamesData,
    LintCheck,
    ProofsCheck,
    SchemaCheck,
    SetupCheck,
)
from unospec.checks.properties.invariants import violations
from unospec.editions import reference
from unospec.model.actions import Deal
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import empty_table, run
from unospec.model.scale import LIST_SEPARATOR, parse_scale, scale_edition, scale_list
from unospec.model.table import MACHINE
from unospec.model.transitions import can_fire
from unospec.model.wording import counted, span

SETUP_DEALS = 50
"""Random deals per table size in the setup check."""


def schema_check(edition: Edition) -> SchemaCheck:
    """The file loaded: it satisfies the schema and its composition adds up (else exit 2)."""
    return SchemaCheck(
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


def setup_conservation(edition: Edition, seed: int) -> SetupCheck:
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
    return SetupCheck(
        "setup-conservation",
        not problems and not gaps,
        detail,
        {"deals": deals, "violations": len(problems), "undealable": sorted(gaps)},
    )


def random_games(
    edition: Edition, games: int, seed: int, tally: Tally, seconds: float
) -> GamesCheck:
    """`games` random games, every invariant after every step (see `invariants`), as played
    (see `workload`) into `tally` in `seconds`. Games that met a rule gap, stopped early or
    did not end are the advice: the games to play again."""
    never = [b.label for b in MACHINE.branches if not tally.fired[b.number]]
    detail = (
        f"{counted(tally.games, 'game', 'games')}, {counted(tally.steps, 'step', 'steps')}, "
        f"{counted(tally.hands, 'hand', 'hands')}, "
        f"{counted(tally.reshuffles, 'reshuffle', 'reshuffles')}; "
        f"{len(MACHINE.branches) - len(never)} of "
        f"{len(MACHINE.branches)} transitions fired"
    )
    played = simulation_json(edition, tally, seconds, check=True)
    data: GamesData = {
        "edition": played["edition"],
        "games": played["games"],
        "players": played["players"],
        "finished_games": played["finished_games"],
        "seconds": played["seconds"],
        "games_per_second": played["games_per_second"],
        "steps": played["steps"],
        "hands": played["hands"],
        "mean_turns": played["mean_turns"],
        "median_turns": played["median_turns"],
        "first_player_win_share": played["first_player_win_share"],
        "player_zero_game_share": played["player_zero_game_share"],
        "reshuffles_per_game": played["reshuffles_per_game"],
        "draw_shortfalls": played["draw_shortfalls"],
        "interrupted": played["interrupted"],
        "invariants_checked": played["invariants_checked"],
        "invariant_violations": played["invariant_violations"],
        "rule_gaps": played["rule_gaps"],
        "first_gap": played["first_gap"],
        "unfinished_games": played["unfinished_games"],
        "first_unfinished": played["first_unfinished"],
        "rules_fired": played["rules_fired"],
        "fingerprint": games_fingerprint(tally, seed),
        "never_fired": never,
        "violation": played["first_violation"],
    }
    if tally.first_violation:
        number, invariant, message, _ = tally.first_violation
        detail += f"; game {number} broke {invariant}: {message}"
    advice = None
    if tally.first_gap or tally.games < games or tally.first_unfinished:
        advice = GamesFailed(
            gaps=len(tally.gaps),
            first_gap=_game(edition, tally.first_gap),
            gap=tally.gaps[0] if tally.gaps else "",
            played=tally.games,
            asked=games,
            unfinished=tally.unfinished,
            first_unfinished=_game(edition, tally.first_unfinished),
        )
    return GamesCheck("random-games", games_passed(tally, games), detail, data, advice)


def _game(edition: Edition, found: tuple[int, int, int] | None) -> tuple[int, PlayGame] | None:
    """A game of the sample (number, players, seed) as one `unospec play` plays again."""
    if found is None:
        return None
    number, players, seed = found
    return number, PlayGame(reference(edition), players, seed)


def games_passed(tally: Tally, games: int) -> bool:
    """All `games` were played, and none broke an invariant, met a rule gap or did not end."""
    return (
        tally.first_violation is None
        and not tally.gaps
        and tally.first_unfinished is None
        and tally.games == games
    )


def exploration_check(
    edition: Edition,
    scale: str,
    jobs: int = 1,
    max_states: int | None = None,
    engine: str = "compiled",
) -> ExplorationCheck:
    """Every state of the edition at each scale of `scale` (the portfolio, by default), at
    the smallest table it allows, every invariant in each; `max_states` bounds each
    exploration (a check that stops there fails, with the bound as its advice)."""
    scales = scale_list(scale, edition)
    reports = explore_scales(
        edition, reference(edition), scales, jobs=jobs, fit=True, max_states=max_states,
        engine=engine,
    )  # fmt: skip
    explored = LIST_SEPARATOR.join(report.scale for report in reports)
    portfolio_data = portfolio_json(reports, explored)
    x = next((r.exploration for r in reports if not r.ok or not r.exploration.complete), None)
    x = x or reports[0].exploration
    parts = []
    left = []
    for asked, report in zip(scales, reports, strict=False):
        scaled = scale_edition(edition, parse_scale(report.scale))
        left.append(scaled.in_play_count - portfolio_data["players"] * scaled.rules.hand_size - 1)
        fitted = "" if report.scale == asked else f"{asked} cannot deal the hands; "
        empty = "no draw pile after the deal; " if left[-1] <= 0 else ""
        states = counted(report.exploration.distinct_states, "state", "states")
        parts.append(f"scale {report.scale} ({fitted}{empty}{states})")
    if min(left) <= 0:  # every draw and reshuffle goes unexplored there: say so
        parts[-1] += "; where the deal leaves no draw pile, no draw is explored"
    complete = portfolio_data["complete"]
    unfired = fireable_unfired(edition, portfolio_data["coverage"]) if complete else []
    data: ExplorationData = {  # the bound and the twin, not keys of the portfolio's
        **portfolio_data,  # type: ignore[typeddict-item]  # document, are added where they apply
        "draw_pile_after_deal": min(left),
        "fireable_never_fired": unfired,
    }
    detail = (
        f"{', '.join(parts)}: {data['distinct_states']} states, "
        f"{data['transitions']} transitions, depth {data['depth']}, "
        f"{len(data['never_fired'])} transitions never fired"
    )
    if unfired:
        detail += f" ({len(unfired)} of them could fire: {', '.join(unfired)})"
    advice = None
    if x.violation:
        detail += f"; {x.violation.invariant} broken: {x.violation.message}"
    elif x.stuck:
        detail += f"; the game cannot end from {len(x.stuck)} states"
    elif x.stopped:
        data["max_states"] = max_states
        detail += f"; {stopped_words(data)}"
        advice = ExplorationBound(data["scale"]) if data["stopped"] == "max-states" else None
    ok = all(r.ok and r.exploration.complete for r in reports)
    return ExplorationCheck("exploration", ok, detail, data, advice)


def stopped_words(explored: ExplorationData) -> str:
    """Why an exploration (with the bound it had) is incomplete. One stopped at its bound
    says so, and no more: what to do about it is the advice (`ExplorationBound`).

    >>> stopped_words({"stopped": "max-states", "scale": "micro,kinds=number+wild",
    ...                "max_states": 1000})
    'the exploration at micro,kinds=number+wild stopped at the bound of 1,000 states, unfinished'
    """
    if explored["stopped"] != "max-states":
        return f"the exploration at {explored['scale']} stopped ({explored['stopped']})"
    return (
        f"the exploration at {explored['scale']} stopped at the bound of "
        f"{explored['max_states']:,} states, unfinished"
    )


def fireable_unfired(edition: Edition, coverage: dict[str, int]) -> list[str]:
    """The transitions the edition's parameters let fire (lint's dead-rule analysis) that
    no exploration of the portfolio fired."""
    return [b.label for b in MACHINE.branches if not coverage[b.label] and can_fire(edition, b)]


@dataclass(frozen=True)
class ConformancePlan:
    """The conformance check's runs for any edition (`conformance.plan`): `states` states
    shared among them, `games` full-size games in the first. Called with an edition and one
    of its runs, it makes that run (a piece of `unospec check`'s work)."""

    states: int
    games: int

    def runs(self, edition: Edition) -> tuple[Run, ...]:
        return check_plan(edition, self.states, self.games)

    def __call__(self, edition: Edition, run: Run) -> ConformanceJson:
        report = conform(
            edition, scale=run.scale, players=run.players, games=run.games,
            max_states=run.states, variant=run.variant,
        )  # fmt: skip
        return report.to_json()


def conformance_check(edition: Edition, runs: list[ConformanceJson]) -> ConformanceCheck:
    """The compiled engine agrees with the reference kernel (`conformance`) on every run of
    the plan: its states, every move and chance outcome there, every move not offered, the
    states and steps made wrong, the canonical forms, and the full-size games."""
    ok = all(run["ok"] for run in runs)
    data: ConformanceData = {
        "edition": edition.name,
        "ok": ok,
        "engine": next((run["engine"] for run in runs if run["engine"]), ""),
        "scale": LIST_SEPARATOR.join(str(run["scale"]) for run in runs),
        "scale_settings": LIST_SEPARATOR.join(str(run["scale_settings"]) for run in runs),
        "players": runs[0]["players"],
        "states_compared": sum(run["states_compared"] for run in runs),
        "steps_compared": sum(run["steps_compared"] for run in runs),
        "moves_refused": sum(run["moves_refused"] for run in runs),
        "games": sum(run["games"] for run in runs),
        "complete": all(run["complete"] for run in runs),
        "variant": None,
        "canonical_forms": sum(run["canonical_forms"] for run in runs),
        "fields_corrupted": sorted({f for run in runs for f in run["fields_corrupted"]}),
        "corruptions": sum(run["corruptions"] for run in runs),
        "wrong_steps": sum(run["wrong_steps"] for run in runs),
        "seconds": round(sum(run["seconds"] for run in runs), 3),
        "first_difference": next(
            (run["first_difference"] for run in runs if run["first_difference"]), None
        ),
        "runs": runs,
    }
    return ConformanceCheck("conformance", ok, _conformance_detail(runs), data)


def _conformance_detail(runs: list[ConformanceJson]) -> str:
    """The conformance check's line: what its runs compared, or where one parted."""
    engine = next((run["engine"] for run in runs if run["engine"]), "compiled")
    failed = next((run for run in runs if run["first_difference"] is not None), None)
    if failed is not None:
        difference = failed["first_difference"]
        assert difference is not None
        return (
            f"the {engine} engine and the reference part ({difference['what']}) on "
            f"{_run_words(failed)}, after {counted(failed['states_compared'], 'state', 'states')}"
            f": the reference says {difference['reference']}, the engine {difference['engine']}"
        )
    portion = "every one" if all(run["complete"] for run in runs) else "the first, breadth first"
    fields = {field for run in runs for field in run["fields_corrupted"] if field[0] != "["}

    each = ", ".join(f"{run['states_compared']} of {_run_words(run)}" for run in runs)
    states = sum(run["states_compared"] for run in runs)
    steps = sum(run["steps_compared"] for run in runs)
    refused = sum(run["moves_refused"] for run in runs)
    corrupted = sum(run["corruptions"] for run in runs)
    wrong = sum(run["wrong_steps"] for run in runs)
    games = sum(run["games"] for run in runs)
    return (
        f"the {engine} engine agrees with the reference on "
        f"{counted(states, 'state', 'states')} ({portion}: {each}), "
        f"{counted(steps, 'step', 'steps')}, {counted(refused, 'move', 'moves')} not offered, "
        f"{counted(corrupted, 'corrupted state', 'corrupted states')} ({len(fields)} fields), "
        f"{counted(wrong, 'wrong successor', 'wrong successors')} and "
        f"{counted(games, 'full-size game', 'full-size games')}"
    )


def _run_words(run: ConformanceJson) -> str:
    """A run named for people: its scale, table and variant."""
    variant = f"the {run['variant']} variant at " if run["variant"] else ""
    return f"{variant}{run['scale']} ({run['players']} seats)"


def proofs_check(report: ProofReport) -> ProofsCheck:
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
    return ProofsCheck("proofs", not broken, detail, report.to_json())


def lint_check(edition: Edition, proofs: ProofReport, checks: list[CheckResult]) -> LintCheck:
    """Findings about the booklet: reported, never failing the check. The dead-rule family
    rests on the transitions the random games and the exploration among `checks` fired."""
    fired: Counter[int] = Counter()
    where = []
    by_label = {b.label: b.number for b in MACHINE.branches}
    games: GamesData | None = None
    for check in checks:
        if isinstance(check, GamesCheck):
            games = check.data
            counts = games["rules_fired"]
        elif isinstance(check, ExplorationCheck):
            counts = check.data["coverage"]
        else:
            continue
        if not counts:
            continue
        fired.update({by_label[label]: n for label, n in counts.items()})
        if isinstance(check, GamesCheck):  # in words, as `lint` says it
            where.append(counted(check.data["games"], "random game", "random games"))
        else:
            where.append(exploring(check.data["scale"], *_how_it_stopped(check.data)))
    report = lint(
        edition,
        proofs=proofs,
        fired=fired if where else None,
        checked_by=" and ".join(where),
        shortfalls=games["draw_shortfalls"] if games else 0,
        unfinished=unfinished_witness(edition, games) if games else None,
    )
    counts_by = Counter(f.severity for f in report.findings)
    detail = (
        f"{len(report.findings)} findings: "
        f"{counted(counts_by['error'], 'contradiction', 'contradictions')}, "
        f"{counted(counts_by['warning'], 'gap or ambiguity', 'gaps or ambiguities')}, "
        f"{counted(counts_by['info'], 'note', 'notes')}"
    )
    return LintCheck("lint", True, detail, report.to_json())


def _how_it_stopped(explored: ExplorationJson) -> tuple[str | None, str | None, int]:
    """How an exploration stopped, the invariant it broke, the states it saw (`exploring`)."""
    broken = explored["violation"]["invariant"] if explored["violation"] else None
    return explored["stopped"], broken, explored["distinct_states"]
