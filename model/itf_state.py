"""A game state as the variables of an ITF trace, and two such states compared.

An ITF trace (the Informal Trace Format of Apalache and Quint) records every state a run
passes through, each as named variables. Here each field of `GameState` is one variable of
the same name, in ITF values that read without the edition's face table: cards by their
trace ids, colours and phases by name, a draw owed and a pending challenge as variants. The
values are built as Python values and encoded by `itf_py`, the Apalache authors' library.

Replay compares the state a file records with the reference's after the same step: both are
brought to one canonical form (an integer written either way, a set in any order) and the
first place they differ is named, such as ``hands[1]``.
"""

from __future__ import annotations

import json
from collections import namedtuple
from collections.abc import Callable
from typing import Any

from itf_py import itf_variant, value_to_json

from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.json_place import JsonPath
from unospec.model.state import (
    NO_UNTIL,
    UNTIL_PICKED,
    UNTIL_PLAYABLE,
    GameState,
    Owed,
    PendingChallenge,
)
from unospec.model.trace import TraceContentError

STATE_VARIABLES: tuple[str, ...] = GameState._fields
"""The ITF variables of a state, one per field of `GameState`, in its order."""

NO_CARD = ""
"""A card or colour field that holds none (the state's -1)."""

UNTIL_WORDS = {NO_UNTIL: "", UNTIL_PLAYABLE: "playable", UNTIL_PICKED: "picked"}
"""`Owed.until` in words: a colour's name, or when a draw of no set number stops."""

EMPTY_RECORD = namedtuple("EmptyRecord", [])()
"""ITF's empty record, {}, as `itf_py` writes one: the value of a variant that holds none."""

# The variants: a draw owed or none, a challenge pending or none (tags, as Quint's, capitalised)
_Owed = itf_variant(namedtuple("Owed", ["player", "amount", "then", "until", "stackable"]))
_NothingOwed = itf_variant(namedtuple("NothingOwed", ["value"]))
_Pending = itf_variant(
    namedtuple("Pending", ["offender", "victim", "card", "guilty", "bluff", "stake"])
)
_NoChallenge = itf_variant(namedtuple("NoChallenge", ["value"]))


def state_json(edition: Edition, game: GameState) -> dict[str, Any]:
    """`game` as ITF JSON, one entry per variable of `STATE_VARIABLES`."""
    return {name: value_to_json(value) for name, value in state_values(edition, game).items()}


def state_values(edition: Edition, game: GameState) -> dict[str, Any]:
    """`game` as the Python values `itf_py` encodes: lists, records, variants, a set."""
    card = _card_of(edition)
    return {
        name: _ENCODINGS.get(name, _as_is)(card, getattr(game, name)) for name in STATE_VARIABLES
    }


CardName = Callable[[int], str]


def _card_of(edition: Edition) -> CardName:
    return lambda face: NO_CARD if face < 0 else edition.faces.card_id(face)


def _as_is(card: CardName, value: Any) -> Any:
    """A number, a phase as plain text, the scores as a list (ITF's tuples are Quint's)."""
    if isinstance(value, tuple):
        return list(value)
    return str(value) if isinstance(value, str) else value


def _cards(card: CardName, faces: tuple[int, ...]) -> list[str]:
    return [card(face) for face in faces]


def _hands(card: CardName, hands: tuple[tuple[int, ...], ...]) -> list[list[str]]:
    return [_cards(card, hand) for hand in hands]


def _one_card(card: CardName, face: int) -> str:
    return card(face)


def _colour(card: CardName, color: int) -> str:
    return NO_CARD if color < 0 else COLORS[color]


def _owed(card: CardName, owed: Owed | None) -> Any:
    if owed is None:
        return _NothingOwed(EMPTY_RECORD)
    until = COLORS[owed.until] if owed.until >= 0 else UNTIL_WORDS[owed.until]
    return _Owed(owed.player, owed.amount, str(owed.then), until, owed.stackable)


def _challenge(card: CardName, challenge: PendingChallenge | None) -> Any:
    if challenge is None:
        return _NoChallenge(EMPTY_RECORD)
    c = challenge
    return _Pending(c.offender, c.victim, card(c.card), c.guilty, c.bluff, c.stake)


def _seats_out(card: CardName, out: int) -> frozenset[int]:
    return frozenset(seat for seat in range(out.bit_length()) if out >> seat & 1)


_ENCODINGS: dict[str, Callable[[CardName, Any], Any]] = {
    "hands": _hands,
    "draw_pile": _cards,
    "discard": _cards,
    "set_aside": _cards,
    "out_of_play": _cards,
    "color": _colour,
    "drawn": _one_card,
    "special": _one_card,
    "old_top": _one_card,
    "owed": _owed,
    "challenge": _challenge,
    "out": _seats_out,
}
"""How each field that is not a number or a phase is written; the rest are as they are."""


def canonical(value: object, path: JsonPath = ()) -> object:
    """An ITF value in one form for comparing: integers as Python integers (ITF writes them
    as JSON numbers or as {"#bigint": "digits"}), a set's elements in one order; anything
    else as it is. TraceContentError, at `path` inside the value, for a malformed integer."""
    if isinstance(value, list):
        return [canonical(v, (*path, i)) for i, v in enumerate(value)]
    if not isinstance(value, dict):
        return value
    if "#bigint" in value:
        digits = value["#bigint"]
        if len(value) != 1 or not isinstance(digits, str) or not _is_integer(digits):
            raise TraceContentError(
                path, f'expected {{"#bigint": "<digits>"}}, found {json.dumps(value)[:60]}'
            )
        return int(digits)
    if "#set" in value and isinstance(value["#set"], list):
        elements = [canonical(v, (*path, "#set", i)) for i, v in enumerate(value["#set"])]
        return {"#set": sorted(elements, key=lambda v: json.dumps(v, sort_keys=True))}
    return {k: canonical(v, (*path, k)) for k, v in value.items()}


def _is_integer(digits: str) -> bool:
    return digits.removeprefix("-").isdigit() and digits.isascii()


def first_difference(recorded: object, reference: object, path: JsonPath = ()) -> JsonPath | None:
    """Where two canonical values first differ (the deepest place both have: an element of
    lists of one length, a key of records of the same keys); None when they are equal."""
    if recorded == reference:
        return None
    if (
        isinstance(recorded, list)
        and isinstance(reference, list)
        and len(recorded) == len(reference)
    ):
        i = next(i for i, (a, b) in enumerate(zip(recorded, reference, strict=True)) if a != b)
        return first_difference(recorded[i], reference[i], (*path, i))
    if (
        isinstance(recorded, dict)
        and isinstance(reference, dict)
        and set(recorded) == set(reference)
    ):
        key = next(key for key in reference if recorded[key] != reference[key])
        return first_difference(recorded[key], reference[key], (*path, key))
    return path


def at_path(value: object, path: JsonPath) -> object:
    """The part of `value` at `path` (which `first_difference` found in it)."""
    for part in path:
        value = value[part]  # type: ignore[index]
    return value
