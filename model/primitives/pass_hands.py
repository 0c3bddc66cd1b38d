"""`pass-hands`: every hand passes one seat in the direction of play (the 0 of the 7-0
house rule; UNO Show 'Em No Mercy's 0)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.flows import Move
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition

PASSED = (Move("hand", "others", "hand"), Move("others", "hand", "some"))
"""The player's hand goes to another, and another's comes to them: no card leaves the hands."""


@dataclass(frozen=True)
class PassHands(Step):
    """Every player passes their whole hand to the next player in the direction of play, as
    it is once the card is played (the card's player passes what they still hold).

    >>> PassHands().statement().moves == PASSED
    True
    """

    NAME: ClassVar[str] = "pass-hands"
    SECTION: ClassVar[str] = sections.SEVEN_O

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        n, way = game.players, game.direction
        if not game.out:
            return game._replace(hands=tuple(game.hands[(seat - way) % n] for seat in range(n)))
        hands: list[tuple[int, ...]] = [()] * n  # one out of the game is passed no hand
        for seat in range(n):
            if not game.is_out(seat):
                hands[game.next_player(seat)] = game.hands[seat]
        return game._replace(hands=tuple(hands))

    def statement(self) -> Statement:
        return Statement(
            "pass their hands one seat on, in the direction of play", "all players", moves=PASSED
        )
