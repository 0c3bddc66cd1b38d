"""The README and the reference in docs/ held to the code they describe.

- every command and option of the argument parser has its place in docs/commands.md;
- every key the edition schema accepts, and every reading it knows or a built-in edition
  records, is in docs/edition-format.md;
- every relative link of the README and of docs/ leads to a file, and to a heading there;
- the README stays short and starts with the two commands CI runs.
"""

from __future__ import annotations

import argparse
import importlib
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
COMMANDS = DOCS / "commands.md"
EDITION_FORMAT = DOCS / "edition-format.md"

MAX_README_LINES = 150
SETUP_COMMAND = (
    "python3 -m venv .venv && .venv/bin/pip install '.[dev,cluster,rlcard]' "
    "&& .venv/bin/unospec check"
)
TEST_COMMAND = ".venv/bin/python -m pytest"

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _prose_lines(text: str) -> Iterator[str]:
    """The lines of a Markdown text outside its fenced code blocks."""
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield line


def _headings(text: str) -> list[tuple[int, str]]:
    """(level, text) of every heading outside code blocks."""
    found = []
    for line in _prose_lines(text):
        match = HEADING.match(line)
        if match:
            found.append((len(match.group(1)), match.group(2)))
    return found


def _sections(text: str, level: int = 2) -> dict[str, str]:
    """The text under each heading of `level`, up to the next heading of that level or above."""
    sections: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        match = HEADING.match(line)
        if match and len(match.group(1)) <= level:
            current = match.group(2) if len(match.group(1)) == level else None
            if current is not None:
                sections[current] = ""
            continue
        if current is not None:
            sections[current] += line + "\n"
    return sections


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: code and link markup dropped, lower case, every
    character but letters, digits, spaces, `_` and `-` removed, spaces made dashes.

    >>> slug("The compiled engine's cache"), slug("unospec `baseline save`")
    ('the-compiled-engines-cache', 'unospec-baseline-save')
    """
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor, repeated headings numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    found = set()
    for _, heading in _headings(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


# --- 1. every command and option in docs/commands.md -------------------------------------


def _build_parser() -> argparse.ArgumentParser:
    """The command line's parser, from the module that builds it (`unospec.arguments`, or
    `unospec.cli` that uses it)."""
    for name in ("unospec.arguments", "unospec.cli"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        build = getattr(module, "build_parser", None)
        if build is not None:
            parser: argparse.ArgumentParser = build()
            return parser
    pytest.fail("no build_parser() in unospec.arguments or unospec.cli: where is the parser?")


def _commands(
    parser: argparse.ArgumentParser, words: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], list[str], bool]]:
    """(the command's words, its option strings, whether it has subcommands) for the parser
    and every subcommand under it, nested ones (`baseline save`) included."""
    options: list[str] = []
    subcommands: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            subcommands.extend(action.choices.items())
        elif not isinstance(action, argparse._HelpAction):
            options.extend(action.option_strings)
    yield words, sorted(set(options)), bool(subcommands)
    for name, sub in subcommands:
        yield from _commands(sub, (*words, name))


def _mentions(text: str, option: str) -> bool:
    """Whether `text` names `option` as a whole word (`--games`, not `--games-x`)."""
    return re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", text) is not None


def test_every_command_and_option_is_in_commands_md() -> None:
    text = _read(COMMANDS)
    sections = {
        heading.removeprefix("unospec "): body
        for heading, body in _sections(text).items()
        if heading.startswith("unospec ")
    }
    commands = list(_commands(_build_parser()))
    missing: list[str] = []
    for words, options, has_subcommands in commands:
        if not words:  # the program's own options: anywhere on the page
            missing.extend(f"unospec {o}" for o in options if not _mentions(text, o))
            continue
        name = " ".join(words)
        # a command with subcommands (`baseline`) is documented by their sections
        own = [body for heading, body in sections.items() if heading.split(" (")[0] == name]
        nested = [body for heading, body in sections.items() if heading.startswith(name + " ")]
        if not own and not (has_subcommands and nested):
            missing.append(f"a section '## unospec {name}'")
            continue
        body = "".join(own + nested)
        missing.extend(f"unospec {name} {o}" for o in options if not _mentions(body, o))
    known = {" ".join(words) for words, _, _ in commands if words}
    stale = sorted(heading for heading in sections if heading not in known)
    assert not missing, (
        f"{COMMANDS.relative_to(ROOT)} does not document: " + "; ".join(missing) + ". Add each "
        "option to its command's section (its synopsis and table)."
    )
    assert not stale, (
        f"{COMMANDS.relative_to(ROOT)} has sections for commands the parser does not have: "
        + ", ".join(f"unospec {s}" for s in stale)
    )


# --- 2. every schema key and every reading in docs/edition-format.md ---------------------


RANK_RULE = re.compile(r"number-\d")


def _key_path(path: Iterable[str | int]) -> str:
    """A key path as the page writes it: `deck.cards[].kind`, `cards.KIND.effect`."""
    parts: list[str] = []
    for part in path:
        if isinstance(part, int):
            parts[-1] += "[]"
        elif parts and parts[-1] in ("cards",) and RANK_RULE.fullmatch(part):
            parts.append("number-R")  # a rule for one rank of numbers
        elif parts and parts[-1] in ("cards",):  # a booklet's kind, or an edition's own
            parts.append("KIND")
        else:
            parts.append(part)
    return ".".join(parts)


def schema_keys(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    from unospec.model.primitives import PRIMITIVES
    from unospec.model.primitives import parameters as primitive_parameters

    """Every key the schema accepts: the tables it reads (each with the keys it allows),
    recorded while it validates every built-in edition, and the keys of every effect's
    parameters, which only the editions that use an effect reach."""
    from unospec.editions import builtin_names, builtin_path, load_edition_file, schema
    from unospec.editions.reader import Reader
    from unospec.model.cards import KINDS

    keys: set[str] = set()
    original = Reader.table

    def recording(self: Reader, path: Any, allowed: Iterable[str]) -> dict[str, Any]:
        names = list(allowed)
        where = _key_path(path)
        if set(KINDS) <= set(names):  # a table by card kind: [cards], [scoring.points]
            keys.add(f"{where}.KIND")
            if any(RANK_RULE.fullmatch(n) for n in names):  # and ranks with rules of their own
                keys.add(f"{where}.number-R")
        else:
            keys.update(f"{where}.{name}" if where else name for name in names)
        return original(self, path, names)

    monkeypatch.setattr(Reader, "table", recording)
    for name in builtin_names():
        load_edition_file(builtin_path(name))
    keys.update(schema.TOP_KEYS)
    keys.update(schema.RULE_KEYS.values())
    for parameters in schema.EFFECT_KEYS.values():  # beside a one-word effect
        keys.update(f"cards.KIND.{key}" for key in parameters)
    for primitive in PRIMITIVES:  # a step's parameters, under its name
        names = [p.name for p in primitive_parameters(primitive)]
        if names:
            keys.add(f"cards.KIND.{primitive.NAME}")
            keys.update(f"cards.KIND.{primitive.NAME}.{name}" for name in names)
    return keys


def test_every_schema_key_is_in_edition_format_md(monkeypatch: pytest.MonkeyPatch) -> None:
    from unospec.editions import schema
    from unospec.model.cards import COLORS, KINDS
    from unospec.model.effects import SHORTHANDS
    from unospec.model.primitives import HOLDINGS, PRIMITIVES

    text = _read(EDITION_FORMAT)
    keys = schema_keys(monkeypatch)
    assert {"format", "deck.cards[].kind", "cards.KIND.effect", "interpretations[].id"} <= keys
    missing = sorted(key for key in keys if f"`{key}`" not in text)
    values = {
        "card kind": KINDS,
        "colour": COLORS,
        "primitive": tuple(p.NAME for p in PRIMITIVES),
        "one-word effect": tuple(SHORTHANDS),
        "provenance": schema.PROVENANCE,
        "holding": HOLDINGS,
        "lint family": schema.FAMILIES,
    }
    unnamed = sorted(
        f"{what} {value}"
        for what, names in values.items()
        for value in names
        if f"`{value}`" not in text
    )
    assert not missing, (
        f"{EDITION_FORMAT.relative_to(ROOT)} lacks these keys of editions/schema.py (write "
        "each in backticks, as the key table does): " + ", ".join(missing)
    )
    assert not unnamed, (
        f"{EDITION_FORMAT.relative_to(ROOT)} lacks these values the schema accepts: "
        + ", ".join(unnamed)
    )


def _shown(value: object) -> str:
    """A reading's value as the page writes it: a name bare, an array as TOML."""
    from unospec.editions.schema import toml_value

    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return toml_value(list(value))
    return toml_value(value)


def readings() -> Iterator[tuple[str, str]]:
    """(where it comes from, the name or value) of every reading: each parameter the schema
    reads as a reading and the readings it plays, each reading the kernel answers in code
    and its answer, the data readings, and every reading a built-in edition records, with
    what it chose and its alternatives."""
    from unospec.editions import builtin_names, load_edition
    from unospec.editions.schema import DATA_READINGS, EFFECT_KEYS, FIXED_READINGS, READINGS

    for parameter, values in READINGS.items():
        effect, _, key = parameter.partition(".")  # a card's by its effect: `reverse.KEY`
        yield "schema READINGS", key if effect in EFFECT_KEYS else parameter
        for value in values:
            yield f"schema READINGS {parameter}", value
    for ident, answer in FIXED_READINGS.items():
        yield "schema FIXED_READINGS", ident
        yield f"schema FIXED_READINGS {ident}", answer
    for ident in DATA_READINGS:
        yield "schema DATA_READINGS", ident
    for name in builtin_names():
        for reading in load_edition(name).interpretations:
            yield f"{name}", reading.id
            yield f"{name} {reading.id} chosen", _shown(reading.chosen)
            for other in reading.alternatives:
                yield f"{name} {reading.id} alternative", _shown(other)


def test_every_reading_is_in_edition_format_md() -> None:
    text = _read(EDITION_FORMAT)
    missing = sorted(
        {f"`{value}` ({where})" for where, value in readings() if f"`{value}`" not in text}
    )
    assert not missing, (
        f"{EDITION_FORMAT.relative_to(ROOT)} does not name these readings (in backticks; "
        "arrays as TOML, as `unospec show` prints them): " + ", ".join(missing)
    )


# --- 3. every relative link resolves -----------------------------------------------------


def documents() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def links(text: str) -> Iterator[str]:
    """The target of every link and image outside code (blocks and spans)."""
    for line in _prose_lines(text):
        yield from LINK_TARGET.findall(re.sub(r"`[^`]*`", "", line))


def test_every_relative_link_resolves() -> None:
    broken: list[str] = []
    checked = 0
    for document in documents():
        for target in links(_read(document)):
            if SCHEME.match(target):  # https:, mailto:: not this test's business
                continue
            checked += 1
            where, _, anchor = target.partition("#")
            path = (document.parent / where).resolve() if where else document
            name = f"{document.relative_to(ROOT)}: ({target})"
            if not path.exists():
                broken.append(f"{name}: no file {path.relative_to(ROOT.parent)}")
            elif anchor and path.suffix != ".md":
                broken.append(f"{name}: an anchor into a file that is not Markdown")
            elif anchor and anchor not in anchors(_read(path)):
                broken.append(f"{name}: no heading in {path.name} has the anchor #{anchor}")
    assert checked > 20, f"only {checked} relative links found: is the link pattern right?"
    assert not broken, "broken links:\n" + "\n".join(broken)


# --- 4. the README is short and starts with its two commands -----------------------------


def test_readme_is_short_and_starts_with_the_two_commands() -> None:
    lines = _read(README).splitlines()
    assert len(lines) <= MAX_README_LINES, (
        f"README.md has {len(lines)} lines, more than {MAX_README_LINES}: move the detail to "
        "docs/ and link to it"
    )
    opening = next((i for i, line in enumerate(lines) if FENCE.match(line)), None)
    assert opening is not None, "README.md has no code block: it must start with ```sh"
    before = [line for line in lines[:opening] if line.strip()]
    assert len(before) <= 1 and all(line.startswith("# ") for line in before), (
        f"README.md must open with the commands (after at most its title), found {before}"
    )
    assert lines[opening].strip() == "```sh", f"the first block must be sh, found {lines[opening]}"
    block = lines[opening + 1 : opening + 3]
    closing = lines[opening + 3 : opening + 4]
    found = "\n  ".join(lines[opening + 1 : opening + 4])
    assert block == [SETUP_COMMAND, TEST_COMMAND] and closing == ["```"], (
        "README.md's first block must be exactly the two commands CI runs (.ci/run):\n"
        f"  {SETUP_COMMAND}\n  {TEST_COMMAND}\nfound:\n  {found}"
    )
