"""The state counts that the README and docs/ state, held to what the explorer counts.

- every figure the pages state as a count of states (a number before `states`, `distinct
  states` or `without symmetry`, or in the `states` column of a table) is registered in
  `STATED`, with the exploration it is about: edition, scale, players, symmetry on or off;
- each registered figure, and the transitions and depth stated beside it, is what
  `unospec explore` counts there (on the compiled engine, its default), read from the page
  as it prints it: a page that states a wrong figure fails.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

from unospec.checks.engines.explore_job import ExplorationJson, run_exploration

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"

ENGINE = "compiled"
"""The engine `unospec explore` runs by default: the one the pages' figures come from."""

NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)"
"""A figure as the pages print it: `31648`, or with thousands separators, `2,596`."""

STATE_COUNT = re.compile(
    rf"(?<![\w.,-])(?P<figure>{NUMBER})"
    r"(?=\s+(?:(?:distinct\s+)?states\b(?!/)|without\s+symmetry\b))"
)
"""A count of states in running text: `17144 states`, `31648 distinct states`, `(31648
without symmetry)`; not a rate (`states/s`)."""

FIELDS = {
    "distinct_states": "distinct states",
    "unreduced_states": "states without symmetry",
    "transitions": "transitions",
    "depth": "depth",
}
"""The figures a registered text may name, by the key of `unospec explore`'s JSON that
holds the count it prints for each."""


@dataclass(frozen=True)
class Stated:
    """Figures a page states, and the exploration they are about.

    `text` is the page's text around them, each figure written `{field}` with a field of
    `FIELDS` (the figure is read from the page, never from here); it must occur exactly
    once in `document`. `source` says in a few words where the page has them from."""

    document: str  # relative to the project's root
    source: str
    text: str
    edition: str
    scale: str
    players: int
    symmetry: bool

    @property
    def name(self) -> str:
        return f"{self.document}: {self.source}"


STATED = [
    # docs/conformance.md, RLCard's scales compared whole, state by state (2 players).
    Stated(
        "docs/conformance.md",
        "RLCard compared whole at number+skip+wild",
        "| `micro,colors=4,kinds=number+skip+wild` | {distinct_states} | 15,590 | 11,863 |",
        edition="rlcard-uno",
        scale="micro,colors=4,kinds=number+skip+wild",
        players=2,
        symmetry=True,
    ),
    Stated(
        "docs/conformance.md",
        "RLCard compared whole at number+draw-two+wild",
        "| `micro,colors=4,kinds=number+draw-two+wild` | {distinct_states} | 27,209 | 19,608 |",
        edition="rlcard-uno",
        scale="micro,colors=4,kinds=number+draw-two+wild",
        players=2,
        symmetry=True,
    ),
    Stated(
        "docs/conformance.md",
        "RLCard compared whole at number+reverse+wild",
        "| `micro,colors=4,kinds=number+reverse+wild` | {distinct_states} | 30,330 | 24,463 |",
        edition="rlcard-uno",
        scale="micro,colors=4,kinds=number+reverse+wild",
        players=2,
        symmetry=True,
    ),
    Stated(
        "docs/conformance.md",
        "RLCard compared whole at number+wild+wild-draw-four",
        "| `micro,colors=4,kinds=number+wild+wild-draw-four` | {distinct_states} | 61 | 25 |",
        edition="rlcard-uno",
        scale="micro,colors=4,kinds=number+wild+wild-draw-four",
        players=2,
        symmetry=True,
    ),
    # README's tour: `unospec explore express` (its defaults: micro, 2 players, symmetry).
    Stated(
        "README.md",
        "unospec explore express",
        "express at scale micro, 2 players, symmetry on: complete\n"
        "  {distinct_states} distinct states ({unreduced_states} without symmetry), "
        "{transitions} transitions, depth {depth}",
        edition="express",
        scale="micro",
        players=2,
        symmetry=True,
    ),
    # README's tour: `unospec check express`, whose exploration explores the portfolio at
    # the fewest players the edition allows, with symmetry, and counts each scale's states.
    Stated(
        "README.md",
        "unospec check express, scale micro",
        "exploration: scale micro ({distinct_states} states)",
        edition="express",
        scale="micro",
        players=2,
        symmetry=True,
    ),
    Stated(
        "README.md",
        "unospec check express, scale pair",
        "scale pair,hand=2,copies=2,target=2 ({distinct_states} states)",
        edition="express",
        scale="pair,hand=2,copies=2,target=2",
        players=2,
        symmetry=True,
    ),
    # docs/scales.md, "Scoring across hands": explore's defaults (2 players, symmetry on).
    Stated(
        "docs/scales.md",
        "classic, scoring across hands",
        "| classic | `micro,wilds=0,target=2` (a number card is worth its rank) "
        "| {distinct_states} |",
        edition="classic",
        scale="micro,wilds=0,target=2",
        players=2,
        symmetry=True,
    ),
    Stated(
        "docs/scales.md",
        "nfl-cowboys, scoring across hands",
        "| nfl-cowboys | `pair,target=6` (a number card is worth 5) "
        "| {distinct_states}, with symmetry |",
        edition="nfl-cowboys",
        scale="pair,target=6",
        players=2,
        symmetry=True,
    ),
]

NOT_EXPLORED = [
    # README's tour, `check`'s conformance line: how many states the conformance check
    # compared, not what an exploration counts. Conformance is being reworked; the line is
    # updated with it.
    ("README.md", "conformance:"),
    # docs/development.md: the number of states the tests' fixture (tests/conftest.py) has
    # `check`'s conformance compare, a setting, not a count of states.
    ("docs/development.md", "conformance compares"),
]
"""Figures followed by `states` that no exploration counts, by their document and a text
of their line: not held to the explorer."""


@dataclass(frozen=True)
class Figure:
    """A number a page states as a count of states, where it stands."""

    document: str
    line: int
    start: int  # its offset in the document
    text: str  # the number, as printed
    context: str  # its line

    def __str__(self) -> str:
        return f"{self.document}:{self.line}: {self.text} in {self.context.strip()!r}"


def documents() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _read(document: str) -> str:
    return (ROOT / document).read_text(encoding="utf-8")


def _figure(document: str, text: str, start: int, number: str) -> Figure:
    line = text.count("\n", 0, start) + 1
    context = text.splitlines()[line - 1]
    return Figure(document, line, start, number, context)


def _cells(line: str, offset: int) -> list[tuple[int, str]]:
    """(offset in the document, text) of each cell of a table row at `offset`."""
    bars = [i for i, c in enumerate(line) if c == "|"]
    return [(offset + left + 1, line[left + 1 : right]) for left, right in pairwise(bars)]


def _table_figures(document: str, text: str) -> Iterator[Figure]:
    """The first number in each cell of a table's column headed `states` (or `... states`)."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    columns: list[int] = []
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("|"):
            columns = []
            continue
        is_header = i + 1 < len(lines) and re.fullmatch(r"\s*\|[\s|:-]*-[\s|:-]*", lines[i + 1])
        if is_header:
            headings = [cell.strip().lower() for _, cell in _cells(line, offsets[i])]
            columns = [n for n, heading in enumerate(headings) if re.search(r"\bstates$", heading)]
            continue
        cells = _cells(line, offsets[i])
        for n in columns:
            if n < len(cells):
                at, cell = cells[n]
                found = re.search(NUMBER, cell)
                if found:
                    yield _figure(document, text, at + found.start(), found.group())


def stated_figures() -> list[Figure]:
    """Every count of states the README and docs/ state, in running text, code or tables."""
    figures: dict[tuple[str, int], Figure] = {}
    for path in documents():
        document, text = _relative(path), path.read_text(encoding="utf-8")
        for found in STATE_COUNT.finditer(text):
            figure = _figure(document, text, found.start("figure"), found.group("figure"))
            figures[(document, figure.start)] = figure
        for figure in _table_figures(document, text):
            figures[(document, figure.start)] = figure
    return sorted(figures.values(), key=lambda f: (f.document, f.start))


def _pattern(stated: Stated) -> re.Pattern[str]:
    """`stated.text` as a pattern: the text literally, each `{field}` a figure."""
    parts = re.split(r"\{(\w+)\}", stated.text)
    pattern = ""
    for i, part in enumerate(parts):
        if i % 2 == 0:
            pattern += re.escape(part)
        else:
            assert part in FIELDS, f"{stated.name}: {{{part}}} is not one of {list(FIELDS)}"
            pattern += f"(?P<{part}>{NUMBER})"
    return re.compile(pattern)


def _located(stated: Stated) -> re.Match[str]:
    """Where the page states `stated`'s figures: the one place its text occurs."""
    text = _read(stated.document)
    found = list(_pattern(stated).finditer(text))
    shown = stated.text.replace("\n", "\\n")
    assert found, (
        f"{stated.document} no longer has {shown!r}: update its entry in STATED (or remove "
        "it with the figure)"
    )
    assert len(found) == 1, (
        f"{shown!r} occurs {len(found)} times in {stated.document}: make the entry's text "
        "long enough to name one place"
    )
    return found[0]


def _value(printed: str) -> int:
    """A figure as the page prints it, as a number: `2,596` is 2596."""
    return int(printed.replace(",", ""))


@functools.cache
def explored(edition: str, scale: str, players: int, symmetry: bool) -> ExplorationJson:
    """`unospec explore EDITION --scale SCALE --players N [--no-symmetry]`'s figures, once a
    process (the explorations are deterministic)."""
    report = run_exploration(edition, scale, players=players, symmetry=symmetry, engine=ENGINE)
    assert report.exploration.complete and report.ok, f"{edition} at {scale} did not pass"
    return report.to_json()


def test_every_stated_state_count_is_registered() -> None:
    """Every count of states the README and docs/ state is a figure of `STATED`, or on a
    line `NOT_EXPLORED` names."""
    figures = stated_figures()
    covered: set[tuple[str, int]] = set()
    for stated in STATED:
        found = _located(stated)
        covered.update((stated.document, found.start(field)) for field in found.groupdict())
    excluded = {
        (document, text): [f for f in figures if f.document == document and text in f.context]
        for document, text in NOT_EXPLORED
    }
    left_out = {(f.document, f.start) for each in excluded.values() for f in each}
    unregistered = [f for f in figures if (f.document, f.start) not in covered | left_out]
    assert len(figures) >= 6, f"only {len(figures)} stated counts found: is the pattern right?"
    assert not unregistered, (
        "these pages state counts of states that no test holds to the explorer:\n  "
        + "\n  ".join(str(f) for f in unregistered)
        + "\nAdd each to STATED in tests/docs/test_state_counts.py, with the edition, scale, "
        "players and symmetry it is about."
    )
    stale = [rule for rule, found in excluded.items() if not found]
    assert not stale, f"NOT_EXPLORED names lines that state no count of states: {stale}"


@pytest.mark.parametrize("stated", STATED, ids=lambda s: s.name)
def test_each_stated_figure_is_what_the_explorer_counts(stated: Stated) -> None:
    """The page's figures (states with and without symmetry, transitions, depth) are what
    the explorer counts in the configuration they are about."""
    found = _located(stated)
    first = min(found.start(field) for field in found.groupdict())
    line = _read(stated.document).count("\n", 0, first) + 1
    data = explored(stated.edition, stated.scale, stated.players, stated.symmetry)
    assert (data["players"], data["symmetry"], data["engine"]) == (
        stated.players,
        stated.symmetry,
        ENGINE,
    )
    counted: dict[str, int] = {
        "distinct_states": data["distinct_states"],
        "unreduced_states": data["unreduced_states"],
        "transitions": data["transitions"],
        "depth": data["depth"],
    }
    wrong = [
        f"{FIELDS[field]}: the page says {printed}, the explorer counts {counted[field]}"
        for field, printed in found.groupdict().items()
        if _value(printed) != counted[field]
    ]
    if "unreduced_states" in found.groupdict() and stated.symmetry:
        # the states without symmetry, as `--no-symmetry` counts them
        without = explored(stated.edition, stated.scale, stated.players, False)
        printed = found.group("unreduced_states")
        if _value(printed) != without["distinct_states"]:
            wrong.append(
                f"states without symmetry: the page says {printed}, the explorer counts "
                f"{without['distinct_states']} with --no-symmetry"
            )
    assert not wrong, (
        f"{stated.document}:{line} ({stated.edition} at {stated.scale}, {stated.players} "
        f"players, symmetry {'on' if stated.symmetry else 'off'}):\n  " + "\n  ".join(wrong)
    )
