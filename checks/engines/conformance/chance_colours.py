"""Colours an implementation draws at random, compared as a distribution: where the edition
says a colour comes up at random (a drawn wild's, a first wild's: `model.moves.
colour_at_random`), each one the implementation draws must be one the reference lists
(`games.replay_steps` checks that), and over its games every colour of the deck must come
up equally often: an implementation that always names red names an allowed colour every
time, and only the tally shows it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from unospec.checks.engines.conformance.report import Difference
from unospec.model.actions import Action, Pick, Play
from unospec.model.edition import Edition
from unospec.model.state import GameState
from unospec.model.trace import Trace

MIN_EXPECTED = 5
"""The fewest draws expected of each colour before the tally is judged (the chi-square
test's own rule of thumb)."""
P_VALUE = 1e-4
"""A tally less likely than this under equal chances is a difference: with the games'
fixed seeds a verdict never flickers, and a fair implementation fails it once in 10,000
seeds."""


@dataclass
class RandomColours:
    """The colours an implementation drew at random over its games, and the last draw's
    state, move and trace (the difference's witness)."""

    edition: Edition
    counts: Counter[int] = field(default_factory=Counter)
    witness: tuple[GameState, Action, Trace] | None = None

    def drawn(self, action: Action) -> None:
        if isinstance(action, Play | Pick):
            self.counts[action.color] += 1

    def difference(self) -> Difference | None:
        """A `chance` difference where the tally is too unlikely under equal chances of
        every colour of the deck; None where it is not, or too small to judge."""
        colours = self.edition.color_indices
        drawn = sum(self.counts.values())
        if self.witness is None or drawn < MIN_EXPECTED * len(colours):
            return None
        from scipy.stats import chisquare

        p = float(chisquare([self.counts[c] for c in colours]).pvalue)
        if p >= P_VALUE:
            return None
        names = self.edition.colors
        tally = ", ".join(f"{names[c]} {self.counts[c]}" for c in colours)
        state, action, trace = self.witness
        said = f"each of the {len(colours)} colours equally often"
        found = f"{drawn} colours at random: {tally} (chi-square p = {p:.1e})"
        return Difference("chance", state, action, said, found, trace, self.edition)
