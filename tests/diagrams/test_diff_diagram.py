"""Edition diffs: what only one edition has and what differs, marked without relying on colour."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest
from drawn import edges, parse_svg, svg_text
from scenario import ANY_MATCHING_CARD, edition, edition_file

from unospec.diagrams.diff import CARD_COVERED, diff_flow
from unospec.diagrams.dot import COLOURS, EDGE_STYLES, NODE_STYLES, flow_dot
from unospec.diagrams.flow import SYMBOLS, Mark
from unospec.diagrams.notes import READING
from unospec.diagrams.render import draw
from unospec.editions import builtin_names, load_edition
from unospec.model import branches, updates
from unospec.model.primitives import Draw, WildDraw
from unospec.model.table import MACHINE, Branch
from unospec.model.transitions import applicable

MARKED = (Mark.ADDED, Mark.REMOVED, Mark.CHANGED)


@functools.cache
def diff_svg(name: str, other: str) -> bytes:
    return draw(flow_dot(diff_flow(edition(name), edition(other))), "svg")


def drawn_edge(name: str, other: str, branch: Branch) -> tuple[tuple[str, ...], str]:
    """The classes and words of `branch`'s edge in the diff of `name` against `other`."""
    edge = edges(parse_svg(diff_svg(name, other)))[f"t{branch.number}"]
    return edge.classes, edge.text


def first(test: object) -> Branch:
    return next(b for b in MACHINE.branches if test in (*b.conditions, b.update))


def test_every_transition_a_changed_rule_runs_is_marked() -> None:
    """The Draw card's amount (Action Cards) governs playing it from the hand and playing it
    after drawing it: both edges are marked changed with both numbers (the note is drawn once
    in an edition's own diagram, and the second edge read as unchanged). A wild Draw card's
    edge, which no card of either deck takes, is not drawn in either."""
    express = edition("express")
    governed = [
        b
        for b in MACHINE.branches
        if branches.plays_draw_card in b.conditions and applicable(express, b)
    ]
    assert len(governed) >= 2
    for branch in governed:
        classes, text = drawn_edge("express", "classic", branch)
        assert "changed" in classes and "draws 1" in text and "draws 2" in text, branch.label


def test_express_against_classic_marks_the_draw_cards_and_the_target() -> None:
    """The Draw One, the Wild Draw Two's payouts and the target score are marked as different
    from classic's, both numbers shown (seed 003: Action Cards, Keeping Score)."""
    express, classic = edition("express"), edition("classic")
    classes, text = drawn_edge("express", "classic", first(branches.plays_draw_card))
    assert "changed" in classes
    for e in (express, classic):
        (draw_card,) = [step for _, eff in e.effects if (step := eff.find(Draw)) is not None]
        assert f"draws {draw_card.count}" in text
    classes, text = drawn_edge("express", "classic", first(updates.judge_challenge))
    assert "changed" in classes
    mine, theirs = (
        next(step for _, eff in e.effects if (step := eff.find(WildDraw)) is not None)
        for e in (express, classic)
    )
    assert f"draws {mine.offender_draws} (classic: {theirs.offender_draws})" in text
    assert f"draws {mine.challenger_draws} (classic: {theirs.challenger_draws})" in text
    for branch in MACHINE.branches:
        if branch.event == "score":
            classes, text = drawn_edge("express", "classic", branch)
            assert "changed" in classes
            target = f"{express.rules.target_score} (classic: {classic.rules.target_score})"
            assert target in text


def test_transitions_only_one_edition_has_are_added_or_removed() -> None:
    """Star Wars' penalty race is added against classic, and removed the other way round."""
    race = first(branches.resolves_by_loser)
    assert "added" in drawn_edge("star-wars", "classic", race)[0]
    assert "removed" in drawn_edge("classic", "star-wars", race)[0]
    flow = diff_flow(edition("star-wars"), edition("classic"))
    assert {n.id: n.mark for n in flow.nodes}["special_wild"] == Mark.ADDED


def test_cards_only_one_deck_has_are_listed_with_the_parameters() -> None:
    """The parameters box lists the Draw One as added and the Draw Two as removed."""
    facts = {n.text: n.mark for n in diff_flow(edition("express"), edition("classic")).facts}
    assert any(t.startswith("Draw One") and m == Mark.ADDED for t, m in facts.items())
    assert any(t.startswith("Draw Two") and m == Mark.REMOVED for t, m in facts.items())


def test_a_changed_card_rule_no_edge_words_is_in_the_parameters_box() -> None:
    """A Wild Draw Four that may not be bluffed and is illegal while holding a wild (Action
    Cards: Wild Draw Four, other readings) changes how a turn goes: the box lists the
    legality change, which no edge's note words (it once said "16 other parameters the
    same"), and the challenge edge the bluff, which decides whether a challenge can win."""
    classic = edition("classic")
    card = dict(classic.effects)["wild-draw-four"]
    strict_card = card.replaced(playable_unless_holding=("current-color", "wild"), bluff="refused")
    effects = tuple((k, strict_card if k == "wild-draw-four" else e) for k, e in classic.effects)
    strict = dataclasses.replace(classic, name="strict", effects=effects)
    changed = [n.text for n in diff_flow(strict, classic).facts if n.mark == Mark.CHANGED]
    assert "strict: Wild Draw Four: playable unless holding: current-color, wild \u2020" in changed
    assert not [text for text in changed if "bluff" in text]
    challenge = next(e for e in diff_flow(strict, classic).edges if e.event == "challenge")
    bluff = [n.text for n in challenge.notes if n.mark == Mark.CHANGED and "bluff" in n.text]
    assert bluff == [
        "strict: a bluff is refused: no challenge succeeds \u2020",
        "classic: a bluff stands until challenged \u2020",
    ]
    same = diff_flow(classic, classic).facts
    assert [n.mark for n in same] == [Mark.PLAIN] * len(same)


def test_a_refused_bluff_judged_by_a_wider_rule_is_not_drawn_as_unwinnable() -> None:
    """Express's Wild Draw Two is judged guilty for a wild held, which its legality rule
    allows (Action Cards: Wild Draw Two): refusing bluffs still leaves challenges to win,
    as the challenge-can-succeed proof finds. The challenge edge must not say none does."""
    express = edition("express")
    card = dict(express.effects)["wild-draw-two"]
    step = card.find(WildDraw)
    assert step is not None and step.guilty_if_holding == ("current-color", "wild")
    refused = card.replaced(bluff="refused")
    effects = tuple((k, refused if k == "wild-draw-two" else e) for k, e in express.effects)
    strict = dataclasses.replace(express, name="strict", effects=effects)
    challenge = next(e for e in diff_flow(strict, express).edges if e.event == "challenge")
    bluff = [n.text for n in challenge.notes if "bluff" in n.text]
    assert bluff[0] == "strict: a bluff is refused, yet a legal play holding a wild is guilty †"
    assert not [text for text in bluff if "no challenge succeeds" in text]


def test_readings_that_set_no_parameter_are_in_the_parameters_box() -> None:
    """Express's readings of its Action Cards NOTE (003) are its own: the box lists them as
    only in express, saying that every edition plays them so (the kernel has no other
    reading); readings that set a parameter show as that parameter. A reading the model does
    not play at all (a house rule's note) says so: neither changes how a game goes."""
    facts = {n.text: n.mark for n in diff_flow(edition("express"), edition("classic")).facts}
    fixed = "reading wilds-any-time: restriction-still-applies (as every edition plays it)"
    assert facts[fixed] == Mark.ADDED
    assert not [t for t in facts if t.startswith("reading after-drawing")]
    express = edition("express")
    note = dataclasses.replace(
        express.interpretations[0], id="stacking", chosen="yes", alternatives=("no",), decides=None
    )
    house = dataclasses.replace(express, interpretations=(*express.interpretations, note))
    facts = {n.text: n.mark for n in diff_flow(house, express).facts}
    assert facts["reading stacking: yes (a note: the model does not play it)"] == Mark.ADDED


def test_a_reading_of_the_deck_is_played_as_its_deck_lines() -> None:
    """Express's reading of its Contents (deck-composition) is its deck lines, which the
    model deals: not a note the model ignores (the box once said so)."""
    facts = [n.text for n in diff_flow(edition("express"), edition("classic")).facts]
    (deck,) = [t for t in facts if t.startswith("reading deck-composition:")]
    assert deck.endswith("(as the deck lines have it)")


def test_an_edition_against_itself_marks_nothing() -> None:
    """A diff of an edition with itself has no added, removed or changed mark."""
    flow = diff_flow(edition("nfl-cowboys"), edition("nfl-cowboys"))
    marks = {e.mark for e in flow.edges} | {n.mark for n in flow.nodes}
    marks |= {note.mark for e in flow.edges for note in e.notes}
    assert not marks & set(MARKED)


def test_every_mark_reads_without_colour() -> None:
    """Each diff mark has its own symbol and its own line style, so it reads in greyscale and
    for colour-blind readers; the legend explains each in words."""
    assert len({SYMBOLS[m] for m in MARKED}) == len(MARKED) and all(SYMBOLS[m] for m in MARKED)
    assert len({EDGE_STYLES[m] for m in MARKED}) == len(MARKED)
    assert len({NODE_STYLES[m] for m in MARKED}) == len(MARKED)
    assert len({COLOURS[m] for m in MARKED}) == len(MARKED)
    text = svg_text(diff_svg("express", "classic"))
    for words in ("only in express", "only in classic", "in both, different", "Legend"):
        assert words in text


def test_changed_edges_are_drawn_as_double_lines() -> None:
    """A changed transition is drawn as two parallel strokes, its greyscale cue."""
    data = diff_svg("express", "classic").decode()
    edge = f'id="t{first(updates.judge_challenge).number}"'
    group = data[data.index(edge) : data.index("</g>", data.index(edge))]
    assert group.count("<path") - group.count('stroke="transparent"') == 2


OTHER_READING = {
    "with_two_players": {"acts-as-skip": "direction-only", "direction-only": "acts-as-skip"},
    "loser_among": {"others": "everyone", "everyone": "others"},
    "after_successful_challenge": {
        "challenger-plays": "challenger-loses-turn",
        "challenger-loses-turn": "challenger-plays",
    },
    "continue_with": {"left-of-player": "next-in-direction", "next-in-direction": "left-of-player"},
    "own_turn": {"plain-wild": "interrupt-only", "interrupt-only": "plain-wild"},
    "bluff": {"allowed-until-challenged": "refused", "refused": "allowed-until-challenged"},
}


@pytest.mark.parametrize("field", sorted(CARD_COVERED))
def test_every_card_rule_the_box_leaves_to_the_edges_is_marked_there(field: str) -> None:
    """`CARD_COVERED` names the card rule fields the edges' notes word, so the parameters
    box leaves them out: each one changed must mark an edge, or a difference goes undrawn."""
    name, kind, step = next(
        (name, kind, step)
        for name in builtin_names()
        for kind, effect in edition(name).effects
        for step in effect.steps
        if field in {f.name for f in dataclasses.fields(step)}
    )
    value = getattr(step, field)
    if isinstance(value, int):
        other = value + 1
    elif isinstance(value, tuple):  # the kinds a judgment counts: add or drop the wilds
        other = tuple(k for k in value if k != "wild") if "wild" in value else (*value, "wild")
    else:
        other = OTHER_READING[field][value]
    base = edition(name)
    changed = dataclasses.replace(
        base,
        name="changed",
        effects=tuple(
            (k, e.replaced(**{field: other}) if k == kind else e) for k, e in base.effects
        ),
    )
    flow = diff_flow(changed, base)
    marked = [n for e in flow.edges for n in e.notes if n.mark in MARKED]
    assert marked, f"{kind}.{field}: {value!r} -> {other!r} marks no edge"


def test_an_edition_against_itself_names_its_two_sides_apart() -> None:
    """`diagram classic --diff classic`: nothing differs, and the legend does not speak of
    "only in classic" twice: the sides are named by the command's arguments."""
    flow = diff_flow(edition("classic"), edition("classic"))
    legend = [text for _, text in flow.legend]
    assert len(set(legend)) == len(legend)
    assert any("classic (as EDITION)" in text for text in legend)
    assert all(edge.mark == Mark.PLAIN or edge.mark == Mark.INACTIVE for edge in flow.edges)


def test_a_renamed_card_with_the_same_rule_is_not_a_change() -> None:
    """Express's Wild Draw Two and classic's Wild Draw Four share the bluff and legality
    rules (seed 003 and the standard game, Action Cards); Star Wars' My Favorite Line and
    Super Bowl's Touchdown both make the loser draw 3 (seeds 002 and 004). The deck lines
    show the renaming, each with the name its booklet prints (the files' `name`); no rule
    is marked as changed, added or removed for it."""
    box = diff_flow(edition("express"), edition("classic")).facts
    assert not [n.text for n in box if "bluff" in n.text or "playable unless" in n.text]
    flow = diff_flow(edition("star-wars"), edition("super-bowl-lvii"))
    loser = next(e for e in flow.edges if e.event == "name_loser" and e.target == "table_draws")
    assert loser.notes[0].mark == Mark.PLAIN and "the loser draws 3" in loser.notes[0].text
    # who may lose does differ (everyone against the others): that alone marks the edge
    assert {n.text.rsplit(": ", 1)[1] for n in loser.notes if n.mark != Mark.PLAIN} == {
        "the loser is anyone, its player too \u2020",
        "the loser is one of the others \u2020",
    }
    assert {n.text for n in flow.facts if n.key.startswith("deck:wild-")} == {
        "Wild My Favorite Line: 4 cards, 50 points",
        "Wild Touchdown!: 4 cards, 50 points",
    }


def test_the_number_cards_by_rank_are_compared() -> None:
    """Express has no 0s and one of each other number per colour; classic one 0 and two of
    each other number per colour (seed 003 Contents; the standard deck)."""
    box = diff_flow(edition("express"), edition("classic")).facts
    (ranks,) = [n for n in box if n.key == "deck:number:ranks"]
    assert ranks.mark == Mark.CHANGED
    assert ranks.text == "Number cards: 1-9 \u00d74 (classic: 0 \u00d74, 1-9 \u00d78)"


def test_a_first_flip_entry_for_a_card_not_dealt_is_not_a_change() -> None:
    """Classic without its Wild Draw Fours (Set Up 4's list still names them) ignores the
    same cards at the first flip as classic: the flip is drawn unchanged, and its words name
    no card the deck lacks (they named the Wild Draw Four apart from `every wild`)."""
    classic = edition("classic")
    deck = tuple(
        dataclasses.replace(line, copies=0) if line.kind == "wild-draw-four" else line
        for line in classic.deck
    )
    without = dataclasses.replace(classic, name="no-wd4", deck=deck, total_cards=104)
    assert "wild-draw-four" in without.rules.first_flip_ignores
    flip = next(e for e in diff_flow(without, classic).edges if e.event == "flip" and e.notes)
    assert flip.mark == Mark.PLAIN
    assert [n.text for n in flip.notes] == ["ignored first: Skip, Reverse, Draw Two, every wild †"]


def test_a_changed_legality_rule_marks_every_branch_of_its_event(tmp_path: Path) -> None:
    """After drawing, a copy of classic lets any matching card be played (Let's Play): the
    rule that checks the card governs every branch of playing after a draw, a wild and a
    Draw card too, so each is marked (only the branch with no condition was; a Swap Hands',
    which neither deck has, is drawn inactive). A copy of Star
    Wars whose My Favorite Line its own player cannot lose (Action Cards) marks the edge
    where the loser is named, whose check the rule is (only choosing the colour was)."""
    looser = edition_file(tmp_path, "classic", "looser", *ANY_MATCHING_CARD)
    flow = diff_flow(load_edition(str(looser)), edition("classic"))
    played = [e for e in flow.edges if e.event == "play_drawn" and e.mark != Mark.INACTIVE]
    assert len(played) == 3 and all(e.mark == Mark.CHANGED for e in played)
    assert all(any("any matching card" in n.text for n in e.notes) for e in played)
    others = edition_file(
        tmp_path,
        "star-wars",
        "others",
        ('loser_among = "everyone"', 'loser_among = "others"'),
        (
            'chosen = "everyone"\nalternatives = ["others"]',
            'chosen = "others"\nalternatives = ["everyone"]',
        ),
    )
    flow = diff_flow(load_edition(str(others)), edition("star-wars"))
    # the verdict that no one lost is for a race of one round, which neither has
    (named,) = [e for e in flow.edges if e.event == "name_loser" and e.mark != Mark.INACTIVE]
    assert named.mark == Mark.CHANGED
    assert any("one of the others" in n.text and n.mark == Mark.CHANGED for n in named.notes)
    assert [e.event for e in flow.edges if e.mark == Mark.CHANGED] == ["choose_color", "name_loser"]


def test_a_card_renamed_in_the_first_flip_list_is_not_a_changed_flip(tmp_path: Path) -> None:
    """Classic with its Skip printed as "Lose a Turn" (the file's `name`): the flip ignores
    the same cards (Set Up 4), so its edge is drawn unchanged; only the deck line shows the
    renaming. The flip's words were compared with the names in them, and the edge was
    marked changed, while `unospec diff` called the two equivalent."""
    renamed = edition_file(
        tmp_path,
        "classic",
        "renamed",
        ('effect = ["skip"]\n', 'effect = ["skip"]\nname = "Lose a Turn"\n'),
    )
    flow = diff_flow(load_edition(str(renamed)), edition("classic"))
    assert [e.event for e in flow.edges if e.mark != Mark.PLAIN and e.mark != Mark.INACTIVE] == []
    flip = next(e for e in flow.edges if e.event == "flip" and e.notes)
    assert flip.notes[0].text.startswith("ignored first: Lose a Turn, Reverse")
    assert [n.text for n in flow.facts if n.mark != Mark.PLAIN] == [
        "Lose a Turn (classic: Skip): 8 cards, 20 points"
    ]


def test_a_changed_reading_is_marked_on_every_edge_it_governs() -> None:
    """A Reverse with two players (Action Cards: Reverse card) is a reading in both files:
    on every edge it governs, playing from the hand and playing the drawn card, both
    values carry the reading's dagger (the second edge showed them without it)."""
    flow = diff_flow(edition("nfl-cowboys"), edition("classic"))
    worded = [
        note.text
        for edge in flow.edges
        if edge.event in ("play", "play_drawn")
        for note in edge.notes
        if "Reverse with 2" in note.text
    ]
    assert len(worded) >= 4, worded  # two edges, each with both editions' values
    assert all(text.endswith(READING) for text in worded), worded


def test_editions_that_set_aside_different_cards_differ_in_the_box() -> None:
    """NFL Cowboys sets a Hail Mary aside for its foil, Star Wars a My Favorite Line (seeds 000
    and 002, Special Foil Card): same counts, different cards. The box said nothing of it."""
    box = diff_flow(edition("star-wars"), edition("nfl-cowboys")).facts
    aside = [(n.text, n.mark) for n in box if n.key == "aside"]
    assert aside == [
        ("star-wars: set aside: 1 Wild My Favorite Line", Mark.CHANGED),
        ("nfl-cowboys: set aside: 1 Wild Hail Mary", Mark.CHANGED),
    ]
    against_classic = diff_flow(edition("star-wars"), edition("classic")).facts
    assert [(n.text, n.mark) for n in against_classic if n.key == "aside"] == [
        ("set aside: 1 Wild My Favorite Line", Mark.ADDED)
    ]
    twins = diff_flow(edition("nfl-players"), edition("nfl-cowboys")).facts
    assert not [n for n in twins if n.key == "aside"]


def test_a_value_a_reading_chose_is_marked_in_the_parameters_box(tmp_path: Path) -> None:
    """Who leads the next hand is a reading (Winning): a copy of Express whose next hand is
    led by the same player lists that change in the box with the reading's mark, as the
    edges mark theirs, and the legend explains the mark."""
    same = edition_file(
        tmp_path,
        "express",
        "same-leader",
        ('next_leader = "rotate-left"', 'next_leader = "same"'),
        (
            'chosen = "rotate-left"\nalternatives = ["same"]',
            'chosen = "same"\nalternatives = ["rotate-left"]',
        ),
    )
    flow = diff_flow(load_edition(str(same)), edition("express"))
    box = [(n.text, n.mark) for n in flow.facts if n.key == "next_leader"]
    assert box == [(f"next leader: same (express: rotate-left) {READING}", Mark.CHANGED)]
    assert flow.readings
