"""Two editions in one turn-flow diagram: what only one has, and what differs.

Both editions share the one machine, so their flows have the same phases and transitions;
they differ in which transitions their decks let fire and in the numbers on them. A rule
designer reads the diff of a new edition against `classic` to see what the booklet changed.

>>> from unospec.editions import load_edition
>>> flow = diff_flow(load_edition("express"), load_edition("classic"))
>>> [n.text for n in flow.facts if n.key == "cards"]
['56 (classic: 108) cards in play, 0 aside']
"""

from __future__ import annotations

import re
from dataclasses import fields, replace

from unospec.diagrams.flow import Diagram, Mark, Note
from unospec.diagrams.graph import turn_flow
from unospec.diagrams.notes import READING, about, summary, with_readings
from unospec.diagrams.style import why_inactive
from unospec.editions import reference
from unospec.editions.schema import FIXED_READINGS, RULE_KEYS, played_by_model
from unospec.model.cards import NUMBER, kind_order
from unospec.model.edition import Edition
from unospec.model.table import MACHINE, CompiledMachine
from unospec.model.wording import seats, span

SHORT_CHANGE = 22
"""The most characters a change may take to be shown inline: `hands of 5 (classic: 7)`."""

COVERED = frozenset(
    {
        "hand_size",
        "min_players",
        "max_players",
        "target_score",
        "game_end",
        "uno_penalty",
        "points",
        "first_flip_ignores",
        "after_drawing",
    }
)
"""Rules fields shown on a transition or worded by `facts`; every other one is listed by name."""

CARD_COVERED = frozenset(
    {
        "draw",
        "count",
        "with_two_players",
        "loser_among",
        "guilty_if_holding",
        "after_successful_challenge",
        "offender_draws",
        "challenger_draws",
        "continue_with",
        "own_turn",
        "bluff",
    }
)
"""Card rule fields the transitions' notes word (see `graph.ANNOTATIONS`); `facts` lists the
others, so that no difference between two editions goes undrawn."""


def _names(edition: Edition, other: Edition) -> tuple[str, str]:
    """How the picture names the two: by name, or by file when both have one name (a user's
    copy of a built-in, say), as `unospec diff` does; by role when they are one file."""
    if edition.name != other.name:
        return edition.name, other.name
    mine, theirs = reference(edition), reference(other)
    if mine == theirs:  # one edition against itself: named by the command's two arguments
        return f"{mine} (as EDITION)", f"{theirs} (as OTHER)"
    return mine, theirs


def diff_flow(edition: Edition, other: Edition, machine: CompiledMachine = MACHINE) -> Diagram:
    """The turn flow of `edition` marked against `other`'s: added, removed or changed."""
    mine, theirs = turn_flow(edition, machine), turn_flow(other, machine)
    name_a, name_b = _names(edition, other)
    nodes = tuple(
        replace(a, mark=_presence(a.mark != Mark.INACTIVE, b.mark != Mark.INACTIVE))
        for a, b in zip(mine.nodes, theirs.nodes, strict=True)
    )
    edges = []
    for a, b in zip(mine.edges, theirs.edges, strict=True):
        mark = _presence(a.mark != Mark.INACTIVE, b.mark != Mark.INACTIVE)
        if mark == Mark.PLAIN:
            notes = compare(a.notes, b.notes, name_a, name_b)
            if all(note.mark == Mark.PLAIN for note in notes):  # a rule drawn elsewhere, changed?
                ruled = compare(a.governed_by, b.governed_by, name_a, name_b)
                notes += tuple(note for note in ruled if note.mark != Mark.PLAIN)
            changed = any(note.mark != Mark.PLAIN for note in notes)
            edges.append(replace(a, notes=notes, mark=Mark.CHANGED if changed else Mark.PLAIN))
        elif mark == Mark.ADDED:
            edges.append(replace(a, notes=_all(a.notes, Mark.ADDED), mark=mark))
        elif mark == Mark.REMOVED:
            edges.append(replace(b, notes=_all(b.notes, Mark.REMOVED), mark=mark))
        else:
            edges.append(replace(a, notes=(), mark=Mark.INACTIVE))
    box = _differing(facts(edition), facts(other), name_a, name_b)
    return Diagram(
        name=f"{name_a}-vs-{name_b}",
        title=f"{name_a} against {name_b}: what the turn flow changes",
        subtitle=f"{name_a}: {summary(edition)}\n{name_b}: {summary(other)}",
        clusters=mine.clusters,
        nodes=nodes,
        edges=tuple(edges),
        legend=(
            (Mark.PLAIN, "the same in both"),
            (Mark.ADDED, f"only in {name_a}"),
            (Mark.REMOVED, f"only in {name_b}"),
            (
                Mark.CHANGED,
                f"in both, different: {name_a}'s value first, then {name_b}'s",
            ),
            (Mark.INACTIVE, f"in neither: {why_inactive((edition, other), 'either deck')}"),
        ),
        facts=box,
        readings=mine.readings or theirs.readings or any(READING in n.text for n in box),
    )


def compare(
    mine: tuple[Note, ...], theirs: tuple[Note, ...], name: str, other: str
) -> tuple[Note, ...]:
    """Notes paired by key: the same once, different as both (`name`'s first), else one."""
    by_key = {note.key: note for note in theirs}
    out: list[Note] = []
    for note in mine:
        if note.key not in by_key:
            out.append(replace(note, mark=Mark.ADDED))
        elif _compared(by_key[note.key]) == _compared(note):
            out.append(note)
        else:
            out += changed(note.key, note.text, by_key[note.key].text, name, other)
    keys = {note.key for note in mine}
    out += [replace(note, mark=Mark.REMOVED) for note in theirs if note.key not in keys]
    return tuple(out)


def _compared(note: Note) -> str:
    return note.text if note.value is None else note.value


def changed(key: str, mine: str, theirs: str, name: str, other: str) -> list[Note]:
    """A changed note in as few words as reads well.

    >>> [n.text for n in changed("k", "hands of 5", "hands of 7", "express", "classic")]
    ['hands of 5 (classic: 7)']
    >>> [n.text for n in changed("k", "Draw One: draws 1", "Draw Two: draws 2", "a", "b")]
    ['a: Draw One: draws 1', 'b: Draw Two: draws 2']
    """
    ours, others = _tokens(mine), _tokens(theirs)
    start = 0
    while start < min(len(ours), len(others)) and ours[start] == others[start]:
        start += 1
    end = 0
    while end < min(len(ours), len(others)) - start and ours[-1 - end] == others[-1 - end]:
        end += 1
    head, tail = "".join(ours[:start]), "".join(ours[len(ours) - end :])
    a, b = "".join(ours[start : len(ours) - end]), "".join(others[start : len(others) - end])
    if a.strip() and b.strip() and len(a) + len(b) <= SHORT_CHANGE:
        return [Note(key, f"{head}{a} ({other}: {b}){tail}", Mark.CHANGED)]
    return [
        Note(key, f"{name}: {mine}", Mark.CHANGED),
        Note(key, f"{other}: {theirs}", Mark.CHANGED),
    ]


def _tokens(text: str) -> list[str]:
    """Words and the characters between them, so a change never splits a word; a hyphen
    joins, so a range (2-10) or a card kind (wild-draw-four) changes whole, and so do
    capitalised words in a row, a card's name (Draw One).

    >>> [n.text for n in changed("k", "2-6 players", "2-10 players", "turbo", "express")]
    ['2-6 (express: 2-10) players']
    >>> [n.text for n in changed("k", "Skip, Draw One", "Skip, Draw Two", "a", "b")]
    ['Skip, Draw One (b: Draw Two)']
    """
    return re.findall(r"[A-Z][\w-]*(?: [A-Z][\w-]*)+|[\w-]+|[^\w-]", text)


def facts(edition: Edition) -> tuple[Note, ...]:
    """The parameters that belong to no one transition: sizes, the deck, scoring, readings."""
    rules = edition.rules
    out = [
        Note("cards", f"{edition.in_play_count} cards in play, {edition.set_aside_count} aside"),
        Note("players", f"{seats(rules.min_players, rules.max_players)} players"),
        Note("colors", f"colours: {', '.join(edition.colors)}"),
    ]
    counts: dict[str, int] = {}
    for face in edition.faces.in_play:
        kind = edition.faces.faces[face].kind
        counts[kind] = counts.get(kind, 0) + 1
    points = dict(rules.points)
    for kind in sorted(counts, key=kind_order):
        value = points.get(kind, "no value")
        worth = value.replace("-", " ") if isinstance(value, str) else f"{value} points"
        out.append(
            Note(f"deck:{kind}", f"{edition.card_name(kind)}: {counts[kind]} cards, {worth}")
        )
    out += _ranks(edition)
    out += _aside(edition)
    for field in fields(rules):
        if field.name not in COVERED:
            value = getattr(rules, field.name)
            words = f"{field.name.replace('_', ' ')}: {_worded(value)}"
            out.append(Note(field.name, words, shows=(RULE_KEYS[field.name],)))
    slots: dict[type, int] = {}
    for kind, effect in sorted(edition.effects, key=lambda pair: kind_order(pair[0])):
        if kind not in counts:
            continue
        for step in effect.steps:
            slot = slots[type(step)] = slots.get(type(step), -1) + 1  # as on the transitions
            for field in fields(step):
                if field.name not in CARD_COVERED:
                    value = _worded(getattr(step, field.name))
                    words = f"{field.name.replace('_', ' ')}: {value}"
                    key = f"card:{type(step).__name__}#{slot}:{field.name}"
                    shows = (edition.parameter_key(kind, step.NAME, field.name),)
                    out.append(about(edition, key, kind, words, shows=shows))
    for reading in edition.interpretations:
        if reading.decides:  # its choice is the parameter's value, listed above or on an edge
            continue
        chosen = _worded(reading.chosen)
        if not played_by_model(reading.id, None):
            played = UNPLAYED
        else:
            played = FIXED if reading.id in FIXED_READINGS else DATA
        out.append(Note(f"reading:{reading.id}", f"reading {reading.id}: {chosen} ({played})"))
    return with_readings(edition, tuple(out))


FIXED = "as every edition plays it"
DATA = "as the deck lines have it"
UNPLAYED = "a note: the model does not play it"
"""What a reading that decides no parameter changes in play: nothing of its own. The kernel
plays the fixed readings (`FIXED_READINGS`) in every edition, recorded or not; a reading of
the deck is the deck's lines, listed above (`DATA_READINGS`); the model plays no other. A
reading only one file records is a difference in what the files say, not in how they play."""


def _ranks(edition: Edition) -> list[Note]:
    """How many number cards of each rank, ranks with one count together: classic's
    ``Number cards: 0 \u00d74, 1-9 \u00d78`` (each of ranks 1 to 9 eight times)."""
    by_rank: dict[int, int] = {}
    for face in edition.faces.in_play:
        rank = edition.faces.faces[face].rank
        if rank is not None:
            by_rank[rank] = by_rank.get(rank, 0) + 1
    if not by_rank:
        return []
    runs: dict[int, list[int]] = {}
    for rank in sorted(by_rank):
        runs.setdefault(by_rank[rank], []).append(rank)
    parts = ", ".join(f"{span(ranks)} \u00d7{n}" for n, ranks in runs.items())
    return [Note("deck:number:ranks", f"{edition.card_name(NUMBER)} cards: {parts}")]


def _aside(edition: Edition) -> list[Note]:
    """Which cards are set aside (the foil's twin, Special Foil Card), so that two editions
    setting aside different cards differ here and not only in their counts."""
    faces = edition.faces.faces
    counts: dict[str, int] = {}
    for face in edition.faces.set_aside:
        name = edition.card_name(faces[face].kind)
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return []
    return [Note("aside", "set aside: " + ", ".join(f"{n} {name}" for name, n in counts.items()))]


def _worded(value: object) -> str:
    """A parameter's value as the box prints it: lists and sets as comma-separated words."""
    if isinstance(value, frozenset):
        value = sorted(value)
    if isinstance(value, list | tuple):
        return ", ".join(_worded(v) for v in value) or "none"
    return str(value)


def _differing(
    mine: tuple[Note, ...], theirs: tuple[Note, ...], name: str, other: str
) -> tuple[Note, ...]:
    compared = compare(mine, theirs, name, other)
    differ = tuple(note for note in compared if note.mark != Mark.PLAIN)
    same = len(compared) - len(differ)
    return (*differ, Note("same", f"{same} other parameters and readings the same"))


def _presence(mine: bool, theirs: bool) -> Mark:
    if mine and theirs:
        return Mark.PLAIN
    if mine:
        return Mark.ADDED
    return Mark.REMOVED if theirs else Mark.INACTIVE


def _all(notes: tuple[Note, ...], mark: Mark) -> tuple[Note, ...]:
    return tuple(replace(note, mark=mark) for note in notes)
