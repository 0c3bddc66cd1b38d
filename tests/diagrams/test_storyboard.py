"""Storyboards: a trace drawn as the deal and one panel per step, showing only what changed."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest
from drawn import nodes, parse_svg
from scenario import edition, edition_file

from unospec.checks.engines.counterexample import replay_states
from unospec.checks.engines.explore_job import run_exploration
from unospec.checks.engines.random_play import record_game
from unospec.cli import main
from unospec.diagrams.pictures import storyboard_svg
from unospec.diagrams.render import draw
from unospec.diagrams.storyboard import storyboard, storyboard_dot
from unospec.editions import load_edition
from unospec.model import kernel
from unospec.model.edition import Edition
from unospec.model.state import GameState
from unospec.model.table import MACHINE, Branch
from unospec.model.trace import Trace, read_trace

STEPS = 9


@functools.cache
def short_trace() -> Trace:
    """The first steps of a random three-player game of Express: a legal, short trace."""
    trace = record_game(edition("express"), 3, seed=7).trace
    return dataclasses.replace(trace, steps=trace.steps[:STEPS])


def test_a_short_trace_has_one_panel_per_step() -> None:
    """The drawn storyboard has the deal's panel and then exactly one panel per step."""
    drawn = nodes(parse_svg(draw(storyboard_dot(edition("express"), short_trace()), "svg")))
    steps = sorted(k for k in drawn if k.startswith("step"))
    assert steps == sorted(f"step{i}" for i in range(STEPS))
    assert "deal" in drawn
    assert drawn["step0"].text.startswith("step 0: player 0:")  # as `replay` counts


def test_panels_show_only_the_hands_that_changed() -> None:
    """A step's panel names exactly the hands that step changed, and no other."""
    e, trace = edition("express"), short_trace()
    panels = storyboard(e, trace)[1:]
    for panel, (before, _, after) in zip(panels, replay_states(e, trace), strict=True):
        changed = {
            p for p, (a, b) in enumerate(zip(before.hands, after.hands, strict=True)) if a != b
        }
        named = {
            int(line.split()[1].rstrip(":")) for line in panel.lines if line.startswith("hand ")
        }
        assert named == changed, panel


def test_the_deal_panel_shows_the_whole_table() -> None:
    """The first panel shows every hand, the top card, the colour and the direction."""
    deal = storyboard(edition("express"), short_trace())[0]
    assert [line for line in deal.lines if line.startswith("hand ")][2].startswith("hand 2:")
    assert any(line.startswith("top ") for line in deal.lines)
    assert "direction clockwise" in deal.lines


def test_an_illegal_step_ends_the_storyboard_saying_why() -> None:
    """The storyboard stops at the first illegal step with a panel giving the rule's reason."""
    trace = short_trace()
    bad = dataclasses.replace(trace, steps=(*trace.steps[:3], {"player": 0, "action": "pass"}))
    panels = storyboard(edition("express"), bad)
    assert len(panels) == 1 + 4
    assert panels[-1].kind == "illegal"
    assert panels[-1].lines[0].startswith("\u2717 illegal:")
    longer = dataclasses.replace(bad, steps=(*bad.steps, *trace.steps[3:]))
    title = storyboard_dot(edition("express"), longer).split("</b>")[0]
    assert title.endswith(
        f"3 players, {len(longer.steps)} steps (drawn up to step 3, where it stops)"
    )
    assert "where it stops" not in storyboard_dot(edition("express"), trace)


def test_every_change_is_drawn_with_one_arrow() -> None:
    """A panel says what changed as `before \u2192 after`, for the phase and every other
    field alike (the phase had an arrow, the piles `->`)."""
    lines = [
        line for panel in storyboard(edition("express"), short_trace()) for line in panel.lines
    ]
    assert any("\u2192" in line and line.startswith("draw pile") for line in lines), lines
    assert not [line for line in lines if "->" in line]


def test_the_title_counts_steps_in_words() -> None:
    """One step is "1 step", not "1 steps"."""
    one = dataclasses.replace(short_trace(), steps=short_trace().steps[:1])
    assert ": 3 players, 1 step</b>" in storyboard_dot(edition("express"), one)


def test_the_explorer_can_write_a_storyboard_svg(tmp_path: Path) -> None:
    """`storyboard_svg` writes a parseable SVG file where it is told to."""
    path = storyboard_svg(edition("express"), short_trace(), tmp_path / "story.svg")
    assert path.exists() and "step0" in nodes(parse_svg(path.read_bytes()))


def _window_left_open(e: Edition, game: GameState, action: object) -> GameState:
    """A seeded bug: closing the UNO window forgets to close it."""
    return game


def test_a_counterexample_storyboard_names_the_broken_invariant(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With a seeded bug, the explorer's counterexample drawn as `explore --storyboard` draws
    it (scaled edition, scaled trace) ends on a panel naming the invariant it breaks."""
    label = "uno_window --close_window--> awaiting_play"
    branches = tuple(
        dataclasses.replace(b, update=_window_left_open) if b.label == label else b
        for b in MACHINE.branches
    )
    by_event: dict[tuple[str, str], tuple[Branch, ...]] = {}
    for branch in branches:
        key = (branch.source, branch.event)
        by_event[key] = (*by_event.get(key, ()), branch)
    broken = dataclasses.replace(MACHINE, branches=branches, by_event=by_event)
    monkeypatch.setattr(kernel, "MACHINE", broken)
    report = run_exploration("nfl-cowboys", scale="pair", engine="reference")
    assert report.trace is not None and report.exploration.violation is not None
    path = storyboard_svg(report.exploration.edition, report.trace, tmp_path / "bug.svg")
    drawn = nodes(parse_svg(path.read_bytes()))
    (panel,) = [d for d in drawn.values() if "violation" in d.classes]
    assert f"invariant {report.exploration.violation.invariant} broken" in panel.text
    title = storyboard_dot(report.exploration.edition, report.trace).split("<b>", 1)[1]
    steps = len(report.trace.steps)  # a scaled deck is no 112-card game: the title says so
    assert title.startswith(
        f"UNO Dallas Cowboys (NFL team edition) at scale pair: 2 players, {steps} step"
    )


def test_an_ending_finding_is_said_on_the_last_panel() -> None:
    """The explorer's witness that the game cannot end is a legal trace: its storyboard says
    on its last panel why it is drawn (it once showed the deal alone, with no word)."""
    panels = storyboard(edition("express"), short_trace(), ending="game-can-end: stuck")
    assert panels[-1].kind == "violation" and panels[-1].lines[-1] == "\u2717 game-can-end: stuck"
    assert all(p.kind != "violation" for p in storyboard(edition("express"), short_trace()))


def test_a_later_deal_shows_the_new_table_and_the_graph_names_its_edition() -> None:
    """A game of several hands deals again (Keeping Score): that panel shows the new hands
    whole, as the first one does, not what left the old hands. The graph is named after the
    edition it is drawn against (its SVG title), which may not be the one the trace names."""
    full = record_game(edition("express"), 2, seed=3).trace
    deals = [i for i, step in enumerate(full.steps) if step["action"] == "deal"]
    assert deals, "the game must play more than one hand"
    trace = dataclasses.replace(full, steps=full.steps[: deals[0] + 1])
    panel = storyboard(edition("express"), trace)[-1]
    assert panel.lines[0].startswith("hand 0: ") and len(panel.lines[0].split()) == 2 + 5
    assert not any(line.startswith(("-", "+")) or ": -" in line for line in panel.lines)
    assert panel.lines[-1] == "phase: awaiting a play"
    renamed = dataclasses.replace(edition("express"), name="express-copy")
    assert storyboard_dot(renamed, trace).startswith('digraph "storyboard-express-copy"')


def test_a_step_the_rules_give_no_outcome_ends_the_storyboard_saying_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Express without a Skip's points (Keeping Score): `play --trace-out` records the game up
    to the legal play the rules give no outcome, and `replay` reports it. Its storyboard ends
    on that step's panel naming the finding (it stopped with `the rules give no outcome`,
    exit 1, and drew nothing)."""
    gapped = edition_file(tmp_path, "express", "gapped", ("skip = 20\n", ""))
    trace = tmp_path / "game.json"
    assert main(["play", str(gapped), "--seed", "0", "--trace-out", str(trace)]) == 1
    capsys.readouterr()
    steps = len(read_trace(str(trace)).steps)
    panels = storyboard(load_edition(str(gapped)), read_trace(str(trace)))
    assert len(panels) == 1 + steps
    assert panels[-1].kind == "violation" and panels[-1].id == f"step{steps - 1}"
    assert panels[-1].lines == (
        "\u2717 invariant rules-give-an-outcome broken: in phase awaiting_play, player 0's"
        " move (play green-7) has no outcome in the rules: green-skip has no value in the"
        " scoring table (Keeping Score)",
    )
    assert main(["diagram", "--trace", str(trace), "--format", "dot"]) == 0
    assert "rules-give-an-outcome broken" in capsys.readouterr().out
