"""Counterexamples: the explorer's shortest path turned into a trace anyone can replay.

The explorer keeps only canonical states and their parents. To write a trace, this module
walks the path again from the initial state, picking at each step the outcome that reaches
the next canonical state, and then turns the cards each step drew into concrete deck and
reshuffle orders. The trace is replayed by the kernel before it is handed out, so a trace
that does not reproduce its violation is never written. A trace is told for people as a
`Witness`: the table as dealt, then what each step changed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict

from unospec.checks.engines.chance import Outcome, minus, normalize
from unospec.checks.engines.codec import decode
from unospec.checks.engines.explorer import Explored, successors
from unospec.checks.engines.symmetry import Renaming, canonical, colour_renamings
from unospec.checks.properties.invariants import violations
from unospec.model.actions import Action, Deal, Reshuffle
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import empty_table, run
from unospec.model.state import (
    NO_UNTIL,
    UNTIL_PICKED,
    UNTIL_PLAYABLE,
    GameState,
    Owed,
    PendingChallenge,
)
from unospec.model.trace import Trace, TraceJson, action_step, deck_and_actions
from unospec.model.wording import challenge_words, owed_words


def violation_path(exploration: Explored) -> list[Outcome]:
    """The outcomes, from the first deal on, that lead to the violation."""
    violation = exploration.violation
    assert violation is not None
    path = path_to(exploration, violation.parent)
    if violation.state is not None:
        edition = exploration.edition
        renamings = colour_renamings(edition) if exploration.symmetry else []
        game = normalize(path[-1].after if path else empty_table(edition, exploration.players))
        target = decode(violation.state)
        path.append(_step_to(edition, game, target, renamings, broken=violation.invariant))
    return path


def path_to(exploration: Explored, state_id: int) -> list[Outcome]:
    """The outcomes, from the first deal on, that lead to explored state `state_id`."""
    edition = exploration.edition
    renamings = colour_renamings(edition) if exploration.symmetry else []
    game = normalize(empty_table(edition, exploration.players))
    path: list[Outcome] = []
    for stored in exploration.path_states(state_id)[1:]:
        target = canonical(stored, renamings)[0]  # as this module's canonical form has it
        outcome = _step_to(edition, game, target, renamings)
        path.append(outcome)
        game = normalize(outcome.after)
    return path


def _step_to(
    edition: Edition,
    game: GameState,
    target: GameState,
    renamings: list[Renaming],
    broken: str | None = None,
) -> Outcome:
    for outcome in successors(edition, game):
        if canonical(normalize(outcome.after), renamings)[0] != target:
            continue
        if broken is None or broken in dict(
            violations(edition, outcome.after, game, outcome.fired)
        ):
            return outcome
    raise AssertionError("the explored path cannot be walked again")  # a bug, not input


def concrete_trace(
    edition: Edition, players: int, path: list[Outcome], *, base: str, scale: str | None
) -> Trace:
    """The trace of `path` with the deck and reshuffle orders that make it happen."""
    actions: list[Action] = []
    epoch_start = -1
    pile: tuple[int, ...] = ()
    drawn_since: list[int] = []

    def close_epoch() -> None:
        if epoch_start < 0:
            return
        order = tuple(drawn_since) + minus(pile, tuple(drawn_since))
        action = actions[epoch_start]
        actions[epoch_start] = Deal(order) if isinstance(action, Deal) else Reshuffle(order)

    for outcome in path:
        if isinstance(outcome.action, Deal | Reshuffle):
            close_epoch()
            epoch_start = len(actions)
            pile = tuple(sorted(outcome.action.order))
            drawn_since = list(_taken(outcome))
        else:
            drawn_since.extend(outcome.drawn)
        actions.append(outcome.action)
    close_epoch()
    first = actions[0]
    assert isinstance(first, Deal)
    ids = edition.faces.card_id
    return Trace(
        edition=base,
        players=players,
        deck=tuple(ids(card) for card in first.order),
        steps=tuple(action_step(edition, action) for action in actions[1:]),
        scale=scale,
    )


def _taken(outcome: Outcome) -> tuple[int, ...]:
    """The cards a deal took from its order, in order: the hands and the flip its outcome
    names, and under them those a first card the dealer plays made a player draw, which come
    off the pile as it lies (`chance._deals`); a reshuffle's outcome names all it took."""
    drawn, action, left = outcome.drawn, outcome.action, outcome.after.draw_pile
    if not isinstance(action, Deal) or not left or action.order[-len(left) :] != left:
        return drawn
    took = action.order[: len(action.order) - len(left)]
    return took if took[: len(drawn)] == drawn else drawn


def dealt(edition: Edition, trace: Trace) -> GameState:
    """The table once the trace's deck is dealt and its first card turned up; when the rules
    give that deal no outcome (a gap), the table before it, the deck in the trace's order."""
    deck = deck_and_actions(edition, trace)[0]
    table = empty_table(edition, trace.players)
    try:
        return run(edition, table, Deal(deck))[0]
    except RuleGap:
        return table._replace(draw_pile=deck)


def replay_states(edition: Edition, trace: Trace) -> list[tuple[GameState, Action, GameState]]:
    """(before, action, after) for every step of a trace, through the kernel."""
    deck, actions = deck_and_actions(edition, trace)
    if not actions:
        return []
    game = run(edition, empty_table(edition, trace.players), Deal(deck))[0]
    steps = []
    for action in actions:
        after = run(edition, game, action)[0]
        steps.append((game, action, after))
        game = after
    return steps


def changes(edition: Edition, before: GameState, after: GameState) -> list[str]:
    """What a step changed, in words: every field that differs, and only those."""
    ids = edition.faces.card_id
    out: list[str] = []
    if before.phase != after.phase:
        out.append(f"phase {before.phase} -> {after.phase}")
    for player, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        gone, came = minus(old, new), minus(new, old)
        if gone or came:
            parts = [f"-{ids(c)}" for c in gone] + [f"+{ids(c)}" for c in came]
            out.append(f"hand {player}: {' '.join(parts)} ({len(new)} left)")
    if before.top != after.top:
        out.append(f"top {ids(after.top) if after.top >= 0 else 'none'}")
    if len(before.discard) != len(after.discard):
        out.append(f"discard pile {len(before.discard)} -> {len(after.discard)}")
    if before.color != after.color:
        out.append(f"colour {COLORS[after.color] if after.color >= 0 else 'none'}")
    if len(before.draw_pile) != len(after.draw_pile):
        out.append(f"draw pile {len(before.draw_pile)} -> {len(after.draw_pile)}")
    if before.set_aside != after.set_aside:
        out.append(f"set aside: {' '.join(ids(c) for c in after.set_aside) or 'none'}")
    out += [
        word(ids, getattr(after, name))
        for name, word in _WORDED
        if getattr(before, name) != getattr(after, name)
    ]
    return out


def _owed(owed: Owed | None) -> str:
    if owed is None:
        return "no draw pending"
    until = {NO_UNTIL: "", UNTIL_PLAYABLE: "a playable card", UNTIL_PICKED: "a colour is picked"}
    stop = until.get(owed.until, COLORS[owed.until] if 0 <= owed.until < len(COLORS) else "?")
    return owed_words(owed.player, owed.amount, stop, owed.stackable)


def _challenge(c: PendingChallenge | None) -> str:
    return "no challenge pending" if c is None else challenge_words(c.guilty)


_WORDED: tuple[tuple[str, Callable[[Callable[[int], str], Any], str]], ...] = (
    ("direction", lambda ids, d: "direction " + ("clockwise" if d > 0 else "counterclockwise")),
    ("current", lambda ids, p: f"next player {p}"),
    ("actor", lambda ids, p: f"last to act: player {p}"),
    ("drawn", lambda ids, c: f"drawn card {ids(c)}" if c >= 0 else "no drawn card"),
    ("owed", lambda ids, o: _owed(o)),
    ("challenge", lambda ids, c: _challenge(c)),
    ("special", lambda ids, c: f"{ids(c)} awaits its loser" if c >= 0 else "no loser awaited"),
    ("window", lambda ids, p: f"UNO window {f'player {p}' if p >= 0 else 'closed'}"),
    ("scores", lambda ids, s: f"scores {', '.join(map(str, s))}"),
    ("hands_played", lambda ids, n: f"hands played {n}"),
    ("leader", lambda ids, p: f"next hand led by player {p}"),
    ("winner", lambda ids, p: f"winner player {p}" if p >= 0 else "no winner"),
    ("out", lambda ids, o: "out of the game: " + (_seats(o) or "no one")),
    ("old_top", lambda ids, c: f"matching {ids(c)}, reshuffled" if c >= 0 else "matching the top"),
    ("debts", lambda ids, d: "still owed: " + (", ".join(map(str, d)) or "nothing")),
    ("out_of_play", lambda ids, o: "out of play: " + (" ".join(map(ids, o)) or "none")),
)
"""The state's other fields, in the order a step's changes are told, each in words."""


def _seats(out: int) -> str:
    """The players a bit set names (the `out` field): "players 1, 3"."""
    seats = [str(seat) for seat in range(out.bit_length()) if out >> seat & 1]
    return f"player{'s' * (len(seats) > 1)} {', '.join(seats)}" if seats else ""


def pending_draw(before: GameState, after: GameState) -> list[str]:
    """The table's pending draw, where it changed: who owes how many cards."""
    return [] if before.owed == after.owed else [_owed(after.owed)]


def describe(edition: Edition, game: GameState) -> list[str]:
    """The whole table in words: the state a table of changes starts from."""
    ids = edition.faces.card_id
    out = [f"phase {game.phase}"]
    out += [
        f"hand {player}: {' '.join(ids(c) for c in hand) or 'empty'}"
        for player, hand in enumerate(game.hands)
    ]
    if game.top >= 0:
        out.append(f"top {ids(game.top)}")
    elif game.old_top >= 0:
        out.append(f"no top: matching {ids(game.old_top)}, reshuffled")
    if game.color >= 0:
        out.append(f"colour {COLORS[game.color]}")
    out.append(f"draw pile {len(game.draw_pile)}")
    if game.set_aside:
        out.append(f"set aside: {' '.join(ids(c) for c in game.set_aside)}")
    direction = "clockwise" if game.direction > 0 else "counterclockwise"
    out.append(f"player {game.current} to play, {direction}")
    return out


class StepHead(TypedDict):
    """A step of a trace told in words: its number, its player (None: the table's), what
    they did."""

    step: int
    player: int | None
    action: str


class StepRow(StepHead):
    """A step told in words, with what it changed (`changes`)."""

    changes: list[str]


def step_table(edition: Edition, trace: Trace) -> list[StepRow]:
    """One row per step: who did what, and only what changed."""
    return [
        {**step_row(edition, i, action), "changes": changes(edition, before, after)}
        for i, (before, action, after) in enumerate(replay_states(edition, trace))
    ]


def step_row(edition: Edition, number: int, action: Action) -> StepHead:
    """A step's number, its player (None: the table's) and what they did, in words."""
    step = action_step(edition, action)
    what = step["action"] + (f" {step['card']}" if "card" in step else "")
    what += f" {step['color']}" if "color" in step else ""
    what += f" player {step['target']}" if "target" in step else ""
    return {"step": number, "player": step.get("player"), "action": what}


class WitnessJson(TypedDict):
    """A witness trace, the table it deals in words, and what each step changed."""

    trace: TraceJson
    dealt: list[str]
    steps: list[StepRow]


@dataclass(frozen=True)
class Witness:
    """A trace to one state, told as the table after the deal and then what each step changed."""

    trace: Trace
    dealt: tuple[str, ...]
    steps: tuple[StepRow, ...]

    @classmethod
    def of(cls, edition: Edition, trace: Trace) -> Witness:
        told = describe(edition, dealt(edition, trace))
        return cls(trace, tuple(told), tuple(step_table(edition, trace)))

    def to_json(self) -> WitnessJson:
        return {"trace": self.trace.to_json(), "dealt": list(self.dealt), "steps": list(self.steps)}


def regression_test(trace: Trace, invariant: str, message: str) -> str:
    """A ready pytest module that fails while the violation can still be reproduced."""
    slug = re.sub(r"[^a-z0-9]+", "_", f"{trace.edition}_{invariant}".lower()).strip("_")
    data = json.dumps(trace.to_json(), indent=1)
    return f'''"""Regression test written by `unospec explore` ({invariant}, {trace.edition}).

The explorer found: {message}
The trace below is its shortest counterexample; the test passes once the rules are fixed.
"""

import json

from unospec.checks.engines.replay import edition_for, replay
from unospec.model.trace import parse_trace

TRACE = json.loads(
    r"""{data}"""
)


def test_{slug}_stays_fixed() -> None:
    """Replaying the counterexample breaks no invariant and no rule."""
    trace = parse_trace(json.dumps(TRACE))
    result = replay(edition_for(trace, __file__, None), trace)
    assert result.violation is None, result.violation
    assert result.ok, result.first_illegal
'''


def progress_test(trace: Trace, message: str) -> str:
    """A ready pytest module that fails while the game still cannot end from where `trace`
    leads (every step of it is legal and breaks nothing; see `can_end`)."""
    slug = re.sub(r"[^a-z0-9]+", "_", f"{trace.edition}_game_can_end".lower()).strip("_")
    data = json.dumps(trace.to_json(), indent=1)
    return f'''"""Regression test written by `unospec explore` (game-can-end, {trace.edition}).

The explorer found: {message}
The trace below leads to such a state; the test passes once the game can end from it.
"""

import json

from unospec.checks.engines.can_end import can_end_from
from unospec.checks.engines.replay import edition_for, replay
from unospec.model.trace import parse_trace

TRACE = json.loads(
    r"""{data}"""
)


def test_{slug}_stays_fixed() -> None:
    """From the state the trace leads to, some sequence of moves and shuffles ends the game."""
    trace = parse_trace(json.dumps(TRACE))
    edition = edition_for(trace, __file__, None)
    reached = replay(edition, trace)
    assert reached.ok and reached.violation is None and reached.final is not None
    assert can_end_from(edition, trace.players, reached.final) is True
'''
