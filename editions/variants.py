"""`variant_of`: the edition a file says it was derived from, as a publisher derives a themed
edition from another. `unospec diff EDITION` compares the two, and `unospec diagram --diff`
draws what changed, without the user naming the base again. A file with `variant_of` that
leaves out a required key is a delta of its base, merged onto it (`deltas`)."""

from __future__ import annotations

import os
from pathlib import Path

from unospec.editions.builtins import builtin_names, builtin_path


def base_path(variant_of: str, source: str) -> Path | None:
    """The file `variant_of` names: a built-in edition by name, else a path relative to the
    folder of `source` (the file that says it); None when it names no file."""
    if variant_of in builtin_names():
        return builtin_path(variant_of)
    folder = Path(source).parent if not source.startswith("<") else Path(".")  # "<built>"
    candidate = folder / variant_of
    try:
        if not candidate.is_file():
            return None
        shorter = Path(os.path.normpath(candidate))  # `c.toml`, not `sub/../c.toml`, in messages
        return shorter if shorter.is_file() and os.path.samefile(shorter, candidate) else candidate
    except (OSError, ValueError):  # a name too long for the system
        return None
