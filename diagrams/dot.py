"""Graphviz DOT text of a neutral diagram: what `dot` lays out and draws as SVG or PNG.

The text depends on the diagram alone (no `id()`, no dates, elements in the machine's
order), so the same edition gives byte-identical DOT and a stale committed diagram shows
as a text difference. Every mark has a colour *and* a line style and a text symbol, so the
page reads in greyscale and for colour-blind readers too.
"""

from __future__ import annotations

import re
import textwrap

from unospec.diagrams.flow import SYMBOLS, Diagram, Edge, Mark, Node, Note
from unospec.diagrams.notes import READING, READING_MEANING
from unospec.diagrams.style import step_legend, styled
from unospec.model.vocabulary import Phase

FONT = "DejaVu Sans"
INK = "#222222"
PAPER = "#FFFFFF"  # opaque, so a page in dark mode does not put dark ink on a dark ground
WRAP = 30  # characters per line of a note on an edge
NBSP = "\u00a0"

COLOURS: dict[Mark, str] = {
    Mark.PLAIN: INK,
    Mark.INACTIVE: "#A0A0A0",
    Mark.ADDED: "#0072B2",  # Okabe-Ito blue
    Mark.REMOVED: "#D55E00",  # Okabe-Ito vermilion
    Mark.CHANGED: "#882E72",  # purple, darker than both in greyscale
}
"""Colours safe for the common colour-vision deficiencies; never the only cue."""

EDGE_STYLES: dict[Mark, str] = {
    Mark.PLAIN: 'style="solid", penwidth=1.2',
    Mark.INACTIVE: 'style="dotted", penwidth=1.2',
    Mark.ADDED: 'style="bold", penwidth=2.6',
    Mark.REMOVED: 'style="dashed", penwidth=2.6',
    Mark.CHANGED: 'style="solid", penwidth=1.6',  # drawn as a double line, see _edge
}

NODE_STYLES: dict[Mark, str] = {
    Mark.PLAIN: 'style="rounded,filled", penwidth=1.2',
    Mark.INACTIVE: 'style="rounded,dotted,filled", penwidth=1.2',
    Mark.ADDED: 'style="rounded,bold,filled", penwidth=2.6',
    Mark.REMOVED: 'style="rounded,dashed,filled", penwidth=2.6',
    Mark.CHANGED: 'style="rounded,filled", penwidth=1.6, peripheries=2',
}

SAMPLES: dict[Mark, str] = {
    Mark.PLAIN: "\u2500\u2500\u2500\u2500",
    Mark.INACTIVE: "\u00b7 \u00b7 \u00b7 \u00b7",
    Mark.ADDED: "\u2501\u2501\u2501\u2501",
    Mark.REMOVED: "\u2501 \u2501 \u2501",
    Mark.CHANGED: "\u2550\u2550\u2550\u2550",
}
"""The line each mark draws, as text for the legend."""


LOOSE: frozenset[tuple[str, str]] = frozenset(
    {
        (Phase.drawn_card, Phase.table_draws),
        (Phase.special_wild, Phase.table_draws),
        (Phase.special_wild, Phase.resolving),
        (Phase.awaiting_challenge, Phase.table_draws),
        (Phase.uno_window, Phase.table_draws),
    }
)
"""Layout hints: transitions drawn without pulling their target below their source.

These are penalties the table deals from later in a turn (and a race no one lost, which
leaves the same phase). Left to rank the page, they would
put the table's draws under the challenge; loose, the draws sit where a turn's own draw goes,
between the play and the drawn-card decision, and a turn reads top down as a diamond:
awaiting a play, then a direct play, a wild's colour or a draw, then resolving the play.
"""


SPREAD = ("", "nw", "sw", "n")
"""The sides that loose edges between the same two phases leave from, in turn: `dot` does not
spread them apart, and the challenge and the acceptance would share one stroke."""


def flow_dot(diagram: Diagram) -> str:
    """The DOT text of a turn flow or of a diff of two turn flows."""
    lines = [
        f"digraph {quote(diagram.name)} {{",
        *_header(diagram),
        "  rankdir=TB; newrank=true; nodesep=0.35; ranksep=0.45;",
        f'  node [shape=box, fontname="{FONT}", fontsize=12, color="{INK}", '
        f'fillcolor="{PAPER}", margin="0.18,0.08"];',
        f'  edge [fontname="{FONT}", fontsize=10, color="{INK}", arrowsize=0.8];',
    ]
    if any(n.initial for n in diagram.nodes):
        lines.append('  start [id="start", shape=point, width=0.16, label=""];')
    for cluster in diagram.clusters:
        members = [n for n in diagram.nodes if n.cluster == cluster.id]
        if not members:
            continue
        # Titles at the foot: edges enter phases from above and would cross a title on top.
        lines += [
            f"  subgraph cluster_{cluster.id} {{",
            f'    id="cluster_{cluster.id}"; label=<<b>{html(cluster.label)}</b>>; labelloc=b;',
            '    style="rounded,filled"; fillcolor="#F4F4F4"; color="#C8C8C8"; fontsize=12;',
            *(f"    {_node(node)}" for node in members),
            "  }",
        ]
    for node in diagram.nodes:
        if node.initial:
            lines.append(f'  start -> {node.id} [id="start_{node.id}"];')
    initial = {n.id for n in diagram.nodes if n.initial}
    seen: dict[tuple[str, str], int] = {}
    for edge in diagram.edges:
        pair = (edge.source, edge.target)
        port = SPREAD[seen.get(pair, 0) % len(SPREAD)] if pair in LOOSE else ""
        seen[pair] = seen.get(pair, 0) + 1
        lines.append(f"  {_edge(edge, heavy=edge.source in initial, port=port)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _header(diagram: Diagram) -> list[str]:
    """The title and subtitle, and under them the facts and the legend side by side, as the
    graph's label: a label takes no part in the layout, so it never pushes a phase aside."""
    blocks: list[tuple[str, list[tuple[str, str, str]]]] = []
    if diagram.facts:
        blocks.append(
            (
                "Parameters",
                [(SYMBOLS[f.mark], html(f.text), COLOURS[f.mark]) for f in diagram.facts],
            )
        )
    legend = [(_sample(mark), html(text), COLOURS[mark]) for mark, text in diagram.legend]
    legend += [(sample, html(meaning), INK) for sample, meaning in step_legend()]
    if diagram.readings:
        legend.append((READING, html(READING_MEANING), INK))
    blocks.append(("Legend", legend))
    subtitle = "<br/>".join(html(line) for line in diagram.subtitle.split("\n"))
    rows = [
        f'<tr><td align="left"><font point-size="20"><b>{html(diagram.title)}</b></font></td></tr>',
        f'<tr><td align="left" balign="left">{subtitle}</td></tr>',
        f'<tr><td align="left">{_side_by_side(blocks)}</td></tr>',
    ]
    label = '<table border="0" cellspacing="0" cellpadding="3">' + "".join(rows) + "</table>"
    return [
        f'  graph [fontname="{FONT}", bgcolor="{PAPER}", labelloc=t, labeljust=l, pad=0.3, '
        f"label=<{label}>];"
    ]


def _side_by_side(blocks: list[tuple[str, list[tuple[str, str, str]]]]) -> str:
    """Titled two-column blocks (mark, words) next to each other, as one table: rows are
    shared, so no block is stretched to the height of another."""
    gap = '<td width="30"></td>'
    rows = [gap.join(f'<td align="left" colspan="2"><b>{html(t)}</b></td>' for t, _ in blocks)]
    for i in range(max(len(entries) for _, entries in blocks)):
        cells = []
        for _, entries in blocks:
            if i < len(entries):
                mark, text, colour = entries[i]
                cells.append(
                    f'<td align="left">{_coloured(mark, colour)}</td>'
                    f'<td align="left">{_coloured(text, colour)}</td>'
                )
            else:
                cells.append("<td></td><td></td>")
        rows.append(gap.join(cells))
    body = "".join(f"<tr>{row}</tr>" for row in rows)
    return f'<table align="left" border="0" cellspacing="0" cellpadding="2">{body}</table>'


def _sample(mark: Mark) -> str:
    """The legend's picture of a mark: its symbol and its line."""
    symbol = SYMBOLS[mark] or " "
    return f'<font face="DejaVu Sans Mono">{symbol} {SAMPLES[mark]}</font>'


def _coloured(text: str, colour: str) -> str:
    return f'<font color="{colour}">{text}</font>' if text else ""


def _node(node: Node) -> str:
    symbol = SYMBOLS[node.mark]
    text = html(f"{symbol} {node.label}" if symbol else node.label)
    colour = COLOURS[node.mark]
    extra = ", peripheries=2" if node.final else ""
    return (
        f'{node.id} [id="{node.id}", label=<{text}>, color="{colour}", fontcolor="{colour}", '
        f"{NODE_STYLES[node.mark]}{extra}];"
    )


def _edge(edge: Edge, *, heavy: bool = False, port: str = "") -> str:
    """An edge; `heavy` ones are kept short and straight (the deal, under the start), and
    `port` is the side of its source it leaves from."""
    colour = COLOURS[edge.mark]
    line = f"{colour}:invis:{colour}" if edge.mark == Mark.CHANGED else colour
    symbol = SYMBOLS[edge.mark]
    words = [html(_words(edge.event))]
    if edge.guards:
        words.append(html(f"[{' and '.join(_words(g) for g in edge.guards)}]"))
    event = "<br/>".join(styled(w, edge.step) for w in words)
    rows = [f"{symbol} {event}" if symbol else event]
    rows += [_note(note, edge.mark) for note in edge.notes]
    label = "<br/>".join(rows)
    # A loop on the west side keeps its label clear of the edges that leave eastwards.
    layout = "tailport=w, headport=w, " if edge.source == edge.target else ""
    layout += "constraint=false, " if (edge.source, edge.target) in LOOSE else ""
    layout += "weight=8, " if heavy else ""
    layout += f"tailport={port}, " if port else ""
    return (
        f'{edge.source} -> {edge.target} [id="{edge.id}", class="{edge.mark.value}", {layout}'
        f'label=<{label}>, color="{line}", fontcolor="{colour}", {EDGE_STYLES[edge.mark]}];'
    )


def wrap(text: str, width: int = WRAP) -> list[str]:
    """Lines of at most `width` characters that never leave a number alone on a line:
    ``draws 4`` and ``500 points`` stay with the word before them."""
    glued = re.sub(r" (?=\d)", NBSP, text)
    lines = textwrap.wrap(glued, width, break_on_hyphens=False, break_long_words=False)
    return [line.replace(NBSP, " ") for line in lines]


def _words(name: str) -> str:
    return name.replace("_", " ")


def _note(note: Note, around: Mark) -> str:
    """A note as lines of at most `WRAP` characters, its own mark's colour and symbol first."""
    symbol = SYMBOLS[note.mark]
    text = f"{symbol} {note.text}" if symbol else note.text
    wrapped = "<br/>".join(html(part) for part in wrap(text))
    if note.mark != around and note.mark in COLOURS:
        return f'<font color="{COLOURS[note.mark]}">{wrapped}</font>'
    return wrapped


def html(text: str) -> str:
    """Text made safe inside a DOT HTML-like label."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def quote(text: str) -> str:
    """A DOT quoted string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
