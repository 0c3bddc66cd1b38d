"""A real Ctrl-C (SIGINT) to `unospec` at work with two processes: exit 130, the partial
results on stdout, and no process left behind.

Each command is started on far more work than it can do before the signal; the signal is
sent once its worker processes exist (read from /proc), so that it lands in the work.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/task").exists(), reason="needs Linux's /proc to see the workers"
)

INTERRUPTED = 130


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except FileNotFoundError:
        return []
    return [int(child) for child in text.split()]


def _running(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _cpu_seconds(pid: int) -> float:
    """The CPU time process `pid` has used (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interrupt_at_work(*argv: str) -> tuple[int, dict[str, Any], list[int]]:
    """Run `unospec ARGV --format json`, SIGINT it once its workers run; (exit code, JSON,
    the workers still alive once it exited). Then nothing of it is left running."""
    command = [sys.executable, "-m", "unospec", *argv, "--format", "json"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 120
        while len(_children(process.pid)) < 2:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.05)
        workers = _children(process.pid)
        time.sleep(1.0)  # into the work proper
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
        alive = [pid for pid in workers if _running(pid)]
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # a hung run, or workers it left behind
        process.wait()
    assert err.decode().strip() == "", err
    return process.returncode, json.loads(out), alive


@pytest.mark.slow
def test_ctrl_c_stops_simulate_with_the_games_played() -> None:
    code, data, alive = _interrupt_at_work(
        "simulate", "classic", "--games", "100000", "--jobs", "2"
    )
    assert code == INTERRUPTED
    assert data["interrupted"] is True
    assert 0 <= data["games"] < 100000
    assert data["invariant_violations"] == 0
    assert alive == []


@pytest.mark.slow
def test_ctrl_c_stops_explore_with_partial_statistics() -> None:
    """On the reference kernel, whose explorer spreads a level over processes."""
    code, data, alive = _interrupt_at_work(
        "explore", "nfl-cowboys", "--no-symmetry", "--jobs", "2", "--engine", "reference"
    )
    assert code == INTERRUPTED
    assert data["stopped"] == "interrupted" and data["complete"] is False
    assert data["distinct_states"] > 0
    assert data["violation"] is None
    assert alive == []


@pytest.mark.slow
def test_ctrl_c_stops_the_compiled_explorer_with_partial_statistics() -> None:
    """The compiled search returns to Python every slice of work, where Ctrl-C is heard:
    it stops within a moment, with what it counted (classic at two colours has 22 million
    states, minutes of work)."""
    command = [sys.executable, "-m", "unospec", "explore", "classic", "--scale", "colors=2",
               "--no-symmetry", "--format", "json"]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while _cpu_seconds(process.pid) < 3.5:  # loaded (about 2 s), and into the search
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the search never started"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        process.wait()
    data = json.loads(out)
    assert process.returncode == INTERRUPTED, err
    assert data["stopped"] == "interrupted" and data["complete"] is False
    assert data["distinct_states"] > 1000 and data["violation"] is None


@pytest.mark.slow
def test_ctrl_c_stops_check_and_names_what_was_not_checked() -> None:
    code, data, alive = _interrupt_at_work(
        "check", "express", "classic", "--games", "100000", "--jobs", "2"
    )
    assert code == INTERRUPTED
    assert data["ok"] is False and data["interrupted"] is True
    assert data["editions"] == []  # express's 100,000 games were still being played
    assert data["unchecked"] == ["express", "classic"]
    assert alive == []


def test_ctrl_c_while_the_command_loads_is_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in the tenth of a second the command takes to load (before `main` handles
    it) is exit 130 with one line, not a traceback: the console script's `run` loads the
    command inside its own guard. The import that the signal interrupts is simulated."""
    from unospec.__main__ import run

    class Interrupted:
        def find_spec(self, name: str, *args: object) -> None:
            if name == "unospec.cli":
                raise KeyboardInterrupt

    monkeypatch.delitem(sys.modules, "unospec.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    with pytest.raises(SystemExit) as stop:
        run()
    assert stop.value.code == INTERRUPTED
    assert capsys.readouterr().err == "unospec: interrupted\n"
