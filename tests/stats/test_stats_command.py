"""`unospec stats` on the command line: the JSON contract, a user's file, every built-in
edition, and the errors a user can act on."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from scenario import SINGLE_HAND, edition_file

from unospec.cli import main

Capture = pytest.CaptureFixture[str]
BUILTINS = ("classic", "express", "nfl-cowboys", "nfl-players", "star-wars", "super-bowl-lvii")


def _json(capsys: Capture, *argv: str) -> dict[str, Any]:
    code = main(["stats", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_edition_has_its_statistics(capsys: Capture, name: str) -> None:
    data = _json(capsys, name, "--games", "200", "--single-hand")
    names = {m["name"] for m in data["metrics"]}
    assert {"turns_per_game.mean", "win_share.seat_0", "hand_endings.number.share"} <= names
    for m in data["metrics"]:
        low, high = m["ci"]
        assert low <= m["value"] <= high, m
        assert m["method"] and m["edition"] == name and m["players"] == 4


def test_the_json_carries_the_contracts_keys(capsys: Capture, tmp_path: Path) -> None:
    """Two editions, two table sizes, a user's own file as the second."""
    mine = edition_file(tmp_path, "express", "my-express", *SINGLE_HAND,
                        ("hand_size = 5", "hand_size = 6"))  # fmt: skip
    data = _json(capsys, "express", str(mine), "--games", "300", "--players", "2", "3",
                 "--policy", "random", "--seed", "4")  # fmt: skip
    assert data["editions"] == ["express", "my-express"] and data["players"] == [2, 3]
    assert (data["policy"], data["games"], data["seed"]) == ("random", 300, 4)
    assert data["sampling"] == "independent" and data["plots"] == []
    assert {"seconds", "games_per_second", "distributions", "unfinished"} <= data.keys()
    metric = data["metrics"][0]
    assert set(metric) >= {"name", "edition", "players", "value", "ci", "method"}
    assert {m["players"] for m in data["metrics"]} == {2, 3}
    row = data["comparison"][0]
    assert set(row) >= {"metric", "players", "difference", "ci", "test", "p", "p_adjusted",
                        "significant"}  # fmt: skip
    assert all(r["p_adjusted"] >= r["p"] for r in data["comparison"])


def test_one_edition_has_no_comparison(capsys: Capture) -> None:
    data = _json(capsys, "express", "--games", "100", "--single-hand")
    assert data["comparison"] is None


def test_the_text_table_marks_significant_differences(capsys: Capture) -> None:
    code = main(["stats", "classic", "express", "--games", "600", "--single-hand"])
    out = capsys.readouterr().out
    assert code == 0
    assert "express minus classic:" in out and "\n* turns_per_hand.mean" in out


def _usage_error(capsys: Capture, *argv: str) -> str:
    code = main(["stats", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1, (code, err)
    assert err.startswith("unospec: error: ")
    return err


def test_a_table_the_edition_does_not_seat_is_one_error_line(capsys: Capture) -> None:
    assert "players" in _usage_error(capsys, "classic", "--players", "11", "--games", "10")


def test_a_malformed_cluster_address_is_one_error_line(capsys: Capture) -> None:
    err = _usage_error(capsys, "express", "--cluster", "localhost", "--games", "10")
    assert "local:N" in err and "'localhost'" in err


@pytest.mark.slow
def test_a_cluster_that_does_not_answer_is_one_error_line_within_ten_seconds(
    capsys: Capture,
) -> None:
    started = time.monotonic()
    err = _usage_error(capsys, "express", "--cluster", "tcp://127.0.0.1:9", "--games", "10")
    assert time.monotonic() - started < 10 and "tcp://127.0.0.1:9" in err


@pytest.mark.slow
def test_a_cluster_run_gives_the_local_result(capsys: Capture) -> None:
    """Two workers of a LocalCluster play the chunks: the same JSON as one process."""
    argv = ("express", "classic", "--games", "2100", "--single-hand", "--seed", "3")
    local = _json(capsys, *argv)
    clustered = _json(capsys, *argv, "--cluster", "local:2")
    for data in (local, clustered):
        data["seconds"] = data["games_per_second"] = 0
    assert local == clustered
