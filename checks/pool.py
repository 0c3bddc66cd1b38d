"""Work on a process pool, in order, with no more submitted than there are workers.

`Pool.imap` hands every task to a feeder thread at once. When a caller stops early (a
violation found, enough games that do not end) and calls `terminate`, that thread can be
blocked writing a large task into a full pipe no worker reads any more, and `terminate`
waits for it forever: an exploration hung this way in CI. Keeping at most one task per
worker in flight means every task written has an idle worker to read it, so `terminate`
finds nothing blocked.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


_IN_FLIGHT: dict[int, deque[Any]] = {}
"""The results each pool (by id) is still computing for `in_order`."""


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


def stop(pool: Any) -> None:
    """Terminate `pool` once the tasks still in flight are done. A worker killed while it
    writes its result keeps the result queue's lock for ever, and `terminate` then waits for
    ever for the thread that needs it: a Ctrl-C to `explore --jobs 2` hung so about once in
    ten. The workers ignore Ctrl-C, so their tasks finish; at most one each is in flight."""
    for result in _IN_FLIGHT.pop(id(pool), ()):
        result.wait(timeout=60)
    pool.terminate()
