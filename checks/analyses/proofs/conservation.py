"""Card conservation as an inductive invariant over a count abstraction of the machine.

The abstraction counts cards by place: the draw pile, the discard pile's top and the cards
under it, the hand an effect acts on, the other hands, the set-aside cards, the cards out of
play until the next deal (a Hail Mary's `shed_cards`). Every transition
of the turn-flow machine moves cards as its effect declares (`model/flows.py`; `declared`
samples the kernel against those declarations). The invariant: every count is non-negative, the
discard pile has at most one top, the set-aside cards are the edition's, and the counts add up
to the edition's total. Init implies it; each transition, taken alone, keeps it.
"""

from __future__ import annotations

import dataclasses

import z3

from unospec.checks.analyses.proofs.result import Claim, Query, Witness, check_claim, value
from unospec.checks.analyses.proofs.terms import conjunction
from unospec.model.edition import Edition
from unospec.model.flows import Move, moves_of
from unospec.model.table import MACHINE, Branch

SECTION = "Contents"
PLACES = ("draw", "top", "under", "hand", "others", "aside", "out-of-play")
NAMES = {
    "draw": "draw pile",
    "top": "discard top",
    "under": "under the top",
    "hand": "the hand acted on",
    "others": "other hands",
    "aside": "set aside",
    "out-of-play": "out of play until the next deal",
}


Counts = dict[str, z3.ArithRef]
"""How many cards each place holds, as Z3 terms (a place of `PLACES`)."""


def _counts(tag: str) -> Counts:
    return {place: z3.Int(f"{place}_{tag}") for place in PLACES}


def invariant(edition: Edition, counts: Counts) -> z3.BoolRef:
    """The conservation invariant over a count vector."""
    return conjunction(
        [
            *[counts[place] >= 0 for place in PLACES],
            counts["top"] <= 1,
            counts["aside"] == edition.set_aside_count,
            z3.Sum(*[counts[place] for place in PLACES]) == edition.total_cards,
        ]
    )


def _apply(
    edition: Edition, counts: Counts, move: Move, players: z3.ArithRef, owed: z3.ArithRef
) -> tuple[Counts, list[z3.BoolRef]]:
    """The counts after one move, and what the move needs (its guard)."""
    after = dict(counts)
    needs: list[z3.BoolRef] = []
    in_play = [p for p in PLACES if p != "aside"]
    source = move.source
    if move.amount == "1":
        amount: z3.ArithRef = z3.If(counts["top"] >= 1, 1, 0) if source == "top" else z3.IntVal(1)
    elif move.amount == "owed":
        amount = z3.If(owed < counts["draw"], owed, counts["draw"])
    elif move.amount == "pile":
        amount = counts["draw"]
    elif move.amount == "hand-1":
        amount = counts["hand"] - 1
        needs.append(counts["hand"] >= 1)
    elif move.amount == "under":
        amount = counts["under"]
    elif move.amount == "hand":
        amount = counts[source]
    elif move.amount in ("colour", "some"):  # any number the place holds: a fresh unknown
        amount = z3.FreshInt(move.amount)
        needs += [amount >= 0, amount <= counts[source]]
    elif move.amount == "dealt":
        amount = players * edition.rules.hand_size
        needs.append(edition.in_play_count >= amount + 1)  # the deal's guard (Set Up 2)
    else:  # "all"
        amount = z3.Sum(*[counts[p] for p in in_play])
    if source == "in-play":
        for place in in_play:
            after[place] = z3.IntVal(0)
    elif source != "outside":
        if move.amount == "1" and source != "top":
            needs.append(counts[source] >= 1)  # the card is there (the guards check it)
        after[source] = counts[source] - amount
    if move.target != "outside":
        after[move.target] = after[move.target] + amount
    return after, needs


def transition_query(edition: Edition, branch: Branch) -> Query:
    """Inv and this transition imply Inv'."""
    before = _counts("before")
    players, owed = z3.Int("players"), z3.Int("owed")
    facts = [
        invariant(edition, before),
        players >= edition.rules.min_players,
        players <= edition.rules.max_players,
        owed >= 0,
    ]
    after = before
    for move in moves_of(branch.update, edition):
        after, needs = _apply(edition, after, move, players, owed)
        facts += needs

    def decode(model: z3.ModelRef) -> Witness:
        return {
            "transition": branch.label,
            "before": {NAMES[p]: value(model, before[p]) for p in PLACES},
            "after": {NAMES[p]: value(model, z3.simplify(after[p])) for p in PLACES},
            "players": value(model, players),
            "owed": value(model, owed),
        }

    return check_claim(
        Claim.CARD_CONSERVATION,
        branch.label,
        f"{branch.label}, moving the cards its effect declares, keeps every card in exactly "
        f"one place ({edition.total_cards} in all)",
        SECTION,
        facts,
        z3.Not(invariant(edition, after)),
        decode,
        kernel_relies_on_it=True,
    )


def initial_query(edition: Edition) -> Query:
    """The table before the first deal satisfies the invariant."""
    start = {p: z3.IntVal(0) for p in PLACES}
    start["draw"] = z3.IntVal(edition.in_play_count)
    start["aside"] = z3.IntVal(edition.set_aside_count)
    return check_claim(
        Claim.CARD_CONSERVATION,
        "init",
        f"before the deal the {edition.in_play_count} cards in play are in the draw pile and "
        f"{edition.set_aside_count} set aside, {edition.total_cards} in all",
        SECTION,
        [],
        z3.Not(invariant(edition, start)),
        lambda model: {"reason": "the initial counts do not add up"},
        kernel_relies_on_it=True,
    )


def conservation_queries(edition: Edition) -> list[Query]:
    """The initial query and one per transition. Transitions whose effects declare the same
    moves pose the same obligation: it is discharged once, and each of them reports its
    verdict under its own name (70 transitions move cards in 9 ways in classic)."""
    discharged: dict[tuple[Move, ...], Query] = {}
    queries = [initial_query(edition)]
    for branch in MACHINE.branches:
        moves = moves_of(branch.update, edition)
        first = discharged.get(moves)
        if first is None:
            discharged[moves] = query = transition_query(edition, branch)
        else:
            query = _renamed(first, branch)
        queries.append(query)
    return queries


def _renamed(query: Query, branch: Branch) -> Query:
    """`query`'s verdict for `branch`, which moves cards the same way (its witness too)."""
    witness = query.witness
    if witness is not None and "transition" in witness:
        witness = {**witness, "transition": branch.label}
    claim = query.claim.replace(query.about, branch.label, 1)
    return dataclasses.replace(query, about=branch.label, claim=claim, witness=witness, seconds=0.0)
