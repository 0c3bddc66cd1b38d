"""Work on a pool in order, never more in flight than there are workers (`checks.pool`)."""

from __future__ import annotations

from typing import Any

from unospec.checks.pool import in_order


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
