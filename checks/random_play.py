"""Random play: whole games between random players, every invariant checked at every step.

The players are random but not uniform over moves: they play a card more often than they
draw, and pick a card before a colour, so games end in a realistic number of turns while every
kind of move (challenges, calls, catches, interrupts) still happens often.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from unospec.checks.invariants import violations
from unospec.model.actions import Action, CallUno, Catch, Draw, Pass, Play
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions, random_outcome, run
from unospec.model.state import GameState
from unospec.model.trace import Trace, action_step

WEIGHTS: dict[str, int] = {"play": 6, "interrupt": 2, "uno": 4, "catch": 1, "draw": 1, "pass": 1}
"""How much more often a random player picks each kind of move than the default weight 1."""

MAX_STEPS = 200_000
"""A game still running after this many steps is reported as unfinished (a stalled hand)."""


def _kind(game: GameState, action: Action) -> str:
    if isinstance(action, Play):
        return "play" if action.player == game.current else "interrupt"
    if isinstance(action, CallUno):
        return "uno"
    if isinstance(action, Catch):
        return "catch"
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    return type(action).__name__


def choose(game: GameState, actions: tuple[Action, ...], rng: random.Random) -> Action:
    """A random move: a kind of move by weight, then a card, then (for a wild) a colour."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(_kind(game, action), []).append(action)
    kinds = list(groups)
    kind = rng.choices(kinds, weights=[WEIGHTS.get(k, 1) for k in kinds])[0]
    group = groups[kind]
    if kind in ("play", "interrupt"):
        cards = list(dict.fromkeys(a.card for a in group if isinstance(a, Play)))
        card = rng.choice(cards)
        group = [a for a in group if isinstance(a, Play) and a.card == card]
    return rng.choice(group)


@dataclass(frozen=True)
class Violation:
    """The first invariant a game broke, and the trace that leads there."""

    invariant: str
    message: str
    step: int
    trace: Trace


@dataclass
class GameRecord:
    """What one random game did."""

    players: int
    seed: int
    steps: int = 0
    hands: int = 0
    winner: int = -1
    finished: bool = False
    reshuffles: int = 0
    violation: Violation | None = None
    gap: str | None = None
    fired: Counter[int] = field(default_factory=Counter)


def play_random_game(
    edition: Edition,
    players: int,
    seed: int,
    *,
    check: bool = True,
    max_steps: int = MAX_STEPS,
) -> GameRecord:
    """Play one game to its end from `seed`; stop at the first broken invariant or rule gap."""
    rng = random.Random(seed)
    record = GameRecord(players, seed)
    game = empty_table(edition, players)
    deck: tuple[int, ...] = ()
    actions: list[Action] = []
    legal = legal_actions(edition, game)
    while game.phase != "game_over" and record.steps < max_steps:
        chance = is_chance(game)
        action = random_outcome(edition, game, rng) if chance else choose(game, legal, rng)
        try:
            after, fired = run(edition, game, action)
        except RuleGap as gap:
            record.gap = str(gap)
            return record
        if not deck:
            deck = getattr(action, "order", ())
        else:
            actions.append(action)
        record.steps += 1
        for step in fired:
            record.fired[step.branch.number] += 1
        legal = legal_actions(edition, after)
        if check:
            problems = violations(edition, after, game, fired, legal)
            if problems:
                name, message = problems[0]
                trace = _trace(edition, players, deck, actions)
                record.violation = Violation(name, message, record.steps - 1, trace)
                return record
        game = after
    record.finished = game.phase == "game_over"
    record.winner = game.winner
    record.hands = game.hands_played
    record.reshuffles = sum(n for b, n in record.fired.items() if _is_reshuffle(b))
    return record


def _is_reshuffle(number: int) -> bool:
    from unospec.model.table import MACHINE

    return MACHINE.branches[number].event == "reshuffle"


def _trace(edition: Edition, players: int, deck: tuple[int, ...], actions: list[Action]) -> Trace:
    ids = edition.faces.card_id
    return Trace(
        edition=edition.source if edition.source != "<built>" else edition.name,
        players=players,
        deck=tuple(ids(c) for c in deck),
        steps=tuple(action_step(edition, a) for a in actions),
    )


def record_game(
    edition: Edition, players: int, seed: int, *, max_steps: int = MAX_STEPS
) -> tuple[Trace, GameState, list[tuple[GameState, Action, GameState]]]:
    """One random game as a trace, with every state it passed through (for `unospec play`)."""
    rng = random.Random(seed)
    game = empty_table(edition, players)
    history: list[tuple[GameState, Action, GameState]] = []
    while game.phase != "game_over" and len(history) < max_steps:
        if is_chance(game):
            action = random_outcome(edition, game, rng)
        else:
            action = choose(game, legal_actions(edition, game), rng)
        after = run(edition, game, action)[0]
        history.append((game, action, after))
        game = after
    first, *rest = history
    deck = getattr(first[1], "order", ())
    trace = _trace(edition, players, deck, [action for _, action, _ in rest])
    return trace, game, history
