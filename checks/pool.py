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


def in_order(pool: Any, function: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
    """`function(task)` for each task, computed on `pool`, yielded in the tasks' order."""
    waiting = iter(tasks)
    running: deque[Any] = deque(
        pool.apply_async(function, (task,)) for task in islice(waiting, pool._processes)
    )
    while running:
        result = running.popleft().get()
        running.extend(pool.apply_async(function, (task,)) for task in islice(waiting, 1))
        yield result
