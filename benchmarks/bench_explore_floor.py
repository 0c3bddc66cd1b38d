"""The explorer's own cost: its rate when the kernel's answers are looked up, not computed.

    python benchmarks/bench_explore_floor.py [--scale SCALE] [EDITION]

One exploration records every `run` and `legal_actions` result; the next ones look them up
in dictionaries instead (hashing whole states, which is not free either). The ratio bounds
what any speed-up of the kernel alone could give the explorer. One process, no symmetry.
"""

from __future__ import annotations

import argparse
from typing import Any

import unospec.checks.chance as chance
import unospec.checks.explorer as explorer
from unospec.checks.explorer import explore
from unospec.editions import load_edition
from unospec.model import kernel
from unospec.model.scale import parse_scale, scale_edition


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edition", nargs="?", default="nfl-cowboys")
    parser.add_argument("--scale", default="micro")
    args = parser.parse_args()
    edition = scale_edition(load_edition(args.edition), parse_scale(args.scale))
    runs: dict[Any, Any] = {}
    legal: dict[Any, Any] = {}

    def record_run(e: Any, game: Any, action: Any) -> Any:
        runs[game, action] = kernel.run(e, game, action)
        return runs[game, action]

    def record_legal(e: Any, game: Any) -> Any:
        legal[game] = kernel.legal_actions(e, game)
        return legal[game]

    chance.run, explorer.legal_actions = record_run, record_legal  # type: ignore[assignment]
    explore(edition, 2, symmetry=False)
    setups = {
        "kernel": (kernel.run, kernel.legal_actions),
        "run looked up": (lambda e, g, a: runs[g, a], kernel.legal_actions),
        "both looked up": (lambda e, g, a: runs[g, a], lambda e, g: legal[g]),
    }
    for round_ in (1, 2):
        for name, (run, listed) in setups.items():
            chance.run, explorer.legal_actions = run, listed  # type: ignore[assignment]
            x = explore(edition, 2, symmetry=False)
            print(f"round {round_}  {name:15} {len(x.states) / x.seconds:9.0f} states/s")


if __name__ == "__main__":
    main()
