"""The neutral model of a rule diagram: phases, transitions, notes and marks, as data.

Extraction (`graph`, `diff`) builds it; the renderers (`dot`, `mermaid`) only lay it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from unospec.model.errors import InternalError


class DiagramDefinitionError(InternalError):
    """The diagram's own tables do not cover the machine (a phase with no cluster)."""


class Mark(StrEnum):
    """How a phase, transition or note stands: in one edition, or between two."""

    PLAIN = "plain"  # fires in this edition (in a diff: in both, the same)
    INACTIVE = "inactive"  # cannot fire: no card has the effect it needs, or the rules forbid it
    ADDED = "added"  # a diff: only the first edition has it
    REMOVED = "removed"  # a diff: only the second edition has it
    CHANGED = "changed"  # a diff: both have it, with different numbers


SYMBOLS: dict[Mark, str] = {
    Mark.PLAIN: "",
    Mark.INACTIVE: "",
    Mark.ADDED: "+",
    Mark.REMOVED: "\u2212",
    Mark.CHANGED: "\u2260",
}
"""The text mark each renderer puts before a marked label: legible without colour."""


@dataclass(frozen=True)
class Note:
    """One edition parameter shown on the page; `key` pairs it with the other edition's."""

    key: str
    text: str
    mark: Mark = Mark.PLAIN
    value: str | None = None  # what a diff compares, when not the whole text: see `about`
    shows: tuple[str, ...] = ()  # the edition file keys whose values it words


@dataclass(frozen=True)
class Node:
    """A phase: its machine id, its human name (the State's name) and its cluster."""

    id: str
    label: str
    cluster: str
    mark: Mark = Mark.PLAIN
    initial: bool = False
    final: bool = False


@dataclass(frozen=True)
class Edge:
    """A declared transition; `id` is stable (`t` and the branch number)."""

    id: str
    source: str
    target: str
    event: str
    guards: tuple[str, ...]
    notes: tuple[Note, ...]
    mark: Mark = Mark.PLAIN
    step: str = "player"  # who takes the step that fires it: see `step_of`
    governed_by: tuple[Note, ...] = ()  # the notes of every rule it runs, drawn here or not

    @property
    def title(self) -> str:
        """The event and its guard, as words: ``play [plays draw card]``."""
        guard = f" [{' and '.join(self.guards)}]" if self.guards else ""
        return spaced(self.event) + spaced(guard)


@dataclass(frozen=True)
class Cluster:
    """A group of phases drawn in one box: a part of the game (set up, a turn, ...)."""

    id: str
    label: str


@dataclass(frozen=True)
class Diagram:
    """What a renderer draws: a titled graph, a legend, and a table of edition facts."""

    name: str
    title: str
    subtitle: str
    clusters: tuple[Cluster, ...]
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    legend: tuple[tuple[Mark, str], ...]
    facts: tuple[Note, ...] = ()
    readings: bool = False  # some note shows a value a reading chose (marked `READING`)


def spaced(name: str) -> str:
    """A machine name as words: `play_drawn` is "play drawn"."""
    return name.replace("_", " ")
