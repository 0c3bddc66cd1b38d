"""Everything conformance asks an implementation about one state: the state decoded back,
its invariants' verdicts, its legal moves, its canonical form, what each of the
reference's outcomes leads to there, and its refusal of each move tried.

The compiled engine answers in one call (`probe_state`); any other implementation is asked
through the `Rules` calls one question at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unospec.checks.engines.chance import Outcome, minus
from unospec.checks.engines.conformance.adapter import Rules, canonical_of
from unospec.checks.engines.conformance.report import Refusal
from unospec.model.actions import Action
from unospec.model.kernel import is_chance
from unospec.model.state import GameState

Tried = list[tuple[Outcome, Exception | None]]
"""Every outcome the reference gives in a state, or the move it refuses (with why)."""


@dataclass(frozen=True)
class EngineOutcome:
    """What an implementation says of one outcome's step: its refusal, the state it
    reached, the step invariants it finds broken (None: it checks none), and the canonical
    form of that state normalized (None: it has none)."""

    refused: Refusal | None
    after: GameState | None
    broken: frozenset[str] | None
    key: object = None


@dataclass(frozen=True)
class Probe:
    """A state as an implementation sees it: decoded back, its state invariants' verdicts
    (None: it checks none), its legal moves (None in a chance phase), what each of the
    reference's outcomes leads to there, its refusal of each move tried (None where it
    accepts one), and its canonical form with the state that form stands for (None: it
    has none)."""

    decoded: GameState
    broken: frozenset[str] | None
    legal: list[Action] | None
    outcomes: list[EngineOutcome]
    refused: list[Refusal | None]
    canonical: tuple[object, GameState] | None


def probe(rules: Rules[Any], game: GameState, tried: Tried, tries: list[Action]) -> Probe:
    """Ask `rules` everything about `game` (the compiled engine answers in one call)."""
    fast = getattr(rules, "probe_state", None)
    if fast is not None:
        found = fast(game, tries)
        return Probe(
            found.decoded,
            found.broken,
            found.legal,
            [EngineOutcome(*answer) for answer in found.outcomes],
            found.refused,
            found.canonical,
        )
    state = rules.encode(game)
    answers: list[EngineOutcome] = []
    for outcome, _ in tried:
        stepped = rules.step(rules.encode(arranged(game, outcome)), outcome.action)
        after = None if stepped.refused else rules.decode(stepped.state)
        key = None if stepped.refused else canonical_of(rules, stepped.state)
        answers.append(EngineOutcome(stepped.refused, after, stepped.broken, key and key[0]))
        if stepped.refused:
            break
    return Probe(
        decoded=rules.decode(state),
        broken=rules.state_broken(state),
        legal=None if is_chance(game) else rules.legal(state),
        outcomes=answers,
        refused=[rules.step(state, action).refused for action in tries],
        canonical=canonical_of(rules, state),
    )


def arranged(game: GameState, outcome: Outcome) -> GameState:
    """The state an outcome's step begins from: the cards it draws on top of the pile."""
    if not outcome.drawn or is_chance(game):
        return game
    pile = game.draw_pile
    return game._replace(draw_pile=outcome.drawn + minus(pile, outcome.drawn))
