"""Which transitions an edition can fire, and what each one says in the booklet's words.

The dead-rule analysis, the edition diff, the main check's coverage and the turn-flow
diagrams all ask the same questions of a compiled transition (`Branch`): does the deck have
the cards it applies to, do the edition's parameters switch it off, which booklet section
rules it (from its rule functions' declarations, `model/flows.py`), and what does it do in
words (from their docstrings).
"""

from __future__ import annotations

import re

from unospec.model import sections
from unospec.model.edition import Edition
from unospec.model.flows import card_cited, requirements_of, section_of, settlement_of
from unospec.model.primitives import Step
from unospec.model.table import MACHINE, Branch


def applicable(edition: Edition, branch: Branch) -> bool:
    """Whether some card of the deck has an effect with a step each rule function of `branch`
    needs (`flows.requires`): one card, whose play takes the branch."""
    faces = edition.faces
    functions = (*branch.conditions, *branch.unless, *branch.validators, branch.update)
    needs = [needed for needed in map(requirements_of, functions) if needed]
    return not needs or any(_takes(faces.effect[f].steps, needs) for f in set(faces.in_play))


def _takes(steps: tuple[Step, ...], needs: list[tuple[type, ...]]) -> bool:
    """Whether a card of these steps has a step each rule function needs: its play can take
    a branch whose functions need them (`flows.requires`)."""
    return all(any(isinstance(step, needed) for step in steps) for needed in needs)


def ruled_out(edition: Edition, branch: Branch) -> tuple[str, str] | None:
    """(why, the deciding parameter) when `edition`'s parameters keep `branch` from ever
    firing: a condition of its own settled against it, a rule check of its action settled
    to refuse every one, or an earlier branch of its event settled to fire first (the
    machine tries an event's branches in order)."""
    for condition in branch.conditions:
        settled = settlement_of(condition, edition)
        if settled is not None and not settled[0]:
            return f"{condition.__name__} never holds", settled[1]
    for condition in branch.unless:
        settled = settlement_of(condition, edition)
        if settled is not None and settled[0]:
            return f"{condition.__name__} always holds", settled[1]
    for validator in branch.validators:
        settled = settlement_of(validator, edition)
        if settled is not None and not settled[0]:
            return f"{validator.__name__} refuses every such action", settled[1]
    for earlier in MACHINE.by_event[branch.source, branch.event]:
        if earlier is branch:
            return None
        values = [settlement_of(c, edition) for c in earlier.conditions]
        if earlier.unless or not values or any(v is None or not v[0] for v in values):
            continue
        names = " and ".join(c.__name__ for c in earlier.conditions)
        key = next(v[1] for v in values if v is not None)
        return f"{names} always holds, so {earlier.label} fires first", key
    return None


def can_fire(edition: Edition, branch: Branch) -> bool:
    """Neither the deck (`applicable`) nor the parameters (`ruled_out`) rule `branch` out."""
    return applicable(edition, branch) and ruled_out(edition, branch) is None


def _first_paragraph(function: object) -> str:
    """A rule function's docstring's first paragraph on one line, where it cites its
    booklet section in parentheses at the end ("" for none)."""
    doc = (getattr(function, "__doc__", None) or "").strip().split("\n\n")[0]
    return " ".join(doc.split())


def rule_section(branch: Branch, edition: Edition | None = None) -> str:
    """The booklet section of `branch`'s rule. For a rule of some card effects (a Draw card,
    a Wild Draw card's challenge), the section the edition file gives the first card with
    such an effect (Action Cards when it has none); else the one its first rule function
    cites (`@cites`: a condition, else its effect, else a rule check), Let's Play when
    none does."""
    functions = (*branch.conditions, *branch.unless, branch.update, *branch.validators)
    if edition is not None:
        needs = [needed for needed in map(requirements_of, functions) if needed]
        if any(requirements_of(f) and card_cited(f) for f in functions):
            cited = dict(edition.sections)
            for kind, effect in edition.effects:
                if kind in cited and _takes(effect.steps, needs):
                    return cited[kind]
            return sections.ACTION_CARDS  # no card of this deck has the effect: no section
    cited_by_rules = (section_of(function) for function in functions)
    return next((section for section in cited_by_rules if section), sections.TURN)


def rule_words(branch: Branch) -> str:
    """What `branch` does, for someone who does not read machine labels: the first sentence
    of the docstring of its effect (else of its first rule check or condition), without the
    section it cites (that is the finding's own); its event's name when none has one. Where
    the same event from the same phase has other transitions, which share the effect, the
    words add when this one is taken, so that no two transitions read alike. The words are
    prose for a reader (the diagrams, a finding's evidence), so they stay in the docstrings;
    the section a rule cites is data (`rule_section`)."""
    said = (_sentence(f) for f in (branch.update, *branch.validators, *branch.conditions))
    words = next((text for text in said if text), "") or branch.event.replace("_", " ")
    if len(MACHINE.by_event[(branch.source, branch.event)]) == 1:
        return words
    if not branch.conditions:
        return f"{words}; taken in every other case"
    when = _sentence(branch.conditions[0])
    if words == when:  # the condition's own words: they already say when
        return words
    return f"{words}; taken when {when[:1].lower()}{when[1:]}"


_AT_THE_END = re.compile(r"\s*\([^()]*\)\.?$")


def _sentence(function: object) -> str:
    """The first sentence of a rule function's docstring, without the section it cites at
    the end in parentheses."""
    text = _AT_THE_END.sub("", _first_paragraph(function)).strip()
    return text.split(". ")[0].rstrip(".")
