"""Building the report: run the checks, draw the pictures, write the pages into a folder.

The site is plain HTML, one CSS file and SVG pictures: no script, nothing fetched, it opens
from the file system. `build_site` reuses `check_editions` (the main job), `diff` and the
stats job, so the report shows exactly what `unospec check`, `unospec diff` and `unospec
stats` conclude.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from importlib.metadata import version
from pathlib import Path

from unospec.checks.analyses.diff import DiffReport, diff
from unospec.checks.analyses.diff.report import DiffJson
from unospec.checks.jobs.main_check import DEFAULT_GAMES, DEFAULT_MAX_STATES, check_editions
from unospec.checks.jobs.results import EditionReport
from unospec.editions import load_edition
from unospec.model.distinguishing import VARIANTS
from unospec.model.edition import Edition
from unospec.model.errors import EditionError, InputError
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.trace import Trace, parse_trace
from unospec.report.comparison_pages import Cell, comparison_page, pair_page
from unospec.report.edition_page import edition_page
from unospec.report.index_page import index_page
from unospec.report.plots import Plots, plots_section, study_plots
from unospec.report.readings_page import readings_page

Progress = Callable[[str, int, int], None]


STATS_GAMES = 2000
"""Games of each edition the plots of play rest on (the suite's conftest plays fewer)."""
READINGS_GAMES = 200
"""Games per side of each reading that changes the game, on an edition's readings page."""


@dataclass(frozen=True)
class Settings:
    """How much checking the report runs (see `unospec check`)."""

    games: int = DEFAULT_GAMES
    scale: str | None = "micro"
    diff_scale: str = "micro"
    seed: int = 0
    jobs: int = 0
    max_states: int = DEFAULT_MAX_STATES
    # per edition, for the plots of play; 0 draws none
    stats_games: int = field(default_factory=lambda: STATS_GAMES)
    # per side of each reading that changes the game, on the readings pages; -1 writes none
    readings_games: int = READINGS_GAMES


def _as_it_is(report: EditionReport) -> EditionReport:
    return report


@dataclass(frozen=True)
class Told:
    """How the site words what the results say to run next (a command, an option): the
    command line passes its own words (`unospec.views.advice`), so that the site says what
    `unospec check` and `unospec diff` print; by default the results' own words, without
    the advice."""

    check: Callable[[EditionReport], EditionReport] = _as_it_is
    diff: Callable[[DiffReport], DiffJson] = DiffReport.to_json


def build_site(
    names: list[str],
    out: Path,
    settings: Settings = Settings(),
    progress: Progress | None = None,
    reports: list[EditionReport] | None = None,
    told: Told = Told(),
) -> Path:
    """Check `names` (built-in names or files) and write the report into `out`; return the
    index page. `reports`, when the checks ran already, are those of the first names and
    are used as they are; the names after them are checked here. `told` words the advice
    in the results."""
    editions = [load_edition(name) for name in names]
    one_page_each(editions)
    reports = list(reports or [])
    if len(reports) < len(names):
        reports += check_editions(
            names[len(reports) :],
            games=settings.games,
            seed=settings.seed,
            jobs=settings.jobs,
            scale=settings.scale,
            max_states=settings.max_states,
            progress=progress,
        )
    folder = _prepare(out)
    stamp = f"{version('unospec')} on {datetime.date.today().isoformat()}"
    setup = (
        f"{settings.games} random games per edition, "
        + (f"exploration at scale {settings.scale}" if settings.scale else "no exploration")
        + f", comparisons at scale {settings.diff_scale}"
    )
    entries = list(zip(editions, map(told.check, reports), strict=True))
    name_of = {edition.name: name for edition, name in zip(editions, names, strict=True)}
    for done, (edition, report) in enumerate(entries):
        if progress:  # a study of play each: a few seconds a page
            progress("edition pages", done, len(entries))
        pictures = _edition_pictures(edition, folder)
        storyboards = _witness_storyboards(edition, report, folder)
        play = _play([edition], folder, f"editions/{edition.name}", settings)
        page = edition_page(
            edition, report, pictures, storyboards, stamp, plots_section(play),
            readings_played=settings.readings_games >= 0,
        )  # fmt: skip
        (folder / "editions" / f"{edition.name}.html").write_text(page, encoding="utf-8")
        if settings.readings_games >= 0:
            _readings(name_of[edition.name], edition, folder, settings, stamp)
    if progress:
        progress("edition pages", len(entries), len(entries))
    (folder / "index.html").write_text(index_page(entries, stamp, setup), encoding="utf-8")
    cells = _comparisons(editions, folder, settings, stamp, progress, told)
    page = comparison_page([e.name for e in editions], cells, stamp)
    (folder / "compare.html").write_text(page, encoding="utf-8")
    return folder / "index.html"


def _readings(name: str, edition: Edition, folder: Path, settings: Settings, stamp: str) -> None:
    """The edition's readings page: each recorded reading's alternatives played (the
    command line's `unospec readings`, at the comparisons' scale)."""
    from unospec.checks.analyses.readings.verdicts import readings

    found = readings(
        name,
        edition,
        scale=settings.diff_scale,
        games=settings.readings_games,
        seed=settings.seed,
    )
    html = readings_page(edition, found.to_json(), stamp)
    (folder / "editions" / f"{edition.name}-readings.html").write_text(html, encoding="utf-8")


def one_page_each(editions: list[Edition]) -> None:
    """Each edition's page is named after it: two different files of one name would share it.
    The error names the first of the two, one the user listed (a base joins the list after
    the editions listed, see `with_bases`), and the other as the one it clashes with."""
    seen: dict[str, str] = {}
    for edition in editions:
        first = seen.setdefault(edition.name, edition.source)
        if first != edition.source:
            raise EditionError(
                first,
                None,
                "name",
                "a name no other edition in the report has",
                f"{edition.name!r}, the name of {edition.source} too",
            )


def _prepare(out: Path) -> Path:
    try:
        for sub in ("editions", "compare", "img", "plots"):
            (out / sub).mkdir(parents=True, exist_ok=True)
        style = resources.files("unospec.report").joinpath("style.css").read_text("utf-8")
        (out / "style.css").write_text(style, encoding="utf-8")
    except OSError as error:
        raise InputError(f"{out}: cannot write the report here ({error.strerror})") from None
    return out


def _svg(dot: str, folder: Path, stem: str) -> str:
    from unospec.diagrams.render import draw

    name = f"{stem}.svg"
    (folder / "img" / name).write_bytes(draw(dot, "svg"))
    return name


def _edition_pictures(edition: Edition, folder: Path) -> dict[str, str]:
    from unospec.diagrams.pictures import deck_picture, flow_picture

    return {
        "flow": _svg(flow_picture(edition).dot, folder, f"{edition.name}-flow"),
        "deck": _svg(deck_picture(edition).dot, folder, f"{edition.name}-deck"),
    }


def _storyboard(edition: Edition, trace: Trace, folder: Path, stem: str) -> str | None:
    from unospec.diagrams.storyboard import storyboard_dot

    if trace.variant:
        edition = VARIANTS[trace.variant](edition)
    if trace.scale:
        edition = scale_edition(edition, parse_scale(trace.scale))
    try:
        return _svg(storyboard_dot(edition, trace), folder, stem)
    except InputError:
        return None


def _witness_storyboards(edition: Edition, report: EditionReport, folder: Path) -> dict[str, str]:
    """A storyboard for every finding whose witness is a game, and for any violation."""
    drawn: dict[str, str] = {}
    for finding in report.lint["findings"] if report.lint else []:
        game = (finding["witness"] or {}).get("game")
        if isinstance(game, dict) and game.get("trace"):
            trace = parse_trace(json.dumps(game["trace"]))
            stem = f"{edition.name}-{_slug(finding['id'])}"
            picture = _storyboard(edition, trace, folder, stem)
            if picture:
                drawn[finding["id"]] = picture
    return drawn


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-")[:80]


def _comparisons(
    editions: list[Edition],
    folder: Path,
    settings: Settings,
    stamp: str,
    progress: Progress | None,
    told: Told,
) -> dict[tuple[str, str], Cell]:
    """Each pair's page, with its diff diagram and storyboard; the matrix's cells."""
    from unospec.diagrams.pictures import diff_picture

    cells: dict[tuple[str, str], Cell] = {}
    pairs = [(a, b) for i, a in enumerate(editions) for b in editions[i + 1 :]]
    for done, (a, b) in enumerate(pairs):
        if progress:
            progress("comparisons", done, len(pairs))
        data = told.diff(diff(a, b, scale=settings.diff_scale))
        stem = f"{a.name}--{b.name}"
        diagram = _svg(diff_picture(a, b).dot, folder, f"{stem}-diff")
        found = data["distinguishing_trace"]
        storyboard = None
        if found and found["trace"]:
            trace = parse_trace(json.dumps(found["trace"]))
            storyboard = _storyboard(a, trace, folder, f"{stem}-trace")
        play = _play([a, b], folder, f"compare/{stem}", settings)
        page = pair_page(a.name, b.name, data, diagram, storyboard, stamp, plots_section(play))
        (folder / "compare" / f"{stem}.html").write_text(page, encoding="utf-8")
        parted = bool(found and found["trace"])
        cells[(a.name, b.name)] = {
            "equivalent": data["equivalent"],
            "undecided": data["undecided"],
            "parted": parted,
            "file": f"{stem}.html",
        }
    if progress:
        progress("comparisons", len(pairs), len(pairs))
    return cells


EDITION_PLOTS = ("game-length", "win-share", "card-kinds")
PAIR_PLOTS = ("differences", "game-length")
"""The plots of play an edition's page shows, and a pair's page (the edition's in full
are on its own page)."""


def _play(editions: list[Edition], folder: Path, sub: str, settings: Settings) -> Plots | None:
    """The plots of `settings.stats_games` games of `editions` in `plots/sub`: an edition's
    own, or a pair's comparison; None when the settings ask for no games. The pages' own
    progress is shown, not each study's (one or two chunks: a row each in the bar)."""
    if settings.stats_games <= 0:
        return None
    return study_plots(
        editions,
        folder,
        f"plots/{sub}",
        games=settings.stats_games,
        seed=settings.seed,
        jobs=settings.jobs,
        only=PAIR_PLOTS if len(editions) > 1 else EDITION_PLOTS,
    )
