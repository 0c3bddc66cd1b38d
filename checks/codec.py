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

from struct import Struct

from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE

_PHASES = {phase: i for i, phase in enumerate(MACHINE.phases)}
_HEAD = Struct("<BbbHHHhhhhBHHh")  # phase, color, direction, current, actor, players, ...
_OWED = Struct("<HiB")
_CHALLENGE = Struct("<HHB??")
_SCORE = Struct("<I")
_SIZE = Struct("<H")


def encode(game: GameState) -> bytes:
    """The state as a compact byte string (equal states, equal bytes)."""
    out = bytearray(
        _HEAD.pack(
            _PHASES[game.phase], game.color, game.direction, game.current, game.actor,
            len(game.hands), game.drawn, game.window, game.special, 0,
            game.owed is not None, game.hands_played, game.leader, game.winner,
        )
    )  # fmt: skip
    if game.owed is not None:
        out += _OWED.pack(game.owed.player, game.owed.amount, _PHASES[game.owed.then])
    out.append(game.challenge is not None)
    if game.challenge is not None:
        c = game.challenge
        out += _CHALLENGE.pack(c.offender, c.victim, c.card, c.guilty, c.bluff)
    for pile in (*game.hands, game.draw_pile, game.discard, game.set_aside):
        out += _SIZE.pack(len(pile))
        out += bytes(pile)
    for score in game.scores:
        out += _SCORE.pack(score)
    return bytes(out)


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
    piles = []
    for _ in range(players + 3):
        (size,) = _SIZE.unpack_from(data, at)
        piles.append(tuple(data[at + 2 : at + 2 + size]))
        at += 2 + size
    scores = tuple(_SCORE.unpack_from(data, at + 4 * i)[0] for i in range(players))
    return GameState(
        phase=MACHINE.phases[phase],
        hands=tuple(piles[:players]),
        draw_pile=piles[players],
        discard=piles[players + 1],
        set_aside=piles[players + 2],
        color=color,
        direction=direction,
        current=current,
        actor=actor,
        drawn=drawn,
        owed=owed,
        challenge=challenge,
        special=special,
        window=window,
        scores=scores,
        hands_played=hands_played,
        leader=leader,
        winner=winner,
    )
