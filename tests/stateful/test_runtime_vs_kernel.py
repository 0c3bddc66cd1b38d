"""The python-statemachine runtime and the kernel, driven side by side by Hypothesis.

One `RuleBasedStateMachine` per built-in edition. Each step is one kernel step: a move
picked by index among `legal_actions` (one rule, not one rule per event), or a shuffle from
a drawn seed when chance is due. Every machine transition the step fires is sent to a
`TurnFlow` runtime, which must land in the same phase and compute the same state; after the
step every named invariant of `checks/properties/invariants.py` must hold. `event()` records each
transition's label: `pytest --hypothesis-show-statistics` shows how often each was reached.
"""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
from budget import examples, steps
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)
from midgame import describe, edition_for, start_game, starts

from unospec.checks.properties.invariants import violations
from unospec.editions import builtin_names
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table, is_chance, legal_actions, random_outcome, run
from unospec.model.machine import TurnFlow
from unospec.model.state import GameState

pytestmark = pytest.mark.slow  # Hypothesis drives whole games, per edition


class RuntimeVsKernel(RuleBasedStateMachine):
    """Kernel steps mirrored on the library runtime; subclasses name the edition."""

    edition_name: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.edition: Edition = edition_for(self.edition_name, None)
        self.game: GameState = empty_table(self.edition, self.edition.rules.min_players)
        self.runtime = TurnFlow()

    @initialize(data=st.data())
    def begin(self, data: st.DataObject) -> None:
        """A fresh table, or a mid-game state the kernel reached from a drawn seed."""
        start = data.draw(starts(edition_for(self.edition_name, None)), label="start")
        self.edition = edition_for(self.edition_name, start.target)
        self.game = start_game(self.edition, start)
        self.runtime = TurnFlow(start_value=self.game.phase)
        event(f"start: {describe(self.edition, start, self.game)}")
        if start.target is not None:
            event("start: small target score")
        assert violations(self.edition, self.game) == []

    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        """The one rule: a move by index among the legal ones, a shuffle from a drawn seed
        when chance is due, or a new game once the game is over."""
        if self.game.phase == "game_over":
            event("a new game after the end of one")
            players = data.draw(st.integers(2, 4), label="players")
            self.game = empty_table(self.edition, players)
            self.runtime = TurnFlow()
        elif is_chance(self.game):
            seed = data.draw(st.integers(0, 2**32 - 1), label="shuffle seed")
            self.step(random_outcome(self.edition, self.game, random.Random(seed)))
        else:
            legal = legal_actions(self.edition, self.game)
            index = data.draw(st.integers(0, len(legal) - 1), label="index into legal_actions")
            self.step(legal[index])

    def step(self, action: Action) -> None:
        """One kernel step, each transition it fires replayed on the runtime, then every
        invariant; the runtime's effect returns the state with its old phase (the kernel
        sets the phase after the effect), or None when the transition has no effect."""
        e, before = self.edition, self.game
        after, fired = run(e, before, action)
        for i, step in enumerate(fired):
            event(step.branch.label)
            assert self.runtime.current_state_value == step.before.phase
            result = self.runtime.send(
                step.branch.event, edition=e, game=step.before, action=step.action
            )
            then = fired[i + 1].before if i + 1 < len(fired) else after
            assert self.runtime.current_state_value == then.phase, step.branch.label
            expected = then._replace(phase=step.before.phase)
            assert (result if result is not None else step.before) == expected, step.branch.label
        legal = legal_actions(e, after)
        assert violations(e, after, before, fired, legal) == []
        self.game = after

    @invariant()
    def same_phase(self) -> None:
        assert self.runtime.current_state_value == self.game.phase


SETTINGS = settings(
    # 60 runs of 50 steps per edition in the suite (as the adversary), 500 of 200 nightly
    max_examples=examples(ci=60, nightly=500),
    stateful_step_count=steps(ci=50, nightly=200),
)

for _name in builtin_names():
    _machine = type(
        f"RuntimeVsKernel_{_name.replace('-', '_')}",
        (RuntimeVsKernel,),
        {"edition_name": _name},
    )
    globals()[f"TestRuntimeVsKernel_{_name.replace('-', '_')}"] = type(
        f"TestRuntimeVsKernel_{_name.replace('-', '_')}",
        (_machine.TestCase,),
        {
            "settings": SETTINGS,
            "__doc__": f"On {_name}, the library runtime and the kernel agree on phase and "
            "state after every transition, and every invariant holds after every step.",
        },
    )
