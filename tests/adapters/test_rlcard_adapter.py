"""RLCard's UNO held to `rlcard-uno` (`unospec.adapters.rlcard`): its games agree with the
reference, at two and four players, step by step; held to `classic` it differs at once, with
a trace `unospec replay` reads; and each bug seeded into RLCard by monkeypatching is caught.

Skipped where RLCard is not installed (`pip install '.[rlcard]'`; CI installs it)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("rlcard", reason="RLCard is not installed: pip install '.[rlcard]'")

from rlcard.games.uno.round import UnoRound

from unospec.adapters.rlcard import open_rules
from unospec.checks.engines.conformance import ConformanceReport, conform, engines
from unospec.checks.engines.conformance.games import replay_steps
from unospec.cli import main
from unospec.editions import load_edition
from unospec.model.errors import InputError, MissingExtra

EDITION = load_edition("rlcard-uno")
GAMES = 40
"""Games per run here: the acceptance runs (2,000 games) are the report's, not the tests'."""


def _held(players: int, games: int = GAMES, edition: str = "rlcard-uno") -> ConformanceReport:
    return conform(
        load_edition(edition), scale=None, players=players, games=games, opener=open_rules
    )


@pytest.mark.parametrize("players", [2, 4])
def test_rlcard_agrees_with_its_edition(players: int) -> None:
    report = _held(players)
    assert report.ok, report.first_difference
    assert report.games == GAMES and report.steps_compared > GAMES * 20
    assert report.states_compared == 0  # no scale: its games only
    assert report.untracked == ("actor", "hands_played", "leader", "scores")


FOUR = "micro,colors=4"
"""The scale whose deck RLCard can hold: its four colours (its wilds are offered in each)."""


def _states(games: int = 0, max_states: int = 150) -> ConformanceReport:
    return conform(EDITION, scale=FOUR, players=2, games=games, opener=open_rules,
                   max_states=max_states)  # fmt: skip


def _part(report: ConformanceReport, name: str) -> int:
    return next(part.compared for part in report.parts if part.part == name)


def test_its_states_agree_where_it_has_a_form_the_rest_counted() -> None:
    report = _states()
    assert report.ok, report.first_difference
    assert report.states_compared > 50
    assert _part(report, "states without a form") > 0  # the deal, the flip: chance steps
    assert _part(report, "steps not one of its") > 0  # its draws, a card drawn then played


def test_the_report_says_what_was_skipped_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["conform", "rlcard-uno", "--engine", "rlcard", "--scale", FOUR, "--games", "0"]
    assert main([*argv, "--max-states", "150", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    parts = {part["part"]: part for part in found["parts"]}
    skipped = parts["states without a form"]
    assert found["states_skipped"] == skipped["skipped_count"] == skipped["compared"] > 0
    steps = parts["steps not one of its"]
    assert found["steps_skipped"] == steps["skipped_count"] == steps["compared"] > 0
    assert "skipped_count" not in parts["states"]
    assert main([*argv, "--max-states", "150"]) == 0
    text = capsys.readouterr().out
    assert f"states skipped: {found['states_skipped']:,} that the rlcard engine cannot be" in text
    assert f"steps skipped: {found['steps_skipped']:,} that are not one step of the rlcard" in text


def test_at_one_colour_no_state_has_a_form() -> None:
    report = conform(EDITION, scale="micro", players=2, games=0, opener=open_rules)
    assert report.ok and report.states_compared == 0
    assert _part(report, "states without a form") > 0


WHOLE = "micro,colors=4,kinds=number+skip+wild"
"""The scale of RLCard's four colours compared whole, state by state (27,453 states, in
seconds): at `micro,colors=4`, with every kind, the states are too many to be whole."""


def _whole() -> ConformanceReport:
    return conform(EDITION, scale=WHOLE, players=2, games=0, opener=open_rules)


@pytest.mark.slow
def test_every_state_it_has_a_form_for_agrees_at_the_whole_scale() -> None:
    report = _whole()
    assert report.ok, report.first_difference
    assert report.complete
    assert report.states_compared == 15_590
    assert _part(report, "states without a form") == 27_453 - 15_590
    assert report.steps_compared > 10_000


@pytest.mark.parametrize("bug", ["wild-accepted-off-colour", "skip-does-not-skip-at-two"])
def test_a_bug_seeded_into_rlcard_is_caught_at_the_whole_scale(
    bug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    SEEDED[bug](monkeypatch)
    report = _whole()
    assert report.first_difference is not None
    assert report.first_difference.what == ("legal" if bug.startswith("wild") else "outcome")


def test_a_bug_seeded_into_rlcard_is_caught_state_by_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    SEEDED["draw-two-draws-one"](monkeypatch)
    report = _states()
    assert report.first_difference is not None and report.first_difference.what == "outcome"


REACHING = {0: "Draw+Pass", 31: "Deal+Pick", 63: "Draw+Reshuffle+Play", 184: "Draw+Reshuffle+Pass"}
"""Games (by seed) whose steps are several of the reference's: a draw and the drawn card
kept; a first wild's colour picked at random; the deck made again inside a draw, the card
then played, or kept."""


@pytest.mark.parametrize("seed", REACHING)
def test_its_steps_that_are_several_of_the_references_agree(seed: int) -> None:
    rules = open_rules(EDITION, 2)
    steps = rules.play_steps(seed, 10_000)
    kinds = {"+".join(type(action).__name__ for action in step.actions) for step in steps}
    assert REACHING[seed] in kinds
    difference, compared = replay_steps(EDITION, 2, rules, steps, None)
    assert difference is None and compared == sum(len(step.actions) for step in steps)


def test_held_to_classic_it_differs_with_a_trace_replay_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "classic.json"
    argv = ["conform", "classic", "--engine", "rlcard", "--games", "3", "--format", "json"]
    assert main([*argv, "--trace-out", str(out)]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found["first_difference"]["what"] == "game"
    assert main(["replay", str(out), "--format", "json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["steps"] == len(found["first_difference"]["trace"]["steps"])


def test_held_to_classic_every_difference_is_listed_past_its_compound_steps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["conform", "classic", "--engine", "rlcard", "--scale", "none", "--games", "3"]
    assert main([*argv, "--all-differences", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)
    kinds = {each["kind"]: each for each in found["differences"]}
    compulsory = "game: offered only by the engine [], only by the reference [draw]"
    assert kinds[compulsory]["count"] > 10  # every turn it could play: no draw offered
    assert any(kind.endswith("fields phase,window") for kind in kinds)  # no UNO window
    assert len(kinds) >= 6, sorted(kinds)
    past = [each for each in found["differences"] if len(each["trace"]["steps"]) > 20]
    assert past  # found after the game went on past a difference in a state
    assert "games_cut_short" not in found  # each went on to its end
    for i, each in enumerate(found["differences"]):
        file = tmp_path / f"{i}.json"
        file.write_text(json.dumps(each["trace"]), encoding="utf-8")
        main(["replay", str(file), "--format", "json"])
        replayed = json.loads(capsys.readouterr().out)
        assert replayed["steps"] == len(each["trace"]["steps"]), each["kind"]


def test_a_deck_not_rlcards_is_one_line() -> None:
    with pytest.raises(InputError, match="expected an edition of RLCard's 108-card deck"):
        _held(2, 1, edition="express")


def test_without_rlcard_the_engine_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in sys.modules if name.startswith("rlcard.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rlcard", None)
    monkeypatch.delitem(sys.modules, "unospec.adapters.rlcard")
    with pytest.raises(MissingExtra) as raised:
        engines.opener("rlcard")
    assert raised.value.extra == "rlcard"


# Bugs seeded into RLCard itself: each must be caught.

Action = Callable[[UnoRound, list[Any], Any], None]


def _skip_that_does_not_skip(original: Action) -> Action:
    def seeded(self: UnoRound, players: list[Any], card: Any) -> None:
        if card.trait == "skip" and self.num_players == 2:
            self.current_player = (self.current_player + self.direction) % self.num_players
            self.target = card
            return
        original(self, players, card)

    return seeded


def _draw_two_that_draws_one(original: Action) -> Action:
    def seeded(self: UnoRound, players: list[Any], card: Any) -> None:
        if card.trait != "draw_2":
            original(self, players, card)
            return
        deal = self.dealer.deal_cards
        self.dealer.deal_cards = lambda player, num: deal(player, 1)
        try:
            original(self, players, card)
        finally:
            del self.dealer.deal_cards

    return seeded


def _reverse_that_keeps_direction(original: Action) -> Action:
    def seeded(self: UnoRound, players: list[Any], card: Any) -> None:
        if card.trait == "reverse":
            self.current_player = (self.current_player + self.direction) % self.num_players
            self.target = card
            return
        original(self, players, card)

    return seeded


def _seed_action(monkeypatch: pytest.MonkeyPatch, bug: Callable[[Action], Action]) -> None:
    original = UnoRound._preform_non_number_action
    monkeypatch.setattr(UnoRound, "_preform_non_number_action", bug(original))


def _reshuffle_that_loses_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    original = UnoRound.replace_deck

    def seeded(self: UnoRound) -> None:
        original(self)
        self.dealer.deck.pop(0)

    monkeypatch.setattr(UnoRound, "replace_deck", seeded)


def _wild_accepted_off_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a wild, any coloured card is offered, not only one of the colour it named."""
    original = UnoRound.get_legal_actions

    def seeded(self: UnoRound, players: list[Any], player_id: int) -> list[str]:
        legal = list(original(self, players, player_id))
        if self.target.type == "wild":
            hand = players[player_id].hand
            legal += [c.str for c in hand if c.type != "wild" and c.str not in legal]
            legal = [move for move in legal if move != "draw"] or ["draw"]
        return legal

    monkeypatch.setattr(UnoRound, "get_legal_actions", seeded)


def _drawn_wild_always_red(monkeypatch: pytest.MonkeyPatch) -> None:
    """A drawn wild's colour is always red: a colour the reference allows, every time, and
    only the tally of its games shows it is not drawn at random."""
    original = UnoRound._perform_draw_action

    class AlwaysRed:
        def choice(self, colours: list[str]) -> str:
            return "r"

    def seeded(self: UnoRound, players: list[Any]) -> None:
        generator = self.np_random  # its choice() is only the drawn wild's colour here
        self.np_random = AlwaysRed()
        try:
            original(self, players)
        finally:
            self.np_random = generator

    monkeypatch.setattr(UnoRound, "_perform_draw_action", seeded)


SEEDED: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "skip-does-not-skip-at-two": lambda m: _seed_action(m, _skip_that_does_not_skip),
    "draw-two-draws-one": lambda m: _seed_action(m, _draw_two_that_draws_one),
    "reverse-keeps-direction": lambda m: _seed_action(m, _reverse_that_keeps_direction),
    "reshuffle-loses-a-card": _reshuffle_that_loses_a_card,
    "wild-accepted-off-colour": _wild_accepted_off_colour,
    "drawn-wild-always-red": _drawn_wild_always_red,
}


@pytest.mark.parametrize("bug", SEEDED)
def test_each_bug_seeded_into_rlcard_is_caught(bug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    SEEDED[bug](monkeypatch)
    report = _held(2, games=200)
    assert not report.ok, f"{bug} was not caught in 200 games"
    assert report.first_difference is not None
    assert report.first_difference.what == ("chance" if bug == "drawn-wild-always-red" else "game")
