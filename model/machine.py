"""The turn flow: the one source of truth for which phase follows which event.

`TurnFlow` is a python-statemachine `StateMachine`. Its states are the phases of a hand, its
events the player and table actions. Guards (`validators`), conditions (`cond`) and effects
(`on`) are the pure functions of `legality`, `branches` and `updates`; the kernel compiles
this class into a lookup table (`unospec.model.table`) and runs those same functions, so the
library itself is only needed to define the flow and to cross-check it.

Reading order: phases, then the events of a turn, of the Wild Draw challenge, of the UNO
window and the Hail Mary, of the table (draws, reshuffles, dealing, scoring).
"""

from __future__ import annotations

from typing import Any

from statemachine import State, StateMachine

from unospec.model import actions as a
from unospec.model import branches as b
from unospec.model import legality as g
from unospec.model import updates as u


def _every(transitions: Any, *, validators: Any = None, on: Any = None) -> Any:
    """Give every branch of one event the same guard and the same effect."""
    if validators is not None:
        transitions.validators(validators)
    if on is not None:
        transitions.on(on)
    return transitions


class TurnFlow(StateMachine):
    """The phases of a hand of UNO and the events that move between them."""

    dealing = State("dealing", initial=True)
    first_flip = State("first flip")
    first_colour = State("naming the first colour")
    awaiting_play = State("awaiting a play")
    drawn_card = State("drawn-card decision")
    choosing_color = State("choosing a colour")
    choosing_target = State("choosing a player")
    special_wild = State("special-wild resolution")
    hail_mary_discard = State("Hail Mary discard")
    awaiting_challenge = State("awaiting the challenge response")
    awaiting_stack = State("awaiting a stack or its taking")
    picking_colour = State("picking a colour to draw to")
    uno_window = State("UNO window")
    uno_called = State("UNO called")
    table_draws = State("table draws")
    awaiting_reshuffle = State("awaiting a reshuffle")
    resolving = State("resolving a play")
    hand_over = State("hand over")
    game_over = State("game over", final=True)

    # Set Up: deal, then flip until a card may start the discard pile. Where the edition
    # says so (RLCard's UNO), the card is carried out as the dealer's play: its colour named
    # by the dealer, its draw dealt, before the leader plays.
    deal = dealing.to(first_flip, validators=g.check_deal, on=u.deal_cards)
    flip = (
        first_flip.to(dealing, cond=b.no_number_card_left, on=u.keep_for_redeal)
        | first_flip.to(first_flip, cond=b.flips_ignored_card, on=u.set_flipped_card_aside)
        | first_flip.to(first_colour, cond=b.first_card_names_colour, on=u.play_first_card)
        | first_flip.to(table_draws, cond=b.first_card_draws, on=u.play_first_card)
        | first_flip.to(awaiting_play, cond=b.first_card_played, on=u.play_first_card)
        | first_flip.to(awaiting_play, on=u.turn_up_first_card)
    )
    name_first_colour = first_colour.to(
        awaiting_play,
        cond=b.dealer_names_colour,
        validators=g.check_first_colour,
        on=u.name_first_colour,
    )

    # A turn: play a matching card, or draw one and then play it or pass. A last card ends
    # the hand, but for a Draw card's where the edition deals its draw first (RLCard's UNO),
    # and for one that waits for a decision there (a challenge, a race's loser): it is
    # played as any card, and the hand ends once the decision is made (`last_card_settled`).
    play = _every(
        awaiting_play.to(table_draws, cond=[b.last_card_draws, b.plays_last_card])
        | awaiting_play.to(hand_over, cond=b.plays_last_card, unless=b.last_card_waits)
        | awaiting_play.to(choosing_target, cond=b.asks_target)
        | awaiting_play.to(picking_colour, cond=b.asks_pick)
        | awaiting_play.to(choosing_color, cond=b.plays_wild)
        | awaiting_play.to(table_draws, cond=b.plays_draw_card)
        | awaiting_play.to(resolving),
        validators=g.check_play,
        on=u.play_card,
    )
    # Where the edition reads a draw by choice as ending the turn, play passes at the draw.
    draw = _every(
        awaiting_play.to(table_draws, cond=b.draws_by_choice, on=u.owe_one_card_ending_the_turn)
        | awaiting_play.to(table_draws, on=u.owe_one_card),
        validators=g.check_draw,
    )
    # A call of UNO with nobody just down to one card: where the edition says so, its
    # caller draws the penalty (`uno_call_out_of_place`); elsewhere it is refused.
    call_out_of_place = awaiting_play.to(
        table_draws,
        cond=b.calls_out_of_place,
        validators=g.check_call_out_of_place,
        on=u.owe_caller_penalty,
    )
    # Jump-in: a card identical to the top card played out of turn; play goes on from its
    # player. Its branches are the play's, each settled by the deck (`branches.jumping_in`),
    # but for a wild's: no wild jumps in.
    jump_in = _every(
        awaiting_play.to(table_draws, cond=[b.last_card_draws, b.JUMPED_IN[0]])
        | awaiting_play.to(hand_over, cond=b.JUMPED_IN[0])
        | awaiting_play.to(choosing_target, cond=b.JUMPED_IN[1])
        | awaiting_play.to(table_draws, cond=b.JUMPED_IN[2])
        | awaiting_play.to(resolving, cond=b.jumps_in),
        validators=g.check_jump_in,
        on=u.play_card,
    )
    play_drawn = drawn_card.to(
        resolving,
        cond=b.plays_drawn_wild_plain,
        validators=g.check_play_drawn,
        on=u.play_plain_wild,
    ) | _every(
        drawn_card.to(
            table_draws, cond=[b.last_card_draws, b.plays_last_card_after_drawing_nothing]
        )
        | drawn_card.to(
            hand_over, cond=b.plays_last_card_after_drawing_nothing, unless=b.last_card_waits
        )
        | drawn_card.to(choosing_target, cond=b.asks_target)
        | drawn_card.to(picking_colour, cond=b.asks_pick)
        | drawn_card.to(choosing_color, cond=b.plays_wild)
        | drawn_card.to(table_draws, cond=b.plays_draw_card)
        | drawn_card.to(resolving),
        validators=g.check_play_drawn,
        on=u.play_card,
    )
    pass_turn = drawn_card.to(resolving, validators=g.check_pass, on=u.pass_turn)
    choose_color = _every(
        choosing_color.to(special_wild, cond=b.resolves_by_loser)
        | choosing_color.to(table_draws, cond=b.plays_draw_card)
        | choosing_color.to(resolving),
        validators=g.check_color,
        on=u.name_color,
    )
    choose_target = _every(
        choosing_target.to(choosing_color, cond=b.plays_wild)
        | choosing_target.to(table_draws, cond=b.plays_draw_card)
        | choosing_target.to(resolving),
        validators=g.check_target,
        on=u.swap_hands,
    )
    pick = picking_colour.to(table_draws, validators=g.check_pick, on=u.pick_colour)
    name_loser = _every(
        special_wild.to(resolving, cond=b.nobody_loses) | special_wild.to(table_draws),
        validators=g.check_loser,
        on=u.owe_loser_penalty,
    )

    # The Wild Draw card: its victim challenges or accepts.
    challenge = awaiting_challenge.to(table_draws, validators=g.check_victim, on=u.judge_challenge)
    accept = awaiting_challenge.to(
        table_draws, validators=g.check_victim, on=u.accept_draw
    ) | awaiting_stack.to(table_draws, cond=b.stacks, validators=g.check_taker, on=u.take_the_stack)

    # Stacking: the player a draw card is aimed at passes it on with one of their own.
    stack = _every(
        awaiting_stack.to(hand_over, cond=b.STACKED_ON_DRAW[0])
        | awaiting_stack.to(choosing_color, cond=b.STACKED_ON_DRAW[1])
        | awaiting_stack.to(table_draws, cond=b.STACKED_ON_DRAW[2]),
        validators=g.check_stack,
        on=u.stack_card,
    ) | _every(
        awaiting_challenge.to(hand_over, cond=b.STACKED_ON_WILD_DRAW[0])
        | awaiting_challenge.to(choosing_color, cond=b.STACKED_ON_WILD_DRAW[1])
        | awaiting_challenge.to(table_draws, cond=b.STACKED_ON_WILD_DRAW[2]),
        validators=g.check_stack,
        on=u.stack_card,
    )

    # After a play is resolved: the hand's end (a last card's draw dealt, or the decision it
    # waited for made; a hand emptied by its card), the cards still owed by a draw that
    # waited for them, where some are back (`draw_shortfall`), the UNO window, or the next
    # turn. Where the call is made with the play (`uno_window`), a call that stands is made
    # (no catch), one that does not lapses.
    resolve = (
        resolving.to(resolving, cond=b.called_in_vain, on=u.close_window)
        | resolving.to(hand_over, cond=b.one_player_left)
        | resolving.to(hand_over, cond=b.last_card_draw_dealt)
        | resolving.to(hand_over, cond=b.last_card_settled)
        | resolving.to(hand_over, cond=b.hand_emptied)
        | resolving.to(table_draws, cond=b.cards_for_what_waits, on=u.owe_what_waits)
        | resolving.to(uno_called, cond=b.called_with_the_play)
        | resolving.to(uno_window, cond=b.opens_uno_window, on=u.open_window)
        | resolving.to(awaiting_challenge, cond=b.challenge_pending)
        | resolving.to(awaiting_play)
    )
    uno = uno_window.to(uno_called, validators=g.check_uno)
    catch = uno_window.to(table_draws, validators=g.check_catch, on=u.owe_catch_penalty)
    close_window = _every(
        uno_window.to(awaiting_challenge, cond=b.challenge_pending)
        | uno_window.to(awaiting_play)
        | uno_called.to(awaiting_challenge, cond=b.challenge_pending)
        | uno_called.to(awaiting_play),
        on=u.close_window,
    )
    hail_mary = _every(
        uno_called.to(awaiting_play, cond=b.wrong_guess_taken_back, on=u.close_window)
        | uno_called.to(hand_over, cond=b.plays_last_card, on=u.throw_hail_mary)
        | uno_called.to(
            table_draws, cond=b.wrong_guess_draws_penalty, on=u.throw_hail_mary_for_a_penalty
        )
        | uno_called.to(hail_mary_discard, cond=b.guess_sheds_cards, on=u.throw_hail_mary)
        | uno_called.to(
            awaiting_play, cond=b.thrower_left_one_card_calls_no_uno, on=u.throw_hail_mary
        )
        | uno_called.to(resolving, on=u.throw_hail_mary)
        # where the card's trigger lets it come before the call
        | uno_window.to(awaiting_play, cond=b.wrong_guess_taken_back, on=u.close_window)
        | uno_window.to(hand_over, cond=b.plays_last_card, on=u.throw_hail_mary)
        | uno_window.to(
            table_draws, cond=b.wrong_guess_draws_penalty, on=u.throw_hail_mary_for_a_penalty
        )
        | uno_window.to(hail_mary_discard, cond=b.guess_sheds_cards, on=u.throw_hail_mary)
        | uno_window.to(
            awaiting_play, cond=b.thrower_left_one_card_calls_no_uno, on=u.throw_hail_mary
        )
        | uno_window.to(resolving, on=u.throw_hail_mary),
        validators=g.check_hail_mary,
    )
    keep = _every(
        hail_mary_discard.to(awaiting_play, cond=b.shed_down_to_one_calls_no_uno)
        | hail_mary_discard.to(resolving),
        validators=g.check_keep,
        on=u.discard_down_to_one,
    )

    # The table deals what is owed, reshuffling when the draw pile runs out (or, where the
    # edition says so, before a draw the pile is short of). A player the draw leaves with
    # too many cards is out (the mercy rule): play goes on as after a play. A draw the piles
    # cannot complete ends the hand, unscored, or its rest waits for cards, where the edition
    # says so (`draw_shortfall`). Where a Hail Mary waits for a challenge to be settled
    # (`pending_challenge`), its draw done, the caller's window comes back for the throw.
    draw_owed = (
        table_draws.to(awaiting_stack, cond=b.may_stack)
        | table_draws.to(awaiting_reshuffle, cond=b.reshuffles_first)
        | table_draws.to(resolving, cond=b.eliminates, on=u.eliminate_the_drawer)
        | table_draws.to(awaiting_reshuffle, cond=b.pile_runs_out, on=u.draw_what_the_pile_has)
        | table_draws.to(awaiting_reshuffle, cond=b.empties_the_pile, on=u.draw_the_pile_out)
        | table_draws.to(drawn_card, cond=b.draws_nothing_plays_from_hand, on=u.draw_nothing)
        | table_draws.to(awaiting_play, cond=b.nothing_to_draw, on=u.pass_empty_handed)
        | table_draws.to(table_draws, cond=b.draws_on, on=u.draw_what_the_pile_has)
        | table_draws.to(hand_over, cond=b.draw_falls_short, on=u.end_the_hand_unscored)
        | table_draws.to(table_draws, cond=b.draw_waits_for_cards, on=u.owe_the_rest_later)
        | table_draws.to(uno_called, cond=b.throw_comes_back, on=u.draw_and_reopen_the_throw)
        | _every(
            table_draws.to(drawn_card, cond=b.resumes("drawn_card"))
            | table_draws.to(resolving, cond=b.resumes("resolving"))
            | table_draws.to(awaiting_play, cond=b.resumes("awaiting_play"))
            | table_draws.to(awaiting_challenge, cond=b.resumes("awaiting_challenge")),
            on=u.draw_what_the_pile_has,
        )
    )
    reshuffle = awaiting_reshuffle.to(
        table_draws, validators=g.check_reshuffle, on=u.reshuffle_discard
    )

    # End of a hand: score it (a hand ended unscored has no winner); the game ends at the
    # target score.
    score = _every(
        hand_over.to(game_over, cond=b.game_is_won) | hand_over.to(dealing),
        on=u.score_hand,
    )


AUTOMATIC: dict[str, str] = {
    "first_flip": "flip",
    "table_draws": "draw_owed",
    "resolving": "resolve",
    "hand_over": "score",
}
"""Phases the table leaves by itself, and the event it fires there: no step is recorded."""

SAME_STEP: dict[str, str] = {"choosing_target": "choose_target", "choosing_color": "choose_color"}
"""Phases the step that entered them goes on to leave: a wild's play names its colour, a
Swap Hands' play the player it swaps with."""

STEPS: dict[tuple[str, type], str] = {
    ("dealing", a.Deal): "deal",
    ("first_colour", a.Pick): "name_first_colour",
    ("awaiting_play", a.Play): "play",
    ("awaiting_play", a.Draw): "draw",
    ("drawn_card", a.Play): "play_drawn",
    ("awaiting_play", a.JumpIn): "jump_in",
    ("awaiting_play", a.CallUno): "call_out_of_place",
    ("drawn_card", a.Pass): "pass_turn",
    ("awaiting_challenge", a.Challenge): "challenge",
    ("awaiting_challenge", a.Accept): "accept",
    ("awaiting_challenge", a.Play): "stack",
    ("awaiting_stack", a.Play): "stack",
    ("awaiting_stack", a.Accept): "accept",
    ("picking_colour", a.Pick): "pick",
    ("special_wild", a.NameLoser): "name_loser",
    ("hail_mary_discard", a.Keep): "keep",
    ("awaiting_reshuffle", a.Reshuffle): "reshuffle",
    ("uno_window", a.CallUno): "uno",
    ("uno_window", a.Catch): "catch",
}
"""The event each recorded step fires in each phase that waits for one."""

WINDOW_PHASES: frozenset[str] = frozenset({"uno_window", "uno_called"})
"""Phases in which any other step first closes the UNO window (`close_window`)."""

PLAY_PHASES: frozenset[str] = frozenset({"awaiting_play", "drawn_card"}) | WINDOW_PHASES
"""Phases in which the player to move may play a card (in the UNO window, the play closes
it first)."""

OBLIGATIONS: dict[str, str] = {
    "table_draws": "owed",
    "awaiting_stack": "owed",
    "picking_colour": "owed",
    "awaiting_reshuffle": "owed",
    "drawn_card": "drawn",
    "awaiting_challenge": "challenge",
    "special_wild": "special",
    "uno_window": "window",
    "uno_called": "window",
}
"""The obligation each of these phases exists to settle: it is pending whenever the hand is
there."""

PENDING_IN: dict[str, frozenset[str]] = {
    "owed": frozenset({"table_draws", "awaiting_reshuffle", "awaiting_stack", "picking_colour"}),
    "challenge": frozenset(
        {
            "awaiting_challenge",
            "uno_window",
            "uno_called",
            "resolving",
            "table_draws",
            "awaiting_reshuffle",
            "choosing_color",
            "choosing_target",
        }
    ),
    "special": frozenset({"special_wild", "choosing_color", "choosing_target"}),
    # a card drawn from a pile reshuffled the moment it empties (`reshuffle_when`) waits
    # for the reshuffle, and the draw it ends, to be played or kept
    "drawn": frozenset({"drawn_card", "awaiting_reshuffle", "table_draws"}),
    "window": frozenset({"uno_window", "uno_called"}),
}
"""The phases in which each obligation may be pending: from the step that makes it to the
one that settles it (a Wild Draw card's challenge waits while its colour is named and its
player's UNO window is open)."""

PARTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("setup", "Set up", ("dealing", "first_flip", "first_colour")),
    (
        "turn",
        "A turn",
        (
            "awaiting_play",
            "drawn_card",
            "choosing_target",
            "choosing_color",
            "picking_colour",
            "resolving",
            "table_draws",
            "awaiting_reshuffle",
        ),
    ),
    ("challenge", "A challenge or a stack", ("awaiting_challenge", "awaiting_stack")),
    ("special", "Special wilds", ("special_wild", "hail_mary_discard")),
    ("uno", "The UNO window", ("uno_window", "uno_called")),
    ("end", "End of a hand", ("hand_over", "game_over")),
)
"""The parts of a hand, as the diagrams group its phases: (id, title, phases). Every phase
is in exactly one."""
