"""dead-rule: transitions that exploration and random play never fired; those the deck or
the parameters rule out are notes, the others warnings."""

from __future__ import annotations

from collections import Counter

from unospec.checks.analyses.lint.finding import INFO, WARNING, Finding
from unospec.model.edition import Edition
from unospec.model.table import MACHINE
from unospec.model.transitions import applicable, rule_section, rule_words, ruled_out


def dead_rules(edition: Edition, fired: Counter[int] | None, where: str) -> list[Finding]:
    """Transitions that exploration and random play never fired, though the deck has the
    cards they apply to and the parameters allow them (the others are listed as notes)."""
    if fired is None:
        return []
    if not any(fired.values()):  # no game got going: one finding, not one per transition
        return [
            Finding(
                "dead-rule:all",
                "dead-rule",
                WARNING,
                "Let's Play",
                f"no transition fired in {where}: no game got past its first step (see the "
                "other findings, or `unospec explore`, for why)",
                {"checked by": where},
                None,
                None,
            )
        ]
    found = []
    for branch in MACHINE.branches:
        if fired[branch.number]:
            continue
        off = ruled_out(edition, branch)
        if off is not None:
            found.append(
                Finding(
                    f"dead-rule:{branch.label}",
                    "dead-rule",
                    INFO,
                    rule_section(branch, edition),
                    f"{branch.label} cannot fire in this edition: {off[0]} ({off[1]})",
                    {
                        "transition": branch.label,
                        "what it does": rule_words(branch),
                        "ruled out by": off[1],
                    },
                    None,
                    off[1],
                )
            )
            continue
        used = applicable(edition, branch)
        found.append(
            Finding(
                f"dead-rule:{branch.label}",
                "dead-rule",
                WARNING if used else INFO,
                rule_section(branch, edition),
                f"{branch.label} never fired in {where}"
                + ("" if used else " (no card of this deck has the effect it applies to)"),
                {
                    "transition": branch.label,
                    "what it does": rule_words(branch),
                    "checked by": where,
                },
                None,
                None,
            )
        )
    return found
