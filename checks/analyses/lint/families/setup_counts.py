"""resource-exhaustion at setup: player counts the deck cannot deal, first flips that can
find only ignored cards, and a first flip that ignores the whole deck (the Z3 query
`setup-feasibility` refuted)."""

from __future__ import annotations

from unospec.checks.analyses.lint.finding import ERROR, WARNING, Finding, deciding, reading
from unospec.checks.analyses.proofs import Claim, ProofReport
from unospec.checks.analyses.proofs.setup import SetupQuery
from unospec.model import sections
from unospec.model.edition import Edition
from unospec.model.wording import not_stated, seats, span


def setup_counts(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """The setup findings, when the setup query was refuted: one for a deck the first flip
    ignores entirely, else those of the player counts it found wanting."""
    found = []
    for query in proofs.refuted(Claim.SETUP_FEASIBILITY):
        assert isinstance(query, SetupQuery)
        if _nothing_starts(edition):
            found.append(_no_first_card(edition))
        else:
            found += _player_counts(edition, query)
    return found


def _no_first_card(edition: Edition) -> Finding:
    return Finding(
        "resource-exhaustion:no-first-card",
        "resource-exhaustion",
        ERROR,
        sections.FIRST_FLIP,
        "the first flip ignores every card of the deck: no card can start the "
        "discard pile, so every deal is dealt again and no hand ever begins",
        {"ignored at the first flip": sorted(edition.rules.first_flip_ignores)},
        None,
        "setup.first_flip_ignores",
    )


def _player_counts(edition: Edition, query: SetupQuery) -> list[Finding]:
    """Player counts the deck cannot deal (an error: the edition allows them) and those whose
    first flip can find only ignored cards (a warning: the flip-exhausted reading applies)."""
    found = []
    if query.undealable:
        found.append(
            Finding(
                "resource-exhaustion:deal",
                "resource-exhaustion",
                ERROR,
                query.section,
                f"the deck cannot deal the hands for {span(list(query.undealable))} players, "
                f"which the edition allows{_counts_assumed(edition)}",
                query.witness,
                None,
                "players.max",
            )
        )
    if query.flipless or not query.undealable:
        found.append(
            Finding(
                "resource-exhaustion:setup",
                "resource-exhaustion",
                WARNING,
                query.section,
                "for some player counts the first flip can find no card to start the discard "
                f"pile{_counts_assumed(edition)}",
                query.witness,
                reading(deciding(edition, "setup.flip_exhausted")),
                "setup.flip_exhausted",
            )
        )
    return found


def _counts_assumed(edition: Edition) -> str:
    """Where the player counts behind a setup finding are the file's assumption, the words
    that say so: the defect may then lie in the assumption, not in the booklet."""
    if edition.players_provenance != "assumed":
        return ""
    rules = edition.rules
    return (
        f" ({not_stated(edition.seed)} how many may play: the edition file assumes "
        f"{seats(rules.min_players, rules.max_players)})"
    )


def _nothing_starts(edition: Edition) -> bool:
    faces = edition.faces
    return all(faces.ignored_at_flip[card] for card in faces.in_play)
