"""Adversarial play: between legal moves, Hypothesis tries moves the rules do not allow.

One `RuleBasedStateMachine` per built-in edition. The game advances by legal moves (and
shuffles from drawn seeds); the other rule builds every action of every type in
`model/actions.py` for every seat (and a seat that does not exist) and every card of the
edition, keeps those that `legal_actions` does not list, sorts them into kinds (wrong
player, card not in hand, non-matching card, not the drawn card, catch without cause, ...),
and tries one of a drawn kind: it must raise `IllegalAction` naming a rule and leave the
state exactly as it was. `event()` records the kinds tried.
"""

from __future__ import annotations

import pickle
import random
from functools import cache, lru_cache
from typing import ClassVar

import pytest
from budget import examples, steps
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule
from midgame import describe, edition_for, start_game, starts

from unospec.editions import builtin_names
from unospec.model.actions import (
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
from unospec.model.errors import IllegalAction
from unospec.model.kernel import (
    apply,
    empty_table,
    initial_state,
    is_chance,
    legal_actions,
    random_outcome,
)
from unospec.model.machine import WINDOW_PHASES
from unospec.model.state import GameState

SEAT_ACTIONS = (Draw, Pass, Challenge, Accept, CallUno, NameLoser)


@cache
def seat_candidates(e: Edition, players: int) -> tuple[Action, ...]:
    """Every player action of every type, for every seat and one past the last (and -1),
    every card of the edition and one past the last, every colour, none and one too many."""
    seats = range(-1, players + 1)
    cards = range(len(e.faces.faces) + 1)
    colors = (-1, *e.color_indices, len(e.colors))
    moves: list[Action] = [Play(p, c, k) for p in seats for c in cards for k in colors]
    moves += [kind(p) for p in seats for kind in SEAT_ACTIONS]
    moves += [Catch(p, t) for p in seats for t in seats]
    moves += [Keep(p, c) for p in seats for c in cards]
    return tuple(moves)


def table_candidates(e: Edition, game: GameState) -> list[Reshuffle | Deal]:
    """Shuffles that are not due now, or that order the wrong cards."""
    under = tuple(sorted(game.discard[:-1]))
    moves: list[Reshuffle | Deal] = []
    if game.phase == "awaiting_reshuffle":
        moves += [Reshuffle(under[1:]), Reshuffle((*under, game.top))]
        if game.hands[0]:
            moves.append(Reshuffle((*under[1:], game.hands[0][0])))
    else:
        moves.append(Reshuffle(under))
    if game.phase == "dealing":
        moves += [Deal(e.faces.in_play[1:]), Deal((*e.faces.in_play, e.faces.in_play[0]))]
    else:
        moves.append(Deal(e.faces.in_play))
    due = {"awaiting_reshuffle": under, "dealing": e.faces.in_play}.get(game.phase)
    return [move for move in moves if tuple(sorted(move.order)) != due]  # never the due one


def turn_phase(game: GameState) -> str:
    """The phase a turn's move meets: an open UNO window closes first."""
    if game.phase in WINDOW_PHASES:
        return "awaiting_challenge" if game.challenge is not None else "awaiting_play"
    return game.phase


def kind_of(e: Edition, game: GameState, action: Action) -> str:
    """Why `action` (not among the legal moves) is illegal, in a few words."""
    n, faces = game.players, e.faces
    if isinstance(action, Reshuffle):
        due = game.phase == "awaiting_reshuffle"
        return "reshuffle of the wrong cards" if due else "reshuffle when none is due"
    if isinstance(action, Deal):
        return "deal of a wrong deck" if game.phase == "dealing" else "deal during a hand"
    if not 0 <= action.player < n or (isinstance(action, Catch) and not 0 <= action.target < n):
        return "no such player"
    card = getattr(action, "card", 0)
    if not 0 <= card < len(faces.faces):
        return "no such card"
    if is_chance(game):
        return "a move when a shuffle is due"
    if game.phase == "game_over":
        return "a move after the game is over"
    if isinstance(action, CallUno | Catch):
        if game.phase == "uno_called":
            return "uno or catch after the call"
        if game.phase != "uno_window":
            return "catch without cause" if isinstance(action, Catch) else "uno without cause"
        if isinstance(action, CallUno):
            return "uno by the wrong player"
        return "catch yourself" if action.player == action.target else "catch without cause"
    phase = turn_phase(game)
    if isinstance(action, Play):
        interrupt = game.phase == "uno_called" and action.player != game.window
        if interrupt and faces.hail_mary[action.card]:
            return "bad Hail Mary interrupt"
        if phase not in ("awaiting_play", "drawn_card"):
            return f"play while {phase.replace('_', ' ')}"
        if action.player != game.current:
            return "wrong player"
        if action.card not in game.hands[action.player]:
            return "card not in hand"
        if phase == "drawn_card" and action.card != game.drawn:
            return "not the drawn card"
        wild = faces.wild[action.card]
        if (action.color >= 0) != (wild and len(game.hands[action.player]) > 1):
            return "wrong use of a colour"
        if action.color >= len(e.colors):
            return "colour not in the deck"
        return "non-matching card"
    if isinstance(action, Draw):
        if phase == "drawn_card":
            return "draw after drawing"
        return (
            "wrong player" if phase == "awaiting_play" else f"draw while {phase.replace('_', ' ')}"
        )
    if isinstance(action, Pass):
        return "wrong player" if phase == "drawn_card" else "pass without drawing"
    if isinstance(action, Challenge | Accept):
        if phase != "awaiting_challenge":
            return "challenge with nothing to challenge"
        return "challenge by the wrong player"
    if isinstance(action, Keep):
        if phase != "hail_mary_discard":
            return "keep without a Hail Mary"
        return "wrong player" if action.player != game.actor else "card not in hand"
    assert isinstance(action, NameLoser)
    if phase != "special_wild":
        return "loser without a special wild"
    return "loser who cannot lose"


@lru_cache(maxsize=4096)
def illegal_by_kind(e: Edition, game: GameState) -> dict[str, tuple[Action, ...]]:
    """Every candidate that `legal_actions` does not list, sorted into kinds: a function of
    the state alone, kept for the states Hypothesis replays while it generates and shrinks
    (sorting some 2,000 candidates at each try was most of the test's time)."""
    allowed = set(legal_actions(e, game))
    kinds: dict[str, list[Action]] = {}
    for action in (*seat_candidates(e, game.players), *table_candidates(e, game)):
        if action not in allowed:
            kinds.setdefault(kind_of(e, game, action), []).append(action)
    return {kind: tuple(actions) for kind, actions in kinds.items()}


class Adversary(RuleBasedStateMachine):
    """Legal play with illegal attempts in between; subclasses name the edition."""

    edition_name: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.edition: Edition = edition_for(self.edition_name, None)
        self.game: GameState = empty_table(self.edition, self.edition.rules.min_players)

    @initialize(data=st.data())
    def begin(self, data: st.DataObject) -> None:
        """A fresh table, or a mid-game state the kernel reached from a drawn seed."""
        start = data.draw(starts(edition_for(self.edition_name, None)), label="start")
        self.edition = edition_for(self.edition_name, start.target)
        self.game = start_game(self.edition, start)
        event(f"start: {describe(self.edition, start, self.game)}")

    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        """A legal move by index, a shuffle from a drawn seed, or a new game after the end."""
        e, game = self.edition, self.game
        if game.phase == "game_over":
            self.game = empty_table(e, data.draw(st.integers(2, 4), label="players"))
        elif is_chance(game):
            seed = data.draw(st.integers(0, 2**32 - 1), label="shuffle seed")
            self.game = apply(e, game, random_outcome(e, game, random.Random(seed)))
        else:
            legal = legal_actions(e, game)
            self.game = apply(e, game, legal[data.draw(st.integers(0, len(legal) - 1))])

    @rule(data=st.data())
    def try_illegal(self, data: st.DataObject) -> None:
        """An illegal action of a drawn kind is refused with a rule, and changes nothing."""
        e, game = self.edition, self.game
        legal = legal_actions(e, game)
        kinds = illegal_by_kind(e, game)
        kind = data.draw(st.sampled_from(sorted(kinds)), label="kind")
        action = data.draw(st.sampled_from(kinds[kind]), label="illegal action")
        event(f"tried: {kind}")
        copy = pickle.loads(pickle.dumps(game))
        try:
            apply(e, game, action)
        except IllegalAction as refused:
            assert refused.rule, f"{action} refused without naming a rule"
            assert refused.reason
        else:
            raise AssertionError(f"{action} ({kind}) was accepted in phase {game.phase}")
        assert game == copy and hash(game) == hash(copy)
        assert legal_actions(e, game) == legal


SETTINGS = settings(
    max_examples=examples(ci=60, nightly=500), stateful_step_count=steps(ci=50, nightly=200)
)

for _name in builtin_names():
    _slug = _name.replace("-", "_")
    _machine = type(f"Adversary_{_slug}", (Adversary,), {"edition_name": _name})
    globals()[f"TestAdversary_{_slug}"] = type(
        f"TestAdversary_{_slug}",
        (_machine.TestCase,),
        {
            "settings": SETTINGS,
            "pytestmark": [pytest.mark.slow],
            "__doc__": f"On {_name}, every action that legal_actions does not list is refused "
            "with IllegalAction naming a rule, and leaves the state exactly as it was.",
        },
    )


def test_a_play_with_a_negative_colour_other_than_none_is_refused() -> None:
    """`Play(0, red-1, color=-2)` on the first turn of a sorted express deal is refused."""
    e = edition_for("express", None)
    game = initial_state(e, 2, e.faces.in_play)
    card = e.faces.face("red-1")
    assert Play(0, card) in legal_actions(e, game)
    with pytest.raises(IllegalAction):
        apply(e, game, Play(0, card, -2))
