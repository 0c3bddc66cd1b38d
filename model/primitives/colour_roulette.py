"""`colour-roulette`: the next player picks a colour and draws until a card of it turns up
(UNO Show 'Em No Mercy's Wild Color Roulette)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import UNTIL_PICKED, GameState, Owed
from unospec.model.vocabulary import Phase

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class ColourRoulette(Step):
    """The player the turn has come to picks a colour of the deck (a `pick` step), which is
    in force from then on, and the table deals them one card at a time until a card of it
    turns up (wilds are of no colour): they keep every card dealt. A draw that runs out of
    cards stops there. (It does not cost them their turn: No Mercy's card is
    `colour-roulette` then `skip`.) Wild cards only.

    >>> ColourRoulette().statement().asks
    'pick'
    """

    NAME: ClassVar[str] = "colour-roulette"
    SECTION: ClassVar[str] = sections.NO_MERCY
    WILD_ONLY: ClassVar[bool] = True

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game._replace(owed=Owed(game.current, 1, Phase.resolving, UNTIL_PICKED))

    def statement(self) -> Statement:
        words = "picks a colour and draws until a card of it turns up"
        return Statement(words, "the next player", asks="pick")
