"""Hypothesis settings profiles: `dev` (default), `ci` (derandomised, no database, no
deadline; .ci/run selects it) and `nightly` (many more examples). Choose one with the
environment variable HYPOTHESIS_PROFILE."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

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
