"""`reverse`: the direction of play turns round (Action Cards: Reverse card)."""

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
class Reverse(Step):
    """The direction of play turns round, and the turn with it: where it had come to one
    seat on, it comes to the seat one back. With two players, `with_two_players` says what
    that means (`acts-as-skip`: the turn moves on one seat more, back to the player).

    >>> Reverse("acts-as-skip").statement().two_player_passes
    1
    """

    NAME: ClassVar[str] = "reverse"
    SECTION: ClassVar[str] = sections.ACTION_CARDS

    with_two_players: r.TwoPlayerReverse

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        seats = game.seats_to(player, game.current)
        game = game._replace(direction=-game.direction)
        game = game._replace(current=game.next_player(player, seats) if seats else player)
        if game.seated == 2 and self.with_two_players == "acts-as-skip":
            return game._replace(current=game.next_player(game.current))
        return game

    def statement(self) -> Statement:
        as_skip = self.with_two_players == "acts-as-skip"
        words = f"reverses play (2 players: {'acts as a Skip' if as_skip else 'direction only'})"
        return Statement(words, flips=True, two_player_passes=int(as_skip))
