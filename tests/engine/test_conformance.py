"""Conformance holds the compiled engine to the reference kernel: it agrees on every built-in
edition, it catches every seeded engine bug with its first difference, it catches a
reference guard that lets through a move it does not offer, and any implementation of the
rules can be checked through the same five calls."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from scenario import edition

from unospec.checks.engines.conformance import conform
from unospec.checks.engines.conformance.reference import ReferenceRules, Stepped
from unospec.cli import main
from unospec.model import legality
from unospec.model.actions import Action
from unospec.model.state import GameState

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii")


@pytest.mark.full_conformance
@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.slow
def test_the_engine_agrees_with_the_reference_deep_into_micro(name: str) -> None:
    """Deeper into `micro` than `unospec check` goes (its plan, in
    test_conformance_reach.py): the first 20,000 states, each with its outcomes, its moves
    not offered and its invariants' verdicts, and five whole games."""
    report = conform(edition(name), scale="micro", max_states=20_000)
    assert report.ok, report.to_json()["first_difference"]
    assert report.states_compared == 20_000 and report.moves_refused > 200_000
    assert report.games == 5 and report.steps_compared > report.states_compared


@pytest.mark.parametrize("players", [2, 4, 10])
@pytest.mark.slow
def test_the_engines_full_size_games_replay_step_by_step(players: int) -> None:
    for name in ("classic", "nfl-cowboys", "star-wars"):
        report = conform(edition(name), scale=None, players=players, games=2, seed=players)
        assert report.ok and report.games == 2, report.to_json()["first_difference"]
        assert report.steps_compared > 100


BLIND_SPOTS = (
    "moves of cards the mover does not hold",
    "chance outcomes that are not outcomes",
    "refusals compared by kind only",
    "fields the corrupted states never changed",
    "step invariants judged on correct steps only",
    "symmetry never compared with the reference",
    "parameters of equal value",
)
"""The blind spots of conformance before issue 39, each with a seeded engine bug it missed."""


@pytest.mark.slow
def test_every_seeded_engine_bug_is_caught() -> None:
    """`benchmarks/engine_mutants.py`: one bug per rule area (matching, Skip, Reverse with
    two players, the draw amounts, Wild Draw legality and judgment, both challenge payouts,
    the drawn-card decision, the UNO window, reshuffle, turn order, scoring, each special
    wild, an invariant), each caught by the conformance it names; and one or more per blind
    spot conformance once had, each caught by the conformance `unospec check` makes with no
    flag. Each runs as plain Python with the bug swapped in."""
    found = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "engine_mutants.py")],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        check=True,
    )
    results = [json.loads(line) for line in found.stdout.splitlines()]
    assert len(results) >= 12 + len(BLIND_SPOTS)
    assert [r["mutant"] for r in results if not r["caught"]] == []
    areas = {r["area"] for r in results}
    for area in ("matching", "Skip", "draw amounts", "scoring", "reshuffle", "turn order"):
        assert area in areas
    by_check = {r["blind_spot"] for r in results if r["blind_spot"] and r["by"] == "check"}
    assert by_check >= set(BLIND_SPOTS)


def test_a_reference_guard_that_lets_an_unoffered_move_through_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player who draws or passes out of turn is refused by `check_turn_player`; made
    too permissive, the reference accepts a move it does not offer, which the converse
    check finds, with a trace that ends with that move."""
    monkeypatch.setattr(legality, "_check_player", lambda game, player, expected, doing: None)
    report = conform(edition("express"), games=0, max_states=2000)
    difference = report.to_json()["first_difference"]
    assert not report.ok and difference["what"] == "converse"
    assert difference["reference"] == "accepted, though not offered"
    assert difference["trace"]["steps"][-1] == difference["action"]


class ReferenceAsAnEngine(ReferenceRules):
    """An outside implementation of the rules, through conformance's calls: the reference
    kernel itself (`conformance.reference`), checking no invariant of its own and playing
    no games, with a Skip that passes the turn to the next player on request."""

    name = "reference-as-an-engine"

    def __init__(self, e: Any, players: int, *, skip_goes_to_next: bool = False) -> None:
        super().__init__(e, players)
        self.skip_goes_to_next = skip_goes_to_next

    def step(self, state: GameState, action: Action) -> Stepped:
        stepped = super().step(state, action)
        after = stepped.state
        if after is None:
            return stepped
        skip = self.edition.faces.faces[getattr(action, "card", 0)].kind == "skip"
        if self.skip_goes_to_next and skip and after.phase == "awaiting_play":
            after = after._replace(current=(getattr(action, "player", 0) + 1) % after.players)
        return Stepped(after)

    def state_broken(self, state: GameState) -> frozenset[str] | None:  # type: ignore[override]
        return None

    def play(self, seed: int, max_steps: int) -> list[Action] | None:  # type: ignore[override]
        return None


@pytest.mark.slow
def test_an_outside_implementation_is_checked_through_the_adapter() -> None:
    """The reference wrapped as an engine agrees with itself; the same wrapper with a Skip
    that passes the turn to the next player is caught at its first Skip."""
    agrees = conform(edition("classic"), opener=ReferenceAsAnEngine, games=0, max_states=3000)
    assert agrees.ok and agrees.engine == "reference-as-an-engine"
    buggy = conform(
        edition("classic"),
        opener=lambda e, players: ReferenceAsAnEngine(e, players, skip_goes_to_next=True),
        games=0,
        max_states=3000,
    )
    difference = buggy.to_json()["first_difference"]
    assert not buggy.ok and difference["what"] == "outcome"
    assert difference["action"]["card"].endswith("skip")
    assert set(difference["reference"]) == {"current"}


def test_the_conform_command_writes_a_trace_replay_reads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JSON as the contract says it; exit 0 when they agree, 1 when they differ, with the
    first difference's trace ending at the step where they part."""
    assert main(["conform", "express", "--max-states", "300", "--games", "1"]) == 0
    capsys.readouterr()
    monkeypatch.setattr(legality, "_check_player", lambda game, player, expected, doing: None)
    out = tmp_path / "differs.json"
    argv = ["conform", "express", "--max-states", "2000", "--games", "0", "--trace-out", str(out)]
    assert main([*argv, "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    keys = {"edition", "ok", "scale", "players", "states_compared", "steps_compared"}
    assert keys <= set(data) and data["ok"] is False
    assert {"state", "action", "reference", "engine", "trace"} <= set(data["first_difference"])
    monkeypatch.undo()
    assert main(["replay", str(out), "--format", "json"]) == 1  # the step the reference refuses
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["first_illegal"]["step"] == len(data["first_difference"]["trace"]["steps"]) - 1
