"""`penalty-race`: the table names one player, who draws (Action Cards: Wild Touchdown!
Card / Wild My Favorite Line Card)."""

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
class PenaltyRace(Step):
    """After the card the table names the loser of a race (the slowest, the one without a
    quote), who draws `draw` cards; who can lose is `loser_among` (`others`: every player
    but the card's; `everyone`). Who plays next is `next_player` (`readings.RaceNextPlayer`:
    by default the player after the card's, as before the parameter was written; a file may
    leave it out). Where a single player could lose (a table of two, `others`), `two_players`
    says whether they do or no race is run (`readings.LoneRace`; optional alike); where
    every player manages, `no_failure` says whether the race goes on until someone fails or
    nobody draws (`readings.RaceNoFailure`: the table may then name `actions.NOBODY`);
    `judge` says whose choice the loser is, the table's or the card's player's
    (`readings.RaceJudge`: the same moves, weighed by the heuristic player).

    The loser is the machine's `name_loser` event (`updates.owe_loser_penalty`).

    >>> PenaltyRace(4, "others").statement().asks
    'loser'
    """

    NAME: ClassVar[str] = "penalty-race"
    SECTION: ClassVar[str] = sections.PENALTY_RACE
    WILD_ONLY: ClassVar[bool] = True

    draw: int
    loser_among: r.LoserAmong
    next_player: r.RaceNextPlayer = "next-after-the-card-player-loser-keeps-turn"
    two_players: r.LoneRace = "the-race-always-has-a-loser"
    no_failure: r.RaceNoFailure = "rounds-continue-until-someone-fails"
    judge: r.RaceJudge = "the-table-names-the-loser"

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        runners = game.seated - (1 if self.loser_among == "others" else 0)
        if runners < 2 and self.two_players == "nobody-draws-without-a-race":
            return game  # no race to lose: the card is a plain wild
        return game._replace(special=card)

    def statement(self) -> Statement:
        words = f"draws {self.draw}"
        subject = "the loser the table names"
        return Statement(words, subject, asks="loser", draws=("draw", self.draw))
