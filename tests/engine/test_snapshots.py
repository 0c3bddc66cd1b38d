"""The rows the step invariants read (issue 38): `rules.fire` keeps a copy of the row only
around the transitions a step invariant reads the rows of (`tables.M_BR_SNAPSHOT`), and
`properties.row_at` finds each such row as a run that keeps every row holds it."""

from __future__ import annotations

import random

import numba
import numpy as np
import pytest
from scenario import edition

from unospec.checks.engines.compiled import rules as r
from unospec.checks.engines.compiled.adapter import CompiledRules
from unospec.checks.engines.compiled.properties import row_at
from unospec.checks.engines.compiled.tables import M_BR_SNAPSHOT, M_DIMS
from unospec.model.kernel import initial_state

POISON = -7
"""What the rows `fire` does not keep hold: no row of a real state has it in every slot."""


@numba.njit
def _row_at(start, end, snaps, logged, i, out):  # type: ignore[no-untyped-def]
    """`row_at`'s row copied out (compiled code may return only an array it was passed)."""
    out[:] = row_at(start, end, snaps, logged, i)


@pytest.mark.parametrize("name", ["classic", "express"])
def test_every_row_a_step_invariant_reads_is_the_row_the_step_passed_through(name: str) -> None:
    """Random games: before and after each marked transition, the row `row_at` gives is the
    one a run keeping every row recorded there; every step fired at least one such."""
    rules = CompiledRules(edition(name), 2)
    prog = rules.program
    M = prog.M
    branches = int(M[M[M_DIMS] + 2])
    marks = M[M[M_BR_SNAPSHOT] : M[M_BR_SNAPSHOT] + branches]
    every = M.copy()
    every[M[M_BR_SNAPSHOT] : M[M_BR_SNAPSHOT] + branches] = 1
    rows, length = prog.chain_rows, prog.row_length
    rng = random.Random(38)
    read = steps = 0
    for _ in range(6):
        deck = list(prog.edition.faces.in_play)
        rng.shuffle(deck)
        state = rules.encode(initial_state(prog.edition, 2, deck))
        for _ in range(150):
            moves = rules.legal(state)
            if not moves:
                break
            kind, player, card, arg, order = prog.encode_action(rng.choice(moves))
            kept, full = state.copy(), state.copy()
            log, full_log = np.zeros((rows, 5), np.int64), np.zeros((rows, 5), np.int64)
            snaps, full_snaps = np.full((rows, length), POISON), np.zeros((rows, length), np.int64)
            logn, full_logn = np.zeros(1, np.int64), np.zeros(1, np.int64)
            code = r.run(M, prog.E, kept, kind, player, card, arg, order, log, snaps, logn)
            r.run(every, prog.E, full, kind, player, card, arg, order, full_log, full_snaps,
                  full_logn)  # fmt: skip
            assert code == 0
            assert (kept == full).all() and logn[0] == full_logn[0]
            logged = min(int(logn[0]), rows - 1)
            found = np.zeros(length, np.int64)
            for i in range(1, logged + 1):
                around = marks[log[i - 1, 0]] or (i < logged and marks[log[i, 0]])
                if not around:
                    continue
                expected = full if i == logn[0] else full_snaps[i]
                _row_at(state, kept, snaps, logged, i, found)
                assert (found == expected).all(), (i, log[:logged])
                read += 1
            steps += 1
            state = kept
    assert steps > 300 and read > steps // 2
