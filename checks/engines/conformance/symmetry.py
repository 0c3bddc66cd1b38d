"""Symmetry under conformance: an implementation's canonical forms held to the reference's.

An explorer that keeps one state per orbit of colour renamings (and between hands only what
carries over: `chance.normalize`) counts wrong when its canonical form is wrong, and nothing
else shows it: a form that merges two states that differ, or splits one. So, for every
state compared, where the implementation has canonical forms (`MoreRules.canonical`):

- its form stands for a state the reference's canonical form of which is the state itself
  (the form is of the right orbit);
- every outcome that the reference normalizes and renames to a state gets the same form as
  that state (normalizing and renaming agree, between hands too);
- renaming the colours of the state changes its canonical form in neither implementation
  (one renaming per state, in turn: every one of them at two colours).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from unospec.checks.engines.chance import Outcome, normalize
from unospec.checks.engines.conformance.adapter import Rules, canonical_of
from unospec.checks.engines.conformance.report import Found, differing
from unospec.checks.engines.symmetry import Renaming, least_form, rename
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.state import GameState


@dataclass
class CanonicalForms:
    """The canonical forms an implementation gave the reference's states, so far."""

    edition: Edition
    renamings: list[Renaming]
    forms: dict[GameState, object] = field(default_factory=dict)
    compared: int = 0  # states whose canonical forms were compared

    def of_state(
        self, rules: Rules[Any], game: GameState, form: tuple[object, GameState], turn: int
    ) -> Found | None:
        """The implementation's form `form` of the reference's canonical state `game`: of
        its orbit, the one its outcomes were given, unchanged by a renaming (the `turn`th
        in turn)."""
        self.compared += 1
        key, stands_for = form
        representative = least_form(normalize(stands_for), self.renamings)
        if representative != game:
            ours, theirs = differing(self.edition, game, representative)
            return Found("symmetry", None, ours, theirs, None)
        claimed = self.forms.setdefault(game, key)
        if claimed != key:
            return Found(
                "symmetry",
                None,
                "the state an earlier outcome was normalized and renamed to",
                "a canonical form other than that outcome's",
                None,
            )
        others = self.renamings[1:]  # the first is the identity
        if not others:
            return None
        renaming = others[turn % len(others)]
        renamed = rename(game, renaming)
        colours = ", ".join(f"{COLORS[a]}->{COLORS[b]}" for a, b in renaming[1].items() if a != b)
        if least_form(renamed, self.renamings) != game:
            said = f"renamed ({colours}), a state of another canonical form"
            return Found("symmetry", None, said, "-", None)
        renamed_form = canonical_of(rules, rules.encode(renamed))
        if renamed_form is not None and renamed_form[0] != key:
            said = f"renamed ({colours}), the same canonical form"
            return Found("symmetry", None, said, "another canonical form", None)
        return None

    def of_outcome(self, child: GameState, key: object, outcome: Outcome) -> Found | None:
        """The implementation's form `key` of `outcome`, which the reference normalizes and
        renames to `child`: the form `child` has, from any other outcome or its own probe."""
        claimed = self.forms.setdefault(child, key)
        if claimed == key:
            return None
        return Found(
            "symmetry",
            outcome.action,
            "the same state, up to colour renaming, as another outcome reached",
            "a canonical form other than that outcome's",
            outcome,
        )
