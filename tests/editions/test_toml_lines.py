"""Tests for `unospec.editions.toml_lines.locate`."""

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from unospec.editions.toml_lines import KeyPath, locate

SAMPLE = """\
name = "x"
[setup]
hand_size = 7
players = { min = 2, max = 10 }
[[deck.cards]]
kind = "number"
[[deck.cards]]
kind = "skip"
count = 2
[cards.wild-draw-four]
draw = 4
[interpretations."reverse-two"]
chosen = "acts-as-skip"
alternatives = [
  "a",
  "b", # a comment inside the array
]
"""


def test_sample_is_valid_toml() -> None:
    """The shared sample document is accepted by tomllib, so the other tests use real TOML."""
    assert tomllib.loads(SAMPLE)["deck"]["cards"][1]["kind"] == "skip"


def test_top_level_key() -> None:
    """A top-level key is reported on its own line."""
    assert locate(SAMPLE, ("name",)) == 1


def test_key_in_table() -> None:
    """A key under a `[table]` header is reported on its own line."""
    assert locate(SAMPLE, ("setup", "hand_size")) == 3


def test_table_header() -> None:
    """A table itself is reported on its header line."""
    assert locate(SAMPLE, ("setup",)) == 2


def test_inline_table_key() -> None:
    """A key inside an inline table is reported on the line of the owning key."""
    assert locate(SAMPLE, ("setup", "players", "max")) == 4


def test_array_of_tables_element_key() -> None:
    """An int component selects the N-th `[[...]]` header of that array (0-based)."""
    assert locate(SAMPLE, ("deck", "cards", 1, "kind")) == 8
    assert locate(SAMPLE, ("deck", "cards", 0, "kind")) == 6


def test_array_of_tables_element() -> None:
    """An array-of-tables element is reported on its own `[[...]]` header line."""
    assert locate(SAMPLE, ("deck", "cards", 1)) == 7


def test_bare_key_with_dash_in_header() -> None:
    """Bare keys may contain dashes, both in headers and as path components."""
    assert locate(SAMPLE, ("cards", "wild-draw-four", "draw")) == 11


def test_quoted_key_in_header() -> None:
    """A double-quoted key in a header matches the unquoted path component."""
    assert locate(SAMPLE, ("interpretations", "reverse-two", "chosen")) == 13


def test_multiline_array_element() -> None:
    """An element of an array spanning lines is reported on the line where it starts."""
    assert locate(SAMPLE, ("interpretations", "reverse-two", "alternatives", 1)) == 16
    assert locate(SAMPLE, ("interpretations", "reverse-two", "alternatives")) == 14


def test_single_line_array_element() -> None:
    """An element of a single-line array is reported on that line."""
    assert locate("x = 1\nranks = [1, 2, 3]\n", ("ranks", 2)) == 2


def test_array_element_spanning_line_break() -> None:
    """Elements after a line break inside an array get the later line."""
    assert locate("ranks = [1, 2,\n 3]\n", ("ranks", 2)) == 2
    assert locate("ranks = [1, 2,\n 3]\n", ("ranks", 1)) == 1


def test_dotted_key_at_top_level() -> None:
    """A dotted key `a.b.c = 1` defines the full path and its prefixes on that line."""
    text = "x = 0\na.b.c = 1\n"
    assert locate(text, ("a", "b", "c")) == 2
    assert locate(text, ("a", "b")) == 2


def test_dotted_key_inside_table() -> None:
    """A dotted key under a header extends that header's table."""
    assert locate("[t]\n\na . 'b' . c = 1\n", ("t", "a", "b", "c")) == 3


def test_missing_key_in_table_returns_header() -> None:
    """A missing key inside an existing table falls back to the table's header line."""
    assert locate(SAMPLE, ("setup", "missing")) == 2


def test_missing_deep_path_returns_nearest_definition() -> None:
    """A path continuing below a scalar falls back to the scalar's line."""
    assert locate(SAMPLE, ("setup", "players", "min", "deeper")) == 4


def test_index_beyond_array_of_tables_returns_last_header() -> None:
    """An index past the end of an array of tables falls back to its last header line."""
    assert locate(SAMPLE, ("deck", "cards", 5)) == 7
    assert locate(SAMPLE, ("deck", "cards", 5, "kind")) == 7


def test_index_beyond_array_value_returns_key_line() -> None:
    """An index past the end of an ordinary array falls back to the line of its key."""
    assert locate(SAMPLE, ("interpretations", "reverse-two", "alternatives", 9)) == 14


def test_wrong_component_type_returns_enclosing_line() -> None:
    """An int into a table or a string into an array falls back to the enclosing line."""
    assert locate(SAMPLE, ("setup", 0)) == 2
    assert locate(SAMPLE, ("deck", "cards", "kind")) == 5


def test_implicit_table_from_dotted_header() -> None:
    """A table only implied by dotted headers is reported at the first header with that prefix."""
    text = "[a.b]\nx = 1\n[a.c]\ny = 2\n"
    assert locate(text, ("a",)) == 1
    assert locate(text, ("a", "missing")) == 1
    assert locate(text, ("a", "c", "y")) == 4
    assert locate(SAMPLE, ("deck",)) == 5


def test_explicit_header_after_implicit_one() -> None:
    """Once a table implied by `[a.b]` gets its own `[a]` header, that header is reported."""
    text = "[a.b]\nx = 1\n[a]\ny = 2\n"
    assert locate(text, ("a", "missing")) == 3
    assert locate(text, ("a", "b", "x")) == 2


def test_sub_table_of_array_of_tables_element() -> None:
    """A `[deck.cards.extra]` sub-table belongs to the most recent `[[deck.cards]]` element."""
    text = (
        "[[deck.cards]]\nkind = 'a'\n[deck.cards.extra]\nx = 1\n"
        "[[deck.cards]]\nkind = 'b'\n[deck.cards.extra]\nx = 2\n"
    )
    assert tomllib.loads(text)["deck"]["cards"][1]["extra"]["x"] == 2
    assert locate(text, ("deck", "cards", 0, "extra", "x")) == 4
    assert locate(text, ("deck", "cards", 1, "extra", "x")) == 8
    assert locate(text, ("deck", "cards", 1, "extra")) == 7


def test_nested_arrays_of_tables() -> None:
    """`[[a.b]]` headers count per element of the enclosing `[[a]]` array."""
    text = "[[a]]\n[[a.b]]\nn = 1\n[[a]]\n[[a.b]]\nn = 2\n[[a.b]]\nn = 3\n"
    assert locate(text, ("a", 1, "b", 1, "n")) == 8
    assert locate(text, ("a", 0, "b", 0, "n")) == 3


def test_whitespace_and_comments_around_keys_and_headers() -> None:
    """Blanks around keys, dots and brackets, and trailing comments, are ignored."""
    text = "  # intro\n  [ setup . rules ]  # rules\n\t draw  =  2  # two\n  [[ deck ]]\n"
    assert tomllib.loads(text)["setup"]["rules"]["draw"] == 2
    assert locate(text, ("setup", "rules", "draw")) == 3
    assert locate(text, ("deck", 0)) == 4


def test_single_quoted_keys() -> None:
    """Literal (single-quoted) keys work in headers and in key/value pairs."""
    text = "[a.'b c']\n'x \\ y' = 1\n"
    assert locate(text, ("a", "b c", "x \\ y")) == 2


def test_escapes_in_quoted_keys() -> None:
    """Escapes in double-quoted keys are decoded before comparing with the path."""
    text = 'first = 0\n"a\\"b" = 1\n"caf\\u00e9" = 2\n'
    assert set(tomllib.loads(text)) == {"first", 'a"b', "café"}
    assert locate(text, ('a"b',)) == 2
    assert locate(text, ("café",)) == 3


def test_comment_lines_are_not_keys() -> None:
    """Keys and headers inside comments are ignored."""
    text = "# hidden = 1\n# [fake]\nreal = 2\n"
    assert locate(text, ("hidden",)) is None
    assert locate(text, ("fake",)) is None
    assert locate(text, ("real",)) == 3


def test_hash_inside_string_is_not_a_comment() -> None:
    """A `#` inside a string value does not start a comment."""
    text = 'xs = ["#", \'#\', "[",\n  "y"]\ns = "a # b" # real comment\nt = 1\n'
    assert tomllib.loads(text)["xs"][3] == "y"
    assert locate(text, ("xs", 3)) == 2
    assert locate(text, ("t",)) == 4


def test_multiline_basic_string_content_is_ignored() -> None:
    """Lines inside a `\"\"\"` string that look like a header or key are not read as such."""
    text = 'doc = """\n[fake]\nkey = 1\n\\""" still inside ""\n"""\nreal = 2\n'
    assert tomllib.loads(text)["real"] == 2
    assert locate(text, ("fake",)) is None
    assert locate(text, ("key",)) is None
    assert locate(text, ("doc",)) == 1
    assert locate(text, ("real",)) == 6


def test_multiline_literal_string_content_is_ignored() -> None:
    """Lines inside a `'''` string that look like a header or key are not read as such."""
    text = "doc = '''\n[fake]\nkey = 1 \\'''''\nreal = 2\n"
    assert tomllib.loads(text)["real"] == 2
    assert locate(text, ("fake",)) is None
    assert locate(text, ("key",)) is None
    assert locate(text, ("real",)) == 4


def test_inline_tables_inside_multiline_array() -> None:
    """Keys of inline tables that are array elements are reported on the element's line."""
    text = "xs = [\n  { a = 1 },\n  { a = 2, b = [3, 4] },\n]\n"
    assert locate(text, ("xs", 1, "a")) == 3
    assert locate(text, ("xs", 1, "b", 1)) == 3


def test_crlf_line_endings() -> None:
    """Windows line endings give the same lines as Unix ones."""
    text = SAMPLE.replace("\n", "\r\n")
    assert locate(text, ("setup", "hand_size")) == 3
    assert locate(text, ("deck", "cards", 1, "kind")) == 8
    assert locate(text, ("interpretations", "reverse-two", "alternatives", 1)) == 16


def test_empty_text() -> None:
    """Empty text has no keys, so the result is None."""
    assert locate("", ("name",)) is None


def test_empty_path() -> None:
    """An empty path names no definition, so the result is None."""
    assert locate(SAMPLE, ()) is None


def test_missing_top_level_key() -> None:
    """A path whose first component does not exist gives None."""
    assert locate(SAMPLE, ("nope",)) is None
    assert locate(SAMPLE, ("nope", "deeper", 0)) is None


def test_garbage_does_not_raise() -> None:
    """Malformed text is scanned without raising."""
    for text in ("\x00[[[= =", "x = [", "x = {", 'x = """', "[a.", '"\\', "= = =\n]]]}}}"):
        assert locate(text, ("x", 0, "a")) in (None, 1)


def test_deep_nesting_does_not_raise() -> None:
    """Very deeply nested arrays are skipped rather than exhausting the stack."""
    assert locate("x = " + "[" * 5000 + "]" * 5000 + "\ny = 1\n", ("y",)) == 2


TOMLISH = st.text(alphabet="[]{}\"'=.,#\n\r\t \\abc01-_")


@given(
    text=st.one_of(st.text(), TOMLISH),
    path=st.lists(st.one_of(st.text(), st.integers())).map(tuple),
)
def test_never_raises(text: str, path: KeyPath) -> None:
    """`locate` returns None or a line within the text for any text and any path."""
    line = locate(text, path)
    assert line is None or 1 <= line <= text.count("\n") + 1
