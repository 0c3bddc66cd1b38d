"""A state row holds a `GameState` exactly: decoded back, it is the state encoded, up to the
order of the cards under the discard pile's top (which no rule reads)."""

from __future__ import annotations

import pytest
from scenario import edition

from unospec.checks.engines.compiled.layout import comparable
from unospec.checks.engines.compiled.program import program
from unospec.checks.engines.random_play import record_game


@pytest.mark.parametrize(
    ("name", "players"), [("classic", 2), ("express", 4), ("nfl-cowboys", 3), ("star-wars", 10)]
)
def test_every_state_of_a_game_survives_a_round_trip(name: str, players: int) -> None:
    """Every state a random game passes through, every field of it."""
    e = edition(name)
    prog = program(e, players)
    history = record_game(e, players, seed=7, max_steps=1500).history
    assert len(history) > 100
    for before, _, after in history:
        for game in (before, after):
            assert comparable(prog.decode(prog.encode(game))) == comparable(game)


def test_a_row_keeps_the_draw_piles_order_and_the_top_card() -> None:
    """The draw pile is drawn from its top: its order is kept; the discard pile's top too."""
    e = edition("express")
    prog = program(e, 2)
    game = record_game(e, 2, seed=1, max_steps=20).history[-1][2]
    back = prog.decode(prog.encode(game))
    assert back.draw_pile == game.draw_pile and back.top == game.top
    assert sorted(back.discard) == sorted(game.discard)
