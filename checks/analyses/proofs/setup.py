"""Setup feasibility: for which player counts dealing and the first flip always work.

Dealing needs players x hand size cards and one more to flip (Set Up 2-4). The first flip
ignores some kinds (the edition's `first_flip_ignores`); it fails when every card left in the
pile is one of them, which can happen only if the hands took every other card. Z3 looks for
such a deal, counting cards by whether the flip ignores them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from unospec.checks.analyses.proofs.result import (
    PROVED,
    REFUTED,
    TIMEOUT_MS,
    UNKNOWN,
    Claim,
    Query,
    Witness,
)
from unospec.model.edition import Edition
from unospec.model.wording import seats

SECTION = "Set Up 2-4"


@dataclass(frozen=True)
class SetupQuery(Query):
    """The setup query, with the player counts it found wanting as fields (lint words its
    findings with them): those the deck cannot deal, and those whose first flip can find
    only cards it ignores. Neither is in the JSON beyond the witness, which lists both."""

    undealable: tuple[int, ...] = ()
    flipless: tuple[int, ...] = ()


class _Unknown(Exception):
    """Z3 could not decide a table size (its timeout): not a proof either way."""


def _flip_can_fail(edition: Edition, players: int) -> dict[str, int] | None:
    """A deal of `players` hands that leaves the flip only ignored cards; None: there is
    none. With the queries' timeout, and decided where Z3's terms are made, as
    `check_claim` first decides its queries: the deal found needs no context of its own,
    since the two counts it is made of are fixed by the claim (the hands take every card
    that may start the pile, and the rest of the deal from the ignored ones), so every
    context finds the same one."""
    faces = edition.faces
    ignored = sum(1 for f in faces.in_play if faces.ignored_at_flip[f])
    starting = len(faces.in_play) - ignored
    dealt = players * edition.rules.hand_size
    took_starting, took_ignored = z3.Ints("dealt_starting dealt_ignored")
    solver = z3.Tactic("smt").solver()  # not the default's tactics: see `unsat_where_made`
    solver.set("timeout", TIMEOUT_MS)
    solver.add(
        took_starting >= 0,
        took_ignored >= 0,
        took_starting <= starting,
        took_ignored <= ignored,
        took_starting + took_ignored == dealt,
        took_starting == starting,  # no card that may start the pile is left to flip
    )
    answer = solver.check()
    if answer == z3.unknown:
        raise _Unknown(str(solver.reason_unknown()))
    if answer == z3.unsat:
        return None
    model = solver.model()
    return {
        "players": players,
        "hands hold, of the cards that can start the discard pile": model[took_starting].as_long(),
        "hands hold, of the cards the flip ignores": model[took_ignored].as_long(),
        "left to flip, all ignored": ignored - model[took_ignored].as_long(),
    }


def setup_query(edition: Edition) -> SetupQuery:
    """Every player count in the edition's range can be dealt, and its first flip succeeds."""
    started = time.perf_counter()
    rules = edition.rules
    undealable: list[int] = []
    failing: list[dict[str, int]] = []
    for players in range(rules.min_players, rules.max_players + 1):
        if players * rules.hand_size + 1 > edition.in_play_count:
            undealable.append(players)
            continue
        try:
            example = _flip_can_fail(edition, players)
        except _Unknown as reason:
            seconds = round(time.perf_counter() - started, 4)
            unknown = {"players": players, "reason": str(reason)}
            asked = (Claim.SETUP_FEASIBILITY, "", _claim(edition), SECTION)
            return SetupQuery(*asked, UNKNOWN, seconds, unknown)
        if example is not None:
            failing.append(example)
    feasible = [
        n
        for n in range(rules.min_players, rules.max_players + 1)
        if n not in undealable and all(w["players"] != n for w in failing)
    ]
    asked = (Claim.SETUP_FEASIBILITY, "", _claim(edition), SECTION)
    seconds = round(time.perf_counter() - started, 4)
    if not undealable and not failing:
        return SetupQuery(*asked, PROVED, seconds)
    flipless = [w["players"] for w in failing]
    witness: Witness = {
        "always feasible for": feasible,
        "cannot be dealt for": undealable,
        "first flip can find only ignored cards (a redeal) for": flipless,
        "example": failing[0] if failing else None,
    }
    return SetupQuery(
        *asked, REFUTED, seconds, witness, undealable=tuple(undealable), flipless=tuple(flipless)
    )


def _claim(edition: Edition) -> str:
    rules = edition.rules
    return (
        f"for {seats(rules.min_players, rules.max_players)} players, {rules.hand_size} cards "
        "each can be dealt and the first flip always finds a card to start the discard pile"
    )
