"""Known-value tests of the rules, each citing the booklet section it checks."""

from __future__ import annotations

import pytest
from scenario import card, color, edition, flipped_first, play, table

from unospec.model.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    Keep,
    NameLoser,
    Pass,
    Play,
    Reshuffle,
)
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import apply, chance_cards, empty_table, legal_actions


def test_number_matches_by_colour_or_number_and_not_otherwise() -> None:
    """A card plays on the top card only by colour, number or symbol (Let's Play 1)."""
    e = edition("nfl-cowboys")
    game = table(e, [["red-5", "blue-3", "green-7"], ["yellow-1"]], top="blue-5")
    assert apply(e, game, Play(0, card(e, "red-5"))).top == card(e, "red-5")  # number
    assert apply(e, game, Play(0, card(e, "blue-3"))).top == card(e, "blue-3")  # colour
    with pytest.raises(IllegalAction, match="does not match") as refused:
        apply(e, game, Play(0, card(e, "green-7")))
    assert refused.value.rule == "Let's Play 1"


def test_symbols_match_across_colours() -> None:
    """A Skip plays on a Skip of another colour (Let's Play 1: symbol)."""
    e = edition("classic")
    game = table(e, [["red-skip", "blue-3"], ["yellow-1"]], top="green-skip")
    after = apply(e, game, Play(0, card(e, "red-skip")))
    assert after.color == color("red")


def test_wild_plays_on_anything_and_names_the_colour() -> None:
    """A Wild matches anything; its player names the colour (Action Cards: Wild card)."""
    e = edition("nfl-cowboys")
    game = table(e, [["wild", "blue-3", "blue-4"], ["yellow-1", "red-2"]], top="green-7")
    after = apply(e, game, Play(0, card(e, "wild"), color("yellow")))
    assert (after.color, after.current, after.phase) == (color("yellow"), 1, "awaiting_play")
    with pytest.raises(IllegalAction, match="needs a colour"):
        apply(e, game, Play(0, card(e, "wild")))


def test_a_wild_played_as_the_last_card_names_no_colour() -> None:
    """A player's final card wins the hand (Winning), so a wild played as the last card
    names no colour for play to go on in: naming one is refused, and the one play listed
    names none."""
    e = edition("classic")
    game = table(e, [["wild"], ["blue-1", "blue-2"]], top="red-9")
    with pytest.raises(IllegalAction, match="ends the hand") as refused:
        apply(e, game, Play(0, card(e, "wild"), color("green")))
    assert refused.value.rule == "Winning"
    assert [m for m in legal_actions(e, game) if isinstance(m, Play)] == [Play(0, card(e, "wild"))]
    after = apply(e, game, Play(0, card(e, "wild")))
    assert (after.phase, after.scores) == ("dealing", (1 + 2, 0))


def test_draw_two_makes_the_next_player_draw_two_and_lose_the_turn() -> None:
    """Draw Two: the next player draws 2 and loses their turn (Action Cards: Draw Two card)."""
    e = edition("nfl-cowboys")
    game = table(e, [["red-draw-two", "red-1"], ["blue-1"], ["green-1"]], top="red-9")
    after = apply(e, game, Play(0, card(e, "red-draw-two")))
    assert [len(h) for h in after.hands] == [1, 3, 1]
    assert after.current == 2


def test_express_draw_one_makes_the_next_player_draw_one() -> None:
    """Express's Draw One costs one card, the reading its file chose (Action Cards: Draw One)."""
    e = edition("express")
    game = table(e, [["red-draw-one", "red-1"], ["blue-1"], ["green-1"]], top="red-9")
    after = apply(e, game, Play(0, card(e, "red-draw-one")))
    assert [len(h) for h in after.hands] == [1, 2, 1]
    assert after.current == 2


def test_skip_passes_over_the_next_player() -> None:
    """Skip: the next player loses their turn (Action Cards: Skip card)."""
    e = edition("super-bowl-lvii")
    game = table(e, [["red-skip", "red-1"], ["blue-1"], ["green-1"]], top="red-9")
    assert apply(e, game, Play(0, card(e, "red-skip"))).current == 2


def test_reverse_flips_the_direction() -> None:
    """Reverse: play moves the other way round (Action Cards: Reverse card)."""
    e = edition("star-wars")
    game = table(e, [["red-reverse", "red-1"], ["blue-1"], ["green-1"]], top="red-9", current=0)
    after = apply(e, game, Play(0, card(e, "red-reverse")))
    assert (after.direction, after.current) == (-1, 2)


@pytest.mark.parametrize(("name", "next_player"), [("nfl-cowboys", 1), ("classic", 0)])
def test_reverse_with_two_players_follows_the_chosen_reading(name: str, next_player: int) -> None:
    """With two players a Reverse leaves the other player next in the seeds' literal reading
    and gives its player another turn in classic (Action Cards: Reverse card)."""
    e = edition(name)
    game = table(e, [["red-reverse", "red-1"], ["blue-1", "blue-2"]], top="red-9")
    assert apply(e, game, Play(0, card(e, "red-reverse"))).current == next_player


def test_drawn_card_is_the_only_card_that_may_follow_a_draw() -> None:
    """After drawing, only the new card may be played, else the turn passes (Let's Play)."""
    e = edition("nfl-cowboys")
    game = table(e, [["blue-5", "green-9"], ["yellow-1"]], top="blue-3", draw=["blue-7"])
    drawn = apply(e, game, Draw(0))
    assert drawn.phase == "drawn_card" and drawn.drawn == card(e, "blue-7")
    with pytest.raises(IllegalAction, match="only the drawn blue-7"):
        apply(e, drawn, Play(0, card(e, "blue-5")))
    assert apply(e, drawn, Play(0, card(e, "blue-7"))).top == card(e, "blue-7")
    passed = apply(e, drawn, Pass(0))
    assert (passed.phase, passed.current) == ("awaiting_play", 1)


def test_drawing_is_allowed_while_holding_a_playable_card() -> None:
    """A player may draw instead of playing a playable card (Let's Play, If you do not have 2)."""
    e = edition("express")
    game = table(e, [["blue-5"], ["yellow-1"]], top="blue-3")
    assert Draw(0) in legal_actions(e, game)


@pytest.mark.parametrize("name", ["classic", "express", "nfl-cowboys", "super-bowl-lvii"])
def test_a_card_drawn_by_choice_may_be_played(name: str) -> None:
    """Reading draw-by-choice (Let's Play: If you do not have a matching card 2): a player
    who draws while holding a playable card may play the new card when it matches, as item
    1 lets a player with no match do; the turn does not end at the draw."""
    e = edition(name)
    game = table(e, [["blue-5", "green-9"], ["yellow-1", "red-2"]], top="blue-3", draw=["blue-7"])
    drawn = apply(e, game, Draw(0))
    assert (drawn.phase, drawn.current) == ("drawn_card", 0)
    assert Play(0, card(e, "blue-7")) in legal_actions(e, drawn)
    played = apply(e, drawn, Play(0, card(e, "blue-7")))
    assert (played.top, played.current) == (card(e, "blue-7"), 1)


def test_a_seat_past_the_table_is_refused_as_no_player() -> None:
    """Only the players at the table take turns (Let's Play): a move by seat 2 of a
    two-player game is refused because there is no such player, not because it is
    player 0's turn."""
    e = edition("express")
    game = table(e, [["red-5", "blue-3"], ["yellow-1"]], top="red-9")
    for move in (Draw(2), Play(2, card(e, "red-5"))):
        with pytest.raises(IllegalAction, match="there is no player 2") as refused:
            apply(e, game, move)
        assert refused.value.rule == "Let's Play"


@pytest.mark.parametrize(
    ("name", "wild_draw", "paid"),
    [("nfl-cowboys", "wild-draw-four", 6), ("express", "wild-draw-two", 4)],
)
def test_a_failed_challenge_costs_the_challenger(name: str, wild_draw: str, paid: int) -> None:
    """An honest Wild Draw card makes its challenger draw 6 in the NFL booklets and 4 in
    Express, and lose the turn (Action Cards: Wild Draw Four card / Wild Draw Two)."""
    e = edition(name)
    game = table(e, [[wild_draw, "green-1", "green-2"], ["yellow-1"], ["blue-2"]], top="red-9")
    played = apply(e, game, Play(0, card(e, wild_draw), color("green")))
    assert played.phase == "awaiting_challenge"
    after = apply(e, played, Challenge(1))
    assert len(after.hands[1]) == 1 + paid
    assert after.current == 2


@pytest.mark.parametrize(
    ("name", "wild_draw", "paid"),
    [("nfl-cowboys", "wild-draw-four", 4), ("express", "wild-draw-two", 2)],
)
def test_a_successful_challenge_costs_the_offender(name: str, wild_draw: str, paid: int) -> None:
    """A guilty Wild Draw card makes its player draw 4 (NFL) or 2 (Express); the challenger
    draws none and, in the chosen reading, plays next (Action Cards)."""
    e = edition(name)
    game = table(e, [[wild_draw, "red-1"], ["yellow-1"], ["blue-2"]], top="red-9")
    played = apply(e, game, Play(0, card(e, wild_draw), color("green")))
    assert played.challenge is not None and played.challenge.bluff
    after = apply(e, played, Challenge(1))
    assert (len(after.hands[0]), len(after.hands[1]), after.current) == (1 + paid, 1, 1)


@pytest.mark.parametrize(
    ("name", "wild_draw", "paid"),
    [("nfl-cowboys", "wild-draw-four", 4), ("express", "wild-draw-two", 2)],
)
def test_accepting_draws_the_cards_and_loses_the_turn(name: str, wild_draw: str, paid: int) -> None:
    """Accepting a Wild Draw card: draw its cards and lose the turn (Action Cards)."""
    e = edition(name)
    game = table(e, [[wild_draw, "red-1"], ["yellow-1"], ["blue-2"]], top="red-9")
    after = play(e, game, Play(0, card(e, wild_draw), color("green")), Accept(1))
    assert (len(after.hands[1]), after.current) == (1 + paid, 2)


def test_a_legal_wild_draw_four_held_with_a_wild_is_judged_guilty_in_the_nfl_booklets() -> None:
    """The NFL legality rule names only the colour, its challenge also counts wilds: an honest
    player holding a Wild is penalised (Action Cards: Wild Draw Four card; a booklet defect)."""
    e = edition("nfl-cowboys")
    game = table(e, [["wild-draw-four", "wild", "green-1"], ["yellow-1"]], top="red-9")
    played = apply(e, game, Play(0, card(e, "wild-draw-four"), color("green")))
    assert played.challenge is not None
    assert not played.challenge.bluff and played.challenge.guilty
    assert len(apply(e, played, Challenge(1)).hands[0]) == 2 + 4


def test_classic_judges_the_challenge_by_the_legality_rule() -> None:
    """Classic judges a challenge by the same rule that makes the card legal (Action Cards:
    Wild Draw Four card; interpretation wild-draw-judgment)."""
    e = edition("classic")
    game = table(e, [["wild-draw-four", "wild", "green-1"], ["yellow-1"]], top="red-9")
    played = apply(e, game, Play(0, card(e, "wild-draw-four"), color("green")))
    assert played.challenge is not None and not played.challenge.guilty


def _refused_under_reading(name: str, kind: str, reading: dict[str, str], why: str) -> None:
    """Under `reading` of its card, a `kind` held with red-1 on a red top card is refused
    with `why`, and no legal move plays it."""
    import dataclasses

    e = edition(name)
    effect = e.effect_of(kind).replaced(**reading)
    strict = dataclasses.replace(
        e, effects=tuple((k, effect if k == kind else v) for k, v in e.effects)
    )
    game = table(strict, [[kind, "red-1"], ["yellow-1"]], top="red-9")
    with pytest.raises(IllegalAction, match=why):
        apply(strict, game, Play(0, card(strict, kind), color("green")))
    assert all(
        a.card != card(strict, kind) for a in legal_actions(strict, game) if isinstance(a, Play)
    )


def test_a_refused_bluff_is_illegal_under_that_reading() -> None:
    """With the alternative reading "refused", a Wild Draw card held against its rule cannot
    be played at all (Action Cards: Wild Draw Four card)."""
    _refused_under_reading(
        "classic", "wild-draw-four", {"bluff": "refused"}, "holding a card it forbids"
    )


def test_an_interrupt_only_hail_mary_is_refused_on_its_owners_turn() -> None:
    """With the alternative reading "interrupt-only", a Wild Hail Mary is not played as a
    plain wild on one's own turn (Action Cards: Wild Hail Mary Card)."""
    _refused_under_reading(
        "nfl-cowboys",
        "wild-hail-mary",
        {"own_turn": "interrupt-only"},
        "only played when another player calls UNO",
    )


def test_uno_window_catch_costs_two_cards() -> None:
    """A player caught before calling UNO draws 2 (Calling UNO)."""
    e = edition("nfl-cowboys")
    game = table(e, [["red-1", "red-2"], ["yellow-1", "blue-2"], ["green-3"]], top="red-9")
    window = apply(e, game, Play(0, card(e, "red-1")))
    assert (window.phase, window.window) == ("uno_window", 0)
    caught = apply(e, window, Catch(2, 0))
    assert (len(caught.hands[0]), caught.phase, caught.current) == (3, "awaiting_play", 1)


def test_uno_call_protects_and_the_window_closes_at_the_next_action() -> None:
    """After the call nobody can catch; after the next player's action nobody can call or
    catch (Calling UNO)."""
    e = edition("classic")
    game = table(e, [["red-1", "red-2"], ["red-3", "blue-2", "blue-4"], ["green-3"]], top="red-9")
    window = apply(e, game, Play(0, card(e, "red-1")))
    called = apply(e, window, CallUno(0))
    with pytest.raises(IllegalAction, match="already called UNO"):
        apply(e, called, Catch(1, 0))
    moved = apply(e, window, Play(1, card(e, "red-3")))
    assert moved.window == -1
    with pytest.raises(IllegalAction, match="no UNO window"):
        apply(e, moved, Catch(2, 0))
    with pytest.raises(IllegalAction, match="only player 0 can call"):
        apply(e, window, CallUno(1))


def test_a_late_uno_call_is_refused_with_the_reason_that_applies() -> None:
    """The call is due on going down to one card (Calling UNO): while player 0's window is
    open, player 2, already down to one card from earlier, cannot call; the refusal says
    why (it once said player 2 held more than one card), and a player holding more says how
    many."""
    e = edition("classic")
    game = table(e, [["red-1", "red-2"], ["red-3", "blue-2", "blue-4"], ["green-3"]], top="red-9")
    window = apply(e, game, Play(0, card(e, "red-1")))
    with pytest.raises(IllegalAction) as late:
        apply(e, window, CallUno(2))
    assert late.value.reason == (
        "player 2's call was due when they went down to one card: only player 0 can call UNO now"
    )
    with pytest.raises(IllegalAction) as holding:
        apply(e, window, CallUno(1))
    assert holding.value.reason == "player 1 holds 3 cards: only player 0 can call UNO now"


def test_a_draw_that_finds_no_card_passes_the_turn_without_a_second_uno_window() -> None:
    """A player with one card left who draws when every other card is in a hand gets
    nothing and the turn passes (Let's Play; reading empty-handed-draw). Calling UNO is due
    on going down to one card, which this player did earlier: no window opens again, so
    nobody can catch them (it opened, and a catch was accepted)."""
    e = edition("express")
    others = [e.faces.card_id(f) for f in e.faces.in_play]
    for named in ("red-3", "blue-5"):
        others.remove(named)
    game = table(e, [["blue-5"], others], top="red-3")
    assert game.draw_pile == () and len(game.discard) == 1
    passed = apply(e, game, Draw(0))
    assert (passed.phase, passed.window, passed.current) == ("awaiting_play", -1, 1)
    assert passed.hands[0] == game.hands[0]
    assert not [m for m in legal_actions(e, passed) if isinstance(m, CallUno | Catch)]
    with pytest.raises(IllegalAction, match="no UNO window"):
        apply(e, passed, Catch(1, 0))


def test_a_call_of_uno_out_of_place_is_no_step() -> None:
    """Reading uno-call-out-of-place (Calling UNO speaks only of a player left with one
    card): with two cards or more, neither a call nor a catch is offered or accepted, so no
    one draws for it. The alternative (the caller draws the penalty) is played only where
    a file's `play.uno_call_out_of_place` says so (test_other_readings)."""
    e = edition("classic")
    (reading,) = [r for r in e.interpretations if r.id == "uno-call-out-of-place"]
    assert reading.chosen == "has-no-effect" and reading.section == "Calling UNO"
    game = table(e, [["red-1", "red-2", "red-5"], ["red-3", "blue-2"]], top="red-9")
    offered = legal_actions(e, game)
    assert not [m for m in offered if isinstance(m, CallUno | Catch)]
    for early in (CallUno(0), Catch(1, 0), CallUno(1)):
        with pytest.raises(IllegalAction, match="no UNO window"):
            apply(e, game, early)
    after = apply(e, game, Play(0, card(e, "red-1")))
    assert after.phase == "awaiting_play" and after.owed is None  # two cards left: no window


def test_reshuffle_keeps_the_top_card_and_must_come_when_the_pile_is_empty() -> None:
    """An empty draw pile is refilled from the discard pile under its top card, and the next
    step must be that reshuffle (Let's Play: NOTE)."""
    e = edition("express")
    game = table(e, [["blue-5"], ["yellow-1"]], top="red-3", rest="discard")
    assert game.draw_pile == ()
    waiting = apply(e, game, Draw(0))
    assert waiting.phase == "awaiting_reshuffle"
    with pytest.raises(IllegalAction, match="must be a reshuffle"):
        apply(e, waiting, Draw(0))
    order = tuple(reversed(waiting.discard[:-1]))
    after = apply(e, waiting, Reshuffle(order))
    assert after.discard == (card(e, "red-3"),)
    assert after.drawn == order[0] and after.draw_pile == order[1:]
    with pytest.raises(IllegalAction, match="permutation"):
        apply(e, waiting, Reshuffle(order[1:]))


def test_an_empty_draw_pile_waits_for_a_draw_and_then_takes_cards_discarded_meanwhile() -> None:
    """Reading reshuffle-when (Let's Play: NOTE): the draw pile may stay empty while play goes
    on; the reshuffle comes when a draw needs a card, and the cards played in between go
    into the new pile, all but the top card."""
    e = edition("express")
    hands = [["blue-5", "blue-6"], ["red-4", "green-6", "green-7"]]
    game = table(e, hands, top="red-3", draw=["yellow-9"], rest="discard")
    emptied = play(e, game, Draw(0), Pass(0))
    assert (emptied.phase, emptied.draw_pile, emptied.current) == ("awaiting_play", (), 1)
    played = apply(e, emptied, Play(1, card(e, "red-4")))
    assert played.phase == "awaiting_play" and played.draw_pile == ()
    waiting = apply(e, played, Draw(0))
    assert waiting.phase == "awaiting_reshuffle"
    assert card(e, "red-3") in chance_cards(e, waiting)  # the top card when the pile emptied
    assert card(e, "red-4") not in chance_cards(e, waiting)  # the top card now stays


def test_a_challenge_judges_the_hand_the_card_was_played_from() -> None:
    """Reading challenge-judges-which-hand (Action Cards: Wild Draw Four card): player 0
    plays it holding only blue, on red; caught before calling UNO, they draw two reds, but
    the challenge judges the hand of the play, so it fails and the challenger draws 6."""
    e = edition("nfl-cowboys")
    hands = [["wild-draw-four", "blue-5"], ["green-1", "green-2"], ["yellow-1", "yellow-2"]]
    game = table(e, hands, top="red-3", draw=["red-7", "red-8"])
    caught = play(e, game, Play(0, card(e, "wild-draw-four"), color("blue")), Catch(2, 0))
    assert caught.phase == "awaiting_challenge"
    assert {card(e, "red-7"), card(e, "red-8")} <= set(caught.hands[0])
    judged = apply(e, caught, Challenge(1))
    assert len(judged.hands[1]) == 2 + 6 and len(judged.hands[0]) == 3


def test_a_penalty_larger_than_all_cards_draws_what_remains() -> None:
    """A draw that neither the pile nor a reshuffle can cover takes what there is, the
    reading `draw-what-remains` (Let's Play: NOTE; interpretation draw-shortfall)."""
    e = edition("nfl-cowboys")
    everything = [e.faces.card_id(face) for face in e.faces.in_play]
    for kept in ("red-draw-two", "red-1", "red-1", "red-9"):
        everything.remove(kept)
    game = table(e, [["red-draw-two", "red-1", "red-1"], everything], top="red-9")
    assert game.draw_pile == ()
    played = apply(e, game, Play(0, card(e, "red-draw-two")))
    assert played.phase == "awaiting_reshuffle"  # the old top card can refill the pile
    after = apply(e, played, Reshuffle((card(e, "red-9"),)))
    assert len(after.hands[1]) == len(everything) + 1  # one card of the two owed
    assert after.owed is None and after.phase == "awaiting_play"


def test_first_flip_ignores_action_cards_and_leaves_them_under_the_first_number() -> None:
    """A flipped Action Card is ignored and the next card flipped onto it (Set Up 4)."""
    from unospec.model.kernel import initial_state

    e = edition("nfl-cowboys")
    skip, wild, five = (card(e, c) for c in ("blue-skip", "wild", "green-5"))
    game = initial_state(e, 2, flipped_first(e, "blue-skip", "wild", "green-5"))
    assert game.discard == (skip, wild, five)
    assert (game.color, game.phase, game.current) == (color("green"), "awaiting_play", 0)


def test_a_deal_needs_a_card_left_to_turn_up() -> None:
    """The deal gives every player a hand and leaves a card to start the discard pile (Set
    Up 2-4). Express's 56 cards are exactly five hands of 11 and that card: they deal, with
    nothing left to draw. Two hands of 28 take every card and leave none to turn up: a gap
    in the rules, not a hand."""
    import dataclasses

    from unospec.model.kernel import initial_state

    e = edition("express")
    eleven = dataclasses.replace(e, rules=dataclasses.replace(e.rules, hand_size=11))
    game = initial_state(eleven, 5, flipped_first(eleven, "red-5", players=5))
    assert [len(hand) for hand in game.hands] == [11] * 5
    assert (game.phase, game.top, game.draw_pile) == ("awaiting_play", card(e, "red-5"), ())
    halves = dataclasses.replace(e, rules=dataclasses.replace(e.rules, hand_size=28))
    with pytest.raises(RuleGap, match="need 57 cards; the deck has 56") as gap:
        initial_state(halves, 2, halves.faces.in_play)
    assert gap.value.rule == "Set Up 2"


def test_hail_mary_right_guess_sheds_down_to_one_and_play_goes_left_of_the_thrower() -> None:
    """After an UNO call another player throws a Hail Mary; a right colour guess lets them
    discard down to one card, and play continues to their left (Wild Hail Mary Card). The
    thrower is the player whose turn comes, and the throw is still the interrupt (reading
    hail-mary-from-the-next-player); the only moves then keep one card each, so the thrower
    sheds all the others (reading hail-mary-shed-all-but-one)."""
    e = edition("nfl-cowboys")
    hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-1", "green-2"]]
    game = table(e, hands, top="blue-9", direction=-1)
    called = play(e, game, Play(0, card(e, "blue-1")), CallUno(0))
    assert called.phase == "uno_called" and called.current == 2
    thrown = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("blue")))
    assert thrown.phase == "hail_mary_discard"
    kept_cards = {card(e, "green-1"), card(e, "green-2")}
    assert {(type(m), m.card) for m in legal_actions(e, thrown)} == {(Keep, c) for c in kept_cards}
    kept = apply(e, thrown, Keep(2, card(e, "green-2")))
    assert kept.hands[2] == (card(e, "green-2"),)
    assert kept.top == card(e, "wild-hail-mary") and kept.color == color("blue")
    # the thrower now holds one card and must call UNO (hail-mary-thrower-afterwards)
    assert kept.phase == "uno_window" and kept.window == 2
    assert kept.current == 0  # left of player 2 is seat 0, although play ran the other way


def test_hail_mary_wrong_guess_sheds_nothing_and_play_goes_left_in_the_named_colour() -> None:
    """A wrong Hail Mary guess sheds nothing, but the card stays in its named colour and
    play goes on left of the thrower, so player 1 loses a turn (interpretation
    hail-mary-wrong-guess; Wild Hail Mary Card)."""
    e = edition("nfl-cowboys")
    hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-1", "green-2"]]
    called = play(e, table(e, hands, top="blue-9"), Play(0, card(e, "blue-1")), CallUno(0))
    after = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("red")))
    assert [len(h) for h in after.hands] == [1, 2, 2]
    assert (after.phase, after.current, after.color) == ("awaiting_play", 0, color("red"))


def test_hail_mary_guess_on_a_wild_is_never_right() -> None:
    """A wild in the caller's hand has no colour, so no guess lets the thrower shed
    (interpretation hail-mary-guess-on-a-wild; Wild Hail Mary Card)."""
    e = edition("nfl-cowboys")
    hands = [["blue-1", "wild"], ["red-4", "red-5"], ["wild-hail-mary", "green-1", "green-2"]]
    called = play(e, table(e, hands, top="blue-9"), Play(0, card(e, "blue-1")), CallUno(0))
    for name in ("red", "yellow", "green", "blue"):
        after = apply(e, called, Play(2, card(e, "wild-hail-mary"), color(name)))
        assert (after.phase, len(after.hands[2])) == ("awaiting_play", 2), name


def test_hail_mary_as_the_last_card_wins_the_hand() -> None:
    """A Hail Mary thrown as its thrower's last card ends the hand (Winning; interpretation
    hail-mary-thrower-afterwards)."""
    e = edition("nfl-cowboys")
    hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary"]]
    called = play(e, table(e, hands, top="blue-9"), Play(0, card(e, "blue-1")), CallUno(0))
    after = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("red")))
    assert after.phase in ("dealing", "game_over") and after.scores[2] > 0


def test_the_caller_plays_a_hail_mary_on_their_own_turn_as_their_last_card() -> None:
    """With two players a Skip gives its player the next turn (Action Cards: Skip card);
    left with a Wild Hail Mary and having called UNO, they play it on that turn as a plain
    wild (reading hail-mary-own-turn) and win the hand (Winning). It is no interrupt: that
    is another player's answer to the call (Wild Hail Mary Card)."""
    e = edition("nfl-cowboys")
    game = table(e, [["red-skip", "wild-hail-mary"], ["blue-3", "blue-4"]], top="red-9")
    called = play(e, game, Play(0, card(e, "red-skip")), CallUno(0))
    assert (called.phase, called.current) == ("uno_called", 0)
    last = Play(0, card(e, "wild-hail-mary"))
    assert last in legal_actions(e, called)
    after = apply(e, called, last)
    assert (after.phase, after.scores) == ("dealing", (5 + 5, 0))


def test_touchdown_loser_is_another_player_who_draws_three() -> None:
    """After a Wild Touchdown! the last of the other players to signal draws 3 (Action Cards:
    Wild Touchdown! Card)."""
    e = edition("super-bowl-lvii")
    game = table(e, [["wild-touchdown", "red-1"], ["yellow-1"], ["blue-2"]], top="red-9")
    played = apply(e, game, Play(0, card(e, "wild-touchdown"), color("blue")))
    assert played.phase == "special_wild"
    assert set(legal_actions(e, played)) == {NameLoser(1), NameLoser(2)}
    with pytest.raises(IllegalAction, match="only the other players"):
        apply(e, played, NameLoser(0))
    after = apply(e, played, NameLoser(2))
    assert (len(after.hands[2]), after.current) == (4, 1)


def test_favorite_line_loser_can_be_anyone_including_its_player() -> None:
    """My Favorite Line's quoting round reaches its own player too (interpretation
    penalty-race-loser; Action Cards: Wild My Favorite Line Card)."""
    e = edition("star-wars")
    game = table(e, [["wild-favorite-line", "red-1"], ["yellow-1"]], top="red-9")
    played = apply(e, game, Play(0, card(e, "wild-favorite-line"), color("blue")))
    assert set(legal_actions(e, played)) == {NameLoser(0), NameLoser(1)}
    assert len(apply(e, played, NameLoser(0)).hands[0]) == 4


def test_favorite_line_play_goes_on_after_its_player_and_the_loser_keeps_the_turn() -> None:
    """After My Favorite Line the loser draws 3 and play continues after the card's player,
    the loser included (interpretation favorite-line-next-player; Action Cards: Wild My
    Favorite Line Card)."""
    e = edition("star-wars")
    hands = [["wild-favorite-line", "red-1", "red-2"], ["yellow-1"], ["blue-2"], ["green-2"]]
    played = apply(
        e, table(e, hands, top="red-9"), Play(0, card(e, "wild-favorite-line"), color("green"))
    )
    after = apply(e, played, NameLoser(1))
    assert [len(h) for h in after.hands] == [2, 4, 1, 1]
    assert (after.phase, after.current, after.color) == ("awaiting_play", 1, color("green"))


@pytest.mark.parametrize(
    ("name", "points"), [("nfl-cowboys", 5 + 5 + 20 + 50), ("star-wars", 9 + 3 + 20 + 50)]
)
def test_hand_score_counts_the_cards_left_in_other_hands(name: str, points: int) -> None:
    """The hand's winner scores the other hands: NFL numbers are worth 5 each, Star Wars
    numbers their face value, actions 20 and wilds 50 (Keeping Score)."""
    e = edition(name)
    hands = [["red-1"], ["blue-9", "green-3"], ["yellow-skip", "wild"]]
    after = apply(e, table(e, hands, top="red-7"), Play(0, card(e, "red-1")))
    assert after.scores == (points, 0, 0)
    assert after.phase == "dealing"


def test_reaching_the_target_score_ends_the_game() -> None:
    """A player who reaches the target score wins the game (Keeping Score: 250 in Express)."""
    e = edition("express")
    game = table(e, [["red-1"], ["blue-9"]], top="red-7", scores=[241, 200])
    after = apply(e, game, Play(0, card(e, "red-1")))
    assert (after.phase, after.winner, after.scores) == ("game_over", 0, (250, 200))
    with pytest.raises(IllegalAction, match="game is over"):
        apply(e, after, Draw(1))


def test_a_won_game_passes_the_lead_to_nobody() -> None:
    """Reaching the target score ends the game (Keeping Score): no next hand is dealt, so
    the lead stays with seat 0 instead of passing to the left (reading next-hand-leader is
    about the next hand)."""
    e = edition("express")
    game = table(e, [["red-1"], ["blue-9"], ["green-3"]], top="red-7", scores=[238, 0, 0])
    after = apply(e, game, Play(0, card(e, "red-1")))
    assert (after.phase, after.winner, after.scores) == ("game_over", 0, (250, 0, 0))
    assert after.leader == 0


def test_the_lead_passes_to_the_left_of_the_last_leader() -> None:
    """The player to the dealer's left goes first and play runs clockwise (Set Up 5, e.g.
    seeds/000_26dfe2e9bafb8f8f.txt, Set Up), so the left is the next seat clockwise; with
    the deal passing left between hands (classic's reading next-hand-leader, Winning), at a
    table of three the lead goes from seat 0 to seat 1, not to seat 2 (two players could not
    tell left from right)."""
    e = edition("classic")
    game = table(e, [["red-1"], ["blue-9", "green-3"], ["yellow-2"]], top="red-7")
    after = apply(e, game, Play(0, card(e, "red-1")))
    assert (after.phase, after.leader) == ("dealing", 1)


def test_a_deal_starts_with_the_leader_and_goes_round_one_card_at_a_time() -> None:
    """Set Up 1-2 and 5 (seeds/000_26dfe2e9bafb8f8f.txt, Set Up): the cards are dealt one at
    a time, the first to the player who will go first, the leader, who then plays. With seat
    1 leading at a table of three, the i-th card of the order goes to seat (1 + i) mod 3."""
    e = edition("classic")
    order = tuple(e.faces.in_play)
    before = empty_table(e, 3)._replace(leader=1)
    dealt = apply(e, before, Deal(order))
    size = e.rules.hand_size
    for seat in range(3):
        mine = [order[i] for i in range(3 * size) if (1 + i) % 3 == seat]
        assert dealt.hands[seat] == tuple(sorted(mine)), seat
    assert dealt.current == 1


def test_no_hail_mary_interrupts_a_wild_draw_four_waiting_for_its_answer() -> None:
    """A Wild Draw Four leaves the next player two options, draw or challenge (Action Cards:
    Wild Draw Four card, seeds/000_26dfe2e9bafb8f8f.txt). Player 0 plays it as their
    second-last card and calls UNO (Calling UNO): player 2's Hail Mary (Action Cards: Wild
    Hail Mary Card) cannot cut in before player 1 answers, is not offered, and is refused;
    the same throw at a call after a plain card is accepted."""
    e = edition("nfl-cowboys")
    hurl = Play(2, card(e, "wild-hail-mary"), color("blue"))
    hands = [["wild-draw-four", "blue-5"], ["green-1", "green-2"], ["wild-hail-mary", "red-3"]]
    wild_draw = Play(0, card(e, "wild-draw-four"), color("blue"))
    called = play(e, table(e, hands, top="red-9"), wild_draw, CallUno(0))
    assert called.phase == "uno_called" and called.challenge is not None
    assert hurl not in legal_actions(e, called)
    with pytest.raises(IllegalAction, match="pending challenge"):
        apply(e, called, hurl)
    plain = [["red-1", "blue-5"], ["green-1", "green-2"], ["wild-hail-mary", "red-3"]]
    called = play(e, table(e, plain, top="red-9"), Play(0, card(e, "red-1")), CallUno(0))
    assert hurl in legal_actions(e, called)
    assert apply(e, called, hurl).discard[-1] == card(e, "wild-hail-mary")
