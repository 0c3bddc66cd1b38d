"""The `stats` job: plan a study's chunks of games, play them here or on a cluster, and sum
them up.

A study is `games` games of each edition at each table size, in chunks of `CHUNK`. A chunk's
games are fixed by (seed, the edition's place in the study, table size, chunk number) alone
(`study.chunk_seeds`), so the result is the same whatever `jobs` or the cluster: the chunks
are put back in their planned order before they are summed up.

The editions of a comparison play independent games (each its own seed stream), not common
random numbers: two decks of different sizes part at the first shuffle, so the same seeds
would pair nothing, and independent samples are what the tests (Welch, Mann-Whitney, the
two-proportion z test) assume.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence

import numpy as np

from unospec.checks.analyses.stats.intervals import Z
from unospec.checks.analyses.stats.result import StatsResult
from unospec.checks.analyses.stats.summary import summarise
from unospec.checks.engines.pool import ignore_interrupts, in_order, stop
from unospec.checks.engines.study import Sample, play_chunk
from unospec.model.edition import Edition
from unospec.model.errors import InputError

CHUNK = 2000
"""Games per chunk: what one process or cluster worker plays at a time (the engine plays
about a thousand full games of classic, or ten thousand single hands, a second)."""

DEFAULT_GAMES = 10_000
"""Games per edition and table size: enough to tell a 5% change in mean game length after
Holm's correction (docs/stats.md, "Sample size")."""

DEFAULT_POLICY = "heuristic"

Progress = Callable[[str, int, int], None]
Task = tuple[Edition, int, int, int, int, int, str]
"""`play_chunk`'s arguments: edition, players, seed, stream, chunk, games, policy."""


def default_players(edition: Edition) -> int:
    """Four at the table, or as near four as the edition seats."""
    rules = edition.rules
    return min(max(4, rules.min_players), rules.max_players)


def plan(
    editions: Sequence[Edition], players: Sequence[int], games: int, seed: int, policy: str
) -> list[Task]:
    """Every chunk of the study, round by round: chunk 0 of each edition and table size (in
    that order), then chunk 1, ...; a study played until a precision stops after a round."""
    return [
        (edition, count, seed, stream, chunk, min(CHUNK, games - chunk * CHUNK), policy)
        for chunk in range(-(-games // CHUNK))
        for stream, edition in enumerate(editions)
        for count in players
    ]


def precise_enough(samples: Sequence[Sample], groups: int, precision: float) -> bool:
    """Whether every edition and table size's mean game length is known to within
    `precision` of itself: its 95% interval's half-width over the mean (the samples are
    whole rounds of `groups` chunks, in the planned order)."""
    for g in range(groups):
        turns = np.concatenate([s.turns[s.finished] for s in samples[g::groups]])
        if len(turns) < 2 or not turns.mean():
            return False
        half = Z * float(np.std(turns, ddof=1)) / math.sqrt(len(turns))
        if half / float(turns.mean()) >= precision:
            return False
    return True


def _round_precise_enough(samples: Sequence[Sample], groups: int, precision: float) -> bool:
    return len(samples) % groups == 0 and precise_enough(samples, groups, precision)


def run_stats(
    editions: Sequence[Edition],
    *,
    games: int = DEFAULT_GAMES,
    players: Sequence[int] | None = None,
    policy: str = DEFAULT_POLICY,
    seed: int = 0,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
    until_precision: float | None = None,
) -> StatsResult:
    """Play the study and sum it up (with two editions, the second compared with the first).

    With `until_precision`, `games` is the most played: the chunks are played round by
    round, and the study stops after the first round at which `precise_enough` holds (the
    same round whatever `jobs`: the rounds are fixed, and checked in order)."""
    counts = list(players or [default_players(editions[0])])
    for edition in editions:
        for count in counts:
            edition.require_players(count)
    if until_precision is not None and cluster is not None:
        raise InputError("a study played until a precision runs on this machine, not a cluster")
    tasks = plan(editions, counts, games, seed, policy)
    groups = len(editions) * len(counts)
    enough = None
    if until_precision is not None:
        enough = functools.partial(_round_precise_enough, groups=groups, precision=until_precision)

    label = f"{' vs '.join(e.name for e in editions)}: {len(tasks)} chunks"
    started = time.perf_counter()
    if progress:
        progress(label, 0, len(tasks))

    def done(finished: int, total: int) -> None:
        if progress:
            progress(label, finished, total)

    samples = _run(tasks, jobs, cluster, done, enough)
    per_edition = [
        [Sample.concat(samples[e * len(counts) + p :: groups]) for p in range(len(counts))]
        for e in range(len(editions))
    ]
    result = summarise(
        [e.name for e in editions],
        per_edition,
        policy=policy,
        games=per_edition[0][0].games,
        seed=seed,
        players=counts,
        seconds=time.perf_counter() - started,
    )
    return dataclasses.replace(result, until_precision=until_precision)


def _run(
    tasks: list[Task],
    jobs: int,
    cluster: str | None,
    done: Callable[[int, int], None],
    enough: Callable[[list[Sample]], bool] | None = None,
) -> list[Sample]:
    """Each task's sample, in the tasks' order: on the cluster, on a pool, or here; with
    `enough`, only the first ones, up to the first for which `enough(samples so far)`."""
    if cluster is not None:
        from unospec.checks.jobs.cluster import parse_address, run_on_cluster

        # a scheduler that accepts and never answers must fail within the 10 s users are promised
        return run_on_cluster(
            parse_address(cluster), _play_task, tasks, progress=done, connect_timeout=8.0
        )
    from unospec.checks.engines.compiled.simulation import ready_to_play
    from unospec.checks.engines.compiled.warm import load

    load()  # before the pool forks: its workers inherit the loaded engine,
    ready_to_play()  # the game loop's code read too
    jobs = jobs or os.cpu_count() or 1
    samples: list[Sample] = []
    pool = None
    try:
        if jobs > 1 and len(tasks) > 1:
            pool = multiprocessing.get_context("fork").Pool(jobs, initializer=ignore_interrupts)
            results = in_order(pool, _play_task, tasks)
        else:
            results = (_play_task(task) for task in tasks)
        for sample in results:
            samples.append(sample)
            done(len(samples), len(tasks))
            if enough is not None and enough(samples):
                break
    finally:
        if pool is not None:
            stop(pool)
    return samples


def _play_task(task: Task) -> Sample:
    return play_chunk(*task)
