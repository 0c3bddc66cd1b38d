"""`name-colour`: the wild's player names the colour that continues play (Action Cards:
Wild card)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class NameColour(Step):
    """The card's player names a colour of the deck, in force after it. The play itself
    names it (a `play` step's `color`): the machine's `choose_color` event sets it
    (`updates.name_color`), except on a player's last card, which ends the hand.

    >>> NameColour().statement().asks
    'colour'
    """

    NAME: ClassVar[str] = "name-colour"
    SECTION: ClassVar[str] = sections.WILD_CARD
    WILD_ONLY: ClassVar[bool] = True

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game  # the colour is named in the same step, by `choose_color`

    def statement(self) -> Statement:
        return Statement("names the colour", asks="colour")
