"""The engine compiled on every core: a function is compiled only after every function it
calls, however it reaches them (by name, through a module, through a helper inlined into
it), or numba would compile the callee again inside the caller's worker."""

from __future__ import annotations

import os
import time
import types
from pathlib import Path
from typing import Any

import numba

from unospec.checks.engines.compiled import warm
from unospec.checks.engines.compiled.call_graph import compile_on_every_core, layers
from unospec.checks.engines.compiled.jit import DECLARED

SOURCE = """
def leaf(x):
    return x + 1

def by_name(x):
    return leaf(x) * 2

def helper(x):
    return leaf(x) - 1

def through_inlined(x):
    return helper(x)

def through_module(x):
    return engine.by_name(x)

def unrelated(x):
    return x
"""


def _functions() -> dict[str, object]:
    scope: dict[str, object] = {}
    exec(compile(SOURCE, "<engine>", "exec"), scope)
    engine = types.ModuleType("engine")
    scope["engine"] = engine
    made: dict[str, object] = {}
    for name in ("leaf", "by_name", "through_inlined", "through_module", "unrelated"):
        made[name] = numba.njit(scope[name])
    made["helper"] = numba.njit(inline="always")(scope["helper"])
    scope.update(made)
    engine.by_name = made["by_name"]  # type: ignore[attr-defined]
    return made


def test_callees_come_in_earlier_layers_however_they_are_reached() -> None:
    made = _functions()
    order = ["through_module", "unrelated", "through_inlined", "by_name", "leaf"]
    found = layers([made[name] for name in order])
    named = [sorted(order[i] for i in layer) for layer in found]
    assert named == [["leaf", "unrelated"], ["by_name", "through_inlined"], ["through_module"]]


def test_the_engine_has_layers_and_each_function_one_place() -> None:
    warm._import_all()
    found = layers(list(DECLARED))
    placed = sorted(i for layer in found for i in layer)
    assert placed == list(range(len(DECLARED)))
    assert len(found) > 5 and all(found)


def test_each_function_compiles_after_its_callees_and_two_at_once(tmp_path: Path) -> None:
    """The workers start a function only once every function it calls has finished, and
    run independent ones side by side (or two cores gain nothing)."""
    made = _functions()
    order = ["through_module", "unrelated", "through_inlined", "by_name", "leaf"]
    functions = [made[name] for name in order]
    log = tmp_path / "log"

    def ready(function: Any) -> None:
        name = function.py_func.__name__
        with log.open("a") as out:
            out.write(f"start {name} {time.monotonic()}\n")
        time.sleep(0.2)
        with log.open("a") as out:
            out.write(f"end {name} {time.monotonic()}\n")

    counted: list[int] = []
    compile_on_every_core(functions, ready, counted.append)
    events = {
        (what, name): float(at) for what, name, at in map(str.split, log.read_text().splitlines())
    }
    assert counted == [1, 2, 3, 4, 5]
    assert events[("start", "by_name")] >= events[("end", "leaf")]
    assert events[("start", "through_inlined")] >= events[("end", "leaf")]
    assert events[("start", "through_module")] >= events[("end", "by_name")]
    if len(os.sched_getaffinity(0)) > 1:  # leaf and unrelated call nothing: both at once
        assert events[("start", "unrelated")] < events[("end", "leaf")]
