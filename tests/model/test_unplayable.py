"""`unplayable`: a card no rule lets anyone play stays in its hand in both kernels, and the
themed editions' readings that count undescribed cards are played with it."""

from __future__ import annotations

import pytest
from scenario import UNDESCRIBED, card, edition, table

from unospec.model.actions import Draw, Play
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, legal_actions


def test_no_one_may_play_an_undescribed_card() -> None:
    e = edition(UNDESCRIBED)
    odd = card(e, "undescribed")
    game = table(e, [["undescribed", "blue-3"], ["yellow-2"]], top="red-7")
    assert all(not (isinstance(a, Play) and a.card == odd) for a in legal_actions(e, game))
    assert Draw(0) in legal_actions(e, game)  # it is no card to play: the player draws
    with pytest.raises(IllegalAction):
        apply(e, game, Play(0, odd, 0))


def test_a_hand_of_it_alone_is_never_empty() -> None:
    """Held alone, the card leaves its player nothing but drawing, or passing after it."""
    e = edition(UNDESCRIBED)
    game = table(e, [["undescribed"], ["yellow-2", "blue-5"]], top="red-7")
    assert {type(a).__name__ for a in legal_actions(e, game)} == {"Draw"}


def test_the_engine_agrees() -> None:
    from unospec.checks.engines.conformance import conform

    report = conform(edition(UNDESCRIBED), scale="micro", max_states=4000, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.states_compared == 4000
