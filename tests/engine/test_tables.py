"""The engine's structure comes from the reference: its tables are generated from the
compiled `TurnFlow`, every function the machine names has a twin, every reading the schema
accepts is played, and a machine changed in a copy is followed without a second edit."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from scenario import edition

from unospec.checks.engines.compiled import tables
from unospec.checks.engines.compiled.exploration import explore
from unospec.checks.engines.compiled.properties import INVARIANT_NAMES
from unospec.checks.engines.compiled.tables import ACTION_KIND, MachineTwinError, machine_tables
from unospec.checks.properties.invariants import INVARIANTS
from unospec.editions.schema import READINGS
from unospec.model import machine as machine_module
from unospec.model.actions import Action
from unospec.model.flows import resumption_of
from unospec.model.primitives import PRIMITIVES, parameters
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.table import MACHINE, CompiledMachine, compile_machine


def test_every_function_the_machine_names_has_a_twin() -> None:
    """Each guard, condition, effect and lister the turn flow runs is paired with the
    engine's twin (the tables build), and each twin is of a function the machine names."""
    machine_tables()
    named = set()
    for branch in MACHINE.branches:
        named.update(branch.validators)
        named.update(c for c in (*branch.conditions, *branch.unless) if resumption_of(c) is None)
        if branch.update is not None:
            named.add(branch.update)
    twinned = {*tables.VALIDATOR_TWINS, *tables.CONDITION_TWINS, *tables.UPDATE_TWINS}
    assert named == twinned


def _with_update(label: str, update: Any) -> CompiledMachine:
    branches = tuple(
        dataclasses.replace(b, update=update) if b.label == label else b for b in MACHINE.branches
    )
    by_event: dict[tuple[str, str], Any] = {}
    for b in branches:
        by_event[(b.source, b.event)] = (*by_event.get((b.source, b.event), ()), b)
    return dataclasses.replace(MACHINE, branches=branches, by_event=by_event)


def test_a_machine_naming_a_function_without_a_twin_is_refused() -> None:
    """A rule added to the reference, and not to the engine, cannot be skipped silently."""

    def deal_twice(e: Any, game: Any, action: Any) -> Any:
        return game

    with pytest.raises(MachineTwinError, match=r"no twin of .*deal_twice"):
        machine_tables(_with_update("dealing --deal--> first_flip", deal_twice))


def _renamed_machine() -> tuple[CompiledMachine, dict[str, Any]]:
    """TurnFlow with its phase `awaiting_play` renamed `waiting_to_play`, in a copy of the
    machine module (its protocol tables renamed alike)."""
    source = open(machine_module.__file__, encoding="utf-8").read()  # noqa: SIM115
    renamed = re.sub(r"\bawaiting_play\b", "waiting_to_play", source)
    namespace: dict[str, Any] = {"__name__": "renamed_machine"}
    exec(compile(renamed, "renamed_machine.py", "exec"), namespace)
    protocol = {
        key: namespace[name]
        for key, name in (
            ("automatic", "AUTOMATIC"),
            ("same_step", "SAME_STEP"),
            ("steps", "STEPS"),
            ("window_phases", "WINDOW_PHASES"),
        )
    }
    return compile_machine(namespace["TurnFlow"], **protocol), protocol


def test_a_renamed_phase_fails_the_engine_until_it_is_renamed_there_too() -> None:
    """The rule bodies name a few phases (a Draw owes its card 'then the drawn-card
    decision'); renaming one in TurnFlow is caught where the tables are built, naming it."""
    renamed, protocol = _renamed_machine()
    assert "waiting_to_play" in renamed.phases
    with pytest.raises(MachineTwinError, match="phase 'awaiting_play'"):
        machine_tables(renamed, **protocol)


def test_reordered_branches_change_what_the_engine_does_with_no_recompile() -> None:
    """The branch order is the machine's: tried first-to-last, the first that holds fires.
    With `resolve`'s unconditional branch moved first, no UNO window ever opens, and the
    engine (no edit, no recompile: the order is an argument) explores fewer states."""
    key = ("resolving", "resolve")
    group = MACHINE.by_event[key]
    reordered = dataclasses.replace(
        MACHINE, by_event={**MACHINE.by_event, key: (group[-1], *group[:-1])}
    )
    e = scale_edition(edition("classic"), parse_scale("micro"))
    from numba.core import event

    compiled: list[object] = []

    class Counting(event.Listener):
        def on_start(self, event: object) -> None:
            compiled.append(event)

        def on_end(self, event: object) -> None:
            pass

    with event.install_listener("numba:compile", Counting()):
        usual = explore(e, 2)
        changed = explore(e, 2, machine=reordered)
    assert compiled == []
    window = next(b.number for b in MACHINE.branches if b.target == "uno_window")
    assert usual.fired[window] > 0 and changed.fired[window] == 0
    assert changed.distinct_states < usual.distinct_states


def test_every_reading_the_schema_accepts_is_one_the_engine_plays() -> None:
    """The engine's readings, per parameter, are exactly the schema's (a reading added to
    one and not the other fails here, not in a user's check)."""
    played = {f"setup.{k}": v for k, v in tables._READINGS_PLAYED.items()}
    played |= {f"play.{k}": v for k, v in tables._READINGS_PLAYED.items()}
    played |= {f"scoring.{k}": v for k, v in tables._READINGS_PLAYED.items()}
    from unospec.checks.engines.compiled.primitives import READINGS_PLAYED

    played |= READINGS_PLAYED
    for key, values in READINGS.items():
        assert set(played[key]) == set(values), key


def test_every_primitive_has_a_twin_whose_readings_are_the_primitives() -> None:
    """Each primitive an edition file may name has a twin in the engine, which tells apart
    every reading of its parameters; each built-in's tables build."""
    from unospec.checks.engines.compiled.primitives import READINGS_PLAYED, TWINS

    assert set(TWINS) == set(PRIMITIVES)
    readings = {
        f"{p.NAME}.{parameter.name}": parameter.readings
        for p in PRIMITIVES
        for parameter in parameters(p)
        if parameter.kind == "reading"
    }
    assert {k: set(v) for k, v in READINGS_PLAYED.items()} == {
        k: set(v) for k, v in readings.items()
    }
    for name in ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii"):
        tables.edition_tables(edition(name))


def test_a_reading_the_engine_does_not_play_is_refused_with_its_name() -> None:
    """Never run on the engine silently: the one-line error names the reading."""
    e = edition("classic")
    odd = dataclasses.replace(e, rules=dataclasses.replace(e.rules, flip_exhausted="shrug"))
    with pytest.raises(tables.EngineCoverageError, match=r"flip_exhausted.*found 'shrug'"):
        tables.edition_tables(odd)


def test_the_engine_checks_the_reference_invariants_in_their_order() -> None:
    assert tuple(i.name for i in INVARIANTS if i.kind in ("always", "step")) == INVARIANT_NAMES


def test_every_action_has_an_engine_kind() -> None:
    assert set(ACTION_KIND) == set(Action.__args__)  # type: ignore[attr-defined]
    assert len(set(ACTION_KIND.values())) == len(ACTION_KIND)
