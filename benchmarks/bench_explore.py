"""Distinct states per second of the explorer in one process, without symmetry reduction.

    python benchmarks/bench_explore.py [--scale SCALE] [--repeats R] [EDITION ...]

The issue 3 measure: every state of the scaled edition with 2 players, breadth first, every
invariant in each, one process, colours not identified. Prints the fastest of `R` runs, since
this machine's speed drifts (see README.md).
"""

from __future__ import annotations

import argparse

from unospec.checks.engines.explorer import explore
from unospec.editions import load_edition
from unospec.model.scale import parse_scale, scale_edition


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("editions", nargs="*", default=["classic", "nfl-cowboys"])
    parser.add_argument("--scale", default="micro")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'edition':18} {'states':>8} {'transitions':>12} {'seconds':>8} {'states/s':>9}")
    for name in args.editions:
        edition = scale_edition(load_edition(name), parse_scale(args.scale))
        runs = [explore(edition, 2, symmetry=False) for _ in range(args.repeats)]
        best = min(runs, key=lambda run: run.seconds)
        if not best.complete:
            raise SystemExit(f"{name}: the exploration stopped or found a violation")
        rate = len(best.states) / best.seconds
        print(
            f"{name:18} {len(best.states):8} {best.transitions:12} {best.seconds:8.2f} {rate:9.0f}"
        )


if __name__ == "__main__":
    main()
