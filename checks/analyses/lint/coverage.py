"""Which transitions an edition fires: exploration at a scale plus a sample of random games.

The dead-rule family needs it; `unospec check` has both already, `unospec lint` runs them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from unospec.checks.analyses.lint.families.endless_games import UnfinishedGames
from unospec.checks.engines.random_play import MAX_STEPS
from unospec.editions import reference
from unospec.model.edition import Edition
from unospec.model.scale import scale_list
from unospec.model.wording import counted, shell_word

if TYPE_CHECKING:  # the games and the exploration are imported when they run (numpy)
    from unospec.checks.engines.simulate import Tally


class Evidence(NamedTuple):
    """What play showed lint: which transitions fired (None: nothing was played), how they
    were gathered, draws short of cards, and the random games that did not end."""

    fired: Counter[int] | None
    where: str
    shortfalls: int
    unfinished: UnfinishedGames | None


def coverage(
    edition: Edition,
    games: int,
    scale: str | None,
    progress: Callable[[str, int, int], None] | None = None,
    max_states: int | None = None,
) -> Evidence:
    """What `games` random games and the exploration at `scale` (bounded by `max_states`)
    show about `edition`."""
    if not games and not scale:
        return Evidence(None, "", 0, None)
    fired: Counter[int] = Counter()
    parts = []
    shortfalls = 0
    unfinished = None
    if games:
        from unospec.checks.engines.simulate import ENOUGH_UNFINISHED, run_games

        tally, _ = run_games(edition, games, progress=progress, enough_unfinished=ENOUGH_UNFINISHED)
        fired += tally.fired
        shortfalls = tally.shortfalls
        unfinished = _unfinished(edition, tally)
        parts.append(counted(tally.games, "random game", "random games"))
    if scale:
        from unospec.checks.engines.explore_job import explore_scales

        scales = scale_list(scale, edition)
        reports = explore_scales(
            edition, reference(edition), scales, fit=True, max_states=max_states
        )
        for report in reports:  # each fitted to the nearest scale that deals
            explored = report.exploration
            fired += explored.fired
            broken = explored.violation.invariant if explored.violation is not None else None
            states = explored.distinct_states
            parts.append(exploring(report.scale, explored.stopped, broken, states))
    return Evidence(fired, " and ".join(parts), shortfalls, unfinished)


def exploring(scale: str, stopped: str | None, broken: str | None, states: int) -> str:
    """The exploration the dead-rule findings rest on, in words: cut short, fewer rules had
    a chance to fire (`broken`: the invariant it stopped at)."""
    if broken is not None:
        return f"exploring scale {scale} (until {broken} broke)"
    if stopped == "max-states":
        return f"exploring scale {scale} (the first {states:,} states)"
    return f"exploring scale {scale}"


def _unfinished(edition: Edition, tally: Tally) -> UnfinishedGames | None:
    """The random games of `tally` that did not end, as a finding's witness."""
    if tally.first_unfinished is None:
        return None
    _, players, seed = tally.first_unfinished
    return _witness(edition, tally.games, tally.unfinished, players, seed)


def unfinished_witness(edition: Edition, games: Mapping[str, object]) -> UnfinishedGames | None:
    """The random games that did not end, read from `unospec simulate`'s JSON document (as
    the main check keeps it), as a finding's witness: how many, and the command that replays
    the first."""
    first = games.get("first_unfinished")
    if not isinstance(first, Mapping) or not first:
        return None
    played, unfinished = games["games"], games["unfinished_games"]
    players, seed = first["players"], first["seed"]
    if not (
        isinstance(played, int)
        and isinstance(unfinished, int)
        and isinstance(players, int)
        and isinstance(seed, int)
    ):
        raise TypeError(f"not a simulation's document: {dict(games)}")
    return _witness(edition, played, unfinished, players, seed)


def _witness(
    edition: Edition, played: int, unfinished: int, players: int, seed: int
) -> UnfinishedGames:
    """How many games did not end, and the command that replays the first."""
    return {
        "games played": played,
        "did not end": unfinished,
        "steps allowed per game": MAX_STEPS,
        "first": f"unospec play {shell_word(reference(edition))} --players {players} --seed {seed}",
    }
