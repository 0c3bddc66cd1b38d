"""The review site: built from the checks, opened in a real headless browser (Chromium).

The browser tests need Debian's chromium and chromium-driver (`.ci/run` installs them); they
are skipped where those are missing, except in CI (CI=true), where that is a failure.
Set UNOSPEC_SCREENSHOTS=DIR to keep the screenshots there.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from scenario import UNDER_THE_PILE, edition, edition_file

from unospec.checks.analyses import diff as diff_module
from unospec.checks.jobs import main_check, stats_job
from unospec.cli import main
from unospec.editions import load_edition
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.report.comparison_pages import comparison_page, pair_page
from unospec.report.plots import plots_section, study_plots, table_for
from unospec.report.site import Settings, build_site

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
EDITIONS = ["classic", "express"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    # A module fixture is set up before conftest's `_small_conformance` patches the count:
    # patch it here too, or the site's checks compare the full 20,000 states per edition.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(main_check, "CONFORM_STATES", 300)
        settings = Settings(games=10, scale="pair", diff_scale="pair", jobs=1, stats_games=200)
        build_site(EDITIONS, out, settings)
    return out


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


@pytest.mark.slow
def test_the_site_has_an_index_a_page_per_edition_and_a_comparison(site: Path) -> None:
    """Index, one page per edition, the comparison matrix and one page per pair exist."""
    names = {p.relative_to(site).as_posix() for p in _pages(site)}
    assert names == {
        "index.html",
        "compare.html",
        "compare/classic--express.html",
        "editions/classic.html",
        "editions/classic-readings.html",
        "editions/express.html",
        "editions/express-readings.html",
    }


@pytest.mark.slow
def test_each_edition_links_to_its_readings_played(site: Path) -> None:
    """An edition's page links to its readings page, which gives every recorded reading's
    alternatives a verdict: express's Draw One drawing two changes the game, measured; a
    deal that cannot start a hand is unsafe; every alternative is played (issue 36)."""
    page = (site / "editions" / "express.html").read_text(encoding="utf-8")
    assert 'href="express-readings.html"' in page
    readings = (site / "editions" / "express-readings.html").read_text(encoding="utf-8")
    assert readings.count("<tr>") == 1 + sum(
        len(i.alternatives) for i in load_edition("express").interpretations
    )
    assert "\u2260 changes the game" in readings and "game length (turns)" in readings
    assert "\u2716 unsafe" in readings  # first-flip-exhausted: hand-cannot-start
    assert "\u25cf not played" not in readings  # every listed alternative is played now


@pytest.mark.slow
def test_nothing_is_scripted_or_fetched(site: Path) -> None:
    """No page has a script or refers to anything on the network."""
    for page in _pages(site):
        html = page.read_text(encoding="utf-8")
        assert "<script" not in html.lower()
        assert not re.search(r'(src|href)="(https?:)?//', html), page


@pytest.mark.slow
def test_the_index_shows_each_editions_verdict_and_counts(site: Path) -> None:
    """The index lists each edition with its verdict, finding and proof counts, the games."""
    html = (site / "index.html").read_text(encoding="utf-8")
    for name in EDITIONS:
        assert f'href="editions/{name}.html"' in html
    assert html.count("\u2714 passes") == len(EDITIONS)
    assert "\u2716 2" in html  # express: two contradictions (Draw One, Wild Draw Two judgment)


@pytest.mark.slow
def test_a_built_in_edition_is_named_by_its_project_path(site: Path) -> None:
    """An edition page says where its file is as a reader finds it in the project, not the
    path it was installed to (a site built from two venvs once differed on every page)."""
    html = (site / "editions" / "express.html").read_text(encoding="utf-8")
    assert "from <code>spec/express.toml (built in)</code>" in html
    assert "site-packages" not in html


@pytest.mark.slow
def test_the_matrix_says_whether_a_game_tells_a_pair_apart(site: Path) -> None:
    """At the pair scale Classic and Express share only number cards (pair has no coloured
    actions; their draw cards differ, 003 Action Cards): no game on those tells them apart.
    The cell says they differ, not that they play differently, and the page names the cards
    the search left out. A pair a game tells apart is marked "plays differently"."""
    matrix = (site / "compare.html").read_text(encoding="utf-8")
    assert matrix.count('<span class="badge warning">\u2260 differs</span>') == 2
    pair = (site / "compare" / "classic--express.html").read_text(encoding="utf-8")
    assert "No game tells them apart" in pair
    assert "left out of that search: draw-one, draw-two, wild-draw-four, wild-draw-two" in pair
    assert "The search seats 2 players; tables of 3-10 players, which both allow" in pair
    cells = {("a", "b"): {"equivalent": False, "parted": True, "file": "a--b.html"}}
    assert "\u2260 plays differently" in comparison_page(["a", "b"], cells, "")


@pytest.mark.slow
def test_check_writes_the_report_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`check --report DIR` writes the site from the checks it ran, with the edition that
    express is a variant of (classic), as `report` does; `check` itself judges express only."""
    code = main(
        [
            "check",
            "express",
            "--games",
            "5",
            "--jobs",
            "1",
            "--scale",
            "none",
            "--report",
            str(tmp_path / "site"),
        ]
    )
    assert code == 0 and (tmp_path / "site" / "editions" / "express.html").is_file()
    assert (tmp_path / "site" / "editions" / "classic.html").is_file()
    assert (tmp_path / "site" / "compare" / "express--classic.html").is_file()
    out = capsys.readouterr().out
    assert "report:" in out and "classic" not in out.split("report:")[0]
    # `--scale none` explores nothing: the site says so (it said "exploration at scale none"
    # and showed 0 states explored, and 0 firings of every transition in the exploration)
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "no exploration" in index and "scale none" not in index
    assert re.search(r'<td class="num">not explored</td><td class="num">5</td>', index)
    page = (tmp_path / "site" / "editions" / "express.html").read_text(encoding="utf-8")
    assert '<tr><td>dealing --deal--&gt; first_flip</td><td class="num">\u2014</td>' in page


PLAYS = {
    "editions/classic.html": ["game-length-4p", "win-share-4p", "card-kinds-4p"],
    "editions/express.html": ["game-length-4p", "win-share-4p", "card-kinds-4p"],
    "compare/classic--express.html": ["differences-4p", "game-length-4p"],
}
"""The plots of simulated play each page shows, in order: an edition's own, and a pair's
comparison with its game lengths overlaid."""


def _plot_sources(html: str) -> list[str]:
    return re.findall(r'<img src="(\.\./plots/[^"]+)" alt="[^"]+">', html)


@pytest.mark.slow
def test_each_page_shows_its_plots_of_play(site: Path) -> None:
    """Each edition page and each pair page shows its plots of simulated play (SVG, with alt
    text), in a section the page's contents link to, with the games and policy they come
    from; every plot it shows is in the site."""
    for name, stems in PLAYS.items():
        page = site / name
        html = page.read_text(encoding="utf-8")
        folder = "editions/" + page.stem if name.startswith("editions") else "compare/" + page.stem
        assert _plot_sources(html) == [f"../plots/{folder}/{stem}.svg" for stem in stems]
        for source in _plot_sources(html):
            assert (page.parent / source).resolve().is_file(), source
            assert not (page.parent / source).with_suffix(".png").exists()  # SVG alone
        assert '<h2 id="play">Simulated play</h2><p>From 200 simulated games of ' in html
        assert "played by the heuristic policy (seed 0)" in html
    edition = (site / "editions" / "express.html").read_text(encoding="utf-8")
    assert '<a href="#play">Simulated play</a>' in edition


def test_a_study_that_cannot_be_played_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the games stop at a rule gap, the page says so instead of showing plots, and
    the site is still built; no stats settings (None) means no section at all."""

    def gap(*args: object, **kwargs: object) -> None:
        raise RuleGap("Keeping Score", "no points for a skip")

    monkeypatch.setattr(stats_job, "run_stats", gap)
    plots = study_plots([edition("express")], tmp_path, "plots/editions/express", games=10,
                        seed=0, jobs=1, only=("game-length",))  # fmt: skip
    html = plots_section(plots)
    assert html.startswith('<h2 id="play">Simulated play</h2><p>Not simulated: ')
    assert "no points for a skip" in html and "<img" not in html
    assert plots_section(None) == ""


def test_games_that_did_not_finish_are_counted_on_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Express without a Skip's points: most of its games stop at the gap, unfinished. The
    section says how many, since the plots show the finished games only."""
    from unospec.checks.analyses.stats.result import StatsResult

    def played(editions: list[Edition], **kwargs: Any) -> StatsResult:
        return StatsResult(("gapped",), "heuristic", 500, 0, (4,), 0.05, (), None, (),
                           (("gapped", 4, 500, 478),), 1.0)  # fmt: skip

    monkeypatch.setattr(stats_job, "run_stats", played)
    plots = study_plots([edition("express")], tmp_path, "plots", games=500, seed=0, jobs=1,
                        only=("game-length",))  # fmt: skip
    assert "From 500 simulated games of the edition at 4 players" in plots_section(plots)
    assert "478 of 500 games of gapped did not finish" in plots_section(plots)


def test_a_study_seats_four_or_as_near_as_every_edition_allows() -> None:
    """As the stats job does by default: four at the table, or the nearest table that every
    edition of the study seats; a pair with no table in common is not simulated."""
    classic = edition("classic")

    def seating(low: int, high: int) -> Edition:
        return replace(classic, rules=replace(classic.rules, min_players=low, max_players=high))

    assert table_for([classic]) == 4
    assert table_for([classic, seating(2, 2)]) == 2
    assert table_for([classic, seating(5, 8)]) == 5
    assert table_for([seating(2, 2), seating(5, 8)]) is None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (CHROMIUM and DRIVER):
        if os.environ.get("CI"):
            pytest.fail("chromium and chromium-driver are needed in CI (.ci/run installs them)")
        pytest.skip("chromium and chromium-driver are not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def _open(browser: Any, page: Path, width: int = 1280) -> None:
    browser.set_window_size(width, 900)
    browser.get(page.as_uri())
    browser.get_log("browser")  # drop what an earlier page left


@pytest.mark.browser
def test_every_page_loads_without_console_errors(browser: Any, site: Path) -> None:
    """Each page loads in Chromium with nothing logged at SEVERE level."""
    for page in _pages(site):
        browser.set_window_size(1280, 900)
        browser.get(page.as_uri())
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == [], (page, errors)
        assert browser.title.endswith("unospec review")


@pytest.mark.browser
def test_every_link_resolves(browser: Any, site: Path) -> None:
    """Every link of every page leads to a page of the site, and every #anchor exists."""
    for page in _pages(site):
        _open(browser, page)
        hrefs = browser.execute_script(
            "return [...document.querySelectorAll('a[href]')].map(a => a.href)"
        )
        assert hrefs, page
        for href in hrefs:
            url = urlparse(href)
            assert url.scheme == "file", href
            target = Path(unquote(url.path))
            assert target.is_file(), (page, href)
            if url.fragment:
                assert f'id="{url.fragment}"' in target.read_text(encoding="utf-8"), href


@pytest.mark.browser
def test_every_image_renders_with_a_size(browser: Any, site: Path) -> None:
    """Every picture (turn flow, deck, diff, storyboards) loads with a non-zero size."""
    seen = 0
    for page in _pages(site):
        _open(browser, page)
        sizes = browser.execute_script(
            "return [...document.images].map(i => [i.src, i.complete, i.naturalWidth, "
            "i.naturalHeight])"
        )
        for src, complete, width, height in sizes:
            assert complete and width > 0 and height > 0, (page, src)
            seen += 1
    assert seen >= 2 * len(EDITIONS) + 1


@pytest.mark.browser
def test_the_plots_of_play_render(browser: Any, site: Path) -> None:
    """On an edition page and a pair page, every plot of simulated play loads, with a size
    (an SVG the browser refuses has a natural width of 0)."""
    for name, stems in PLAYS.items():
        _open(browser, site / name)
        sizes = browser.execute_script(
            "return [...document.images].filter(i => i.getAttribute('src').includes('/plots/'))"
            ".map(i => [i.getAttribute('src'), i.complete, i.naturalWidth, i.naturalHeight])"
        )
        assert [Path(src).stem for src, *_ in sizes] == stems, name
        for src, complete, width, height in sizes:
            assert complete and width > 0 and height > 0, (name, src)


@pytest.mark.browser
def test_pages_fit_a_phone_screen(browser: Any, site: Path) -> None:
    """At 375 pixels wide no page scrolls sideways (wide tables scroll inside their box)."""
    for page in _pages(site):
        _open(browser, page, width=375)
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth"
        )
        assert overflow <= 1, (page, overflow)


@pytest.mark.browser
def test_screenshots_of_the_index_and_an_edition_page(browser: Any, site: Path) -> None:
    """Screenshots of the index and of an edition page, at desktop and phone widths."""
    keep = Path(os.environ.get("UNOSPEC_SCREENSHOTS", site / "screenshots"))
    keep.mkdir(parents=True, exist_ok=True)
    for name, page in (("index", site / "index.html"), ("express", site / "editions/express.html")):
        for label, width in (("desktop", 1280), ("phone", 375)):
            _open(browser, page, width)
            height = browser.execute_script("return document.documentElement.scrollHeight")
            browser.set_window_size(width, min(height, 6000))
            shot = keep / f"{name}-{label}.png"
            browser.save_screenshot(str(shot))
            assert shot.stat().st_size > 10_000


@pytest.mark.slow
def test_a_missing_baseline_is_a_note_on_the_page_as_check_prints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's edition with no saved baseline: `check` prints its baseline check as a
    `note` (nothing was compared); the edition page showed it as "passes"."""
    mine = edition_file(tmp_path, "classic", "my-classic")
    site = tmp_path / "site"
    argv = ["check", str(mine), "--games", "2", "--jobs", "1", "--scale", "none"]
    assert main([*argv, "--report", str(site)]) == 0
    assert "  note  baseline: no baseline saved" in capsys.readouterr().out
    html = (site / "editions" / "my-classic.html").read_text(encoding="utf-8")
    row = re.search(r"<tr><td>baseline</td><td>(.*?)</td>", html)
    assert row is not None and row.group(1) == '<span class="badge info">\u25cf note</span>'
    schema = re.search(r"<tr><td>schema</td><td>(.*?)</td>", html)
    assert schema is not None and "\u2714 passes" in schema.group(1)


@pytest.mark.slow
def test_an_exploration_cut_short_is_not_complete_on_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Express without a Skip's points: the exploration stops at the first state whose move
    the rules give no outcome. The statistics say it is not complete and why (the row read
    "Complete: violation")."""
    gapped = edition_file(tmp_path, "express", "gapped", ("skip = 20\n", ""))
    site = tmp_path / "site"
    argv = ["check", str(gapped), "--games", "1", "--jobs", "1", "--report", str(site)]
    assert main(argv) == 1
    capsys.readouterr()
    html = (site / "editions" / "gapped.html").read_text(encoding="utf-8")
    assert "<tr><td>Complete</td><td>no (stopped: violation)</td></tr>" in html


def test_a_pair_page_says_where_the_two_games_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    """Express and nfl-cowboys score a hand differently (Keeping Score: numbers at face value
    against 5 points each), so the shortest game that tells them apart ends in the same
    phase with different scores. The page lists that field for each edition; it once showed
    two identical "Ends" rows and nothing else."""
    monkeypatch.setattr(diff_module, "conclusion_differences", lambda *args, **kwargs: [])
    data = diff_module.diff(edition("express"), edition("nfl-cowboys")).to_json()
    fields = data["distinguishing_trace"]["fields"]
    assert set(fields) == {"scores"} and fields["scores"]["a"] != fields["scores"]["b"]
    html = pair_page("express", "nfl-cowboys", data, None, None, "")
    assert "\u2260 plays differently" in html  # its badge, as the matrix says (not "differs")
    row = re.search(r"<tr><td>scores</td><td>([^<]*)</td><td>([^<]*)</td></tr>", html)
    assert row is not None, html
    shown = tuple(", ".join(map(str, fields["scores"][side])) for side in "ab")
    assert row.groups() == shown  # lists in words, as the page's other tables show them


def test_a_pair_that_parts_at_the_deal_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Classic against a copy that puts an ignored first card under the draw pile (Set Up 4):
    the tables differ as dealt. The page says they part right after the deal, as `diff`
    does, with no empty table of steps (it said "They part at step -1")."""
    bottom = edition_file(tmp_path, "classic", "bottom", *UNDER_THE_PILE)
    monkeypatch.setattr(diff_module, "conclusion_differences", lambda *args, **kwargs: [])
    data = diff_module.diff(edition("classic"), load_edition(str(bottom))).to_json()
    assert data["distinguishing_trace"]["step"] == -1
    html = pair_page("classic", "bottom", data, None, None, "")
    assert "They part right after the deal: " in html and "step -1" not in html
    assert '<th scope="col">Step</th>' not in html
    assert "Where the two games' states differ after the deal:" in html
