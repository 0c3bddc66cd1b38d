"""Each rule difference on its own: edition a with only that rule set to b's value, told
apart from a as written by the shortest trace (`judged`: the joint search the behaviour
section runs), so that every rule two editions differ in gets its own evidence, not only
the first the search meets.

A rule is a key path of the editions' data (their files, deltas merged: `resolved_data`)
whose value differs; what only documents a rule (names, titles, sections, reasons,
provenance, the readings recorded) is not one. The edited edition is built and validated as
`readings` builds an alternative (`alternatives.edited`): a reading of a's that the path
decides records the new value as chosen; one of b's comes with the path when a has none.
A change the schema refuses alone is tried with the other refused changes to the same card
(its points too), then with the card as b writes it whole; what is still refused is tried
all together (a deck that gains a kind needs its card and its total), then with the changes
that alone play as a does (a card the deck lacks); still refused, it is not separable, with
the schema's reason in one line. A change that leaves the edition playing exactly as a (a
rule written another way) is not a rule difference.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import groupby
from typing import Any

from unospec.checks.analyses.diff.data import as_played, plain
from unospec.checks.analyses.diff.judged import judged
from unospec.checks.analyses.diff.report import RuleJson
from unospec.checks.analyses.readings.alternatives import Unplayable, edited
from unospec.editions import reference, resolved_data
from unospec.editions.schema import DECIDABLE_READINGS, RULE_KEYS
from unospec.model.edition import Edition
from unospec.model.errors import InputError

DOCUMENTING = frozenset({"format", "title", "variant_of", "seed", "booklet", "interpretations"})
"""Top-level keys that document an edition, or record its readings: not rules."""
NAMING = frozenset({"name", "section", "why", "provenance"})
"""Keys, at any depth, that name, cite or explain what they are beside: not rules."""

Path = tuple[str, ...]


def rule_differences(
    a: Edition, b: Edition, *, scale: str, players: int, max_states: int
) -> list[RuleJson]:
    """Every rule `a` and `b` differ in, each judged as `a` with only that rule (and what
    must change with it) set to `b`'s value, against `a`. Editions built in code (no file to
    edit) have none to list."""
    if "<built>" in (a.source, b.source):
        return []
    source = reference(a)
    data_a, data_b = resolved_data(source), resolved_data(reference(b))
    leaves_a, leaves_b = dict(_leaves(data_a)), dict(_leaves(data_b))
    paths = sorted(
        p
        for p in leaves_a.keys() | leaves_b.keys()
        if _played(leaves_a.get(p)) != _played(leaves_b.get(p))
    )
    recorded = data_b.get("interpretations", [])

    played_a = as_played(a)
    plays_a = _plays(played_a)

    def value_in(edition: Edition, leaves: dict[Path, object], path: Path) -> object:
        return leaves[path] if path in leaves else _default(edition, path)

    def changes(group: list[Path], whole: bool = False) -> dict[str, object]:
        """The data that sets `group` to b's values: key by key, or (`whole`) each card
        taken whole from b, its name, section and how b's file writes it included."""
        changed = {".".join(p): value_in(b, leaves_b, p) for p in group}
        if whole:
            for kind in {p[1] for p in group if p[0] == "cards"}:
                for key in [k for k in changed if k.startswith(f"cards.{kind}.")]:
                    del changed[key]
                changed[f"cards.{kind}"] = data_b.get("cards", {}).get(kind)
        return changed

    def entry(group: list[Path], other: Edition | Unplayable) -> RuleJson | None:
        """The rule difference `group` as `other` plays it; None when `other` plays exactly
        as `a` does (the same rule written another way)."""
        found: RuleJson = {
            "paths": [".".join(p) for p in group],
            "a": [_played(value_in(a, leaves_a, p)) for p in group],
            "b": [_played(value_in(b, leaves_b, p)) for p in group],
            "sections": _sections(group, data_a, data_b),
            "verdict": "not-separable",
            "reason": "",
            "steps": None,
            "states": None,
            "trace": None,
        }
        if isinstance(other, Unplayable):
            found["reason"] = other.reason
            return found
        played = as_played(other)
        if _plays(played) == plays_a:
            return None
        try:
            verdict = judged(played_a, played, scale, players, max_states)
        except InputError as refused:  # a table the edited edition cannot seat or deal
            found["verdict"], found["reason"] = "undecided", str(refused)
            return found
        trace = verdict.trace
        found["verdict"], found["reason"], found["trace"] = verdict.verdict, verdict.reason, trace
        found["states"] = verdict.searched["states"]
        if trace is not None and trace["trace"] is not None:
            found["steps"] = len(trace["trace"]["steps"])
        return found

    found: list[RuleJson | None] = []
    refused: list[Path] = []
    alone: dict[Path, Edition] = {}
    for path in paths:
        other = edited(source, changes([path]), recorded)
        if isinstance(other, Unplayable):
            refused.append(path)
        else:
            alone[path] = other
    still: list[tuple[list[Path], dict[str, object], Unplayable]] = []
    idle: list[tuple[list[Path], dict[str, object]]] = []
    for rule, same in groupby(sorted(refused, key=_rule_of), key=_rule_of):
        group = list(same)
        tried = changes(group)
        other = edited(source, tried, recorded)
        if isinstance(other, Unplayable) and rule[0] == "cards":  # the card as b writes it
            group = [p for p in paths if _rule_of(p) == rule]
            tried = changes(group, whole=True)
            other = edited(source, tried, recorded)
        if isinstance(other, Unplayable):
            still.append((group, tried, other))
            continue
        told = entry(group, other)
        if told is None:  # plays as a does on its own (a card the deck lacks): kept aside
            idle.append((group, tried))
        found.append(told)
        for path in group:
            alone.pop(path, None)
    if still:  # the changes no edition takes apart, tried together (and with those aside)
        for tried_too in ([], idle):
            parts = [(group, tried) for group, tried, _ in still] + tried_too
            together = sorted(p for group, _ in parts for p in group)
            other = edited(source, {k: v for _, tried in parts for k, v in tried.items()}, recorded)
            if len(parts) > 1 and not isinstance(other, Unplayable):
                found.append(entry(together, other))
                for path in together:
                    alone.pop(path, None)
                still = []
                break
    found += [entry(group, refusal) for group, _, refusal in still]
    found += [entry([path], other) for path, other in alone.items()]
    return sorted((rule for rule in found if rule is not None), key=lambda rule: rule["paths"])


def _plays(edition: Edition) -> tuple[object, ...]:
    """What play reads of an edition: its deck, card rules and rules, not what names,
    cites or explains them."""
    deck = tuple((e.kind, e.copies, e.ranks, e.foil, e.wild) for e in edition.deck)
    return (
        edition.total_cards,
        edition.colors,
        deck,
        edition.effects,
        edition.first_effects,
        edition.symbols,
        edition.rules,
    )


def _leaves(data: Mapping[str, Any], prefix: Path = ()) -> Iterator[tuple[Path, object]]:
    """Every value of an edition's data by its key path, tables opened, lists kept whole;
    what names, documents or cites is left out."""
    for key, value in data.items():
        if key in NAMING or (not prefix and key in DOCUMENTING):
            continue
        if isinstance(value, dict):
            yield from _leaves(value, (*prefix, key))
        else:
            yield (*prefix, key), value


def _rule_of(path: Path) -> Path:
    """What a path must change with when it cannot change alone: a card's other keys and
    its points."""
    if path[:2] == ("scoring", "points"):
        return ("cards", *path[2:3])
    return path[:2] if path[0] == "cards" else path


def _played(value: object) -> object:
    """A value as play reads it: the entries of a list (a deck's lines) without the keys
    that only name, cite or explain them."""
    if isinstance(value, list):
        return [_played(v) for v in value]
    if isinstance(value, dict):
        return {k: _played(v) for k, v in value.items() if k not in NAMING}
    return value


_FIELDS = {key: field for field, key in RULE_KEYS.items()}


def _default(edition: Edition, path: Path) -> object:
    """The value an edition plays at a path its file does not write: a rule parameter's
    default as the model reads it; None (absent) for anything else."""
    field = _FIELDS.get(".".join(path))
    return None if field is None else plain(getattr(edition.rules, field))


def _sections(group: list[Path], *data: Mapping[str, Any]) -> list[str]:
    """The sections each edition cites for the paths: the reading a path decides, else the
    card's own section."""
    cited: list[str] = []
    for path in group:
        key = ".".join(path)
        for each in data:
            readings = each.get("interpretations", [])
            said = [
                r.get("section")
                for r in readings
                if (r.get("decides") or DECIDABLE_READINGS.get(r.get("id", ""))) == key
            ]
            if not said and path[0] == "cards":
                said = [each.get("cards", {}).get(path[1], {}).get("section")]
            cited += [s for s in said if isinstance(s, str) and s not in cited]
    return cited
