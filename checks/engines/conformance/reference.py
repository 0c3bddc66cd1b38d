"""The reference kernel as an engine (`unospec conform --engine reference`): the `Rules`
calls made of the kernel itself, its states as they are.

It agrees with the reference by construction, so what it is for is the protocol: the
smallest complete adapter, the one docs/conformance.md starts from, and a run of
conformance that tells a difference in an outside engine from one in conformance itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from unospec.checks.engines.random_play import record_game
from unospec.checks.properties.invariants import violations
from unospec.model import kernel
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.state import GameState


@dataclass(frozen=True)
class Stepped:
    """One step's result, as `Rules.step` gives it."""

    state: GameState | None
    refused: tuple[str, str] | None = None
    broken: frozenset[str] | None = None


class ReferenceRules:
    """The reference kernel at one table size, through conformance's calls."""

    name = "reference"

    def __init__(self, edition: Edition, players: int) -> None:
        self.edition = edition
        self.players = players

    def encode(self, game: GameState) -> GameState:
        return game

    def decode(self, state: GameState) -> GameState:
        return state

    def legal(self, state: GameState) -> list[Action]:
        return list(kernel.legal_actions(self.edition, state))

    def step(self, state: GameState, action: Action) -> Stepped:
        try:
            after, fired = kernel.run(self.edition, state, action)
        except RuleGap as gap:
            return Stepped(None, ("gap", gap.rule))
        except IllegalAction as illegal:
            return Stepped(None, ("illegal", illegal.rule))
        judged = violations(self.edition, after, state, fired, kinds=("step",))
        return Stepped(after, broken=frozenset(name for name, _ in judged))

    def state_broken(self, state: GameState) -> frozenset[str]:
        return frozenset(name for name, _ in violations(self.edition, state, kinds=("always",)))

    def play(self, seed: int, max_steps: int) -> list[Action]:
        """A random game of the reference's, its deal first (`random_play.record_game`)."""
        recorded = record_game(self.edition, self.players, seed, max_steps=max_steps)
        return [action for _, action, _ in recorded.history]
