"""simulate's games per second alone, for before-and-after runs of two installed trees.

    python benchmarks/ab_simulate.py [GAMES]

Prints one line: classic in single hands, eager players, one process, at 2 and then 4
players, invariants off and on (`run_games`, as bench_simulate.py times our side, without
RLCard). Run each tree's copy under its own venv, in turn, in one sitting: this machine's
speed drifts by a third within the hour.
"""

from __future__ import annotations

import dataclasses
import sys

from unospec.checks.engines.compiled.warm import load
from unospec.checks.engines.simulate import run_games
from unospec.editions import load_edition


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    load()  # the engine opens (or compiles) outside every timing
    classic = load_edition("classic")
    single = dataclasses.replace(classic.rules, game_end="single-hand")
    edition = dataclasses.replace(classic, rules=single)
    columns = []
    for players in (2, 4):
        for check in (False, True):
            tally, seconds = run_games(
                edition, games, players=players, check=check, jobs=1, policy="eager"
            )
            columns.append(f"p{players} inv{'on' if check else 'off'} {tally.games / seconds:8.0f}")
    print(" | ".join(columns))


if __name__ == "__main__":
    main()
