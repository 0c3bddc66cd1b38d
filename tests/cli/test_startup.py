"""The commands that never run the compiled engine start without importing numba (a second
and a half of import alone) or the compiled engine: the principle that only commands running
the engine load it. Each runs as a user runs it, `python -X importtime -m unospec ...`, and
the modules it imported are read from that report (no time is asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

TRACE = Path(__file__).resolve().parents[1] / "golden" / "inputs" / "scaled-classic-trace.json"
ENGINE = ("numba", "unospec.checks.engines.compiled")


def imported(command: list[str], cwd: Path) -> set[str]:
    """The modules `unospec COMMAND` imports, as `-X importtime` lists them."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "unospec", *command],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=cwd,
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]  # 1: editions that differ
    return set(re.findall(r"^import time:.*\|\s*(\S+)$", done.stderr, re.M))


@pytest.mark.parametrize(
    "command",
    [
        ["--help"],
        ["show", "classic"],
        ["prove", "classic"],
        ["editions"],
        ["lint", "classic", "--games", "0", "--scale", "none"],
        ["replay", str(TRACE)],
        ["diff", "classic", "express", "--scale", "none"],
        ["diagram", "classic", "--format", "dot", "--out", "OUT"],
        ["conform", "classic", "--engine", "reference", "--max-states", "20", "--games", "1"],
    ],
    ids=lambda command: command[0],
)
def test_a_command_that_runs_no_engine_imports_neither_numba_nor_the_engine(
    command: list[str], tmp_path: Path
) -> None:
    command = [str(tmp_path) if part == "OUT" else part for part in command]
    loaded = imported(command, tmp_path)
    assert "unospec.cli" in loaded  # the report was read
    assert not [name for name in ENGINE if name in loaded]


def test_a_command_that_runs_the_engine_is_seen_to_import_it(tmp_path: Path) -> None:
    """The probe can fail: `explore` loads both; not scipy's linear algebra, which numba's
    BLAS probe would import (`jit._without_the_blas_probe`)."""
    loaded = imported(["explore", "classic", "--max-states", "10"], tmp_path)
    assert all(name in loaded for name in ENGINE)
    assert "numba.np.arraymath" in loaded and "scipy.linalg" not in loaded
