"""A comparison finds what differs and only that: two editions that play alike show no
significant difference at the default sample size; express against classic shows the
game-length difference; and an edition compared with itself on independent seeds flags a
difference in about 5% of comparisons, as Holm's correction promises, not more."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from scenario import edition

from unospec.checks.analyses.stats.summary import compare, summarise
from unospec.checks.engines.study import play_chunk
from unospec.checks.jobs.stats_job import DEFAULT_GAMES, run_stats
from unospec.model.edition import Edition


@pytest.mark.slow
def test_two_editions_that_play_alike_show_no_significant_difference() -> None:
    """nfl-players differs from nfl-cowboys only in its title and the card art (a twin)."""
    result = run_stats([edition("nfl-cowboys"), edition("nfl-players")], jobs=2)
    assert result.games == DEFAULT_GAMES and result.comparison is not None
    assert len(result.comparison) > 30
    assert [d.metric for d in result.comparison if d.significant] == []


@pytest.mark.slow
def test_express_against_classic_shows_the_game_length_difference() -> None:
    """Hands of five and 56 cards: shorter hands, so fewer turns per hand."""
    result = run_stats([edition("classic"), edition("express")], games=2000, jobs=2)
    for metric in ("turns_per_hand.mean", "turns_per_hand.median"):
        d = result.difference(metric, 4)
        assert d.significant and d.difference < 0 and d.ci[1] < 0, d
    mean = result.difference("turns_per_hand.mean", 4)
    assert mean.values[1] < 0.8 * mean.values[0]
    assert result.comparison is not None
    assert all(abs(a.effect_size) >= abs(b.effect_size)
               for a, b in zip(result.comparison, result.comparison[1:], strict=False))  # fmt: skip


def _single_hand(e: Edition) -> Edition:
    return dataclasses.replace(e, rules=dataclasses.replace(e.rules, game_end="single-hand"))


@pytest.mark.slow
def test_an_edition_compared_with_itself_flags_differences_at_the_nominal_rate() -> None:
    """200 comparisons of single-hand express with itself, 300 games a side, each side on
    its own seeds: Holm holds the share of comparisons with any significant difference at
    or under 5% (within three binomial standard deviations), and the raw test of mean game
    length rejects in about 5% (its p-values are calibrated, neither liberal nor
    conservative). The seeds are fixed, so the counts are the same on every run."""
    e = _single_hand(edition("express"))
    runs, games = 200, 300
    flagged = raw = 0
    for run in range(runs):
        a = play_chunk(e, 4, run, 0, 0, games, "mixed")
        b = play_chunk(e, 4, run, 1, 0, games, "mixed")
        differences = compare([a], [b], [4])
        flagged += any(d.significant for d in differences)
        raw += next(d for d in differences if d.metric == "turns_per_game.mean").p < 0.05
    spread = 3 * np.sqrt(runs * 0.05 * 0.95)
    assert flagged <= runs * 0.05 + spread, flagged
    assert runs * 0.05 - spread <= raw <= runs * 0.05 + spread, raw


def test_a_seeded_bias_is_flagged() -> None:
    """The check above can fail: a comparison whose second sample lost a quarter of its
    longest games (a biased engine) is flagged."""
    e = _single_hand(edition("express"))
    a = play_chunk(e, 4, 0, 0, 0, 2000, "mixed")
    b = play_chunk(e, 4, 0, 1, 0, 2000, "mixed")
    longest = b.turns >= np.quantile(b.turns, 0.75)
    drop = longest & (np.arange(b.games) % 4 == 0)
    b = dataclasses.replace(b, finished=b.finished & ~drop)
    result = summarise(["a", "b"], [[a], [b]], policy="mixed", games=2000, seed=0,
                       players=[4], seconds=1.0)  # fmt: skip
    assert result.difference("turns_per_game.mean", 4).significant


def test_the_same_seed_gives_the_same_numbers_on_one_process_or_two() -> None:
    e = _single_hand(edition("express"))
    one = run_stats([e], games=4100, players=[2, 3], policy="mixed", jobs=1, seed=5)
    two = run_stats([e], games=4100, players=[2, 3], policy="mixed", jobs=2, seed=5)
    strip = lambda r: {**r.to_json(), "seconds": 0, "games_per_second": 0}  # noqa: E731
    assert strip(one) == strip(two)
    assert one.estimate("turns_per_game.mean", e.name, 3).n == 4100


def test_one_edition_alone_is_the_same_as_the_first_of_a_comparison() -> None:
    """The first edition plays the same games alone or compared (its own seed stream)."""
    e = _single_hand(edition("express"))
    alone = run_stats([e], games=500, policy="mixed")
    compared = run_stats([e, _single_hand(edition("classic"))], games=500, policy="mixed")
    assert [m for m in compared.metrics if m.edition == e.name] == list(alone.metrics)


def test_a_study_played_until_a_precision_stops_at_the_same_round_on_any_jobs() -> None:
    """Rounds of chunks, checked in order: the first at which every mean game length is
    known within 2% of itself; the same games with one process or two."""
    e = _single_hand(edition("express"))
    one = run_stats([e], games=40_000, policy="mixed", jobs=1, until_precision=0.02)
    two = run_stats([e], games=40_000, policy="mixed", jobs=2, until_precision=0.02)
    assert one.games == two.games and 2000 <= one.games < 40_000
    assert one.metrics == two.metrics
    mean = one.estimate("turns_per_game.mean", e.name, 4)
    assert (mean.ci[1] - mean.value) / mean.value < 0.02
    fewer = run_stats([e], games=one.games - 2000, policy="mixed", jobs=1)
    found = fewer.estimate("turns_per_game.mean", e.name, 4)
    assert (found.ci[1] - found.value) / found.value >= 0.02  # a round earlier was not enough
