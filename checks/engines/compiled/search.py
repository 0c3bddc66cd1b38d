"""Breadth-first search in the engine: TLC's design, in array form.

- **Visited set.** Each distinct state is a 63-bit fingerprint of its packed canonical form
  (`states`), kept in an open-addressing table (`keys`) beside its 32-bit id (`ids`, the
  same slot), doubled when three quarters full. The table is 16 shards (ranges of slots),
  a fingerprint's probe staying within its own, so that several workers can insert at
  once, each into the shards it owns. No state is kept whole once its level is expanded.
- **Parents.** `parents[id]` rebuilds the path to any state; each step's outcome is found
  again by trying the parent's outcomes in order and looking their fingerprints up in the
  table (`walk`), as TLC rebuilds a trace, so no outcome position is stored per state.
- **Final states.** One bit a state (`finals`), for the progress check.
- **Frontier.** Only the level being expanded and the next one are kept as packed rows.
- **Edges.** Every transition's (source, target) ids go to a buffer the driver writes to
  disk, for the progress check (can the game still end?) once the search is complete.

A level is expanded in two steps, so that workers can share it (`--jobs`, TLC's workers):

- `expand` takes a chunk of the frontier and does everything that needs no shared table:
  each state's invariants, its outcomes, each step's invariants, the successor's canonical
  form and fingerprint. It writes what it found as *records* to the worker's own buffers.
  Workers run it side by side (the compiled code holds no lock).
- `merge` applies one worker's records to the visited set, chunk after chunk in frontier
  order, so that ids, parents, counters, the first violation and where `--max-states`
  stops are exactly those of one worker expanding the whole level in order.

With several workers, the visited set's part of the merge is shared out between them, as
multi-core SPIN and distributed TLC partition their state space: for each batch of
expanded chunks, each worker looks up, in frontier order, the steps whose fingerprints fall
in the shards it owns, inserting the new ones (`claim`), side by side with the others; the
merge then only reads each step's slot and gives ids in order. A state is new for the
first step that reaches it in frontier order, whichever worker found it, so the numbering
does not depend on how many workers there are.

Both are resumable: `expand` returns when its buffers are full (`FULL`) or a slice of work
is done (`BUDGET`, so that progress shows and Ctrl-C is honoured), in the middle of a
state's outcomes if need be (a deal can have millions); `merge` returns when a table must
grow (`GROW`) or the edge buffer be written (`FLUSH`), at the bound, or at a violation.

Every state is checked once, when it is expanded, and every step as it is taken; levels
are expanded in order, so the first violation is at the least depth (`checks.explorer`
does the same, with the same order of checks).

Why one module of this length: it is one concept, the compiled search itself (expand a
chunk of the frontier, merge its records, keep the visited table), whose parts share the
record and table layouts declared at its top.
"""

from __future__ import annotations

from unospec.checks.engines.compiled.jit import (
    Bytes,
    Grid,
    Grid3,
    Ids,
    Ints,
    WordGrid,
    Words,
    compiled,
    compiled_inline,
    prefetch,
)
from unospec.checks.engines.compiled.layout import PHASE
from unospec.checks.engines.compiled.outcomes import K_COUNT, K_MOVES, advance, start
from unospec.checks.engines.compiled.properties import state_verdicts, step_verdicts
from unospec.checks.engines.compiled.rules import legal
from unospec.checks.engines.compiled.states import canonical, fingerprint, normalize, unpack
from unospec.checks.engines.compiled.tables import M_CHANCE, M_FINAL

# -- the search's scalars, in one array
(
    X_STATES,  # distinct states found
    X_TRANSITIONS,
    X_EXPANDED,  # states whose every outcome was tried
    X_CHECKED,  # states whose state invariants were checked
    X_UNREDUCED,  # states the orbits of the distinct ones hold
    X_POSITION,  # the frontier states before this one are merged
    X_NEXT,  # states in the next frontier
    X_EDGES,  # edges in the buffer
    X_MAX_STATES,  # 0: no bound
    X_BROKEN,  # the violation: a bit mask of invariants, or a refusal code (below 0)
    X_BROKEN_KIND,  # VIOLATION_STATE, VIOLATION_STEP, VIOLATION_MOVE, VIOLATION_PACKING
    X_BROKEN_PARENT,  # the state it was found in
    X_BROKEN_OUTCOME,  # the outcome of that state (step and move violations)
    X_TABLE_LOAD,  # occupied slots of the table
    X_SHARD_FULL,  # 1: a shard of the table had no empty slot left (it must grow)
) = range(15)
SCALARS = 15

# -- a worker's scalars, in one array
(
    W_POSITION,  # the frontier state being expanded
    W_END,  # the end of the worker's chunk
    W_INSIDE,  # 1 while the cursor is inside that state's outcomes
    W_RECORDS,  # records in the buffer
    W_FIRED,  # branch ids in `fired_ids`
    W_MERGED,  # records merged
    W_BUDGET,  # outcomes to try before returning (BUDGET)
    W_SYMMETRY,  # how many colour renamings to canonicalize by (0 or 1: none)
    W_STOPPED,  # 1 once the worker found a violation: its chunk ends there
) = range(9)
WORKER_SCALARS = 9

# -- a record: one row of `records`; a successor's packed words in the same row of
# `candidates`; the branches a step fired are `fired_ids[previous row's C_FIRED:C_FIRED]`
C_KIND, C_POSITION, C_OUTCOME, C_VALUE, C_MORE, C_FIRED = range(6)
RECORD = 6
(
    R_CHECKED,  # the state's invariants hold (value: its phase)
    R_FINAL,  # a final state: nothing to expand
    R_TAKEN,  # a step taken, broken after it was counted
    R_STEP,  # a step taken to a successor (value: its orbit; more: its fingerprint)
    R_DONE,  # every outcome of the state tried
    R_BROKEN,  # a violation (value: the verdicts or refusal; more: its kind)
) = range(6)

# -- what `expand` returns
CHUNK_DONE, FULL, STOPPED = range(10, 13)
# -- what `merge` returns
MERGED, BUDGET, GROW, FLUSH, VIOLATION, MAX_STATES = range(6)
VIOLATION_STATE, VIOLATION_STEP, VIOLATION_MOVE, VIOLATION_PACKING = range(1, 5)

EMPTY = 0  # a table slot holding no state (fingerprints are never 0)
FULL_LOAD = 3, 4  # the table grows when this fraction of its slots is occupied
AHEAD = 12  # records between a probe's prefetch (`look_ahead`) and the probe itself
SHARD_BITS = 4  # the table is 2**SHARD_BITS shards (`slot_of`) ...
SHARDED_FROM = 1 << 13  # ... once it has this many slots; one shard below

# -- an owner's row of `V`, for a merge of claimed records (`claim`)
V_CLAIMED, V_TAKEN = 0, 1  # verdicts written by `claim`; verdicts read by `merge`
CLAIMED, SHARD_FULL = 0, 1  # what `claim` returns


@compiled_inline
def slot_of(keys: Ints, fp: int) -> int:
    """The slot holding fingerprint `fp` in the visited table, or the empty slot where it
    would go; -1 when its shard is full. Linear probing, wrapping within the fingerprint's
    shard (a range of 1/16 of the slots), so that the workers of a search can each insert
    into the shards they own at once (`claim`). The fingerprints are compared in the table
    itself, so a probe reads one cache line, not a state's record elsewhere. The table's
    size is a power of two and a fingerprint is already a hash: its low bits are the slot,
    with no division."""
    size = keys.shape[0]
    span = size >> SHARD_BITS if size >= SHARDED_FROM else size
    low = span - 1
    slot = fp & (size - 1)
    base = slot - (slot & low)
    for _ in range(span):
        held = keys[slot]
        if held == EMPTY or held == fp:
            return slot
        slot = base + ((slot + 1) & low)
    return -1


@compiled_inline
def look_ahead(keys: Ints, ids: Ids, fp: int) -> None:
    """Start loading the slot where fingerprint `fp`'s probe begins, and its id, without
    waiting (`jit.prefetch`): a probe a few records later then finds them in the cache.
    Any value does (a record that is no step): it is masked into the table first."""
    slot = fp & (keys.shape[0] - 1)
    prefetch(keys, slot)
    prefetch(ids, slot)


@compiled_inline
def owner_of(keys: Ints, fp: int, owners: int) -> int:
    """Which of `owners` workers looks fingerprint `fp` up (`claim`): the one that owns its
    shard, shards dealt out in turn."""
    size = keys.shape[0]
    if size < SHARDED_FROM:
        return 0
    return ((fp & (size - 1)) // (size >> SHARD_BITS)) % owners


@compiled
def rehash(old_keys: Ints, old_ids: Ids, keys: Ints, ids: Ids) -> int:
    """Move every state of the old table into the new, larger, empty one. Returns how many
    found no slot (a shard full: never at twice the size, checked by the driver)."""
    lost, size = 0, old_keys.shape[0]
    for i in range(size):
        if i + AHEAD < size:  # as `merge` does (an empty slot's prefetch is of slot 0)
            prefetch(keys, old_keys[i + AHEAD] & (keys.shape[0] - 1))
        if old_keys[i] != EMPTY:
            slot = slot_of(keys, old_keys[i])
            if slot < 0:
                lost += 1
                continue
            keys[slot] = old_keys[i]
            ids[slot] = old_ids[i]
    return lost


@compiled_inline
def _record(
    W: Ints, records: Grid, kind: int, position: int, outcome: int, value: int, more: int
) -> None:
    """Append one record to the worker's buffer."""
    r = W[W_RECORDS]
    records[r, C_KIND] = kind
    records[r, C_POSITION] = position
    records[r, C_OUTCOME] = outcome
    records[r, C_VALUE] = value
    records[r, C_MORE] = more
    records[r, C_FIRED] = W[W_FIRED]
    W[W_RECORDS] += 1


@compiled_inline
def _stopped(W: Ints) -> int:
    W[W_POSITION] += 1
    W[W_INSIDE] = 0
    W[W_STOPPED] = 1
    return STOPPED


@compiled
def expand(
    M: Ints,
    E: Ints,
    inv: Ints,
    spec: Ints,
    renamings: Ints,
    W: Ints,
    frontier: WordGrid,
    records: Grid,
    candidates: WordGrid,
    fired_ids: Ints,
    row: Ints,
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
    words: Words,
    images: WordGrid,
    scratch: Ints,
    counts: Ints,
    mapped: Ints,
) -> int:
    """Expand the worker's chunk `frontier[W[W_POSITION]:W[W_END]]` into records (see the
    module docstring), touching nothing shared: workers run this side by side."""
    width = spec[1]
    budget = W[W_BUDGET]
    while W[W_POSITION] < W[W_END]:
        position = W[W_POSITION]
        if not W[W_INSIDE]:
            if W[W_RECORDS] + 2 > records.shape[0]:
                return FULL
            unpack(frontier[position], spec, row, counts)
            start(M, E, row, cursor, take, moves, child, log, snaps, logn)
            count = 0 if M[M[M_CHANCE] + row[PHASE]] else cursor[K_MOVES]
            broken = state_verdicts(M, E, inv, row, moves, count, counts)
            _record(W, records, R_CHECKED, position, 0, row[PHASE], 0)
            if broken:
                _record(W, records, R_BROKEN, position, 0, broken, VIOLATION_STATE)
                W[W_POSITION] += 1
                W[W_STOPPED] = 1
                return STOPPED
            if M[M[M_FINAL] + row[PHASE]]:
                _record(W, records, R_FINAL, position, 0, 0, 0)
                W[W_POSITION] += 1
                continue
            W[W_INSIDE] = 1
        while True:
            if W[W_RECORDS] + 2 > records.shape[0]:
                return FULL
            if W[W_FIRED] + log.shape[0] > fired_ids.shape[0]:
                return FULL
            if budget <= 0:
                return BUDGET
            budget -= 1
            got = advance(
                M, E, row, cursor, take, moves, child, before, action, order, log, snaps, logn
            )
            if got == 0:
                break
            outcome = cursor[K_COUNT] - 1
            if got < 0:
                _record(W, records, R_BROKEN, position, outcome, got, VIOLATION_MOVE)
                return _stopped(W)
            logged = min(logn[0], log.shape[0] - 1)
            for i in range(logged):
                fired_ids[W[W_FIRED]] = log[i, 0]
                W[W_FIRED] += 1
            broken = step_verdicts(M, E, inv, before, child, log, snaps, logged, action)
            if broken:
                _record(W, records, R_TAKEN, position, outcome, 0, 0)
                _record(W, records, R_BROKEN, position, outcome, broken, VIOLATION_STEP)
                return _stopped(W)
            normalize(M, child, counts)
            orbit = canonical(
                child, spec, renamings, W[W_SYMMETRY], words, images, scratch, counts, mapped
            )
            if orbit < 0:
                _record(W, records, R_TAKEN, position, outcome, 0, 0)
                _record(W, records, R_BROKEN, position, outcome, orbit, VIOLATION_PACKING)
                return _stopped(W)
            for w in range(width):
                candidates[W[W_RECORDS], w] = words[w]
            _record(W, records, R_STEP, position, outcome, orbit, fingerprint(words, width))
        W[W_INSIDE] = 0
        _record(W, records, R_DONE, position, 0, 0, 0)
        W[W_POSITION] += 1
    return CHUNK_DONE


@compiled
def merge(
    spec: Ints,
    X: Ints,
    W: Ints,
    records: Grid,
    candidates: WordGrid,
    fired_ids: Ints,
    frontier_ids: Ints,
    following: WordGrid,
    following_ids: Ints,
    keys: Ints,
    ids: Ids,
    parents: Ids,
    sources: Ids,
    targets: Ids,
    fired: Ints,
    phases: Ints,
    finals: Bytes,
    verdicts: Grid,
    V: Grid,
    owners: int,
) -> int:
    """Apply a worker's records from `W[W_MERGED]` on to the visited set, in order, as one
    search expanding those states would have; stops as that search would (the bound, a
    violation) or when a table must grow or the edges be flushed, and goes on from there.

    With `owners` (0: none), the records' steps were already looked up by that many
    workers (`claim`): each step's slot, and whether it was new, is the next verdict of
    its owner's row, so the merge itself probes nothing and the table does not grow."""
    width = spec[1]
    if not owners:  # the first records' slots, on their way: see the loop's first line
        for r in range(W[W_MERGED], min(W[W_MERGED] + AHEAD, W[W_RECORDS])):
            look_ahead(keys, ids, records[r, C_MORE])
    while W[W_MERGED] < W[W_RECORDS]:
        r = W[W_MERGED]
        if not owners and r + AHEAD < W[W_RECORDS]:
            look_ahead(keys, ids, records[r + AHEAD, C_MORE])
        kind = records[r, C_KIND]
        position = records[r, C_POSITION]
        state = frontier_ids[position]
        if kind == R_CHECKED:
            if X[X_MAX_STATES] and X[X_STATES] >= X[X_MAX_STATES]:
                X[X_POSITION] = position
                return MAX_STATES
            X[X_CHECKED] += 1
            if 0 <= records[r, C_VALUE] < phases.shape[0]:
                phases[records[r, C_VALUE]] = 1
        elif kind == R_FINAL or kind == R_DONE:
            if kind == R_FINAL:
                finals[state >> 3] |= 1 << (state & 7)
            X[X_EXPANDED] += 1
            X[X_POSITION] = position + 1
        elif kind == R_BROKEN:
            X[X_BROKEN], X[X_BROKEN_KIND] = records[r, C_VALUE], records[r, C_MORE]
            X[X_BROKEN_PARENT], X[X_BROKEN_OUTCOME] = state, records[r, C_OUTCOME]
            X[X_POSITION] = position + 1
            W[W_MERGED] += 1
            return VIOLATION
        else:  # R_TAKEN, R_STEP
            fp, slot, new = 0, 0, False
            if kind == R_STEP:
                if X[X_NEXT] >= following.shape[0] or X[X_STATES] >= parents.shape[0]:
                    return GROW
                grows = FULL_LOAD[1] * X[X_TABLE_LOAD] >= FULL_LOAD[0] * keys.shape[0]
                if grows and not owners:
                    return GROW
                if X[X_EDGES] >= sources.shape[0]:
                    return FLUSH
                fp = records[r, C_MORE]
                if owners:
                    owner = owner_of(keys, fp, owners)
                    slot = verdicts[owner, V[owner, V_TAKEN]]
                    V[owner, V_TAKEN] += 1
                    new = slot >= 0
                    if not new:
                        slot = -1 - slot
                else:
                    slot = slot_of(keys, fp)
                    if slot < 0:
                        X[X_SHARD_FULL] = 1
                        return GROW
                    new = keys[slot] == EMPTY
            X[X_TRANSITIONS] += 1
            for i in range(records[r - 1, C_FIRED] if r else 0, records[r, C_FIRED]):
                fired[fired_ids[i]] += 1
            if kind == R_STEP:
                if new:
                    target = X[X_STATES]
                    keys[slot] = fp
                    ids[slot] = target
                    X[X_TABLE_LOAD] += 1
                    parents[target] = state
                    X[X_STATES] += 1
                    X[X_UNREDUCED] += records[r, C_VALUE]
                    for w in range(width):
                        following[X[X_NEXT], w] = candidates[r, w]
                    following_ids[X[X_NEXT]] = target
                    X[X_NEXT] += 1
                else:
                    target = ids[slot]
                sources[X[X_EDGES]] = state
                targets[X[X_EDGES]] = target
                X[X_EDGES] += 1
                if X[X_MAX_STATES] and X[X_STATES] >= X[X_MAX_STATES]:
                    X[X_POSITION] = position + 1
                    W[W_MERGED] += 1
                    return MAX_STATES
        W[W_MERGED] += 1
    return MERGED


@compiled
def claim(
    keys: Ints, records: Grid3, batch: Grid, owner: int, owners: int, verdicts: Grid, V: Grid
) -> int:
    """The visited set's half of `merge`, shared out: worker `owner` of `owners` looks up
    every step of the batch whose fingerprint lies in a shard it owns (`owner_of`), inserts
    the ones not found, and writes each step's slot (-1 - slot: found) to its row of
    `verdicts`, in the batch's order. `batch` lists the buffers in frontier order: the
    worker, the first record and the end. Owners never touch one another's shards, so they
    run side by side; ids are then given in order by `merge`, which reads the verdicts.
    Returns CLAIMED, or SHARD_FULL (the driver then takes the batch's inserts back with
    `unclaim`, grows the table and claims again)."""
    V[owner, V_TAKEN] = 0
    n = 0
    for b in range(batch.shape[0]):
        worker, end = batch[b, 0], batch[b, 2]
        for r in range(batch[b, 1], min(batch[b, 1] + AHEAD, end)):
            prefetch(keys, records[worker, r, C_MORE] & (keys.shape[0] - 1))
        for r in range(batch[b, 1], end):
            if r + AHEAD < end:  # as `merge` does: the slot of a step to come, on its way
                prefetch(keys, records[worker, r + AHEAD, C_MORE] & (keys.shape[0] - 1))
            if records[worker, r, C_KIND] != R_STEP:
                continue
            fp = records[worker, r, C_MORE]
            if owner_of(keys, fp, owners) != owner:
                continue
            slot = slot_of(keys, fp)
            if slot < 0:
                V[owner, V_CLAIMED] = n
                return SHARD_FULL
            if keys[slot] == EMPTY:
                keys[slot] = fp
                verdicts[owner, n] = slot
            else:
                verdicts[owner, n] = -1 - slot
            n += 1
    V[owner, V_CLAIMED] = n
    return CLAIMED


@compiled
def unclaim(keys: Ints, verdicts: Grid, V: Grid) -> int:
    """Empty again the slots that `claim` filled and `merge` did not number (the search
    stopped before them, or a shard filled up). Returns how many. They were the last
    states inserted into their shards, and linear probing never places a key past one
    inserted after it, so the table is then exactly as if they had never been."""
    emptied = 0
    for owner in range(V.shape[0]):
        for j in range(V[owner, V_TAKEN], V[owner, V_CLAIMED]):
            if verdicts[owner, j] >= 0:
                keys[verdicts[owner, j]] = EMPTY
                emptied += 1
        V[owner, V_TAKEN] = V[owner, V_CLAIMED]
    return emptied


@compiled
def first_broken(
    M: Ints,
    E: Ints,
    inv: Ints,
    spec: Ints,
    frontier: WordGrid,
    first: int,
    last: int,
    row: Ints,
    moves: Grid,
    scratch: Ints,
    log: Grid,
    snaps: Grid,
    logn: Ints,
    counts: Ints,
    found: Ints,
) -> int:
    """The first of the states `frontier[first:last]` whose state invariants break, its
    verdicts in `found[0]`; -1 when none does (`explorer._check_unexpanded`)."""
    for position in range(first, last):
        unpack(frontier[position], spec, row, counts)
        if M[M[M_CHANCE] + row[PHASE]]:
            count = 0
        else:
            count = legal(M, E, row, moves, scratch, log, snaps, logn)
        broken = state_verdicts(M, E, inv, row, moves, count, counts)
        if broken:
            found[0] = broken
            return position
    return -1


@compiled
def mark_can_end(sources: Ids, targets: Ids, count: int, can_end: Bytes) -> int:
    """One backward pass over `count` edges: a source can end the game when a target can.
    Returns how many sources it newly marked (the driver repeats passes until none)."""
    marked = 0
    for i in range(count - 1, -1, -1):
        if can_end[targets[i]] and not can_end[sources[i]]:
            can_end[sources[i]] = 1
            marked += 1
    return marked


@compiled
def walk(
    M: Ints,
    E: Ints,
    spec: Ints,
    renamings: Ints,
    symmetry: int,
    first: Words,
    path: Ids,
    keys: Ints,
    ids: Ids,
    steps: Ints,
    rows: Grid,
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
    words: Words,
    images: WordGrid,
    scratch: Ints,
    counts: Ints,
    mapped: Ints,
) -> int:
    """The states along a path from the first table (packed in `first`), as the search
    stored them: `path[i]` is the id of the state step i leads to. Each step's outcome is
    the first of its state's outcomes whose fingerprint the visited table (`keys`, `ids`)
    holds under that id, which is the one the search first reached it by: its position
    goes to `steps[i]`. Row 0 is the first table, row i + 1 the canonical state step i
    leads to. Returns the number of steps walked, fewer when no outcome leads on (a bug)."""
    width = spec[1]
    unpack(first, spec, rows[0], counts)
    for step in range(path.shape[0]):
        state = rows[step]
        start(M, E, state, cursor, take, moves, child, log, snaps, logn)
        while True:
            got = advance(
                M, E, state, cursor, take, moves, child, before, action, order, log, snaps, logn
            )
            if got <= 0:
                return step
            normalize(M, child, counts)
            orbit = canonical(
                child, spec, renamings, symmetry, words, images, scratch, counts, mapped
            )
            if orbit < 0:
                continue
            fp = fingerprint(words, width)
            slot = slot_of(keys, fp)
            if slot >= 0 and keys[slot] == fp and ids[slot] == path[step]:
                steps[step] = cursor[K_COUNT] - 1
                break
        unpack(words, spec, rows[step + 1], counts)
    return path.shape[0]


@compiled
def outcome_at(
    M: Ints,
    E: Ints,
    state: Ints,
    position: int,
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
    """Outcome number `position` of `state`: `advance`'s result for it (child, before,
    action, order and log filled), or 0 when there is no such outcome."""
    start(M, E, state, cursor, take, moves, child, log, snaps, logn)
    while True:
        got = advance(
            M, E, state, cursor, take, moves, child, before, action, order, log, snaps, logn
        )
        if got <= 0 or cursor[K_COUNT] - 1 == position:
            return got
