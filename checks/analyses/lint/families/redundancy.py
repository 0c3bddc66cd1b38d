"""redundancy, of rules the deck never uses: card rules and first-flip entries for kinds
the deck lacks, and a target score a one-hand game never reads."""

from __future__ import annotations

from unospec.checks.analyses.lint.finding import INFO, Finding
from unospec.model import sections
from unospec.model.edition import Edition


def redundancy(edition: Edition) -> list[Finding]:
    """Rules the deck never uses: card rules and first-flip entries for absent kinds."""
    present = edition.faces.kinds_in_play
    found = []
    unused_rules = sorted(k for k, _ in edition.effects if k not in present)
    if unused_rules:
        found.append(
            Finding(
                "redundancy:card-rules",
                "redundancy",
                INFO,
                sections.ACTION_CARDS,
                f"rules for cards that are not in the deck: {', '.join(unused_rules)}",
                {"not in the deck": unused_rules},
                None,
                "cards",
            )
        )
    if edition.rules.game_end == "single-hand":
        found.append(
            Finding(
                "redundancy:target",
                "redundancy",
                INFO,
                sections.SCORING,
                f"the target of {edition.rules.target_score} points is never read: a game is "
                "one hand (scoring.game_end)",
                {"target": edition.rules.target_score, "game_end": "single-hand"},
                None,
                "scoring.target",
            )
        )
    unused_flip = sorted(k for k in edition.rules.first_flip_ignores if k not in present)
    if unused_flip:
        found.append(
            Finding(
                "redundancy:first-flip",
                "redundancy",
                INFO,
                sections.FIRST_FLIP,
                f"the first flip ignores cards that are not in the deck: {', '.join(unused_flip)}",
                {"not in the deck": unused_flip},
                None,
                "setup.first_flip_ignores",
            )
        )
    return found
