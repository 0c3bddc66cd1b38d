"""The benchmark scripts still run and still measure what they say (no time is asserted).

A floor benchmark replaces the rules and the invariants by their recorded results; if a
module stopped calling them through the names it replaces, the "free" run would silently
cost as much as the real one. `Replay.finished` refuses that, and these runs go through it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from free_calls import Replay  # noqa: E402


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_the_explorer_floor_replays_every_call_it_records() -> None:
    out = _run("bench_explore_floor.py", "--scale", "pair", "--rounds", "1", "express")
    assert re.search(r"^express at pair: \d+ states; calls: \d+ run", out, re.M)
    for setup in ("nothing free", "rules free", "invariants free", "all three free"):
        assert f"round 1  {setup}" in out


def test_the_simulate_ab_benchmark_prints_its_four_columns() -> None:
    out = _run("ab_simulate.py", "20")
    columns = out.strip().split(" | ")
    names = [" ".join(c.split()[:2]) for c in columns]
    assert names == ["p2 invoff", "p2 invon", "p4 invoff", "p4 invon"]
    assert all(float(c.split()[2]) > 0 for c in columns)


@pytest.mark.slow
def test_the_step_benchmark_times_the_loop_alone() -> None:
    out = _run("bench_step.py", "--games", "1", "--repeats", "1", "express")
    header, row = out.splitlines()
    assert header.split()[-2:] == ["loop", "alone"]
    assert row.split()[0] == "express" and len(row.split()) == 5


def test_the_startup_benchmark_reports_each_command_and_what_it_loads() -> None:
    out = _run("bench_startup.py", "--rounds", "1", "--only", "help", "show")
    rows = out.strip().splitlines()
    assert [row.split()[0] for row in rows] == ["help", "show"]
    assert all(
        re.search(
            r"first +[\d.]+ s +wall +[\d.]+ s +cpu +[\d.]+ s +imports +[\d.]+ s +exit 0 +loads -$",
            row,
        )
        for row in rows
    )


def test_a_replay_that_leaves_results_unused_is_refused() -> None:
    log: dict[str, list[object]] = {"run": [1, 2], "legal": [], "invariants": []}
    real = {name: (lambda *args: None) for name in log}
    replay = Replay(real, log, ("run",))
    assert replay.functions["run"]() == 1
    with pytest.raises(SystemExit, match="results of run unused"):
        replay.finished()
    with pytest.raises(SystemExit, match="nothing was recorded for legal"):
        Replay(real, log, ("legal",))


@pytest.mark.slow
def test_the_engine_benchmark_explores_to_the_end_and_compares_with_the_reference() -> None:
    out = _run(
        "bench_engine.py", "--scale", "micro", "--jobs", "1", "2", "--reference-states", "500",
        "express",
    )  # fmt: skip
    one, two, reference = out.splitlines()
    assert one.startswith("engine, 1 job") and " 31,648 states " in one and "70,450" in one
    assert two.startswith("engine, 2 jobs") and " 31,648 states " in two
    assert reference.startswith("reference") and "500 states (stopped: max-states)" in reference


@pytest.mark.slow
def test_the_stats_benchmark_times_both_paths_on_the_same_games() -> None:
    out = _run("bench_stats.py", "--games", "200", "--rounds", "1")
    assert re.search(
        r"^round 1  simulate +\d+ games/s .* stats +\d+ games/s .* costs [+-]", out, re.M
    )


@pytest.mark.slow
def test_the_stats_benchmark_times_each_policy_on_the_same_games() -> None:
    out = _run(
        "bench_stats.py", "--games", "50", "--rounds", "1", "--policies", "heuristic", "eager"
    )
    assert re.search(r"^round 1  heuristic +\d+ games/s .*  eager +\d+ games/s", out, re.M)


def test_every_seeded_kernel_bug_still_applies() -> None:
    """`benchmarks/mutants.py`: each seeded bug's text is still once in its function, so
    that `bench_sample.py --mutants` measures a bug, not a refusal. (Nine had gone stale as
    the rules moved into the primitives; conformance at `micro` catches all 28 again.)"""
    from mutants import MUTANTS, applied

    for mutant in MUTANTS:
        with applied(mutant):
            pass
