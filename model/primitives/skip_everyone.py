"""`skip-everyone`: every other player loses their turn (UNO Show 'Em No Mercy's Skip
Everyone)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class SkipEveryone(Step):
    """Every other player loses their turn: the turn comes back to the card's player, who
    plays again, whatever the table's size and direction.

    >>> SkipEveryone().statement().returns
    True
    """

    NAME: ClassVar[str] = "skip-everyone"
    SECTION: ClassVar[str] = sections.NO_MERCY

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game._replace(current=player)

    def statement(self) -> Statement:
        return Statement(
            "lose their turn (its player plays again)", "all other players", returns=True
        )
