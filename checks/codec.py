"""States as bytes: how the explorer stores and ships millions of them.

A `GameState` is a tree of Python tuples of several hundred bytes; the same state packed into
a `bytes` string takes a few dozen, hashes once (bytes cache their hash) and crosses a process
boundary as one buffer. Cards are face numbers below 256 (a deck has at most 62 faces),
piles hold fewer than 65,536 cards, seats number fewer than 65,536, scores fit 32 bits.

>>> from unospec.editions import load_edition
>>> from unospec.model.kernel import initial_state
>>> e = load_edition("express")
>>> game = initial_state(e, 3, e.faces.in_play)
>>> decode(encode(game)) == game
True
"""

from __future__ import annotations

import functools
from struct import Struct

from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE

_PHASES = {phase: i for i, phase in enumerate(MACHINE.phases)}
_HEAD = Struct("<BbbHHHhhhhBHHh")  # phase, color, direction, current, actor, players, ...
_OWED = Struct("<HiB")
_CHALLENGE = Struct("<HHB??")


@functools.cache
def _many(code: str, count: int) -> Struct:
    return Struct(f"<{count}{code}")


def encode(game: GameState) -> bytes:
    """The state as a compact byte string (equal states, equal bytes)."""
    owed, challenge = game.owed, game.challenge
    players = len(game.hands)
    parts = [
        _HEAD.pack(
            _PHASES[game.phase], game.color, game.direction, game.current, game.actor,
            players, game.drawn, game.window, game.special, 0,
            owed is not None, game.hands_played, game.leader, game.winner,
        )
    ]  # fmt: skip
    if owed is not None:
        parts.append(_OWED.pack(owed.player, owed.amount, _PHASES[owed.then]))
    if challenge is None:
        parts.append(b"\0")
    else:
        c = challenge
        parts.append(b"\1" + _CHALLENGE.pack(c.offender, c.victim, c.card, c.guilty, c.bluff))
    piles = (*game.hands, game.draw_pile, game.discard, game.set_aside)
    parts.append(_many("H", players + 3).pack(*map(len, piles)))
    parts.extend(map(bytes, piles))
    parts.append(_many("I", players).pack(*game.scores))
    return b"".join(parts)


def decode(data: bytes) -> GameState:
    """The state `encode` packed."""
    (phase, color, direction, current, actor, players, drawn, window, special, _,
     owed_here, hands_played, leader, winner) = _HEAD.unpack_from(data)  # fmt: skip
    at = _HEAD.size
    owed = None
    if owed_here:
        player, amount, then = _OWED.unpack_from(data, at)
        owed = Owed(player, amount, MACHINE.phases[then])
        at += _OWED.size
    challenge = None
    if data[at]:
        challenge = PendingChallenge(*_CHALLENGE.unpack_from(data, at + 1))
        at += _CHALLENGE.size
    at += 1
    sizes = _many("H", players + 3)
    piles = []
    start = at + sizes.size
    for size in sizes.unpack_from(data, at):
        piles.append(tuple(data[start : start + size]))
        start += size
    scores = _many("I", players).unpack_from(data, start)
    return tuple.__new__(
        GameState,
        (
            MACHINE.phases[phase], tuple(piles[:players]), piles[players], piles[players + 1],
            piles[players + 2], color, direction, current, actor, drawn, owed, challenge,
            special, window, scores, hands_played, leader, winner,
        ),
    )  # fmt: skip
