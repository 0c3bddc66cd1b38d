"""resource-exhaustion: a draw that can ask for more cards than the draw pile and a
reshuffle hold (the Z3 query `draw-obligations` refuted), and setups that can fail
(`setup_counts`)."""

from __future__ import annotations

from unospec.checks.analyses.lint.families.setup_counts import setup_counts
from unospec.checks.analyses.lint.finding import WARNING, Finding, deciding, reading
from unospec.checks.analyses.proofs import Claim, ProofReport
from unospec.model.edition import Edition


def resource_exhaustion(edition: Edition, proofs: ProofReport, observed: int) -> list[Finding]:
    """A draw that can ask for more cards than exist, and setups that can fail (from Z3);
    `observed`: how many random games met such a draw."""
    found = setup_counts(edition, proofs)
    for query in proofs.refuted(Claim.DRAW_OBLIGATIONS):
        witness = dict(query.witness or {})
        if observed:
            witness["random games that met it"] = observed
        found.append(
            Finding(
                "resource-exhaustion:draw",
                "resource-exhaustion",
                WARNING,
                query.section,
                "a player can be told to draw more cards than the draw pile and a reshuffle "
                "hold; the booklet does not say what happens",
                witness,
                reading(deciding(edition, "play.draw_shortfall")),
                "play.draw_shortfall",
            )
        )
    return found
