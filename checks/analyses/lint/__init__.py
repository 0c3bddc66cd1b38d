"""Consistency analysis: `lint(edition)` reports a booklet's defects and gaps as findings.

Every family is a generic check (see `families`); none looks at an edition's name. Findings
are sorted by severity, then family; each names its booklet section, shows a witness where
there is one, and gives the reading the edition file chose where one applies.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from unospec.checks.analyses.lint import families
from unospec.checks.analyses.lint.finding import SEVERITIES, Finding
from unospec.checks.analyses.lint.unrecorded import unrecorded
from unospec.checks.analyses.proofs import ProofReport, prove
from unospec.editions import base_edition
from unospec.model.edition import Edition

__all__ = ["Finding", "LintReport", "lint"]


@dataclass(frozen=True)
class LintReport:
    """Every finding about one edition."""

    edition: str
    source: str
    findings: tuple[Finding, ...]

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def to_json(self) -> dict[str, Any]:
        return {"edition": self.edition, "findings": [f.to_json() for f in self.findings]}


def lint(
    edition: Edition,
    *,
    proofs: ProofReport | None = None,
    fired: Counter[int] | None = None,
    checked_by: str = "",
    shortfalls: int = 0,
    unfinished: dict[str, Any] | None = None,
) -> LintReport:
    """Every finding about `edition`. `fired` (transition counts from exploration and random
    play, described by `checked_by`) enables the dead-rule family; `shortfalls` is how often
    random play met a draw it could not complete; `unfinished` describes the random games
    that did not end (see `coverage.unfinished_witness`)."""
    proofs = proofs or prove(edition)
    findings = [
        *families.legality_vs_judgment(edition, proofs),
        *families.bluffs_acquitted(edition, proofs),
        *families.name_vs_effect(edition),
        *families.scoring_coverage(edition, proofs),
        *families.resource_exhaustion(edition, proofs, shortfalls),
        *families.turn_order(edition),
        *families.first_flip(edition),
        *families.redundancy(edition),
        *families.idle_rules(edition, proofs),
        *families.dead_rules(edition, fired, checked_by),
        *families.endless_games(unfinished),
        *families.assumptions(edition),
    ]
    asked = {f.key for f in findings if f.key} | {key for f in findings for key in f.answers}
    findings += unrecorded(edition, asked)
    covered = {f.interpretation["id"] for f in findings if f.interpretation}
    covered |= {ident for f in findings for ident in f.covers}
    findings += families.recorded(edition, covered, base_edition(edition))
    order = {severity: i for i, severity in enumerate(SEVERITIES)}
    findings.sort(key=lambda f: (order[f.severity], f.family, f.id))
    return LintReport(edition.name, edition.source, tuple(findings))
