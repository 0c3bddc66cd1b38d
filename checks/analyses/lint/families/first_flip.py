"""unspecified-outcome at the first flip: a card the first flip keeps whose outcome no rule
states: a wild, which leaves no colour in force (with a deal that shows it), or a coloured
action card, whose action the model does not carry out."""

from __future__ import annotations

from unospec.checks.analyses.lint.finding import WARNING, Finding, deciding, reading
from unospec.checks.analyses.lint.witnesses import colourless_first_flip
from unospec.model import sections
from unospec.model.cards import NUMBER
from unospec.model.edition import Edition


def first_flip(edition: Edition) -> list[Finding]:
    """A wild the first flip does not ignore can start the discard pile: then no colour is in
    force, and the booklets name none (Set Up 4 speaks of action cards only)."""
    found = []
    path = "setup.first_flip_ignores"
    for kind in sorted(edition.faces.kinds_in_play - edition.rules.first_flip_ignores):
        if not edition.is_wild(kind):
            if kind != NUMBER:
                found.append(_action_turned_up(edition, kind, path))
            continue
        witness = colourless_first_flip(edition, kind)
        if witness is None:
            continue
        found.append(
            Finding(
                f"unspecified-outcome:first-flip:{kind}",
                "unspecified-outcome",
                WARNING,
                sections.FIRST_FLIP,
                f"the first card turned up may be a {kind} (the first flip does not ignore "
                "it), and no rule names a colour for it: no coloured card matches it, so "
                "players draw until one plays a wild",
                witness,
                reading(deciding(edition, path)),
                path,
            )
        )
    return found


def _action_turned_up(edition: Edition, kind: str, path: str) -> Finding:
    """A coloured action card the first flip keeps: the model starts the pile with it as a
    plain card of its colour, which is a reading the booklets do not state."""
    return Finding(
        f"unspecified-outcome:first-flip:{kind}",
        "unspecified-outcome",
        WARNING,
        sections.FIRST_FLIP,
        f"the first card turned up may be a {kind} (the first flip does not ignore it); the "
        "model starts the pile with it as a plain card of its colour, and its action is not "
        "carried out",
        {"card": kind, "ignored at the first flip": sorted(edition.rules.first_flip_ignores)},
        reading(deciding(edition, path)),
        path,
    )
