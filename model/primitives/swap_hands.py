"""`swap-hands`: the player picks another player, and the two swap hands (the 7 of the 7-0
house rule; UNO Show 'Em No Mercy's 7; a Wild Swap Hands)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.flows import Move
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition

SWAPPED = (Move("hand", "others", "hand"), Move("others", "hand", "some"))
"""The player's hand goes to the one they picked, and theirs comes back: no card leaves the
hands."""


@dataclass(frozen=True)
class SwapHands(Step):
    """The card's player picks another player, and the two swap hands, as they are once the
    card is played. The play itself names the player (a `play` step's `target`): the
    machine's `choose_target` event swaps them (`updates.swap_hands`), except on a player's
    last card, which ends the hand.

    >>> SwapHands().statement().asks
    'target'
    """

    NAME: ClassVar[str] = "swap-hands"
    SECTION: ClassVar[str] = sections.SEVEN_O

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game  # the player is named in the same step, by `choose_target`

    def statement(self) -> Statement:
        return Statement("swaps hands with a player they pick", asks="target", moves=SWAPPED)
