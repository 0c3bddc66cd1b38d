"""Tests for the trace format: `parse_trace`, `step_action`, `action_step` and `deck_faces`."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from scenario import edition

from unospec.checks.engines.random_play import record_game
from unospec.checks.engines.replay import replay
from unospec.model.errors import InputError
from unospec.model.trace import action_step, parse_trace, step_action

GAMES = [("express", 2, 0), ("express", 3, 1), ("express", 5, 2), ("nfl-cowboys", 2, 3)]
GAMES += [("nfl-cowboys", 4, 4)]


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_trace_json_round_trip(name: str, players: int, seed: int) -> None:
    """A recorded game's trace, written as JSON text and parsed back, is the same trace."""
    trace, final, _, _ = record_game(edition(name), players, seed)
    assert final.phase == "game_over"
    assert trace.steps, "a whole game has steps"
    back = parse_trace(json.dumps(trace.to_json()))
    assert back.steps == trace.steps
    assert (back.edition, back.players, back.deck, back.foil) == (
        trace.edition,
        trace.players,
        trace.deck,
        trace.foil,
    )
    assert back == trace


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_step_action_inverts_action_step(name: str, players: int, seed: int) -> None:
    """Every action of a recorded game, written as a trace step and read back, is itself."""
    e = edition(name)
    history = record_game(e, players, seed).history
    kinds = set()
    for _, action, _ in history:
        step = action_step(e, action)
        kinds.add(step["action"])
        assert step_action(e, json.loads(json.dumps(step)), "x") == action
    assert {"deal", "play", "draw"} <= kinds


def _base(**changes: Any) -> dict[str, Any]:
    """A well-formed express trace with no steps, with `changes` applied."""
    e = edition("express")
    data: dict[str, Any] = {
        "edition": "express",
        "players": 2,
        "options": {"foil": False},
        "deck": [e.faces.card_id(c) for c in e.faces.in_play],
        "steps": [],
    }
    data.update(changes)
    return data


def _replace_card(old: str, new: str) -> list[str]:
    deck = list(_base()["deck"])
    deck[deck.index(old)] = new
    return deck


def test_base_trace_is_well_formed() -> None:
    """The base trace the malformed cases start from replays cleanly (zero steps)."""
    result = replay(edition("express"), parse_trace(json.dumps(_base())))
    assert result.ok
    assert result.steps == 0


PARSE_ERRORS = [
    pytest.param("{", "trace:1: expected JSON", id="not-json"),
    pytest.param("[1, 2]", "trace: expected a JSON object, found list", id="not-an-object"),
    pytest.param(
        json.dumps({k: v for k, v in _base().items() if k != "edition"}),
        "trace:1: edition: expected an edition name",
        id="missing-edition",
    ),
    pytest.param(
        json.dumps(_base(players="2")),
        'trace:1: players: expected an integer, found "2"',
        id="players-a-string",
    ),
    pytest.param(
        json.dumps(_base(players=2.5)),
        "trace:1: players: expected an integer, found 2.5",
        id="players-a-float",
    ),
    pytest.param(
        json.dumps(_base(options={"foil": "no"})),
        'trace:1: options.foil: expected true or false, found "no"',
        id="foil-not-boolean",
    ),
    pytest.param(
        json.dumps({k: v for k, v in _base().items() if k != "deck"}),
        "trace:1: deck: expected an array of card ids, found nothing",  # it said null
        id="missing-deck",
    ),
    pytest.param(  # Python's message named sys.set_int_max_str_digits, no help to a user
        '{"edition": "express", "players": ' + "9" * 5000 + "}",
        "trace: expected JSON, found an integer of more than 4300 digits",
        id="integer-too-long-to-convert",
    ),
    # the keys kept but not played have the shapes unospec writes (README: the trace format)
    pytest.param(
        json.dumps(_base(comment=["a", "list"])),
        'trace:1: comment: expected text, found ["a", "list"]',
        id="comment-not-text",
    ),
    pytest.param(
        json.dumps(_base(seed="7")),
        'trace:1: seed: expected an integer, found "7"',
        id="seed-a-string",
    ),
    pytest.param(
        json.dumps(_base(seed=True)),
        "trace:1: seed: expected an integer, found true",
        id="seed-a-boolean",
    ),
    pytest.param(
        json.dumps(_base(violation="cards-conserved")),
        'trace:1: violation: expected {"invariant": ..., "message": ...}, found "cards-conse',
        id="violation-not-an-object",
    ),
    pytest.param(
        json.dumps(_base(violation={"invariant": "cards-conserved"})),
        'trace:1: violation: expected {"invariant": ..., "message": ...}',
        id="violation-without-message",
    ),
    pytest.param(
        json.dumps(_base(violation={"invariant": 3, "message": "m"})),
        "trace:1: violation.invariant: expected text, found 3",
        id="violation-invariant-not-text",
    ),
]


def test_the_kept_keys_as_unospec_writes_them_are_read() -> None:
    """`comment`, `seed` and `violation` in the shapes `play --trace-out` and `explore`
    write them are kept, not played."""
    kept = {
        "comment": "why",
        "seed": 12,
        "violation": {"invariant": "cards-conserved", "message": "a card twice"},
    }
    trace = parse_trace(json.dumps(_base(**kept)))
    assert trace.extra == kept
    assert replay(edition("express"), trace).recorded == kept["violation"]


@pytest.mark.parametrize(("text", "message"), PARSE_ERRORS)
def test_parse_trace_rejects_malformed_text(text: str, message: str) -> None:
    """A malformed trace document raises InputError naming the place that is wrong."""
    with pytest.raises(InputError, match="^" + re.escape(message)):
        parse_trace(text)


def test_parse_trace_names_the_file() -> None:
    """The place in a parse error starts with the name the caller gave the text."""
    with pytest.raises(InputError, match=r"^game\.json:1: expected JSON"):
        parse_trace("not json", "game.json")


DRAW = {"player": 0, "action": "draw"}

REPLAY_ERRORS = [
    pytest.param(
        _base(options={"foil": True}),
        "options.foil: expected false, as express has no foil card, found true",
        id="foil-without-a-foil-card",
    ),
    pytest.param(  # the error quotes it, cut to its ends and length
        _base(players=10**300),
        "players: expected 2 to 10 for express, found 100000...000 (301 digits)",
        id="players-with-300-digits",
    ),
    pytest.param(
        _base(deck=_replace_card("red-5", "purple-5")),
        'deck[4]: expected a card of express\'s deck, found "purple-5"',
        id="unknown-card",
    ),
    pytest.param(
        _base(deck=_replace_card("red-5", "wild-hail-mary")),
        'deck[4]: expected a card of express\'s deck, found "wild-hail-mary"',
        id="card-of-another-edition",
    ),
    pytest.param(
        _base(deck=_base()["deck"][1:]),
        "deck: expected an order of the 56 cards in play of express",
        id="card-missing",
    ),
    pytest.param(
        _base(deck=[*_base()["deck"][1:], "red-2"]),
        "deck: expected an order of the 56 cards in play of express",
        id="card-duplicated",
    ),
    pytest.param(
        _base(steps=[DRAW, {"player": 1, "action": "fly"}]),
        "steps[1].action: expected one of play, jump_in, draw, pass, challenge, accept, uno, "
        'catch, keep, loser, pick, reshuffle, deal, found "fly"',
        id="unknown-action",
    ),
    pytest.param(
        _base(steps=[{"action": "draw"}]),
        "steps[0].player: expected a value, found nothing",
        id="missing-player",
    ),
    pytest.param(
        _base(steps=[DRAW, {"player": 1, "action": "draw", "loudly": True}]),
        'steps[1].loudly: expected only player in a draw step, found "loudly"',
        id="extra-key",
    ),
    pytest.param(
        _base(steps=[{"player": 0, "action": "play", "card": "wild", "color": "purple"}]),
        'steps[0].color: expected one of red, yellow, green, blue, found "purple"',
        id="color-purple",
    ),
    pytest.param(
        _base(steps=[{"player": 0, "action": "play", "card": "purple-5"}]),
        'steps[0].card: expected a card of express\'s deck, found "purple-5"',
        id="step-unknown-card",
    ),
    pytest.param(
        _base(steps=[{"player": "0", "action": "draw"}]),
        'steps[0].player: expected a player number, found "0"',
        id="player-a-string",
    ),
]


@pytest.mark.parametrize(("data", "message"), REPLAY_ERRORS)
def test_replay_rejects_malformed_trace(data: dict[str, Any], message: str) -> None:
    """A trace whose deck or steps are malformed raises InputError naming the place."""
    trace = parse_trace(json.dumps(data))
    with pytest.raises(InputError, match="^" + re.escape(message)):
        replay(edition("express"), trace)


def test_a_missing_key_is_placed_on_the_line_of_the_object_that_lacks_it() -> None:
    """Every content error says FILE:LINE (the error format): a key that is not there has
    no line of its own, so the line is that of the object that lacks it (it named none)."""
    head = json.dumps({k: v for k, v in _base().items() if k != "steps"})[:-1]
    text = head + ',\n "steps": [\n  {"player": 0, "action": "draw"},\n  {"action": "draw"}\n ]\n}'
    trace = parse_trace(text, "game.json", keep_source=True)
    with pytest.raises(InputError) as missing:
        replay(edition("express"), trace)
    assert str(missing.value) == "game.json:4: steps[1].player: expected a value, found nothing"
    without_players = text.replace('"players": 2, ', "")
    with pytest.raises(InputError, match=r"^game\.json:1: players: expected an integer"):
        parse_trace(without_players, "game.json")
