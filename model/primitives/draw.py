"""`draw`: the player the turn has come to is owed cards (Action Cards: Draw Two card)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState, Owed
from unospec.model.vocabulary import Phase

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class Draw(Step):
    """The player the turn has come to draws `count` cards: the table deals them once the
    card is resolved. (It does not cost them their turn: a Draw Two is `draw` then `skip`.)
    Where the edition stacks draw cards, they may first pass it on (`updates.stack_card`).

    >>> Draw(2).statement().owes
    2
    """

    NAME: ClassVar[str] = "draw"
    SECTION: ClassVar[str] = sections.ACTION_CARDS

    count: int

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        stackable = edition.rules.stacking != "none"  # the player may pass it on (stacking)
        owed = Owed(game.current, self.count, Phase.resolving, stackable=stackable)
        return game._replace(owed=owed)

    def statement(self) -> Statement:
        words = f"draws {self.count}"
        return Statement(
            words, "the next player", owes=self.count, draws=("count", self.count), aims=self.count
        )
