"""Setup feasibility: for which player counts dealing and the first flip always work.

Dealing needs players x hand size cards and one more to flip (Set Up 2-4). The first flip
ignores some kinds (the edition's `first_flip_ignores`); it fails when every card left in the
pile is one of them, which can happen only if the hands took every other card. Z3 looks for
such a deal, counting cards by whether the flip ignores them.
"""

from __future__ import annotations

import time
from typing import Any

import z3

from unospec.checks.proofs.result import PROVED, REFUTED, Query
from unospec.model.edition import Edition

SECTION = "Set Up 2-4"


def _flip_can_fail(edition: Edition, players: int) -> dict[str, int] | None:
    faces = edition.faces
    ignored = sum(1 for f in faces.in_play if faces.ignored_at_flip[f])
    starting = len(faces.in_play) - ignored
    dealt = players * edition.rules.hand_size
    took_starting, took_ignored = z3.Ints("dealt_starting dealt_ignored")
    solver = z3.Solver()
    solver.add(
        took_starting >= 0,
        took_ignored >= 0,
        took_starting <= starting,
        took_ignored <= ignored,
        took_starting + took_ignored == dealt,
        took_starting == starting,  # no card that may start the pile is left to flip
    )
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    return {
        "players": players,
        "hands hold, of the cards that can start the discard pile": model[took_starting].as_long(),
        "hands hold, of the cards the flip ignores": model[took_ignored].as_long(),
        "left to flip, all ignored": ignored - model[took_ignored].as_long(),
    }


def setup_query(edition: Edition) -> Query:
    """Every player count in the edition's range can be dealt, and its first flip succeeds."""
    started = time.perf_counter()
    rules = edition.rules
    undealable: list[int] = []
    failing: list[dict[str, Any]] = []
    for players in range(rules.min_players, rules.max_players + 1):
        if players * rules.hand_size + 1 > edition.in_play_count:
            undealable.append(players)
            continue
        example = _flip_can_fail(edition, players)
        if example is not None:
            failing.append(example)
    feasible = [
        n
        for n in range(rules.min_players, rules.max_players + 1)
        if n not in undealable and all(w["players"] != n for w in failing)
    ]
    claim = (
        f"for {rules.min_players}-{rules.max_players} players, {rules.hand_size} cards each can "
        "be dealt and the first flip always finds a card to start the discard pile"
    )
    seconds = round(time.perf_counter() - started, 4)
    if not undealable and not failing:
        return Query("setup-feasibility", claim, SECTION, PROVED, seconds)
    witness: dict[str, Any] = {
        "always feasible for": feasible,
        "cannot be dealt for": undealable,
        "first flip can find only ignored cards (a redeal) for": [w["players"] for w in failing],
        "example": failing[0] if failing else None,
    }
    return Query("setup-feasibility", claim, SECTION, REFUTED, seconds, witness)
