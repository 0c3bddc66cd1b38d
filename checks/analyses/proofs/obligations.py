"""Draw obligations: can a player be told to draw more cards than there are to draw?

A draw takes from the draw pile and, when it runs out, from a reshuffle of the discard pile
under its top card (its top card too, where the edition reshuffles the whole pile). In the
count abstraction (see `conservation`) the other hands may hold
every other card; Z3 looks for a situation where an obligation of the edition (a Draw card,
a Wild Draw card accepted or challenged, a caught UNO, a special wild's loser, a plain draw)
exceeds the draw pile plus the cards a reshuffle takes. Such a situation is what the
edition's `draw_shortfall` reading has to settle.
"""

from __future__ import annotations

import z3

from unospec.checks.analyses.proofs.conservation import invariant
from unospec.checks.analyses.proofs.result import Claim, Query, Witness, check_claim, value
from unospec.model.edition import Edition
from unospec.model.primitives import PenaltyRace, WildDraw
from unospec.model.primitives.hail_mary import puts_cards_out_of_play

SECTION = "Let's Play: NOTE"


def obligations(edition: Edition) -> dict[str, int]:
    """Every draw the edition can ask of a player, by what asks for it."""
    owed = {
        "a player's own draw (Let's Play)": 1,
        "a caught UNO (Calling UNO)": edition.rules.uno_penalty,
    }
    for kind, effect in edition.effects:
        if kind not in edition.faces.kinds_in_play:
            continue
        race, wild_draw = effect.find(PenaltyRace), effect.find(WildDraw)
        if effect.owes is not None:
            owed[f"{kind}"] = effect.owes
        elif race is not None:
            owed[f"{kind}"] = race.draw
        elif wild_draw is not None:
            owed[f"{kind}, accepted"] = wild_draw.draw
            owed[f"{kind}, failed challenge"] = wild_draw.challenger_draws
            owed[f"{kind}, successful challenge"] = wild_draw.offender_draws
    return owed


def obligation_query(edition: Edition) -> Query:
    """No obligation asks for more cards than the draw pile and a reshuffle can give."""
    owed = obligations(edition)
    largest = max(owed.values())
    cause = next(name for name, amount in owed.items() if amount == largest)
    counts = {p: z3.Int(p) for p in ("draw", "top", "under", "hand", "others", "aside")}
    # cards out of play (a Hail Mary's `shed_cards`) only where the edition puts any there
    out = puts_cards_out_of_play(edition)
    counts["out-of-play"] = z3.Int("out-of-play") if out else z3.IntVal(0)
    whole = edition.rules.reshuffle == "whole-discard-pile"  # the top card is reshuffled too
    asked = z3.Int("asked")

    def decode(model: z3.ModelRef) -> Witness:
        return {
            "obligation": cause,
            "cards owed": value(model, asked),
            "draw pile": value(model, counts["draw"]),
            "under the discard's top": value(model, counts["under"]),
            "held by the one drawing": value(model, counts["hand"]),
            "held by the other hands": value(model, counts["others"]),
            "reading chosen": edition.rules.draw_shortfall,
        }

    return check_claim(
        Claim.DRAW_OBLIGATIONS,
        "",
        "no draw asks for more cards than the draw pile and a reshuffle can give",
        SECTION,
        [
            invariant(edition, counts),
            counts["top"] == 1,
            asked == largest,
            counts["hand"] <= edition.rules.hand_size,  # the one drawing holds a hand's worth
            counts["hand"] >= 1,  # mid-hand every player holds a card (else the hand is over)
            counts["others"] >= edition.rules.min_players - 1,  # and so does every other one
        ],
        asked > counts["draw"] + counts["under"] + (counts["top"] if whole else 0),
        decode,
    )
