"""A proof query's result: what it claims and about what, its verdict, the time it took, and
a witness when refuted.

A query is looked up by its typed fields, `asserts` (which claim) and `about` (the card kind
or transition it is about); its printed `name` is made of the two, as `unospec prove` shows it.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal, TypedDict

import z3

Verdict = Literal["proved", "refuted", "unknown"]
PROVED: Final = "proved"
REFUTED: Final = "refuted"
UNKNOWN: Final = "unknown"
TIMEOUT_MS = 10_000
FIRST_TRY_MS = TIMEOUT_MS // 10
"""How long a query is tried where its terms were made before a context of its own gets the
whole timeout: a hard query then waits 1.1 timeouts, not 2 (the booklets' take ms)."""

Witness = Mapping[str, object]
"""A counterexample, or what was found besides the verdict, in game terms: open values."""


class Claim(StrEnum):
    """What a query claims, whatever it is about; the value starts its printed name."""

    CARD_CONSERVATION = "card-conservation"
    DECLARED_FLOWS = "declared-flows"
    CHALLENGE_PAYOUTS = "challenge-payouts"
    HONEST_NEVER_PENALISED = "honest-never-penalised"
    BLUFF_ALWAYS_CAUGHT = "bluff-always-caught"
    CHALLENGE_CAN_SUCCEED = "challenge-can-succeed"
    SETUP_FEASIBILITY = "setup-feasibility"
    DRAW_OBLIGATIONS = "draw-obligations"
    SCORING_COVERAGE = "scoring-coverage"
    SCORING_TARGET = "scoring-target"


class QueryJson(TypedDict):
    """One query in `unospec prove --format json`."""

    name: str
    claim: str
    section: str
    verdict: Verdict
    seconds: float
    witness: dict[str, object] | None
    kernel_relies_on_it: bool
    detail: dict[str, object] | None


@dataclass(frozen=True)
class Query:
    """One query: `claim` in words, its `verdict`, and a counterexample in game terms.
    `asserts` is which claim it is, `about` what it is about (a card kind, a transition;
    "" for the edition as a whole)."""

    asserts: Claim
    about: str
    claim: str
    section: str
    verdict: Verdict
    seconds: float
    witness: Witness | None = None
    kernel_relies_on_it: bool = False  # refuted: the model itself is wrong, not the booklet
    detail: Witness | None = None  # what was found besides the verdict

    @property
    def name(self) -> str:
        """The query as `unospec prove` names it: ``honest-never-penalised: wild-draw-four``."""
        return f"{self.asserts}: {self.about}" if self.about else str(self.asserts)

    def to_json(self) -> QueryJson:
        return {
            "name": self.name,
            "claim": self.claim,
            "section": self.section,
            "verdict": self.verdict,
            "seconds": self.seconds,
            "witness": _copied(self.witness),
            "kernel_relies_on_it": self.kernel_relies_on_it,
            "detail": _copied(self.detail),
        }


def _copied(found: Witness | None) -> dict[str, object] | None:
    """A deep copy, as a JSON object: the document shares nothing with the result."""
    return None if found is None else copy.deepcopy(dict(found))


def check_claim(
    asserts: Claim,
    about: str,
    claim: str,
    section: str,
    facts: list[z3.BoolRef],
    negated_claim: z3.BoolRef,
    decode: Callable[[z3.ModelRef], Witness],
    *,
    kernel_relies_on_it: bool = False,
) -> Query:
    """Assert the facts and the negation of the claim: unsat proves it, a model refutes it.

    A model is found in a Z3 context of its own. In the shared one, the model found depended
    on every term made before: an edition's witness changed when another edition's proofs
    had run first in the same process. Unsat does not depend on the context, so a query is
    first decided where its terms were made (`unsat_where_made`), and only one that is not
    proved there pays for a context of its own (a few ms each, most of a proved query's time).
    A query Z3 cannot decide there within a tenth of the timeout (`FIRST_TRY_MS`) gets the
    whole timeout in its own context.
    """
    started = time.perf_counter()
    if unsat_where_made([*facts, negated_claim]):
        seconds = round(time.perf_counter() - started, 4)
        return Query(asserts, about, claim, section, PROVED, seconds, None, kernel_relies_on_it)
    context = z3.Context()
    solver = z3.Solver(ctx=context)
    solver.set("timeout", TIMEOUT_MS)
    solver.add(*(fact.translate(context) for fact in (*facts, negated_claim)))
    answer = solver.check()
    seconds = round(time.perf_counter() - started, 4)
    asked = (asserts, about, claim, section)
    if answer == z3.unsat:
        return Query(*asked, PROVED, seconds, None, kernel_relies_on_it)
    if answer == z3.sat:
        return Query(*asked, REFUTED, seconds, decode(solver.model()), kernel_relies_on_it)
    unknown = {"reason": str(solver.reason_unknown())}
    return Query(*asked, UNKNOWN, seconds, unknown, kernel_relies_on_it)


def unsat_where_made(assertions: list[z3.BoolRef]) -> bool:
    """Whether Z3 finds `assertions` unsatisfiable in the context their terms were made in
    (within `FIRST_TRY_MS`): a proof, whatever else that context holds. False when they
    are satisfiable or undecided within `FIRST_TRY_MS`, which a caller settles again in a
    context of its own with the whole timeout.

    Any sound solver proves as well as another, so this one is Z3's `smt` tactic as a
    solver: `z3.Solver()` builds its default tactics at every check, 3 to 4 ms of a small
    query's 4 to 5 (measured over the six booklet editions' queries: 470 against 204 ms)."""
    solver = z3.Tactic("smt", ctx=assertions[0].ctx).solver()
    solver.set("timeout", FIRST_TRY_MS)
    solver.add(*assertions)
    return bool(solver.check() == z3.unsat)


def value(model: z3.ModelRef, term: z3.ExprRef) -> int | bool:
    """A term's value in a model, as a Python int or bool (`term` from any context)."""
    result = model.eval(term.translate(model.ctx), model_completion=True)
    if z3.is_true(result) or z3.is_false(result):
        return bool(z3.is_true(result))
    return int(result.as_long())
