"""Known values of the built-in editions, each traced to a section of its rule booklet.

Booklets (in shared/seeds/): 000 = nfl-cowboys, 001 = nfl-players, 002 = star-wars,
003 = express, 004 = super-bowl-lvii. `classic` is the standard 108-card game, not a seed.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from unospec.editions import builtin_names, builtin_path, load_edition
from unospec.model.edition import DeckEntry, Edition
from unospec.model.errors import EditionError
from unospec.model.primitives import WildDraw

SIX = ("classic", "express", "nfl-cowboys", "nfl-players", "star-wars", "super-bowl-lvii")
HOUSE_RULES = (
    "classic-draw-until-playable",
    "classic-jump-in",
    "classic-seven-zero",
    "classic-stacking",
)
NO_MERCY = ("no-mercy",)
"""The built-in deltas of classic, one per house rule: classic's deck and all but one rule."""
OUTSIDE = ("rlcard-uno",)
"""Outside implementations' rules stated as deltas of classic (RLCard's UNO), each reading
citing the implementation's source file."""

# Contents: 113 cards for 000/001/002, one of them the Special Foil Card (an alternate of a
# special wild, set aside unless swapped in); 112 cards for 004 (no foil card); 56 for 003.
# classic: the standard 108-card deck.
TOTALS = {
    "nfl-cowboys": (113, 112, 1),
    "nfl-players": (113, 112, 1),
    "star-wars": (113, 112, 1),
    "super-bowl-lvii": (112, 112, 0),
    "express": (56, 56, 0),
    "classic": (108, 108, 0),
}

_CACHE: dict[str, Edition] = {}


def edition(name: str) -> Edition:
    """A built-in edition, loaded once per module."""
    if name not in _CACHE:
        _CACHE[name] = load_edition(name)
    return _CACHE[name]


def test_builtin_names_are_the_shipped_editions() -> None:
    """`builtin_names()` lists exactly the shipped editions, sorted: the six of the booklets
    and classic's house rules, No Mercy, and the outside implementations' rules."""
    assert builtin_names() == tuple(sorted((*SIX, *HOUSE_RULES, *NO_MERCY, *OUTSIDE)))


@pytest.mark.parametrize("name", SIX)
def test_name_equals_file_stem(name: str) -> None:
    """Each built-in file lives at `builtin_path(name)` and declares `name` equal to its stem."""
    path = builtin_path(name)
    assert path.is_file()
    assert path.stem == name
    assert edition(name).name == name


@pytest.mark.parametrize("name", SIX)
def test_total_cards(name: str) -> None:
    """`total_cards` is the count printed under Contents (plus Special Foil Card)."""
    total, _, _ = TOTALS[name]
    assert edition(name).total_cards == total


@pytest.mark.parametrize("name", SIX)
def test_in_play_and_set_aside_counts(name: str) -> None:
    """The foil alternate (Special Foil Card) is the only card set aside; the rest are in play."""
    total, in_play, aside = TOTALS[name]
    e = edition(name)
    assert (e.in_play_count, e.set_aside_count) == (in_play, aside)
    assert e.in_play_count + e.set_aside_count == total


@pytest.mark.parametrize(
    ("name", "hand"),
    [
        ("nfl-cowboys", 7),  # 000 Set Up 2: deal 7 cards to each player
        ("nfl-players", 7),  # 001 Set Up 2
        ("star-wars", 7),  # 002 Set Up 2
        ("super-bowl-lvii", 7),  # 004 Set Up 2
        ("express", 5),  # 003 Set Up 2: deal 5 cards to each player
        ("classic", 7),  # standard rules
    ],
)
def test_hand_size(name: str, hand: int) -> None:
    """The hand size is the number dealt in Set Up 2."""
    assert edition(name).rules.hand_size == hand


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("nfl-cowboys", 500),  # 000 Keeping Score: reaching 500 points wins
        ("nfl-players", 500),  # 001 Keeping Score
        ("star-wars", 500),  # 002 Keeping Score
        ("super-bowl-lvii", 500),  # 004 Keeping Score
        ("express", 250),  # 003 Keeping Score: reaching 250 points wins
        ("classic", 500),  # standard rules
    ],
)
def test_target_score(name: str, target: int) -> None:
    """The target score is the one named in Keeping Score."""
    assert edition(name).rules.target_score == target


@pytest.mark.parametrize("name", ["nfl-cowboys", "nfl-players"])
@pytest.mark.parametrize("card", ["red-0", "yellow-1", "green-5", "blue-7", "red-9"])
def test_nfl_number_cards_score_five(name: str, card: str) -> None:
    """In the NFL booklets every number card scores 5 points (Keeping Score: 5 Points)."""
    e = edition(name)
    assert e.faces.points[e.faces.face(card)] == 5


@pytest.mark.parametrize("name", ["star-wars", "super-bowl-lvii", "express"])
@pytest.mark.parametrize("rank", [1, 4, 9])
def test_number_cards_score_face_value(name: str, rank: int) -> None:
    """Where Keeping Score says Face Value, a number card scores its own number."""
    e = edition(name)
    for color in e.colors:
        assert e.faces.points[e.faces.face(f"{color}-{rank}")] == rank


def test_star_wars_nine_scores_nine() -> None:
    """Star Wars scores a 9 at its face value, 9 (002 Keeping Score: number cards 0-9)."""
    e = edition("star-wars")
    assert e.faces.points[e.faces.face("red-9")] == 9
    assert e.faces.points[e.faces.face("blue-0")] == 0


def test_express_has_no_zero_cards() -> None:
    """Express numbers run 1-9 only (003 Keeping Score: number cards 1-9), so no 0 exists."""
    e = edition("express")
    with pytest.raises(KeyError):
        e.faces.face("red-0")
    assert e.faces.points[e.faces.face("red-1")] == 1


@pytest.mark.parametrize("name", ["nfl-cowboys", "nfl-players", "star-wars", "super-bowl-lvii"])
def test_wild_draw_four_challenge_payouts(name: str) -> None:
    """Wild Draw Four: victim draws 4, a failed challenger 6, a guilty player 4 (Action Cards)."""
    effect = edition(name).effect_of("wild-draw-four").find(WildDraw)
    assert effect is not None
    # Action Cards: Wild Draw Four ("Draw 4 cards"; "draws 6 cards instead of 4";
    # "YOU must draw 4 cards").
    assert (effect.draw, effect.challenger_draws, effect.offender_draws) == (4, 6, 4)


def test_express_wild_draw_two_challenge_payouts() -> None:
    """Express Wild Draw Two: victim draws 2, a failed challenger 4, a guilty player 2."""
    effect = edition("express").effect_of("wild-draw-two").find(WildDraw)
    assert effect is not None
    # 003 Action Cards: Wild Draw Two ("Draw 2 cards"; "draws 4 cards instead of 2";
    # "YOU must draw 2 cards").
    assert (effect.draw, effect.challenger_draws, effect.offender_draws) == (2, 4, 2)


def _parameter(e: Edition, decides: str) -> object:
    """The loaded value of the parameter a key path such as `setup.hand_size` names."""
    top, *rest = decides.split(".")
    if top == "cards":
        kind, primitive, field_name = rest
        step = next(s for s in e.effect_of(kind).steps if primitive == s.NAME)
        return getattr(step, field_name)
    (key,) = rest
    if top == "scoring" and key == "target":
        return e.rules.target_score
    if top == "players":
        return getattr(e.rules, f"{key}_players")
    return getattr(e.rules, key)


def _same(chosen: object, actual: object) -> bool:
    """Readings are tuples where parameters may be frozensets (first_flip_ignores)."""
    if isinstance(actual, frozenset):
        return isinstance(chosen, tuple) and frozenset(chosen) == actual
    return chosen == actual


@pytest.mark.parametrize("name", SIX)
def test_decided_interpretations_match_their_parameter(name: str) -> None:
    """Every interpretation with `decides` chose exactly the value the loaded edition uses."""
    e = edition(name)
    decided = [i for i in e.interpretations if i.decides]
    assert decided, "every built-in edition records at least one decided reading"
    for item in decided:
        actual = _parameter(e, str(item.decides))
        assert _same(item.chosen, actual), (item.id, item.chosen, actual)
        assert all(not _same(alt, actual) for alt in item.alternatives), item.id


@pytest.mark.parametrize(
    ("old", "new", "interpretation"),
    [
        # draw-one-amount decides cards.draw-one.draw = 1; claim the alternative 2 instead.
        ("chosen = 1\n", "chosen = 2\n", "draw-one-amount"),
        # reverse-with-two-players decides cards.reverse.with_two_players = "direction-only".
        (
            'chosen = "direction-only"\nalternatives = ["acts-as-skip"]',
            'chosen = "acts-as-skip"\nalternatives = ["direction-only"]',
            "reverse-with-two-players",
        ),
    ],
    ids=["integer-reading", "string-reading"],
)
def test_chosen_differing_from_parameter_is_an_error(
    tmp_path: Path, old: str, new: str, interpretation: str
) -> None:
    """A decided interpretation whose `chosen` differs from its parameter is an EditionError."""
    text = builtin_path("express").read_text(encoding="utf-8")
    assert text.count(old) == 1
    edited = text.replace(old, new)
    path = tmp_path / "express.toml"
    path.write_text(edited, encoding="utf-8")
    index = [i.id for i in edition("express").interpretations].index(interpretation)
    with pytest.raises(EditionError) as caught:
        load_edition(str(path))
    assert caught.value.key == f"interpretations[{index}].chosen"
    assert "chosen" in str(caught.value)
    assert caught.value.line == edited[: edited.index(new)].count("\n") + 1


def _without_why(e: Edition) -> tuple[DeckEntry, ...]:
    """The deck composition without its free-text `why` notes."""
    return tuple(dataclasses.replace(entry, why="") for entry in e.deck)


def test_nfl_editions_have_equal_parameters() -> None:
    """nfl-cowboys and nfl-players differ only in naming and wording, not in any parameter."""
    a, b = edition("nfl-cowboys"), edition("nfl-players")
    assert (a.name, a.seed) != (b.name, b.seed)
    # The two files word the deck's `why` notes differently and list the [cards.*] tables in
    # another order; the parameters themselves are compared here.
    assert _without_why(a) == _without_why(b)
    assert dict(a.effects) == dict(b.effects)
    assert a.rules == b.rules
    assert a.colors == b.colors
    assert a.total_cards == b.total_cards
    assert dict(a.sections) == dict(b.sections)
    assert a.players_provenance == b.players_provenance
    readings = [
        [(i.id, i.decides, i.chosen, i.alternatives) for i in e.interpretations] for e in (a, b)
    ]
    assert readings[0] == readings[1]


def test_rlcard_uno_plays_the_tests_rlcard_edition() -> None:
    """`rlcard-uno` (RLCard's rules, its readings citing RLCard's files) and the tests'
    `tests/editions/rlcard.toml` state the same rules: the same parameters, card effects
    and readings chosen; only names and sections differ."""
    shipped = edition("rlcard-uno")
    tests = load_edition(str(Path(__file__).parent / "rlcard.toml"))
    assert shipped.rules == tests.rules
    assert shipped.faces.effect == tests.faces.effect
    assert shipped.faces.first_effect == tests.faces.first_effect

    def chosen(e: Edition) -> dict[str, object]:
        return {reading.id: reading.chosen for reading in e.interpretations}

    assert chosen(shipped) == chosen(tests)
    written = tomllib.loads(builtin_path("rlcard-uno").read_text(encoding="utf-8"))
    sections = [r["section"] for r in written["interpretations"] if "section" in r]
    sections += [card["section"] for card in written["cards"].values() if "section" in card]
    assert sections and all(s.startswith("RLCard's UNO: rlcard/games/uno/") for s in sections)
