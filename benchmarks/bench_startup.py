"""Start-up of the commands that run no engine, and the engine's load with a warm cache
(issue 38), for one or more trees side by side, the trees in turn in each round.

    python benchmarks/bench_startup.py [--rounds N] [--only NAME ...] [PYTHON ...]

Each PYTHON is a tree's interpreter (default: this one), run as `PYTHON -m unospec ...` with
its `.pyc` as it finds them (compile a tree first: `python -m compileall -q TREE`; this shell
may set `PYTHONDONTWRITEBYTECODE=1`). For each command and tree it prints the medians of
`--rounds` runs of:

- `first`: seconds from the start of the process to its first byte of output (stdout or
  stderr), what a user waits for;
- `wall`: seconds to the end of the process;
- `cpu`: its user and system seconds (the operating system's accounting of the child: on a
  busy machine a steadier figure than wall time);
- `imports`: the seconds `-X importtime` counts in the imports of one further run, and which
  of numba, the compiled engine (`unospec.checks.engines.compiled`), scipy and z3 it loaded.

`engine-load` is `explore classic --max-states 10`: the engine read from its cache (the tree's
own, warm: run it once before) and a first compiled call; `import-numba` is `PYTHON -c
"import numba"`, the floor under it. No figure here is a test.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
TRACE = str(TREE / "tests" / "golden" / "inputs" / "scaled-classic-trace.json")

UNOSPEC = ["-m", "unospec"]
COMMANDS: dict[str, list[str]] = {
    "help": [*UNOSPEC, "--help"],
    "show": [*UNOSPEC, "show", "classic"],
    "prove": [*UNOSPEC, "prove", "classic"],
    "lint": [*UNOSPEC, "lint", "classic", "--games", "0", "--scale", "none"],
    "replay": [*UNOSPEC, "replay", TRACE],
    "diagram": [*UNOSPEC, "diagram", "classic", "--format", "dot"],
    "diff": [*UNOSPEC, "diff", "classic", "express", "--scale", "none"],
    "engine-load": [*UNOSPEC, "explore", "classic", "--max-states", "10"],
    "import-numba": ["-c", "import numba"],
}
"""What each measurement runs after `PYTHON`: `lint` with neither random games nor an
exploration and `diff` with no exploration (the engine runs in none of these), the engine's
load, and numba's import alone (the engine's load cannot be faster)."""

WATCHED = {
    "numba": re.compile(r"\|\s*numba$"),
    "compiled": re.compile(r"\|\s*unospec\.checks\.engines\.compiled$"),
    "scipy": re.compile(r"\|\s*scipy$"),
    "z3": re.compile(r"\|\s*z3$"),
}


def timed(python: str, args: list[str]) -> tuple[float, float, float, int]:
    """Seconds to the first byte of output and to the end, CPU seconds (user and system,
    the child's own: less moved by other work on the machine than wall time), and the exit
    code."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    started = time.perf_counter()
    process = subprocess.Popen(
        [python, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    assert process.stdout is not None
    process.stdout.read(1)
    first = time.perf_counter() - started
    process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    return first, wall, usage.ru_utime + usage.ru_stime, process.returncode


def imports(python: str, args: list[str]) -> tuple[float, list[str]]:
    """Seconds of imports as `-X importtime` counts them (its top-level rows), and which of
    `WATCHED` were imported."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(
        [python, "-X", "importtime", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    rows = [
        line
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "cumulative" not in line
    ]
    total = 0
    for line in rows:
        _, cumulative, name = line.split("|")
        if not name.startswith("  ") and name.strip():  # a top-level import: its whole cost
            total += int(cumulative)
    loaded = [what for what, row in WATCHED.items() if any(row.search(r) for r in rows)]
    return total / 1e6, loaded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pythons", nargs="*", default=[sys.executable])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", nargs="+", choices=sorted(COMMANDS), default=list(COMMANDS))
    args = parser.parse_args()
    for name in args.only:
        command = COMMANDS[name]
        firsts: dict[str, list[float]] = {p: [] for p in args.pythons}
        walls: dict[str, list[float]] = {p: [] for p in args.pythons}
        cpus: dict[str, list[float]] = {p: [] for p in args.pythons}
        codes: dict[str, set[int]] = {p: set() for p in args.pythons}
        for _ in range(args.rounds):
            for python in args.pythons:  # the trees in turn, round by round
                first, wall, cpu, code = timed(python, command)
                firsts[python].append(first)
                walls[python].append(wall)
                cpus[python].append(cpu)
                codes[python].add(code)
        for python in args.pythons:
            seconds, loaded = imports(python, command)
            print(
                f"{name:<12} {python:<36} first {statistics.median(firsts[python]):6.3f} s  "
                f"wall {statistics.median(walls[python]):6.3f} s  "
                f"cpu {statistics.median(cpus[python]):6.3f} s  imports {seconds:6.3f} s  "
                f"exit {','.join(map(str, sorted(codes[python])))}  "
                f"loads {' '.join(loaded) or '-'}",
                flush=True,
            )


if __name__ == "__main__":
    main()
