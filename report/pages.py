"""The report's pages, from the checks' results as data. Each function returns one page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from unospec.checks.jobs.results import CheckResult, EditionReport
from unospec.editions import reference
from unospec.model.edition import Edition
from unospec.model.wording import how_named, span
from unospec.report.html import badge, page, picture_html, table, text

SEVERITY_TITLES = {
    "error": "Contradictions: the booklet says two things that cannot both hold",
    "warning": "Gaps and ambiguities: the booklet leaves the outcome open, or a rule never fired",
    "info": "Notes: assumptions and rules this edition does not use",
}


def _check(report: EditionReport, name: str) -> dict[str, Any]:
    return next((c.data for c in report.checks if c.name == name), {})


def summary_counts(report: EditionReport) -> dict[str, Any]:
    """The figures the index shows for one edition."""
    findings = _check(report, "lint").get("findings", [])
    queries = _check(report, "proofs").get("queries", [])
    explored = _check(report, "exploration")
    games = _check(report, "random-games")
    return {
        "errors": sum(f["severity"] == "error" for f in findings),
        "warnings": sum(f["severity"] == "warning" for f in findings),
        "notes": sum(f["severity"] == "info" for f in findings),
        "proved": sum(q["verdict"] == "proved" for q in queries),
        "refuted": sum(q["verdict"] == "refuted" for q in queries),
        "unknown": sum(q["verdict"] == "unknown" for q in queries),
        "states": explored.get("distinct_states"),  # None: not explored (--scale none)
        "games": games.get("games", 0),
    }


def index_page(entries: list[tuple[Edition, EditionReport]], stamp: str, setup: str) -> str:
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


def _interpretations(edition: Edition) -> str:
    rows = [
        [
            text(i.section),
            text(i.question),
            f"<strong>{text(_plain(i.chosen))}</strong>",
            text("; ".join(str(_plain(a)) for a in i.alternatives)),
            text(i.why),
        ]
        for i in edition.interpretations
    ]
    return '<h2 id="readings">Readings chosen where the booklet is unclear</h2>' + table(
        ["Section", "Question", "Reading chosen", "Alternatives", "Why"], rows
    )


def _shown(value: object) -> str:
    """A compared value for people: absent, yes/no, lists and readings in words."""
    if value is None:
        return "\u2014 (absent)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_shown(v)}" for key, v in value.items())
    if isinstance(value, list):
        return _plain(value)
    return str(value)


def _plain(value: object) -> str:
    """A reading as words: lists joined, nested lists in brackets only when needed."""
    if isinstance(value, list | tuple):
        return ", ".join(
            _plain(v) if not isinstance(v, list | tuple) else f"[{_plain(v)}]" for v in value
        )
    return str(value)


def _findings(findings: list[dict[str, Any]], storyboards: dict[str, str]) -> str:
    out = ['<h2 id="findings">Findings</h2>']
    for severity, title in SEVERITY_TITLES.items():
        group = [f for f in findings if f["severity"] == severity]
        if not group:
            continue
        out.append(f"<h3>{badge(severity)} {text(title)} ({len(group)})</h3>")
        for f in group:
            reading = f["interpretation"]
            chosen = (
                f"<p><strong>Reading chosen:</strong> {text(_plain(reading['chosen']))}; "
                f"alternatives: {text(' | '.join(_plain(a) for a in reading['alternatives']))}</p>"
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


def _proofs(queries: list[dict[str, Any]]) -> str:
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


def _progress(progress: dict[str, Any] | None) -> str:
    if progress is None:
        return "not checked (the exploration did not finish)"
    return "yes" if progress["ok"] else f"no: not from {progress['stuck_states']:,} states"


def _statistics(report: EditionReport) -> str:
    explored = _check(report, "exploration")
    games = _check(report, "random-games")
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
            ["The game can always still end", text(_progress(explored.get("progress")))],
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


def _coverage(report: EditionReport, findings: list[dict[str, Any]]) -> str:
    explored = _check(report, "exploration").get("coverage", {})
    games = _check(report, "random-games").get("rules_fired", {})
    dead = {
        f["witness"]["transition"]: f["severity"] for f in findings if f["family"] == "dead-rule"
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
    return "info" if check.data.get("saved") is False else "pass"


def edition_page(
    edition: Edition,
    report: EditionReport,
    pictures: dict[str, str],
    storyboards: dict[str, str],
    stamp: str,
) -> str:
    checks = table(
        ["Check", "Result", "Detail"],
        [[text(c.name), badge(_verdict(c)), text(c.detail)] for c in report.checks],
    )
    findings = _check(report, "lint").get("findings", [])
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
        '<a href="#coverage">Coverage</a></p>'
        + "<h2>Checks</h2>"
        + checks
        + _deck(edition, pictures.get("deck"))
        + flow_html
        + _interpretations(edition)
        + _findings(findings, storyboards)
        + _proofs(_check(report, "proofs").get("queries", []))
        + _statistics(report)
        + _coverage(report, findings)
    )
    return page(f"{edition.name}: review", body, depth=1, stamp=stamp)


def comparison_page(
    names: list[str], cells: dict[tuple[str, str], dict[str, Any]], stamp: str
) -> str:
    head = "".join(f'<th scope="col">{text(n)}</th>' for n in names)
    rows = []
    for a in names:
        cols = []
        for b in names:
            if a == b:
                cols.append('<td class="muted">\u2014</td>')
                continue
            cell = cells[(a, b) if (a, b) in cells else (b, a)]
            verdict = "equivalent" if cell["equivalent"] else "differs"
            if cell.get("undecided"):
                verdict = "undecided"
            if cell["parted"]:
                verdict = "plays-differently"
            link = f"compare/{cell['file']}"
            cols.append(f'<td><a href="{link}">{badge(verdict)}</a></td>')
        rows.append(f'<tr><th scope="row">{text(a)}</th>{"".join(cols)}</tr>')
    body = (
        "<p>Each cell compares two editions: their data as the model reads it, what the checks "
        "conclude, and a search for the shortest game that tells them apart on the cards both "
        "decks have. <b>\u2260 plays differently</b>: such a game was found. <b>\u2260 differs"
        "</b>: the data differ, but no game on the shared cards tells them apart (a card only "
        "one deck has is not played in that search). Follow a cell for the list of differences, "
        "the diff diagram and that game.</p>"
        f'<div class="scroll"><table class="matrix"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    return page("Editions compared", body, stamp=stamp)


def pair_page(
    a: str, b: str, data: dict[str, Any], diagram: str | None, storyboard: str | None, stamp: str
) -> str:
    rows = [
        [text(d["kind"]), text(d["path"]), text(_shown(d["a"])), text(_shown(d["b"]))]
        for d in data["differences"]
    ]
    bound = data["bound"]
    found = data["distinguishing_trace"]
    parted = bool(found and found.get("trace"))
    verdict = badge(
        "equivalent"
        if data["equivalent"]
        else "plays-differently"
        if parted
        else "undecided"
        if data.get("undecided")
        else "differs"
    )
    if found and found.get("trace"):
        steps = [[text(i), text(json.dumps(s))] for i, s in enumerate(found["trace"]["steps"])]
        replays = [
            [
                text(data[side]),
                text(
                    r["first_illegal"]["reason"]
                    if r["first_illegal"]
                    else f"phase {r['phase']}, next player {r['current']}, hands {r['hands']}"
                ),
            ]
            for side, r in found["replay"].items()
        ]
        at_deal = found["step"] < 0  # the tables differ as dealt: there is no step to list
        behaviour = (
            "<p>They part "
            + ("right after the deal" if at_deal else f"at step {text(found['step'])}")
            + f": {text(how_named(found['how'], a, b))} "
            f"({text(bound['players'])} players, scale <code>{text(bound['scale'])}</code>).</p>"
            + ("" if at_deal else table(["Step", "Action"], steps))
            + table(["Replayed on", "Ends"], replays)
            + (
                "<p>Where the two games' states differ "
                + ("after the deal" if at_deal else "after that step")
                + ":</p>"
                + table(
                    ["State field", text(a), text(b)],
                    [
                        [text(name), text(_shown(v["a"])), text(_shown(v["b"]))]
                        for name, v in found["fields"].items()
                    ],
                )
                if found.get("fields")
                else ""
            )
            + (
                picture_html(
                    storyboard,
                    "Storyboard of the distinguishing game",
                    f"The distinguishing game, step by step (on {a}).",
                )
                if storyboard
                else ""
            )
            + f"<details><summary>The trace (for unospec replay)</summary><pre>"
            f"{text(json.dumps(found['trace'], indent=1))}</pre></details>"
        )
    else:
        behaviour = (
            f"<p>No game tells them apart on the deck they share: {text(bound.get('states'))} "
            f"states searched to depth {text(bound.get('depth'))} at scale "
            f"<code>{text(bound.get('scale'))}</code>"
            + (" (every state)" if bound.get("complete") else "")
            + ".</p>"
            + (
                "<p>Play at this scale cannot test these (the scale sets them alike, or a "
                "game is one hand): "
                + text(
                    ", ".join(f"{d['path']} ({d['a']} / {d['b']})" for d in bound["scaled_away"])
                )
                + ".</p>"
                if bound.get("scaled_away")
                else ""
            )
            + (
                f"<p>Cards only one deck has are left out of that search: "
                f"{text(', '.join(bound['left_out']))}; their rules are compared as data "
                "above, not by play.</p>"
                if bound.get("left_out")
                else ""
            )
            + (
                f"<p>The search seats {text(bound.get('players'))} players; tables of "
                f"{text(span(bound['players_not_compared']))} players, which both allow, are "
                "not compared (a rule may differ only at a bigger table).</p>"
                if bound.get("players_not_compared")
                else ""
            )
        )
    figure = (
        picture_html(
            diagram,
            f"Turn flow of {a} against {b}",
            "What only one has, or what differs, is marked; the legend explains the marks.",
        )
        if diagram
        else ""
    )
    body = (
        f"<p>{verdict}</p><h2>Differences ({len(data['differences'])})</h2>"
        + table(["Kind", "Where", text(a), text(b)], rows)
        + "<h2>Diff diagram</h2>"
        + figure
        + "<h2>Behaviour</h2>"
        + behaviour
    )
    return page(f"{a} against {b}", body, depth=1, stamp=stamp)


def _source(edition: Edition) -> str:
    """Where the edition file is, as a reader can find it: a built-in one in the project's
    `spec/` folder (not the path it was installed to), a user's as it was given."""
    if reference(edition) == edition.name and edition.source != "<built>":
        return f"spec/{Path(edition.source).name} (built in)"
    return edition.source
