"""An edition under another reading: its file with one recorded interpretation answered by
one of its alternatives, validated as a whole, as if its author had written that answer.

The change is made to the edition's data (`editions.resolved_data`, a delta merged onto its
bases): the data the file gives the alternative (`played_as`: a deck of other counts, a card
of other steps) is merged onto it as a delta's is, or else the parameter the reading decides
takes the alternative's value; the reading records it as chosen. What cannot be built
says why, as one line:

- **not playable**: no data plays the alternative and no parameter decides the reading (the
  kernel answers it in code, or it is the file's own note), or the parameter has no such
  value in the kernel;
- **invalid**: the schema refuses the edition the alternative makes (a deck that cannot
  deal, a rule the others contradict), with its reason.

`edited` builds an edition the same way from any key paths and values: `diff`'s rule by rule
section (`diff.rules`) sets one rule of an edition to another edition's value with it.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from unospec.editions import resolved_data
from unospec.editions.deltas import patched
from unospec.editions.reader import Reader
from unospec.editions.schema import DECIDABLE_READINGS, FIXED_READINGS, build_edition
from unospec.editions.toml_writer import dumps
from unospec.model.edition import Edition, Interpretation, Reading
from unospec.model.errors import EditionError
from unospec.model.readings import READINGS


@dataclass(frozen=True)
class Unplayable:
    """An alternative that makes no edition to play: `kind` is `not-playable` or `invalid`."""

    kind: str
    reason: str


def parameter_of(reading: Interpretation) -> str | None:
    """The key path of the parameter that decides `reading`, if one can."""
    return reading.decides or DECIDABLE_READINGS.get(reading.id)


def under(name_or_path: str, reading: Interpretation, value: Reading) -> Edition | Unplayable:
    """The edition `name_or_path` with `reading` answered by `value`: by the data the file
    gives that alternative (`played_as`), or else by the parameter that decides the reading."""
    data = copy.deepcopy(resolved_data(name_or_path))
    recorded = next(r for r in data.get("interpretations", []) if r.get("id") == reading.id)
    played_as = recorded.pop("played_as", {})  # each relative to the file as written
    patch = played_as.get(value) if isinstance(value, str) else None
    parameter = parameter_of(reading)
    if patch is not None:
        data = _patched(data, patch, f"{name_or_path} (played_as.{value})")
        shown = f"played_as.{value}"
        if reading.decides is None and reading.id in FIXED_READINGS:
            # the kernel's fixed answer no longer describes this edition: its data does
            data["interpretations"].remove(recorded)
    elif parameter is None:
        why = "no data plays it (played_as), no parameter decides it: the kernel plays one answer"
        return Unplayable("not-playable", why)
    else:
        played = READINGS.get(_reading_type_key(parameter))
        if played is not None and isinstance(value, str) and value not in played:
            why = f"{parameter}: the kernel plays {', '.join(played)}, not {value}"
            return Unplayable("not-playable", why)
        _set(data, parameter, list(value) if isinstance(value, tuple) else value)
        shown = f"{parameter} = {_shown(value)}"
        if parameter != reading.decides:
            recorded["decides"] = parameter
    if recorded in data.get("interpretations", []):
        recorded["chosen"] = list(value) if isinstance(value, tuple) else value
        recorded["alternatives"] = [
            list(v) if isinstance(v, tuple) else v
            for v in (reading.chosen, *reading.alternatives)
            if v != value
        ]
    return _validated(f"{name_or_path} ({shown})", data, None if patch is not None else parameter)


def edited(
    name_or_path: str,
    changes: Mapping[str, object],
    recorded: Sequence[Mapping[str, Any]] = (),
) -> Edition | Unplayable:
    """The edition `name_or_path` with each key path of `changes` set to its value (None:
    the key removed), validated as a whole. A reading of the file that a changed path
    decides records the new value as chosen (one whose path is removed goes with it); a
    path no reading of the file decides takes the reading of `recorded` (another edition's
    interpretations) that decides it, if any, as that edition records it."""
    data = copy.deepcopy(resolved_data(name_or_path))
    readings: list[dict[str, Any]] = data.setdefault("interpretations", [])
    for path, value in changes.items():
        own = [r for r in readings if _decided_by(r) == path]
        if value is None:
            _remove(data, path)
            readings[:] = [r for r in readings if r not in own]
            continue
        _set(data, path, value)
        for reading in own:
            previous = [reading.get("chosen"), *reading.get("alternatives", [])]
            reading["decides"] = path  # a fixed reading the parameter now decides, too
            reading["chosen"] = value
            reading["alternatives"] = [v for v in previous if v != value]
        if not own:
            ids = {r.get("id") for r in readings}
            readings += [
                copy.deepcopy(dict(r))
                for r in recorded
                if _decided_by(r) == path and r.get("id") not in ids
            ]
    for i, reading in enumerate(readings):  # a path the changes moved: the other's reading
        moved = reading.get("decides")
        if isinstance(moved, str) and _get(data, moved) is None:
            theirs = [r for r in recorded if r.get("id") == reading.get("id")]
            readings[i] = copy.deepcopy(dict(theirs[0])) if theirs else reading
    shown = "; ".join(f"{path} = {_shown_data(value)}" for path, value in changes.items())
    return _validated(f"{name_or_path} ({shown})", data)


def _validated(
    file: str, data: dict[str, Any], parameter: str | None = None
) -> Edition | Unplayable:
    """The edition `data` makes, or why the schema refuses it, in one line: not playable when
    it refuses a reading's `parameter` itself (a value the kernel does not play)."""
    text = dumps(data)
    try:
        return build_edition(Reader(file, text, tomllib.loads(text)))
    except EditionError as refused:
        said = f"{refused.key}: expected {refused.expected}, found {refused.found}"
        unplayed = (
            parameter is not None
            and refused.key == parameter
            and _reading_type_key(parameter) in READINGS
        )
        return Unplayable("not-playable" if unplayed else "invalid", said)


def _decided_by(reading: Mapping[str, Any]) -> str | None:
    """The key path of the parameter that decides a reading as a file records it."""
    decides = reading.get("decides")
    return decides if isinstance(decides, str) else DECIDABLE_READINGS.get(reading.get("id", ""))


def _remove(data: dict[str, Any], parameter: str) -> None:
    table: Any = data
    *tables, last = parameter.split(".")
    for part in tables:
        table = table.get(part)
        if not isinstance(table, dict):
            return
    table.pop(last, None)


def _shown_data(value: object) -> str:
    if value is None:
        return "absent"
    if isinstance(value, list):
        return f"[{', '.join(map(_shown_data, value))}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_shown_data(v)}" for k, v in value.items()) + "}"
    return str(value)


def _patched(data: dict[str, Any], patch: dict[str, Any], file: str) -> dict[str, Any]:
    """`data` with an alternative's own data merged onto it, as a delta's is. A parameter
    the data sets that another reading decides (the cards a first flip ignores, when the
    deck gains a kind) is that reading's choice in the alternative's edition."""
    text = dumps(data)
    merged = patched(Reader(file, text, data), Reader(file, dumps(patch), patch)).data
    for other in merged.get("interpretations", []):
        value = _get(patch, other.get("decides") or "")
        if value is not None:
            other["chosen"] = value
            other["alternatives"] = [a for a in other["alternatives"] if a != value]
    return merged


def _get(data: dict[str, Any], parameter: str) -> Any:
    """The value at a key path of `data`, or None."""
    found: Any = data
    for part in parameter.split("."):
        if not isinstance(found, dict) or part not in found:
            return None
        found = found[part]
    return found


def _reading_type_key(parameter: str) -> str:
    """The `READINGS` key of a parameter: a rule's as written (`play.reshuffle`), a card
    effect's by the effect and the parameter (`reverse.with_two_players`)."""
    parts = parameter.split(".")
    if parts[0] == "cards" and len(parts) >= 4:
        return f"{parts[-2]}.{parts[-1]}"
    return parameter


def _set(data: dict[str, Any], parameter: str, value: object) -> None:
    table = data
    *tables, last = parameter.split(".")
    for part in tables:
        if not isinstance(table.get(part), dict):  # a value where the path needs a table
            table[part] = {}
        table = table[part]
    table[last] = value


def _shown(value: Reading) -> str:
    return f"[{', '.join(value)}]" if isinstance(value, tuple) else str(value)
