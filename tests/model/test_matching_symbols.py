"""What a card matches besides colour (Let's Play 1), as a file may state it per card rule
(`cards.KIND.symbol`): the same rules in both kernels, and the readings of Express's NOTE on
action cards that use it (`action-on-action`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario import ACTION_SYMBOLS, card, edition, table

from unospec.cli import main
from unospec.model import legality
from unospec.model.actions import Play
from unospec.model.kernel import legal_actions


@pytest.mark.parametrize(
    ("name", "top", "held", "plays"),
    [
        ("express", "red-skip", "blue-skip", True),  # the kind is the symbol
        ("express", "red-reverse", "blue-draw-one", False),
        (ACTION_SYMBOLS, "red-skip", "blue-skip", False),  # symbol = false: colour only
        (ACTION_SYMBOLS, "red-skip", "red-reverse", True),  # by colour, as always
        (ACTION_SYMBOLS, "red-reverse", "blue-draw-one", True),  # a shared symbol
        (ACTION_SYMBOLS, "red-draw-one", "blue-reverse", True),
        (ACTION_SYMBOLS, "red-reverse", "blue-reverse", True),
        (ACTION_SYMBOLS, "red-reverse", "blue-skip", False),
        (ACTION_SYMBOLS, "red-3", "blue-3", True),  # numbers keep their rank
    ],
)
def test_a_card_matches_by_its_symbol(name: str, top: str, held: str, plays: bool) -> None:
    e = edition(name)
    game = table(e, [[held, "green-1"], ["yellow-2"]], top=top)
    assert (Play(0, card(e, held)) in legal_actions(e, game)) is plays
    assert legality.matches(e, game, card(e, held)) is plays


def test_the_engine_numbers_the_reference_symbols() -> None:
    """The compiled engine's face rows carry the reference's symbols, numbered: two faces
    share a number exactly where they share a symbol."""
    from unospec.checks.engines.compiled import tables
    from unospec.checks.engines.compiled import vocabulary as v

    e = edition(ACTION_SYMBOLS)
    rows = [tables._face_row(e, face) for face in range(len(e.faces.faces))]
    for a in range(len(rows)):
        for b in range(len(rows)):
            same = e.faces.symbol[a] == e.faces.symbol[b]
            assert (rows[a][v.F_SYMBOL] == rows[b][v.F_SYMBOL]) is same


def test_the_engine_agrees_where_symbols_are_the_files_own() -> None:
    """Conformance at two colours (in one, every card matches by colour)."""
    from unospec.checks.engines.conformance import conform

    report = conform(edition(ACTION_SYMBOLS), scale="micro,colors=2", max_states=3000)
    assert report.ok, report.to_json()["first_difference"]
    assert report.states_compared == 3000


@pytest.mark.parametrize(
    ("table", "written", "expected"),
    [
        ("wild", "symbol = false", "no symbol: wild is a wild, which matches any card"),
        ("skip", 'symbol = "#skip"', "a symbol its cards match by (text not starting with #)"),
        ("skip", "symbol = 3", "a symbol its cards match by (text not starting with #)"),
        ("skip", "symbol = true", "a symbol its cards match by (text not starting with #)"),
    ],
)
def test_a_bad_symbol_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, written: str, expected: str
) -> None:
    text = (
        'format = 1\nname = "bad-symbol"\ntitle = "t"\nvariant_of = "classic"\n\n'
        f"[cards.{table}]\n{written}\n"
    )
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["show", str(path)]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"unospec: error: {path}:7: cards.{table}.symbol: expected {expected}")
