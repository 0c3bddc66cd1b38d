"""The card invariants decided from a passing predecessor give the full checks' verdicts."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from scenario import card, edition, table

from unospec.checks.engines.random_play import record_game
from unospec.checks.properties.invariants import violations
from unospec.checks.properties.since import cards_still_ok, moved_cards
from unospec.model.actions import Action, Play
from unospec.model.kernel import run
from unospec.model.state import GameState

E = edition("nfl-cowboys")
BASE = table(E, [["red-1", "red-2", "blue-3"], ["yellow-1", "green-2"], ["blue-9"]], top="red-9")
PILES = ("draw_pile", "discard", "hands", "set_aside")


@cache
def _steps(players: int, seed: int) -> list[tuple[GameState, Action, GameState]]:
    """The steps of a random game after the deal (whose predecessor, the empty table, random
    play never checks)."""
    return record_game(E, players, seed, max_steps=400).history[1:]


def _pile(game: GameState, where: str, seat: int) -> tuple[int, ...]:
    return game.hands[seat % game.players] if where == "hands" else getattr(game, where)


def _with_pile(game: GameState, where: str, seat: int, cards: tuple[int, ...]) -> GameState:
    if where != "hands":
        return game._replace(**{where: cards})
    seat %= game.players
    return game._replace(hands=(*game.hands[:seat], cards, *game.hands[seat + 1 :]))


def corruptions(after: GameState) -> Iterator[GameState]:
    """`after` with one pile (the set-aside cards too) changed at its front, back or inside:
    a card added (a card of the deck or not), lost, replaced or moved to another pile, or a
    hand unsorted. The other piles stay the very same tuples, as in a kernel step."""
    for where, seat in [*((p, 0) for p in PILES), ("hands", 1)]:
        pile = _pile(after, where, seat)
        for at in {0, len(pile) // 2, len(pile)}:
            for face in (0, len(E.faces.faces) - 1, -1, len(E.faces.faces)):
                yield _with_pile(after, where, seat, _tidy(where, (*pile[:at], face, *pile[at:])))
        if len(pile) > 1:
            yield _with_pile(after, where, seat, pile[::-1])
        for at in {0, len(pile) // 2, len(pile) - 1} if pile else ():
            rest = (*pile[:at], *pile[at + 1 :])
            yield _with_pile(after, where, seat, rest)
            other_card = (pile[at] + 1) % 7  # a card of the deck, not the one taken
            yield _with_pile(after, where, seat, _tidy(where, (*rest, other_card)))
            for other in PILES:
                if other != where:
                    moved = _with_pile(after, where, seat, rest)
                    target = (*_pile(moved, other, seat + 1), pile[at])
                    yield _with_pile(moved, other, seat + 1, _tidy(other, target))


def _tidy(where: str, cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(cards)) if where == "hands" else cards


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 30), st.integers(0, 10**6))
def test_the_verdict_is_the_full_checks(players: int, seed: int, index: int) -> None:
    """On a real step, and on every corruption of its result, checking from the passing
    predecessor finds exactly what checking every card finds."""
    steps = _steps(players, seed)
    before, action, after = steps[index % len(steps)]
    fired = run(E, before, action)[1]
    for state in (after, *corruptions(after)):
        full = violations(E, state, before, fired)
        assert violations(E, state, before, fired, before_passed=True) == full


def test_a_duplicated_card_is_caught_from_the_predecessor() -> None:
    """A play that leaves the card in the hand as well as on the discard pile (a seeded
    kernel bug) breaks conservation, also when only the changed piles are compared."""
    after, fired = run(E, BASE, Play(0, card(E, "red-1")))
    cheat = after._replace(hands=BASE.hands[:1] + after.hands[1:])
    assert not cards_still_ok(BASE, cheat)
    found = dict(violations(E, cheat, BASE, fired, before_passed=True))
    assert "card-conservation" in found


def test_moved_cards_are_what_left_and_what_arrived() -> None:
    """A play moves one card from the hand to the discard pile; the draw pile is untouched."""
    red_1 = card(E, "red-1")
    after = run(E, BASE, Play(0, red_1))[0]
    moved = moved_cards(BASE, after)
    assert moved is not None
    gone, arrived = moved
    assert sorted(gone) == sorted([*BASE.hands[0]])  # a changed hand counts whole
    assert sorted(arrived) == sorted([*after.hands[0], red_1])
    assert moved_cards(BASE, BASE._replace(hands=BASE.hands[:2])) is None
