"""One edition at one table size, ready for the compiled code: its tables, its state
packing, its colour renamings, and the conversions to and from the reference's values.

Building a `Program` is where the engine refuses what it does not cover (an effect or a
reading without a twin: `tables.EngineCoverageError`), before anything runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import layout, tables
from unospec.checks.engines.compiled import vocabulary as v
from unospec.checks.engines.compiled.states import FIELD_PILE, FIELD_SLOT, SPEC_HEADER
from unospec.checks.engines.compiled.tables import ACTION_KIND, MachineTables
from unospec.model.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    JumpIn,
    Keep,
    NameLoser,
    Pass,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.edition import Edition
from unospec.model.primitives.hail_mary import puts_cards_out_of_play
from unospec.model.state import GameState
from unospec.model.table import MACHINE, CompiledMachine

Ints = npt.NDArray[np.int64]

_KIND_TYPE: dict[int, type] = {kind: step for step, kind in ACTION_KIND.items()}


_TABLES: dict[int, tuple[CompiledMachine, MachineTables]] = {}


def machine_tables(machine: CompiledMachine = MACHINE) -> MachineTables:
    """The turn flow's tables (built once per machine object)."""
    known = _TABLES.get(id(machine))
    if known is None or known[0] is not machine:
        known = _TABLES[id(machine)] = (machine, tables.machine_tables(machine))
    return known[1]


@dataclass(frozen=True)
class Program:
    """What the compiled code needs to play `edition` with `players` at the table."""

    edition: Edition
    players: int
    machine: MachineTables
    M: Ints = field(repr=False)
    E: Ints = field(repr=False)
    spec: Ints = field(repr=False)  # how a state is packed (states.pack)
    renamings: Ints = field(repr=False)  # per colour renaming: face images, colour images
    renaming_count: int = 0

    @property
    def faces(self) -> int:
        return len(self.edition.faces.faces)

    @property
    def cards(self) -> int:
        return self.edition.in_play_count

    @property
    def row_length(self) -> int:
        return layout.row_length(self.players, self.faces, self.cards)

    @property
    def words(self) -> int:
        """64-bit words per packed state."""
        return int(self.spec[1])

    @property
    def chain_rows(self) -> int:
        """Rows of a step's log: every transition one step may fire (`rules.run`)."""
        return v.MAX_CHAIN + self.cards + 4

    @property
    def max_moves(self) -> int:
        return 2 * (
            self.faces * 5 * self.players
            + self.players * self.faces * 4
            + self.players * self.players
            + 2 * self.players
            + 8
        )

    def encode(self, game: GameState) -> Ints:
        return layout.encode(self.edition, game, self.machine.phase_ids)

    def decode(self, row: Ints) -> GameState:
        return layout.decode(self.edition, row, self.machine.phases)

    def encode_action(self, action: Action) -> tuple[int, int, int, int, Ints]:
        """(kind, player, card, arg) and the shuffle's order, as `rules.run` takes them."""
        kind = ACTION_KIND[type(action)]
        player = getattr(action, "player", 0)
        card = getattr(action, "card", 0)
        arg = 0
        if isinstance(action, Play):
            arg = action.color + v.TARGET_UNIT * (action.target + 1)  # row.play_arg
            arg += v.CALL_UNIT * action.uno
        elif isinstance(action, Catch):
            arg = action.target
        elif isinstance(action, Pick):
            arg = action.color
        elif isinstance(action, Keep):
            arg = int(action.whole_hand)
        order = np.array(getattr(action, "order", ()), dtype=np.int64)
        return kind, player, card, arg, order

    def decode_action(self, row: Ints, order: Ints | None = None) -> Action:
        """The reference action an engine action row (and shuffle order) stands for."""
        kind, player, card, arg = (int(x) for x in row[:4])
        step = _KIND_TYPE[kind]
        if step in (Play, JumpIn):
            unit, call = v.TARGET_UNIT, v.CALL_UNIT  # row.arg_color, arg_target, arg_call
            color, target = (arg + 1) % unit - 1, ((arg + 1) % call) // unit - 1
            return step(player, card, color, target, (arg + 1) // call > 0)
        if step is Catch:
            return Catch(player, arg)
        if step is Pick:
            return Pick(player, arg)
        if step is Keep:
            return Keep(player, card, arg == 1)
        if step in (Deal, Reshuffle):
            return step(tuple(int(c) for c in (order if order is not None else ())))
        assert step in (Draw, Pass, Challenge, Accept, CallUno, NameLoser)
        return step(player)  # type: ignore[no-any-return,unused-ignore]


_PROGRAMS: dict[tuple[int, int, int], Program] = {}


def program(edition: Edition, players: int, machine: CompiledMachine = MACHINE) -> Program:
    """The program of `edition` at a table of `players` (EngineCoverageError: the engine
    does not play one of its readings or effects); built once per edition object."""
    key = (id(edition), players, id(machine))
    known = _PROGRAMS.get(key)
    if known is not None and known.edition is edition:
        return known
    if len(_PROGRAMS) > 256:
        _PROGRAMS.clear()
    built = _PROGRAMS[key] = _build(edition, players, machine)
    return built


def _build(edition: Edition, players: int, machine: CompiledMachine) -> Program:
    tables_ = machine_tables(machine)
    M, E, renamings = _edition_tables(edition, machine, tables_)
    return Program(
        edition=edition,
        players=players,
        machine=tables_,
        M=M,
        E=E,
        spec=packing_spec(edition, players, tables_),
        renamings=renamings,
        renaming_count=len(renamings) // (len(edition.faces.faces) + 4),
    )


_EDITION_TABLES: dict[tuple[int, int], tuple[Edition, Ints, Ints, Ints]] = {}


def _edition_tables(
    edition: Edition, machine: CompiledMachine, tables_: MachineTables
) -> tuple[Ints, Ints, Ints]:
    """The edition's pruned machine, its tables and its colour renamings, which every table
    size shares: built once per edition object (a game of each size used to build them
    again, most of a chunk of 50 random games' time)."""
    key = (id(edition), id(machine))
    known = _EDITION_TABLES.get(key)
    if known is not None and known[0] is edition:
        return known[1:]
    if len(_EDITION_TABLES) > 64:
        _EDITION_TABLES.clear()
    M = tables.pruned(tables_.arrays, machine, edition)
    built = (M, tables.edition_tables(edition), renaming_table(edition))
    _EDITION_TABLES[key] = (edition, *built)
    return built


def packing_spec(edition: Edition, players: int, machine: MachineTables) -> Ints:
    """The fields a normalized state packs, each in the bits its range needs."""
    faces = edition.faces
    n_faces = len(faces.faces)
    n_phases = len(machine.phases)
    copies = [0] * n_faces
    for card in faces.in_play:
        copies[card] += 1
    rules = edition.rules
    draws = [1, rules.uno_penalty]  # and every count a step of an effect gives
    for _, effect in edition.effects:
        for step in effect.steps:
            draws += [value for value in vars(step).values() if type(value) is int]
    stacked = 0  # stacking: every draw card of the deck passed on, at most
    if rules.stacking != "none":
        stacked = sum(faces.effect[card].aims or 0 for card in faces.in_play)
    points = sum(max(0, faces.points[card]) for card in faces.in_play)
    most = {
        layout.PHASE: n_phases - 1,
        layout.COLOR: 3,
        layout.DIRECTION: 1,
        layout.CURRENT: players - 1,
        layout.ACTOR: players - 1,
        layout.DRAWN: n_faces - 1,
        layout.OWED: 1,
        layout.OWED_PLAYER: players - 1,
        layout.OWED_AMOUNT: max(draws) + stacked,
        layout.OWED_THEN: n_phases - 1,
        layout.CH: 1,
        layout.CH_OFFENDER: players - 1,
        layout.CH_VICTIM: players - 1,
        layout.CH_CARD: n_faces - 1,
        layout.CH_GUILTY: 1,
        layout.CH_BLUFF: 1,
        layout.SPECIAL: n_faces - 1,
        layout.WINDOW: players - 1,
        layout.HANDS_PLAYED: 6,
        layout.LEADER: players - 1,
        layout.WINNER: players - 1,
        layout.TOP: n_faces - 1,
        layout.OWED_UNTIL: 3 + layout.UNTIL_BIAS,  # a colour, at most
        layout.OWED_STACKABLE: 1,
        layout.CH_STAKE: stacked,
    }
    if rules.elimination:  # else no one is ever out, and the slot stays 0 unpacked
        most[layout.OUT] = (1 << players) - 1
    if rules.challenge_judges == "the-hand-when-challenged-and-the-colour-when-played":
        most[layout.CH_COLOR] = 3  # else no challenge keeps a colour: -1, unpacked
    if rules.reshuffle == "whole-discard-pile":  # else no top card is kept: -1, unpacked
        most[layout.OLD_TOP] = n_faces - 1
    if rules.draw_shortfall == "obligation-waits-for-cards":  # else no one waits: 0, unpacked
        debts = layout.debts_at(players, n_faces, edition.in_play_count)
        for p in range(players):
            most[debts + p] = edition.in_play_count
    if puts_cards_out_of_play(edition):  # else no card is out of play: 0, unpacked
        gone = layout.out_of_play_at(players, n_faces, edition.in_play_count)
        for card in range(n_faces):
            most[gone + card] = copies[card]
    fields: list[tuple[int, int, int]] = [
        (FIELD_SLOT, slot, (top + 1).bit_length()) for slot, top in most.items()
    ]
    score_bits = (rules.target_score + points + 1).bit_length()
    fields += [(FIELD_SLOT, layout.HEADER + p, score_bits) for p in range(players)]
    hands = layout.hands_at(players)
    for p in range(players):
        for card in range(n_faces):
            fields.append((FIELD_SLOT, hands + p * n_faces + card, (copies[card] + 1).bit_length()))
    under = layout.under_at(players, n_faces)
    for card in range(n_faces):
        fields.append((FIELD_SLOT, under + card, (copies[card] + 1).bit_length()))
    for card in range(n_faces):
        fields.append((FIELD_PILE, card, copies[card].bit_length()))
    fields = [f for f in fields if f[2] > 0]
    total_bits = sum(bits for _, _, bits in fields)
    words = max(1, -(-total_bits // 64))
    header = [len(fields), words, players, n_faces, edition.in_play_count]
    assert len(header) == SPEC_HEADER
    flat = header + [x for f in fields for x in f]
    return np.array(flat, dtype=np.int64)


def renaming_table(edition: Edition) -> Ints:
    """Every colour renaming that maps the deck onto itself (symmetry.colour_renamings),
    as rows of face images and then the images of the four colours."""
    from unospec.checks.engines.symmetry import colour_renamings

    rows: list[int] = []
    for face_map, colour_map in colour_renamings(edition):
        rows.extend(face_map)
        rows.extend(colour_map.get(c, c) for c in range(4))
    return np.array(rows if rows else [0], dtype=np.int64)[: max(1, len(rows))]


assert v.ACTION_FIELDS == 4
