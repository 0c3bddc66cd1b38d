"""A card no code knows, made of primitives the code has, in a user's temporary edition file:
`unospec check` runs every check on it, with no Python change (issue 35's promise)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario import WILD_REVERSE_DRAW_FOUR, edition_file

from unospec.cli import main

NEW_BRANCH = "choosing_color --choose_color [plays_draw_card]--> table_draws"
"""The transition a wild that makes the next player draw takes, which no built-in card does."""


@pytest.mark.slow
def test_check_runs_a_new_card_written_in_the_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Classic with four Wild Reverse Draw Fours, a kind of the file's own: every check
    passes, the games and the exploration play the card (its transition fires), conformance
    holds the engine to the reference on it, and the proofs prove its draw conserved."""
    path = edition_file(tmp_path, "classic", "reverse-draw", *WILD_REVERSE_DRAW_FOUR)
    code = main(["check", str(path), "--games", "200", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    (checked,) = report["editions"]
    checks = {c["name"]: c for c in checked["checks"]}
    assert code == 0 and checked["ok"], [c["detail"] for c in checks.values() if not c["ok"]]
    assert checks["random-games"]["data"]["rules_fired"][NEW_BRANCH] > 0
    assert checks["exploration"]["data"]["coverage"][NEW_BRANCH] > 0
    assert checks["conformance"]["ok"] and checks["conformance"]["data"]["states_compared"] > 0
    proofs = {q["name"]: q["verdict"] for q in checks["proofs"]["data"]["queries"]}
    assert proofs[f"card-conservation: {NEW_BRANCH}"] == "proved"
