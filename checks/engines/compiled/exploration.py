"""Exhaustive exploration on the compiled engine: the driver of `search`, and its result.

`explore` answers what `checks.explorer.explore` answers (the same states counted, the same
first violation's depth, the same verdicts), from the engine, in a fraction of the time and
memory. What it cannot say by itself, it asks the reference: the words of a violation come
from the reference's own invariant, given the decoded state (and a verdict the reference
does not share is said to be the engine's alone: a conformance failure).

Why one module of this length: it is one concept, the driver of the breadth-first search
(levels, chunks handed to workers, records merged in frontier order, the stop at
`--max-states`, the first violation's path) and the result it returns.
"""

from __future__ import annotations

import mmap
import os
import resource
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import search as k
from unospec.checks.engines.compiled import vocabulary as v
from unospec.checks.engines.compiled.jit import ready
from unospec.checks.engines.compiled.outcomes import CURSOR, TAKE_ROWS, advance_moves
from unospec.checks.engines.compiled.program import Program, program
from unospec.checks.engines.compiled.properties import INVARIANT_NAMES, invariant_tables
from unospec.checks.engines.compiled.states import canonical, fingerprint, normalize
from unospec.checks.engines.explorer import Violation
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table
from unospec.model.state import GameState
from unospec.model.table import MACHINE, CompiledMachine

Rows = npt.NDArray[np.uint64]
"""Packed states, one a row."""

Progress = Callable[[int, int], None]
"""progress(distinct states, depth)."""

FINGERPRINT_BITS = 63
MEASURED_FROM = 10_000
"""Explorations of fewer states report no memory per state: the first allocations are
most of it."""


@dataclass
class EngineExploration:
    """What an exploration on the engine found (the fields of `checks.explorer.Exploration`
    that do not need every state kept, and the fingerprints' figures)."""

    edition: Edition
    players: int
    symmetry: bool
    program: Program
    distinct_states: int = 0
    transitions: int = 0
    depth: int = 0
    seconds: float = 0.0
    unreduced_states: int = 0
    fired: Counter[int] = field(default_factory=Counter)
    violation: Violation | None = None
    stopped: str | None = None
    stuck: list[int] | None = None
    peak_memory_mb: float = 0.0
    bytes_per_state: float = 0.0
    phases: set[str] = field(default_factory=set)
    expanded: int = 0
    state_checked: int = 0
    parents: npt.NDArray[np.uint32] = field(default_factory=lambda: np.zeros(0, np.uint32))
    keys: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(1, np.int64))
    ids: npt.NDArray[np.uint32] = field(default_factory=lambda: np.zeros(1, np.uint32))
    first: npt.NDArray[np.uint64] = field(default_factory=lambda: np.zeros(0, np.uint64))
    engine: str = "compiled"

    @property
    def complete(self) -> bool:
        return self.stopped is None and self.violation is None

    @property
    def collision_probability(self) -> float:
        """TLC's optimistic estimate of a fingerprint collision: n (m - n) / 2^bits, for n
        distinct states among m generated."""
        n, m = self.distinct_states, self.transitions + 1
        return n * max(0, m - n) / 2.0**FINGERPRINT_BITS

    def path(self, state_id: int) -> list[int]:
        """State ids from the first table to `state_id`."""
        ids = []
        while state_id > 0:
            ids.append(state_id)
            state_id = int(self.parents[state_id])
        ids.append(0)
        return ids[::-1]

    def path_states(self, state_id: int) -> list[GameState]:
        """The canonical states from the first table to `state_id`, walked again."""
        rows, _ = self.walked(state_id)
        return [self.program.decode(row) for row in rows]

    def steps(self, state_id: int) -> list[int]:
        """The position of each step's outcome among its state's outcomes, along the path
        from the first table to `state_id` (what `path_states` walks)."""
        return self.walked(state_id)[1]

    def walked(self, state_id: int) -> tuple[list[npt.NDArray[np.int64]], list[int]]:
        """The rows along the path to `state_id`, and each step's outcome position, found
        again in the visited table by `search.walk`."""
        path = np.array(self.path(state_id)[1:], dtype=np.uint32)
        prog = self.program
        scratch = Scratch.of(prog)
        steps = np.zeros(len(path), dtype=np.int64)
        rows = np.zeros((len(path) + 1, prog.row_length), dtype=np.int64)
        walked = k.walk(
            prog.M,
            prog.E,
            prog.spec,
            prog.renamings,
            prog.renaming_count if self.symmetry else 0,
            self.first,
            path,
            self.keys,
            self.ids,
            steps,
            rows,
            *scratch.cursor,
            scratch.log,
            scratch.snaps,
            scratch.logn,
            scratch.words,
            scratch.images,
            scratch.row,
            scratch.counts,
            scratch.mapped,
        )
        if walked != len(path):
            raise AssertionError("the explored path cannot be walked again")  # a bug, not input
        return list(rows), [int(step) for step in steps]


Array = npt.NDArray[np.int64]
Cursor = tuple[Array, Array, Array, Array, Array, Array, Array]
"""What an outcome cursor walks with (see `outcomes`): its slots, its multiset rows, the
legal moves, and the outcome's child, the state it began from, its action and its order."""


@dataclass
class Scratch:
    """The working arrays one search needs besides its tables."""

    row: npt.NDArray[np.int64]
    cursor: Cursor
    log: npt.NDArray[np.int64]
    snaps: npt.NDArray[np.int64]
    logn: npt.NDArray[np.int64]
    words: npt.NDArray[np.uint64]
    images: npt.NDArray[np.uint64]
    counts: npt.NDArray[np.int64]
    mapped: npt.NDArray[np.int64]

    @classmethod
    def of(cls, prog: Program) -> Scratch:
        length = prog.row_length
        return cls(
            row=np.zeros(length, dtype=np.int64),
            cursor=(
                np.zeros(CURSOR, dtype=np.int64),
                np.zeros((prog.players + TAKE_ROWS, prog.faces), dtype=np.int64),
                np.zeros((prog.max_moves, 4), dtype=np.int64),
                np.zeros(length, dtype=np.int64),
                np.zeros(length, dtype=np.int64),
                np.zeros(4, dtype=np.int64),
                np.zeros(prog.cards + 4, dtype=np.int64),
            ),
            log=np.zeros((prog.chain_rows, 2), dtype=np.int64),
            snaps=np.zeros((prog.chain_rows, length), dtype=np.int64),
            logn=np.zeros(1, dtype=np.int64),
            words=np.zeros(prog.words, dtype=np.uint64),
            images=np.zeros((max(1, prog.renaming_count), prog.words), dtype=np.uint64),
            counts=np.zeros(prog.faces, dtype=np.int64),
            mapped=np.zeros(prog.faces, dtype=np.int64),
        )


RECORDS = 1 << 16
"""Records a worker's buffer holds before they are merged."""
CHUNK = 1 << 13
"""Frontier states a worker takes at a time when several share a level: 8192 against 1024
was 236,000 against 212,000 states/s with 2 workers (benchmarks/README.md, session 9)."""


@dataclass(eq=False)  # workers are told apart by identity
class _Worker:
    """One worker of a search: its scratch arrays, its record buffers, and the chunk of the
    frontier it expands (`W`, see `search`)."""

    W: npt.NDArray[np.int64]
    scratch: Scratch
    spare: npt.NDArray[np.int64]
    records: npt.NDArray[np.int64]
    candidates: npt.NDArray[np.uint64]
    fired_ids: npt.NDArray[np.int64]
    index: int = 0  # its place among the workers (and their buffers)
    chunk: int = -1  # the chunk it expands; -1: none
    full: bool = False

    @classmethod
    def of(
        cls,
        prog: Program,
        scratch: Scratch,
        symmetry: int,
        budget: int,
        buffers: npt.NDArray[np.int64],
        index: int,
    ) -> _Worker:
        """Worker `index`, its records in `buffers[index]` (all workers' buffers are one
        array, which `search.claim` reads whole)."""
        W = np.zeros(k.WORKER_SCALARS, dtype=np.int64)
        W[k.W_SYMMETRY], W[k.W_BUDGET] = symmetry, budget
        return cls(
            W,
            scratch,
            spare=np.zeros(prog.row_length, dtype=np.int64),
            records=buffers[index],
            candidates=np.zeros((len(buffers[index]), prog.words), dtype=np.uint64),
            # room for a whole step's log even when RECORDS is small (the search keeps it)
            fired_ids=np.zeros(4 * len(buffers[index]) + prog.chain_rows, dtype=np.int64),
            index=index,
        )

    def take(self, chunk: int, first: int, last: int) -> None:
        self.chunk = chunk
        self.W[k.W_POSITION], self.W[k.W_END] = first, last
        self.W[k.W_INSIDE] = self.W[k.W_STOPPED] = 0
        self.empty()

    def empty(self) -> None:
        self.W[k.W_RECORDS] = self.W[k.W_FIRED] = self.W[k.W_MERGED] = 0
        self.full = False

    @property
    def finished(self) -> bool:
        return bool(self.W[k.W_STOPPED]) or self.W[k.W_POSITION] >= self.W[k.W_END]

    def expand(self, prog: Program, inv: npt.NDArray[np.int64], frontier: Rows) -> None:
        s = self.scratch
        got = k.expand(
            prog.M, prog.E, inv, prog.spec, prog.renamings, self.W, frontier, self.records,
            self.candidates, self.fired_ids, s.row, *s.cursor, s.log, s.snaps, s.logn, s.words,
            s.images, self.spare, s.counts, s.mapped,
        )  # fmt: skip
        self.full = got == k.FULL


def _level(
    prog: Program,
    inv: npt.NDArray[np.int64],
    frontier: Rows,
    worker: _Worker,
    merged: Callable[[_Worker], int],
    tick: Callable[[], None],
) -> int:
    """Expand one level with one worker: the whole frontier as one chunk, its records
    merged whenever the buffer fills or a slice of work is done. Returns `merge`'s last
    word (`MERGED`: the level is done)."""
    worker.take(0, 0, len(frontier))
    while True:
        worker.expand(prog, inv, frontier)
        code = merged(worker)
        if code != k.MERGED:
            return code
        worker.empty()
        tick()
        if worker.finished:
            return k.MERGED


def _pipelined_level(
    prog: Program,
    inv: npt.NDArray[np.int64],
    frontier: Rows,
    workers: list[_Worker],
    pool: ThreadPoolExecutor,
    merged: Callable[[list[_Worker]], int],
    tick: Callable[[], None],
) -> int:
    """Expand one level with several workers: each takes the next chunk of the frontier and
    expands it, side by side; the buffers, in frontier order, are merged as batches
    (`merged`: the workers look the steps up in the shards they own, side by side, then the
    ids are given in order). There are twice as many buffers as threads, so that while a
    batch is looked up and merged, the next chunks are already expanding. A buffer whose
    chunk did not fit ends its batch: the chunks after it wait for the rest of it. Returns
    `merge`'s last word (`MERGED`: the level is done)."""
    size = len(frontier)
    chunk = max(1, min(CHUNK, -(-size // len(workers))))
    bounds = [(first, min(size, first + chunk)) for first in range(0, size, chunk)]
    handed = 0
    waiting: list[_Worker] = []  # the workers holding records to merge, in frontier order
    running: dict[_Worker, Future[None]] = {}

    def expand(worker: _Worker) -> None:
        while not worker.finished and not worker.full:
            worker.expand(prog, inv, frontier)

    for worker in workers:
        worker.chunk = -1
    try:
        while True:
            for worker in workers:
                if worker.chunk < 0 and handed < len(bounds):
                    worker.take(handed, *bounds[handed])
                    handed += 1
                    waiting.append(worker)
                idle = worker.chunk >= 0 and not worker.finished and not worker.full
                if idle and worker not in running:
                    running[worker] = pool.submit(expand, worker)
            if not waiting:
                return k.MERGED
            batch: list[_Worker] = []
            for worker in waiting:
                expanding = running.get(worker)
                if expanding is not None:
                    if batch and not expanding.done():
                        break
                    del running[worker]
                    expanding.result()
                batch.append(worker)
                if not worker.finished:
                    break
            code = merged(batch)
            if code != k.MERGED:
                return code
            for worker in batch:
                worker.empty()
                if worker.finished:
                    worker.chunk = -1
                    waiting.remove(worker)
            tick()
    finally:  # no worker may still write to its buffers or scratch once the level ends
        wait(running.values())


T = TypeVar("T")
R = TypeVar("R")


def _side_by_side(pool: ThreadPoolExecutor, call: Callable[[T], R], items: list[T]) -> list[R]:
    """`call` on each item in the pool's threads (the compiled code releases the GIL), every
    call finished before this returns, even when the wait is interrupted (Ctrl-C): no
    thread may still write to a worker's buffers once the caller goes on."""
    running = [pool.submit(call, item) for item in items]
    try:
        return [future.result() for future in running]
    finally:
        wait(running)


class _Edges:
    """The transitions' (source, target) pairs, spilled to a temporary file as they come,
    and read back last to first for the progress check."""

    def __init__(self) -> None:
        handle, name = tempfile.mkstemp(prefix="unospec-edges-", suffix=".u32")
        os.close(handle)
        self.path = Path(name)
        self.count = 0

    def write(self, sources: npt.NDArray[np.uint32], targets: npt.NDArray[np.uint32]) -> None:
        with self.path.open("ab") as out:
            np.stack([sources, targets]).T.astype(np.uint32).tofile(out)
        self.count += len(sources)

    def backwards(self, chunk: int = 1 << 22) -> list[tuple[int, int]]:
        """(first edge, count) of each chunk, last chunk first."""
        spans = [(start, min(chunk, self.count - start)) for start in range(0, self.count, chunk)]
        return spans[::-1]

    def read(self, start: int, count: int) -> npt.NDArray[np.uint32]:
        return np.fromfile(self.path, dtype=np.uint32, count=2 * count, offset=8 * start).reshape(
            count, 2
        )

    def close(self) -> None:
        self.path.unlink(missing_ok=True)


def explore(
    edition: Edition,
    players: int,
    *,
    symmetry: bool = True,
    max_states: int | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    partial_on_interrupt: bool = False,
    start: GameState | None = None,
    machine: CompiledMachine = MACHINE,
    budget: int = 200_000,
) -> EngineExploration:
    """Every state reachable by `players` players of `edition` (see `checks.explorer.explore`
    for what is counted and checked); the search stops at the first violation, at
    `max_states`, or on Ctrl-C (then, with `partial_on_interrupt`, returns what it found).
    `jobs` workers (0: one per core) share each level, threads running the compiled code
    side by side; what they find does not depend on how many there are."""
    from unospec.checks.engines.chance import normalize as reference_normalize

    prog = program(edition, players, machine)
    inv = invariant_tables(prog.machine)
    renaming_count = prog.renaming_count if symmetry else 0
    result = EngineExploration(edition, players, symmetry, prog)
    # `advance_moves` read before `expand`, whose calls then run its copy: measured, the
    # search is about 10% faster than when only `expand`'s own code is read (why that copy
    # is faster is not known)
    ready(advance_moves, normalize, canonical, fingerprint, k.expand, k.merge, k.rehash)
    ready(k.first_broken, k.mark_can_end, k.claim, k.unclaim)
    started = time.perf_counter()
    memory_before = _rss_mb()
    scratch = Scratch.of(prog)
    width = prog.words

    first_game = reference_normalize(start if start is not None else empty_table(edition, players))
    root = prog.encode(first_game)
    normalize(prog.M, root, scratch.counts)
    orbit = canonical(
        root,
        prog.spec,
        prog.renamings,
        renaming_count,
        scratch.words,
        scratch.images,
        scratch.row.copy(),
        scratch.counts,
        scratch.mapped,
    )
    if orbit < 0:
        raise AssertionError("the first table does not fit the engine's packing")
    result.first = scratch.words.copy()

    capacity = 1 << 12 if max_states is None else min(1 << 12, max_states + 1)
    parents = np.zeros(capacity, dtype=np.uint32)
    finals = np.zeros(_bytes_of_bits(capacity), dtype=np.uint8)  # a bit a state
    keys = np.zeros(1 << 13, dtype=np.int64)
    ids = np.zeros(1 << 13, dtype=np.uint32)
    frontier = scratch.words.reshape(1, width).copy()
    frontier_ids = np.zeros(1, dtype=np.int64)
    following = _on_disk((1 << 10, width), np.uint64)
    following_ids = _on_disk((1 << 10,), np.int64)
    sources = np.zeros(1 << 18, dtype=np.uint32)
    targets = np.zeros(1 << 18, dtype=np.uint32)
    fired = np.zeros(len(machine.branches), dtype=np.int64)
    phases = np.zeros(len(prog.machine.phases), dtype=np.int64)
    X = np.zeros(k.SCALARS, dtype=np.int64)
    X[k.X_MAX_STATES] = max_states or 0
    first_fp = fingerprint(result.first, width)
    keys[k.slot_of(keys, first_fp)] = first_fp  # state 0: its id is 0
    X[k.X_STATES], X[k.X_TABLE_LOAD], X[k.X_UNREDUCED] = 1, 1, orbit
    jobs = jobs or os.cpu_count() or 1
    count = 2 * jobs if jobs > 1 else 1  # buffers (and scratch) to fill: see `_pipelined_level`
    buffers = np.zeros((count, RECORDS, k.RECORD), dtype=np.int64)
    workers = [
        _Worker.of(prog, Scratch.of(prog) if n else scratch, renaming_count, budget, buffers, n)
        for n in range(count)
    ]
    pool = ThreadPoolExecutor(jobs) if jobs > 1 else None
    claims = ThreadPoolExecutor(jobs) if jobs > 1 else None  # not queued behind expansions
    owners = jobs if jobs > 1 else 0  # workers that look steps up in their shards (`claim`)
    verdicts = np.zeros((jobs, count * RECORDS if owners else 1), dtype=np.int64)
    V = np.zeros((jobs, 2), dtype=np.int64)
    edges = _Edges()
    code = k.MERGED

    def grow_table() -> None:
        nonlocal keys, ids
        old_keys, old_ids = keys, ids
        keys = np.zeros(2 * len(old_keys), dtype=np.int64)
        ids = np.zeros(2 * len(old_ids), dtype=np.uint32)
        if k.rehash(old_keys, old_ids, keys, ids):
            raise AssertionError("the visited table has a full shard at twice its size")
        X[k.X_SHARD_FULL] = 0

    violator = workers[0]  # the worker whose records held the violation, if any

    def merged(worker: _Worker) -> int:
        """Merge the worker's records, growing the tables and writing edges as asked."""
        nonlocal parents, finals, following, following_ids, violator
        while True:
            got = k.merge(
                prog.spec, X, worker.W, worker.records, worker.candidates, worker.fired_ids,
                frontier_ids, following, following_ids, keys, ids, parents,
                sources, targets, fired, phases, finals, verdicts, V, owners,
            )  # fmt: skip
            if got == k.GROW:
                states = int(X[k.X_STATES])
                if states >= len(parents):
                    grown = _grown(len(parents), max_states)
                    parents = _resized(parents, grown)
                    finals = _resized(finals, _bytes_of_bits(grown))
                if X[k.X_NEXT] >= len(following):
                    following = _resized(following, 2 * len(following), _on_disk)
                    following_ids = _resized(following_ids, 2 * len(following_ids), _on_disk)
                full = k.FULL_LOAD[1] * X[k.X_TABLE_LOAD] >= k.FULL_LOAD[0] * len(keys)
                if X[k.X_SHARD_FULL] or (full and not owners):
                    grow_table()
                continue
            if got == k.FLUSH:
                flush()
                continue
            if got == k.VIOLATION:
                violator = worker
            return got

    def merged_batch(batch: list[_Worker]) -> int:
        """Merge the buffers of `batch`, in order: first the workers look up the steps in
        the shards they own, side by side (`search.claim`), the table grown beforehand so
        that every step could be new; then `merge` gives the ids in order. What was looked
        up but not merged (a stop, Ctrl-C) is taken back (`search.unclaim`)."""
        assert claims is not None
        rows = np.array(
            [[w.index, w.W[k.W_MERGED], w.W[k.W_RECORDS]] for w in batch], dtype=np.int64
        )
        kinds = (buffers[w, first:end, k.C_KIND] for w, first, end in rows)
        steps = sum(int(np.count_nonzero(kind == k.R_STEP)) for kind in kinds)
        while k.FULL_LOAD[1] * (X[k.X_TABLE_LOAD] + steps) >= k.FULL_LOAD[0] * len(keys):
            grow_table()

        def claim(owner: int) -> int:
            return int(k.claim(keys, buffers, rows, owner, owners, verdicts, V))

        try:
            while k.SHARD_FULL in _side_by_side(claims, claim, list(range(owners))):
                k.unclaim(keys, verdicts, V)
                grow_table()
            for worker in batch:
                got = merged(worker)
                if got != k.MERGED:
                    return got
            return k.MERGED
        finally:  # a stop or Ctrl-C: the states looked up but not numbered leave the table
            k.unclaim(keys, verdicts, V)

    def tick() -> None:
        if progress:
            progress(int(X[k.X_STATES]), result.depth)

    def flush() -> None:
        count = int(X[k.X_EDGES])
        edges.write(sources[:count], targets[:count])
        X[k.X_EDGES] = 0

    try:
        while True:
            X[k.X_POSITION], X[k.X_NEXT] = 0, 0
            if pool is None:
                code = _level(prog, inv, frontier, workers[0], merged, tick)
            else:
                code = _pipelined_level(prog, inv, frontier, workers, pool, merged_batch, tick)
            flush()
            if code != k.MERGED:
                break
            next_count = int(X[k.X_NEXT])
            if not next_count:
                break
            result.depth += 1
            frontier = _resized(following[:next_count], next_count, _on_disk)
            frontier_ids = _resized(following_ids[:next_count], next_count, _on_disk)
            if progress:
                progress(int(X[k.X_STATES]), result.depth)
    except KeyboardInterrupt:
        if not partial_on_interrupt:
            edges.close()
            raise
        result.stopped = "interrupted"
    finally:
        if pool is not None:
            pool.shutdown(wait=True)
        if claims is not None:
            claims.shutdown(wait=True)
    try:
        # the violation is read from its worker's scratch, as that worker left it
        _conclude(result, prog, inv, violator.scratch, X, code, frontier, following)
        result.fired = Counter({n: int(c) for n, c in enumerate(fired) if c})
        result.phases = {prog.machine.phases[p] for p in np.nonzero(phases)[0]}
        states = result.distinct_states
        result.parents = parents[:states].copy()
        result.keys, result.ids = keys, ids
        if result.complete:
            can_end = np.unpackbits(finals, bitorder="little")[:states]
            result.stuck = _cannot_end(edges, np.ascontiguousarray(can_end))
    finally:
        edges.close()
    result.seconds = time.perf_counter() - started
    result.peak_memory_mb = _rss_mb()
    # as allocated, growth's slack included; the frontiers are on disk (`_on_disk`)
    held = (parents, finals, keys, ids)
    structures = sum(array.nbytes for array in held)
    # below this, the fixed sizes of the first table and frontier are most of it
    result.bytes_per_state = structures / states if states >= MEASURED_FROM else 0.0
    del memory_before
    return result


def _conclude(
    result: EngineExploration,
    prog: Program,
    inv: npt.NDArray[np.int64],
    scratch: Scratch,
    X: npt.NDArray[np.int64],
    code: int,
    frontier: npt.NDArray[np.uint64],
    following: npt.NDArray[np.uint64],
) -> None:
    """Copy the counters out, and turn the search's last word into a stop or a violation."""
    result.distinct_states = int(X[k.X_STATES])
    result.transitions = int(X[k.X_TRANSITIONS])
    result.unreduced_states = int(X[k.X_UNREDUCED])
    result.expanded = int(X[k.X_EXPANDED])
    result.state_checked = int(X[k.X_CHECKED])
    if result.stopped == "interrupted":
        return
    position = int(X[k.X_POSITION])
    if code == k.VIOLATION:
        from unospec.checks.engines.compiled.verdicts import violation

        result.violation = violation(prog, result, X, frontier[position - 1], scratch)
        if X[k.X_BROKEN_KIND] == k.VIOLATION_STEP:  # a state of this level may break first
            _check_unexpanded(result, prog, inv, scratch, frontier, position, len(frontier))
    elif code == k.MAX_STATES:
        result.stopped = "max-states"
        rest = np.concatenate([frontier[position:], following[: int(X[k.X_NEXT])]])
        _check_unexpanded(result, prog, inv, scratch, rest, 0, len(rest))


def _check_unexpanded(
    result: EngineExploration,
    prog: Program,
    inv: npt.NDArray[np.int64],
    scratch: Scratch,
    rows: npt.NDArray[np.uint64],
    first: int,
    last: int,
) -> None:
    """explorer._check_unexpanded: the first state counted but not expanded that breaks a
    state invariant becomes the violation; every one looked at counts as checked."""
    from unospec.checks.engines.compiled.verdicts import state_violation

    found = np.zeros(1, dtype=np.int64)
    moves, closed = scratch.cursor[2], scratch.cursor[3]
    position = k.first_broken(
        prog.M, prog.E, inv, prog.spec, np.ascontiguousarray(rows), first, last, scratch.row,
        moves, closed, scratch.log, scratch.snaps, scratch.logn, scratch.counts, found,
    )  # fmt: skip
    result.state_checked += (last - first) if position < 0 else (position - first + 1)
    if position >= 0:
        result.violation = state_violation(prog, rows[position], int(found[0]), -1)


def _cannot_end(edges: _Edges, can_end: npt.NDArray[np.uint8]) -> list[int]:
    """The states from which no path reaches a final phase, in BFS order: marked from the
    final ones backwards along the recorded transitions, a pass at a time until none is
    newly marked (most edges lead to later states, so one or two passes do)."""
    while True:
        marked = 0
        for start, count in edges.backwards():
            pairs = edges.read(start, count)
            sources = np.ascontiguousarray(pairs[:, 0])
            targets = np.ascontiguousarray(pairs[:, 1])
            marked += k.mark_can_end(sources, targets, count, can_end)
        if not marked:
            break
    return [int(i) for i in np.nonzero(can_end == 0)[0]]


def _bytes_of_bits(bits: int) -> int:
    return (bits + 7) // 8


def _grown(size: int, bound: int | None) -> int:
    """A quarter more: the per-state arrays are dense, and a doubling would leave up to half
    of them unused at the end (copying them as they grow costs little beside the search)."""
    grown = size + max(1, size // 4)
    return grown if bound is None else min(grown, bound + 1)


G = TypeVar("G", bound=np.generic)
Allocate = Callable[[tuple[int, ...], type[G]], npt.NDArray[G]]


def _resized(array: npt.NDArray[G], size: int, allocate: Allocate[G] = np.zeros) -> npt.NDArray[G]:
    grown = allocate((size, *array.shape[1:]), array.dtype.type)
    grown[: min(size, len(array))] = array[:size]
    return grown


def _on_disk(shape: tuple[int, ...], dtype: type[G]) -> npt.NDArray[G]:
    """A zeroed array whose pages are a temporary file's, mapped (TLC keeps its queue of
    states to expand on disk): the kernel writes the frontier's rows out and drops them
    from memory when it needs the room, where an ordinary array would stay resident. The
    file has no name (unlinked at once) and is gone when the array is."""
    size = max(1, int(np.prod(shape)) * np.dtype(dtype).itemsize)
    with tempfile.TemporaryFile(prefix="unospec-frontier-") as backing:
        backing.truncate(size)
        mapped = mmap.mmap(backing.fileno(), size)
    count = int(np.prod(shape))
    return np.frombuffer(mapped, dtype=dtype, count=count).reshape(shape)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


assert len(INVARIANT_NAMES) == 19 and v.OK == 0
