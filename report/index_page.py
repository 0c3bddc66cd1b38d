"""The site's index page: every edition with its verdict and its figures."""

from __future__ import annotations

from typing import TypedDict

from unospec.checks.jobs.results import EditionReport
from unospec.model.edition import Edition
from unospec.report.html import badge, page, table, text


class Figures(TypedDict):
    """What the index shows of one edition: its findings by severity, its proofs by
    verdict, the states explored (None: not explored) and the games played."""

    errors: int
    warnings: int
    notes: int
    proved: int
    refuted: int
    unknown: int
    states: int | None
    games: int


def summary_counts(report: EditionReport) -> Figures:
    """The figures the index shows for one edition."""
    findings = report.lint["findings"] if report.lint else []
    queries = report.proofs["queries"] if report.proofs else []
    explored, games = report.exploration, report.games
    return {
        "errors": sum(f["severity"] == "error" for f in findings),
        "warnings": sum(f["severity"] == "warning" for f in findings),
        "notes": sum(f["severity"] == "info" for f in findings),
        "proved": sum(q["verdict"] == "proved" for q in queries),
        "refuted": sum(q["verdict"] == "refuted" for q in queries),
        "unknown": sum(q["verdict"] == "unknown" for q in queries),
        "states": explored["distinct_states"] if explored else None,  # --scale none
        "games": games["games"] if games else 0,
    }


def index_page(entries: list[tuple[Edition, EditionReport]], stamp: str, setup: str) -> str:
    """The index: each edition's verdict and figures, how much was checked (`setup`)."""
    rows = []
    for edition, report in entries:
        c = summary_counts(report)
        rows.append(
            [
                f'<a href="editions/{text(edition.name)}.html">{text(edition.name)}</a>',
                text(edition.title),
                badge("pass" if report.ok else "fail"),
                f'<span class="error">\u2716 {c["errors"]}</span> \u00b7 '
                f'<span class="warning">\u25b2 {c["warnings"]}</span> \u00b7 '
                f'<span class="info">\u25cf {c["notes"]}</span>',
                f'<span class="ok">\u2714 {c["proved"]}</span> \u00b7 '
                f'<span class="error">\u2716 {c["refuted"]}</span>'
                + (f" \u00b7 ? {c['unknown']}" if c["unknown"] else ""),
                text("not explored" if c["states"] is None else f"{c['states']:,}"),
                text(f"{c['games']:,}"),
            ]
        )
    headers = [
        "Edition",
        "Title",
        "Verdict",
        "Findings (\u2716 contradictions \u00b7 \u25b2 gaps \u00b7 \u25cf notes)",
        "Proofs (\u2714 proved \u00b7 \u2716 refuted)",
        "States explored",
        "Games simulated",
    ]
    listing = table(headers, rows, numeric=frozenset({5, 6}))
    body = (
        f"<p>Every edition below was checked by unospec ({text(setup)}). An edition "
        "<em>passes</em> when its model holds: every invariant in every explored state and "
        "random game, every proof the rules engine relies on, its saved baseline. Booklet "
        "defects are findings: they are reported, they do not fail an edition.</p>"
        + listing
        + '<p><a href="compare.html">Compare the editions with each other</a>.</p>'
    )
    return page("Edition review", body, stamp=stamp)
