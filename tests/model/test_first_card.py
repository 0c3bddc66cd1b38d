"""RLCard's first card, played by the reference kernel on tests/editions/rlcard.toml
(`setup.first_card = "played-by-the-dealer"`): the card turned up first is carried out as the
dealer's play, its `first_effect` its steps. Each outcome is the one RLCard's
`UnoRound.perform_top_card` reaches: a Skip skips player 0, a Reverse turns the direction and
the dealer (the seat before player 0) starts, a Draw Two makes player 0 draw two and still
play, a wild gets a colour and player 0 plays on it; a Wild Draw Four is put back."""

from __future__ import annotations

import pytest
from scenario import RLCARD, card, color, edition, first_turned_up

from unospec.checks.properties.invariants import violations
from unospec.model.actions import Deal, Pick
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, empty_table, legal_actions, run
from unospec.model.state import CLOCKWISE, GameState
from unospec.model.vocabulary import Phase


def _dealt_then(first: str, players: int) -> GameState:
    """A deal of rlcard's deck whose first card turned up is `first` (dealt hands of the
    other cards, in the deck's order)."""
    e = edition(RLCARD)
    order = first_turned_up(e, players, first)
    game = empty_table(e, players)
    after, fired = run(e, game, Deal(order))
    assert not violations(e, after, game, fired)
    return after


@pytest.mark.parametrize("players", [2, 4])
def test_a_first_skip_skips_player_0(players: int) -> None:
    game = _dealt_then("red-skip", players)
    assert game.phase == Phase.awaiting_play and game.current == 1
    assert game.direction == CLOCKWISE and game.color == color("red")


@pytest.mark.parametrize("players", [2, 4])
def test_a_first_reverse_turns_play_and_the_dealer_starts(players: int) -> None:
    """RLCard: direction -1, current_player (0 - 1) % players: seat 1 of two, seat 3 of
    four (its two-player Reverse turns the direction only)."""
    game = _dealt_then("blue-reverse", players)
    assert game.phase == Phase.awaiting_play and game.current == players - 1
    assert game.direction == -CLOCKWISE


@pytest.mark.parametrize("players", [2, 4])
def test_a_first_draw_two_makes_player_0_draw_two_and_play(players: int) -> None:
    e = edition(RLCARD)
    game = _dealt_then("green-draw-two", players)
    assert game.phase == Phase.awaiting_play and game.current == 0
    assert len(game.hands[0]) == e.rules.hand_size + 2
    assert all(len(hand) == e.rules.hand_size for hand in game.hands[1:])


@pytest.mark.parametrize("players", [2, 4])
def test_a_first_wild_has_the_dealer_name_its_colour_and_player_0_plays(players: int) -> None:
    e = edition(RLCARD)
    game = _dealt_then("wild", players)
    dealer = players - 1
    assert game.phase == Phase.first_colour and game.color == -1
    assert legal_actions(e, game) == tuple(Pick(dealer, c) for c in e.color_indices)
    with pytest.raises(IllegalAction):
        apply(e, game, Pick(0, color("red")))
    named = apply(e, game, Pick(dealer, color("yellow")))
    assert named.phase == Phase.awaiting_play and named.current == 0
    assert named.color == color("yellow")


@pytest.mark.parametrize("players", [2, 4])
def test_a_first_wild_draw_four_goes_back_and_the_next_card_starts(players: int) -> None:
    e = edition(RLCARD)
    wd4, red_1 = card(e, "wild-draw-four"), card(e, "red-1")
    order = first_turned_up(e, players, "wild-draw-four", "red-1")
    game = apply(e, empty_table(e, players), Deal(order))
    assert game.phase == Phase.awaiting_play and game.current == 0
    assert game.discard == (red_1,) and game.draw_pile[-1] == wd4


def test_a_first_number_card_is_a_plain_start() -> None:
    game = _dealt_then("yellow-5", 3)
    assert game.phase == Phase.awaiting_play and game.current == 0
    assert game.color == color("yellow")
