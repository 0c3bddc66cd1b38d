"""RLCard's rules that classic has not, played by the reference kernel from hand-built states
on tests/editions/rlcard.toml: the Wild Draw Four as a last resort, a drawn card played by
its colour, a drawn wild played as a plain Wild, and a last card whose draw is dealt before
the game ends. Each outcome is the one RLCard's
`UnoRound` reaches; each refusal cites its rule. The engine is held to these by conformance
(tests/engine)."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import RLCARD, card, color, edition, table

from unospec.checks.properties.invariants import violations
from unospec.model import sections
from unospec.model.actions import Draw, Pass, Play, Reshuffle
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, chance_cards, legal_actions
from unospec.model.vocabulary import Phase


def _played(actions: object) -> set[str]:
    e = edition(RLCARD)
    return {e.faces.card_id(a.card) for a in actions if isinstance(a, Play)}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("hand", "offered"),
    [
        (["wild-draw-four", "red-1", "blue-2"], {"red-1"}),
        (["wild-draw-four", "wild", "blue-2"], {"wild"}),
        (["wild-draw-four", "blue-9", "blue-2"], {"blue-9"}),  # a number match is a play
        (["wild-draw-four", "blue-2"], {"wild-draw-four"}),
        (["wild-draw-four", "wild-draw-four", "blue-2"], {"wild-draw-four"}),
    ],
)
def test_the_wild_draw_four_is_offered_only_with_nothing_else_to_play(
    hand: list[str], offered: set[str]
) -> None:
    """`last-resort`: RLCard's get_legal_actions offers the Wild Draw Four only when no other
    card may be played, another Wild Draw Four apart."""
    e = edition(RLCARD)
    game = table(e, [hand, ["green-7", "green-8"]], top="red-9")
    assert _played(legal_actions(e, game)) == offered


def test_a_wild_draw_four_played_beside_a_playable_card_is_refused_for_its_rule() -> None:
    e = edition(RLCARD)
    game = table(e, [["wild-draw-four", "red-1", "blue-2"], ["green-7"]], top="red-9")
    with pytest.raises(IllegalAction) as refused:
        apply(e, game, Play(0, card(e, "wild-draw-four"), color("blue")))
    assert refused.value.rule == e.section_of("wild-draw-four") == sections.RLCARD


def test_the_last_resort_wild_draw_four_makes_the_next_player_draw_four_unchallenged() -> None:
    e = edition(RLCARD)
    game = table(e, [["wild-draw-four", "blue-2"], ["green-7"], ["green-8"]], top="red-9")
    after = apply(e, game, Play(0, card(e, "wild-draw-four"), color("blue")))
    assert after.challenge is None and after.color == color("blue")
    assert len(after.hands[1]) == 1 + 4 and after.current == 2


def test_a_drawn_card_matching_by_number_alone_is_kept() -> None:
    """`drawn_playable = must-play-by-colour`: the blue 9 drawn on a red 9 is kept; the
    turn passes, and a play of it is refused (RLCard's _perform_draw_action)."""
    e = edition(RLCARD)
    game = table(e, [["blue-1", "green-2"], ["green-7"]], top="red-9", draw=["blue-9"])
    drew = apply(e, game, Draw(0))
    assert drew.phase == Phase.drawn_card and drew.drawn == card(e, "blue-9")
    assert legal_actions(e, drew) == (Pass(0),)
    with pytest.raises(IllegalAction) as refused:
        apply(e, drew, Play(0, card(e, "blue-9")))
    assert refused.value.rule == sections.DRAWN_CARD
    passed = apply(e, drew, Pass(0))
    assert passed.current == 1 and card(e, "blue-9") in passed.hands[0]


def test_a_drawn_card_of_the_colour_in_force_must_be_played() -> None:
    e = edition(RLCARD)
    game = table(e, [["blue-1", "green-2"], ["green-7"]], top="red-9", draw=["red-5"])
    drew = apply(e, game, Draw(0))
    assert _played(legal_actions(e, drew)) == {"red-5"} and Pass(0) not in legal_actions(e, drew)
    with pytest.raises(IllegalAction) as refused:
        apply(e, drew, Pass(0))
    assert refused.value.rule == sections.DRAWN_CARD


def test_a_drawn_wild_draw_four_is_played_as_a_plain_wild() -> None:
    """`drawn_wild = plain-wild`: the Wild Draw Four drawn must be played, names a colour,
    and no one draws: the next player plays (RLCard's _perform_draw_action)."""
    e = edition(RLCARD)
    game = table(e, [["blue-1", "green-2"], ["green-7"], ["green-8"]], top="red-9",
                 draw=["wild-draw-four"])  # fmt: skip
    drew = apply(e, game, Draw(0))
    moves = legal_actions(e, drew)
    assert {m.color for m in moves if isinstance(m, Play)} == set(e.color_indices)
    assert Pass(0) not in moves
    with pytest.raises(IllegalAction):  # a plain wild names its colour
        apply(e, drew, Play(0, card(e, "wild-draw-four")))
    after = apply(e, drew, Play(0, card(e, "wild-draw-four"), color("green")))
    assert (after.phase, after.current, after.color) == (Phase.awaiting_play, 1, color("green"))
    assert (
        after.owed is None and len(after.hands[1]) == 1 and after.top == card(e, "wild-draw-four")
    )


def test_as_printed_a_drawn_wild_draw_four_still_makes_the_next_player_draw() -> None:
    """The same draw where the edition plays a drawn wild as printed: player 1 draws four."""
    base = edition(RLCARD)
    e = dataclasses.replace(base, rules=dataclasses.replace(base.rules, drawn_wild="as-printed"))
    game = table(e, [["blue-1", "green-2"], ["green-7"], ["green-8"]], top="red-9",
                 draw=["wild-draw-four"])  # fmt: skip
    drew = apply(e, game, Draw(0))
    after = apply(e, drew, Play(0, card(e, "wild-draw-four"), color("green")))
    assert len(after.hands[1]) == 1 + 4 and after.current == 2


def test_a_last_wild_draw_four_deals_four_before_the_game_ends() -> None:
    """`final_card_effects = effects-apply-then-score`: RLCard's proceed_round ends the game
    with the last card and still performs its action. The Wild Draw Four with one card left
    in the draw pile is first reshuffled (`reshuffle_when`), then deals the next player
    four, and then the game (one hand) is over, won by its player, who scores them."""
    e = edition(RLCARD)
    game = table(e, [["wild-draw-four"], ["green-7"]], top="red-9", draw=["blue-5"],
                 rest="discard")  # fmt: skip
    played = apply(e, game, Play(0, card(e, "wild-draw-four")))
    assert played.phase == Phase.awaiting_reshuffle and played.hands[0] == ()
    order = tuple(sorted(chance_cards(e, played)))
    over = apply(e, played, Reshuffle(order))
    assert over.phase == Phase.game_over and over.winner == 0 and len(over.hands[1]) == 1 + 4
    points = 7 + sum(e.faces.points[c] for c in order[:4])
    assert over.scores == (points, 0)
    # the reshuffle took the whole pile, the Wild Draw Four too: the game ends on an empty
    # pile, the card it matched remembered, and every invariant holds there
    assert over.discard == () and over.old_top == card(e, "wild-draw-four")
    assert violations(e, over) == []
