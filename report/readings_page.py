"""An edition's readings page: each ambiguity its file records, each alternative played,
and whether choosing it changes the game (`unospec readings`), with the evidence."""

from __future__ import annotations

from unospec.checks.analyses.readings.report import AlternativeJson, MeasureJson, ReadingsJson
from unospec.model.edition import Edition
from unospec.report.html import badge, page, table, text
from unospec.report.values import plain


def readings_page(edition: Edition, readings: ReadingsJson, stamp: str) -> str:
    """Every recorded reading with its verdicts, the distinguishing runs in words."""
    rows = [
        [
            text(reading["section"]),
            text(reading["question"]),
            f"<strong>{text(plain(reading['chosen']))}</strong>",
            text(plain(alternative["value"])),
            badge(alternative["verdict"]),
            _evidence(alternative),
        ]
        for reading in readings["readings"]
        for alternative in reading["alternatives"]
    ]
    setup = (
        f"{readings['players']} players at scale <code>{text(readings['scale'])}</code>; "
        f"{readings['games']} games a side for each alternative that changes the game"
    )
    body = (
        f'<p><a href="{text(edition.name)}.html">{text(edition.name)}</a>: which of the '
        "booklet's ambiguities change the game. Each alternative the file records is played "
        f"as if the file had chosen it ({setup}).</p>"
        + table(["Section", "Question", "Chosen", "Alternative", "Verdict", "Evidence"], rows)
        if rows
        else f"<p>{text(edition.name)} records no interpretation: no reading to play.</p>"
    )
    return page(f"{edition.name}: readings", body, depth=1, stamp=stamp)


def _evidence(alternative: AlternativeJson) -> str:
    """The reason, the run that tells the two apart, and the measured effect."""
    parts = [text(alternative["reason"])]
    trace = alternative["trace"]
    if alternative["verdict"] == "changes" and trace and trace.get("steps"):
        told = "; ".join(
            row["action"] if row["player"] is None else f"player {row['player']} {row['action']}"
            for row in trace["steps"]
        )
        parts.append(f"<br><small>the run: deal; {text(told)}</small>")
    stats = alternative["stats"]
    if stats:
        parts.append(_measure("game length (turns)", stats["turns_per_game"]))
        parts.append(_measure("points per hand", stats["points_per_hand"]))
    return "".join(parts)


def _measure(name: str, measure: MeasureJson) -> str:
    a, b, d = measure["chosen"], measure["alternative"], measure["difference"]
    return (
        f"<br><small>{text(name)}: {a['value']:.1f} \u2192 {b['value']:.1f}, difference "
        f"{d['value']:+.1f} [{d['low']:+.1f}, {d['high']:+.1f}], p = {measure['p']:.2g}</small>"
    )
