"""What `unospec readings` finds, as typed data (the command line renders it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from unospec.checks.analyses.stats.estimates import Interval, Tested

VERDICTS = ("changes", "equivalent", "undecided", "unsafe", "invalid", "not-playable")
"""Each alternative's verdict, as the JSON writes it."""


GAMES = 200
"""Random games per side of a reading that changes the game. Both sides play the same seeds
and the difference is the pairs' (`_stats`): where games meet the reading now and then, 200
pairs give a narrower interval than 400 independent games a side did, at half the cost."""
MAX_STATES = 50_000
"""The joint search's and the safety exploration's bound, per alternative, at each scale:
no built-in's verdict moves between 50,000 and 100,000, and the safety explorations are
most of the command's time."""


class EstimateJson(TypedDict):
    value: float
    low: float
    high: float


class MeasureJson(TypedDict):
    """One measure of play under the chosen reading and under the alternative, and the
    alternative's difference (with its test's p-value)."""

    chosen: EstimateJson
    alternative: EstimateJson
    difference: EstimateJson
    p: float
    test: str  # the difference's: "paired t test", "paired z test of ratios"


class StatsJson(TypedDict):
    games: int  # per side
    unfinished: list[int]  # games that did not end: chosen, alternative
    turns_per_game: MeasureJson
    points_per_hand: MeasureJson


class AlternativeJson(TypedDict):
    value: Any
    verdict: str
    reason: str
    trace: Any  # a distinguishing trace (`diff`'s), an explorer's witness, or None
    stats: StatsJson | None


class ReadingJson(TypedDict):
    id: str
    section: str
    question: str
    decides: str | None
    chosen: Any
    alternatives: list[AlternativeJson]


class ReadingsJson(TypedDict):
    edition: str
    scale: str
    players: int
    games: int
    seconds: float
    readings: list[ReadingJson]


@dataclass(frozen=True)
class Measure:
    chosen: Interval
    alternative: Interval
    difference: Tested

    def to_json(self) -> MeasureJson:
        d = self.difference
        return {
            "chosen": _estimate(self.chosen.value, self.chosen.low, self.chosen.high),
            "alternative": _estimate(
                self.alternative.value, self.alternative.low, self.alternative.high
            ),
            "difference": _estimate(d.difference, d.low, d.high),
            "p": d.p,
            "test": d.test,
        }


def _estimate(value: float, low: float, high: float) -> EstimateJson:
    return {"value": round(value, 4), "low": round(low, 4), "high": round(high, 4)}


@dataclass(frozen=True)
class ReadingsReport:
    """Every recorded reading of one edition with its alternatives judged."""

    edition: str
    scale: str
    players: int
    games: int
    readings: list[ReadingJson]
    seconds: float

    def counts(self) -> dict[str, int]:
        """How many alternatives got each verdict."""
        found = dict.fromkeys(VERDICTS, 0)
        for reading in self.readings:
            for alternative in reading["alternatives"]:
                found[alternative["verdict"]] += 1
        return found

    def to_json(self) -> ReadingsJson:
        return {
            "edition": self.edition,
            "scale": self.scale,
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 2),
            "readings": self.readings,
        }
