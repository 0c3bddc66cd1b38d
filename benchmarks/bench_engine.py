"""The compiled engine's figures for issue 26, each measured in this one run.

    python benchmarks/bench_engine.py [--scale SCALE] [--players N] [--jobs J ...]
                                      [--reference-states N] [--compile] [EDITION]

- exploration: distinct states per second and `bytes_per_state` (the visited set, parent
  links and the rest of the search's structures over the states it holds), no symmetry,
  on the engine, once for each `--jobs` (default: one worker, then two); then the
  reference explorer on the same scale for `--reference-states` states (it does not
  finish `colors=2`), for the side-by-side ratio;
- with `--compile`: the engine's compile time cold (an empty cache folder) and its start-up
  with that cache, each in a fresh interpreter.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from unospec.checks.engines.compiled.exploration import explore as engine_explore
from unospec.checks.engines.compiled.warm import load
from unospec.checks.engines.explorer import explore as reference_explore
from unospec.editions import load_edition
from unospec.model.scale import parse_scale, scale_edition

LOAD = "from unospec.checks.engines.compiled.warm import load; load()"


def start_up_seconds(cache: str) -> float:
    """Wall time of a fresh interpreter that opens the engine with `cache` as its folder."""
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", LOAD], env={**os.environ, "UNOSPEC_ENGINE_CACHE": cache}, check=True
    )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edition", nargs="?", default="classic")
    parser.add_argument("--scale", default="colors=2")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--reference-states", type=int, default=200_000)
    parser.add_argument("--compile", action="store_true")
    args = parser.parse_args()
    if args.compile:
        with tempfile.TemporaryDirectory() as cache:
            cold, cached = start_up_seconds(cache), start_up_seconds(cache)
        print(f"compile cold {cold:.1f} s, start-up with the cache {cached:.2f} s")
    load()
    edition = scale_edition(load_edition(args.edition), parse_scale(args.scale))
    rate = 0.0
    for jobs in args.jobs:
        run = engine_explore(edition, args.players, symmetry=False, jobs=jobs)
        if not run.complete:
            raise SystemExit(f"{args.edition}: the exploration stopped or found a violation")
        rate = rate or run.distinct_states / run.seconds
        print(
            f"engine, {jobs} job{'s' if jobs > 1 else ' '} {run.distinct_states:>11,} states "
            f"{run.transitions:>12,} transitions {run.seconds:7.1f} s "
            f"{run.distinct_states / run.seconds:>10,.0f} states/s "
            f"{run.bytes_per_state:5.1f} B/state, peak RSS {run.peak_memory_mb:,.0f} MB"
        )
    if args.reference_states:
        slow = reference_explore(
            edition, args.players, symmetry=False, max_states=args.reference_states
        )
        slow_rate = len(slow.states) / slow.seconds
        print(
            f"reference     {len(slow.states):>11,} states (stopped: {slow.stopped or 'finished'}) "
            f"{slow.seconds:7.1f} s {slow_rate:>10,.0f} states/s; the engine: "
            f"{rate / slow_rate:.0f}x (its first run)"
        )


if __name__ == "__main__":
    main()
