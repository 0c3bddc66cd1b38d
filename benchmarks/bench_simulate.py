"""Time `unospec simulate` against RLCard's UNO game, in one run on the same machine.

    pip install '.[bench]'          # RLCard, a benchmark-only extra
    python benchmarks/bench_simulate.py [--games N] [--cpu] [--rounds R]

Both sides play single-hand games of the 108-card deck between random players who play a
card whenever they can (RLCard's rules; our `classic` edition with `--single-hand --policy
eager`), with 2 and then 4 players, the same number of games, one process each; then ours
again with every invariant checked after every step, and with two processes. Our games still
play the full rules (Wild Draw Four challenges, UNO calls, the first-flip rule).

`--cpu` times each side by the CPU time of this process (`time.process_time`), not the wall
clock, and leaves out the two-process column: on a machine whose two cores other jobs share,
the wall clock measures the neighbours as much as the games. `--rounds` repeats the table.
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
from unospec.model.edition import Edition

CLOCK = time.perf_counter


def rlcard_games_per_second(players: int, games: int) -> float:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        sys.exit("RLCard is not installed: pip install '.[bench]'")
    rng = random.Random(0)
    started = CLOCK()
    for number in range(games):
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(number)
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
    return games / (CLOCK() - started)


def single_hands() -> Edition:
    """Classic, played in single hands."""
    edition = load_edition("classic")
    single = dataclasses.replace(edition.rules, game_end="single-hand")
    return dataclasses.replace(edition, rules=single)


SINGLE_HANDS: list[Edition] = []
"""The edition every timing plays: one object, whose programs are built once (before the
clock starts, by a few games of each table size: `main`)."""


def unospec_games_per_second(players: int, games: int, *, check: bool, jobs: int) -> float:
    if not SINGLE_HANDS:
        SINGLE_HANDS.append(single_hands())
    edition = SINGLE_HANDS[0]
    started = time.process_time()
    tally, seconds = run_games(
        edition, games, players=players, check=check, jobs=jobs, policy="eager"
    )
    if CLOCK is time.process_time:
        seconds = time.process_time() - started
    return tally.games / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cpu", action="store_true", help="time by CPU time, one process")
    parser.add_argument("--rounds", type=int, default=1)
    options = parser.parse_args()
    games = options.games
    global CLOCK
    CLOCK = time.process_time if options.cpu else time.perf_counter
    load()  # the compiled engine opens (or compiles) once, outside every timing
    for players in (2, 4):  # and each table's program is built, outside every timing too
        unospec_games_per_second(players, 20, check=True, jobs=1)
    clock = "CPU" if options.cpu else "wall"
    print(f"{games} single-hand games per row, games per {clock} second (ratio to RLCard)")
    print(f"{'players':>7} {'RLCard':>8} {'ours, inv off':>16} {'ours, inv on':>16} "
          f"{'' if options.cpu else 'ours, on, 2 jobs':>18}")  # fmt: skip
    for _ in range(options.rounds):
        for players in (2, 4):
            base = rlcard_games_per_second(players, games)
            off = unospec_games_per_second(players, games, check=False, jobs=1)
            on = unospec_games_per_second(players, games, check=True, jobs=1)
            line = (
                f"{players:>7} {base:>8.0f} {off:>8.0f} ({off / base:4.2f}x) {on:>8.0f} "
                f"({on / base:4.2f}x)"
            )
            if not options.cpu:
                two = unospec_games_per_second(players, games, check=True, jobs=2)
                line += f" {two:>9.0f} ({two / base:4.2f}x)"
            print(line)


if __name__ == "__main__":
    main()
