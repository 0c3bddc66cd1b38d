"""Reading a user's file: only regular files, so a FIFO or a device never blocks a command."""

from __future__ import annotations

import stat
from pathlib import Path

from unospec.model.errors import EditionError, InputError


def read_user_file(path: Path, what: str, limit: int, shown: str | None = None) -> bytes:
    """The first `limit` + 1 bytes of a regular file (the caller refuses a longer one);
    InputError, one line, for anything that cannot be read as one (naming the file as
    `shown`, by default `path`)."""
    name = shown or path
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"{name}: cannot read the {what} (not a regular file)")
        with path.open("rb") as handle:
            return handle.read(limit + 1)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise InputError(f"{name}: cannot read the {what} ({reason})") from None


def decoded(
    raw: bytes, file: str, expected: str = "UTF-8 text", encoding: str = "utf-8-sig"
) -> str:
    """`raw` as text (a byte-order mark, as some editors write, skipped); a byte that is not
    UTF-8 is an error at its line: ``FILE:LINE: (file): expected ..., found byte 0x..``."""
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        found = f"byte {raw[error.start]:#04x}"
        raise EditionError(file, line, "(file)", expected, found) from None
