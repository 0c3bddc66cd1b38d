"""Every way a step can go from a normalized state, one at a time: `checks.chance` in array
form.

The draw pile, and the discard pile under its top, are multisets; a step that draws cards
branches on which cards it takes (every sub-multiset of the right size), a deal on the hands
(every multiset for each) and on the first flip. Each outcome is still made by the kernel
(`rules.run`), on a pile arranged with the chosen cards on top, exactly as the reference
explorer does, in the same order, so the two list the same outcomes.

A *cursor* (`start`, then `advance` until it returns 0) walks the outcomes without holding
them: a deal of a large scale has millions. Its slots are the K_* below; its `take` rows
(`TAKE_ROWS` more than the seats) hold the multiset choices in progress: one per seat for a
deal, then the flipped or drawn cards (`T_CHOSEN`), the counts they are chosen from
(`T_SOURCE`), and scratch. Nothing here allocates: every array is the caller's.
"""

from __future__ import annotations

from unospec.checks.engines.compiled.jit import Grid, Ints, compiled, copy_ints
from unospec.checks.engines.compiled.layout import (
    FACES,
    OWED_AMOUNT,
    PHASE,
    PILE_LEN,
    PLAYERS,
    TOP,
    UNDER,
)
from unospec.checks.engines.compiled.row import (
    add_pile,
    face,
    phase_named,
    reshuffled_count,
    set_pile,
    under_base,
)
from unospec.checks.engines.compiled.rules import (
    legal,
    run,
)
from unospec.checks.engines.compiled.tables import E_DECK, E_RULES, M_CHANCE
from unospec.checks.engines.compiled.vocabulary import (
    A_DEAL,
    A_RESHUFFLE,
    F_IGNORED,
    PH_DEALING,
    R_HAND_SIZE,
    R_IN_PLAY,
)

# -- the cursor's slots
(
    K_MODE,
    K_MOVE,  # moves: the move being tried
    K_MOVES,  # moves: how many there are
    K_SUB,  # 1 while the cards a move draws are being chosen
    K_SIZE,  # deal: how many ignored cards the first flip turns before its number card
    K_NUMBER,  # deal: the number card it stops at
    K_SKIPPED,  # deal: the ignored cards left to flip
    K_REDEAL,  # deal: no number card is left, the one flip turns every card
    K_ORDER,  # the length of the order of the last shuffle outcome
    K_COUNT,  # outcomes produced so far
    K_TAKEN,  # cards the current move or reshuffle draws
) = range(11)
CURSOR = 11
MODE_MOVES, MODE_RESHUFFLE, MODE_DEAL, MODE_DONE = range(4)
T_CHOSEN, T_SOURCE, T_LEFT, T_IGNORED, T_REMAINING = range(5)  # take rows after the seats'
TAKE_ROWS = 5


@compiled
def first_take(counts: Ints, take: Ints, faces: int, size: int) -> bool:
    """The first sub-multiset of `size` cards of `counts` (`chance.sub_multisets` order: as
    many of the lowest faces as possible); False when there is none."""
    left = size
    for card in range(faces):
        take[card] = min(counts[card], left)
        left -= take[card]
    return left == 0


@compiled
def next_take(counts: Ints, take: Ints, faces: int) -> bool:
    """The sub-multiset after `take`, of the same size, in `sub_multisets` order; False
    after the last."""
    room = 0  # free copies above the face looked at
    taken = 0  # copies taken above it
    for card in range(faces - 1, -1, -1):
        if take[card] > 0 and room - taken >= 1:
            take[card] -= 1
            left = taken + 1
            for higher in range(card + 1, faces):
                take[higher] = min(counts[higher], left)
                left -= take[higher]
            return True
        room += counts[card]
        taken += take[card]
    return False


@compiled
def spread(take: Ints, faces: int, out: Ints, at: int) -> int:
    """Write the multiset `take` into `out` from `at`, sorted; return the position after."""
    for card in range(faces):
        for _ in range(take[card]):
            out[at] = card
            at += 1
    return at


@compiled
def deck_left(E: Ints, s: Ints, take: Grid, seats: int, left: Ints) -> None:
    """The deck's cards less the hands of the first `seats` seats, as counts per face."""
    faces = s[FACES]
    for card in range(faces):
        left[card] = 0
    deck = E[E_DECK]
    for i in range(E[E[E_RULES] + R_IN_PLAY]):
        left[E[deck + i]] += 1
    for seat in range(seats):
        for card in range(faces):
            left[card] -= take[seat, card]


@compiled
def first_hands(E: Ints, s: Ints, take: Grid, seat: int) -> bool:
    """Deal the first hands of every seat from `seat` on (`_deals`' hands); False when the
    cards left cannot fill them."""
    faces, players = s[FACES], s[PLAYERS]
    left = take[players + T_LEFT]
    size = E[E[E_RULES] + R_HAND_SIZE]
    for p in range(seat, players):
        deck_left(E, s, take, p, left)
        if not first_take(left, take[p], faces, size):
            return False
    return True


@compiled
def next_hands(E: Ints, s: Ints, take: Grid) -> bool:
    """The next deal of the hands (the last seat's hand varies fastest); False after the
    last."""
    faces, players = s[FACES], s[PLAYERS]
    left = take[players + T_LEFT]
    for p in range(players - 1, -1, -1):
        deck_left(E, s, take, p, left)
        if next_take(left, take[p], faces):
            return first_hands(E, s, take, p + 1)
    return False


@compiled
def first_flip(E: Ints, s: Ints, cursor: Ints, take: Grid) -> None:
    """The first way the first flip can go after this deal of the hands (`_flips`): no
    ignored card, then the lowest number card left; or, with no number card left, every
    card at once."""
    faces, players = s[FACES], s[PLAYERS]
    rest = take[players + T_SOURCE]
    deck_left(E, s, take, players, rest)
    skipped = 0
    number = -1
    for card in range(faces):
        if face(E, card, F_IGNORED):
            skipped += rest[card]
        elif rest[card] > 0 and number < 0:
            number = card
    cursor[K_SKIPPED] = skipped
    cursor[K_NUMBER] = number
    cursor[K_REDEAL] = 1 if number < 0 else 0
    cursor[K_SIZE] = 0
    group = take[players + T_CHOSEN]
    for card in range(faces):
        group[card] = 0


@compiled
def next_flip(E: Ints, s: Ints, cursor: Ints, take: Grid) -> bool:
    """The next way the first flip can go after the same hands; False after the last."""
    if cursor[K_REDEAL]:
        return False
    faces, players = s[FACES], s[PLAYERS]
    rest = take[players + T_SOURCE]
    for card in range(cursor[K_NUMBER] + 1, faces):
        if rest[card] > 0 and not face(E, card, F_IGNORED):
            cursor[K_NUMBER] = card
            return True
    ignored = take[players + T_IGNORED]
    for card in range(faces):
        if face(E, card, F_IGNORED):
            ignored[card] = rest[card]
        else:
            ignored[card] = 0
    group = take[players + T_CHOSEN]
    if not next_take(ignored, group, faces):
        cursor[K_SIZE] += 1
        if cursor[K_SIZE] > cursor[K_SKIPPED]:
            return False
        first_take(ignored, group, faces, cursor[K_SIZE])
    for card in range(faces):
        if rest[card] > 0 and not face(E, card, F_IGNORED):
            cursor[K_NUMBER] = card
            return True
    return False


@compiled
def deal_order(E: Ints, s: Ints, cursor: Ints, take: Grid, order: Ints) -> int:
    """The deck order of the current deal outcome: the hands dealt in turn, then the cards
    the first flip turns, then the rest sorted; returns its length."""
    faces, players = s[FACES], s[PLAYERS]
    for p in range(players):
        k = 0
        for card in range(faces):
            for _ in range(take[p, card]):
                order[k * players + p] = card
                k += 1
    at = players * E[E[E_RULES] + R_HAND_SIZE]
    rest = take[players + T_SOURCE]
    if cursor[K_REDEAL]:
        return spread(rest, faces, order, at)
    group = take[players + T_CHOSEN]
    at = spread(group, faces, order, at)
    order[at] = cursor[K_NUMBER]
    at += 1
    remaining = take[players + T_REMAINING]
    for card in range(faces):
        remaining[card] = rest[card] - group[card]
    remaining[cursor[K_NUMBER]] -= 1
    return spread(remaining, faces, order, at)


@compiled
def start(
    M: Ints,
    E: Ints,
    s: Ints,
    cursor: Ints,
    take: Grid,
    moves: Grid,
    scratch: Ints,
    log: Grid,
    snaps: Grid,
    logn: Ints,
) -> None:
    """Set `cursor` at the first outcome of the normalized state `s` (`scratch`, `log`,
    `snaps` and `logn`: for `rules.legal`)."""
    for i in range(CURSOR):
        cursor[i] = 0
    faces, players = s[FACES], s[PLAYERS]
    if not M[M[M_CHANCE] + s[PHASE]]:
        cursor[K_MODE] = MODE_MOVES
        cursor[K_MOVES] = legal(M, E, s, moves, scratch, log, snaps, logn)
        return
    if s[PHASE] != phase_named(M, PH_DEALING):  # a reshuffle, of what the pile still holds too
        cursor[K_MODE] = MODE_RESHUFFLE
        source = take[players + T_SOURCE]
        under = under_base(s)
        for card in range(faces):
            source[card] = s[under + card]
        if reshuffled_count(E, s) > s[UNDER]:  # the whole pile: its top card too
            source[s[TOP]] += 1
        add_pile(s, source)
        cursor[K_TAKEN] = min(s[OWED_AMOUNT], reshuffled_count(E, s) + s[PILE_LEN])
        if not first_take(source, take[players + T_CHOSEN], faces, cursor[K_TAKEN]):
            cursor[K_MODE] = MODE_DONE
        return
    cursor[K_MODE] = MODE_DEAL
    if not first_hands(E, s, take, 0):
        cursor[K_MODE] = MODE_DONE
        return
    first_flip(E, s, cursor, take)


@compiled
def advance_moves(
    M: Ints,
    E: Ints,
    s: Ints,
    cursor: Ints,
    take: Grid,
    moves: Grid,
    child: Ints,
    before: Ints,
    action: Ints,
    order: Ints,
    log: Grid,
    snaps: Grid,
    logn: Ints,
) -> int:
    """`advance` among a player's moves (`chance.outcomes`): a move that draws no card has
    one outcome; one that draws k has one per sub-multiset of k cards of the pile."""
    faces, players = s[FACES], s[PLAYERS]
    if cursor[K_MOVE] >= cursor[K_MOVES]:
        cursor[K_MODE] = MODE_DONE
        return 0
    move = cursor[K_MOVE]
    for f in range(4):
        action[f] = moves[move, f]
    none = order[:0]
    drawn = take[players + T_CHOSEN]
    source = take[players + T_SOURCE]
    if not cursor[K_SUB]:  # probe the move on the sorted pile: how many cards does it draw?
        copy_ints(before, s)
        copy_ints(child, s)
        refused = run(
            M, E, child, action[0], action[1], action[2], action[3], none, log, snaps, logn
        )
        if refused < 0:
            cursor[K_COUNT] += 1  # every outcome tried is counted, refused or not
            return refused
        taken = s[PILE_LEN] - child[PILE_LEN]
        if taken <= 0:
            cursor[K_MOVE] += 1
            cursor[K_COUNT] += 1
            cursor[K_ORDER] = 0
            return 1
        for card in range(faces):
            source[card] = 0
        add_pile(s, source)
        first_take(source, drawn, faces, taken)
        cursor[K_TAKEN] = taken
        cursor[K_SUB] = 1
    copy_ints(before, s)
    at = spread(drawn, faces, order, 0)
    for card in range(faces):
        for _ in range(source[card] - drawn[card]):
            order[at] = card
            at += 1
    set_pile(before, order, 0, at)
    copy_ints(child, before)
    if not next_take(source, drawn, faces):
        cursor[K_SUB] = 0
        cursor[K_MOVE] += 1
    cursor[K_COUNT] += 1
    cursor[K_ORDER] = 0
    refused = run(M, E, child, action[0], action[1], action[2], action[3], none, log, snaps, logn)
    return 1 if refused == 0 else refused


@compiled
def advance(
    M: Ints,
    E: Ints,
    s: Ints,
    cursor: Ints,
    take: Grid,
    moves: Grid,
    child: Ints,
    before: Ints,
    action: Ints,
    order: Ints,
    log: Grid,
    snaps: Grid,
    logn: Ints,
) -> int:
    """The next outcome of `s`: 1 with `child` the state it leads to (not normalized),
    `before` the state the step began from (the pile arranged for the cards it draws),
    `action` its (kind, player, card, arg) and `order` its shuffle (`cursor[K_ORDER]`
    long), `log` the branches it fired; 0 when there are no more; a refusal code when the
    rules refuse the move or shuffle, or give it no outcome (`action` says which)."""
    faces, players = s[FACES], s[PLAYERS]
    mode = cursor[K_MODE]
    if mode == MODE_DONE:
        return 0
    if mode == MODE_MOVES:
        return advance_moves(
            M, E, s, cursor, take, moves, child, before, action, order, log, snaps, logn
        )
    copy_ints(before, s)
    copy_ints(child, s)
    action[1] = 0
    action[2] = 0
    action[3] = 0
    if mode == MODE_RESHUFFLE:
        action[0] = A_RESHUFFLE
        drawn = take[players + T_CHOSEN]
        at = spread(drawn, faces, order, 0)
        source = take[players + T_SOURCE]
        for card in range(faces):
            for _ in range(source[card] - drawn[card]):
                order[at] = card
                at += 1
        cursor[K_ORDER] = at
        if not next_take(source, drawn, faces):
            cursor[K_MODE] = MODE_DONE
    else:
        action[0] = A_DEAL
        cursor[K_ORDER] = deal_order(E, s, cursor, take, order)
        if not next_flip(E, s, cursor, take):
            if next_hands(E, s, take):
                first_flip(E, s, cursor, take)
            else:
                cursor[K_MODE] = MODE_DONE
    cursor[K_COUNT] += 1
    shuffle = order[: cursor[K_ORDER]]
    refused = run(M, E, child, action[0], 0, 0, 0, shuffle, log, snaps, logn)
    return 1 if refused == 0 else refused
