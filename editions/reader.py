"""Typed access to parsed TOML that fails with one actionable line.

Every accessor takes a key path, checks what it finds there, and raises `EditionError`
(``FILE:LINE: key.path: expected ..., found ...``) when it is not what the schema expects.
The line comes from re-scanning the text (`toml_lines.locate`). The data may be merged from
several files (a delta onto its base: `deltas`); then each value is reported in the file that
wrote it, at its key path there (`Origin`).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, NoReturn

from unospec.editions.toml_lines import KeyPath, locate
from unospec.model.errors import EditionError

_MISSING = object()


class Shown(str):
    """A found value already phrased for the message (shown as is, not quoted)."""


MAX_TEXT = 2000
"""The longest text value (a title, a section, a reason); the built-in files' longest is 169."""


def describe(value: object) -> str:
    """How a found value is named in an error message."""
    if isinstance(value, Shown):
        return str(value)
    if value is _MISSING:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return repr(text)
    if isinstance(value, int) and abs(value) > 10**12:
        return f"a number of {abs(value).bit_length()} bits"
    if isinstance(value, int | float):
        return f"{value!r}"  # TOML's own spelling of a number (a float keeps its point)
    return f"a {_TOML_TYPES.get(type(value), 'value')} ({value})"  # dates and times


_TOML_TYPES = {
    datetime.datetime: "date and time",
    datetime.date: "date",
    datetime.time: "time",
}


def dotted(path: KeyPath) -> str:
    """``deck.cards[3].count``: how a key path is named in an error message (a key that is
    not a plain name is quoted, so the message stays on one line)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        name = part if part.replace("-", "").replace("_", "").isalnum() else json.dumps(part)
        out += f".{name}" if out else name
    return out or "(file)"


class Origin(NamedTuple):
    """Where a value of merged data was written: the file, its text, and the value's key path
    in that file (an entry of an array of tables may have another index there)."""

    file: str
    text: str
    path: KeyPath


Origins = Mapping[KeyPath, Origin]
"""Where merged data was written, by key path in the merged data: the value at a path, and
everything under it not listed itself, comes from the longest listed prefix."""


class Reader:
    """The parsed data of one edition file, with its text for error positions.

    `origins` is given for data merged from several files (`deltas`): an error names the file
    and line that wrote the key it is about. Without it, every key is this file's own."""

    def __init__(
        self, file: str, text: str, data: dict[str, Any], origins: Origins | None = None
    ) -> None:
        self.file, self.text, self.data = file, text, data
        self.origins: Origins = origins or {}

    def origin(self, path: KeyPath) -> Origin:
        """The file that wrote the value at `path` (or, for a missing key, the table that
        would hold it), and its key path there."""
        for size in range(len(path), -1, -1):
            found = self.origins.get(path[:size])
            if found is not None:
                return Origin(found.file, found.text, (*found.path, *path[size:]))
        return Origin(self.file, self.text, path)

    def line_of(self, path: KeyPath) -> int:
        """The line of the value at `path` in the file that wrote it (of the top of the file
        when it has none)."""
        where = self.origin(path)
        return (locate(where.text, where.path) if where.path else None) or 1

    def fail(self, path: KeyPath, expected: str, found: object = _MISSING) -> NoReturn:
        where = self.origin(path)  # a missing key: its table's line, or the top
        if where.file != self.file:  # why a file the user did not touch is named
            expected += f" ({self.file} takes this key from its base)"
        raise EditionError(
            where.file, self.line_of(path), dotted(where.path), expected, describe(found)
        )

    def get(self, path: KeyPath) -> Any:
        value: Any = self.data
        for part in path:
            if isinstance(part, int):
                value = value[part] if isinstance(value, list) and part < len(value) else _MISSING
            else:
                value = value.get(part, _MISSING) if isinstance(value, dict) else _MISSING
            if value is _MISSING:
                return _MISSING
        return value

    def has(self, path: KeyPath) -> bool:
        return self.get(path) is not _MISSING

    def table(self, path: KeyPath, allowed: Iterable[str]) -> dict[str, Any]:
        """A table whose keys are all in `allowed` (unknown keys are errors)."""
        value = self.get(path)
        if not isinstance(value, dict):
            self.fail(path, "a table", value)
        names = list(allowed)
        for key in value:
            if key not in names:
                self.fail((*path, key), f"one of the keys {', '.join(names)}", key)
        return value

    def integer(self, path: KeyPath, minimum: int = 0, maximum: int = 10**6) -> int:
        value = self.get(path)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"an integer from {minimum} to {maximum}", value)
        if not minimum <= value <= maximum:
            self.fail(path, f"an integer from {minimum} to {maximum}", value)
        return value

    def string(self, path: KeyPath, *, optional: bool = False) -> str:
        """Text for people: diagrams, reports and findings show it, so it is one line of
        printable characters, not empty, and at most `MAX_TEXT` long."""
        value = self.get(path)
        if optional and value is _MISSING:
            return ""
        if not isinstance(value, str):
            self.fail(path, "a string", value)
        if not value.strip() and not optional:
            self.fail(path, "some text", value)
        if len(value) > MAX_TEXT:
            self.fail(path, f"at most {MAX_TEXT} characters", Shown(f"{len(value)} characters"))
        if not value.isprintable():
            bad = next(c for c in value if not c.isprintable())
            self.fail(path, "printable text on one line", Shown(f"the character {bad!r}"))
        return value

    def boolean(self, path: KeyPath, default: bool = False) -> bool:
        value = self.get(path)
        if value is _MISSING:
            return default
        if not isinstance(value, bool):
            self.fail(path, "true or false", value)
        return value

    def choice(self, path: KeyPath, choices: Iterable[str]) -> str:
        names = list(choices)
        value = self.get(path)
        if value not in names:
            self.fail(path, "one of " + ", ".join(repr(n) for n in names), value)
        assert isinstance(value, str)
        return value

    def array(self, path: KeyPath, *, nonempty: bool = False) -> list[Any]:
        value = self.get(path)
        if not isinstance(value, list):
            self.fail(path, "an array", value)
        if nonempty and not value:
            self.fail(path, "a non-empty array", Shown("an empty array"))
        return value

    def choices(
        self, path: KeyPath, choices: Iterable[str], *, nonempty: bool = False
    ) -> tuple[str, ...]:
        """An array of distinct names, each one of `choices`."""
        items = self.array(path, nonempty=nonempty)
        seen: list[str] = []
        for i in range(len(items)):
            name = self.choice((*path, i), choices)
            if name in seen:
                self.fail((*path, i), "no repeated entries", name)
            seen.append(name)
        return tuple(seen)
