"""Capture the golden outputs that `test_json_unchanged.py` compares against.

Regenerate them ONLY for a deliberate change of the CLI's JSON contract (a key added, a
value computed differently on purpose), never to make a failing restructuring pass: the point
of these files is that moving code around changes none of them. The files in this folder
were captured from commit a6d3d22d09a285bd9e490868a173993a6b668701 (a separate checkout of
it, installed non-editable into its own venv).
The `simulate-*.json` files were captured again (`--out` a temporary folder, those files
copied back) when the compiled engine's turns per hand were fixed: every game of a batch but
the first read as 0 turns, so `mean_turns` and `median_turns` were wrong; nothing else moved.
All the files were captured again (from the working tree's own install) when card effects
became data (issue 35):
`test_json_unchanged.py`'s docstring lists the keys that moved and why.

    python tests/golden/capture.py [--python PYTHON] [--out DIR] [--raw] [--jobs N]

Each invocation of `INVOCATIONS` runs as `PYTHON -m unospec ARGV` (PYTHON: the interpreter
whose installed unospec is captured; default this one), in a fresh temporary folder holding a
copy of `inputs/`, so that every path in the output is relative and the same on each run.
It writes, into --out (default: this folder), each invocation's stdout (normalised, see
`golden_json.normalise`) and each file it writes, and `commands.toml`: the manifest the test
reads, with each invocation's exit code. --raw skips the normalisation (to find what varies:
capture twice with --raw into two folders and compare them).
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from golden_json import HERE, INPUTS, MANIFEST, normalise, written_golden

BUILT_IN = ("classic", "express", "nfl-cowboys", "nfl-players", "star-wars", "super-bowl-lvii")
USER = "house-express.toml"
"""A user edition given by path: express with another name and title, the target score 150,
and `variant_of = "express"` (so `diff house-express.toml` compares the two)."""

PLAY_SEED = {
    "classic": 11,
    "express": 2,
    "nfl-cowboys": 4,
    "nfl-players": 4,
    "star-wars": 5,
    "super-bowl-lvii": 5,
    USER: 8,
}
"""Seeds of short games (of seeds 0-11), to keep the golden logs small."""

J = "--format json"


def _invocations() -> list[tuple[str, list[str], list[str]]]:
    """(name, argv, files written relative to the invocation's folder), in the order run."""
    runs: list[tuple[str, str, list[str]]] = [("editions", f"editions {J}", [])]
    for edition in (*BUILT_IN, USER):
        n = edition.removesuffix(".toml")
        runs += [
            (f"show-{n}", f"show {edition} {J}", []),
            (f"prove-{n}", f"prove {edition} {J}", []),
            (f"lint-{n}", f"lint {edition} --games 20 --scale micro {J}", []),
            (f"explore-{n}", f"explore {edition} {J}", []),
            (f"simulate-{n}", f"simulate {edition} --games 50 {J}", []),
            (f"conform-{n}", f"conform {edition} --games 2 --max-states 2000 {J}", []),
        ]
        if edition == USER:  # and the trace file, naming the edition relative to it
            play = f"play {edition} --seed {PLAY_SEED[edition]} --trace-out trace.json {J}"
            runs.append((f"play-{n}", play, ["trace.json"]))
        else:
            runs.append((f"play-{n}", f"play {edition} --seed {PLAY_SEED[edition]} {J}", []))
    game = "house-express-game.json"  # a trace `play` wrote, naming house-express.toml
    runs += [
        ("replay-game", f"replay {game} {J}", []),
        ("replay-override", f"replay {game} --edition express {J}", []),
        # a usage error: the trace's deck is not classic's (exit 2, nothing on stdout)
        ("replay-wrong-deck", f"replay {game} --edition classic {J}", []),
        ("replay-scaled", f"replay scaled-classic-trace.json {J}", []),
        ("replay-illegal", f"replay illegal-trace.json {J}", []),  # exit 1: an illegal play
        ("lint-sarif", f"lint express {USER} --games 10 --scale none --format sarif", []),
        ("lint-two", f"lint classic {USER} --games 0 --scale none {J}", []),
        ("diff-house", f"diff {USER} {J}", []),
        (
            "diff-express",
            f"diff express --max-states 20000 --trace-out diff.json {J}",
            ["diff.json"],
        ),
        ("diff-classic-star-wars", f"diff classic star-wars {J}", []),
        ("explore-portfolio", f"explore express --scale 'micro;pair' {J}", []),
        (
            "explore-bounded",
            f"explore {USER} --no-symmetry --max-states 5000 --players 3 {J}",
            [],
        ),
        (
            "explore-reference",
            f"explore express --engine reference --scale micro,kinds=number+skip,copies=2 {J}",
            [],
        ),
        (
            "simulate-eager",
            "simulate classic --games 30 --players 3 --policy eager --single-hand "
            f"--no-invariants --seed 7 {J}",
            [],
        ),
        ("simulate-jobs2", f"simulate star-wars --games 40 --jobs 2 --seed 3 {J}", []),
        (
            "check",
            f"check express {USER} --games 5 --scale micro --conform-states 200 --jobs 1 {J}",
            [],
        ),
        (
            "baseline-save",
            f"baseline {J} save express {USER} --out saved --scale micro --games 5",
            ["saved/express.json", "saved/house-express.json"],
        ),
        (
            "report",
            f"report {USER} --out site --games 5 --scale micro --jobs 1 {J}",
            [],
        ),
    ]
    return [(name, shlex.split(command), writes) for name, command, writes in runs]


INVOCATIONS = _invocations()


def stdout_golden(name: str, argv: list[str], stdout: str) -> str:
    """The golden file of an invocation's stdout (.txt: nothing, as after a usage error)."""
    if not stdout:
        return f"{name}.txt"
    return f"{name}.sarif" if "sarif" in argv else f"{name}.json"


def run_one(python: str, name: str, argv: list[str], writes: list[str]) -> dict[str, object]:
    """Run one invocation in a fresh folder; its exit code, stdout and written files."""
    with tempfile.TemporaryDirectory(prefix=f"golden-{name}-") as folder:
        shutil.copytree(INPUTS, folder, dirs_exist_ok=True)
        started = time.perf_counter()
        done = subprocess.run(
            [python, "-m", "unospec", *argv], cwd=folder, capture_output=True, text=True
        )
        files = {w: (Path(folder) / w).read_text(encoding="utf-8") for w in writes}
    seconds = time.perf_counter() - started
    print(f"{name:28} exit {done.returncode}  {seconds:6.1f} s", file=sys.stderr, flush=True)
    return {"exit_code": done.returncode, "stdout": done.stdout, "files": files}


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--raw", action="store_true", help="do not normalise")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    keep = (lambda text: text) if args.raw else normalise
    args.out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda run: run_one(args.python, *run), INVOCATIONS))
    lines = [
        "# The golden test's invocations: written by capture.py (edit INVOCATIONS there).",
        "# Each runs as `unospec ARGV` in a fresh folder holding a copy of inputs/; its stdout",
        "# is compared with the file `stdout`, and each file in `writes` (a path relative to",
        "# that folder) with NAME--PATH (its slashes as --), after golden_json.normalise.",
    ]
    for (name, argv, writes), result in zip(INVOCATIONS, results, strict=True):
        out = stdout_golden(name, argv, str(result["stdout"]))
        (args.out / out).write_text(keep(str(result["stdout"])), encoding="utf-8")
        files = result["files"]
        assert isinstance(files, dict)
        for written, text in files.items():
            (args.out / written_golden(name, written)).write_text(keep(text), encoding="utf-8")
        lines += [
            "",
            "[[run]]",
            f"name = {toml_string(name)}",
            f"argv = [{', '.join(map(toml_string, argv))}]",
            f"exit_code = {result['exit_code']}",
            f"stdout = {toml_string(out)}",
            f"writes = [{', '.join(map(toml_string, writes))}]",
        ]
    manifest = args.out / MANIFEST.name
    manifest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(INVOCATIONS)} invocations' outputs and {manifest}", file=sys.stderr)


if __name__ == "__main__":
    main()
