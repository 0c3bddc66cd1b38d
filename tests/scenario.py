"""Build game states for tests from card ids, with every card of the deck somewhere.

    game = table("nfl-cowboys", hands=[["red-5", "blue-7"], ["wild"]], top="red-3")

Cards not named go to the draw pile (after `draw`, which lists its top cards), or under the
top card of the discard pile with `rest="discard"`, so card conservation holds.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from unospec.checks.analyses.proofs import ProofReport, prove
from unospec.editions import builtin_path, load_edition
from unospec.model.actions import Action
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.kernel import apply, empty_table
from unospec.model.state import GameState

_EDITIONS: dict[str, Edition] = {}


def full_builtins() -> list[str]:
    """The built-ins written out in full: not the deltas (classic's house rules), whose
    readings and keys are their base's but for the few they write."""
    import tomllib

    from unospec.editions import builtin_names, builtin_path
    from unospec.editions.deltas import is_delta

    return [
        name
        for name in builtin_names()
        if not is_delta(tomllib.loads(builtin_path(name).read_text(encoding="utf-8")))
    ]


def edition(name: str) -> Edition:
    """A built-in edition (or an edition file, by its path), loaded once per test session."""
    if name not in _EDITIONS:
        _EDITIONS[name] = load_edition(name)
    return _EDITIONS[name]


@functools.cache
def proved(name: str) -> ProofReport:
    """A built-in edition's proofs, run once per process: a second of Z3 and kernel games
    that many tests read (the report is frozen; not for a test that patches the kernel or a
    query)."""
    return prove(edition(name))


def ids(e: Edition, cards: Sequence[str]) -> tuple[int, ...]:
    return tuple(e.faces.face(card) for card in cards)


def table(
    name_or_edition: str | Edition,
    hands: Sequence[Sequence[str]],
    top: str,
    *,
    color: str | None = None,
    draw: Sequence[str] = (),
    rest: str = "draw",
    current: int = 0,
    direction: int = 1,
    phase: str = "awaiting_play",
    scores: Sequence[int] | None = None,
) -> GameState:
    """A state in `phase` with the given hands and top card; see the module docstring."""
    e = edition(name_or_edition) if isinstance(name_or_edition, str) else name_or_edition
    placed = Counter(ids(e, [card for hand in hands for card in hand]))
    placed.update(ids(e, [top, *draw]))
    remaining = Counter(e.faces.in_play)
    remaining.subtract(placed)
    if any(n < 0 for n in remaining.values()):
        raise ValueError("more copies named than the deck holds")
    others = tuple(sorted(remaining.elements()))
    top_face = e.faces.face(top)
    pile = ids(e, draw) + (others if rest == "draw" else ())
    under = others if rest == "discard" else ()
    in_force = COLORS.index(color) if color else e.faces.color[top_face]
    players = len(hands)
    return empty_table(e, players)._replace(
        phase=phase,
        hands=tuple(tuple(sorted(ids(e, hand))) for hand in hands),
        draw_pile=pile,
        discard=(*under, top_face),
        color=in_force,
        direction=direction,
        current=current,
        actor=current,
        scores=tuple(scores) if scores is not None else (0,) * players,
    )


def play(e: Edition, game: GameState, *actions: Action) -> GameState:
    """Apply actions in order."""
    for action in actions:
        game = apply(e, game, action)
    return game


def card(e: Edition, card_id: str) -> int:
    return e.faces.face(card_id)


def color(name: str) -> int:
    return COLORS.index(name)


def first_turned_up(e: Edition, players: int, *first: str) -> tuple[int, ...]:
    """A deal's order of `e`'s deck whose cards turned up after the deal are `first`, in
    order (the hands dealt from the rest, in the deck's order)."""
    cards = list(e.faces.in_play)
    for card_id in first:
        cards.remove(e.faces.face(card_id))
    dealt = players * e.rules.hand_size
    return (*cards[:dealt], *(e.faces.face(c) for c in first), *cards[dealt:])


def edition_file(folder: Path, base: str, name: str, *changes: tuple[str, str]) -> Path:
    """A user's edition file in `folder`: built-in `base` renamed `name`, with each (old, new)
    text change made (each old text must occur exactly once)."""
    text = builtin_path(base).read_text(encoding="utf-8")
    for old, new in ((f'name = "{base}"\n', f'name = "{name}"\n'), *changes):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


WILD_REVERSE_DRAW_FOUR = (
    ("total_cards = 108", "total_cards = 112"),
    ("wild-draw-four = 50\n", "wild-draw-four = 50\nwild-reverse-draw-four = 50\n"),
    (
        '[[deck.cards]]\nkind = "wild-draw-four"',
        '[[deck.cards]]\nkind = "wild-reverse-draw-four"\ncopies = 4\n'
        'provenance = "assumed"\n'
        'why = "A house card: a wild that reverses play, then the next player draws four."\n\n'
        '[[deck.cards]]\nkind = "wild-draw-four"',
    ),
    (
        "[cards.wild-draw-four]",
        "[cards.wild-reverse-draw-four]\n"
        'section = "House rules: Wild Reverse Draw Four"\n'
        "wild = true\n"
        'effect = ["name-colour", "reverse", { draw = 4 }, "skip"]\n'
        'reverse = { with_two_players = "direction-only" }\n\n'
        "[cards.wild-draw-four]",
    ),
)
"""The edits that add a card of a new kind to classic, made of primitives the code already
has: four Wild Reverse Draw Fours (the player names a colour, play turns round, and the next
player in the new direction draws four and loses their turn). No Python knows the kind."""


HOUSE_CARDS = str(Path(__file__).parent / "editions" / "house-cards.toml")
"""A delta of classic with a card of every primitive no built-in edition has (skip
everyone, discard a colour, pass and swap hands, a wild that makes the next player draw):
`edition(HOUSE_CARDS)` loads it."""
RLCARD = str(Path(__file__).parent / "editions" / "rlcard.toml")
"""RLCard's UNO as a delta of classic, as far as unospec states it."""
SHORT_DRAW = str(Path(__file__).parent / "editions" / "short-draw-reshuffle.toml")
"""A delta of classic that reshuffles before a draw the draw pile is short of, as RLCard's
UNO does (`play.reshuffle_when = "before-a-short-draw"`): `edition(SHORT_DRAW)` loads it."""
LAST_CARD = str(Path(__file__).parent / "editions" / "last-card-effects.toml")
"""A delta of classic whose last card's effect is carried out, its draw dealt before the hand
is scored, as RLCard's UNO does (`play.final_card_effects = "effects-apply-then-score"`), with
RLCard's unchallenged Wild Draw Four: `edition(LAST_CARD)` loads it."""
LAST_CARD_CHALLENGED = str(Path(__file__).parent / "editions" / "last-card-challenged.toml")
"""A delta of classic whose last card's effect is carried out, its own Wild Draw Four's
challenge answered before the hand is scored (`play.final_card_effects`)."""
LAST_CARD_RACE = str(Path(__file__).parent / "editions" / "last-card-race.toml")
"""A delta of super-bowl-lvii whose last card's effect is carried out, a last Touchdown's race
run before the hand is scored (`play.final_card_effects`)."""
RESHUFFLE_AT_ONCE = str(Path(__file__).parent / "editions" / "reshuffle-at-once.toml")
"""A delta of classic that reshuffles the moment a draw takes the draw pile's last card
(`play.reshuffle_when = "as-soon-as-the-draw-pile-empties"`)."""
SHORTFALL_ENDS_HAND = str(Path(__file__).parent / "editions" / "draw-shortfall-ends-hand.toml")
"""A delta of classic where a draw the draw pile and a reshuffle cannot complete ends the hand
at once, unscored (`play.draw_shortfall = "hand-ends-unscored"`)."""
SHORTFALL_WAITS = str(Path(__file__).parent / "editions" / "draw-shortfall-waits.toml")
"""A delta of classic where the rest of a draw the draw pile and a reshuffle cannot complete
waits for cards (`play.draw_shortfall = "obligation-waits-for-cards"`)."""
EMPTY_HANDED = str(Path(__file__).parent / "editions" / "empty-handed-plays.toml")
"""A delta of classic where a player who draws with no card left anywhere may still play
from their hand (`play.empty_handed_draw = "player-may-play-from-hand"`)."""
DRAW_ENDS_TURN = str(Path(__file__).parent / "editions" / "draw-ends-turn.toml")
"""A delta of classic where a draw by a player holding a playable card ends their turn
(`play.draw_by_choice = "the-turn-ends"`)."""
CALL_WITH_PLAY = str(Path(__file__).parent / "editions" / "call-with-the-play.toml")
"""A delta of classic where UNO is called with the play of the second-last card
(`play.uno_window = "while-playing-the-second-last-card"`)."""
CHALLENGED_NOW = str(Path(__file__).parent / "editions" / "challenge-when-challenged.toml")
"""A delta of classic judging a challenge by the hand and colour it comes to
(`play.challenge_judges = "the-hand-and-colour-when-challenged"`)."""
CHALLENGED_ON_COLOUR = str(
    Path(__file__).parent / "editions" / "challenge-on-the-colour-played.toml"
)
"""A delta of classic judging a challenge by the hand it comes to against the colour its card
was played on (`challenge_judges = "the-hand-when-challenged-and-the-colour-when-played"`)."""
CALL_OUT_OF_PLACE = str(Path(__file__).parent / "editions" / "uno-call-out-of-place.toml")
"""A delta of classic where a call of UNO with nobody just down to one card draws its caller
the penalty (`play.uno_call_out_of_place = "the-caller-draws-the-penalty"`)."""
RACE_READINGS_1 = str(Path(__file__).parent / "editions" / "penalty-race-readings-1.toml")
"""A delta of star-wars whose My Favorite Line sends play on from the race's loser
(`cards.wild-favorite-line.penalty-race.next_player = "next-after-the-loser"`)."""
RACE_READINGS_2 = str(Path(__file__).parent / "editions" / "penalty-race-readings-2.toml")
"""A delta of super-bowl-lvii whose Touchdown's loser loses their turn where it is the next
one (`cards.wild-touchdown.penalty-race.next_player = "loser-also-loses-their-turn"`)."""
RACE_READINGS_3 = str(Path(__file__).parent / "editions" / "penalty-race-readings-3.toml")
"""A delta of super-bowl-lvii whose Touchdown runs no race at a table of two
(`cards.wild-touchdown.penalty-race.two_players = "nobody-draws-without-a-race"`)."""
RACE_READINGS_4 = str(Path(__file__).parent / "editions" / "penalty-race-readings-4.toml")
"""A delta of star-wars whose My Favorite Line is one round of quotes, nobody drawing if all
manage (`cards.wild-favorite-line.penalty-race.no_failure = "one-round-then-nobody-draws"`)."""
RACE_READINGS_5 = str(Path(__file__).parent / "editions" / "penalty-race-readings-5.toml")
"""A delta of star-wars whose My Favorite Line's loser is its player's decision
(`cards.wild-favorite-line.penalty-race.judge = "the-card-player-judges"`)."""
HAIL_MARY_PENALTY = str(Path(__file__).parent / "editions" / "hail-mary-readings-1.toml")
"""A delta of nfl-cowboys whose Hail Mary thrower draws the UNO penalty for a wrong guess,
the colour in force the right guess on a wild (`wrong_guess = "thrower-draws-a-penalty"`,
`guess_on_a_wild = "the-colour-in-force-is-right"`)."""
HAIL_MARY_TAKEN_BACK = str(Path(__file__).parent / "editions" / "hail-mary-readings-2.toml")
"""A delta of nfl-cowboys whose Hail Mary goes back to its thrower on a wrong guess, any
guess right on a wild (`wrong_guess = "thrower-takes-the-card-back"`, `guess_on_a_wild =
"any-colour-is-right"`)."""
HAIL_MARY_AS_BEFORE = str(Path(__file__).parent / "editions" / "hail-mary-readings-3.toml")
"""A delta of nfl-cowboys whose Hail Mary, on a wrong guess, leaves the turn and the colour
as before (`wrong_guess = "turn-and-colour-stay-as-before"`)."""
HAIL_MARY_NO_CALL = str(Path(__file__).parent / "editions" / "hail-mary-readings-7.toml")
"""A delta of nfl-cowboys whose Hail Mary thrower left with one card calls no UNO
(`thrower_afterwards = "no-uno-call-after-shedding"`)."""
HAIL_MARY_AFTER_CHALLENGE = str(Path(__file__).parent / "editions" / "hail-mary-readings-11.toml")
"""A delta of nfl-cowboys whose Hail Mary waits for a pending challenge to be settled, the
chance to throw it coming back then (`pending_challenge =
"throw-once-the-challenge-is-settled"`)."""
HAIL_MARY_OUT_OF_PLAY = str(Path(__file__).parent / "editions" / "hail-mary-readings-13.toml")
"""A delta of nfl-cowboys whose Hail Mary thrower's shed cards are out of play until the next
deal (`shed_cards = "out-of-the-game-until-the-next-deal"`), a hundred Wild cards Hail Marys
too."""
HAIL_MARY_KEEPS_MORE = str(Path(__file__).parent / "editions" / "hail-mary-readings-12.toml")
"""A delta of nfl-cowboys whose Hail Mary thrower may keep their whole hand after a right
guess (`keep_after_shedding = "the-thrower-may-keep-more"`), a hundred Wild cards Hail Marys
too."""
WHOLE_PILE = str(Path(__file__).parent / "editions" / "whole-pile-reshuffle.toml")
"""A delta of classic whose reshuffle takes the whole discard pile, its top card too, as
RLCard's UNO does (`play.reshuffle = "whole-discard-pile"`): `edition(WHOLE_PILE)` loads it."""


def new_card_edition(folder: Path) -> Edition:
    """Classic with the Wild Reverse Draw Four (`WILD_REVERSE_DRAW_FOUR`), as a user's file."""
    path = edition_file(folder, "classic", "classic-reverse-draw-four", *WILD_REVERSE_DRAW_FOUR)
    return load_edition(str(path))


SINGLE_HAND = (
    ('game_end = "target-score"', 'game_end = "single-hand"'),
    (
        'chosen = "target-score"\nalternatives = ["single-hand"]',
        'chosen = "single-hand"\nalternatives = ["target-score"]',
    ),
)
"""The edits that make a built-in a single-hand game (Keeping Score left out)."""

UNDER_THE_PILE = (
    ('ignored_flip_goes = "discard-pile"', 'ignored_flip_goes = "bottom-of-draw-pile"'),
    (
        'chosen = "discard-pile"\nalternatives = ["bottom-of-draw-pile"]',
        'chosen = "bottom-of-draw-pile"\nalternatives = ["discard-pile"]',
    ),
)
"""The edits that put an ignored first card under the draw pile (Set Up 4's other reading)."""

ANY_MATCHING_CARD = (
    ('after_drawing = "drawn-card-only"', 'after_drawing = "any-matching-card"'),
    (
        'chosen = "drawn-card-only"\nalternatives = ["any-matching-card"]',
        'chosen = "any-matching-card"\nalternatives = ["drawn-card-only"]',
    ),
)
"""The edits that let a player who drew play any matching card (Let's Play's other reading)."""


def flipped_first(e: Edition, *cards: str, players: int = 2) -> list[int]:
    """`e`'s deck in order, with `cards` the first turned up after the deal."""
    order = list(e.faces.in_play)
    faces = [e.faces.face(c) for c in cards]
    for face in faces:
        order.remove(face)
    dealt = players * e.rules.hand_size
    order[dealt:dealt] = faces
    return order


ACTION_SYMBOLS = str(Path(__file__).parent / "editions" / "action-symbols.toml")
"""A delta of express whose Skip matches by colour only and whose Reverse and Draw One share
a symbol (`cards.KIND.symbol`): `edition(ACTION_SYMBOLS)` loads it."""
UNDESCRIBED = str(Path(__file__).parent / "editions" / "undescribed-cards.toml")
"""A delta of classic with three cards no rule lets anyone play (`unplayable`), as the
themed editions' deck-composition readings read the cards their Contents count and never
describe."""
