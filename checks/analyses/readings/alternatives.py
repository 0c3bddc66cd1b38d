"""An edition under another reading: its file with one recorded interpretation answered by
one of its alternatives, validated as a whole, as if its author had written that answer.

The change is made to the edition's data (`editions.resolved_data`, a delta merged onto its
bases): the parameter the reading decides takes the alternative's value, and the reading
records it as chosen. What cannot be built says why, as one line:

- **not playable**: no parameter decides the reading (the kernel answers it in code, or it
  is the file's own note), or the parameter has no such value in the kernel;
- **invalid**: the schema refuses the edition the alternative makes (a deck that cannot
  deal, a rule the others contradict), with its reason.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from typing import Any

from unospec.editions import resolved_data
from unospec.editions.reader import Reader
from unospec.editions.schema import DECIDABLE_READINGS, build_edition
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
    """The edition `name_or_path` with `reading` answered by `value`."""
    parameter = parameter_of(reading)
    if parameter is None:
        return Unplayable("not-playable", "no parameter decides it: the kernel plays one answer")
    played = READINGS.get(_reading_type_key(parameter))
    if played is not None and isinstance(value, str) and value not in played:
        return Unplayable(
            "not-playable", f"{parameter}: the kernel plays {', '.join(played)}, not {value}"
        )
    data = copy.deepcopy(resolved_data(name_or_path))
    _set(data, parameter, list(value) if isinstance(value, tuple) else value)
    for recorded in data.get("interpretations", []):
        if recorded.get("id") == reading.id:
            recorded["chosen"] = list(value) if isinstance(value, tuple) else value
            recorded["alternatives"] = [
                list(v) if isinstance(v, tuple) else v
                for v in (reading.chosen, *reading.alternatives)
                if v != value
            ]
            if parameter != reading.decides:
                recorded["decides"] = parameter
    text = dumps(data)
    file = f"{name_or_path} ({parameter} = {_shown(value)})"
    try:
        return build_edition(Reader(file, text, tomllib.loads(text)))
    except EditionError as refused:
        said = f"{refused.key}: expected {refused.expected}, found {refused.found}"
        # a reading's value refused at the parameter itself: one the kernel does not play
        unplayed = refused.key == parameter and _reading_type_key(parameter) in READINGS
        return Unplayable("not-playable" if unplayed else "invalid", said)


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
        table = table.setdefault(part, {})
    table[last] = value


def _shown(value: Reading) -> str:
    return f"[{', '.join(value)}]" if isinstance(value, tuple) else str(value)
