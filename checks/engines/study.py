"""Games played for their statistics: per-game values as arrays, for `unospec stats`.

`simulate` adds games up into a tally as it goes; a study keeps one value per game (and the
turns of each hand), because intervals, quantiles and tests need the sample itself. The
games are the compiled engine's, as many as a million, so everything here is a numpy array
read straight from the engine's buffers, with no Python object per game.

Which games are played is fixed by their seeds alone (`chunk_seeds`), never by the process
or the cluster worker that plays them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import games as g
from unospec.checks.engines.compiled.program import program
from unospec.checks.engines.compiled.simulation import play_batch
from unospec.checks.engines.observations import (
    O_HITS_NEXT,
    O_HITS_OTHER,
    O_HITS_SELF,
    O_POINTS,
    O_UPHELD,
)
from unospec.checks.engines.random_play import MAX_STEPS
from unospec.model.edition import Edition
from unospec.model.primitives import PenaltyRace
from unospec.model.table import MACHINE
from unospec.model.vocabulary import Event

Ints = npt.NDArray[np.int64]

COUNTED_EVENTS = (Event.challenge, Event.accept, Event.uno, Event.catch, Event.hail_mary)
"""The player actions counted per game, by the machine's events (columns of `Sample.events`)."""

HITS = ("self", "next", "other")
"""Whom a special wild's penalty hits, relative to its player (columns of `Sample.hits`)."""


@dataclass(frozen=True)
class Sample:
    """What `games` games at one table size did: one row per game (and `hand_turns`, one
    entry per finished hand). Card kinds are the deck's (`kinds`), in the edition's order."""

    players: int
    kinds: tuple[str, ...]
    racing: tuple[str, ...]  # the kinds whose penalty the table gives a loser (penalty races)
    finished: npt.NDArray[np.bool_]
    turns: Ints  # turns of its finished hands (plays and draws: Let's Play)
    hands: Ints  # hands finished
    hand_turns: Ints  # per finished hand, games in order
    winner: Ints  # the seat that won, -1 if none did
    leader_wins: Ints  # hands won by the player who led them
    points: Ints  # points scored, every hand
    reshuffles: Ints
    shortfalls: Ints  # draws that found fewer cards than were owed
    events: Ints  # per game, per COUNTED_EVENTS
    upheld: Ints  # challenges the offender lost
    plays: Ints  # per game, per kind: cards played
    endings: Ints  # per game, per kind: hands the kind's card ended
    penalties: Ints  # per game, per kind: special-wild penalties set
    hits: Ints  # per game, per HITS

    @property
    def games(self) -> int:
        return len(self.turns)

    @staticmethod
    def concat(parts: list[Sample]) -> Sample:
        """The samples one after another (in the order given, as their games were planned)."""
        first = parts[0]
        arrays = {
            f.name: np.concatenate([getattr(p, f.name) for p in parts])
            for f in fields(Sample)
            if f.name not in ("players", "kinds", "racing")
        }
        return Sample(players=first.players, kinds=first.kinds, racing=first.racing, **arrays)


def chunk_seeds(seed: int, stream: int, players: int, chunk: int, games: int) -> Ints:
    """The engine seeds of chunk `chunk` of a study: derived from the study's seed, the
    edition's place in it (`stream`: each edition of a comparison its own, independent
    games), the table size and the chunk's number, by numpy's SeedSequence."""
    words = np.random.SeedSequence([seed, stream, players, chunk]).generate_state(
        games, dtype=np.uint64
    )
    return (words >> np.uint64(1)).astype(np.int64)


def deck_kinds(edition: Edition) -> tuple[str, ...]:
    """The card kinds in play, in the order of the edition's faces."""
    return tuple(dict.fromkeys(face.kind for face in edition.faces.faces))


def _by_kind(edition: Edition, kinds: tuple[str, ...]) -> Ints:
    """A faces x kinds matrix of ones where a face is of a kind."""
    matrix = np.zeros((len(edition.faces.faces), len(kinds)), dtype=np.int64)
    for f, face in enumerate(edition.faces.faces):
        matrix[f, kinds.index(face.kind)] = 1
    return matrix


def play_sample(
    edition: Edition, players: int, seeds: Ints, *, policy: str, max_steps: int = MAX_STEPS
) -> Sample:
    """The games seeded `seeds` at a table of `players`, played on the compiled engine
    without the invariant checks (`check` and `simulate` run those)."""
    prog = program(edition, players)
    played = play_batch(prog, [int(s) for s in seeds], check=False, policy=policy,
                        max_steps=max_steps)  # fmt: skip
    results, observed = played.results, played.observed
    faces = prog.faces
    kinds = deck_kinds(edition)
    by_kind = _by_kind(edition, kinds)
    hands = results[:, g.R_HANDS]
    starts = results[:, g.R_TURNS_START]
    running = np.concatenate([[0], np.cumsum(played.turns)])
    rest = 3 * faces
    events = np.stack(
        [
            played.fired[:, [b.number for b in MACHINE.branches if b.event == event]].sum(axis=1)
            for event in COUNTED_EVENTS
        ],
        axis=1,
    )
    return Sample(
        players=players,
        kinds=kinds,
        racing=tuple(
            dict.fromkeys(
                face.kind
                for face, effect in zip(edition.faces.faces, edition.faces.effect, strict=True)
                if effect.has(PenaltyRace)
            )
        ),
        finished=results[:, g.R_STATUS] == g.STATUS_FINISHED,
        turns=running[starts + hands] - running[starts],
        hands=hands.copy(),
        hand_turns=played.turns.copy(),
        winner=results[:, g.R_WINNER].copy(),
        leader_wins=results[:, g.R_LEADER_WINS].copy(),
        points=observed[:, rest + O_POINTS].copy(),
        reshuffles=results[:, g.R_RESHUFFLES].copy(),
        shortfalls=results[:, g.R_SHORTFALLS].copy(),
        events=events,
        upheld=observed[:, rest + O_UPHELD].copy(),
        plays=observed[:, :faces] @ by_kind,
        endings=observed[:, faces : 2 * faces] @ by_kind,
        penalties=observed[:, 2 * faces : rest] @ by_kind,
        hits=observed[:, [rest + O_HITS_SELF, rest + O_HITS_NEXT, rest + O_HITS_OTHER]].copy(),
    )


def play_chunk(
    edition: Edition, players: int, seed: int, stream: int, chunk: int, games: int, policy: str
) -> Sample:
    """Chunk `chunk` of a study (`games` games): what a process or a cluster worker runs."""
    return play_sample(
        edition, players, chunk_seeds(seed, stream, players, chunk, games), policy=policy
    )
