"""The game loop's own cost: `bench_simulate.py`'s games when the rules and invariants are free.

    pip install '.[bench]'          # RLCard, a benchmark-only extra
    python benchmarks/bench_simulate_floor.py [--games N] [--rounds R]

The same single-hand games as `bench_simulate.py` (classic, `--policy eager`, one process).
A first pass records, in call order, every result of the kernel's `run`, of `legal_actions`
and of the invariants' `violations`; the loop is deterministic for its seeds, so a later pass
can be handed those results one after another instead of computing them. That pass times what
is left: choosing the random moves, tallying the rules that fired, building the records. Its
rate bounds what any speed-up of the rules and the invariants could give, and is printed beside
RLCard's and ours, all in games per second.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from typing import Any

from bench_simulate import rlcard_games_per_second
from free_calls import IN_GAME_LOOP, Replay, recording, use_in_game_loop

import unospec.checks.engines.random_play as random_play
from unospec.editions import load_edition
from unospec.model.edition import Edition


def _games_per_second(edition: Edition, players: int, games: int, *, check: bool) -> float:
    started = time.perf_counter()
    for seed in range(games):
        random_play.play_random_game(edition, players, seed, check=check, policy="eager")
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    classic = load_edition("classic")
    single = dataclasses.replace(classic.rules, game_end="single-hand")
    edition = dataclasses.replace(classic, rules=single)
    print(f"{args.games} single-hand games per figure, games per second (ratio to RLCard)")
    print(f"{'players':>7} {'RLCard':>7} {'ours, inv off':>15} {'ours, inv on':>15} "
          f"{'loop alone':>15}")  # fmt: skip
    for players in (2, 4):
        log: dict[str, list[Any]] = {name: [] for name in IN_GAME_LOOP}
        use_in_game_loop(recording(IN_GAME_LOOP, log))
        _games_per_second(edition, players, args.games, check=True)
        for _ in range(args.rounds):
            base = rlcard_games_per_second(players, args.games)
            use_in_game_loop(IN_GAME_LOOP)
            off = _games_per_second(edition, players, args.games, check=False)
            on = _games_per_second(edition, players, args.games, check=True)
            replay = Replay(IN_GAME_LOOP, log, tuple(IN_GAME_LOOP))
            use_in_game_loop(replay.functions)
            alone = _games_per_second(edition, players, args.games, check=True)
            replay.finished()
            print(
                f"{players:>7} {base:>7.0f} {off:>6.0f} ({off / base:4.2f}x) "
                f"{on:>6.0f} ({on / base:4.2f}x) {alone:>6.0f} ({alone / base:4.2f}x)"
            )
    use_in_game_loop(IN_GAME_LOOP)


if __name__ == "__main__":
    main()
