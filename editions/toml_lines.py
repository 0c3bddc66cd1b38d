"""Find the source line of a key path in TOML text.

`tomllib` returns plain data without positions, so when validating an edition file fails at
some key path we re-scan the text here to report `FILE:LINE`. The scanner is deliberately small
and forgiving: it understands just enough TOML (headers, dotted and quoted keys, strings,
arrays, inline tables, comments) to build a tree of line numbers, and never raises.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field

KeyPath = tuple[str | int, ...]

_MAX_DEPTH = 64  # deeper nesting is skipped as an opaque value, so recursion stays bounded
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BASIC_STRING = re.compile(r'"((?:[^"\\\n]|\\[^\n])*)"?')
_LITERAL_STRING = re.compile(r"'([^'\n]*)'?")
_SCALAR = re.compile(r"[^,\]}#\n]+")  # numbers, booleans, dates (which may contain a space)
_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)", re.DOTALL)
_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


@dataclass
class _Node:
    """A table, array or scalar, remembering the line where it is defined."""

    line: int
    keys: dict[str, _Node] = field(default_factory=dict)
    items: list[_Node] = field(default_factory=list)
    implicit: bool = False  # created only as a prefix of a longer header or dotted key
    table_array: bool = False  # an array of tables (`[[name]]`), not an array value


def _unescape(raw: str) -> str:
    """Decode basic-string escapes so that quoted keys compare equal to tomllib's keys."""

    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if len(code) > 1:
            point = int(code[1:], 16)
            return chr(point) if point <= 0x10FFFF else match.group(0)
        return _SIMPLE_ESCAPES.get(code, match.group(0))

    return _ESCAPE.sub(one, raw)


def _descend(table: _Node, key: str, line: int) -> _Node:
    """Step into `key` as an intermediate table, creating it implicitly if missing.

    An array of tables resolves to its most recent element, which is where TOML attaches
    sub-tables such as `[deck.cards.extra]` after `[[deck.cards]]`.
    """
    node = table.keys.get(key)
    if node is None:
        node = table.keys[key] = _Node(line, implicit=True)
    return node.items[-1] if node.table_array and node.items else node


class _Scanner:
    """Single pass over the text that builds a `_Node` tree of definition lines."""

    def __init__(self, text: str) -> None:
        self.text = text.replace("\r\n", "\n")
        self.pos = 0
        self.newlines = [i for i, char in enumerate(self.text) if char == "\n"]

    def line(self) -> int:
        """1-based line of the current position."""
        return bisect_left(self.newlines, self.pos) + 1

    def peek(self) -> str:
        """Next character, or "" at the end, so lookahead never raises IndexError."""
        return self.text[self.pos : self.pos + 1]

    def skip(self, newlines: bool) -> None:
        """Skip blanks; with `newlines`, also line breaks and comments."""
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char in " \t\r" or (newlines and char == "\n"):
                self.pos += 1
            elif newlines and char == "#":
                self.skip_line()
            else:
                break

    def skip_line(self) -> None:
        """Move to the end of the current line (trailing comments or junk)."""
        end = self.text.find("\n", self.pos)
        self.pos = len(self.text) if end < 0 else end

    def parse(self) -> _Node:
        """Read the document statement by statement: headers and key/value pairs."""
        root = _Node(0)
        current = root
        while True:
            self.skip(newlines=True)
            if self.pos >= len(self.text):
                return root
            if self.peek() == "[":
                current = self.header(root, current)
            else:
                self.key_value(current, 0)
            self.skip_line()

    def header(self, root: _Node, current: _Node) -> _Node:
        """Read `[a.b]` or `[[a.b]]` and return the table that following keys belong to."""
        line = self.line()
        is_array = self.text.startswith("[[", self.pos)
        self.pos += 2 if is_array else 1
        keys = self.key()
        if not keys:
            return current
        table = root
        for key in keys[:-1]:
            table = _descend(table, key, line)
        node = table.keys.get(keys[-1])
        if node is None:
            node = table.keys[keys[-1]] = _Node(line)
        elif node.implicit:  # now defined explicitly: report this header from here on
            node.line, node.implicit = line, False
        if not is_array:
            return node
        node.table_array = True
        element = _Node(line)
        node.items.append(element)
        return element

    def key(self) -> list[str]:
        """Read a possibly dotted key; an empty list means there was no key here."""
        parts: list[str] = []
        while (part := self.key_part()) is not None:
            parts.append(part)
            self.skip(newlines=False)
            if self.peek() != ".":
                break
            self.pos += 1
        return parts

    def key_part(self) -> str | None:
        """Read one bare, "basic" or 'literal' key component."""
        self.skip(newlines=False)
        if self.peek() == '"':
            match = _BASIC_STRING.match(self.text, self.pos)
            part = _unescape(match.group(1)) if match else None
        elif self.peek() == "'":
            match = _LITERAL_STRING.match(self.text, self.pos)
            part = match.group(1) if match else None
        else:
            match = _BARE_KEY.match(self.text, self.pos)
            part = match.group(0) if match else None
        self.pos = match.end() if match else self.pos
        return part

    def key_value(self, table: _Node, depth: int) -> None:
        """Read `key = value` into `table`; the value is reported at the key's line."""
        line = self.line()
        keys = self.key()
        if not keys or self.peek() != "=":
            return
        self.pos += 1
        self.skip(newlines=False)
        for key in keys[:-1]:
            table = _descend(table, key, line)
        value = self.value(depth)
        value.line = line
        table.keys[keys[-1]] = value

    def value(self, depth: int) -> _Node:
        """Skip over one value, recording array elements and inline-table keys on the way."""
        node = _Node(self.line())
        char = self.peek()
        if char == "[" and depth < _MAX_DEPTH:
            self.array(node, depth + 1)
        elif char == "{" and depth < _MAX_DEPTH:
            self.inline_table(node, depth + 1)
        elif self.text.startswith(('"""', "'''"), self.pos):
            self.multiline_string(char)
        else:
            pattern = {'"': _BASIC_STRING, "'": _LITERAL_STRING}.get(char, _SCALAR)
            match = pattern.match(self.text, self.pos)
            self.pos = match.end() if match else self.pos
        return node

    def multiline_string(self, quote: str) -> None:
        """Skip `\"\"\"...\"\"\"` or `'''...'''` whole, so inner lines are never read as keys."""
        pos = self.pos + 3
        while pos < len(self.text) and not self.text.startswith(quote * 3, pos):
            pos += 2 if quote == '"' and self.text[pos] == "\\" else 1
        pos = min(pos + 3, len(self.text))
        for _ in range(2):  # up to two quotes right before the delimiter belong to the content
            if self.text.startswith(quote, pos):
                pos += 1
        self.pos = pos

    def array(self, node: _Node, depth: int) -> None:
        """Read `[a, b, ...]`, which may span lines; each element keeps its own line."""
        self.pos += 1
        while True:
            self.skip(newlines=True)
            char = self.peek()
            if char == ",":
                self.pos += 1
                continue
            if char in ("", "]"):
                self.pos += len(char)
                return
            start = self.pos
            item = self.value(depth)
            if self.pos == start:  # junk such as a stray `}`: step over it
                self.pos += 1
            else:
                node.items.append(item)

    def inline_table(self, node: _Node, depth: int) -> None:
        """Read `{ k = v, ... }`; its keys are recorded at their own (usually the same) line."""
        self.pos += 1
        while True:
            self.skip(newlines=True)
            char = self.peek()
            if char == ",":
                self.pos += 1
                continue
            if char in ("", "}"):
                self.pos += len(char)
                return
            start = self.pos
            self.key_value(node, depth)
            if self.pos == start:
                self.pos += 1


def locate(text: str, path: KeyPath) -> int | None:
    """1-based line on which the value at `path` is defined, or the nearest enclosing
    definition that exists (e.g. its table header) when the exact key is absent; None only
    when not even the first path component can be found."""
    node = _Scanner(text).parse()
    best: int | None = None
    for component in path:
        child: _Node | None = None
        if isinstance(component, str):
            child = node.keys.get(component)
        elif isinstance(component, int) and 0 <= component < len(node.items):
            child = node.items[component]
        elif isinstance(component, int) and node.table_array and node.items:
            return node.items[-1].line  # past the end: the last `[[...]]` header is closest
        if child is None:
            return best
        node, best = child, child.line
    return best
