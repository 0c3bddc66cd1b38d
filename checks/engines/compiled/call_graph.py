"""Compiling the engine on every core, in the order of its call graph.

numba compiles one function at a time, and a compiled caller needs its compiled callees. On
an empty cache the engine's functions took 72 s of one core. Here worker processes compile
them at once, each function as soon as every function it calls is compiled (the workers
read those from the cache the others wrote), the ones with the longest chain of callers
waiting on them first. The parent then reads them all from the cache, as on any warm start.

The call graph is read from each function's code: the names it uses that are compiled
functions, directly, through a module (`rules.fire`), or through a helper inlined into it.
Reading too many callees only orders the compiles more strictly; it never breaks one.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import types
from collections.abc import Callable, Iterator
from typing import Any


def callees(functions: list[Any]) -> list[set[int]]:
    """For each of `functions` (numba dispatchers), the indexes of those it calls."""
    index = {id(function): i for i, function in enumerate(functions)}
    return [_callees(f.py_func, index, set()) - {i} for i, f in enumerate(functions)]


def layers(functions: list[Any]) -> list[list[int]]:
    """The indexes of `functions`, layer by layer: each layer's functions call only
    functions of the layers before it (a function that calls itself back: ValueError)."""
    called = callees(functions)
    depth: dict[int, int] = {}

    def layer_of(i: int, path: frozenset[int]) -> int:
        if i not in depth:
            if i in path:
                raise ValueError(f"{functions[i].py_func.__qualname__} calls itself back")
            deeper = [layer_of(j, path | {i}) for j in called[i]]
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


STALLED = 900.0
"""Seconds without one compile finishing after which the workers are given up on (one that
died takes its function with it); the longest compile takes about 10 s on an idle core."""

_WORK: list[Any] = []
"""What the workers compile, and with what: set before they fork, so nothing is pickled."""


def compile_on_every_core(
    functions: list[Any], ready: Callable[[Any], None], done: Callable[[int], None]
) -> None:
    """Compile `functions` into the cache on every core, each after its callees
    (`ready(function)` compiles one, or reads it from the cache); `done(n)` after each,
    n functions so far.

    Best effort: a function that fails here is left to the caller's own pass over all of
    them, which reads what was compiled from the cache and reports the failure as its own."""
    try:
        order = layers(functions)
    except ValueError:  # a function calls itself back: compiled where first called
        return
    called = callees(functions)
    callers: list[list[int]] = [[] for _ in functions]
    for i, its in enumerate(called):
        for j in its:
            callers[j].append(i)
    waiting_on = [len(its) for its in called]
    urgency = [0] * len(functions)  # the longest chain of callers waiting on a function
    for layer in reversed(order):
        for i in layer:
            urgency[i] = 1 + max((urgency[c] for c in callers[i]), default=0)
    workers = min(len(os.sched_getaffinity(0)), len(functions))
    can_start = [i for i in range(len(functions)) if not waiting_on[i]]
    finished: queue.SimpleQueue[tuple[int, bool]] = queue.SimpleQueue()
    _WORK[:] = [functions, ready]
    compiled = running = 0
    try:
        # fork: the workers share the parent's imported engine, and nothing is compiled yet
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            while can_start or running:
                while can_start and running < workers:
                    i = max(can_start, key=lambda k: (urgency[k], -k))
                    can_start.remove(i)
                    when_done, when_failed = _reporting(finished, i)
                    pool.apply_async(
                        _compile_one, (i,), callback=when_done, error_callback=when_failed
                    )
                    running += 1
                try:
                    i, succeeded = finished.get(timeout=STALLED)
                except queue.Empty:  # a worker died mid-compile: the caller's pass goes on
                    return
                running -= 1
                if succeeded:
                    compiled += 1
                    done(compiled)
                for caller in callers[i]:
                    waiting_on[caller] -= 1
                    if not waiting_on[caller]:
                        can_start.append(caller)
    finally:
        _WORK.clear()


def _reporting(
    finished: queue.SimpleQueue[tuple[int, bool]], i: int
) -> tuple[Callable[[bool], None], Callable[[BaseException], None]]:
    """The pool's callbacks for function `i`: each tells the parent that it finished."""

    def when_done(succeeded: bool) -> None:
        finished.put((i, succeeded))

    def when_failed(error: BaseException) -> None:
        finished.put((i, False))

    return when_done, when_failed


def _compile_one(i: int) -> bool:
    functions, ready = _WORK
    try:
        ready(functions[i])
    except Exception:  # the caller's pass compiles it again, and names the failure
        return False
    return True
