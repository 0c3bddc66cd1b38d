"""Starting states for the stateful tests: a fresh table, or a game some random steps in.

Hypothesis draws a `Start` (a shuffle seed, the players, how many random steps to play at
most, a situation to stop at, and sometimes a small target score) rather than whole decks,
so that deep states (reshuffles, late challenges, Hail Mary interrupts, the end of the game)
are within reach of a short run of rules. Every state is produced by the kernel.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st
from scenario import edition

from unospec.checks.engines.random_play import choose
from unospec.checks.properties.invariants import violations
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table, is_chance, legal_actions, random_outcome, run
from unospec.model.state import GameState

Situation = Callable[[Edition, GameState], bool]


def _hail_mary_can_answer(e: Edition, game: GameState) -> bool:
    return game.phase == "uno_called" and any(
        e.faces.hail_mary[card]
        for player, hand in enumerate(game.hands)
        if player != game.window
        for card in hand
    )


SITUATIONS: dict[str, Situation] = {
    "draw pile nearly empty": lambda e, g: g.phase == "awaiting_play" and len(g.draw_pile) <= 2,
    "a player on one card": lambda e, g: (
        g.phase == "awaiting_play" and any(len(hand) == 1 for hand in g.hands)
    ),
    "an UNO window open": lambda e, g: g.phase == "uno_window",
    "a Wild Draw card to answer": lambda e, g: g.phase == "awaiting_challenge",
    "a special wild to resolve": lambda e, g: g.phase == "special_wild",
    "an UNO call a Hail Mary can answer": _hail_mary_can_answer,
}
"""Where a warm-up may stop: situations that random play reaches only now and then."""

SITUATION_WARMUP = 5000
"""The most steps a warm-up plays looking for its situation (a few games)."""


def situations(e: Edition) -> list[str]:
    """The situations that can arise in `e` (a Hail Mary only where the deck has one)."""
    faces = e.faces
    needs = {
        "a Wild Draw card to answer": any(faces.wild_draw),
        "a special wild to resolve": any(faces.penalty_race),
        "an UNO call a Hail Mary can answer": any(faces.hail_mary),
    }
    return [name for name in SITUATIONS if needs.get(name, True)]


@dataclass(frozen=True)
class Start:
    """How a stateful example begins: up to `warmup` random steps of a game dealt from
    `seed`, stopping early at `stop_at` (a key of SITUATIONS) when given."""

    seed: int
    players: int
    warmup: int
    stop_at: str | None
    target: int | None  # a small target score, so the game ends after a hand or two


def starts(e: Edition, max_warmup: int = 3000) -> st.SearchStrategy[Start]:
    """A fresh table, a game up to `max_warmup` steps in, or a game stopped at one of the
    situations of `e`."""
    kinds = ("fresh table", "mid-game", *situations(e))
    return st.builds(
        start_of,
        kind=st.sampled_from(kinds),
        seed=st.integers(0, 2**32 - 1),
        players=st.integers(2, 4),
        warmup=st.integers(1, max_warmup),
        target=st.one_of(st.none(), st.integers(1, 60)),
    )


def start_of(kind: str, seed: int, players: int, warmup: int, target: int | None) -> Start:
    """The `Start` of one `kind` of `starts` (a situation's warm-up is `SITUATION_WARMUP`)."""
    if kind == "fresh table":
        return Start(seed, players, 0, None, target)
    if kind == "mid-game":
        return Start(seed, players, warmup, None, target)
    return Start(seed, players, SITUATION_WARMUP, kind, target)


@cache
def edition_for(name: str, target: int | None) -> Edition:
    """The built-in edition `name`, with its target score replaced when `target` is given."""
    base = edition(name)
    if target is None:
        return base
    return dataclasses.replace(base, rules=dataclasses.replace(base.rules, target_score=target))


def start_game(e: Edition, start: Start) -> GameState:
    """The empty table, then up to `start.warmup` steps of random play (checking every
    invariant on the way) until `start.stop_at` holds, over several games if need be;
    without a situation to stop at, it stops one step short of the game's end."""
    rng = random.Random(start.seed)
    game = empty_table(e, start.players)
    stop = SITUATIONS[start.stop_at] if start.stop_at else None
    for _ in range(start.warmup):
        if is_chance(game):
            action = random_outcome(e, game, rng)
        else:
            action = choose(game, legal_actions(e, game), rng)
        after, fired = run(e, game, action)
        assert violations(e, after, game, fired) == []
        if after.phase == "game_over":
            if stop is None:
                break
            after = empty_table(e, start.players)  # the situation may come in the next game
        game = after
        if stop is not None and stop(e, game):
            break
    return game


def describe(e: Edition, start: Start, game: GameState) -> str:
    """How an example started, for `event()`: fresh, mid-game, or at which situation."""
    if start.warmup == 0:
        return "fresh table"
    if start.stop_at is None:
        return "mid-game"
    reached = SITUATIONS[start.stop_at](e, game)
    return f"{start.stop_at}{'' if reached else ' (not reached)'}"
