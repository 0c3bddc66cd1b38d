"""Scoring: every card has a value, the most one hand can score, and the target in reach.

Keeping Score: the winner of a hand scores the cards left in the other hands. Z3 maximises
that over the deck: every card but two may be in the other hands. The winner's last card
lies on the discard pile, on at least one other: the first flip starts the pile (Set Up 4)
and a reshuffle keeps its top card (Let's Play: NOTE), so the pile is never empty; where a
reshuffle takes the whole pile (`play.reshuffle = "whole-discard-pile"`), the last card may
land on an empty pile, and every card but one may be in the other hands.
"""

from __future__ import annotations

import math
import time
from collections import Counter

import z3

from unospec.checks.analyses.proofs.result import PROVED, REFUTED, Claim, Query, Witness
from unospec.model.edition import Edition

SECTION = "Keeping Score"


def coverage_query(edition: Edition) -> Query:
    """Every card kind in the deck has a value in the scoring table."""
    started = time.perf_counter()
    faces = edition.faces
    missing = sorted({faces.faces[f].kind for f in faces.in_play if faces.points[f] < 0})
    seconds = round(time.perf_counter() - started, 4)
    claim = "every card kind in the deck has a value in the scoring table"
    asked = (Claim.SCORING_COVERAGE, "", claim, SECTION)
    if not missing:
        return Query(*asked, PROVED, seconds)
    return Query(*asked, REFUTED, seconds, {"no value for": missing})


def best_hand_query(edition: Edition) -> Query:
    """The largest score one hand can give, and whether the target score can be reached."""
    started = time.perf_counter()
    faces = edition.faces
    counts = Counter(faces.in_play)
    scored = {f: n for f, n in counts.items() if faces.points[f] >= 0}
    held = {f: z3.Int(f"left_{faces.card_id(f)}") for f in scored}
    optimizer = z3.Optimize()
    for face, variable in held.items():
        optimizer.add(variable >= 0, variable <= counts[face])
    # the winner's last card and the card it was played on stay on the discard pile (that
    # one too may be gone where a reshuffle takes the whole pile)
    on_the_pile = 1 if edition.rules.reshuffle == "whole-discard-pile" else 2
    optimizer.add(z3.Sum(z3.IntVal(0), *held.values()) <= len(faces.in_play) - on_the_pile)
    total = z3.Sum(z3.IntVal(0), *[v * faces.points[f] for f, v in held.items()])  # none: 0
    optimizer.maximize(total)
    dealt = optimizer.check() == z3.sat  # unsat: no card in play, so no hand is ever won
    best = optimizer.model().eval(total).as_long() if dealt else 0
    seconds = round(time.perf_counter() - started, 4)
    target = edition.rules.target_score
    claim = f"one hand can score points, so the target of {target} can be reached"
    found: Witness = {
        "largest score of one hand": best,
        "hands needed at that score": math.ceil(target / best) if best else "no number of hands",
        "the other hands hold": "every card but the winner's last one"
        + ("" if on_the_pile == 1 else " and the one under it"),
    }
    asked = (Claim.SCORING_TARGET, "", claim, SECTION)
    if best > 0:
        return Query(*asked, PROVED, seconds, detail=found)
    return Query(*asked, REFUTED, seconds, found, detail=found)
