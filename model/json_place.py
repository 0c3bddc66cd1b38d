"""Where a value sits in a JSON text: the line of `steps[3].card`, for error messages.

`json` parses to plain values and forgets positions; an error about a trace's content should
still say FILE:LINE, as edition errors do. `line_of` walks the text again along a path of
keys and indices, skipping the values it passes with the decoder itself.

>>> line_of('{"a": 1,\\n "steps": [\\n  {"card": "x"},\\n  {"card": "y"}]}', ("steps", 1, "card"))
4
>>> dotted(("steps", 1, "card"))
'steps[1].card'
"""

from __future__ import annotations

import json

JsonPath = tuple[str | int, ...]
"""Keys (object members) and indices (array elements), outermost first."""

_DECODER = json.JSONDecoder()
_SPACE = " \t\n\r"


def dotted(path: JsonPath) -> str:
    """The path as messages print it: ``steps[3].card``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def line_of(text: str, path: JsonPath) -> int | None:
    """The 1-based line on which the value at `path` starts; None where the path leads
    nowhere (the caller then names no line)."""
    try:
        at: int | None = _skip_space(text, 0)
        for part in path:
            at = None if at is None else _member(text, at, part)
    except (ValueError, IndexError):
        return None
    if at is None:
        return None
    return text.count("\n", 0, at) + 1


def _member(text: str, at: int, part: str | int) -> int | None:
    """Where the value of key `part` (in an object) or element `part` (in an array) starts."""
    opening = text[at]
    if opening not in "{[" or (opening == "{") != isinstance(part, str):
        return None
    at, index = _skip_space(text, at + 1), 0
    while text[at] not in "}]":
        if opening == "{":
            key, at = _DECODER.raw_decode(text, at)
            at = _skip_space(text, at)
            at = _skip_space(text, at + 1)  # past the colon
            if key == part:
                return at
        elif index == part:
            return at
        _, at = _DECODER.raw_decode(text, at)
        at = _skip_space(text, at)
        if text[at] == ",":
            at = _skip_space(text, at + 1)
        index += 1
    return None


def _skip_space(text: str, at: int) -> int:
    while text[at] in _SPACE:
        at += 1
    return at
