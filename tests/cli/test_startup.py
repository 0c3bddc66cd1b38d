"""The commands that never run the compiled engine start without importing numba (a second
and a half of import alone): the principle that only commands running the engine load it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    "command",
    [
        ["show", "classic"],
        ["prove", "classic"],
        ["editions"],
        ["diagram", "classic", "--format", "dot", "--out", "OUT"],
        ["conform", "classic", "--engine", "reference", "--max-states", "20", "--games", "1"],
    ],
    ids=lambda command: command[0],
)
def test_a_command_that_runs_no_engine_does_not_import_numba(
    command: list[str], tmp_path: Path
) -> None:
    command = [str(tmp_path) if part == "OUT" else part for part in command]
    probe = (
        "import sys\n"
        "from unospec.cli import main\n"
        "try:\n"
        f"    main({command!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('numba' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.stderr.strip().splitlines()[-1] == "False", done.stderr[-2000:]
