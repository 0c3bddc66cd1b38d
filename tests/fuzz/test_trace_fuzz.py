"""Fuzzing traces for `replay`: mutated real traces give a result or one input error.

The traces start as real games recorded by `checks.random_play.record_game` and are mutated
as data (deleted and retyped keys, unknown actions and cards, a deck that is not the
edition's, steps after the game ended, huge and negative player numbers, reordered steps,
nesting) and as text (malformed JSON, nesting 100,000 deep, non-UTF-8 bytes). The only
acceptable outcomes are a `ReplayResult` (whose replayed states break no invariant), or
`InputError` with a one-line message; `unospec replay` exits 0 or 1 with nothing on stderr,
or 2 with one `unospec: error:` line, in agreement with the library.

The tests at the end pin the bugs these fuzzers found (each once a traceback or a broken
one-line message), now fixed.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from budget import examples, time_limit
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from scenario import edition

from unospec.checks.engines.random_play import record_game
from unospec.checks.engines.replay import ReplayResult, edition_for, replay
from unospec.cli import main
from unospec.editions import builtin_names
from unospec.model.errors import InputError
from unospec.model.trace import STEP_KEYS, parse_trace

NAMES = builtin_names()
LIMIT = 5.0  # seconds one replay may take


def _recorded(name: str, players: int, seed: int, max_steps: int) -> dict[str, Any]:
    trace = record_game(edition(name), players, seed, max_steps=max_steps).trace
    return trace.to_json()


BASES: list[dict[str, Any]] = [
    _recorded(name, 2 + i % 3, seed=i, max_steps=150) for i, name in enumerate(NAMES)
]
FINISHED = _recorded("express", 2, seed=1, max_steps=100_000)  # a whole game, to game over
CARD_IDS = sorted({card for name in NAMES for card in edition(name).faces.ids})

huge_ints = st.sampled_from([-1, 0, 1, 11, 1000, 2**31, 2**63, 10**30, -(10**30), 10**4000])
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), huge_ints, st.floats(), st.text(max_size=20)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
"""Any JSON value; integers stay below Python's 4300-digit conversion limit."""

edition_refs = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(["/tmp", "/nonexistent.toml", "../x.toml", "express.toml", "", ".", "/"]),
    st.text(max_size=40),
)
card_refs = st.one_of(
    st.sampled_from(CARD_IDS),
    st.sampled_from(["red-10", "purple-1", "wild-draw-six", "RED-1", " red-1", "red_1"]),
    st.text(max_size=12),
)


# --- the oracle ------------------------------------------------------------------------


def _strings(value: Any) -> list[str]:
    """Every key and string inside a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [*value, *(s for item in value.values() for s in _strings(item))]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def replay_outcome(text: str, path: Path, obj: Any) -> str:
    """Replay `text` as the library does: 'ok', 'illegal', or 'input error'."""
    path.write_text(text, encoding="utf-8")
    try:
        with time_limit(LIMIT):
            trace = parse_trace(text, str(path))
            result = replay(edition_for(trace, str(path), None), trace)
    except InputError as error:
        assert "\n" not in str(error) and "\r" not in str(error), str(error)
        assert str(error)
        return "input error"
    assert isinstance(result, ReplayResult)
    assert result.violation is None, result.violation
    if result.ok:
        assert result.first_illegal is None and result.steps == len(trace.steps)
        return "ok"
    illegal = result.first_illegal
    assert illegal is not None and illegal["rule"] and illegal["reason"]
    assert illegal["step"] == result.steps < len(trace.steps)
    return "illegal"


# --- mutations ---------------------------------------------------------------------------


def _step_index(obj: dict[str, Any], data: st.DataObject) -> int | None:
    steps = obj.get("steps")
    if not isinstance(steps, list) or not steps:
        return None
    return data.draw(st.integers(0, len(steps) - 1), label="step")


def _step(obj: dict[str, Any], data: st.DataObject) -> dict[str, Any] | None:
    i = _step_index(obj, data)
    step = obj["steps"][i] if i is not None else None
    return step if isinstance(step, dict) else None


def delete_key(obj: dict[str, Any], data: st.DataObject) -> None:
    step = _step(obj, data) if data.draw(st.booleans(), label="in a step") else None
    target = step if step else obj
    if target:
        del target[data.draw(st.sampled_from(sorted(target)), label="key")]


def retype_value(obj: dict[str, Any], data: st.DataObject) -> None:
    step = _step(obj, data) if data.draw(st.booleans(), label="in a step") else None
    target = step if step else obj
    if target:
        key = data.draw(st.sampled_from(sorted(target)), label="key")
        target[key] = data.draw(json_values, label="value")


def unknown_action(obj: dict[str, Any], data: st.DataObject) -> None:
    if step := _step(obj, data):
        near = ["Play", "discard", "draw ", "", "skip", "wild", *STEP_KEYS]
        step["action"] = data.draw(
            st.one_of(st.sampled_from(near), st.text(max_size=10)), label="action"
        )


def unknown_card(obj: dict[str, Any], data: st.DataObject) -> None:
    card = data.draw(card_refs, label="card")
    where = data.draw(st.sampled_from(["deck", "step card", "step order"]), label="where")
    deck = obj.get("deck")
    if where == "deck" and isinstance(deck, list) and deck:
        deck[data.draw(st.integers(0, len(deck) - 1), label="index")] = card
    elif (step := _step(obj, data)) is not None:
        if where == "step order" and isinstance(step.get("order"), list) and step["order"]:
            step["order"][data.draw(st.integers(0, len(step["order"]) - 1))] = card
        else:
            step["card"] = card


def wrong_deck(obj: dict[str, Any], data: st.DataObject) -> None:
    deck = obj.get("deck")
    if not isinstance(deck, list) or not deck:
        return
    how = data.draw(
        st.sampled_from(["drop", "duplicate", "swap", "empty", "reverse", "other edition"]),
        label="deck change",
    )
    i = data.draw(st.integers(0, len(deck) - 1), label="index")
    if how == "drop":
        del deck[i]
    elif how == "duplicate":
        deck.insert(i, deck[i])
    elif how == "swap":
        deck[i] = data.draw(st.sampled_from(CARD_IDS), label="card")
    elif how == "empty":
        deck.clear()
    elif how == "reverse":
        deck.reverse()  # still the edition's deck: a legal order, other hands
    else:
        obj["edition"] = data.draw(st.sampled_from(NAMES), label="edition")


def player_numbers(obj: dict[str, Any], data: st.DataObject) -> None:
    number = data.draw(st.one_of(huge_ints, st.integers()), label="number")
    step = _step(obj, data) if data.draw(st.booleans(), label="in a step") else None
    if step is None:
        obj["players"] = number
    else:
        key = "target" if "target" in step and data.draw(st.booleans()) else "player"
        step[key] = number


def reorder_steps(obj: dict[str, Any], data: st.DataObject) -> None:
    steps = obj.get("steps")
    if not isinstance(steps, list) or len(steps) < 2:
        return
    i = data.draw(st.integers(0, len(steps) - 1), label="step")
    j = data.draw(st.integers(0, len(steps) - 1), label="other step")
    how = data.draw(st.sampled_from(["swap", "drop", "repeat", "cut"]), label="how")
    if how == "swap":
        steps[i], steps[j] = steps[j], steps[i]
    elif how == "drop":
        del steps[i]
    elif how == "repeat":
        steps.insert(j, copy.deepcopy(steps[i]))
    else:
        del steps[i:]


def after_the_end(obj: dict[str, Any], data: st.DataObject) -> None:
    obj.clear()
    obj.update(copy.deepcopy(FINISHED))
    for _ in range(data.draw(st.integers(1, 3), label="extra steps")):
        extra = data.draw(
            st.one_of(
                st.sampled_from(FINISHED["steps"]),
                st.fixed_dictionaries(
                    {"player": st.integers(-1, 3), "action": st.sampled_from(sorted(STEP_KEYS))}
                ),
            ),
            label="extra step",
        )
        obj["steps"].append(copy.deepcopy(extra))


def nest(obj: dict[str, Any], data: st.DataObject) -> None:
    key = data.draw(st.sampled_from(sorted(obj) or ["steps"]), label="key")
    value = obj.get(key)
    for _ in range(data.draw(st.integers(1, 50), label="depth")):
        value = data.draw(st.sampled_from([[value], {"x": value}]), label="wrapper")
    obj[key] = value


def add_key(obj: dict[str, Any], data: st.DataObject) -> None:
    step = _step(obj, data) if data.draw(st.booleans(), label="in a step") else None
    target = step if step is not None else obj
    key = data.draw(
        st.one_of(st.sampled_from(["scale", "options", "color", "seed", "x"]), st.text(max_size=8)),
        label="key",
    )
    target[key] = data.draw(
        st.one_of(st.sampled_from(["micro", "pair", "bogus", "red"]), json_values), label="value"
    )


def change_edition(obj: dict[str, Any], data: st.DataObject) -> None:
    obj["edition"] = data.draw(edition_refs, label="edition")


MUTATIONS = (
    delete_key,
    retype_value,
    unknown_action,
    unknown_card,
    wrong_deck,
    player_numbers,
    reorder_steps,
    reorder_steps,  # twice: well-formed traces with an illegal step are the subtle case
    after_the_end,
    after_the_end,
    nest,
    add_key,
    change_edition,
)
"""The mutations, each drawn about equally often (two of them twice as often)."""


def mutated_trace(data: st.DataObject) -> dict[str, Any]:
    """A recorded trace after one or two mutations."""
    obj = copy.deepcopy(data.draw(st.sampled_from(BASES), label="base trace"))
    for _ in range(data.draw(st.integers(1, 2), label="mutations")):
        mutation = data.draw(st.sampled_from(MUTATIONS), label="mutation")
        event(f"mutation: {mutation.__name__}")
        mutation(obj, data)
    return obj


def corrupt_text(text: str, data: st.DataObject) -> str:
    """Sometimes break the JSON text itself: cut it, insert junk, or nest it deeply."""
    how = data.draw(
        st.sampled_from(["keep"] * 8 + ["cut", "insert", "deep", "replace"]),
        label="text change",
    )
    event(f"text: {how}")
    if how == "cut":
        return text[: data.draw(st.integers(0, len(text)), label="length")]
    if how == "insert":
        at = data.draw(st.integers(0, len(text)), label="at")
        return text[:at] + data.draw(st.text(min_size=1, max_size=5), label="junk") + text[at:]
    if how == "deep":
        depth = data.draw(st.sampled_from([100, 1000, 100_000]), label="depth")
        return text.replace('"steps": ', '"steps": ' + "[" * depth, 1) + "]" * depth
    if how == "replace":
        return data.draw(
            st.sampled_from(["", "null", "[]", "{}", '"trace"', "NaN", "{", "1e999", "\ufeff{}"]),
            label="whole text",
        )
    return text


# --- the fuzzers -------------------------------------------------------------------------

FUZZ = settings(
    max_examples=examples(ci=300, nightly=10_000),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("trace-fuzz")


@FUZZ
@given(data=st.data())
@pytest.mark.slow
def test_mutated_traces_replay_or_fail_with_one_line(workdir: Path, data: st.DataObject) -> None:
    """A mutated trace replays to a result that breaks no invariant, or is one InputError."""
    obj = mutated_trace(data)
    text = corrupt_text(json.dumps(obj), data)
    event(f"outcome: {replay_outcome(text, workdir / 'trace.json', obj)}")


@settings(
    FUZZ,
    max_examples=examples(ci=100, nightly=10_000),
    suppress_health_check=[*FUZZ.suppress_health_check, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
@pytest.mark.slow
def test_cli_replay_exit_codes_agree_with_the_library(
    workdir: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    """`unospec replay` exits 0 (ok), 1 (illegal) or 2 (one error line), as the library says."""
    obj = mutated_trace(data)
    text = corrupt_text(json.dumps(obj), data)
    expected = {"ok": 0, "illegal": 1, "input error": 2}[
        replay_outcome(text, workdir / "library.json", obj)
    ]
    path = workdir / "cli.json"
    raw = text.encode()
    if data.draw(st.booleans(), label="non-UTF-8"):
        at = data.draw(st.integers(0, len(raw)), label="at")
        raw = raw[:at] + data.draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) + raw[at:]
        expected = 2
    path.write_bytes(raw)
    capsys.readouterr()
    with time_limit(LIMIT):
        code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code == expected
    if code == 2:
        assert out == "" and err.startswith("unospec: error: ")
        assert err.endswith("\n") and err.count("\n") == 1, err
    else:
        assert err == "" and out


def test_every_base_trace_replays_cleanly() -> None:
    """The unmutated traces the fuzzers start from replay to the end without a fault."""
    for obj in [*BASES, FINISHED]:
        trace = parse_trace(json.dumps(obj))
        result = replay(edition_for(trace, None, None), trace)
        assert result.ok and result.steps == len(obj["steps"])
    assert replay(edition("express"), parse_trace(json.dumps(FINISHED))).phase == "game_over"


def test_a_step_after_the_game_ended_is_illegal() -> None:
    """A step after game over stops the replay at that step with a rule (exit 1, not 2)."""
    obj = copy.deepcopy(FINISHED)
    obj["steps"].append({"player": 0, "action": "draw"})
    trace = parse_trace(json.dumps(obj))
    result = replay(edition_for(trace, None, None), trace)
    assert not result.ok and result.first_illegal is not None
    assert result.first_illegal["step"] == len(obj["steps"]) - 1
    assert result.first_illegal["rule"]


def test_json_nested_a_hundred_thousand_deep_is_one_input_error(tmp_path: Path) -> None:
    """Steps nested 100,000 arrays deep are one InputError, quickly."""
    text = '{"edition": "express", "players": 2, "deck": [], "steps": ' + "[" * 100_000
    text += "]" * 100_000 + "}"
    with pytest.raises(InputError), time_limit(LIMIT):
        parse_trace(text)


# --- bugs found: pinned until fixed --------------------------------------------------------


def _cli_replay(path: Path, obj_or_text: Any, capsys: pytest.CaptureFixture[str]) -> str:
    """Run `unospec replay` on the trace; return stderr, which must be one error line."""
    text = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text)
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("unospec: error: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("ref", ["x\x00.toml", "\ud800.toml", "x/\ud800"])
def test_an_edition_path_the_os_cannot_represent_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ref: str
) -> None:
    """A trace whose edition holds a NUL byte or a lone surrogate gives one error line."""
    _cli_replay(tmp_path / "t.json", {**BASES[0], "edition": ref}, capsys)


def test_an_edition_name_too_long_for_a_file_name_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trace whose edition is 300 letters long is refused with one error line (exit 2)."""
    _cli_replay(tmp_path / "t.json", {**BASES[0], "edition": "a" * 300}, capsys)


def test_an_integer_too_long_to_convert_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`"players": <5000 digits>` is refused with one error line (exit 2)."""
    text = json.dumps(BASES[0]).replace('"players": ', '"players": ' + "9" * 5000 + ', "x": ', 1)
    _cli_replay(tmp_path / "t.json", text, capsys)


def test_an_action_that_is_an_array_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A step `{"action": ["play"], ...}` is refused with one error line (exit 2)."""
    obj = copy.deepcopy(BASES[0])
    obj["steps"][0]["action"] = ["play"]
    _cli_replay(tmp_path / "t.json", obj, capsys)


def test_an_unknown_key_with_a_line_break_gives_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trace with the top-level key "a\\nb" is refused with exactly one error line."""
    _cli_replay(tmp_path / "t.json", {**BASES[0], "a\nb": 1}, capsys)
