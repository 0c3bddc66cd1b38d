"""The readings an edition file records that no other finding covers: the booklet is
unclear or silent there, and the file says which reading it chose; each is reported in the
family it names (unspecified-outcome by default), with its base edition's other reading."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from unospec.checks.analyses.lint.families.does_not_arise import does_not_arise
from unospec.checks.analyses.lint.finding import INFO, WARNING, Finding, Severity, reading
from unospec.editions.schema import played_by_model
from unospec.model.cards import KIND_NAME
from unospec.model.edition import Edition, Interpretation, Reading
from unospec.model.wording import left_open, pulled_apart

AT_ODDS = frozenset({"name-vs-effect", "legality-vs-judgment"})
"""Families whose question comes from two passages that disagree, not from a silence."""


def recorded(edition: Edition, covered: set[str], base: Edition | None = None) -> list[Finding]:
    """Every interpretation the edition file records that no other finding covers: the
    booklet is unclear or silent there, and the file says which reading it chose. Where
    the edition it is a variant of (`base`) chose otherwise, the finding says so: lint
    cannot read the booklet, but a variant that departs from its base's reading of it
    should say why."""
    theirs = {item.id: item.chosen for item in base.interpretations} if base else {}
    dealt = edition.faces.kinds_in_play & base.faces.kinds_in_play if base else set()
    found = []
    for i, item in enumerate(edition.interpretations):
        if item.id in covered:
            continue
        family = item.family or "unspecified-outcome"
        severity: Severity = INFO if family in ("assumption", "redundancy") else WARNING
        moot = does_not_arise(edition, item.decides)
        if moot:
            severity = INFO
        unmodelled = _not_modelled(item)
        opens = pulled_apart if family in AT_ODDS else left_open
        found.append(
            Finding(
                f"{family}:{item.id}",
                family,
                severity,
                item.section,
                f"{item.question} {opens(edition.seed)}; the edition file reads "
                f"{_shown(item.chosen)}."
                + (f" It does not arise here: {moot}." if moot else "")
                + (f" {unmodelled}" if unmodelled else "")
                + _departs(base, theirs.get(item.id), item.chosen, dealt),
                None,
                reading(item),
                f"interpretations.{i}",
            )
        )
    return found


def _departs(
    base: Edition | None, theirs: Reading | None, ours: Reading, dealt: AbstractSet[str]
) -> str:
    """`base`'s other reading of the same question, in words, or "" (the same, or none).
    Lists of card kinds are compared on the kinds both decks deal (`dealt`): a card only one
    deck has is the deck's difference, not the reading's."""

    def shared(chosen: Reading) -> Reading | list[str]:
        if not isinstance(chosen, tuple):
            return chosen
        return sorted(k for k in chosen if not KIND_NAME.fullmatch(k) or k in dealt)

    if base is None or theirs is None or shared(theirs) == shared(ours):
        return ""
    return f" Its base, {base.name}, reads {_shown(theirs)}: this file departs from it."


def _shown(chosen: Reading) -> str:
    """A reading in a message as the review's reader wants it, not as Python.

    >>> _shown(("skip", "wild")), _shown("acts-as-skip"), _shown(1), _shown(True)
    ('[skip, wild]', 'acts-as-skip', '1', 'true')
    """
    if isinstance(chosen, tuple):
        return "[" + ", ".join(chosen) + "]"
    if isinstance(chosen, bool):
        return "true" if chosen else "false"
    return str(chosen)


def _not_modelled(item: Interpretation) -> str | None:
    """Why the model may not play as a reading says: no parameter decides it and the kernel
    answers no question of that id (a house rule written as a note, say). A reading of the
    deck is the file's own deck lines (`DATA_READINGS`), whatever family it names."""
    if played_by_model(item.id, item.decides):
        return None
    return (
        "No parameter decides this reading and unospec models no question of this id: the "
        "model plays its own rules here, whatever the file chose."
    )
