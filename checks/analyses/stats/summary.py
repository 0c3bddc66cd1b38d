"""A study summed up: every metric's estimate, the distributions the plots draw, and with
two editions their comparison, Holm-corrected and sorted by effect size."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from unospec.checks.analyses.stats import intervals as iv
from unospec.checks.analyses.stats.estimates import Interval, Tested
from unospec.checks.analyses.stats.metrics import Metric, metrics_of
from unospec.checks.analyses.stats.result import (
    Difference,
    Distribution,
    Estimate,
    StatsResult,
)
from unospec.checks.engines.study import Sample

ALPHA = 0.05
"""The family-wise error rate of a comparison: the chance that two editions that play alike
show any significant difference."""


def summarise(
    editions: Sequence[str],
    samples: Sequence[Sequence[Sample]],
    *,
    policy: str,
    games: int,
    seed: int,
    players: Sequence[int],
    seconds: float,
) -> StatsResult:
    """The result of a study: `samples[i][j]` is edition `i`'s at table size `players[j]`;
    with two editions, the second is compared with the first."""
    estimates: list[Estimate] = []
    distributions: list[Distribution] = []
    unfinished: list[tuple[str, int, int, int]] = []
    for name, by_players in zip(editions, samples, strict=True):
        for count, sample in zip(players, by_players, strict=True):
            for metric in metrics_of(sample):
                found = metric.estimate(sample)
                if found is not None:
                    estimates.append(_estimate(metric, name, count, found))
            values, counts = np.unique(sample.turns[sample.finished], return_counts=True)
            distributions.append(
                Distribution("turns_per_game", name, count,
                             tuple(int(v) for v in values), tuple(int(c) for c in counts))
            )  # fmt: skip
            unfinished.append((name, count, sample.games, int(np.sum(~sample.finished))))
    comparison = None
    if len(editions) == 2:
        comparison = compare(samples[0], samples[1], players)
    return StatsResult(
        editions=tuple(editions),
        policy=policy,
        games=games,
        seed=seed,
        players=tuple(players),
        alpha=ALPHA,
        metrics=tuple(estimates),
        comparison=comparison,
        distributions=tuple(distributions),
        unfinished=tuple(unfinished),
        seconds=seconds,
    )


def _estimate(metric: Metric, edition: str, players: int, found: Interval) -> Estimate:
    return Estimate(
        name=metric.name,
        edition=edition,
        players=players,
        value=found.value,
        ci=(found.low, found.high),
        method=iv.METHODS[metric.kind],
        n=found.n,
    )


def compare(
    first: Sequence[Sample], second: Sequence[Sample], players: Sequence[int]
) -> tuple[Difference, ...]:
    """Every metric both editions have, at every table size, tested; Holm's correction over
    the whole family; sorted by the size of the effect, largest first."""
    rows: list[tuple[str, int, Tested, float, float]] = []
    for count, a, b in zip(players, first, second, strict=True):
        theirs = {m.name: m for m in metrics_of(b)}
        for metric in metrics_of(a):
            if metric.name not in theirs:
                continue
            tested = metric.compare(a, b)
            ea, eb = metric.estimate(a), metric.estimate(b)
            if tested is None or ea is None or eb is None:
                continue
            rows.append((metric.name, count, tested, ea.value, eb.value))
    adjusted = iv.holm([t.p for _, _, t, _, _ in rows])
    differences = [
        Difference(
            metric=name,
            players=count,
            difference=t.difference,
            ci=(t.low, t.high),
            test=t.test,
            p=t.p,
            p_adjusted=p,
            significant=p < ALPHA,
            effect_size=t.effect_size,
            values=(va, vb),
        )
        for (name, count, t, va, vb), p in zip(rows, adjusted, strict=True)
    ]
    differences.sort(key=lambda d: (-abs(d.effect_size), d.metric, d.players))
    return tuple(differences)
