"""The invariants on who draws how many (`draws-are-owed`) and on how a Wild Draw card's
challenge is judged (`challenge-judges-the-hand`): the kernel's own steps pass them, and the
same steps with a wrong count, a wrong player or a wrong judgment break them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from scenario import card, edition, table
from steps import changed, found, step

from unospec.checks.engines.random_play import play_random_game
from unospec.model import updates
from unospec.model.actions import Accept, Catch, Challenge, Draw, NameLoser, Play, Reshuffle
from unospec.model.primitives import wild_draw
from unospec.model.state import GameState, Owed

E = edition("nfl-cowboys")  # Draw Two draws 2; Wild Draw Four 4, 6 to a failed challenger,
# 4 to a guilty offender; a caught player draws 2 (its edition file, citing Action Cards and
# Calling UNO)


def owing(player: int, amount: int) -> Callable[[GameState], GameState]:
    return lambda g: g._replace(owed=Owed(player, amount, g.owed.then if g.owed else "resolving"))


THREE = [["red-draw-two", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]]


def test_a_draw_card_owes_the_next_player_its_count() -> None:
    """Action Cards: Draw Two card: the next player (player 1 at a table of three) draws 2.
    Owing 3, or owing player 2, breaks the invariant; so does a deal of one card short."""
    s = step(E, table(E, THREE, top="red-9"), Play(0, card(E, "red-draw-two")))
    assert len(s[3].hands[1]) == 4 and found(s, "draws-are-owed") is None
    three = found(changed(s, "play", owing(1, 3)), "draws-are-owed")
    assert three == "play set player 1 to draw 3; the rule gives player 1 to draw 2"
    assert "player 2 to draw 2" in str(found(changed(s, "play", owing(2, 2)), "draws-are-owed"))
    short = changed(
        s, "draw_owed", lambda g: g._replace(hands=(g.hands[0], g.hands[1][1:], g.hands[2]))
    )
    assert "got 1" in str(found(short, "draws-are-owed"))


def test_a_player_who_draws_owes_one_card() -> None:
    """Let's Play: a player who does not play draws one card."""
    s = step(E, table(E, THREE, top="red-9"), Draw(0))
    assert len(s[3].hands[0]) == 4 and found(s, "draws-are-owed") is None
    assert "the rule gives player 0 to draw 1" in str(
        found(changed(s, "draw", owing(0, 2)), "draws-are-owed")
    )


def test_an_owed_draw_waits_for_a_reshuffle_and_does_not_lapse() -> None:
    """Let's Play NOTE: what the draw pile cannot give waits for a reshuffle; with cards
    under the top card to reshuffle, the rest of the obligation must not lapse. After the
    reshuffle the table deals the card still owed; a reshuffle step that forgot whom it
    owes, and dealt anyway, breaks the invariant."""
    game = table(E, THREE, top="red-9", draw=["green-5"], rest="discard")  # one card to draw
    assert len(game.draw_pile) == 1
    s = step(E, game, Play(0, card(E, "red-draw-two")))
    assert s[3].phase == "awaiting_reshuffle" and s[3].owed is not None
    assert found(s, "draws-are-owed") is None
    lapsed = changed(s, "draw_owed", lambda g: g._replace(owed=None))
    assert "still owes 0 after getting 1 of 2, expected 1" in str(found(lapsed, "draws-are-owed"))
    shuffled = step(E, s[3], Reshuffle(s[3].discard[:-1]))
    assert len(shuffled[3].hands[1]) == 4 and found(shuffled, "draws-are-owed") is None
    forgotten = changed(shuffled, "reshuffle", lambda g: g._replace(owed=None))
    assert found(forgotten, "draws-are-owed") == "the table dealt cards no one was owed"


def test_a_challenge_is_judged_by_the_hand_kept_and_paid_by_its_loser() -> None:
    """Action Cards: Wild Draw Four card. Player 0 plays it while holding red-2 with red in
    force: guilty. The challenge makes the offender draw 4; the victim drawing 4 breaks
    draws-are-owed, and a record that calls the play honest breaks challenge-judges-the-hand.
    Holding only blue-3, the play is honest and a failed challenger draws 6."""
    hands = [["wild-draw-four", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]]
    played = step(E, table(E, hands, top="red-9"), Play(0, card(E, "wild-draw-four"), 2))
    pending = played[3].challenge
    assert pending is not None and pending.guilty
    assert found(played, "challenge-judges-the-hand") is None
    innocent = changed(
        played, "play", lambda g: g._replace(challenge=pending._replace(guilty=False))
    )
    assert "judged honest; by the hand kept it is guilty" in str(
        found(innocent, "challenge-judges-the-hand")
    )
    elsewhere = changed(played, "play", lambda g: g._replace(challenge=pending._replace(victim=2)))
    unanswered = changed(played, "play", lambda g: g._replace(challenge=None))
    assert "leaves no challenge to answer" in str(found(unanswered, "challenge-judges-the-hand"))
    assert "names victim 2, expected 1" in str(found(elsewhere, "challenge-judges-the-hand"))

    challenged = step(E, played[3], Challenge(1))
    assert len(challenged[3].hands[0]) == 6 and found(challenged, "draws-are-owed") is None
    wrong = changed(challenged, "challenge", owing(1, 4))
    assert "the rule gives player 0 to draw 4" in str(found(wrong, "draws-are-owed"))

    honest = [["wild-draw-four", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]]
    played = step(E, table(E, honest, top="red-9"), Play(0, card(E, "wild-draw-four"), 2))
    assert played[3].challenge is not None and not played[3].challenge.guilty
    failed = step(E, played[3], Challenge(1))
    assert len(failed[3].hands[1]) == 8 and found(failed, "draws-are-owed") is None
    accepted = step(E, played[3], Accept(1))
    assert len(accepted[3].hands[1]) == 6 and found(accepted, "draws-are-owed") is None
    assert "player 1 to draw 4" in str(
        found(changed(accepted, "accept", owing(1, 6)), "draws-are-owed")
    )


def test_a_caught_player_owes_the_penalty() -> None:
    """Calling UNO: player 0 plays down to one card without calling; player 1 catches them
    and they draw 2 (nfl-cowboys' `uno_penalty`)."""
    game = table(E, [["red-1", "red-2"], ["yellow-1", "green-2"], ["blue-9"]], top="red-9")
    window = step(E, game, Play(0, card(E, "red-1")))[3]
    assert window.phase == "uno_window"
    s = step(E, window, Catch(1, 0))
    assert len(s[3].hands[0]) == 3 and found(s, "draws-are-owed") is None
    assert "the rule gives player 0 to draw 2" in str(
        found(changed(s, "catch", owing(0, 1)), "draws-are-owed")
    )


def test_a_special_wilds_loser_owes_its_count() -> None:
    """Action Cards: Wild Touchdown! Card (super-bowl-lvii): the player named draws 3."""
    e = edition("super-bowl-lvii")
    hands = [["wild-touchdown", "red-2"], ["yellow-1", "green-2"], ["blue-9"]]
    named = step(e, table(e, hands, top="red-9"), Play(0, card(e, "wild-touchdown"), 2))[3]
    assert named.phase == "special_wild"
    s = step(e, named, NameLoser(2))
    assert len(s[3].hands[2]) == 4 and found(s, "draws-are-owed") is None
    wrong = changed(s, "name_loser", owing(2, 2))
    assert "the rule gives player 2 to draw 3" in str(found(wrong, "draws-are-owed"))


def test_random_games_catch_a_kernel_that_owes_one_card_too_many(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seeded bug that keeps every card accounted for: every obligation the kernel sets is
    one card more than its rule. Before `draws-are-owed` no random game noticed it."""
    monkeypatch.setattr(
        updates, "Owed", lambda player, amount, *rest: Owed(player, amount + 1, *rest)
    )
    record = play_random_game(E, 3, 0)
    assert record.violation is not None and record.violation.invariant == "draws-are-owed"


def test_random_games_catch_a_challenge_that_ignores_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seeded bug in the judgment: the kernel finds every Wild Draw play honest."""
    monkeypatch.setattr(wild_draw, "holds_any", lambda *args: False)
    record = play_random_game(E, 3, 0)
    assert record.violation is not None
    assert record.violation.invariant == "challenge-judges-the-hand"
