"""`unospec readings`: each recorded reading's alternatives played and judged. On express, a
Draw One that draws two changes the game (a trace that parts the two, and its effect on
game length and points with intervals); the kernel's unplayed readings say so; a next
hand's leader cannot be told apart at a scale of one hand. An alternative that leaves no
card to start the pile is unsafe, one that seats fewer than two is invalid, and an
edition with no recorded reading says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from unospec.arguments import build_parser
from unospec.checks.analyses.readings.report import GAMES, MAX_STATES, VERDICTS
from unospec.cli import main
from unospec.editions import resolved_data
from unospec.editions.toml_writer import dumps

UNSAFE = """format = 1
name = "unsafe-reading"
title = "classic, with readings whose alternatives cannot be played safely"
variant_of = "classic"

[[interpretations]]
id = "first-flip-action-cards"
section = "Set Up 4"
question = "Which flipped cards count as an Action Card to be ignored?"
decides = "setup.first_flip_ignores"
chosen = ["skip", "reverse", "draw-two", "wild", "wild-draw-four"]
alternatives = [["number", "skip", "reverse", "draw-two", "wild", "wild-draw-four"]]
why = "A test: the alternative leaves no card to start the discard pile."
family = "assumption"

[[interpretations]]
id = "players-max"
section = "Contents"
question = "How many may play?"
decides = "players.max"
chosen = 10
alternatives = [1]
why = "A test: the alternative seats fewer than the fewest."
family = "assumption"
"""


def _readings(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["readings", *argv, "--format", "json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _alternative(data: dict[str, Any], ident: str, value: object) -> dict[str, Any]:
    (reading,) = (r for r in data["readings"] if r["id"] == ident)
    (found,) = (a for a in reading["alternatives"] if a["value"] == value)
    return found  # type: ignore[no-any-return]


def test_express_readings(capsys: pytest.CaptureFixture[str]) -> None:
    data = _readings(["express"], capsys)
    assert data["games"] == GAMES
    assert {"edition", "scale", "players", "readings"} <= set(data)
    for reading in data["readings"]:
        assert {"id", "section", "chosen", "alternatives"} <= set(reading)
        for alternative in reading["alternatives"]:
            assert {"value", "verdict", "trace", "stats"} <= set(alternative)
            assert alternative["verdict"] in VERDICTS
    draws_two = _alternative(data, "draw-one-amount", 2)
    assert draws_two["verdict"] == "changes"
    trace = draws_two["trace"]
    assert trace["steps"] and trace["replay"]["a"] != trace["replay"]["b"]
    for name in ("turns_per_game", "points_per_hand"):
        measure = draws_two["stats"][name]
        for side in ("chosen", "alternative", "difference"):
            assert measure[side]["low"] <= measure[side]["value"] <= measure[side]["high"]
        assert 0 <= measure["p"] <= 1
    assert draws_two["stats"]["turns_per_game"]["test"] == "paired t test"
    assert draws_two["stats"]["points_per_hand"]["test"] == "paired z test of ratios"
    shortfall = _alternative(data, "draw-shortfall", "hand-ends-unscored")
    assert shortfall["verdict"] == "changes"  # played since issue 36
    last = _alternative(data, "final-card-effects", "effects-apply-then-score")
    assert last["verdict"] == "changes"  # a last card's draw dealt, then the score
    assert (
        last["trace"]["trace"]["steps"]
        and last["trace"]["parting"]["a"] != (last["trace"]["parting"]["b"])
    )
    leader = _alternative(data, "next-hand-leader", "same")
    assert leader["verdict"] == "undecided" and "setup.next_leader" in leader["reason"]


def test_unsafe_and_invalid_alternatives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "unsafe.toml"
    path.write_text(UNSAFE, encoding="utf-8")
    data = _readings([str(path), "--games", "0", "--max-states", "20000"], capsys)
    every_kind = ["number", "skip", "reverse", "draw-two", "wild", "wild-draw-four"]
    unsafe = _alternative(data, "first-flip-action-cards", every_kind)
    assert unsafe["verdict"] == "unsafe"
    assert unsafe["reason"].startswith("rules-give-an-outcome")
    assert unsafe["trace"]["trace"]["deck"]  # the deal that has no outcome
    invalid = _alternative(data, "players-max", 1)
    assert invalid["verdict"] == "invalid"
    assert invalid["reason"] == "players.max: expected an integer from 2 to 1000, found 1"
    assert main(["readings", str(path), "--games", "0", "--max-states", "20000"]) == 0
    text = capsys.readouterr().out
    assert "1: invalid: players.max" in text and ": unsafe: rules-give-an-outcome" in text


def test_an_edition_with_no_reading_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = resolved_data("express")
    del data["interpretations"]
    path = tmp_path / "unread.toml"
    path.write_text(dumps(data), encoding="utf-8")
    assert main(["readings", str(path)]) == 0
    assert "no recorded interpretation" in capsys.readouterr().out


def test_alternatives_the_file_plays_from_data(capsys: pytest.CaptureFixture[str]) -> None:
    """Express's readings of its deck and its NOTEs, played from the data the file gives
    each alternative (`played_as`): an unrestricted Wild Draw Two changes the game; the
    other splits of the eight wilds are judged, and measured at full size, where a small
    scale deals one of each wild alike; matching by other symbols needs two colours."""
    data = _readings(["express", "--games", "60"], capsys)
    assert data["scale"] == "micro;micro,colors=2,wilds=0"
    unrestricted = _alternative(data, "wilds-any-time", "wild-draw-two-unrestricted")
    assert unrestricted["verdict"] == "changes", unrestricted["reason"]
    for split in (
        "36-numbers-12-actions-6-wild-2-wild-draw-two",
        "36-numbers-12-actions-2-wild-6-wild-draw-two",
    ):
        judged = _alternative(data, "deck-composition", split)
        assert judged["verdict"] in ("changes", "undecided"), judged["reason"]
        assert judged["stats"]["turns_per_game"]["alternative"]["value"] > 0
    for value in ("any-action-card-on-any-action-card", "action-cards-match-by-colour-only"):
        judged = _alternative(data, "action-on-action", value)
        assert judged["verdict"] == "changes", judged["reason"]  # in two colours


BAD_PLAYED_AS = (
    (
        "[interpretations.played_as.no-such-reading]\ntotal_cards = 3\n",
        "played_as.no-such-reading",
        "an alternative of this reading",
    ),
    (
        '[interpretations.played_as.wild-draw-two-unrestricted]\nname = "other"\n',
        "played_as.wild-draw-two-unrestricted.name",
        "one of the keys total_cards",
    ),
    (
        "[interpretations.played_as]\nwild-draw-two-unrestricted = 3\n",
        "played_as.wild-draw-two-unrestricted",
        "a table of edition data",
    ),
)


@pytest.mark.parametrize(("added", "key", "expected"), BAD_PLAYED_AS)
def test_a_bad_played_as_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], added: str, key: str, expected: str
) -> None:
    text = (
        """format = 1
name = "bad-played-as"
title = "express, with a reading's data written wrong"
variant_of = "express"

[[interpretations]]
id = "wilds-any-time"
section = "Action Cards: NOTE"
question = "Does the NOTE lift the Wild Draw Two's restriction?"
chosen = "restriction-still-applies"
alternatives = ["wild-draw-two-unrestricted"]
why = "A test."

"""
        + added
    )
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"unospec: error: {path}:")
    assert f"interpretations[0].{key}: expected {expected}" in err[0]


def test_a_played_as_the_schema_refuses_is_invalid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = resolved_data("express")
    reading = next(r for r in data["interpretations"] if r["id"] == "deck-composition")
    reading["played_as"]["36-numbers-12-actions-6-wild-2-wild-draw-two"]["total_cards"] = 57
    path = tmp_path / "miscounted.toml"
    path.write_text(dumps(data), encoding="utf-8")
    found = _readings([str(path), "--games", "0", "--max-states", "2000"], capsys)
    judged = _alternative(found, "deck-composition", "36-numbers-12-actions-6-wild-2-wild-draw-two")
    assert judged["verdict"] == "invalid"
    assert judged["reason"].startswith(
        "deck.cards: expected a composition adding up to total_cards = 57"
    )


def test_undescribed_cards_can_leave_a_game_that_cannot_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Super Bowl LVII's Contents read as one Touchdown and three cards it never describes:
    no rule lets those be played (`unplayable`), the joint search's shared deck leaves them
    out, and explored on their own, one for each player, nobody can go out."""
    data = _readings(["super-bowl-lvii", "--games", "0", "--max-states", "20000"], capsys)
    alternative = "standard-108-plus-1-touchdown-plus-3-unnamed"
    judged = _alternative(data, "deck-composition", alternative)
    assert judged["verdict"] == "unsafe", judged["reason"]
    assert judged["reason"].startswith("game-can-end (at micro,wilds=2,")
    assert judged["trace"] is not None


def test_the_command_lines_defaults_are_the_analysis_own() -> None:
    """The command line writes the defaults out (it does not load the analysis to parse its
    arguments): they must be the analysis' own."""
    args = build_parser().parse_args(["readings", "classic"])
    assert (args.games, args.max_states) == (GAMES, MAX_STATES)
