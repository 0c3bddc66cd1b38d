"""How many random games `unospec check` needs: rule coverage, and seeded bugs caught.

    python benchmarks/bench_sample.py [--games N] [--mutants] [EDITION ...]

Plays the check's own games in its order (seed 0, 2-10 players, every invariant after every
step) in one process. For each edition it prints how many machine transitions fired and the
game in which the last of them first fired. With `--mutants`, it runs the same games once
per seeded kernel bug (see `mutants.py`) and prints the first game that notices the bug:
an invariant broken, a rule gap, a move refused, or a game that never ends. A bug the games
cannot notice at any sample size (a wrong count that keeps every card accounted for) is
listed as not caught; the proofs, the baselines and the test suite are there for those.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

from mutants import MUTANTS, Mutant, applied

from unospec.checks.engines.random_play import GameRecord, play_random_game
from unospec.checks.engines.simulate import game_plan
from unospec.editions import load_edition
from unospec.model.edition import Edition
from unospec.model.table import MACHINE

DISTINCT = ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii")


def checked_games(edition: Edition, games: int) -> Iterator[tuple[int, GameRecord | None, str]]:
    """(game number, record, what went wrong or "") for the check's games, in its order."""
    for number in range(games):
        try:
            record = play_random_game(edition, *game_plan(edition, number, 0, None))
        except Exception as error:  # a model error: `check` fails on it
            yield number, None, f"{type(error).__name__}: {error}"
            continue
        if record.violation:
            yield number, record, f"{record.violation.invariant}: {record.violation.message}"
        elif record.gap:
            yield number, record, f"rule gap: {record.gap}"
        elif not record.finished:
            yield number, record, f"no game over after {record.steps} steps"
        else:
            yield number, record, ""


def first_firings(edition: Edition, games: int) -> dict[int, int]:
    """Machine branch number -> the first game (0-based) in which it fired."""
    first: dict[int, int] = {}
    for number, record, problem in checked_games(edition, games):
        if problem or record is None:
            raise SystemExit(f"{edition.name}: game {number} failed ({problem}): a kernel bug")
        for branch in record.fired:
            first.setdefault(branch, number)
    return first


def first_catch(edition: Edition, games: int) -> tuple[int, str] | None:
    """The first game that notices something wrong, and what it noticed; None if none does."""
    return next(((n, problem) for n, _, problem in checked_games(edition, games) if problem), None)


def coverage_table(names: list[str], games: int) -> None:
    print(f"{'edition':16} {'fired':>7}  last new transition")
    for name in names:
        first = first_firings(load_edition(name), games)
        last = max(first, key=lambda branch: first[branch])
        fired = f"{len(first)}/{len(MACHINE.branches)}"
        print(f"{name:16} {fired:>7}  game {first[last]}: {MACHINE.branches[last].label}")


def mutant_table(names: list[str], games: int) -> None:
    print(f"\n{'mutant':28} {'edition':16} {'caught in game':>14}  by")
    for mutant in MUTANTS:
        for name in (n for n in mutant.editions if n in names):
            print(f"{mutant.name:28} {name:16} {_catch(mutant, name, games)}", flush=True)


def _catch(mutant: Mutant, name: str, games: int) -> str:
    edition = load_edition(name)
    with applied(mutant):
        caught = first_catch(edition, games)
    if caught is None:
        return f"{'-':>14}  not caught in {games} games"
    return f"{caught[0]:>14}  {caught[1][:70]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("editions", nargs="*", default=list(DISTINCT))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--mutants", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    coverage_table(args.editions, args.games)
    if args.mutants:
        mutant_table(args.editions, args.games)
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
