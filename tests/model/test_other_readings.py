"""Known values of the readings the kernel models that no built-in edition chooses: each
plays as its name says, on a built-in edition with only that reading changed."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from scenario import (
    CALL_OUT_OF_PLACE,
    CHALLENGED_NOW,
    CHALLENGED_ON_COLOUR,
    card,
    color,
    edition,
    flipped_first,
    play,
    table,
)

from unospec.model.actions import CallUno, Challenge, Draw, Keep, Play, Reshuffle
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, initial_state, legal_actions
from unospec.model.state import GameState


def _reading(name: str, kind: str | None = None, **fields: Any) -> Edition:
    """Built-in `name` with rule fields, or `kind`'s card rule fields, changed."""
    e = edition(name)
    if kind is None:
        return dataclasses.replace(e, rules=dataclasses.replace(e.rules, **fields))
    changed = e.effect_of(kind).replaced(**fields)
    return dataclasses.replace(
        e, effects=tuple((k, changed if k == kind else v) for k, v in e.effects)
    )


def test_ignored_first_cards_can_go_under_the_draw_pile() -> None:
    """`bottom-of-draw-pile` (Set Up 4; interpretation ignored-first-card): a Skip and a
    Wild turned up first go under the draw pile, in that order, and the 5 alone starts
    the discard pile."""
    e = _reading("nfl-cowboys", ignored_flip_goes="bottom-of-draw-pile")
    order = flipped_first(e, "blue-skip", "wild", "green-5")
    skip, wild, five = (card(e, c) for c in ("blue-skip", "wild", "green-5"))
    game = initial_state(e, 2, order)
    assert game.discard == (five,) and game.draw_pile[-2:] == (skip, wild)
    assert len(game.draw_pile) == len(order) - 14 - 1  # two hands of 7 (Set Up 2), the 5


def test_the_same_player_can_lead_every_hand() -> None:
    """`same` (Winning; interpretation next-hand-leader): after a hand, its leader leads the
    next one too; `rotate-left` passes the lead to the left."""
    for leader_rule, next_leader in (("same", 0), ("rotate-left", 1)):
        e = _reading("classic", next_leader=leader_rule)
        game = table(e, [["red-1"], ["blue-9", "green-3"]], top="red-7")
        after = apply(e, game, Play(0, card(e, "red-1")))
        assert after.phase == "dealing" and after.leader == next_leader, leader_rule


def test_after_drawing_any_matching_card_may_be_played() -> None:
    """`any-matching-card` (Let's Play: If you do not have a matching card; interpretation
    after-drawing): after a draw the player may play a card other than the one drawn;
    `drawn-card-only` refuses it."""
    hands = [["blue-3", "red-5"], ["yellow-1", "yellow-2"]]
    for rule, allowed in (("any-matching-card", True), ("drawn-card-only", False)):
        e = _reading("classic", after_drawing=rule)
        drawn = apply(e, table(e, hands, top="blue-9", draw=["green-1"]), Draw(0))
        assert drawn.phase == "drawn_card"
        assert (Play(0, card(e, "blue-3")) in legal_actions(e, drawn)) == allowed, rule
        if not allowed:
            try:
                apply(e, drawn, Play(0, card(e, "blue-3")))
            except IllegalAction:
                continue
            raise AssertionError("a card other than the drawn one was played")


def test_a_successful_challenger_can_lose_the_turn() -> None:
    """`challenger-loses-turn` (Action Cards: Wild Draw Four card; interpretation
    successful-challenge-turn): after a guilty verdict the offender draws 4 and play goes
    on after the challenger, not to them."""
    e = _reading(
        "nfl-cowboys", "wild-draw-four", after_successful_challenge="challenger-loses-turn"
    )
    game = table(e, [["wild-draw-four", "red-1"], ["yellow-1"], ["blue-2"]], top="red-9")
    after = play(e, game, Play(0, card(e, "wild-draw-four"), color("green")), Challenge(1))
    assert (len(after.hands[0]), len(after.hands[1]), after.current) == (1 + 4, 1, 2)


def test_play_after_a_hail_mary_can_follow_the_direction() -> None:
    """`next-in-direction` (Action Cards: Wild Hail Mary Card; interpretation
    hail-mary-continues): with play running counterclockwise, the player after the thrower
    in that direction plays next, not the one to the thrower's left."""
    e = _reading("nfl-cowboys", "wild-hail-mary", continue_with="next-in-direction")
    hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-1", "green-2"]]
    game = table(e, hands, top="blue-9", direction=-1)
    called = play(e, game, Play(0, card(e, "blue-1")), CallUno(0))
    thrown = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("blue")))
    kept = apply(e, thrown, Keep(2, card(e, "green-2")))
    assert kept.current == 1  # counterclockwise from seat 2; the left would be seat 0


def test_with_no_colour_in_force_a_held_wild_is_not_of_that_colour() -> None:
    """A first flip that keeps Wilds (Set Up 4; interpretation first-flip-action-cards) can
    leave one on top with no colour in force. Classic judges a Wild Draw Four by the colour
    in force alone (Action Cards: Wild Draw Four card), and there is none: the Wild its
    player still holds breaks no rule, so the challenge fails and costs the challenger 6."""
    ignored = edition("classic").rules.first_flip_ignores - {"wild"}
    e = _reading("classic", first_flip_ignores=ignored)
    game = table(e, [["wild-draw-four", "wild", "red-1"], ["yellow-1"]], top="wild")
    assert game.color == -1
    played = apply(e, game, Play(0, card(e, "wild-draw-four"), color("green")))
    assert played.challenge is not None
    assert not played.challenge.bluff and not played.challenge.guilty
    assert len(apply(e, played, Challenge(1)).hands[1]) == 1 + 6


def test_a_wild_draw_four_refused_while_holding_a_wild_does_not_count_itself() -> None:
    """`refused` with the legality rule that names wilds too (Action Cards: Wild Draw Four
    card; interpretations wild-draw-bluff and wild-draw-legality): the card may not be played
    while its player holds a card of the colour in force or another wild. The card itself
    does not count: held with a red card on blue it is played; held with a Wild it is not."""
    e = _reading(
        "classic",
        "wild-draw-four",
        bluff="refused",
        playable_unless_holding=("current-color", "wild"),
    )
    wild_draw = Play(0, card(e, "wild-draw-four"), color("green"))
    game = table(e, [["wild-draw-four", "red-1", "red-2"], ["yellow-1"]], top="blue-9")
    assert wild_draw in legal_actions(e, game)
    assert apply(e, game, wild_draw).phase == "awaiting_challenge"
    holding = table(e, [["wild-draw-four", "wild", "red-1"], ["yellow-1"]], top="blue-9")
    assert wild_draw not in legal_actions(e, holding)
    with pytest.raises(IllegalAction, match="holding a card it forbids"):
        apply(e, holding, wild_draw)


def test_a_hand_no_card_can_start_is_a_gap_or_dealt_again() -> None:
    """`hand-cannot-start` (Set Up 4; interpretation first-flip-exhausted): when every card
    left to flip is one the first flip ignores, the rules give no outcome (`RuleGap`, citing
    Set Up 4); `redeal` deals the hand again."""
    from unospec.model.actions import Deal
    from unospec.model.errors import RuleGap
    from unospec.model.kernel import empty_table
    from unospec.model.scale import parse_scale, scale_edition

    for rule in ("hand-cannot-start", "redeal"):
        e = scale_edition(_reading("classic", flip_exhausted=rule), parse_scale("micro"))
        numbers = [c for c in e.faces.in_play if e.faces.faces[c].kind == "number"]
        others = [c for c in e.faces.in_play if e.faces.faces[c].kind != "number"]
        assert len(numbers) == 1 and e.rules.hand_size == 1
        # the number dealt: no card left may start the discard pile
        order = Deal((numbers[0], *others))
        if rule == "redeal":
            assert apply(e, empty_table(e, 2), order).phase == "dealing"
            continue
        with pytest.raises(RuleGap) as gap:
            apply(e, empty_table(e, 2), order)
        assert gap.value.rule == "Set Up 4" and "flip_exhausted" in str(gap.value)


def test_the_pile_can_be_reshuffled_the_moment_it_empties() -> None:
    """`as-soon-as-the-draw-pile-empties` (Let's Play: NOTE; interpretation reshuffle-when):
    a draw that takes the draw pile's last card waits for the discard pile under its top to
    be reshuffled, the drawn card still the player's to play; `when-a-draw-needs-a-card`
    leaves the pile empty until a draw needs it."""
    from unospec.model.actions import Reshuffle

    hands = [["blue-3", "red-5"], ["yellow-1", "yellow-2"]]
    for rule in ("as-soon-as-the-draw-pile-empties", "when-a-draw-needs-a-card"):
        e = _reading("classic", reshuffle_when=rule)
        game = table(e, hands, top="blue-9", draw=["green-1"], rest="discard")
        assert game.draw_pile == (card(e, "green-1"),)
        drawn = apply(e, game, Draw(0))
        assert drawn.drawn == card(e, "green-1") and drawn.draw_pile == ()
        if rule == "when-a-draw-needs-a-card":
            assert drawn.phase == "drawn_card" and drawn.owed is None
            continue
        assert drawn.phase == "awaiting_reshuffle" and drawn.owed is not None
        assert drawn.owed.amount == 0
        under = drawn.discard[:-1]
        after = apply(e, drawn, Reshuffle(tuple(sorted(under))))
        assert after.phase == "drawn_card" and after.drawn == card(e, "green-1")
        assert sorted(after.draw_pile) == sorted(under) and after.discard == drawn.discard[-1:]


def test_a_player_who_draws_nothing_may_play_from_their_hand() -> None:
    """`player-may-play-from-hand` (Let's Play: If you do not have a matching card;
    interpretation empty-handed-draw): a player who draws by choice with no card left
    anywhere may still play a matching card of their hand, their last card too, or pass;
    `turn-passes` passes the turn at once."""
    from unospec.model.actions import Pass

    hands = [["blue-3", "red-5"], ["yellow-1", "yellow-2"]]
    for rule in ("player-may-play-from-hand", "turn-passes"):
        e = _reading("classic", empty_handed_draw=rule)
        # no card left anywhere: the others are out of this unit test's table
        game = table(e, hands, top="blue-9")._replace(draw_pile=(), discard=(card(e, "blue-9"),))
        after = apply(e, game, Draw(0))
        if rule == "turn-passes":
            assert after.phase == "awaiting_play" and after.current == 1
            continue
        assert after.phase == "drawn_card" and after.drawn == -1 and after.current == 0
        assert set(legal_actions(e, after)) == {Play(0, card(e, "blue-3")), Pass(0)}
        assert apply(e, after, Pass(0)).current == 1
        last = after._replace(hands=((card(e, "blue-3"),), after.hands[1]))
        assert apply(e, last, Play(0, card(e, "blue-3"))).phase in ("hand_over", "dealing")


def test_a_draw_by_choice_can_end_the_turn() -> None:
    """`the-turn-ends` (Let's Play: If you do not have a matching card 2; interpretation
    draw-by-choice): a player holding a playable card who draws keeps the drawn card and
    play passes at once, even where the drawn card could be played; a player with no
    playable card draws and decides as before. `the-new-card-may-be-played` lets the
    drawn card be played."""
    for rule in ("the-turn-ends", "the-new-card-may-be-played"):
        e = _reading("classic", draw_by_choice=rule)
        game = table(e, [["blue-3", "red-5"], ["yellow-1", "yellow-2"]], top="blue-9",
                     draw=["blue-1", "green-7"])  # fmt: skip
        drawn = apply(e, game, Draw(0))  # blue-3 is playable: a draw by choice
        assert card(e, "blue-1") in drawn.hands[0] and len(drawn.hands[0]) == 3
        if rule == "the-new-card-may-be-played":
            assert drawn.phase == "drawn_card" and drawn.current == 0
            assert Play(0, card(e, "blue-1")) in legal_actions(e, drawn)
            continue
        assert drawn.phase == "awaiting_play" and drawn.current == 1 and drawn.drawn == -1
        assert drawn.owed is None and drawn.actor == 0
        with pytest.raises(IllegalAction):
            apply(e, drawn, Play(0, card(e, "blue-1")))
        stuck = table(e, [["red-5", "red-6"], ["yellow-1"]], top="blue-9", draw=["blue-1"])
        forced = apply(e, stuck, Draw(0))  # no playable card: the drawn one may be played
        assert forced.phase == "drawn_card" and forced.drawn == card(e, "blue-1")


def test_uno_can_be_called_with_the_play_of_the_second_last_card() -> None:
    """`while-playing-the-second-last-card` (Calling UNO; interpretation uno-window): the
    call is part of the play that leaves one card; one made so cannot be caught, one not
    made can no longer be made once the play is resolved, and the player may be caught
    until the next player's first action. The fixed reading calls after the play, and
    refuses a call with it."""
    from unospec.model.actions import Catch

    hands = [["blue-3", "red-5"], ["yellow-1", "yellow-2"], ["green-4", "green-6"]]
    blue3 = card(edition("classic"), "blue-3")
    for rule in ("while-playing-the-second-last-card", FIXED_UNO_WINDOW):
        e = _reading("classic", uno_window=rule)
        game = table(e, hands, top="blue-9")
        with_call = Play(0, blue3, uno=True)
        if rule == FIXED_UNO_WINDOW:
            assert with_call not in legal_actions(e, game)
            with pytest.raises(IllegalAction):
                apply(e, game, with_call)
            assert CallUno(0) in legal_actions(e, apply(e, game, Play(0, blue3)))
            continue
        assert with_call in legal_actions(e, game)
        called = apply(e, game, with_call)
        assert called.phase == "uno_called" and called.window == 0
        assert not any(isinstance(m, Catch | CallUno) for m in legal_actions(e, called))
        with pytest.raises(IllegalAction):
            apply(e, called, Catch(1, 0))
        silent = apply(e, game, Play(0, blue3))
        assert silent.phase == "uno_window" and CallUno(0) not in legal_actions(e, silent)
        with pytest.raises(IllegalAction):
            apply(e, silent, CallUno(0))
        caught = apply(e, silent, Catch(2, 0))
        assert len(caught.hands[0]) == 1 + e.rules.uno_penalty
        three = table(e, [["blue-3", "red-5", "red-6"], ["yellow-1"]], top="blue-9")
        with pytest.raises(IllegalAction):  # the play leaves two cards: no call with it
            apply(e, three, Play(0, blue3, uno=True))


FIXED_UNO_WINDOW = "from-the-resolved-play-until-the-next-players-first-action"


def test_a_call_made_with_the_play_lapses_when_the_play_leaves_more_cards() -> None:
    """`while-playing-the-second-last-card`: a Wild My Favorite Line called with as the
    second-last card, its player then named loser of the race, draws the penalty: the call
    lapses, no window is left open (Calling UNO; Action Cards: Wild My Favorite Line)."""
    from unospec.model.actions import NameLoser

    e = _reading("star-wars", uno_window="while-playing-the-second-last-card")
    hands = [["wild-favorite-line", "red-5"], ["yellow-1", "yellow-2"]]
    game = table(e, hands, top="blue-9")
    raced = apply(e, game, Play(0, card(e, "wild-favorite-line"), color("red"), uno=True))
    assert raced.phase == "special_wild" and raced.window == 0
    lost = apply(e, raced, NameLoser(0))
    assert lost.window == -1 and len(lost.hands[0]) > 1 and lost.phase == "awaiting_play"


@pytest.mark.parametrize(
    ("name", "guilty"),
    [
        ("classic", (False, False)),
        (CHALLENGED_NOW, (True, True)),
        (CHALLENGED_ON_COLOUR, (True, False)),
    ],
    ids=["when-played", "when-challenged", "hand-when-challenged-colour-when-played"],
)
def test_a_challenge_can_judge_the_hand_and_colour_it_comes_to(
    name: str, guilty: tuple[bool, bool]
) -> None:
    """`challenge_judges` (Action Cards: Wild Draw Four card; interpretation
    challenge-judges-which-hand): player 0 plays it holding only blue, on red, names blue,
    and is caught before calling UNO. Caught drawing two reds, the play's hand is honest,
    the hand then guilty of red and of blue; caught drawing two yellows, only the colour
    in force then (blue) finds them guilty."""
    from unospec.model.actions import Catch

    e = edition(name)
    judges = e.rules.challenge_judges
    hands = [["wild-draw-four", "blue-5"], ["green-1", "green-2"], ["yellow-8", "yellow-9"]]
    for drawn, expected in zip((["red-7", "red-8"], ["yellow-1", "yellow-2"]), guilty, strict=True):
        game = table(e, hands, top="red-3", draw=drawn)
        wild = Play(0, card(e, "wild-draw-four"), color("blue"))
        caught = play(e, game, wild, Catch(2, 0))
        assert caught.phase == "awaiting_challenge" and len(caught.hands[0]) == 3
        kept = judges == "the-hand-when-challenged-and-the-colour-when-played"
        assert caught.challenge is not None
        assert caught.challenge.color == (color("red") if kept else -1)
        judged = apply(e, caught, Challenge(1))
        if expected:
            assert len(judged.hands[0]) == 3 + 4 and len(judged.hands[1]) == 2
            assert judged.current == 1  # the successful challenger plays
        else:
            assert len(judged.hands[0]) == 3 and len(judged.hands[1]) == 2 + 6


def test_a_call_of_uno_out_of_place_can_draw_the_penalty() -> None:
    """`the-caller-draws-the-penalty` (Calling UNO; interpretation uno-call-out-of-place):
    with nobody just down to one card, any player may call UNO at the start of a turn and
    draws the two-card penalty, the turn still the same player's; `has-no-effect` offers
    no such call and refuses it."""
    e = edition(CALL_OUT_OF_PLACE)
    hands = [["blue-3", "red-5"], ["yellow-1", "yellow-2"]]
    game = table(e, hands, top="blue-9", draw=["green-1", "green-2", "green-3"])
    offered = legal_actions(e, game)
    assert CallUno(0) in offered and CallUno(1) in offered
    called = apply(e, game, CallUno(1))
    assert called.phase == "awaiting_play" and called.current == 0 and called.owed is None
    assert sorted(called.hands[1]) == sorted(
        card(e, c) for c in ("yellow-1", "yellow-2", "green-1", "green-2")
    )
    assert called.hands[0] == game.hands[0] and called.draw_pile[0] == card(e, "green-3")
    own = apply(e, game, CallUno(0))
    assert len(own.hands[0]) == 4 and own.current == 0
    classic = edition("classic")
    game = table(classic, hands, top="blue-9", draw=["green-1", "green-2", "green-3"])
    assert not any(isinstance(a, CallUno) for a in legal_actions(classic, game))
    with pytest.raises(IllegalAction) as refused:
        apply(classic, game, CallUno(1))
    assert refused.value.rule == "Calling UNO"


def _short_of_a_draw_two(e: Edition) -> GameState:
    """A Draw Two played with the draw pile empty and the discard pile holding only its top:
    the reshuffle that follows gives the victim one of the two cards they owe."""
    everything = [e.faces.card_id(face) for face in e.faces.in_play]
    for taken in ("red-9", "red-draw-two", "red-1"):
        everything.remove(taken)
    hands = [["red-draw-two", "red-1", *everything[:40]], everything[40:]]
    game = table(e, hands, top="red-9")
    assert game.draw_pile == () and game.discard == (card(e, "red-9"),)
    played = apply(e, game, Play(0, card(e, "red-draw-two")))
    assert played.phase == "awaiting_reshuffle"
    return apply(e, played, Reshuffle((card(e, "red-9"),)))


def test_a_draw_that_cannot_be_completed_can_end_the_hand_unscored() -> None:
    """`hand-ends-unscored` (Let's Play: NOTE; interpretation draw-shortfall): a Draw Two of
    which one card is left ends the hand at once, no one scoring, the next hand dealt by the
    next leader; `draw-what-remains` deals the one card and play goes on."""
    for rule in ("hand-ends-unscored", "draw-what-remains"):
        e = _reading("classic", draw_shortfall=rule)
        after = _short_of_a_draw_two(e)
        if rule == "draw-what-remains":
            assert after.phase == "awaiting_play" and after.current == 0
            assert card(e, "red-9") in after.hands[1] and after.hands_played == 0
            continue
        assert after.phase == "dealing" and after.scores == (0, 0) and after.winner == -1
        assert after.hands_played == 1 and after.leader == 1 and after.owed is None


def test_an_unscored_hand_does_not_end_a_one_hand_game() -> None:
    """`hand-ends-unscored` where one hand is the game (`game_end = "single-hand"`): a hand
    ended unscored has no winner, so the next hand is dealt."""
    e = _reading("classic", draw_shortfall="hand-ends-unscored", game_end="single-hand")
    after = _short_of_a_draw_two(e)
    assert after.phase == "dealing" and after.winner == -1 and after.hands_played == 1


def test_the_rest_of_a_draw_can_wait_for_cards() -> None:
    """`obligation-waits-for-cards` (Let's Play: NOTE; interpretation draw-shortfall): a Draw
    Two of which one card is left deals it and the other waits, play going on as after the
    draw; the next card played brings a card back, dealt to the victim once it is resolved.
    `draw-what-remains` lets the rest lapse."""
    for rule in ("obligation-waits-for-cards", "draw-what-remains"):
        e = _reading("classic", draw_shortfall=rule)
        after = _short_of_a_draw_two(e)
        assert after.phase == "awaiting_play" and after.current == 0 and after.owed is None
        assert card(e, "red-9") in after.hands[1] and len(after.hands[0]) == 41
        if rule == "draw-what-remains":
            assert after.debts == ()
            assert apply(e, after, Play(0, card(e, "red-1"))).phase == "awaiting_play"
            continue
        assert after.debts == (0, 1)
        played = apply(e, after, Play(0, card(e, "red-1")))
        assert played.phase == "awaiting_reshuffle" and played.debts == ()
        assert played.owed is not None and (played.owed.player, played.owed.amount) == (1, 1)
        dealt = apply(e, played, Reshuffle((card(e, "red-draw-two"),)))
        assert dealt.phase == "awaiting_play" and dealt.current == 1 and dealt.owed is None
        assert card(e, "red-draw-two") in dealt.hands[1] and dealt.discard == (card(e, "red-1"),)


def test_what_waits_for_cards_adds_up_and_lapses_with_the_hand() -> None:
    """`obligation-waits-for-cards`: a second draw short of cards adds to what its player
    already waits for; a hand's end lets all of it lapse."""
    e = _reading("classic", draw_shortfall="obligation-waits-for-cards")
    everything = [e.faces.card_id(face) for face in e.faces.in_play]
    for taken in ("red-9", "red-draw-two", "red-draw-two", "red-1"):
        everything.remove(taken)
    hands = [["red-draw-two", "red-draw-two", "red-1", *everything[:40]], everything[40:]]
    game = table(e, hands, top="red-9")._replace(debts=(0, 3))
    played = apply(e, game, Play(0, card(e, "red-draw-two")))
    after = apply(e, played, Reshuffle((card(e, "red-9"),)))
    assert after.phase == "awaiting_play" and after.debts == (0, 4)
    assert len(after.hands[1]) == len(hands[1]) + 1
    last = after._replace(hands=((card(e, "red-1"),), *after.hands[1:]))
    over = apply(e, last, Play(0, card(e, "red-1")))
    assert over.phase in ("dealing", "game_over") and over.debts == () and over.scores[0] > 0
