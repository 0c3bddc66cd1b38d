"""What each transition needs and does to the cards, declared beside the rule functions.

`moves` is the count abstraction the conservation proof reads; `requires` says which card
effects a rule applies to, and `settled_by` which conditions an edition's parameters alone
decide, for the dead-rule analysis and the diagrams.

An effect in `updates` declares its card movements with `@moves(...)`. The places are the
draw pile, the discard pile's top card and the cards under it, the hand the effect acts on,
the other hands, and the set-aside cards. Amounts are symbols the proof interprets:

    "1"        one card
    "owed"     what a table draw deals: the owed amount, or what the pile has if less
    "pile"     every card of the draw pile
    "hand-1"   all but one card of the hand
    "under"    every card under the discard pile's top
    "dealt"    players x hand size (a deal)
    "all"      every card in play (a deal gathers them first)

A move of "1" from the discard's top moves nothing when the discard pile is empty. An effect
whose movements depend on a reading declares a function of the edition instead.

A test (tests/checks/test_flows.py) checks on random games that the kernel moves exactly what
its effects declare, so a proof about the declared flows is a proof about the kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from unospec.model.edition import Edition

PLACES = ("draw", "top", "under", "hand", "others", "aside", "in-play", "outside")
"""`in-play` is every card not set aside; `outside` is out of the game (nothing moves there)."""
AMOUNTS = ("1", "owed", "pile", "hand-1", "under", "dealt", "all")

F = TypeVar("F", bound=Callable[..., object])


@dataclass(frozen=True)
class Move:
    """`amount` cards go from `source` to `target`."""

    source: str
    target: str
    amount: str

    def __post_init__(self) -> None:
        if self.source not in PLACES or self.target not in PLACES:
            raise ValueError(f"unknown place in {self}")
        if self.amount not in AMOUNTS:
            raise ValueError(f"unknown amount in {self}")


def moves(*declared: Move | Callable[[Edition], tuple[Move, ...]]) -> Callable[[F], F]:
    """Declare the card movements of an effect: moves, or one function of the edition."""

    def mark(function: F) -> F:
        if len(declared) == 1 and callable(declared[0]):
            function.moves = declared[0]  # type: ignore[attr-defined]
        else:
            function.moves = declared  # type: ignore[attr-defined]
        return function

    return mark


def moves_of(function: object, edition: Edition) -> tuple[Move, ...]:
    """The movements an effect declares for `edition`; () for none (it moves no card)."""
    declared = getattr(function, "moves", ())
    return tuple(declared(edition) if callable(declared) else declared)


def requires(*effects: type) -> Callable[[F], F]:
    """Declare that a rule function applies only to decks with a card of one of `effects`
    (read by the dead-rule analysis: a rule an edition cannot use is not a dead rule)."""

    def mark(function: F) -> F:
        function.requires = effects  # type: ignore[attr-defined]
        return function

    return mark


def requirements_of(function: object) -> tuple[type, ...]:
    return tuple(getattr(function, "requires", ()))


Settlement = Callable[["Edition"], "bool | None"]


def settled_by(key: str, rule: Settlement) -> Callable[[F], F]:
    """Declare that the edition parameter `key` can settle a condition: `rule(edition)` is its
    value in every state of that edition, or None when the state decides. A branch that such
    a condition keeps from firing is switched off by the edition, not a dead rule."""

    def mark(function: F) -> F:
        function.settled_by = (key, rule)  # type: ignore[attr-defined]
        return function

    return mark


def settlement_of(function: object, edition: Edition) -> tuple[bool, str] | None:
    """(the value, the deciding parameter) when `edition`'s parameters settle `function`."""
    declared = getattr(function, "settled_by", None)
    if declared is None:
        return None
    key, rule = declared
    value = rule(edition)
    return None if value is None else (value, key)
