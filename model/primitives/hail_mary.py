"""`hail-mary`: an out-of-turn wild thrown at a player who has just called UNO (Action Cards:
Wild Hail Mary Card)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import readings as r
from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class HailMary(Step):
    """Another player may throw the card at the player who has just called UNO, naming a
    colour: if it is the colour of the caller's last card the thrower sheds their hand
    down to one card; play goes on after the thrower (`continue_with`). On its holder's own
    turn it is a plain wild, whose player names the colour, or no play at all (`own_turn`).

    The throw is the machine's `hail_mary` event (`updates.throw_hail_mary`), the shedding
    its `keep` event; played on the holder's own turn the step does nothing more.

    >>> HailMary("plain-wild", "left-of-player").statement().asks
    'colour'
    """

    NAME: ClassVar[str] = "hail-mary"
    SECTION: ClassVar[str] = sections.HAIL_MARY
    WILD_ONLY: ClassVar[bool] = True

    own_turn: r.HailMaryOwnTurn
    continue_with: r.HailMaryContinuesWith

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game  # a plain wild on its holder's own turn

    def allows(self, edition: Edition, game: GameState, player: int, card: int) -> bool:
        """Thrown on its player's own turn only where it plays as a plain wild."""
        return self.own_turn != "interrupt-only"

    def statement(self) -> Statement:
        words = "thrown at an UNO caller: guess their last card's colour"
        return Statement(words, asks="colour" if self.own_turn == "plain-wild" else None)
