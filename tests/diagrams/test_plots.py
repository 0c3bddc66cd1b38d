"""The plots of `unospec stats`, drawn from a small result made by hand: which files, that
they are valid and byte-stable, and that the SVG says what it shows in searchable text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from unospec.checks.analyses.stats.result import (
    Difference,
    Distribution,
    Estimate,
    StatsResult,
)
from unospec.diagrams.plots import draw_plots, plot_descriptions

EDITIONS = ("classic", "express")
KINDS = ("number", "skip", "draw-two", "wild", "wild-draw-four")
PNG = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"


def _estimate(name: str, edition: str, players: int, value: float, half: float) -> Estimate:
    return Estimate(name, edition, players, value, (value - half, value + half), "t", 500)


def _metrics(edition: str, players: int, shift: float) -> list[Estimate]:
    found = [_estimate("turns_per_game.mean", edition, players, 120 + 10 * shift, 3)]
    found += [
        _estimate(f"win_share.seat_{s}", edition, players, 1 / players + 0.01 * (s - shift), 0.02)
        for s in range(players)
    ]
    for k, kind in enumerate(KINDS):
        plays = 0.0 if (shift and kind == "wild-draw-four") else 80 / (k + 1) ** 2
        found.append(_estimate(f"plays_per_game.{kind}.mean", edition, players, plays, 0.3))
        share = 0.6 / (k + 1)
        found.append(_estimate(f"hand_endings.{kind}.share", edition, players, share, 0.02))
    return found


def _distribution(edition: str, players: int, shift: int) -> Distribution:
    values = tuple(range(40 + shift, 400 + shift, 3))
    counts = tuple(1 + (v * 7 + shift) % 13 for v in values)
    return Distribution("turns_per_game", edition, players, values, counts)


def _difference(metric: str, players: int, a: float, b: float, significant: bool) -> Difference:
    d = b - a
    return Difference(metric, players, d, (d - 2, d + 2), "welch", 0.01, 0.03, significant,
                      d / 10, (a, b))  # fmt: skip


@pytest.fixture(scope="module")
def result() -> StatsResult:
    """Classic and express at 2 and 4 players; express plays no Wild Draw Four, so its
    difference is from a value (classic's), and one from 0 is drawn at the edge."""
    tables = (2, 4)
    metrics = [m for p in tables for i, e in enumerate(EDITIONS) for m in _metrics(e, p, i)]
    comparison = [
        d
        for p in tables
        for d in (
            _difference("turns_per_game.mean", p, 120, 130, True),
            _difference("plays_per_game.wild-draw-four.mean", p, 3.2, 0, True),
            _difference("challenges_per_game.mean", p, 0, 0.4, False),
            _difference("win_share.seat_0", p, 0.5, 0.49, False),
        )
    ]
    return StatsResult(
        editions=EDITIONS,
        policy="heuristic",
        games=500,
        seed=0,
        players=tables,
        alpha=0.05,
        metrics=tuple(metrics),
        comparison=tuple(comparison),
        distributions=tuple(_distribution(e, p, i) for p in tables for i, e in enumerate(EDITIONS)),
        unfinished=(),
        seconds=1.0,
    )


@pytest.fixture(scope="module")
def drawn(result: StatsResult, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ...]:
    """The plots of `result`, drawn once for the tests that read them (a drawing of the
    eight plots takes about two seconds)."""
    return draw_plots(result, tmp_path_factory.mktemp("plots") / "classic-vs-express")


def test_every_plot_is_drawn_as_svg_and_png(drawn: tuple[Path, ...]) -> None:
    """Each table size has its four plots, each an SVG that parses and a PNG by signature,
    in a folder made for them."""
    assert [p.name for p in drawn] == [
        f"{plot}-{p}p.{fmt}"
        for p in (2, 4)
        for plot in ("game-length", "win-share", "card-kinds", "differences")
        for fmt in ("svg", "png")
    ]
    for path in drawn:
        data = path.read_bytes()
        if path.suffix == ".png":
            assert data.startswith(PNG)
        else:
            assert ET.fromstring(data).tag == f"{SVG}svg"


def test_drawing_again_gives_the_same_bytes(
    result: StatsResult, drawn: tuple[Path, ...], tmp_path: Path
) -> None:
    """The same result draws byte-identical files (here the 2-player ones, drawn again),
    with no date or version in them."""
    again = draw_plots(replace(result, players=(2,)), tmp_path)
    assert len(again) == 8
    for path in again:
        assert path.read_bytes() == (drawn[0].parent / path.name).read_bytes(), path.name
    for svg in (p for p in drawn if p.suffix == ".svg"):
        text = svg.read_text(encoding="utf-8")
        assert "<dc:date>" not in text and not re.search(r"\b20\d\d-\d\d-\d\d", text)
        assert "Matplotlib v" not in text


def test_the_forest_plot_needs_a_comparison(result: StatsResult, tmp_path: Path) -> None:
    """Without a comparison (one edition) there is no differences plot; the others are."""
    alone = replace(result, editions=EDITIONS[:1], players=(2,), comparison=None)
    names = [p.name for p in draw_plots(alone, tmp_path)]
    assert names == [f"{plot}-2p.{fmt}" for plot in ("game-length", "win-share", "card-kinds")
                     for fmt in ("svg", "png")]  # fmt: skip
    assert list(plot_descriptions(alone)) == ["game-length-2p", "win-share-2p", "card-kinds-2p"]


def test_the_overlaid_plot_names_every_edition(
    result: StatsResult, drawn: tuple[Path, ...]
) -> None:
    """The game-length SVG keeps its text as text: both editions' names are in it, and its
    `<title>` is the plot's description, the alt text the report uses."""
    root = ET.parse(drawn[0].parent / "game-length-4p.svg").getroot()
    words = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert all(name in words for name in EDITIONS), words
    assert root.findtext(f"{SVG}title") == plot_descriptions(result)["game-length-4p"]


def test_the_forest_plot_rows_are_the_comparisons(
    result: StatsResult, drawn: tuple[Path, ...]
) -> None:
    """One labelled row per metric of the table size, with its difference; a difference
    from 0 (no percentage of it) is drawn at the edge and labelled so."""
    root = ET.parse(drawn[0].parent / "differences-4p.svg").getroot()
    words = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "turns_per_game.mean: +10" in words
    assert "challenges_per_game.mean: +0.4 from 0" in words
    said = plot_descriptions(result)["differences-4p"]
    assert said.startswith("Differences of express minus classic at 4 players in 4 metrics")
    assert "2 significant" in said
