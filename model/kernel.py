"""The rules kernel: pure functions from an edition and a state to states and actions.

    initial_state(edition, players, deck_order) -> GameState
    legal_actions(edition, state)               -> the moves players may make
    apply(edition, state, action)               -> the next state, or IllegalAction

Chance (the shuffle of a deal or a reshuffle) is explicit, as in OpenSpiel: in a chance
phase `legal_actions` is empty, `is_chance` is true and `chance_cards` lists the cards an
order is drawn from. Phases change only through the compiled turn-flow machine.

>>> from unospec.editions import load_edition
>>> express = load_edition("express")
>>> game = initial_state(express, 2, express.faces.in_play)
>>> str(game.phase), len(game.hands[0])
('awaiting_play', 5)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from unospec.model import sections
from unospec.model.actions import (
    NOBODY,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    Keep,
    NameLoser,
    Pass,
    Play,
    Reshuffle,
)
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, InputError, InternalError
from unospec.model.legality import (
    cancels_a_challenge,
    hail_mary_target,
    reshuffled,
    throws_hail_mary,
)
from unospec.model.moves import LISTERS, Lister
from unospec.model.state import CLOCKWISE, GameState
from unospec.model.table import MACHINE, Branch
from unospec.model.vocabulary import Event, Phase

AUTOMATIC, SAME_STEP = MACHINE.automatic, MACHINE.same_step
STEPS, WINDOW_PHASES = MACHINE.steps, MACHINE.window_phases
CALLING = frozenset({Event.play, Event.play_drawn})
"""The events whose play may carry the UNO call (`Play.uno`, `uno_window`): a play in turn."""

CHANCE_PHASES = frozenset(phase for phase, step in STEPS if step in (Deal, Reshuffle))
"""The phases whose step is the table's shuffle: a deal or a reshuffle (from `STEPS`)."""


class ModelError(InternalError):
    """The kernel reached a situation the machine does not cover: a bug, never user input."""


class Fired(NamedTuple):
    """One machine transition taken while applying an action, and the state it started from."""

    branch: Branch
    before: GameState
    action: Action | None


def empty_table(edition: Edition, players: int, *, foil: bool = False) -> GameState:
    """The table before the first deal: every card in play waits in the draw pile."""
    edition.require_players(players)
    if foil and not edition.has_foil:
        raise InputError(f"{edition.name} has no foil card: the foil option does not apply")
    return GameState(
        phase=MACHINE.initial,
        hands=((),) * players,
        draw_pile=edition.faces.in_play,
        discard=(),
        set_aside=edition.faces.set_aside,
        color=-1,
        direction=CLOCKWISE,
        current=0,
        actor=0,
        drawn=-1,
        owed=None,
        challenge=None,
        special=-1,
        window=-1,
        scores=(0,) * players,
        hands_played=0,
        leader=0,
        winner=-1,
    )


def initial_state(
    edition: Edition, players: int, deck_order: tuple[int, ...] | list[int], *, foil: bool = False
) -> GameState:
    """Deal `deck_order` (top card first) to `players` and turn up the first card (Set Up)."""
    return apply(edition, empty_table(edition, players, foil=foil), Deal(tuple(deck_order)))


def apply(edition: Edition, game: GameState, action: Action) -> GameState:
    """The state after `action`; IllegalAction (naming the rule) when the rules refuse it."""
    return run(edition, game, action)[0]


def run(edition: Edition, game: GameState, action: Action) -> tuple[GameState, tuple[Fired, ...]]:
    """Like `apply`, and also the machine transitions the action fired, in order."""
    _check_fields(edition, game, action)
    fired: list[Fired] = []
    event = _step_event(edition, game, action)
    if event == Event.close_window:
        game = _fire(edition, game, event, action, fired)
        event = _step_event(edition, game, action)
    if isinstance(action, Play) and action.uno and event not in CALLING:
        raise IllegalAction(sections.UNO, "an UNO call goes with a play in turn only")
    game = _fire(edition, game, event, action, fired)
    while True:
        phase = game.phase
        if phase in SAME_STEP:
            game = _fire(edition, game, SAME_STEP[phase], action, fired)
        elif phase in AUTOMATIC:
            game = _fire(edition, game, AUTOMATIC[phase], None, fired)
        else:
            return game, tuple(fired)


def _fire(
    edition: Edition, game: GameState, event: Event, action: Action | None, fired: list[Fired]
) -> GameState:
    group = MACHINE.by_event.get((game.phase, event))
    if group is None:
        raise ModelError(f"no transition for '{event}' from {game.phase}")
    for validator in group[0].validators:
        validator(edition, game, action)
    for branch in group:  # the first branch whose conditions hold and whose unless do not
        for condition in branch.conditions:
            if not condition(edition, game, action):
                break
        else:
            for condition in branch.unless:
                if condition(edition, game, action):
                    break
            else:
                fired.append(tuple.__new__(Fired, (branch, game, action)))
                after = branch.update(edition, game, action) if branch.update else game
                assert type(after) is GameState
                return after.at(branch.target)
    raise ModelError(f"no branch of '{event}' from {game.phase} is enabled")


def _check_fields(edition: Edition, game: GameState, action: Action) -> None:
    player = getattr(action, "player", 0)
    nobody = isinstance(action, NameLoser) and player == NOBODY  # check_loser judges it
    if not 0 <= player < game.players and not nobody:
        raise IllegalAction(sections.TURN, f"there is no player {player}")
    if game.is_out(player) and hasattr(action, "player"):
        raise IllegalAction(sections.MERCY_RULE, f"player {player} is out of the game")
    card = getattr(action, "card", 0)
    if not 0 <= card < len(edition.faces.faces):
        raise IllegalAction(sections.TURN, "that card is not in this deck")
    if isinstance(action, Catch) and not 0 <= action.target < game.players:
        raise IllegalAction(sections.UNO, f"there is no player {action.target}")


def _step_event(edition: Edition, game: GameState, action: Action) -> Event:
    phase = game.phase
    event = STEPS.get((phase, type(action)))
    if event is not None:
        return event
    if phase in WINDOW_PHASES:
        if type(action) is Play and _is_interrupt(edition, game, action):  # not a jump-in
            return Event.hail_mary
        if isinstance(action, CallUno | Catch):
            raise IllegalAction(sections.UNO, f"player {game.window} has already called UNO")
        return Event.close_window
    raise IllegalAction(*_why_not(edition, game, action))


def _is_interrupt(edition: Edition, game: GameState, action: Play) -> bool:
    """Where the machine lets a Hail Mary interrupt (an UNO window), one from a player its
    `trigger` lets throw it now (anyone but the caller, after the call) is the interrupt."""
    return (game.phase, "hail_mary") in MACHINE.by_event and throws_hail_mary(
        edition, game, action.player, action.card, action.target
    )


def _why_not(edition: Edition, game: GameState, action: Action) -> tuple[str, str]:
    """The rule, and the reason, that no step of this kind fits the current phase."""
    phase = game.phase
    if phase == Phase.game_over:
        return sections.WINNING, "the game is over"
    if phase == Phase.awaiting_reshuffle:
        short = "short of the draw" if game.draw_pile else "empty"
        return sections.RESHUFFLE, f"the draw pile is {short}: the next step must be a reshuffle"
    if phase == Phase.dealing:
        return sections.SET_UP, "the cards must be dealt first: the next step must be a deal"
    if isinstance(action, Challenge | Accept):
        return sections.TURN, "no Wild Draw card is waiting to be challenged or accepted"
    if isinstance(action, CallUno | Catch):
        return sections.UNO, "no UNO window is open"
    if isinstance(action, Pass):
        return sections.DRAWN_CARD, "a player passes only after drawing a card"
    if isinstance(action, Keep):
        return sections.TURN, "no Hail Mary discard is pending"
    if isinstance(action, NameLoser):
        return sections.TURN, "no special wild is waiting for its loser"
    if isinstance(action, Reshuffle):
        return sections.RESHUFFLE, "a reshuffle comes only when a draw finds the draw pile empty"
    if isinstance(action, Deal):
        return sections.SET_UP, "a hand is in progress"
    if isinstance(action, Draw) and phase == Phase.drawn_card:
        return sections.DRAWN_CARD, "the player has drawn already: play the drawn card or pass"
    waiting = {
        Phase.awaiting_challenge: "the Wild Draw card must first be challenged or accepted",
        Phase.special_wild: "the special wild's loser must be named first",
        Phase.hail_mary_discard: "the Hail Mary thrower must first keep one card",
    }
    return sections.TURN, waiting.get(phase, f"no {type(action).__name__} step fits now")


def is_chance(game: GameState) -> bool:
    """The next step is the table's shuffle (a deal or a reshuffle), not a player's move."""
    return game.phase in CHANCE_PHASES


def chance_cards(edition: Edition, game: GameState) -> tuple[int, ...]:
    """The cards the next chance step orders (any permutation of them is a legal outcome)."""
    if game.phase == Phase.dealing:
        return edition.faces.in_play
    if game.phase == Phase.awaiting_reshuffle:  # the draw pile's own cards too, if any left
        return tuple(sorted(game.draw_pile + reshuffled(edition, game)))
    return ()


def random_outcome(edition: Edition, game: GameState, rng: random.Random) -> Action:
    """A uniformly shuffled deal or reshuffle."""
    cards = list(chance_cards(edition, game))
    rng.shuffle(cards)
    return Deal(tuple(cards)) if game.phase == Phase.dealing else Reshuffle(tuple(cards))


def chance_outcomes(edition: Edition, game: GameState) -> Iterator[Action]:
    """Every distinct order of the chance cards (copies are alike), in lexicographic order."""
    make = Deal if game.phase == Phase.dealing else Reshuffle
    order = sorted(chance_cards(edition, game))
    if not order and game.phase not in CHANCE_PHASES:
        return
    while True:
        yield make(tuple(order))
        i = len(order) - 2
        while i >= 0 and order[i] >= order[i + 1]:
            i -= 1
        if i < 0:
            return
        j = len(order) - 1
        while order[j] <= order[i]:
            j -= 1
        order[i], order[j] = order[j], order[i]
        order[i + 1 :] = reversed(order[i + 1 :])


def legal_actions(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """Every move a player (or the table's judgement of a special wild) may make now: the
    moves of each step event the machine accepts in this phase (`STEPS`), in its order."""
    listers = PHASE_LISTERS.get(game.phase, ())
    if game.phase in WINDOW_PHASES:
        return _window_moves(edition, game, listers)
    if len(listers) == 1:
        return listers[0](edition, game)
    moves: tuple[Action, ...] = ()
    for lister in listers:
        moves += lister(edition, game)
    return moves


def _phase_listers() -> dict[str, tuple[Lister, ...]]:
    """For each phase, the listers of the player steps `STEPS` accepts there, in order."""
    listers: dict[str, tuple[Lister, ...]] = {}
    for (phase, step), event in STEPS.items():
        if step in (Deal, Reshuffle):
            continue  # the table's shuffle: a chance outcome, not a move
        if event not in LISTERS:
            raise ModelError(f"no lister of '{event}' moves in model.moves")
        listers[phase] = (*listers.get(phase, ()), LISTERS[event])
    return listers


PHASE_LISTERS = _phase_listers()


def _window_moves(
    edition: Edition, game: GameState, listers: tuple[Lister, ...]
) -> tuple[Action, ...]:
    """In an UNO window: its own steps, the Hail Mary interrupts where the machine has them,
    then any move of the phase that closing the window leads to, but a call of UNO: with
    the window open, someone has just gone down to one card, so no call is out of place
    (`uno_call_out_of_place`)."""
    moves: list[Action] = []
    for lister in listers:
        moves.extend(lister(edition, game))
    if (game.phase, "hail_mary") in MACHINE.by_event:
        for player, hand in enumerate(game.hands):
            for card in dict.fromkeys(hand):
                target = hail_mary_target(edition, game, player, card)
                if throws_hail_mary(edition, game, player, card, target) and (
                    game.challenge is None or cancels_a_challenge(edition, card)
                ):
                    colours = edition.color_indices
                    moves.extend(Play(player, card, color, target) for color in colours)
    closed = _fire(edition, game, Event.close_window, None, [])  # where any other move goes on
    for move in legal_actions(edition, closed):
        if type(move) is CallUno:
            continue
        if not (type(move) is Play and _is_interrupt(edition, game, move)):
            moves.append(move)  # a Hail Mary played now is the interrupt, listed above
    return tuple(moves)
