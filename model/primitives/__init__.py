"""The primitives card effects are made of: their registry, the one list every reader of
effects goes by.

`PRIMITIVES` lists every primitive, each in a module of its own (`step` says what a
primitive is). An edition file composes a card kind's effect from them by name
(docs/edition-format.md). A primitive added here and nowhere else fails at once: the
compiled engine refuses to import without its twin (`checks.engines.compiled.primitives`),
and the tests hold the words, the docs and the schema to this list.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Literal, get_args, get_origin

from unospec.model.primitives.colour_roulette import ColourRoulette
from unospec.model.primitives.discard_colour import DiscardColour
from unospec.model.primitives.draw import Draw
from unospec.model.primitives.hail_mary import HailMary
from unospec.model.primitives.last_resort import LastResort
from unospec.model.primitives.name_colour import NameColour
from unospec.model.primitives.pass_hands import PassHands
from unospec.model.primitives.penalty_race import PenaltyRace
from unospec.model.primitives.reverse import Reverse
from unospec.model.primitives.skip import Skip
from unospec.model.primitives.skip_everyone import SkipEveryone
from unospec.model.primitives.step import ASKS, Statement, Step, Turn, turns
from unospec.model.primitives.swap_hands import SwapHands
from unospec.model.primitives.unplayable import Unplayable
from unospec.model.primitives.wild_draw import HOLDINGS, WildDraw

__all__ = [
    "ASKS",
    "HOLDINGS",
    "PRIMITIVES",
    "ColourRoulette",
    "DiscardColour",
    "Draw",
    "HailMary",
    "LastResort",
    "NameColour",
    "Parameter",
    "PassHands",
    "PenaltyRace",
    "Reverse",
    "Skip",
    "SkipEveryone",
    "Statement",
    "Step",
    "SwapHands",
    "Turn",
    "Unplayable",
    "WildDraw",
    "by_name",
    "parameters",
    "turns",
]

PRIMITIVES: tuple[type[Step], ...] = (
    Skip,
    Reverse,
    Draw,
    NameColour,
    WildDraw,
    HailMary,
    PenaltyRace,
    SkipEveryone,
    DiscardColour,
    PassHands,
    SwapHands,
    ColourRoulette,
    LastResort,
    Unplayable,
)
"""Every primitive, in the order the docs present them."""

_BY_NAME = {primitive.NAME: primitive for primitive in PRIMITIVES}
if len(_BY_NAME) != len(
    PRIMITIVES
):  # two primitives under one name: an edition file could not say which
    raise AssertionError("two primitives share a name")


def by_name(name: str) -> type[Step] | None:
    """The primitive an edition file names `name`, or None."""
    return _BY_NAME.get(name)


@dataclasses.dataclass(frozen=True)
class Parameter:
    """One parameter of a primitive, as an edition file writes it: a count (`kind` "count"),
    one of the `readings` the kernel plays, or a list of `HOLDINGS`. A reading with a
    `default` is optional in a file: one that leaves it out plays the default, the reading
    unospec played before a file could choose another."""

    name: str
    kind: str  # "count" | "reading" | "holdings"
    readings: tuple[str, ...] = ()
    default: str | None = None


_PARAMETERS: dict[type[Step], tuple[Parameter, ...]] = {}


def parameters(primitive: type[Step]) -> tuple[Parameter, ...]:
    """The parameters of `primitive`, in the order of its fields, read off their types
    (once per primitive: type hints are slow to read)."""
    known = _PARAMETERS.get(primitive)
    if known is None:
        known = _PARAMETERS[primitive] = _read_parameters(primitive)
    return known


def _read_parameters(primitive: type[Step]) -> tuple[Parameter, ...]:
    hints = typing.get_type_hints(primitive)
    found = []
    for field in dataclasses.fields(primitive):
        hint = hints[field.name]
        if hint is int:
            found.append(Parameter(field.name, "count"))
        elif get_origin(hint) is Literal:
            default = None if field.default is dataclasses.MISSING else str(field.default)
            found.append(Parameter(field.name, "reading", tuple(get_args(hint)), default))
        elif hint == tuple[str, ...]:
            found.append(Parameter(field.name, "holdings", HOLDINGS))
        else:  # a parameter of a type no edition file can write
            raise TypeError(f"{primitive.__name__}.{field.name}: no file type for {hint!r}")
    return tuple(found)
