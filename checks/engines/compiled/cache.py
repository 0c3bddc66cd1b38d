"""Where the compiled engine is cached, and why a cached copy can be trusted.

numba keys its cache on each source file's own contents. It does not see a change to another
file a function calls into, nor to anything the function reads at run time. The engine's
own safeguards:

- Everything that varies (the turn flow's tables, the edition's parameters) reaches the
  compiled code as arguments, never as constants baked in (`tables`): a changed machine or
  edition changes what runs, with no recompile.
- The cache folder is named by a digest of every source file of the engine, numba's and
  numpy's versions and Python's: change any of them and the engine compiles afresh into a
  new folder, never loading code compiled from other sources.
- A cache that fails to load (a truncated or overwritten file) is removed and compiled again
  (`rebuild`); `UNOSPEC_ENGINE_CACHE` chooses the parent folder.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import re
import shutil
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent
"""The engine's source folder."""

CONSTANTS = ("cache.py", "jit.py", "vocabulary.py", "layout.py", "tables.py")
"""Modules whose values the compiled code is built with (its numbering, slots, options):
keyed on always. The others are keyed on when they hold compiled code (`@compiled`); a test
checks that every engine module a compiled one imports is one or the other."""


def jit_disabled() -> bool:
    """NUMBA_DISABLE_JIT=1: the engine runs as plain Python (coverage, debugging)."""
    return os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")


def sources_digest() -> str:
    """A digest of the engine's sources and of the compiler that turns them into code."""
    digest = hashlib.sha256()
    for path in compiled_sources():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    for package in ("numba", "numpy", "llvmlite"):
        try:
            digest.update(f"{package}={importlib.metadata.version(package)}".encode())
        except importlib.metadata.PackageNotFoundError:
            digest.update(f"{package}=?".encode())
    digest.update(sys.version.encode())
    return digest.hexdigest()[:16]


def compiled_sources() -> list[Path]:
    """The engine's source files the compiled code depends on, sorted."""
    return sorted(
        path
        for path in ENGINE.glob("*.py")
        if path.name in CONSTANTS or _DECORATED.search(path.read_text(encoding="utf-8"))
    )


_DECORATED = re.compile(r"^@compiled", flags=re.MULTILINE)
"""A module holding compiled code: a function decorated `@compiled` (or `compiled_inline`)."""


def root() -> Path:
    """The folder every engine cache lives under."""
    chosen = os.environ.get("UNOSPEC_ENGINE_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "unospec" / "engine"


def folder() -> Path:
    """This engine's cache folder: one per digest of its sources."""
    return root() / sources_digest()


_PREPARED: list[Path] = []


def prepare() -> Path:
    """Point numba's cache at `folder()`; called once, before numba is imported."""
    if _PREPARED:
        return _PREPARED[0]
    where = folder()
    os.environ["NUMBA_CACHE_DIR"] = str(where)
    if "numba" in sys.modules:  # imported already (by a user's code): set its config too
        import numba

        setattr(numba.config, "CACHE_DIR", str(where))  # noqa: B010  (not in its stubs)
    _PREPARED.append(where)
    return where


def rebuild() -> None:
    """Remove this engine's cache folder, so that the next compile starts clean."""
    shutil.rmtree(folder(), ignore_errors=True)


def stale_folders() -> list[Path]:
    """Cache folders of other sources than these (left by earlier versions)."""
    mine = folder()
    base = root()
    if not base.is_dir():
        return []
    return [path for path in base.iterdir() if path.is_dir() and path != mine]
