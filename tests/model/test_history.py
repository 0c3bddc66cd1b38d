"""The count of hands played is history: no rule reads it.

The explorer forgets it (`checks.chance.normalize`), treating states that differ only in it as
one; that is sound only while every rule behaves alike whatever the count. A rule that came
to depend on it (say, a first hand led differently from the others) fails here.
"""

from __future__ import annotations

import pytest
from scenario import edition

from unospec.checks.engines.random_play import record_game
from unospec.editions import builtin_names
from unospec.model.kernel import legal_actions, run

SHIFT = 7


@pytest.mark.parametrize("name", builtin_names())
def test_no_rule_reads_the_count_of_hands_played(name: str) -> None:
    """Every step of random games, replayed with the count raised, offers the same moves,
    fires the same transitions and reaches the same state but for the count."""
    e = edition(name)
    steps = 0
    tables = ((2, 1), (3, 2), (4, 3), (3, 7))  # the last for No Mercy, whose mercy rule ends
    # most random games in their first hand
    for played, (players, seed) in enumerate(tables):
        if played >= 3 and steps:
            break
        for before, action, after in record_game(e, players, seed, max_steps=3000).history:
            shifted = before._replace(hands_played=before.hands_played + SHIFT)
            assert legal_actions(e, shifted) == legal_actions(e, before)
            moved, fired = run(e, shifted, action)
            assert moved == after._replace(hands_played=after.hands_played + SHIFT)
            labels = [step.branch.label for step in run(e, before, action)[1]]
            assert [step.branch.label for step in fired] == labels
            steps += before.hands_played > 0  # steps of a second or later hand
    # the games reach a second hand, where the count is not 0; a one-hand game has none
    assert steps > 0 or e.rules.game_end == "single-hand"
