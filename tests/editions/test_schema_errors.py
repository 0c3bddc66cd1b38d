"""A bad edition file gives one `EditionError`: ``FILE:LINE: key.path: expected ..., found ...``.

Each bad file is `spec/express.toml` with one edit; the expected LINE is found in the edited
text (the edited line, or the header of the table that encloses a missing key).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from unospec.cli import main
from unospec.editions import builtin_names, builtin_path, load_edition
from unospec.editions.schema import FIXED_READINGS, READINGS
from unospec.model.errors import EditionError


def express_text() -> str:
    return builtin_path("express").read_text(encoding="utf-8")


def edit(text: str, old: str, new: str) -> str:
    """`text` with its one occurrence of `old` replaced by `new`."""
    assert text.count(old) == 1, f"{old!r} must occur exactly once"
    return text.replace(old, new)


def line_of(text: str, marker: str) -> int:
    """1-based line of the first occurrence of `marker` in `text`."""
    assert marker in text, marker
    return text[: text.index(marker)].count("\n") + 1


def nth_table(text: str, header: str, marker: str) -> int:
    """0-based index of the `[[header]]` element that contains `marker`."""
    return text[: text.index(marker)].count(f"\n[[{header}]]\n") - 1


def parse_message(message: str, path: Path) -> tuple[int, str, str, str]:
    """LINE, key path, expected and found of a one-line edition error about `path`."""
    assert "\n" not in message
    match = re.fullmatch(
        re.escape(str(path)) + r":(\d+): (\S+): expected (.+), found (.+)", message
    )
    assert match, message
    return int(match[1]), match[2], match[3], match[4]


def load_error(path: Path) -> EditionError:
    """The single EditionError that loading `path` raises."""
    with pytest.raises(EditionError) as caught:
        load_edition(str(path))
    assert type(caught.value) is EditionError
    return caught.value


@dataclass(frozen=True)
class Case:
    old: str
    new: str
    key: str  # may use {deck} / {interp}: the index of the edited array-of-tables element
    marker: str  # the first occurrence of this text in the edited file is on LINE
    expected: tuple[str, ...] = ()  # substrings of the "expected ..." part
    found: tuple[str, ...] = ()  # substrings of the "found ..." part
    deck_kind: str = ""  # {deck} is the index of the [[deck.cards]] entry of this kind


CASES = {
    "repeated-rank": Case(
        "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9]",
        "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 2]",
        "deck.cards[{deck}].ranks",
        "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 2]",
        ("no repeated ranks",),
        ("2 twice",),  # it said 'a repeated rank'
        deck_kind="number",
    ),
    "misspelt-face-value": Case(  # Keeping Score: numbers score their face value
        'number = "face-value"',
        'number = "face value"',
        "scoring.points.number",
        'number = "face value"',
        ("an integer from 0 to 1000000 or 'face-value'",),  # it said only 'face-value'
        ("'face value'",),
    ),
    "no-colours": Case(
        'colors = ["red", "yellow", "green", "blue"]',
        "colors = []",
        "deck.colors",
        "colors = []",
        ("a non-empty array",),
        ("an empty array",),  # it said 'an array'
    ),
    "unknown-top-level-key": Case(
        'name = "express"\n',
        'name = "express"\nhouse_rule = true\n',
        "house_rule",
        "house_rule = true",
        ("one of the keys", "total_cards", "interpretations"),
        ("'house_rule'",),
    ),
    "variant-of-nothing": Case(
        'variant_of = "classic"',
        'variant_of = "classics.toml"',  # a slip: no such file beside this one
        "variant_of",
        'variant_of = "classics.toml"',
        ("a built-in edition name", "relative to this file"),
        ("'classics.toml'",),
    ),
    "variant-of-empty": Case(
        'variant_of = "classic"',
        'variant_of = ""',  # written but empty: not the same as no base
        "variant_of",
        'variant_of = ""',
        ("a built-in edition name",),
        ("''",),
    ),
    "variant-of-itself": Case(
        'variant_of = "classic"',
        'variant_of = "bad.toml"',  # the file under test is written as bad.toml
        "variant_of",
        'variant_of = "bad.toml"',
        ("another edition than this file",),
        ("'bad.toml'",),
    ),
    "unknown-setup-key": Case(
        "hand_size = 5 # Set Up 2\n",
        "hand_size = 5 # Set Up 2\nhand_sise = 5\n",
        "setup.hand_sise",
        "hand_sise = 5",
        ("one of the keys", "hand_size"),
        ("'hand_sise'",),
    ),
    "wrong-type": Case(
        "hand_size = 5 #",
        'hand_size = "five" #',
        "setup.hand_size",
        'hand_size = "five"',
        ("an integer",),
        ("'five'",),
    ),
    "negative-count": Case(
        'kind = "skip"\ncopies = 1\n',
        'kind = "skip"\ncopies = -1\n',
        "deck.cards[{deck}].copies",
        "copies = -1",
        ("an integer from 0",),
        ("-1",),
        deck_kind="skip",
    ),
    "unknown-kind-in-deck": Case(
        'kind = "wild"\n',
        'kind = "wild-purple"\n',
        "deck.cards[{deck}].kind",
        'kind = "wild-purple"',
        ("'wild'", "'wild-draw-two'"),
        ("'wild-purple'",),
        deck_kind="wild-purple",
    ),
    "unknown-kind-cards-table": Case(
        "[cards.wild]\n",
        '[cards.wild-purple]\nsection = "Action Cards"\neffect = "wild"\n\n[cards.wild]\n',
        "cards.wild-purple",
        "[cards.wild-purple]",
        ("a card kind of the deck", "wild-draw-two", "a new kind a deck.cards line adds"),
        ("'wild-purple'",),
    ),
    "composition-not-adding-up": Case(
        "total_cards = 56",
        "total_cards = 57",
        "deck.cards",
        "[[deck.cards]]",
        ("total_cards = 57 (line 11)",),  # either may be the slip: both lines are named
        ("56 cards",),  # Contents: the deck as listed holds 56
    ),
    "missing-required-key": Case(
        "target = 250 # Keeping Score\n",
        "",
        "scoring.target",
        "[scoring]\n",  # the key is gone: its enclosing table's header is the nearest line
        ("an integer",),
        ("nothing",),
    ),
    "reading-not-implemented": Case(
        'draw_shortfall = "draw-what-remains"',
        'draw_shortfall = "the-next-player-draws-the-rest"',
        "play.draw_shortfall",
        'draw_shortfall = "the-next-player-draws-the-rest"',
        tuple(repr(value) for value in READINGS["play.draw_shortfall"]),
        ("'the-next-player-draws-the-rest'",),
    ),
    "unclosed-table-header": Case(
        "[setup]\n",
        "[setup\n",
        "(file)",
        "[setup\n",
        ("valid TOML",),
        ("]",),
    ),
    "decides-unknown-key": Case(
        'decides = "cards.draw-one.draw.count"',
        'decides = "cards.draw-one.draw.amount"',
        "interpretations[{interp}].decides",
        'decides = "cards.draw-one.draw.amount"',
        ("key path",),
        ("'cards.draw-one.draw.amount'",),
    ),
    "a-name-starting-with-a-dash": Case(  # its trace file then read as an option
        'name = "express"',
        'name = "-x"',
        "name",
        'name = "-x"',
        ("not starting with a dash",),
        ("'-x'",),
    ),
    "decides-the-deck-lines": Case(  # a list of tables: the comparison raised TypeError
        'decides = "cards.draw-one.draw.count"\nchosen = 1\nalternatives = [2]',
        'decides = "deck.cards"\nchosen = ["a"]\nalternatives = [["b"]]',
        "interpretations[{interp}].decides",
        'decides = "deck.cards"',
        ("key path of a parameter",),
        ("'deck.cards'",),
    ),
    "decides-the-name": Case(  # not a rule: it loaded
        'decides = "cards.draw-one.draw.count"\nchosen = 1\nalternatives = [2]',
        'decides = "name"\nchosen = "express"\nalternatives = ["other"]',
        "interpretations[{interp}].decides",
        'decides = "name"',
        ("key path of a parameter",),
        ("'name'",),
    ),
    "decides-a-cards-section": Case(  # a citation, not a rule
        'decides = "cards.draw-one.draw.count"\nchosen = 1\nalternatives = [2]',
        'decides = "cards.draw-one.section"\nchosen = "x"\nalternatives = ["y"]',
        "interpretations[{interp}].decides",
        'decides = "cards.draw-one.section"',
        ("key path of a parameter",),
        ("'cards.draw-one.section'",),
    ),
    "decides-a-boolean-for-a-number": Case(
        'decides = "cards.draw-one.draw.count"\nchosen = 1',
        'decides = "cards.draw-one.draw.count"\nchosen = true',
        "interpretations[{interp}].chosen",
        "chosen = true",
        ("the value cards.draw-one.draw.count has in this file (1)",),
        ("true",),
    ),
    "an-alternative-of-another-kind": Case(
        'decides = "cards.draw-one.draw.count"\nchosen = 1\nalternatives = [2]',
        'decides = "cards.draw-one.draw.count"\nchosen = 1\nalternatives = [true]',
        "interpretations[{interp}].alternatives[0]",
        "alternatives = [true]",
        ("another value of the kind cards.draw-one.draw.count takes (like 1)",),
        ("true",),
    ),
    "duplicate-interpretation-id": Case(
        'id = "action-on-action"',
        'id = "draw-one-amount"',
        "interpretations[{interp}].id",
        'id = "draw-one-amount"\nfamily = "redundancy"',
        ("not used by another",),
        ("'draw-one-amount'",),
    ),
    "blank-card-name": Case(
        '[cards.skip]\nsection = "Action Cards: Skip"\n',
        '[cards.skip]\nsection = "Action Cards: Skip"\nname = " "\n',
        "cards.skip.name",
        'name = " "',
        ("some text",),
    ),
    "long-card-name": Case(
        '[cards.skip]\nsection = "Action Cards: Skip"\n',
        f'[cards.skip]\nsection = "Action Cards: Skip"\nname = "{"S" * 65}"\n',
        "cards.skip.name",
        'name = "SSS',
        ("a card's name of 1 to 64 printable characters",),
    ),
    "missing-cards-table": Case(
        '[cards.skip]\nsection = "Action Cards: Skip"\neffect = ["skip"]\n\n',
        "",
        "cards",
        "[cards.",  # the `cards` table is defined from its first [cards.*] header
        ("[cards.skip]", "deck.cards[{deck}]"),
        deck_kind="skip",
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_bad_file_reports_key_and_line(tmp_path: Path, case: Case) -> None:
    """One edit to a valid file gives one EditionError naming the edited key and its line."""
    text = edit(express_text(), case.old, case.new)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    indices = {
        "deck": nth_table(text, "deck.cards", f'kind = "{case.deck_kind}"\n')
        if case.deck_kind
        else None,
        "interp": nth_table(text, "interpretations", case.marker),
    }
    error = load_error(path)
    line, key, expected, found = parse_message(str(error), path)
    assert key == case.key.format(**indices)
    assert line == line_of(text, case.marker)
    assert (error.file, error.line, error.key) == (str(path), line, key)
    for part in case.expected:
        assert part.format(**indices) in expected
    for part in case.found:
        assert part in found


def test_missing_cards_table_says_found_nothing(tmp_path: Path) -> None:
    """A deck kind without its [cards.X] table is reported as 'found nothing', like other gaps."""
    case = CASES["missing-cards-table"]
    path = tmp_path / "bad.toml"
    path.write_text(edit(express_text(), case.old, case.new), encoding="utf-8")
    _, _, _, found = parse_message(str(load_error(path)), path)
    assert found == "nothing"


def test_a_deck_of_numbers_alone_needs_no_cards_table(tmp_path: Path) -> None:
    """Only the non-number kinds need a [cards.KIND] table: a deck of numbers alone loads
    without [cards] (it was refused as "cards: expected a table, found nothing"), and a deck
    with action cards but no [cards] at all names the first table it lacks."""
    text = express_text()
    deck = text[text.index("[[deck.cards]]") : text.index("[cards.draw-one]")]
    numbers = deck[: deck.index('[[deck.cards]]\nkind = "skip"')]
    plain = text[: text.index("[[deck.cards]]")] + numbers
    plain = edit(plain, "total_cards = 56", "total_cards = 36")
    plain = edit(plain, '["skip", "reverse", "draw-one", "wild", "wild-draw-two"]', "[]")
    path = tmp_path / "numbers.toml"
    path.write_text(plain, encoding="utf-8")
    assert load_edition(str(path)).faces.kinds_in_play == {"number"}
    path.write_text(text[: text.index("[cards.draw-one]")], encoding="utf-8")
    _, key, expected, found = parse_message(str(load_error(path)), path)
    assert (key, found) == ("cards", "nothing")
    assert expected.startswith("a [cards.skip] table for deck.cards[")


def test_unclosed_array_reports_decoder_line(tmp_path: Path) -> None:
    """A TOML syntax error is reported on key `(file)` at the line tomllib's decoder names."""
    text = edit(express_text(), '"green", "blue"]', '"green", "blue"')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError) as decoded:
        tomllib.loads(text)
    decoder_line = re.search(r"\(at line (\d+),", str(decoded.value))
    assert decoder_line
    error = load_error(path)
    line, key, expected, _ = parse_message(str(error), path)
    assert (line, key) == (int(decoder_line[1]), "(file)")
    assert "valid TOML" in expected
    # The array opens on the `colors` line, so the decoder can only notice later.
    assert line >= line_of(text, "colors = [")


def test_non_utf8_bytes_report_their_line(tmp_path: Path) -> None:
    """A byte that is not UTF-8 is reported on key `(file)` at the line that holds it."""
    lines = express_text().encode("utf-8").split(b"\n")
    lines[2] += b" \xff"  # line 3
    path = tmp_path / "bad.toml"
    path.write_bytes(b"\n".join(lines))
    error = load_error(path)
    line, key, expected, found = parse_message(str(error), path)
    assert (line, key) == (3, "(file)")
    assert "UTF-8" in expected
    assert "0xff" in found


def test_unchanged_copy_loads(tmp_path: Path) -> None:
    """The unedited copy that every bad file starts from loads (56 cards: Contents), so each
    error is the edit's."""
    path = tmp_path / "express.toml"
    path.write_text(express_text(), encoding="utf-8")
    assert load_edition(str(path)).total_cards == 56


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    """Some editors start a UTF-8 file with a byte-order mark; the file still loads, and a
    later error still names its line."""
    path = tmp_path / "express.toml"
    path.write_bytes(b"\xef\xbb\xbf" + express_text().encode("utf-8"))
    loaded = load_edition(str(path))
    assert loaded.name == "express"
    assert loaded.behaviour() == load_edition("express").behaviour()
    text = edit(express_text(), "hand_size = 5 #", 'hand_size = "five" #')
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    line, key, _, _ = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, "hand_size ="), "setup.hand_size")


def test_cli_show_bad_file_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`unospec show BADFILE` exits 2 with one `unospec: error:` line giving FILE:LINE."""
    text = edit(express_text(), "hand_size = 5 #", 'hand_size = "five" #')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code = main(["show", str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.endswith("\n")
    assert err.count("\n") == 1
    assert err.startswith("unospec: error: ")
    assert f"{path}:{line_of(text, 'hand_size = ')}: setup.hand_size:" in err
    assert "Traceback" not in err


def test_cli_unknown_builtin_names_known_editions(capsys: pytest.CaptureFixture[str]) -> None:
    """`unospec show` of an unknown name exits 2 with one line listing the built-in editions."""
    code = main(["show", "uno-flip"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("unospec: error: ")
    assert "uno-flip" in err
    for name in builtin_names():
        assert name in err
    assert "Traceback" not in err


def test_a_reading_listed_as_an_alternative_but_not_modelled_says_so(tmp_path: Path) -> None:
    """A file that lists a reading unospec does not model as an alternative of a draw short
    of cards (Let's Play: NOTE), and chooses it, is told that the readings offered are the
    ones modelled, not a typo list."""
    listed = '"obligation-waits-for-cards", "hand-ends-unscored"'
    text = edit(express_text(), listed, listed + ', "the-next-player-draws-the-rest"')
    old, new = (
        'draw_shortfall = "draw-what-remains"',
        'draw_shortfall = "the-next-player-draws-the-rest"',
    )
    text = edit(text, old, new)
    assert "the-next-player-draws-the-rest" in text.split('id = "draw-shortfall"', 1)[1]
    path = tmp_path / "express.toml"
    path.write_text(text, encoding="utf-8")
    line, key, expected, found = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, 'draw_shortfall = "the-next'), "play.draw_shortfall")
    modelled = "'draw-what-remains', 'hand-ends-unscored', 'obligation-waits-for-cards'"
    assert expected == f"one of {modelled} (the readings unospec models)"
    assert found == "'the-next-player-draws-the-rest'"


def test_a_reading_no_parameter_decides_cannot_choose_what_the_model_does_not_play(
    tmp_path: Path,
) -> None:
    """Express's `action-on-action` reading (Action Cards: NOTE) sets no parameter; choosing
    its alternative was accepted and the model went on playing the reading it models, so the
    file documented a rule nobody checked."""
    old = 'chosen = "adds-nothing-beyond-colour-matching"'
    text = edit(express_text(), old, 'chosen = "any-action-card-on-any-action-card"')
    path = tmp_path / "express.toml"
    path.write_text(text, encoding="utf-8")
    line, key, expected, found = parse_message(str(load_error(path)), path)
    index = nth_table(text, "interpretations", "any-action-card-on-any-action-card")
    assert (line, key) == (
        line_of(text, 'chosen = "any-action'),
        f"interpretations[{index}].chosen",
    )
    assert expected == (
        '"adds-nothing-beyond-colour-matching" (the reading unospec models: no parameter '
        "chooses another)"
    )
    assert found == '"any-action-card-on-any-action-card"'


@pytest.mark.parametrize(
    ("old", "new", "key", "expected", "found"),
    [
        (  # a question unospec answers in code set a parameter it is not about
            'id = "final-card-effects"\n',
            'id = "final-card-effects"\ndecides = "setup.next_leader"\n',
            "decides",
            "no decides: unospec answers final-card-effects in code, or decides = "
            '"play.final_card_effects"',
            '"setup.next_leader"',
        ),
        (  # the chosen reading listed as its own alternative
            'alternatives = ["effects-apply-then-score"]',
            'alternatives = ["hand-ends-at-once"]',
            "alternatives[0]",
            "a reading other than the chosen one",
            '"hand-ends-at-once"',
        ),
    ],
    ids=["decides", "chosen-as-alternative"],
)
def test_a_reading_cannot_be_made_to_say_what_the_model_does_not(
    tmp_path: Path, old: str, new: str, key: str, expected: str, found: str
) -> None:
    """Express's final-card-effects reading (Winning) is answered in code: it may not name
    a parameter to decide but the one that may decide it (`play.final_card_effects`), nor
    list its choice as an alternative (both were accepted)."""
    text = edit(express_text(), old, new)
    path = tmp_path / "express.toml"
    path.write_text(text, encoding="utf-8")
    _, path_key, wanted, shown = parse_message(str(load_error(path)), path)
    index = nth_table(text, "interpretations", 'id = "final-card-effects"')
    assert (path_key, wanted, shown) == (f"interpretations[{index}].{key}", expected, found)


def test_every_fixed_reading_is_one_a_builtin_edition_records() -> None:
    """Each question the kernel answers without a parameter is asked by a built-in edition,
    with no `decides` (an id none records would be a dead entry)."""
    asked = {
        item.id
        for name in builtin_names()
        for item in load_edition(name).interpretations
        if item.decides is None
    }
    assert set(FIXED_READINGS) <= asked


@pytest.mark.parametrize(
    ("old", "new", "key", "expected", "found"),
    [
        (
            'title = "',
            'title = "a\\u0008',
            "title",
            "printable text on one line",
            "the character '\\x08'",
        ),
        (
            'section = "Action Cards: Skip"\n',
            'section = ""\n',
            "cards.skip.section",
            "some text",
            "''",
        ),
        (
            'title = "',
            f'title = "{"x" * 2001}',
            "title",
            "at most 2000 characters",
            f"{2001 + len('UNO Express')} characters",
        ),
    ],
    ids=["control character", "empty section", "too long"],
)
def test_text_that_diagrams_and_reports_cannot_show_is_refused(
    tmp_path: Path, old: str, new: str, key: str, expected: str, found: str
) -> None:
    """Titles, sections and reasons end up in Graphviz labels and HTML pages: a control
    character, an empty section or a huge title broke `dot`, so the schema refuses them."""
    text = express_text()
    text = text.replace(old, new, 1)
    path = tmp_path / "express.toml"
    path.write_text(text, encoding="utf-8")
    _, got_key, got_expected, got_found = parse_message(str(load_error(path)), path)
    assert (got_key, got_expected) == (key, expected)
    assert got_found == found


def test_a_set_of_kinds_may_be_written_in_any_order(tmp_path: Path) -> None:
    """The kinds a first flip ignores (Set Up 4) are a set: the parameter written in another
    order than its reading's `chosen` is the same reading (it was refused as a mismatch)."""
    old = 'first_flip_ignores = ["skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    new = 'first_flip_ignores = ["wild-draw-two", "wild", "draw-one", "reverse", "skip"]'
    path = tmp_path / "reordered.toml"
    path.write_text(edit(express_text(), old, new), encoding="utf-8")
    ignored = load_edition(str(path)).rules.first_flip_ignores
    assert ignored == load_edition("express").rules.first_flip_ignores


def test_an_unprintable_reading_is_shown_escaped(tmp_path: Path) -> None:
    """A reading whose chosen value holds a control character: the one line shows it as
    TOML escapes it, and the error's `found` is that same text (Hypothesis found a DEL
    printed raw in `found` but escaped in the message)."""
    path = tmp_path / "express.toml"
    text = edit(express_text(), 'chosen = "direction-only"', 'chosen = "a\\u007fb\\u001f"')
    path.write_text(text, encoding="utf-8")
    error = load_error(path)
    assert error.found == '"a\\u007fb\\u001f"'
    assert str(error).endswith(f"found {error.found}") and "\x7f" not in str(error)


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ("-1", "-1"),
        ("1.5", "1.5"),
        ("1979-05-27", "a date (1979-05-27)"),
        ("07:32:00", "a time (07:32:00)"),
    ],
)
def test_a_value_of_the_wrong_kind_is_named_as_toml_writes_it(
    tmp_path: Path, value: str, found: str
) -> None:
    """`found` speaks TOML, not Python: a number as written (it said "int -1", "float
    1.5") and a date or time by name (it said "date datetime.date(1979, 5, 27)")."""
    path = tmp_path / "bad.toml"
    path.write_text(edit(express_text(), "hand_size = 5", f"hand_size = {value}"))
    _, key, _, said = parse_message(str(load_error(path)), path)
    assert (key, said) == ("setup.hand_size", found)


def test_a_huge_number_is_cut_alike_in_the_message_and_the_errors_fields(tmp_path: Path) -> None:
    """A reading chosen as a number of 301 digits, where the file's parameter is a word: the
    message cuts the number to its ends and length, and the error's `found`, which tools
    read, is the same text (it kept all 301 digits)."""
    text = express_text()
    chosen = 'chosen = "drawn-card-only"'
    path = tmp_path / "huge.toml"
    path.write_text(edit(text, chosen, "chosen = 1" + "0" * 300), encoding="utf-8")
    error = load_error(path)
    line, key, expected, found = parse_message(str(error), path)
    assert (line, key) == (line_of(text, chosen), error.key)
    assert found == error.found == "100000...000 (301 digits)"
    assert expected == error.expected


SHORT_DRAW = Path(__file__).parent / "short-draw-reshuffle.toml"


def test_the_reshuffle_before_a_short_draw_is_a_reading_a_parameter_decides() -> None:
    """`reshuffle-when` is answered in code, but `play.reshuffle_when` may decide it: the
    test edition (RLCard's rule) records it with `decides`, and plays it."""
    loaded = load_edition(str(SHORT_DRAW))
    assert loaded.rules.reshuffle_when == "before-a-short-draw"
    reading = next(i for i in loaded.interpretations if i.id == "reshuffle-when")
    assert (reading.decides, reading.chosen) == ("play.reshuffle_when", "before-a-short-draw")
    assert load_edition("classic").rules.reshuffle_when == "when-a-draw-needs-a-card"


@pytest.mark.parametrize(
    ("old", "new", "key", "expected", "found"),
    [
        (  # the file plays RLCard's rule, but its reading says the booklets' without decides
            'decides = "play.reshuffle_when"\nchosen = "before-a-short-draw"\n'
            'alternatives = ["when-a-draw-needs-a-card", ',
            'chosen = "when-a-draw-needs-a-card"\nalternatives = ["before-a-short-draw", ',
            "chosen",
            'decides = "play.reshuffle_when" (this file plays play.reshuffle_when = '
            '"before-a-short-draw")',
            '"when-a-draw-needs-a-card"',
        ),
        (  # the reading decides another parameter than the one that may decide it
            'decides = "play.reshuffle_when"',
            'decides = "play.reshuffle"',
            "decides",
            "no decides: unospec answers reshuffle-when in code, or decides = "
            '"play.reshuffle_when"',
            '"play.reshuffle"',
        ),
        (  # the reading chooses a value the file does not play
            'reshuffle_when = "before-a-short-draw"',
            'reshuffle_when = "when-a-draw-needs-a-card"',
            "chosen",
            'the value play.reshuffle_when has in this file ("when-a-draw-needs-a-card")',
            '"before-a-short-draw"',
        ),
    ],
    ids=["without-decides", "decides-another-key", "chosen-not-played"],
)
def test_a_reshuffle_reading_must_say_what_the_file_plays(
    tmp_path: Path, old: str, new: str, key: str, expected: str, found: str
) -> None:
    """A file that plays `before-a-short-draw` cannot record the booklets' answer, nor tie
    the reading to another key; one that plays the booklets' cannot choose RLCard's."""
    text = edit(SHORT_DRAW.read_text(encoding="utf-8"), old, new)
    path = tmp_path / "short-draw.toml"
    path.write_text(text, encoding="utf-8")
    _, path_key, wanted, shown = parse_message(str(load_error(path)), path)
    index = nth_table(text, "interpretations", 'id = "reshuffle-when"')
    assert (path_key, wanted, shown) == (f"interpretations[{index}].{key}", expected, found)


def test_a_booklet_edition_cannot_tie_its_reshuffle_reading_to_a_key_it_does_not_write(
    tmp_path: Path,
) -> None:
    """Express writes no `play.reshuffle_when`: its reading cannot name it as `decides`."""
    old = 'chosen = "when-a-draw-needs-a-card"'
    text = edit(express_text(), old, f'decides = "play.reshuffle_when"\n{old}')
    path = tmp_path / "express.toml"
    path.write_text(text, encoding="utf-8")
    _, key, expected, found = parse_message(str(load_error(path)), path)
    index = nth_table(text, "interpretations", 'id = "reshuffle-when"')
    assert key == f"interpretations[{index}].decides"
    assert expected == "the key path of a parameter in this file"
    assert found == "'play.reshuffle_when'"


LAST_CARD = Path(__file__).parent / "last-card-effects.toml"


def test_a_last_cards_effect_is_a_reading_a_parameter_decides() -> None:
    """`final-card-effects` is answered in code, but `play.final_card_effects` may decide
    it: the test edition (RLCard's rule) records it with `decides`, and plays it; classic
    leaves the key out and plays the booklets' answer."""
    loaded = load_edition(str(LAST_CARD))
    assert loaded.rules.final_card_effects == "effects-apply-then-score"
    reading = next(i for i in loaded.interpretations if i.id == "final-card-effects")
    assert (reading.decides, reading.chosen) == (
        "play.final_card_effects",
        "effects-apply-then-score",
    )
    assert load_edition("classic").rules.final_card_effects == "hand-ends-at-once"


def test_a_file_carrying_out_a_last_cards_effect_must_record_the_reading_it_plays(
    tmp_path: Path,
) -> None:
    """A file that plays `effects-apply-then-score` and records the booklets' answer
    without `decides` is refused at the reading's `chosen`, naming the key to tie it to."""
    old = (
        'decides = "play.final_card_effects"\nchosen = "effects-apply-then-score"\n'
        'alternatives = ["hand-ends-at-once"]'
    )
    new = 'chosen = "hand-ends-at-once"\nalternatives = ["effects-apply-then-score"]'
    text = edit(LAST_CARD.read_text(encoding="utf-8"), old, new)
    path = tmp_path / "last-card.toml"
    path.write_text(text, encoding="utf-8")
    _, key, expected, found = parse_message(str(load_error(path)), path)
    index = nth_table(text, "interpretations", 'id = "final-card-effects"')
    assert key == f"interpretations[{index}].chosen"
    assert expected == (
        'decides = "play.final_card_effects" (this file plays play.final_card_effects = '
        '"effects-apply-then-score")'
    )
    assert found == '"hand-ends-at-once"'


@pytest.mark.parametrize(
    ("old", "new", "expected", "found"),
    [
        (  # a Color Roulette: the next player would pick a colour to draw to
            "[cards.wild-draw-four]",
            '[cards.wild]\nsection = "UNO Show \'Em No Mercy: Wild Color Roulette"\n'
            'effect = ["colour-roulette", "skip"]\n\n[cards.wild-draw-four]',
            "no card whose last play waits for a colour picked or hands its player cards",
            "wild, whose next player would pick a colour",
        ),
        (  # the 7 of 7-0: its player would swap their empty hand for another
            "[cards.wild-draw-four]",
            '[cards.number-7]\nsection = "House rules: 7-0"\neffect = ["swap-hands"]\n\n'
            "[cards.wild-draw-four]",
            "no card whose last play waits for a colour picked or hands its player cards",
            "number-7, whose player would swap hands",
        ),
        (  # the 0 of 7-0: the hands would pass on, one to the player who went out
            "[cards.wild-draw-four]",
            '[cards.number-0]\nsection = "House rules: 7-0"\neffect = ["pass-hands"]\n\n'
            "[cards.wild-draw-four]",
            "no card whose last play waits for a colour picked or hands its player cards",
            "number-0, whose step passes the hands on",
        ),
        (  # stacking: the last card's draw would be passed on, back to its player
            'final_card_effects = "effects-apply-then-score"\n',
            'final_card_effects = "effects-apply-then-score"\nstacking = "same-kind"\n',
            "no stacking with effects-apply-then-score",
            'play.stacking = "same-kind"',
        ),
    ],
    ids=["colour-roulette", "swap-hands", "pass-hands", "stacking"],
)
def test_a_last_cards_effect_is_refused_with_a_step_it_cannot_carry_out(
    tmp_path: Path, old: str, new: str, expected: str, found: str
) -> None:
    """`effects-apply-then-score` carries out a last card's turn, colour, draw, challenge and
    penalty race steps; a colour picked to draw to (a Color Roulette), a step that would
    hand the player who went out a hand again (a swap, a pass of hands), and stacking are
    refused at the key, in one line naming the card or the rule."""
    text = edit(LAST_CARD.read_text(encoding="utf-8"), old, new)
    path = tmp_path / "last-card.toml"
    path.write_text(text, encoding="utf-8")
    line, key, wanted, shown = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, "final_card_effects ="), "play.final_card_effects")
    assert wanted.startswith(expected) and shown == found


RLCARD_FILE = Path(__file__).parent / "rlcard.toml"


@pytest.mark.parametrize(
    ("old", "new", "marker", "key", "expected", "found"),
    [
        (  # a challenge waits for the leader's answer: no first card's step
            "first_effect = [{ draw = 2 }]",
            'first_effect = [{ draw = 2 }, "skip", "pass-hands"]',
            "first_effect = [{ draw = 2 }",
            "cards.draw-two.first_effect[2]",
            "a step a first card can carry",
            "'pass-hands'",
        ),
        (  # a colour and a draw: the draw after the dealer's colour is not played
            'first_effect = ["name-colour"]',
            'first_effect = ["name-colour", { draw = 4 }]',
            'first_effect = ["name-colour"',
            "cards.wild.first_effect",
            "a first effect that names a colour or owes a draw, not both",
            "name-colour and draw",
        ),
        (  # a kept card whose own effect has a step no first card carries out
            'first_flip_ignores = ["wild-draw-four"]|chosen = ["wild-draw-four"]',
            "first_flip_ignores = []|chosen = []",
            "first_card =",
            "setup.first_card",
            "a first card that carries only steps a first card can",
            "wild-draw-four, whose effect has last-resort",
        ),
        (  # a misspelt reading
            'first_card = "played-by-the-dealer"',
            'first_card = "played-by-the-leader"',
            "first_card =",
            "setup.first_card",
            "one of 'plain-card', 'played-by-the-dealer'",
            "'played-by-the-leader'",
        ),
        (  # a misspelt colour at random, in [setup] and in [play]
            'first_wild_colour = "at-random"',
            'first_wild_colour = "random"',
            "first_wild_colour =",
            "setup.first_wild_colour",
            "one of 'named-by-the-dealer', 'at-random'",
            "'random'",
        ),
        (
            'drawn_wild_colour = "at-random"',
            'drawn_wild_colour = "by-the-dealer"',
            "drawn_wild_colour =",
            "play.drawn_wild_colour",
            "one of 'named-by-its-player', 'at-random'",
            "'by-the-dealer'",
        ),
    ],
    ids=[
        "pass-hands",
        "colour-and-draw",
        "kept-wild-draw-four",
        "misspelt",
        "misspelt-first-colour",
        "misspelt-drawn-colour",
    ],
)
def test_a_first_card_is_refused_with_a_step_it_cannot_carry_out(
    tmp_path: Path, old: str, new: str, marker: str, key: str, expected: str, found: str
) -> None:
    """`first_card = "played-by-the-dealer"` carries out a first card's turn, colour and
    draw steps only: another step, a colour with a draw, or a kept card whose own effect
    has another step is refused in one line at the key."""
    text = RLCARD_FILE.read_text(encoding="utf-8")
    for before, after in zip(old.split("|"), new.split("|"), strict=True):
        text = edit(text, before, after)
    path = tmp_path / "rlcard.toml"
    path.write_text(text, encoding="utf-8")
    line, path_key, wanted, shown = parse_message(str(load_error(path)), path)
    assert (line, path_key) == (line_of(text, marker), key)
    assert wanted.startswith(expected) and shown == found


def test_stacking_is_refused_where_a_first_card_deals_a_draw(tmp_path: Path) -> None:
    """A first Draw Two's draw is dealt: no one played it to aim it, so stacking, which
    would pass it on, is refused with `first_card = "played-by-the-dealer"`."""
    text = (
        'format = 1\nname = "first-stack"\ntitle = "A first Draw Two, stacked"\n'
        'variant_of = "classic"\n\n[setup]\nfirst_card = "played-by-the-dealer"\n'
        'first_flip_ignores = ["wild", "wild-draw-four"]\n\n[play]\nstacking = "same-kind"\n\n'
        '[[interpretations]]\nid = "first-flip-action-cards"\nsection = "Set Up 4"\n'
        'question = "Which first cards are ignored?"\ndecides = "setup.first_flip_ignores"\n'
        'chosen = ["wild", "wild-draw-four"]\nalternatives = [["wild-draw-four"]]\n'
        'why = "A test."\n'
    )
    path = tmp_path / "first-stack.toml"
    path.write_text(text, encoding="utf-8")
    line, key, wanted, shown = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, "stacking ="), "play.stacking")
    assert wanted.startswith('no stacking with first_card = "played-by-the-dealer"')
    assert shown == "draw-two, whose first effect draws"


RESHUFFLE_AT_ONCE = Path(__file__).parent / "reshuffle-at-once.toml"


@pytest.mark.parametrize(
    ("added", "found"),
    [
        ('drawing = "until-playable"\n', "play.drawing = until-playable"),
        ("elimination = 25\n", "play.elimination = 25"),
    ],
    ids=["draw-until-playable", "mercy-rule"],
)
def test_a_reshuffle_at_once_is_refused_with_a_draw_of_no_set_number_or_the_mercy_rule(
    tmp_path: Path, added: str, found: str
) -> None:
    """`as-soon-as-the-draw-pile-empties` reshuffles after a draw of a set number: a draw of
    no set number, or the mercy rule, is refused at the key, in one line."""
    old = 'reshuffle_when = "as-soon-as-the-draw-pile-empties"\n'
    text = edit(RESHUFFLE_AT_ONCE.read_text(encoding="utf-8"), old, old + added)
    path = tmp_path / "at-once.toml"
    path.write_text(text, encoding="utf-8")
    line, key, wanted, shown = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, "reshuffle_when ="), "play.reshuffle_when")
    assert wanted.startswith("no draw of no set number and no mercy rule") and shown == found


DRAW_ENDS_TURN = Path(__file__).parent / "draw-ends-turn.toml"


def test_a_draw_by_choice_ending_the_turn_is_refused_where_no_one_draws_by_choice(
    tmp_path: Path,
) -> None:
    """`the-turn-ends` with `may_draw = "without-a-playable-card"` is a slip (no one may draw
    holding a playable card): refused at the key, in one line."""
    old = 'draw_by_choice = "the-turn-ends"\n'
    added = 'may_draw = "without-a-playable-card"\n'
    text = edit(DRAW_ENDS_TURN.read_text(encoding="utf-8"), old, old + added)
    path = tmp_path / "ends.toml"
    path.write_text(text, encoding="utf-8")
    line, key, wanted, shown = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, "draw_by_choice ="), "play.draw_by_choice")
    assert wanted.startswith("no draw by choice that ends the turn")
    assert shown == 'play.may_draw = "without-a-playable-card"'


CALL_WITH_PLAY = Path(__file__).parent / "call-with-the-play.toml"
CALL_OUT_OF_PLACE = Path(__file__).parent / "uno-call-out-of-place.toml"


@pytest.mark.parametrize(
    ("added", "found"),
    [
        ('uno_call = "none"\n', 'play.uno_call = "none"'),
        ('jump_in = "identical-card"\n', 'play.jump_in = "identical-card"'),
        ('stacking = "same-kind"\n', 'play.stacking = "same-kind"'),
    ],
    ids=["no-call", "jump-in", "stacking"],
)
def test_a_call_with_the_play_is_refused_without_a_call_or_with_plays_out_of_turn(
    tmp_path: Path, added: str, found: str
) -> None:
    """`while-playing-the-second-last-card` needs a call, and plays in turn only: no call,
    jump-in or stacking is refused at the key, in one line."""
    old = 'uno_window = "while-playing-the-second-last-card"\n'
    text = edit(CALL_WITH_PLAY.read_text(encoding="utf-8"), old, old + added)
    path = tmp_path / "called.toml"
    path.write_text(text, encoding="utf-8")
    line, key, wanted, shown = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, "uno_window ="), "play.uno_window")
    assert wanted.startswith("an UNO call, and no jump-in") and shown == found


@pytest.mark.parametrize(
    ("added", "found"),
    [
        ('uno_call = "none"\n', "play.uno_call = none"),
        ("elimination = 25\n", "play.elimination = 25"),
    ],
    ids=["no-uno-call", "mercy-rule"],
)
def test_a_call_out_of_place_is_refused_without_a_call_or_with_the_mercy_rule(
    tmp_path: Path, added: str, found: str
) -> None:
    """`the-caller-draws-the-penalty` needs an UNO call to make and no mercy rule: either
    is refused at the key, in one line."""
    old = 'uno_call_out_of_place = "the-caller-draws-the-penalty"\n'
    text = edit(CALL_OUT_OF_PLACE.read_text(encoding="utf-8"), old, old + added)
    path = tmp_path / "out-of-place.toml"
    path.write_text(text, encoding="utf-8")
    line, key, wanted, shown = parse_message(str(load_error(path)), path)
    assert (line, key) == (line_of(text, "uno_call_out_of_place ="), "play.uno_call_out_of_place")
    assert wanted.startswith("an UNO call and no mercy rule") and shown == found


def test_a_reading_may_decide_an_optional_parameter_the_file_leaves_out(tmp_path: Path) -> None:
    """nfl-cowboys leaves its Hail Mary's `wrong_guess` out, and its reading decides it: the
    default is the value it has, so a reading choosing another is refused at `chosen`, and
    a `decides` naming a required parameter the file leaves out is refused at `decides`."""
    text = builtin_path("nfl-cowboys").read_text(encoding="utf-8")
    assert "wrong_guess =" not in text
    old = 'chosen = "card-stays-and-play-goes-on-in-named-colour"\n'
    other = 'chosen = "thrower-draws-a-penalty"\n'
    path = tmp_path / "chosen.toml"
    path.write_text(edit(text, old, other), encoding="utf-8")
    _, key, wanted, shown = parse_message(str(load_error(path)), path)
    assert key.endswith(".chosen") and shown.strip('"') == "thrower-draws-a-penalty"
    assert wanted.startswith("the value cards.wild-hail-mary.hail-mary.wrong_guess has")
    decides = 'decides = "cards.wild-hail-mary.hail-mary.wrong_guess"\n'
    unknown = 'decides = "cards.wild-hail-mary.hail-mary.no_such_reading"\n'
    path.write_text(edit(text, decides, unknown), encoding="utf-8")
    _, key, wanted, _ = parse_message(str(load_error(path)), path)
    assert key.endswith(".decides") and wanted == "the key path of a parameter in this file"
