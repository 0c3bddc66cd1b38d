"""Compiling the engine on every core: its functions in layers of their call graph.

numba compiles one function at a time, and a compiled caller needs its compiled callees. On
an empty cache the engine's functions took 82 s of one core. Here they are compiled by
layers: a function's layer is one more than its deepest callee's, so every function of a
layer can be compiled at once, in worker processes, each reading the layers below from the
cache that the workers before it wrote. The parent then reads them all from the cache, as on
any warm start.

The call graph is read from each function's code: the names it uses that are compiled
functions, directly, through a module (`rules.fire`), or through a helper inlined into it.
Reading too many callees only orders the layers more strictly; it never breaks a compile.
"""

from __future__ import annotations

import multiprocessing
import os
import types
from collections.abc import Callable, Iterator
from typing import Any


def layers(functions: list[Any]) -> list[list[int]]:
    """The indexes of `functions` (numba dispatchers), layer by layer: each layer's
    functions call only functions of the layers before it."""
    index = {id(function): i for i, function in enumerate(functions)}
    callees = [
        _callees(function.py_func, index, set()) - {i} for i, function in enumerate(functions)
    ]
    depth: dict[int, int] = {}

    def layer_of(i: int, path: frozenset[int]) -> int:
        if i not in depth:
            if i in path:
                raise ValueError(f"{functions[i].py_func.__qualname__} calls itself back")
            deeper = [layer_of(j, path | {i}) for j in callees[i]]
            depth[i] = 1 + max(deeper, default=-1)
        return depth[i]

    for i in range(len(functions)):
        layer_of(i, frozenset())
    found: list[list[int]] = [[] for _ in range(1 + max(depth.values(), default=-1))]
    for i in range(len(functions)):
        found[depth[i]].append(i)
    return found


def _callees(function: Callable[..., Any], index: dict[int, int], inlined: set[int]) -> set[int]:
    """The compiled functions `function` calls, looking through the helpers it inlines."""
    from numba.core.registry import CPUDispatcher

    names = {name for code in _codes(function.__code__) for name in code.co_names}
    scope = function.__globals__
    values = [scope[name] for name in names if name in scope]
    for module in [value for value in values if isinstance(value, types.ModuleType)]:
        values += [getattr(module, name) for name in names if hasattr(module, name)]
    found: set[int] = set()
    for value in values:
        if not isinstance(value, CPUDispatcher):
            continue
        if id(value) in index:
            found.add(index[id(value)])
        elif id(value) not in inlined:  # inlined into its callers, never compiled alone
            inlined.add(id(value))
            found |= _callees(value.py_func, index, inlined)
    return found


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


_WORK: list[Any] = []
"""What the workers compile, and with what: set before they fork, so nothing is pickled."""


def compile_in_layers(
    functions: list[Any], ready: Callable[[Any], None], done: Callable[[int], None]
) -> None:
    """Compile `functions` into the cache on every core, layer by layer (`ready(function)`
    compiles one, or reads it from the cache); `done(n)` after each, n functions so far.

    Best effort: a function that fails here is left to the caller's own pass over all of
    them, which reads what was compiled from the cache and reports the failure as its own."""
    try:
        ordered = layers(functions)
    except ValueError:  # a function calls itself back: compiled where first called
        return
    workers = min(len(os.sched_getaffinity(0)), len(functions))
    _WORK[:] = [functions, ready]
    compiled = 0
    try:
        # fork: the workers share the parent's imported engine, and nothing is compiled yet
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for layer in ordered:
                for succeeded in pool.imap_unordered(_compile_one, layer):
                    compiled += succeeded
                    if succeeded:
                        done(compiled)
    finally:
        _WORK.clear()


def _compile_one(i: int) -> bool:
    functions, ready = _WORK
    try:
        ready(functions[i])
    except Exception:  # the caller's pass compiles it again, and names the failure
        return False
    return True
