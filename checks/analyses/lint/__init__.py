"""Consistency analysis: `lint(edition)` reports a booklet's defects and gaps as findings.

Every family is a generic check (see `families`); none looks at an edition's name. Findings
are sorted by severity, then family; each names its booklet section, shows a witness where
there is one, and gives the reading the edition file chose where one applies.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TypedDict

from unospec.checks.analyses.lint.families.assumptions import assumptions
from unospec.checks.analyses.lint.families.bluffs_acquitted import bluffs_acquitted
from unospec.checks.analyses.lint.families.dead_rules import dead_rules
from unospec.checks.analyses.lint.families.endless_games import UnfinishedGames, endless_games
from unospec.checks.analyses.lint.families.first_flip import first_flip
from unospec.checks.analyses.lint.families.idle_rules import idle_rules
from unospec.checks.analyses.lint.families.legality_vs_judgment import legality_vs_judgment
from unospec.checks.analyses.lint.families.name_vs_effect import name_vs_effect
from unospec.checks.analyses.lint.families.recorded import recorded
from unospec.checks.analyses.lint.families.redundancy import redundancy
from unospec.checks.analyses.lint.families.resource_exhaustion import resource_exhaustion
from unospec.checks.analyses.lint.families.scoring_coverage import scoring_coverage
from unospec.checks.analyses.lint.families.turn_order import turn_order
from unospec.checks.analyses.lint.finding import SEVERITIES, Finding, FindingJson, Severity
from unospec.checks.analyses.lint.unrecorded import unrecorded
from unospec.checks.analyses.proofs import ProofReport, prove
from unospec.editions import base_edition
from unospec.model.edition import Edition

__all__ = ["Finding", "FindingJson", "LintReport", "LintReportJson", "lint"]


class LintReportJson(TypedDict):
    """`unospec lint --format json`, of one edition."""

    edition: str
    findings: list[FindingJson]


@dataclass(frozen=True)
class LintReport:
    """Every finding about one edition."""

    edition: str
    source: str
    findings: tuple[Finding, ...]

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def to_json(self) -> LintReportJson:
        return {"edition": self.edition, "findings": [f.to_json() for f in self.findings]}


def lint(
    edition: Edition,
    *,
    proofs: ProofReport | None = None,
    fired: Counter[int] | None = None,
    checked_by: str = "",
    shortfalls: int = 0,
    unfinished: UnfinishedGames | None = None,
) -> LintReport:
    """Every finding about `edition`. `fired` (transition counts from exploration and random
    play, described by `checked_by`) enables the dead-rule family; `shortfalls` is how often
    random play met a draw it could not complete; `unfinished` describes the random games
    that did not end (see `coverage.unfinished_witness`)."""
    proofs = proofs or prove(edition)
    findings = [
        *legality_vs_judgment(edition, proofs),
        *bluffs_acquitted(edition, proofs),
        *name_vs_effect(edition),
        *scoring_coverage(edition, proofs),
        *resource_exhaustion(edition, proofs, shortfalls),
        *turn_order(edition),
        *first_flip(edition),
        *redundancy(edition),
        *idle_rules(edition, proofs),
        *dead_rules(edition, fired, checked_by),
        *endless_games(unfinished),
        *assumptions(edition),
    ]
    asked = {f.key for f in findings if f.key} | {key for f in findings for key in f.answers}
    findings += unrecorded(edition, asked)
    covered = {f.interpretation["id"] for f in findings if f.interpretation}
    covered |= {ident for f in findings for ident in f.covers}
    findings += recorded(edition, covered, base_edition(edition))
    order = {severity: i for i, severity in enumerate(SEVERITIES)}
    findings.sort(key=lambda f: (order[f.severity], f.family, f.id))
    return LintReport(edition.name, edition.source, tuple(findings))
