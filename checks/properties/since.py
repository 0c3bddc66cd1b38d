"""The invariants that look at every card, decided from a predecessor that passed them.

A random game checks every invariant after every step. The type and conservation invariants
look at every card, and sorting the ~110 cards was most of a step's checking cost. A step
changes only a few piles, though, and the state is immutable: a pile that did not change is
the very same tuple as before. So when the previous state passed, the new one passes exactly
when the cards that left the changed piles are the cards that arrived in them (so every
arrival is a card of the deck) and every changed hand is still sorted. That is the full check's
verdict, not an approximation (a property test compares the two on corrupted steps). Only a
pass is decided here: anything else goes to the full check, which names what is wrong.
"""

from __future__ import annotations

from unospec.model.state import GameState


def moved_cards(
    before: GameState, after: GameState, *, hands_sorted: bool = False
) -> tuple[list[int], list[int]] | None:
    """(cards that left, cards that arrived) over the piles that changed, as unsorted lists.

    None when the two states do not have the same seats, or, with `hands_sorted`, when a hand
    that changed is not sorted (one pass over the hands asks both).
    """
    old_hands, new_hands = before.hands, after.hands
    if len(old_hands) != len(new_hands):
        return None
    gone: list[int] = []
    arrived: list[int] = []
    if old_hands is not new_hands:
        for old, new in zip(old_hands, new_hands, strict=False):  # same length: see above
            if old is not new:  # a hand is short: taken whole, with no ends to look for
                if hands_sorted and list(new) != sorted(new):
                    return None
                gone += old
                arrived += new
    if before.draw_pile is not after.draw_pile:
        _difference(before.draw_pile, after.draw_pile, gone, arrived)
    if before.discard is not after.discard:
        _difference(before.discard, after.discard, gone, arrived)
    if before.set_aside is not after.set_aside:
        _difference(before.set_aside, after.set_aside, gone, arrived)
    if before.out_of_play is not after.out_of_play:
        _difference(before.out_of_play, after.out_of_play, gone, arrived)
    return gone, arrived


def _difference(
    old: tuple[int, ...], new: tuple[int, ...], gone: list[int], arrived: list[int]
) -> None:
    """Add what turned `old` into `new`: cards put on or taken off either end when that
    is what happened (a play, a draw), else all of `old` gone and all of `new` arrived."""
    n, m = len(old), len(new)
    if m >= n:
        if new[:n] == old:
            arrived += new[n:]
            return
        if new[m - n :] == old:
            arrived += new[: m - n]
            return
    else:
        if old[n - m :] == new:
            gone += old[: n - m]
            return
        if old[:m] == new:
            gone += old[m:]
            return
    gone += old
    arrived += new


def cards_still_ok(before: GameState, after: GameState) -> bool:
    """True when `after` passes the type invariant's card checks and card conservation,
    given that `before` passed both. False means: run the full checks."""
    moved = moved_cards(before, after, hands_sorted=True)
    if moved is None:
        return False
    gone, arrived = moved
    gone.sort()
    arrived.sort()
    return gone == arrived  # so every arrival is a card: every departure was one
