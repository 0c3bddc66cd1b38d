"""What the golden test and `capture.py` share: where the files are, the manifest, and the one
normalisation of volatile values.

Normalising keeps the bytes: the output is parsed, the volatile values are replaced, and it is
written again in the layout it came in (`json.dumps` with the settings that reproduce the
original exactly). An output in no such layout is kept as it is, byte for byte.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
INPUTS = HERE / "inputs"
"""The files an invocation may name (an edition file, traces), copied into its folder."""
MANIFEST = HERE / "commands.toml"

VOLATILE = "<volatile>"

TIMED_KEYS = frozenset({"seconds", "states_per_second", "games_per_second", "peak_memory_mb"})
"""Measured, not computed, so different on every run: wall-clock seconds (`explore`,
`conform`, each proof of `check`...), the rates derived from them, and the process's peak
resident memory (which also depends on what ran before in the same process)."""

TEXT_KEYS = frozenset({"detail"})
"""Sentences (`check`'s details) that quote a time or an installed file: the proofs' line says
"50 queries in 1.44 s: ...", and the baseline's line of an edition variant names its base's
baseline by its absolute path ("express's baseline (/.../spec/baselines/express.json) ...").
Only the "in N s" and the absolute paths (to their file's name, as PATH_KEYS) are normalised."""
_TIME_IN_TEXT = re.compile(r"\bin \d+(?:\.\d+)? s\b")
_PATH_IN_TEXT = re.compile(r"(?<![\w.~])/(?:[^\s/()'\"`]+/)+([^\s/()'\"`]+)")

PATH_KEYS = frozenset({"source", "uri"})
"""Where a built-in edition's file is: an absolute path (`show`, `check`: "source") or file
URI (`lint --format sarif`: "uri") into wherever the package is installed (site-packages, or
the checkout of an editable install), the same on every run but not from one install or
layout to another. Only absolute ones are normalised, to the file's name: a relative path is
the one the invocation gave."""


def normalise_value(key: str, value: Any) -> Any:
    """The replacement for one volatile value (chosen by its key's name), or the value."""
    if key in TIMED_KEYS and isinstance(value, int | float) and not isinstance(value, bool):
        return VOLATILE
    if key in TEXT_KEYS and isinstance(value, str):
        value = _TIME_IN_TEXT.sub("in <volatile> s", value)
        return _PATH_IN_TEXT.sub(r"<installed>/\1", value)
    if key in PATH_KEYS and isinstance(value, str):
        scheme = "file://" if value.startswith("file:///") else ""
        if value.removeprefix(scheme).startswith("/"):
            return f"{scheme}<installed>/{value.rsplit('/', 1)[-1]}"
    return value


def _walk(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _walk(normalise_value(key, value)) for key, value in data.items()}
    if isinstance(data, list):
        return [_walk(item) for item in data]
    return data


LAYOUTS: tuple[dict[str, Any], ...] = (
    {},  # print(json.dumps(data)): every command's --format json on stdout
    {"indent": 1},  # traces written by play/diff/conform --trace-out
    {"indent": 1, "sort_keys": True},  # saved baselines
)


def normalise(text: str) -> str:
    """`text` (a command's stdout, or a file it wrote) with its volatile values replaced, in
    the same layout; text that is not JSON, or in no known layout, comes back unchanged."""
    body = text.rstrip("\n")
    ending = text[len(body) :]
    try:
        data = json.loads(body)
    except ValueError:
        return text
    for layout in LAYOUTS:
        if json.dumps(data, **layout) == body:
            return json.dumps(_walk(data), **layout) + ending
    return text


def manifest() -> list[dict[str, Any]]:
    """The invocations, as `capture.py` wrote them: name, argv, exit_code, stdout (the golden
    file's name) and writes (files the command writes, each compared with `written_golden`)."""
    with MANIFEST.open("rb") as file:
        runs: list[dict[str, Any]] = tomllib.load(file)["run"]
    return runs


def written_golden(name: str, written: str) -> str:
    """The golden file of a file an invocation writes (a path relative to its folder)."""
    return f"{name}--{written.replace('/', '--')}"
