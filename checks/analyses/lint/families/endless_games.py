"""game-can-end, from play: random games still running at the step limit. Evidence, not a
proof: the exploration's `game-can-end` is the proof, at its scale."""

from __future__ import annotations

from typing import TypedDict

from unospec.checks.analyses.lint.finding import WARNING, Finding
from unospec.model import sections

UnfinishedGames = TypedDict(
    "UnfinishedGames",
    {"games played": int, "did not end": int, "steps allowed per game": int, "first": str},
)
"""The random games that did not end, as the finding's witness: how many, and the command
that replays the first (`coverage.unfinished_witness` makes it)."""


def endless_games(unfinished: UnfinishedGames | None) -> list[Finding]:
    """Random games still running at the step limit: the rules may leave a game no way to
    end (a hand no card of which can ever be played, say). Evidence from play, not a proof:
    the exploration's `game-can-end` is the proof, at its scale."""
    if unfinished is None:
        return []
    return [
        Finding(
            "game-can-end:random-games",
            "game-can-end",
            WARNING,
            sections.WINNING,
            f"{unfinished['did not end']} of {unfinished['games played']} random games did not "
            f"end within {unfinished['steps allowed per game']:,} steps: the rules may leave a "
            "game no way to end",
            unfinished,
            None,
            None,
        )
    ]
