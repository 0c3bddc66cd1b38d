"""Work on a pool, in order or as it finishes, never more in flight than there are workers
(`checks.pool`)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from unospec.checks.engines.pool import (
    _IN_FLIGHT,
    as_completed,
    in_order,
    interrupt_tasks,
    interruptible_pool,
    stop,
    working,
)


class _Recorded:
    """A pool that runs each task when it is asked for, counting what is in flight."""

    _processes = 2

    def __init__(self) -> None:
        self.in_flight = 0
        self.most = 0

    def apply_async(self, function: Any, args: tuple[Any, ...]) -> Any:
        pool = self
        pool.in_flight += 1
        pool.most = max(pool.most, pool.in_flight)

        class Result:
            def get(self) -> Any:
                pool.in_flight -= 1
                return function(*args)

        return Result()


def test_results_come_in_order_with_one_task_per_worker_in_flight() -> None:
    """A feeder that had every task in flight could block `terminate` for good when the
    caller stopped early (an exploration hung so in CI): at most one per worker."""
    pool = _Recorded()
    results = in_order(pool, lambda n: n * n, range(10))
    assert next(results) == 0 and pool.most <= 2  # stopping here leaves two in flight at most
    assert list(results) == [n * n for n in range(1, 10)]
    assert pool.most == 2 and pool.in_flight == 0


def _slow_square(n: int) -> int:
    time.sleep(0.2)
    return n * n


@pytest.mark.slow
def test_stop_lets_the_tasks_in_flight_finish_before_terminating() -> None:
    """A worker killed while writing its result keeps the result queue's lock, and
    `terminate` then hung for good (a Ctrl-C to `explore --jobs 2`, about once in ten):
    `stop` waits for the tasks in flight, the one being waited for included."""
    pool = multiprocessing.get_context("fork").Pool(2)
    results = in_order(pool, _slow_square, range(10))
    assert next(results) == 0
    flying = list(_IN_FLIGHT[id(pool)])
    assert len(flying) == 2 and not all(r.ready() for r in flying)
    stop(pool)
    assert all(r.ready() for r in flying) and id(pool) not in _IN_FLIGHT
    pool.join()


def _sleep(seconds: float) -> float:
    if seconds < 0:
        raise ValueError("no negative sleep")
    time.sleep(seconds)
    return seconds


@pytest.mark.slow
def test_as_completed_yields_short_tasks_while_a_long_one_runs() -> None:
    """A long exploration must not keep the other core waiting for its next chunk of games;
    tasks are read one per freed worker, so a generator can leave out needless work."""
    read: list[float] = []

    def tasks() -> Iterator[float]:
        for seconds in (1.0, 0.05, 0.05, 0.05, 0.05):
            read.append(seconds)
            yield seconds

    pool = multiprocessing.get_context("fork").Pool(2)
    try:
        results = as_completed(pool, _sleep, tasks())
        first = next(results)
        assert first == (0.05, 0.05) and len(read) == 3  # two submitted, then one refill
        assert [task for task, _ in results] == [0.05, 0.05, 0.05, 1.0]
    finally:
        stop(pool)
        pool.join()


@pytest.mark.slow
def test_as_completed_raises_a_task_s_error_and_stop_leaves_no_worker() -> None:
    pool = multiprocessing.get_context("fork").Pool(2)
    try:
        with pytest.raises(ValueError, match="no negative sleep"):
            list(as_completed(pool, _sleep, [0.2, -1.0, 0.2]))
    finally:
        stop(pool)
        pool.join()
    assert multiprocessing.active_children() == []


def _long_task(seconds: float) -> str:
    """Sleeps in small steps (a signal's handler runs between them), as a long check runs."""
    try:
        with working():
            for _ in range(int(seconds * 20)):
                time.sleep(0.05)
    except KeyboardInterrupt:
        return "interrupted"
    return "finished"


@pytest.mark.slow
def test_an_interrupted_pool_stops_its_long_tasks_where_they_are() -> None:
    """Ctrl-C to `check` waited for the pieces in flight, a conformance check of seconds
    among them: `stop(..., interrupt=True)` interrupts each worker's task, which answers at
    once; a Ctrl-C between tasks is ignored, so the pool's own plumbing is never cut."""
    pool = interruptible_pool(multiprocessing.get_context("fork"), 2, initializer=interrupt_tasks)
    try:
        idle = [worker.pid for worker in pool._pool]
        for pid in idle:  # between tasks: ignored, the workers live on
            os.kill(pid, signal.SIGINT)
        assert pool.apply_async(_long_task, (0.05,)).get(timeout=30) == "finished"
        assert sorted(worker.pid for worker in pool._pool) == sorted(idle)  # none replaced
        flying = [pool.apply_async(_long_task, (60.0,)) for _ in range(2)]
        time.sleep(0.5)  # both running
        _IN_FLIGHT[id(pool)] = flying
    finally:
        stop(pool, interrupt=True)
    assert [r.get(timeout=0) for r in flying] == ["interrupted", "interrupted"]
    pool.join()
