"""Editions as deltas: a file that names its base (`variant_of`) and leaves out a key every
edition states is read as the changes it makes to that base.

Why: a house rule or a reprint changes a few lines of a booklet; a delta writes those lines
only, and follows its base when the base is corrected. A file that states every required key
is read as it stands (its `variant_of` only records the base, for `diff`), so whether a file
is a delta is plain to see in the file itself.

The merge: tables merge key by key, the delta's value replacing the base's; arrays of plain
values are replaced whole; an entry of `[[deck.cards]]` or `[[interpretations]]` matches the
base's entry of the same identity (a deck line's kind, ranks and foil, a reading's id) and replaces
it whole, is added after the base's, or with `remove = true` removes it. A card given a new
`effect` keeps none of its base's step parameters. The merged data is
validated as one edition (`schema.build_edition`), each error naming the file and the line
that wrote the key it is about (`reader.Origin`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unospec.editions.reader import Origin, Reader, Shown, dotted
from unospec.editions.schema import TOP_KEYS, build_edition
from unospec.editions.toml_lines import KeyPath
from unospec.editions.variants import base_path
from unospec.model.cards import NUMBER, ranked

OWN_KEYS = ("format", "name", "title")
"""What a delta states even so: it is an edition of its own, not its base renamed."""
OPTIONAL_KEYS = ("seed", "variant_of", "cards", "interpretations")
REQUIRED_KEYS = tuple(key for key in TOP_KEYS if key not in OPTIONAL_KEYS)
"""The top-level keys every edition states."""
INHERITED_KEYS = tuple(key for key in REQUIRED_KEYS if key not in OWN_KEYS)
"""The required keys a delta may take from its base: a file with `variant_of` that leaves one
out is a delta."""
MAX_BASES = 16
"""The most bases a chain of deltas may have: a longer chain is far more likely a mistake."""
BASE_EXPECTED = "a built-in edition name, or an edition file (a path relative to this file)"

Read = Callable[[Path, str], tuple[str, dict[str, Any]]]
"""Reads one edition file (its path, and its name in messages): its text and its data."""

Chain = tuple[tuple[Path, str], ...]
"""The files being read, the first one first: each as a real path, and as messages name it."""

IDENTITIES: dict[KeyPath, tuple[str, ...]] = {
    ("deck", "cards"): ("kind", "ranks", "foil"),
    ("interpretations",): ("id",),
}
"""The arrays of tables whose entries a delta names one by one, and the keys naming one."""

Identity = tuple[object, ...]

CARD_KEYS_KEPT = ("section", "name", "wild")
"""What a card's table keeps of its base's when the delta gives the card a new `effect`: its
steps' parameters are the delta's alone (the base's would name steps it no longer has)."""


def is_delta(data: dict[str, Any]) -> bool:
    """Whether parsed edition data is a delta: it names a base and leaves out a key the base
    can give it."""
    return "variant_of" in data and any(key not in data for key in INHERITED_KEYS)


def resolve(path: Path, file: str, read: Read, chain: Chain = ()) -> Reader:
    """The data the edition file at `path` stands for, with where each value was written: its
    own, or, for a delta, merged onto its base's (itself resolved, and validated as an edition
    of its own). `file` is how messages name the file."""
    text, data = read(path, file)
    delta = Reader(file, text, data)
    if not is_delta(data):
        return delta
    left_out = ", ".join(key for key in INHERITED_KEYS if key not in data)
    for key in OWN_KEYS:
        if key not in data:
            expected = (
                f"a delta's own {key} (this file leaves out {left_out}, so it is a delta of "
                "its variant_of, and a delta states its format, name and title)"
            )
            delta.fail((key,), expected)
    named = data["variant_of"]
    found = base_path(named, file) if isinstance(named, str) else None
    if found is None:
        delta.fail(("variant_of",), BASE_EXPECTED, named)
    here = (*chain, (_real(path), file))
    _no_cycle(delta, here, found)
    base = resolve(found, str(found), read, here)
    build_edition(base)  # a base is an edition of its own: its errors are its own
    merged = _merge(base, delta)
    _check_kinds(base, delta)
    return merged


def patched(base: Reader, patch: Reader) -> Reader:
    """`patch`, a part of an edition's data (an alternative's `played_as`), merged onto the
    complete edition `base` as a delta's keys are, not yet validated."""
    merged = _merge(base, patch)
    _check_kinds(base, patch)
    return merged


def _real(path: Path) -> Path:
    """`path` as the one file it is, however it was named (for spotting a cycle)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def _no_cycle(delta: Reader, chain: Chain, base: Path) -> None:
    """Refuse a base that is one of the files being read (a cycle), or one too many."""
    names = [name for _, name in chain]
    real = _real(base)
    for other, name in chain:
        if other == real:
            cycle = " -> ".join([*names, name])
            delta.fail(("variant_of",), "a base that is not derived from this file", Shown(cycle))
    if len(chain) > MAX_BASES:
        expected = f"a chain of at most {MAX_BASES} bases from {names[0]}"
        delta.fail(("variant_of",), expected, Shown(f"a base {len(chain)} deep"))


def _merge(base: Reader, delta: Reader) -> Reader:
    """`delta`'s data merged onto `base`'s, with where each value was written."""
    origins: dict[KeyPath, Origin] = {(): Origin(delta.file, delta.text, ())}
    data = _table(base, delta, (), origins)
    order = {key: i for i, key in enumerate(TOP_KEYS)}  # the order files write them in
    data = dict(sorted(data.items(), key=lambda item: order.get(item[0], len(order))))
    return Reader(delta.file, delta.text, data, origins)


def _table(
    base: Reader, delta: Reader, path: KeyPath, origins: dict[KeyPath, Origin]
) -> dict[str, Any]:
    """A table both files write: key by key, in the base's order, the delta's new keys last
    (an order some parts of an edition keep, such as its points table)."""
    old: dict[str, Any] = base.get(path)
    new: dict[str, Any] = delta.get(path)
    if len(path) == 2 and path[0] == "cards" and "effect" in new:  # a new effect, new steps
        old = {key: value for key, value in old.items() if key in CARD_KEYS_KEPT}
    merged: dict[str, Any] = {}
    for key, value in old.items():
        if key in new:
            merged[key] = _value(base, delta, (*path, key), origins)
        else:
            merged[key] = value
            _inherit(base, (*path, key), (*path, key), origins)
    for key in new:
        if key not in old:
            merged[key] = _value(base, delta, (*path, key), origins)
    return merged


def _value(base: Reader, delta: Reader, path: KeyPath, origins: dict[KeyPath, Origin]) -> Any:
    """The value at `path`, which the delta writes."""
    origins[path] = Origin(delta.file, delta.text, path)
    old, new = base.get(path), delta.get(path)
    if isinstance(old, dict) and isinstance(new, dict):
        return _table(base, delta, path, origins)
    if path in IDENTITIES and isinstance(old, list) and isinstance(new, list):
        return _entries(base, delta, path, origins)
    return new


def _inherit(base: Reader, there: KeyPath, here: KeyPath, origins: dict[KeyPath, Origin]) -> None:
    """Record that the merged value at `here` is the base's at `there`, written where the
    base's was (the base may itself be merged from several files)."""
    origins[here] = base.origin(there)
    for path, origin in base.origins.items():
        if len(path) > len(there) and path[: len(there)] == there:
            origins[(*here, *path[len(there) :])] = origin


def _entries(
    base: Reader, delta: Reader, path: KeyPath, origins: dict[KeyPath, Origin]
) -> list[Any]:
    """An array of tables both files write, entry by entry: a delta's entry replaces the
    base's of its identity where it stands, else comes after the base's, or removes it."""
    keys = IDENTITIES[path]
    old: list[Any] = base.get(path)
    slots: list[tuple[Reader, int] | None] = [(base, j) for j in range(len(old))]
    by_identity: dict[Identity, list[int]] = {}
    for j, entry in enumerate(old):
        identity = _identity(entry, keys)
        if identity is not None:
            by_identity.setdefault(identity, []).append(j)
    seen: set[Identity] = set()
    for k, entry in enumerate(delta.get(path)):
        at = (*path, k)
        removing = isinstance(entry, dict) and "remove" in entry
        identity = _identity(entry, keys)
        if removing:
            _check_removal(delta, at, keys, identity)
        if identity is None:  # not a table, or no kind: validation names what is wrong
            slots.append((delta, k))
            continue
        named = (*at, _identity_key(entry, keys))
        if identity in seen:
            delta.fail(
                named, "an entry no earlier entry of this file names", Shown(_shown(identity))
            )
        seen.add(identity)
        matches = by_identity.get(identity, [])
        if len(matches) > 1:
            expected = f"an entry {_base(delta)} has once (it has {len(matches)})"
            delta.fail(named, expected, Shown(_shown(identity)))
        if removing and not matches:
            expected = f"an entry of {_base(delta)}'s {dotted(path)} to remove"
            delta.fail(named, expected, Shown(_shown(identity)))
        if matches:
            slots[matches[0]] = None if removing else (delta, k)
        else:
            slots.append((delta, k))
    merged: list[Any] = []
    for slot in slots:
        if slot is None:
            continue
        source, index = slot
        if source is base:
            _inherit(base, (*path, index), (*path, len(merged)), origins)
        else:
            origins[(*path, len(merged))] = Origin(delta.file, delta.text, (*path, index))
        merged.append(source.get((*path, index)))
    return merged


def _identity(entry: object, keys: tuple[str, ...]) -> Identity | None:
    """What names an entry: its id; or its kind, its ranks (a set) when it has some, and
    whether it is the foil (a foil line and a plain one of a kind are two lines). None when
    it has none to match by."""
    if not isinstance(entry, dict) or not isinstance(entry.get(keys[0]), str):
        return None
    found: list[object] = [entry[keys[0]]]
    for key in keys[1:]:
        value = entry.get(key)
        if key == "foil":
            found.append(value is True)
        elif value is None:
            found.append(None)
        elif isinstance(value, list) and all(type(rank) is int for rank in value):
            found.append(tuple(sorted(value)))
        else:
            return None
    return tuple(found)


def _identity_key(entry: dict[str, Any], keys: tuple[str, ...]) -> str:
    """The key an error about an entry's identity points at: its ranks when it has some."""
    return "ranks" if "ranks" in keys and "ranks" in entry else keys[0]


def _shown(identity: Identity) -> str:
    """An identity as a message names it: ``'number' with ranks [0]``, ``'skip'``,
    ``'wild-hail-mary' (the foil)``."""
    shown = repr(identity[0])
    ranks = identity[1] if len(identity) > 1 else None
    foil = len(identity) > 2 and identity[2] is True
    return (
        shown
        + (f" with ranks {list(ranks)}" if isinstance(ranks, tuple) else "")
        + (" (the foil)" if foil else "")
    )


def _check_removal(
    delta: Reader, at: KeyPath, keys: tuple[str, ...], identity: Identity | None
) -> None:
    """`remove = true` beside the keys that name the base's entry, and nothing else."""
    entry: dict[str, Any] = delta.get(at)
    if entry["remove"] is not True:
        expected = "true (the base's entry is removed), or no remove key"
        delta.fail((*at, "remove"), expected, entry["remove"])
    for key in entry:
        if key not in (*keys, "remove"):
            beside = (
                " and ".join(keys) if len(keys) < 3 else f"{', '.join(keys[:-1])} and {keys[-1]}"
            )
            delta.fail((*at, key), f"only {beside} beside remove = true", Shown(repr(key)))
    if identity is None:
        bad = keys[0] if not isinstance(entry.get(keys[0]), str) else keys[1]
        what = "a string" if bad == keys[0] else "an array of integers"
        expected = f"{what}: the {bad} of the entry of {_base(delta)} to remove"
        delta.fail((*at, bad), expected, delta.get((*at, bad)))


def _check_kinds(base: Reader, delta: Reader) -> None:
    """A delta's card rules and deck lines name kinds the merged edition has: a `[cards.KIND]`
    of a kind in neither deck, or a deck line of a kind with no rules in either file, is a
    slip (a misspelt kind, a card the base does not have)."""
    base_deck = _kinds_in(base.get(("deck", "cards")))
    lines = delta.get(("deck", "cards"))
    own_deck = _kinds_in(lines)
    cards = delta.get(("cards",))
    own_cards = set(cards) if isinstance(cards, dict) else set()
    rank_rules = {kind for kind in own_cards if ranked(kind) is not None}  # schema's to check
    for kind in sorted(own_cards - base_deck - own_deck - rank_rules):
        expected = f"a kind of a card in the deck (of {_base(delta)}, or of this file's deck.cards)"
        delta.fail(("cards", kind), expected, Shown(repr(kind)))
    base_cards = base.get(("cards",))
    ruled = own_cards | (set(base_cards) if isinstance(base_cards, dict) else set())
    for k, entry in enumerate(lines if isinstance(lines, list) else []):
        if not isinstance(entry, dict) or "remove" in entry:
            continue
        kind = entry.get("kind")
        if isinstance(kind, str) and kind != NUMBER and kind not in ruled:
            expected = f"a kind with a [cards.KIND] table (in {_base(delta)}, or in this file)"
            delta.fail(("deck", "cards", k, "kind"), expected, kind)


def _kinds_in(lines: object) -> set[str]:
    """The kinds deck lines name."""
    if not isinstance(lines, list):
        return set()
    return {e["kind"] for e in lines if isinstance(e, dict) and isinstance(e.get("kind"), str)}


def _base(delta: Reader) -> str:
    """The base as the delta names it (its `variant_of`)."""
    return str(delta.data.get("variant_of", "the edition"))
