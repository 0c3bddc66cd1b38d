"""The comparison pages: the matrix of every pair of editions, and each pair's page, from
what `unospec diff` concludes."""

from __future__ import annotations

import json
from typing import NotRequired, TypedDict

from unospec.checks.analyses.diff.report import DiffJson
from unospec.model.wording import how_named, span
from unospec.report.html import badge, page, picture_html, table, text
from unospec.report.values import shown


class Cell(TypedDict):
    """A pair of editions in the matrix: their verdict, and the file of their page."""

    equivalent: bool
    undecided: NotRequired[bool]
    parted: bool  # a game tells them apart
    file: str


def comparison_page(names: list[str], cells: dict[tuple[str, str], Cell], stamp: str) -> str:
    """The matrix of every pair of `names`, each cell linking to the pair's page."""
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
    a: str,
    b: str,
    data: DiffJson,
    diagram: str | None,
    storyboard: str | None,
    stamp: str,
    play: str = "",
) -> str:
    """The page of `a` against `b`: the differences, the diff diagram (`diagram`, a file in
    `img/`), the game that tells them apart (drawn as `storyboard`) or the bound, and `play`,
    the section of plots of their simulated play (HTML; none when empty)."""
    rows = [
        [text(d["kind"]), text(d["path"]), text(shown(d["a"])), text(shown(d["b"]))]
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
    trace, replayed, step = (
        (found["trace"], found["replay"], found["step"]) if found else (None,) * 3
    )
    if found and trace and replayed is not None and step is not None:
        steps = [[text(i), text(json.dumps(s))] for i, s in enumerate(trace["steps"])]
        replays = [
            [
                text(name),
                text(
                    r["first_illegal"]["reason"]
                    if r["first_illegal"]
                    else f"phase {r['phase']}, next player {r['current']}, hands {r['hands']}"
                ),
            ]
            for name, r in ((data["a"], replayed["a"]), (data["b"], replayed["b"]))
        ]
        at_deal = step < 0  # the tables differ as dealt: there is no step to list
        behaviour = (
            "<p>They part "
            + ("right after the deal" if at_deal else f"at step {text(step)}")
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
                        [text(name), text(shown(v["a"])), text(shown(v["b"]))]
                        for name, v in found.get("fields", {}).items()
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
            f"{text(json.dumps(trace, indent=1))}</pre></details>"
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
        + play
    )
    return page(f"{a} against {b}", body, depth=1, stamp=stamp)
