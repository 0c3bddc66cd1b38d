"""Chance as the explorer sees it: the draw pile as a multiset, every draw a choice.

A shuffled pile revealed card by card is the same as drawing each card at random from what
is left, so the explorer keeps the draw pile (and the discard pile under its top card) as a
sorted multiset and branches on which cards a step takes. Each outcome is still applied by the
kernel: the chosen cards are put on top of the pile, in a concrete order, before the step.

Outcomes are (action, drawn, state): `drawn` lists the pile cards the step took, in order,
which is what `counterexample` needs to write concrete deck and reshuffle orders.

One reading is over-approximated: with `ignored_flip_goes = "bottom-of-draw-pile"` the
ignored first cards lie at the bottom of the pile, which a multiset forgets, so the explorer
also plays draws that take them before the cards above them: more games than the real ones
(a violation found may need checking by replay; none is missed). The flips are still played
one by one, so the rule that puts them under the pile runs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import NamedTuple

from unospec.model.actions import Action, Deal, Reshuffle
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import Fired, chance_cards, run
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase


class OfferedGap(RuleGap):
    """A `RuleGap` met by one move or shuffle the explorer tried: the move is named in the
    finding, and a shuffle's order is the witness deck when it is the first deal."""

    def __init__(self, action: Action, gap: RuleGap) -> None:
        super().__init__(gap.rule, gap.reason)
        self.action = action

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.action, RuleGap(self.rule, self.reason))


def _run(edition: Edition, game: GameState, action: Action) -> tuple[GameState, tuple[Fired, ...]]:
    """The kernel's `run`, with a gap naming the action that met it."""
    try:
        return run(edition, game, action)
    except RuleGap as gap:
        raise OfferedGap(action, gap) from gap


class Outcome(NamedTuple):
    """One way a step can go: the action, the pile cards it took, the state it left."""

    action: Action
    drawn: tuple[int, ...]
    after: GameState
    fired: tuple[Fired, ...]


def sub_multisets(cards: tuple[int, ...], size: int) -> Iterator[tuple[int, ...]]:
    """Every distinct multiset of `size` cards out of the sorted multiset `cards`."""
    if size == 1:  # one card drawn: the common case, without the general recursion
        for face in sorted(set(cards)):
            yield (face,)
        return
    counts = sorted(Counter(cards).items())

    def pick(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(counts):
            return
        face, count = counts[i]
        for take in range(min(count, left), -1, -1):
            for rest in pick(i + 1, left - take):
                yield (face,) * take + rest

    yield from pick(0, size)


def minus(cards: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    """The sorted multiset `cards` without `taken` (cards it does not hold are ignored)."""
    left = list(cards)
    for card in taken:
        if card in left:
            left.remove(card)
    left.sort()
    return tuple(left)


def normalize(game: GameState, parent: GameState | None = None) -> GameState:
    """The state with its draw pile, and its discard pile under the top, as sorted multisets.

    Between hands the cards' places do not matter (the next deal gathers them all), so a
    `dealing` state keeps only what carries over: scores and leader. It also forgets the
    count of hands played, which is history that no rule reads (`tests/model/test_history.py`
    checks that): keeping it would make a game that never ends (say, one whose hands score
    nothing) an endless chain of new states. `parent`, when given, is a normalized state
    `game` came from: a pile it shares (the very same tuple) is sorted already.
    """
    if game.phase == Phase.dealing:
        cards = game.all_cards()
        aside = game.set_aside
        pile = minus(cards, aside)
        return game._replace(
            hands=((),) * game.players, draw_pile=pile, discard=(), color=-1, direction=1,
            current=0, actor=0, drawn=-1, owed=None, challenge=None, special=-1, window=-1,
            hands_played=0, old_top=-1, debts=(), out_of_play=(),
        )  # fmt: skip
    draw_pile, discard = game.draw_pile, game.discard
    if parent is None or draw_pile is not parent.draw_pile:
        draw_pile = tuple(sorted(draw_pile))
    if parent is None or discard is not parent.discard:
        discard = (*sorted(discard[:-1]), *discard[-1:])
    if draw_pile is game.draw_pile and discard is game.discard:
        return game
    return game._replace(draw_pile=draw_pile, discard=discard)


def outcomes(edition: Edition, game: GameState, action: Action) -> Iterator[Outcome]:
    """Every outcome of a player's `action` in the normalized state `game`."""
    probe = _run(edition, game, action)
    pile = game.draw_pile
    taken = len(pile) - len(probe[0].draw_pile)
    if taken == 0:  # most moves draw nothing: the probe is the one outcome
        yield Outcome(action, (), *probe)
        return
    for drawn in sub_multisets(pile, taken):
        if drawn == pile[:taken]:  # the sorted pile put these on top: the probe was this
            after, fired = probe
        else:
            on_top = game._replace(draw_pile=drawn + minus(pile, drawn))
            after, fired = _run(edition, on_top, action)
        yield Outcome(action, drawn, after, fired)


def chance_outcomes(edition: Edition, game: GameState) -> Iterator[Outcome]:
    """Every outcome of the table's shuffle in a chance phase (a deal or a reshuffle)."""
    if game.phase == Phase.awaiting_reshuffle:
        yield from _reshuffles(edition, game)
    else:
        yield from _deals(edition, game)


def _reshuffles(edition: Edition, game: GameState) -> Iterator[Outcome]:
    new_pile = chance_cards(edition, game)
    assert game.owed is not None
    taken = min(game.owed.amount, len(new_pile))
    for drawn in sub_multisets(new_pile, taken):
        action = Reshuffle(drawn + minus(new_pile, drawn))
        after, fired = _run(edition, game, action)
        yield Outcome(action, drawn, after, fired)


def _deals(edition: Edition, game: GameState) -> Iterator[Outcome]:
    """Every distinct deal: the hands as multisets, then every way the first flip can go."""
    players, size = game.players, edition.rules.hand_size
    deck = edition.faces.in_play
    ignored = edition.faces.ignored_at_flip

    def hands(i: int, left: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
        if i == players:
            yield ()
            return
        for hand in sub_multisets(left, size):
            for others in hands(i + 1, minus(left, hand)):
                yield (hand, *others)

    for dealt in hands(0, deck):
        rest = minus(deck, tuple(card for hand in dealt for card in hand))
        prefix = tuple(dealt[p][k] for k in range(size) for p in range(players))
        for flipped in _flips(rest, ignored):
            order = prefix + flipped + minus(rest, flipped)
            after, fired = _run(edition, game, Deal(order))
            yield Outcome(Deal(order), prefix + flipped, after, fired)


def _flips(rest: tuple[int, ...], ignored: tuple[bool, ...]) -> Iterator[tuple[int, ...]]:
    """The card sequences the first flip can turn over: some ignored cards, then a number
    card; or every card, when no number is left (the hand is dealt again)."""
    skipped = tuple(card for card in rest if ignored[card])
    numbers = sorted({card for card in rest if not ignored[card]})
    if not numbers:
        yield rest
        return
    for size in range(len(skipped) + 1):
        for group in sub_multisets(skipped, size):
            for number in numbers:
                yield (*group, number)
