"""legality-vs-judgment: a Wild Draw card its rule allows, yet judged guilty when
challenged (the Z3 query `honest-never-penalised` refuted), with a game that shows it."""

from __future__ import annotations

from unospec.checks.analyses.lint.families.shared import holding, refuted_wild_draws
from unospec.checks.analyses.lint.finding import ERROR, Finding, deciding, reading
from unospec.checks.analyses.lint.witnesses import honest_penalty_trace
from unospec.checks.analyses.proofs import Claim, ProofReport
from unospec.model.edition import Edition
from unospec.model.primitives import WildDraw


def legality_vs_judgment(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """A Wild Draw card its rule allows, yet judged guilty when challenged (from Z3)."""
    found = []
    for query, kind, effect in refuted_wild_draws(edition, proofs, Claim.HONEST_NEVER_PENALISED):
        witness = dict(query.witness or {})
        concrete = honest_penalty_trace(edition, kind)
        if concrete:
            witness["game"] = concrete
        path = edition.parameter_key(kind, WildDraw.NAME, "guilty_if_holding")
        judged_only = [
            k for k in effect.guilty_if_holding if k not in effect.playable_unless_holding
        ]
        forbidden = " or ".join(holding(effect.playable_unless_holding)) or "nothing"
        legality = deciding(
            edition, edition.parameter_key(kind, WildDraw.NAME, "playable_unless_holding")
        )
        found.append(
            Finding(
                f"legality-vs-judgment:{kind}",
                "legality-vs-judgment",
                ERROR,
                query.section,
                f"{kind} may be played while holding {' or '.join(holding(tuple(judged_only)))}: "
                f"its rule forbids only {forbidden}; yet the challenge counts "
                f"{' or '.join(holding(tuple(judged_only)))} as a match, so an honest player "
                f"draws {effect.offender_draws}",
                witness,
                reading(deciding(edition, path)),
                path,
                (legality.id,) if legality else (),
                (edition.parameter_key(kind, WildDraw.NAME, "playable_unless_holding"),),
            )
        )
    return found
