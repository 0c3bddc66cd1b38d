"""What several families share: a card's booklet section, held cards in words, and the
Wild Draw cards a proof refuted a claim about."""

from __future__ import annotations

from collections.abc import Iterator

from unospec.checks.analyses.proofs import Claim, ProofReport, Query
from unospec.model import sections
from unospec.model.edition import Edition
from unospec.model.primitives import WildDraw


def card_section(edition: Edition, kind: str) -> str:
    """The booklet section of a card kind's rule (the Action Cards chapter by default)."""
    return dict(edition.sections).get(kind, sections.ACTION_CARDS)


def holding(kinds: tuple[str, ...]) -> list[str]:
    """Held cards as a Wild Draw rule names them (``current-color``), in words."""
    names = {"current-color": "a card of the colour in force", "wild": "a wild card"}
    return [names[k] for k in kinds]


def refuted_wild_draws(
    edition: Edition, proofs: ProofReport, claim: Claim
) -> Iterator[tuple[Query, str, WildDraw]]:
    """(query, card kind, its rule) for each refuted `claim` about a Wild Draw card."""
    for query in proofs.refuted(claim):
        effect = edition.effect_of(query.about).find(WildDraw)
        assert effect is not None
        yield query, query.about, effect
