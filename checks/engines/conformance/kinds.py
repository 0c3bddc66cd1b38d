"""Differences grouped by kind (`--all-differences`): one systematic departure of an
implementation (a Skip that does not skip, say) is met in thousands of states and games,
and is one kind, with a count and the first trace.

A kind is what differs (`Difference.what`), the kind of move (`play:skip`, `draw`, `deal`:
the action's name in the trace format, and for a card its kind), and what each side says in
words that do not name the state: the fields of the state that differ, the invariants one
side finds broken and the other not, the kinds of move one side offers and the other not
(then no move is named: in a game it would be the one played), the refusal's kind and the
rule it cites, or the call of the implementation that raised and the exception's type.
Cards, seats and counts are left out, so that the same departure in another state is the
same kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from unospec.checks.engines.conformance.report import Difference, Found, Kind, Said
from unospec.model.actions import ACTION_NAMES, Action
from unospec.model.edition import Edition


@dataclass
class Tally:
    """The differences found so far, by kind, in the order first met."""

    counts: dict[str, int] = field(default_factory=dict)
    firsts: dict[str, Difference] = field(default_factory=dict)

    def add(self, kind: str, difference: Callable[[], Difference]) -> None:
        """One more of `kind`; `difference` makes the first one (its trace) only once."""
        if kind not in self.counts:
            self.firsts[kind] = difference()
            self.counts[kind] = 0
        self.counts[kind] += 1

    def kinds(self) -> tuple[Kind, ...]:
        return tuple(Kind(k, n, self.firsts[k]) for k, n in self.counts.items())


def merged(*parts: tuple[Kind, ...]) -> tuple[Kind, ...]:
    """Kinds of several comparisons as one list: counts of the same kind summed, the first
    of each kept."""
    tally = Tally()
    for kinds in parts:
        for each in kinds:
            if each.kind not in tally.counts:
                tally.firsts[each.kind], tally.counts[each.kind] = each.first, 0
            tally.counts[each.kind] += each.count
    return tally.kinds()


def kind_of(edition: Edition, found: Found) -> str:
    """The kind of the difference `found` (see the module's docstring)."""
    parts = [found.what]
    moves = isinstance(found.reference, list) and any(isinstance(m, dict) for m in found.reference)
    if found.action is not None and not moves:  # moves offered: the kinds differing say it
        parts.append(move_kind(edition, found.action))
    parts.append(_versus(found.reference, found.engine))
    return ": ".join(part for part in parts if part)


def move_kind(edition: Edition, action: Action) -> str:
    """The kind of a move: its name in the trace format, and for a card its kind."""
    name = ACTION_NAMES.get(type(action), type(action).__name__)
    card = getattr(action, "card", None)
    if isinstance(card, int) and 0 <= card < len(edition.faces.faces):
        return f"{name}:{edition.faces.faces[card].kind}"
    return name


def _versus(reference: Said, engine: Said) -> str:
    """What the two sides say, in words that do not name the state."""
    if isinstance(reference, dict) and isinstance(engine, dict):  # states: the fields differing
        keys = [key for key in reference if reference.get(key) != engine.get(key)]
        keys += [key for key in engine if key not in reference]
        return "fields " + ",".join(keys or sorted(reference))
    if isinstance(reference, list) and isinstance(engine, list):
        if all(isinstance(x, str) for x in [*reference, *engine]):  # invariants broken
            ours, theirs = set(map(str, reference)), set(map(str, engine))
            return f"reference {_names(ours - theirs)} vs engine {_names(theirs - ours)}"
        return _moves(reference, engine)  # the legal moves, as trace steps
    return f"{_words(reference)} vs {_words(engine)}"


def _moves(reference: Sequence[object], engine: Sequence[object]) -> str:
    """The kinds of move one side offers and the other not (`legal`, `game`)."""

    def names(moves: Sequence[object]) -> str:
        return _names({str(m.get("action")) for m in moves if isinstance(m, dict)})

    extra = [move for move in engine if move not in reference]
    missing = [move for move in reference if move not in engine]
    return f"offered only by the engine {names(extra)}, only by the reference {names(missing)}"


def _names(names: set[str]) -> str:
    return "[" + ",".join(sorted(names)) + "]"


def _words(said: Said) -> str:
    """A side's words up to their first colon: the verdict, not the state's particulars."""
    if not isinstance(said, str):
        return type(said).__name__
    return said.split(":")[0].strip()
