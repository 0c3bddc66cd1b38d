"""Full-size simulation: many random games of the real deck, as statistics.

Deterministic for a seed whatever the number of processes: game `i` always uses seed
`seed * 1_000_003 + i` and, unless `players` is fixed, `min + i % (max - min + 1)` players.
Memory is bounded by the tallies, not by the number of games.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NotRequired, TypedDict

import numpy as np
import numpy.typing as npt

from unospec.checks.engines import random_play
from unospec.checks.engines.pool import ignore_interrupts, in_order, stop
from unospec.checks.engines.random_play import MAX_STEPS, GameRecord, RecordedGame, play_random_game
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table
from unospec.model.table import MACHINE
from unospec.model.trace import TraceJson

if TYPE_CHECKING:
    from unospec.checks.engines.compiled.simulation import GameColumns

Progress = Callable[[str, int, int], None]
CHUNK = 50
COMPILED_CHUNK = 500
"""The most games one chunk of a run on the compiled engine plays, when no stop after
unfinished games asks for `CHUNK`: a chunk costs about 250 µs of Python around the engine
(its arrays, the call, the tally) whatever its size, which at 50 games was an eighth of the
time with invariants off (`benchmarks/README.md`)."""

ENOUGH_UNFINISHED = 3
"""Games that do not end after which `check` and `lint` stop playing: each costs 200,000
steps (seconds apiece), and the first already fails the check."""


@dataclass
class Tally:
    """What a batch of games added up to: an accumulator, which each chunk of games adds up
    in its process and the chunks are merged into (`merge`), in the order they were planned;
    read once the games are played (`simulation_json`)."""

    games: int = 0
    finished: int = 0
    steps: int = 0
    hands: int = 0
    reshuffles: int = 0
    shortfalls: int = 0
    leader_wins: int = 0
    player_zero_wins: int = 0
    turns: list[int] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    violations: int = 0
    interrupted: bool = False
    first_violation: tuple[int, str, str, TraceJson] | None = None  # game, invariant, message
    first_unfinished: tuple[int, int, int] | None = None  # (game, players, seed)
    first_gap: tuple[int, int, int] | None = None  # the first game the rules left stuck
    unfinished: int = 0  # games still running at the step limit
    fired: Counter[int] = field(default_factory=Counter)

    def add_game(self, number: int, record: GameRecord) -> None:
        self.games += 1
        self.finished += record.finished
        self.steps += record.steps
        self.hands += len(record.turns)
        self.reshuffles += record.reshuffles
        self.shortfalls += record.shortfalls
        self.leader_wins += record.leader_wins
        self.player_zero_wins += record.winner == 0
        self.turns.extend(record.turns)
        self.fired.update(record.fired)  # counts above zero: `+=` would sift all it holds
        self._note(number, record)

    def add_columns(
        self, numbers: list[int], games: GameColumns, enough_unfinished: int | None = None
    ) -> None:
        """Add the games of `games` (numbered `numbers`) as `add_game` adds each, but the
        figures of all at once; after `enough_unfinished` that did not end, no more."""
        added = len(numbers)
        for i in sorted(games.odd):
            self._note(numbers[i], games.odd[i])
            if enough_unfinished is not None and self.unfinished >= enough_unfinished:
                added = i + 1
                break
        self.games += added
        self.finished += int(games.finished[:added].sum())
        self.steps += int(games.steps[:added].sum())
        hands = int(games.hands[:added].sum())
        self.hands += hands
        self.reshuffles += int(games.reshuffles[:added].sum())
        self.shortfalls += int(games.shortfalls[:added].sum())
        self.leader_wins += int(games.leader_wins[:added].sum())
        self.player_zero_wins += int((games.winner[:added] == 0).sum())
        self.turns.extend(games.turns[:hands].tolist())
        if added:
            self.add_fired(games.fired[:added])

    def _note(self, number: int, record: GameRecord) -> None:
        """What a game that did not finish adds: its gap, or its violation, or the count of
        games still running at the step limit."""
        if record.gap:
            self.gaps.append(record.gap)
            self.first_gap = self.first_gap or (number, record.players, record.seed)
        if not (record.finished or record.violation or record.gap):
            self.unfinished += 1
            self.first_unfinished = self.first_unfinished or (number, record.players, record.seed)
        if record.violation:
            self.violations += 1
            if self.first_violation is None:
                v = record.violation
                self.first_violation = (number, v.invariant, v.message, v.trace.to_json())

    def add_fired(self, fired: npt.NDArray[np.int64]) -> None:
        """Add how often each machine transition fired in a batch of games (a row per game,
        a column per transition), which the batch's records leave out (`add_game`)."""
        total = fired.sum(axis=0)
        hit = total.nonzero()[0]
        self.fired.update(dict(zip(hit.tolist(), total[hit].tolist(), strict=True)))

    def merge(self, other: Tally) -> None:
        first = self.first_violation
        for name in ("games", "finished", "steps", "hands", "reshuffles", "shortfalls",
                     "leader_wins", "player_zero_wins", "violations", "unfinished"):  # fmt: skip
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.turns.extend(other.turns)
        self.gaps.extend(other.gaps)
        self.fired += other.fired
        if other.first_violation and (first is None or other.first_violation[0] < first[0]):
            self.first_violation = other.first_violation
        for name in ("first_unfinished", "first_gap"):  # the earliest game of either
            mine, theirs = getattr(self, name), getattr(other, name)
            if theirs and (mine is None or theirs < mine):
                setattr(self, name, theirs)


def play_chunk(
    edition: Edition,
    numbers: range,
    seed: int,
    players: int | None,
    check: bool,
    policy: str,
    max_steps: int,
    enough_unfinished: int | None = None,
    engine: str = "compiled",
) -> Tally:
    """Games number `numbers` of a run (see `game_plan`), stopping after `enough_unfinished`
    that do not end; played on the compiled engine, or on the reference kernel (`engine`)."""
    tally = Tally()
    plans = [(number, *game_plan(edition, number, seed, players)) for number in numbers]
    if engine != "reference":
        from unospec.checks.engines.compiled.simulation import play_games

        games = play_games(edition, plans, check=check, policy=policy, max_steps=max_steps)
        tally.add_columns([number for number, _, _ in plans], games, enough_unfinished)
        return tally
    for number, count, game_seed in plans:
        record = play_random_game(
            edition, count, game_seed, check=check, policy=policy, max_steps=max_steps
        )
        tally.add_game(number, record)
        if enough_unfinished is not None and tally.unfinished >= enough_unfinished:
            break
    return tally


def game_plan(edition: Edition, number: int, seed: int, players: int | None) -> tuple[int, int]:
    """(players, seed) of game `number` of a run: the same whatever the number of processes."""
    rules = edition.rules
    span = rules.max_players - rules.min_players + 1
    return players or rules.min_players + number % span, seed * 1_000_003 + number


def run_games(
    edition: Edition,
    games: int,
    *,
    seed: int = 0,
    players: int | None = None,
    jobs: int = 1,
    check: bool = True,
    policy: str = "mixed",
    progress: Progress | None = None,
    partial_on_interrupt: bool = False,
    max_steps: int = MAX_STEPS,
    enough_unfinished: int | None = None,
    engine: str = "compiled",
) -> tuple[Tally, float]:
    """Play `games` random games on `jobs` processes; (tally, seconds).

    A game still running after `max_steps` steps is counted as unfinished. With
    `enough_unfinished`, the run stops once that many did not end (each costs `max_steps`
    steps, seconds apiece; a check has failed by then). The games played then depend on the
    chunks of `CHUNK` games, not on `jobs`.

    Ctrl-C stops the workers and propagates, unless `partial_on_interrupt`: then the games
    played so far are returned, marked interrupted (what `unospec simulate` prints).
    """
    jobs = jobs or os.cpu_count() or 1
    # a few games on several processes are split finer, so each process gets some; with
    # `enough_unfinished` the chunks stay `CHUNK`, for where a run stops not to depend on `jobs`
    most = CHUNK if engine == "reference" else COMPILED_CHUNK
    size = CHUNK if enough_unfinished is not None else max(1, min(most, -(-games // (4 * jobs))))
    chunks = [range(i, min(i + size, games)) for i in range(0, games, size)]
    total = Tally()
    label = f"{edition.name}: {games} games"
    if engine != "reference":
        from unospec.checks.engines.compiled.simulation import ready_to_play
        from unospec.checks.engines.compiled.warm import load

        load()  # before the pool forks: its workers inherit the loaded engine,
        ready_to_play()  # and the game loop's code, read before the clock starts
    started = time.perf_counter()
    if progress:
        progress(label, 0, games)
    # multiprocessing's pool, whose workers Ctrl-C kills at once: a concurrent.futures
    # executor, shut down with its futures cancelled, went on playing games for minutes
    pool = None
    try:
        if jobs > 1 and len(chunks) > 1:
            pool = multiprocessing.get_context("fork").Pool(jobs, initializer=ignore_interrupts)
        plan: list[Chunk] = [
            (edition, c, seed, players, check, policy, max_steps, enough_unfinished, engine)
            for c in chunks
        ]
        tallies = (
            in_order(pool, _chunk_star, plan)
            if pool is not None
            else (play_chunk(*args) for args in plan)
        )
        for tally in tallies:
            total.merge(tally)
            if progress:
                progress(label, total.games, games)
            if enough_unfinished is not None and total.unfinished >= enough_unfinished:
                break
    except KeyboardInterrupt:
        if not partial_on_interrupt:
            raise
        total.interrupted = True  # keep what was played: the report says how many games
    finally:
        if pool is not None:
            stop(pool)
    return total, time.perf_counter() - started


Chunk = tuple[Edition, range, int, int | None, bool, str, int, int | None, str]
"""`play_chunk`'s arguments, as the pool sends them."""


def _chunk_star(args: Chunk) -> Tally:
    return play_chunk(*args)


class FirstGame(TypedDict):
    """The first game of a run that met something: its number, its table and its seed."""

    game: int
    players: int
    seed: int
    command: NotRequired[str]  # the `unospec play` command that shows it, where one can


class FirstViolation(TypedDict):
    """The first game of a run that broke an invariant, and the trace that leads there."""

    game: int
    invariant: str
    message: str
    trace: TraceJson


class SimulationJson(TypedDict):
    """`unospec simulate`'s JSON document (`simulation_json`)."""

    edition: str
    games: int
    players: list[int] | None  # [fewest, most] seated; None: no game played
    finished_games: int
    seconds: float
    games_per_second: float
    steps: int
    hands: int
    mean_turns: float
    median_turns: float
    first_player_win_share: float
    player_zero_game_share: float
    reshuffles_per_game: float
    draw_shortfalls: int
    interrupted: bool
    invariants_checked: bool
    invariant_violations: int | None  # None: not looked at
    first_violation: FirstViolation | None
    rule_gaps: list[str]
    first_gap: FirstGame | None
    unfinished_games: int
    first_unfinished: FirstGame | None
    rules_fired: dict[str, int]  # by the machine's branch label


def _first_game(found: tuple[int, int, int] | None) -> FirstGame | None:
    if found is None:
        return None
    game, players, seed = found
    return {"game": game, "players": players, "seed": seed}


def _first_violation(found: tuple[int, str, str, TraceJson] | None) -> FirstViolation | None:
    if found is None:
        return None
    game, invariant, message, trace = found
    return {"game": game, "invariant": invariant, "message": message, "trace": trace}


def simulation_json(
    edition: Edition, tally: Tally, seconds: float, check: bool, players: int | None = None
) -> SimulationJson:
    """`unospec simulate`'s statistics; `players` as `run_games` was given it."""
    turns = tally.turns or [0]
    hands = max(1, tally.hands)
    rules = edition.rules
    span = rules.max_players - rules.min_players + 1  # the plan repeats after that many
    counts = {game_plan(edition, n, 0, players)[0] for n in range(min(tally.games, span))}
    return {
        "edition": edition.name,
        "games": tally.games,
        "players": [min(counts), max(counts)] if counts else None,
        "finished_games": tally.finished,
        "seconds": round(seconds, 3),
        "games_per_second": round(tally.games / max(seconds, 1e-9), 1),
        "steps": tally.steps,
        "hands": tally.hands,
        "mean_turns": round(statistics.fmean(turns), 2),
        "median_turns": float(statistics.median(turns)),  # a number of one type, odd or even
        "first_player_win_share": round(tally.leader_wins / hands, 4),
        "player_zero_game_share": round(tally.player_zero_wins / max(1, tally.games), 4),
        "reshuffles_per_game": round(tally.reshuffles / max(1, tally.games), 3),
        "draw_shortfalls": tally.shortfalls,
        "interrupted": tally.interrupted,
        "invariants_checked": check,
        "invariant_violations": tally.violations if check else None,
        "first_violation": _first_violation(tally.first_violation),
        "rule_gaps": sorted(set(tally.gaps)),
        "first_gap": _first_game(tally.first_gap),
        "unfinished_games": tally.unfinished,
        "first_unfinished": _first_game(tally.first_unfinished),
        "rules_fired": {b.label: tally.fired[b.number] for b in MACHINE.branches},
    }


def record_game(
    edition: Edition,
    players: int,
    seed: int,
    *,
    max_steps: int = MAX_STEPS,
    engine: str = "reference",
) -> RecordedGame:
    """One random game from `seed`, every step the reference kernel's: the reference's own
    game, or with `engine="compiled"` the one the compiled engine plays (as `unospec check`
    and `simulate` do, so that `unospec play` shows the game they name)."""
    empty_table(edition, players)  # a table the rules seat, before any engine opens
    chosen = None
    if engine != "reference":
        from unospec.checks.engines.compiled.adapter import CompiledRules

        chosen = CompiledRules(edition, players).play(seed, max_steps)
    return random_play.record_game(edition, players, seed, max_steps=max_steps, chosen=chosen)
