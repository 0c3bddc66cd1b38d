"""Rendering: the real `dot` draws pictures; without it, one line says how to install it."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from unospec.arguments import add_diagram_arguments as add_arguments
from unospec.cli import main
from unospec.commands.diagram import run
from unospec.diagrams.render import draw
from unospec.model.errors import InputError


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_dot_draws_svg_and_png() -> None:
    """SVG comes back as XML and PNG with its signature."""
    assert draw("digraph { a -> b }", "svg").lstrip().startswith(b"<?xml")
    assert draw("digraph { a -> b }", "png").startswith(b"\x89PNG")


def test_a_missing_dot_is_an_input_error_with_install_advice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With no `dot` on PATH, drawing raises one line that names the install command."""
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(InputError, match="apt-get install graphviz") as raised:
        draw("digraph { a -> b }", "svg")
    assert "\n" not in str(raised.value)
    with pytest.raises(InputError, match="install"):
        run(args("express", "--format", "png", "--out", str(tmp_path)))


def test_text_formats_need_no_binary(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DOT and Mermaid are written without `dot` on PATH."""
    monkeypatch.setenv("PATH", str(tmp_path))
    assert main(["diagram", "express", "--format", "dot"]) == 0
    assert capsys.readouterr().out.startswith('digraph "express"')
    assert main(["diagram", "express", "--format", "mermaid"]) == 0
    assert "flowchart TB" in capsys.readouterr().out


def test_without_dot_a_deck_or_storyboard_is_not_offered_mermaid(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The advice names only the text formats that can draw what was asked: Mermaid draws
    turn flows and diffs, not a deck or a storyboard (it offered `dot or mermaid` for all,
    and made the `--out` folder before refusing)."""
    monkeypatch.setenv("PATH", str(tmp_path))
    folder = tmp_path / "pictures"
    with pytest.raises(InputError) as raised:
        run(args("express", "--deck", "--out", str(folder)))
    assert str(raised.value).endswith("or ask for --format dot") and not folder.exists()
    with pytest.raises(InputError) as raised:
        run(args("express", "--out", str(folder)))
    assert str(raised.value).endswith("or ask for --format dot or mermaid")
    assert not folder.exists()
