"""The compiled engine's games are tallied by the column (`Tally.add_columns`), not game by
game: the sums, the turns in the order played, the first odd game and where a run stops
after enough unfinished games must be what `Tally.add_game` makes of the same games."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from unospec.checks.engines.compiled.simulation import GameColumns, play_games
from unospec.checks.engines.random_play import GameRecord
from unospec.checks.engines.simulate import Tally, game_plan
from unospec.editions import load_edition

UNDESCRIBED = Path(__file__).parents[1] / "editions" / "undescribed-cards.toml"
"""Classic with three cards no rule lets anyone play: some of its games never end."""


def _records(plans: list[tuple[int, int, int]], games: GameColumns) -> list[GameRecord]:
    """Each game's record, from the columns (the odd ones as the engine explained them)."""
    records = []
    at = 0
    for i, (_, players, seed) in enumerate(plans):
        hands = int(games.hands[i])
        turns = games.turns[at : at + hands].tolist()
        at += hands
        if i in games.odd:
            record = games.odd[i]
            assert record.turns == turns
        else:
            record = GameRecord(
                players,
                seed,
                steps=int(games.steps[i]),
                winner=int(games.winner[i]),
                finished=bool(games.finished[i]),
                reshuffles=int(games.reshuffles[i]),
                turns=turns,
                leader_wins=int(games.leader_wins[i]),
                shortfalls=int(games.shortfalls[i]),
            )
        records.append(record)
    return records


@pytest.mark.parametrize("enough", [None, 3])
def test_columns_add_up_as_the_games_one_by_one(enough: int | None) -> None:
    edition = load_edition(str(UNDESCRIBED))
    plans = [(n, *game_plan(edition, n, 5, None)) for n in range(40, 100)]
    assert len({players for _, players, _ in plans}) > 1  # tables of several sizes, mixed
    games = play_games(edition, plans, check=True, policy="mixed", max_steps=3000)
    assert games.odd and len(games.odd) < len(plans)  # finished games and unfinished ones
    one_by_one = Tally()
    for (number, _, _), record in zip(plans, _records(plans, games), strict=True):
        one_by_one.add_game(number, record)
        if enough is not None and one_by_one.unfinished >= enough:
            break
    added = one_by_one.games
    one_by_one.add_fired(games.fired[:added])
    by_columns = Tally()
    by_columns.add_columns([number for number, _, _ in plans], games, enough)
    assert dataclasses.asdict(by_columns) == dataclasses.asdict(one_by_one)
    assert by_columns.turns and by_columns.fired
    if enough is not None:
        assert by_columns.unfinished == enough and by_columns.games < len(plans)  # stopped
    else:
        assert by_columns.games == len(plans)
