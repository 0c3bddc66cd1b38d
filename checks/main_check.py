"""The main job, `unospec check`: every check of every edition, as data.

This issue's checks: the edition file against the schema, card conservation at setup for
every player count, and random games with every invariant checked after every step. Games are
spread over processes (`jobs`); results do not depend on how many.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from unospec.checks.invariants import violations
from unospec.checks.random_play import play_random_game
from unospec.checks.results import CheckResult, EditionReport
from unospec.editions import load_edition
from unospec.model.actions import Deal
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import empty_table, run
from unospec.model.table import MACHINE
from unospec.model.trace import Trace

Progress = Callable[[str, int, int], None]
"""progress(label, done, total): called as work completes; the CLI draws a bar from it."""

DEFAULT_GAMES = 2000
SETUP_DEALS = 50


def check_editions(
    names: list[str],
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    jobs: int = 0,
    progress: Progress | None = None,
) -> list[EditionReport]:
    """Check each edition (a built-in name or a file path); `jobs` 0 means one per core."""
    editions = [load_edition(name) for name in names]
    jobs = jobs or os.cpu_count() or 1
    return [
        check_edition(edition, games=games, seed=seed, jobs=jobs, progress=progress)
        for edition in editions
    ]


def check_edition(
    edition: Edition,
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
) -> EditionReport:
    checks = (
        _schema(edition),
        _setup_conservation(edition, seed),
        _random_games(edition, games, seed, jobs, progress),
    )
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
    return EditionReport(edition.name, edition.source, checks, interpretations)


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
            for name, message in violations(edition, game, table, fired):
                problems.append(f"{players} players: {name}: {message}")
    deals = len(counts) * SETUP_DEALS
    detail = f"{deals} deals for {rules.min_players}-{rules.max_players} players"
    if gaps:
        detail += "; cannot deal for " + ", ".join(f"{p} players ({r})" for p, r in gaps.items())
    if problems:
        detail += "; " + problems[0]
    return CheckResult(
        "setup-conservation",
        not problems and not gaps,
        detail,
        {"deals": deals, "violations": len(problems), "undealable": sorted(gaps)},
    )


@dataclass
class _Tally:
    games: int = 0
    steps: int = 0
    hands: int = 0
    unfinished: int = 0
    reshuffles: int = 0
    gaps: list[str] = field(default_factory=list)
    violation: tuple[int, str, str, dict[str, Any]] | None = None  # game, invariant, message, trace
    fired: Counter[int] = field(default_factory=Counter)

    def add(self, other: _Tally) -> None:
        self.games += other.games
        self.steps += other.steps
        self.hands += other.hands
        self.unfinished += other.unfinished
        self.reshuffles += other.reshuffles
        self.gaps += other.gaps
        self.fired += other.fired
        if other.violation and (self.violation is None or other.violation[0] < self.violation[0]):
            self.violation = other.violation


def _play_chunk(edition: Edition, numbers: range, seed: int) -> _Tally:
    tally = _Tally()
    span = edition.rules.max_players - edition.rules.min_players + 1
    for number in numbers:
        players = edition.rules.min_players + number % span
        record = play_random_game(edition, players, seed * 1_000_003 + number)
        tally.games += 1
        tally.steps += record.steps
        tally.hands += record.hands
        tally.unfinished += not record.finished and record.violation is None and not record.gap
        tally.reshuffles += record.reshuffles
        tally.fired += record.fired
        if record.gap:
            tally.gaps.append(record.gap)
        if record.violation and tally.violation is None:
            v = record.violation
            trace: Trace = v.trace
            tally.violation = (number, v.invariant, v.message, trace.to_json())
    return tally


def _random_games(
    edition: Edition, games: int, seed: int, jobs: int, progress: Progress | None
) -> CheckResult:
    """`games` random games, every invariant after every step (see `invariants`)."""
    chunk = 50
    chunks = [range(i, min(i + chunk, games)) for i in range(0, games, chunk)]
    total = _Tally()
    label = f"{edition.name}: random games"
    if progress:
        progress(label, 0, games)
    if jobs > 1 and len(chunks) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_chunk, edition, numbers, seed) for numbers in chunks]
            for future in futures:
                total.add(future.result())
                if progress:
                    progress(label, total.games, games)
    else:
        for numbers in chunks:
            total.add(_play_chunk(edition, numbers, seed))
            if progress:
                progress(label, total.games, games)
    never = [b.label for b in MACHINE.branches if not total.fired[b.number]]
    detail = (
        f"{total.games} games, {total.steps} steps, {total.hands} hands, "
        f"{total.reshuffles} reshuffles; {len(MACHINE.branches) - len(never)} of "
        f"{len(MACHINE.branches)} transitions fired"
    )
    data: dict[str, Any] = {
        "games": total.games,
        "steps": total.steps,
        "hands": total.hands,
        "reshuffles": total.reshuffles,
        "unfinished": total.unfinished,
        "rule_gaps": sorted(set(total.gaps)),
        "coverage": {b.label: total.fired[b.number] for b in MACHINE.branches},
        "never_fired": never,
        "violation": None,
    }
    ok = total.violation is None and not total.gaps
    if total.violation:
        number, invariant, message, trace = total.violation
        detail += f"; game {number} broke {invariant}: {message}"
        data["violation"] = {
            "game": number,
            "invariant": invariant,
            "message": message,
            "trace": trace,
        }
    if total.gaps:
        detail += f"; {len(total.gaps)} games hit a rule gap: {total.gaps[0]}"
    if total.unfinished:
        detail += f"; {total.unfinished} games did not finish (stalled hands)"
    return CheckResult("random-games", ok, detail, data)
