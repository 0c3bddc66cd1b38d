"""An edition's deck as a picture: each line of the composition, its count, points and source.

A booklet reviewer checks the composition against the booklet's Contents: what each card
does, how many there are, what they score, and whether the booklet states the line or the
edition file assumes it. Drawn as one Graphviz table, so it renders like the turn flows.
"""

from __future__ import annotations

from dataclasses import dataclass

from unospec.diagrams.dot import FONT, INK, PAPER, html, quote
from unospec.model.cards import NUMBER
from unospec.model.edition import DeckEntry, Edition
from unospec.model.effects import effect_words
from unospec.model.wording import span

BAR = 160
"""Width in points of the bar of the largest line of the deck."""


@dataclass(frozen=True)
class DeckLine:
    """One line of the composition as the picture shows it."""

    card: str
    faces: str  # which faces: "1-9 in each colour", "in all"
    copies: int
    count: int
    points: str
    effect: str
    section: str
    provenance: str
    set_aside: bool


def deck_lines(edition: Edition) -> tuple[DeckLine, ...]:
    """The edition file's deck entries, in its order, with what each one adds up to."""
    points = dict(edition.rules.points)
    sections = dict(edition.sections)
    return tuple(
        DeckLine(
            card=edition.card_name(entry.kind),
            faces=_faces(entry, edition),
            copies=entry.copies,
            count=sum(n for _, n in entry.faces(edition.colors)),
            points=_points(points.get(entry.kind)),
            effect=effect_words(edition.effect_of(entry.kind)),
            section=sections.get(entry.kind, "Contents" if entry.kind != NUMBER else "Let's Play"),
            provenance=entry.provenance,
            set_aside=entry.foil,
        )
        for entry in edition.deck
    )


def deck_dot(edition: Edition) -> str:
    """The DOT text of the deck picture."""
    lines = deck_lines(edition)
    biggest = max((line.count for line in lines), default=1)
    head = ["Card", "Faces", "Copies", "Cards", "", "Points", "Source"]
    rows = ["<tr>" + "".join(f'<td align="left">{_bold(h)}</td>' for h in head) + "</tr>"]
    for line in lines:
        rows.append(_line(line, biggest))
    aside = f", {edition.set_aside_count} set aside" if edition.set_aside_count else ""
    source = "the booklet counts" if edition.seed else "the edition file counts"
    total = f"{edition.in_play_count} cards in play{aside}; {source} {edition.total_cards}"
    rows.append(f'<tr><td colspan="{len(head)}" align="left"><b>{html(total)}</b></td></tr>')
    title = (
        f'<tr><td colspan="{len(head)}" align="left"><font point-size="18"><b>'
        f"{html(edition.title)}: the deck</b></font></td></tr>"
    )
    stated_by = "the booklet" if edition.seed else "the edition file, which models no booklet"
    legend = (
        # no-break spaces around a bold or italic run: Graphviz starts a new SVG text element
        # at each change of font, and SVG viewers drop the spaces at an element's ends
        f'<tr><td colspan="{len(head)}" align="left"><font point-size="10">Source:&#160;'
        f"<b>stated</b>&#160;by {html(stated_by)}, or&#160;<i>assumed</i>&#160;by the "
        "edition file (italic, with ?). "
        f"Faces come in {html(', '.join(edition.colors))}.</font></td></tr>"
    )
    table = (
        '<table border="0" cellborder="1" cellspacing="0" cellpadding="5" color="#BBBBBB">'
        f"{title}{legend}{''.join(rows)}</table>"
    )
    return (
        f"digraph {quote(edition.name + '-deck')} {{\n"
        f'  graph [fontname="{FONT}", bgcolor="{PAPER}", pad=0.3];\n'
        f'  node [fontname="{FONT}", fontsize=12, fontcolor="{INK}"];\n'
        f'  deck [id="deck", shape=plaintext, margin=0, label=<{table}>];\n'
        "}\n"
    )


def _line(line: DeckLine, biggest: int) -> str:
    width = max(2, round(BAR * line.count / biggest))
    assumed = line.provenance != "stated"
    source = "<i>assumed ?</i>" if assumed else "<b>stated</b>"
    aside = '<br/><font point-size="10">set aside (foil)</font>' if line.set_aside else ""
    card = (
        f"<b>{html(line.card)}</b>{aside}<br/>"
        f'<font point-size="10" color="#555555">{html(line.effect)}</font><br/>'
        f'<font point-size="9" color="#777777">{html(line.section)}</font>'
    )
    bar = "#BBBBBB" if line.set_aside else "#4D4D4D"
    cells = [
        f'<td align="left" balign="left">{card}</td>',
        f'<td align="left">{html(line.faces)}</td>',
        f'<td align="right">{line.copies}</td>',
        f'<td align="right"><b>{line.count}</b></td>',
        f'<td align="left" width="{BAR}">{_bar(width, bar)}</td>',
        f'<td align="right">{html(line.points)}</td>',
        f'<td align="left">{source}</td>',
    ]
    return "<tr>" + "".join(cells) + "</tr>"


def _bar(width: int, colour: str) -> str:
    """A bar `width` points long, left-aligned (a filler cell takes the rest of the row)."""
    filler = f'<td width="{BAR - width}" height="10" fixedsize="true"></td>' if width < BAR else ""
    return (
        '<table border="0" cellspacing="0" cellpadding="0"><tr>'
        f'<td width="{width}" height="10" fixedsize="true" bgcolor="{colour}"></td>{filler}'
        "</tr></table>"
    )


def _bold(text: str) -> str:
    return f"<b>{html(text)}</b>" if text else " "


def _faces(entry: DeckEntry, edition: Edition) -> str:
    if entry.kind == NUMBER:
        return f"{span(sorted(entry.ranks))} in each of {len(edition.colors)} colours"
    if entry.wild:
        return "wild: no colour"
    return f"in each of {len(edition.colors)} colours"


def _points(value: int | str | None) -> str:
    if value is None:
        return "none given"
    return "face value" if value == "face-value" else str(value)
