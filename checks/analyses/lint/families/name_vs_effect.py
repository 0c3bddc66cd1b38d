"""name-vs-effect: a card whose printed name states an amount its effect, or its booklet
text, contradicts (a Draw Two that makes the next player draw three)."""

from __future__ import annotations

import re

from unospec.checks.analyses.lint.families.shared import card_section
from unospec.checks.analyses.lint.finding import ERROR, Finding, deciding, reading
from unospec.model.edition import Edition
from unospec.model.wording import counted

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def stated_draw(name: str) -> int | None:
    """The amount a card's printed name states (``Draw Three``, ``Wild Draw 4``), if any.

    >>> stated_draw("Wild Draw Four"), stated_draw("Draw 3"), stated_draw("Cannon Ball")
    (4, 3, None)
    """
    match = re.search(r"\bdraw[\s-]+(\w+)\b", name, re.IGNORECASE)
    word = match.group(1).lower() if match else ""
    return int(word) if word.isdigit() else WORDS.get(word)


def name_vs_effect(edition: Edition) -> list[Finding]:
    """A card whose printed name (the file's `name`, else its kind's words) states an amount
    its effect, or its booklet text, contradicts."""
    found = []
    for kind, effect in edition.effects:
        name = edition.card_name(kind)
        named = stated_draw(name)
        if named is None or kind not in edition.faces.kinds_in_play:
            continue
        draws = effect.draws
        draw = None if draws is None else draws[2]
        path = f"cards.{kind}.draw" if draws is None else (
            edition.parameter_key(kind, draws[0].NAME, draws[1])
        )  # fmt: skip
        chosen = deciding(edition, path)
        states = f"{name} is named for {counted(named, 'card', 'cards')}"
        if draw is not None and draw != named:
            found.append(
                Finding(
                    f"name-vs-effect:{kind}",
                    "name-vs-effect",
                    ERROR,
                    card_section(edition, kind),
                    f"{states} but its effect makes the next player draw {draw}",
                    {"name says": named, "effect draws": draw},
                    reading(chosen),
                    path,
                )
            )
        elif chosen is not None and any(a != named for a in chosen.alternatives):
            texts = sorted({a for a in chosen.alternatives if a != named}, key=str)
            found.append(
                Finding(
                    f"name-vs-effect:{kind}",
                    "name-vs-effect",
                    ERROR,
                    chosen.section,
                    f"the booklet's {states} while its text gives "
                    f"{', '.join(map(str, texts))}; the edition file reads {chosen.chosen}",
                    {"name says": named, "text says": texts},
                    reading(chosen),
                    path,
                )
            )
    return found
