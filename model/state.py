"""The game state: immutable, hashable, and nothing but data.

Cards are face numbers of the edition (see `FaceTable`); copies share a number, so a hand is
a sorted tuple (a multiset) and two states that differ only in which copy sits where are the
same state. Updates go through `_replace`.
"""

from __future__ import annotations

from typing import NamedTuple

from unospec.model.vocabulary import Phase

CLOCKWISE = 1
"""Direction +1: play moves to the left, to the next higher seat (Set Up 5)."""


NO_UNTIL = -1
"""An owed draw of a number of cards."""
UNTIL_PLAYABLE = -2
"""An owed draw that goes on until a card the player may play turns up (draw until you can
play: a house rule, No Mercy)."""
UNTIL_PICKED = -3
"""An owed draw that waits for its player to pick the colour it stops at (a Color Roulette)."""


class Owed(NamedTuple):
    """Cards the table still has to deal to `player`, and the phase to resume afterwards.

    `until` says when a draw of no set number stops: `NO_UNTIL` for `amount` cards; else one
    card at a time (`amount` 1) until a card of colour `until` turns up (a Color Roulette's),
    a playable one (`UNTIL_PLAYABLE`), or, while the colour is to be picked, `UNTIL_PICKED`.
    """

    player: int
    amount: int
    then: Phase
    until: int = NO_UNTIL
    stackable: bool = False
    """Stacking (a house rule, No Mercy): the player may still pass the draw on by playing a
    draw card on it, the totals adding up; the first card dealt closes it."""


class PendingChallenge(NamedTuple):
    """A Wild Draw card waiting for its victim to challenge or accept.

    `guilty` is the judgment a challenge would reach, taken from the offender's hand at the
    moment of the play (the booklets judge that hand, not a later one), unless the edition
    judges it when the challenge comes (`challenge_judges`, `wild_draw.verdict`); `bluff`
    says the play broke the card's own legality rule.
    """

    offender: int
    victim: int
    card: int
    guilty: bool
    bluff: bool
    stake: int = 0
    """Stacking: the cards of the draw cards under this one, which whoever draws for it draws
    besides (0: none)."""
    color: int = -1
    """The colour in force when the card was played, kept where a challenge judges the hand
    it comes to against that colour (`challenge_judges`); -1 everywhere else, where no rule
    reads it once the play has been judged."""


class GameState(NamedTuple):
    """Everything that is true at one moment of a game.

    `current` is whose turn it is, or will be once the card being resolved is done; `actor`
    is the player whose card is being resolved (the UNO window, the challenge and the special
    wilds refer to them).
    """

    phase: Phase
    hands: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]  # top card first
    discard: tuple[int, ...]  # bottom first: the top card is discard[-1]
    set_aside: tuple[int, ...]
    color: int  # colour index that continues play, -1 when none is in force
    direction: int  # CLOCKWISE or -CLOCKWISE
    current: int
    actor: int
    drawn: int  # the card the current player just drew, -1 when none
    owed: Owed | None
    challenge: PendingChallenge | None
    special: int  # the special wild being resolved, -1 when none
    window: int  # the player whose UNO window is open, -1 when none
    scores: tuple[int, ...]
    hands_played: int
    leader: int  # the player left of this hand's dealer, who plays first
    winner: int  # the player who won the game, -1 until then
    out: int = 0
    """The players out of the game (the mercy rule, `play.elimination`), one bit per seat:
    they hold no cards, take no turn and are dealt none; 0 in every other edition."""
    old_top: int = -1
    """The card that was on top of the discard pile when a reshuffle took the whole pile
    (`play.reshuffle = "whole-discard-pile"`, RLCard's UNO), while the pile is empty: play
    matches its number or symbol, with the colour in force, until the next card lands on
    the empty pile; -1 otherwise. The card itself is in the draw pile by then, and may be
    drawn as any other."""
    debts: tuple[int, ...] = ()
    """The cards each player is still owed by a draw the piles could not complete, where they
    wait for cards (`play.draw_shortfall = "obligation-waits-for-cards"`), by seat; () while
    no one is owed any, and always in every other edition."""
    out_of_play: tuple[int, ...] = ()
    """The cards out of play until the next deal, sorted: those a Hail Mary's thrower shed
    where its `shed_cards` reads `out-of-the-game-until-the-next-deal`. In no pile and no
    hand, no reshuffle takes them; () in every other edition."""

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> int:
        """The discard pile's top card, -1 when the pile is empty."""
        return self.discard[-1] if self.discard else -1

    @property
    def to_match(self) -> int:
        """The card a play must match by number or symbol: the discard pile's top, or while
        a reshuffle of the whole pile has left it empty, the top card it took (`old_top`);
        -1 when neither."""
        return self.discard[-1] if self.discard else self.old_top

    def __reduce__(self) -> tuple[object, tuple[tuple[object, ...]]]:
        """Pickle as a plain tuple: the explorer ships millions of states between processes."""
        return (_rebuild, (tuple(self),))

    def at(self, phase: Phase) -> GameState:
        """This state in `phase` (the kernel's one update of the phase; faster than _replace)."""
        return tuple.__new__(GameState, (phase, *self[1:]))

    @property
    def dealer(self) -> int:
        """The seat before the leader, against the direction of play at the deal: who dealt
        this hand (Set Up 5: play starts to the dealer's left)."""
        return self.next_player(self.leader, direction=-CLOCKWISE)

    @property
    def seated(self) -> int:
        """The players still in the game."""
        return len(self.hands) - self.out.bit_count()

    def is_out(self, player: int) -> bool:
        return player >= 0 and bool(self.out >> player & 1)

    def next_player(self, player: int, steps: int = 1, direction: int = 0) -> int:
        """The player `steps` seats away from `player` in the current direction (or in
        `direction`), counting only the players still in the game."""
        way = direction or self.direction
        if not self.out:
            return (player + steps * way) % len(self.hands)
        for _ in range(steps):
            player = (player + way) % len(self.hands)
            while self.out >> player & 1:
                player = (player + way) % len(self.hands)
        return player

    def seats_to(self, player: int, other: int) -> int:
        """How many steps of `next_player` lead from `player` to `other` (0 when the same)."""
        steps, seat = 0, player
        while seat != other and steps < len(self.hands):
            seat, steps = self.next_player(seat), steps + 1
        return steps

    def all_cards(self) -> tuple[int, ...]:
        """Every card on the table, out of play and set aside, sorted: conserved by every
        transition."""
        cards = [*self.draw_pile, *self.discard, *self.set_aside, *self.out_of_play]
        for hand in self.hands:
            cards.extend(hand)
        return tuple(sorted(cards))


_INDEX = {name: i for i, name in enumerate(GameState._fields)}


def _fast_replace(self: GameState, **changes: object) -> GameState:
    """NamedTuple's `_replace`, about twice as fast: the kernel calls it on every step."""
    fields: list[object] = list(self)
    try:
        for name, value in changes.items():
            fields[_INDEX[name]] = value
    except KeyError as unknown:
        raise ValueError(f"Got unexpected field names: {[unknown.args[0]]!r}") from None
    return tuple.__new__(GameState, fields)


# NamedTuple refuses the override in the class body; the semantics are the same.
setattr(GameState, "_replace", _fast_replace)  # noqa: B010


def _rebuild(fields: tuple[object, ...]) -> GameState:
    return tuple.__new__(GameState, fields)
