"""The cost of one step of random play, in microseconds: the unit every other figure scales.

    python benchmarks/bench_step.py [--games N] [--repeats R] [EDITION ...]

For each edition, plays the same `N` whole games (to the target score, 2-6 players, the
`mixed` policy that `unospec check` uses) with the invariants off and on, `R` times, and
prints the fastest run's microseconds per step. The machine this project runs on is shared
and noisy: the fastest of several runs is the stable figure.

The last column is the loop alone: the same games with the kernel's `run`, `legal_actions`
and the invariants handed their recorded results (see `free_calls.py`), so what is left is
choosing the moves and tallying the rules that fired.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from free_calls import IN_GAME_LOOP, Replay, recording, use_in_game_loop

import unospec.checks.engines.random_play as random_play
from unospec.editions import builtin_names, load_edition


def microseconds_per_step(
    name: str, games: int, repeats: int, check: bool, log: dict[str, list[Any]] | None = None
) -> tuple[float, int]:
    """The fastest of `repeats` runs; with `log`, the rules and invariants are replayed."""
    edition = load_edition(name)
    best, steps = float("inf"), 0
    for _ in range(repeats):
        replay = Replay(IN_GAME_LOOP, log, tuple(IN_GAME_LOOP)) if log is not None else None
        if replay is not None:
            use_in_game_loop(replay.functions)
        started, steps = time.perf_counter(), 0
        for number in range(games):
            game = random_play.play_random_game(edition, 2 + number % 5, number, check=check)
            steps += game.steps
        best = min(best, (time.perf_counter() - started) / steps * 1e6)
        if replay is not None:
            replay.finished()
    return best, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("editions", nargs="*", default=builtin_names())
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'edition':18} {'steps':>7} {'us/step, inv off':>17} {'inv on':>7} {'loop alone':>11}")
    for name in args.editions:
        off, steps = microseconds_per_step(name, args.games, args.repeats, check=False)
        on, _ = microseconds_per_step(name, args.games, args.repeats, check=True)
        log: dict[str, list[Any]] = {function: [] for function in IN_GAME_LOOP}
        use_in_game_loop(recording(IN_GAME_LOOP, log))
        microseconds_per_step(name, args.games, 1, check=True)
        alone, _ = microseconds_per_step(name, args.games, args.repeats, check=True, log=log)
        use_in_game_loop(IN_GAME_LOOP)
        print(f"{name:18} {steps:7} {off:17.1f} {on:7.1f} {alone:11.1f}")


if __name__ == "__main__":
    main()
