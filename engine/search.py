"""Breadth-first search in the engine: TLC's design, in array form.

- **Visited set.** Each distinct state is a 63-bit fingerprint of its packed canonical form
  (`states`), kept in `fingerprints[id]`; an open-addressing table of 32-bit slots maps a
  fingerprint to its id. No state is kept whole once its level is expanded.
- **Parents.** `parents[id]` and `outcomes[id]` (the outcome's position among its parent's)
  rebuild the path to any state by walking from the first table (`walk`).
- **Frontier.** Only the level being expanded and the next one are kept as packed rows.
- **Edges.** Every transition's (source, target) ids go to a buffer the driver writes to
  disk, for the progress check (can the game still end?) once the search is complete.

`search` is resumable: it returns to the driver when a buffer is full (`GROW`, `FLUSH`),
when a slice of work is done (`BUDGET`, so that progress shows and Ctrl-C is honoured), at
the end of a level, at the bound, or at the first invariant broken; called again it goes on
where it stopped, in the middle of a state's outcomes if need be (a deal can have millions).

Every state is checked once, when it is expanded, and every step as it is taken; levels
are expanded in order, so the first violation is at the least depth (`checks.explorer`
does the same, with the same order of checks).
"""

from __future__ import annotations

from unospec.engine.jit import Bytes, Grid, Ids, Ints, WordGrid, Words, compiled
from unospec.engine.layout import PHASE
from unospec.engine.outcomes import K_COUNT, K_MOVES, advance, start
from unospec.engine.properties import state_verdicts, step_verdicts
from unospec.engine.rules import legal
from unospec.engine.states import canonical, fingerprint, normalize, unpack
from unospec.engine.tables import M_CHANCE, M_FINAL

# -- the search's scalars, in one array
(
    X_STATES,  # distinct states found
    X_TRANSITIONS,
    X_EXPANDED,  # states whose every outcome was tried
    X_CHECKED,  # states whose state invariants were checked
    X_UNREDUCED,  # states the orbits of the distinct ones hold
    X_POSITION,  # the frontier state being expanded
    X_INSIDE,  # 1 while the cursor is inside that state's outcomes
    X_NEXT,  # states in the next frontier
    X_EDGES,  # edges in the buffer
    X_MAX_STATES,  # 0: no bound
    X_BUDGET,  # outcomes to try before returning (BUDGET)
    X_BROKEN,  # the violation: a bit mask of invariants, or a refusal code (below 0)
    X_BROKEN_KIND,  # VIOLATION_STATE, VIOLATION_STEP, VIOLATION_MOVE, VIOLATION_PACKING
    X_BROKEN_PARENT,  # the state it was found in
    X_BROKEN_OUTCOME,  # the outcome of that state (step and move violations)
    X_SYMMETRY,  # how many colour renamings to canonicalize by (0 or 1: none)
    X_ORDER,  # the length of the broken outcome's shuffle
    X_TABLE_LOAD,  # occupied slots of the table
) = range(18)
SCALARS = 18

# -- what `search` returns
LEVEL_DONE, BUDGET, GROW, FLUSH, VIOLATION, MAX_STATES = range(6)
VIOLATION_STATE, VIOLATION_STEP, VIOLATION_MOVE, VIOLATION_PACKING = range(1, 5)

EMPTY = 0  # a table slot holding no state (slots hold id + 1)


@compiled
def find(fingerprints: Ints, table: Ids, fp: int) -> int:
    """The slot of `fp` in the table, or the empty slot where it would go."""
    size = table.shape[0]
    slot = (fp * 0x9E3779B1) % size
    while True:
        held = table[slot]
        if held == EMPTY or fingerprints[held - 1] == fp:
            return slot
        slot += 1
        if slot == size:
            slot = 0


@compiled
def rehash(fingerprints: Ints, count: int, table: Ids) -> None:
    """Fill an empty table with the first `count` states (after it grew)."""
    for i in range(table.shape[0]):
        table[i] = EMPTY
    for state in range(count):
        table[find(fingerprints, table, fingerprints[state])] = state + 1


@compiled
def search(
    M: Ints,
    E: Ints,
    inv: Ints,
    spec: Ints,
    renamings: Ints,
    X: Ints,
    frontier: WordGrid,
    frontier_ids: Ints,
    frontier_size: int,
    following: WordGrid,
    following_ids: Ints,
    fingerprints: Ints,
    table: Ids,
    parents: Ids,
    outcome_of: Ids,
    sources: Ids,
    targets: Ids,
    fired: Ints,
    phases: Ints,
    finals: Bytes,
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
    """Expand the frontier from `X[X_POSITION]` on; see the module docstring for when it
    returns, and what."""
    width = spec[1]
    budget = X[X_BUDGET]
    while X[X_POSITION] < frontier_size:
        position = X[X_POSITION]
        state = frontier_ids[position]
        if not X[X_INSIDE]:
            if X[X_MAX_STATES] and X[X_STATES] >= X[X_MAX_STATES]:
                return MAX_STATES
            unpack(frontier[position], spec, row, counts)
            if 0 <= row[PHASE] < phases.shape[0]:
                phases[row[PHASE]] = 1
            X[X_CHECKED] += 1
            start(M, E, row, cursor, take, moves, child, log, snaps, logn)
            count = 0 if M[M[M_CHANCE] + row[PHASE]] else cursor[K_MOVES]
            broken = state_verdicts(M, E, inv, row, moves, count, counts)
            if broken:
                X[X_BROKEN], X[X_BROKEN_KIND], X[X_BROKEN_PARENT] = broken, VIOLATION_STATE, state
                X[X_POSITION] += 1
                return VIOLATION
            if M[M[M_FINAL] + row[PHASE]]:
                finals[state] = 1
                X[X_EXPANDED] += 1
                X[X_POSITION] += 1
                continue
            X[X_INSIDE] = 1
        while True:
            if X[X_NEXT] >= following.shape[0] or X[X_STATES] >= fingerprints.shape[0]:
                return GROW
            if X[X_STATES] >= finals.shape[0] or X[X_STATES] >= parents.shape[0]:
                return GROW
            if 10 * X[X_TABLE_LOAD] >= 7 * table.shape[0]:
                return GROW
            if X[X_EDGES] >= sources.shape[0]:
                return FLUSH
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
                X[X_BROKEN], X[X_BROKEN_KIND] = got, VIOLATION_MOVE
                X[X_BROKEN_PARENT], X[X_BROKEN_OUTCOME] = state, outcome
                X[X_POSITION] += 1
                return VIOLATION
            X[X_TRANSITIONS] += 1
            logged = min(logn[0], log.shape[0] - 1)
            for i in range(logged):
                fired[log[i, 0]] += 1
            broken = step_verdicts(M, E, inv, row, child, log, snaps, logged, action)
            if broken:
                X[X_BROKEN], X[X_BROKEN_KIND] = broken, VIOLATION_STEP
                X[X_BROKEN_PARENT], X[X_BROKEN_OUTCOME] = state, outcome
                X[X_POSITION] += 1
                return VIOLATION
            normalize(M, child, counts)
            orbit = canonical(
                child, spec, renamings, X[X_SYMMETRY], words, images, scratch, counts, mapped
            )
            if orbit < 0:
                X[X_BROKEN], X[X_BROKEN_KIND] = orbit, VIOLATION_PACKING
                X[X_BROKEN_PARENT], X[X_BROKEN_OUTCOME] = state, outcome
                X[X_POSITION] += 1
                return VIOLATION
            fp = fingerprint(words, width)
            slot = find(fingerprints, table, fp)
            if table[slot] == EMPTY:
                target = X[X_STATES]
                fingerprints[target] = fp
                table[slot] = target + 1
                X[X_TABLE_LOAD] += 1
                parents[target] = state
                outcome_of[target] = outcome
                X[X_STATES] += 1
                X[X_UNREDUCED] += orbit
                for w in range(width):
                    following[X[X_NEXT], w] = words[w]
                following_ids[X[X_NEXT]] = target
                X[X_NEXT] += 1
            else:
                target = table[slot] - 1
            sources[X[X_EDGES]] = state
            targets[X[X_EDGES]] = target
            X[X_EDGES] += 1
            if X[X_MAX_STATES] and X[X_STATES] >= X[X_MAX_STATES]:
                X[X_INSIDE] = 0
                X[X_POSITION] += 1
                return MAX_STATES
        X[X_INSIDE] = 0
        X[X_EXPANDED] += 1
        X[X_POSITION] += 1
    return LEVEL_DONE


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
    path: Ints,
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
    stored them: `path[i]` is the position of step i's outcome among its state's outcomes.
    Row 0 is the first table, row i + 1 the canonical state step i leads to. Returns the
    number of steps walked, fewer when an outcome is missing (a bug)."""
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
            if cursor[K_COUNT] - 1 == path[step]:
                break
        normalize(M, child, counts)
        if canonical(child, spec, renamings, symmetry, words, images, scratch, counts, mapped) < 0:
            return step
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
