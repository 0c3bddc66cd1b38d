"""Traces in ITF, the Informal Trace Format of Apalache and Quint (issue 37): `--trace-format
itf` on explore, conform, diff and play, and `replay` reading them back, held to the states
they record."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import itf_py
import pytest
from scenario import edition_file

from unospec.checks.engines.replay import edition_for, replay
from unospec.checks.engines.simulate import record_game
from unospec.cli import main
from unospec.editions import load_edition
from unospec.model import legality
from unospec.model.itf import itf_json, itf_text, itf_trace
from unospec.model.itf_state import STATE_VARIABLES
from unospec.model.trace import read_trace

Capture = pytest.CaptureFixture[str]

GAPPED_SCALE = "micro,hand=3,copies=2"
"""Hands of three: the gap (a wild without points, Keeping Score) is met three steps in."""


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replayed(capsys: Capture, trace: Path, *more: str) -> tuple[int, dict[str, Any]]:
    code, out, err = run(capsys, "replay", str(trace), *more, "--format", "json")
    assert code in (0, 1), err
    return code, json.loads(out)


def one_error_line(capsys: Capture, *argv: str) -> str:
    """Exit 2, nothing on stdout, one `unospec: error:` line on stderr."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("unospec: error: "), err
    assert "Traceback" not in err
    return err.strip()


@pytest.fixture
def counterexamples(tmp_path: Path, capsys: Capture) -> tuple[Path, Path]:
    """The same counterexample written by `explore` in each format: Express whose wild is
    worth nothing (Keeping Score), met after three plays."""
    gapped = edition_file(tmp_path, "express", "pointless-wild", ("wild = 50\n", ""))
    written = []
    for trace_format in ("unospec", "itf"):
        out = tmp_path / trace_format
        argv = ["explore", str(gapped), "--scale", GAPPED_SCALE, "--out", str(out)]
        code, text, err = run(capsys, *argv, "--trace-format", trace_format)
        assert code == 1 and not err, err
        [trace] = [line.split()[-1] for line in text.splitlines() if ".json" in line]
        written.append(Path(trace))
    own, itf = written
    assert own.name == "pointless-wild-rules-give-an-outcome.json"
    assert itf.name == "pointless-wild-rules-give-an-outcome.itf.json"
    return own, itf


def test_an_explored_counterexample_replays_alike_from_either_format(
    counterexamples: tuple[Path, Path], capsys: Capture
) -> None:
    """The ITF file replays to the verdict of the own format's, at the same step, with every
    state it records held to the reference's and found equal."""
    own, itf = counterexamples
    code, mine = replayed(capsys, own)
    assert code == 1 and mine["violation"]["invariant"] == "rules-give-an-outcome"
    assert mine["steps"] == 3 and mine["violation"]["step"] == 2
    assert "recorded_states" not in mine  # the own format's JSON is as it was
    code_itf, theirs = replayed(capsys, itf)
    assert code_itf == code
    assert theirs.pop("recorded_states") == {"compared": 4, "difference": None}
    assert theirs == mine
    _, text, _ = run(capsys, "replay", str(itf))
    assert "NO OUTCOME at step 2: " in text and "4 recorded states compared" in text


def test_an_itf_file_is_what_itf_py_reads(counterexamples: tuple[Path, Path]) -> None:
    """itf-py, the library of Apalache's authors, reads the file back: `#meta` has what the
    own format records, a variable per field of the state and the action, and each state
    the step that reached it."""
    own, itf = counterexamples
    data = json.loads(itf.read_text())
    trace = itf_py.trace_from_json(data)
    game = json.loads(own.read_text())
    assert trace.meta["format"] == "ITF"
    assert {key: trace.meta[key] for key in game if key != "steps"} == {
        key: value for key, value in game.items() if key != "steps"
    }
    assert trace.vars == [*STATE_VARIABLES, "action", "mbt::actionTaken"]
    assert len(trace.states) == len(game["steps"]) + 1
    first = trace.states[0].values
    assert type(first["action"]).__name__ == "Init" and first["mbt::actionTaken"] == "init"
    dealt = game["deck"]  # dealt one card at a time, then the first card turned up
    assert [sorted(hand) for hand in first["hands"]] == [sorted(dealt[0:6:2]), sorted(dealt[1:6:2])]
    assert first["discard"] == [dealt[6]] and first["phase"] == "awaiting_play"
    for state, step in zip(trace.states[1:], game["steps"], strict=True):
        action = state.values["action"]
        assert type(action).__name__ == "Play" and state.values["mbt::actionTaken"] == "play"
        assert action._asdict() == {k: v for k, v in step.items() if k != "action"}
    last = trace.states[-1].values
    assert last["phase"] == "uno_window" and last["window"] == 0
    assert all(isinstance(n, int) for n in last["scores"])
    assert all(variable in data["states"][0] for variable in data["vars"])
    assert data["states"][0]["current"] == {"#bigint": "0"}  # ITF's integers


def test_a_state_changed_in_an_itf_file_is_a_difference_at_its_step(
    counterexamples: tuple[Path, Path], capsys: Capture
) -> None:
    """A recorded state edited by hand is not the reference's: replay stops there, exit 1,
    naming the step, the state, the place in it and both values; at state 0, the deal."""
    _, itf = counterexamples
    data = json.loads(itf.read_text())
    data["states"][2]["current"] = {"#bigint": "1"}
    itf.write_text(json.dumps(data))
    code, result = replayed(capsys, itf)
    assert code == 1 and result["ok"] is False
    assert result["steps"] == 2 and result["violation"] is None
    assert result["recorded_states"] == {
        "compared": 3,
        "difference": {
            "step": 1, "state": 2, "path": "current", "recorded": 1, "reference": 0
        },
    }  # fmt: skip
    _, text, _ = run(capsys, "replay", str(itf))
    assert (
        "DIFFERENT state after step 1 (states[2]): current: the trace records 1, the rules give 0"
    ) in text.splitlines()
    data = json.loads(itf.read_text())
    data["states"][2]["current"] = {"#bigint": "0"}
    hands = data["states"][0]["hands"]
    hands[1][0], hands[0][0] = hands[0][0], hands[1][0]
    itf.write_text(json.dumps(data))
    code, result = replayed(capsys, itf)
    assert code == 1 and result["steps"] == 0
    assert result["recorded_states"]["difference"]["path"] == "hands[0][0]"
    _, text, _ = run(capsys, "replay", str(itf))
    assert "DIFFERENT state after the deal (states[0]): hands[0][0]: " in text


def test_integers_and_sets_compare_as_values(
    counterexamples: tuple[Path, Path], capsys: Capture
) -> None:
    """ITF writes an integer as a JSON number or as {"#bigint": ...}; either is the same."""
    _, itf = counterexamples
    data = json.loads(itf.read_text())
    for state in data["states"]:
        state["current"] = int(state["current"]["#bigint"])
    itf.write_text(json.dumps(data))
    code, result = replayed(capsys, itf)
    assert code == 1 and result["recorded_states"] == {"compared": 4, "difference": None}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(
            lambda d: d["states"][2].update(current={"#bigint": "one"}),
            'states[2].current: expected {"#bigint": "<digits>"}, found {"#bigint": "one"}',
            id="bigint",
        ),
        pytest.param(
            lambda d: d["states"][1]["action"].update(tag="play"),
            "states[1].action.tag: expected one of Init, Play, JumpIn, Draw, Pass, ",
            id="tag",
        ),
        pytest.param(
            lambda d: d["states"][1]["action"]["value"].update(card="purple-5"),
            "states[1].action.value.card: expected a card of pointless-wild's deck, "
            'found "purple-5"',
            id="card",
        ),
        pytest.param(
            lambda d: d["#meta"].pop("players"),
            "#meta.players: expected an integer, found nothing",
            id="players",
        ),
        pytest.param(
            lambda d: d["states"][3].pop("hands"),
            "states[3].hands: expected a value, found nothing",
            id="variable",
        ),
        pytest.param(
            lambda d: d["states"][3].update({"mbt::actionTaken": "draw"}),
            'states[3].mbt::actionTaken: expected "play", as the action\'s tag says, found "draw"',
            id="action-taken",
        ),
        pytest.param(
            lambda d: d.update(states={}),
            "states: expected an array of states, the first as dealt, found {}",
            id="states",
        ),
    ],
)
def test_a_malformed_itf_file_is_one_error_line_naming_its_place(
    change: Any, expected: str, counterexamples: tuple[Path, Path], capsys: Capture
) -> None:
    """Exit 2 with FILE:LINE: place: expected ..., found ..., as for the own format; the
    line is the one the value is on (one line per state, as unospec writes them)."""
    _, itf = counterexamples
    data = json.loads(itf.read_text())
    change(data)
    states = data.get("states")
    if isinstance(states, list):  # laid out as unospec lays it out: one state a line
        body = ",\n".join(json.dumps(state) for state in states)
        meta = json.dumps(data["#meta"])
        text = f'{{"#meta": {meta},\n"vars": {json.dumps(data["vars"])},\n"states": [\n{body}]}}'
    else:
        text = json.dumps(data)
    itf.write_text(text)
    err = one_error_line(capsys, "replay", str(itf))
    where, _, said = err.removeprefix("unospec: error: ").partition(": ")
    assert said.startswith(expected), err
    assert where.startswith(str(itf))
    if isinstance(states, list) and said.startswith("states["):
        index = int(said.removeprefix("states[").split("]")[0])
        assert where == f"{itf}:{index + 4}"  # the line of that state


def test_the_format_is_told_by_content_not_by_name(
    counterexamples: tuple[Path, Path], capsys: Capture
) -> None:
    own, itf = counterexamples
    swapped_own = own.with_name("own.itf.json")
    swapped_itf = itf.with_name("theirs.json")
    swapped_own.write_text(own.read_text())
    swapped_itf.write_text(itf.read_text())
    assert "recorded_states" not in replayed(capsys, swapped_own)[1]
    assert "recorded_states" in replayed(capsys, swapped_itf)[1]


def test_a_conform_difference_written_as_itf_replays_to_the_refused_step(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: Capture
) -> None:
    """The engine parts from a reference that lets anyone play: its trace in ITF records the
    states up to there, and replay (with the rules restored) refuses the last step, as it does
    the own format's; a refused step's state repeats the one before it."""
    monkeypatch.setattr(legality, "_check_player", lambda game, player, expected, doing: None)
    argv = ["conform", "express", "--max-states", "2000", "--games", "0"]
    files = {}
    for trace_format in ("unospec", "itf"):
        files[trace_format] = tmp_path / f"differs-{trace_format}.json"
        more = ("--trace-out", str(files[trace_format]), "--trace-format", trace_format)
        code, out, err = run(capsys, *argv, *more, "--format", "json")
        assert code == 1, err
        assert json.loads(out)["written"] == str(files[trace_format])
    monkeypatch.undo()
    code, mine = replayed(capsys, files["unospec"])
    code_itf, theirs = replayed(capsys, files["itf"])
    assert code == code_itf == 1 and mine["first_illegal"]["step"] >= 0
    steps = mine["first_illegal"]["step"]
    assert theirs.pop("recorded_states") == {"compared": steps + 1, "difference": None}
    assert theirs == mine
    assert len(json.loads(files["itf"].read_text())["states"]) == steps + 2


def test_a_step_the_rules_refuse_leaves_the_recorded_table_as_it_was(
    counterexamples: tuple[Path, Path],
) -> None:
    """ITF has a state for every step; one the rules refuse (here a play out of turn) or
    give no outcome repeats the table before it, as does every state after it."""
    own, _ = counterexamples
    trace = read_trace(str(own))
    wrong = {"player": 1, "action": "play", "card": "wild"}  # player 0 is to move
    late = {"player": 0, "action": "draw"}
    trace = dataclasses.replace(trace, steps=(*trace.steps, wrong, late))  # type: ignore[arg-type]
    states = itf_json(edition_for(trace, str(own), None), trace)["states"]
    assert len(states) == len(trace.steps) + 1
    tables = [{k: v for k, v in s.items() if k in STATE_VARIABLES} for s in states]
    assert tables[-1] == tables[-2] == tables[-3] != tables[-4]
    assert [s["mbt::actionTaken"] for s in states[-2:]] == ["play", "draw"]
    assert states[-2]["action"] == {
        "tag": "Play", "value": {"player": {"#bigint": "1"}, "card": "wild"}
    }  # fmt: skip


def test_a_diff_trace_in_itf_replays_on_its_edition_and_parts_on_the_other(
    tmp_path: Path, capsys: Capture
) -> None:
    """The distinguishing trace replays on the edition it names, every state as recorded;
    on the other edition replay says where the two part: the first state that differs."""
    trace = tmp_path / "parted.json"
    argv = ("diff", "classic", "express", "--scale", "micro", "--trace-out", str(trace))
    code, _, err = run(capsys, *argv, "--trace-format", "itf")
    assert code == 1, err
    code, result = replayed(capsys, trace)
    assert code == 0 and result["edition"] == "classic"
    assert result["recorded_states"]["difference"] is None
    code, result = replayed(capsys, trace, "--edition", "express")
    assert code == 1 and result["first_illegal"] is None and result["violation"] is None
    assert result["recorded_states"]["difference"]["step"] == result["steps"] - 1


def test_a_played_game_in_itf_replays_and_the_own_format_is_unchanged(
    tmp_path: Path, capsys: Capture
) -> None:
    """`play --trace-out` in either format: the same game; the own format's file is what
    `play --format json` prints as its trace (which the golden files pin)."""
    own, itf = tmp_path / "game.json", tmp_path / "game.itf.json"
    argv = ("play", "express", "--players", "3", "--seed", "1")
    code, out, _ = run(capsys, *argv, "--trace-out", str(own), "--format", "json")
    printed = json.loads(out)["trace"]
    assert json.loads(own.read_text()) == printed
    assert own.read_text() == json.dumps(printed, indent=1) + "\n"
    assert run(capsys, *argv, "--trace-out", str(itf), "--trace-format", "itf")[0] == code
    code_own, mine = replayed(capsys, own)
    code_itf, theirs = replayed(capsys, itf)
    held = theirs.pop("recorded_states")
    assert code_own == code_itf == 0 and theirs == mine
    assert held == {"compared": len(printed["steps"]) + 1, "difference": None}
    assert json.loads(itf.read_text())["#meta"]["seed"] == 1


def test_an_itf_format_without_a_trace_out_is_refused(capsys: Capture) -> None:
    """`--trace-format itf` says how `--trace-out` is written: alone it would do nothing."""
    for argv in (
        ["play", "express", "--trace-format", "itf"],
        ["diff", "classic", "express", "--trace-format", "itf"],
    ):
        err = one_error_line(capsys, *argv)
        assert err == "unospec: error: --trace-format itf: expected --trace-out FILE with it"
    err = one_error_line(capsys, "play", "express", "--trace-format", "json")
    assert "expected one of unospec, itf, found 'json'" in err


def test_replaying_an_itf_file_does_not_import_numba(counterexamples: tuple[Path, Path]) -> None:
    """Replay runs no engine: reading and checking an ITF file loads no compiled code."""
    _, itf = counterexamples
    probe = (
        "import sys\n"
        "from unospec.cli import main\n"
        f"main(['replay', {str(itf)!r}])\n"
        "print('numba' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.stderr.strip().splitlines()[-1] == "False", done.stderr[-2000:]


@pytest.mark.parametrize("name", ["express", "classic-stacking", "no-mercy"])
def test_a_whole_game_round_trips_with_draws_challenges_and_seats_out(name: str) -> None:
    """A random game written as ITF and read back replays with every state as recorded:
    draws owed (`Owed`), Wild Draw challenges (`Pending`), No Mercy's seats out (a set)."""
    edition = load_edition(name)
    trace = record_game(edition, edition.rules.min_players + 1, 2, engine="reference").trace
    text = itf_text(edition, trace)
    read = itf_trace(json.loads(text), "game.itf.json", text)
    assert read.steps == trace.steps and read.deck == trace.deck
    result = replay(edition, read)
    assert result.ok and result.steps == len(trace.steps)
    assert result.recorded_states == {"compared": len(trace.steps) + 1, "difference": None}
    states = json.loads(text)["states"]
    kinds = {(s["owed"]["tag"], s["challenge"]["tag"]) for s in states}
    assert ("Owed", "NoChallenge") in kinds
    if name != "no-mercy":  # its Wild Draw cards are not challenged
        assert ("NothingOwed", "Pending") in kinds
    else:
        assert any(s["out"]["#set"] for s in states)
    owed = next(s["owed"]["value"] for s in states if s["owed"]["tag"] == "Owed")
    assert list(owed) == ["player", "amount", "then", "until", "stackable"]
