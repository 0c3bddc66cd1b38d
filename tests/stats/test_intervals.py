"""The intervals and tests `stats` reports, against values from the literature and scipy."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from unospec.checks.analyses.stats import intervals as iv


def test_wilson_matches_the_published_interval() -> None:
    """Newcombe (1998), table I: 81 of 263 gives 0.2553 to 0.3662; 0 of 10, 0 to 0.2775."""
    found = iv.wilson(81, 263)
    assert (round(found.low, 4), round(found.high, 4)) == (0.2553, 0.3662)
    assert round(iv.wilson(0, 10).high, 4) == 0.2775


def test_newcombes_difference_interval_matches_the_published_one() -> None:
    """Newcombe (1998b), method 10: 56/70 vs 48/80 gives a difference of 0.2 in
    0.0524 to 0.3339 (here the second minus the first, so the signs turn)."""
    found = iv.two_proportions(56, 70, 48, 80)
    assert round(found.difference, 4) == -0.2
    assert (round(found.low, 4), round(found.high, 4)) == (-0.3339, -0.0524)


def test_welch_agrees_with_scipy() -> None:
    rng = np.random.default_rng(1)
    x, y = rng.normal(10, 2, 300), rng.normal(10.5, 3, 200)
    found = iv.welch(x, y)
    assert found.p == pytest.approx(stats.ttest_ind(x, y, equal_var=False).pvalue)
    interval = stats.ttest_ind(y, x, equal_var=False).confidence_interval()
    assert (found.low, found.high) == pytest.approx((interval.low, interval.high))


def test_the_direct_calls_give_scipys_numbers_to_the_last_bit() -> None:
    """`intervals` calls the functions scipy.stats calls, without its wrappers: the same
    p-values and quantiles exactly (what `stats` prints must not move with this)."""
    rng = np.random.default_rng(4)
    for _ in range(40):
        df, x = float(10 ** rng.uniform(0, 5)), float(abs(rng.normal()) * 10 ** rng.uniform(-2, 1))
        assert iv.t_ppf(df) == float(stats.t.ppf(0.975, df))
        assert iv.t_sf(x, df) == float(stats.t.sf(x, df))
        assert iv.norm_sf(x) == float(stats.norm.sf(x))
        n1, n2 = (int(n) for n in rng.integers(20, 10**5, 2))
        s1, s2 = int(rng.integers(5, n1 - 4)), int(rng.integers(5, n2 - 4))
        table = np.array([[s1, n1 - s1], [s2, n2 - s2]])
        assert iv.chi2_p(table) == float(stats.chi2_contingency(table, correction=False).pvalue)
    assert iv.t_quantile(299) == float(stats.t.ppf(0.975, 299))
    assert iv.order_ranks(300, 0.9) == (int(stats.binom.ppf(0.025, 300, 0.9)),
                                        int(stats.binom.ppf(0.975, 300, 0.9)))  # fmt: skip


def test_holm_adjusts_step_down() -> None:
    """Holm (1979): sorted p-values times m, m-1, ..., kept non-decreasing, at most 1."""
    assert iv.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert iv.holm([0.5, 0.9]) == [1.0, 1.0]


def test_the_quantile_interval_covers_the_true_median_about_95_times_in_100() -> None:
    """Distribution-free: on a skewed, discrete distribution too."""
    rng = np.random.default_rng(2)
    true = stats.geom.median(0.05)
    covered = sum(
        found.low <= true <= found.high
        for found in (iv.quantile(rng.geometric(0.05, 200), 0.5) for _ in range(400))
    )
    assert 0.92 * 400 <= covered <= 0.995 * 400


def test_the_ratio_interval_covers_the_true_ratio() -> None:
    rng = np.random.default_rng(3)
    covered = 0
    for _ in range(400):
        hands = rng.integers(1, 10, 300)
        points = rng.poisson(100 * hands)
        found = iv.ratio(points, hands)
        covered += found.low <= 100 <= found.high
    assert 0.92 * 400 <= covered <= 0.98 * 400


def test_the_paired_t_test_agrees_with_scipy() -> None:
    """Paired games (one seed under two readings): scipy's related-samples t test gives the
    same p-value and interval; pairs that never differ give a difference of 0, p = 1."""
    rng = np.random.default_rng(5)
    x = rng.normal(400, 100, 250)
    y = x + rng.normal(5, 20, 250)
    found = iv.paired(x, y)
    assert found.p == pytest.approx(stats.ttest_rel(y, x).pvalue)
    interval = stats.ttest_rel(y, x).confidence_interval()
    assert (found.low, found.high) == pytest.approx((interval.low, interval.high))
    assert found.test == "paired t test"
    same = iv.paired(x, x.copy())
    assert (same.difference, same.low, same.high, same.p) == (0.0, 0.0, 0.0, 1.0)


def test_pairing_narrows_the_interval_of_mostly_alike_games() -> None:
    """Where most paired games come out alike, the paired interval is far narrower than
    Welch's for the same games, and still covers the true difference about 95 times in
    100."""
    rng = np.random.default_rng(6)
    covered = narrower = 0
    for _ in range(400):
        x = rng.normal(400, 100, 200)
        y = x + np.where(rng.random(200) < 0.2, rng.normal(10, 30, 200), 0.0)
        found = iv.paired(x, y)
        covered += found.low <= 2.0 <= found.high  # 0.2 of the games move by 10 on average
        narrower += (found.high - found.low) < (iv.welch(x, y).high - iv.welch(x, y).low) / 3
    assert 0.92 * 400 <= covered <= 0.98 * 400
    assert narrower == 400


def test_the_paired_ratio_interval_covers_the_true_difference() -> None:
    """Points per hand under two readings over paired games: the delta method on the
    pairs covers the true difference about 95 times in 100, and is narrower than the
    unpaired test's when the games are alike."""
    rng = np.random.default_rng(7)
    covered = narrower = 0
    for _ in range(400):
        hands = rng.integers(1, 10, 300)
        points = rng.poisson(100 * hands).astype(np.int64)
        moved = points + rng.poisson(5 * hands) * (rng.random(300) < 0.5)
        found = iv.paired_ratio_test(points, hands, moved, hands)
        covered += found.low <= 2.5 <= found.high
        unpaired = iv.ratio_test(points, hands, moved, hands)
        narrower += (found.high - found.low) < (unpaired.high - unpaired.low)
    assert 0.92 * 400 <= covered <= 0.98 * 400
    assert narrower == 400
