"""assumption: facts the edition file had to assume because its booklet does not state
them: deck composition lines, the player range."""

from __future__ import annotations

from collections import Counter

from unospec.checks.analyses.lint.finding import INFO, Finding
from unospec.model import sections
from unospec.model.cards import NUMBER
from unospec.model.edition import Edition
from unospec.model.wording import not_stated, span


def assumptions(edition: Edition) -> list[Finding]:
    """Facts the edition file had to assume: deck composition lines, the player range."""
    found = []
    seen: Counter[str] = Counter()
    for i, entry in enumerate(edition.deck):
        if entry.provenance != "assumed":
            continue
        what = entry.kind if entry.kind != NUMBER else f"numbers {list(entry.ranks)}"
        # named by what the line holds, not where it is: moving a line changes no finding
        ident = (
            f"assumption:deck:{entry.kind}"
            + (f":{span(sorted(entry.ranks))}" if entry.ranks else "")
            + (":foil" if entry.foil else "")
        )
        seen[ident] += 1
        found.append(
            Finding(
                ident if seen[ident] == 1 else f"{ident}:{seen[ident]}",
                "assumption",
                INFO,
                sections.CONTENTS,
                f"{not_stated(edition.seed)} how many {what} cards the deck has: "
                f"{entry.copies} assumed ({entry.why})",
                {"entry": i, "kind": entry.kind, "copies": entry.copies},
                None,
                f"deck.cards.{i}",
            )
        )
    if edition.players_provenance == "assumed":
        rules = edition.rules
        found.append(
            Finding(
                "assumption:players",
                "assumption",
                INFO,
                sections.SET_UP,
                f"{not_stated(edition.seed)} how many may play: {rules.min_players}-"
                f"{rules.max_players} assumed",
                {"players": [rules.min_players, rules.max_players]},
                None,
                "players",
            )
        )
    return found
