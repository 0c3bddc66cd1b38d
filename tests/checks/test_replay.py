"""Tests for `unospec.checks.engines.replay` and the `unospec replay` command.

The hand-made traces are on UNO Express (seed 003) with two players and a deck order built so
the hands are known: cards are dealt one at a time from the top, player 0 first (Set Up 2),
then the next card is turned up (Set Up 4) and the rest is the draw pile, top first.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from scenario import edition, edition_file

from unospec.checks.engines.random_play import record_game
from unospec.checks.engines.replay import edition_for, replay
from unospec.cli import main
from unospec.editions import builtin_names, load_edition
from unospec.model.errors import InputError
from unospec.model.trace import parse_trace, read_trace

# Section names as the kernel cites them (see model/sections.py and spec/express.toml).
TURN = "Let's Play"
MATCHING = "Let's Play 1"
DRAWN_CARD = "Let's Play: If you do not have a matching card 1"
RESHUFFLE = "Let's Play: NOTE"
UNO = "Calling UNO"
WINNING = "Winning"
WILD = "Action Cards: Wild"


def express_deck(hands: Sequence[Sequence[str]], first: str, draw: Sequence[str] = ()) -> list[str]:
    """An express deck order that deals `hands`, turns up `first`, then draws `draw` first."""
    e = edition("express")
    size = e.rules.hand_size
    assert all(len(hand) == size for hand in hands)
    n = len(hands)
    order = [hands[i % n][i // n] for i in range(size * n)] + [first, *draw]
    rest = Counter(e.faces.card_id(c) for c in e.faces.in_play)
    rest.subtract(order)
    assert all(count >= 0 for count in rest.values()), "a card named more often than dealt"
    return order + sorted(rest.elements())


def express_trace(deck: list[str], steps: list[dict[str, Any]], players: int = 2) -> dict:
    return {
        "edition": "express",
        "players": players,
        "options": {"foil": False},
        "deck": deck,
        "steps": steps,
    }


def run_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict) -> tuple[int, dict]:
    """Replay `data` through `unospec replay --format json`: the exit code and the report."""
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path), "--format", "json"])
    captured = capsys.readouterr()
    assert captured.err == ""
    return code, json.loads(captured.out)


def play(player: int, card: str, color: str | None = None) -> dict[str, Any]:
    step: dict[str, Any] = {"player": player, "action": "play", "card": card}
    if color is not None:
        step["color"] = color
    return step


def act(player: int, action: str, **more: Any) -> dict[str, Any]:
    return {"player": player, "action": action, **more}


# --- (a) every random game replays -------------------------------------------------------

GAMES = [(players, seed) for seed, players in enumerate((2, 3, 4, 5))]


@pytest.mark.parametrize("name", builtin_names())
@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_random_game_replays(
    name: str, players: int, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every game the random players record replays legally to its end, in the library and
    through the CLI (exit 0)."""
    e = edition(name)
    trace, final, _, _ = record_game(e, players, seed)
    assert final.phase == "game_over"
    result = replay(e, parse_trace(json.dumps(trace.to_json())))
    assert result.ok, result.to_json()
    assert result.first_illegal is None
    assert result.violation is None
    assert result.steps == len(trace.steps)
    assert result.phase == "game_over"
    assert result.final == final
    code, report = run_cli(tmp_path, capsys, trace.to_json())
    assert code == 0
    assert report["ok"] is True
    assert report["steps"] == len(trace.steps)
    assert report["first_illegal"] is None


# --- (b) each kind of illegal step ---------------------------------------------------------

P0 = ["red-3", "red-7", "red-9", "red-2", "blue-2"]
P1 = ["red-1", "red-4", "red-6", "green-1", "wild"]
BASE_DECK = express_deck([P0, P1], first="red-5", draw=["yellow-6", "yellow-7"])

# Player 0 plays down to one card (blue-2); player 1 answers each red card with a red card.
# After step 6 player 0's UNO window is open and player 1 holds green-1 and wild.
TO_ONE_CARD = [
    play(0, "red-3"),
    play(1, "red-1"),
    play(0, "red-7"),
    play(1, "red-4"),
    play(0, "red-9"),
    play(1, "red-6"),
    play(0, "red-2"),
]

ILLEGAL = [
    pytest.param(
        [play(0, "red-3"), play(0, "red-7")],
        TURN,
        "player 0 cannot play: it is player 1's move",
        id="wrong-player-plays",
    ),
    pytest.param(
        [act(1, "draw")],
        TURN,
        "player 1 cannot draw or pass: it is player 0's move",
        id="wrong-player-draws",
    ),
    pytest.param(
        [play(0, "red-3"), play(1, "red-7")],
        TURN,
        "player 1 has no red-7 in hand",
        id="card-not-in-hand",
    ),
    pytest.param(
        [play(0, "blue-2")],
        MATCHING,
        "blue-2 does not match the top card red-5",
        id="no-match-first-card",
    ),
    pytest.param(
        [play(0, "red-3"), play(1, "green-1")],
        MATCHING,
        "green-1 does not match the top card red-3",
        id="no-match-colour-or-number",
    ),
    pytest.param(
        [act(0, "draw"), play(0, "red-3")],
        DRAWN_CARD,
        "after drawing only the drawn yellow-6 may be played, not red-3",
        id="other-card-after-draw",
    ),
    pytest.param(
        [play(0, "red-3"), play(1, "wild")],
        WILD,
        "wild needs a colour to be named",
        id="wild-without-colour",
    ),
    pytest.param(
        [*TO_ONE_CARD, act(0, "uno"), act(1, "catch", target=0)],
        UNO,
        "player 0 has already called UNO",
        id="catch-after-call",
    ),
    pytest.param(
        [*TO_ONE_CARD, act(1, "draw"), act(1, "catch", target=0)],
        UNO,
        "no UNO window is open",
        id="catch-after-window-closed",
    ),
    pytest.param(
        [*TO_ONE_CARD, act(1, "uno")],
        UNO,
        "player 1 holds 2 cards: only player 0 can call UNO now",
        id="uno-by-other-player",
    ),
    pytest.param(
        [play(0, "red-3"), act(0, "uno")],
        UNO,
        "no UNO window is open",
        id="uno-without-window",
    ),
    pytest.param(
        [play(0, "red-3"), act(1, "challenge")],
        TURN,
        "no Wild Draw card is waiting to be challenged or accepted",
        id="challenge-nothing",
    ),
    pytest.param(
        [act(0, "pass")],
        DRAWN_CARD,
        "a player passes only after drawing a card",
        id="pass-without-draw",
    ),
    pytest.param(
        [play(0, "red-3"), {"action": "reshuffle", "order": ["red-5"]}],
        RESHUFFLE,
        "a reshuffle comes only when a draw finds the draw pile empty",
        id="reshuffle-with-draw-pile",
    ),
]


@pytest.mark.parametrize(("steps", "rule", "phrase"), ILLEGAL)
def test_illegal_step_is_refused(
    steps: list[dict[str, Any]],
    rule: str,
    phrase: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The last step of each trace breaks one rule: replay exits 1 at that step's index,
    citing that rule, after accepting every step before it."""
    bad = len(steps) - 1
    code, report = run_cli(tmp_path, capsys, express_trace(BASE_DECK, steps))
    assert code == 1
    assert report["ok"] is False
    illegal = report["first_illegal"]
    assert illegal["step"] == bad
    assert phrase in illegal["reason"]
    assert illegal["rule"] == rule
    assert report["steps"] == bad


@pytest.mark.parametrize(("steps", "rule", "phrase"), ILLEGAL)
def test_legal_prefix_replays(steps: list[dict[str, Any]], rule: str, phrase: str) -> None:
    """The steps before each illegal one replay cleanly on their own, so the refusal is the
    last step's."""
    result = replay(
        edition("express"), parse_trace(json.dumps(express_trace(BASE_DECK, steps[:-1])))
    )
    assert result.ok, result.to_json()
    assert result.steps == len(steps) - 1


def test_steps_after_game_over_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A step after the game is won is illegal: the game is over (Winning, Keeping Score)."""
    trace, final, _, _ = record_game(edition("express"), 2, 7)
    assert final.phase == "game_over"
    data = trace.to_json()
    data["steps"].append(act(final.current, "draw"))
    code, report = run_cli(tmp_path, capsys, data)
    assert code == 1
    assert report["first_illegal"]["step"] == len(trace.steps)
    assert "the game is over" in report["first_illegal"]["reason"]
    assert report["first_illegal"]["rule"] == WINNING
    assert report["steps"] == len(trace.steps)


def test_catch_in_window_makes_the_player_draw_two() -> None:
    """Caught before calling UNO and before the next player acts, a player draws 2
    (Calling UNO)."""
    steps = [*TO_ONE_CARD, act(1, "catch", target=0)]
    result = replay(edition("express"), parse_trace(json.dumps(express_trace(BASE_DECK, steps))))
    assert result.ok, result.to_json()
    assert result.final is not None
    e = edition("express")
    hands = [sorted(e.faces.card_id(c) for c in hand) for hand in result.final.hands]
    assert hands == [["blue-2", "yellow-6", "yellow-7"], ["green-1", "wild"]]
    assert result.final.current == 1


def test_uno_call_then_next_player_acts() -> None:
    """A player down to one card may call UNO, and the next player then plays on (Calling UNO)."""
    steps = [*TO_ONE_CARD, act(0, "uno"), play(1, "wild", "blue")]
    result = replay(edition("express"), parse_trace(json.dumps(express_trace(BASE_DECK, steps))))
    assert result.ok, result.to_json()
    assert result.steps == len(steps)
    assert result.final is not None
    assert [len(hand) for hand in result.final.hands] == [1, 1]


# --- (c) the Wild Draw Two bluff -----------------------------------------------------------


def _wild_draw_two(p0: list[str], answer: str) -> tuple[Any, Any]:
    p1 = ["blue-5", "green-1", "yellow-8", "blue-7", "green-3"]
    deck = express_deck([p0, p1], first="red-5", draw=["yellow-6", "yellow-7", "yellow-9"])
    steps = [play(0, "wild-draw-two", "green"), act(1, answer)]
    e = edition("express")
    return e, replay(e, parse_trace(json.dumps(express_trace(deck, steps))))


def test_bluff_is_legal_and_listed() -> None:
    """A Wild Draw Two played while holding the colour in force is accepted and listed as
    a bluff with its step index (Action Cards: Wild Draw Two)."""
    _, result = _wild_draw_two(
        ["wild-draw-two", "red-3", "blue-2", "green-9", "yellow-4"], "accept"
    )
    assert result.ok, result.to_json()
    assert result.first_illegal is None
    assert result.bluffs == [{"step": 0, "player": 0, "card": "wild-draw-two"}]
    assert result.final is not None
    assert [len(hand) for hand in result.final.hands] == [4, 7]


def test_challenged_bluff_makes_the_bluffer_draw_two() -> None:
    """A challenged bluff makes its player draw 2 and the challenger draws none and plays
    next (Action Cards: Wild Draw Two)."""
    e, result = _wild_draw_two(
        ["wild-draw-two", "red-3", "blue-2", "green-9", "yellow-4"], "challenge"
    )
    assert result.ok, result.to_json()
    assert [b["step"] for b in result.bluffs] == [0]
    final = result.final
    assert final is not None
    assert [len(hand) for hand in final.hands] == [6, 5]
    assert {"yellow-6", "yellow-7"} <= {e.faces.card_id(c) for c in final.hands[0]}
    assert final.current == 1
    assert e.colors[final.color] == "green"


def test_challenged_honest_play_makes_the_challenger_draw_four() -> None:
    """A challenged Wild Draw Two held legally makes the challenger draw 4 and lose the turn,
    and it is not listed as a bluff (Action Cards: Wild Draw Two)."""
    _, result = _wild_draw_two(
        ["wild-draw-two", "blue-9", "blue-2", "green-9", "yellow-4"], "challenge"
    )
    assert result.ok, result.to_json()
    assert result.bluffs == []
    final = result.final
    assert final is not None
    assert [len(hand) for hand in final.hands] == [4, 9]
    assert final.current == 0


def test_challenge_counts_a_held_wild_as_a_match() -> None:
    """A Wild Draw Two held with another wild but no card of the colour is no bluff, yet the
    challenge finds it guilty and its player draws 2 (Action Cards: Wild Draw Two)."""
    _, result = _wild_draw_two(
        ["wild-draw-two", "wild", "blue-2", "green-9", "yellow-4"], "challenge"
    )
    assert result.ok, result.to_json()
    assert result.bluffs == []
    assert result.final is not None
    assert [len(hand) for hand in result.final.hands] == [6, 5]


# --- (d) malformed input through the CLI ---------------------------------------------------


def _cli_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("unospec: error: ")
    assert "Traceback" not in captured.err
    return lines[0]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        pytest.param("{not json", "expected JSON", id="not-json"),
        pytest.param('"a string"', "expected a JSON object", id="not-an-object"),
        pytest.param(
            json.dumps(express_trace([*BASE_DECK[:-1], "purple-5"], [])),
            'deck[55]: expected a card of express\'s deck, found "purple-5"',
            id="unknown-card",
        ),
        pytest.param(
            json.dumps(express_trace(BASE_DECK, [{"player": 0, "action": "fly"}])),
            "steps[0].action",
            id="unknown-action",
        ),
        pytest.param(
            json.dumps({**express_trace(BASE_DECK, []), "edition": "no-such-edition"}),
            "unknown edition 'no-such-edition'",
            id="unknown-edition",
        ),
    ],
)
def test_malformed_trace_exits_2(
    text: str, place: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A malformed trace file is reported as one `unospec: error:` line on stderr, exit 2."""
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    line = _cli_error(["replay", str(path), "--format", "json"], capsys)
    assert place in line


def test_a_malformed_step_names_the_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Errors in a trace's content say FILE:LINE, as edition errors do: the line is the one
    the bad value is on in the file as written (here one key per line, as unospec writes)."""
    steps = [*TO_ONE_CARD[:2], {"player": 0, "action": "play", "card": "purple-5"}]
    text = json.dumps(express_trace(BASE_DECK, steps), indent=1)
    path = tmp_path / "edited.json"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('   "card": "purple-5"') + 1
    err = _cli_error(["replay", str(path)], capsys)
    assert err == (
        f"unospec: error: {path}:{line}: steps[2].card: expected a card of express's deck, "
        'found "purple-5"'
    )
    players = text.replace('"players": 2', '"players": null')
    path.write_text(players, encoding="utf-8")
    err = _cli_error(["replay", str(path)], capsys)
    assert err == f"unospec: error: {path}:3: players: expected an integer, found null"
    path.write_text(text.replace('"players": 2', '"players": 11'), encoding="utf-8")
    err = _cli_error(["replay", str(path)], capsys)
    assert err == f"unospec: error: {path}:3: players: expected 2 to 10 for express, found 11"
    path.write_text(text.replace('"express"', '"gone.toml"', 1), encoding="utf-8")
    err = _cli_error(["replay", str(path)], capsys)
    assert err.startswith(f"unospec: error: {path}:2: edition: gone.toml: cannot read")
    assert err.endswith(f"(looked for {tmp_path / 'gone.toml'} too)")
    monkeypatch.chdir(tmp_path)  # beside the trace is where it is looked for as given
    err = _cli_error(["replay", path.name], capsys)
    assert err.endswith("gone.toml: cannot read the edition file (No such file or directory)")


def test_a_trace_with_a_byte_order_mark_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Some editors start a UTF-8 file with a byte-order mark; the trace still reads."""
    trace = record_game(edition("express"), 2, 0).trace
    path = tmp_path / "trace.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(trace.to_json()).encode("utf-8"))
    assert main(["replay", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["steps"] == len(trace.steps)


def test_missing_trace_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A trace file that does not exist is reported as one `unospec: error:` line, exit 2."""
    path = tmp_path / "absent.json"
    line = _cli_error(["replay", str(path)], capsys)
    assert str(path) in line
    assert "cannot read the trace" in line


def test_a_card_missing_from_a_scaled_deck_says_the_scale() -> None:
    """red-9 is a card of Express, but not of Express scaled to `pair` (numbers 1, two
    colours): the error says the trace is played at that scale."""
    e = edition_for(parse_trace(json.dumps({**express_trace([], []), "scale": "pair"})), None, None)
    deck = [e.faces.card_id(c) for c in e.faces.in_play]
    data = {
        **express_trace(deck, [{"player": 0, "action": "play", "card": "red-9"}]),
        "scale": "pair",
    }
    trace = parse_trace(json.dumps(data))
    with pytest.raises(InputError, match=r'found "red-9" \(at scale pair\)$'):
        replay(edition_for(trace, None, None), trace)


def _replayed_with_scale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scale: str
) -> tuple[str, str]:
    """FILE:LINE of the `scale` in a one-step Express trace that names `scale`, and the
    error `replay` gives for it."""
    data = {**express_trace(BASE_DECK, TO_ONE_CARD[:1]), "scale": scale}
    text = json.dumps(data, indent=1)
    path = tmp_path / "scaled.json"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index(f' "scale": "{scale}"') + 1
    return f"{path}:{line}", _cli_error(["replay", str(path)], capsys)


def test_a_bad_scale_in_a_trace_names_the_file_not_a_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trace's own `scale` that is no scale is an error at its line in the file; it blamed
    `--scale`, which the user never typed."""
    place, err = _replayed_with_scale(tmp_path, capsys, "micro,ranks=5")
    assert err == f"unospec: error: {place}: scale: ranks: expected LO-HI within 0-9, found '5'"


def test_a_trace_that_is_not_utf8_is_named_like_an_edition_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trace with a byte that is not UTF-8 says FILE:LINE and the byte, as an edition file
    does (it printed Python's decoder message). `--edition ''` is refused, not ignored."""
    path = tmp_path / "latin.json"
    path.write_bytes(b'{\n "edition": "caf\xe9"\n}\n')
    err = _cli_error(["replay", str(path)], capsys)
    assert err == f"unospec: error: {path}:2: (file): expected UTF-8 text, found byte 0xe9"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(express_trace(BASE_DECK, TO_ONE_CARD[:1])), encoding="utf-8")
    err = _cli_error(["replay", str(good), "--edition", ""], capsys)
    assert err.startswith("unospec: error: edition: expected one of classic,")


def test_a_trace_scale_the_edition_cannot_meet_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A trace's scale that parses but keeps no number card of Express (ranks 0-0; its
    numbers are 1-9, Keeping Score) is an error at the scale's line, not a `--scale` one."""
    place, err = _replayed_with_scale(tmp_path, capsys, "ranks=0-0")
    assert err == f"unospec: error: {place}: scale: ranks: express has no number card in 0-0"


def test_a_step_the_rules_give_no_outcome_is_not_called_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Express without a Wild's points (Keeping Score): the play that ends a hand with a
    Wild in a loser's hand is legal, and the rules give it no outcome. Replay reports that
    finding (as the explorer does), not an illegal step as it did."""
    gapped = edition_file(tmp_path, "express", "gapped", ("wild = 50\n", ""))
    trace = tmp_path / "game.json"
    for seed in range(40):
        assert main(["play", str(gapped), "--seed", str(seed), "--trace-out", str(trace)]) in (0, 1)
        capsys.readouterr()
        result = replay(load_edition(str(gapped)), read_trace(str(trace)))
        if result.violation:
            break
    assert result.violation is not None and result.first_illegal is None
    assert result.violation["invariant"] == "rules-give-an-outcome"
    assert "wild has no value in the scoring table (Keeping Score)" in result.violation["message"]
    assert main(["replay", str(trace)]) == 1
    assert "NO OUTCOME at step " in capsys.readouterr().out


def test_a_replay_ending_with_a_draw_owed_says_who_owes_how_many() -> None:
    """A trace may stop while the table still deals a penalty (a Draw Two's two cards
    waiting for a reshuffle, Let's Play: NOTE): the ending names the debt, as a
    counterexample's steps do."""
    from unospec.checks.engines.replay import ReplayResult, pending
    from unospec.model.kernel import initial_state
    from unospec.model.state import Owed
    from unospec.views.runs import replay_text

    e = edition("express")
    game = initial_state(e, 2, e.faces.in_play)
    owing = game._replace(owed=Owed(1, 2, "awaiting_play"))
    assert pending(owing) == {"owed": {"player": 1, "amount": 2}, "challenge": None}
    assert pending(game) == {"owed": None, "challenge": None}
    result = ReplayResult(edition=e.name, ok=True, steps=0, phase=owing.phase, final=owing)
    assert "; pending draw: player 1 owes 2" in replay_text(result)
