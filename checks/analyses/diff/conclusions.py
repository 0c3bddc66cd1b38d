"""The diff of conclusions: what the checks conclude about each edition, compared.

Proof verdicts, lint finding ids and the exploration of each edition at the diff's scale:
its state count and the transitions it fired. An exploration cut short concludes no
coverage, and its count only as a bound (or as far as the invariant it broke).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from unospec.checks.analyses.diff.data import pairs
from unospec.checks.analyses.diff.report import Difference, StatesBound
from unospec.checks.analyses.lint import lint
from unospec.checks.analyses.proofs import prove
from unospec.model.edition import Edition
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.table import MACHINE


@dataclass(frozen=True)
class Conclusions:
    """What the checks conclude about one edition: each proof's verdict, the findings (ids,
    and each one's message), the states explored (a count; a bound when cut short; words
    when an invariant broke) and, when the exploration finished, the transitions it fired."""

    proofs: dict[str, str]
    findings: list[str]
    messages: dict[str, str]
    states: int | str | StatesBound | None  # None: not explored (no scale)
    coverage: list[str] | None


@functools.lru_cache(maxsize=32)
def conclusions(
    edition: Edition, scale: str | None, players: int, max_states: int | None = None
) -> Conclusions:
    """What the checks conclude about one edition (cached: pairs share editions). An
    exploration cut short at `max_states` concludes no coverage, and a count only as a bound
    (or as far as the invariant it broke); with no `scale`, nothing is explored."""
    proofs = prove(edition)
    findings = lint(edition, proofs=proofs).findings
    if scale is None:
        return Conclusions(
            proofs={q.name: q.verdict for q in proofs.queries},
            findings=sorted(f.id for f in findings),
            messages={f.id: f.message for f in findings},
            states=None,
            coverage=None,
        )
    from unospec.checks.engines.explore_job import explore_compiled  # only when it explores

    scaled = scale_edition(edition, parse_scale(scale))
    explored = explore_compiled(scaled, players, max_states=max_states)
    counted = explored.distinct_states
    states: int | str | StatesBound = (
        counted
        if explored.complete
        else f"{counted} before {explored.violation.invariant} broke"
        if explored.violation
        else StatesBound(counted)
    )
    return Conclusions(
        proofs={q.name: q.verdict for q in proofs.queries},
        findings=sorted(f.id for f in findings),
        messages={f.id: f.message for f in findings},
        states=states,
        coverage=sorted(MACHINE.branches[n].label for n in explored.fired)
        if explored.complete
        else None,
    )


def conclusion_differences(
    a: Edition, b: Edition, scale: str | None, players: int, max_states: int | None = None
) -> list[Difference]:
    """How what the checks conclude about `a` and `b` differs (with no `scale`, their
    proofs and findings only)."""
    ca, cb = conclusions(a, scale, players, max_states), conclusions(b, scale, players, max_states)
    found = pairs("proofs.", ca.proofs, cb.proofs, "proof")
    found += [
        Difference(
            "finding",
            ident,
            ident in ca.findings,
            ident in cb.findings,
            ca.messages.get(ident) or cb.messages[ident],
        )
        for ident in sorted(set(ca.findings) ^ set(cb.findings))
    ]
    if ca.states != cb.states:
        found.append(Difference("exploration", f"states at scale {scale}", ca.states, cb.states))
    if ca.coverage is None or cb.coverage is None:
        return found
    found += [
        Difference(
            "exploration",
            f"fires at scale {scale}: {label}",
            label in ca.coverage,
            label in cb.coverage,
        )
        for label in sorted(set(ca.coverage) ^ set(cb.coverage))
    ]
    return found
