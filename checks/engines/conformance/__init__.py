"""Conformance: an implementation of the rules held to the reference, state by state.

The compiled engine is trusted only where this says it agrees with the reference kernel:

- **States** (`states`). Every state of the reference's exploration at a scale is encoded
  into the implementation and decoded back; the two must agree on the state, on its legal
  moves, on the state reached by every move and every chance outcome (or on the refusal,
  its kind and the rule it cites), and on every invariant's verdict, in states and steps
  made wrong on purpose too (`corruption`), and on canonical forms (`symmetry`).
- **The converse** (`converse`). In each state, the plausible moves that are *not* offered
  (cards the mover does not hold, wrong seats, every colour, kinds of move the phase does
  not take, shuffles that are no outcome) must be refused by both, for the same rule.
- **Games** (`games`). Whole random games the implementation plays are replayed by the
  reference, step by step: each step must be legal there, reach the same state, and the
  two must offer the same moves at every step.
- **Where** (`plan`): the runs `unospec check` makes, at the scales that reach the rules,
  and on the edition's distinguishing variant (`model.distinguishing`).

Any implementation can be checked: it only has to provide the `Rules` calls (`adapter`; an
app's own engine, say, wrapped in an adapter), and may add the `MoreRules` ones;
`compiled.adapter.CompiledRules` is the compiled engine's. The first difference comes with
a trace that `unospec replay` reads, ending at the step where the two part (`report`);
with `--all-differences` every later one too, counted by its kind (`kinds`), and held to
a file of accepted ones (`known`). An implementation's call that raises or hangs is its
failure at that step (`guard`), and the report says, part by part, what was compared and
what was skipped, and why (`parts`).
"""

from __future__ import annotations

import time
from functools import partial

from unospec.checks.engines.conformance.adapter import (
    GameStep,
    Opener,
    Rules,
    Stepped,
    compiled,
    encodes,
    untracked,
)
from unospec.checks.engines.conformance.games import GamesCompared, compare_games
from unospec.checks.engines.conformance.guard import guarded
from unospec.checks.engines.conformance.kinds import merged
from unospec.checks.engines.conformance.parts import parts_of
from unospec.checks.engines.conformance.report import (
    ConformanceJson,
    ConformanceReport,
    Difference,
    DifferenceJson,
)
from unospec.checks.engines.conformance.states import StatesCompared, compare_states
from unospec.model.distinguishing import VARIANTS
from unospec.model.edition import Edition
from unospec.model.scale import fitting_scale, parse_scale, require_dealable, scale_edition

__all__ = [
    "GAMES",
    "MAX_STEPS",
    "ConformanceJson",
    "ConformanceReport",
    "Difference",
    "DifferenceJson",
    "GameStep",
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
    variant: str | None = None,
    all_differences: bool = False,
    step_timeout: float | None = None,
) -> ConformanceReport:
    """Hold an implementation (`opener`, by default the compiled engine) to the reference:
    every state of `base` at `scale` (None: none), then `games` full-size random games;
    stop at the first difference, or with `all_differences` go on and count every
    difference by its kind (`kinds`). `variant` names a variant of `base` to play instead
    (`distinguishing.VARIANTS`: the distinguishing one). Every call of the implementation
    is guarded (`guard`): one that raises, or takes longer than `step_timeout` seconds, is
    a difference at that step."""
    started = time.perf_counter()
    if variant is not None:
        base = VARIANTS[variant](base)
    seats = base.rules.min_players if players is None else players
    base.require_players(seats)
    fitted = fitting_scale(base, seats, scale) if scale else None
    engine = ""
    states = StatesCompared()
    guard = partial(guarded, timeout=step_timeout)
    rules = None
    encoded, left_out = True, frozenset[str]()
    if fitted is not None:
        scaled = scale_edition(base, parse_scale(fitted))
        require_dealable(scaled, seats, fitted, base)
        rules = guard(opener(scaled, seats))
        engine, encoded, left_out = rules.name, encodes(rules), untracked(rules)
        if encoded:
            states = compare_states(
                scaled, seats, rules, fitted, max_states, variant, all_differences
            )
        else:  # it cannot be put into a given state: only its games are compared
            fitted = None
    played = GamesCompared()
    stopped = states.difference is not None and not all_differences
    if not stopped and games:
        played = compare_games(
            base, players, games, seed, opener, max_steps, variant, all_differences, guard
        )
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
        variant=variant,
        canonical_forms=states.canonical_forms,
        fields_corrupted=states.fields_corrupted,
        corruptions=states.corruptions,
        wrong_steps=states.wrong_steps,
        differences=merged(states.differences, played.differences),
        parts=parts_of(
            states,
            played,
            scaled=fitted is not None,
            encodes=encoded and played.encodes,
            games=games,
            stopped=stopped,
            rules=rules,
        ),
        all_differences=all_differences,
        encodes=encoded and played.encodes,
        untracked=tuple(sorted(left_out | played.untracked)),
        colours_at_random=played.colours_at_random,
        games_cut_short=played.cut_short,
    )
