"""Z3 proofs about an edition: `prove(edition)` runs every query and returns the results.

Each query asserts the negation of its claim and expects unsat (proved); a model is a
counterexample (refuted), decoded into game terms; a timeout is unknown. Queries that the
kernel itself relies on (card conservation, the challenge payouts it implements) are marked:
refuting one is a bug in the model; the others are properties of the booklet.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypedDict

from unospec.checks.analyses.proofs.challenge import challenge_queries
from unospec.checks.analyses.proofs.conservation import conservation_queries
from unospec.checks.analyses.proofs.declared import kernel_moves_as_declared
from unospec.checks.analyses.proofs.obligations import obligation_query
from unospec.checks.analyses.proofs.result import (
    PROVED,
    REFUTED,
    UNKNOWN,
    Claim,
    Query,
    QueryJson,
    Verdict,
)
from unospec.checks.analyses.proofs.scoring import best_hand_query, coverage_query
from unospec.checks.analyses.proofs.setup import setup_query
from unospec.model.edition import Edition

__all__ = [
    "PROVED",
    "REFUTED",
    "UNKNOWN",
    "Claim",
    "ProofReport",
    "ProofReportJson",
    "Query",
    "QueryJson",
    "Verdict",
    "prove",
]


class ProofReportJson(TypedDict):
    """`unospec prove --format json`."""

    edition: str
    seconds: float
    queries: list[QueryJson]


@dataclass(frozen=True)
class ProofReport:
    """Every query of one edition."""

    edition: str
    queries: tuple[Query, ...]
    seconds: float

    @property
    def model_ok(self) -> bool:
        """No query the kernel relies on is refuted or unknown."""
        return all(q.verdict == PROVED for q in self.queries if q.kernel_relies_on_it)

    def refuted(self, asserts: Claim) -> Iterator[Query]:
        """The queries of the claim `asserts` that Z3 refuted: what lint reports."""
        return (q for q in self.queries if q.asserts == asserts and q.verdict == REFUTED)

    def to_json(self) -> ProofReportJson:
        return {
            "edition": self.edition,
            "seconds": round(self.seconds, 3),
            "queries": [q.to_json() for q in self.queries],
        }


def prove(edition: Edition) -> ProofReport:
    """Run every query about `edition`."""
    started = time.perf_counter()
    queries = [
        *conservation_queries(edition),
        kernel_moves_as_declared(edition),
        *challenge_queries(edition),
        setup_query(edition),
        obligation_query(edition),
        coverage_query(edition),
        best_hand_query(edition),
    ]
    return ProofReport(edition.name, tuple(queries), time.perf_counter() - started)
