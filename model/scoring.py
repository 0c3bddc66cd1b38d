"""Scoring a hand: the winner takes the value of every card left in the other hands.

Keeping Score. A card kind without a value in the edition is a gap in the booklet, raised as
`RuleGap` when such a card has to be counted.
"""

from __future__ import annotations

from unospec.model import sections
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.state import GameState


def hand_winner(game: GameState) -> int:
    """The player who has no cards left (Winning), or the last one left in the game (the
    mercy rule); -1 for a hand that ended with every player still holding cards, unscored
    (`draw_shortfall = "hand-ends-unscored"`)."""
    if game.seated == 1:
        return next(player for player in range(game.players) if not game.is_out(player))
    return next((p for p, hand in enumerate(game.hands) if not hand and not game.is_out(p)), -1)


def card_points(edition: Edition, card: int) -> int:
    """The value of one card (Keeping Score)."""
    points = edition.faces.points[card]
    if points < 0:
        raise RuleGap(
            sections.SCORING, f"{edition.faces.card_id(card)} has no value in the scoring table"
        )
    return points


def hand_points(edition: Edition, game: GameState) -> int:
    """What the hand's winner scores: every card left in the other players' hands (Keeping
    Score)."""
    winner = hand_winner(game)  # the last player left holds cards that are not scored
    if winner < 0:  # a hand ended unscored
        return 0
    return sum(
        card_points(edition, card)
        for player, hand in enumerate(game.hands)
        if player != winner
        for card in hand
    )
