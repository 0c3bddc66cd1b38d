"""`unospec check`'s shared pool: chunks of games arrive in any order and merge in order."""

from __future__ import annotations

from unospec.checks.engines.simulate import CHUNK, ENOUGH_UNFINISHED, Tally
from unospec.checks.jobs.workload import Played


def _tally(games: int, unfinished: int = 0, turns: int = 0) -> Tally:
    return Tally(games=games, unfinished=unfinished, turns=[turns] * games)


def test_chunks_that_arrive_out_of_order_are_merged_in_order() -> None:
    """The turns list (whose digest a baseline records) must not depend on which process
    finished first."""
    played = Played(games=3 * CHUNK)
    played.add(2, _tally(CHUNK, turns=3), 1.0)
    played.add(1, _tally(CHUNK, turns=2), 1.0)
    assert played.merged == 0 and played.tally.games == 0 and not played.done
    played.add(0, _tally(CHUNK, turns=1), 1.0)
    assert played.done and played.merged == 3 and played.seconds == 3.0
    assert played.tally.turns == [1] * CHUNK + [2] * CHUNK + [3] * CHUNK


def test_games_stop_after_enough_that_do_not_end_whatever_came_after() -> None:
    """Where `run_games` stops (after ENOUGH_UNFINISHED games that do not end) is where the
    check stops, even when a later chunk finished first."""
    played = Played(games=4 * CHUNK)
    played.add(2, _tally(CHUNK, turns=3), 1.0)
    played.add(1, _tally(CHUNK, unfinished=ENOUGH_UNFINISHED - 1), 1.0)
    played.add(0, _tally(CHUNK, unfinished=1), 1.0)
    assert played.done and played.merged == 2
    assert played.tally.unfinished == ENOUGH_UNFINISHED and played.tally.games == 2 * CHUNK
    assert 3 not in played.tally.turns
