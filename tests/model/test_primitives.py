"""The primitives no booklet of the five has, played by the reference kernel on a user's
edition of house cards (tests/editions/house-cards.toml): each does what its docs say, its
statement says what it does, and a play that names what it must not is refused for the
rule it breaks. The engine's twins are held to these by conformance (tests/engine)."""

from __future__ import annotations

import pytest
from scenario import HOUSE_CARDS, card, color, edition, play, table

from unospec.model.actions import Play
from unospec.model.effects import effect_words
from unospec.model.errors import IllegalAction
from unospec.model.kernel import legal_actions
from unospec.model.primitives import PRIMITIVES, turns
from unospec.model.vocabulary import Phase


def test_skip_everyone_gives_the_turn_back_to_its_player() -> None:
    """At a table of four, whichever the direction, the player plays again (No Mercy)."""
    e = edition(HOUSE_CARDS)
    hands = [["red-skip-everyone", "blue-2", "blue-6"], ["red-3"], ["red-4"], ["red-5"]]
    for direction in (1, -1):
        game = table(e, hands, top="red-9", direction=direction)
        after = play(e, game, Play(0, card(e, "red-skip-everyone")))
        assert (after.phase, after.current, after.direction) == (Phase.awaiting_play, 0, direction)


def test_discard_all_sheds_the_colour_under_the_card() -> None:
    """Every other red card goes under the Discard All, which stays on top in red; the other
    colours and the wilds stay in the hand (No Mercy)."""
    e = edition(HOUSE_CARDS)
    hands = [["red-discard-all", "red-1", "red-skip", "blue-1", "wild"], ["green-3"]]
    game = table(e, hands, top="red-9", rest="draw")
    after = play(e, game, Play(0, card(e, "red-discard-all")))
    assert sorted(e.faces.card_id(c) for c in after.hands[0]) == ["blue-1", "wild"]
    assert after.top == card(e, "red-discard-all") and after.color == color("red")
    assert sorted(e.faces.card_id(c) for c in after.discard[-3:-1]) == ["red-1", "red-skip"]
    assert len(after.discard) == 4  # the old top, the two shed, the card


def test_a_discard_all_that_empties_the_hand_ends_it() -> None:
    """A player whose last red cards go with the Discard All has gone out: the hand is over
    and they score it (Winning)."""
    e = edition(HOUSE_CARDS)
    game = table(e, [["red-discard-all", "red-1"], ["green-3", "blue-4"]], top="red-9")
    after = play(e, game, Play(0, card(e, "red-discard-all")))
    assert after.hands[0] == () and after.phase in (Phase.dealing, Phase.game_over)
    assert after.scores[0] == 3 + 4


def test_hands_pass_one_seat_in_the_direction_of_play() -> None:
    """A 0 passes every hand to the next player in the direction of play: clockwise, seat 0's
    to seat 1; counter-clockwise, to seat 2 (House rules: 7-0)."""
    e = edition(HOUSE_CARDS)
    hands = [["red-0", "red-1", "red-2"], ["blue-3"], ["green-4"]]
    for direction, expected in ((1, ["green-4", "red-1 red-2", "blue-3"]),
                                (-1, ["blue-3", "green-4", "red-1 red-2"])):  # fmt: skip
        game = table(e, hands, top="red-9", direction=direction)
        after = play(e, game, Play(0, card(e, "red-0")))
        shown = [" ".join(sorted(e.faces.card_id(c) for c in hand)) for hand in after.hands]
        assert shown == expected


def test_a_seven_swaps_with_the_player_named() -> None:
    """The 7's player names another player, and the two swap hands; play goes on as after a
    number (House rules: 7-0)."""
    e = edition(HOUSE_CARDS)
    hands = [["red-7", "red-1"], ["blue-3", "blue-4"], ["green-5", "green-6", "green-8"]]
    game = table(e, hands, top="red-9")
    after = play(e, game, Play(0, card(e, "red-7"), -1, 2))
    shown = [sorted(e.faces.card_id(c) for c in hand) for hand in after.hands]
    assert shown == [["green-5", "green-6", "green-8"], ["blue-3", "blue-4"], ["red-1"]]
    assert after.current == 1


def test_a_seven_is_offered_once_for_each_other_player() -> None:
    """The moves list one play of the 7 per other seat, and none naming no one."""
    e = edition(HOUSE_CARDS)
    game = table(e, [["red-7", "red-1"], ["blue-3"], ["green-5"]], top="red-9")
    sevens = [
        a for a in legal_actions(e, game) if isinstance(a, Play) and a.card == card(e, "red-7")
    ]
    assert sorted(a.target for a in sevens) == [1, 2]


@pytest.mark.parametrize(
    ("target", "last", "section"),
    [(-1, False, "House rules: 7-0"), (0, False, "House rules: 7-0"),
     (3, False, "House rules: 7-0"), (1, True, "Winning")],
)  # fmt: skip
def test_a_swap_naming_no_one_else_is_refused(target: int, last: bool, section: str) -> None:
    """A 7 that names no one, its own player or a seat past the table is refused for its own
    rule; a last 7 ends the hand and names no one (Winning)."""
    e = edition(HOUSE_CARDS)
    hand = ["red-7"] if last else ["red-7", "red-1"]
    game = table(e, [hand, ["blue-3"], ["green-5"]], top="red-9")
    with pytest.raises(IllegalAction) as refused:
        play(e, game, Play(0, card(e, "red-7"), -1, target))
    assert refused.value.rule == section


def test_a_card_that_names_no_one_refuses_a_target() -> None:
    """A play of a card whose effect acts on no player, naming one, is refused (Let's Play 1)."""
    e = edition(HOUSE_CARDS)
    game = table(e, [["red-1", "red-2"], ["blue-3"]], top="red-9")
    with pytest.raises(IllegalAction) as refused:
        play(e, game, Play(0, card(e, "red-1"), -1, 1))
    assert refused.value.rule == "Let's Play 1"


def test_a_wild_swap_names_a_colour_and_a_player() -> None:
    """A wild that swaps takes both choices in one play step: the colour, then the player."""
    e = edition(HOUSE_CARDS)
    game = table(e, [["wild-swap-hands", "red-1"], ["blue-3", "blue-4"]], top="red-9")
    after = play(e, game, Play(0, card(e, "wild-swap-hands"), color("green"), 1))
    assert after.color == color("green")
    assert [len(hand) for hand in after.hands] == [2, 1]


def test_every_primitive_says_what_it_does_in_words_and_turns() -> None:
    """Each primitive's statement has words, and the turn it gives is where the kernel puts
    the turn, on a card of that step alone at a table of three (the statement and the code
    are two accounts of one rule)."""
    e = edition(HOUSE_CARDS)
    for kind, effect in e.effects:
        if not effect.steps or effect.asks("answer") or effect.asks("loser"):
            continue
        assert effect_words(effect), kind
    for primitive in PRIMITIVES:
        assert primitive.NAME and primitive.SECTION, primitive
    for kind in ("skip-everyone", "discard-all", "swap-draw-two"):
        said = e.effect_of(kind).statements
        turn = turns(said, 1, 3)[-1]
        hands = [[f"red-{kind}", "red-1", "blue-2"], ["green-3"], ["yellow-4"]]
        game = table(e, hands, top="red-9")
        target = 2 if e.effect_of(kind).asks("target") else -1
        after = play(e, game, Play(0, card(e, f"red-{kind}"), -1, target))
        assert after.current == turn.seat(game, 0), kind
