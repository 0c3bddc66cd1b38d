"""What `stats` counts in the compiled engine is what the reference counts on the same
games: each game's cards played, hand endings, challenges upheld, penalties, whom they hit,
points, and the turns of each hand, replayed step by step through the reference kernel."""

from __future__ import annotations

import numpy as np
import pytest
from scenario import edition

from unospec.checks.engines import random_play
from unospec.checks.engines.compiled import games as g
from unospec.checks.engines.compiled.program import program
from unospec.checks.engines.compiled.simulation import game_actions, play_batch
from unospec.checks.engines.observations import observe_game
from unospec.checks.engines.study import chunk_seeds, play_sample
from unospec.model.kernel import run

EDITIONS = ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii")


@pytest.mark.parametrize("name", EDITIONS)
def test_the_engine_counts_what_the_reference_counts(name: str) -> None:
    """Six games of each edition at three seats: every count of the engine's row equals the
    reference's, and so do the turns of every hand, reshuffles and shortfalls."""
    e = edition(name)
    prog = program(e, 3)
    seeds = [int(s) for s in chunk_seeds(7, 0, 3, 0, 6)]
    played = play_batch(prog, seeds, check=False, policy="mixed", max_steps=20_000, record=True)
    starts = played.results[:, g.R_TURNS_START]
    for k in range(len(seeds)):
        actions = game_actions(prog, played, k)
        recorded = random_play.record_game(e, 3, 0, max_steps=20_000, chosen=actions)
        assert recorded.gap is None and len(recorded.history) == len(actions)
        expected = observe_game(prog.faces, recorded.history, recorded.final)
        assert played.observed[k].tolist() == expected.tolist(), (name, k)
        counted = random_play.GameRecord(3, 0)
        for before, action, _ in recorded.history:
            random_play._count(counted, run(e, before, action)[1])
        row = played.results[k]
        hands = int(row[g.R_HANDS])
        assert played.turns[starts[k] : starts[k] + hands].tolist() == counted.turns
        assert int(row[g.R_RESHUFFLES]) == counted.reshuffles
        assert int(row[g.R_SHORTFALLS]) == counted.shortfalls


def test_the_reference_observer_sees_each_kind_of_event() -> None:
    """The counts are not trivially equal: over these games, cards of every kind are played,
    challenges are upheld and (in super-bowl-lvii) penalty races hit someone."""
    e = edition("super-bowl-lvii")
    sample = play_sample(e, 4, chunk_seeds(1, 0, 4, 0, 200), policy="mixed")
    assert (sample.plays.sum(axis=0) > 0).all()
    assert sample.upheld.sum() > 0 and sample.hits.sum() > 0
    assert sample.endings.sum() == sample.hands.sum()  # every hand ends with a card on top
    assert np.array_equal(sample.turns[sample.finished] > 0, np.ones(sample.finished.sum(), bool))


def test_a_later_game_of_a_batch_keeps_its_own_turns() -> None:
    """Each game's hand turns in a batch are its own (the engine wrote every game's turns
    from the start of the buffer, so all but the first game's read as zero)."""
    e = edition("classic")
    seeds = [int(s) for s in chunk_seeds(3, 0, 2, 0, 5)]
    together = play_sample(e, 2, np.array(seeds), policy="mixed")
    alone = [play_sample(e, 2, np.array([s]), policy="mixed") for s in seeds]
    assert together.turns.tolist() == [a.turns[0] for a in alone]
    assert all(t > 0 for t in together.turns)
