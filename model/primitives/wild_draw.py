"""`wild-draw`: the Wild Draw card's legality rule, its challenge and both payouts (Action
Cards: Wild Draw Four card / Wild Draw Two)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model import readings as r
from unospec.model import sections
from unospec.model.primitives.step import Statement, Step
from unospec.model.state import GameState, PendingChallenge

if TYPE_CHECKING:
    from unospec.model.edition import Edition

HOLDINGS = ("current-color", "wild")
"""What a Wild Draw rule can forbid holding, or judge a player guilty for: a card of the
colour in force before it, a wild card."""


@dataclass(frozen=True)
class WildDraw(Step):
    """The player the turn has come to (the victim) must answer: accept and draw `draw`
    cards, or challenge. The challenge is judged by the hand its player kept, against the
    colour in force before the card: guilty if it holds what `guilty_if_holding` names
    (the offender draws `offender_draws`, and the victim plays or not as
    `after_successful_challenge` says), else the challenger draws `challenger_draws`.
    Either way but a successful challenge the victim loses their turn. The card may be
    played while holding what `playable_unless_holding` names only where `bluff` allows it.

    The answers are the machine's `challenge` and `accept` events (`updates.judge_challenge`,
    `updates.accept_draw`); the play records the pending challenge.

    >>> WildDraw(4, ("current-color",), ("current-color",), "allowed-until-challenged", 6, 4,
    ...          "challenger-plays").statement().asks
    'answer'
    """

    NAME: ClassVar[str] = "wild-draw"
    SECTION: ClassVar[str] = sections.WILD_DRAW
    WILD_ONLY: ClassVar[bool] = True

    draw: int
    playable_unless_holding: tuple[str, ...]
    guilty_if_holding: tuple[str, ...]
    bluff: r.Bluff
    challenger_draws: int
    offender_draws: int
    after_successful_challenge: r.AfterSuccessfulChallenge

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        # The colour in force is still the one before this wild: both rules refer to it.
        hand = game.hands[player]
        kept = (
            edition.rules.challenge_judges == "the-hand-when-challenged-and-the-colour-when-played"
        )
        pending = PendingChallenge(
            offender=player,
            victim=game.current,
            card=card,
            guilty=holds_any(edition, hand, game.color, self.guilty_if_holding),
            bluff=holds_any(edition, hand, game.color, self.playable_unless_holding),
            color=game.color if kept else -1,
        )
        return game._replace(challenge=pending)

    def allows(self, edition: Edition, game: GameState, player: int, card: int) -> bool:
        """Where the edition refuses a bluff, not while its player holds what its legality
        rule names (of the colour in force, say), this card apart."""
        return self.bluff != "refused" or not self.bluffs(edition, game, player, card)

    def bluffs(self, edition: Edition, game: GameState, player: int, card: int) -> bool:
        """Playing `card` now breaks the legality rule: its player holds, besides it, a
        card the rule names."""
        hand = list(game.hands[player])
        hand.remove(card)
        return holds_any(edition, tuple(hand), game.color, self.playable_unless_holding)

    def statement(self) -> Statement:
        return Statement(
            f"draws {self.draw} or challenges",
            "the next player",
            asks="answer",
            draws=("draw", self.draw),
            aims=self.draw,
        )


def verdict(edition: Edition, game: GameState) -> bool:
    """Whether the pending challenge finds its card's player guilty: by the judgment made at
    the play, or, where the edition judges the hand the challenge comes to
    (`challenge_judges`), by that hand against the colour in force now (the one the wild
    named) or the one the card was played on (Action Cards: Wild Draw Four card)."""
    pending = game.challenge
    assert pending is not None
    judges = edition.rules.challenge_judges
    if judges == "the-hand-and-colour-when-the-card-was-played":
        return pending.guilty
    effect = edition.faces.effect[pending.card].find(WildDraw)
    assert effect is not None
    color = game.color if judges == "the-hand-and-colour-when-challenged" else pending.color
    hand = game.hands[pending.offender]
    return holds_any(edition, hand, color, effect.guilty_if_holding)


def holds_any(edition: Edition, hand: tuple[int, ...], color: int, kinds: tuple[str, ...]) -> bool:
    """Whether `hand` holds a card of the listed kinds of match: the Wild Draw card's legality
    rule and its challenge judgment, each as its Action Cards section words it."""
    faces = edition.faces
    for card in hand:
        if "current-color" in kinds and faces.color[card] == color and color >= 0:
            return True
        if "wild" in kinds and faces.wild[card]:
            return True
    return False
