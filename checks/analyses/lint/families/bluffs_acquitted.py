"""legality-vs-judgment, the converse: a Wild Draw card its rule forbids, yet judged
innocent when challenged (the Z3 query `bluff-always-caught` refuted), so the challenger
pays for a bluff."""

from __future__ import annotations

from unospec.checks.analyses.lint.families.shared import holding, refuted_wild_draws
from unospec.checks.analyses.lint.finding import ERROR, Finding, deciding, reading
from unospec.checks.analyses.proofs import Claim, ProofReport
from unospec.model.edition import Edition
from unospec.model.primitives import WildDraw


def bluffs_acquitted(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """A Wild Draw card its rule forbids, yet judged innocent when challenged (from Z3): the
    converse of `legality_vs_judgment`, with the same family."""
    found = []
    for query, kind, effect in refuted_wild_draws(edition, proofs, Claim.BLUFF_ALWAYS_CAUGHT):
        unjudged = tuple(
            k for k in effect.playable_unless_holding if k not in effect.guilty_if_holding
        )
        said = " or ".join(holding(unjudged))
        path = edition.parameter_key(kind, WildDraw.NAME, "guilty_if_holding")
        legality = deciding(
            edition, edition.parameter_key(kind, WildDraw.NAME, "playable_unless_holding")
        )
        found.append(
            Finding(
                f"legality-vs-judgment:bluff:{kind}",
                "legality-vs-judgment",
                ERROR,
                query.section,
                f"{kind} may not be played while holding {said}, yet the challenge does not "
                f"count {said} as a match: such a bluff is judged innocent and the challenger "
                f"draws {effect.challenger_draws}",
                dict(query.witness or {}),
                reading(deciding(edition, path)),
                path,
                (legality.id,) if legality else (),
                (edition.parameter_key(kind, WildDraw.NAME, "playable_unless_holding"),),
            )
        )
    return found
