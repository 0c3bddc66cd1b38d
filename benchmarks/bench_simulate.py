"""Time `unospec simulate` against RLCard's UNO game, in one run on the same machine.

    pip install '.[bench]'          # RLCard, a benchmark-only extra
    python benchmarks/bench_simulate.py [--games N]

Both sides play single-hand games of the 108-card deck between random players who play a
card whenever they can (RLCard's rules; our `classic` edition with `--single-hand --policy
eager`), with 2 and then 4 players, the same number of games, one process each; then ours
again with every invariant checked after every step, and with two processes. Our games still
play the full rules (Wild Draw Four challenges, UNO calls, the first-flip rule).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time

from unospec.checks.engines.compiled.warm import load
from unospec.checks.engines.simulate import run_games
from unospec.editions import load_edition


def rlcard_games_per_second(players: int, games: int) -> float:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        sys.exit("RLCard is not installed: pip install '.[bench]'")
    rng = random.Random(0)
    started = time.perf_counter()
    for number in range(games):
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(number)
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
    return games / (time.perf_counter() - started)


def unospec_games_per_second(players: int, games: int, *, check: bool, jobs: int) -> float:
    edition = load_edition("classic")
    single = dataclasses.replace(edition.rules, game_end="single-hand")
    edition = dataclasses.replace(edition, rules=single)
    tally, seconds = run_games(
        edition, games, players=players, check=check, jobs=jobs, policy="eager"
    )
    return tally.games / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    games = parser.parse_args().games
    load()  # the compiled engine opens (or compiles) once, outside every timing
    print(f"{games} single-hand games per row, games per second (ratio to RLCard)")
    print(f"{'players':>7} {'RLCard':>8} {'ours, inv off':>16} {'ours, inv on':>16} "
          f"{'ours, on, 2 jobs':>18}")  # fmt: skip
    for players in (2, 4):
        base = rlcard_games_per_second(players, games)
        off = unospec_games_per_second(players, games, check=False, jobs=1)
        on = unospec_games_per_second(players, games, check=True, jobs=1)
        two = unospec_games_per_second(players, games, check=True, jobs=2)
        print(
            f"{players:>7} {base:>8.0f} {off:>8.0f} ({off / base:4.2f}x) {on:>8.0f} "
            f"({on / base:4.2f}x) {two:>9.0f} ({two / base:4.2f}x)"
        )


if __name__ == "__main__":
    main()
