"""Reading a user's file: only regular files, so a FIFO or a device never blocks a command."""

from __future__ import annotations

import stat
from pathlib import Path

from unospec.model.errors import InputError


def read_user_file(path: Path, what: str, limit: int) -> bytes:
    """The first `limit` + 1 bytes of a regular file (the caller refuses a longer one);
    InputError, one line, for anything that cannot be read as one."""
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"{path}: cannot read the {what} (not a regular file)")
        with path.open("rb") as handle:
            return handle.read(limit + 1)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise InputError(f"{path}: cannot read the {what} ({reason})") from None
