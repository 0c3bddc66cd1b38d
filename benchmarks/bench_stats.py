"""What `unospec stats` costs on top of `simulate`, on the very same games, and how long a
million single-hand games of classic take.

    python benchmarks/bench_stats.py [--games N] [--rounds R] [--million] [--jobs J]
                                     [--policies P ...]

Side by side, round after round (the machine drifts): `simulate`'s path (the engine's games
tallied as columns, `simulate.play_chunk` without the invariants) against
`stats`' path (the same seeds played into a sample, then every metric with its interval,
`summarise`), on one process, classic at 4 seats, the heuristic policy. `--million` then
times `run_stats` on 1,000,000 single-hand games of classic at 4 seats with `--jobs J`.
`--policies` times the engine's games alone (`play_games`, invariants off) under each named
policy instead, on the same seeds, round after round: what a policy's decisions cost.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

import numpy as np

from unospec.checks.analyses.stats.summary import summarise
from unospec.checks.engines.compiled.simulation import GameColumns, play_games
from unospec.checks.engines.random_play import MAX_STEPS
from unospec.checks.engines.simulate import Tally
from unospec.checks.engines.study import chunk_seeds, play_sample
from unospec.checks.jobs.stats_job import run_stats
from unospec.editions import load_edition
from unospec.model.edition import Edition

POLICY = "heuristic"


def _games(edition: Edition, seeds: list[int], policy: str = POLICY) -> GameColumns:
    """The engine's games of `seeds` at 4 seats, invariants off: `simulate`'s columns."""
    plans = [(n, 4, s) for n, s in enumerate(seeds)]
    return play_games(edition, plans, check=False, policy=policy, max_steps=MAX_STEPS)


def _simulate(edition: Edition, seeds: list[int]) -> float:
    started = time.perf_counter()
    Tally().add_columns(list(range(len(seeds))), _games(edition, seeds))
    return time.perf_counter() - started


def _stats(edition: Edition, seeds: list[int]) -> float:
    started = time.perf_counter()
    sample = play_sample(edition, 4, np.array(seeds), policy=POLICY)
    summarise([edition.name], [[sample]], policy=POLICY, games=len(seeds), seed=0,
              players=[4], seconds=0.0)  # fmt: skip
    return time.perf_counter() - started


def _policy(edition: Edition, seeds: list[int], policy: str) -> float:
    started = time.perf_counter()
    _games(edition, seeds, policy)
    return time.perf_counter() - started


def _policies(edition: Edition, seeds: list[int], policies: list[str], rounds: int) -> None:
    for policy in policies:
        _policy(edition, seeds[:50], policy)  # warm
    print(f"classic, 4 players, {len(seeds)} games, the engine alone, one process")
    for r in range(1, rounds + 1):
        line = [f"round {r}"]
        for policy in policies:
            took = _policy(edition, seeds, policy)
            line.append(f"{policy} {len(seeds) / took:6.0f} games/s ({took:.2f} s)")
        print("  ".join(line))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--million", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--policies", nargs="+", metavar="POLICY")
    args = parser.parse_args()
    classic = load_edition("classic")
    seeds = [int(s) for s in chunk_seeds(0, 0, 4, 0, args.games)]
    if args.policies:
        _policies(classic, seeds, args.policies, args.rounds)
        return
    _simulate(classic, seeds[:100])
    _stats(classic, seeds[:100])  # warm: the engine loaded, scipy imported
    print(f"classic, 4 players, {args.games} games, policy {POLICY}, one process")
    for r in range(1, args.rounds + 1):
        a, b = _simulate(classic, seeds), _stats(classic, seeds)
        print(
            f"round {r}  simulate {args.games / a:8.0f} games/s ({a:.2f} s)   "
            f"stats {args.games / b:8.0f} games/s ({b:.2f} s)   "
            f"stats costs {100 * (b / a - 1):+.1f}%"
        )
    if args.million:
        single = dataclasses.replace(
            classic, rules=dataclasses.replace(classic.rules, game_end="single-hand")
        )
        started = time.perf_counter()
        result = run_stats([single], games=1_000_000, players=[4], policy=POLICY, jobs=args.jobs)
        took = time.perf_counter() - started
        mean = result.estimate("turns_per_game.mean", "classic", 4)
        print(
            f"1,000,000 single-hand games of classic, 4 players, --jobs {args.jobs}: "
            f"{took:.1f} s ({1_000_000 / took:.0f} games/s); mean turns {mean.value:.2f} "
            f"[{mean.ci[0]:.2f}, {mean.ci[1]:.2f}]"
        )


if __name__ == "__main__":
    main()
