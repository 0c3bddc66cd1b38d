"""Questions the kernel answers in code that an edition file leaves unrecorded.

A reading that sets no parameter is still a choice: the kernel makes it (`FIXED_READINGS`).
An edition written from scratch may not know the question exists, so lint asks it on the
file's behalf, under the id the built-in files record it by, with the answer the model
plays. The finding keeps the id a recorded reading would have, so recording the reading
later changes its message, not what a baseline counts.
"""

from __future__ import annotations

from typing import NamedTuple

from unospec.checks.lint.finding import WARNING, Finding
from unospec.editions.schema import FIXED_READINGS
from unospec.model import sections
from unospec.model.edition import Edition
from unospec.model.effects import HailMary


class Question(NamedTuple):
    """A question every edition with the card (or every edition, `card` None) must answer."""

    card: type | None
    section: str  # "": the card's own section
    text: str


ASKED: dict[str, Question] = {
    "uno-window": Question(
        None, sections.UNO, "When may UNO be called, and until when may a player be caught?"
    ),
    "final-card-effects": Question(
        None, sections.WINNING, "Does the last card's action still happen before scoring?"
    ),
    "hail-mary-trigger": Question(HailMary, "", "When may a Hail Mary be thrown, and by whom?"),
    "hail-mary-wrong-guess": Question(
        HailMary, "", "What happens when the named colour is not that of the caller's card?"
    ),
    "hail-mary-guess-on-a-wild": Question(
        HailMary, "", "Can a guess be right when the caller's last card is a wild?"
    ),
    "hail-mary-thrower-afterwards": Question(
        HailMary, "", "Do winning and Calling UNO hold for the thrower afterwards?"
    ),
    "hail-mary-shed-cards": Question(
        HailMary, "", "Where do the cards go when the thrower discards down to one?"
    ),
    "hail-mary-pending-challenge": Question(
        HailMary, "", "May a Hail Mary interrupt while a Wild Draw card awaits its challenge?"
    ),
}
"""The fixed readings whose question every edition (with the card) raises, by id."""


def unrecorded(edition: Edition) -> list[Finding]:
    """Each question of `ASKED` the edition raises and its file records no reading of."""
    recorded = {item.id for item in edition.interpretations}
    in_play = {edition.faces.faces[f].kind for f in edition.faces.in_play}
    found = []
    for ident, question in ASKED.items():
        if ident in recorded:
            continue
        section = question.section
        if question.card is not None:
            kinds = [k for k, e in edition.effects if k in in_play and isinstance(e, question.card)]
            if not kinds:
                continue  # no card of the deck raises it
            section = dict(edition.sections).get(kinds[0], "Action Cards")
        found.append(
            Finding(
                f"unspecified-outcome:{ident}",
                "unspecified-outcome",
                WARNING,
                section,
                f"{question.text} The booklet leaves it open and the edition file records no "
                f"reading ({ident}); the model plays {FIXED_READINGS[ident]}.",
                None,
                None,
                None,
            )
        )
    return found
