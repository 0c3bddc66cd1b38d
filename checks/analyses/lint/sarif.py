"""Findings as SARIF 2.1.0, so code-scanning tools show them on the edition file.

One result per finding; the edition file is the artifact, and each result points at the line
of the key the finding concerns (found with `toml_lines.locate`). The TypedDicts describe the
part of SARIF this log uses.
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path
from typing import Literal, TypedDict

from unospec.checks.analyses.lint import LintReport
from unospec.checks.analyses.lint.finding import ReadingJson, Severity, Witness
from unospec.editions.schema import FAMILIES
from unospec.editions.toml_lines import locate

Level = Literal["error", "warning", "note"]
LEVELS: dict[Severity, Level] = {"error": "error", "warning": "warning", "info": "note"}
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


class Text(TypedDict):
    text: str


class Region(TypedDict):
    startLine: int


class ArtifactLocation(TypedDict):
    uri: str


class PhysicalLocation(TypedDict):
    artifactLocation: ArtifactLocation
    region: Region


class Location(TypedDict):
    physicalLocation: PhysicalLocation


class Fingerprints(TypedDict):
    findingId: str  # the edition's name / the finding's id


class ResultProperties(TypedDict):
    edition: str
    witness: Witness | None
    interpretation: ReadingJson | None


class Result(TypedDict):
    """One finding."""

    ruleId: str  # the finding's family
    level: Level
    message: Text
    partialFingerprints: Fingerprints
    locations: list[Location]
    properties: ResultProperties


class Rule(TypedDict):
    """One family of findings."""

    id: str
    shortDescription: Text


class Driver(TypedDict):
    name: str
    version: str
    informationUri: str
    rules: list[Rule]


class Tool(TypedDict):
    driver: Driver


class Run(TypedDict):
    tool: Tool
    results: list[Result]


SarifLog = TypedDict("SarifLog", {"$schema": str, "version": str, "runs": list[Run]})
"""`unospec lint --format sarif`."""


def _path(key: str | None) -> tuple[str | int, ...]:
    if not key:
        return ()
    return tuple(int(part) if part.isdigit() else part for part in key.split("."))


def to_sarif(reports: list[LintReport]) -> SarifLog:
    """A SARIF log with one run holding every finding of every report."""
    results: list[Result] = []
    for report in reports:
        source = Path(report.source)
        text = source.read_text(encoding="utf-8") if source.is_file() else ""
        for finding in report.findings:
            path = _path(finding.key)
            line = (locate(text, path) if path else None) or 1
            results.append(
                {
                    "ruleId": finding.family,
                    "level": LEVELS[finding.severity],
                    "message": {"text": f"[{finding.section}] {finding.message}"},
                    "partialFingerprints": {"findingId": f"{report.edition}/{finding.id}"},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {"uri": _uri(source)},
                                "region": {"startLine": line},
                            }
                        }
                    ],
                    "properties": {
                        "edition": report.edition,
                        "witness": finding.witness,
                        "interpretation": finding.interpretation,
                    },
                }
            )
    rules: list[Rule] = [
        {"id": family, "shortDescription": {"text": family.replace("-", " ")}}
        for family in FAMILIES
    ]
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "unospec",
                        "version": version("unospec"),
                        "informationUri": "https://example.invalid/unospec",
                        "rules": rules,
                    }
                },
                "results": results,
            }
        ],
    }


def _uri(source: Path) -> str:
    """A URI, as SARIF wants: `file:` for an absolute path, else the relative reference."""
    return source.as_uri() if source.is_absolute() else source.as_posix()
