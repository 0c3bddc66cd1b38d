"""The engine drops from an edition's program the branches whose condition the edition rules
out (`tables.GATED`, `tables.pruned`): a condition so gated must hold in no state of such an
edition, reached by play or not, or the engine would part from the reference. Here each is
tried on the states of random games of editions that rule it out, with every card played by
every player, and on the same states with their fields moved as conformance corrupts them."""

from __future__ import annotations

import random

import pytest
from scenario import edition

from unospec.checks.engines.compiled.program import program
from unospec.checks.engines.compiled.tables import (
    GATED,
    M_GROUP_BRANCHES,
    M_GROUP_LEN,
    M_GROUP_START,
    rules_out,
)
from unospec.checks.engines.random_play import choose
from unospec.model.actions import Play
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table, is_chance, legal_actions, random_outcome, run
from unospec.model.state import GameState, Owed
from unospec.model.table import MACHINE
from unospec.model.vocabulary import Phase

EDITIONS = ("classic", "express", "nfl-cowboys", "star-wars")


def _states(e: Edition, games: int, seed: int) -> list[GameState]:
    rng, found = random.Random(seed), []
    for number in range(games):
        game = empty_table(e, e.rules.min_players + number % 3)
        for _ in range(400):
            if game.phase == Phase.game_over:
                break
            action = (
                random_outcome(e, game, rng)
                if is_chance(game)
                else choose(game, legal_actions(e, game), rng)
            )
            game = run(e, game, action)[0]
            found.append(game)
    return found


def _moved(game: GameState) -> list[GameState]:
    """The state with the fields the gated conditions read set as a corruption might."""
    owed = Owed(game.current, 3, Phase.resolving, stackable=True)
    return [
        game,
        game._replace(owed=owed, phase=Phase.table_draws),
        game._replace(owed=owed._replace(amount=40), phase=Phase.table_draws),
        game._replace(hands=((), *game.hands[1:]), actor=0),
    ]


@pytest.mark.parametrize("name", EDITIONS)
def test_no_state_satisfies_a_condition_its_edition_rules_out(name: str) -> None:
    e = edition(name)
    ruled_out = [c for c in GATED if rules_out(e, c)]
    assert ruled_out, "every booklet edition rules out some house rule's condition"
    tried = 0
    for game in _states(e, games=6, seed=3):
        for state in _moved(game):
            for player in range(state.players):
                for card in sorted(set(e.faces.in_play)):
                    for color in (-1, 0):
                        action = Play(player, card, color)
                        for condition in ruled_out:
                            try:
                                held = condition(e, state, action)
                            except (AssertionError, IndexError, AttributeError):
                                continue  # a condition asked in a phase it is never asked in
                            assert not held, (condition.__name__, state, action)
                            tried += 1
    assert tried > 10_000


def test_the_engine_drops_only_the_branches_its_edition_rules_out() -> None:
    """Classic's program tries every branch but the house rules' and the newer cards', in
    the machine's order (a group all of whose branches are ruled out is left whole)."""
    e = edition("classic")
    full, kept = program(e, 2).machine.arrays, program(e, 2).M
    starts, lengths, branches = (
        int(full[s]) for s in (M_GROUP_START, M_GROUP_LEN, M_GROUP_BRANCHES)
    )
    gated = {
        b.number
        for b in MACHINE.branches
        if any(c in GATED and rules_out(e, c) for c in b.conditions)
    }
    dropped = 0
    for key in range(lengths - starts):
        start = int(full[starts + key])
        if start < 0:
            continue
        group = [
            int(n) for n in full[branches + start : branches + start + int(full[lengths + key])]
        ]
        tried = [
            int(n) for n in kept[branches + start : branches + start + int(kept[lengths + key])]
        ]
        expected = [n for n in group if n not in gated] or group
        assert tried == expected
        dropped += len(group) - len(tried)
    assert dropped >= 8
