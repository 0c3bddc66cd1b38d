"""The game log of `unospec play`: what each step says happened, on known situations."""

from __future__ import annotations

from scenario import card, color, edition, play, table

from unospec.model.actions import Action, CallUno, Draw, NameLoser, Play
from unospec.model.edition import Edition
from unospec.model.kernel import run
from unospec.model.state import GameState
from unospec.narrate import narrate


def _told(e: Edition, game: GameState, action: Action) -> list[str]:
    after, fired = run(e, game, action)
    return narrate(e, action, fired, after)


def test_a_hail_mary_names_the_call_it_answers_and_the_colour_guessed() -> None:
    """Wild Hail Mary Card: the throw answers one player's UNO call with a colour; a right
    guess sheds the thrower's hand (the log said neither whose call nor which colour)."""
    e = edition("nfl-cowboys")
    hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-1", "green-2"]]
    called = play(e, table(e, hands, top="blue-9"), Play(0, card(e, "blue-1")), CallUno(0))
    thrown = Play(2, card(e, "wild-hail-mary"), color("blue"))
    assert _told(e, called, thrown) == [
        "player 2 plays wild-hail-mary as a Hail Mary on player 0's call, naming blue"
    ]


def test_a_penalty_race_names_its_loser_and_the_card_by_its_printed_name() -> None:
    """Action Cards: Wild My Favorite Line Card: the table names the player who failed, who
    draws 3; the card is named as the edition's file prints it."""
    e = edition("star-wars")
    game = table(e, [["wild-favorite-line", "red-1"], ["yellow-1"]], top="red-9")
    played = play(e, game, Play(0, card(e, "wild-favorite-line"), color("blue")))
    assert _told(e, played, NameLoser(1)) == [
        f"  the table names player 1 the loser of {e.card_name('wild-favorite-line')}",
        "  player 1 draws 3 cards",
    ]
    assert e.card_name("wild-favorite-line") == "Wild My Favorite Line"


def test_a_draw_with_no_card_left_anywhere_says_so() -> None:
    """Let's Play (reading empty-handed-draw): every other card is in a hand, so the draw
    finds nothing and the turn passes."""
    e = edition("express")
    others = [e.faces.card_id(f) for f in e.faces.in_play]
    for named in ("red-3", "blue-5", "blue-6"):
        others.remove(named)
    game = table(e, [["blue-5", "blue-6"], others], top="red-3")
    assert _told(e, game, Draw(0)) == [
        "player 0 draws",
        "  nothing is left to draw for player 0",
    ]


def test_a_player_put_out_by_the_mercy_rule_is_told() -> None:
    """UNO Show 'Em No Mercy: the mercy rule. A Wild Draw Ten brings player 1 to 25 cards:
    the log says they drew and are out (it said nothing was left to draw)."""
    e = edition("no-mercy")
    fifteen = [f"{c}-{r}" for c in ("red", "yellow") for r in range(1, 9)][:15]
    game = table(e, [["wild-draw-ten", "blue-1", "blue-2"], fifteen, ["green-1"]], top="blue-9")
    told = _told(e, game, Play(0, card(e, "wild-draw-ten"), color("green")))
    assert told[-2:] == [
        "  player 1 draws 10 cards",
        "  player 1 holds 25 cards and is out of the game (the mercy rule): their cards go "
        "under the discard pile",
    ]
