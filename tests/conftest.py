"""Hypothesis settings profiles: `dev` (default), `ci` (derandomised, no database, no
deadline; .ci/run selects it) and `nightly` (many more examples). Choose one with the
environment variable HYPOTHESIS_PROFILE. Then what keeps the suite's time down: `check`'s
conformance at a small size, no plots of play, one proof per edition and process."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from unospec.checks.analyses.proofs import ProofReport
    from unospec.model.edition import Edition

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "nightly", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _small_conformance(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """`unospec check`'s conformance check compares 20,000 states of each edition and
    replays five full-size games, several seconds apiece: the tests of the other checks run
    it on a few hundred states and one game (tests of conformance itself, and the golden
    JSON, marked `full_conformance`, keep the full counts)."""
    if request.node.get_closest_marker("full_conformance") is None:
        from unospec.checks.jobs import main_check

        monkeypatch.setattr(main_check, "CONFORM_STATES", 300)
        monkeypatch.setattr(main_check, "CONFORM_GAMES", 1)


@pytest.fixture(autouse=True)
def _small_studies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The report's plots of play rest on 2,000 games of each edition and pair, and drawing
    them costs a second a page: the reports the tests build draw none, unless their
    `Settings` ask (the shared site of tests/report/test_site.py does, from 200 games)."""
    from unospec.report import site

    monkeypatch.setattr(site, "STATS_GAMES", 0)


_PROOFS: dict[Edition, ProofReport] = {}
"""The proofs of each edition this worker proved, by edition (`_proofs_shared`)."""

PROVING = (
    "unospec.model",
    "unospec.editions",
    "unospec.checks.analyses.proofs",
    "unospec.checks.engines",
    "unospec.checks.properties",
)
"""The packages whose code decides what `prove` finds, the compiled engine's apart (proving
does not run it)."""


def _proving_code() -> dict[tuple[str, str], object]:
    """Every module-level name of the code `prove` runs (its functions, classes and public
    values; not the private memos it keeps), and Z3's solver's methods."""
    import z3

    from unospec.checks.analyses.diff import conclusions  # noqa: F401  (imports the rest)
    from unospec.checks.jobs import main_check  # noqa: F401

    names = {("z3.Solver", key): value for key, value in vars(z3.Solver).items()}
    for name, module in list(sys.modules.items()):
        if name.startswith(PROVING) and ".compiled" not in name:
            names.update(
                ((name, key), value)
                for key, value in vars(module).items()
                if callable(value) or not key.startswith("_")  # not a private memo
            )
    return names


@pytest.fixture(scope="session")
def _unpatched() -> dict[tuple[str, str], object]:
    """The proving code as this worker loaded it, before any test patched it."""
    return _proving_code()


@pytest.fixture(autouse=True)
def _proofs_shared(_unpatched: dict[tuple[str, str], object]) -> Iterator[None]:
    """`prove` is a pure function of the edition and costs most of a second (Z3 queries and
    kernel games); `check`, `lint`, `diff` and `report` prove the built-in editions again in
    test after test, a quarter of the suite's time. The library's callers of `prove` share
    one result per edition in this process instead, as long as the code that proves is the
    code loaded: a test that seeds a bug (in the kernel, the machine, a query, Z3) proves
    afresh, and its proofs are not kept."""
    from unospec.checks.analyses import lint, proofs
    from unospec.checks.analyses.diff import conclusions
    from unospec.checks.jobs import main_check

    fresh = proofs.prove

    def shared(edition: Edition) -> ProofReport:
        now = _proving_code()
        now[("unospec.checks.analyses.proofs", "prove")] = fresh  # the one name patched here
        if any(now.get(key, value) is not value for key, value in _unpatched.items()):
            return fresh(edition)
        if edition not in _PROOFS:
            _PROOFS[edition] = fresh(edition)
        return _PROOFS[edition]

    with pytest.MonkeyPatch.context() as patch:
        for module in (proofs, main_check, lint, conclusions):
            patch.setattr(module, "prove", shared)
        yield
