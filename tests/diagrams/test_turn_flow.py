"""Turn-flow diagrams: drawn by the real `dot` from the machine, with the edition's numbers."""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import subprocess
import sys

import pytest
from drawn import edges, nodes, parse_svg, svg_text
from scenario import edition
from statemachine import State, StateMachine

from unospec.diagrams.dot import flow_dot
from unospec.diagrams.flow import DiagramDefinitionError, Mark
from unospec.diagrams.graph import turn_flow
from unospec.diagrams.render import draw
from unospec.editions import builtin_names
from unospec.model import branches, updates
from unospec.model.edition import Edition
from unospec.model.primitives import PenaltyRace, WildDraw
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.table import MACHINE, Branch, compile_machine
from unospec.model.transitions import can_fire

EDITIONS = builtin_names()


@functools.cache
def flow_svg(name: str) -> bytes:
    """The turn flow of a built-in edition as `dot` draws it (drawn once per session)."""
    return draw(flow_dot(turn_flow(edition(name))), "svg")


def words_on(name: str, branch: Branch) -> str:
    """What the drawn edge of `branch` says."""
    return edges(parse_svg(flow_svg(name)))[f"t{branch.number}"].text


def the_branch(event: str, condition: object = None) -> Branch:
    """The first declared transition of `event` (with `condition`, if given)."""
    return next(
        b
        for b in MACHINE.branches
        if b.event == event and (condition is None or condition in b.conditions)
    )


@pytest.mark.parametrize("name", EDITIONS)
def test_every_phase_and_every_transition_is_drawn(name: str) -> None:
    """The SVG has a node for every phase and an edge, between the right phases, for every
    declared transition, those the deck cannot fire drawn as inactive."""
    drawn = parse_svg(flow_svg(name))
    assert set(MACHINE.phases) <= set(nodes(drawn))
    drawn_edges = edges(drawn)
    for branch in MACHINE.branches:
        edge = drawn_edges[f"t{branch.number}"]
        assert re.sub(r":\w+", "", edge.title) == f"{branch.source}->{branch.target}"  # no ports
        expected = "plain" if can_fire(edition(name), branch) else "inactive"
        assert expected in edge.classes, branch.label


@pytest.mark.parametrize(
    ("name", "guilty", "innocent"),
    [
        ("nfl-cowboys", 4, 6),  # seed 000, Action Cards: Wild Draw Four card
        ("express", 2, 4),  # seed 003, Action Cards: Wild Draw Two
    ],
)
def test_the_challenge_edge_carries_the_payouts(name: str, guilty: int, innocent: int) -> None:
    """The challenge edge shows what the guilty player and the losing challenger draw, as the
    edition file says and as the booklet prints it."""
    e = edition(name)
    (effect,) = [step for _, card in e.effects if (step := card.find(WildDraw)) is not None]
    assert (effect.offender_draws, effect.challenger_draws) == (guilty, innocent)
    text = words_on(name, the_branch("challenge"))
    assert f"its player draws {effect.offender_draws}" in text
    assert f"challenger draws {effect.challenger_draws}" in text
    assert f"victim draws {effect.draw}" in words_on(name, the_branch("accept"))


@pytest.mark.parametrize(("name", "target"), [("nfl-cowboys", 500), ("express", 250)])
def test_the_score_edges_carry_the_target_score(name: str, target: int) -> None:
    """Both ways out of a scored hand name the target score (Keeping Score: 500 in seed 000,
    250 in seed 003)."""
    assert edition(name).rules.target_score == target
    for branch in MACHINE.branches:
        if branch.event == "score":
            assert f"{target} points" in words_on(name, branch)


def test_a_single_hand_game_draws_no_way_back_to_the_deal() -> None:
    """With one hand as the game (Keeping Score read as optional), scoring always ends the
    game: the edge back to the deal is drawn inactive, and the legend says a parameter can
    switch a transition off; the target-score edition draws it."""
    classic = edition("classic")
    single = dataclasses.replace(
        classic, rules=dataclasses.replace(classic.rules, game_end="single-hand")
    )
    back = next(b for b in MACHINE.branches if b.event == "score" and b.target == "dealing")
    won = next(b for b in MACHINE.branches if b.event == "score" and b.target == "game_over")
    drawn = {e.id: e for e in turn_flow(single).edges}
    assert drawn[f"t{back.number}"].mark == Mark.INACTIVE
    assert drawn[f"t{won.number}"].mark == Mark.PLAIN
    assert "or the deck and the rule parameters rule it out" in turn_flow(single).legend[1][1]
    plain = turn_flow(edition("classic"))
    assert {e.id: e for e in plain.edges}[f"t{back.number}"].mark == Mark.PLAIN
    # every booklet edition leaves the house rules it does not play (stacking, jump-in...)
    # switched off by their parameters, so the legend says so for each
    assert "rule parameters" in turn_flow(edition("express")).legend[1][1]


def test_a_redeal_is_drawn_only_where_the_hands_can_hold_every_starting_card() -> None:
    """Set Up 2 and 4: the first flip runs out only if the hands took every card that may
    start the discard pile. Classic has 76 such cards and ten hands of 7 hold 70, so its
    redeal cannot fire; Express has 36, and ten hands of 5 hold 50. Scaled down, classic's
    deck can run out, and the explorer does redeal it."""
    redeal = next(b for b in MACHINE.branches if b.event == "flip" and b.target == "dealing")

    def mark(e: Edition) -> Mark:
        return {d.id: d for d in turn_flow(e).edges}[f"t{redeal.number}"].mark

    assert mark(edition("classic")) == Mark.INACTIVE
    assert mark(edition("express")) == Mark.PLAIN
    assert mark(scale_edition(edition("classic"), parse_scale("micro"))) == Mark.PLAIN
    ten_of_eight = dataclasses.replace(edition("classic").rules, hand_size=8)  # 80 >= 76
    assert mark(dataclasses.replace(edition("classic"), rules=ten_of_eight)) == Mark.PLAIN


def test_each_event_is_set_by_who_takes_its_step() -> None:
    """Bold is a player's step; regular the table's (its shuffles, and its verdict on who
    lost a special wild: Action Cards); italic no step of its own: the table moves on by
    itself (the flip, its draws, resolving, scoring), or the next step closes the UNO window
    (Calling UNO). Naming a wild's colour is its player's choice (Action Cards: Wild card),
    as is naming the player a Swap Hands swaps with (House rules: 7-0), though each happens
    within the play's step: drawn as a player's; so is the dealer's naming the colour of a
    wild turned up first, where the edition carries it out (RLCard's UNO)."""
    drawn: dict[str, set[str]] = {}
    for e in turn_flow(edition("super-bowl-lvii")).edges:
        drawn.setdefault(e.step, set()).add(e.event)
    assert drawn == {
        "no step": {"flip", "draw_owed", "resolve", "score", "close_window"},
        "table": {"deal", "reshuffle", "name_loser"},
        "player": {
            "play", "draw", "jump_in", "play_drawn", "pass_turn", "choose_color",
            "choose_target", "stack", "pick", "challenge", "accept", "uno", "catch",
            "hail_mary", "keep", "name_first_colour", "call_out_of_place",
        },
    }  # fmt: skip
    dot = flow_dot(turn_flow(edition("super-bowl-lvii")))
    assert "<i>close window</i>" in dot and "<b>catch</b>" in dot
    assert "label=<deal<br/>" in dot and "<i>italic</i>" in dot


def test_the_catch_edge_carries_the_uno_penalty() -> None:
    """A player caught before calling UNO draws the edition's penalty, 2 (Calling UNO)."""
    e = edition("nfl-cowboys")
    assert e.rules.uno_penalty == 2
    assert "draws 2" in words_on("nfl-cowboys", the_branch("catch"))


@pytest.mark.parametrize(("name", "card"), [("star-wars", "Wild My Favorite Line")])
def test_the_special_wild_branch_names_its_card_and_draw(name: str, card: str) -> None:
    """The colour choice that leads to a penalty race names the card, and naming the loser
    shows which card's loser draws what (Action Cards: Wild My Favorite Line Card: 3): a diff
    of two editions with different special wilds must not read as one card changed."""
    (effect,) = [
        step for _, card in edition(name).effects if (step := card.find(PenaltyRace)) is not None
    ]
    assert card in words_on(name, the_branch("choose_color", branches.resolves_by_loser))
    (drawn,) = [b for b in MACHINE.branches if b.event == "name_loser" and not b.conditions]
    loser = words_on(name, drawn)  # the loser's draw, not the verdict that no one lost
    assert f"draws {effect.draw}" in loser and card in loser


def test_transitions_the_deck_cannot_fire_are_greyed_with_a_legend() -> None:
    """Classic has no Hail Mary and no penalty race: those transitions and the phases only
    they reach are drawn inactive, and the legend says what that means."""
    flow = turn_flow(edition("classic"))
    inactive = {e.id for e in flow.edges if e.mark == Mark.INACTIVE}
    hail_mary = {f"t{b.number}" for b in MACHINE.branches if b.event in ("hail_mary", "keep")}
    assert hail_mary <= inactive
    marks = {n.id: n.mark for n in flow.nodes}
    assert marks["special_wild"] == marks["hail_mary_discard"] == Mark.INACTIVE
    assert "cannot fire here" in svg_text(flow_svg("classic"))


def test_phases_are_named_and_clustered() -> None:
    """Phases carry their State's human name and sit in the cluster of their part of the game."""
    flow = turn_flow(edition("classic"))
    node = {n.id: n for n in flow.nodes}
    assert node["awaiting_play"].label == "Awaiting a play"
    assert (node["dealing"].cluster, node["awaiting_challenge"].cluster) == ("setup", "challenge")
    assert node["game_over"].final and node["dealing"].initial


def test_a_phase_without_a_cluster_is_refused_by_name() -> None:
    """A machine with a phase the cluster table lacks fails loudly, naming the phase."""

    class Longer(StateMachine):
        dealing = State(initial=True)
        limbo = State()
        game_over = State(final=True)
        deal = dealing.to(limbo)
        leave = limbo.to(game_over)

    toy = compile_machine(Longer, automatic={}, same_step={}, steps={}, window_phases=frozenset())
    with pytest.raises(DiagramDefinitionError, match="limbo"):
        turn_flow(edition("classic"), toy)


@pytest.mark.slow
def test_the_same_edition_gives_byte_identical_dot() -> None:
    """Two extractions, in this process and in one with another hash seed, give the same DOT."""
    here = flow_dot(turn_flow(edition("nfl-cowboys")))
    assert flow_dot(turn_flow(edition("nfl-cowboys"))) == here
    code = (
        "import sys;from unospec.editions import load_edition;"
        "from unospec.diagrams.graph import turn_flow;from unospec.diagrams.dot import flow_dot;"
        "sys.stdout.write(flow_dot(turn_flow(load_edition('nfl-cowboys'))))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONIOENCODING": "utf-8"}
    there = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=env, check=True
    ).stdout.decode("utf-8")
    assert there == here


def test_notes_come_from_rule_functions_the_machine_uses() -> None:
    """Every rule function the diagram annotates is one some declared transition runs."""
    from unospec.diagrams.notes import ANNOTATIONS

    used = {
        f
        for b in MACHINE.branches
        for f in (*b.conditions, *b.unless, *b.validators, b.update)
        if f is not None
    }
    assert set(ANNOTATIONS) <= used
    assert updates.judge_challenge in ANNOTATIONS


def test_the_hail_marys_own_turn_rule_is_on_the_own_turn_play() -> None:
    """Whether a Hail Mary may be played on its player's own turn (nfl-cowboys: as a plain
    wild, Action Cards) belongs on the turn's wild play, not on the interrupt of a caller."""
    own = "Wild Hail Mary on a turn: played as a plain Wild"
    assert own in words_on("nfl-cowboys", the_branch("play", branches.plays_wild))
    plain = next(b for b in MACHINE.branches if b.event == "hail_mary" and not b.conditions)
    interrupt = words_on("nfl-cowboys", plain)
    assert "thrown at the caller" in interrupt and "on a turn" not in interrupt


def test_a_value_a_reading_chose_is_marked() -> None:
    """Express's Draw One makes the next player draw 1 by the reading draw-one-amount (its
    text prints 2: seed 003, Action Cards), so the number carries the dagger and the legend
    says what it means; the hand of 5 (Set Up) is stated and unmarked. Without the reading
    the same number is drawn unmarked."""
    express = edition("express")
    draw = the_branch("play", branches.plays_draw_card)

    def notes(e: Edition) -> dict[str, str]:
        flow = turn_flow(e)
        return {n.key: n.text for edge in flow.edges for n in edge.notes}

    assert notes(express)["draw-card"] == "Draw One: next player draws 1 \u2020"
    assert notes(express)["hand-size"] == "5 cards each"
    assert "a value a reading chose" in flow_dot(turn_flow(express))
    assert "Draw One: next player draws 1" in words_on("express", draw)
    kept = tuple(r for r in express.interpretations if r.id != "draw-one-amount")
    stated = dataclasses.replace(express, interpretations=kept)
    assert notes(stated)["draw-card"] == "Draw One: next player draws 1"


def test_after_drawing_is_worded_and_a_two_player_rule_leaves_a_larger_table() -> None:
    """What may be played after drawing (Let's Play) is on the drawn card's play, for both
    readings; the Reverse's two-player rule (Action Cards) is not drawn for a table of 3-6,
    where it never applies."""
    classic = edition("classic")
    plain = next(b for b in MACHINE.branches if b.event == "play_drawn" and not b.conditions)

    def words(e: Edition, branch: Branch) -> list[str]:
        return [n.text for n in {d.id: d for d in turn_flow(e).edges}[f"t{branch.number}"].notes]

    assert words(classic, plain) == ["the drawn card only \u2020"]
    rules = dataclasses.replace(classic.rules, after_drawing="any-matching-card")
    anything = dataclasses.replace(classic, rules=rules, interpretations=())
    assert words(anything, plain) == ["any matching card in hand"]
    reverse = next(b for b in MACHINE.branches if b.event == "play" and not b.conditions)
    assert any("with 2 players" in text for text in words(classic, reverse))
    larger = dataclasses.replace(classic, rules=dataclasses.replace(classic.rules, min_players=3))
    assert not any("with 2 players" in text for text in words(larger, reverse))
