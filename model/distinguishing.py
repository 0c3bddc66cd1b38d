"""The distinguishing variant of an edition: the same deck and rules, with every numeric
parameter given a value no other one has.

In the built-in editions parameters that mean different things often have equal values
(every Wild Draw card's offender draws as many as its victim would; every action card
scores 20), so an implementation that reads the wrong one plays them right. Conformance
also runs on this variant, where such a mix-up changes the game.

A count (a draw amount, the UNO penalty) keeps its value when no count before it has it
and is not 1 (the plain draw of Let's Play), and else takes the least unused value from 2
up; a kind's points keep theirs when unused, and else take the least unused value above.
Effects and points go in the order of their kinds' names.

>>> from unospec.editions import load_edition
>>> variant = distinguishing(load_edition("classic"))
>>> from unospec.model.primitives import WildDraw
>>> wild_draw = variant.effect_of("wild-draw-four").find(WildDraw)
>>> (wild_draw.draw, wild_draw.challenger_draws, wild_draw.offender_draws)
(4, 6, 3)
>>> variant.rules.uno_penalty, dict(variant.rules.points)["reverse"]
(5, 21)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from unospec.model.edition import Edition
from unospec.model.effects import CardEffect

NAME = "distinguishing"
"""How a trace names this variant (its `variant` key)."""

VARIANTS: dict[str, Callable[[Edition], Edition]] = {}
"""The variants a trace may name, each made from the edition it names (filled below)."""


def distinguishing(edition: Edition) -> Edition:
    """`edition` with its numeric parameters made pairwise distinct (see the module)."""
    used = {1}  # the plain draw: a count of 1 would read as no parameter at all
    effects: dict[str, CardEffect] = dict(edition.effects)
    for kind, effect in sorted(effects.items()):
        steps = []
        for step in effect.steps:
            changes: dict[str, Any] = {
                parameter.name: _unused(getattr(step, parameter.name), used, least=2)
                for parameter in dataclasses.fields(step)
                if type(getattr(step, parameter.name)) is int
            }
            steps.append(dataclasses.replace(step, **changes))
        effects[kind] = CardEffect(tuple(steps))
    penalty = _unused(edition.rules.uno_penalty, used, least=2)
    points = dict(edition.rules.points)
    for kind, worth in sorted(points.items()):
        if not isinstance(worth, str):  # "face-value": a number card's rank
            points[kind] = _unused(worth, used, least=worth + 1)
    return dataclasses.replace(
        edition,
        effects=tuple(effects.items()),
        rules=dataclasses.replace(edition.rules, uno_penalty=penalty, points=tuple(points.items())),
    )


def _unused(value: int, used: set[int], least: int) -> int:
    """`value` when it is not in `used`, else the least value from `least` up that is not;
    recorded as used."""
    if value in used:
        value = least
        while value in used:
            value += 1
    used.add(value)
    return value


VARIANTS[NAME] = distinguishing
