"""The readings of the Hail Mary a file may choose (Action Cards: Wild Hail Mary Card): each
plays as its name says, on nfl-cowboys with only that reading changed."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import HAIL_MARY_OUT_OF_PLAY, card, color, edition, play, table

from unospec.checks.engines.chance import normalize
from unospec.checks.properties.invariants import card_conservation, sizes_ok
from unospec.model.actions import Accept, CallUno, Catch, Challenge, Deal, Draw, Keep, Play
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, legal_actions
from unospec.model.legality import reshuffled
from unospec.model.state import GameState
from unospec.model.trace import action_step, step_action


def _hail_mary(**fields: str) -> Edition:
    """nfl-cowboys with its Hail Mary's readings `fields` changed."""
    e = edition("nfl-cowboys")
    changed = e.effect_of("wild-hail-mary").replaced(**fields)
    return dataclasses.replace(
        e, effects=tuple((k, changed if k == "wild-hail-mary" else v) for k, v in e.effects)
    )


def _called(e: Edition, last: str = "blue-2", thrower: tuple[str, ...] = ()) -> GameState:
    """Player 0 has played blue-1 and called UNO holding `last`; player 1 is to play next,
    player 2 holds a Hail Mary and `thrower`'s cards."""
    hands = [["blue-1", last], ["red-4", "red-5"], ["wild-hail-mary", *thrower]]
    return play(e, table(e, hands, top="blue-9"), Play(0, card(e, "blue-1")), CallUno(0))


@pytest.mark.parametrize(
    "reading",
    [
        "card-stays-and-play-goes-on-in-named-colour",
        "turn-and-colour-stay-as-before",
        "thrower-takes-the-card-back",
        "thrower-draws-a-penalty",
    ],
)
def test_a_wrong_guess_plays_as_its_reading_says(reading: str) -> None:
    """`wrong_guess` (interpretation hail-mary-wrong-guess): the Hail Mary names red, the
    caller holds blue-2. It stays in red with player 0 (the thrower's left) to play; stays
    with blue in force and player 1 still to play; goes back to the thrower's hand with
    nothing changed; or stays in red and the thrower draws the UNO penalty. A right guess
    sheds cards under every reading."""
    e = _hail_mary(wrong_guess=reading)
    called = _called(e, thrower=("green-2", "green-3"))
    hail_mary = card(e, "wild-hail-mary")
    after = apply(e, called, Play(2, hail_mary, color("red")))
    assert after.phase == "awaiting_play" and after.window == -1
    thrower = len(after.hands[2])
    if reading == "thrower-takes-the-card-back":
        assert after == called._replace(phase="awaiting_play", window=-1)
    else:
        stays = reading == "turn-and-colour-stay-as-before"
        assert after.discard[-1] == hail_mary
        assert (after.color, after.current) == ((color("blue"), 1) if stays else (color("red"), 0))
        assert thrower == (2 + e.rules.uno_penalty if reading == "thrower-draws-a-penalty" else 2)
    right = apply(e, called, Play(2, hail_mary, color("blue")))
    assert right.phase == "hail_mary_discard" and right.color == color("blue")


def test_a_wrong_guess_taken_back_leaves_the_thrower_their_last_card() -> None:
    """`thrower-takes-the-card-back`: a Hail Mary thrown as the thrower's last card on a
    wrong guess goes back to their hand, and the hand goes on; a right one wins it."""
    e = _hail_mary(wrong_guess="thrower-takes-the-card-back")
    called = _called(e)
    hail_mary = card(e, "wild-hail-mary")
    wrong = apply(e, called, Play(2, hail_mary, color("red")))
    assert wrong.phase == "awaiting_play" and wrong.hands[2] == (hail_mary,)
    assert apply(e, called, Play(2, hail_mary, color("blue"))).phase in ("dealing", "hand_over")


@pytest.mark.parametrize(
    ("reading", "right"),
    [
        ("no-colour-is-right", {"blue": False, "red": False}),
        ("any-colour-is-right", {"blue": True, "red": True}),
        ("the-colour-in-force-is-right", {"blue": True, "red": False}),
    ],
)
def test_a_guess_on_a_wild_is_right_as_its_reading_says(
    reading: str, right: dict[str, bool]
) -> None:
    """`guess_on_a_wild` (interpretation hail-mary-guess-on-a-wild): the caller's last card
    is a wild, blue in force. No guess is right; any is; or only blue, the colour in
    force. A right guess sheds the thrower's cards, a wrong one sends play on."""
    e = _hail_mary(guess_on_a_wild=reading)
    called = _called(e, last="wild", thrower=("green-2", "green-3"))
    assert called.color == color("blue")
    for named, expected in right.items():
        after = apply(e, called, Play(2, card(e, "wild-hail-mary"), color(named)))
        assert (after.phase == "hail_mary_discard") == expected, named


def test_a_hail_mary_is_thrown_as_its_trigger_says() -> None:
    """`trigger` (interpretation hail-mary-trigger): player 0 is down to blue-2, their UNO
    window open. After the call, another player's Hail Mary is the throw, but where only
    the caller may throw one; before the call, it is the throw only where any player may
    throw at one holding one card (else it closes the window, a play out of turn)."""
    hail_mary = "wild-hail-mary"
    for trigger in (
        "by-another-player-after-an-uno-call",
        "whenever-a-player-holds-one-card",
        "by-the-caller-as-their-last-card",
    ):
        e = _hail_mary(trigger=trigger)
        hands = [["blue-1", "blue-2"], ["red-4", "red-5"], [hail_mary, "green-2", "green-3"]]
        window = play(e, table(e, hands, top="blue-9"), Play(0, card(e, "blue-1")))
        assert window.phase == "uno_window"
        throw = Play(2, card(e, hail_mary), color("blue"))
        before = throw in legal_actions(e, window)
        assert before == (trigger == "whenever-a-player-holds-one-card"), trigger
        if before:
            assert apply(e, window, throw).phase == "hail_mary_discard"
        else:
            with pytest.raises(IllegalAction):
                apply(e, window, throw)
        called = apply(e, window, CallUno(0))
        after = throw in legal_actions(e, called)
        assert after == (trigger != "by-the-caller-as-their-last-card"), trigger


def test_the_caller_may_throw_their_last_card_where_the_trigger_says() -> None:
    """`by-the-caller-as-their-last-card`: the caller, down to a Hail Mary, throws it right
    after their call and goes out; under the booklet's reading they cannot throw it at
    themselves."""
    for trigger, allowed in (
        ("by-the-caller-as-their-last-card", True),
        ("by-another-player-after-an-uno-call", False),
    ):
        e = _hail_mary(trigger=trigger)
        called = _called(e, last="wild-hail-mary", thrower=("green-2",))
        throw = Play(0, card(e, "wild-hail-mary"), color("red"))
        assert (throw in legal_actions(e, called)) == allowed, trigger
        if allowed:
            assert apply(e, called, throw).phase in ("dealing", "hand_over")
        else:
            with pytest.raises(IllegalAction):
                apply(e, called, throw)


@pytest.mark.parametrize(
    "reading",
    ["usual-rules-apply", "thrower-cannot-go-out-with-a-hail-mary", "no-uno-call-after-shedding"],
)
def test_the_thrower_afterwards_is_as_the_reading_says(reading: str) -> None:
    """`thrower_afterwards` (interpretation hail-mary-thrower-afterwards): a thrower left
    with one card, by the throw or by shedding, must call UNO, but where they need not (no
    window opens); a thrower may throw their last card and win, but where they cannot."""
    e = _hail_mary(thrower_afterwards=reading)
    hail_mary = card(e, "wild-hail-mary")
    no_call = reading == "no-uno-call-after-shedding"
    left_one = apply(e, _called(e, thrower=("green-2",)), Play(2, hail_mary, color("red")))
    assert left_one.hands[2] == (card(e, "green-2"),)
    assert (left_one.phase, left_one.window) == (
        ("awaiting_play", -1) if no_call else ("uno_window", 2)
    )
    shedding = apply(
        e, _called(e, thrower=("green-2", "green-3")), Play(2, hail_mary, color("blue"))
    )
    shed = apply(e, shedding, Keep(2, card(e, "green-2")))
    assert (shed.phase, shed.window) == (("awaiting_play", -1) if no_call else ("uno_window", 2))
    last = _called(e)
    throw = Play(2, hail_mary, color("blue"))
    if reading == "thrower-cannot-go-out-with-a-hail-mary":
        assert throw not in legal_actions(e, last)
        with pytest.raises(IllegalAction):
            apply(e, last, throw)
    else:
        assert apply(e, last, throw).phase in ("dealing", "hand_over")


@pytest.mark.parametrize(
    "reading", ["not-while-a-challenge-is-pending", "interrupt-and-cancel-the-challenge"]
)
def test_a_hail_mary_during_a_challenge_is_as_the_reading_says(reading: str) -> None:
    """`pending_challenge` (interpretation hail-mary-pending-challenge): player 0 plays a
    Wild Draw Four as their second-last card and calls UNO; player 2's Hail Mary is refused
    while the challenge waits, or thrown and the challenge cancelled: player 1 draws
    nothing, and play goes on after the thrower."""
    e = _hail_mary(pending_challenge=reading)
    hands = [
        ["wild-draw-four", "blue-2"],
        ["red-4", "red-5"],
        ["wild-hail-mary", "green-2", "green-3"],
    ]
    game = table(e, hands, top="yellow-9")
    called = play(e, game, Play(0, card(e, "wild-draw-four"), color("red")), CallUno(0))
    assert called.phase == "uno_called" and called.challenge is not None
    throw = Play(2, card(e, "wild-hail-mary"), color("green"))
    if reading == "not-while-a-challenge-is-pending":
        assert throw not in legal_actions(e, called)
        with pytest.raises(IllegalAction):
            apply(e, called, throw)
        return
    assert throw in legal_actions(e, called)
    after = apply(e, called, throw)
    assert after.challenge is None and after.owed is None and after.phase == "awaiting_play"
    assert after.current == 0 and len(after.hands[1]) == 2 and after.color == color("green")


def test_the_next_player_chooses_between_the_throw_and_their_own_play() -> None:
    """`the-player-chooses` (interpretation hail-mary-from-the-next-player): after player
    0's call, player 1, whose turn it is, may throw their Hail Mary naming the caller (a
    right guess sheds cards) or play it as their own turn's wild, naming no one (play goes
    on to player 2); under `always-the-interrupt` the play naming no one is the throw."""
    hands = [["blue-1", "blue-2"], ["wild-hail-mary", "red-4", "red-5"], ["green-2", "green-3"]]
    for reading in ("the-player-chooses", "always-the-interrupt"):
        e = _hail_mary(from_the_next_player=reading)
        called = play(e, table(e, hands, top="blue-9"), Play(0, card(e, "blue-1")), CallUno(0))
        hail_mary = card(e, "wild-hail-mary")
        own = apply(e, called, Play(1, hail_mary, color("blue")))
        named = Play(1, hail_mary, color("blue"), 0)
        if reading == "always-the-interrupt":
            assert own.phase == "hail_mary_discard"
            assert named not in legal_actions(e, called)
            continue
        assert {Play(1, hail_mary, color("blue")), named} <= set(legal_actions(e, called))
        assert own.phase == "awaiting_play" and own.current == 2 and len(own.hands[1]) == 2
        assert apply(e, called, named).phase == "hail_mary_discard"


@pytest.mark.parametrize("guilty", [False, True])
def test_a_hail_mary_thrown_once_the_challenge_is_settled(guilty: bool) -> None:
    """`throw-once-the-challenge-is-settled` (interpretation hail-mary-pending-challenge):
    player 0 plays a Wild Draw Four as their second-last card and calls UNO; player 2's
    Hail Mary waits while the challenge does. Accepted, or challenged in vain, the draw is
    dealt and the chance to throw comes back (the call standing: no catch, no new call):
    player 2 throws, a right guess. Challenged and guilty, player 0 draws four: there is no
    one to throw at, and play goes on."""
    e = _hail_mary(pending_challenge="throw-once-the-challenge-is-settled")
    hands = [
        ["wild-draw-four", "green-9" if guilty else "blue-2"],
        ["red-4", "red-5"],
        ["wild-hail-mary", "green-2", "green-3"],
    ]
    game = table(e, hands, top="green-7" if guilty else "yellow-9")
    called = play(e, game, Play(0, card(e, "wild-draw-four"), color("red")), CallUno(0))
    throw = Play(2, card(e, "wild-hail-mary"), color("green" if guilty else "blue"))
    assert throw not in legal_actions(e, called)
    with pytest.raises(IllegalAction):
        apply(e, called, throw)
    for answer in (Accept(1), Challenge(1)):
        settled = apply(e, called, answer)
        assert settled.challenge is None and settled.owed is None
        if guilty and answer == Challenge(1):
            assert settled.phase == "awaiting_play" and settled.window == -1
            assert len(settled.hands[0]) == 5 and throw not in legal_actions(e, settled)
            continue
        assert settled.phase == "uno_called" and settled.window == 0 and settled.current == 2
        assert len(settled.hands[1]) == (8 if answer == Challenge(1) else 6)
        moves = legal_actions(e, settled)
        assert throw in moves and not any(isinstance(m, Catch | CallUno) for m in moves)
        thrown = apply(e, settled, throw)
        assert thrown.phase == "hail_mary_discard" and thrown.discard[-1] == throw.card
        passed = apply(e, settled, Draw(2))  # any other step: the chance is gone
        assert passed.window == -1 and throw not in legal_actions(e, passed)


def test_a_hail_mary_waiting_for_the_challenge_changes_nothing_else() -> None:
    """Under the other readings the caller's window closes when the challenge is answered,
    and the victim's draw goes straight on to the next turn."""
    e = _hail_mary()
    hands = [["wild-draw-four", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-2"]]
    game = table(e, hands, top="yellow-9")
    called = play(e, game, Play(0, card(e, "wild-draw-four"), color("red")), CallUno(0))
    settled = apply(e, called, Accept(1))
    assert settled.phase == "awaiting_play" and settled.window == -1 and settled.current == 2


@pytest.mark.parametrize(
    "reading", ["under-the-hail-mary-on-the-discard-pile", "out-of-the-game-until-the-next-deal"]
)
def test_the_shed_cards_go_where_the_reading_says(reading: str) -> None:
    """`shed_cards` (interpretation hail-mary-shed-cards): after a right guess the thrower
    keeps green-2; green-3 and red-7 go under the Hail Mary, or out of play until the next
    deal, in neither pile, so no reshuffle takes them; every card is still in one place."""
    e = _hail_mary(shed_cards=reading)
    called = _called(e, thrower=("green-2", "green-3", "red-7"))
    hail_mary = card(e, "wild-hail-mary")
    shedding = apply(e, called, Play(2, hail_mary, color("blue")))
    shed = apply(e, shedding, Keep(2, card(e, "green-2")))
    gone = tuple(sorted((card(e, "green-3"), card(e, "red-7"))))
    assert shed.hands[2] == (card(e, "green-2"),) and shed.discard[-1] == hail_mary
    assert sorted(shed.all_cards()) == sorted(shedding.all_cards())
    if reading == "out-of-the-game-until-the-next-deal":
        assert shed.out_of_play == gone and shed.discard == shedding.discard
        assert not set(gone) & set(reshuffled(e, shed))
    else:
        assert shed.out_of_play == () and sorted(shed.discard[:-1]) == sorted(
            (*shedding.discard[:-1], *gone)
        )
    assert card_conservation(e, shed) is None and sizes_ok(e, shed) is None


def test_cards_out_of_play_come_back_at_the_next_deal() -> None:
    """The next deal deals the cards out of play again: between hands they wait in the draw
    pile with every other card (`chance.normalize`), and the deal leaves none out."""
    e = _hail_mary(shed_cards="out-of-the-game-until-the-next-deal")
    called = _called(e, thrower=("green-2", "green-3"))
    shedding = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("blue")))
    shed = apply(e, shedding, Keep(2, card(e, "green-2")))
    between = normalize(shed._replace(phase="dealing"))
    assert between.out_of_play == () and between.draw_pile == e.faces.in_play
    dealt = apply(e, between, Deal(between.draw_pile))
    assert dealt.out_of_play == () and card_conservation(e, dealt) is None


def test_cards_out_of_play_where_no_hail_mary_puts_them_are_refused() -> None:
    """Only a Hail Mary reading `out-of-the-game-until-the-next-deal` puts cards out of play:
    elsewhere the state invariants refuse a state with any."""
    e = edition("nfl-cowboys")
    called = _called(e)
    moved = called._replace(draw_pile=called.draw_pile[1:], out_of_play=(called.draw_pile[0],))
    assert card_conservation(e, moved) is None
    assert sizes_ok(e, moved) is not None
    assert sizes_ok(edition(HAIL_MARY_OUT_OF_PLAY), moved) is None


@pytest.mark.parametrize(
    "reading", ["the-thrower-must-discard-down-to-one", "the-thrower-may-keep-more"]
)
def test_the_thrower_keeps_what_the_reading_allows(reading: str) -> None:
    """`keep_after_shedding` (interpretation hail-mary-shed-all-but-one): after a right
    guess the thrower keeps one card of their choice; where they may keep more, they may
    also keep their whole hand (named by its lowest card), shedding nothing, and play goes
    on; elsewhere a keep of the whole hand is refused, naming the card's rule."""
    e = _hail_mary(keep_after_shedding=reading)
    called = _called(e, thrower=("green-2", "green-3", "red-7"))
    shedding = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("blue")))
    held = shedding.hands[2]
    ones = {Keep(2, c) for c in held}
    whole = Keep(2, held[0], whole_hand=True)
    offered = set(legal_actions(e, shedding))
    if reading == "the-thrower-may-keep-more":
        assert offered == {*ones, whole}
        kept = apply(e, shedding, whole)
        assert kept.hands == shedding.hands and kept.discard == shedding.discard
        assert kept.phase != "hail_mary_discard"
    else:
        assert offered == ones
        with pytest.raises(IllegalAction, match="discard down to one"):
            apply(e, shedding, whole)
    assert apply(e, shedding, Keep(2, held[1])).hands[2] == (held[1],)


def test_a_keep_of_the_whole_hand_must_name_a_card_held() -> None:
    """A keep of the whole hand names one of the thrower's cards: another is refused."""
    e = _hail_mary(keep_after_shedding="the-thrower-may-keep-more")
    called = _called(e, thrower=("green-2", "green-3"))
    shedding = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("blue")))
    with pytest.raises(IllegalAction):
        apply(e, shedding, Keep(2, card(e, "red-4"), whole_hand=True))


def test_a_hand_kept_whole_is_named_by_its_lowest_card() -> None:
    """One move keeps the whole hand: naming another card of it is refused."""
    e = _hail_mary(keep_after_shedding="the-thrower-may-keep-more")
    called = _called(e, thrower=("green-2", "green-3"))
    shedding = apply(e, called, Play(2, card(e, "wild-hail-mary"), color("blue")))
    with pytest.raises(IllegalAction, match="lowest card"):
        apply(e, shedding, Keep(2, shedding.hands[2][-1], whole_hand=True))


@pytest.mark.parametrize("whole", [False, True])
def test_a_keep_is_written_and_read_back_in_a_trace(whole: bool) -> None:
    """A trace step records a keep of the whole hand with `whole_hand`, left out otherwise,
    and reads back the same action."""
    e = edition("nfl-cowboys")
    kept = Keep(2, card(e, "green-2"), whole_hand=whole)
    step = action_step(e, kept)
    assert ("whole_hand" in step) == whole
    assert step_action(e, step, ()) == kept
