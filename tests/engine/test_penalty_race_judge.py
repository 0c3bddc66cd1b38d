"""A penalty race judged by its card's player (`penalty-race.judge`; Action Cards: Wild My
Favorite Line Card): the same moves as the table's verdict, weighed by the heuristic player
as a judge would, in both engines alike; an engine heuristic that lets the judge name
themselves is caught."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from scenario import RACE_READINGS_5, card, color, edition, table
from test_policies import departure, engine_games

from unospec.checks.engines import heuristic
from unospec.model.actions import NameLoser, Play
from unospec.model.kernel import apply, legal_actions

ROOT = Path(__file__).resolve().parents[2]
HANDS = [["wild-favorite-line", "red-1", "red-2"], ["yellow-1", "yellow-2"], ["blue-2"]]


def test_the_judge_names_another_player_holding_the_fewest_cards() -> None:
    """Judged by its player, the loser the heuristic names is the other player holding the
    fewest cards (rule 4d), never the judge, though the moves offered are the table's
    verdict's; the table's verdict is no one's choice: every loser is kept."""
    judged, table_named = edition(RACE_READINGS_5), edition("star-wars")
    for e in (judged, table_named):
        game = table(e, HANDS, top="red-9")
        game = apply(e, game, Play(0, card(e, "wild-favorite-line"), color("blue")))
        offered = legal_actions(e, game)
        assert set(offered) == {NameLoser(0), NameLoser(1), NameLoser(2)}
        kept = heuristic.preferred(e, game, offered)
        assert kept == ((NameLoser(2),) if e is judged else offered)


@pytest.mark.slow
def test_the_engines_judge_alike() -> None:
    """The compiled engine's heuristic games of the judged edition replay through the
    reference, every loser named one the reference's heuristic keeps."""
    e = edition(RACE_READINGS_5)
    for players in (2, 3):
        for actions in engine_games(e, players, [1, 2, 3], "heuristic", 20_000):
            assert departure(e, players, actions, "heuristic") is None


_JUDGE_NAMES_HIMSELF = """
import json
from test_policies import departure, engine_games
from scenario import RACE_READINGS_5, edition
from unospec.checks.engines.compiled import heuristic as h

def judged_loser(s, kind, player):  # a judge who may name themselves
    return bool(kind == h.A_LOSER and player >= 0)

h.judged_loser = judged_loser
e = edition(RACE_READINGS_5)
games = engine_games(e, 2, [1, 2, 3], "heuristic", 20_000)
print(json.dumps([departure(e, 2, actions, "heuristic") for actions in games]))
"""


@pytest.mark.slow
def test_an_engine_judge_who_names_themselves_is_caught() -> None:
    """The engine's heuristic with the judge free to name themselves (plain Python, the bug
    swapped into `compiled.heuristic`) names a loser the reference's heuristic does not."""
    ran = subprocess.run(
        [sys.executable, "-c", _JUDGE_NAMES_HIMSELF],
        capture_output=True,
        text=True,
        timeout=600,
        env={
            **os.environ,
            "NUMBA_DISABLE_JIT": "1",
            "PYTHONPATH": os.pathsep.join([str(ROOT / "tests" / "engine"), str(ROOT / "tests")]),
        },
        check=True,
    )
    found = json.loads(ran.stdout.splitlines()[-1])
    assert any(f is not None and "is not among the heuristic moves" in f for f in found), found
