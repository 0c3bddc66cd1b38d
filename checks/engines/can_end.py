"""Whether the game can still end from a given state: the question a `game-can-end`
regression test asks of the state its trace leads to.

A random playout that ends the game is a witness that it can; only a complete search from
the state can show that it cannot. Playouts come first: once a bug is fixed, the space
reachable from the state may be far larger than the trapped one the explorer searched (a
game played to its target over many hands), and a playout finds an end in it at once.
"""

from __future__ import annotations

import random

from unospec.checks.engines.explorer import explore
from unospec.checks.engines.random_play import choose
from unospec.model.edition import Edition
from unospec.model.kernel import apply, is_chance, legal_actions, random_outcome
from unospec.model.state import GameState
from unospec.model.table import MACHINE


def can_end_from(
    edition: Edition,
    players: int,
    game: GameState,
    *,
    seed: int = 0,
    playouts: int = 10,
    steps: int = 10_000,
    max_states: int = 1_000_000,
) -> bool | None:
    """True once a random playout from `game` ends the game; False when a complete search
    from `game` finds no way to the end; None when neither settles it within the bounds
    (`playouts` of at most `steps` steps, a search of at most `max_states` states)."""
    rng = random.Random(seed)
    for _ in range(playouts):
        state = game
        for _ in range(steps):
            if state.phase in MACHINE.final:
                return True
            if is_chance(state):
                action = random_outcome(edition, state, rng)
            else:
                moves = legal_actions(edition, state)
                if not moves:  # stuck for good: the search below says so
                    break
                action = choose(state, moves, rng)  # as the random games choose
            state = apply(edition, state, action)
    onwards = explore(edition, players, start=game, max_states=max_states)
    if not onwards.complete:
        return None
    return 0 not in (onwards.stuck or ())  # state 0 is `game`
