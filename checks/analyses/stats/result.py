"""What `unospec stats` found, as data: estimates with their intervals, the comparison of two
editions, and the distributions the plots draw.

Every number the command prints is here; the command line renders it as a table or as the
JSON document `StatsJson` (a contract: keys are added, never renamed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict


class EstimateJson(TypedDict):
    name: str
    edition: str
    players: int
    value: float
    ci: list[float]
    method: str
    n: int


@dataclass(frozen=True)
class Estimate:
    """One metric of one edition at one table size, with its 95% interval and how it was
    computed (`method`, as the docs name it); `n` is the sample it rests on (games, hands,
    challenges, ...)."""

    name: str
    edition: str
    players: int
    value: float
    ci: tuple[float, float]
    method: str
    n: int

    def to_json(self) -> EstimateJson:
        return {
            "name": self.name,
            "edition": self.edition,
            "players": self.players,
            "value": self.value,
            "ci": list(self.ci),
            "method": self.method,
            "n": self.n,
        }


class DifferenceJson(TypedDict):
    metric: str
    players: int
    difference: float
    ci: list[float]
    test: str
    p: float
    p_adjusted: float
    significant: bool
    effect_size: float
    values: list[float]


@dataclass(frozen=True)
class Difference:
    """A metric of the second edition minus the first's, its 95% interval, the test of no
    difference and its p-value before and after Holm's correction over every metric of the
    comparison. `effect_size` is the difference in units of its standard error's scale
    (Cohen's d for means, Cohen's h for proportions): what the table is sorted by."""

    metric: str
    players: int
    difference: float
    ci: tuple[float, float]
    test: str
    p: float
    p_adjusted: float
    significant: bool
    effect_size: float
    values: tuple[float, float]  # the first edition's value, the second's

    def to_json(self) -> DifferenceJson:
        return {
            "metric": self.metric,
            "players": self.players,
            "difference": self.difference,
            "ci": list(self.ci),
            "test": self.test,
            "p": self.p,
            "p_adjusted": self.p_adjusted,
            "significant": self.significant,
            "effect_size": self.effect_size,
            "values": list(self.values),
        }


class DistributionJson(TypedDict):
    metric: str
    edition: str
    players: int
    values: list[int]
    counts: list[int]


@dataclass(frozen=True)
class Distribution:
    """How often each value of a per-game count was seen (`values` ascending, with the
    number of games for each): the histogram the plots draw."""

    metric: str
    edition: str
    players: int
    values: tuple[int, ...]
    counts: tuple[int, ...]

    def to_json(self) -> DistributionJson:
        return {
            "metric": self.metric,
            "edition": self.edition,
            "players": self.players,
            "values": list(self.values),
            "counts": list(self.counts),
        }


class StatsJson(TypedDict):
    editions: list[str]
    policy: str
    games: int
    seed: int
    players: list[int]
    sampling: str
    alpha: float
    metrics: list[EstimateJson]
    comparison: list[DifferenceJson] | None
    distributions: list[DistributionJson]
    unfinished: list[UnfinishedJson]
    plots: list[str]
    seconds: float
    games_per_second: float
    until_precision: float | None


class UnfinishedJson(TypedDict):
    edition: str
    players: int
    games: int
    unfinished: int


SAMPLING = "independent"
"""How the two editions of a comparison are sampled: on independent seeds (see `plan`)."""


@dataclass(frozen=True)
class StatsResult:
    """The statistics of `games` games per edition and table size, played by `policy`."""

    editions: tuple[str, ...]
    policy: str
    games: int
    seed: int
    players: tuple[int, ...]
    alpha: float
    metrics: tuple[Estimate, ...]
    comparison: tuple[Difference, ...] | None
    distributions: tuple[Distribution, ...]
    unfinished: tuple[tuple[str, int, int, int], ...]  # edition, players, games, unfinished
    seconds: float
    plots: tuple[str, ...] = ()
    until_precision: float | None = None  # games: the most played, stopped at this precision

    def estimate(self, name: str, edition: str, players: int) -> Estimate:
        """The estimate of metric `name` (KeyError if it was not measured)."""
        for e in self.metrics:
            if (e.name, e.edition, e.players) == (name, edition, players):
                return e
        raise KeyError(f"{name} of {edition} with {players} players")

    def difference(self, metric: str, players: int) -> Difference:
        for d in self.comparison or ():
            if (d.metric, d.players) == (metric, players):
                return d
        raise KeyError(f"{metric} with {players} players")

    @property
    def games_played(self) -> int:
        return self.games * len(self.editions) * len(self.players)

    def to_json(self) -> StatsJson:
        return {
            "editions": list(self.editions),
            "policy": self.policy,
            "games": self.games,
            "seed": self.seed,
            "players": list(self.players),
            "sampling": SAMPLING,
            "alpha": self.alpha,
            "metrics": [e.to_json() for e in self.metrics],
            "comparison": None
            if self.comparison is None
            else [d.to_json() for d in self.comparison],
            "distributions": [d.to_json() for d in self.distributions],
            "unfinished": [
                {"edition": e, "players": p, "games": g, "unfinished": u}
                for e, p, g, u in self.unfinished
            ],
            "plots": list(self.plots),
            "seconds": self.seconds,
            "games_per_second": self.games_played / self.seconds if self.seconds else 0.0,
            "until_precision": self.until_precision,
        }
