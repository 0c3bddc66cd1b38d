"""The explorer's packed states: a bijection, so deduplicating bytes deduplicates states."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from scenario import edition

from unospec.checks.engines.codec import decode, encode
from unospec.checks.engines.random_play import record_game
from unospec.editions import builtin_names
from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE

FACES = 62  # the most any deck has: four colours of ten ranks and four actions, six wilds

cards = st.lists(st.integers(0, FACES - 1), max_size=12).map(tuple)
seat = st.integers(0, 9)


@st.composite
def states(draw: st.DrawFn) -> GameState:
    """Any value of every field, in range: not only states the rules reach."""
    players = draw(st.integers(2, 10))
    phases = st.sampled_from(MACHINE.phases)
    until = st.integers(-3, 127)  # NO_UNTIL, UNTIL_PLAYABLE, UNTIL_PICKED, or a colour
    owed = st.none() | st.builds(
        Owed, seat, st.integers(0, 2**31 - 1), phases, until, st.booleans()
    )
    challenge = st.none() | st.builds(
        PendingChallenge,
        seat,
        seat,
        st.integers(0, FACES - 1),
        st.booleans(),
        st.booleans(),
        st.integers(0, 2**32 - 1),
    )
    return GameState(
        phase=draw(phases),
        hands=tuple(draw(cards) for _ in range(players)),
        draw_pile=draw(cards),
        discard=draw(cards),
        set_aside=draw(cards),
        color=draw(st.integers(-1, 3)),
        direction=draw(st.sampled_from((1, -1))),
        current=draw(seat),
        actor=draw(seat),
        drawn=draw(st.integers(-1, FACES - 1)),
        owed=draw(owed),
        challenge=draw(challenge),
        special=draw(st.integers(-1, FACES - 1)),
        window=draw(st.integers(-1, 9)),
        scores=tuple(draw(st.integers(0, 2**32 - 1)) for _ in range(players)),
        hands_played=draw(st.integers(0, 65535)),
        leader=draw(seat),
        winner=draw(st.integers(-1, 9)),
        out=draw(st.integers(0, 2**players - 1)),
        old_top=draw(st.integers(-1, FACES - 1)),
    )


@given(states(), states())
def test_decoding_gives_the_state_back_and_distinct_states_pack_apart(
    a: GameState, b: GameState
) -> None:
    """decode inverts encode, and two states pack to the same bytes only when equal (a score
    or a card of 255 would have been the risk: the piles end with that byte)."""
    assert decode(encode(a)) == a
    assert (encode(a) == encode(b)) == (a == b)


def test_every_state_of_real_games_round_trips() -> None:
    """Every state two games of each built-in edition pass through packs to bytes as distinct
    as the states are, and unpacks to the same state."""
    for name in builtin_names():
        e = edition(name)
        history = [after for seed in (1, 2) for _, _, after in record_game(e, 4, seed)[2]]
        packed = [encode(game) for game in history]
        assert [decode(data) for data in packed] == history
        assert len(set(packed)) == len(set(history))
