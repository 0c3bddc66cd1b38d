"""`unospec stats`: statistics of play with 95% intervals, and a tested comparison."""

from __future__ import annotations

import argparse
import dataclasses

from unospec.arguments import UsageError
from unospec.commands.common import OK, emit, progress_bar


def stats(args: argparse.Namespace) -> int:
    from pathlib import Path

    from unospec.checks.jobs.cluster import parse_address
    from unospec.checks.jobs.stats_job import run_stats
    from unospec.editions import load_edition
    from unospec.views.stats import stats_text

    if args.cluster is not None:
        parse_address(args.cluster)  # a malformed address is an error before any work
        if args.until_precision is not None:
            raise UsageError(
                "argument --until-precision: plays here, round by round; not with --cluster"
            )
    editions = [load_edition(name) for name in (args.edition, args.other) if name is not None]
    if args.single_hand:
        editions = [
            dataclasses.replace(e, rules=dataclasses.replace(e.rules, game_end="single-hand"))
            for e in editions
        ]
    with progress_bar() as progress:
        result = run_stats(
            editions, games=args.games, players=args.players, policy=args.policy,
            seed=args.seed, jobs=args.jobs, cluster=args.cluster, progress=progress,
            until_precision=args.until_precision,
        )  # fmt: skip
    if args.plots:
        from unospec.diagrams.plots import draw_plots

        drawn = draw_plots(result, Path(args.plots))
        result = dataclasses.replace(result, plots=tuple(str(p) for p in drawn))
    emit(args, result.to_json(), stats_text(result))
    return OK
