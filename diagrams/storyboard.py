"""A trace drawn as a storyboard: the table after the deal, then one panel per step showing
only what that step changed (hands, top card, colour, direction, pending draws).

It is how a counterexample is read at a glance: `unospec explore --storyboard FILE.svg` and
`unospec diagram EDITION --trace TRACE.json` draw one. The steps go through the kernel (via
`replay`), so a panel shows what the rules did, not what the trace claims; an illegal step
ends the storyboard with a panel saying why.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path

from unospec.checks.engines.counterexample import changes, pending_draw, replay_states
from unospec.checks.engines.replay import replay
from unospec.diagrams.dot import FONT, INK, PAPER, html, quote
from unospec.diagrams.render import draw
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.state import CLOCKWISE, GameState
from unospec.model.table import MACHINE
from unospec.model.trace import StepJson, Trace
from unospec.model.wording import counted

PER_ROW = 4
"""Panels in a row of the storyboard, read left to right, then the next row."""

WRAP = 44
"""Characters per line in a panel."""

NAMES: dict[str, str] = {str(phase): name for phase, name in MACHINE.names.items()}

HEADS = {"deal": "#E8E8E8", "step": "#E8E8E8", "illegal": "#F3D3C4", "violation": "#F3D3C4"}
"""Header shading per kind of panel; a broken rule or invariant also gets a ✗ in words."""


@dataclass(frozen=True)
class Panel:
    """One picture of the storyboard: its heading and the lines under it."""

    id: str
    kind: str  # "deal", "step", "illegal" or "violation"
    heading: str
    lines: tuple[str, ...]


def storyboard(edition: Edition, trace: Trace, *, ending: str | None = None) -> tuple[Panel, ...]:
    """The deal panel, then one panel per step up to the first illegal one, or the first one
    the rules give no outcome (included); `ending` is a finding about the last state (the
    explorer's: the game cannot end)."""
    result = replay(edition, trace)
    illegal = result.first_illegal
    # The steps the kernel applied: all but an illegal one and one the rules give no outcome.
    legal = replace(trace, steps=trace.steps[: result.steps])
    states = replay_states(edition, legal)
    dealt = states[0][0] if states else result.final
    assert dealt is not None
    broken = result.violation
    panels = [
        Panel(
            "deal", "deal", f"The deal: {trace.players} players", tuple(table_lines(edition, dealt))
        )
    ]
    for i, (before, _, after) in enumerate(states):
        if trace.steps[i].get("action") == "deal":  # a new hand: the whole new table
            lines = table_lines(edition, after)
        else:
            lines = changes(edition, before, after)
        panels.append(Panel(f"step{i}", "step", _heading(i, trace.steps[i]), _named(lines)))
    if illegal is not None:
        i = illegal["step"]
        why = f"\u2717 illegal: {illegal['reason']}"
        panels.append(Panel(f"step{i}", "illegal", _heading(i, trace.steps[i]), (why,)))
    if broken is not None and 0 <= broken["step"] == result.steps < len(trace.steps):
        i = broken["step"]  # a legal step the rules give no outcome: it ends the storyboard
        line = f"\u2717 invariant {broken['invariant']} broken: {broken['message']}"
        panels.append(Panel(f"step{i}", "violation", _heading(i, trace.steps[i]), (line,)))
    elif broken is not None:
        at = 0 if broken["step"] < 0 else broken["step"] + 1
        panel = panels[at]
        line = f"\u2717 invariant {broken['invariant']} broken: {broken['message']}"
        panels[at] = replace(panel, kind="violation", lines=(*panel.lines, line))
    if ending is not None:
        last = panels[-1]
        panels[-1] = replace(last, kind="violation", lines=(*last.lines, f"\u2717 {ending}"))
    return tuple(panels)


def table_lines(edition: Edition, game: GameState) -> list[str]:
    """The whole table, as the first panel shows it."""
    ids = edition.faces.card_id
    lines = [f"hand {p}: {' '.join(ids(c) for c in hand)}" for p, hand in enumerate(game.hands)]
    lines.append(f"top {ids(game.top) if game.top >= 0 else 'none'}")
    if game.top < 0 and game.old_top >= 0:  # the whole pile reshuffled: its top still matched
        lines.append(f"matching {ids(game.old_top)}")
    if game.color >= 0:
        lines.append(f"colour {COLORS[game.color]}")
    lines.append(
        "direction " + ("clockwise" if game.direction == CLOCKWISE else "counterclockwise")
    )
    lines.append(f"draw pile {len(game.draw_pile)}")
    lines.append(f"next player {game.current}")
    lines += pending_draw(game._replace(owed=None), game)
    lines.append(f"phase: {NAMES.get(game.phase, game.phase)}")
    return lines


def storyboard_dot(edition: Edition, trace: Trace, *, ending: str | None = None) -> str:
    """The DOT text of the storyboard: panels in rows of `PER_ROW`, in step order."""
    panels = storyboard(edition, trace, ending=ending)
    scaled = f" at scale {trace.scale}" if trace.scale else ""
    out = [
        f"digraph {quote('storyboard-' + edition.name)} {{",  # drawn against this edition
        f'  graph [fontname="{FONT}", bgcolor="{PAPER}", rankdir=TB, nodesep=0.3, ranksep=0.35, '
        'pad=0.3, labelloc=t, labeljust=l, label=<<font point-size="18"><b>'
        f"{html(edition.title)}{html(scaled)}: {trace.players} players, "
        f"{counted(len(trace.steps), 'step', 'steps')}{html(_stopped(panels, trace))}"
        "</b></font><br/> >];",
        f'  node [shape=plaintext, margin=0, fontname="{FONT}", fontsize=11, fontcolor="{INK}"];',
        f'  edge [color="{INK}", arrowsize=0.7];',
    ]
    out += [f'  {p.id} [id="{p.id}", class="{p.kind}", label=<{_panel(p)}>];' for p in panels]
    rows = [panels[i : i + PER_ROW] for i in range(0, len(panels), PER_ROW)]
    for row in rows:
        out.append(f"  {{ rank=same; {' '.join(p.id + ';' for p in row)} }}")
        out += [f"  {a.id} -> {b.id};" for a, b in pairwise(row)]
    out += [f"  {a[0].id} -> {b[0].id} [style=invis, weight=10];" for a, b in pairwise(rows)]
    out.append("}")
    return "\n".join(out) + "\n"


def storyboard_svg(
    edition: Edition, trace: Trace, path: str | Path, *, ending: str | None = None
) -> Path:
    """Draw the storyboard of `trace` as SVG into `path`; return the path.

    What `unospec explore --storyboard FILE.svg` calls with a counterexample.
    """
    target = Path(path)
    target.write_bytes(draw(storyboard_dot(edition, trace, ending=ending), "svg"))
    return target


def _panel(panel: Panel) -> str:
    head = HEADS[panel.kind]
    rows = [f'<tr><td align="left" bgcolor="{head}"><b>{html(panel.heading)}</b></td></tr>']
    wrapped = [
        part
        for line in panel.lines
        for part in textwrap.wrap(line, WRAP, break_on_hyphens=False) or [""]
    ]
    body = "<br/>".join(html(part) for part in wrapped) or "nothing changed"
    rows.append(f'<tr><td align="left" balign="left">{body}</td></tr>')
    return (
        '<table border="1" cellborder="0" cellspacing="0" cellpadding="5" color="#888888" '
        f'bgcolor="#FFFFFF">{"".join(rows)}</table>'
    )


def _stopped(panels: tuple[Panel, ...], trace: Trace) -> str:
    """Where the panels end before the trace does (an illegal step, or one the rules give
    no outcome): the title's count is the trace's, so say that the rest is not drawn."""
    last = len(panels) - 2  # the deal's panel, then step 0 onwards
    if last >= len(trace.steps) - 1:
        return ""
    return f" (drawn up to step {last}, where it stops)"


def _heading(i: int, step: StepJson) -> str:
    who = f"player {step['player']}: " if "player" in step else "table: "
    what = str(step.get("action", "?"))
    if "card" in step:
        what += f" {step['card']}"
    if "color" in step:
        what += f" {step['color']}"
    if "target" in step:
        what += f" player {step['target']}"
    return f"step {i}: {who}{what}"  # 0-based, as replay, diff and the trace file count


def _named(lines: list[str]) -> tuple[str, ...]:
    """`phase a -> b` with the phases' names, as the turn-flow diagram shows them, and
    every other change `a -> b` with the same arrow."""
    out = []
    for line in lines:
        if line.startswith("phase ") and " -> " in line:
            a, b = line[len("phase ") :].split(" -> ")
            line = f"phase: {NAMES.get(a, a)} -> {NAMES.get(b, b)}"
        out.append(line.replace(" -> ", " \u2192 "))
    return tuple(out)
