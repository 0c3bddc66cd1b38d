"""Where explore's time goes: the compiled `expand`, `merge` and `rehash`, timed from the
driver (issue 38's profile, beside perf's).

    python benchmarks/explore_split.py [--scale colors=2] [--max-states 4000000] [--jobs 1]
                                       [EDITION]

prints the exploration's states, transitions, seconds, states/s and bytes per state, then
the seconds spent in each compiled call (timers wrapped around them in this process; with
`--jobs 2` the `expand` figure sums both workers' calls). Symmetry off, as in the issue.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from unospec.checks.engines.compiled import exploration
from unospec.checks.engines.compiled import search as k
from unospec.checks.engines.compiled.warm import load
from unospec.editions import load_edition
from unospec.model.scale import parse_scale, scale_edition

SPENT = {"expand": 0.0, "merge": 0.0, "rehash": 0.0}


def timed(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            SPENT[name] += time.perf_counter() - started

    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edition", nargs="?", default="classic")
    parser.add_argument("--scale", default="colors=2")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--max-states", type=int, default=4_000_000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    load()
    setattr(exploration._Worker, "expand", timed("expand", exploration._Worker.expand))  # noqa: B010
    k.merge = timed("merge", k.merge)
    k.rehash = timed("rehash", k.rehash)
    edition = scale_edition(load_edition(args.edition), parse_scale(args.scale))
    run = exploration.explore(
        edition, args.players, symmetry=False, max_states=args.max_states, jobs=args.jobs
    )
    print(
        f"{args.edition} at {args.scale}, {args.jobs} job(s): {run.distinct_states:,} states, "
        f"{run.transitions:,} transitions, {run.seconds:.2f} s, "
        f"{run.distinct_states / run.seconds:,.0f} states/s, {run.bytes_per_state:.1f} B/state"
    )
    print("  " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in SPENT.items()))


if __name__ == "__main__":
    main()
