"""Why the question a reading answers never comes up in an edition: recorded readings of
such questions are notes, and unrecorded ones are not asked (`unrecorded`)."""

from __future__ import annotations

from unospec.model.branches import no_number_card_left
from unospec.model.edition import Edition
from unospec.model.table import MACHINE
from unospec.model.transitions import can_fire
from unospec.model.wording import span

_REDEAL = next(b for b in MACHINE.branches if no_number_card_left in b.conditions)
"""The first flip finding no card that may start the pile: what `flip_exhausted` rules."""


def does_not_arise(edition: Edition, decides: str | None) -> str | None:
    """Why the question a reading answers never comes up in this edition, if it does not:
    a rule for two players in an edition for more, a rule of a card the deck lacks."""
    if decides is None:
        return None
    rules = edition.rules
    two = decides.endswith((".with_two_players", ".penalty-race.two_players"))
    if two and rules.min_players > 2:
        players = list(range(rules.min_players, rules.max_players + 1))
        return f"the edition is for {span(players)} players"
    if decides == "setup.next_leader" and rules.game_end == "single-hand":
        return "a game is one hand, so no next hand is dealt"
    if decides == "setup.flip_exhausted" and not can_fire(edition, _REDEAL):
        return "the hands always leave a card that may start the discard pile"
    parts = decides.split(".")
    if parts[0] == "cards" and len(parts) > 2 and parts[1] not in edition.faces.kinds_in_play:
        return f"the deck has no {parts[1]} card"
    return None
