"""Random play: whole games between random players, every invariant checked at every step.

The players of the default policy are random but not uniform over moves: they play a card
more often than they draw, and pick a card before a colour, so games end in a realistic number
of turns while every kind of move (challenges, calls, catches, interrupts) still happens often.
The other policies are in `POLICIES`.
"""

from __future__ import annotations

import dataclasses
import random
from bisect import bisect
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import accumulate
from typing import NamedTuple

from unospec.checks.engines import heuristic
from unospec.checks.properties.invariants import offered_move_refused, violations
from unospec.editions import reference
from unospec.model.actions import Action, CallUno, Catch, Draw, Pass, Pick, Play
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import (
    Fired,
    empty_table,
    is_chance,
    legal_actions,
    random_outcome,
    run,
)
from unospec.model.moves import colour_at_random, colours_at_random
from unospec.model.state import GameState
from unospec.model.trace import Trace, action_step
from unospec.model.vocabulary import Phase

WEIGHTS: dict[str, int] = {"play": 6, "interrupt": 2, "uno": 4, "catch": 1, "draw": 1, "pass": 1}
"""How much more often a random player picks each kind of move than the default weight 1."""

MAX_STEPS = 200_000
"""A game still running after this many steps is reported as unfinished (a stalled hand)."""


_KIND_OF: dict[type, str] = {CallUno: "uno", Catch: "catch", Draw: "draw", Pass: "pass"}


def _kind(game: GameState, action: Action) -> str:
    """The kind of move a mixed player weighs `action` as: a call of UNO with nobody just
    down to one card (`uno_call_out_of_place`) as a catch, a call on someone that fails."""
    if type(action) is CallUno and game.window < 0:
        return "catch"
    kind = _KIND_OF.get(type(action))
    if kind is not None:
        return kind
    if isinstance(action, Play):
        return "play" if action.player == game.current else "interrupt"
    return type(action).__name__


POLICIES = ("mixed", "eager", "random", "heuristic")
"""`mixed`: every kind of move, by `WEIGHTS`. `eager`: play a card whenever one can be played,
call UNO at once, never catch nor draw by choice (as RLCard's random UNO players do).
`random`: every offered move equally likely. `heuristic`: a sensible player, uniform among
the moves `heuristic.preferred` keeps (see `checks.engines.heuristic`)."""

UNIFORM_POLICIES = ("random", "heuristic")
"""The policies that pick uniformly among the moves `preferred` lists."""


def preferred(
    game: GameState, actions: tuple[Action, ...], policy: str, edition: Edition | None = None
) -> tuple[Action, ...]:
    """The moves a uniform policy picks from among the offered `actions`: all of them for
    `random`, those `heuristic.preferred` keeps for `heuristic` (which reads the edition)."""
    if policy == "random":
        return actions
    if policy != "heuristic":
        raise ValueError(f"preferred: policy must be one of {UNIFORM_POLICIES} (got {policy!r})")
    if edition is None:
        raise ValueError("preferred: the 'heuristic' policy reads the edition (got None)")
    return heuristic.preferred(edition, game, actions)


def choose(
    game: GameState,
    actions: tuple[Action, ...],
    rng: random.Random,
    policy: str = "mixed",
    edition: Edition | None = None,
) -> Action:
    """A random move: a kind of move by weight, then a card, then (for a wild) a colour; for
    `random` and `heuristic` (which read the `edition`), one of the `preferred` moves.

    Where the `edition` has a colour come up at random (`moves.colour_at_random`), the
    policy chooses among the moves with each such move offered once, in its first colour,
    and the colour is then drawn: a player who may keep a drawn wild weighs playing it
    against keeping it, not four colours against one."""
    if edition is None or not colours_at_random(edition, game):
        return _chosen(game, actions, rng, policy, edition)
    first = edition.color_indices[0]
    offered = tuple(
        a
        for a in actions
        if not (isinstance(a, Play | Pick) and colour_at_random(edition, game, a))
        or a.color == first
    )
    action = _chosen(game, offered, rng, policy, edition)
    if isinstance(action, Play | Pick) and colour_at_random(edition, game, action):
        return dataclasses.replace(action, color=rng.choice(edition.color_indices))
    return action


def _chosen(
    game: GameState,
    actions: tuple[Action, ...],
    rng: random.Random,
    policy: str,
    edition: Edition | None,
) -> Action:
    if policy in UNIFORM_POLICIES:
        return rng.choice(preferred(game, actions, policy, edition))
    groups: dict[str, list[Action]] = {}
    for action in actions:
        kind = _kind(game, action)
        group = groups.get(kind)
        if group is None:
            groups[kind] = [action]
        else:
            group.append(action)
    kinds: list[str]
    if policy == "eager":
        eager: list[str] = [k for k in ("uno", "play") if k in groups]
        kinds = eager[:1] or [k for k in groups if k != "catch"] or list(groups)
    else:
        kinds = list(groups)
    if len(kinds) == 1:
        kind = kinds[0]
    else:
        # rng.choices(kinds, weights) without its overhead: the same draw, the same result
        cumulative = list(accumulate(WEIGHTS.get(k, 1) for k in kinds))
        kind = kinds[bisect(cumulative, rng.random() * cumulative[-1], 0, len(kinds) - 1)]
    group = groups[kind]
    if len(group) > 1 and kind in ("play", "interrupt"):
        cards = list(dict.fromkeys(a.card for a in group if isinstance(a, Play)))
        card = rng.choice(cards)
        group = [a for a in group if isinstance(a, Play) and a.card == card]
    return group[0] if len(group) == 1 else rng.choice(group)


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
    turns: list[int] = field(default_factory=list)  # turns taken in each finished hand
    turns_in_hand: int = 0
    leader_wins: int = 0  # hands won by the player who led them
    shortfalls: int = 0  # draws that found fewer cards than were owed, even after reshuffling
    violation: Violation | None = None
    gap: str | None = None
    fired: Counter[int] = field(default_factory=Counter)


def play_random_game(
    edition: Edition,
    players: int,
    seed: int,
    *,
    check: bool = True,
    policy: str = "mixed",
    max_steps: int = MAX_STEPS,
) -> GameRecord:
    """Play one game to its end from `seed`; stop at the first broken invariant or rule gap."""
    rng = random.Random(seed)
    record = GameRecord(players, seed)
    game = empty_table(edition, players)
    deck: tuple[int, ...] = ()
    actions: list[Action] = []
    legal = legal_actions(edition, game)
    while game.phase != Phase.game_over and record.steps < max_steps:
        if is_chance(game):
            action = random_outcome(edition, game, rng)
        else:
            action = choose(game, legal, rng, policy, edition)
        if not deck:
            deck = getattr(action, "order", ())
        else:
            actions.append(action)
        try:
            after, fired = run(edition, game, action)
        except RuleGap as gap:
            record.gap = str(gap)
            return record
        except Exception as error:  # offered, then refused (or a crash): the trace ends with it
            message = offered_move_refused(game, error)
            trace = _trace(edition, players, deck, actions)
            record.violation = Violation("offered-moves-accepted", message, record.steps, trace)
            return record
        record.steps += 1
        _count(record, fired)
        legal = legal_actions(edition, after)
        if check:
            # the state before passed, unless it is the empty table: see `since`
            problems = violations(
                edition, after, game, fired, legal, before_passed=record.steps > 1
            )
            if problems:
                name, message = problems[0]
                trace = _trace(edition, players, deck, actions)
                record.violation = Violation(name, message, record.steps - 1, trace)
                return record
        game = after
    record.finished = game.phase == Phase.game_over
    record.winner = game.winner
    record.hands = game.hands_played
    return record


_TURN_EVENTS = frozenset({"play", "draw"})  # the two ways a turn starts (Let's Play)


def _count(record: GameRecord, fired: tuple[Fired, ...]) -> None:
    """Tally the rules a step fired: coverage, turns, reshuffles, scores, shortfalls."""
    for step in fired:
        branch = step.branch
        record.fired[branch.number] += 1
        if branch.event in _TURN_EVENTS:
            record.turns_in_hand += 1
        elif branch.event == "reshuffle":
            record.reshuffles += 1
        elif branch.event == "score":
            before = step.before
            if not before.hands[before.leader]:
                record.leader_wins += 1
            record.turns.append(record.turns_in_hand)
            record.turns_in_hand = 0
        elif branch.event == "draw_owed" and branch.target != Phase.awaiting_reshuffle:
            owed = step.before.owed
            if owed is not None and owed.amount > len(step.before.draw_pile):
                record.shortfalls += 1


def _trace(edition: Edition, players: int, deck: tuple[int, ...], actions: list[Action]) -> Trace:
    ids = edition.faces.card_id
    return Trace(
        edition=reference(edition),
        players=players,
        deck=tuple(ids(c) for c in deck),
        steps=tuple(action_step(edition, a) for a in actions),
    )


class RecordedGame(NamedTuple):
    """One random game as a trace, with every state it passed through; `gap` is the rule gap
    it stopped at, if any (then `trace` ends with the step the rules give no outcome for)."""

    trace: Trace
    final: GameState
    history: list[tuple[GameState, Action, GameState]]
    gap: str | None


def record_game(
    edition: Edition,
    players: int,
    seed: int,
    *,
    max_steps: int = MAX_STEPS,
    chosen: Iterable[Action] | None = None,
) -> RecordedGame:
    """One random game, move for move the one `play_random_game` plays from `seed`, or, given
    `chosen`, the game those actions make (the compiled engine's: `simulate.record_game`);
    every step is the reference kernel's. It stops at the end of the game, at a rule gap or
    after `max_steps`."""
    game = empty_table(edition, players)  # a table the rules seat, before any engine opens
    engine_moves = None if chosen is None else iter(chosen)
    rng = random.Random(seed)
    history: list[tuple[GameState, Action, GameState]] = []
    actions: list[Action] = []
    gap = None
    while game.phase != Phase.game_over and len(history) < max_steps:
        if engine_moves is not None:
            action = next(engine_moves, None)
            if action is None:  # the engine's game ended here (its own step limit)
                break
        elif is_chance(game):
            action = random_outcome(edition, game, rng)
        else:
            action = choose(game, legal_actions(edition, game), rng, "mixed", edition)
        actions.append(action)
        try:
            after = run(edition, game, action)[0]
        except RuleGap as error:
            gap = str(error)
            break
        history.append((game, action, after))
        game = after
    deck = getattr(actions[0], "order", ())
    return RecordedGame(_trace(edition, players, deck, actions[1:]), game, history, gap)
