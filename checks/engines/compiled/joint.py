"""Two editions explored together, breadth first, until a step tells them apart: the
engine's form of `checks.diff.distinguish`, in the same order, so that it finds the same
shortest distinguishing step.

Edition A's states are explored (no symmetry: the two editions may treat colours apart);
in each, edition B is asked the same questions. They part where their legal moves differ,
where a move has an outcome in one only, or where the same step leaves states that differ
in what play can tell (`observe`, `diff.observed`). Moves are tried in the order of their
`repr` (the reference sorts them so), from a rank table the driver builds.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled.jit import Grid, Ids, Ints, WordGrid, Words, compiled
from unospec.checks.engines.compiled.layout import (
    ACTOR,
    COLOR,
    CURRENT,
    DIRECTION,
    DRAWN,
    HANDS_PLAYED,
    LEADER,
    OWED,
    OWED_AMOUNT,
    PHASE,
    PILE_LEN,
    SPECIAL,
    WINDOW,
)
from unospec.checks.engines.compiled.outcomes import (
    K_COUNT,
    K_MOVE,
    K_MOVES,
    K_ORDER,
    K_SUB,
    advance,
    start,
)
from unospec.checks.engines.compiled.row import (
    no_challenge,
    owe_nothing,
    reshuffled_count,
)
from unospec.checks.engines.compiled.rules import (
    legal,
    run,
)
from unospec.checks.engines.compiled.search import EMPTY, slot_of
from unospec.checks.engines.compiled.states import fingerprint, normalize, pack, unpack
from unospec.checks.engines.compiled.tables import M_CHANCE, M_FINAL
from unospec.checks.engines.compiled.vocabulary import CALL_UNIT, GAP, REFUSAL, TARGET_UNIT

# -- how the editions part (`diff`'s words for each)
(
    SAME,  # no difference within the bound
    LEGAL_IN_A,  # "legal in a only"
    LEGAL_IN_B,  # "legal in b only"
    NO_OUTCOME_IN_A,  # "no outcome in a only"
    NO_OUTCOME_IN_B,  # "no outcome in b only"
    DIFFERENT_STATES,  # "different states"
    BOUND,  # the search stopped at its bound, undecided
    TABLE_FULL,  # a shard of the visited table filled up (never under half full: a bug)
) = range(8)

# -- the search's scalars
(
    J_STATES,
    J_DEPTH,
    J_PARTED,  # one of the codes above
    J_STATE,  # the state id where they part
    J_OUTCOME,  # the parting outcome's position among the state's candidates (or -1)
    J_KIND,  # the parting move's kind, player, card, arg (legal-set and gap partings)
    J_PLAYER,
    J_CARD,
    J_ARG,
    J_NEXT_HAND,  # 1 once a transition fired that deals a next hand
    J_NEXT_HAND_BRANCH,  # that transition's number (set by the driver)
) = range(11)
JOINT_SCALARS = 11


@compiled
def rank_of(
    ranks: Ints, players: int, faces: int, kind: int, player: int, card: int, arg: int
) -> int:
    """The position of a move among every move, sorted by the reference's `repr`."""
    plain = TARGET_UNIT * (players + 1)  # a play's colour and target (row.play_arg), a catch's
    called = (arg + 1) // CALL_UNIT  # a play's UNO call (row.arg_call) doubles the width
    at = arg - called * CALL_UNIT + called * plain
    return ranks[((kind * players + player) * faces + card) * 2 * plain + at + 1]


@compiled
def sort_moves(moves: Grid, count: int, ranks: Ints, players: int, faces: int) -> None:
    """Sort `moves[:count]` by `rank_of` (insertion sort: a state has a few dozen moves)."""
    for i in range(1, count):
        j = i
        while j > 0:
            a = rank_of(ranks, players, faces, moves[j, 0], moves[j, 1], moves[j, 2], moves[j, 3])
            b = rank_of(ranks, players, faces, moves[j - 1, 0], moves[j - 1, 1], moves[j - 1, 2],
                        moves[j - 1, 3])  # fmt: skip
            if b <= a:
                break
            for f in range(4):
                moves[j, f], moves[j - 1, f] = moves[j - 1, f], moves[j, f]
            j -= 1


@compiled
def observe(M: Ints, E: Ints, s: Ints) -> None:
    """diff.observed, in place on a normalized row of the edition `E`: a draw still owed
    counts only up to the cards it can still get; in a finished game, its result alone."""
    if not M[M[M_FINAL] + s[PHASE]]:
        if s[OWED]:
            most = s[PILE_LEN] + reshuffled_count(E, s)
            s[OWED_AMOUNT] = min(s[OWED_AMOUNT], most)
        return
    s[COLOR] = -1
    s[DIRECTION] = 1
    s[CURRENT] = 0
    s[ACTOR] = 0
    s[DRAWN] = -1
    owe_nothing(s)
    no_challenge(s)
    s[SPECIAL] = -1
    s[WINDOW] = -1
    s[HANDS_PLAYED] = 0
    s[LEADER] = 0


@compiled
def rows_equal(a: Ints, b: Ints) -> bool:
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return False
    return True


@compiled
def first_outcome(
    M: Ints, E: Ints, s: Ints, kind: int, player: int, card: int, arg: int, child: Ints,
    order: Ints, log: Grid, snaps: Grid, logn: Ints,
) -> int:  # fmt: skip
    """A move's first outcome, on the sorted pile (`chance.outcomes`' probe): the refusal
    code, or 0."""
    for i in range(s.shape[0]):
        child[i] = s[i]
    return run(M, E, child, kind, player, card, arg, order[:0], log, snaps, logn)


@compiled
def _skip_move(cursor: Ints, move: int) -> None:
    """Go on with the move after `move` (one of whose outcomes was refused)."""
    if cursor[K_MOVE] == move:
        cursor[K_MOVE] = move + 1
        cursor[K_SUB] = 0


@compiled
def _parted(J: Ints, how: int, state: int, outcome: int, action: Ints) -> None:
    J[J_PARTED] = how
    J[J_STATE] = state
    J[J_OUTCOME] = outcome
    J[J_KIND], J[J_PLAYER], J[J_CARD], J[J_ARG] = action[0], action[1], action[2], action[3]


@compiled
def _part_on_legal(
    J: Ints, mine: Grid, count: int, theirs: Grid, theirs_count: int, ranks: Ints,
    players: int, faces: int, state: int,
) -> bool:  # fmt: skip
    """The legal moves differ: the least (by repr) of those legal in one edition only."""
    i = j = 0
    while i < count or j < theirs_count:
        a = (
            rank_of(ranks, players, faces, mine[i, 0], mine[i, 1], mine[i, 2], mine[i, 3])
            if i < count
            else -1
        )
        b = (
            rank_of(ranks, players, faces, theirs[j, 0], theirs[j, 1], theirs[j, 2], theirs[j, 3])
            if j < theirs_count
            else -1
        )
        if a == b:
            i += 1
            j += 1
            continue
        if b < 0 or (0 <= a < b):
            J[J_PARTED], J[J_STATE], J[J_OUTCOME] = LEGAL_IN_A, state, -1
            J[J_KIND], J[J_PLAYER], J[J_CARD], J[J_ARG] = (
                mine[i, 0],
                mine[i, 1],
                mine[i, 2],
                mine[i, 3],
            )
        else:
            J[J_PARTED], J[J_STATE], J[J_OUTCOME] = LEGAL_IN_B, state, -1
            J[J_KIND], J[J_PLAYER], J[J_CARD], J[J_ARG] = (
                theirs[j, 0],
                theirs[j, 1],
                theirs[j, 2],
                theirs[j, 3],
            )
        return True
    return False


def rank_table(players: int, faces: int) -> npt.NDArray[np.int64]:
    """The rank of every move by the reference's `repr` (see `rank_of`)."""
    from unospec.checks.engines.compiled.tables import ACTION_KIND
    from unospec.model.actions import (
        Accept,
        CallUno,
        Catch,
        Challenge,
        Draw,
        JumpIn,
        Keep,
        NameLoser,
        Pass,
        Pick,
        Play,
        PlayerAction,
    )  # fmt: skip

    plain = TARGET_UNIT * (players + 1)
    width = 2 * plain  # and a play's UNO call (`rank_of`)
    table = np.full(len(ACTION_KIND) * players * faces * width, 1 << 40, dtype=np.int64)
    moves: list[tuple[PlayerAction, int, int]] = []  # (move, card, arg)
    for p in range(players):
        for card in range(faces):
            moves.extend(
                (
                    play(p, card, colour, target, uno),
                    card,
                    colour + TARGET_UNIT * (target + 1) + uno * plain,
                )
                for play in (Play, JumpIn)
                for colour in range(-1, 4)
                for target in range(-1, players)
                for uno in (False, True)
            )
            moves.append((Keep(p, card), card, 0))
            moves.append((Keep(p, card, True), card, 1))
        moves.extend(
            (step(p), 0, 0) for step in (Draw, Pass, Challenge, Accept, CallUno, NameLoser)
        )
        moves.extend((Catch(p, target), 0, target) for target in range(players))
        moves.extend((Pick(p, colour), 0, colour) for colour in range(4))
    for rank, (move, card, arg) in enumerate(sorted(moves, key=lambda m: repr(m[0]))):
        kind = ACTION_KIND[type(move)]
        table[((kind * players + move.player) * faces + card) * width + arg + 1] = rank
    # NameLoser(NOBODY), player -1, reads the slot of Keep(players - 1, 0): no state offers
    # both, and that rank sorts before every seat's NameLoser, as the repr -1 does
    return table


@compiled
def distinguish(
    M: Ints,
    EA: Ints,
    EB: Ints,
    spec: Ints,
    ranks: Ints,
    J: Ints,
    max_states: int,
    first: Words,
    frontier: WordGrid,
    frontier_ids: Ints,
    following: WordGrid,
    following_ids: Ints,
    keys: Ints,
    ids: Ids,
    parents: Ids,
    outcome_of: Ids,
    row: Ints,
    cursor: Ints,
    take: Grid,
    moves: Grid,
    other: Grid,
    child: Ints,
    before: Ints,
    action: Ints,
    order: Ints,
    log: Grid,
    snaps: Grid,
    logn: Ints,
    mine: Ints,
    theirs: Ints,
    words: Words,
    counts: Ints,
) -> None:
    """Explore A from the packed first table until the editions part, or `max_states`
    states are found; the verdict in `J` (see J_*), the parents to rebuild the path."""
    width = spec[1]
    players, faces = spec[2], spec[3]
    for w in range(width):
        frontier[0, w] = first[w]
    frontier_ids[0] = 0
    size = 1
    fp = fingerprint(first, width)
    keys[slot_of(keys, fp)] = fp  # state 0: its id is 0
    J[J_STATES] = 1
    J[J_DEPTH] = 0
    J[J_PARTED] = SAME
    J[J_OUTCOME] = -1
    while size > 0:
        next_size = 0
        for position in range(size):
            state = frontier_ids[position]
            unpack(frontier[position], spec, row, counts)
            chance = M[M[M_CHANCE] + row[PHASE]] != 0
            if not chance:  # the legal moves, as sets; then the moves that meet a gap in A
                start(M, EA, row, cursor, take, moves, child, log, snaps, logn)
                count = cursor[K_MOVES]
                theirs_count = legal(M, EB, row, other, child, log, snaps, logn)
                sort_moves(moves, count, ranks, players, faces)
                sort_moves(other, theirs_count, ranks, players, faces)
                if _part_on_legal(J, moves, count, other, theirs_count, ranks, players, faces,
                                  state):  # fmt: skip
                    return
                while True:  # as `diff._step` lists A's outcomes before comparing any
                    move = cursor[K_MOVE]
                    got = advance(M, EA, row, cursor, take, moves, child, before, action, order,
                                  log, snaps, logn)  # fmt: skip
                    if got == 0:
                        break
                    if got < 0:
                        answer = first_outcome(
                            M, EB, row, action[0], action[1], action[2], action[3], theirs,
                            order, log, snaps, logn,
                        )  # fmt: skip
                        if answer == 0:
                            _parted(J, NO_OUTCOME_IN_A, state, -1, action)
                            return
                        _skip_move(cursor, move)
            start(M, EA, row, cursor, take, moves, child, log, snaps, logn)
            if not chance:
                sort_moves(moves, cursor[K_MOVES], ranks, players, faces)
            while True:
                move = cursor[K_MOVE]
                got = advance(M, EA, row, cursor, take, moves, child, before, action, order, log,
                              snaps, logn)  # fmt: skip
                if got == 0:
                    break
                outcome = cursor[K_COUNT] - 1
                if got < 0:
                    if not chance:  # the outcomes before it stand; the move's others do not
                        _skip_move(cursor, move)
                        continue
                    for i in range(row.shape[0]):  # a shuffle without an outcome in A
                        theirs[i] = row[i]
                    answer = run(M, EB, theirs, action[0], 0, 0, 0, order[: cursor[K_ORDER]],
                                 log, snaps, logn)  # fmt: skip
                    if answer == 0:
                        _parted(J, NO_OUTCOME_IN_A, state, outcome, action)
                        return
                    break  # neither has one: nothing follows this state
                deals_next_hand = False
                for i in range(min(logn[0], log.shape[0])):
                    deals_next_hand |= log[i, 0] == J[J_NEXT_HAND_BRANCH]
                for i in range(row.shape[0]):
                    theirs[i] = before[i]
                answer = run(M, EB, theirs, action[0], action[1], action[2], action[3],
                             order[: cursor[K_ORDER]], log, snaps, logn)  # fmt: skip
                if answer < 0:
                    refusal = (-answer) // REFUSAL
                    how = NO_OUTCOME_IN_B if refusal == GAP else LEGAL_IN_A
                    _parted(J, how, state, outcome, action)
                    return
                if deals_next_hand:
                    J[J_NEXT_HAND] = 1
                normalize(M, child, counts)
                normalize(M, theirs, counts)
                for i in range(row.shape[0]):
                    mine[i] = child[i]
                observe(M, EA, mine)
                observe(M, EB, theirs)
                if not rows_equal(mine, theirs):
                    _parted(J, DIFFERENT_STATES, state, outcome, action)
                    return
                if pack(child, spec, counts, words) < 0:
                    _parted(J, DIFFERENT_STATES, state, outcome, action)
                    return
                fp = fingerprint(words, width)
                slot = slot_of(keys, fp)
                if slot < 0:
                    J[J_PARTED] = TABLE_FULL
                    return
                if keys[slot] == EMPTY:
                    target = J[J_STATES]
                    keys[slot] = fp
                    ids[slot] = target
                    parents[target] = state
                    outcome_of[target] = outcome
                    J[J_STATES] += 1
                    for w in range(width):
                        following[next_size, w] = words[w]
                    following_ids[next_size] = target
                    next_size += 1
                    if J[J_STATES] >= max_states:
                        J[J_PARTED] = BOUND
                        return
        for i in range(next_size):
            for w in range(width):
                frontier[i, w] = following[i, w]
            frontier_ids[i] = following_ids[i]
        size = next_size
        if size:
            J[J_DEPTH] += 1
