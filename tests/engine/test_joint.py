"""`diff`'s joint search runs on the engine and finds the reference's own shortest
distinguishing trace, and the same bound, at the scales where both finish."""

from __future__ import annotations

import pytest
from scenario import edition

from unospec.checks.analyses.diff import distinguish

PAIRS = [
    ("classic", "express", "micro"),
    ("nfl-cowboys", "star-wars", "micro"),
    ("classic", "nfl-cowboys", "pair"),
    ("star-wars", "super-bowl-lvii", "micro"),
    ("nfl-cowboys", "nfl-players", "pair"),
]


@pytest.mark.parametrize(("a", "b", "scale"), PAIRS)
@pytest.mark.slow
def test_the_engine_finds_the_reference_trace(a: str, b: str, scale: str) -> None:
    options = {"scale": scale, "players": 2, "max_states": 200_000}
    want = distinguish(edition(a), edition(b), engine="reference", **options)
    got = distinguish(edition(a), edition(b), **options)
    assert got[1] == want[1] and got[2] == want[2]
    if want[0] is None:
        assert got[0] is None
    else:
        assert got[0] is not None
        assert [(o.action, o.drawn) for o in got[0]] == [(o.action, o.drawn) for o in want[0]]
