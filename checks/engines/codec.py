"""States as bytes: how the explorer stores and ships millions of them.

A `GameState` is a tree of Python tuples of several hundred bytes; the same state packed into
a `bytes` string takes a few dozen, hashes once (bytes cache their hash) and crosses a process
boundary as one buffer. Cards are face numbers below 255 (a deck has at most 62 faces: four
colours of ten ranks and four actions, and six wilds), so byte 255 can end each pile; seats
number fewer than 65,536, scores fit 32 bits.

>>> from unospec.editions import load_edition
>>> from unospec.model.kernel import initial_state
>>> e = load_edition("express")
>>> game = initial_state(e, 3, e.faces.in_play)
>>> decode(encode(game)) == game
True
"""

from __future__ import annotations

import functools
import pickle
import struct
from struct import Struct

from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE

_PHASES = {phase: i for i, phase in enumerate(MACHINE.phases)}
_HEAD = Struct("<BbbHHHhhhhBHHhh")  # phase, color, direction, current, actor, players, ...
"""The fixed fields; the tenth, once spare, holds the players out of the game (`out`), the
last the top card a reshuffle of the whole pile took (`old_top`)."""
_OWED = Struct("<HiBb?")
_CHALLENGE = Struct("<HHB??Ib")  # ..., stake, the colour kept from the play (-1: none)
_END = b"\xff"  # ends a pile: no face number reaches 255 (see the module docstring)


@functools.cache
def _scores(count: int) -> Struct:
    return Struct(f"<{count}I")


_UNPACKED = b"\xfe"
"""Starts a state whose fields do not fit the packing (a kernel bug put a score below zero,
say): it is pickled instead, so the explorer records it and its invariants report the bug
with a trace, rather than the packing crashing. No phase number reaches 254."""


def encode(game: GameState) -> bytes:
    """The state as a compact byte string (equal states, equal bytes)."""
    try:
        return _packed(game)
    except (struct.error, KeyError, ValueError, TypeError, OverflowError, AttributeError):
        return _UNPACKED + pickle.dumps(game)


def _packed(game: GameState) -> bytes:
    owed, challenge = game.owed, game.challenge
    players = len(game.hands)
    head = _HEAD.pack(
        _PHASES[game.phase], game.color, game.direction, game.current, game.actor,
        players, game.drawn, game.window, game.special, game.out,
        owed is not None, game.hands_played, game.leader, game.winner, game.old_top,
    )  # fmt: skip
    if owed is not None:
        head += _OWED.pack(owed.player, owed.amount, _PHASES[owed.then], owed.until, owed.stackable)
    if challenge is None:
        head += b"\0"
    else:
        c = challenge
        head += b"\1" + _CHALLENGE.pack(
            c.offender, c.victim, c.card, c.guilty, c.bluff, c.stake, c.color
        )
    head += b"\1" + _scores(players).pack(*game.debts) if game.debts else b"\0"
    gone = game.out_of_play  # written only where there are any: other states' bytes as before
    head += b"\1" + bytes((len(gone), *gone)) if gone else b"\0"
    return b"".join(
        (
            head, _scores(players).pack(*game.scores),
            bytes(game.draw_pile), _END, bytes(game.discard), _END, bytes(game.set_aside), _END,
            _END.join(map(bytes, game.hands)),
        )
    )  # fmt: skip


def decode(data: bytes) -> GameState:
    """The state `encode` packed."""
    if data[:1] == _UNPACKED:
        loaded = pickle.loads(data[1:])
        assert type(loaded) is GameState
        return loaded
    (phase, color, direction, current, actor, players, drawn, window, special, out,
     owed_here, hands_played, leader, winner, old_top) = _HEAD.unpack_from(data)  # fmt: skip
    at = _HEAD.size
    owed = None
    if owed_here:
        player, amount, then, until, stackable = _OWED.unpack_from(data, at)
        owed = Owed(player, amount, MACHINE.phases[then], until, stackable)
        at += _OWED.size
    challenge = None
    if data[at]:
        challenge = PendingChallenge(*_CHALLENGE.unpack_from(data, at + 1))
        at += _CHALLENGE.size
    at += 1
    scores = _scores(players)
    debts: tuple[int, ...] = ()
    if data[at]:
        debts = scores.unpack_from(data, at + 1)
        at += scores.size
    at += 1
    out_of_play: tuple[int, ...] = ()
    if data[at]:
        out_of_play = tuple(data[at + 2 : at + 2 + data[at + 1]])
        at += 1 + len(out_of_play)
    at += 1
    draw_pile, discard, set_aside, *hands = data[at + scores.size :].split(_END)
    return tuple.__new__(
        GameState,
        (
            MACHINE.phases[phase], tuple(map(tuple, hands)), tuple(draw_pile), tuple(discard),
            tuple(set_aside), color, direction, current, actor, drawn, owed, challenge,
            special, window, scores.unpack_from(data, at), hands_played, leader, winner,
            out, old_top, debts, out_of_play,
        ),
    )  # fmt: skip


def phase_of(data: bytes) -> str:
    """The phase of an encoded state, without decoding the rest (when it was packed)."""
    if data[:1] == _UNPACKED:
        return decode(data).phase
    return MACHINE.phases[data[0]]
