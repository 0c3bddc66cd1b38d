"""Whole random games in the engine: `checks.random_play` in array form, for volume.

The players choose as `random_play.choose` does (`mixed`, `eager`: a kind of move by weight,
then a card, then a colour; `random`, `heuristic`: uniformly among the moves the policy
keeps, `compiled.heuristic`), from the engine's own random numbers (`splitmix`:
SplitMix64, so a game is the same on every machine and with the JIT on or off). Game
`number` of a run with `seed` is seeded by `seed * 1_000_003 + number`, as before, so which
games a run plays does not depend on how many processes play them.

`play` plays a batch of games at one table size and writes, per game, what the tallies of
`checks.simulate` need (`G_*` columns), the turns of each finished hand, how often each
machine transition fired, and what `stats` counts (`observe`: the reference's twin is
`checks.engines.observations`); with `record` it also keeps every action, so that a game
can be replayed step by step by the reference (`checks.conformance`, `unospec play`).

Why one module of this length: it is one concept, the compiled game loop (deal, choose,
step, tally) and the per-game record it writes.
"""

from __future__ import annotations

import numpy as np

from unospec.checks.engines.compiled.heuristic import PLAN_SLOTS, kept_move, plan
from unospec.checks.engines.compiled.jit import Grid, Ints, Words, compiled, copy_ints
from unospec.checks.engines.compiled.layout import (
    ACTOR,
    CH,
    CURRENT,
    DIRECTION,
    FACES,
    HANDS_PLAYED,
    HEADER,
    PHASE,
    PILE_LEN,
    PLAYERS,
    SPECIAL,
    TOP,
    UNDER,
    WINDOW,
    WINNER,
)
from unospec.checks.engines.compiled.properties import state_verdicts, step_verdicts
from unospec.checks.engines.compiled.row import (
    arg_call,
    arg_color,
    arg_target,
    event_named,
    phase_named,
    pile_card,
    play_arg,
    reshuffled_count,
    under_base,
    verdict,
)
from unospec.checks.engines.compiled.rules import (
    LOG_BRANCH,
    LOG_LEADER_CARDS,
    LOG_OWED,
    LOG_PILE,
    colour_at_random,
    colours_at_random,
    legal,
    run,
)
from unospec.checks.engines.compiled.tables import (
    E_COLORS,
    E_DECK,
    E_RULES,
    M_BR_EVENT,
    M_BR_TARGET,
    M_CHANCE,
)
from unospec.checks.engines.compiled.vocabulary import (
    A_ACCEPT,
    A_CATCH,
    A_CHALLENGE,
    A_DEAL,
    A_DRAW,
    A_KEEP,
    A_LOSER,
    A_PASS,
    A_PICK,
    A_PLAY,
    A_RESHUFFLE,
    A_UNO,
    CALL_UNIT,
    EV_DRAW,
    EV_DRAW_OWED,
    EV_PLAY,
    EV_RESHUFFLE,
    EV_SCORE,
    GAP,
    PH_AWAITING_RESHUFFLE,
    PH_DEALING,
    PH_GAME_OVER,
    R_COLORS,
    R_IN_PLAY,
    REFUSAL,
)
from unospec.checks.engines.observations import (
    O_HITS_NEXT,
    O_HITS_OTHER,
    O_HITS_SELF,
    O_POINTS,
    O_UPHELD,
)

# -- kinds of move a random player weighs (random_play._kind)
(
    G_PLAY,
    G_INTERRUPT,
    G_UNO,
    G_CATCH,
    G_DRAW,
    G_PASS,
    G_CHALLENGE,
    G_ACCEPT,
    G_KEEP,
    G_LOSER,
) = range(10)
GROUPS = 10
assert GROUPS >= PLAN_SLOTS  # `choose`'s scratch is the heuristic's plan too (`plan`)
GROUP_NAMES = ("play", "interrupt", "uno", "catch", "draw", "pass")
"""The `random_play.WEIGHTS` names of the first groups; the others weigh 1 by default."""
POLICY_MIXED, POLICY_EAGER, POLICY_RANDOM, POLICY_HEURISTIC = range(4)

# -- what a game leaves in its row of the results
(
    R_STEPS,
    R_HANDS,  # hands finished (their turns are in the turns buffer)
    R_WINNER,
    R_STATUS,
    R_RESHUFFLES,
    R_LEADER_WINS,
    R_SHORTFALLS,
    R_BROKEN,  # the invariants broken (a mask), or the refusal code
    R_AT,  # the step at which it broke (counted from 0, as `Violation.step`)
    R_TURNS_START,
    R_HANDS_PLAYED,
    R_ACTIONS_START,  # with `record`: where its actions start in the actions buffer
) = range(12)
RESULT_FIELDS = 12
(
    STATUS_FINISHED,
    STATUS_UNFINISHED,  # still going at the step limit
    STATUS_GAP,  # the rules gave no outcome
    STATUS_BROKEN,  # an invariant broke
    STATUS_REFUSED,  # a move or shuffle offered, then refused
) = range(5)

# -- the scalars of a batch
B_GAMES, B_TURNS, B_ACTIONS, B_ORDERS = range(4)
BATCH = 4


@compiled
def splitmix(rng: Words) -> int:
    """SplitMix64's next 64 bits, as a non-negative int64 (63 of them)."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return int(z >> np.uint64(1))


@compiled
def below(rng: Words, n: int) -> int:
    """A uniform integer in [0, n)."""
    return splitmix(rng) % n


@compiled
def shuffle(rng: Words, cards: Ints, count: int) -> None:
    """Fisher-Yates on cards[:count]."""
    for i in range(count - 1, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@compiled
def group_of(s: Ints, kind: int, player: int) -> int:
    """random_play._kind, as a G_* id."""
    if kind == A_PLAY:
        return G_PLAY if player == s[CURRENT] else G_INTERRUPT
    if kind == A_UNO:  # a call with nobody just down to one card: weighed as a catch
        return G_UNO if s[WINDOW] >= 0 else G_CATCH
    if kind == A_CATCH:
        return G_CATCH
    if kind == A_DRAW:
        return G_DRAW
    if kind == A_PASS:
        return G_PASS
    if kind == A_CHALLENGE:
        return G_CHALLENGE
    if kind == A_ACCEPT:
        return G_ACCEPT
    if kind == A_KEEP:
        return G_KEEP
    return G_LOSER if kind == A_LOSER else G_PASS


@compiled
def policy_move(
    M: Ints,
    E: Ints,
    s: Ints,
    moves: Grid,
    count: int,
    rng: Words,
    policy: int,
    weights: Ints,
    seen: Ints,
) -> int:
    """random_play._chosen: a kind of move by weight (kinds in the order they first appear
    among the moves), then a card, then one of its moves; returns the move's row. `random`
    draws any move, `heuristic` one of those `compiled.heuristic` keeps. `seen` is scratch
    of GROUPS slots."""
    if policy == POLICY_RANDOM:
        return below(rng, count) if count > 1 else 0
    if policy == POLICY_HEURISTIC:
        kept = plan(M, E, s, moves, count, seen)
        return kept_move(E, s, moves, count, seen, below(rng, kept) if kept > 1 else 0)
    kinds = 0  # distinct kinds, in order of appearance, in seen[:kinds]
    for i in range(count):
        g = group_of(s, moves[i, 0], moves[i, 1])
        known = False
        for j in range(kinds):
            if seen[j] == g:
                known = True
                break
        if not known:
            seen[kinds] = g
            kinds += 1
    if policy == POLICY_EAGER:  # play whenever one can, call UNO at once, never catch or draw
        chosen = -1
        for want in (G_UNO, G_PLAY):
            for j in range(kinds):
                if seen[j] == want:
                    chosen = want
                    break
            if chosen >= 0:
                break
        if chosen >= 0:
            seen[0] = chosen
            kinds = 1
        else:
            kept = 0
            for j in range(kinds):
                if seen[j] != G_CATCH:
                    seen[kept] = seen[j]
                    kept += 1
            if kept:
                kinds = kept
    if kinds == 1:
        group = seen[0]
    else:
        total = 0
        for j in range(kinds):
            total += weights[seen[j]]
        point = (splitmix(rng) >> 10) * total / float(1 << 53)
        group = seen[kinds - 1]
        cumulative = 0
        for j in range(kinds):
            cumulative += weights[seen[j]]
            if point < cumulative:
                group = seen[j]
                break
    members = 0
    for i in range(count):
        if group_of(s, moves[i, 0], moves[i, 1]) == group:
            members += 1
    card = -1
    if members > 1 and (group == G_PLAY or group == G_INTERRUPT):
        cards = 0  # distinct cards among the group's moves
        last = -2
        for i in range(count):
            if group_of(s, moves[i, 0], moves[i, 1]) == group and moves[i, 2] != last:
                last = moves[i, 2]
                cards += 1
        pick = below(rng, cards)
        last = -2
        for i in range(count):
            if group_of(s, moves[i, 0], moves[i, 1]) == group and moves[i, 2] != last:
                last = moves[i, 2]
                if pick == 0:
                    card = last
                    break
                pick -= 1
        members = 0
        for i in range(count):
            if group_of(s, moves[i, 0], moves[i, 1]) == group and moves[i, 2] == card:
                members += 1
    pick = below(rng, members) if members > 1 else 0
    for i in range(count):
        if group_of(s, moves[i, 0], moves[i, 1]) != group:
            continue
        if card >= 0 and moves[i, 2] != card:
            continue
        if pick == 0:
            return i
        pick -= 1
    return 0


@compiled
def choose(
    M: Ints,
    E: Ints,
    s: Ints,
    moves: Grid,
    count: int,
    rng: Words,
    policy: int,
    weights: Ints,
    seen: Ints,
) -> int:
    """random_play.choose: the row of the move the `policy` chooses. Where a colour comes up
    at random (`rules.colours_at_random`), the policy chooses among the moves with each such
    move in its first colour only (the others are dropped: `moves` is compacted in place),
    and the chosen row's colour is then drawn."""
    if not colours_at_random(M, E, s):
        return policy_move(M, E, s, moves, count, rng, policy, weights, seen)
    colors_at = E[E_COLORS]
    first = E[colors_at]
    offered = 0
    for i in range(count):
        kind, arg = moves[i, 0], moves[i, 3]
        if colour_at_random(M, E, s, kind, arg):
            named = arg if kind == A_PICK else arg_color(arg)
            if named != first:
                continue
        for f in range(moves.shape[1]):
            moves[offered, f] = moves[i, f]
        offered += 1
    pick = policy_move(M, E, s, moves, offered, rng, policy, weights, seen)
    kind, arg = moves[pick, 0], moves[pick, 3]
    if colour_at_random(M, E, s, kind, arg):
        color = E[colors_at + below(rng, E[E[E_RULES] + R_COLORS])]
        moves[pick, 3] = color if kind == A_PICK else play_arg(color, arg_target(arg))
        if kind != A_PICK and arg_call(arg):
            moves[pick, 3] += CALL_UNIT
    return pick


@compiled
def tally(
    M: Ints, s: Ints, log: Grid, logged: int, fired: Ints, result: Ints, turns: Ints, counters: Ints
) -> None:
    """random_play._count: the transitions fired, turns, reshuffles, scores, shortfalls.
    `counters[0]` is the turns of the hand in progress, `counters[1]` the turns written."""
    play, draw = event_named(M, EV_PLAY), event_named(M, EV_DRAW)
    reshuffle, score = event_named(M, EV_RESHUFFLE), event_named(M, EV_SCORE)
    draw_owed = event_named(M, EV_DRAW_OWED)
    waiting = phase_named(M, PH_AWAITING_RESHUFFLE)
    for i in range(logged):
        branch = log[i, LOG_BRANCH]
        fired[branch] += 1
        event = M[M[M_BR_EVENT] + branch]
        if event == play or event == draw:
            counters[0] += 1
        elif event == reshuffle:
            result[R_RESHUFFLES] += 1
        elif event == score:
            if log[i, LOG_LEADER_CARDS] == 0:
                result[R_LEADER_WINS] += 1
            if counters[1] < turns.shape[0]:
                turns[counters[1]] = counters[0]
            counters[1] += 1
            result[R_HANDS] += 1
            counters[0] = 0
        elif event == draw_owed and M[M[M_BR_TARGET] + branch] != waiting:
            if log[i, LOG_OWED] > log[i, LOG_PILE]:
                result[R_SHORTFALLS] += 1


@compiled
def observe(E: Ints, s: Ints, after: Ints, action: Ints, row: Ints) -> None:
    """What `stats` counts of one step (`checks.engines.observations.observe_step` in array
    form): the card played, the card that ended a hand, a challenge upheld, and whom a
    special wild's penalty hits, relative to the player who played it."""
    faces = s[FACES]
    after_faces = 3 * faces  # then AFTER_FACES columns
    kind = action[0]
    if kind == A_PLAY:
        row[action[2]] += 1
    elif kind == A_CHALLENGE:
        if s[CH] == 1 and verdict(E, s) == 1:
            row[after_faces + O_UPHELD] += 1
    elif kind == A_LOSER and action[1] >= 0:  # a penalty set (not actions.NOBODY)
        if s[SPECIAL] >= 0:
            row[2 * faces + s[SPECIAL]] += 1
        loser, actor = action[1], s[ACTOR]
        if loser == actor:
            row[after_faces + O_HITS_SELF] += 1
        elif loser == (actor + s[DIRECTION]) % s[PLAYERS]:
            row[after_faces + O_HITS_NEXT] += 1
        else:
            row[after_faces + O_HITS_OTHER] += 1
    if after[HANDS_PLAYED] > s[HANDS_PLAYED] and after[TOP] >= 0:
        row[faces + after[TOP]] += 1


@compiled
def play(
    M: Ints,
    E: Ints,
    inv: Ints,
    empty: Ints,
    seeds: Ints,
    policy: int,
    check: int,
    max_steps: int,
    weights: Ints,
    results: Grid,
    turns: Ints,
    fired: Grid,
    observed: Grid,
    batch: Ints,
    record: int,
    actions: Grid,
    orders: Ints,
    s: Ints,
    after: Ints,
    moves: Grid,
    next_moves: Grid,
    closed: Ints,
    order: Ints,
    log: Grid,
    snaps: Grid,
    logn: Ints,
    counts: Ints,
    seen: Ints,
    counters: Ints,
    rng: Words,
    action: Ints,
) -> int:
    """Play the games seeded `seeds[batch[B_GAMES]:]` from the table `empty`, one after
    another, into `results`, `fired` and `observed` (a row each) and `turns`; return how many
    were played.
    It stops early, before a game, when the turns or actions buffers may not hold it (the
    caller grows them and calls again)."""
    games = seeds.shape[0]
    dealing = phase_named(M, PH_DEALING)
    over = phase_named(M, PH_GAME_OVER)
    in_play = E[E[E_RULES] + R_IN_PLAY]
    while batch[B_GAMES] < games:
        g = batch[B_GAMES]
        results[g, R_ACTIONS_START] = batch[B_ACTIONS]  # where a return leaves it, too
        if batch[B_TURNS] + 1024 > turns.shape[0]:
            return g
        if record and (batch[B_ACTIONS] + max_steps + 8 > actions.shape[0]):
            return g
        result = results[g]
        for f in range(results.shape[1]):
            result[f] = 0
        for f in range(fired.shape[1]):
            fired[g, f] = 0
        for f in range(observed.shape[1]):
            observed[g, f] = 0
        result[R_WINNER] = -1
        result[R_TURNS_START] = batch[B_TURNS]
        result[R_ACTIONS_START] = batch[B_ACTIONS]
        rng[0] = np.uint64(seeds[g])
        copy_ints(s, empty)
        counters[0] = 0
        counters[1] = 0
        count = legal(M, E, s, moves, closed, log, snaps, logn)
        status = STATUS_UNFINISHED
        steps = 0
        while steps < max_steps:
            if s[PHASE] == over:
                status = STATUS_FINISHED
                break
            if M[M[M_CHANCE] + s[PHASE]]:
                if s[PHASE] == dealing:
                    size = in_play
                    deck = E[E_DECK]
                    for i in range(size):
                        order[i] = E[deck + i]
                    kind = A_DEAL
                else:  # the discard pile under its top, and what the draw pile still holds
                    size = 0
                    under = under_base(s)
                    for card in range(s[FACES]):
                        for _ in range(s[under + card]):
                            order[size] = card
                            size += 1
                    if reshuffled_count(E, s) > s[UNDER]:  # the whole pile: its top too
                        order[size] = s[TOP]
                        size += 1
                    for i in range(s[PILE_LEN]):
                        order[size] = pile_card(s, i)
                        size += 1
                    kind = A_RESHUFFLE
                shuffle(rng, order, size)
                action[0], action[1], action[2], action[3] = kind, 0, 0, 0
            else:
                size = 0
                pick = choose(M, E, s, moves, count, rng, policy, weights, seen)
                for f in range(4):
                    action[f] = moves[pick, f]
            if record:
                row = batch[B_ACTIONS]
                for f in range(4):
                    actions[row, f] = action[f]
                actions[row, 4] = batch[B_ORDERS]
                actions[row, 5] = size
                if batch[B_ORDERS] + size > orders.shape[0]:
                    return g  # grown by the caller; the game is played again from its start
                for i in range(size):
                    orders[batch[B_ORDERS] + i] = order[i]
                batch[B_ORDERS] += size
                batch[B_ACTIONS] += 1
            copy_ints(after, s)
            code = run(
                M,
                E,
                after,
                action[0],
                action[1],
                action[2],
                action[3],
                order[:size],
                log,
                snaps,
                logn,
            )
            if code < 0:
                status = STATUS_GAP if (-code) // REFUSAL == GAP else STATUS_REFUSED
                result[R_BROKEN] = code
                result[R_AT] = steps
                break
            steps += 1
            logged = min(logn[0], log.shape[0] - 1)
            tally(M, s, log, logged, fired[g], result, turns[batch[B_TURNS] :], counters)
            observe(E, s, after, action, observed[g])
            broken = 0
            if check:  # the step's checks first: `legal` below reuses the log as scratch
                broken = step_verdicts(M, E, inv, s, after, log, snaps, logged, action)
            count = legal(M, E, after, next_moves, closed, log, snaps, logn)
            if check:
                broken |= state_verdicts(M, E, inv, after, next_moves, count, counts)
            if broken:
                status = STATUS_BROKEN
                result[R_BROKEN] = broken
                result[R_AT] = steps - 1
                break
            s, after = after, s  # the two rows and move lists swap roles: no copy back
            moves, next_moves = next_moves, moves
        result[R_STEPS] = steps
        result[R_STATUS] = status
        if status == STATUS_FINISHED or status == STATUS_UNFINISHED:
            result[R_WINNER] = s[WINNER]
            result[R_HANDS_PLAYED] = s[HANDS_PLAYED]
            points = 0
            for seat in range(s[PLAYERS]):
                points += s[HEADER + seat]  # the scores come first (layout)
            observed[g, 3 * s[FACES] + O_POINTS] = points
        batch[B_TURNS] += min(counters[1], turns.shape[0] - batch[B_TURNS])
        batch[B_GAMES] += 1
    return batch[B_GAMES]
