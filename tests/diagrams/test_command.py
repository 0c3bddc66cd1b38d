"""`unospec diagram`: its arguments, the files it writes and its input errors."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from drawn import nodes, parse_svg
from scenario import edition

from unospec.arguments import add_diagram_arguments as add_arguments
from unospec.checks.engines.random_play import record_game
from unospec.cli import main
from unospec.commands.diagram import run
from unospec.diagrams.pictures import every_picture
from unospec.editions import builtin_names, builtin_path
from unospec.model.errors import InputError


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_all_writes_a_flow_a_deck_and_a_diff_per_edition(tmp_path: Path) -> None:
    """`--all --format dot` writes each edition's flow and deck, and its diff against classic."""
    assert run(args("--all", "--format", "dot", "--out", str(tmp_path)))
    written = {p.stem for p in tmp_path.glob("*.dot")}
    names = builtin_names()
    expected = {*names, *(f"{n}-deck" for n in names)}
    expected |= {f"{n}-vs-classic" for n in names if n != "classic"}
    assert written == expected == {p.stem for p in every_picture()}


def test_one_edition_as_svg_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An edition's turn flow is written in the format asked for, and its path printed."""
    assert run(args("express", "--out", str(tmp_path))) == [tmp_path / "express.svg"]
    assert main(["diagram", "express", "--deck", "--format", "png", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "express.svg").exists() and (tmp_path / "express-deck.png").exists()
    assert capsys.readouterr().out == f"{tmp_path / 'express-deck.png'}\n"


def test_a_trace_is_drawn_as_a_storyboard(tmp_path: Path) -> None:
    """`--trace` draws the trace's storyboard, named after the trace file, against the
    edition the trace names; an EDITION given as well is named in the file too, so drawing
    one trace against two editions keeps both pictures."""
    trace = record_game(edition("express"), 2, seed=3).trace
    data = trace.to_json()
    data["steps"] = data["steps"][:4]
    file = tmp_path / "game.json"
    file.write_text(json.dumps(data))
    assert run(args("--trace", str(file), "--out", str(tmp_path)))
    drawn = nodes(parse_svg((tmp_path / "game-storyboard.svg").read_bytes()))
    assert {"step0", "step3"} <= set(drawn)
    assert run(args("express", "--trace", str(file), "--out", str(tmp_path)))
    again = (tmp_path / "game-express-storyboard.svg").read_bytes()
    assert again == (tmp_path / "game-storyboard.svg").read_bytes()


def test_a_copy_of_a_built_in_is_drawn_against_it_under_its_file_name(tmp_path: Path) -> None:
    """A user's copy still named `classic`, diffed against the built-in classic, gives
    `house-vs-classic.svg` (it wrote `classic-vs-classic.svg`, whatever the copy)."""
    copy = tmp_path / "house.toml"
    copy.write_text(builtin_path("classic").read_text(encoding="utf-8"), encoding="utf-8")
    assert run(args(str(copy), "--diff", "classic", "--out", str(tmp_path)))
    assert (tmp_path / "house-vs-classic.svg").is_file()
    assert run(args(str(copy), "--diff", "classic", "--format", "dot", "--out", str(tmp_path)))
    dot = (tmp_path / "house-vs-classic.dot").read_text(encoding="utf-8")
    # named by file, not "classic against classic" with both legend marks for one name
    assert f"{copy} against classic" in dot and "only in classic" in dot
    assert f"only in {copy}" in dot


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ((), "expected an EDITION"),
        (("--all", "express"), "drop 'express'"),
        (("express", "--deck", "--format", "mermaid"), "drawn by Graphviz"),
        (("nope",), "unknown edition 'nope'"),
        (("express", "--diff", "nope"), "unknown edition 'nope'"),
        (("express", "--trace", "missing.json"), "cannot read the trace"),
    ],
)
def test_bad_input_is_one_input_error(argv: tuple[str, ...], message: str) -> None:
    """A bad command line raises `InputError` (the CLI's one stderr line and exit 2)."""
    with pytest.raises(InputError, match=message):
        run(args(*argv))
