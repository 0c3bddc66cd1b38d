"""An edition's page: its checks, deck, turn flow, readings, findings, proofs, statistics
and rule coverage, from its report."""

from __future__ import annotations

import json
from pathlib import Path

from unospec.checks.analyses.lint import FindingJson
from unospec.checks.analyses.proofs import QueryJson
from unospec.checks.engines.explore_job import ProgressJson
from unospec.checks.jobs.results import BaselineCheck, CheckResult, EditionReport
from unospec.editions import reference
from unospec.model.edition import Edition
from unospec.model.wording import span
from unospec.report.html import badge, page, picture_html, table, text
from unospec.report.values import plain

SEVERITY_TITLES = {
    "error": "Contradictions: the booklet says two things that cannot both hold",
    "warning": "Gaps and ambiguities: the booklet leaves the outcome open, or a rule never fired",
    "info": "Notes: assumptions and rules this edition does not use",
}


def _deck(edition: Edition, picture: str | None) -> str:
    points = dict(edition.rules.points)
    rows = []
    for entry in edition.deck:
        faces = entry.faces(edition.colors)
        count = sum(n for _, n in faces)
        what = entry.kind + (f" {span(sorted(entry.ranks))}" if entry.ranks else "")
        value = points.get(entry.kind, "no value")
        provenance = entry.provenance + (", set aside (foil)" if entry.foil else "")
        rows.append([text(what), text(count), text(value), text(provenance), text(entry.why)])
    figure = (
        picture_html(
            picture, f"Deck of {edition.name}: card kinds, counts and points", "The deck, drawn."
        )
        if picture
        else ""
    )
    return (
        f'<h2 id="deck">Deck: {edition.total_cards} cards ({edition.in_play_count} in play, '
        f"{edition.set_aside_count} set aside)</h2>"
        + table(["Cards", "Count", "Points", "Provenance", "Why"], rows, frozenset({1}))
        + figure
    )


def _interpretations(edition: Edition, played: bool) -> str:
    rows = [
        [
            text(i.section),
            text(i.question),
            f"<strong>{text(plain(i.chosen))}</strong>",
            text("; ".join(str(plain(a)) for a in i.alternatives)),
            text(i.why),
        ]
        for i in edition.interpretations
    ]
    link = (
        f'<p>Which of them change the game: <a href="{text(edition.name)}-readings.html">'
        "each alternative played</a>.</p>"
        if played
        else ""
    )
    return (
        '<h2 id="readings">Readings chosen where the booklet is unclear</h2>'
        + link
        + table(["Section", "Question", "Reading chosen", "Alternatives", "Why"], rows)
    )


def _findings(findings: list[FindingJson], storyboards: dict[str, str]) -> str:
    out = ['<h2 id="findings">Findings</h2>']
    for severity, title in SEVERITY_TITLES.items():
        group = [f for f in findings if f["severity"] == severity]
        if not group:
            continue
        out.append(f"<h3>{badge(severity)} {text(title)} ({len(group)})</h3>")
        for f in group:
            reading = f["interpretation"]
            chosen = (
                f"<p><strong>Reading chosen:</strong> {text(plain(reading['chosen']))}; "
                f"alternatives: {text(' | '.join(plain(a) for a in reading['alternatives']))}</p>"
                if reading
                else ""
            )
            witness = ""
            if f["id"] in storyboards:
                witness = picture_html(
                    storyboards[f["id"]],
                    "Storyboard of the witness game",
                    "The witness, step by step.",
                )
            if f["witness"] is not None:
                witness += (
                    f"<details><summary>Witness (data)</summary><pre>"
                    f"{text(json.dumps(f['witness'], indent=1))}</pre></details>"
                )
            out.append(
                f'<div class="finding {severity}"><p><strong>[{text(f["section"])}]</strong> '
                f'{text(f["message"])} <span class="muted">({text(f["family"])})</span></p>'
                f"{chosen}{witness}</div>"
            )
    return "".join(out)


def _proofs(queries: list[QueryJson]) -> str:
    rows = []
    for q in queries:
        shown = q["witness"] or q.get("detail")
        details = (
            f"<details><summary>{'Counterexample' if q['witness'] else 'Found'}</summary>"
            f"<pre>{text(json.dumps(shown, indent=1))}</pre></details>"
            if shown
            else ""
        )
        rows.append(
            [
                text(q["name"]),
                badge(q["verdict"]),
                text(q["section"]),
                text(q["claim"]) + details,
                text(q["seconds"]),
            ]
        )
    return '<h2 id="proofs">Proofs (Z3)</h2>' + table(
        ["Query", "Verdict", "Section", "Claim", "Seconds"], rows, frozenset({4})
    )


def _progress(progress: ProgressJson | None) -> str:
    if progress is None:
        return "not checked (the exploration did not finish)"
    return "yes" if progress["ok"] else f"no: not from {progress['stuck_states']:,} states"


def _statistics(report: EditionReport) -> str:
    explored, games = report.exploration, report.games
    rows = []
    if explored:
        rows += [
            ["Exploration scale", text(explored["scale"])],
            ["Distinct states (with colour symmetry)", text(f"{explored['distinct_states']:,}")],
            ["States without symmetry", text(f"{explored['unreduced_states']:,}")],
            ["Transitions, depth", text(f"{explored['transitions']:,}, {explored['depth']}")],
            [
                "Complete",
                text("yes" if explored["complete"] else f"no (stopped: {explored['stopped']})"),
            ],
            ["The game can always still end", text(_progress(explored["progress"]))],
        ]
    if games:
        rows += [
            ["Random games (to the target score)", text(f"{games['games']:,}")],
            ["Steps, hands", text(f"{games['steps']:,}, {games['hands']:,}")],
            [
                "Turns per hand (mean, median)",
                text(f"{games['mean_turns']}, {games['median_turns']}"),
            ],
            [
                "Hands won by the player who led them",
                text(f"{games['first_player_win_share']:.1%}"),
            ],
            ["Reshuffles per game", text(games["reshuffles_per_game"])],
            ["Draws short of cards", text(games["draw_shortfalls"])],
            ["Invariant violations", text(games["invariant_violations"])],
        ]
    return '<h2 id="statistics">Exploration and simulation</h2>' + table(["", ""], rows)


def _coverage(report: EditionReport, findings: list[FindingJson]) -> str:
    explored = report.exploration["coverage"] if report.exploration else {}
    games = report.games["rules_fired"] if report.games else {}
    dead = {
        (f["witness"] or {}).get("transition"): f["severity"]
        for f in findings
        if f["family"] == "dead-rule"
    }
    rows = []
    for label in games or explored:
        mark = badge(dead[label]) if label in dead else ""
        rows.append(
            [
                text(label),
                text(f"{explored.get(label, 0):,}" if explored else "\u2014"),
                text(f"{games.get(label, 0):,}"),
                mark,
            ]
        )
    return (
        '<h2 id="coverage">Rule coverage</h2><p>How often each transition of the turn-flow '
        "machine fired; never-fired transitions are marked (a contradiction mark is never "
        "used here: \u25b2 a rule this deck could use but never did, \u25cf one it has no "
        "card for).</p>"
        + table(
            ["Transition", "In exploration", "In random games", "Dead?"], rows, frozenset({1, 2})
        )
    )


def _verdict(check: CheckResult) -> str:
    """A check's badge: a baseline check with no baseline saved is a note, as `check` prints
    it, not a pass (nothing was compared)."""
    if not check.ok:
        return "fail"
    return "info" if isinstance(check, BaselineCheck) and check.noted else "pass"


def edition_page(
    edition: Edition,
    report: EditionReport,
    pictures: dict[str, str],
    storyboards: dict[str, str],
    stamp: str,
    play: str = "",
    *,
    readings_played: bool = False,
) -> str:
    """An edition's page: `pictures` are its turn flow and deck (file names in `img/`),
    `storyboards` the witness games drawn, by finding id, `play` the section of plots of
    simulated play (HTML; none when empty); `readings_played`: a readings page beside it
    (`readings_page`) to link to."""
    checks = table(
        ["Check", "Result", "Detail"],
        [[text(c.name), badge(_verdict(c)), text(c.detail)] for c in report.checks],
    )
    findings = report.lint["findings"] if report.lint else []
    flow = pictures.get("flow")
    flow_html = (
        '<h2 id="flow">Turn flow</h2>'
        + picture_html(
            flow,
            f"Turn flow of {edition.name}",
            "Drawn from the turn-flow machine, with this edition's numbers.",
        )
        if flow
        else ""
    )
    body = (
        f"<p>{text(edition.title)} \u2014 {badge('pass' if report.ok else 'fail')}; from "
        f"<code>{text(_source(edition))}</code>"
        + (f", booklet {text(edition.seed)}" if edition.seed else "")
        + (f", a variant of <code>{text(edition.variant_of)}</code>" if edition.variant_of else "")
        + ".</p>"
        + '<p><a href="#deck">Deck</a> \u00b7 <a href="#flow">Turn flow</a> \u00b7 '
        '<a href="#readings">Readings</a> \u00b7 <a href="#findings">Findings</a> \u00b7 '
        '<a href="#proofs">Proofs</a> \u00b7 <a href="#statistics">Statistics</a> \u00b7 '
        + ('<a href="#play">Simulated play</a> \u00b7 ' if play else "")
        + '<a href="#coverage">Coverage</a></p>'
        + "<h2>Checks</h2>"
        + checks
        + _deck(edition, pictures.get("deck"))
        + flow_html
        + _interpretations(edition, readings_played)
        + _findings(findings, storyboards)
        + _proofs(report.proofs["queries"] if report.proofs else [])
        + _statistics(report)
        + play
        + _coverage(report, findings)
    )
    return page(f"{edition.name}: review", body, depth=1, stamp=stamp)


def _source(edition: Edition) -> str:
    """Where the edition file is, as a reader can find it: a built-in one in the project's
    `spec/` folder (not the path it was installed to), a user's as it was given."""
    if reference(edition) == edition.name and edition.source != "<built>":
        return f"spec/{Path(edition.source).name} (built in)"
    return edition.source
