"""Make a deterministic run's calls free: record their results once, then hand them back.

The floor benchmarks use this to time what is left of the explorer or the game loop when
the rules and the invariants cost nothing: a first run records, in call order, what each
named function returned; a later run of the same deterministic work gets those results one
after another (`next` on a list iterator: no hashing, no rules run).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import unospec.checks.chance as chance
import unospec.checks.explorer as explorer
import unospec.checks.random_play as random_play

Functions = dict[str, Callable[..., Any]]
"""The rules (`run`, `legal`) and the invariants (`invariants`) as one caller reads them."""

IN_EXPLORER: Functions = {
    "run": chance.run,
    "legal": explorer.legal_actions,
    "invariants": explorer.violations,
}
IN_GAME_LOOP: Functions = {
    "run": random_play.run,
    "legal": random_play.legal_actions,
    "invariants": random_play.violations,
}


def use_in_explorer(functions: Functions) -> None:
    chance.run = functions["run"]  # type: ignore[assignment]
    explorer.legal_actions = functions["legal"]  # type: ignore[assignment]
    explorer.violations = functions["invariants"]  # type: ignore[assignment]


def use_in_game_loop(functions: Functions) -> None:
    random_play.run = functions["run"]  # type: ignore[assignment]
    random_play.legal_actions = functions["legal"]  # type: ignore[assignment]
    random_play.violations = functions["invariants"]  # type: ignore[assignment]


def recording(real: Functions, log: dict[str, list[Any]]) -> Functions:
    """`real`'s functions, each appending its results to `log[name]`."""

    def recorder(name: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            result = real[name](*args, **kwargs)
            log[name].append(result)
            return result

        return call

    return {name: recorder(name) for name in real}


def replaying(real: Functions, log: dict[str, list[Any]], free: tuple[str, ...]) -> Functions:
    """`real`'s functions, except those named in `free`: they return `log`'s results in order."""

    def replayer(results: Iterator[Any]) -> Callable[..., Any]:
        return lambda *args, **kwargs: next(results)

    return {name: replayer(iter(log[name])) if name in free else real[name] for name in real}
