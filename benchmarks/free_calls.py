"""Make a deterministic run's calls free: record their results once, then hand them back.

The floor benchmarks use this to time what is left of the explorer or the game loop when
the rules and the invariants cost nothing: a first run records, in call order, what each
named function returned; a later run of the same deterministic work gets those results one
after another (`next` on a list iterator: no hashing, no rules run).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import unospec.checks.engines.chance as chance
import unospec.checks.engines.explorer as explorer
import unospec.checks.engines.random_play as random_play

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


class Replay:
    """`real`'s functions, except those named in `free`: they return `log`'s results in order.

    `finished()` raises unless every recorded result was handed back: a caller that stopped
    calling a function through the name the benchmark replaces would otherwise be timed at
    its full cost under the name of a free one."""

    def __init__(self, real: Functions, log: dict[str, list[Any]], free: tuple[str, ...]):
        empty = [name for name in free if not log[name]]
        if empty:
            raise SystemExit(f"nothing was recorded for {', '.join(empty)}")
        self.left = {name: iter(log[name]) for name in free}
        self.functions = {
            name: self._replayer(self.left[name]) if name in free else real[name] for name in real
        }

    @staticmethod
    def _replayer(results: Iterator[Any]) -> Callable[..., Any]:
        return lambda *args, **kwargs: next(results)

    def finished(self) -> None:
        unused = [name for name, results in self.left.items() if next(results, None) is not None]
        if unused:
            raise SystemExit(f"the replay went astray: results of {', '.join(unused)} unused")
