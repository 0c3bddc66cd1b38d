"""The explorer's own cost: its rate when the kernel's and the invariants' answers are free.

    python benchmarks/bench_explore_floor.py [--scale SCALE] [--rounds R] [EDITION]

One exploration records, in call order, every result of the kernel's `run`, of
`legal_actions` and of the invariants' `violations`. The explorer is deterministic, so the
next explorations make the same calls in the same order and can be handed the recorded
results one after another (`next` on a list iterator, no hashing, no rules run). What is left
is the explorer's own work: unpacking, normalizing, renaming, packing, deduplicating and
recording states, listing the chance outcomes, and the progress check at the end. Its rate
bounds what any speed-up of the rules and the invariants could give. One process, no
symmetry, 2 players.
"""

from __future__ import annotations

import argparse
from typing import Any

from free_calls import IN_EXPLORER, Replay, recording, use_in_explorer

from unospec.checks.engines.explorer import explore
from unospec.editions import load_edition
from unospec.model.scale import parse_scale, scale_edition

SETUPS: dict[str, tuple[str, ...]] = {
    "nothing free": (),
    "rules free": ("run", "legal"),
    "invariants free": ("invariants",),
    "all three free": ("run", "legal", "invariants"),
}
"""What each timed exploration gets for free: the rules (`run` and `legal_actions`), the
invariants, or all three."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edition", nargs="?", default="nfl-cowboys")
    parser.add_argument("--scale", default="micro")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    edition = scale_edition(load_edition(args.edition), parse_scale(args.scale))
    log: dict[str, list[Any]] = {name: [] for name in IN_EXPLORER}
    use_in_explorer(recording(IN_EXPLORER, log))
    recorded = explore(edition, 2, symmetry=False)
    calls = ", ".join(f"{len(results)} {name}" for name, results in log.items())
    print(f"{args.edition} at {args.scale}: {len(recorded.states)} states; calls: {calls}")
    for round_ in range(1, args.rounds + 1):
        for name, free in SETUPS.items():
            replay = Replay(IN_EXPLORER, log, free)
            use_in_explorer(replay.functions)
            timed = explore(edition, 2, symmetry=False)
            replay.finished()
            if len(timed.states) != len(recorded.states):
                raise SystemExit(f"{name}: the replay went astray ({len(timed.states)} states)")
            rate = len(timed.states) / timed.seconds
            print(f"round {round_}  {name:16} {rate:9.0f} states/s  {timed.seconds:6.2f} s")
    use_in_explorer(IN_EXPLORER)


if __name__ == "__main__":
    main()
