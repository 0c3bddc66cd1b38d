"""What an implementation of the rules provides to be held to the reference: the `Rules`
calls (an app's own engine, say, wrapped in an adapter), and what two implementations must
agree on (`comparable`). `compiled.adapter.CompiledRules` is the compiled engine's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TypeVar

from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.errors import InputError
from unospec.model.state import GameState

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Stepped(Protocol[S_co]):
    """What an implementation says of one step."""

    @property
    def state(self) -> S_co | None:
        """The state reached, or None when refused."""

    @property
    def refused(self) -> tuple[str, str] | None:
        """("illegal" | "gap" | "broken", the rule it cites), or None."""

    @property
    def broken(self) -> frozenset[str] | None:
        """The step invariants it finds broken; None: it checks none."""


class Rules(Protocol[S]):
    """An implementation of the rules, as conformance calls it (one per edition and table
    size). States are the implementation's own values (`S`); `encode` and `decode` convert.

    - `encode(game)`: the reference `GameState` as the implementation's state;
    - `decode(state)`: back to a `GameState` (the order of the cards under the discard
      pile's top may be any: no rule reads it);
    - `legal(state)`: the moves players may make (as reference `Action`s; none when the
      next step is a shuffle);
    - `step(state, action)`: the state it leads to, or its refusal (illegal, or no outcome:
      a gap), and the step invariants it finds broken (None: it checks none);
    - `state_broken(state)`: the state invariants it finds broken (None: it checks none);
    - `play(seed, max_steps)`: every action of a random game it plays from `seed`, the first
      deal included (None: it plays none).
    """

    name: str

    def encode(self, game: GameState) -> S: ...

    def decode(self, state: S) -> GameState: ...

    def legal(self, state: S) -> list[Action]: ...

    def step(self, state: S, action: Action) -> Stepped[S]: ...

    def state_broken(self, state: S) -> frozenset[str] | None: ...

    def play(self, seed: int, max_steps: int) -> list[Action] | None: ...


class GameStep(NamedTuple):
    """One step of an implementation's own game, in the reference's terms
    (`MoreRules.play_steps`): the reference's actions it is, in order (a draw and the drawn
    card then played or kept, say; a shuffle inside it as the reference's chance outcome,
    a `Reshuffle`; a colour it picks at random as the move naming that colour, one of the
    reference's outcomes), the moves it offered before it (None: the step was the table's,
    a deal, and offered none), and the state it reached, decoded."""

    actions: tuple[Action, ...]
    offered: tuple[Action, ...] | None
    reached: GameState


class MoreRules(Protocol[S]):
    """Calls an implementation may add to be held to more, or to say what it cannot be held
    to (conformance looks for each by name and skips what it lacks; `compiled.adapter.
    CompiledRules` has the first three):

    - `canonical(state)`: the canonical form its explorer keys `state` by (normalized, the
      least over the colour renamings), any value two forms compare equal by, and the
      state that form stands for;
    - `step_broken(state, action, claimed, at)`: the step invariants it finds broken in the
      step `action` takes from `state`, when handed `claimed` as the state after the step's
      transition number `at` (its last: the state the step ended in);
    - `bookkeeping_corruptions(state)`: `state` with each part of the implementation's own
      bookkeeping made wrong (a count its other fields imply, say), by name, for parts no
      reference field holds: its type invariant must reject each;
    - `play_steps(seed, max_steps)`: a random game it plays from `seed` as its own steps
      (`GameStep`s, its deal first), for an implementation one step of which is several of
      the reference's: each step's moves offered and state reached are compared, and the
      reference must take each of its actions (used instead of `play`);
    - `play_steps_from(game, seed, max_steps)`: its game played on at random from the
      reference's state `game` (put into it), as its own steps, no deal: after a difference
      in one of its games, `--all-differences` goes on from the reference's state this way
      (without it, the game stops at its first difference of a state);
    - `encodes` (an attribute, True when absent): False when the implementation cannot be
      put into a given state: `encode` is never called, no state is compared one by one,
      only the games are (`play_steps`), and the report says so;
    - `encodable(game)`: False when the implementation has no form for the reference's
      state `game` (a phase inside one of its steps): the state is explored through, not
      compared, and counted (the report's part "states without a form");
    - `compares_step(game, action, after)`: False when the reference's step `action` (to
      `after`) is not one step of the implementation's (a draw that also plays the drawn
      card): it is not compared, and counted ("steps not one of its");
    - `refuses` (an attribute, True when absent): False when the implementation refuses
      no move (one it does not offer breaks it): no converse is compared;
    - `untracked` (an attribute, empty when absent): the `GameState` fields it does not
      keep (hands played, scores in a one-hand game): they are left out of every
      comparison, and the report lists them.
    """

    def canonical(self, state: S) -> tuple[object, GameState]: ...

    def step_broken(
        self, state: S, action: Action, claimed: GameState, at: int
    ) -> frozenset[str]: ...

    def bookkeeping_corruptions(self, state: S) -> list[tuple[str, S]]: ...

    def play_steps(self, seed: int, max_steps: int) -> list[GameStep] | None: ...

    def play_steps_from(self, game: GameState, seed: int, max_steps: int) -> list[GameStep]: ...

    def encodable(self, game: GameState) -> bool: ...

    def compares_step(self, game: GameState, action: Action, after: GameState) -> bool: ...

    encodes: bool
    refuses: bool
    untracked: frozenset[str]


def canonical_of(rules: Rules[S], state: S) -> tuple[object, GameState] | None:
    """`rules`'s canonical form of `state` and the state it stands for (None: it has none)."""
    call = getattr(rules, "canonical", None)
    return None if call is None else call(state)


def encodes(rules: Rules[S]) -> bool:
    """Whether `rules` can be put into a given state (`MoreRules.encodes`)."""
    return bool(getattr(rules, "encodes", True))


def untracked(rules: Rules[S]) -> frozenset[str]:
    """The state fields `rules` does not keep (`MoreRules.untracked`), checked to be fields:
    a misspelt one would leave nothing out, silently."""
    fields = frozenset(getattr(rules, "untracked", frozenset()))
    unknown = sorted(fields - frozenset(GameState._fields))
    if unknown:
        found = ", ".join(unknown)
        raise InputError(f"{rules.name}: untracked: expected GameState fields, found {found}")
    return fields


def play_steps_of(rules: Rules[S]) -> Callable[[int, int], list[GameStep] | None] | None:
    """`rules`'s `play_steps` call, or None: it plays its games action by action (`play`)."""
    call = getattr(rules, "play_steps", None)
    return None if call is None else call


def masked(game: GameState, like: GameState, fields: frozenset[str]) -> GameState:
    """`game` with `fields` (those an implementation does not keep) taken from `like`: what
    is left is what the two are compared on."""
    if not fields:
        return game
    return game._replace(**{name: getattr(like, name) for name in fields})


Opener = Callable[[Edition, int], "Rules[Any]"]
"""Opens an implementation for an edition at a table of that many players."""


def compiled(edition: Edition, players: int) -> Rules[Any]:
    """The compiled engine (`unospec.checks.engines.compiled`)."""
    from unospec.checks.engines.compiled.adapter import CompiledRules

    return CompiledRules(edition, players)


def comparable(game: GameState) -> GameState:
    """What two implementations must agree on: everything, the order of the cards under the
    discard pile's top apart (no rule reads it: a reshuffle takes them in any order)."""
    discard = game.discard
    if len(discard) < 3:
        return game
    return game._replace(discard=(*sorted(discard[:-1]), discard[-1]))
