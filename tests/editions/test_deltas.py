"""Editions as deltas: a file with `variant_of` that leaves out a required key is merged onto
its base (docs/edition-format.md, "Editions as deltas"); errors name the file and line that
wrote the key; `unospec show --resolved` prints the merged edition as a complete file.

Each expected edition is built the long way: the base's own text, edited as the delta says,
loaded as a complete file. The two must be equal, but for the file they were read from.
"""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unospec.cli import main
from unospec.editions import (
    base_edition,
    builtin_names,
    builtin_path,
    load_edition,
    resolved_data,
)
from unospec.editions.deltas import MAX_BASES, is_delta
from unospec.editions.reader import Reader
from unospec.editions.schema import build_edition
from unospec.editions.toml_writer import dumps
from unospec.model.edition import Edition
from unospec.model.errors import EditionError

HOUSE_EXPRESS = Path(__file__).parents[1] / "golden" / "inputs" / "house-express.toml"

HEAD = 'format = 1\nname = "house"\ntitle = "Classic, house rules"\nvariant_of = "classic"\n'

HOUSE = (
    HEAD
    + """
[scoring]
target = 300

[cards.draw-two.draw]
count = 3

[[interpretations]]
id = "house-draw-three"
section = "Action Cards: Draw Two card"
question = "How many cards does a Draw Two give?"
decides = "cards.draw-two.draw.count"
chosen = 3
alternatives = [2]
why = "The house plays it so."
"""
)
"""A delta of classic: one rule, one parameter of one card, and a reading of its own."""

NEW_READING = HOUSE[HOUSE.index("[[interpretations]]") :]


def classic_text() -> str:
    return builtin_path("classic").read_text(encoding="utf-8")


def edit(text: str, old: str, new: str) -> str:
    """`text` with its one occurrence of `old` replaced by `new`."""
    assert text.count(old) == 1, f"{old!r} must occur exactly once"
    return text.replace(old, new)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def same(delta: Edition, full: Edition) -> None:
    """The two editions are equal but for their files, and write their parameters alike."""
    assert dataclasses.replace(full, source=delta.source) == delta
    assert full.written == delta.written


def house_as_a_full_file() -> str:
    """HOUSE the long way: classic's text with its three changes made."""
    text = edit(classic_text(), 'name = "classic"\ntitle = "UNO (standard 108-card deck)"', "")
    text = edit(text, "format = 1\n", HEAD)
    text = edit(text, "target = 500", "target = 300")
    text = edit(text, "draw = { count = 2 }", "draw = { count = 3 }")
    return text + "\n" + NEW_READING


# --- what a delta means -------------------------------------------------------------------


def test_a_delta_of_classic_is_classic_but_for_what_it_writes(tmp_path: Path) -> None:
    delta = load_edition(str(write(tmp_path, "house.toml", HOUSE)))
    full = load_edition(str(write(tmp_path, "full.toml", house_as_a_full_file())))
    same(delta, full)
    classic = load_edition("classic")
    assert delta.rules == dataclasses.replace(classic.rules, target_score=300)
    assert delta.deck == classic.deck
    assert delta.interpretations[:-1] == classic.interpretations
    assert delta.interpretations[-1].id == "house-draw-three"
    changed = {k for k, e in delta.effects if e != classic.effect_of(k)}
    assert changed == {"draw-two"}
    assert (delta.name, delta.title, delta.variant_of) == (
        "house",
        "Classic, house rules",
        "classic",
    )
    assert base_edition(delta) == classic


def test_a_delta_of_a_delta(tmp_path: Path) -> None:
    """A delta's base may be a delta: it is resolved first. This one changes a rule, removes
    the reading its base added and replaces one of classic's."""
    write(tmp_path, "house.toml", HOUSE)
    second = (
        'format = 1\nname = "house-two"\ntitle = "House rules, short hands"\n'
        'variant_of = "house.toml"\n\n[setup]\nhand_size = 5\n\n'
        '[[interpretations]]\nid = "house-draw-three"\nremove = true\n\n'
        '[[interpretations]]\nid = "next-hand-leader"\nsection = "Winning"\n'
        'question = "Who deals next?"\ndecides = "setup.next_leader"\n'
        'chosen = "rotate-left"\nalternatives = ["same"]\nwhy = "Ours."\n'
    )
    delta = load_edition(str(write(tmp_path, "two.toml", second)))
    full = house_as_a_full_file().replace(NEW_READING, "")
    full = edit(full, 'name = "house"', 'name = "house-two"')
    full = edit(full, 'title = "Classic, house rules"', 'title = "House rules, short hands"')
    full = edit(full, 'variant_of = "classic"', 'variant_of = "house.toml"')
    full = edit(full, "hand_size = 7", "hand_size = 5")
    start = full.index('id = "next-hand-leader"')
    end = full.index("[[interpretations]]", start)
    full = full[:start] + second[second.index('id = "next-hand-leader"') :] + "\n" + full[end:]
    same(delta, load_edition(str(write(tmp_path, "full.toml", full))))
    base = base_edition(delta)
    assert base is not None and base.name == "house"


def test_removing_a_deck_line_with_the_total_restated(tmp_path: Path) -> None:
    """`remove = true` takes the base's line out; classic's two number lines are two
    identities (their ranks, in any order), so one of them is replaced alone."""
    text = HEAD + (
        "total_cards = 100\n\n"
        '[[deck.cards]]\nkind = "wild-draw-four"\nremove = true\n\n'
        '[[deck.cards]]\nkind = "number"\nranks = [9, 8, 7, 6, 5, 4, 3, 2, 1]\ncopies = 2\n'
        'provenance = "assumed"\nwhy = "Two of each."\n\n'
        '[[deck.cards]]\nkind = "skip"\ncopies = 1\nprovenance = "assumed"\nwhy = "One."\n'
    )
    delta = load_edition(str(write(tmp_path, "less.toml", text)))
    classic = load_edition("classic")
    assert delta.total_cards == 100
    assert [e.kind for e in delta.deck] == [e.kind for e in classic.deck[:-1]]
    assert delta.deck[0] == classic.deck[0]  # ranks [0] is another line than ranks 1-9
    assert (
        delta.deck[1].ranks == (9, 8, 7, 6, 5, 4, 3, 2, 1) and delta.deck[1].why == "Two of each."
    )
    assert delta.deck[2].copies == 1  # in its place, not after the others


def test_a_foil_line_and_a_plain_line_of_a_kind_are_two_entries(tmp_path: Path) -> None:
    """The NFL editions' Hail Mary line and its foil share a kind: a delta names the plain
    one without `foil`, and the foil with `foil = true`."""
    head = 'format = 1\nname = "one-hail-mary"\ntitle = "t"\nvariant_of = "nfl-cowboys"\n'
    text = head + (
        "total_cards = 110\n\n"
        '[[deck.cards]]\nkind = "wild-hail-mary"\ncopies = 1\nprovenance = "assumed"\n'
        'why = "One."\n'
    )
    delta = load_edition(str(write(tmp_path, "one.toml", text)))
    base = load_edition("nfl-cowboys")
    mary = base.faces.face("wild-hail-mary")
    assert delta.faces.in_play.count(mary) == 1 and base.faces.in_play.count(mary) == 4
    assert delta.faces.set_aside == base.faces.set_aside == (mary,)  # the foil kept
    gone = head + (
        'total_cards = 112\n\n[[deck.cards]]\nkind = "wild-hail-mary"\nfoil = true\nremove = true\n'
    )
    delta = load_edition(str(write(tmp_path, "no-foil.toml", gone)))
    assert delta.faces.set_aside == () and delta.faces.in_play.count(mary) == 4


def test_an_added_deck_line_comes_after_the_bases(tmp_path: Path) -> None:
    """A line of a new identity (ranks [5]) comes after the base's; one of a known identity
    (ranks [0]) replaces the base's in its place."""
    text = HEAD + (
        "total_cards = 116\n\n"
        '[[deck.cards]]\nkind = "number"\nranks = [5]\ncopies = 1\nprovenance = "assumed"\n'
        'why = "A fifth five."\n\n'
        '[[deck.cards]]\nkind = "number"\nranks = [0]\ncopies = 2\nprovenance = "assumed"\n'
        'why = "Two zeros."\n'
    )
    delta = load_edition(str(write(tmp_path, "more.toml", text)))
    classic = load_edition("classic")
    assert delta.deck[1:-1] == classic.deck[1:]
    assert (delta.deck[0].ranks, delta.deck[0].copies) == ((0,), 2)
    assert (delta.deck[-1].ranks, delta.deck[-1].why) == ((5,), "A fifth five.")


# --- full files are read as they stand ----------------------------------------------------


BUILTIN_DELTAS = (
    "classic-draw-until-playable",
    "classic-jump-in",
    "classic-seven-zero",
    "classic-stacking",
)
"""The built-ins written as deltas of classic: its house rules."""
FULL_FILES = [
    *(
        (name, builtin_path(name))
        for name in builtin_names()
        if not is_delta(tomllib.loads(builtin_path(name).read_text(encoding="utf-8")))
    ),
    ("house", HOUSE_EXPRESS),
]


@pytest.mark.parametrize("name", BUILTIN_DELTAS)
def test_a_house_rule_is_classic_with_its_rule_alone(name: str) -> None:
    """Each built-in house rule is a delta of classic: its deck, its card rules and every
    rule but the ones the file writes are classic's."""
    path = builtin_path(name)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert is_delta(data) and data["variant_of"] == "classic"
    house, classic = load_edition(name), load_edition("classic")
    assert house.faces.in_play == classic.faces.in_play
    written = set(data.get("play", {}))
    for field in dataclasses.fields(house.rules):
        if field.name not in written:
            assert getattr(house.rules, field.name) == getattr(classic.rules, field.name)


@pytest.mark.parametrize(("name", "path"), FULL_FILES, ids=[n for n, _ in FULL_FILES])
def test_a_full_file_is_read_as_it_stands(name: str, path: Path) -> None:
    """Every built-in and house-express writes every required key: none is a delta, and
    each loads as its own data alone, whatever its `variant_of` names."""
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert not is_delta(data)
    alone = build_edition(Reader(str(path), text, data))
    loaded = load_edition(str(path))
    assert loaded == alone and loaded.written == alone.written
    assert resolved_data(str(path)) == data


def test_the_built_ins_are_unchanged() -> None:
    """A few known values of the built-ins and house-express, read by the delta-aware loader."""
    classic, express = load_edition("classic"), load_edition("express")
    assert (classic.total_cards, len(classic.deck), len(classic.interpretations)) == (108, 7, 20)
    assert (express.total_cards, len(express.deck), len(express.interpretations)) == (56, 6, 24)
    house = load_edition(str(HOUSE_EXPRESS))
    assert house.variant_of == "express" and house.deck == express.deck


# --- errors name the file and line that wrote the key -------------------------------------


@dataclass(frozen=True)
class Bad:
    text: str  # the delta's text
    key: str
    marker: str  # the line: the first occurrence of this text in the delta
    expected: tuple[str, ...] = ()
    found: tuple[str, ...] = ()


ENTRY = '\n[[deck.cards]]\nkind = "skip"\ncopies = 1\nprovenance = "assumed"\nwhy = "One."\n'

BAD = {
    # -- the cases of an effect or house rule that cannot work
    "a-rule-for-a-card-the-base-does-not-have": Bad(
        HEAD + '\n[cards.wild-swap]\nsection = "House rules: 7-0"\neffect = ["swap-hands"]\n',
        "cards.wild-swap",
        "[cards.wild-swap]",
        ("a kind of a card in the deck",),
        ("'wild-swap'",),
    ),
    "stacking-with-no-draw-card-in-the-deck": Bad(
        HEAD
        + 'total_cards = 96\n\n[play]\nstacking = "same-kind"\n'
        + '\n[[deck.cards]]\nkind = "draw-two"\nremove = true\n'
        + '\n[[deck.cards]]\nkind = "wild-draw-four"\nremove = true\n',
        "play.stacking",
        'stacking = "same-kind"',
        ("a deck with a draw card to stack",),
        ("no such card",),
    ),
    "elimination-at-a-count-below-the-hand-size": Bad(
        HEAD + "\n[play]\nelimination = 5\n",
        "play.elimination",
        "elimination = 5",
        ("a count above the hand size, 7",),
        ("5",),
    ),
    "elimination-with-a-challenged-draw-card": Bad(  # classic's Wild Draw Four is challenged
        HEAD + "\n[play]\nelimination = 12\n",
        "play.elimination",
        "elimination = 12",
        ("no challenged draw card with the mercy rule",),
        ("wild-draw-four, whose victim may challenge it",),
    ),
    "elimination-with-a-whole-pile-reshuffle": Bad(  # a player put out sheds under the top
        HEAD.replace('"classic"', '"no-mercy"')
        + '\n[play]\nelimination = 25\nreshuffle = "whole-discard-pile"\n'
        + '\n[[interpretations]]\nid = "reshuffle-top-card"\nsection = "Let\'s Play: NOTE"\n'
        + 'question = "Does the reshuffle take the top card too?"\n'
        + 'decides = "play.reshuffle"\nchosen = "whole-discard-pile"\n'
        + 'alternatives = ["keep-top-card"]\nwhy = "RLCard\'s replace_deck."\n',
        "play.elimination",
        "elimination = 25",
        ("no mercy rule where a reshuffle takes the whole discard pile",),
        ('25, with play.reshuffle = "whole-discard-pile"',),
    ),
    "a-swap-at-a-table-of-one": Bad(  # a 7 that swaps needs another player: none is refused
        HEAD
        + '\n[cards.number-7]\nsection = "House rules: 7-0"\neffect = ["swap-hands"]\n'
        + "\n[players]\nmin = 1\n",
        "players.min",
        "min = 1",
        ("an integer from 2",),
        ("1",),
    ),
    "points-for-a-rank-rule": Bad(  # it was read, and silently not scored
        HEAD
        + '\n[cards.number-7]\nsection = "House rules: 7-0"\neffect = ["swap-hands"]\n'
        + "\n[scoring.points]\nnumber-7 = 20\n",
        "scoring.points.number-7",
        "number-7 = 20",
        ("no value: number-7 cards score as the number cards do",),
        ("20",),
    ),
    "a-delta-without-a-name": Bad(
        HEAD.replace('name = "house"\n', "") + "\n[scoring]\ntarget = 300\n",
        "name",
        "format = 1",
        ("a delta's own name", "total_cards"),
        ("nothing",),
    ),
    "a-delta-without-a-title": Bad(
        HEAD.replace('title = "Classic, house rules"\n', ""),
        "title",
        "format = 1",
        ("a delta's own title",),
    ),
    "a-base-not-found": Bad(
        HEAD.replace('"classic"', '"classics.toml"'),
        "variant_of",
        "variant_of =",
        ("a built-in edition name",),
        ("'classics.toml'",),
    ),
    "removing-a-card-the-base-does-not-have": Bad(
        HEAD + 'total_cards = 100\n\n[[deck.cards]]\nkind = "draw-one"\nremove = true\n',
        "deck.cards[0].kind",
        'kind = "draw-one"',
        ("an entry of classic's deck.cards to remove",),
        ("'draw-one'",),
    ),
    "removing-ranks-the-base-does-not-have": Bad(
        HEAD + '\n[[deck.cards]]\nkind = "number"\nranks = [0, 1]\nremove = true\n',
        "deck.cards[0].ranks",
        "ranks = [0, 1]",
        ("to remove",),
        ("'number' with ranks [0, 1]",),
    ),
    "removing-a-reading-the-base-does-not-have": Bad(
        HEAD + '\n[[interpretations]]\nid = "no-such-reading"\nremove = true\n',
        "interpretations[0].id",
        'id = "no-such-reading"',
        ("an entry of classic's interpretations to remove",),
    ),
    "remove-beside-other-keys": Bad(
        HEAD + '\n[[deck.cards]]\nkind = "skip"\nremove = true\ncopies = 1\n',
        "deck.cards[0].copies",
        "copies = 1",
        ("only kind, ranks and foil beside remove = true",),
    ),
    "remove-false": Bad(
        HEAD + '\n[[deck.cards]]\nkind = "skip"\nremove = false\n',
        "deck.cards[0].remove",
        "remove = false",
        ("true",),
        ("false",),
    ),
    "one-card-named-twice": Bad(
        HEAD + ENTRY + ENTRY,
        "deck.cards[1].kind",
        ENTRY + '\n[[deck.cards]]\nkind = "skip"',  # the second entry's kind
        ("no earlier entry",),
    ),
    "rules-for-a-card-no-deck-has": Bad(
        HEAD + '\n[cards.draw-one]\nsection = "x"\neffect = ["draw"]\n',
        "cards.draw-one",
        "[cards.draw-one]",
        ("a kind of a card in the deck", "classic"),
        ("'draw-one'",),
    ),
    "a-card-one-parameter-of-no-deck-card": Bad(
        HEAD + "\n[cards.draw-four.draw]\ncount = 3\n",
        "cards.draw-four",
        "[cards.draw-four.draw]",
        ("a kind of a card in the deck",),
    ),
    "a-deck-line-of-a-card-with-no-rules": Bad(
        HEAD + ENTRY.replace("skip", "draw-one"),
        "deck.cards[0].kind",
        'kind = "draw-one"',
        ("a kind with a [cards.KIND] table",),
    ),
    "an-unknown-key": Bad(
        HEAD + "\n[setup]\nhand_sise = 5\n",
        "setup.hand_sise",
        "hand_sise = 5",
        ("one of the keys", "hand_size"),
    ),
    "the-delta-s-reading-at-its-own-index": Bad(  # merged, it is interpretations[21]
        HOUSE
        + NEW_READING.replace("house-draw-three", "another").replace("chosen = 3", 'chosen = "3"'),
        "interpretations[1].chosen",
        'chosen = "3"',
        ("the value cards.draw-two.draw.count has",),
    ),
    "the-delta-s-deck-line-at-its-own-index": Bad(  # merged, it is deck.cards[7]
        HEAD + ENTRY + ENTRY.replace("skip", "wild").replace("copies = 1", "copies = -1"),
        "deck.cards[1].copies",
        "copies = -1",
        ("an integer from 0",),
    ),
    "a-composition-that-no-longer-adds-up": Bad(
        HEAD + '\n[[deck.cards]]\nkind = "wild-draw-four"\nremove = true\n',
        "deck.cards",
        "[[deck.cards]]",
        ("total_cards = 108",),
        ("104 cards",),
    ),
}


def parse(message: str) -> tuple[str, int, str, str, str]:
    """FILE, LINE, key, expected and found of a one-line edition error."""
    assert "\n" not in message
    match = re.fullmatch(r"(.+?):(\d+): (\S+): expected (.+), found (.+)", message)
    assert match, message
    return match[1], int(match[2]), match[3], match[4], match[5]


def load_error(path: Path) -> EditionError:
    with pytest.raises(EditionError) as caught:
        load_edition(str(path))
    return caught.value


@pytest.mark.parametrize("case", BAD.values(), ids=BAD.keys())
def test_a_bad_delta_is_one_line_at_its_own_line(
    tmp_path: Path, case: Bad, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "delta.toml", case.text)
    file, line, key, expected, found = parse(str(load_error(path)))
    assert (file, key) == (str(path), case.key)
    assert line == _marker_line(case.text, case.marker)
    for part in case.expected:
        assert part in expected
    for part in case.found:
        assert part in found
    assert main(["show", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"unospec: error: {path}:{line}: {key}: expected ")


def _marker_line(text: str, marker: str) -> int:
    """The line of the last line of `marker`'s first occurrence (a marker may take in lines
    before the one meant, to tell it from an earlier one alike)."""
    assert marker in text, marker
    return text[: text.index(marker) + len(marker.rstrip("\n"))].count("\n") + 1


def test_a_new_effect_keeps_none_of_the_old_steps_parameters(tmp_path: Path) -> None:
    """A new `effect` replaces classic's whole, its steps' parameters with it: classic's
    `draw = { count = 2 }` would name a step the card no longer has."""
    path = write(tmp_path, "delta.toml", HEAD + '\n[cards.draw-two]\neffect = ["skip"]\n')
    delta = load_edition(str(path))
    assert delta.effect_of("draw-two") == load_edition("classic").effect_of("skip")
    assert delta.section_of("green-draw-two") == load_edition("classic").section_of(
        "green-draw-two"
    )


def test_an_error_in_an_inherited_key_names_the_base(tmp_path: Path) -> None:
    """A rule the delta changes, which a reading of classic's decides: the reading's `chosen`
    no longer matches, and the error is classic's key, at classic's line, naming the delta."""
    path = write(tmp_path, "delta.toml", HEAD + '\n[play]\nafter_drawing = "any-matching-card"\n')
    file, line, key, expected, _ = parse(str(load_error(path)))
    classic = builtin_path("classic")
    assert file == str(classic) and re.fullmatch(r"interpretations\[\d+\]\.chosen", key)
    assert line == _marker_line(classic_text(), 'decides = "play.after_drawing"\nchosen')
    assert f"{path} takes this key from its base" in expected


def test_an_error_in_a_delta_s_base_is_the_base_s(tmp_path: Path) -> None:
    write(tmp_path, "base.toml", HEAD.replace('"house"', '"base"') + "\n[setup]\nhand_size = 0\n")
    path = write(tmp_path, "top.toml", HEAD.replace('"classic"', '"base.toml"'))
    file, line, key, _, _ = parse(str(load_error(path)))
    assert (file, line, key) == (str(tmp_path / "base.toml"), 7, "setup.hand_size")


def test_a_cycle_is_named_at_the_variant_of_that_closes_it(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", HEAD.replace('"classic"', '"b.toml"'))
    b = write(tmp_path, "b.toml", HEAD.replace('"classic"', '"c.toml"'))
    c = write(tmp_path, "c.toml", HEAD.replace('"classic"', '"a.toml"'))
    file, line, key, expected, found = parse(str(load_error(a)))
    assert (file, line, key) == (str(c), 4, "variant_of")
    assert "not derived from this file" in expected
    assert found == f"{a} -> {b} -> {c} -> {a}"
    itself = write(tmp_path, "itself.toml", HEAD.replace('"classic"', '"itself.toml"'))
    assert parse(str(load_error(itself)))[1:3] == (4, "variant_of")


def test_a_chain_of_bases_has_at_most_sixteen(tmp_path: Path) -> None:
    def chain(length: int) -> Path:
        """Deltas d0 -> d1 -> ... -> d{length - 1} -> classic: `length` bases above d0."""
        for i in range(length):
            base = f'"d{i + 1}.toml"' if i + 1 < length else '"classic"'
            write(tmp_path, f"d{i}.toml", HEAD.replace('"classic"', base))
        return tmp_path / "d0.toml"

    assert load_edition(str(chain(MAX_BASES))).rules == load_edition("classic").rules
    file, line, key, expected, _ = parse(str(load_error(chain(MAX_BASES + 1))))
    assert (file, line, key) == (str(tmp_path / f"d{MAX_BASES}.toml"), 4, "variant_of")
    assert f"at most {MAX_BASES} bases" in expected


# --- show --resolved ----------------------------------------------------------------------


def resolved_text(name: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["show", "--resolved", name]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def round_trip(name: str, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`show --resolved`, saved beside the file (its variant_of may be relative), loads as
    the same edition and the same data."""
    text = resolved_text(name, capsys)
    assert tomllib.loads(text) == resolved_data(name)
    saved = write(folder, "resolved.toml", text)
    assert not is_delta(tomllib.loads(text))
    same(load_edition(str(saved)), load_edition(name))


@pytest.mark.parametrize("name", builtin_names())
def test_show_resolved_round_trips_every_builtin(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    round_trip(name, tmp_path, capsys)


def test_show_resolved_round_trips_a_delta_and_a_delta_of_a_delta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "house.toml", HOUSE)
    round_trip(str(tmp_path / "house.toml"), tmp_path, capsys)
    top = HEAD.replace('"house"', '"top"').replace('"classic"', '"house.toml"')
    write(tmp_path, "top.toml", top + "\n[play]\nuno_penalty = 4\n")
    round_trip(str(tmp_path / "top.toml"), tmp_path, capsys)
    assert main(["show", "--resolved", "--format", "json", str(tmp_path / "top.toml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == resolved_data(str(tmp_path / "top.toml"))
    assert data["play"]["uno_penalty"] == 4 and data["scoring"]["target"] == 300
    assert data["variant_of"] == "house.toml"


def test_show_without_resolved_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "classic"]) == 0
    assert capsys.readouterr().out.startswith("UNO (standard 108-card deck) (classic)")


def test_show_resolved_of_a_bad_delta_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "delta.toml", BAD["an-unknown-key"].text)
    assert main(["show", "--resolved", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and f"{path}:" in err


# --- the TOML writer ----------------------------------------------------------------------

keys = st.text(max_size=8)
scalars = st.one_of(st.text(max_size=12), st.integers(-(2**63), 2**63 - 1), st.booleans())
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=12,
)


@given(st.dictionaries(keys, values, max_size=5))
def test_the_writer_writes_what_tomllib_reads_back(data: dict[str, object]) -> None:
    """Any data of the types edition files hold: strings (control characters, quotes, any
    key), integers, booleans, arrays, tables and arrays of tables."""
    assert tomllib.loads(dumps(data)) == data


def test_a_new_effect_in_a_delta_drops_the_bases_first_effect(tmp_path: Path) -> None:
    """docs/edition-format.md: a card given a new `effect` loses its base's `first_effect`
    (the two are one card's rule): its first card then carries out the new effect."""
    rlcard = Path(__file__).parents[1] / "editions" / "rlcard.toml"
    text = (
        'format = 1\nname = "rlcard-skips"\ntitle = "RLCard, a first Draw Two skips"\n'
        f'variant_of = "{rlcard}"\n\n[cards.draw-two]\neffect = [{{ draw = 2 }}, "skip"]\n'
    )
    base, delta = load_edition(str(rlcard)), load_edition(str(write(tmp_path, "d.toml", text)))
    card = base.faces.face("red-draw-two")
    assert [s.NAME for s in base.faces.first_effect[card].steps] == ["draw"]
    assert [s.NAME for s in delta.faces.first_effect[card].steps] == ["draw", "skip"]
