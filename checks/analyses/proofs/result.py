"""A proof query's result: a name, a verdict, the time it took, and a witness when refuted."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import z3

PROVED, REFUTED, UNKNOWN = "proved", "refuted", "unknown"
TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class Query:
    """One query: `claim` in words, its `verdict`, and a counterexample in game terms."""

    name: str
    claim: str
    section: str
    verdict: str
    seconds: float
    witness: dict[str, Any] | None = None
    kernel_relies_on_it: bool = False  # refuted: the model itself is wrong, not the booklet
    detail: dict[str, Any] | None = None  # what was found besides the verdict

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def check_claim(
    name: str,
    claim: str,
    section: str,
    facts: list[z3.BoolRef],
    negated_claim: z3.BoolRef,
    decode: Callable[[z3.ModelRef], dict[str, Any]],
    *,
    kernel_relies_on_it: bool = False,
) -> Query:
    """Assert the facts and the negation of the claim: unsat proves it, a model refutes it.

    The query runs in a Z3 context of its own. In the shared one, the model found depended
    on every term made before: an edition's witness changed when another edition's proofs
    had run first in the same process.
    """
    started = time.perf_counter()
    context = z3.Context()
    solver = z3.Solver(ctx=context)
    solver.set("timeout", TIMEOUT_MS)
    solver.add(*(fact.translate(context) for fact in (*facts, negated_claim)))
    answer = solver.check()
    seconds = round(time.perf_counter() - started, 4)
    if answer == z3.unsat:
        return Query(name, claim, section, PROVED, seconds, None, kernel_relies_on_it)
    if answer == z3.sat:
        witness = decode(solver.model())
        return Query(name, claim, section, REFUTED, seconds, witness, kernel_relies_on_it)
    return Query(
        name,
        claim,
        section,
        UNKNOWN,
        seconds,
        {"reason": str(solver.reason_unknown())},
        kernel_relies_on_it,
    )


def value(model: z3.ModelRef, term: z3.ExprRef) -> Any:
    """A term's value in a model, as a Python int or bool (`term` from any context)."""
    result = model.eval(term.translate(model.ctx), model_completion=True)
    if z3.is_true(result) or z3.is_false(result):
        return z3.is_true(result)
    return result.as_long()
