"""What a conformance run compared, part by part, and what it could not compare and why:
the report says so for each part rather than print a count of 0 that reads as "compared,
and none differed"."""

from __future__ import annotations

from typing import Any

from unospec.checks.engines.conformance.games import GamesCompared
from unospec.checks.engines.conformance.report import STATES_SKIPPED, STEPS_SKIPPED, Part
from unospec.checks.engines.conformance.states import StatesCompared


def parts_of(
    states: StatesCompared,
    played: GamesCompared,
    *,
    scaled: bool,
    encodes: bool = True,
    games: int,
    stopped: bool,
    rules: Any,
) -> tuple[Part, ...]:
    """Each part of the comparison, compared (how many) or skipped (why). `scaled`: states
    were compared at a scale; `encodes`: the implementation can be put into a given state
    (False: no state was compared one by one, whatever the scale); `games`: the games
    asked for; `stopped`: the games were not played, a difference in the states having
    come first; `rules`: the implementation opened for the states (None: none was), whose
    optional calls say what it can be held to."""

    def part(name: str, count: int, why: str | None) -> Part:
        return Part(name, count, None if count else why)

    no_scale = None if scaled else ("no-scale" if encodes else "no-encode")
    judge = rules is not None and getattr(rules, "step_broken", None) is not None
    answered = states.calls
    invariants = no_scale or (None if "state_broken" in answered else "no-invariants")
    if played.plays is False:
        no_games = "plays-none"
    elif not games:
        no_games = "no-games"
    elif stopped:
        no_games = "stopped"
    else:
        no_games = None
    skips = rules is not None and getattr(rules, "encodable", None) is not None
    skipped = (  # what it has no form for (`MoreRules.encodable`, `compares_step`)
        (Part(STATES_SKIPPED, states.states_skipped),
         Part(STEPS_SKIPPED, states.steps_skipped))
        if skips and scaled else ()
    )  # fmt: skip
    return (
        part("states", states.states, no_scale or ("no-form" if skips else None)),
        part("steps", states.steps + played.steps, no_scale and no_games),
        part("converse", states.moves_refused, no_scale),
        part("invariants", states.invariants_judged, invariants),
        part("corrupted states", states.corruptions, invariants),
        part("wrong successors", states.wrong_steps,
             no_scale or (None if judge else "no-step-judge")),
        part("canonical forms", states.canonical_forms,
             no_scale or (None if "canonical" in answered else "no-canonical")),
        part("games", played.games, no_games),
        *skipped,
    )  # fmt: skip
