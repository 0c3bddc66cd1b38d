"""Edition data written back as TOML: what `unospec show --resolved` prints of a delta merged
onto its bases, a complete edition file that reads back as the same data.

Why its own writer: edition files hold only strings, integers, booleans, arrays and tables
(the schema refuses anything else), so these few lines do, with no dependency to add.

>>> print(dumps({"name": "x", "deck": {"colors": ["red"]}, "deck2": [{"kind": "skip"}]}), end="")
name = "x"
<BLANKLINE>
[deck]
colors = ["red"]
<BLANKLINE>
[[deck2]]
kind = "skip"
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def dumps(data: Mapping[str, Any]) -> str:
    """`data` as a TOML document: a table's plain values first, then its tables (`[a.b]`) and
    arrays of tables (`[[a.b]]`), each in the order `data` gives them."""
    lines: list[str] = []
    _table(lines, (), data, None)
    return "\n".join(lines).lstrip("\n") + "\n"


def _table(
    lines: list[str], path: tuple[str, ...], table: Mapping[str, Any], header: str | None
) -> None:
    """A table's lines under `header` (none at the top of the document)."""
    plain = {k: v for k, v in table.items() if not _is_table(v) and not _is_table_array(v)}
    # A table holding only tables (`[cards]`) needs no header of its own; an empty one does.
    if header is not None and (plain or not table or header.startswith("[[")):
        lines += ["", header]
    lines += [f"{key(k)} = {value(v)}" for k, v in plain.items()]
    for k, v in table.items():
        where = (*path, k)
        name = ".".join(key(part) for part in where)
        if _is_table(v):
            _table(lines, where, v, f"[{name}]")
        elif _is_table_array(v):
            for item in v:
                _table(lines, where, item, f"[[{name}]]")


def _is_table(value: object) -> bool:
    return isinstance(value, Mapping)


def _is_table_array(value: object) -> bool:
    """An array of tables (`[[name]]`): not empty, every item a table."""
    return isinstance(value, list) and bool(value) and all(_is_table(v) for v in value)


def key(name: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted."""
    return name if _BARE_KEY.fullmatch(name) else string(name)


def string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def value(item: object) -> str:
    """A value on one line: inside an array, tables are written inline (`{ k = v }`)."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, list | tuple):
        return "[" + ", ".join(value(v) for v in item) + "]"
    if isinstance(item, Mapping):
        inner = ", ".join(f"{key(k)} = {value(v)}" for k, v in item.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"an edition file holds no {type(item).__name__}")
