"""The protocol for implementations not built like the reference (`MoreRules`): games played
as the implementation's own steps, each one or more of the reference's actions
(`play_steps`), fields it does not keep (`untracked`), and no state it can be put into
(`encodes`). Held here on the reference kernel, wrapped so: it agrees, and each lie it is
made to tell is caught (RLCard's own adapter: tests/adapters/)."""

from __future__ import annotations

from typing import Any

import pytest

from unospec.checks.engines.conformance import GameStep, conform
from unospec.checks.engines.conformance.reference import ReferenceRules
from unospec.checks.engines.random_play import record_game
from unospec.editions import load_edition
from unospec.model.actions import Draw
from unospec.model.edition import Edition
from unospec.model.errors import InputError
from unospec.model.kernel import is_chance, legal_actions
from unospec.model.state import GameState

EDITION = load_edition("rlcard-uno")


class StepsEngine(ReferenceRules):
    """The reference kernel, its games given as steps: a draw and what follows it one step
    (as RLCard's are), `lie` bending what it says; it keeps no scores, and cannot be put
    into a given state."""

    def __init__(self, edition: Edition, players: int, lie: str = "") -> None:
        super().__init__(edition, players)
        self.lie, self.encodes, self.untracked = lie, False, frozenset({"scores"})

    def play_steps(self, seed: int, max_steps: int) -> list[GameStep]:
        history = record_game(self.edition, self.players, seed, max_steps=max_steps).history
        steps: list[GameStep] = []
        for before, action, after in history:
            if steps and isinstance(steps[-1].actions[-1], Draw):  # the draw's sequel
                merged = (*steps[-1].actions, action)
                steps[-1] = GameStep(merged, steps[-1].offered, self._said(after))
                continue
            offered = None if is_chance(before) else legal_actions(self.edition, before)
            if offered and self.lie == "offers-less":
                offered = offered[1:]
            steps.append(GameStep((action,), offered, self._said(after)))
        return steps

    def _said(self, after: GameState) -> GameState:
        if self.lie == "wrong-seat" and after.hands_played == 0 and len(after.discard) > 3:
            return after._replace(current=(after.current + 1) % after.players)
        if self.lie == "scores":  # a field it declares it does not keep
            return after._replace(scores=tuple(s + 1 for s in after.scores))
        return after


def _held(lie: str = "", **opened: Any) -> Any:
    def opener(edition: Edition, players: int) -> StepsEngine:
        rules = StepsEngine(edition, players, lie)
        for name, value in opened.items():
            setattr(rules, name, value)
        return rules

    return conform(EDITION, players=2, games=6, opener=opener)


def test_games_as_steps_agree_and_the_report_says_what_was_left_out() -> None:
    report = _held()
    assert report.ok, report.first_difference
    assert report.games == 6 and report.steps_compared > 6 * 10
    assert not report.encodes and report.scale is None and report.states_compared == 0
    assert report.untracked == ("scores",)
    data = report.to_json()
    assert data["encodes"] is False and data["untracked"] == ["scores"]


def test_an_untracked_field_is_left_out() -> None:
    assert _held("scores").ok


@pytest.mark.parametrize("lie", ["offers-less", "wrong-seat"])
def test_each_lie_is_caught(lie: str) -> None:
    report = _held(lie)
    assert not report.ok and report.first_difference is not None
    assert report.first_difference.what == "game"


def test_the_same_lie_about_a_tracked_field_is_caught() -> None:
    assert not _held("scores", untracked=frozenset()).ok


def test_a_misspelt_untracked_field_is_one_line() -> None:
    with pytest.raises(InputError, match=r"untracked: expected GameState fields, found score$"):
        _held(untracked=frozenset({"score"}))


def test_an_engine_that_cannot_encode_must_play_its_games_as_steps() -> None:
    class Stateless(ReferenceRules):
        encodes = False

    def opener(edition: Edition, players: int) -> Stateless:
        return Stateless(edition, players)

    with pytest.raises(InputError, match="expected play_steps from an engine that cannot"):
        conform(EDITION, players=2, games=1, opener=opener)
