"""A finding: one defect or gap in a booklet, as a rule designer would want it reported."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from unospec.model.edition import Edition, Interpretation

ERROR, WARNING, INFO = "error", "warning", "info"
SEVERITIES = (ERROR, WARNING, INFO)
"""error: a contradiction; warning: a gap or an ambiguity; info: worth knowing."""


@dataclass(frozen=True)
class Finding:
    """`message` says what is wrong, `witness` shows it, `interpretation` is the reading the
    edition file chose where one applies; `key` is the edition-file key it concerns."""

    id: str
    family: str
    severity: str
    section: str
    message: str
    witness: Any = None
    interpretation: dict[str, Any] | None = None
    key: str | None = None
    covers: tuple[str, ...] = ()  # further interpretations this finding accounts for
    answers: tuple[str, ...] = ()  # further parameters (key paths) it asks about, beside `key`

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["covers"], data["answers"]
        return data


def reading(item: Interpretation | None) -> dict[str, Any] | None:
    """The interpretation as a finding shows it."""
    if item is None:
        return None
    plain = [list(a) if isinstance(a, tuple) else a for a in item.alternatives]
    chosen = list(item.chosen) if isinstance(item.chosen, tuple) else item.chosen
    return {"id": item.id, "chosen": chosen, "alternatives": plain, "why": item.why}


def deciding(edition: Edition, path: str) -> Interpretation | None:
    """The interpretation that decides the parameter at `path`, if one does."""
    return next((i for i in edition.interpretations if i.decides == path), None)
