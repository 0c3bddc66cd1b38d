"""The long work of `unospec check` (and `baseline save`), shared by one pool of processes
across every edition.

An edition's long work is its exploration, its conformance runs and its random games, cut
into chunks of `CHUNK` games, `CHUNKS_PER_PIECE` chunks to a piece. Checked one edition
after another, each on its own pool, one core sat idle at every edition's end while the
other finished a long exploration or the last chunk. Here every piece of every edition
goes to one pool: the explorations first (the longest pieces), then the chunks, whose
short tasks fill in around them. Results do not depend on the number of processes: an
edition's chunks are merged in order, and its games stop where `run_games` would stop them
(after `ENOUGH_UNFINISHED` games that do not end).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from unospec.checks.engines.conformance import ConformanceJson
from unospec.checks.engines.conformance.plan import Run
from unospec.checks.engines.pool import (
    as_completed,
    interrupt_tasks,
    interruptible_pool,
    stop,
    working,
)
from unospec.checks.engines.random_play import MAX_STEPS
from unospec.checks.engines.simulate import CHUNK, ENOUGH_UNFINISHED, Tally, play_chunk
from unospec.checks.jobs.edition_checks import conformance_check
from unospec.checks.jobs.results import ConformanceCheck, ExplorationCheck
from unospec.model.edition import Edition

Progress = Callable[[str, int, int], None]


class Explore(Protocol):
    """The exploration check of one edition on `jobs` processes (a module-level function,
    or a partial of one, for the workers)."""

    def __call__(self, edition: Edition, *, jobs: int) -> ExplorationCheck: ...


class Piece(NamedTuple):
    """One piece of work: edition `edition`'s exploration (`chunk` None), run number k of
    its conformance plan (`chunk` CONFORM - k), or its chunks of games from number `chunk`
    (`CHUNKS_PER_PIECE` of them, fewer at the end)."""

    edition: int
    chunk: int | None


CONFORM = -1
"""The `Piece.chunk` of an edition's first conformance run (the next ones count down)."""

CHUNKS_PER_PIECE = 4
"""Chunks of games one piece plays. Each piece runs in a fresh process (see `run`), and a
fork costs about 10 ms besides its first writes to the memory it shares: a piece of one
chunk, 50 games, spent as long being started as playing."""


def chunks_of(games: int) -> int:
    """Chunks of `CHUNK` games a run of `games` is cut into."""
    return -(-games // CHUNK)


Done = ExplorationCheck | ConformanceJson | list[tuple[Tally, float]]
"""A piece done: an exploration check, a conformance run, or its chunks' games and times."""


class Conform(Protocol):
    """The conformance check's plan (`runs`), and one run of it for an edition."""

    def runs(self, edition: Edition) -> tuple[Run, ...]: ...

    def __call__(self, edition: Edition, run: Run) -> ConformanceJson: ...


@dataclass
class Played:
    """An edition's games as merged so far: chunks arrive in any order, merge in order."""

    games: int
    tally: Tally = field(default_factory=Tally)
    seconds: float = 0.0  # the chunks' own time, summed: they ran side by side
    merged: int = 0  # chunks merged
    waiting: dict[int, tuple[Tally, float]] = field(default_factory=dict)

    @property
    def chunks(self) -> int:
        return chunks_of(self.games)

    @property
    def done(self) -> bool:
        return self.merged == self.chunks or self.tally.unfinished >= ENOUGH_UNFINISHED

    def add(self, chunk: int, tally: Tally, seconds: float) -> None:
        self.waiting[chunk] = tally, seconds
        while not self.done and self.merged in self.waiting:
            tally, seconds = self.waiting.pop(self.merged)
            self.tally.merge(tally)
            self.seconds += seconds
            self.merged += 1


@dataclass
class Work:
    """Everything a worker needs: forked into each, so nothing is pickled but the pieces."""

    editions: list[Edition]
    games: int
    seed: int
    explore: Explore | None  # None: no exploration
    conform: Conform | None = None  # None: no conformance check
    engine: str = "compiled"  # what plays the games (`simulate.play_chunk`)

    def do(self, piece: Piece) -> Done:
        edition = self.editions[piece.edition]
        if piece.chunk is None:
            assert self.explore is not None
            return self.explore(edition, jobs=1)
        if piece.chunk <= CONFORM:
            assert self.conform is not None
            return self.conform(edition, self.conform.runs(edition)[CONFORM - piece.chunk])
        chunks: list[tuple[Tally, float]] = []
        unfinished = 0  # this piece's: once enough, its later chunks cannot be merged
        for chunk in range(piece.chunk, min(piece.chunk + CHUNKS_PER_PIECE, chunks_of(self.games))):
            if unfinished >= ENOUGH_UNFINISHED:
                break
            started = time.perf_counter()
            numbers = range(chunk * CHUNK, min((chunk + 1) * CHUNK, self.games))
            tally = play_chunk(
                edition, numbers, self.seed, None, True, "mixed", MAX_STEPS, ENOUGH_UNFINISHED,
                self.engine,
            )  # fmt: skip
            unfinished += tally.unfinished
            chunks.append((tally, time.perf_counter() - started))
        return chunks


@dataclass
class Outcome:
    """What the long work found for each edition it ran: the exploration check and the
    games (by the edition's position in `Work.editions`)."""

    explored: dict[int, ExplorationCheck] = field(default_factory=dict)
    played: dict[int, Played] = field(default_factory=dict)
    conformed: dict[int, ConformanceCheck] = field(default_factory=dict)
    conform_runs: dict[int, dict[int, ConformanceJson]] = field(default_factory=dict)

    def finished(self, edition: int, work: Work) -> bool:
        """Whether edition number `edition`'s work is all done."""
        played = self.played.get(edition)
        explored = work.explore is None or edition in self.explored
        conformed = work.conform is None or edition in self.conformed
        return explored and conformed and played is not None and played.done


def run(
    work: Work,
    which: list[int],
    jobs: int,
    outcome: Outcome,
    progress: Progress | None = None,
) -> None:
    """Run the explorations and games of the editions numbered `which` on `jobs` processes,
    into `outcome`. On Ctrl-C the workers stop and the interrupt propagates; `outcome`
    keeps what finished.

    The engine is loaded (or compiled) here first, so that no worker loads it again.
    """
    from unospec.checks.engines.compiled.warm import load, read_all

    load()  # in this process, before the pool forks: every worker then has the engine loaded,
    read_all()  # every function's code read (its workers run every part of the engine)
    if work.engine != "reference":  # and every program its games play, built once
        from unospec.checks.engines.compiled.simulation import prepare

        for number in which:
            prepare(work.editions[number])
    for number in which:
        outcome.played[number] = Played(work.games)
        _report(work, outcome, number, progress)
    pieces = _pieces(work, which, outcome)
    pool = None
    try:
        if jobs > 1:
            context = multiprocessing.get_context("fork")
            # a fresh process per piece: an exploration's peak memory is then its own, not
            # the high-water mark of a larger one explored before in the same process
            pool = interruptible_pool(
                context, jobs, initializer=_init_worker, initargs=(work,), maxtasksperchild=1
            )
            results: Iterator[tuple[Piece, Done]] = as_completed(pool, _do_in_worker, pieces)
        else:
            results = ((piece, work.do(piece)) for piece in pieces)
        for piece, result in _stopping(results):
            if isinstance(result, ExplorationCheck):
                outcome.explored[piece.edition] = result
            elif isinstance(result, dict):  # a conformance run
                _conformed(work, outcome, piece, result)
            elif piece.chunk is not None:  # chunks of games
                for k, (tally, seconds) in enumerate(result):
                    outcome.played[piece.edition].add(piece.chunk + k, tally, seconds)
            _report(work, outcome, piece.edition, progress)
    except KeyboardInterrupt:
        if pool is not None:  # the pieces in flight stop too: a conformance check is long
            stop(pool, interrupt=True)
            pool = None
        raise
    finally:
        if pool is not None:
            stop(pool)


def _conformed(work: Work, outcome: Outcome, piece: Piece, run: ConformanceJson) -> None:
    """Record a conformance run; the edition's check, once its last run is in."""
    assert piece.chunk is not None and work.conform is not None
    edition = work.editions[piece.edition]
    runs = outcome.conform_runs.setdefault(piece.edition, {})
    runs[CONFORM - piece.chunk] = run
    if len(runs) == len(work.conform.runs(edition)):
        outcome.conformed[piece.edition] = conformance_check(
            edition, [runs[k] for k in sorted(runs)]
        )


def _stopping(results: Iterator[tuple[Piece, Done]]) -> Iterator[tuple[Piece, Done]]:
    """`results`, a worker's stop (see `_Stopped`) raised here as the Ctrl-C it stands for."""
    try:
        yield from results
    except _Stopped as stopped:
        raise KeyboardInterrupt(f"a worker stopped ({stopped})") from None


def _pieces(work: Work, which: list[int], outcome: Outcome) -> Iterator[Piece]:
    """The explorations not yet run, then each edition's conformance check and its chunks in
    order; read lazily, so the chunks of an edition whose games have stopped (see
    `Played.done`) are left out."""
    if work.explore is not None:
        yield from (Piece(n, None) for n in which if n not in outcome.explored)
    for number in which:
        if work.conform is not None and number not in outcome.conformed:
            done = outcome.conform_runs.get(number, {})
            runs = work.conform.runs(work.editions[number])
            yield from (Piece(number, CONFORM - k) for k in range(len(runs)) if k not in done)
        played = outcome.played[number]
        for chunk in range(0, played.chunks, CHUNKS_PER_PIECE):
            if not played.done:
                yield Piece(number, chunk)


def _report(work: Work, outcome: Outcome, number: int, progress: Progress | None) -> None:
    """Tell `progress` how far edition number `number` is: its exploration (0 or 1 of 1)
    and its games."""
    if progress is None:
        return
    edition, played = work.editions[number], outcome.played[number]
    if work.explore is not None:
        progress(f"{edition.name}: exploration", int(number in outcome.explored), 1)
    if work.conform is not None:
        runs = len(work.conform.runs(edition))
        done = len(outcome.conform_runs.get(number, {}))
        progress(f"{edition.name}: conformance", done, runs)
    progress(f"{edition.name}: {work.games} games", played.tally.games, work.games)


_WORKER: dict[str, Work] = {}


def _init_worker(work: Work) -> None:
    interrupt_tasks()  # Ctrl-C stops a piece; the parent sees it as `_Stopped`
    _WORKER["work"] = work


class _Stopped(Exception):
    """A worker's KeyboardInterrupt or SystemExit, sent back as an answer. Left to end the
    worker, it would leave its piece unanswered, and the parent waiting for ever."""


def _do_in_worker(piece: Piece) -> Done:
    try:
        with working():
            return _WORKER["work"].do(piece)
    except (KeyboardInterrupt, SystemExit) as stop:
        raise _Stopped(type(stop).__name__) from None
