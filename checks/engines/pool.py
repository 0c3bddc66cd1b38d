"""Work on a process pool, in order or as it finishes, never more submitted than there are
workers.

`Pool.imap` hands every task to a feeder thread at once. When a caller stops early (a
violation found, enough games that do not end) and calls `terminate`, that thread can be
blocked writing a large task into a full pipe no worker reads any more, and `terminate`
waits for it forever: an exploration hung this way in CI. Keeping at most one task per
worker in flight means every task written has an idle worker to read it, so `terminate`
finds nothing blocked.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


_IN_FLIGHT: dict[int, Iterable[Any]] = {}
"""The results each pool (by id) is still computing for `in_order` or `as_completed`."""


def in_order(pool: Any, function: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
    """`function(task)` for each task, computed on `pool`, yielded in the tasks' order."""
    waiting = iter(tasks)
    running: deque[Any] = deque(
        pool.apply_async(function, (task,)) for task in islice(waiting, pool._processes)
    )
    _IN_FLIGHT[id(pool)] = running
    while running:
        result = running[0].get()  # still in flight, for `stop`, if Ctrl-C lands here
        running.popleft()
        running.extend(pool.apply_async(function, (task,)) for task in islice(waiting, 1))
        yield result


def as_completed(
    pool: Any, function: Callable[[T], R], tasks: Iterable[T]
) -> Iterator[tuple[T, R]]:
    """(task, `function(task)`) for each task, computed on `pool`, as each finishes.

    A task is read from `tasks` only when a worker is free, so a generator of tasks can
    leave out work that the results so far have made needless. Unlike `in_order`, a long
    task at the head does not keep the other workers waiting for their next task. An
    exception raised by `function` is raised here.
    """
    finished: queue.SimpleQueue[tuple[int, Any, BaseException | None]] = queue.SimpleQueue()
    waiting = iter(tasks)
    given: dict[int, T] = {}  # by submission number: the tasks in flight, and their results
    running: dict[int, Any] = {}
    _IN_FLIGHT[id(pool)] = running.values()  # a live view, for `stop`
    submitted = 0

    def submit(task: T) -> None:
        nonlocal submitted
        key, submitted = submitted, submitted + 1
        given[key] = task
        running[key] = pool.apply_async(
            function,
            (task,),
            callback=lambda result: finished.put((key, result, None)),
            error_callback=lambda error: finished.put((key, None, error)),
        )

    for task in islice(waiting, pool._processes):
        submit(task)
    while running:
        key, result, error = finished.get()
        del running[key]
        if error is not None:
            raise error
        for task in islice(waiting, 1):
            submit(task)
        yield given.pop(key), result


def stop(pool: Any, *, interrupt: bool = False) -> None:
    """Terminate `pool` once the tasks still in flight are done. A worker killed while it
    writes its result keeps the result queue's lock for ever, and `terminate` then waits for
    ever for the thread that needs it: a Ctrl-C to `explore --jobs 2` hung so about once in
    ten. The workers ignore Ctrl-C, so their tasks finish; at most one each is in flight.

    With `interrupt`, for a pool made by `interruptible_pool` whose tasks are long, each
    worker is sent a Ctrl-C first: its task stops where it is and answers at once."""
    try:
        if interrupt:
            for worker in list(pool._pool):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker.pid, signal.SIGINT)
        for result in _IN_FLIGHT.pop(id(pool), ()):
            result.wait(timeout=60)
    finally:  # even if interrupted again: a pool left running fails at exit, with a traceback
        pool.terminate()


def ignore_interrupts() -> None:
    """A pool worker's initializer: Ctrl-C reaches the whole process group, and is the
    parent's to handle (it stops the pool with `stop`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def interruptible_pool(context: Any, processes: int, **options: Any) -> Any:
    """A pool whose workers can be interrupted inside a task (see `working`), and only there:
    between tasks the pool's own plumbing must not be cut mid-write (see `stop`). It is made
    with Ctrl-C blocked, so that its threads, and the workers they fork, are never
    interrupted before `interrupt_tasks` (run first in each worker) is in place."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return context.Pool(processes, **options)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def interrupt_tasks() -> None:
    """A worker's first step in `interruptible_pool` (call it from its initializer): a
    Ctrl-C then interrupts the task running in `working`, and is ignored otherwise."""
    signal.signal(signal.SIGINT, _interrupt_a_task)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


_WORKING = [False]


def _interrupt_a_task(signum: int, frame: object) -> None:
    if _WORKING[0]:
        raise KeyboardInterrupt


@contextlib.contextmanager
def working() -> Iterator[None]:
    """A task's run in a worker of `interruptible_pool`: a Ctrl-C raises KeyboardInterrupt
    here, for the task's caller to send back as its answer."""
    _WORKING[0] = True
    try:
        yield
    finally:
        _WORKING[0] = False
