"""scoring-coverage: cards the scoring table gives no value (the Z3 query
`scoring-coverage` refuted), a target no hand can reach (`scoring-target` refuted), and
values for cards the deck lacks."""

from __future__ import annotations

from unospec.checks.analyses.lint.finding import ERROR, INFO, Finding
from unospec.checks.analyses.proofs import Claim, ProofReport
from unospec.model import sections
from unospec.model.edition import Edition


def scoring_coverage(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """Cards without a value, values for cards not in the deck, an unreachable target."""
    found = [
        Finding(
            "scoring-coverage:missing",
            "scoring-coverage",
            ERROR,
            query.section,
            "the scoring table gives no value for some cards of the deck: a hand they are "
            "left in cannot be scored",
            query.witness,
            None,
            "scoring.points",
        )
        for query in proofs.refuted(Claim.SCORING_COVERAGE)
    ]
    found += [
        Finding(
            "scoring-coverage:target",
            "scoring-coverage",
            ERROR,
            query.section,
            "no hand can score a point, so the target score is never reached",
            query.witness,
            None,
            "scoring.target",
        )
        for query in proofs.refuted(Claim.SCORING_TARGET)
    ]
    present = edition.faces.kinds_in_play
    extra = sorted(k for k, _ in edition.rules.points if k not in present)
    if extra:
        found.append(
            Finding(
                "scoring-coverage:unused",
                "scoring-coverage",
                INFO,
                sections.SCORING,
                f"the scoring table values cards that are not in the deck: {', '.join(extra)}",
                {"not in the deck": extra},
                None,
                "scoring.points",
            )
        )
    return found
