"""The main job's defaults, which `check`, `baseline save`, `lint` and `report` share: how
many random games, which scales to explore, how many states before an exploration stops."""

from __future__ import annotations

from unospec.model.scale import PORTFOLIO

DEFAULT_GAMES = 2000
"""Games per edition: issue 2 asks `check` for at least 2,000. Fewer would find as much on
the seeded bugs measured so far (`benchmarks/bench_sample.py`, see benchmarks/README.md:
the last machine transition to fire first fires in game 179, and every seeded kernel bug of
`benchmarks/mutants.py` fails a game by game 158), but a bug no one has seeded may need more,
and the contract is the contract. Bugs that break no invariant show in the baseline's games."""

DEFAULT_SCALE = PORTFOLIO

DEFAULT_MAX_STATES = 10_000_000
"""The exploration's bound in `check`, `lint`, `report` and `baseline save`, per scale: the
compiled engine explores about 200,000 to 400,000 states a second in about 50 bytes each
(see benchmarks/README.md). The booklets' editions reach at most 171,000 states at micro, 7-0
(classic-seven-zero) 2,171,156 at its pair scale, No Mercy 7,886,920 at its pair scale; a
user's edition with more kinds of card can reach many millions, and the check then says
where it stopped rather than run on for an hour."""
