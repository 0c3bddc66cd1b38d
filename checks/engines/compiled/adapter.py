"""The compiled engine behind conformance's adapter interface (`checks.conformance.Rules`).

Conformance holds any implementation of the rules to the reference through five calls
(encode, decode, legal moves, one step, a recorded game); this is the compiled engine's,
with the calls an implementation may add to be held to more: its canonical form of a state
(as its explorer keys it), its step invariants' verdicts on a successor it is handed, and
its bookkeeping corrupted. Each call crosses from Python into compiled code once, with the
session's scratch arrays.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import layout
from unospec.checks.engines.compiled import rules as r
from unospec.checks.engines.compiled import vocabulary as v
from unospec.checks.engines.compiled.exploration import Scratch
from unospec.checks.engines.compiled.layout import CARDS, FACES, PHASE, PILE_START, PLAYERS, UNDER
from unospec.checks.engines.compiled.probe import OUTCOME_FIELDS, probe
from unospec.checks.engines.compiled.program import Program, program
from unospec.checks.engines.compiled.properties import (
    I_SEATS,
    I_TYPE,
    INVARIANT_NAMES,
    invariant_tables,
    state_verdicts,
    step_verdicts,
)
from unospec.checks.engines.compiled.simulation import engine_seed, game_actions, play_batch
from unospec.checks.engines.compiled.states import canonical_of, unpack
from unospec.checks.engines.compiled.tables import M_CHANCE, cited_rule
from unospec.model.actions import Action, Deal, Reshuffle
from unospec.model.edition import Edition
from unospec.model.state import GameState
from unospec.model.table import MACHINE, CompiledMachine

Row = npt.NDArray[np.int64]
Grid = npt.NDArray[np.int64]

UNREADABLE = 1 << I_TYPE | 1 << I_SEATS
"""Verdicts after which the engine's state invariants look no further (`state_verdicts`)."""


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
    outcomes: list[tuple[tuple[str, str] | None, GameState | None, frozenset[str], bytes]]
    refused: list[tuple[str, str] | None]  # per move tried: its refusal, None if accepted
    canonical: tuple[bytes, GameState]  # the state's canonical form, and what it stands for


def names(mask: int) -> frozenset[str]:
    """The invariants a verdict mask says are broken (each mask's set made once)."""
    known = _NAMES.get(mask)
    if known is None:
        known = _NAMES[mask] = frozenset(
            name for i, name in enumerate(INVARIANT_NAMES) if mask >> i & 1
        )
    return known


_NAMES: dict[int, frozenset[str]] = {}


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
    held_fields = frozenset(GameState._fields) - {"set_aside"}
    """The state's fields a row holds: the cards set aside are the edition's constant."""

    def __init__(self, edition: Edition, players: int, machine: CompiledMachine = MACHINE) -> None:
        self.edition = edition
        self.players = players
        self.program: Program = program(edition, players, machine)
        self.invariants = invariant_tables(self.program.machine)
        self.scratch = Scratch.of(self.program)
        self.closed = np.zeros(self.program.row_length, dtype=np.int64)
        self.work = np.zeros(self.program.row_length, dtype=np.int64)
        self._grow(64)
        self._move_index: dict[Action, int] = {}
        self._move_rows: list[tuple[int, int, int, int]] = []
        self._move_universe = np.zeros((0, 4), dtype=np.int64)
        self._refusals: dict[int, tuple[str, str]] = {}
        self._actions: dict[tuple[int, ...], Action] = {}

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
        """The state invariants the engine finds broken in `state`. Its moves are listed
        only in a row whose types and seats hold: the rules would read outside any other."""
        prog, moves, counts = self.program, self.scratch.cursor[2], self.scratch.counts
        mask = int(state_verdicts(prog.M, prog.E, self.invariants, state, moves, 0, counts))
        if not mask & UNREADABLE and not prog.M[prog.M[M_CHANCE] + state[PHASE]]:
            legal = self._legal(state)
            mask = int(state_verdicts(prog.M, prog.E, self.invariants, state, moves, legal, counts))
        return names(mask)

    def canonical(self, state: Row) -> tuple[bytes, GameState]:
        """The canonical form the engine's explorer keys `state` by (normalized, then the
        least packing over the colour renamings), and the state that form stands for."""
        prog, s = self.program, self.scratch
        words = np.zeros(prog.words, dtype=np.uint64)
        refused = canonical_of(prog.M, state, prog.spec, prog.renamings, prog.renaming_count,
                               self.work, words, s.images, s.row, s.counts, s.mapped)  # fmt: skip
        return self._form(words, int(refused))

    def _form(self, words: npt.NDArray[np.uint64], refused: int) -> tuple[bytes, GameState]:
        """A canonical form as conformance compares it: its words, and the state they stand
        for (the row `unpack` makes of them, decoded)."""
        if refused < 0:  # a value out of its packed range: the explorer refuses the state
            return b"refused:%d" % refused, self.decode(self.work)
        row = np.zeros(self.program.row_length, dtype=np.int64)
        unpack(words, self.program.spec, row, self.scratch.counts)
        return words.tobytes(), self.decode(row)

    def step_broken(
        self, state: Row, action: Action, claimed: GameState, at: int
    ) -> frozenset[str]:
        """The step invariants the engine finds broken in the step `action` takes from
        `state` when handed `claimed` as the state after its transition number `at` (the
        last: where it ended): the rules run as usual, so each transition and the rows
        between are theirs, and `claimed` replaces the row after that transition."""
        prog, s = self.program, self.scratch
        kind, player, card, arg, order = prog.encode_action(action)
        after = state.copy()
        code = r.run(prog.M, prog.E, after, kind, player, card, arg, order, s.log, s.snaps,
                     s.logn)  # fmt: skip
        if code < 0:
            return frozenset()
        logged = min(int(s.logn[0]), len(s.log) - 1)
        wrong = self.encode(claimed)
        s.snaps[at + 1] = wrong
        end = wrong if at + 1 == logged else after
        action_row = np.array([kind, player, card, arg], dtype=np.int64)
        mask = step_verdicts(prog.M, prog.E, self.invariants, state, end, s.log, s.snaps,
                             logged, action_row)  # fmt: skip
        return names(int(mask))

    def bookkeeping_corruptions(self, state: Row) -> list[tuple[str, Row]]:
        """`state` with each slot of the row's own bookkeeping (a count the other slots
        imply, the draw pile's ring start, the table's dimensions: `layout.HOLDS` None)
        made wrong, by name: the engine's type invariant must reject each."""
        p, f, n = self.players, self.program.faces, self.program.cards
        changes = {
            "UNDER": (UNDER, state[UNDER] + 1),
            "PILE_START": (PILE_START, n),
            "PLAYERS": (PLAYERS, p + 1),
            "FACES": (FACES, f + 1),
            "CARDS": (CARDS, n + 1),
            "hand sizes": (layout.sizes_at(p), state[layout.sizes_at(p)] + 1),
        }
        corrupted = []
        for name, (slot, value) in changes.items():
            row = state.copy()
            row[slot] = value
            corrupted.append((name, row))
        return corrupted

    def step(self, state: Row, action: Action) -> Stepped:
        prog, s = self.program, self.scratch
        kind, player, card, arg, order = prog.encode_action(action)
        after = state.copy()
        code = r.run(prog.M, prog.E, after, kind, player, card, arg, order, s.log, s.snaps,
                     s.logn)  # fmt: skip
        if code < 0:
            return Stepped(None, self._refusal(int(code)))
        logged = min(int(s.logn[0]), len(s.log) - 1)
        action_row = np.array([kind, player, card, arg], dtype=np.int64)
        mask = step_verdicts(prog.M, prog.E, self.invariants, state, after, s.log, s.snaps,
                             logged, action_row)  # fmt: skip
        return Stepped(after, None, names(int(mask)))

    def probe_state(self, game: GameState, tries: list[Action]) -> Probe:
        """Everything conformance asks of the normalized state `game`, in one call into the
        engine (`probe.probe`): its outcomes in the engine's order, which is the
        reference's, and its refusal of each move or shuffle of `tries`."""
        prog, s = self.program, self.scratch
        state = self.encode(game)
        moves, orders, order_lens = self._encoded_tries(tries)
        tried = np.zeros(len(tries), dtype=np.int64)
        found = np.zeros(3, dtype=np.int64)
        key = np.zeros(prog.words, dtype=np.uint64)
        while True:
            size = len(self.children)
            written = int(
                probe(prog.M, prog.E, self.invariants, state, moves, orders, order_lens, tried,
                      found, self.children, self.befores, self.outcomes, *s.cursor, s.log,
                      s.snaps, s.logn, s.counts, prog.spec, prog.renamings,
                      prog.renaming_count, self.work, s.row, s.mapped, s.images, key, self.keys)
            )  # fmt: skip
            if written >= 0:
                break
            self._grow(2 * size)
        verdicts, count, orbit = found.tolist()
        legal = [self._action(tuple(row)) for row in s.cursor[2][:count].tolist()]
        outcomes = []
        for i, (code, broken, _) in enumerate(self.outcomes[:written].tolist()):
            refused = self._refusal(code) if code < 0 else None
            after = None if refused else self.decode(self.children[i])
            outcomes.append((refused, after, names(broken), self.keys[i].tobytes()))
        refusal = self._refusal
        return Probe(
            decoded=self.decode(state),
            broken=names(verdicts),
            legal=legal,
            outcomes=outcomes,
            refused=[refusal(code) if code else None for code in tried.tolist()],
            canonical=self._form(key, orbit),
        )

    def _action(self, row: tuple[int, ...]) -> Action:
        """The reference action an engine move row stands for (each made once)."""
        known = self._actions.get(row)
        if known is None:
            known = self._actions[row] = self.program.decode_action(np.array(row))
        return known

    def _refusal(self, code: int) -> tuple[str, str]:
        known = self._refusals.get(code)
        if known is None:
            known = self._refusals[code] = _refusal(self.edition, code)
        return known

    def _encoded_tries(self, tries: list[Action]) -> tuple[Row, Grid, Row]:
        """The moves of `tries` as engine rows, and each one's shuffle order (and its
        length; none but a shuffle's is longer than 0). A move's row is made once, then
        looked up: conformance tries tens of moves in each of thousands of states."""
        index, shuffles = self._move_index, []
        numbers = []
        for i, action in enumerate(tries):
            number = index.get(action)
            if number is None:
                if isinstance(action, Reshuffle | Deal):  # orders are many: not kept
                    shuffles.append((i, action))
                    number = 0
                else:
                    number = index[action] = len(index)
                    self._move_rows.append(self.program.encode_action(action)[:4])
            numbers.append(number)
        if len(self._move_universe) < len(index):
            self._move_universe = np.array(self._move_rows, dtype=np.int64).reshape(-1, 4)
        moves = self._move_universe[np.array(numbers, dtype=np.int64)]
        longest = max((len(action.order) for _, action in shuffles), default=0)
        orders = np.zeros((len(tries), max(1, longest)), dtype=np.int64)
        order_lens = np.zeros(len(tries), dtype=np.int64)
        for i, action in shuffles:
            moves[i] = self.program.encode_action(action)[:4]
            orders[i, : len(action.order)] = action.order
            order_lens[i] = len(action.order)
        return moves, orders, order_lens

    def _grow(self, rows: int) -> None:
        length = self.program.row_length
        self.children = np.zeros((rows, length), dtype=np.int64)
        self.befores = np.zeros((rows, length), dtype=np.int64)
        self.outcomes = np.zeros((rows, OUTCOME_FIELDS), dtype=np.int64)
        self.keys = np.zeros((rows, self.program.words), dtype=np.uint64)

    def play(self, seed: int, max_steps: int) -> list[Action]:
        """Every action of one random game the engine plays from `seed` (the deal first)."""
        played = play_batch(self.program, [engine_seed(seed)], check=False, policy="mixed",
                            max_steps=max_steps, record=True)  # fmt: skip
        return game_actions(self.program, played, 0)
