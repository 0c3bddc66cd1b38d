"""Accepted differences (`unospec conform --known FILE`): a project holds its engine to "no
new differences" by listing the kinds (`kinds`) it accepts, in the JSON `conform` writes,
`{"differences": [{"kind": ...}, ...]}`: the document of a run with `--all-differences`
itself, or the shorter one `--known-out` writes. Other keys are ignored, so that a kind can
carry a note of why it is accepted."""

from __future__ import annotations

import json
from pathlib import Path

from unospec.checks.engines.conformance.report import Kind, KnownVerdict
from unospec.model.errors import InputError
from unospec.model.json_place import JsonPath, dotted, line_of
from unospec.model.trace import json_object, shown

EXPECTED = 'a list of {"kind": "..."}, as `conform --all-differences` writes it'


def read_known(name: str) -> tuple[str, ...]:
    """The kinds a known file lists (InputError, FILE:LINE: key: expected ..., for a file
    that cannot be read or is not such a list)."""
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "not UTF-8 text"
        raise InputError(f"{name}: cannot read the known differences ({reason})") from None
    data = json_object(text, name)

    def wrong(path: JsonPath, expected: str, found: object) -> InputError:
        lines = (line_of(text, path[:k]) for k in range(len(path), -1, -1))
        line = next((n for n in lines if n is not None), 1)
        return InputError(f"{name}:{line}: {dotted(path)}: expected {expected}, found {found}")

    listed = data.get("differences")
    if not isinstance(listed, list):
        found = "nothing" if listed is None else shown(listed)
        raise wrong(("differences",), EXPECTED, found)
    kinds: list[str] = []
    for i, each in enumerate(listed):
        if not isinstance(each, dict):
            raise wrong(("differences", i), '{"kind": "..."}', shown(each))
        kind = each.get("kind")
        if not isinstance(kind, str) or not kind:
            found = "nothing" if kind is None else shown(kind)
            raise wrong(("differences", i, "kind"), "a kind of difference (a string)", found)
        kinds.append(kind)
    return tuple(dict.fromkeys(kinds))


def held_to(known: tuple[str, ...], found: tuple[Kind, ...], file: str) -> KnownVerdict:
    """The kinds `found` against the `known` ones: which known were seen, which not any
    more, and which found are new."""
    met = [kind.kind for kind in found]
    return KnownVerdict(
        file,
        seen=tuple(k for k in known if k in met),
        not_seen=tuple(k for k in known if k not in met),
        new=tuple(k for k in met if k not in known),
    )


def known_json(found: tuple[Kind, ...], edition: str, engine: str) -> str:
    """The known file `--known-out` writes: the kinds found, each with its count."""
    listed = [{"kind": kind.kind, "count": kind.count} for kind in found]
    document = {"edition": edition, "engine": engine, "differences": listed}
    return json.dumps(document, indent=2) + "\n"
