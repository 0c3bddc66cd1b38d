"""The kernel moves exactly the cards its effects declare (`checks/proofs/declared.py`).

This is what ties the conservation proof, which reads the declared flows, to the kernel:
`unospec prove` samples it, and a kernel that loses or makes a card is refuted there."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from scenario import edition

from unospec.checks.analyses.proofs import PROVED, REFUTED, prove
from unospec.checks.analyses.proofs.declared import kernel_moves_as_declared
from unospec.editions import builtin_names
from unospec.model import kernel, updates
from unospec.model.flows import RULES, rule_info
from unospec.model.table import MACHINE

QUERY = "declared-flows"


@pytest.mark.parametrize("name", builtin_names())
def test_every_transition_moves_what_its_effect_declares(name: str) -> None:
    """Over seeded random games, each transition's change to the draw pile, the discard
    pile's top and the cards under it, the hands and the set-aside cards is its declared
    flow (Contents: every card is somewhere)."""
    query = kernel_moves_as_declared(edition(name))
    assert query.verdict == PROVED, query.witness
    # a one-hand game without a challenge or an UNO window (RLCard's) has fewer kinds
    least = 15 if edition(name).rules.game_end == "single-hand" else 25
    assert query.detail is not None and query.detail["kinds of transition"] > least


def _seeded(
    monkeypatch: pytest.MonkeyPatch, effect: Callable[..., object], bug: Callable[..., object]
) -> None:
    """The kernel with `effect` replaced by `bug` on every transition that runs it; `bug`
    declares what `effect` declares, as a slip in the effect's code would."""
    monkeypatch.setitem(RULES, bug, rule_info(effect))
    branches = {b.number: dataclasses.replace(b, update=bug) if b.update is effect else b
                for b in MACHINE.branches}  # fmt: skip
    by_event = {
        key: tuple(branches[b.number] for b in group) for key, group in MACHINE.by_event.items()
    }
    monkeypatch.setattr(kernel, "MACHINE", dataclasses.replace(MACHINE, by_event=by_event))


def test_a_kernel_that_loses_the_card_played_is_refuted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A played card that never reaches the discard pile (Let's Play) while the effect still
    declares it: the Z3 queries, which read declarations, stay proved; this one is refuted,
    with the transition and both counts, and `prove` fails (the kernel relies on it)."""

    def lost(e, game, action):  # type: ignore[no-untyped-def]
        after = updates.play_card(e, game, action)
        return after._replace(discard=game.discard)

    _seeded(monkeypatch, updates.play_card, lost)
    report = prove(edition("classic"))
    [query] = [q for q in report.queries if q.name == QUERY]
    assert query.verdict == REFUTED and not report.model_ok
    assert query.witness is not None and "--play" in query.witness["transition"]
    assert query.witness["kernel"]["top"] == query.witness["declared"]["top"] - 1 or (
        query.witness["kernel"]["under"] == query.witness["declared"]["under"] - 1
    )


def test_a_kernel_that_makes_a_card_from_nothing_is_refuted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A play (Let's Play) that also hands its player a copy of the old top card: one card
    more in the hands than declared, from nowhere."""

    def forged(e, game, action):  # type: ignore[no-untyped-def]
        after = updates.play_card(e, game, action)
        hands = list(after.hands)
        hands[action.player] = tuple(sorted((*hands[action.player], game.top)))
        return after._replace(hands=tuple(hands))

    _seeded(monkeypatch, updates.play_card, forged)
    query = kernel_moves_as_declared(edition("express"))
    assert query.verdict == REFUTED and query.witness is not None
    assert query.witness["kernel"]["hands"] == query.witness["declared"]["hands"] + 1
