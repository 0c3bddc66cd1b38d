"""Edition files: finding them, reading them, validating them into `Edition` parameters.

>>> load_edition("classic").total_cards
108
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from unospec.editions.builtins import builtin_names, builtin_path
from unospec.editions.deltas import resolve
from unospec.editions.reader import Reader
from unospec.editions.schema import build_edition
from unospec.editions.variants import base_path
from unospec.model.edition import Edition
from unospec.model.errors import EditionError, InputError
from unospec.model.files import decoded, read_user_file

MAX_BYTES = 1_000_000
"""The largest edition file read: the built-in ones are under 20 kB."""
MAX_KEY_PARTS = 200
"""The most parts a dotted key may have: TOML's parser slows down badly on very long ones."""

__all__ = [
    "base_edition",
    "builtin_names",
    "builtin_path",
    "load_edition",
    "load_edition_file",
    "reference",
    "reference_in",
    "required_base",
    "resolved_data",
    "with_bases",
]


def load_edition(name_or_path: str) -> Edition:
    """A built-in edition by name, or a user's edition file by path."""
    return build_edition(_resolved(name_or_path))


def resolved_data(name_or_path: str) -> dict[str, Any]:
    """The data of an edition (as `load_edition` names it), a delta merged onto its bases:
    every key a complete edition file writes, validated (`unospec show --resolved`)."""
    reader = _resolved(name_or_path)
    build_edition(reader)
    return reader.data


def _resolved(name_or_path: str) -> Reader:
    """The data an edition name or file stands for (see `load_edition`), merged onto its
    bases when it is a delta, not yet validated."""
    if name_or_path in builtin_names():
        return resolve(builtin_path(name_or_path), str(builtin_path(name_or_path)), _read)
    if not name_or_path.strip():  # Path("") is the current folder
        raise InputError(
            f"edition: expected one of {', '.join(builtin_names())}, or the path of a .toml "
            "edition file, found an empty name"
        )
    path = Path(name_or_path)
    try:
        if path.suffix == ".toml" or "/" in name_or_path or path.exists():
            return resolve(path, name_or_path, _read)  # as typed: Path drops a "./"
    except (OSError, ValueError):
        raise InputError(f"{name_or_path!r}: cannot be used as a file name") from None
    raise InputError(
        f"unknown edition {name_or_path!r}: expected one of {', '.join(builtin_names())}, "
        "or the path of a .toml edition file"
    )


def load_edition_file(path: Path, file: str | None = None) -> Edition:
    """Read, parse and validate one edition file (a delta merged onto its bases: `deltas`);
    EditionError says where it is wrong.

    `file` is how messages and traces name it (`path` by default)."""
    return build_edition(resolve(path, file or str(path), _read))


def _read(path: Path, file: str) -> tuple[str, dict[str, Any]]:
    """The text of one edition file and its parsed data; EditionError when it is not TOML
    (or is too large for the parser to read in good time)."""
    raw = read_user_file(path, "edition file", MAX_BYTES, file)
    if len(raw) > MAX_BYTES:
        raise EditionError(file, None, "(file)", f"at most {MAX_BYTES} bytes", "a larger file")
    text = decoded(raw, file)
    for number, row in enumerate(text.splitlines(), 1):
        key = row.split("=", 1)[0]
        if key.count(".") >= MAX_KEY_PARTS:
            parts = f"{key.count('.') + 1} parts"
            raise EditionError(
                file, number, "(file)", f"keys of at most {MAX_KEY_PARTS} parts", parts
            )
    try:
        return text, tomllib.loads(text)
    except ValueError as error:  # tomllib refuses integers of more than 4300 digits this way
        if isinstance(error, tomllib.TOMLDecodeError):
            raise EditionError(
                file, _error_line(str(error)), "(file)", "valid TOML", _error_reason(str(error))
            ) from None
        raise EditionError(file, None, "(file)", "valid TOML", "a number too long") from None
    except RecursionError:
        raise EditionError(file, None, "(file)", "valid TOML", "nesting too deep") from None


def base_edition(edition: Edition) -> Edition | None:
    """The edition `edition` says it was derived from (its `variant_of`), or None."""
    if edition.variant_of is None:
        return None
    path = base_path(edition.variant_of, edition.source)
    if path is None:  # checked when the file was read: it has moved since
        raise InputError(f"{edition.source}: variant_of: {edition.variant_of!r} is not found")
    return load_edition_file(path)


def required_base(edition: Edition, asked: str) -> Edition:
    """The edition `edition` derives from, where a command given one edition needs a second;
    otherwise InputError, worded ``{asked}: ...``."""
    base = base_edition(edition)
    if base is None:
        named = f"{edition.name} names no edition it is a variant of (variant_of)"
        raise InputError(f"{asked}: {named}")
    return base


def with_bases(names: list[str]) -> list[str]:
    """`names` (built-in names or files), then each edition they say they derive from
    (`variant_of`) that is not among them, as a command names it (see `reference`). A base
    is among them when the same file is: another file of its name (a copy of the base whose
    `name` was left as it was) does not stand in for it, so the two names clash where a
    command needs one page per name, rather than the base being left out unsaid."""
    editions = [load_edition(name) for name in names]
    known = {_same_file(edition) for edition in editions}
    out = list(names)
    for edition in editions:
        base = base_edition(edition)
        if base is not None and _same_file(base) not in known:
            known.add(_same_file(base))
            out.append(reference(base))
    return out


def _same_file(edition: Edition) -> tuple[str, Path]:
    """What tells two loaded editions apart as files: the name and the file it was read from."""
    return edition.name, Path(edition.source).resolve()


def _error_line(message: str) -> int | None:
    marker = "(at line "
    if marker in message:
        digits = message.split(marker, 1)[1].split(",", 1)[0]
        if digits.isdigit():
            return int(digits)
    return None


def _error_reason(message: str) -> str:
    return message.split(" (at line ", 1)[0].rstrip(".").lower()


def reference(edition: Edition) -> str:
    """How a trace names `edition`: its built-in name, else the file it was read from."""
    if edition.name in builtin_names() and builtin_path(edition.name) == Path(edition.source):
        return edition.name
    return as_file_name(edition.source) if edition.source != "<built>" else edition.name


def as_file_name(path: str) -> str:
    """A file's path as a trace names it: never a bare built-in name, which replay would
    read as the built-in edition (a file `express` in the current folder is `./express`)."""
    return f"./{path}" if path in builtin_names() else path


def reference_in(name_or_path: str, folder: Path) -> str:
    """How a file written into `folder` names an edition: a built-in by its name, an edition
    file by its path relative to `folder`, so the file and the edition can move together
    (replay looks beside the trace file first)."""
    if name_or_path in builtin_names():
        return name_or_path
    try:
        return as_file_name(os.path.relpath(Path(name_or_path).resolve(), Path(folder).resolve()))
    except (OSError, ValueError):
        return name_or_path
