"""`last-resort`: a card its player may play only when they hold nothing else to play
(RLCard's Wild Draw Four)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class LastResort(Step):
    """A rule of when the card may be played, not of what it does: only when its player
    holds no card they may play but cards of this rule (RLCard offers its Wild Draw Four
    only when no other move is legal, `UnoRound.get_legal_actions`). Its statement says so
    (`last_resort`), which `legality` and the invariants read; played, it changes nothing.

    >>> LastResort().statement().words
    'only when its player has nothing else to play'
    """

    NAME: ClassVar[str] = "last-resort"
    SECTION: ClassVar[str] = sections.RLCARD

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game

    def statement(self) -> Statement:
        return Statement("only when its player has nothing else to play", last_resort=True)
