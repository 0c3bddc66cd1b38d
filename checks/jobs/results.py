"""Check results as data: what the CLI renders as text or JSON, and what tests assert on."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class CheckResult:
    """One named check of one edition: whether it passed, and what it found."""

    name: str
    ok: bool
    detail: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class EditionReport:
    """Every check of one edition."""

    name: str
    source: str
    checks: tuple[CheckResult, ...]
    interpretations: tuple[dict[str, Any], ...] = ()
    reference: str = ""  # how a command names it: its built-in name, else its file

    @property
    def command_name(self) -> str:
        """The edition as an argument of another `unospec` command."""
        return self.reference or self.name

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "reference": self.command_name,
            "ok": self.ok,
            "checks": [check.to_json() for check in self.checks],
            "interpretations": list(self.interpretations),
        }
