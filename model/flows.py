"""What each rule function needs, does to the cards and cites, declared beside it as data.

`moves` is the count abstraction the conservation proof reads; `requires` says which card
effects a rule applies to, and `settled_by` which conditions an edition's parameters alone
decide, for the dead-rule analysis and the diagrams; `cites` names the booklet section a
rule implements, for the findings and diagrams that point a reader to the booklet. Each
decorator fills the rule function's `RuleInfo` in `RULES`; the analyses read it through
the `*_of` accessors, so a rule function carries no attributes of its own.

An effect in `updates` declares its card movements with `@moves(...)`. The places are the
draw pile, the discard pile's top card and the cards under it, the hand the effect acts on,
the other hands, the cards out of play until the next deal, and the set-aside cards.
Amounts are symbols the proof interprets:

    "1"        one card
    "owed"     what a table draw deals: the owed amount, or what the pile has if less
    "pile"     every card of the draw pile
    "hand-1"   all but one card of the hand
    "under"    every card under the discard pile's top
    "dealt"    players x hand size (a deal)
    "all"      every card in play (a deal gathers them first)
    "colour"   the cards of the played card's colour left in the hand (a Discard All)
    "hand"     every card of the hand
    "some"     some cards, as many as the place holds at most (hands passed or swapped)

A move of "1" from the discard's top moves nothing when the discard pile is empty. An effect
whose movements depend on a reading declares a function of the edition instead.

A test (tests/checks/test_flows.py) checks on random games that the kernel moves exactly what
its effects declare, so a proof about the declared flows is a proof about the kernel; another
(tests/model/test_rule_metadata.py) that each rule cites in its data what its docstring cites.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from unospec.model.edition import Edition

PLACES = (
    "draw", "top", "under", "hand", "others", "aside", "out-of-play", "in-play", "outside",
)  # fmt: skip
"""`out-of-play` holds cards out of play until the next deal (`GameState.out_of_play`);
`in-play` is every card not set aside; `outside` is out of the game (nothing moves there)."""
AMOUNTS = ("1", "owed", "pile", "hand-1", "under", "dealt", "all", "colour", "hand", "some")

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


Moves = tuple[Move, ...] | Callable[["Edition"], tuple[Move, ...]]
"""An effect's movements: fixed, or a function of the edition (a reading decides them)."""

Settlement = Callable[["Edition"], "bool | None"]


@dataclass(frozen=True)
class RuleInfo:
    """What the analyses know of one rule function besides its code: the booklet section it
    cites, its card movements, the card effects it applies to, the edition parameter that
    can settle it (with the rule that does), and, for a table draw's condition, the phase
    the draw resumes."""

    section: str | None = None
    moves: Moves = ()
    requires: tuple[type, ...] = ()
    cites_card: bool = True
    settled_by: tuple[str, Settlement] | None = None
    resumes: str | None = None


NOTHING_DECLARED = RuleInfo()

RULES: dict[object, RuleInfo] = {}
"""Each rule function's declarations, keyed by the function the machine names."""


def rule_info(function: object) -> RuleInfo:
    """What `function`'s decorators declared (`NOTHING_DECLARED` when it has none)."""
    return RULES.get(function, NOTHING_DECLARED)


def declaring(change: Callable[[RuleInfo], RuleInfo]) -> Callable[[F], F]:
    """A decorator that records `change` to a rule function's `RuleInfo` and returns the
    function itself: the machine and the twin tables name the function, not a wrapper."""

    def mark(function: F) -> F:
        RULES[function] = change(rule_info(function))
        return function

    return mark


def cites(section: str) -> Callable[[F], F]:
    """Declare the booklet section a rule function implements (a name in `sections`)."""
    return declaring(lambda info: replace(info, section=section))


def section_of(function: object) -> str | None:
    """The booklet section `function` cites; None for a function that declares none."""
    return rule_info(function).section


def moves(*declared: Move | Callable[[Edition], tuple[Move, ...]]) -> Callable[[F], F]:
    """Declare the card movements of an effect: moves, or one function of the edition."""
    flows: Moves
    if len(declared) == 1 and callable(declared[0]):
        flows = declared[0]
    else:
        flows = tuple(m for m in declared if isinstance(m, Move))
    return declaring(lambda info: replace(info, moves=flows))


def moves_of(function: object, edition: Edition) -> tuple[Move, ...]:
    """The movements an effect declares for `edition`; () for none (it moves no card)."""
    declared = rule_info(function).moves
    return tuple(declared(edition) if callable(declared) else declared)


def requires(*effects: type, cites_card: bool = True) -> Callable[[F], F]:
    """Declare that a rule function applies only to decks with a card of one of `effects`
    (read by the dead-rule analysis: a rule an edition cannot use is not a dead rule).

    By default its rule is that card's, cited by the section the edition file gives the
    card (`transitions.rule_section`); `cites_card=False` keeps the function's own
    `@cites`, for a rule every such card shares (naming the colour: the Wild card's)."""
    return declaring(lambda info: replace(info, requires=effects, cites_card=cites_card))


def card_cited(function: object) -> bool:
    """Whether `function`'s rule is cited by the section of a card it requires."""
    return rule_info(function).cites_card


def requirements_of(function: object) -> tuple[type, ...]:
    """The card effects `function` applies to; () when it applies to every deck."""
    return rule_info(function).requires


def settled_by(key: str, rule: Settlement) -> Callable[[F], F]:
    """Declare that the edition parameter `key` can settle a condition: `rule(edition)` is its
    value in every state of that edition, or None when the state decides. A branch that such
    a condition keeps from firing is switched off by the edition, not a dead rule. On a rule
    check (a branch's validator), False says that it refuses every action of that edition."""
    return declaring(lambda info: replace(info, settled_by=(key, rule)))


def settlement_of(function: object, edition: Edition) -> tuple[bool, str] | None:
    """(the value, the deciding parameter) when `edition`'s parameters settle `function`."""
    declared = rule_info(function).settled_by
    if declared is None:
        return None
    key, rule = declared
    value = rule(edition)
    return None if value is None else (value, key)


def resuming(phase: str) -> Callable[[F], F]:
    """Declare that a condition holds when a table draw is done and resumes `phase` (the
    compiled engine tests all such conditions with one twin, given the phase)."""
    return declaring(lambda info: replace(info, resumes=phase))


def resumption_of(function: object) -> str | None:
    """The phase a table draw's condition resumes; None for any other function."""
    return rule_info(function).resumes
