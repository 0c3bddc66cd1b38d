"""The data diff: what two edition files differ in, as the model reads them.

Deck composition, every card's behaviour, every rule and scoring parameter, the readings
chosen and the transitions that can fire. Names, titles, booklet files, section citations
and the wording of reasons are not behaviour, and are not compared; nor is what a file says
about a card kind its deck does not have (`as_played`).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Mapping
from typing import TypedDict

from unospec.checks.analyses.diff.report import Difference
from unospec.checks.analyses.lint.unrecorded import ASKED
from unospec.checks.analyses.lint.unrecorded import arises as question_arises
from unospec.editions.schema import RULE_KEYS
from unospec.model.cards import ranked
from unospec.model.edition import NO_HOUSE_RULE, Edition, Interpretation, Reading
from unospec.model.effects import as_written
from unospec.model.table import MACHINE
from unospec.model.transitions import can_fire

DeckComposition = dict[str, int | list[str]]
"""Card counts by kind (`skip`) and by number rank (`number 7`), the `colours`, and the cards
`set aside` (when there are any)."""

Parameters = dict[str, object]
"""Parameters by name: their values are whatever an edition file may give them."""


class ReadingChoice(TypedDict):
    """One reading as compared: the choice, and its alternatives in a fixed order."""

    chosen: object
    alternatives: list[object]


def plain(value: object) -> object:
    """`value` as JSON has it: tuples as lists, sets as sorted lists."""
    if isinstance(value, frozenset):
        return [plain(v) for v in sorted(value)]
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def pairs(
    label: str, a: Mapping[str, object], b: Mapping[str, object], kind: str
) -> list[Difference]:
    """A difference of `kind` for every key whose value differs, under `label`."""
    return [
        Difference(kind, f"{label}{key}", plain(a.get(key)), plain(b.get(key)))
        for key in sorted(set(a) | set(b))
        if plain(a.get(key)) != plain(b.get(key))
    ]


def as_played(edition: Edition) -> Edition:
    """`edition` without what it says about card kinds its deck does not have: their card
    rules, points and first-flip entries, and the readings of questions only such a card
    raises. No game reads them, so a file that keeps them and one that deletes them play
    alike and are compared alike (`unospec lint` still reports them as leftovers)."""
    present = edition.faces.kinds_in_play

    def arises(item: Interpretation) -> bool:
        head, _, rest = (item.decides or "").partition(".")
        if head == "cards" and rest.split(".")[0] not in present:
            return False
        question = ASKED.get(item.id)
        if question is None:
            return True
        return question_arises(question, edition)

    def kept(value: Reading) -> Reading:
        return tuple(k for k in value if k in present) if isinstance(value, tuple) else value

    readings = tuple(
        dataclasses.replace(i, chosen=kept(i.chosen), alternatives=tuple(map(kept, i.alternatives)))
        if i.decides == "setup.first_flip_ignores"
        else i
        for i in edition.interpretations
        if arises(i)
    )
    rules = dataclasses.replace(
        edition.rules,
        points=tuple((k, v) for k, v in edition.rules.points if k in present),
        first_flip_ignores=edition.rules.first_flip_ignores & present,
    )
    return dataclasses.replace(
        edition,
        effects=tuple((k, e) for k, e in edition.effects if k in present),
        rules=rules,
        interpretations=readings,
    )


def deck_composition(edition: Edition) -> DeckComposition:
    """The whole card multiset in play, in words: how many of each kind and of each number
    rank (`number 7`). A deck line holds the same cards in every colour, so with the colours
    these counts are the multiset: equal compositions, equal decks."""
    shown = [edition.faces.faces[f] for f in edition.faces.in_play]
    deck: DeckComposition = dict(Counter(face.kind for face in shown))
    deck.update(sorted(Counter(f"{f.kind} {f.rank}" for f in shown if f.rank is not None).items()))
    deck["colours"] = list(edition.colors)
    if edition.faces.set_aside:
        deck["set aside"] = sorted(edition.faces.card_id(f) for f in edition.faces.set_aside)
    return deck


def card_parameters(edition: Edition) -> Parameters:
    """Each card rule's parameters, by `KIND.parameter`, for the kinds in play."""
    present = edition.faces.kinds_in_play
    flat: Parameters = {}
    for kind, effect in edition.effects:
        if kind not in present:
            continue
        for key, value in as_written(effect).items():  # as the file writes it
            if isinstance(value, dict):
                flat.update((f"{kind}.{key}.{name}", v) for name, v in value.items())
            else:
                flat[f"{kind}.{key}"] = value
    for rule, symbol in edition.symbols:  # what its cards match by besides colour
        if rule in present or ranked(rule) is not None:
            flat[f"{rule}.symbol"] = False if symbol is None else symbol
    return flat


def rule_parameters(edition: Edition) -> Parameters:
    """The rule parameters by field name, but scoring's (points and target: compared apart),
    and the house rules an edition does not play (`NO_HOUSE_RULE`)."""
    rules = dataclasses.asdict(edition.rules)
    rules.pop("points")
    rules.pop("target_score")
    for key, booklets in NO_HOUSE_RULE.items():  # a house rule is named where it is played
        if rules[key] == booklets:
            rules.pop(key)
    return rules


def readings(edition: Edition) -> dict[str, ReadingChoice]:
    """Each reading's choice and its alternatives, in a fixed order (listing the same
    alternatives in another order changes nothing)."""
    return {
        i.id: {
            "chosen": plain(i.chosen),
            "alternatives": sorted([plain(a) for a in i.alternatives], key=json.dumps),
        }
        for i in edition.interpretations
    }


def data_differences(a: Edition, b: Edition) -> list[Difference]:
    """How the two editions' data differ, as the model reads it."""
    return [
        *pairs("deck.", deck_composition(a), deck_composition(b), "deck"),
        *pairs(
            "deck.",
            {"total": a.total_cards, "in play": a.in_play_count},
            {"total": b.total_cards, "in play": b.in_play_count},
            "deck",
        ),
        *pairs("cards.", card_parameters(a), card_parameters(b), "parameter"),
        *pairs("", _as_written(rule_parameters(a)), _as_written(rule_parameters(b)), "parameter"),
        *pairs("scoring.points.", dict(a.rules.points), dict(b.rules.points), "scoring"),
        *pairs(
            "scoring.",
            {"target": a.rules.target_score},
            {"target": b.rules.target_score},
            "scoring",
        ),
        *pairs("interpretations.", readings(a), readings(b), "interpretation"),
        *pairs("", _transitions(a), _transitions(b), "transition"),
    ]


def _as_written(rules: Parameters) -> Parameters:
    """Rule parameters by the key an edition file writes them under (`setup.hand_size`)."""
    return {RULE_KEYS[name]: value for name, value in rules.items()}


def _transitions(edition: Edition) -> dict[str, bool]:
    return {b.label: can_fire(edition, b) for b in MACHINE.branches}
