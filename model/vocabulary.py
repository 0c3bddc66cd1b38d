"""The turn flow's vocabulary as types: its phases, its events and the obligations it tracks.

`TurnFlow` (`machine`) defines the flow; these enums name its states and events so that a
misspelt phase is a mypy error, not a comparison that is silently never true. They are
written out here, for mypy to see, and `unospec.model.table` checks them against the machine
class when it is imported: a phase or event renamed or added on one side only stops the
import with a `MachineDefinitionError` naming it.

The members are `StrEnum`s: each equals its id as a string, so traces, JSON and tables keep
the plain ids (``"awaiting_play"``) they have always had.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """A phase of a hand: a state of `TurnFlow`, by its id."""

    dealing = "dealing"
    first_flip = "first_flip"
    first_colour = "first_colour"
    awaiting_play = "awaiting_play"
    drawn_card = "drawn_card"
    choosing_color = "choosing_color"
    choosing_target = "choosing_target"
    awaiting_stack = "awaiting_stack"
    picking_colour = "picking_colour"
    special_wild = "special_wild"
    hail_mary_discard = "hail_mary_discard"
    awaiting_challenge = "awaiting_challenge"
    uno_window = "uno_window"
    uno_called = "uno_called"
    table_draws = "table_draws"
    awaiting_reshuffle = "awaiting_reshuffle"
    resolving = "resolving"
    hand_over = "hand_over"
    game_over = "game_over"


class Event(StrEnum):
    """An event of `TurnFlow`: a step a player or the table takes, by its name."""

    deal = "deal"
    flip = "flip"
    name_first_colour = "name_first_colour"
    play = "play"
    draw = "draw"
    play_drawn = "play_drawn"
    jump_in = "jump_in"
    pass_turn = "pass_turn"
    choose_color = "choose_color"
    choose_target = "choose_target"
    stack = "stack"
    pick = "pick"
    name_loser = "name_loser"
    challenge = "challenge"
    accept = "accept"
    resolve = "resolve"
    uno = "uno"
    catch = "catch"
    call_out_of_place = "call_out_of_place"
    close_window = "close_window"
    hail_mary = "hail_mary"
    keep = "keep"
    draw_owed = "draw_owed"
    reshuffle = "reshuffle"
    score = "score"


class Obligation(StrEnum):
    """Something the table owes and a phase exists to settle (`machine.OBLIGATIONS`)."""

    owed = "owed"  # cards to draw
    challenge = "challenge"  # a Wild Draw card awaiting its answer
    special = "special"  # a special wild's effect awaiting its loser
    drawn = "drawn"  # a card just drawn, awaiting play or pass
    window = "window"  # an open UNO window
