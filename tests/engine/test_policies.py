"""The `random` and `heuristic` policies hold in both engines: the compiled engine's games
replay through the reference, every move one the reference's policy keeps; the engine draws
uniformly among those moves; a heuristic that plays its wild cards first is caught; and both
policies' games end on every built-in edition."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from scenario import CALL_OUT_OF_PLACE, RLCARD, edition
from scipy.stats import chisquare

from unospec.checks.engines import heuristic
from unospec.checks.engines.compiled import games as g
from unospec.checks.engines.compiled.program import program
from unospec.checks.engines.compiled.simulation import engine_seed, game_actions, play_batch
from unospec.checks.engines.random_play import choose, preferred, record_game
from unospec.checks.engines.simulate import run_games
from unospec.cli import main
from unospec.editions import builtin_names
from unospec.model.actions import Accept, Action, CallUno, Challenge, Play
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction
from unospec.model.kernel import is_chance, legal_actions
from unospec.model.state import GameState

ROOT = Path(__file__).resolve().parents[2]
POLICIES = ("random", "heuristic")
STEPS = {"random": 1500, "heuristic": 20_000}
"""Steps an engine game may take: random games run to thousands of steps, and a prefix
checks as well as a whole game."""


def engine_games(
    e: Edition, players: int, seeds: list[int], policy: str, max_steps: int
) -> list[list[Action]]:
    """The actions of the compiled engine's games from `seeds`, the deal first."""
    prog = program(e, players)
    played = play_batch(
        prog, [engine_seed(s) for s in seeds], check=False, policy=policy, max_steps=max_steps,
        record=True,
    )  # fmt: skip
    return [game_actions(prog, played, k) for k in range(len(seeds))]


def departure(e: Edition, players: int, actions: list[Action], policy: str) -> str | None:
    """The first move of an engine's game that the reference refuses, or that the reference's
    `policy` does not keep, in words; None when every move is one it could have chosen."""
    try:
        recorded = record_game(e, players, 0, chosen=actions)
    except IllegalAction as refused:
        return f"the reference refuses a move: {refused}"
    if recorded.gap is not None or len(recorded.history) != len(actions):
        return f"the reference stops after {len(recorded.history)} steps: {recorded.gap}"
    for step, (game, action, _) in enumerate(recorded.history):
        if is_chance(game):
            continue
        legal = legal_actions(e, game)
        if action not in legal:
            return f"step {step}: {action} is not offered"
        kept = preferred(game, legal, policy, e)
        if action not in kept:
            return f"step {step}: {action} is not among the {policy} moves {kept}"
    return None


def chosen(e: Edition, players: int, actions: list[Action]) -> Counter[str]:
    """What the heuristic's decisions in a game did, by the rule they show."""
    seen: Counter[str] = Counter()
    for game, action, _ in record_game(e, players, 0, chosen=actions).history:
        if isinstance(action, Challenge | Accept | CallUno):
            seen[type(action).__name__] += 1
        elif isinstance(action, Play) and heuristic.is_throw(e, game, action):
            seen["throw"] += 1
        elif isinstance(action, Play) and e.faces.wild[action.card]:
            seen["wild"] += 1
    return seen


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("name", [*builtin_names(), RLCARD, CALL_OUT_OF_PLACE])
def test_the_engines_moves_are_the_reference_policys(name: str, policy: str) -> None:
    """Each move of two engine games (2 and 4 players) is offered by the reference and is
    one the reference's policy keeps (RLCard's UNO too: its colours that come up at random
    are any the reference's heuristic keeps; and calls of UNO out of place, which the
    heuristic never makes and a mixed player weighs as catches)."""
    e = edition(name)
    for players, seed in ((2, 11), (4, 12)):
        (actions,) = engine_games(e, players, [seed], policy, STEPS[policy])
        assert departure(e, players, actions, policy) is None


def test_the_heuristics_games_use_every_rule() -> None:
    """Over a few games of the editions with Hail Marys, the heuristic calls UNO, challenges,
    accepts, plays wilds and throws Hail Marys: each rule of its definition is met."""
    seen: Counter[str] = Counter()
    for name in ("nfl-cowboys", "classic"):
        for actions in engine_games(edition(name), 4, list(range(8)), "heuristic", 20_000):
            seen += chosen(edition(name), 4, actions)
    assert {"CallUno", "Challenge", "Accept", "wild", "throw"} <= set(seen), seen


def _mid_game(e: Edition, policy: str) -> tuple[GameState, tuple[Action, ...]]:
    """A state of a reference game with several offered moves, some (for `heuristic`) not
    kept and several kept: the kept moves are drawn from, the others never."""
    for seed in range(50):
        for game, _, _ in record_game(e, 4, seed, max_steps=400).history:
            if is_chance(game):
                continue
            legal = legal_actions(e, game)
            kept = preferred(game, legal, policy, e)
            if len(legal) >= 6 and len(kept) >= 3 and (policy == "random" or kept != legal):
                return game, legal
    raise AssertionError("no state with several moves")


@pytest.mark.parametrize("policy", POLICIES)
def test_the_engine_draws_uniformly_among_the_kept_moves(policy: str) -> None:
    """4000 draws of the engine's `choose` at one state fall on the moves the reference's
    policy keeps, each as often (chi-square), and never on another."""
    e = edition("classic")
    game, legal = _mid_game(e, policy)
    prog = program(e, 4)
    moves = np.array([prog.encode_action(a)[:4] for a in legal], dtype=np.int64)
    rng = np.array([2024], dtype=np.uint64)
    seen, weights = np.zeros(g.GROUPS, dtype=np.int64), np.ones(g.GROUPS, dtype=np.int64)
    state, code = prog.encode(game), g.POLICY_RANDOM if policy == "random" else g.POLICY_HEURISTIC
    drawn = Counter(
        legal[g.choose(prog.M, prog.E, state, moves, len(legal), rng, code, weights, seen)]
        for _ in range(4000)
    )
    kept = preferred(game, legal, policy, e)
    assert set(drawn) == set(kept)
    assert chisquare([drawn[a] for a in kept]).pvalue > 1e-4


def test_the_reference_draws_uniformly_among_the_kept_moves() -> None:
    """`choose` with a uniform policy picks among `preferred`'s moves, each as often."""
    import random

    e = edition("classic")
    game, legal = _mid_game(e, "heuristic")
    rng = random.Random(5)
    drawn = Counter(choose(game, legal, rng, "heuristic", e) for _ in range(4000))
    kept = preferred(game, legal, "heuristic", e)
    assert set(drawn) == set(kept)
    assert chisquare([drawn[a] for a in kept]).pvalue > 1e-4


def test_a_move_the_heuristic_would_not_make_is_caught() -> None:
    """An engine game changed at the first decision where a plain card and a wild card could
    be played, to play the wild, departs from the heuristic at that step."""
    e = edition("classic")
    (actions,) = engine_games(e, 4, [3], "heuristic", 20_000)
    for step, (game, _, _) in enumerate(record_game(e, 4, 0, chosen=actions).history):
        legal = () if is_chance(game) else legal_actions(e, game)
        wilds = [a for a in legal if isinstance(a, Play) and e.faces.wild[a.card]]
        if wilds and any(isinstance(a, Play) and not e.faces.wild[a.card] for a in legal):
            crafted = [*actions[:step], wilds[0]]
            break
    else:
        raise AssertionError("no decision between a plain card and a wild")
    found = departure(e, 4, crafted, "heuristic")
    assert found is not None and found.startswith(f"step {step}: Play"), found
    assert departure(e, 4, actions[: step + 1], "heuristic") is None


_WILDS_FIRST = """
import json, sys
from test_policies import departure, engine_games
from scenario import edition
from unospec.checks.engines.compiled import heuristic as h

def candidate(E, s, moves, i, plain):  # a heuristic that forgets to keep its wilds for last
    card = moves[i, 2]
    return bool(moves[i, 0] == h.A_PLAY and not h.is_throw(E, s, h.A_PLAY, moves[i, 1], card))

h.candidate = candidate
e = edition("classic")
games = engine_games(e, 2, [1, 2], "heuristic", 20_000)
print(json.dumps([departure(e, 2, actions, "heuristic") for actions in games]))
"""


@pytest.mark.slow
def test_an_engine_heuristic_that_plays_wilds_first_is_caught() -> None:
    """The engine's heuristic with wild cards no longer kept for last (plain Python, the bug
    swapped into `compiled.heuristic`) plays moves the reference's heuristic does not keep."""
    ran = subprocess.run(
        [sys.executable, "-c", _WILDS_FIRST],
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
    found = json.loads(ran.stdout.splitlines()[-1])
    assert all(f is not None and "is not among the heuristic moves" in f for f in found), found


@pytest.mark.slow
@pytest.mark.parametrize("name", builtin_names())
def test_games_of_both_policies_end(name: str) -> None:
    """300 heuristic games (invariants checked) and 100 random games end, with no gap."""
    e = edition(name)
    for policy, games, check in (("heuristic", 300, True), ("random", 100, False)):
        tally, _ = run_games(e, games, policy=policy, check=check)
        assert tally.games == games and not tally.gaps and not tally.violations
        assert tally.finished >= 0.95 * games, (policy, tally.finished)


@pytest.mark.parametrize("policy", POLICIES)
def test_simulate_takes_the_new_policies(policy: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`unospec simulate --policy` accepts both policies and plays their games."""
    assert main(["simulate", "express", "--games", "3", "--policy", policy]) == 0
    assert "3 games" in capsys.readouterr().out
