"""The cost of one step of random play, in microseconds: the unit every other figure scales.

    python benchmarks/bench_step.py [--games N] [--repeats R] [EDITION ...]

For each edition, plays the same `N` whole games (to the target score, 2-6 players, the
`mixed` policy that `unospec check` uses) with the invariants off and on, `R` times, and
prints the fastest run's microseconds per step. The machine this project runs on is shared
and noisy: the fastest of several runs is the stable figure.
"""

from __future__ import annotations

import argparse
import time

from unospec.checks.random_play import play_random_game
from unospec.editions import builtin_names, load_edition


def microseconds_per_step(name: str, games: int, repeats: int, check: bool) -> tuple[float, int]:
    edition = load_edition(name)
    best, steps = float("inf"), 0
    for _ in range(repeats):
        started, steps = time.perf_counter(), 0
        for number in range(games):
            steps += play_random_game(edition, 2 + number % 5, number, check=check).steps
        best = min(best, (time.perf_counter() - started) / steps * 1e6)
    return best, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("editions", nargs="*", default=builtin_names())
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'edition':18} {'steps':>7} {'us/step, inv off':>17} {'inv on':>7}")
    for name in args.editions:
        off, steps = microseconds_per_step(name, args.games, args.repeats, check=False)
        on, _ = microseconds_per_step(name, args.games, args.repeats, check=True)
        print(f"{name:18} {steps:7} {off:17.1f} {on:7.1f}")


if __name__ == "__main__":
    main()
