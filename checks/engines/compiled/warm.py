"""Loading the compiled engine: from its cache, or compiling it (the first run after an
install, or after its sources changed), with progress, and refusing a broken cache.

- **Progress.** Compiling takes tens of seconds; `load` reports each function compiled to a
  callback, so the command line can show it on stderr.
- **Only what runs is read.** A function is compiled, or read from the cache, when first
  needed (`jit.compiled`); `load` compiles them all only when this source tree's cache is
  new, so that a command's run never stops to compile.
- **A corrupted cache is rebuilt, not trusted.** After a complete compile `load` writes a
  manifest of the cache files' digests (this source tree's: numba keeps each tree's code in
  its own folder). A later load checks them before anything is read, and a file that changed
  since (truncated, overwritten) makes it remove the cache and compile afresh. A cache file
  numba fails to read (its own errors, or a pickle's) does the same.
- **A compile that fails** (numba cannot type a function: a bug of ours, or a numba release
  that breaks us) is one `EngineCompileError`, a one-line input error naming the cause.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import pickle
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    """Import every compiled module, and compile every function when this source tree's
    cache is new (a warm cache is read only as Python calls a function); the seconds it
    took."""
    started = time.perf_counter()
    where = cache.folder()
    if where in _LOADED:
        return time.perf_counter() - started
    _import_all()
    if not cache.jit_disabled():
        if _manifest_broken():
            _rebuild()
        if _fresh():
            try:
                _compile_all(progress)
            except _CacheUnreadable:
                _rebuild()
                _compile_all(progress)
            _write_manifest()
    _LOADED.add(where)
    return time.perf_counter() - started


class _CacheUnreadable(Exception):
    """A cache file numba could not read."""


_UNREADABLE = (EOFError, pickle.UnpicklingError, UnicodeDecodeError, RuntimeError, OSError)


def _import_all() -> None:
    """Import the compiled modules (nothing is compiled or read from the cache yet)."""
    for name in MODULES:
        importlib.import_module(f"unospec.checks.engines.compiled.{name}")


def read_all() -> None:
    """Read every compiled function's code now (compiling what the cache lacks): for a
    process about to fork workers that run every part of the engine (`unospec check`), one
    read here rather than one in each worker as it first needs a function."""
    if not cache.jit_disabled():
        _compile_all(None)


def _cores() -> int:
    return len(os.sched_getaffinity(0))


def _compile_on_every_core(progress: Progress | None) -> None:
    """Compile every function into the cache in worker processes, each as soon as its
    callees are (`call_graph`): on two cores, about half of one's time (35 s against 72 s,
    benchmarks/README.md)."""
    from unospec.checks.engines.compiled.call_graph import compile_on_every_core
    from unospec.checks.engines.compiled.jit import DECLARED

    total = functions()

    def done(compiled: int) -> None:
        if progress is not None:
            progress(min(compiled, total), total)

    compile_on_every_core(list(DECLARED), _ready, done)


def _compile_all(progress: Progress | None) -> None:
    """Compile every function, or load it from the cache where it is there."""
    from numba.core import event

    from unospec.checks.engines.compiled.jit import DECLARED

    if _fresh() and _cores() > 1:
        _compile_on_every_core(progress)
        progress = None  # what is left is read from the cache the workers wrote
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
            for dispatcher in DECLARED:
                _ready(dispatcher)
    except _CacheUnreadable:
        raise
    except Exception as error:
        raise EngineCompileError(_compile_failure(error)) from None


def _ready(dispatcher: Any) -> None:
    try:
        dispatcher.ready()
    except _UNREADABLE as error:
        raise _CacheUnreadable(str(error)) from error


def _fresh() -> bool:
    """Whether this source tree's cache was never completed (no manifest)."""
    return not (_location() / MANIFEST).exists()


def _location() -> Path:
    """This source tree's folder in the cache: numba keeps each tree's code apart, by the
    path of its sources, so that two trees of the same sources share the digest's folder."""
    from numba.core.caching import UserProvidedCacheLocator

    subpath = UserProvidedCacheLocator.get_suitable_cache_subpath(__file__)  # type: ignore[no-untyped-call]
    return cache.folder() / str(subpath)


def _rebuild() -> None:
    """Remove the cache; the compiled modules' dispatchers save into their folder again."""
    cache.rebuild()
    _location().mkdir(parents=True, exist_ok=True)


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
    folder = _location()
    files = _cache_files(folder)
    if not files:
        return
    digests = {str(p.relative_to(folder)): _digest(p) for p in files}
    (folder / MANIFEST).write_text(json.dumps(digests, indent=0, sort_keys=True))


def _manifest_broken() -> bool:
    """Whether a cache file recorded in the manifest is missing or changed."""
    folder = _location()
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
