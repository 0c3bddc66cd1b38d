"""An estimate with its interval, and a difference with its test: the values `intervals`
computes, in a module of their own so that what reads them (views, reports) imports no scipy."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float
    n: int


@dataclass(frozen=True)
class Tested:
    """A difference (second minus first), its interval, the test and its p-value, and an
    effect size (the difference in standard deviations of one game, or Cohen's h)."""

    difference: float
    low: float
    high: float
    test: str
    p: float
    effect_size: float
