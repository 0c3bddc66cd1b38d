"""Mermaid text: every phase and transition, styled by mark, the same every time."""

from __future__ import annotations

from scenario import edition

from unospec.diagrams.diff import diff_flow
from unospec.diagrams.graph import turn_flow
from unospec.diagrams.mermaid import ARROWS, flow_mermaid
from unospec.model.table import MACHINE


def test_every_phase_and_transition_is_in_the_flowchart() -> None:
    """Each phase is declared once and each declared transition is one link, in order."""
    text = flow_mermaid(turn_flow(edition("super-bowl-lvii")))
    lines = [line.strip() for line in text.splitlines()]
    for phase in MACHINE.phases:
        assert sum(line.startswith(f"{phase}(") for line in lines) == 1
    arrows = tuple(f" {a}|" for a in set(ARROWS.values()))
    links = [line for line in lines if any(a in line for a in arrows)]
    assert [(link.split()[0], link.split()[-1]) for link in links] == [
        (b.source, b.target) for b in MACHINE.branches
    ]
    assert sum(line.startswith("linkStyle ") for line in lines) == len(MACHINE.branches)


def test_the_diff_flowchart_is_stable_and_marked() -> None:
    """The same diff gives the same text, with the changed mark's symbol on its links."""
    flow = diff_flow(edition("express"), edition("classic"))
    assert flow_mermaid(flow) == flow_mermaid(diff_flow(edition("express"), edition("classic")))
    assert "\u2260 <b>challenge</b>" in flow_mermaid(flow)  # a player's step, in bold


def test_each_legend_row_shows_its_own_line() -> None:
    """The legend draws each mark's line as Mermaid draws it (solid, dotted, thick), with the
    mark's symbol: the solid and dotted rows once both began with the same dot."""
    text = flow_mermaid(diff_flow(edition("express"), edition("classic")))
    legend = next(line for line in text.splitlines() if line.strip().startswith("legend["))
    rows = legend.split("<br/>")
    assert "\u2500\u2500\u2500 the same in both" in rows  # -->
    assert "+ \u2501\u2501\u2501 only in express" in rows  # ==>
    assert "\u2212 \u2504\u2504\u2504 only in classic" in rows  # -.->


def test_the_flowchart_keeps_what_the_dot_shows() -> None:
    """Who takes each step (bold, regular, italic, as in DOT and its legend), the start and
    the end told apart, and removed links dashed unlike inactive ones."""
    text = flow_mermaid(diff_flow(edition("express"), edition("classic")))
    assert "<i>close window</i>" in text and "<b>play</b>" in text
    assert "<b>bold</b>: a player's step" in text and "<i>italic</i>: no step" in text
    assert 'dealing(["Dealing"])' in text and 'game_over((("Game over")))' in text
    assert "stroke-dasharray:8 4" not in text  # nothing is only in classic
    reverse = flow_mermaid(diff_flow(edition("classic"), edition("express")))
    assert "stroke-dasharray:8 4" in reverse  # only in express: its redeal (Set Up 4)
