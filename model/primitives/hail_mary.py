"""`hail-mary`: an out-of-turn wild thrown at a player who has just called UNO (Action Cards:
Wild Hail Mary Card)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import readings as r
from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

if TYPE_CHECKING:
    from unospec.model.edition import Edition


@dataclass(frozen=True)
class HailMary(Step):
    """Another player may throw the card at the player who has just called UNO, naming a
    colour: if it is the colour of the caller's last card the thrower sheds their hand
    down to one card; play goes on after the thrower (`continue_with`). On its holder's own
    turn it is a plain wild, whose player names the colour, or no play at all (`own_turn`).
    What a wrong guess does (`wrong_guess`), which guess is right on a wild
    (`guess_on_a_wild`), who may throw it when (`trigger`), whether the usual rules hold
    for its thrower (`thrower_afterwards`), whether it may cancel a pending challenge
    (`pending_challenge`), whether the player whose turn it is may play it as their own
    turn's instead (`from_the_next_player`), where the shed cards go (`shed_cards`) and
    whether the thrower may keep their whole hand instead (`keep_after_shedding`) are
    readings too.

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
    # the readings below are optional in a file: each defaults to the one unospec played
    # before it could be chosen (every file that leaves it out plays as before)
    wrong_guess: r.HailMaryWrongGuess = "card-stays-and-play-goes-on-in-named-colour"
    guess_on_a_wild: r.HailMaryGuessOnAWild = "no-colour-is-right"
    trigger: r.HailMaryTrigger = "by-another-player-after-an-uno-call"
    thrower_afterwards: r.HailMaryThrowerAfterwards = "usual-rules-apply"
    pending_challenge: r.HailMaryPendingChallenge = "not-while-a-challenge-is-pending"
    from_the_next_player: r.HailMaryFromTheNextPlayer = "always-the-interrupt"
    shed_cards: r.HailMaryShedCards = "under-the-hail-mary-on-the-discard-pile"
    keep_after_shedding: r.HailMaryKeepAfterShedding = "the-thrower-must-discard-down-to-one"

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        return game  # a plain wild on its holder's own turn

    def allows(self, edition: Edition, game: GameState, player: int, card: int) -> bool:
        """Thrown on its player's own turn only where it plays as a plain wild."""
        return self.own_turn != "interrupt-only"

    def names_the_caller(self, game: GameState, player: int) -> bool:
        """Whether `player`'s throw names the caller as its target: the player whose turn
        it is, where they choose between the throw and their own turn's play
        (`from_the_next_player`); any other throw names no one."""
        return self.from_the_next_player == "the-player-chooses" and player == game.current

    def thrown_by(self, game: GameState, player: int, target: int = -1) -> bool:
        """Whether `player`'s play of the card naming `target` now, in an UNO window, is
        the throw (`trigger`; the machine's phases `uno_window`, before the call, and
        `uno_called`, after it; `from_the_next_player`)."""
        if self.names_the_caller(game, player) and target != game.window:
            return False  # their own turn's play
        called = game.phase == Phase.uno_called
        if (
            self.thrower_afterwards == "thrower-cannot-go-out-with-a-hail-mary"
            and len(game.hands[player]) == 1
        ):
            return False  # a throw of their last card
        if self.trigger == "by-the-caller-as-their-last-card":
            return called and player == game.window
        if self.trigger == "whenever-a-player-holds-one-card":
            return player != game.window
        return called and player != game.window

    def cancels_a_challenge(self) -> bool:
        """Whether the card may be thrown while a challenge is pending, cancelling it."""
        return self.pending_challenge == "interrupt-and-cancel-the-challenge"

    def waits_for_the_challenge(self) -> bool:
        """Whether the card's throw at a caller whose Wild Draw card waits for its challenge
        comes once the challenge is settled."""
        return self.pending_challenge == "throw-once-the-challenge-is-settled"

    def right_guess(self, edition: Edition, game: GameState, color: int) -> bool:
        """Whether `color` is the colour of the UNO caller's last card; a wild's reads
        `guess_on_a_wild` (interpretations hail-mary-guess-on-a-wild)."""
        (last,) = game.hands[game.window]
        if edition.faces.color[last] >= 0:
            return edition.faces.color[last] == color
        if self.guess_on_a_wild == "any-colour-is-right":
            return True
        return self.guess_on_a_wild == "the-colour-in-force-is-right" and game.color == color

    def sheds_out_of_play(self) -> bool:
        """Whether the cards shed after a right guess leave play until the next deal."""
        return self.shed_cards == "out-of-the-game-until-the-next-deal"

    def may_keep_more(self) -> bool:
        """Whether the thrower may decline the discard after a right guess, keeping every
        card (`keep_after_shedding`)."""
        return self.keep_after_shedding == "the-thrower-may-keep-more"

    def statement(self) -> Statement:
        words = "thrown at an UNO caller: guess their last card's colour"
        return Statement(words, asks="colour" if self.own_turn == "plain-wild" else None)


def puts_cards_out_of_play(edition: Edition) -> bool:
    """Whether a Hail Mary of `edition` puts the cards its thrower sheds out of play until
    the next deal (`shed_cards`): only then may `GameState.out_of_play` hold any."""
    found = (effect.find(HailMary) for _, effect in edition.effects)
    return any(hail_mary.sheds_out_of_play() for hail_mary in found if hail_mary is not None)
