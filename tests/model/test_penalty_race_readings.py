"""The readings of a penalty race (Action Cards: Wild My Favorite Line Card / Wild Touchdown!
Card) that no built-in edition chooses: each plays as its name says, on the built-in edition
of the card with only that parameter changed (and the test editions that choose them)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from scenario import (
    RACE_READINGS_1,
    RACE_READINGS_2,
    RACE_READINGS_3,
    RACE_READINGS_4,
    card,
    color,
    edition,
    table,
)

from unospec.model.actions import NOBODY, NameLoser, Play
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, legal_actions

FAVORITE_LINE = [
    ["wild-favorite-line", "red-1", "red-2"],
    ["yellow-1"],
    ["blue-2"],
    ["green-2"],
]
"""Four players; player 0 plays My Favorite Line."""


def _after_the_race(e: Edition, kind: str, hands: list[list[str]], loser: int) -> int:
    """Who is to play once `loser` has drawn for player 0's `kind`."""
    played = apply(e, table(e, hands, top="red-9"), Play(0, card(e, kind), color("green")))
    assert played.phase == "special_wild" and NameLoser(loser) in legal_actions(e, played)
    after = apply(e, played, NameLoser(loser))
    held = len(hands[loser]) - (1 if loser == 0 else 0)  # player 0 played the card
    assert after.phase == "awaiting_play" and len(after.hands[loser]) == held + 3
    return after.current


@pytest.mark.parametrize(
    ("reading", "next_by_loser"),
    [
        ("next-after-the-card-player-loser-keeps-turn", {0: 1, 1: 1, 2: 1, 3: 1}),
        ("next-after-the-loser", {0: 1, 1: 2, 2: 3, 3: 0}),
        ("loser-also-loses-their-turn", {0: 1, 1: 2, 2: 1, 3: 1}),
    ],
)
def test_who_plays_after_my_favorite_line(reading: str, next_by_loser: dict[int, int]) -> None:
    """`next_player` (interpretation favorite-line-next-player): play goes on after the
    card's player, after the loser, or past the loser only where their turn was next."""
    e = _race(edition("star-wars"), "wild-favorite-line", next_player=reading)
    for loser, following in next_by_loser.items():
        got = _after_the_race(e, "wild-favorite-line", FAVORITE_LINE, loser)
        assert got == following, (reading, loser)


def _race(e: Edition, kind: str, **fields: Any) -> Edition:
    """`e` with `kind`'s penalty race parameters changed."""
    changed = e.effect_of(kind).replaced(**fields)
    return dataclasses.replace(
        e, effects=tuple((k, changed if k == kind else v) for k, v in e.effects)
    )


def test_the_test_edition_plays_on_from_the_loser() -> None:
    """penalty-race-readings-1 plays `next-after-the-loser`: the loser two seats on sends
    play to the fourth player, passing the second by."""
    e = edition(RACE_READINGS_1)
    assert _after_the_race(e, "wild-favorite-line", FAVORITE_LINE, 2) == 3


def test_a_touchdown_loser_whose_turn_is_next_loses_it() -> None:
    """penalty-race-readings-2 plays `loser-also-loses-their-turn` (interpretation
    touchdown-next-player): at a table of two the loser is always the next player, so the
    card's player plays again; at three, a loser further round keeps their turn."""
    e = edition(RACE_READINGS_2)
    two = [["wild-touchdown", "red-1", "red-2"], ["yellow-1"]]
    assert _after_the_race(e, "wild-touchdown", two, 1) == 0
    three = [["wild-touchdown", "red-1", "red-2"], ["yellow-1"], ["blue-2"]]
    assert _after_the_race(e, "wild-touchdown", three, 1) == 2
    assert _after_the_race(e, "wild-touchdown", three, 2) == 1
    built_in = edition("super-bowl-lvii")
    assert _after_the_race(built_in, "wild-touchdown", two, 1) == 1


def test_a_touchdown_at_a_table_of_two_may_run_no_race() -> None:
    """penalty-race-readings-3 plays `nobody-draws-without-a-race` (interpretation
    touchdown-two-players): at a table of two the Touchdown is a plain wild, its colour
    named, nobody drawing, the other player next; at three the race is run as before, and
    the built-in edition's race of one is lost by its one runner."""
    e = edition(RACE_READINGS_3)
    two = [["wild-touchdown", "red-1", "red-2"], ["yellow-1"]]
    played = apply(e, table(e, two, top="red-9"), Play(0, card(e, "wild-touchdown"), 2))
    assert (played.phase, played.current, played.special, played.owed) == (
        "awaiting_play",
        1,
        -1,
        None,
    )
    assert [len(h) for h in played.hands] == [2, 1] and played.color == 2
    three = [["wild-touchdown", "red-1", "red-2"], ["yellow-1"], ["blue-2"]]
    assert _after_the_race(e, "wild-touchdown", three, 2) == 1
    assert _after_the_race(edition("super-bowl-lvii"), "wild-touchdown", two, 1) == 1


def test_a_round_of_quotes_may_end_with_no_loser() -> None:
    """penalty-race-readings-4 plays `one-round-then-nobody-draws` (interpretation
    favorite-line-no-failure): the table may say no one failed, and then nobody draws and
    play goes on after the card's player; the built-in edition's rounds go on until someone
    fails, so a loser must be named."""
    hands = [["wild-favorite-line", "red-1", "red-2"], ["yellow-1"], ["blue-2"]]
    e = edition(RACE_READINGS_4)
    played = apply(e, table(e, hands, top="red-9"), Play(0, card(e, "wild-favorite-line"), 2))
    assert set(legal_actions(e, played)) == {NameLoser(p) for p in (0, 1, 2, NOBODY)}
    after = apply(e, played, NameLoser(NOBODY))
    assert (after.phase, after.current, after.special, after.owed) == ("awaiting_play", 1, -1, None)
    assert [len(h) for h in after.hands] == [2, 1, 1]
    built_in = edition("star-wars")
    played = apply(built_in, table(built_in, hands, top="red-9"),
                   Play(0, card(built_in, "wild-favorite-line"), 2))  # fmt: skip
    assert NameLoser(NOBODY) not in legal_actions(built_in, played)
    with pytest.raises(IllegalAction, match="no player -1"):
        apply(built_in, played, NameLoser(NOBODY))
