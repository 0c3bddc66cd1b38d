"""Conformance past the first difference and against bad adapters (issue 37): every
difference grouped by its kind (`--all-differences`), a file of accepted kinds (`--known`),
an adapter that raises or hangs at some step reported as its failure there, corrupted
states kept from an implementation that checks no invariant, and each part of the report
said compared or skipped. Each is shown on a small broken adapter (the reference kernel
with one thing wrong), named to the command line as this module's factories."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from unospec.checks.engines.conformance import conform
from unospec.checks.engines.conformance.reference import ReferenceRules, Stepped
from unospec.cli import main
from unospec.editions import load_edition
from unospec.model.actions import Action, Draw, Play
from unospec.model.edition import Edition
from unospec.model.state import GameState

HERE = "test_conform_differences"
STATES = ["--max-states", "400"]


def _is_skip(edition: Edition, action: Action) -> bool:
    return isinstance(action, Play) and edition.faces.faces[action.card].kind == "skip"


class WrongSkip(ReferenceRules):
    """A Skip that passes the turn to the next player (the docs example's bug)."""

    name = "wrong-skip"

    def step(self, state: GameState, action: Action) -> Stepped:
        stepped = super().step(state, action)
        if stepped.state is None or not _is_skip(self.edition, action):
            return stepped
        after = stepped.state
        return Stepped(after._replace(current=(action.player + 1) % after.players), None, None)


class CrashOnDraw(ReferenceRules):
    """Raises in the middle of a run: at the first draw it is asked about."""

    name = "crash-on-draw"

    def step(self, state: GameState, action: Action) -> Stepped:
        if isinstance(action, Draw):
            raise ZeroDivisionError("the pile's count")
        return super().step(state, action)


class HangOnDraw(ReferenceRules):
    """Hangs at the first draw (well past the test's --step-timeout)."""

    name = "hang-on-draw"

    def step(self, state: GameState, action: Action) -> Stepped:
        if isinstance(action, Draw):
            try:
                time.sleep(30)
            except Exception:  # an adapter's own catch-all must not swallow the timeout
                return Stepped(None, ("illegal", "swallowed"))
        return super().step(state, action)


class NoInvariants(ReferenceRules):
    """Checks no invariant, and cannot hold a state no game reaches: encode refuses a
    corrupted one, as RLCard's adapter did."""

    name = "no-invariants"

    def encode(self, game: GameState) -> GameState:
        if ReferenceRules.state_broken(self, game):
            raise ValueError("no such state")
        return game

    def state_broken(self, state: GameState) -> None:  # type: ignore[override]
        return None


def wrong_skip(edition: Edition, players: int) -> WrongSkip:
    return WrongSkip(edition, players)


def crash_on_draw(edition: Edition, players: int) -> CrashOnDraw:
    return CrashOnDraw(edition, players)


def hang_on_draw(edition: Edition, players: int) -> HangOnDraw:
    return HangOnDraw(edition, players)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main([*argv, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_all_differences_goes_on_and_groups_one_departure_as_one_kind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["conform", "classic", "--engine", f"{HERE}:wrong_skip", *STATES, "--games", "3"]
    code, first = _run(argv, capsys)
    assert code == 1 and first["first_difference"]["what"] == "outcome"
    assert first["games"] == 0 and first["all_differences"] is False
    assert [d["count"] for d in first["differences"]] == [1]  # it stopped there
    code, every = _run([*argv, "--all-differences"], capsys)
    assert code == 1 and every["first_difference"] == first["first_difference"]
    kinds = {d["kind"]: d for d in every["differences"]}
    assert set(kinds) == {
        "outcome: play:skip: fields current",  # every state a Skip is played in
        "game: play:skip: fields current",  # and every Skip of every game
    }, kinds
    assert kinds["outcome: play:skip: fields current"]["count"] > 10
    assert every["games"] == 3 and kinds["game: play:skip: fields current"]["count"] > 3
    assert every["states_compared"] == 400  # every state, not the first differing one
    for each in every["differences"]:
        assert each["first_step"]["card"].endswith("skip")


def test_the_first_trace_of_each_kind_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["conform", "classic", "--engine", f"{HERE}:wrong_skip", *STATES, "--games", "2"]
    _, every = _run([*argv, "--all-differences"], capsys)
    for i, each in enumerate(every["differences"]):
        file = tmp_path / f"{i}.json"
        file.write_text(json.dumps(each["trace"]), encoding="utf-8")
        assert main(["replay", str(file), "--format", "json"]) == 0  # the reference's steps
        assert json.loads(capsys.readouterr().out)["steps"] == len(each["trace"]["steps"])


def test_a_known_file_passes_known_differences_and_fails_a_new_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["conform", "classic", "--engine", f"{HERE}:wrong_skip", *STATES, "--games", "1"]
    known = tmp_path / "known.json"
    code, found = _run([*argv, "--known-out", str(known)], capsys)
    assert code == 1 and len(found["differences"]) == 2
    code, held = _run([*argv, "--known", str(known)], capsys)
    assert code == 0 and held["ok"] and held["first_difference"] is not None
    assert sorted(held["known"]["seen"]) == sorted(d["kind"] for d in found["differences"])
    assert held["known"]["new"] == [] and held["known"]["not_seen"] == []
    # the run's own JSON is a known file too; one kind left out of it is new, and fails
    document = dict(found, differences=[*found["differences"][:1], {"kind": "fixed: long ago"}])
    known.write_text(json.dumps(document, indent=1), encoding="utf-8")
    code, held = _run([*argv, "--known", str(known)], capsys)
    assert code == 1 and not held["ok"]
    assert held["known"]["new"] == [found["differences"][1]["kind"]]
    assert held["known"]["not_seen"] == ["fixed: long ago"]
    assert main([*argv, "--known", str(known)]) == 1
    text = capsys.readouterr().out
    assert "NEW" in text and "not seen any more: fixed: long ago" in text, text
    # an engine that agrees passes, every known kind not seen any more
    agreeing = ["conform", "classic", "--engine", "reference", *STATES, "--games", "1"]
    code, fixed = _run([*agreeing, "--known", str(known)], capsys)
    assert code == 0 and len(fixed["known"]["not_seen"]) == 2


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{\n  \"differences\": 3\n}", ":2: differences: expected a list of {\"kind\""),
        ("{\n \"differences\": [\n  {\"kind\": \"a\"},\n  {\"count\": 2}\n ]\n}",
         ":4: differences[1].kind: expected a kind of difference (a string), found nothing"),
        ("{\"edition\": \"classic\"}", ":1: differences: expected a list"),
        ("[1,\n", ":2: expected JSON"),
    ],
)  # fmt: skip
def test_a_bad_known_file_is_one_line(
    content: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.json"
    known.write_text(content, encoding="utf-8")
    assert main(["conform", "classic", "--known", str(known), "--max-states", "5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"unospec: error: {known}") and said in err, err


def test_an_adapter_that_raises_is_its_failure_at_that_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "crash.json"
    argv = ["conform", "classic", "--engine", f"{HERE}:crash_on_draw", *STATES, "--games", "0"]
    code, found = _run([*argv, "--trace-out", str(out)], capsys)
    assert code == 1
    first = found["first_difference"]
    assert first["what"] == "crash" and first["action"]["action"] == "draw"
    assert first["engine"] == "step raised ZeroDivisionError: the pile's count"
    assert found["differences"][0]["kind"] == (
        "crash: draw: an answer vs step raised ZeroDivisionError"
    )
    assert main(["replay", str(out), "--format", "json"]) == 0  # up to the draw asked about
    assert json.loads(capsys.readouterr().out)["steps"] == len(first["trace"]["steps"])
    code, every = _run([*argv, "--all-differences"], capsys)  # one kind, met in many states
    assert code == 1 and len(every["differences"]) == 1 and every["differences"][0]["count"] > 5


def test_an_adapter_that_raises_in_a_game_fails_that_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["conform", "classic", "--engine", f"{HERE}:crash_on_draw", "--scale", "none"]
    code, found = _run([*argv, "--games", "2", "--all-differences"], capsys)
    assert code == 1 and found["games"] == 2
    (kind,) = found["differences"]
    assert kind["kind"].startswith("crash: draw") and kind["count"] == 2  # once in each game
    assert kind["first_step"]["action"] == "draw"


def test_an_adapter_that_hangs_is_stopped_and_the_step_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    started = time.perf_counter()
    argv = ["conform", "classic", "--engine", f"{HERE}:hang_on_draw", *STATES, "--games", "0"]
    code, found = _run([*argv, "--step-timeout", "0.05"], capsys)
    assert time.perf_counter() - started < 20
    first = found["first_difference"]
    assert code == 1 and first["what"] == "timeout" and first["action"]["action"] == "draw"
    assert first["engine"] == "step did not answer within 0.05 s"


def test_corrupted_states_go_only_to_an_implementation_that_checks_invariants() -> None:
    """An implementation that checks no invariant is never handed a state no game reaches
    (this one's encode refuses one), and the report says the corruptions were skipped."""
    report = conform(load_edition("classic"), opener=NoInvariants, max_states=300, games=0)
    assert report.ok, report.to_json()["first_difference"]
    parts = {part.part: part for part in report.parts}
    assert parts["corrupted states"].skipped == "no-invariants"
    assert parts["invariants"].skipped == "no-invariants"
    assert parts["states"].compared == 300 and parts["states"].skipped is None


def test_the_report_says_what_was_compared_and_what_was_skipped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["conform", "classic", "--engine", "reference", *STATES, "--games", "1"]
    code, data = _run(argv, capsys)
    parts = {part["part"]: part for part in data["parts"]}
    assert code == 0 and list(parts) == [
        "states", "steps", "converse", "invariants", "corrupted states", "wrong successors",
        "canonical forms", "games",
    ]  # fmt: skip
    compared = ["states", "steps", "converse", "invariants", "corrupted states", "games"]
    assert all(parts[p]["skipped"] is None and parts[p]["compared"] > 0 for p in compared)
    assert parts["canonical forms"]["skipped"] == "no-canonical"
    assert parts["wrong successors"]["skipped"] == "no-step-judge"
    code, data = _run(["conform", "classic", "--engine", "reference", "--scale", "none",
                       "--games", "1"], capsys)  # fmt: skip
    parts = {part["part"]: part for part in data["parts"]}
    assert parts["states"]["skipped"] == "no-scale" and parts["games"]["compared"] == 1
    assert parts["steps"]["skipped"] is None and parts["steps"]["compared"] > 0
    main(["conform", "classic", "--engine", "reference", "--scale", "none", "--games", "1"])
    text = capsys.readouterr().out
    assert "0 states" not in text and "the state comparison was not run" in text, text
    main(["conform", "classic", "--engine", "reference", "--scale", "none", "--games", "0"])
    text = capsys.readouterr().out
    assert "  steps, games: skipped: --games 0\n" in text, text  # a reason once, its parts


class CompulsoryPlay(ReferenceRules):
    """Offers no draw while a card can be played (RLCard's compulsory play)."""

    name = "compulsory-play"

    def legal(self, state: GameState) -> list[Action]:
        offered = super().legal(state)
        if any(isinstance(a, Play) for a in offered):
            return [a for a in offered if not isinstance(a, Draw)]
        return offered


def compulsory_play(edition: Edition, players: int) -> CompulsoryPlay:
    return CompulsoryPlay(edition, players)


def test_moves_not_offered_are_one_kind_whatever_move_is_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In the states and in the games (where the move played differs from game to game)
    a draw not offered is one kind each."""
    argv = ["conform", "classic", "--engine", f"{HERE}:compulsory_play", *STATES]
    code, every = _run([*argv, "--games", "2", "--all-differences"], capsys)
    kinds = [d["kind"] for d in every["differences"]]
    missing = "offered only by the engine [], only by the reference [draw]"
    assert code == 1 and kinds == [f"legal: {missing}", f"game: {missing}"], kinds
