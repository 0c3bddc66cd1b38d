"""`discard-colour`: the player discards every card of the played card's colour (UNO Show
'Em No Mercy's Discard All)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.flows import Move
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition

DISCARDED = Move("hand", "under", "colour")
"""The cards go under the played card: it stays on top, its colour in force."""


@dataclass(frozen=True)
class DiscardColour(Step):
    """The card's player discards every other card of its colour they hold (wilds are of no
    colour), under the played card, which stays on top. A coloured card's step only: a wild
    has no colour of its own. A hand it empties is over (`branches.hand_emptied`).

    >>> DiscardColour().statement().moves[0].amount
    'colour'
    """

    NAME: ClassVar[str] = "discard-colour"
    SECTION: ClassVar[str] = sections.NO_MERCY
    COLOURED_ONLY: ClassVar[bool] = True

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        faces = edition.faces
        colour = faces.color[card]
        kept = tuple(c for c in game.hands[player] if faces.wild[c] or faces.color[c] != colour)
        gone = tuple(
            c for c in game.hands[player] if not faces.wild[c] and faces.color[c] == colour
        )
        hands = (*game.hands[:player], kept, *game.hands[player + 1 :])
        return game._replace(hands=hands, discard=(*game.discard[:-1], *gone, game.discard[-1]))

    def statement(self) -> Statement:
        return Statement("discards every card of its colour", moves=(DISCARDED,))
