"""unspecified-outcome at the first flip: a card the first flip keeps whose outcome no rule
states: a wild, which leaves no colour in force (with a deal that shows it), or a coloured
action card, whose action the model does not carry out. Where the edition carries a first
card out (`setup.first_card = "played-by-the-dealer"`), a card whose first effect names the
colour or has steps has its outcome stated."""

from __future__ import annotations

from unospec.checks.analyses.lint.finding import WARNING, Finding, deciding, reading
from unospec.checks.analyses.lint.witnesses import colourless_first_flip
from unospec.model import sections
from unospec.model.cards import NUMBER
from unospec.model.edition import Edition
from unospec.model.effects import CardEffect


def first_flip(edition: Edition) -> list[Finding]:
    """A wild the first flip does not ignore can start the discard pile: then no colour is in
    force, and the booklets name none (Set Up 4 speaks of action cards only)."""
    found = []
    path = "setup.first_flip_ignores"
    for kind in sorted(edition.faces.kinds_in_play - edition.rules.first_flip_ignores):
        first = _first_effect(edition, kind)
        if not edition.is_wild(kind):
            if kind != NUMBER and not (first is not None and first.steps):
                found.append(_action_turned_up(edition, kind, path))
            continue
        if first is not None and first.asks("colour"):
            continue  # the dealer names it
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


def _first_effect(edition: Edition, kind: str) -> CardEffect | None:
    """What a card of `kind` turned up first does, where the edition carries it out (None
    where it starts the pile as a plain card)."""
    if edition.rules.first_card != "played-by-the-dealer":
        return None
    faces = edition.faces
    return next(faces.first_effect[c] for c in faces.in_play if faces.faces[c].kind == kind)


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
