"""The kernel moves exactly the cards its effects declare (model/flows.py).

This is what ties the conservation proof, which reads the declared flows, to the kernel.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scenario import edition

from unospec.checks.random_play import choose
from unospec.editions import builtin_names
from unospec.model.edition import Edition
from unospec.model.flows import moves_of
from unospec.model.kernel import Fired, empty_table, is_chance, legal_actions, random_outcome, run
from unospec.model.state import GameState


def _places(game: GameState) -> Counter[str]:
    top = 1 if game.discard else 0
    return Counter(
        {
            "draw": len(game.draw_pile),
            "top": top,
            "under": len(game.discard) - top,
            "hands": sum(len(hand) for hand in game.hands),
            "aside": len(game.set_aside),
        }
    )


def _expected(e: Edition, step: Fired, before: GameState) -> Counter[str]:
    """The place counts after `step`, computed from the moves its effect declares."""
    counts = _places(before)
    for move in moves_of(step.branch.update, e):
        source = "hands" if move.source in ("hand", "others") else move.source
        target = "hands" if move.target in ("hand", "others") else move.target
        amount = {
            "1": min(1, counts[source]) if source == "top" else 1,
            "owed": min(before.owed.amount, counts["draw"]) if before.owed else 0,
            "pile": counts["draw"],
            "under": counts["under"],
            "dealt": e.rules.hand_size * before.players,
            "all": sum(counts[p] for p in ("draw", "top", "under", "hands")),
        }.get(move.amount)
        if move.amount == "hand-1":
            actor = step.action.player if step.action is not None else before.actor
            amount = len(before.hands[actor]) - 1
        if move.source == "in-play":
            for place in ("draw", "top", "under", "hands"):
                counts[place] = 0
        else:
            counts[source] -= amount
        counts[target] += amount
    return counts


@pytest.mark.parametrize("name", builtin_names())
def test_every_transition_moves_what_its_effect_declares(name: str) -> None:
    """Over random games, each transition's change to the draw pile, the discard pile's top
    and the cards under it, the hands and the set-aside cards is its declared flow."""
    e = edition(name)
    rng = random.Random(5)
    checked = Counter[str]()
    for players in (2, 3, 4, 5):
        game = empty_table(e, players)
        while game.phase != "game_over":
            if is_chance(game):
                action = random_outcome(e, game, rng)
            else:
                action = choose(game, legal_actions(e, game), rng)
            after, fired = run(e, game, action)
            for i, step in enumerate(fired):
                following = fired[i + 1].before if i + 1 < len(fired) else after
                assert _places(following) == _expected(e, step, step.before), step.branch.label
                checked[step.branch.label] += 1
            game = after
    assert len(checked) > 25
