"""Random games on the compiled engine, as the columns `checks.simulate` tallies.

`play_games` plays games by number (their seat counts and seeds from `simulate.game_plan`)
and returns what they did as columns, a row per game, for the tally to add up at once; a
game that did not finish also gets the `GameRecord` `random_play.play_random_game` would
have made. What the engine cannot say by itself it asks the reference, replaying the game's
recorded steps: the words of a rule gap, and of a broken invariant (with the trace that
reaches it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import games as g
from unospec.checks.engines.compiled.jit import ready
from unospec.checks.engines.compiled.program import Program, program
from unospec.checks.engines.compiled.properties import INVARIANT_NAMES, invariant_tables
from unospec.checks.engines.compiled.rules import LOG_COLUMNS
from unospec.checks.engines.observations import observed_fields
from unospec.checks.engines.random_play import WEIGHTS, GameRecord, Violation
from unospec.checks.properties.invariants import offered_move_refused, violations
from unospec.editions import reference
from unospec.model.actions import Action, Deal
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions, run
from unospec.model.trace import Trace, action_step

POLICIES = {
    "mixed": g.POLICY_MIXED,
    "eager": g.POLICY_EAGER,
    "random": g.POLICY_RANDOM,
    "heuristic": g.POLICY_HEURISTIC,
}

SEED_BITS = 63


def engine_seed(game_seed: int) -> int:
    """A game's seed (`simulate.game_plan`'s) as the engine's 63-bit random state."""
    return game_seed % (1 << SEED_BITS)


@cache
def _weights() -> npt.NDArray[np.int64]:
    """The weights of the kinds of move, built once (the game loop only reads them): built
    for every chunk of games, they were about 1% of `simulate`'s time under cProfile."""
    weights = np.ones(g.GROUPS, dtype=np.int64)
    for i, name in enumerate(g.GROUP_NAMES):
        weights[i] = WEIGHTS.get(name, 1)
    return weights


@dataclass
class Played:
    """A batch of games at one table size, as the engine left it."""

    results: npt.NDArray[np.int64]
    turns: npt.NDArray[np.int64]
    fired: npt.NDArray[np.int64]  # per game, per machine transition
    observed: npt.NDArray[np.int64]  # per game, what `stats` counts (`games.observe`)
    actions: npt.NDArray[np.int64]  # with `record`: (kind, player, card, arg, order at, size)
    orders: npt.NDArray[np.int64]
    recorded: int = 0  # actions recorded


def play_batch(
    prog: Program,
    seeds: list[int],
    *,
    check: bool,
    policy: str,
    max_steps: int,
    record: bool = False,
) -> Played:
    """The games seeded `seeds` at `prog`'s table, played in the engine."""
    length, faces = prog.row_length, prog.faces
    inv, empty = _tables(prog)
    count = len(seeds)
    results = np.zeros((count, g.RESULT_FIELDS), dtype=np.int64)
    turns = np.zeros(max(4096, 64 * count), dtype=np.int64)
    fired = np.zeros((count, int(prog.M[prog.M[0] + 2])), dtype=np.int64)
    observed = np.zeros((count, observed_fields(faces)), dtype=np.int64)
    batch = np.zeros(g.BATCH, dtype=np.int64)
    actions = np.zeros((max_steps + 16 if record else 1, 6), dtype=np.int64)
    orders = np.zeros(4 * prog.cards if record else 1, dtype=np.int64)
    snaps_rows = prog.chain_rows if check else 1
    arrays = (
        np.zeros(length, dtype=np.int64),  # s
        np.zeros(length, dtype=np.int64),  # after
        np.zeros((prog.max_moves, 4), dtype=np.int64),
        np.zeros((prog.max_moves, 4), dtype=np.int64),
        np.zeros(length, dtype=np.int64),  # closed
        np.zeros(prog.cards + 4, dtype=np.int64),  # order
        np.zeros((prog.chain_rows, LOG_COLUMNS), dtype=np.int64),
        np.zeros((snaps_rows, length if check else 0), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(faces, dtype=np.int64),
        np.zeros(g.GROUPS, dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.zeros(1, dtype=np.uint64),
        np.zeros(4, dtype=np.int64),
    )
    seed_array = np.array(seeds, dtype=np.int64)
    weights = _weights()
    while True:
        played = g.play(
            prog.M, prog.E, inv, empty, seed_array, POLICIES[policy], int(check), max_steps,
            weights, results, turns, fired, observed, batch, int(record), actions, orders, *arrays,
        )  # fmt: skip
        if played >= count:
            break
        if batch[g.B_TURNS] + 1024 > len(turns):
            turns = np.concatenate([turns, np.zeros(len(turns), dtype=np.int64)])
        if record:
            needed = batch[g.B_ACTIONS] + max_steps + 8
            if needed > len(actions):
                actions = np.concatenate([actions, np.zeros((needed, 6), dtype=np.int64)])
            orders = np.concatenate([orders, np.zeros(len(orders) + prog.cards, dtype=np.int64)])
            batch[g.B_ACTIONS] = results[played, g.R_ACTIONS_START]  # the game starts again
            batch[g.B_ORDERS] = _orders_before(actions, int(batch[g.B_ACTIONS]))
    return Played(
        results,
        turns[: batch[g.B_TURNS]],
        fired,
        observed,
        actions,
        orders,
        int(batch[g.B_ACTIONS]),
    )


_TABLES: dict[int, tuple[Program, npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}


def _tables(prog: Program) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The invariants' tables and the empty table's row of `prog`, built once per program
    (the game loop only reads them): each chunk of games built both again, a tenth of a
    chunk's time in `simulate`."""
    known = _TABLES.get(id(prog))
    if known is None or known[0] is not prog:
        if len(_TABLES) > 256:
            _TABLES.clear()
        empty = prog.encode(empty_table(prog.edition, prog.players))
        known = _TABLES[id(prog)] = (prog, invariant_tables(prog.machine), empty)
    return known[1], known[2]


def _orders_before(actions: npt.NDArray[np.int64], row: int) -> int:
    """Where the shuffle orders of the action at `row` would start."""
    if row == 0:
        return 0
    return int(actions[row - 1, 4] + actions[row - 1, 5])


def game_actions(prog: Program, played: Played, game: int) -> list[Action]:
    """Every action game number `game` of a recorded batch took, the first deal included."""
    start = int(played.results[game, g.R_ACTIONS_START])
    last = len(played.results) - 1
    end = played.recorded if game == last else int(played.results[game + 1, g.R_ACTIONS_START])
    steps = []
    for row in played.actions[start:end]:
        order = played.orders[row[4] : row[4] + row[5]]
        steps.append(prog.decode_action(row, order))
    return steps


def ready_to_play() -> None:
    """Read the game loop's compiled code now (`jit.ready`): it is read when first called
    otherwise, which would be inside a timed run, and once in each process forked after."""
    ready(g.play)


def prepare(edition: Edition) -> None:
    """Build the programs of every table size the edition's random games play (see
    `simulate.game_plan`), and read the game loop's code: a process forked after this plays
    them without building or reading any."""
    ready_to_play()
    for players in range(edition.rules.min_players, edition.rules.max_players + 1):
        program(edition, players)


@dataclass
class GameColumns:
    """A chunk's games in the order planned, a column per figure the tally adds up
    (`Tally.add_columns`), where a `GameRecord` was built for each game and added one by
    one (two objects and ten calls a game). A game that did not finish (a rule gap,
    a broken invariant, still running at the step limit) also has its record in `odd`, with
    what the reference says of it."""

    finished: npt.NDArray[np.bool_]
    winner: npt.NDArray[np.int64]
    steps: npt.NDArray[np.int64]
    hands: npt.NDArray[np.int64]  # hands finished: the game's entries in `turns`
    reshuffles: npt.NDArray[np.int64]
    shortfalls: npt.NDArray[np.int64]
    leader_wins: npt.NDArray[np.int64]
    turns: npt.NDArray[np.int64]  # the turns of each finished hand, game after game
    fired: npt.NDArray[np.int64]  # a row per game, a column per machine transition
    odd: dict[int, GameRecord]  # by the game's place in the plan


def play_games(
    edition: Edition,
    plans: list[tuple[int, int, int]],
    *,
    check: bool,
    policy: str,
    max_steps: int,
) -> GameColumns:
    """The games planned (number, players, seed), in the order given, as columns."""
    by_players: dict[int, list[int]] = {}
    for i, (_, players, _) in enumerate(plans):
        by_players.setdefault(players, []).append(i)
    count = len(plans)
    results = np.zeros((count, g.RESULT_FIELDS), dtype=np.int64)
    fired: npt.NDArray[np.int64] | None = None
    pools, starts = [], np.zeros(count, dtype=np.int64)  # each table's turns; where in them
    odd: dict[int, GameRecord] = {}
    pooled = 0
    for players, which in by_players.items():
        prog = program(edition, players)
        seeds = [engine_seed(plans[i][2]) for i in which]
        played = play_batch(prog, seeds, check=check, policy=policy, max_steps=max_steps)
        if fired is None:
            fired = np.zeros((count, played.fired.shape[1]), dtype=np.int64)
        fired[which] = played.fired
        results[which] = played.results
        starts[which] = played.results[:, g.R_TURNS_START] + pooled
        pools.append(played.turns)
        pooled += len(played.turns)
        troubled = np.flatnonzero(played.results[:, g.R_STATUS] != g.STATUS_FINISHED)
        if len(troubled):
            turns = played.turns.tolist()
            for k in troubled.tolist():
                row = played.results[k].tolist()
                odd[which[k]] = _record(prog, row, turns, plans[which[k]], check, policy, max_steps)
    if fired is None:
        fired = np.zeros((0, 0), dtype=np.int64)
    status = results[:, g.R_STATUS]
    ended = (status == g.STATUS_FINISHED) | (status == g.STATUS_UNFINISHED)
    pool = np.concatenate(pools) if pools else np.zeros(0, dtype=np.int64)
    hands = np.minimum(results[:, g.R_HANDS], len(pool) - starts).clip(0)  # as a slice cuts
    return GameColumns(
        finished=status == g.STATUS_FINISHED,
        winner=np.where(ended, results[:, g.R_WINNER], -1),
        steps=results[:, g.R_STEPS],
        hands=hands,
        reshuffles=results[:, g.R_RESHUFFLES],
        shortfalls=results[:, g.R_SHORTFALLS],
        leader_wins=results[:, g.R_LEADER_WINS],
        turns=pool[_slices(starts, hands)],
        fired=fired,
        odd=odd,
    )


def _slices(starts: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The indexes of the slices `[start, start + length)`, one after another."""
    ends = np.cumsum(lengths)
    return np.repeat(starts - (ends - lengths), lengths) + np.arange(ends[-1] if len(ends) else 0)


def _record(
    prog: Program,
    row: list[int],
    turns: list[int],
    plan: tuple[int, int, int],
    check: bool,
    policy: str,
    max_steps: int,
) -> GameRecord:
    """The record of a game that did not finish, from its row of the results and the
    batch's turns, with what went wrong in the reference's words."""
    number, players, seed = plan
    record = GameRecord(players, seed)
    record.steps = row[g.R_STEPS]
    status = row[g.R_STATUS]
    start = row[g.R_TURNS_START]
    record.turns = turns[start : start + row[g.R_HANDS]]
    record.reshuffles = row[g.R_RESHUFFLES]
    record.leader_wins = row[g.R_LEADER_WINS]
    record.shortfalls = row[g.R_SHORTFALLS]
    if status in (g.STATUS_FINISHED, g.STATUS_UNFINISHED):
        record.finished = status == g.STATUS_FINISHED
        record.winner = row[g.R_WINNER]
        record.hands = row[g.R_HANDS_PLAYED]
    if status != g.STATUS_FINISHED:
        _explain(prog, record, status, row, seed, policy, max_steps, check)
    del number
    return record


def _explain(
    prog: Program,
    record: GameRecord,
    status: int,
    row: list[int],
    seed: int,
    policy: str,
    max_steps: int,
    check: bool,
) -> None:
    """Fill in a gap's words, or a violation's name, words and trace, by playing the game
    again with every action recorded and replaying it through the reference."""
    if status == g.STATUS_UNFINISHED:
        return
    again = play_batch(
        prog, [engine_seed(seed)], check=check, policy=policy, max_steps=max_steps, record=True
    )
    actions = game_actions(prog, again, 0)
    edition = prog.edition
    at = int(row[g.R_AT])
    game = empty_table(edition, prog.players)
    for action in actions[: at + 1]:
        before = game
        try:
            game, fired = run(edition, before, action)
        except RuleGap as gap:
            record.gap = str(gap)
            return
        except Exception as error:  # refused, or a crash: the finding
            trace = _trace(edition, prog.players, actions[: actions.index(action) + 1])
            message = offered_move_refused(before, error)
            record.violation = Violation("offered-moves-accepted", message, at, trace)
            return
    trace = _trace(edition, prog.players, actions[: at + 2])
    if status == g.STATUS_BROKEN:
        name = INVARIANT_NAMES[(int(row[g.R_BROKEN]) & -int(row[g.R_BROKEN])).bit_length() - 1]
        legal = None if is_chance(game) else legal_actions(edition, game)
        said = dict(violations(edition, game, before, fired, legal))
        message = said.get(name) or (
            f"the compiled engine finds {name} broken here and the reference does not: the "
            "engine and the reference disagree (`unospec conform`)"
        )
        record.violation = Violation(name, message, at, trace)
    else:
        message = "the compiled engine refuses a move it offered, which the reference accepts"
        record.violation = Violation("offered-moves-accepted", message, at, trace)


def _trace(edition: Edition, players: int, actions: list[Action]) -> Trace:
    ids = edition.faces.card_id
    deal = actions[0]
    assert isinstance(deal, Deal)
    return Trace(
        edition=reference(edition),
        players=players,
        deck=tuple(ids(c) for c in deal.order),
        steps=tuple(action_step(edition, a) for a in actions[1:]),
    )
