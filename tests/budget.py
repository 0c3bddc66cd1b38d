"""Budgets for the Hypothesis suites: how many examples and steps, and how long one may take.

    @settings(max_examples=examples(ci=60, nightly=10_000))

`examples` and `steps` give the `ci` number in the `dev` and `ci` profiles and the `nightly`
number in the `nightly` profile (HYPOTHESIS_PROFILE, see conftest.py); `UNOSPEC_EXAMPLES=N`
overrides every example budget for one long run. `time_limit` turns a hang into a failure.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from hypothesis import settings


def _nightly() -> bool:
    return settings.get_current_profile_name() == "nightly"


def examples(ci: int, nightly: int) -> int:
    """The example budget of one test in the profile that is loaded."""
    override = os.environ.get("UNOSPEC_EXAMPLES")
    if override:
        return int(override)
    return nightly if _nightly() else ci


def steps(ci: int, nightly: int) -> int:
    """The step budget of one stateful example in the profile that is loaded."""
    return nightly if _nightly() else ci


class Hang(Exception):
    """One example ran longer than its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail with `Hang` once `seconds` have passed (a real-time alarm), and check the time
    taken on the way out too, so a slow call that the alarm cannot interrupt still fails."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    elapsed = time.perf_counter() - start
    if elapsed >= seconds:
        raise Hang(f"took {elapsed:.1f} s (limit {seconds} s)")
