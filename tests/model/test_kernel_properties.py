"""Properties of the kernel over random games (Hypothesis draws the seeds and player counts)."""

from __future__ import annotations

import random
from itertools import islice, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from midgame import Start, situations, start_game, start_of, starts
from scenario import edition, table

from unospec.checks.engines.random_play import choose
from unospec.checks.properties.invariants import violations
from unospec.editions import builtin_names
from unospec.model.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    Keep,
    NameLoser,
    Pass,
    Play,
)
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction
from unospec.model.kernel import (
    apply,
    chance_outcomes,
    empty_table,
    is_chance,
    legal_actions,
    random_outcome,
    run,
)
from unospec.model.machine import STEPS, WINDOW_PHASES
from unospec.model.state import GameState
from unospec.model.table import MACHINE
from unospec.model.transitions import can_fire

EDITIONS = builtin_names()


def _states(e: Edition, players: int, seed: int, steps: int) -> list[GameState]:
    rng = random.Random(seed)
    game = empty_table(e, players)
    seen = []
    for _ in range(steps):
        if game.phase == "game_over":
            break
        action = (
            random_outcome(e, game, rng)
            if is_chance(game)
            else choose(game, legal_actions(e, game), rng)
        )
        game = apply(e, game, action)
        seen.append(game)
    return seen


def _candidates(e: Edition, game: GameState) -> list[Action]:
    """Every move any player could try now: legal or not."""
    seats = range(game.players)
    colors = (-1, *e.color_indices)
    cards = range(len(e.faces.faces))
    moves: list[Action] = [Play(p, c, k) for p in seats for c in cards for k in colors]
    moves += [
        kind(p) for p in seats for kind in (Draw, Pass, Challenge, Accept, CallUno, NameLoser)
    ]
    moves += [Catch(p, t) for p in seats for t in seats]
    moves += [Keep(p, c) for p in seats for c in cards]
    return moves


def _checked_states(e: Edition, start: Start, count: int = 4) -> list[GameState]:
    """The state `start` reaches and the next few, each step taking the move that leads to
    the rarest phase (so a right Hail Mary guess reaches the discard it allows)."""
    rng = random.Random(start.seed)
    game = start_game(e, start)
    seen: list[GameState] = []
    while len(seen) < count and game.phase != "game_over":
        if is_chance(game):
            game = apply(e, game, random_outcome(e, game, rng))
            continue
        seen.append(game)
        after = [apply(e, game, move) for move in legal_actions(e, game)]
        rare = [a for a in after if a.phase not in ("awaiting_play", "drawn_card")]
        game = rng.choice(rare or after)
    return seen


def _accepts_exactly_the_listed_moves(e: Edition, game: GameState) -> None:
    legal = set(legal_actions(e, game))
    for move in _candidates(e, game):
        try:
            apply(e, game, move)
        except IllegalAction as refused:
            assert move not in legal, f"{move} is listed but refused: {refused}"
            assert refused.rule
        else:
            assert move in legal, f"{move} is accepted but not listed in {game.phase}"


@pytest.mark.parametrize("name", EDITIONS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_legal_actions_are_exactly_the_moves_apply_accepts(name: str, data: st.DataObject) -> None:
    """In every state a move is accepted by `apply` if and only if `legal_actions` lists it;
    a refused move raises IllegalAction naming a rule. The states start where the stateful
    tests start (a fresh table, mid-game, an UNO call a Hail Mary can answer, a Wild Draw
    card to answer...) and go on towards rarer phases."""
    e = edition(name)
    for game in _checked_states(e, data.draw(starts(e, max_warmup=400))):
        _accepts_exactly_the_listed_moves(e, game)


@pytest.mark.parametrize("name", ["nfl-cowboys", "super-bowl-lvii"])
def test_the_checked_states_reach_every_phase_that_waits_for_a_player(name: str) -> None:
    """The states the property above checks reach every phase in which a player (or the
    table's judgement) moves, in an edition with a Hail Mary and one with a special wild
    (a sampled random game reached `hail_mary_discard` in none of its examples)."""
    e = edition(name)
    phases = {
        game.phase
        for kind in ("fresh table", "mid-game", *situations(e))
        for seed in range(4)
        for game in _checked_states(e, start_of(kind, seed, 3, 400, None))
    }
    waiting = {phase for phase, _ in STEPS} | WINDOW_PHASES
    waiting -= {"dealing", "awaiting_reshuffle"}  # the table's shuffle, not a move
    unreachable = {"special_wild"} if any(e.faces.hail_mary) else {"hail_mary_discard"}
    unreachable |= {  # every way in is switched off by the file, or needs a card it lacks
        phase
        for phase in waiting
        if not any(can_fire(e, b) for b in MACHINE.branches if b.target == phase)
    }
    assert phases >= waiting - unreachable, waiting - unreachable - phases


@pytest.mark.parametrize("name", EDITIONS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_every_invariant_holds_after_every_step(name: str, seed: int, players: int) -> None:
    """Random play from any seed keeps every named invariant (checks/properties/invariants.py)."""
    e = edition(name)
    players = min(players, e.rules.max_players)
    rng = random.Random(seed)
    game = empty_table(e, players)
    for _ in range(400):
        if game.phase == "game_over":
            break
        action = (
            random_outcome(e, game, rng)
            if is_chance(game)
            else choose(game, legal_actions(e, game), rng)
        )
        after, fired = run(e, game, action)
        assert violations(e, after, game, fired) == []
        game = after


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_apply_is_a_function_of_its_arguments(seed: int) -> None:
    """The same state and action always give the same next state (the kernel is pure)."""
    e = edition("nfl-cowboys")
    for game in _states(e, 4, seed, steps=30):
        if is_chance(game) or game.phase == "game_over":
            continue
        for move in legal_actions(e, game)[:5]:
            assert apply(e, game, move) == apply(e, game, move)
            assert hash(apply(e, game, move)) == hash(apply(e, game, move))


def test_every_distinct_reshuffle_order_is_listed_once() -> None:
    """A reshuffle of red-1, red-1, red-2 and blue-3 under the top card (Let's Play: NOTE;
    copies are alike) has 4!/2! = 12 distinct orders: each listed once, in lexicographic
    order, and then the listing ends (an off-by-one there looped or cut it short). Only the
    phase and the piles matter to the listing: the draw pile is empty, as a reshuffle finds
    it but where the edition reshuffles before a short draw (whose cards it takes too)."""
    e = edition("classic")
    under = tuple(e.faces.face(c) for c in ("red-1", "red-1", "red-2", "blue-3"))
    game = table(e, [["red-5"], ["red-6"]], top="red-9")
    game = game._replace(phase="awaiting_reshuffle", draw_pile=(), discard=(*under, game.top))
    listed = [o.order for o in islice(chance_outcomes(e, game), 100)]
    assert listed == sorted(set(permutations(sorted(under)))) and len(listed) == 12
