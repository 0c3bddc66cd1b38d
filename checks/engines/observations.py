"""What `unospec stats` counts in a game beyond `simulate`'s tallies, read off its steps.

A game's observations are one row of integers: per face, the cards of it played, the hands
it ended and the special-wild penalties it set; then the challenges upheld, whom the
penalties hit (the player of the card, the next player, another) and the points scored.
The compiled engine writes the same row as it plays (`compiled.games.observe`); the
reference computes it here from each step's states, and `stats`' conformance test holds
the two to the same numbers, game by game.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from unospec.model.actions import NOBODY, Action, Challenge, NameLoser, Play
from unospec.model.edition import Edition
from unospec.model.primitives.wild_draw import verdict
from unospec.model.state import GameState

(O_UPHELD, O_HITS_SELF, O_HITS_NEXT, O_HITS_OTHER, O_POINTS) = range(5)
"""The columns after the three per-face blocks (plays, hand endings, penalties)."""
AFTER_FACES = 5


def observed_fields(faces: int) -> int:
    """The columns of a game's row of observations with `faces` faces."""
    return 3 * faces + AFTER_FACES


def observe_step(row: npt.NDArray[np.int64], edition: Edition, before: GameState,
                 action: Action, after: GameState) -> None:  # fmt: skip
    """Add what one step did to `row`: the card played (every play: on one's turn, the
    drawn card, an interrupt, a Hail Mary), the card on top when a hand is scored, a
    challenge the offender loses (Wild Draw), and whom a penalty race's loser is."""
    faces = (len(row) - AFTER_FACES) // 3
    rest = 3 * faces
    if isinstance(action, Play):
        row[action.card] += 1
    elif isinstance(action, Challenge):
        if before.challenge is not None and verdict(edition, before):
            row[rest + O_UPHELD] += 1
    elif isinstance(action, NameLoser) and action.player != NOBODY:  # a penalty set
        if before.special >= 0:
            row[2 * faces + before.special] += 1
        if action.player == before.actor:
            row[rest + O_HITS_SELF] += 1
        elif action.player == before.next_player(before.actor):
            row[rest + O_HITS_NEXT] += 1
        else:
            row[rest + O_HITS_OTHER] += 1
    if after.hands_played > before.hands_played and after.discard:
        row[faces + after.discard[-1]] += 1


def observe_game(
    edition: Edition, history: Iterable[tuple[GameState, Action, GameState]], final: GameState
) -> npt.NDArray[np.int64]:
    """The row of a whole game of `edition`, from its steps and its last state."""
    faces = len(edition.faces.faces)
    row = np.zeros(observed_fields(faces), dtype=np.int64)
    for before, action, after in history:
        observe_step(row, edition, before, action, after)
    row[3 * faces + O_POINTS] = sum(final.scores)
    return row
