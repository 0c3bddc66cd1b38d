"""Which transitions an edition fires: exploration at a scale plus a sample of random games.

The dead-rule family needs it; `unospec check` has both already, `unospec lint` runs them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from unospec.checks.explore_job import explore_edition
from unospec.checks.simulate import run_games
from unospec.editions import reference
from unospec.model.edition import Edition


def coverage(
    edition: Edition,
    games: int,
    scale: str | None,
    progress: Callable[[str, int, int], None] | None = None,
) -> tuple[Counter[int] | None, str, int]:
    """(transition counts, how they were gathered, draws short of cards) for `edition`."""
    if not games and not scale:
        return None, "", 0
    fired: Counter[int] = Counter()
    parts = []
    shortfalls = 0
    if games:
        tally, _ = run_games(edition, games, progress=progress)
        fired += tally.fired
        shortfalls = tally.shortfalls
        parts.append(f"{tally.games} random games")
    if scale:
        report = explore_edition(edition, reference(edition), scale=scale)
        explored = report.exploration
        fired += explored.fired
        if explored.violation is not None:  # stopped early: fewer rules had a chance to fire
            parts.append(f"exploring scale {scale} (until {explored.violation.invariant} broke)")
        else:
            parts.append(f"exploring scale {scale}")
    return fired, " and ".join(parts), shortfalls
