"""Everything conformance asks the engine about one state, in one call: its invariants'
verdicts, its legal moves, its canonical form, every outcome (in the order the reference
lists them, each with its step verdicts or its refusal, and the canonical form the explorer
would key it by), and its refusal of each of a list of moves.

One call per state instead of one per question: conformance compares hundreds of thousands
of states, and crossing from Python into compiled code costs more than the rules do.
"""

from __future__ import annotations

from unospec.checks.engines.compiled.jit import Grid, Ints, WordGrid, Words, compiled
from unospec.checks.engines.compiled.layout import PHASE
from unospec.checks.engines.compiled.outcomes import K_COUNT, K_MOVES, K_ORDER, advance, start
from unospec.checks.engines.compiled.properties import state_verdicts, step_verdicts
from unospec.checks.engines.compiled.rules import run
from unospec.checks.engines.compiled.states import canonical_of
from unospec.checks.engines.compiled.tables import M_CHANCE

# -- per outcome, what `probe` writes
O_CODE, O_BROKEN, O_ORDER = range(3)  # the refusal (or 0), the step verdicts, shuffle length
OUTCOME_FIELDS = 3


@compiled
def probe(
    M: Ints,
    E: Ints,
    inv: Ints,
    s: Ints,
    tries: Grid,
    orders: Grid,
    order_lens: Ints,
    tried: Ints,
    found: Ints,
    children: Grid,
    befores: Grid,
    outcomes: Grid,
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
    counts: Ints,
    spec: Ints,
    renamings: Ints,
    renaming_count: int,
    work: Ints,
    renamed: Ints,
    mapped: Ints,
    images: WordGrid,
    key: Words,
    keys: WordGrid,
) -> int:
    """Probe the normalized state `s`: found[0] its state verdicts, found[1] its legal
    moves (in `moves`), found[2] what `canonical` returns for it (its form in `key`), then
    its outcomes into `children`, `befores`, `outcomes` and `keys` (a row each, `keys` the
    canonical form of the outcome normalized); `tried[i]` the refusal code of move
    `tries[i]` (0: accepted), a shuffle's order `orders[i, :order_lens[i]]`. Returns how
    many outcomes were written, or -1 when `children` has too few rows (the caller grows
    it)."""
    start(M, E, s, cursor, take, moves, child, log, snaps, logn)
    count = 0 if M[M[M_CHANCE] + s[PHASE]] else cursor[K_MOVES]
    found[0] = state_verdicts(M, E, inv, s, moves, count, counts)
    found[1] = count
    found[2] = canonical_of(M, s, spec, renamings, renaming_count, work, key, images, renamed,
                            counts, mapped)  # fmt: skip
    written = 0
    while True:
        got = advance(M, E, s, cursor, take, moves, child, before, action, order, log, snaps, logn)
        if got == 0:
            break
        if written >= children.shape[0]:
            return -1
        row = outcomes[written]
        row[O_CODE] = got if got < 0 else 0
        row[O_ORDER] = cursor[K_ORDER]
        row[O_BROKEN] = 0
        for i in range(s.shape[0]):
            befores[written, i] = before[i]
        if got > 0:
            logged = min(logn[0], log.shape[0] - 1)
            row[O_BROKEN] = step_verdicts(M, E, inv, before, child, log, snaps, logged, action)
            for i in range(s.shape[0]):
                children[written, i] = child[i]
            canonical_of(M, child, spec, renamings, renaming_count, work, keys[written], images,
                         renamed, counts, mapped)  # fmt: skip
        written += 1
        if got < 0:
            break  # the cursor cannot go past a refused move
        if cursor[K_COUNT] > 1 << 20:
            break
    for t in range(tries.shape[0]):
        for i in range(s.shape[0]):
            child[i] = s[i]
        tried[t] = run(M, E, child, tries[t, 0], tries[t, 1], tries[t, 2], tries[t, 3],
                       orders[t, : order_lens[t]], log, snaps, logn)  # fmt: skip
    return written
