"""How the engine's functions are compiled: numba's `njit`, with one signature each, taken
from the function's annotations.

One signature per function matters for compile time: left to itself numba compiles a
function again for every literal argument it is called with (`face(E, card, F_WILD)` and
`face(E, card, F_COLOR)` were two compilations), and the engine took minutes to compile
cold. With the signature given, each function compiles once.

It compiles (or loads from the cache) when it is first needed, not when its module is
imported: when Python first calls it, or a caller is compiled. A caller's cached code holds
its callees' code, so a run loads only the functions Python calls (the search's few entry
points), not each of the hundred and more helpers again: that was a third of the engine's
start and 40 MB of memory. `warm.load` compiles them all when the cache is new.

The annotations name numba types through `Annotated` (`Ints`, `Grid`, `Words`); plain `int`
is int64, `bool` is a boolean, `None` returns nothing. `NUMBA_DISABLE_JIT=1` leaves every
function plain Python (for coverage, or to read a failure in a debugger).

Where the compiled code is cached, and how a stale or corrupted cache is refused, is
`cache`'s business: it must run before numba is first imported.
"""

from __future__ import annotations

import sys
import typing
from collections.abc import Callable
from typing import Annotated, Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import cache

cache.prepare()  # before numba is imported: the cache folder is numba's configuration

import numba  # noqa: E402  (after the cache folder is set)
from llvmlite import ir  # noqa: E402  (numba's own code generator, imported with it)
from numba import types  # noqa: E402
from numba.core import cgutils  # noqa: E402
from numba.core.compiler_lock import global_compiler_lock  # noqa: E402
from numba.core.registry import CPUDispatcher  # noqa: E402
from numba.cpython.unsafe.numbers import trailing_zeros  # noqa: E402
from numba.extending import intrinsic  # noqa: E402


def _without_the_blas_probe() -> None:
    """Import numba's array functions, which numba imports at the first compile or cache
    read, without their probe for a BLAS: the probe imports `scipy.linalg` (0.1 s of CPU
    of the engine's 0.8 s load with a warm cache, `benchmarks/bench_startup.py`), and the
    engine calls no BLAS (no `np.dot`, no `np.linalg`; numba's own fallback serves a dot
    product, and `np.linalg` checks for a BLAS again when typed). Where `scipy.linalg` is
    already loaded the probe is free and runs. Numba's private layout: numba 0.61-0.68's
    `arraymath._check_blas`; re-check at a numba upgrade."""
    probe = "scipy.linalg.cython_blas"
    if probe in sys.modules or "numba.np.arraymath" in sys.modules:
        return
    sys.modules[probe] = None  # type: ignore[assignment]  # its import fails at once
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules[probe]


_without_the_blas_probe()

Ints = Annotated[npt.NDArray[np.int64], types.int64[::1]]
"""A one-dimensional array of int64: a state row, or a table."""
Grid = Annotated[npt.NDArray[np.int64], types.int64[:, ::1]]
"""A two-dimensional array of int64: rows of moves, of fired branches."""
Grid3 = Annotated[npt.NDArray[np.int64], types.int64[:, :, ::1]]
"""A three-dimensional array of int64: the workers' record buffers, side by side."""
Words = Annotated[npt.NDArray[np.uint64], types.uint64[::1]]
"""A one-dimensional array of uint64: packed states, fingerprints."""
WordGrid = Annotated[npt.NDArray[np.uint64], types.uint64[:, ::1]]
"""Rows of packed states."""
Bytes = Annotated[npt.NDArray[np.uint8], types.uint8[::1]]
"""A one-dimensional array of bytes: flags per state."""
Ids = Annotated[npt.NDArray[np.uint32], types.uint32[::1]]
"""A one-dimensional array of uint32: state ids (parents, the visited table's slots)."""

_PLAIN: dict[Any, Any] = {int: types.int64, bool: types.boolean, float: types.float64}

F = TypeVar("F", bound=Callable[..., Any])

OPTIONS: dict[str, Any] = {
    "cache": True,
    "nogil": True,
    # integer `%` and `//` without a zero check: no divisor in the engine is ever zero
    "error_model": "numpy",
    # no reference counting: no engine function allocates an array (every array is the
    # caller's), and counting each array argument's references on every call made the
    # kernel several times slower (a call with three arrays cost 50 ns, against 1 ns)
    "_nrt": False,
}

_TARGET = {"nopython": True} | {key: value for key, value in OPTIONS.items() if key != "cache"}
"""What `numba.njit(**OPTIONS)` gives a dispatcher, for the ones `compiled` makes itself."""


def signature(function: Callable[..., Any]) -> Any:
    """The numba signature `function`'s annotations give."""
    hints = typing.get_type_hints(function, include_extras=True)
    returned = hints.pop("return", None)
    arguments = [_numba_type(function, name, hint) for name, hint in hints.items()]
    result = types.void if returned is type(None) else _numba_type(function, "return", returned)
    return result(*arguments)


def _numba_type(function: Callable[..., Any], name: str, hint: Any) -> Any:
    if typing.get_origin(hint) is Annotated:
        return typing.get_args(hint)[1]
    if hint in _PLAIN:
        return _PLAIN[hint]
    raise TypeError(f"{function.__qualname__}: {name}: no numba type for {hint!r}")


class _Declared(CPUDispatcher):
    """A dispatcher that compiles its one declared signature when first needed, and no
    other: numba asks `get_call_template` when a caller is typed, `_compile_for_args` when
    Python calls it with no overload compiled yet."""

    declared: Any = None
    _can_compile: bool  # numba's: whether a call may still compile a new overload

    def ready(self) -> None:
        """Compile (or load from the cache) the declared signature, once."""
        with global_compiler_lock:
            if self._can_compile:
                self.compile(self.declared)
                self.disable_compile()

    def get_call_template(self, args: Any, kws: Any) -> Any:
        self.ready()
        return super().get_call_template(args, kws)

    def _compile_for_args(self, *args: Any, **kws: Any) -> Any:
        self.ready()
        return self  # called again: the declared overload, or numba's no-match error


DECLARED: list[_Declared] = []
"""Every `compiled` function, in the order defined (callees before callers)."""


def compiled(function: F) -> F:
    """`function` compiled to machine code once, for the signature its annotations give,
    when first needed, and cached on disk (see `cache`)."""
    if cache.jit_disabled():
        return function
    dispatcher = _Declared(py_func=function, locals={}, targetoptions=_TARGET)
    dispatcher.enable_caching()
    dispatcher.declared = signature(function)
    DECLARED.append(dispatcher)
    return dispatcher  # type: ignore[return-value]


def ready(*functions: Callable[..., Any]) -> None:
    """Read `functions` from the cache (or compile them) now, not at their first call: a
    command that times its work starts its clock after."""
    for function in functions:
        if isinstance(function, _Declared):
            function.ready()


def compiled_inline(function: F) -> F:
    """`compiled`, and inlined into its callers: for the one-line helpers that say where a
    field lies, which would each cost a call (and a compilation) otherwise.

    Compiled lazily, when a caller is (or Python calls it), not when its module is imported:
    a caller inlines the helper's own code, never a compiled copy of it, and is cached with
    it inlined, so a helper compiled at import was loaded from the cache by every run for
    nothing (a sixth of the engine's load). Its annotations are still read, so that a wrong
    one fails at import."""
    if cache.jit_disabled():
        return function
    signature(function)
    jitted = numba.njit(inline="always", **OPTIONS)
    return jitted(function)  # type: ignore[no-any-return]


@intrinsic
def _copy_ints(typingctx: Any, target: Any, source: Any) -> Any:
    """`target[: len(source)] = source` as one `llvm.memcpy`."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        into = context.make_array(signature.args[0])(context, builder, args[0])
        out_of = context.make_array(signature.args[1])(context, builder, args[1])
        cgutils.raw_memcpy(  # type: ignore[no-untyped-call]  # numba's, untyped
            builder, into.data, out_of.data, out_of.nitems, 8
        )
        return context.get_dummy_value()

    return types.void(target, source), codegen


CopyInts = Callable[[Ints, Ints], None]


def _copy_ints_plainly(target: Ints, source: Ints) -> None:
    target[: source.shape[0]] = source


copy_ints = _copy_ints_plainly if cache.jit_disabled() else cast(CopyInts, _copy_ints)
"""`target[: source.shape[0]] = source`, for two of the engine's rows (which never overlap),
as one memcpy: numba's slice assignment allocates (in case they overlap), and the engine
runs without numba's allocator; a loop element by element tests every index for a negative
one, does not vectorise, and was 13% of a simulated game's compiled time (perf, invariants
off). Plain numpy with the JIT off."""


LowestBit = Callable[[int], int]


def _lowest_bit_plainly(word: int) -> int:
    return (word & -word).bit_length() - 1


lowest_bit = _lowest_bit_plainly if cache.jit_disabled() else cast(LowestBit, trailing_zeros)
"""The index of the lowest bit set in `word` (not 0): one instruction compiled. With it a
loop visits only the faces a hand holds, where a test per face was a branch mispredicted at
every card held (`rules.plays`)."""


@intrinsic
def _prefetch(typingctx: Any, array: Any, index: Any) -> Any:
    """`llvm.prefetch` of `array[index]`'s address, for reading, kept in every cache level."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        as_bytes = builder.bitcast(builder.gep(data, [args[1]]), ir.IntType(8).as_pointer())
        word = ir.IntType(32)
        kind = ir.FunctionType(ir.VoidType(), [as_bytes.type, word, word, word])
        # named by its pointer type, as numba names `llvm.memcpy`: `llvm.prefetch.p0i8` for the
        # LLVM of numba 0.60, which newer ones read as their `llvm.prefetch.p0`
        function = builder.module.declare_intrinsic("llvm.prefetch", [as_bytes.type], kind)
        builder.call(function, [as_bytes, word(0), word(3), word(1)])  # read, keep, data
        return context.get_dummy_value()

    return types.void(array, index), codegen


Prefetch = Callable[[Any, int], None]


def _prefetch_plainly(array: Any, index: int) -> None:
    """Nothing: a hint to the cache has no meaning without the JIT."""


prefetch = _prefetch_plainly if cache.jit_disabled() else cast(Prefetch, _prefetch)
"""Ask the CPU to start loading `array[index]` (`index` must lie inside it) and go on
without waiting. The visited table is hundreds of megabytes and its slots are read at
random, while the fingerprints of the records to come are already known: at 4,000,000
states `search.merge` took 2.0-2.1 s without its prefetches and 0.9-1.0 s with them
(`benchmarks/README.md`)."""
