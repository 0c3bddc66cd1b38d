"""Seeded bugs in the compiled engine, one per rule area, that conformance must catch.

Each mutant is one textual replacement inside one engine function (`old` must occur exactly
once in it), swapped into the live function object, as `mutants.py` does for the kernel.
The engine is compiled code, so this runs it as plain Python (`NUMBA_DISABLE_JIT=1`, which
`main` sets before the engine is imported): the same source, the same semantics, slowly.

    NUMBA_DISABLE_JIT=1 python benchmarks/engine_mutants.py [NAME ...]

prints one JSON line per mutant: whether conformance caught it, on which edition, how
(`what`: state, verdicts, legal, outcome, step-verdicts, converse, game), after how many
states. `tests/engine/test_mutants.py` runs it and requires every one caught.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("NUMBA_DISABLE_JIT", "1")

import json
import warnings
from dataclasses import dataclass
from typing import Any

from mutants import applied  # the kernel's seeded bugs swap code the same way

RULES, PROPERTIES, OUTCOMES = (
    f"unospec.checks.engines.compiled.{name}" for name in ("rules", "properties", "outcomes")
)
EVERY = ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii")


@dataclass(frozen=True)
class Mutant:
    """One seeded engine bug: its rule area, where it is, what it replaces, and the
    editions whose rules it touches (conformance runs on them in turn)."""

    name: str
    area: str
    module: str
    function: str
    old: str
    new: str
    editions: tuple[str, ...] = EVERY
    scale: str | None = "micro"  # where conformance looks (None: games alone)
    players: int | None = None  # the games' table (None: as `unospec conform` seats them)


MUTANTS = (
    Mutant("symbol-never-matches", "matching", RULES, "matches",
           "face(E, card, F_SYMBOL) == face(", "face(E, card, F_SYMBOL) != face(",
           ("classic",), "pair"),
    Mutant("skip-skips-no-one", "Skip", RULES, "play_card",
           "s[CURRENT] = next_player(s, player, 2)", "s[CURRENT] = next_player(s, player, 1)"),
    Mutant("reverse-as-skip-at-three", "Reverse with two players", RULES, "play_card",
           "if s[PLAYERS] == 2 and face(E, card, F_AS_SKIP)",
           "if s[PLAYERS] == 3 and face(E, card, F_AS_SKIP)", ("classic",)),
    Mutant("draw-card-one-more", "draw amounts", RULES, "play_card",
           "owe(s, following, face(E, card, F_DRAW),",
           "owe(s, following, face(E, card, F_DRAW) + 1,"),
    Mutant("bluff-judged-by-guilt", "Wild Draw legality", RULES, "play_card",
           "s[CH_BLUFF] = holds_any(E, s, player, -1, s[COLOR], face(E, card, F_UNLESS))",
           "s[CH_BLUFF] = holds_any(E, s, player, -1, s[COLOR], face(E, card, F_GUILTY))",
           ("nfl-cowboys", "star-wars", "super-bowl-lvii", "express")),
    Mutant("guilt-judged-by-legality", "Wild Draw judgment", RULES, "play_card",
           "s[CH_GUILTY] = holds_any(E, s, player, -1, s[COLOR], face(E, card, F_GUILTY))",
           "s[CH_GUILTY] = holds_any(E, s, player, -1, s[COLOR], face(E, card, F_UNLESS))",
           ("nfl-cowboys", "star-wars", "super-bowl-lvii", "express")),
    Mutant("guilty-offender-draws-the-penalty", "successful challenge payout", RULES, "update",
           "draws = face(E, pending, F_OFFENDER_DRAWS)",
           "draws = face(E, pending, F_CHALLENGER_DRAWS)"),
    Mutant("failed-challenge-draws-the-card", "failed challenge payout", RULES, "update",
           "draws = face(E, pending, F_CHALLENGER_DRAWS)", "draws = face(E, pending, F_DRAW)"),
    Mutant("any-card-after-drawing", "the drawn-card decision", RULES, "validate",
           "elif card != s[DRAWN]:", "elif card < 0:"),
    Mutant("window-opens-for-the-next", "the UNO window", RULES, "update",
           "s[WINDOW] = s[ACTOR]", "s[WINDOW] = s[CURRENT]"),
    Mutant("reshuffle-drops-a-card", "reshuffle", RULES, "update",
           "set_pile(s, order, 0, order.shape[0])", "set_pile(s, order, 1, order.shape[0] - 1)"),
    Mutant("direction-ignored", "turn order", RULES, "next_player",
           "(player + steps * s[DIRECTION]) % s[PLAYERS]", "(player + steps) % s[PLAYERS]",
           ("classic",), None, 3),
    Mutant("points-to-the-leader", "scoring", RULES, "score_hand",
           "s[HEADER + winner] += points", "s[HEADER + s[LEADER]] += points"),
    Mutant("hail-mary-follows-direction", "Wild Hail Mary", RULES, "update",
           "if face(E, card, F_LEFT_OF_PLAYER):", "if not face(E, card, F_LEFT_OF_PLAYER):",
           ("nfl-cowboys",), None, 3),
    Mutant("race-draws-one-fewer", "Wild My Favorite Line / Wild Touchdown!", RULES, "update",
           "owe(s, player, face(E, special, F_DRAW),",
           "owe(s, player, face(E, special, F_DRAW) - 1,",
           ("star-wars", "super-bowl-lvii")),
    Mutant("race-everyone-excludes-the-player", "Wild My Favorite Line's loser", RULES,
           "list_moves", "if everyone or p != s[ACTOR]:", "if p != s[ACTOR]:", ("star-wars",)),
    Mutant("touchdown-others-include-the-player", "Wild Touchdown!'s loser", RULES,
           "list_moves", "if everyone or p != s[ACTOR]:", "if True:", ("super-bowl-lvii",)),
    Mutant("conservation-verdict-blind", "the invariants", PROPERTIES, "conserved",
           "if counts[card] != E[deck + card]:", "if counts[card] < 0:"),
)  # fmt: skip


def catch(mutant: Mutant, max_states: int = 20_000) -> dict[str, Any]:
    """Run conformance on the mutant's editions until one shows a difference."""
    from unospec.checks.engines.conformance import conform
    from unospec.editions import load_edition

    found: dict[str, Any] = {"mutant": mutant.name, "area": mutant.area, "caught": False}
    with applied(mutant):
        for name in mutant.editions:
            report = conform(
                load_edition(name), scale=mutant.scale, players=mutant.players,
                games=3 if mutant.players else 1, max_states=max_states,
            )  # fmt: skip
            if not report.ok:
                difference = report.to_json()["first_difference"]
                found.update(caught=True, edition=name, what=difference["what"],
                             states=report.states_compared,
                             steps=len(difference["trace"]["steps"]))  # fmt: skip
                break
    return found


def main(names: list[str]) -> None:
    from unospec.checks.engines.compiled import cache

    if not cache.jit_disabled():
        raise SystemExit("run with NUMBA_DISABLE_JIT=1: a mutant is swapped into plain Python")
    warnings.simplefilter("ignore", RuntimeWarning)  # uint64 arithmetic wraps, as compiled
    chosen = [m for m in MUTANTS if not names or m.name in names]
    for mutant in chosen:
        print(json.dumps(catch(mutant)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
