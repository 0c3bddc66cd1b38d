"""What a check says to run next, as data: the edition, the game, the seed, the bound.

The command line words it (`unospec play ...`, `--max-states`): a check names what to do,
never how a command is spelt. Each check's advice follows its words (`CheckResult.detail`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class PlayGame:
    """A random game of a check's sample, which `unospec play` plays again: the edition (as
    a command names it), the table and the game's seed."""

    edition: str
    players: int
    seed: int


@dataclass(frozen=True)
class CheckGames:
    """An edition's random games, run again by the check that says why they fail."""

    edition: str
    games: int
    seed: int


@dataclass(frozen=True)
class SaveBaseline:
    """The `baseline save` that records what a check compares: the edition, the folder
    (None: beside its file), the scales (None: the default portfolio), the number of games
    (None: the default) and their seed."""

    edition: str
    folder: str | None
    scale: str | None
    games: int | None
    seed: int


@dataclass(frozen=True)
class CompareWithBase:
    """A variant against the edition it derives from, which `unospec diff` compares."""

    base: str
    variant: str


@dataclass(frozen=True)
class ExplorationBound:
    """An exploration stopped at its bound of states, unfinished, at `scale`: a larger
    bound, a smaller scale, or no exploration would let the check finish."""

    scale: str


@dataclass(frozen=True)
class GamesFailed:
    """What the random games' words end with when some failed: the games the rules gave no
    outcome (how many, the first, by number, and its gap), the games played of those asked
    (fewer: the games stopped), and the games that did not end (how many, and the first)."""

    gaps: int
    first_gap: tuple[int, PlayGame] | None
    gap: str
    played: int
    asked: int
    unfinished: int
    first_unfinished: tuple[int, PlayGame] | None


@dataclass(frozen=True)
class BaseBaseline:
    """The baseline of the edition a variant derives from (`name`, saved at `path`): not
    the variant's; `diff` is what compares them."""

    name: str
    path: str
    compare: CompareWithBase


@dataclass(frozen=True)
class BaselineAdvice:
    """How to make the saved baseline the check's again: save one (`missing`: none saved,
    once the other checks pass unless `passing`; its base's is not it, `base`), save it in
    this unospec's format (`older`), or with the newer unospec that wrote it (`newer`), or
    accept the changes (`changed`)."""

    why: Literal["missing", "older", "newer", "changed"]
    save: SaveBaseline
    passing: bool = True
    base: BaseBaseline | None = None
