"""Ctrl-C: the long checks stop at once, keep what they found, and leave no process behind.

A KeyboardInterrupt raised from the progress callback stands for Ctrl-C: it arrives in the
parent process, between two batches of work, as a real one most often does.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from budget import time_limit
from scenario import edition

from unospec.checks.analyses.diff import conclusions as diff
from unospec.checks.analyses.lint.coverage import coverage
from unospec.checks.engines import explore_job
from unospec.checks.engines.simulate import run_games
from unospec.checks.jobs.main_check import CheckInterrupted, check_editions, fingerprints_now
from unospec.cli import main


def _interrupt_after(batches: int, label_start: str = "") -> Callable[[str, int, int], None]:
    """A progress callback that raises KeyboardInterrupt once `batches` have reported."""
    seen: list[int] = []

    def progress(label: str, done: int, total: int) -> None:
        if label.startswith(label_start) and done:
            seen.append(done)
            if len(seen) == batches:
                raise KeyboardInterrupt

    return progress


@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_ctrl_c_stops_a_simulation_and_its_workers(jobs: int) -> None:
    """The games played so far are kept, marked interrupted; no worker goes on playing."""
    games = 4000  # far more than are played before the interrupt
    with time_limit(120):  # the games queued for the workers are not played to the end
        tally, _ = run_games(
            edition("classic"),
            games,
            jobs=jobs,
            progress=_interrupt_after(2),
            policy="eager",
            partial_on_interrupt=True,
        )
    assert tally.interrupted
    assert 0 < tally.games < games
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_ctrl_c_in_check_keeps_the_editions_checked_and_names_the_rest(jobs: int) -> None:
    """An interrupted sample is no verdict: the check stops instead of failing classic and
    going on with star-wars. On two processes express's last games may still be running
    when classic's first are in: it is then unchecked too, never reported half done."""
    with pytest.raises(CheckInterrupted) as stop:
        check_editions(
            ["express", "classic", "star-wars"],
            games=400,
            jobs=jobs,
            scale=None,
            progress=_interrupt_after(1, "classic"),
        )
    checked = [report.name for report in stop.value.reports]
    assert checked == (["express"] if jobs == 1 else checked[:1])
    assert all(report.ok for report in stop.value.reports)
    assert checked + stop.value.unchecked == ["express", "classic", "star-wars"]
    assert stop.value.during == stop.value.unchecked[0]
    assert multiprocessing.active_children() == []


def test_ctrl_c_in_lint_coverage_is_not_taken_for_dead_rules() -> None:
    """Rules that a cut-short sample never fired would be reported as dead."""
    with pytest.raises(KeyboardInterrupt):
        coverage(edition("express"), 2000, None, _interrupt_after(1))


def _explorations_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every exploration started on the compiled engine (`explore_job.explore_compiled`, which
    the jobs and `diff` import) gets Ctrl-C after its first level."""
    real = explore_job.explore_compiled

    def interrupted(*args: Any, **options: Any) -> Any:
        def stop(states: int, depth: int) -> None:
            raise KeyboardInterrupt

        return real(*args, **{**options, "progress": stop})

    monkeypatch.setattr(explore_job, "explore_compiled", interrupted)


def test_ctrl_c_during_baseline_save_saves_nothing_cut_short(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cut-short exploration's state counts would become the baseline every later check
    is held to."""
    _explorations_interrupted(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        fingerprints_now([edition("express")], "micro", games=0, jobs=1)
    code = main(
        ["baseline", "save", "express", "classic", "--out", str(tmp_path), "--format", "json"]
    )
    assert code == 130
    assert json.loads(capsys.readouterr().out) == {
        "written": [],
        "interrupted": True,
        "not_saved": ["express", "classic"],
    }
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_in_diff_is_no_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cut-short exploration's coverage would differ from the other edition's."""
    _explorations_interrupted(monkeypatch)  # diff imports `explore_compiled` when it explores
    diff.conclusions.cache_clear()  # an earlier test may have explored these already
    with pytest.raises(KeyboardInterrupt):
        diff.conclusions(edition("express"), "micro", 2)


def test_one_ctrl_c_sent_twice_is_one_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`timeout -s INT` signals the process and then its group: the second SIGINT, a moment
    after the first, cut short the printing of the partial results (once in about eight
    runs, `simulate --jobs 2` printed nothing). Within a second, it is the same Ctrl-C."""
    import os
    import signal
    import time

    from unospec import cli

    def command(args: object) -> int:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.5)
        except KeyboardInterrupt:
            os.kill(os.getpid(), signal.SIGINT)  # the group's copy of the same Ctrl-C
            time.sleep(0.2)
            print("partial results")
            return 130
        return 0

    monkeypatch.setitem(cli.HANDLERS, "editions", command)
    before = signal.getsignal(signal.SIGINT)
    assert main(["editions"]) == 130
    assert capsys.readouterr().out == "partial results\n"
    assert signal.getsignal(signal.SIGINT) is before  # main's own handler is gone once it returns


def test_a_simulation_stopped_before_its_first_game_names_no_table() -> None:
    """Ctrl-C before any game ends: no table was played, so `players` is null, not the
    `[0, 0]` it once said (no edition seats no one: Set Up), and the text says so."""
    from unospec.checks.engines.simulate import Tally, simulation_json
    from unospec.views.runs import simulate_text

    data = simulation_json(edition("classic"), Tally(interrupted=True), 0.1, check=True)
    assert data["games"] == 0 and data["players"] is None
    assert "classic: 0 games of any table" in simulate_text(data)
    played, _ = run_games(edition("classic"), 3, policy="eager")
    assert simulation_json(edition("classic"), played, 1.0, check=True)["players"] == [2, 4]
