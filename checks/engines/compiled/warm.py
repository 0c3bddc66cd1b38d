"""Loading the compiled engine: from its cache, or compiling it (the first run after an
install, or after its sources changed), with progress, and refusing a broken cache.

- **Progress.** Compiling takes tens of seconds; `load` reports each function compiled to a
  callback, so the command line can show it on stderr.
- **A corrupted cache is rebuilt, not trusted.** After a complete compile `load` writes a
  manifest of the cache files' digests. A later load checks them first, and a file that
  changed since (truncated, overwritten) makes it remove the folder and compile afresh.
  A cache file numba fails to read (its own errors, or a pickle's) does the same.
- **A compile that fails** (numba cannot type a function: a bug of ours, or a numba release
  that breaks us) is one `EngineCompileError`, a one-line input error naming the cause.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pickle
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from unospec.checks.engines.compiled import cache
from unospec.model.errors import InputError

MODULES = ("rules", "states", "outcomes", "properties", "search", "games", "probe")
"""The engine's compiled modules, in the order they build on one another."""

MANIFEST = "manifest.json"

Progress = Callable[[int, int], None]
"""progress(functions compiled, functions in all): called while compiling, not on a load."""


class EngineCompileError(InputError):
    """The compiled engine could not be built here."""


def functions() -> int:
    """How many compiled functions the engine has (for a progress bar's length)."""
    return sum(
        len(re.findall(r"^@compiled", path.read_text(encoding="utf-8"), flags=re.MULTILINE))
        for path in cache.compiled_sources()
    )


_LOADED: set[Path] = set()
"""The cache folders this process has loaded the engine from. Its code is then in memory,
and a later `load` (a library caller running one command after another) has nothing to
check or import: the manifest's digests cost a tenth of a second a call."""


def load(progress: Progress | None = None) -> float:
    """Import every compiled module, compiling what the cache lacks; the seconds it took."""
    started = time.perf_counter()
    where = cache.folder()
    if where in _LOADED:
        return time.perf_counter() - started
    if _manifest_broken():
        cache.rebuild()
    try:
        compiled = _import_all(progress)
    except _CacheUnreadable:
        cache.rebuild()
        compiled = _import_all(progress)
    if compiled or not (cache.folder() / MANIFEST).exists():
        _write_manifest()
    _LOADED.add(where)
    return time.perf_counter() - started


class _CacheUnreadable(Exception):
    """A cache file numba could not read."""


_UNREADABLE = (EOFError, pickle.UnpicklingError, UnicodeDecodeError, RuntimeError, OSError)


def _import_all(progress: Progress | None) -> int:
    """Import the compiled modules; how many functions had to be compiled."""
    if cache.jit_disabled():
        for name in MODULES:
            importlib.import_module(f"unospec.checks.engines.compiled.{name}")
        return 0
    from numba.core import event

    import unospec.checks.engines.compiled.jit  # noqa: F401  (sets numba's cache folder first)

    total = functions()
    done = [0]

    class Counting(event.Listener):
        def on_start(self, event: object) -> None:
            pass

        def on_end(self, event: object) -> None:
            done[0] += 1
            if progress is not None:
                progress(min(done[0], total), total)

    try:
        with event.install_listener("numba:compile", Counting()):
            for name in MODULES:
                _import(name)
    except _CacheUnreadable:
        raise
    except Exception as error:
        raise EngineCompileError(_compile_failure(error)) from None
    return done[0]


def _import(name: str) -> None:
    module = f"unospec.checks.engines.compiled.{name}"
    try:
        importlib.import_module(module)
    except _UNREADABLE as error:
        sys.modules.pop(module, None)
        raise _CacheUnreadable(str(error)) from error


def _compile_failure(error: Exception) -> str:
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    first = lines[0] if lines else type(error).__name__
    if first.startswith("Failed in") and len(lines) > 1:  # a pipeline stage: the cause follows
        first = f"{first}: {lines[1]}"
    return (
        f"the compiled engine failed to build with numba: {type(error).__name__}: {first.strip()} "
        f"(cache: {cache.folder()})"
    )


def _cache_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != MANIFEST)


def _write_manifest() -> None:
    folder = cache.folder()  # a digest of every engine source: computed once
    files = _cache_files(folder)
    if not files:
        return
    digests = {str(p.relative_to(folder)): _digest(p) for p in files}
    (folder / MANIFEST).write_text(json.dumps(digests, indent=0, sort_keys=True))


def _manifest_broken() -> bool:
    """Whether a cache file recorded in the manifest is missing or changed."""
    folder = cache.folder()  # a digest of every engine source: computed once
    manifest = folder / MANIFEST
    if not manifest.exists():
        return False
    try:
        digests = json.loads(manifest.read_text())
    except (OSError, ValueError):
        return True
    for name, digest in digests.items():
        path = folder / name
        if not path.exists() or _digest(path) != digest:
            return True
    return False


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
