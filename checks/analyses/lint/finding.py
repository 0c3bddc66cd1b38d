"""A finding: one defect or gap in a booklet, as a rule designer would want it reported."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, TypedDict

from unospec.model.edition import Edition, Interpretation, Reading

Severity = Literal["error", "warning", "info"]
ERROR: Final = "error"
WARNING: Final = "warning"
INFO: Final = "info"
SEVERITIES: tuple[Severity, ...] = (ERROR, WARNING, INFO)
"""error: a contradiction; warning: a gap or an ambiguity; info: worth knowing."""

Witness = Mapping[str, object]
"""What shows a finding happen (a game, the values a proof found): open values."""

ShownReading = str | int | bool | list[str]
"""A reading's value as the JSON shows it: a list of card kinds is a list."""


class ReadingJson(TypedDict):
    """The interpretation a finding shows: the reading the edition file chose."""

    id: str
    chosen: ShownReading
    alternatives: list[ShownReading]
    why: str


class FindingJson(TypedDict):
    """One finding in `unospec lint --format json`."""

    id: str
    family: str
    severity: Severity
    section: str
    message: str
    witness: dict[str, object] | None
    interpretation: ReadingJson | None
    key: str | None


@dataclass(frozen=True)
class Finding:
    """`message` says what is wrong, `witness` shows it, `interpretation` is the reading the
    edition file chose where one applies; `key` is the edition-file key it concerns."""

    id: str
    family: str
    severity: Severity
    section: str
    message: str
    witness: Witness | None = None
    interpretation: ReadingJson | None = None
    key: str | None = None
    covers: tuple[str, ...] = ()  # further interpretations this finding accounts for
    answers: tuple[str, ...] = ()  # further parameters (key paths) it asks about, beside `key`

    def to_json(self) -> FindingJson:
        return {
            "id": self.id,
            "family": self.family,
            "severity": self.severity,
            "section": self.section,
            "message": self.message,
            "witness": None if self.witness is None else copy.deepcopy(dict(self.witness)),
            "interpretation": copy.deepcopy(self.interpretation),
            "key": self.key,
        }


def _shown(value: Reading) -> ShownReading:
    return list(value) if isinstance(value, tuple) else value


def reading(item: Interpretation | None) -> ReadingJson | None:
    """The interpretation as a finding shows it."""
    if item is None:
        return None
    return {
        "id": item.id,
        "chosen": _shown(item.chosen),
        "alternatives": [_shown(a) for a in item.alternatives],
        "why": item.why,
    }


def deciding(edition: Edition, path: str) -> Interpretation | None:
    """The interpretation that decides the parameter at `path`, if one does."""
    return next((i for i in edition.interpretations if i.decides == path), None)
