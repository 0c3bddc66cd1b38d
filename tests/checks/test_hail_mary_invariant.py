"""`hail-mary-lands` (Action Cards: Wild Hail Mary Card, nfl-cowboys): the kernel's own throw
and discard pass it; the same steps with the turn, the phase or the shed cards elsewhere
break it."""

from __future__ import annotations

from collections.abc import Callable

from scenario import card, edition, table
from steps import changed, found, step

from unospec.model.actions import CallUno, Keep, Play
from unospec.model.kernel import run
from unospec.model.state import GameState

E = edition("nfl-cowboys")
HAIL_MARY = card(E, "wild-hail-mary")
Change = Callable[[GameState], GameState] | None
RED = E.faces.color[card(E, "red-2")]
BLUE = E.faces.color[card(E, "blue-5")]


def called(thrower_hand: list[str]) -> GameState:
    """Player 0 is down to red-2 and has called UNO; player 1 holds `thrower_hand`."""
    hands = [["red-1", "red-2"], thrower_hand, ["blue-9", "green-3"]]
    game = table(E, hands, top="red-9", direction=-1)
    for action in (Play(0, card(E, "red-1")), CallUno(0)):
        game = run(E, game, action)[0]
    assert game.phase == "uno_called"
    return game


def broken(
    before: GameState, action: Play | Keep, event: str = "", change: Change = None
) -> str | None:
    """What hail-mary-lands says of the kernel's step, with the table right after `event`
    changed by `change` when given."""
    s = step(E, before, action)
    return found(changed(s, event, change) if change else s, "hail-mary-lands")


def test_a_right_guess_sheds_down_to_one_card_under_the_hail_mary() -> None:
    """Player 1 names red, the colour of player 0's last card, and holds three more cards:
    they keep one, the other two go right under the Hail Mary, and play goes on to player
    2, on the thrower's left though the direction runs the other way. The same throw
    landing in another colour than the one named, or a thrower keeping two cards, breaks
    hail-mary-lands."""
    game = called(["wild-hail-mary", "yellow-1", "green-2", "blue-5"])
    throw = Play(1, HAIL_MARY, RED)
    thrown = run(E, game, throw)[0]
    assert (thrown.phase, thrown.current) == ("hail_mary_discard", 2)
    assert broken(game, throw) is None
    blue = lambda g: g._replace(color=BLUE)  # noqa: E731
    assert "in the colour its reading leaves" in str(broken(game, throw, "hail_mary", blue))
    assert "player 0 is to play" in str(
        broken(game, throw, "hail_mary", lambda g: g._replace(current=0))
    )
    resumed = lambda g: g._replace(phase="resolving")  # noqa: E731
    assert "a right guess, with 3 cards left" in str(broken(game, throw, "hail_mary", resumed))
    keep = Keep(1, card(E, "yellow-1"))
    kept = run(E, thrown, keep)[0]
    assert kept.hands[1] == (card(E, "yellow-1"),) and kept.discard[-1] == HAIL_MARY
    assert broken(thrown, keep) is None
    on_top = lambda g: g._replace(discard=(*g.discard[:-3], g.discard[-1], *g.discard[-3:-1]))  # noqa: E731
    assert "not under the Hail Mary" in str(broken(thrown, keep, "keep", on_top))

    def two(g: GameState) -> GameState:  # the thrower keeps a shed card as well
        hand = tuple(sorted((*g.hands[1], g.discard[-2])))
        return g._replace(
            hands=(g.hands[0], hand, g.hands[2]), discard=(*g.discard[:-2], g.discard[-1])
        )

    assert "player 1 kept 2 cards, not one" in str(broken(thrown, keep, "keep", two))


def test_a_wrong_guess_or_two_cards_sheds_nothing() -> None:
    """Naming blue (player 0 holds red-2) sheds nothing; nor does a right guess from a
    thrower left with a single card (the edition's hail-mary-shed-cards reading)."""
    wrong = called(["wild-hail-mary", "yellow-1", "green-2"])
    throw = Play(1, HAIL_MARY, BLUE)
    assert run(E, wrong, throw)[0].phase != "hail_mary_discard"
    assert broken(wrong, throw) is None
    shedding = lambda g: g._replace(phase="hail_mary_discard")  # noqa: E731
    assert "a wrong guess" in str(broken(wrong, throw, "hail_mary", shedding))
    two = called(["wild-hail-mary", "yellow-1"])
    right = Play(1, HAIL_MARY, RED)
    assert run(E, two, right)[0].phase != "hail_mary_discard"
    assert broken(two, right) is None
    assert "with 1 cards left" in str(broken(two, right, "hail_mary", shedding))
