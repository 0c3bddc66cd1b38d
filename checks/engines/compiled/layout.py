"""The state row: one game state as a fixed layout of small integers (pgx-style).

Slots first, then per-seat and per-face blocks whose offsets follow from the seat, face and
card counts kept in the row itself:

    HEADER slots | scores[P] | hand sizes[P] | hand counts[P][F] | under-the-top counts[F]
                 | draw pile ring[N]

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
from unospec.model.state import GameState, Owed, PendingChallenge

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
) = range(28)
HEADER = 28

Row = npt.NDArray[np.int64]


def row_length(players: int, faces: int, cards: int) -> int:
    return HEADER + 2 * players + players * faces + faces + cards


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


def encode(edition: Edition, game: GameState, phase_ids: dict[str, int]) -> Row:
    """`game` as a row of `edition`'s engine (`phase_ids`: the machine's phase numbering)."""
    players, faces, cards = game.players, len(edition.faces.faces), edition.in_play_count
    row = np.zeros(row_length(players, faces, cards), dtype=np.int64)
    owed, challenge = game.owed, game.challenge
    row[PHASE] = phase_ids[game.phase]
    row[COLOR], row[DIRECTION] = game.color, game.direction
    row[CURRENT], row[ACTOR], row[DRAWN] = game.current, game.actor, game.drawn
    if owed is not None:
        row[OWED], row[OWED_PLAYER], row[OWED_AMOUNT] = 1, owed.player, owed.amount
        row[OWED_THEN] = phase_ids[owed.then]
    else:
        row[OWED_PLAYER] = row[OWED_THEN] = -1
    if challenge is not None:
        row[CH], row[CH_OFFENDER], row[CH_VICTIM] = 1, challenge.offender, challenge.victim
        row[CH_CARD], row[CH_GUILTY], row[CH_BLUFF] = (
            challenge.card,
            challenge.guilty,
            challenge.bluff,
        )
    else:
        row[CH_OFFENDER] = row[CH_VICTIM] = row[CH_CARD] = -1
    row[SPECIAL], row[WINDOW] = game.special, game.window
    row[HANDS_PLAYED], row[LEADER], row[WINNER] = game.hands_played, game.leader, game.winner
    row[TOP] = game.discard[-1] if game.discard else -1
    row[UNDER] = max(0, len(game.discard) - 1)
    row[PILE_START], row[PILE_LEN] = 0, len(game.draw_pile)
    row[PLAYERS], row[FACES], row[CARDS] = players, faces, cards
    row[scores_at(players) : scores_at(players) + players] = game.scores
    hands = hands_at(players)
    for player, hand in enumerate(game.hands):
        row[sizes_at(players) + player] = len(hand)
        for card in hand:
            row[hands + player * faces + card] += 1
    under = under_at(players, faces)
    for card in game.discard[:-1]:
        row[under + card] += 1
    pile = pile_at(players, faces)
    row[pile : pile + len(game.draw_pile)] = game.draw_pile
    return row


def decode(edition: Edition, row: Row, phases: tuple[str, ...]) -> GameState:
    """The reference state a row holds (`phases`: the machine's phase names by number); the
    cards under the discard pile's top come sorted, as the explorer keeps them. Read through
    a plain list: conformance decodes every outcome of every state."""
    r = row.tolist()
    players, faces, cards = r[PLAYERS], r[FACES], r[CARDS]
    at = hands_at(players)
    hands = []
    for player in range(players):
        counts = r[at + player * faces : at + (player + 1) * faces]
        hands.append(tuple(card for card in range(faces) for _ in range(counts[card])))
    start, size = r[PILE_START], r[PILE_LEN]
    ring = r[pile_at(players, faces) : pile_at(players, faces) + cards]
    draw_pile = tuple(ring[(start + i) % cards] for i in range(size))
    under = r[under_at(players, faces) : under_at(players, faces) + faces]
    discard: tuple[int, ...] = ()
    if r[TOP] >= 0:
        discard = (*(card for card in range(faces) for _ in range(under[card])), r[TOP])
    owed = Owed(r[OWED_PLAYER], r[OWED_AMOUNT], phases[r[OWED_THEN]]) if r[OWED] else None
    challenge = (
        PendingChallenge(
            r[CH_OFFENDER], r[CH_VICTIM], r[CH_CARD], bool(r[CH_GUILTY]), bool(r[CH_BLUFF])
        )
        if r[CH]
        else None
    )
    return tuple.__new__(
        GameState,
        (
            phases[r[PHASE]], tuple(hands), draw_pile, discard, edition.faces.set_aside,
            r[COLOR], r[DIRECTION], r[CURRENT], r[ACTOR], r[DRAWN], owed, challenge,
            r[SPECIAL], r[WINDOW], tuple(r[HEADER : HEADER + players]), r[HANDS_PLAYED],
            r[LEADER], r[WINNER],
        ),
    )  # fmt: skip


def comparable(game: GameState) -> GameState:
    """`game` with the cards under its discard pile's top sorted: what a row can tell."""
    discard = game.discard
    if len(discard) < 3:
        return game
    return game._replace(discard=(*sorted(discard[:-1]), discard[-1]))
