"""The state row's accessors and the smallest moves on it: where each field lies, a face's
field, who sits next, a card into a hand or onto a pile, an obligation set or cleared.

Every compiled module reads and writes the row through these; `rules` (the rule functions)
and `primitives` (the card effects' steps) both build on them, so they sit below both.
"""

from __future__ import annotations

from unospec.checks.engines.compiled.jit import Ints, compiled, compiled_inline
from unospec.checks.engines.compiled.layout import (
    CARDS,
    CH,
    CH_BLUFF,
    CH_CARD,
    CH_COLOR,
    CH_GUILTY,
    CH_OFFENDER,
    CH_STAKE,
    CH_VICTIM,
    COLOR,
    DIRECTION,
    FACES,
    HEADER,
    OLD_TOP,
    OUT,
    OWED,
    OWED_AMOUNT,
    OWED_PLAYER,
    OWED_STACKABLE,
    OWED_THEN,
    OWED_UNTIL,
    PILE_LEN,
    PILE_START,
    PLAYERS,
    TOP,
    UNDER,
    UNTIL_BIAS,
)
from unospec.checks.engines.compiled.tables import (
    E_COLORS,
    E_FACES,
    E_RULES,
    M_DIMS,
    M_GROUP_START,
    M_NAMED_EVENT,
    M_NAMED_PHASE,
)
from unospec.checks.engines.compiled.vocabulary import (
    CALL_UNIT,
    F_COLOR,
    F_GUILTY,
    F_WILD,
    FACE_FIELDS,
    HOLD_CURRENT_COLOR,
    HOLD_WILD,
    R_CHALLENGE_JUDGES,
    R_COLORS,
    R_WHOLE_PILE,
    REFUSAL,
    TARGET_UNIT,
)
from unospec.model.state import NO_UNTIL


@compiled_inline
def refused(kind: int, rule: int) -> int:
    return -(kind * REFUSAL + rule)


@compiled_inline
def scores_base(s: Ints) -> int:
    return HEADER


@compiled_inline
def sizes_base(s: Ints) -> int:
    return HEADER + s[PLAYERS]


@compiled_inline
def hand_base(s: Ints, player: int) -> int:
    return HEADER + 2 * s[PLAYERS] + player * s[FACES]


@compiled_inline
def faces_held(s: Ints, player: int, start: int) -> int:
    """Bit i set: `player` holds face `start + i`, for 64 faces from `start`. Built without
    a branch per face: a hand holds a few of the deck's faces, and a test per face was a
    branch mispredicted at every card held. The loops that visit a hand's cards (`rules.plays`,
    the Hail Mary in `rules.legal`, `properties.matching_offered`) take its set bits."""
    faces = s[FACES]
    base = hand_base(s, player) + start
    held = 0
    for i in range(min(64, faces - start)):
        held |= int(s[base + i] > 0) << i
    return held


@compiled_inline
def under_base(s: Ints) -> int:
    return HEADER + 2 * s[PLAYERS] + s[PLAYERS] * s[FACES]


@compiled_inline
def pile_base(s: Ints) -> int:
    return HEADER + 2 * s[PLAYERS] + s[PLAYERS] * s[FACES] + s[FACES]


@compiled_inline
def debts_base(s: Ints) -> int:
    """layout.debts_at: the cards each seat still waits for, after the ring."""
    return HEADER + 2 * s[PLAYERS] + s[PLAYERS] * s[FACES] + s[FACES] + s[CARDS]


@compiled_inline
def out_of_play_base(s: Ints) -> int:
    """layout.out_of_play_at: the cards out of play until the next deal, per face."""
    return HEADER + 2 * s[PLAYERS] + s[PLAYERS] * s[FACES] + s[FACES] + s[CARDS] + s[PLAYERS]


@compiled_inline
def out_of_play_count(s: Ints) -> int:
    """How many cards are out of play until the next deal (`GameState.out_of_play`)."""
    base, total = out_of_play_base(s), 0
    for card in range(s[FACES]):
        total += s[base + card]
    return total


@compiled_inline
def hand_size(s: Ints, player: int) -> int:
    return s[HEADER + s[PLAYERS] + player]


@compiled_inline
def held(s: Ints, player: int, card: int) -> int:
    return s[HEADER + 2 * s[PLAYERS] + player * s[FACES] + card]


@compiled_inline
def add_to_hand(s: Ints, player: int, card: int, count: int) -> None:
    s[HEADER + 2 * s[PLAYERS] + player * s[FACES] + card] += count
    s[HEADER + s[PLAYERS] + player] += count


@compiled_inline
def shed_under(s: Ints, player: int, card: int, count: int) -> None:
    """`count` copies of `card` go from `player`'s hand under the discard pile's top card
    (a Discard All, a Hail Mary's discard, a hand put out by the mercy rule)."""
    add_to_hand(s, player, card, -count)
    s[under_base(s) + card] += count
    s[UNDER] += count


@compiled_inline
def pile_slot(s: Ints, i: int) -> int:
    """Where in the ring the draw pile's `i`-th card from the top lies."""
    return (s[PILE_START] + i) % s[CARDS]


@compiled_inline
def next_slot(s: Ints, i: int, slot: int) -> int:
    """`pile_slot(s, i + 1)`, given `slot`, the `i`-th's: a step round the ring without a
    division, which a loop over the pile paid for every card (the same slot in any row)."""
    if 0 <= slot < s[CARDS] - 1:
        return slot + 1
    return pile_slot(s, i + 1)


@compiled_inline
def pile_card(s: Ints, i: int) -> int:
    """The draw pile's `i`-th card from the top."""
    return s[pile_base(s) + pile_slot(s, i)]


@compiled
def add_pile(s: Ints, counts: Ints) -> None:
    """Each card of the draw pile counted into `counts` (one slot per face): the ring read
    as its two runs, to its end and on from its start, with no test per card (a walk round
    it with `next_slot` was most of the conservation invariant's time in `simulate`)."""
    base, length = pile_base(s), s[PILE_LEN]
    start = pile_slot(s, 0) if length > 0 else 0
    if length > s[CARDS]:  # no row the type invariant passes: round the ring, as it is read
        for i in range(length):
            counts[s[base + pile_slot(s, i)]] += 1
        return
    first = min(length, s[CARDS] - start)
    for run in (s[base + start : base + start + first], s[base : base + length - first]):
        for k in range(run.shape[0]):  # a view, indexed from 0: no negative index to test
            counts[run[k]] += 1


@compiled
def same_pile(a: Ints, b: Ints, skip: int) -> bool:
    """Whether `a`'s draw pile is `b`'s less its top `skip` cards, card for card (both as
    long as `a`'s, which the caller checks against `b`'s)."""
    a_base, b_base = pile_base(a), pile_base(b)
    at = pile_slot(a, 0) if a[PILE_LEN] > 0 else 0
    bt = pile_slot(b, skip) if a[PILE_LEN] > 0 else 0
    length, cards = a[PILE_LEN], a[CARDS]
    if at == bt and a_base == b_base and cards == b[CARDS] and length <= cards:
        # the same slots of the same ring (a draw moves where the pile starts, no card):
        # its two runs compared whole, with no test per card
        first = min(length, cards - at)
        ends = (a_base + at, a_base + at + first, a_base, a_base + length - first)
        differ = 0
        for r in range(2):  # views, indexed from 0: no negative index to test per card
            mine, theirs = a[ends[2 * r] : ends[2 * r + 1]], b[ends[2 * r] : ends[2 * r + 1]]
            for k in range(mine.shape[0]):
                differ |= mine[k] ^ theirs[k]
        return differ == 0
    for i in range(a[PILE_LEN]):
        if a[a_base + at] != b[b_base + bt]:
            return False
        at = next_slot(a, i, at)
        bt = next_slot(b, skip + i, bt)
    return True


@compiled
def pile_pop(s: Ints) -> int:
    card = pile_card(s, 0)
    s[PILE_START] = (s[PILE_START] + 1) % s[CARDS]
    s[PILE_LEN] -= 1
    return card


@compiled
def pile_push_bottom(s: Ints, card: int) -> None:
    s[pile_base(s) + (s[PILE_START] + s[PILE_LEN]) % s[CARDS]] = card
    s[PILE_LEN] += 1


@compiled
def set_pile(s: Ints, cards: Ints, start: int, count: int) -> None:
    """The draw pile becomes cards[start:start + count], top first."""
    base = pile_base(s)
    for i in range(count):
        s[base + i] = cards[start + i]
    s[PILE_START] = 0
    s[PILE_LEN] = count


@compiled
def discard_push(s: Ints, card: int) -> None:
    """`card` lands on the discard pile: the old top goes under it, and a top card a
    reshuffle of the whole pile took is matched no more."""
    if s[TOP] >= 0:
        s[under_base(s) + s[TOP]] += 1
        s[UNDER] += 1
    s[TOP] = card
    s[OLD_TOP] = -1


@compiled_inline
def discard_len(s: Ints) -> int:
    return s[UNDER] + (1 if s[TOP] >= 0 else 0)


@compiled_inline
def to_match(s: Ints) -> int:
    """GameState.to_match: the top card, or the one a reshuffle of the whole pile took."""
    return s[TOP] if s[TOP] >= 0 else s[OLD_TOP]


@compiled_inline
def reshuffled_count(E: Ints, s: Ints) -> int:
    """len(legality.reshuffled): the discard pile's cards a reshuffle takes, those under its
    top card, and the top card too where the edition reshuffles the whole pile."""
    if E[E[E_RULES] + R_WHOLE_PILE] and s[TOP] >= 0:
        return s[UNDER] + 1
    return s[UNDER]


@compiled_inline
def arg_color(arg: int) -> int:
    """The colour a play's arg names (-1: none; see `vocabulary.TARGET_UNIT`)."""
    return (arg + 1) % TARGET_UNIT - 1


@compiled_inline
def arg_target(arg: int) -> int:
    """The player a play's arg names (-1: none; see `vocabulary.TARGET_UNIT`)."""
    return ((arg + 1) % CALL_UNIT) // TARGET_UNIT - 1


@compiled_inline
def arg_call(arg: int) -> bool:
    """Whether a play's arg carries the UNO call made with it (`vocabulary.CALL_UNIT`)."""
    return (arg + 1) // CALL_UNIT > 0


@compiled_inline
def play_arg(color: int, target: int) -> int:
    """The arg of a play naming `color` and `target` (each -1 for none)."""
    return color + TARGET_UNIT * (target + 1)


@compiled_inline
def is_out(s: Ints, player: int) -> bool:
    """GameState.is_out."""
    return player >= 0 and ((s[OUT] >> player) & 1) == 1


@compiled
def seated(s: Ints) -> int:
    """GameState.seated: the players still in the game."""
    n = s[PLAYERS]
    if s[OUT] == 0:
        return n
    for player in range(s[PLAYERS]):
        n -= (s[OUT] >> player) & 1
    return n


@compiled
def step_from(s: Ints, player: int, steps: int, way: int) -> int:
    """GameState.next_player in direction `way`, skipping the players out of the game."""
    n = s[PLAYERS]
    if s[OUT] == 0:
        return (player + steps * way) % n
    for _ in range(steps):
        player = (player + way) % n
        while (s[OUT] >> player) & 1:
            player = (player + way) % n
    return player


@compiled_inline
def next_player(s: Ints, player: int, steps: int) -> int:
    """GameState.next_player: `steps` seats away in the current direction."""
    if s[OUT] == 0:
        return (player + steps * s[DIRECTION]) % s[PLAYERS]
    return step_from(s, player, steps, s[DIRECTION])


@compiled
def seats_to(s: Ints, player: int, other: int) -> int:
    """GameState.seats_to."""
    steps, seat = 0, player
    while seat != other and steps < s[PLAYERS]:
        seat = next_player(s, seat, 1)
        steps += 1
    return steps


@compiled_inline
def face(E: Ints, card: int, field: int) -> int:
    return E[E[E_FACES] + card * FACE_FIELDS + field]


@compiled
def is_deck_color(E: Ints, color: int) -> bool:
    colors_at = E[E_COLORS]
    for i in range(E[E[E_RULES] + R_COLORS]):
        if E[colors_at + i] == color:
            return True
    return False


@compiled_inline
def phase_named(M: Ints, slot: int) -> int:
    return M[M[M_NAMED_PHASE] + slot]


@compiled_inline
def event_named(M: Ints, slot: int) -> int:
    return M[M[M_NAMED_EVENT] + slot]


@compiled_inline
def has_group(M: Ints, phase: int, event: int) -> bool:
    return M[M[M_GROUP_START] + phase * M[M[M_DIMS] + 1] + event] >= 0


@compiled
def holds_any(E: Ints, s: Ints, player: int, without: int, color: int, kinds: int) -> bool:
    """legality.holds_any of `player`'s hand less one copy of `without` (-1: none)."""
    base = hand_base(s, player)
    for card in range(s[FACES]):
        count = s[base + card] - (1 if card == without else 0)
        if count <= 0:
            continue
        if kinds & HOLD_CURRENT_COLOR and face(E, card, F_COLOR) == color and color >= 0:
            return True
        if kinds & HOLD_WILD and face(E, card, F_WILD):
            return True
    return False


@compiled
def verdict(E: Ints, s: Ints) -> int:
    """wild_draw.verdict: the pending challenge's judgment made at the play, or, where the
    edition judges the hand the challenge comes to (R_CHALLENGE_JUDGES), reached now against
    the colour in force or the one kept from the play."""
    judges = E[E[E_RULES] + R_CHALLENGE_JUDGES]
    if judges == 0:
        return s[CH_GUILTY]
    color = s[COLOR] if judges == 1 else s[CH_COLOR]
    kinds = face(E, s[CH_CARD], F_GUILTY)
    return 1 if holds_any(E, s, s[CH_OFFENDER], -1, color, kinds) else 0


@compiled_inline
def owe(s: Ints, player: int, amount: int, then: int) -> None:
    s[OWED] = 1
    s[OWED_PLAYER] = player
    s[OWED_AMOUNT] = amount
    s[OWED_THEN] = then
    s[OWED_UNTIL] = NO_UNTIL + UNTIL_BIAS
    s[OWED_STACKABLE] = 0


@compiled_inline
def owed_until(s: Ints) -> int:
    """`Owed.until` of the owed draw (`layout.UNTIL_BIAS`)."""
    return s[OWED_UNTIL] - UNTIL_BIAS


@compiled_inline
def owe_nothing(s: Ints) -> None:
    s[OWED] = 0
    s[OWED_PLAYER] = -1
    s[OWED_AMOUNT] = 0
    s[OWED_THEN] = -1
    s[OWED_UNTIL] = NO_UNTIL + UNTIL_BIAS
    s[OWED_STACKABLE] = 0


@compiled_inline
def no_challenge(s: Ints) -> None:
    s[CH] = 0
    s[CH_OFFENDER] = -1
    s[CH_VICTIM] = -1
    s[CH_CARD] = -1
    s[CH_GUILTY] = 0
    s[CH_BLUFF] = 0
    s[CH_STAKE] = 0
    s[CH_COLOR] = -1
