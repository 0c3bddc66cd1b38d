"""Conformance: an implementation of the rules held to the reference, state by state.

The compiled engine is trusted only where this says it agrees with the reference kernel:

- **States** (`states`). Every state of the reference's exploration at a scale is encoded
  into the implementation and decoded back; the two must agree on the state, on its legal
  moves, on the state reached by every move and every chance outcome (or on the refusal,
  and the kind of refusal), and on every invariant's verdict where the implementation
  checks them.
- **The reference against itself** (`converse`). In each state, every plausible move that
  is *not* offered (each card in hand with each colour, draws, passes, answers to a Wild
  Draw, UNO calls and catches for every seat, the special wilds' moves) must be refused by
  the reference, and by the implementation.
- **Games** (`games`). Whole random games the implementation plays are replayed by the
  reference, step by step: each step must be legal there, reach the same state, and the
  two must offer the same moves at every step.

Any implementation can be checked: it only has to provide the `Rules` calls (`adapter`; an
app's own engine, say, wrapped in an adapter); `compiled.adapter.CompiledRules` is the
compiled engine's. The first difference comes with a trace that `unospec replay` reads,
ending at the step where the two part (`report`).
"""

from __future__ import annotations

import time

from unospec.checks.engines.conformance.adapter import Opener, Rules, Stepped, compiled
from unospec.checks.engines.conformance.games import GamesCompared, compare_games
from unospec.checks.engines.conformance.report import (
    ConformanceJson,
    ConformanceReport,
    Difference,
    DifferenceJson,
)
from unospec.checks.engines.conformance.states import StatesCompared, compare_states
from unospec.model.edition import Edition
from unospec.model.scale import fitting_scale, parse_scale, require_dealable, scale_edition

__all__ = [
    "GAMES",
    "MAX_STEPS",
    "ConformanceJson",
    "ConformanceReport",
    "Difference",
    "DifferenceJson",
    "Opener",
    "Rules",
    "Stepped",
    "compiled",
    "conform",
]

GAMES = 5
"""Full-size games `unospec check` replays per edition (`unospec conform --games`)."""
MAX_STEPS = 200_000


def conform(
    base: Edition,
    *,
    scale: str | None = "micro",
    players: int | None = None,
    games: int = GAMES,
    seed: int = 0,
    opener: Opener = compiled,
    max_states: int | None = None,
    max_steps: int = MAX_STEPS,
) -> ConformanceReport:
    """Hold an implementation (`opener`, by default the compiled engine) to the reference:
    every state of `base` at `scale` (None: none), then `games` full-size random games;
    stop at the first difference."""
    started = time.perf_counter()
    seats = base.rules.min_players if players is None else players
    base.require_players(seats)
    fitted = fitting_scale(base, seats, scale) if scale else None
    engine = ""
    states = StatesCompared()
    if fitted is not None:
        scaled = scale_edition(base, parse_scale(fitted))
        require_dealable(scaled, seats, fitted, base)
        rules = opener(scaled, seats)
        engine = rules.name
        states = compare_states(scaled, seats, rules, fitted, max_states)
    played = GamesCompared()
    if states.difference is None and games:
        played = compare_games(base, players, games, seed, opener, max_steps)
    return ConformanceReport(
        base.name,
        fitted,
        seats,
        engine or played.engine,
        states_compared=states.states,
        steps_compared=states.steps + played.steps,
        moves_refused=states.moves_refused,
        games=played.games,
        first_difference=states.difference or played.difference,
        seconds=time.perf_counter() - started,
        complete=states.complete,
    )
