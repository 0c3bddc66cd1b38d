"""Simulated play on the review pages: a study of an edition, or of a pair (`run_stats`, the
job of `unospec stats`), its plots drawn into the site's `plots/` folder, and the section of
a page that shows them.

The study is modest (`Settings.stats_games` games of each edition at one table) and runs on
the compiled engine: a second or two per page, the plots included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from unospec.model.edition import Edition
from unospec.model.errors import UnospecError
from unospec.report.html import picture_html, text

CAPTIONS = {
    "game-length": "How long games last: the share of games by number of turns; a vertical "
    "line marks each edition's mean.",
    "win-share": "The share of games each seat wins, with 95% intervals; the dashed line is "
    "a fair share.",
    "card-kinds": "How often a card of each kind is played in a game, and the share of hands "
    "such a card ends, with 95% intervals.",
    "differences": "Each measure of the second edition minus the first's, in percent of the "
    "first's value, with its 95% interval; a filled mark is significant after Holm's "
    "correction. The largest effects come first.",
}


@dataclass(frozen=True)
class Plots:
    """A study's plots in the site: (plot, file, alt text) of each SVG in `folder` (a path
    from the site's root), and how the games were played, in words; or, where the games
    could not be played, `missing`: why."""

    folder: str
    files: tuple[tuple[str, str, str], ...]
    setup: str
    missing: str = ""


def table_for(editions: Sequence[Edition]) -> int | None:
    """The table a study seats: four, or as near four as every edition seats, as the stats
    job's default; None when no table seats them all."""
    low = max(e.rules.min_players for e in editions)
    high = min(e.rules.max_players for e in editions)
    return min(max(4, low), high) if low <= high else None


def study_plots(
    editions: Sequence[Edition],
    site: Path,
    folder: str,
    *,
    games: int,
    seed: int,
    jobs: int,
    only: tuple[str, ...],
) -> Plots:
    """Play `games` games of each of `editions` (two: the second compared with the first)
    and draw `only` these plots, in that order, into `site / folder`."""
    from unospec.checks.jobs.stats_job import run_stats
    from unospec.diagrams.plots import draw_plots, plot_descriptions

    table = table_for(editions)
    if table is None:
        names = " and ".join(e.name for e in editions)
        return Plots(folder, (), "", f"no table seats both {names}")
    try:
        result = run_stats(editions, games=games, players=[table], seed=seed, jobs=jobs)
    except UnospecError as error:  # a rule gap, say: the page says so, the site is built
        return Plots(folder, (), "", str(error))
    drawn = {p.name for p in draw_plots(result, site / folder, only, formats=("svg",))}
    alt = plot_descriptions(result)
    stems = [(plot, f"{plot}-{table}p") for plot in only]  # as `draw_plots` names them
    files = tuple((plot, f"{s}.svg", alt[s]) for plot, s in stems if f"{s}.svg" in drawn)
    setup = (
        f"From {result.games:,} simulated games of "
        + ("each edition" if len(editions) > 1 else "the edition")
        + f" at {table} players, played by the {result.policy} policy (seed {result.seed})"
        + ("; the two editions play independent games" if len(editions) > 1 else "")
        + ". Intervals are 95% confidence intervals."
        + "".join(
            f" {left:,} of {played:,} games of {name} did not finish: the measures per game"
            " are of the finished ones."
            for name, _, played, left in result.unfinished
            if left
        )
    )
    return Plots(folder, files, setup)


def plots_section(plots: Plots | None) -> str:
    """The section of a page that shows `plots` (nothing for None: no study was run)."""
    if plots is None:
        return ""
    head = '<h2 id="play">Simulated play</h2>'
    if plots.missing:
        return f"{head}<p>Not simulated: {text(plots.missing)}.</p>"
    figures = "".join(
        picture_html(file, alt, CAPTIONS[plot], plots.folder) for plot, file, alt in plots.files
    )
    return f"{head}<p>{text(plots.setup)}</p>{figures}"
