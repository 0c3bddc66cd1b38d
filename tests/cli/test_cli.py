"""The `unospec` command line, run in-process through `unospec.cli.main(argv)`."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scenario import ANY_MATCHING_CARD, SHORT_DRAW, edition_file

from unospec.cli import main
from unospec.editions import builtin_path, load_edition, schema
from unospec.model.actions import Play

SIX = ("classic", "express", "nfl-cowboys", "nfl-players", "star-wars", "super-bowl-lvii")
HOUSE_RULES = (
    "classic-draw-until-playable",
    "classic-jump-in",
    "classic-seven-zero",
    "classic-stacking",
)
NO_MERCY = ("no-mercy",)
RLCARD = ("rlcard-uno",)  # RLCard's UNO, stated as data (issue 37)
BUILTINS = (*SIX, *HOUSE_RULES, *NO_MERCY, *RLCARD)
# Contents of each booklet (000/001/002 count the Special Foil Card); classic is standard UNO.
TOTALS = {
    "classic": 108,
    "express": 56,
    "nfl-cowboys": 113,
    "nfl-players": 113,
    "star-wars": 113,
    "super-bowl-lvii": 112,
    **dict.fromkeys(HOUSE_RULES, 108),  # classic's deck
    "no-mercy": 168,  # the box's count
    "rlcard-uno": 108,  # RLCard's deck: classic's
}
EXPRESS_TARGET = 250  # 003 Keeping Score: reaching 250 points wins

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of one `unospec` command."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: Capture, *argv: str) -> dict[str, Any]:
    """The single JSON object a successful `--format json` command prints on stdout."""
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    data = json.loads(out)  # the whole of stdout is one JSON document
    assert isinstance(data, dict)
    return data


def assert_usage_error(code: int, out: str, err: str) -> str:
    """Exit code 2, nothing on stdout, one `unospec: error:` line on stderr; returns it."""
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("unospec: error: ")
    assert "Traceback" not in err
    return err.strip()


@pytest.fixture
def house_rules(tmp_path: Path) -> Path:
    """A user's edition file: a copy of express renamed `my-house-rules`."""
    text = builtin_path("express").read_text(encoding="utf-8")
    assert text.count('name = "express"\n') == 1
    path = tmp_path / "my-house-rules.toml"
    path.write_text(text.replace('name = "express"\n', 'name = "my-house-rules"\n'), "utf-8")
    return path


def test_editions_json_lists_the_builtins(capsys: Capture) -> None:
    """`editions --format json` is one object whose rows give each edition's name and size."""
    data = run_json(capsys, "editions")
    assert list(data) == ["editions"]
    rows = data["editions"]
    assert all(set(row) == {"name", "title", "seed", "variant_of", "total_cards"} for row in rows)
    assert sorted(row["name"] for row in rows) == sorted(BUILTINS)
    assert {row["name"]: row["total_cards"] for row in rows} == TOTALS
    seeds = {row["name"]: row["seed"] for row in rows}
    assert seeds["classic"] is None  # not from a booklet
    assert seeds["express"].startswith("003_")
    bases = {row["name"]: row["variant_of"] for row in rows}
    assert bases == {name: None if name == "classic" else "classic" for name in BUILTINS}


@pytest.mark.parametrize("name", SIX)
def test_show_json_deck_adds_up(capsys: Capture, name: str) -> None:
    """`show --format json` gives the edition's facts and a deck whose counts add up."""
    data = run_json(capsys, "show", name)
    for key in (
        "name",
        "total_cards",
        "in_play_cards",
        "set_aside_cards",
        "hand_size",
        "players",
        "target_score",
        "deck",
        "interpretations",
    ):
        assert key in data, key
    assert data["name"] == name
    assert data["total_cards"] == TOTALS[name]
    assert data["in_play_cards"] + data["set_aside_cards"] == TOTALS[name]
    lo, hi = data["players"]
    assert 2 <= lo <= hi
    deck = data["deck"]
    assert all({"card", "count", "provenance"} <= set(row) for row in deck)
    assert sum(row["count"] for row in deck) == TOTALS[name]
    aside = sum(row["count"] for row in deck if row.get("set_aside"))
    assert aside == data["set_aside_cards"]
    for item in data["interpretations"]:
        assert {"id", "section", "chosen", "alternatives"} <= set(item)
        assert item["chosen"] not in item["alternatives"]


def test_show_json_express_facts(capsys: Capture) -> None:
    """`show express` reports the booklet's hand of 5 (Set Up 2) and target 250 (Keeping Score)."""
    data = run_json(capsys, "show", "express")
    assert (data["hand_size"], data["target_score"]) == (5, EXPRESS_TARGET)
    assert (data["in_play_cards"], data["set_aside_cards"]) == (56, 0)


def test_show_speaks_the_edition_files_terms(capsys: Capture) -> None:
    """Card rules and rules as an edition file writes them: Express's Draw One is `effect =
    "draw", draw = 1` (seed 003, Action Cards, by the reading draw-one-amount), not the
    kernel's `DrawPenalty(draw=1)`; a rule is named by its file key."""
    code, out, _ = run(capsys, "show", "express")
    assert code == 0
    assert 'draw-one             effect = "draw", draw = 1  [Action Cards: Draw One]' in out
    assert "DrawPenalty" not in out and "WildDraw(" not in out
    assert 'play.after_drawing         "drawn-card-only"' in out
    assert run_json(capsys, "show", "express")["cards"]["draw-one"]["effect"] == "draw"
    code, out, _ = run(capsys, "show", "super-bowl-lvii")  # a printed name is the file's too
    assert 'wild-touchdown       name = "Wild Touchdown!", effect = "penalty-race"' in out


def test_show_says_when_a_file_records_no_reading(capsys: Capture, tmp_path: Path) -> None:
    """A file without [[interpretations]] got the heading over nothing; it now says none are
    recorded and names the command that asks the questions the file leaves open."""
    text = builtin_path("classic").read_text(encoding="utf-8")
    path = tmp_path / "plain.toml"
    path.write_text(text[: text.index("[[interpretations]]")], encoding="utf-8")
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0
    assert out.rstrip().endswith(f"none recorded (`unospec lint {path}` asks the open questions)")
    code, out, _ = run(capsys, "show", "classic")
    assert "none recorded" not in out


def test_a_single_table_size_reads_as_one_number(capsys: Capture, tmp_path: Path) -> None:
    """A two-player house edition (Express with players.max = 2) is shown, drawn and
    proved for "2 players", not "2-2 players"."""
    from unospec.checks.analyses.proofs import prove
    from unospec.diagrams.notes import summary

    path = edition_file(tmp_path, "express", "duel", ("max = 10\n", "max = 2\n"))
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0 and "\n  2 players (assumed), hands of 5" in out
    duel = load_edition(str(path))
    assert "\u00b7 2 players \u00b7" in summary(duel)
    claims = [q.claim for q in prove(duel).queries if q.name == "setup-feasibility"]
    assert claims and claims[0].startswith("for 2 players,")
    assert "2-2" not in out + summary(duel) + claims[0]


@pytest.mark.parametrize("name", SIX)
def test_show_text_mentions_every_interpretation(capsys: Capture, name: str) -> None:
    """`show` text output names every interpretation id of the edition."""
    code, out, _ = run(capsys, "show", name)
    assert code == 0
    ids = [item.id for item in load_edition(name).interpretations]
    assert ids
    for ident in ids:
        assert re.search(rf"\b{re.escape(ident)}:", out), ident


def test_show_user_edition_file(capsys: Capture, house_rules: Path) -> None:
    """`show` reads a user's own edition file by path and reports its own name."""
    data = run_json(capsys, "show", str(house_rules))
    assert data["name"] == "my-house-rules"
    assert data["total_cards"] == TOTALS["express"]


def test_show_text_says_how_a_game_ends(capsys: Capture, house_rules: Path) -> None:
    """To the target score (003 Keeping Score: 250), or, with the other reading of that
    optional section, one hand: then there is no target to show."""
    assert "game to 250 points" in run(capsys, "show", "express")[1]
    text = house_rules.read_text(encoding="utf-8")
    for old, new in [
        ('game_end = "target-score"', 'game_end = "single-hand"'),
        ('chosen = "target-score"\nalternatives = ["single-hand"]',
         'chosen = "single-hand"\nalternatives = ["target-score"]'),
    ]:  # fmt: skip
        assert text.count(old) == 1
        text = text.replace(old, new)
    house_rules.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "show", str(house_rules))
    assert code == 0
    assert "a game is one hand" in out and "points" not in out.splitlines()[3]


@pytest.mark.slow
def test_check_user_edition_file(capsys: Capture, house_rules: Path) -> None:
    """`check FILE --games 3 --jobs 1` passes a valid user edition and reports each check."""
    data = run_json(
        capsys, "check", str(house_rules), "--games", "3", "--jobs", "1", "--scale", "pair"
    )
    assert data["ok"] is True
    [report] = data["editions"]
    assert report["name"] == "my-house-rules"
    assert report["ok"] is True
    assert report["checks"]
    for check in report["checks"]:
        assert {"name", "ok", "detail"} <= set(check)
        assert check["ok"] is True, check
    # the commands it suggests name the file: `unospec show my-house-rules` would not find it
    assert report["reference"] == str(house_rules)
    [baseline] = [c for c in report["checks"] if c["name"] == "baseline"]
    # ... and record what this check compares: the pair scale and its 3 games
    expected = f"`unospec baseline save {house_rules} --scale pair --games 3`"
    assert expected in baseline["detail"]


def test_play_express_finishes_with_a_winner(capsys: Capture, tmp_path: Path) -> None:
    """`play express` runs a game to the end; the winner reaches 250 (Keeping Score)."""
    trace_file = tmp_path / "game.json"
    data = run_json(
        capsys, "play", "express", "--players", "3", "--seed", "1", "--trace-out", str(trace_file)
    )
    assert data["finished"] is True
    scores = data["scores"]
    assert len(scores) == 3
    winner = data["winner"]
    assert scores[winner] >= EXPRESS_TARGET
    # The game ends as soon as one player reaches the target, so nobody else has.
    assert all(s < EXPRESS_TARGET for i, s in enumerate(scores) if i != winner)
    assert json.loads(trace_file.read_text(encoding="utf-8")) == data["trace"]


def test_play_trace_replays(capsys: Capture, tmp_path: Path) -> None:
    """A trace written by `play --trace-out` is accepted by `replay` with exit 0."""
    trace_file = tmp_path / "game.json"
    code, _, err = run(
        capsys, "play", "express", "--players", "3", "--seed", "1", "--trace-out", str(trace_file)
    )
    assert code == 0, err
    code, out, err = run(capsys, "replay", str(trace_file))
    assert code == 0, err
    assert out
    data = run_json(capsys, "replay", str(trace_file))
    assert data["ok"] is True
    assert data["edition"] == "express"
    assert data["phase"] == "game_over"
    assert data["first_illegal"] is None and data["violation"] is None


def test_unknown_command(capsys: Capture) -> None:
    """An unknown command is a usage error naming the command."""
    line = assert_usage_error(*run(capsys, "frobnicate"))
    assert "frobnicate" in line


def test_play_without_players_seats_the_fewest_the_edition_allows(capsys: Capture) -> None:
    """`play` without `--players` plays the edition's smallest table, as `explore` and `diff`
    do (it was a usage error)."""
    code, out, _ = run(capsys, "play", "express", "--seed", "3", "--format", "json")
    assert code == 0 and json.loads(out)["players"] == load_edition("express").rules.min_players


def test_negative_players(capsys: Capture) -> None:
    """`--players -1` is a usage error quoting the bad value."""
    line = assert_usage_error(*run(capsys, "play", "express", "--players", "-1"))
    assert "-1" in line


def test_players_outside_edition_range(capsys: Capture) -> None:
    """`--players 99` for express is a usage error naming the edition's player range."""
    rules = load_edition("express").rules
    assert not rules.min_players <= 99 <= rules.max_players
    line = assert_usage_error(*run(capsys, "play", "express", "--players", "99"))
    assert "99" in line
    assert "express" in line
    assert re.search(rf"\b{rules.min_players}\b", line.replace("99", ""))
    assert re.search(rf"\b{rules.max_players}\b", line)


def test_unknown_format(capsys: Capture) -> None:
    """`--format xml` is a usage error naming the bad format."""
    line = assert_usage_error(*run(capsys, "editions", "--format", "xml"))
    assert "xml" in line


def test_unwritable_trace_out(capsys: Capture) -> None:
    """`--trace-out` into a directory that does not exist is an input error naming the file."""
    target = "/nonexistent-dir/x.json"
    assert not Path(target).parent.exists()
    line = assert_usage_error(
        *run(capsys, "play", "express", "--players", "3", "--trace-out", target)
    )
    assert target in line


@pytest.mark.slow
def test_nothing_to_write_leaves_no_empty_file(capsys: Capture, tmp_path: Path) -> None:
    """Output files are checked for writability before the work, but not created then: an
    edition diffed with itself has no distinguishing trace, so `--trace-out` writes nothing
    (an empty file was left behind, which `replay` then refused as not JSON). A file that
    already exists is left as it was, and the output says so: it is not this run's trace."""
    target = tmp_path / "none.json"
    argv = ("diff", "express", "express", "--scale", "pair", "--trace-out", str(target))
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert not target.exists()
    assert out.rstrip().endswith(f"no trace written to {target}: there is none to write")
    target.write_text("kept", encoding="utf-8")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and target.read_text(encoding="utf-8") == "kept"
    assert out.rstrip().endswith("there is none to write, and the file there is an earlier one's")


@pytest.mark.parametrize(
    "argv",
    [
        ("editions",),
        ("show", "nfl-cowboys"),
        ("play", "express", "--players", "2", "--seed", "3"),
    ],
    ids=["editions", "show", "play"],
)
def test_json_output_is_one_object(capsys: Capture, argv: tuple[str, ...]) -> None:
    """With `--format json`, stdout holds exactly one JSON object and nothing else."""
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    decoder = json.JSONDecoder()
    data, end = decoder.raw_decode(out)
    assert isinstance(data, dict)
    assert out[end:].strip() == ""


def test_simulate_reports_the_issue_keys_and_is_deterministic_for_a_seed(capsys: Capture) -> None:
    """`simulate`'s JSON carries the keys outside tools read, and a seed fixes the games."""
    argv = ("simulate", "express", "--games", "6", "--seed", "3", "--jobs", "1")
    first, second = run_json(capsys, *argv), run_json(capsys, *argv)
    for key in ("games", "seconds", "games_per_second", "mean_turns", "first_player_win_share",
                "invariant_violations"):  # fmt: skip
        assert key in first
    assert first["games"] == first["finished_games"] == 6 and first["invariant_violations"] == 0
    assert first["first_unfinished"] is None
    assert isinstance(first["median_turns"], float)  # an odd count gave an int, an even a float
    assert first["players"] == [2, 7]  # game i seats 2 + i players, up to Express's 10
    one = run_json(capsys, "simulate", "express", "--games", "2", "--players", "4")
    assert one["players"] == [4, 4]
    unchecked = run_json(capsys, "simulate", "express", "--games", "2", "--no-invariants")
    assert unchecked["invariant_violations"] is None  # none looked for: not "0 violations"
    assert not unchecked["invariants_checked"]
    timing = ("seconds", "games_per_second")
    assert {k: v for k, v in first.items() if k not in timing} == {
        k: v for k, v in second.items() if k not in timing
    }


def test_simulate_fails_on_a_game_that_does_not_end(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game still running at the step cap is a failure (exit 1), named by its seed."""
    from unospec.checks.engines import simulate

    monkeypatch.setattr(simulate, "run_games", functools.partial(simulate.run_games, max_steps=40))
    code, out, _ = run(capsys, "simulate", "classic", "--games", "2", "--format", "json")
    assert code == 1
    assert json.loads(out)["first_unfinished"] == {
        "game": 0,
        "players": 2,
        "seed": 0,
        "command": "unospec play classic --players 2 --seed 0",
    }
    code, out, _ = run(capsys, "simulate", "classic", "--games", "2")
    assert code == 1 and "game 0 did not end (2 players, seed 0" in out
    # 40 steps win no hand of a game to 500 points (Keeping Score): no share of wins is 0%
    assert "no hand was won; no game finished" in out and "0.0%" not in out


def test_simulate_names_the_first_game_that_met_a_rule_gap(capsys: Capture, tmp_path: Path) -> None:
    """A Wild worth nothing in the scoring table (Keeping Score) leaves hands unscored: the
    games that meet it fail simulate (exit 1), and the first is named with the command that
    shows it, in JSON and in the text."""
    gapped = _variant(tmp_path, "gapped", ("wild = 50\n", ""))
    code, out, _ = run(capsys, "simulate", str(gapped), "--games", "6", "--format", "json")
    first = json.loads(out)["first_gap"]
    assert code == 1 and first["command"] == (
        f"unospec play {gapped} --players {first['players']} --seed {first['seed']}"
    )
    code, out, _ = run(capsys, "simulate", str(gapped), "--games", "6")
    assert code == 1
    assert (
        f"  first met in game {first['game']} ({first['players']} players): `{first['command']}`"
        in out
    )


def _variant(tmp_path: Path, name: str, *changes: tuple[str, str]) -> Path:
    """A user's edition file: express with `changes` (old text, new text) made, renamed."""
    return edition_file(tmp_path, "express", name, *changes)


def test_a_play_trace_of_a_user_file_replays_from_anywhere(
    capsys: Capture, tmp_path: Path, house_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trace names the edition file relative to itself, so the two can be replayed from
    another folder (and moved together)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "traces").mkdir()
    code, _, err = run(
        capsys, "play", house_rules.name, "--players", "2", "--seed", "3",
        "--trace-out", "traces/game.json",
    )  # fmt: skip
    assert code == 0, err
    stored = json.loads((tmp_path / "traces" / "game.json").read_text(encoding="utf-8"))
    assert stored["edition"] == f"../{house_rules.name}"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    data = run_json(capsys, "replay", str(tmp_path / "traces" / "game.json"))
    assert data["ok"] is True and data["phase"] == "game_over"
    monkeypatch.chdir(tmp_path)  # the file is named as from here, not traces/../house.toml
    code, out, _ = run(capsys, "replay", "traces/game.json")
    assert code == 0 and out.startswith(f"{house_rules.name}: ")


def test_play_says_when_a_game_does_not_end(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game still running at the step cap ends the log with a line saying so, exit 1."""
    from unospec.checks.engines import simulate as random_play

    capped = functools.partial(random_play.record_game, max_steps=40)
    monkeypatch.setattr(random_play, "record_game", capped)
    code, out, _ = run(capsys, "play", "classic", "--players", "2", "--seed", "0")
    last = out.splitlines()[-1]
    assert (
        code == 1 and last == "stopped: the game did not end in 40 steps (the deal and 39 after it)"
    )
    code, out, _ = run(capsys, "play", "classic", "--players", "2", "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["finished"] is False
    assert data["steps"] == len(data["trace"]["steps"]) == 39  # as the trace and replay count


def test_simulate_names_the_command_that_replays_a_game_that_did_not_end(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first unfinished game is named by the `unospec play` command that plays it, when
    `play` can (the default policy, whole games); otherwise the text says it cannot."""
    from unospec.checks.engines import simulate

    monkeypatch.setattr(simulate, "run_games", functools.partial(simulate.run_games, max_steps=30))
    code, out, _ = run(capsys, "simulate", "classic", "--games", "2")
    assert code == 1
    assert "(2 players, seed 0; `unospec play classic --players 2 --seed 0` shows it)" in out
    code, out, _ = run(capsys, "simulate", "classic", "--games", "2", "--policy", "eager")
    assert code == 1 and "plays whole games with the mixed policy, not this one" in out


def test_play_reports_a_deal_the_deck_cannot_make(capsys: Capture, tmp_path: Path) -> None:
    """Hands of 10 for 6 players need 61 cards; Express has 56 (Set Up 2). `play` stops with
    the rule gap, exit 1, rather than a traceback."""
    path = _variant(tmp_path, "big-hands", ("hand_size = 5 #", "hand_size = 10 #"))
    code, out, err = run(capsys, "play", str(path), "--players", "6")
    assert code == 1 and "Traceback" not in err
    assert out.splitlines()[-1].startswith("stopped: the rules give no outcome here: 6 hands")
    data = json.loads(run(capsys, "play", str(path), "--players", "6", "--format", "json")[1])
    assert data["gap"] and data["finished"] is False


def test_the_log_names_the_card_just_drawn_only_when_it_is(capsys: Capture, tmp_path: Path) -> None:
    """With any matching card playable after a draw (a reading Let's Play allows), a card
    played after drawing is often not the one drawn; the log says which it was."""
    path = _variant(tmp_path, "any-after-draw", *ANY_MATCHING_CARD)
    data = run_json(capsys, "play", str(path), "--players", "3", "--seed", "1")
    from unospec.checks.engines.simulate import record_game

    e = load_edition(str(path))
    history = record_game(e, 3, 1, engine="compiled").history  # the game `play` shows
    after_draw = [
        (b.drawn, a) for b, a, _ in history if b.phase == "drawn_card" and type(a) is Play
    ]
    just = [line for line in data["log"] if line.endswith("(the card just drawn)")]
    other = [line for line in data["log"] if line.endswith("(after drawing)")]
    assert len(just) == sum(drawn == a.card for drawn, a in after_draw) > 0
    assert len(other) == sum(drawn != a.card for drawn, a in after_draw) > 0


@pytest.mark.slow
def test_explore_and_diff_seat_the_fewest_players_the_editions_allow(
    capsys: Capture, tmp_path: Path
) -> None:
    """Without `--players`, an edition for 3 to 10 is explored with 3, and diffed against
    one for 2 to 10 with 3: the fewest both allow. A table one of them refuses is an error."""
    path = _variant(tmp_path, "three-up", ("[players]\nmin = 2", "[players]\nmin = 3"))
    data = run_json(capsys, "explore", str(path), "--max-states", "300")
    assert data["players"] == 3
    code, out, _ = run(
        capsys, "diff", str(path), "express", "--max-states", "300", "--format", "json"
    )
    assert code == 1 and json.loads(out)["bound"]["players"] == 3
    err = assert_usage_error(*run(capsys, "diff", str(path), "express", "--players", "2"))
    assert "expected 3 to 10" in err


def test_report_refuses_two_editions_of_one_name(capsys: Capture, tmp_path: Path) -> None:
    """Each edition's page is named after it; a user's file still called `express` beside
    the built-in would overwrite its page, so the report refuses, before any work."""
    path = _variant(tmp_path, "express", ("max = 10", "max = 9"))
    err = assert_usage_error(
        *run(capsys, "report", str(path), "express", "--out", str(tmp_path / "site"))
    )
    assert "name: expected a name no other edition in the report has" in err
    assert str(path) in err
    assert not (tmp_path / "site").exists()


@pytest.mark.slow
def test_a_rule_gap_is_a_finding_with_a_trace(capsys: Capture, tmp_path: Path) -> None:
    """A card kind without points (Keeping Score) is a gap the explorer meets as soon as a
    hand can end with a wild in a loser's hand: `rules-give-an-outcome` fails (exit 1) with a
    shortest trace that replays to it, in one process or two (a worker's error once hung
    there). `check` reports it on that check and goes on to its other checks and editions;
    `lint` finishes and names the card."""
    path = _variant(tmp_path, "pointless-wild", ("wild = 50\n", ""))
    for jobs in ("1", "2"):
        out_dir = str(tmp_path / f"found-{jobs}")
        argv = ("explore", str(path), "--jobs", jobs, "--format", "json", "--out", out_dir)
        code, out, err = run(capsys, *argv)
        assert code == 1 and not err, err
        violation = json.loads(out)["violation"]
        assert violation["invariant"] == "rules-give-an-outcome"
        assert "wild has no value in the scoring table (Keeping Score)" in violation["message"]
        assert violation["replayed"]["violation"]["invariant"] == "rules-give-an-outcome"
    written = tmp_path / "found-1" / "pointless-wild-rules-give-an-outcome.json"
    recorded = json.loads(written.read_text())["violation"]  # the trace says what it shows
    assert recorded == {"invariant": violation["invariant"], "message": violation["message"]}
    code, out, err = run(capsys, "replay", str(written))
    assert code == 1 and out.splitlines()[-1] == (
        f"  written for: rules-give-an-outcome: {violation['message']}"
    )
    code, out, err = run(capsys, "check", str(path), "express", "--games", "3", "--format", "json")
    assert code == 1 and not err, err
    gapped, express = json.loads(out)["editions"]
    failed = {c["name"] for c in gapped["checks"] if not c["ok"]}
    assert failed == {"random-games", "exploration"}, failed
    assert express["ok"]
    played = next(c for c in gapped["checks"] if c["name"] == "random-games")["data"]
    command = played["first_gap"]["command"].split()  # the game that met the gap, to replay
    assert command[:2] == ["unospec", "play"]
    code, out, err = run(capsys, *command[1:])
    assert code == 1 and out.splitlines()[-1].startswith("stopped: the rules give"), (err, command)
    code, out, err = run(capsys, "lint", str(path), "--games", "3", "--format", "json")
    assert code == 0, err
    findings = {f["id"]: f for f in json.loads(out)["findings"]}
    assert findings["scoring-coverage:missing"]["witness"] == {"no value for": ["wild"]}


def test_a_storyboard_may_go_into_the_out_folder_explore_makes(
    capsys: Capture, tmp_path: Path
) -> None:
    """`--storyboard DIR/x.svg --out DIR` with DIR not made yet: explore makes DIR for the
    counterexample, so the storyboard may go there too (it was refused). A folder that
    explore does not make is still refused before any work."""
    path = _variant(tmp_path, "pointless-wild", ("wild = 50\n", ""))
    out_dir = tmp_path / "found"
    board = out_dir / "board.svg"
    argv = ("explore", str(path), "--out", str(out_dir), "--storyboard", str(board))
    code, out, err = run(capsys, *argv)
    assert code == 1 and not err, err
    assert str(board) in out and board.read_bytes().startswith(b"<?xml")
    elsewhere = str(tmp_path / "nowhere" / "board.svg")
    err = assert_usage_error(*run(capsys, *argv[:4], "--storyboard", elsewhere))
    assert "cannot write here" in err
    picture = str(out_dir / "board.png")  # it wrote SVG into a .png
    err = assert_usage_error(*run(capsys, *argv[:4], "--storyboard", picture))
    assert err == f"unospec: error: --storyboard: expected a file ending in .svg, found {picture!r}"


def test_a_storyboard_without_graphviz_is_refused_before_the_exploration(
    capsys: Capture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without `dot`, `--storyboard` is refused at once (exit 2), as an unwritable path is:
    it was found only after the exploration had found its counterexample, which then exited
    2 with no trace printed (a violation is exit 1, with the trace)."""
    path = _variant(tmp_path, "pointless-wild", ("wild = 50\n", ""))
    out_dir = tmp_path / "found"
    monkeypatch.setenv("PATH", str(tmp_path))
    argv = ("explore", str(path), "--out", str(out_dir), "--storyboard", str(out_dir / "b.svg"))
    err = assert_usage_error(*run(capsys, *argv))
    assert err.startswith("unospec: error: --storyboard: Graphviz's `dot` is needed to draw it")
    assert err.endswith("or leave --storyboard out") and not out_dir.exists()


def test_a_site_without_graphviz_is_refused_before_the_checks(
    capsys: Capture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without `dot`, `report` and `check --report` are refused at once (exit 2), with advice
    that fits them: both ran every check first, then failed drawing the site's first picture
    with advice to ask for `--format dot or mermaid`, which neither takes, and `check`'s own
    results were lost."""
    monkeypatch.setenv("PATH", str(tmp_path))
    site = tmp_path / "site"
    fast = ("--games", "1", "--scale", "none")
    err = assert_usage_error(*run(capsys, "report", "express", "--out", str(site), *fast))
    assert err.startswith("unospec: error: report: Graphviz's `dot` is needed to draw the site")
    assert "--format" not in err and not site.exists()
    err = assert_usage_error(*run(capsys, "check", "express", "--report", str(site), *fast))
    assert err.startswith("unospec: error: --report: Graphviz's `dot` is needed to draw the site")
    assert err.endswith("or leave --report out") and not site.exists()


@pytest.mark.slow
def test_an_edition_for_two_players_only_can_be_proved_and_linted(
    capsys: Capture, tmp_path: Path
) -> None:
    """The challenge proofs and the Hail Mary probe set tables of three; an edition for
    exactly two players gets its proofs at two, not an error about a third player, and the
    same verdicts as at three: with two, the player after the victim is the offender (the
    payout proof once expected a third player there and failed the check)."""
    path = _variant(
        tmp_path, "two-only", ("[players]\nmin = 2\nmax = 10", "[players]\nmin = 2\nmax = 2")
    )
    code, out, _ = run(capsys, "prove", str(path), "--format", "json")
    verdicts = {q["name"]: q["verdict"] for q in json.loads(out)["queries"]}
    code_three, out_three, _ = run(capsys, "prove", "express", "--format", "json")
    assert code == code_three == 0
    three = {q["name"]: q["verdict"] for q in json.loads(out_three)["queries"]}
    del verdicts["setup-feasibility"], three["setup-feasibility"]  # 8-10 hands of 5: no longer
    assert verdicts == three
    err = assert_usage_error(*run(capsys, "play", str(path), "--players", "3"))
    assert err.endswith("players: expected 2 for two-only, found 3")  # not "2 to 2"
    code, _, err = run(capsys, "lint", str(path), "--games", "3", "--scale", "none")
    assert code == 0, err


def test_explore_text_does_not_claim_zero_bytes_per_state(capsys: Capture) -> None:
    """A run too short to grow the process (memory grows by pages) says so; it printed
    "~0 bytes per state"."""
    code, out, _ = run(capsys, "explore", "classic", "--scale", "pair", "--max-states", "3")
    assert code == 0 and "(too few states to measure the memory per state)" in out
    assert "bytes per state" not in out
    data = run_json(capsys, "explore", "classic", "--scale", "pair", "--max-states", "3")
    assert data["bytes_per_state"] is None  # not 0


@pytest.mark.slow
def test_replaying_a_diff_trace_on_each_edition_shows_where_they_part(
    capsys: Capture, tmp_path: Path
) -> None:
    """A Skip worth 30 (Keeping Score): the diff's trace replayed on each edition ends with
    different scores, and each replay names the edition as given (it printed the name
    inside the file, `classic`, for both, and no final state)."""
    dearer = tmp_path / "dearer.toml"
    text = builtin_path("classic").read_text(encoding="utf-8")
    dearer.write_text(text.replace("skip = 20\n", "skip = 30\n", 1), encoding="utf-8")
    trace = tmp_path / "parted.json"
    code, _, err = run(capsys, "diff", "classic", str(dearer), "--trace-out", str(trace))
    assert code == 1, err
    ends = {}
    for name in ("classic", str(dearer)):
        code, out, _ = run(capsys, "replay", str(trace), "--edition", name)
        assert code == 0 and out.startswith(f"{name}: ")
        [ends[name]] = [line for line in out.splitlines() if line.startswith("  ends: ")]
        final = run_json(capsys, "replay", str(trace), "--edition", name)["final"]
        assert f"scores {final['scores']}" in ends[name]
    assert ends["classic"] != ends[str(dearer)]


@pytest.mark.slow
def test_replaying_a_diff_trace_shows_who_leads_the_next_hand(
    capsys: Capture, tmp_path: Path
) -> None:
    """The same player leads every hand (Winning, the other reading): the diff parts the two
    editions after the first hand, and the two replays of its trace say who leads the next
    one (they printed the same line, "the table to shuffle", for both)."""
    same = tmp_path / "same.toml"
    text = builtin_path("classic").read_text(encoding="utf-8")
    text = text.replace('next_leader = "rotate-left"', 'next_leader = "same"')
    text = text.replace(
        'chosen = "rotate-left"\nalternatives = ["same"]',
        'chosen = "same"\nalternatives = ["rotate-left"]',
    )
    same.write_text(text, encoding="utf-8")
    trace = tmp_path / "parted.json"
    scale = "micro,wilds=0,target=2"
    code, _, err = run(
        capsys, "diff", "classic", str(same), "--scale", scale, "--trace-out", str(trace)
    )
    assert code == 1, err
    ends = {}
    for name in ("classic", str(same)):
        code, out, _ = run(capsys, "replay", str(trace), "--edition", name)
        assert code == 0
        [ends[name]] = [line for line in out.splitlines() if line.startswith("  ends: ")]
        leader = run_json(capsys, "replay", str(trace), "--edition", name)["final"]["leader"]
        assert f"the table to deal a hand player {leader} leads" in ends[name]
    assert ends["classic"] != ends[str(same)]


@pytest.mark.slow
def test_an_edition_named_twice_is_checked_once(capsys: Capture) -> None:
    """`check express express` checks Express once (it reported it twice)."""
    data = run_json(capsys, "check", "express", "express", "--games", "0", "--scale", "none")
    assert [report["name"] for report in data["editions"]] == ["express"]


def test_counts_of_one_are_in_the_singular_and_no_count_without_a_check(
    capsys: Capture, tmp_path: Path
) -> None:
    """ "1 step replayed", not "1 steps"; games played with the invariants off count no
    violations (it said "invariants off: 0 violations")."""
    path = tmp_path / "game.json"
    code, _, err = run(capsys, "play", "express", "--seed", "1", "--trace-out", str(path))
    assert code == 0, err
    trace = json.loads(path.read_text())
    path.write_text(json.dumps({**trace, "steps": trace["steps"][:1]}))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and out.splitlines()[0].startswith("express: 1 step replayed, phase")
    code, out, _ = run(capsys, "simulate", "express", "--games", "2", "--no-invariants")
    assert code == 0 and "  invariants off" in out.splitlines() and "violations" not in out


@pytest.mark.slow
def test_lint_text_names_readings_in_words(capsys: Capture) -> None:
    """lint's text gives a finding's reading as an edition file spells it, not as Python:
    express's Wild Draw Two rule names the kinds it is judged by (Wild Draw Two), which
    read `[['current-color']]` among the alternatives."""
    code, out, _ = run(capsys, "lint", "express", "--games", "0", "--scale", "none")
    assert code == 0
    readings = [line.strip() for line in out.splitlines() if line.strip().startswith("reading")]
    assert "reading chosen: [current-color, wild]; alternatives: [current-color]" in readings
    assert not [line for line in readings if "'" in line or "[[" in line]


@pytest.mark.slow
def test_lint_text_says_in_words_what_a_noted_dead_rule_does(capsys: Capture) -> None:
    """A transition no card of the deck can fire is a note (info), whose witness the text
    leaves out; its message is the machine's label, so the text adds what it does in words,
    as it does for a dead rule that is a warning (Classic has no special wild)."""
    code, out, _ = run(capsys, "lint", "classic", "--games", "1", "--scale", "none")
    assert code == 0
    lines = out.splitlines()
    [at] = [i for i, line in enumerate(lines) if "--name_loser--> table_draws never fired" in line]
    assert lines[at + 1].strip().startswith("what it does: ")


@pytest.mark.slow
def test_lint_text_says_where_a_witness_games_trace_is(capsys: Capture) -> None:
    """A Wild Draw Two played while holding a wild is legal yet judged guilty (Express,
    Action Cards: Wild Draw Two): the witness is a game. The text shows the witness's facts,
    not the game's deck, and says where the trace to replay is."""
    code, out, _ = run(capsys, "lint", "express", "--games", "1", "--scale", "none")
    assert code == 0
    lines = out.splitlines()
    [at] = [i for i, line in enumerate(lines) if "wild-draw-two may be played" in line]
    witness, game = lines[at + 2].strip(), lines[at + 3].strip()
    assert witness.startswith("witness: hand: ") and "deck" not in witness
    assert game == (
        "game: a trace of 2 steps, in `--format json` as witness.game.trace, for `unospec replay`"
    )


def test_a_file_named_like_a_built_in_edition_stays_that_file(
    capsys: Capture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user's edition file `express` (no suffix) given as `./express`: messages name it as
    typed, and its trace names `./express`, so replay plays the file, not the built-in
    Express (the trace said `express`, which replay read as the built-in)."""
    from unospec.editions import reference_in

    monkeypatch.chdir(tmp_path)
    text = builtin_path("express").read_text(encoding="utf-8")
    Path("express").write_text(text.replace('name = "express"', 'name = "house"'), "utf-8")
    code, _, _ = run(capsys, "play", "./express", "--trace-out", "t.json")
    assert code == 0 and json.loads(Path("t.json").read_text())["edition"] == "./express"
    replayed = run_json(capsys, "replay", "t.json", "--format", "json")
    assert (replayed["edition"], replayed["reference"], replayed["ok"]) == (
        "house",
        "./express",
        True,
    )
    assert reference_in("./express", tmp_path) == "./express"  # as explore writes it
    code, _, err = run(capsys, "show", "./missing")
    assert code == 2 and err.startswith("unospec: error: ./missing: cannot read")


def _parsers(parser: Any, words: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    import argparse

    yield words
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*words, name))


def test_every_command_prints_its_help(capsys: Capture) -> None:
    """`--help` of the program and of every command prints its usage and exits 0 (a `%` in
    a help text, which argparse formats, once made `unospec --help` a traceback)."""
    from unospec.arguments import build_parser

    for words in _parsers(build_parser()):
        with pytest.raises(SystemExit) as exit:
            main([*words, "--help"])
        assert exit.value.code == 0, words
        assert capsys.readouterr().out.startswith("usage: unospec"), words


@pytest.mark.parametrize(
    ("name", "played"),
    [
        ("classic", {}),
        ("classic-stacking", {"stacking": "equal-or-higher"}),
        ("classic-jump-in", {"jump_in": "identical-card"}),
        (
            "classic-draw-until-playable",
            {"drawing": "until-playable"},
        ),
        (SHORT_DRAW, {"reshuffle_when": "before-a-short-draw"}),
    ],
)
def test_show_names_the_house_rules_a_file_plays(
    capsys: Capture, name: str, played: dict[str, str]
) -> None:
    """`show` lists a house rule among the rules only where the file plays one, in JSON and
    as the text's `play.KEY` line (it listed none, so a house rule showed only as a reading)."""
    rules = run_json(capsys, "show", name)["rules"]
    assert {k: v for k, v in rules.items() if k in schema.HOUSE_RULES} == played
    code, out, _ = run(capsys, "show", name)
    assert code == 0
    for key, value in played.items():
        assert f"play.{key}" in out and f'"{value}"' in out
