"""The compiled engine behind conformance's adapter interface (`checks.conformance.Rules`).

Conformance holds any implementation of the rules to the reference through five calls
(encode, decode, legal moves, one step, a recorded game); this is the compiled engine's.
Each call crosses from Python into compiled code once, with the session's scratch arrays.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import rules as r
from unospec.checks.engines.compiled import vocabulary as v
from unospec.checks.engines.compiled.exploration import Scratch
from unospec.checks.engines.compiled.layout import PHASE
from unospec.checks.engines.compiled.probe import OUTCOME_FIELDS, probe
from unospec.checks.engines.compiled.program import Program, program
from unospec.checks.engines.compiled.properties import (
    INVARIANT_NAMES,
    invariant_tables,
    state_verdicts,
    step_verdicts,
)
from unospec.checks.engines.compiled.simulation import engine_seed, game_actions, play_batch
from unospec.checks.engines.compiled.tables import M_CHANCE, cited_rule
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.state import GameState
from unospec.model.table import MACHINE, CompiledMachine

Row = npt.NDArray[np.int64]


def _refusal(edition: Edition, code: int) -> tuple[str, str]:
    """A refusal code as conformance reads it: its kind and the rule it cites."""
    refusal, rule = divmod(-code, v.REFUSAL)
    how = "gap" if refusal == v.GAP else "illegal" if refusal == v.ILLEGAL else "broken"
    return how, cited_rule(edition, rule)


@dataclass(frozen=True)
class Probe:
    """A state as the engine sees it (`CompiledRules.probe_state`)."""

    decoded: GameState
    broken: frozenset[str]
    legal: list[Action]
    outcomes: list[tuple[tuple[str, str] | None, GameState | None, frozenset[str]]]
    refused: list[bool]  # per move tried


def names(mask: int) -> frozenset[str]:
    """The invariants a verdict mask says are broken."""
    return frozenset(name for i, name in enumerate(INVARIANT_NAMES) if mask >> i & 1)


@dataclass(frozen=True)
class Stepped:
    """One step as an implementation of the rules took it: the state it led to, or why it
    refused (`refused`: "illegal" or "gap", and the rule cited), and the step invariants it
    found broken (None: it checks none)."""

    state: Row | None
    refused: tuple[str, str] | None = None
    broken: frozenset[str] | None = None


class CompiledRules:
    """The compiled engine at one table size: what conformance calls."""

    name = "compiled"

    def __init__(self, edition: Edition, players: int, machine: CompiledMachine = MACHINE) -> None:
        self.edition = edition
        self.players = players
        self.program: Program = program(edition, players, machine)
        self.invariants = invariant_tables(self.program.machine)
        self.scratch = Scratch.of(self.program)
        self.closed = np.zeros(self.program.row_length, dtype=np.int64)
        self._grow(64)
        self._encodings: dict[Action, tuple[int, int, int, int]] = {}

    def encode(self, game: GameState) -> Row:
        return self.program.encode(game)

    def decode(self, state: Row) -> GameState:
        return self.program.decode(state)

    def _legal(self, state: Row) -> int:
        s = self.scratch
        return int(r.legal(self.program.M, self.program.E, state, s.cursor[2], self.closed,
                           s.log, s.snaps, s.logn))  # fmt: skip

    def legal(self, state: Row) -> list[Action]:
        count = self._legal(state)
        moves = self.scratch.cursor[2]
        return [self.program.decode_action(moves[i]) for i in range(count)]

    def state_broken(self, state: Row) -> frozenset[str]:
        """The state invariants the engine finds broken in `state`."""
        prog = self.program
        chance = prog.M[prog.M[M_CHANCE] + state[PHASE]]
        count = 0 if chance else self._legal(state)
        mask = state_verdicts(prog.M, prog.E, self.invariants, state, self.scratch.cursor[2],
                              count, self.scratch.counts)  # fmt: skip
        return names(int(mask))

    def step(self, state: Row, action: Action) -> Stepped:
        prog, s = self.program, self.scratch
        kind, player, card, arg, order = prog.encode_action(action)
        after = state.copy()
        code = r.run(prog.M, prog.E, after, kind, player, card, arg, order, s.log, s.snaps,
                     s.logn)  # fmt: skip
        if code < 0:
            return Stepped(None, _refusal(self.edition, int(code)))
        logged = min(int(s.logn[0]), len(s.log) - 1)
        action_row = np.array([kind, player, card, arg], dtype=np.int64)
        mask = step_verdicts(prog.M, prog.E, self.invariants, state, after, s.log, s.snaps,
                             logged, action_row)  # fmt: skip
        return Stepped(after, None, names(int(mask)))

    def probe_state(self, game: GameState, tries: list[Action]) -> Probe:
        """Everything conformance asks of the normalized state `game`, in one call into the
        engine (`probe.probe`): its outcomes in the engine's order, which is the
        reference's."""
        prog, s = self.program, self.scratch
        state = self.encode(game)
        moves = np.array([self._encoded(a) for a in tries], dtype=np.int64).reshape(len(tries), 4)
        tried = np.zeros(len(tries), dtype=np.int64)
        found = np.zeros(2, dtype=np.int64)
        while True:
            size = len(self.children)
            written = int(
                probe(prog.M, prog.E, self.invariants, state, moves, tried, found,
                      self.children, self.befores, self.outcomes, *s.cursor, s.log, s.snaps,
                      s.logn, s.counts)
            )  # fmt: skip
            if written >= 0:
                break
            self._grow(2 * size)
        legal_rows = s.cursor[2]
        legal = [prog.decode_action(legal_rows[i]) for i in range(int(found[1]))]
        outcomes = []
        for i in range(written):
            code, broken = int(self.outcomes[i, 0]), int(self.outcomes[i, 1])
            refused = _refusal(self.edition, code) if code < 0 else None
            after = None if refused else self.decode(self.children[i])
            outcomes.append((refused, after, names(broken)))
        return Probe(
            decoded=self.decode(state),
            broken=names(int(found[0])),
            legal=legal,
            outcomes=outcomes,
            refused=(tried < 0).tolist(),
        )

    def _encoded(self, action: Action) -> tuple[int, int, int, int]:
        known = self._encodings.get(action)
        if known is None:
            known = self._encodings[action] = self.program.encode_action(action)[:4]
        return known

    def _grow(self, rows: int) -> None:
        length = self.program.row_length
        self.children = np.zeros((rows, length), dtype=np.int64)
        self.befores = np.zeros((rows, length), dtype=np.int64)
        self.outcomes = np.zeros((rows, OUTCOME_FIELDS), dtype=np.int64)

    def play(self, seed: int, max_steps: int) -> list[Action]:
        """Every action of one random game the engine plays from `seed` (the deal first)."""
        played = play_batch(self.program, [engine_seed(seed)], check=False, policy="mixed",
                            max_steps=max_steps, record=True)  # fmt: skip
        return game_actions(self.program, played, 0)
