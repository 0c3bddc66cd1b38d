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
from unospec.checks.wording import left_open
from unospec.editions.schema import FIXED_READINGS
from unospec.model import sections
from unospec.model.edition import Edition


class Question(NamedTuple):
    """A question every edition whose deck has `card` (every edition, `card` None) raises,
    at a table of two when `two_players`."""

    card: str | None
    section: str  # "": the card's own section
    text: str
    two_players: bool = False


HAIL_MARY, TOUCHDOWN, FAVORITE_LINE = "wild-hail-mary", "wild-touchdown", "wild-favorite-line"

ASKED: dict[str, Question] = {
    "uno-window": Question(
        None, sections.UNO, "When may UNO be called, and until when may a player be caught?"
    ),
    "uno-call-out-of-place": Question(
        None, sections.UNO, "What does a call of UNO do when nobody has just one card left?"
    ),
    "final-card-effects": Question(
        None, sections.WINNING, "Does the last card's action still happen before scoring?"
    ),
    "hail-mary-trigger": Question(HAIL_MARY, "", "When may a Hail Mary be thrown, and by whom?"),
    "hail-mary-wrong-guess": Question(
        HAIL_MARY, "", "What happens when the named colour is not that of the caller's card?"
    ),
    "hail-mary-guess-on-a-wild": Question(
        HAIL_MARY, "", "Can a guess be right when the caller's last card is a wild?"
    ),
    "hail-mary-thrower-afterwards": Question(
        HAIL_MARY, "", "Do winning and Calling UNO hold for the thrower afterwards?"
    ),
    "hail-mary-shed-cards": Question(
        HAIL_MARY, "", "Where do the cards go when the thrower discards down to one?"
    ),
    "hail-mary-pending-challenge": Question(
        HAIL_MARY, "", "May a Hail Mary interrupt while a Wild Draw card awaits its challenge?"
    ),
    "touchdown-next-player": Question(
        TOUCHDOWN, "", "Who plays after the Touchdown card, and does the loser lose a turn?"
    ),
    "touchdown-judge": Question(TOUCHDOWN, "", "Who decides which player was last?"),
    "touchdown-two-players": Question(
        TOUCHDOWN, "", "With two players, who is last to signal?", two_players=True
    ),
    "favorite-line-next-player": Question(
        FAVORITE_LINE, "", "Who plays after My Favorite Line, and does the loser lose a turn?"
    ),
    "favorite-line-judge": Question(
        FAVORITE_LINE, "", "Who decides that a quote is wrong or missing?"
    ),
    "favorite-line-no-failure": Question(
        FAVORITE_LINE, "", "What if every player manages a quote?"
    ),
}
"""The fixed readings whose question every edition (with the card) raises, by id."""

NOT_ASKED = frozenset({"action-on-action", "wilds-any-time"})
"""Fixed readings of one booklet's own wording (Express's NOTE): no other edition raises them."""


def unrecorded(edition: Edition) -> list[Finding]:
    """Each question of `ASKED` the edition raises and its file records no reading of."""
    recorded = {item.id for item in edition.interpretations}
    in_play = {edition.faces.faces[f].kind for f in edition.faces.in_play}
    found = []
    for ident, question in ASKED.items():
        if ident in recorded:
            continue
        if question.two_players and edition.rules.min_players > 2:
            continue
        section = question.section
        if question.card is not None:
            if question.card not in in_play:
                continue  # no card of the deck raises it
            section = dict(edition.sections).get(question.card, sections.ACTION_CARDS)
        found.append(
            Finding(
                f"unspecified-outcome:{ident}",
                "unspecified-outcome",
                WARNING,
                section,
                f"{question.text} {left_open(edition.seed)} and the edition file records no "
                f"reading ({ident}); the model plays {FIXED_READINGS[ident]}.",
                None,
                None,
                None,
            )
        )
    return found
