"""The house rules and No Mercy's roulette, played by the reference kernel from hand-built
states: each rule's outcome as the edition file and the house-rules text word it, and the
rule each refusal cites. The engine is held to these by conformance (tests/engine)."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import HOUSE_CARDS, LAST_CARD, SHORT_DRAW, card, color, edition, table

from unospec.checks.engines.replay import ReplayResult
from unospec.checks.properties.invariants import violations
from unospec.model import sections
from unospec.model.actions import (
    Accept,
    CallUno,
    Catch,
    Draw,
    JumpIn,
    Pass,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, chance_cards, legal_actions, run
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

# -- drawing until a playable card turns up (House rules: Draw until you can play) ---------


def test_a_player_draws_until_a_card_they_may_play_turns_up() -> None:
    """Two cards that do not match, then the red 5 on a red 9: three drawn, the 5 offered."""
    e = edition("classic-draw-until-playable")
    game = table(e, [["blue-1"], ["green-7"]], top="red-9", draw=["green-2", "yellow-3", "red-5"])
    drew = apply(e, game, Draw(0))
    assert drew.phase == Phase.drawn_card
    assert drew.drawn == card(e, "red-5")
    assert sorted(drew.hands[0]) == sorted(
        card(e, c) for c in ("blue-1", "green-2", "yellow-3", "red-5")
    )
    assert drew.owed is None


def test_must_play_refuses_keeping_a_playable_drawn_card() -> None:
    """`drawn_playable = must-play`: the drawn red 5 cannot be kept (no pass)."""
    base = edition("classic-draw-until-playable")
    e = dataclasses.replace(base, rules=dataclasses.replace(base.rules, drawn_playable="must-play"))
    game = table(e, [["blue-1"], ["green-7"]], top="red-9", draw=["green-2", "red-5"])
    drew = apply(e, game, Draw(0))
    with pytest.raises(IllegalAction) as refused:
        apply(e, drew, Pass(0))
    assert refused.value.rule == sections.DRAWN_CARD
    assert apply(e, drew, Play(0, card(e, "red-5"))).phase != Phase.drawn_card


def test_a_player_holding_a_playable_card_may_not_draw_where_the_edition_says_so() -> None:
    """`may_draw = without-a-playable-card` (RLCard's compulsory play)."""
    base = edition("classic")
    e = dataclasses.replace(
        base, rules=dataclasses.replace(base.rules, may_draw="without-a-playable-card")
    )
    holding = table(e, [["red-1", "blue-2"], ["green-7"]], top="red-9")
    with pytest.raises(IllegalAction) as refused:
        apply(e, holding, Draw(0))
    assert refused.value.rule == sections.NO_MATCHING_CARD
    empty_handed = table(e, [["blue-1", "blue-2"], ["green-7"]], top="red-9")
    assert apply(e, empty_handed, Draw(0)).phase == Phase.drawn_card


# -- stacking (House rules: Stacking) -----------------------------------------------------


def test_a_draw_two_passed_on_adds_up_and_the_taker_draws_it_all() -> None:
    """Player 0's Draw Two is passed back with player 1's: player 0, who could stack again,
    takes the four, and loses the turn."""
    e = edition("classic-stacking")
    hands = [["red-draw-two", "yellow-draw-two", "red-1"], ["blue-draw-two", "green-3", "green-4"]]
    played = apply(e, table(e, hands, top="red-9"), Play(0, card(e, "red-draw-two")))
    assert played.phase == Phase.awaiting_stack and played.owed is not None
    assert (played.owed.player, played.owed.amount) == (1, 2)
    stacked = apply(e, played, Play(1, card(e, "blue-draw-two")))
    assert stacked.phase == Phase.awaiting_stack and stacked.owed is not None
    assert (stacked.owed.player, stacked.owed.amount) == (0, 4)
    taken = apply(e, stacked, Accept(0))
    assert len(taken.hands[0]) == 2 + 4
    assert taken.current == 1 and taken.phase == Phase.awaiting_play


def test_a_stack_no_one_can_pass_on_is_dealt_at_once() -> None:
    """Player 0 holds no draw card: the four are dealt without waiting for an answer, and the
    player who stacked down to one card has their UNO window (the `stacked-uno-window`
    reading)."""
    e = edition("classic-stacking")
    hands = [["red-draw-two", "red-1"], ["blue-draw-two", "green-3"]]
    played = apply(e, table(e, hands, top="red-9"), Play(0, card(e, "red-draw-two")))
    stacked = apply(e, played, Play(1, card(e, "blue-draw-two")))
    assert len(stacked.hands[0]) == 1 + 4 and stacked.owed is None
    assert stacked.phase == Phase.uno_window and stacked.window == 1


def test_equal_or_higher_never_puts_a_draw_two_on_a_wild_draw_four() -> None:
    """The house rule as published: a Wild Draw Four on a Draw Two, never the reverse."""
    e = edition("classic-stacking")
    game = table(e, [["wild-draw-four", "red-1"], ["blue-draw-two", "green-3"]], top="red-9")
    played = apply(e, game, Play(0, card(e, "wild-draw-four"), color("blue")))
    with pytest.raises(IllegalAction) as refused:
        apply(e, played, Play(1, card(e, "blue-draw-two")))
    assert refused.value.rule == sections.STACKING


# -- the Wild Color Roulette (UNO Show 'Em No Mercy) ---------------------------------------


def test_the_roulette_victim_picks_a_colour_and_draws_until_it_turns_up() -> None:
    """Player 1 picks green: draws the red and the blue card, then the green one; green is in
    force and player 1 loses the turn (the card's `skip`)."""
    e = edition(HOUSE_CARDS)
    game = table(
        e, [["wild-color-roulette", "red-1"], ["yellow-3"]], top="red-9",
        draw=["red-2", "blue-4", "green-6", "green-7"],
    )  # fmt: skip
    played = apply(e, game, Play(0, card(e, "wild-color-roulette")))
    assert played.phase == Phase.picking_colour
    picked = apply(e, played, Pick(1, color("green")))
    assert picked.color == color("green")
    drawn = sorted(card(e, c) for c in ("yellow-3", "red-2", "blue-4", "green-6"))
    assert sorted(picked.hands[1]) == drawn
    assert picked.current == 0


def test_the_roulette_player_names_no_colour_and_the_pick_is_a_deck_colour() -> None:
    e = edition(HOUSE_CARDS)
    game = table(e, [["wild-color-roulette", "red-1"], ["yellow-3"]], top="red-9")
    roulette = card(e, "wild-color-roulette")
    with pytest.raises(IllegalAction):
        apply(e, game, Play(0, roulette, color("blue")))
    played = apply(e, game, Play(0, roulette))
    with pytest.raises(IllegalAction) as refused:
        apply(e, played, Pick(0, color("green")))  # the victim picks, not the player
    assert refused.value.rule == sections.TURN


# -- jump-in (House rules: Jump-In) --------------------------------------------------------


def test_a_jump_in_plays_out_of_turn_and_play_goes_on_from_its_player() -> None:
    """At a table of three, player 2 jumps in on the red 5 before player 0 acts: player 0 is
    passed over, and player 0 is next after player 2 (clockwise)."""
    e = edition("classic-jump-in")
    game = table(e, [["blue-1", "blue-2"], ["green-3"], ["red-5", "yellow-4"]], top="red-5")
    jumped = apply(e, game, JumpIn(2, card(e, "red-5")))
    assert jumped.current == 0 and jumped.actor == 2
    assert jumped.hands[2] == (card(e, "yellow-4"),)
    assert jumped.discard[-1] == card(e, "red-5")


@pytest.mark.parametrize(
    ("name", "player", "held"),
    [
        ("classic-jump-in", 2, "blue-5"),  # the same number, another colour: not identical
        ("classic-jump-in", 0, "red-5"),  # the player whose turn it is plays in turn
        ("classic", 2, "red-5"),  # no jump-in in this edition
    ],
)
def test_a_jump_in_needs_the_rule_another_player_and_an_identical_card(
    name: str, player: int, held: str
) -> None:
    e = edition(name)
    hands = [["blue-1", "blue-2"], ["green-3"], ["yellow-4"]]
    hands[player].append(held)
    game = table(e, hands, top="red-5")
    with pytest.raises(IllegalAction) as refused:
        apply(e, game, JumpIn(player, card(e, held)))
    assert refused.value.rule == sections.JUMP_IN


def test_a_wild_is_never_identical() -> None:
    """Jump-in's `jump-in-wilds` reading: a wild's colour is named, not printed, so the second
    of two wilds cannot jump in on the first, nor a red card on a wild named red."""
    e = edition("classic-jump-in")
    game = table(e, [["wild", "wild", "red-1"], ["blue-2", "blue-3"]], top="red-5")
    played = apply(e, game, Play(0, card(e, "wild"), color("red")))
    assert played.current == 1
    for jump in (JumpIn(0, card(e, "wild"), color("red")), JumpIn(0, card(e, "red-1"))):
        with pytest.raises(IllegalAction) as refused:
            apply(e, played, jump)
        assert refused.value.rule == sections.JUMP_IN


# -- no UNO call (RLCard's UNO) ------------------------------------------------------------


def test_without_an_uno_call_no_window_opens_and_no_one_is_caught() -> None:
    """`uno_call = "none"`: going down to one card opens no window; the next player simply
    plays, and no catch is offered to anyone."""
    base = edition("classic")
    e = dataclasses.replace(base, rules=dataclasses.replace(base.rules, uno_call="none"))
    game = table(e, [["red-1", "red-2"], ["blue-3", "red-4"]], top="red-9")
    played = apply(e, game, Play(0, card(e, "red-1")))
    assert played.phase == Phase.awaiting_play and played.window == -1
    assert not any(isinstance(move, Catch | CallUno) for move in legal_actions(e, played))
    booklet = apply(base, table(base, [["red-1", "red-2"], ["blue-3", "red-4"]], top="red-9"),
                    Play(0, card(base, "red-1")))  # fmt: skip
    assert booklet.phase == Phase.uno_window and booklet.window == 0


# -- the mercy rule (UNO Show 'Em No Mercy: play.elimination) ------------------------------


def _mercy(count: int) -> Edition:
    """No Mercy with the mercy rule at `count` cards, so that a hand-built table reaches it."""
    base = edition("no-mercy")
    return dataclasses.replace(base, rules=dataclasses.replace(base.rules, elimination=count))


def test_a_draw_to_the_mercy_count_puts_its_player_out() -> None:
    """Player 1, holding three, is dealt a Draw Two's two: five, the count. Their cards go
    under the top card, the draw ends, and the turn passes over them to player 2."""
    e = _mercy(5)
    hands = [
        ["red-draw-two", "red-1", "red-2"],
        ["blue-1", "blue-2", "blue-3"],
        ["green-1", "green-2"],
    ]
    game = table(e, hands, top="red-9", draw=["yellow-1", "yellow-2", "yellow-3"])
    after = apply(e, game, Play(0, card(e, "red-draw-two")))
    assert after.is_out(1) and after.hands[1] == () and after.out == 0b010
    assert after.phase == Phase.awaiting_play and after.current == 2
    assert after.draw_pile[0] == card(e, "yellow-3")  # two dealt, and shed with the rest
    assert len(after.discard) == len(game.discard) + 1 + 5
    assert after.discard[-1] == card(e, "red-draw-two")
    assert sorted(after.all_cards()) == sorted(game.all_cards())


def test_a_replay_that_ends_with_a_player_out_names_their_seat() -> None:
    """`replay`'s JSON `final.out`: the seats the mercy rule put out, only where there are."""
    e = _mercy(5)
    hands = [["red-draw-two", "red-1", "red-2"], ["blue-1", "blue-2", "blue-3"], ["green-1"]]
    game = table(e, hands, top="red-9", draw=["yellow-1", "yellow-2", "yellow-3"])
    after = apply(e, game, Play(0, card(e, "red-draw-two")))
    ended = ReplayResult("no-mercy", ok=True, steps=1, final=after).ending()
    assert ended is not None and ended["out"] == [1] and ended["hands"] == [2, 0, 1]
    before = ReplayResult("no-mercy", ok=True, steps=0, final=game).ending()
    assert before is not None and "out" not in before


def test_a_player_out_of_the_game_takes_no_turn_and_is_named_by_no_card() -> None:
    """Seat 1 is out: play goes from 0 to 2; a 7 swaps only with a player still in; a step
    of player 1 is refused under the mercy rule."""
    e = _mercy(25)
    hands = [["red-7", "red-1"], [], ["green-1", "green-2"], ["blue-1"]]
    game = table(e, hands, top="red-9")._replace(out=0b0010)
    assert game.next_player(0) == 2 and game.seated == 3
    swaps = [
        a.target
        for a in legal_actions(e, game)
        if isinstance(a, Play) and a.card == card(e, "red-7")
    ]
    assert sorted(set(swaps)) == [2, 3]
    with pytest.raises(IllegalAction) as refused:
        apply(e, game._replace(current=1), Draw(1))
    assert refused.value.rule == sections.MERCY_RULE
    passed = apply(
        e,
        table(e, [["red-0", "red-1"], [], ["green-1"], ["blue-1", "blue-2"]], top="red-9")._replace(
            out=0b0010
        ),
        Play(0, card(e, "red-0")),
    )
    assert passed.hands[1] == ()  # no hand is passed to the seat that is out
    assert passed.hands[2] == (card(e, "red-1"),)
    assert passed.hands[3] == (card(e, "green-1"),)


def test_a_reverse_with_two_players_left_acts_as_a_skip() -> None:
    """Four seats, two out: the table plays as two players, so a Reverse comes back to its
    player (the edition's two-player reading)."""
    e = _mercy(25)
    hands = [["red-reverse", "red-1"], [], ["green-1", "green-2"], []]
    game = table(e, hands, top="red-9")._replace(out=0b1010)
    after = apply(e, game, Play(0, card(e, "red-reverse")))
    assert after.current == 0 and after.direction == -1


def test_the_last_player_left_wins_the_game() -> None:
    """Two players: the Draw Two puts player 1 out, and player 0, the one left, wins."""
    e = _mercy(4)
    hands = [["red-draw-two", "red-1"], ["blue-1", "blue-2"]]
    game = table(e, hands, top="red-9", draw=["yellow-1", "yellow-2"])
    after = apply(e, game, Play(0, card(e, "red-draw-two")))
    assert after.phase == Phase.game_over and after.winner == 0 and after.is_out(1)


# -- reshuffling before a short draw (RLCard's UNO) ------------------------------------------


def _short_of_a_draw_two(e: Edition) -> GameState:
    """Player 0 is to play a Draw Two with one card, the green 5, left in the draw pile;
    every other card is under the discard pile's top, the red 9."""
    return table(e, [["red-draw-two", "red-1", "red-2"], ["blue-3", "blue-4"]], top="red-9",
                 draw=["green-5"], rest="discard")  # fmt: skip


def test_a_short_draw_is_reshuffled_before_any_card_is_dealt() -> None:
    """`reshuffle_when = "before-a-short-draw"`: a Draw Two with one card left waits for a
    reshuffle of that card and the discard pile under its top, dealing nothing yet; the
    booklets' rule deals the one card first and reshuffles for the second."""
    e = edition(SHORT_DRAW)
    assert e.rules.reshuffle_when == "before-a-short-draw"
    game = _short_of_a_draw_two(e)
    played = apply(e, game, Play(0, card(e, "red-draw-two")))
    assert played.phase == Phase.awaiting_reshuffle
    assert played.hands[1] == game.hands[1] and played.draw_pile == game.draw_pile
    assert played.owed is not None and (played.owed.player, played.owed.amount) == (1, 2)
    green = card(e, "green-5")
    pool = chance_cards(e, played)
    assert sorted(pool) == sorted((green, *played.discard[:-1]))
    rest = list(pool)
    rest.remove(green)
    first = rest[-1]  # a card from the discard pile, then the green 5, on top of the new pile
    rest.pop()
    dealt = apply(e, played, Reshuffle((first, green, *rest)))
    assert dealt.phase == Phase.awaiting_play and dealt.owed is None and dealt.current == 0
    assert sorted(dealt.hands[1]) == sorted((*game.hands[1], first, green))
    assert dealt.draw_pile == tuple(rest) and dealt.discard == (card(e, "red-draw-two"),)

    base = edition("classic")
    booklet = apply(base, _short_of_a_draw_two(base), Play(0, card(base, "red-draw-two")))
    assert booklet.phase == Phase.awaiting_reshuffle and booklet.draw_pile == ()
    assert green in booklet.hands[1] and booklet.owed is not None and booklet.owed.amount == 1


def test_a_reshuffle_before_a_short_draw_must_take_the_draw_piles_cards() -> None:
    """The new draw pile is the cards left in the draw pile and the discard pile under its
    top card: an order of the discard pile alone is refused, citing the reshuffle's rule."""
    e = edition(SHORT_DRAW)
    played = apply(e, _short_of_a_draw_two(e), Play(0, card(e, "red-draw-two")))
    with pytest.raises(IllegalAction) as refused:
        apply(e, played, Reshuffle(played.discard[:-1]))
    assert refused.value.rule == sections.RESHUFFLE
    assert "draw pile" in refused.value.reason


def test_a_draw_still_short_after_the_reshuffle_deals_what_remains() -> None:
    """One card in the draw pile and one under the red 9: the Wild Draw Four played on it,
    and accepted, is reshuffled first with the 9 and the card under it; the new pile's three
    cards are dealt, and the fourth lapses (`draw_shortfall`)."""
    e = edition(SHORT_DRAW)
    game = table(e, [["wild-draw-four", "green-1"], ["blue-3"]], top="red-9",
                 draw=["green-5", "yellow-6"])  # fmt: skip
    under, *others = game.draw_pile[1:]  # one card under the top; a third hand holds the rest
    game = game._replace(
        draw_pile=game.draw_pile[:1],
        discard=(under, *game.discard),
        hands=(*game.hands, tuple(sorted(others))),
        scores=(0, 0, 0),
    )
    played = apply(e, game, Play(0, card(e, "wild-draw-four"), color("blue")))
    accepted = apply(e, played, Accept(1))
    assert accepted.phase == Phase.awaiting_reshuffle and len(accepted.draw_pile) == 1
    dealt = apply(e, accepted, Reshuffle(tuple(sorted(chance_cards(e, accepted)))))
    got = (card(e, "green-5"), under, card(e, "red-9"))
    assert sorted(dealt.hands[1]) == sorted((card(e, "blue-3"), *got))
    assert dealt.owed is None and dealt.draw_pile == () and dealt.phase == Phase.awaiting_play


def test_a_draw_of_one_and_an_empty_pile_reshuffle_as_the_booklets_say() -> None:
    """A player who draws one card from an empty pile: either rule reshuffles first, and
    the new pile is the discard pile under its top."""
    e = edition(SHORT_DRAW)
    game = table(e, [["blue-1"], ["green-7"]], top="red-9", rest="discard")
    drew = apply(e, game, Draw(0))
    base = edition("classic")
    assert drew == apply(base, table(base, [["blue-1"], ["green-7"]], top="red-9",
                                     rest="discard"), Draw(0))  # fmt: skip
    assert drew.phase == Phase.awaiting_reshuffle and drew.draw_pile == ()


# -- a last card's effect carried out before the hand is scored (RLCard's UNO) ---------------


def _last_draw_two(e: Edition, rest: str = "draw") -> GameState:
    """Player 0, with 10 points, is down to a red Draw Two on a red 9; player 1 holds the
    blue 3 and 4, player 2 the green 5; the draw pile starts with the yellow 1 and 2 (or,
    with `rest="discard"`, is empty: every other card is under the 9)."""
    hands = [["red-draw-two"], ["blue-3", "blue-4"], ["green-5"]]
    draw = ("yellow-1", "yellow-2") if rest == "draw" else ()
    return table(e, hands, top="red-9", draw=draw, rest=rest, scores=(10, 0, 0))


def test_a_last_draw_two_deals_its_two_cards_and_the_hand_counts_them() -> None:
    """`final_card_effects = "effects-apply-then-score"`: the last Draw Two deals the next
    player two cards, and then the hand is over: its winner scores the cards left in the
    other hands, those two counted (3 + 4 + 1 + 2 + 5). The booklets' rule ends the hand at
    once: no one draws, and the winner scores 12."""
    e = edition(LAST_CARD)
    assert e.rules.final_card_effects == "effects-apply-then-score"
    game = _last_draw_two(e)
    after, fired = run(e, game, Play(0, card(e, "red-draw-two")))
    assert [f.branch.event for f in fired] == ["play", "draw_owed", "resolve", "score"]
    assert after.phase == Phase.dealing and after.scores == (10 + 15, 0, 0)
    assert after.hands_played == 1 and after.owed is None
    assert violations(e, after, game, fired) == []
    base = edition("classic")
    booklet = apply(base, _last_draw_two(base), Play(0, card(base, "red-draw-two")))
    assert booklet.phase == Phase.dealing and booklet.scores == (10 + 12, 0, 0)


def test_a_last_draw_two_on_an_empty_pile_waits_for_the_reshuffle_then_scores() -> None:
    """The draw pile is empty: the last Draw Two's draw waits for the reshuffle, its player
    holding no card (the hand is not over yet, and every invariant holds there); the
    reshuffle deals the two cards, and the hand is scored with them."""
    e = edition(LAST_CARD)
    game = _last_draw_two(e, rest="discard")
    played, fired = run(e, game, Play(0, card(e, "red-draw-two")))
    assert played.phase == Phase.awaiting_reshuffle and played.hands[0] == ()
    assert played.owed is not None and (played.owed.player, played.owed.amount) == (1, 2)
    assert violations(e, played, game, fired) == []
    order = tuple(sorted(chance_cards(e, played)))
    dealt, fired = run(e, played, Reshuffle(order))
    got = sum(e.faces.points[c] for c in order[:2])
    assert dealt.phase == Phase.dealing and dealt.scores == (10 + 12 + got, 0, 0)
    assert violations(e, dealt, played, fired) == []


def test_a_last_wild_draw_four_deals_four_and_names_no_colour() -> None:
    """The test edition's Wild Draw Four (RLCard's, unchallenged) as a last card: the next
    player is dealt four cards before the hand is scored; its player names no colour (none
    is needed: nothing is played on it), and a colour named is refused (Winning)."""
    e = edition(LAST_CARD)
    game = table(e, [["wild-draw-four"], ["blue-3"]], top="red-9",
                 draw=["yellow-1", "yellow-2", "yellow-3", "yellow-4"])  # fmt: skip
    plays = [m for m in legal_actions(e, game) if isinstance(m, Play)]
    assert plays == [Play(0, card(e, "wild-draw-four"))]
    with pytest.raises(IllegalAction) as refused:
        apply(e, game, Play(0, card(e, "wild-draw-four"), color("blue")))
    assert refused.value.rule == sections.WINNING
    after = apply(e, game, Play(0, card(e, "wild-draw-four")))
    assert after.phase == Phase.dealing and after.scores == (3 + 1 + 2 + 3 + 4, 0)


@pytest.mark.parametrize("last", ["red-skip", "red-reverse", "red-5", "wild"])
def test_a_last_card_that_owes_no_draw_still_ends_the_hand_at_once(last: str) -> None:
    """A last Skip, Reverse, number or Wild owes no one a card: the hand is over at once and
    scored as the booklets score it (its turn steps carried out: no turn follows them)."""
    e = edition(LAST_CARD)
    game = table(e, [[last], ["blue-3", "blue-4"], ["green-5"]], top="red-9")
    after, fired = run(e, game, Play(0, card(e, last)))
    assert [f.branch.event for f in fired] == ["play", "score"]
    assert after.phase == Phase.dealing and after.scores == (12, 0, 0)


def test_a_last_draw_two_jumped_in_deals_its_draw() -> None:
    """With jump-in too, a player who jumps in with their last card, a Draw Two identical
    to the top card, deals its two cards to the player after them before the hand ends."""
    base = edition(LAST_CARD)
    e = dataclasses.replace(base, rules=dataclasses.replace(base.rules, jump_in="identical-card"))
    game = table(e, [["red-1", "blue-2"], ["red-draw-two"]], top="red-draw-two",
                 draw=["yellow-1", "yellow-2"])  # fmt: skip
    after, fired = run(e, game, JumpIn(1, card(e, "red-draw-two")))
    assert [f.branch.event for f in fired] == ["jump_in", "draw_owed", "resolve", "score"]
    assert after.phase == Phase.dealing and after.scores == (0, 1 + 2 + 1 + 2)


def test_a_last_draw_two_that_puts_its_drawer_out_ends_the_hand_too() -> None:
    """With the mercy rule too (`elimination`), the last Draw Two's two cards bring player 1
    to the mercy count: they are out, their cards go under the top card, and the hand is
    over, won by the player who went out first (their cards are not scored: no one holds
    them)."""
    base = edition(LAST_CARD)
    e = dataclasses.replace(base, rules=dataclasses.replace(base.rules, elimination=8))
    hands = [["red-draw-two"], ["blue-3", "blue-4", "blue-5", "blue-6", "blue-7", "blue-8"],
             ["green-5"]]  # fmt: skip
    game = table(e, hands, top="red-9", draw=["yellow-1", "yellow-2"])
    after, fired = run(e, game, Play(0, card(e, "red-draw-two")))
    assert [f.branch.event for f in fired] == ["play", "draw_owed", "resolve", "score"]
    assert after.is_out(1) and after.phase == Phase.dealing and after.scores == (5, 0, 0)
    assert violations(e, after, game, fired) == []
