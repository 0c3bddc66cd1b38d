"""What each card kind does, as parameters (Action Cards sections of the booklets).

An edition maps every card kind in its deck to one of these effect types; the kernel reads
their fields and never a card's or an edition's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from unospec.model import readings as r


@dataclass(frozen=True)
class NoEffect:
    """A number card: it only has to match (Let's Play)."""


@dataclass(frozen=True)
class Skip:
    """The next player loses their turn."""


@dataclass(frozen=True)
class Reverse:
    """The direction of play flips; `with_two_players` says what that means with two."""

    with_two_players: r.TwoPlayerReverse


@dataclass(frozen=True)
class DrawPenalty:
    """The next player draws `draw` cards and loses their turn (Draw Two / Draw One)."""

    draw: int


@dataclass(frozen=True)
class Wild:
    """Matches anything; the player names the colour that continues play."""


@dataclass(frozen=True)
class WildDraw:
    """A wild that makes the next player draw, restricted and open to a challenge.

    `playable_unless_holding` is the legality rule, `guilty_if_holding` the rule the challenge
    is judged by, each as its booklet words it: a list of "current-color" (a card of the colour
    in play before this card) and "wild" (any wild card).
    """

    draw: int
    playable_unless_holding: tuple[str, ...]
    guilty_if_holding: tuple[str, ...]
    bluff: r.Bluff
    challenger_draws: int
    offender_draws: int
    after_successful_challenge: r.AfterSuccessfulChallenge


@dataclass(frozen=True)
class HailMary:
    """An out-of-turn wild thrown at a player who has just called UNO.

    The thrower names a colour; if it is the colour of the caller's last card the thrower
    sheds their hand down to one card. Play then continues after the thrower.
    """

    own_turn: r.HailMaryOwnTurn
    continue_with: r.HailMaryContinuesWith


@dataclass(frozen=True)
class PenaltyRace:
    """A wild after which one player, named by the table, draws `draw` cards.

    `loser_among` says who can lose: "others" (every player but the one who played it) or
    "everyone".
    """

    draw: int
    loser_among: r.LoserAmong


Effect = NoEffect | Skip | Reverse | DrawPenalty | Wild | WildDraw | HailMary | PenaltyRace

EFFECT_NAMES: dict[str, type] = {
    "none": NoEffect,
    "skip": Skip,
    "reverse": Reverse,
    "draw": DrawPenalty,
    "wild": Wild,
    "wild-draw": WildDraw,
    "hail-mary": HailMary,
    "penalty-race": PenaltyRace,
}
"""The `effect` names an edition file may use, and the type each one builds."""


def effect_name(effect: object) -> str:
    """The name an edition file gives `effect` (``draw`` for a DrawPenalty)."""
    return next(name for name, kind in EFFECT_NAMES.items() if type(effect) is kind)


WILD_EFFECTS = frozenset({"wild", "wild-draw", "hail-mary", "penalty-race"})
"""Effects only a wild card can have (a coloured card cannot name a colour)."""
