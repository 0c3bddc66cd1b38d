"""Each alternative of each recorded reading played and judged: the verdicts of
`unospec readings` (see the package docstring)."""

from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from unospec.checks.analyses.diff import as_played, scaled_away
from unospec.checks.analyses.diff.judged import judged
from unospec.checks.analyses.readings.alternatives import Unplayable, under
from unospec.checks.analyses.readings.report import (
    GAMES,
    MAX_STATES,
    AlternativeJson,
    Measure,
    ReadingJson,
    ReadingsReport,
    StatsJson,
)
from unospec.checks.analyses.stats import intervals as iv
from unospec.checks.engines.explore_job import ExploreReport, explore_edition
from unospec.checks.engines.pool import ignore_interrupts, in_order, stop
from unospec.checks.engines.study import Sample, chunk_seeds, play_sample
from unospec.model.edition import Edition, Interpretation, Reading
from unospec.model.errors import InputError
from unospec.model.scale import LIST_SEPARATOR, fitting_scale, scale_list

MAX_STEPS = 20_000
"""A game still running after this many steps counts as unfinished (`stats.unfinished`):
a reading that stalls the heuristic player (a Hail Mary only thrown, never played on its
holder's turn) would otherwise play each of its games to `random_play.MAX_STEPS`."""


@dataclass(frozen=True)
class _Task:
    """One alternative to build and judge, and how (built in the worker that judges it: the
    building is a tenth of the command's work, and as parallel as the judging)."""

    source: str  # the edition's name or path
    reading: Interpretation
    edition: Edition
    value: Reading
    scales: tuple[str, ...]
    players: int
    max_states: int
    games: int
    seed: int


_TASKS: list[_Task] = []
"""The alternatives of the run in progress: set before its workers fork, read by index."""
_CHOSEN: list[Sample] = []
"""The edition as written, played once before the workers fork (its games, if any)."""


def readings(
    name_or_path: str,
    edition: Edition,
    *,
    scale: str = "micro",
    players: int | None = None,
    games: int = GAMES,
    seed: int = 0,
    max_states: int = MAX_STATES,
    jobs: int = 0,
) -> ReadingsReport:
    """Every recorded reading of `edition` (loaded from `name_or_path`) with alternatives,
    each alternative played and judged (the module docstring), on `jobs` processes (0: one
    a core). `scale` may list several (`;`): each alternative is judged at each in turn,
    until one tells it apart from the reading chosen."""
    started = time.perf_counter()
    seats = edition.rules.min_players if players is None else players
    edition.require_players(seats)
    scales = tuple(fitting_scale(edition, seats, s) for s in scale_list(scale, edition))
    fitted = LIST_SEPARATOR.join(scales)
    planned: list[tuple[Interpretation, list[int]]] = []
    _TASKS.clear()
    for reading in edition.interpretations:
        slots = list(range(len(_TASKS), len(_TASKS) + len(reading.alternatives)))
        _TASKS.extend(
            _Task(name_or_path, reading, edition, value, scales, seats, max_states, games, seed)
            for value in reading.alternatives
        )
        planned.append((reading, slots))
    judged = _judge_all(edition, seats, games, seed, jobs)
    found: list[ReadingJson] = [
        {
            "id": reading.id,
            "section": reading.section,
            "question": reading.question,
            "decides": reading.decides,
            "chosen": _plain(reading.chosen),
            "alternatives": [judged[slot] for slot in slots],
        }
        for reading, slots in planned
    ]
    return ReadingsReport(edition.name, fitted, seats, games, found, time.perf_counter() - started)


def _judge_all(
    edition: Edition, players: int, games: int, seed: int, jobs: int
) -> list[AlternativeJson]:
    """Every task's verdict, in order: on a pool of `jobs` forked processes, which inherit
    the edition's own games, played once here, and read the engine's functions as they
    first call them (only those the judging runs: a tenth faster than reading them all
    here first, measured side by side on nfl-cowboys)."""
    from unospec.checks.engines.compiled.warm import load

    load()
    _CHOSEN.clear()
    if games and _TASKS:
        _CHOSEN.append(_sample(edition, players, games, seed))
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(_TASKS) < 2:
        return [_judge_task(i) for i in range(len(_TASKS))]
    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=ignore_interrupts)
    try:
        return list(in_order(pool, _judge_task, range(len(_TASKS))))
    finally:
        stop(pool)


def _judge_task(index: int) -> AlternativeJson:
    """Build task `index`'s edition and judge it; where it changes the game, or no search
    could tell, measure by how much at full size."""
    task = _TASKS[index]
    other = under(task.source, task.reading, task.value)
    if isinstance(other, Unplayable):
        return _said(task.value, other.kind, other.reason)
    verdict = _judged_at_each(task, other)
    if verdict["verdict"] in ("changes", "undecided") and _CHOSEN:
        alternative = _sample(other, task.players, task.games, task.seed)
        verdict["stats"] = _stats(_CHOSEN[0], alternative)
    return verdict


def _said(value: Reading, verdict: str, reason: str, trace: Any = None) -> AlternativeJson:
    return {"value": _plain(value), "verdict": verdict, "reason": reason, "trace": trace,
            "stats": None}  # fmt: skip


def _judged_at_each(task: _Task, other: Edition) -> AlternativeJson:
    """The alternative judged at each scale in turn: the first that finds it unsafe,
    invalid or changing the game decides. A larger scale is tried only where the smaller
    one was searched to its end (equivalent there, or unable to test the parameter): one
    that stopped at its bound is undecided, and a larger deck would not reach further.
    Equivalent where a scale searched every state and could test the parameter."""
    found: list[AlternativeJson] = []
    for scale in task.scales:
        verdict = _judge(task.edition, other, task.value, scale, task.players, task.max_states)
        if verdict["verdict"] not in ("equivalent", "undecided"):
            return verdict
        found.append(verdict)
        if verdict["reason"].startswith("none found") or not _tests_more(task, other, scale):
            break
    if len(found) == 1:
        return found[0]
    judged = zip(task.scales, found, strict=False)
    equivalent = [scale for scale, v in judged if v["verdict"] == "equivalent"]
    if equivalent and not found[-1]["reason"].startswith("none found"):
        reason = f"no run tells them apart at {' or '.join(equivalent)}, {task.players} players"
        return _said(task.value, "equivalent", reason)
    undecided = [v["reason"] for v in found if v["verdict"] == "undecided"]
    return _said(task.value, "undecided", "; ".join(undecided))


def _tests_more(task: _Task, other: Edition, scale: str) -> bool:
    """Whether the scale after `scale` can test a difference `scale` cannot: one of the
    differences play at `scale` leaves untested (`scaled_away`) is tested there, or `scale`
    left none untested (an equivalence worth a second look: two colours)."""
    following = task.scales[task.scales.index(scale) + 1 :]
    if not following:
        return False
    a, b = as_played(task.edition), as_played(other)
    here = {item["path"] for item in scaled_away(a, b, scale, next_hand_played=False)}
    there = {item["path"] for item in scaled_away(a, b, following[0], next_hand_played=False)}
    return not here or not here <= there


def _judge(
    edition: Edition, other: Edition, value: Reading, scale: str, players: int, max_states: int
) -> AlternativeJson:
    """Safety first (an unsafe alternative is that, whatever else it changes), then the
    joint search."""
    try:
        explored = explore_edition(
            other, other.source, players=players, scale=scale, max_states=max_states
        )
    except InputError as refused:  # a deck the alternative leaves unable to deal, say
        return _said(value, "invalid", str(refused))
    if not explored.ok:
        return _unsafe(value, explored)
    a, b = as_played(edition), as_played(other)
    found = judged(a, b, scale, players, max_states)
    if found.searched["left_out"]:  # kinds only the alternative deals: explored on their own
        alone = f"micro,wilds={players},actions={players},kinds=" + "+".join(
            ["number", *found.searched["left_out"]]
        )
        explored = explore_edition(
            other, other.source, players=players, scale=alone, max_states=max_states
        )
        if not explored.ok:
            return _unsafe(value, explored, f" (at {alone}: a card of each for every player)")
    return _said(value, found.verdict, found.reason, found.trace)


def _unsafe(value: Reading, explored: ExploreReport, where: str = "") -> AlternativeJson:
    """An alternative whose exploration broke an invariant, or found a state the game
    cannot end from: what, and the witness."""
    broken = explored.exploration.violation
    what = f"{broken.invariant}: {broken.message}" if broken is not None else "game-can-end"
    witness = explored.counterexample or explored.stuck
    return _said(value, "unsafe", what + where, witness.to_json() if witness else None)


def _sample(edition: Edition, players: int, games: int, seed: int) -> Sample:
    """`games` random games of `edition` (the heuristic player, as `stats` plays by
    default), seeded alike for every edition of the comparison."""
    return play_sample(edition, players, chunk_seeds(seed, 0, players, 0, games),
                       policy="heuristic", max_steps=MAX_STEPS)  # fmt: skip


def _stats(chosen: Sample, other: Sample) -> StatsJson | None:
    """Game length (turns of the finished games) and points per hand, for the reading as
    chosen and as the alternative, and the alternative's difference; None when either side
    finished fewer than two games (no interval to give).

    Both sides play the same seeds, so game i of each is a pair, alike until the reading
    is met: the difference is the pairs' (a paired t test on the games both finished, the
    delta method on the pairs for points per hand), far narrower than two independent
    samples' where few games meet the reading."""
    a_turns, b_turns = chosen.turns[chosen.finished], other.turns[other.finished]
    both = chosen.finished & other.finished
    if min(len(a_turns), len(b_turns), int(np.sum(both))) < 2:
        return None
    return {
        "games": chosen.games,
        "unfinished": [int(np.sum(~chosen.finished)), int(np.sum(~other.finished))],
        "turns_per_game": Measure(
            iv.mean(a_turns), iv.mean(b_turns), iv.paired(chosen.turns[both], other.turns[both])
        ).to_json(),
        "points_per_hand": Measure(
            iv.ratio(chosen.points, chosen.hands),
            iv.ratio(other.points, other.hands),
            iv.paired_ratio_test(chosen.points, chosen.hands, other.points, other.hands),
        ).to_json(),
    }


def _plain(value: Reading) -> str | int | bool | list[str]:
    return list(value) if isinstance(value, tuple) else value
