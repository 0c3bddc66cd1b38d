"""The metrics of `unospec stats`: stable names, what each measures, and how it is estimated.

Every metric reads a `Sample` (the games of one edition at one table size) and is one of four
kinds, which decide its interval and its test (`intervals`):

- a **mean** per game (or per hand) of a count: `turns_per_game.mean`, `plays_per_game.KIND.mean`;
- a **quantile** or the maximum of one: `turns_per_game.median`, `.p90`, `.max`;
- a **proportion** of a count of trials: `win_share.seat_0` (games), `hand_endings.KIND.share`
  (hands), `challenge_success.share` (challenges);
- a **ratio** of sums over games: `points_per_hand.mean` (points over hands; games are the
  independent units, not hands).

Game-level metrics are over the finished games; `unfinished.share` says how many did not end.
The names are documented identifiers (docs/stats.md): add metrics, never rename one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from unospec.checks.analyses.stats import intervals as iv
from unospec.checks.analyses.stats.estimates import Interval, Tested
from unospec.checks.engines.study import COUNTED_EVENTS, HITS, Sample
from unospec.model.vocabulary import Event

Reader = Callable[[Sample], tuple[iv.Values, ...]]


@dataclass(frozen=True)
class Metric:
    """A named measurement: its kind (`intervals.METHODS`) and how it reads a sample —
    the per-unit values (mean, quantile, max), (successes, trials) (proportion), or
    (numerators, denominators) per game (ratio)."""

    name: str
    kind: str
    read: Reader
    q: float = 0.5

    def estimate(self, sample: Sample) -> Interval | None:
        """The estimate with its interval; None when the sample holds nothing to measure."""
        data = self.read(sample)
        if self.kind == "proportion":
            successes, trials = (int(np.sum(d)) for d in data)
            return iv.wilson(successes, trials) if trials else None
        if self.kind == "ratio":
            found = iv.ratio(data[0], data[1])
            return found if found.n else None
        (values,) = data
        if len(values) == 0:
            return None
        if self.kind == "mean":
            return iv.mean(values)
        if self.kind == "max":
            return iv.maximum(values)
        return iv.quantile(values, self.q)

    def compare(self, first: Sample, second: Sample) -> Tested | None:
        """The second sample's value minus the first's, tested; None when the metric has no
        test (the maximum) or nothing varies in either sample (no information to test)."""
        a, b = self.read(first), self.read(second)
        if self.kind == "max":
            return None
        if self.kind == "proportion":
            (s1, n1), (s2, n2) = ((int(np.sum(d)) for d in data) for data in (a, b))
            if not n1 or not n2 or (s1 in (0, n1) and s2 in (0, n2) and s1 / n1 == s2 / n2):
                return None
            return iv.two_proportions(s1, n1, s2, n2)
        if self.kind == "ratio":
            if not (np.sum(a[1]) and np.sum(b[1])):
                return None
            return iv.ratio_test(a[0], a[1], b[0], b[1])
        (x,), (y,) = a, b
        if len(x) < 2 or len(y) < 2 or (np.ptp(x) == 0 and np.ptp(y) == 0):
            return None
        if self.kind == "mean":
            return iv.welch(x, y)
        return iv.quantile_test(x, y, self.q)


def _finished(sample: Sample, values: iv.Values) -> iv.Values:
    return values[sample.finished]


def _event(event: Event) -> Reader:
    column = COUNTED_EVENTS.index(event)
    return lambda s: (_finished(s, s.events[:, column]),)


def _wins(seat: int) -> Reader:
    return lambda s: (s.winner[s.finished] == seat, s.finished[s.finished])


def _per_game(field: str, k: int) -> Reader:
    return lambda s: (_finished(s, getattr(s, field)[:, k]),)


def _endings(k: int) -> Reader:
    return lambda s: (s.endings[:, k], s.hands)


def _hits(h: int) -> Reader:
    return lambda s: (s.hits[:, h], s.hits.sum(axis=1))


def _distribution(name: str, read: Callable[[Sample], iv.Values]) -> Iterator[Metric]:
    """The mean, median, 90th percentile and maximum of a per-unit count."""
    yield Metric(f"{name}.mean", "mean", lambda s: (read(s),))
    yield Metric(f"{name}.median", "quantile", lambda s: (read(s),), 0.5)
    yield Metric(f"{name}.p90", "quantile", lambda s: (read(s),), 0.9)
    yield Metric(f"{name}.max", "max", lambda s: (read(s),))


def metrics_of(sample: Sample) -> list[Metric]:
    """The metrics of a sample's edition and table size, in the order they are reported."""
    found = [
        *_distribution("turns_per_game", lambda s: _finished(s, s.turns)),
        *_distribution("turns_per_hand", lambda s: s.hand_turns),
        Metric("hands_per_game.mean", "mean", lambda s: (_finished(s, s.hands),)),
    ]
    for seat in range(sample.players):
        found.append(Metric(f"win_share.seat_{seat}", "proportion", _wins(seat)))
    found += [
        Metric("leader_win_share.share", "proportion", lambda s: (s.leader_wins, s.hands)),
        Metric("points_per_hand.mean", "ratio", lambda s: (s.points, s.hands)),
    ]
    for k, kind in enumerate(sample.kinds):
        found.append(Metric(f"plays_per_game.{kind}.mean", "mean", _per_game("plays", k)))
    for k, kind in enumerate(sample.kinds):
        found.append(Metric(f"hand_endings.{kind}.share", "proportion", _endings(k)))
    for kind in sample.racing:
        k = sample.kinds.index(kind)
        found.append(
            Metric(
                f"special_wild.{kind}.penalties_per_game.mean", "mean", _per_game("penalties", k)
            )
        )
    if sample.racing:
        for h, whom in enumerate(HITS):
            found.append(Metric(f"special_wild.hits.{whom}.share", "proportion", _hits(h)))
    challenges = COUNTED_EVENTS.index(Event.challenge)
    found += [
        Metric("reshuffles_per_game.mean", "mean", lambda s: (_finished(s, s.reshuffles),)),
        Metric(
            "games_with_reshuffle.share",
            "proportion",
            lambda s: (_finished(s, s.reshuffles) > 0, s.finished),
        ),
        Metric("shortfalls_per_game.mean", "mean", lambda s: (_finished(s, s.shortfalls),)),
        Metric("challenges_per_game.mean", "mean", _event(Event.challenge)),
        Metric(
            "challenge_success.share",
            "proportion",
            lambda s: (s.upheld, s.events[:, challenges]),
        ),
        Metric("accepted_draws_per_game.mean", "mean", _event(Event.accept)),
        Metric("uno_calls_per_game.mean", "mean", _event(Event.uno)),
        Metric("catches_per_game.mean", "mean", _event(Event.catch)),
        Metric("hail_marys_per_game.mean", "mean", _event(Event.hail_mary)),
        Metric("unfinished.share", "proportion", lambda s: (~s.finished, np.ones(s.games))),
    ]
    return found
