"""docs/conformance.md's adapter, run as written: it agrees with the reference through
`unospec conform --engine module:factory`; the same adapter with a Skip that passes the
turn to the next player is caught, with a trace `unospec replay` reads; and each way of
naming a bad engine is one line and exit 2."""

from __future__ import annotations

import json
import re
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from unospec.checks.engines.conformance import engines
from unospec.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "conformance.md"
SKIP_TO_NEXT = """        if self.edition.faces.faces[getattr(action, "card", 0)].kind == "skip":
            after = after._replace(current=(action.player + 1) % after.players)
        return Stepped(self.encode(after))
"""


def _example() -> str:
    """The one Python block of docs/conformance.md."""
    (code,) = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    return str(code)


def _on_path(folder: Path, name: str, code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    (folder / f"{name}.py").write_text(code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    sys.modules.pop(name, None)


def test_the_documented_adapter_agrees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _on_path(tmp_path, "dict_engine", _example(), monkeypatch)
    argv = ["conform", "classic", "--engine", "dict_engine:open_rules", "--max-states", "2000"]
    assert main([*argv, "--games", "0"]) == 0
    assert "classic: the dict-engine engine agrees with the reference kernel" in (
        capsys.readouterr().out
    )


def test_the_documented_adapter_with_a_wrong_skip_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _example()
    line = "        return Stepped(self.encode(after))\n"
    assert code.count(line) == 1
    _on_path(tmp_path, "skipping_engine", code.replace(line, SKIP_TO_NEXT), monkeypatch)
    out = tmp_path / "differs.json"
    argv = ["conform", "classic", "--engine", "skipping_engine:open_rules", "--games", "0"]
    assert main([*argv, "--trace-out", str(out), "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["first_difference"]
    assert found["what"] == "outcome" and "skip" in found["action"]["card"]
    assert main(["replay", str(out), "--format", "json"]) == 0  # the reference's own steps
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["steps"] == len(found["trace"]["steps"])


def _fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("engine", "said"),
    [
        ("nosuch", "--engine nosuch: expected compiled, reference, rlcard, an entry point"),
        ("no_such_module:open", "--engine no_such_module:open: no module named"),
        ("math:pi", "expected a factory (edition, players) -> Rules, found float"),
        ("math:nothing", "module math has no 'nothing'"),
        ("json:dumps", "the factory raised TypeError"),
        ("builtins:slice", "expected the factory to return a Rules, found slice without name"),
    ],
)
def test_a_bad_engine_is_one_line(
    engine: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _fails(["conform", "express", "--engine", engine, "--max-states", "10"], capsys)
    assert err.startswith("unospec: error: ") and said in err, err


def test_an_engine_is_found_by_its_entry_point(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An installed package's engine by name; one whose module needs an extra not installed
    names the extra and how to install it."""
    points = [
        EntryPoint("by-name", "unospec.checks.engines.conformance.reference:ReferenceRules",
                   engines.GROUP),
        EntryPoint("needs-extra", "not_installed_pkg.adapter:open [fancy]", engines.GROUP),
    ]  # fmt: skip
    monkeypatch.setattr(engines, "entry_points", lambda group: points)
    argv = ["conform", "express", "--max-states", "200", "--games", "0"]
    assert main([*argv, "--engine", "by-name"]) == 0
    assert "the reference engine agrees" in capsys.readouterr().out
    err = _fails([*argv, "--engine", "needs-extra"], capsys)
    assert "not_installed_pkg is not installed" in err and "[fancy]'" in err, err
    assert engines.available() == ["compiled", "reference", "by-name", "needs-extra"]


def test_the_wrong_skip_is_one_kind_and_a_known_file_accepts_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """conformance.md's `--all-differences` run: the wrong Skip is one kind met in many
    states; the file `--known-out` writes then passes the same engine, and the documented
    one as written (which checks no invariant) is said to be skipped there."""
    code = _example().replace("        return Stepped(self.encode(after))\n", SKIP_TO_NEXT)
    _on_path(tmp_path, "skipping_engine", code, monkeypatch)
    known = tmp_path / "known.json"
    argv = ["conform", "classic", "--engine", "skipping_engine:open_rules", "--games", "0",
            "--max-states", "1500"]  # fmt: skip
    assert main([*argv, "--all-differences", "--known-out", str(known)]) == 1
    out = capsys.readouterr().out
    assert "1 kind of difference:" in out and " x outcome: play:skip: fields current" in out
    assert "corrupted states: skipped: the engine checks no invariant" in out, out
    assert main([*argv, "--known", str(known)]) == 0
    assert "known (" in capsys.readouterr().out
