"""Read a rendered SVG back: its phases (nodes) and transitions (edges) by their DOT ids."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Drawn:
    """One `<g>` that dot drew for a node or an edge: its classes, title and words."""

    classes: tuple[str, ...]
    title: str
    text: str


def parse_svg(data: bytes) -> dict[str, Drawn]:
    """Every node and edge group of an SVG, keyed by the id the DOT text gave it."""
    root = ET.fromstring(data)
    found = {}
    for group in root.iter(f"{SVG}g"):
        classes = tuple(group.get("class", "").split())
        if "node" not in classes and "edge" not in classes:
            continue
        title = group.findtext(f"{SVG}title") or ""
        words = " ".join(t.text or "" for t in group.iter(f"{SVG}text"))
        found[group.get("id", "")] = Drawn(classes, title, " ".join(words.split()))
    return found


def nodes(drawn: dict[str, Drawn]) -> dict[str, Drawn]:
    return {k: v for k, v in drawn.items() if "node" in v.classes}


def edges(drawn: dict[str, Drawn]) -> dict[str, Drawn]:
    return {k: v for k, v in drawn.items() if "edge" in v.classes}


def svg_text(data: bytes) -> str:
    """All the words of an SVG, the graph's label (title, legend) included."""
    root = ET.fromstring(data)
    return " ".join(" ".join(t.text or "" for t in root.iter(f"{SVG}text")).split())
