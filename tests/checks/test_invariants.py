"""Each named invariant holds on real states and catches the corruption it is about."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from scenario import card, edition, edition_file, flipped_first, table
from steps import changed, found, step

from unospec.checks.engines.random_play import play_random_game
from unospec.checks.properties.invariants import INVARIANTS, violations
from unospec.editions import load_edition
from unospec.model import legality
from unospec.model.actions import Accept, Challenge, Deal, Draw, NameLoser, Play, Reshuffle
from unospec.model.kernel import apply, empty_table, legal_actions, run
from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE

E = edition("nfl-cowboys")
BASE = table(E, [["red-1", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]], top="red-9")

WILD_DRAW, WILD = card(E, "wild-draw-four"), card(E, "wild")

Corruption = Callable[[GameState], GameState]

CORRUPTIONS: dict[str, list[Corruption]] = {
    "type-ok": [
        lambda g: g._replace(phase="nonsense"),
        lambda g: g._replace(hands=((g.hands[0][2], g.hands[0][0]), *g.hands[1:])),
        lambda g: g._replace(color=7),
        lambda g: g._replace(scores=(0, -5, 0)),
        lambda g: g._replace(scores=(0, 0)),
        lambda g: g._replace(scores=(0, -1, 0)),  # the boundaries, each one off
        lambda g: g._replace(hands=((*g.hands[0][:2], len(E.faces.faces)), *g.hands[1:])),
    ],
    "card-conservation": [
        lambda g: g._replace(hands=((*g.hands[0], g.hands[0][0]), *g.hands[1:])),
        lambda g: g._replace(draw_pile=g.draw_pile[1:]),
    ],
    "hand-and-pile-sizes": [
        lambda g: g._replace(discard=(), draw_pile=(*g.draw_pile, *g.discard)),
        lambda g: g._replace(set_aside=(), draw_pile=(*g.draw_pile, *g.set_aside)),
        lambda g: g._replace(  # waiting for a reshuffle of nothing: the top card stays
            phase="awaiting_reshuffle", owed=Owed(0, 1, "drawn_card")
        ),
    ],
    "seats-and-direction": [
        lambda g: g._replace(current=3),
        lambda g: g._replace(direction=0),
        lambda g: g._replace(window=3),  # a window for a fourth seat at a table of three
        lambda g: g._replace(leader=3),
        # a table of one, below nfl-cowboys' two to ten players (its edition file, [players])
        lambda g: g._replace(hands=g.hands[:1], scores=g.scores[:1]),
    ],
    "pending-well-formed": [
        lambda g: g._replace(owed=Owed(1, 2, "awaiting_play")),
        lambda g: g._replace(phase="drawn_card"),
        lambda g: g._replace(phase="uno_window", window=1),
        lambda g: g._replace(  # the victim is not the player to answer it
            phase="awaiting_challenge", challenge=PendingChallenge(1, 2, WILD_DRAW, False, False)
        ),
        lambda g: g._replace(  # a plain Wild cannot be challenged
            phase="awaiting_challenge", challenge=PendingChallenge(2, 0, WILD, False, False)
        ),
        lambda g: g._replace(phase="table_draws", owed=Owed(5, 2, "awaiting_play")),
        lambda g: g._replace(phase="table_draws", owed=Owed(1, -1, "awaiting_play")),
        lambda g: g._replace(  # one player challenging their own card
            phase="awaiting_challenge",
            current=0,
            challenge=PendingChallenge(0, 0, WILD_DRAW, False, False),
        ),
        lambda g: g._replace(  # an UNO window for a player with no card
            phase="uno_window",
            window=1,
            hands=(g.hands[0], (), g.hands[2]),
            draw_pile=(*g.draw_pile, *g.hands[1]),
        ),
        lambda g: g._replace(phase="hail_mary_discard", actor=2),  # one card: nothing to shed
        # a drawn card that player 0, whose turn it is, does not hold (it is player 1's)
        lambda g: g._replace(phase="drawn_card", drawn=g.hands[1][0]),
    ],
    "hand-over-iff-empty-hand": [
        lambda g: g._replace(hands=((), *g.hands[1:]), draw_pile=(*g.draw_pile, *g.hands[0])),
        lambda g: g._replace(winner=0),
        lambda g: g._replace(  # two empty hands: which one went out?
            phase="hand_over",
            hands=((), (), g.hands[2]),
            draw_pile=(*g.draw_pile, *g.hands[0], *g.hands[1]),
        ),
    ],
    "colour-in-force": [  # a first flip that turned up a number and named no colour
        lambda g: g._replace(color=-1),
    ],
    "no-deadlock": [
        lambda g: g._replace(
            phase="hail_mary_discard",
            hands=((), *g.hands[1:]),
            draw_pile=(*g.draw_pile, *g.hands[0]),
        ),
    ],
}


def test_a_real_state_breaks_no_invariant() -> None:
    """The hand-built starting state and the state after a play satisfy every invariant."""
    after, fired = run(E, BASE, Play(0, card(E, "red-1")))
    assert violations(E, BASE) == []
    assert violations(E, after, BASE, fired) == []


@pytest.mark.parametrize(
    ("name", "corrupt"),
    [(name, c) for name, cs in CORRUPTIONS.items() for c in cs],
    ids=[f"{name}-{i}" for name, cs in CORRUPTIONS.items() for i in range(len(cs))],
)
def test_each_state_invariant_catches_its_corruption(name: str, corrupt: Corruption) -> None:
    """A state corrupted in one way breaks the invariant about that, with a message."""
    found = dict(violations(E, corrupt(BASE)))
    assert found.get(name)


def test_scores_only_grow_catches_a_lowered_score() -> None:
    """A step after which someone has fewer points breaks scores-only-grow."""
    before = BASE._replace(scores=(10, 0, 0))
    assert ("scores-only-grow", "a score went down") in violations(E, BASE, before, ())
    one_less = BASE._replace(scores=(9, 0, 0))  # by the least there is
    assert ("scores-only-grow", "a score went down") in violations(E, one_less, before, ())


def test_declared_transitions_catches_a_step_that_does_not_chain() -> None:
    """A step whose transitions do not lead from the old phase to the new one is caught."""
    after, fired = run(E, BASE, Play(0, card(E, "red-1")))
    found = dict(violations(E, after._replace(phase="awaiting_challenge"), BASE, fired))
    assert "declared-transitions" in found
    found = dict(violations(E, after, BASE._replace(phase="drawn_card"), fired))
    assert "declared-transitions" in found


def test_declared_transitions_catches_a_transition_the_machine_does_not_declare() -> None:
    """A step that chains from the old phase to the new one, but through a transition the
    turn-flow machine does not have (another event, or a number past its last branch), is
    caught; the kernel's own transitions are not."""
    after, fired = run(E, BASE, Play(0, card(E, "red-1")))
    assert "declared-transitions" not in dict(violations(E, after, BASE, fired))
    first = fired[0].branch
    forged = (
        dataclasses.replace(first, event="teleport"),
        dataclasses.replace(first, number=len(MACHINE.branches)),
    )
    for branch in forged:
        swapped = (fired[0]._replace(branch=branch), *fired[1:])
        problem = dict(violations(E, after, BASE, swapped)).get("declared-transitions")
        assert problem is not None and "is not declared" in problem, branch.label


def test_a_card_that_does_not_match_breaks_plays_match() -> None:
    """Let's Play 1: blue-3 on red-9 with red in force matches by neither colour, number nor
    symbol. The step is the kernel's own play of red-1 with its card swapped, so only the
    matching differs; red-1 itself, and a blue-9 by number, pass."""
    after, fired = run(E, BASE, Play(0, card(E, "red-1")))
    assert "plays-match" not in dict(violations(E, after, BASE, fired))
    wrong = tuple(f._replace(action=Play(0, card(E, "blue-3"))) for f in fired)
    assert "blue-3 was played on red-9" in dict(violations(E, after, BASE, wrong))["plays-match"]
    nine = tuple(f._replace(action=Play(0, card(E, "blue-9"))) for f in fired)
    assert "plays-match" not in dict(violations(E, after, BASE, nine))


def test_a_wild_that_leaves_another_colour_breaks_wild_names_its_colour() -> None:
    """Action Cards: the wild's player names the colour that continues play."""
    game = table(E, [["wild", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]], top="red-9")
    after, fired = run(E, game, Play(0, WILD, 2))
    assert after.color == 2 and "wild-names-its-colour" not in dict(
        violations(E, after, game, fired)
    )
    i = next(i for i, f in enumerate(fired) if f.branch.event == "choose_color")
    named = fired[i + 1].before  # the table right after the colour is named
    kept = (*fired[: i + 1], fired[i + 1]._replace(before=named._replace(color=0)), *fired[i + 2 :])
    assert "wild-names-its-colour" in dict(violations(E, after, game, kept))


def test_a_miscounted_hand_breaks_score_is_the_hand() -> None:
    """Keeping Score (seed 000: numbers count 5 each in this edition): player 0 goes out
    with yellow-1, the others hold two numbers and blue-9; a score short of that breaks the
    invariant, and the kernel's own score does not."""
    game = table(E, [["red-1"], ["yellow-1", "green-2"], ["blue-9"]], top="red-9")
    after, fired = run(E, game, Play(0, card(E, "red-1")))
    assert after.scores[0] == 15 and "score-is-the-hand" not in dict(
        violations(E, after, game, fired)
    )
    short = after._replace(scores=(10, *after.scores[1:]))
    assert "expected [15, 0, 0]" in dict(violations(E, short, game, fired))["score-is-the-hand"]
    played, fired = run(E, BASE, Play(0, card(E, "red-1")))  # no hand ends: no points
    gift = played._replace(scores=(5, 0, 0))
    assert "no hand ended" in dict(violations(E, gift, BASE, fired))["score-is-the-hand"]


def test_the_game_ends_exactly_at_the_target() -> None:
    """Keeping Score: the first to reach the target (500 in nfl-cowboys) wins. Player 0 goes
    out for 15 points: from 485 that is exactly 500 and the game is over; from 484 it is not.
    The kernel's steps pass; the other outcome of each breaks game-ends-at-the-target."""
    hands = [["red-1"], ["yellow-1", "green-2"], ["blue-9"]]
    for start, over in ((485, True), (484, False)):
        s = step(E, table(E, hands, top="red-9", scores=(start, 0, 0)), Play(0, card(E, "red-1")))
        assert (s[3].phase == "game_over") is over and s[3].scores[0] == start + 15
        assert found(s, "game-ends-at-the-target") is None
        other = (
            (lambda g: g._replace(phase="dealing", winner=-1))
            if over
            else (lambda g: g._replace(phase="game_over", winner=0))
        )
        wrong = found(changed(s, "score", other), "game-ends-at-the-target")
        assert wrong is not None and f"player 0 has {start + 15} of 500" in wrong


def test_a_wild_turned_up_over_ignored_cards_needs_no_colour(tmp_path: Path) -> None:
    """Set Up 4, with classic's other reading (only the coloured action cards are ignored):
    a Skip turned up stays on the discard pile, and the Wild turned up on it starts the hand
    with no colour in force. That breaks no invariant; the same Wild over a number does."""
    path = edition_file(
        tmp_path,
        "classic",
        "actions-only",
        *(
            (f"{key}{old}", f"{key}{new}")
            for key, old, new in (
                ("first_flip_ignores = ", FIVE, THREE),
                ("chosen = ", FIVE, THREE),
                ("alternatives = ", f"[{THREE}]", f"[{FIVE}]"),
            )
        ),
    )
    e = load_edition(str(path))
    game = apply(e, empty_table(e, 2), Deal(tuple(flipped_first(e, "red-skip", "wild"))))
    assert [e.faces.card_id(c) for c in game.discard] == ["red-skip", "wild"]
    assert game.color == -1 and violations(e, game) == []
    over_a_number = game._replace(discard=(card(e, "red-5"), game.discard[-1]))
    assert "colour-in-force" in dict(violations(e, over_a_number))


FIVE = '["skip", "reverse", "draw-two", "wild", "wild-draw-four"]'
THREE = '["skip", "reverse", "draw-two"]'


KERNEL_CHECKS = {"matching-cards-offered"}
"""State invariants that compare the kernel's offered moves with the card faces: no state
breaks them, a wrong kernel does (see the random games below)."""


def test_every_invariant_is_exercised_here() -> None:
    """This module has a corruption for every state invariant of the catalogue, or a
    seeded kernel bug where the invariant judges the kernel's offer."""
    always = {i.name for i in INVARIANTS if i.kind == "always"}
    assert always == set(CORRUPTIONS) | KERNEL_CHECKS


def test_random_games_catch_a_kernel_that_lets_any_card_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seeded bug in the kernel's matching (Let's Play 1) that every other check passed:
    legal moves and `apply` agree with each other, and nothing else reads the rule. The
    first random game breaks plays-match."""
    monkeypatch.setattr(legality, "_matches", lambda faces, color, top, card: True)
    fresh = dataclasses.replace(edition("express"), name="express-bug")  # an empty match cache
    record = play_random_game(fresh, 2, 0)
    assert record.violation is not None and record.violation.invariant == "plays-match"


def test_a_turn_that_goes_to_the_wrong_player_breaks_turn_passes_on() -> None:
    """Let's Play and Action Cards, at a table of three (nfl-cowboys): after red-1 player 1
    plays; after a Skip, player 2; after a Reverse, play turns back to player 2. The kernel's
    own steps pass; the same steps ending with another player to play are caught."""
    e = E
    cases = {"red-1": 1, "red-skip": 2, "red-reverse": 2}
    for name, expected in cases.items():
        game = table(
            e, [[name, "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]], top="red-9"
        )
        after, fired = run(e, game, Play(0, card(e, name)))
        assert after.current == expected, name
        assert "turn-passes-on" not in dict(violations(e, after, game, fired)), name
        wrong = after._replace(current=(expected + 1) % 3)
        assert "turn-passes-on" in dict(violations(e, wrong, game, fired)), name


def test_a_draw_card_and_the_reshuffle_it_waits_for_keep_the_turn_where_it_goes() -> None:
    """Action Cards: Draw Two (player 1 draws 2 and loses the turn, so player 2 plays next)
    with one card left to draw: the step stops for a reshuffle with player 2 already to play
    next, and the reshuffle (Reshuffle: no one's turn) keeps it so. Either step ending with
    another player to play breaks turn-passes-on."""
    hands = [["red-draw-two", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]]
    game = table(E, hands, top="red-9", draw=["green-5"], rest="discard")
    played = step(E, game, Play(0, card(E, "red-draw-two")))
    waiting = played[3]
    assert waiting.phase == "awaiting_reshuffle" and waiting.current == 2
    assert found(played, "turn-passes-on") is None
    early = (*played[:3], waiting._replace(current=1))
    assert "expected player 2" in str(found(early, "turn-passes-on"))
    under = waiting.discard[:-1]
    shuffled = step(E, waiting, Reshuffle(tuple(reversed(under))))
    assert shuffled[3].phase == "awaiting_play" and shuffled[3].current == 2
    assert len(shuffled[3].hands[1]) == 4 and found(shuffled, "turn-passes-on") is None
    moved = (*shuffled[:3], shuffled[3]._replace(current=0))
    assert "the reshuffle moved the turn from player 2" in str(found(moved, "turn-passes-on"))


def test_a_reverse_at_a_table_of_two_follows_the_reading() -> None:
    """Action Cards: Reverse with two players. Classic reads it as a Skip (its player goes
    again); Express, as turning the direction only (the other player goes)."""
    for name, again in (("classic", True), ("express", False)):
        e = edition(name)
        game = table(e, [["red-reverse", "red-2"], ["yellow-1", "green-2"]], top="red-9")
        after, fired = run(e, game, Play(0, card(e, "red-reverse")))
        assert after.current == (0 if again else 1), name
        assert "turn-passes-on" not in dict(violations(e, after, game, fired)), name
        other = after._replace(current=1 - after.current)
        assert "turn-passes-on" in dict(violations(e, other, game, fired)), name


def test_random_games_catch_a_kernel_that_offers_no_symbol_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seeded bug that plays-match cannot see, since every card played still matches:
    the kernel offers no match by number or symbol (Let's Play 1). The first random game
    breaks matching-cards-offered; with the kernel's own matching it passes."""
    fresh = dataclasses.replace(edition("express"), name="express-bug")  # an empty match cache
    assert play_random_game(fresh, 2, 0).violation is None
    monkeypatch.setattr(
        legality,
        "_matches",
        lambda faces, color, top, card: faces.wild[card] or (faces.color[card] == color),
    )
    fresh = dataclasses.replace(edition("express"), name="express-bug")
    record = play_random_game(fresh, 2, 0)
    assert record.violation is not None
    assert record.violation.invariant == "matching-cards-offered"
    assert "which matches" in record.violation.message


def test_a_drawn_card_follows_the_after_drawing_reading() -> None:
    """Let's Play: If you do not have a matching card. Classic lets only the drawn card be
    played; a matching card already held is not owed an offer then, and the drawn one is."""
    e = edition("classic")
    game = table(e, [["red-1", "blue-3"], ["yellow-1", "green-2"]], top="red-9", draw=["red-5"])
    drawn = run(e, game, Draw(0))[0]
    assert drawn.phase == "drawn_card"
    assert "matching-cards-offered" not in dict(violations(e, drawn))
    offered = tuple(m for m in legal_actions(e, drawn) if not isinstance(m, Play))
    found = dict(violations(e, drawn, legal=offered))["matching-cards-offered"]
    assert "red-5" in found


def test_after_a_wild_draws_answer_the_turn_follows_the_judgment() -> None:
    """Action Cards: Wild Draw Four card (nfl-cowboys: a guilty offender's challenger plays
    on). Player 0 plays it at a table of three, holding red-2 with red in force: accepted,
    player 1 loses the turn (player 2 plays); challenged, the play is guilty and player 1
    plays. The kernel's steps pass; the other player to play breaks turn-passes-on."""
    hands = [["wild-draw-four", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]]
    played = run(E, table(E, hands, top="red-9"), Play(0, WILD_DRAW, 2))[0]
    for answer, expected in ((Accept(1), 2), (Challenge(1), 1)):
        s = step(E, played, answer)
        assert s[3].current == expected and found(s, "turn-passes-on") is None
        wrong = 3 - expected
        other = changed(s, "draw_owed", lambda g, wrong=wrong: g._replace(current=wrong))
        assert f"expected player {expected}" in str(found(other, "turn-passes-on"))


def test_after_a_special_wilds_loser_play_goes_on_after_its_player() -> None:
    """Action Cards: Wild Touchdown! Card (super-bowl-lvii): whoever draws, player 1 (after
    the card's player 0) plays next."""
    e = edition("super-bowl-lvii")
    hands = [["wild-touchdown", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]]
    named = run(e, table(e, hands, top="red-9"), Play(0, card(e, "wild-touchdown"), 2))[0]
    s = step(e, named, NameLoser(2))
    assert s[3].current == 1 and found(s, "turn-passes-on") is None
    other = changed(s, "resolve", lambda g: g._replace(current=2))
    assert "after the special wild's loser" in str(found(other, "turn-passes-on"))


def test_a_wild_draw_and_an_open_uno_window_are_owed_their_offers() -> None:
    """Action Cards: a Wild Draw card that is no bluff may be played (nfl-cowboys lets a
    bluff stand until challenged, so any may); Calling UNO: while a window is open, the
    player to play may still play, which closes it. Leaving either out of the offered moves
    breaks matching-cards-offered."""
    game = table(E, [["wild-draw-four", "blue-3"], ["yellow-1", "red-2"]], top="red-9")
    legal = legal_actions(E, game)
    without = tuple(m for m in legal if not (isinstance(m, Play) and m.card == WILD_DRAW))
    assert "matching-cards-offered" not in dict(violations(E, game, legal=legal))
    assert "wild-draw-four" in dict(violations(E, game, legal=without))["matching-cards-offered"]
    two = [["red-1", "red-2"], ["yellow-1", "red-5", "blue-3"], ["blue-9"]]
    window = run(E, table(E, two, top="red-9"), Play(0, card(E, "red-1")))[0]
    assert window.phase == "uno_window" and window.current == 1
    legal = legal_actions(E, window)
    assert "matching-cards-offered" not in dict(violations(E, window, legal=legal))
    closed = tuple(m for m in legal if not (isinstance(m, Play) and m.player == 1))
    assert "red-5" in dict(violations(E, window, legal=closed))["matching-cards-offered"]
