"""Card faces and their ids.

A *face* is what a card shows (kind, colour, rank); copies of a card share a face. The kernel
works on small integers (an edition's face index), this module on names. `KINDS` are the
kinds the booklets name; an edition file may add its own (a `[cards.KIND]` table saying
whether it is wild), which sort after them by name (`kind_order`).

>>> Face.parse("red-7")
Face(kind='number', color='red', rank=7)
>>> Face.parse("wild-draw-four").card_id
'wild-draw-four'
"""

from __future__ import annotations

import re
from typing import NamedTuple

COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue")
"""All colours, in the order the trace format lists them."""

NUMBER = "number"
COLORED_ACTION_KINDS: tuple[str, ...] = ("skip", "reverse", "draw-two", "draw-one")
WILD_KINDS: tuple[str, ...] = (
    "wild",
    "wild-draw-four",
    "wild-draw-two",
    "wild-hail-mary",
    "wild-touchdown",
    "wild-favorite-line",
)
COLORED_KINDS: tuple[str, ...] = (NUMBER, *COLORED_ACTION_KINDS)
KINDS: tuple[str, ...] = (*COLORED_KINDS, *WILD_KINDS)
RANKS: tuple[int, ...] = tuple(range(10))


KIND_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""How a card kind is named: lowercase words joined by dashes (`wild-swap-hands`)."""


def rank_rule(rank: int) -> str:
    """The name of the rule of number cards of one rank (`number-7`): an edition file's
    `[cards.number-7]` gives those cards an effect of their own (the 7 of 7-0)."""
    return f"{NUMBER}-{rank}"


def ranked(rule: str) -> int | None:
    """The rank a rank rule (`rank_rule`) is about, or None for a kind."""
    head, _, rank = rule.rpartition("-")
    return int(rank) if head == NUMBER and rank.isdigit() and len(rank) == 1 else None


def kind_order(kind: str) -> tuple[int, str]:
    """Where a kind, or a rank rule, sorts: the booklets' kinds in their order (a number
    rank's rule after the numbers), then an edition's own by name."""
    if ranked(kind) is not None:
        return (KINDS.index(NUMBER), kind)
    return (KINDS.index(kind), "") if kind in KINDS else (len(KINDS), kind)


def kind_problem(kind: str) -> str | None:
    """Why `kind` cannot name a card kind of an edition's own, or None."""
    if not KIND_NAME.fullmatch(kind) or len(kind) > 40:
        return "a kind named in lowercase words joined by dashes, at most 40 characters"
    if any(kind.startswith(f"{color}-") for color in COLORS):
        return "a kind that does not start with a colour (a card id would read as that colour's)"
    if kind.startswith(f"{NUMBER}-") and ranked(kind) is None:
        return "a kind that does not start with 'number-' (number-0 to number-9 are ranks' rules)"
    return None


class Face(NamedTuple):
    """What one card shows. `color` is None for wilds, `rank` is None for all but numbers."""

    kind: str
    color: str | None = None
    rank: int | None = None

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def card_id(self) -> str:
        """The trace format's id: ``COLOR-RANK``, ``COLOR-KIND`` or the wild's kind."""
        if self.color is None:
            return self.kind
        if self.kind == NUMBER:
            return f"{self.color}-{self.rank}"
        return f"{self.color}-{self.kind}"

    @property
    def symbol(self) -> str:
        """What a card matches besides colour: its number, or its action symbol."""
        return str(self.rank) if self.kind == NUMBER else self.kind

    def sort_key(self) -> tuple[int, tuple[int, str], int]:
        """Coloured faces by colour, kind and rank; wilds last, by kind."""
        color = COLORS.index(self.color) if self.color is not None else len(COLORS)
        return (color, kind_order(self.kind), -1 if self.rank is None else self.rank)

    @classmethod
    def parse(cls, card_id: str) -> Face:
        """The face named by a trace card id; ValueError names what is wrong with it."""
        if card_id in WILD_KINDS:
            return cls(card_id)
        color, sep, rest = card_id.partition("-")
        if not sep or color not in COLORS:
            raise ValueError(f"unknown card {card_id!r}")
        if rest.isdigit() and int(rest) in RANKS and rest == str(int(rest)):
            return cls(NUMBER, color, int(rest))
        if rest in COLORED_ACTION_KINDS:
            return cls(rest, color)
        raise ValueError(f"unknown card {card_id!r}")
