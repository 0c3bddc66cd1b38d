"""Deck pictures: each composition line with its count, points and provenance."""

from __future__ import annotations

import re

import pytest
from drawn import svg_text
from scenario import edition

from unospec.diagrams.deck import deck_dot, deck_lines
from unospec.diagrams.render import draw
from unospec.editions import builtin_names


@pytest.mark.parametrize("name", builtin_names())
def test_the_deck_lines_add_up_to_the_deck(name: str) -> None:
    """The lines count every card in play and every card set aside, once."""
    e = edition(name)
    lines = deck_lines(e)
    assert sum(line.count for line in lines if not line.set_aside) == e.in_play_count
    assert sum(line.count for line in lines if line.set_aside) == e.set_aside_count


def test_the_nfl_deck_picture_states_counts_points_and_sources() -> None:
    """Seed 000 (Contents: 113 cards, a foil Hail Mary; Keeping Score: numbers score 5): the
    picture shows the totals, the foil set aside, the points and stated against assumed."""
    text = svg_text(draw(deck_dot(edition("nfl-cowboys")), "svg"))
    assert "112 cards in play, 1 set aside; the booklet counts 113" in text
    assert "set aside (foil)" in text
    assert "stated" in text and "assumed" in text
    (numbers,) = [
        line for line in deck_lines(edition("nfl-cowboys")) if line.faces.startswith("1-9")
    ]
    assert (numbers.count, numbers.points) == (72, "5")


def test_the_deck_picture_words_what_each_edition_is_and_has() -> None:
    """Classic models no booklet, so nothing is "stated by the booklet"; a Skip comes in each
    colour (2 copies of 4 faces, 8 cards, as the standard deck has); My Favorite Line's loser
    is named by the table after a round of quotes, not a race (seed 002, Action Cards)."""
    classic = svg_text(draw(deck_dot(edition("classic")), "svg"))
    assert "by the booklet" not in classic and "models no booklet" in classic
    (skip,) = [line for line in deck_lines(edition("classic")) if line.card == "Skip"]
    assert (skip.faces, skip.count) == ("in each of 4 colours", 8)
    star_wars = svg_text(draw(deck_dot(edition("star-wars")), "svg"))
    assert "by the booklet" in star_wars
    assert "race" not in star_wars and "the loser the table names draws 3" in star_wars


@pytest.mark.parametrize("name", ["classic", "nfl-cowboys"])
def test_no_svg_text_run_begins_or_ends_with_a_space_a_browser_would_drop(name: str) -> None:
    """Graphviz starts a new SVG text element at each change of font, and a browser drops
    the plain spaces at an element's ends: the legend read "statedby" and "orassumed". Words
    beside a bold or italic run keep a no-break space instead."""
    svg = draw(deck_dot(edition(name)), "svg").decode()
    runs = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert any("stated" in run for run in runs)
    assert not [run for run in runs if run.strip() and run != run.strip(" ")], runs
