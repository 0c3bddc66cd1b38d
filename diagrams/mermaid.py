"""Mermaid text of a neutral diagram: a flowchart GitHub and most wikis draw without Graphviz.

Like the DOT renderer, the text depends on the diagram alone and every mark has a symbol
besides its colour; Mermaid's three arrows (solid, dotted, thick) and dash patterns give the
line styles. The start is a stadium, the end a double circle. Mermaid styles a link by its
position, so links are written in the machine's order and styled by index.
"""

from __future__ import annotations

import json

from unospec.diagrams.dot import COLOURS, wrap
from unospec.diagrams.flow import SYMBOLS, Diagram, Edge, Mark, Node
from unospec.diagrams.notes import READING, READING_MEANING
from unospec.diagrams.style import step_legend, styled

ARROWS: dict[Mark, str] = {
    Mark.PLAIN: "-->",
    Mark.INACTIVE: "-.->",
    Mark.ADDED: "==>",
    Mark.REMOVED: "-.->",
    Mark.CHANGED: "==>",
}
"""Mermaid has three line styles: solid, dotted and thick; colour and symbol tell the rest."""

LINES = {"-->": "\u2500\u2500\u2500", "-.->": "\u2504\u2504\u2504", "==>": "\u2501\u2501\u2501"}
"""Each arrow's line, as text for the legend (which is a plain label)."""

DASHES: dict[Mark, str] = {
    Mark.INACTIVE: ",stroke-dasharray:2 3",
    Mark.REMOVED: ",stroke-dasharray:8 4",
}
"""The two dotted arrows told apart by their dashes, as in DOT (dotted; dashed)."""

WIDTHS: dict[Mark, str] = {
    Mark.PLAIN: "1.5px",
    Mark.INACTIVE: "1px",
    Mark.ADDED: "4px",
    Mark.REMOVED: "3px",
    Mark.CHANGED: "3px",
}


def flow_mermaid(diagram: Diagram) -> str:
    """The Mermaid flowchart of a turn flow or of a diff of two turn flows."""
    lines = [
        "---",
        f"title: {json.dumps(diagram.title)}",  # a JSON string is a YAML string
        "---",
        "flowchart TB",
    ]
    for cluster in diagram.clusters:
        members = [n for n in diagram.nodes if n.cluster == cluster.id]
        if members:
            lines.append(f'  subgraph cluster_{cluster.id}["{_text(cluster.label)}"]')
            lines += [f"    {_node(node)}" for node in members]
            lines.append("  end")
    lines += [f"  {_edge(edge)}" for edge in diagram.edges]
    lines += _legend(diagram)
    for mark in Mark:
        colour = COLOURS[mark]
        dash = ",stroke-dasharray:6 4" if mark in (Mark.INACTIVE, Mark.REMOVED) else ""
        lines.append(
            f"  classDef {mark.value} stroke:{colour},color:{colour},"
            f"stroke-width:{WIDTHS[mark]}{dash}"
        )
    for mark in Mark:
        ids = [n.id for n in diagram.nodes if n.mark == mark]
        if ids:
            lines.append(f"  class {','.join(ids)} {mark.value}")
    for i, edge in enumerate(diagram.edges):
        lines.append(
            f"  linkStyle {i} stroke:{COLOURS[edge.mark]},stroke-width:{WIDTHS[edge.mark]}"
            + DASHES.get(edge.mark, "")
        )
    return "\n".join(lines) + "\n"


def _node(node: Node) -> str:
    symbol = SYMBOLS[node.mark]
    label = _text(f"{symbol} {node.label}" if symbol else node.label)
    shape = ('(["', '"])') if node.initial else ('((("', '")))') if node.final else ('("', '")')
    return f"{node.id}{shape[0]}{label}{shape[1]}"


def _edge(edge: Edge) -> str:
    symbol = SYMBOLS[edge.mark]
    title = styled(_text(edge.title), edge.step)
    rows = [f"{symbol} {title}" if symbol else title]
    for note in edge.notes:
        mark = SYMBOLS[note.mark]
        text = f"{mark} {note.text}" if mark else note.text
        rows += [_text(part) for part in wrap(text)]
    return f'{edge.source} {ARROWS[edge.mark]}|"{"<br/>".join(rows)}"| {edge.target}'


def _legend(diagram: Diagram) -> list[str]:
    """The legend (and a diff's parameters) as a note beside the flow."""
    rows = [
        f"{SYMBOLS[mark]} {LINES[ARROWS[mark]]} {_text(text)}".strip()
        for mark, text in diagram.legend
    ]
    rows += [f"{sample}: {_text(meaning)}" for sample, meaning in step_legend()]
    if diagram.readings:
        rows.append(f"{READING} {_text(READING_MEANING)}")
    if diagram.facts:
        rows.append("<b>Parameters</b>")
        rows += [f"{SYMBOLS[f.mark] or '·'} {_text(f.text)}" for f in diagram.facts]
    subtitle = "<br/>".join(_text(line) for line in diagram.subtitle.split("\n"))
    return [f'  legend["<b>Legend</b><br/>{subtitle}<br/>{"<br/>".join(rows)}"]']


def _text(text: str) -> str:
    """Text safe inside a quoted Mermaid label (Mermaid's entities are `#name;`)."""
    return (
        text.replace("#", "#35;")
        .replace("&", "#amp;")
        .replace('"', "#quot;")
        .replace("<", "#lt;")
        .replace(">", "#gt;")
        .replace("|", "#124;")
    )
