"""`unplayable`: a card no rule lets anyone play (a card a booklet counts in its deck but
never describes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class Unplayable(Step):
    """A rule of when that never allows: the card stays in the hand it is dealt to, counts
    against it when the hand is scored, and ends no hand. The themed booklets' Contents
    count cards their pages never describe; read as cards of their own (the deck-composition
    readings), they follow no rule, so no rule lets them be played.

    >>> Unplayable().statement().words
    'never: no rule lets its player play it'
    """

    NAME: ClassVar[str] = "unplayable"
    SECTION: ClassVar[str] = sections.CONTENTS

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game  # never played

    def allows(self, edition: Edition, game: GameState, player: int, card: int) -> bool:
        return False

    def statement(self) -> Statement:
        return Statement("never: no rule lets its player play it")
