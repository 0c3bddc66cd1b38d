"""`skip`: the player the turn has come to loses their turn (Action Cards: Skip card)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class Skip(Step):
    """The next player loses their turn: the turn moves on one seat.

    >>> Skip().statement().passes
    1
    """

    NAME: ClassVar[str] = "skip"
    SECTION: ClassVar[str] = sections.ACTION_CARDS

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game._replace(current=game.next_player(game.current))

    def statement(self) -> Statement:
        return Statement("loses their turn", "the next player", passes=1)
