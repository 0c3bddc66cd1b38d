"""Point estimates with 95% intervals, and the tests that compare two samples of them.

One function pair per kind of metric: a mean (t interval; Welch's test), a quantile (an
order-statistic interval, which assumes nothing of the distribution; Mann-Whitney's test for
a median, Mood's for another quantile), a proportion (Wilson's interval; the two-proportion
z test, or Fisher's exact test when a count is small; Newcombe's interval for a difference)
and a ratio of sums over games (the delta method, games as clusters). The names in
`METHODS` and `TESTS` are what the output and the docs call them.

The distributions' functions are scipy's, called the way `scipy.stats` calls them
(`scipy.special`'s `stdtrit`, `stdtr`, `ndtr`, `chdtrc`) rather than through its
distribution objects and test wrappers, which check and broadcast their arguments for up
to a millisecond a call: a comparison of two editions makes a hundred such calls. The
numbers are the same to the last bit (tests/stats/test_intervals.py holds them to
scipy's); the quantiles that depend on a sample's size alone are computed once per size.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy import special, stats

from unospec.checks.analyses.stats.estimates import Interval, Tested

LEVEL = 0.95
Z = float(stats.norm.ppf(0.5 + LEVEL / 2))

Values = npt.NDArray[Any]
"""Per-unit counts (int64), or flags (bool) for the trials of a proportion."""

METHODS = {
    "mean": "t interval",
    "quantile": "order statistics (distribution-free)",
    "max": "sample maximum (no interval)",
    "proportion": "Wilson score interval",
    "ratio": "ratio of sums, delta method (games as clusters)",
}


@functools.cache
def t_quantile(df: int) -> float:
    """Student's t quantile of the 95% interval with `df` degrees of freedom (of a sample
    of df + 1), as `stats.t.ppf` gives it; one per sample size."""
    return float(stats.t.ppf(0.5 + LEVEL / 2, df))


def t_ppf(df: float) -> float:
    """`stats.t.ppf(0.5 + LEVEL / 2, df)` for a positive `df` (Welch's, not a whole number):
    the function it calls."""
    return float(special.stdtrit(df, 0.5 + LEVEL / 2))


def t_sf(x: float, df: float) -> float:
    """`stats.t.sf(x, df)`, the upper tail, for a positive `df`: the function it calls."""
    return float(special.stdtr(df, -x))


def norm_sf(x: float) -> float:
    """`stats.norm.sf(x)`: the function it calls."""
    return float(special.ndtr(-x))


def mean(x: Values) -> Interval:
    n = len(x)
    m = float(np.mean(x))
    if n < 2:
        return Interval(m, m, m, n)
    half = t_quantile(n - 1) * float(np.std(x, ddof=1)) / math.sqrt(n)
    return Interval(m, m - half, m + half, n)


def welch(x: Values, y: Values) -> Tested:
    d = float(np.mean(y) - np.mean(x))
    vx, vy = float(np.var(x, ddof=1)), float(np.var(y, ddof=1))
    se = math.sqrt(vx / len(x) + vy / len(y))
    if se == 0:
        return Tested(d, d, d, "Welch t test", 1.0 if d == 0 else 0.0, 0.0)
    df = se**4 / ((vx / len(x)) ** 2 / (len(x) - 1) + (vy / len(y)) ** 2 / (len(y) - 1))
    half = t_ppf(df) * se
    p = 2 * t_sf(abs(d) / se, df)
    return Tested(d, d - half, d + half, "Welch t test", p, d / math.sqrt((vx + vy) / 2))


def paired(x: Values, y: Values) -> Tested:
    """The mean of the differences `y - x` of paired games (the same seed played under two
    readings), with the paired t test (`stats.ttest_rel`'s): common seeds make most pairs
    alike, and the pairs' spread, not the games', is the noise."""
    d = (y - x).astype(np.float64)
    n = len(d)
    m = float(np.mean(d))
    unit = math.sqrt((float(np.var(x, ddof=1)) + float(np.var(y, ddof=1))) / 2)
    se = float(np.std(d, ddof=1)) / math.sqrt(n)
    if se == 0:
        return Tested(m, m, m, "paired t test", 1.0 if m == 0 else 0.0, 0.0)
    half = t_quantile(n - 1) * se
    p = 2 * t_sf(abs(m) / se, n - 1)
    return Tested(m, m - half, m + half, "paired t test", p, m / unit if unit else 0.0)


def quantile(x: Values, q: float) -> Interval:
    """The `q` quantile (the smallest value with at least that share at or below it), and
    the order statistics that bracket it with 95% probability whatever the distribution."""
    n = len(x)
    ordered = np.sort(x)
    value = float(np.quantile(ordered, q, method="inverted_cdf"))
    lo, hi = order_ranks(n, q)
    return Interval(value, float(ordered[max(lo - 1, 0)]), float(ordered[min(hi, n - 1)]), n)


@functools.cache
def order_ranks(n: int, q: float) -> tuple[int, int]:
    """The binomial quantiles that pick the order statistics of `quantile`'s interval: they
    depend on the sample's size alone, so they are computed once per size."""
    lo = int(stats.binom.ppf((1 - LEVEL) / 2, n, q))
    hi = int(stats.binom.ppf(0.5 + LEVEL / 2, n, q))
    return lo, hi


def quantile_test(x: Values, y: Values, q: float) -> Tested:
    """Mann-Whitney's U test for a median (a shift of the distribution), Mood's test for any
    other quantile (values above the pooled quantile, as a 2x2 table); the difference's
    interval combines the two order-statistic intervals in quadrature."""
    a, b = quantile(x, q), quantile(y, q)
    d = b.value - a.value
    half = math.hypot((a.high - a.low) / 2, (b.high - b.low) / 2)
    if q == 0.5:
        p = float(stats.mannwhitneyu(x, y, alternative="two-sided").pvalue)
        test = "Mann-Whitney U test"
    else:
        threshold = np.quantile(np.concatenate([x, y]), q, method="inverted_cdf")
        table = np.array([[np.sum(x > threshold), np.sum(x <= threshold)],
                          [np.sum(y > threshold), np.sum(y <= threshold)]])  # fmt: skip
        p = _table_p(table)
        test = "Mood's quantile test"
    spread = math.sqrt((float(np.var(x, ddof=1)) + float(np.var(y, ddof=1))) / 2)
    return Tested(d, d - half, d + half, test, p, d / spread if spread else 0.0)


def maximum(x: Values) -> Interval:
    m = float(np.max(x))
    return Interval(m, m, m, len(x))


def wilson(successes: int, trials: int) -> Interval:
    if trials == 0:
        return Interval(0.0, 0.0, 1.0, 0)
    p = successes / trials
    denominator = 1 + Z**2 / trials
    centre = (p + Z**2 / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials + Z**2 / (4 * trials**2)) / denominator
    # it always holds p; rounding can put a bound a hair past it (0 of n: 1e-18, not 0)
    return Interval(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), trials)


def two_proportions(s1: int, n1: int, s2: int, n2: int) -> Tested:
    """The two-proportion z test (Fisher's exact test when a cell expects fewer than 5),
    with Newcombe's hybrid score interval for the difference and Cohen's h."""
    a, b = wilson(s1, n1), wilson(s2, n2)
    d = b.value - a.value
    low = d - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = d + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    table = np.array([[s1, n1 - s1], [s2, n2 - s2]])
    p = _table_p(table)
    test = "Fisher exact test" if _small(table) else "two-proportion z test"
    h = 2 * math.asin(math.sqrt(b.value)) - 2 * math.asin(math.sqrt(a.value))
    return Tested(d, low, high, test, p, h)


def _small(table: npt.NDArray[np.int64]) -> bool:
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
    return bool((expected < 5).any())


def _table_p(table: npt.NDArray[np.int64]) -> float:
    """A 2x2 table's two-sided p-value: Fisher's when a cell is small, else the z test
    (the chi-square test without continuity correction)."""
    if (table.sum(axis=0) == 0).any() or (table.sum(axis=1) == 0).any():
        return 1.0
    if _small(table):
        return float(stats.fisher_exact(table).pvalue)
    return chi2_p(table)


def chi2_p(table: npt.NDArray[np.int64]) -> float:
    """`stats.chi2_contingency(table, correction=False).pvalue` of a 2x2 table with no
    empty row or column, computed as it computes it: the expected counts from the margins,
    Pearson's statistic, the chi-square distribution's upper tail at one degree of freedom."""
    observed = np.asarray(table, dtype=np.float64)
    expected = observed.sum(axis=1, keepdims=True) * observed.sum(axis=0, keepdims=True)
    expected = expected / observed.sum()
    statistic = np.sum(((observed - expected) ** 2 / expected).ravel())
    return float(special.chdtrc(1.0, statistic))


def ratio(y: Values, x: Values) -> Interval:
    """Σy / Σx over games (points per hand: points and hands of each game), with the delta
    method's interval, which treats each game, not each hand, as the independent unit."""
    n = len(x)
    if n == 0 or x.sum() == 0:
        return Interval(0.0, 0.0, 0.0, 0)
    r = float(y.sum() / x.sum())
    se = _ratio_se(y, x, r)
    return Interval(r, r - Z * se, r + Z * se, n)


def _ratio_se(y: Values, x: Values, r: float) -> float:
    n = len(x)
    if n < 2:
        return 0.0
    residual = (y - r * x) / float(np.mean(x))
    return float(np.std(residual, ddof=1)) / math.sqrt(n)


def ratio_test(y1: Values, x1: Values, y2: Values, x2: Values) -> Tested:
    """The z test of two ratios with their delta-method standard errors."""
    a, b = ratio(y1, x1), ratio(y2, x2)
    d = b.value - a.value
    se1, se2 = _ratio_se(y1, x1, a.value), _ratio_se(y2, x2, b.value)
    se = math.hypot(se1, se2)
    if se == 0:
        return Tested(d, d, d, "z test of ratios", 1.0 if d == 0 else 0.0, 0.0)
    p = 2 * norm_sf(abs(d) / se)
    unit = math.sqrt((se1**2 * len(x1) + se2**2 * len(x2)) / 2)
    return Tested(d, d - Z * se, d + Z * se, "z test of ratios", p, d / unit if unit else 0.0)


def paired_ratio_test(y1: Values, x1: Values, y2: Values, x2: Values) -> Tested:
    """The difference of two ratios of sums over paired games (game i of each played from
    the same seed), with the delta method's standard error of the pairs: each game's
    residual under the second reading less its residual under the first."""
    a, b = ratio(y1, x1), ratio(y2, x2)
    d = b.value - a.value
    n = len(x1)
    if n < 2 or not x1.sum() or not x2.sum():
        return Tested(d, d, d, "paired z test of ratios", 1.0 if d == 0 else 0.0, 0.0)
    first = (y1 - a.value * x1) / float(np.mean(x1))
    second = (y2 - b.value * x2) / float(np.mean(x2))
    se = float(np.std(second - first, ddof=1)) / math.sqrt(n)
    if se == 0:
        return Tested(d, d, d, "paired z test of ratios", 1.0 if d == 0 else 0.0, 0.0)
    p = 2 * norm_sf(abs(d) / se)
    spread = (float(np.var(first, ddof=1)) + float(np.var(second, ddof=1))) / 2
    unit = math.sqrt(spread)
    return Tested(
        d, d - Z * se, d + Z * se, "paired z test of ratios", p, d / unit if unit else 0.0
    )


def holm(p: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (they control the chance of any false positive
    among the family at the level they are compared with)."""
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted
