"""A colour that comes up at random (`drawn_wild_colour`, `first_wild_colour`: RLCard's UNO)
is no player's choice, in both engines' policies: the heuristic, which names the colour it
holds most of when the choice is its own, gets each colour equally often; a random player
who may keep a drawn wild plays it half the time, not four times in five (one play against
one pass, not four colours against one pass)."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from scenario import RLCARD, card, color, edition, table
from scipy.stats import chisquare

from unospec.checks.engines.compiled import games as g
from unospec.checks.engines.compiled.program import program
from unospec.checks.engines.random_play import choose
from unospec.model.actions import Action, Pass, Pick, Play
from unospec.model.edition import Edition
from unospec.model.kernel import legal_actions
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

Draws = Callable[[Edition, GameState, str], Counter[Action]]
"""2000 choices of one policy at one state, by the reference's `choose` or the engine's."""
ROOT = Path(__file__).resolve().parents[2]
DRAWS = 2000
HAND = ["red-1", "red-2", "red-3", "blue-5"]
"""Red is the colour held most: the heuristic's own choice."""


def _rlcard(**rules: str) -> Edition:
    e = edition(RLCARD)
    return dataclasses.replace(e, rules=dataclasses.replace(e.rules, **rules))


def _drawn_wild(e: Edition) -> GameState:
    """Player 0 has drawn a Wild, and may play it."""
    wild = card(e, "wild")
    game = table(e, [[*HAND, "wild"], ["green-7", "green-8"]], top="yellow-9")
    return game._replace(phase=Phase.drawn_card, drawn=wild)


def _first_wild(e: Edition) -> GameState:
    """A Wild turned up first: the dealer, player 1, names its colour."""
    game = table(e, [["green-7", "green-8"], HAND], top="wild", current=1)
    return game._replace(phase=Phase.first_colour)


def _reference(e: Edition, game: GameState, policy: str) -> Counter[Action]:
    legal, rng = legal_actions(e, game), random.Random(7)
    return Counter(choose(game, legal, rng, policy, e) for _ in range(DRAWS))


def _engine(e: Edition, game: GameState, policy: str) -> Counter[Action]:
    legal = legal_actions(e, game)
    prog = program(e, game.players)
    rng = np.array([2024], dtype=np.uint64)
    seen, weights = np.zeros(g.GROUPS, dtype=np.int64), np.ones(g.GROUPS, dtype=np.int64)
    code = g.POLICY_RANDOM if policy == "random" else g.POLICY_HEURISTIC
    drawn: Counter[Action] = Counter()
    for _ in range(DRAWS):
        moves = np.array([prog.encode_action(a)[:4] for a in legal], dtype=np.int64)
        row = g.choose(
            prog.M, prog.E, prog.encode(game), moves, len(legal), rng, code, weights, seen
        )
        drawn[prog.decode_action(moves[row], np.zeros(0, dtype=np.int64))] += 1
    return drawn


def _colours(drawn: Counter[Action]) -> Counter[int]:
    named: Counter[int] = Counter()
    for action, times in drawn.items():
        if isinstance(action, Play | Pick) and action.color >= 0:
            named[action.color] += times
    return named


SITUATIONS = {
    "drawn": (_drawn_wild, "drawn_wild_colour"),
    "first": (_first_wild, "first_wild_colour"),
}
CHOSEN = {"drawn_wild_colour": "named-by-its-player", "first_wild_colour": "named-by-the-dealer"}


@pytest.mark.parametrize("engine", [_reference, _engine], ids=["reference", "engine"])
@pytest.mark.parametrize("situation", SITUATIONS)
def test_a_colour_at_random_is_not_the_heuristics_choice(situation: str, engine: Draws) -> None:
    """Named by its player, the heuristic's colour is always red, the colour it holds most;
    at random, every colour comes up, each about as often (chi-square)."""
    state_of, key = SITUATIONS[situation]
    chosen = _rlcard(**{key: CHOSEN[key]})
    assert set(_colours(engine(chosen, state_of(chosen), "heuristic"))) == {color("red")}
    at_random = _rlcard(**{key: "at-random"})
    named = _colours(engine(at_random, state_of(at_random), "heuristic"))
    assert set(named) == set(at_random.color_indices)
    assert chisquare(list(named.values())).pvalue > 1e-4


@pytest.mark.parametrize("engine", [_reference, _engine], ids=["reference", "engine"])
def test_a_drawn_wild_of_random_colour_is_one_move_against_keeping_it(engine: Draws) -> None:
    """A random player who may keep the drawn wild plays it about half the time: the four
    colours are one move, whose colour then comes up."""
    e = _rlcard(drawn_playable="may-keep")
    drawn = engine(e, _drawn_wild(e), "random")
    kept = drawn[Pass(0)]
    assert abs(kept / DRAWS - 0.5) < 0.05, drawn
    named = _rlcard(drawn_playable="may-keep", drawn_wild_colour="named-by-its-player")
    drawn = engine(named, _drawn_wild(named), "random")
    assert abs(drawn[Pass(0)] / DRAWS - 0.2) < 0.05, drawn


_NAMED_BY_THE_ENGINE = """
import json
from collections import Counter
import test_random_colours as t
from unospec.checks.engines.compiled import games

games.colours_at_random = lambda M, E, s: False  # an engine that lets its player name it
e = t._rlcard()
print(json.dumps(sorted(t._colours(t._engine(e, t._drawn_wild(e), "heuristic")))))
"""


@pytest.mark.slow
def test_an_engine_whose_player_names_a_colour_at_random_is_caught() -> None:
    """The engine with the colour's randomness forgotten (plain Python, the bug swapped into
    `compiled.games`) names red every time, which the test above refuses."""
    ran = subprocess.run(
        [sys.executable, "-c", _NAMED_BY_THE_ENGINE],
        capture_output=True,
        text=True,
        timeout=300,
        env={
            **os.environ,
            "NUMBA_DISABLE_JIT": "1",
            "PYTHONPATH": os.pathsep.join([str(ROOT / "tests" / "engine"), str(ROOT / "tests")]),
        },
        check=True,
    )
    assert json.loads(ran.stdout.splitlines()[-1]) == [color("red")]
