"""The state row: one game state as a fixed layout of small integers (pgx-style).

Slots first, then per-seat and per-face blocks whose offsets follow from the seat, face and
card counts kept in the row itself:

    HEADER slots | scores[P] | hand sizes[P] | hand counts[P][F] | under-the-top counts[F]
                 | draw pile ring[N] | debts[P] | out-of-play counts[F]

A hand, and the discard pile under its top card, are multisets (counts per face), as the
reference keeps hands sorted and no rule reads the order under the top card. The draw pile
keeps its order, top first, in a ring of `N` slots (N: the cards in play), since a draw takes
the top card and an ignored first flip may go under the pile.

`encode` and `decode` convert to and from the reference `GameState`; decode(encode(g))
equals g up to the order of the cards under the discard pile's top (`comparable`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from unospec.model.edition import Edition
from unospec.model.state import NO_UNTIL, GameState, Owed, PendingChallenge

(
    PHASE,
    COLOR,
    DIRECTION,
    CURRENT,
    ACTOR,
    DRAWN,
    OWED,  # 1 when a draw is owed
    OWED_PLAYER,
    OWED_AMOUNT,
    OWED_THEN,  # the phase the owed draw resumes
    CH,  # 1 when a Wild Draw card waits for its answer
    CH_OFFENDER,
    CH_VICTIM,
    CH_CARD,
    CH_GUILTY,
    CH_BLUFF,
    SPECIAL,
    WINDOW,
    HANDS_PLAYED,
    LEADER,
    WINNER,
    TOP,  # the discard pile's top card, -1 when it is empty
    UNDER,  # how many cards lie under the top card
    PILE_START,
    PILE_LEN,
    PLAYERS,
    FACES,
    CARDS,  # N: the cards in play, the draw pile ring's size
    OWED_UNTIL,  # when an owed draw of no set number stops: `Owed.until` + UNTIL_BIAS
    OWED_STACKABLE,  # 1 while the owed draw may still be passed on (stacking)
    CH_STAKE,  # the cards stacked under the challenged card
    OUT,  # the players out of the game (the mercy rule), one bit per seat
    OLD_TOP,  # the top card a reshuffle of the whole discard pile took, while it is empty
    CH_COLOR,  # the colour the challenged card was played on, where a challenge keeps it
) = range(34)
HEADER = 34
UNTIL_BIAS = 2
"""`Owed.until` is -3 to 3 (a colour, or one of `state`'s UNTIL_* marks); the row holds it plus
this, so that it is at least -1, as every slot is (`states.pack`)."""

SLOT_NAMES: tuple[str, ...] = (
    "PHASE", "COLOR", "DIRECTION", "CURRENT", "ACTOR", "DRAWN", "OWED", "OWED_PLAYER",
    "OWED_AMOUNT", "OWED_THEN", "CH", "CH_OFFENDER", "CH_VICTIM", "CH_CARD", "CH_GUILTY",
    "CH_BLUFF", "SPECIAL", "WINDOW", "HANDS_PLAYED", "LEADER", "WINNER", "TOP", "UNDER",
    "PILE_START", "PILE_LEN", "PLAYERS", "FACES", "CARDS", "OWED_UNTIL", "OWED_STACKABLE",
    "CH_STAKE", "OUT", "OLD_TOP", "CH_COLOR",
)  # fmt: skip
"""The header's slots by name, in their order."""
BLOCK_NAMES: tuple[str, ...] = (
    "scores", "hand sizes", "hand counts", "under counts", "ring", "debts", "out of play",
)  # fmt: skip
"""The blocks after the header, in their order."""

HOLDS: dict[str, str | None] = {
    "PHASE": "phase", "COLOR": "color", "DIRECTION": "direction", "CURRENT": "current",
    "ACTOR": "actor", "DRAWN": "drawn", "OWED": "owed", "OWED_PLAYER": "owed.player",
    "OWED_AMOUNT": "owed.amount", "OWED_THEN": "owed.then", "CH": "challenge",
    "CH_OFFENDER": "challenge.offender", "CH_VICTIM": "challenge.victim",
    "CH_CARD": "challenge.card", "CH_GUILTY": "challenge.guilty",
    "CH_BLUFF": "challenge.bluff", "SPECIAL": "special", "WINDOW": "window",
    "HANDS_PLAYED": "hands_played", "LEADER": "leader", "WINNER": "winner", "TOP": "discard",
    "UNDER": None, "PILE_START": None, "PILE_LEN": "draw_pile", "PLAYERS": None,
    "FACES": None, "CARDS": None, "OWED_UNTIL": "owed.until",
    "OWED_STACKABLE": "owed.stackable", "CH_STAKE": "challenge.stake", "OUT": "out",
    "OLD_TOP": "old_top", "CH_COLOR": "challenge.color", "scores": "scores",
    "hand sizes": None, "hand counts": "hands", "under counts": "discard", "ring": "draw_pile",
    "debts": "debts", "out of play": "out_of_play",
}  # fmt: skip
"""Every slot and block of the layout, and the field of the reference's `GameState` it holds
(dotted into an obligation's fields); None where it is the row's own bookkeeping (a count
the other slots imply, the ring's start, the table's dimensions), which no `GameState`
holds. Conformance corrupts every one of them (`conformance.corruption`)."""
assert all(globals()[name] == slot for slot, name in enumerate(SLOT_NAMES))
assert set(HOLDS) == {*SLOT_NAMES, *BLOCK_NAMES} and len(SLOT_NAMES) == HEADER

Row = npt.NDArray[np.int64]


def row_length(players: int, faces: int, cards: int) -> int:
    return HEADER + 2 * players + players * faces + faces + cards + players + faces


def scores_at(players: int) -> int:
    return HEADER


def sizes_at(players: int) -> int:
    return HEADER + players


def hands_at(players: int) -> int:
    return HEADER + 2 * players


def under_at(players: int, faces: int) -> int:
    return HEADER + 2 * players + players * faces


def pile_at(players: int, faces: int) -> int:
    return HEADER + 2 * players + players * faces + faces


def debts_at(players: int, faces: int, cards: int) -> int:
    """The cards each seat is still owed by a draw that waits for cards (`GameState.debts`),
    after the ring: 0 for every seat while no one is."""
    return HEADER + 2 * players + players * faces + faces + cards


def out_of_play_at(players: int, faces: int, cards: int) -> int:
    """The cards out of play until the next deal (`GameState.out_of_play`), as counts per
    face, after the debts: 0 for every face where no Hail Mary puts any out (`shed_cards`)."""
    return HEADER + 2 * players + players * faces + faces + cards + players


def encode(edition: Edition, game: GameState, phase_ids: dict[str, int]) -> Row:
    """`game` as a row of `edition`'s engine (`phase_ids`: the machine's phase numbering; a
    phase of no machine, as conformance corrupts a state, is numbered one past the last).
    Written into a plain list, then made an array once: conformance encodes every state."""
    players, faces, cards = game.players, len(edition.faces.faces), edition.in_play_count
    r = [0] * row_length(players, faces, cards)
    owed, challenge = game.owed, game.challenge
    r[PHASE] = phase_ids.get(game.phase, len(phase_ids))
    r[COLOR], r[DIRECTION] = game.color, game.direction
    r[CURRENT], r[ACTOR], r[DRAWN] = game.current, game.actor, game.drawn
    if owed is not None:
        r[OWED], r[OWED_PLAYER], r[OWED_AMOUNT] = 1, owed.player, owed.amount
        r[OWED_THEN] = phase_ids.get(owed.then, len(phase_ids))
        r[OWED_UNTIL] = owed.until + UNTIL_BIAS
        r[OWED_STACKABLE] = owed.stackable
    else:
        r[OWED_PLAYER] = r[OWED_THEN] = -1
        r[OWED_UNTIL] = NO_UNTIL + UNTIL_BIAS
    if challenge is not None:
        r[CH], r[CH_OFFENDER], r[CH_VICTIM] = 1, challenge.offender, challenge.victim
        r[CH_CARD], r[CH_GUILTY], r[CH_BLUFF] = challenge.card, challenge.guilty, challenge.bluff
        r[CH_STAKE], r[CH_COLOR] = challenge.stake, challenge.color
    else:
        r[CH_OFFENDER] = r[CH_VICTIM] = r[CH_CARD] = r[CH_COLOR] = -1
    r[SPECIAL], r[WINDOW] = game.special, game.window
    r[HANDS_PLAYED], r[LEADER], r[WINNER] = game.hands_played, game.leader, game.winner
    r[OUT], r[OLD_TOP] = game.out, game.old_top
    r[TOP] = game.discard[-1] if game.discard else -1
    r[UNDER] = max(0, len(game.discard) - 1)
    r[PILE_START], r[PILE_LEN] = 0, len(game.draw_pile)
    r[PLAYERS], r[FACES], r[CARDS] = players, faces, cards
    r[scores_at(players) : scores_at(players) + players] = game.scores
    hands, sizes = hands_at(players), sizes_at(players)
    for player, hand in enumerate(game.hands):
        r[sizes + player] = len(hand)
        base = hands + player * faces
        for card in hand:
            r[base + card] += 1
    under = under_at(players, faces)
    for card in game.discard[:-1]:
        r[under + card] += 1
    pile = pile_at(players, faces)
    r[pile : pile + len(game.draw_pile)] = game.draw_pile
    if game.debts:
        debts = debts_at(players, faces, cards)
        r[debts : debts + players] = game.debts
    gone = out_of_play_at(players, faces, cards)
    for card in game.out_of_play:
        r[gone + card] += 1
    return np.array(r, dtype=np.int64)


def decode(edition: Edition, row: Row, phases: tuple[str, ...]) -> GameState:
    """The reference state a row holds (`phases`: the machine's phase names by number); the
    cards under the discard pile's top come sorted, as the explorer keeps them. Read through
    a plain list: conformance decodes every outcome of every state."""
    r = row.tolist()
    players, faces, cards = r[PLAYERS], r[FACES], r[CARDS]
    at = hands_at(players)
    hands = tuple(
        _multiset(r[at + player * faces : at + (player + 1) * faces]) for player in range(players)
    )
    start, size = r[PILE_START], r[PILE_LEN]
    ring = r[pile_at(players, faces) : pile_at(players, faces) + cards]
    draw_pile = tuple((ring[start:] + ring[:start])[:size] if start else ring[:size])
    discard: tuple[int, ...] = ()
    if r[TOP] >= 0:
        under = under_at(players, faces)
        discard = (*_multiset(r[under : under + faces]), r[TOP])
    at_debts = debts_at(players, faces, cards)
    debts = tuple(r[at_debts : at_debts + players])
    at_gone = out_of_play_at(players, faces, cards)
    out_of_play = _multiset(r[at_gone : at_gone + faces])
    owed = (
        Owed(
            r[OWED_PLAYER],
            r[OWED_AMOUNT],
            phases[r[OWED_THEN]],
            r[OWED_UNTIL] - UNTIL_BIAS,
            bool(r[OWED_STACKABLE]),
        )
        if r[OWED]
        else None
    )
    challenge = (
        PendingChallenge(
            r[CH_OFFENDER],
            r[CH_VICTIM],
            r[CH_CARD],
            bool(r[CH_GUILTY]),
            bool(r[CH_BLUFF]),
            r[CH_STAKE],
            r[CH_COLOR],
        )
        if r[CH]
        else None
    )
    return tuple.__new__(
        GameState,
        (
            phases[r[PHASE]], hands, draw_pile, discard, edition.faces.set_aside,
            r[COLOR], r[DIRECTION], r[CURRENT], r[ACTOR], r[DRAWN], owed, challenge,
            r[SPECIAL], r[WINDOW], tuple(r[HEADER : HEADER + players]), r[HANDS_PLAYED],
            r[LEADER], r[WINNER], r[OUT], r[OLD_TOP], debts if any(debts) else (),
            out_of_play,
        ),
    )  # fmt: skip


def _multiset(counts: list[int]) -> tuple[int, ...]:
    """The sorted cards that `counts` (copies per face) hold."""
    cards: list[int] = []
    for card, copies in enumerate(counts):
        if copies:
            cards += [card] * copies
    return tuple(cards)


def comparable(game: GameState) -> GameState:
    """`game` with the cards under its discard pile's top sorted: what a row can tell."""
    discard = game.discard
    if len(discard) < 3:
        return game
    return game._replace(discard=(*sorted(discard[:-1]), discard[-1]))
