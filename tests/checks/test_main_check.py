"""The main job: checks as data, deterministic, and failing when the rules are broken."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import edition

from unospec.checks.main_check import check_edition
from unospec.checks.replay import replay
from unospec.model import kernel, updates
from unospec.model.table import MACHINE, CompiledMachine
from unospec.model.trace import parse_trace


def test_a_builtin_edition_passes_every_check() -> None:
    """Express passes every check: schema, setup, random games, exploration, proofs, lint and
    its committed baseline."""
    report = check_edition(edition("express"), games=30, jobs=1, scale="pair")
    names = [
        "schema",
        "setup-conservation",
        "random-games",
        "exploration",
        "proofs",
        "lint",
        "baseline",
    ]
    assert [c.name for c in report.checks] == names
    assert report.checks[3].data["complete"] and report.checks[3].data["distinct_states"] > 100
    assert report.ok
    games = report.checks[2].data
    assert games["games"] == 30 and games["steps"] > 30 * 20
    assert games["violation"] is None


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    """Two processes find exactly what one process finds."""
    one = check_edition(edition("star-wars"), games=60, jobs=1, scale=None).checks[2].data
    two = check_edition(edition("star-wars"), games=60, jobs=2, scale=None).checks[2].data
    for timing in ("seconds", "games_per_second"):
        del one[timing], two[timing]
    assert one == two


def _with_update(branch_label: str, update: object) -> CompiledMachine:
    branches = tuple(
        dataclasses.replace(b, update=update) if b.label == branch_label else b
        for b in MACHINE.branches
    )
    by_event: dict[tuple[str, str], tuple[object, ...]] = {}
    for b in branches:
        by_event[(b.source, b.event)] = (*by_event.get((b.source, b.event), ()), b)
    return dataclasses.replace(MACHINE, branches=branches, by_event=by_event)  # type: ignore[arg-type]


def test_a_kernel_bug_that_creates_a_card_is_caught_with_a_replayable_trace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seeded bug (a caught player draws a copy of the top card from nowhere) fails the
    random-games check on card conservation, and the trace it gives replays legally on the
    correct kernel up to that step."""

    def buggy_catch(e, game, action):  # type: ignore[no-untyped-def]
        game = updates.owe_catch_penalty(e, game, action)
        hands = list(game.hands)
        hands[action.target] = tuple(sorted((*hands[action.target], game.top)))
        return game._replace(hands=tuple(hands))

    mutated = _with_update("uno_window --catch--> table_draws", buggy_catch)
    monkeypatch.setattr(kernel, "MACHINE", mutated)
    report = check_edition(edition("express"), games=40, jobs=1, scale=None)
    games = report.checks[2]
    assert not report.ok and not games.ok
    violation = games.data["violation"]
    assert violation["invariant"] == "card-conservation"
    monkeypatch.setattr(kernel, "MACHINE", MACHINE)
    trace = parse_trace(__import__("json").dumps(violation["trace"]))
    result = replay(edition("express"), trace)
    assert result.ok and result.steps == len(trace.steps)


def test_setup_that_cannot_deal_fails_the_setup_check() -> None:
    """Hands of 20 for up to 10 players need more cards than Express has (Set Up 2)."""
    e = edition("express")
    big = dataclasses.replace(e, rules=dataclasses.replace(e.rules, hand_size=20))
    result = check_edition(big, games=0, jobs=1, scale=None).checks[1]
    assert not result.ok
    assert result.data["undealable"] == [3, 4, 5, 6, 7, 8, 9, 10]
