"""The `unospec` command: parse (`arguments`), call the library, render, choose the exit code.

Exit codes for every command: 0 success; 1 a check failed, an invariant was violated, a
trace step was illegal or the rules gave no outcome; 2 a usage or input error, reported as one
line on stderr; 130 interrupted (Ctrl-C), with what was done so far; 141 the reader of the
output went away (a closed pipe).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from unospec.arguments import UsageError, build_parser
from unospec.commands.analyses import diagram, diff, lint, prove, readings
from unospec.commands.common import BROKEN_PIPE, FAILED, INTERRUPTED, USAGE, progress_bar
from unospec.commands.explore import conform, explore
from unospec.commands.games import editions, play, replay, show, simulate
from unospec.commands.jobs import baseline, check, report
from unospec.commands.stats import stats
from unospec.model.errors import InputError, RuleGap, one_line
from unospec.views.errors import error_text


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code."""
    with _one_interrupt_at_a_time():
        return _main(argv)


@contextlib.contextmanager
def _one_interrupt_at_a_time() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt once: a second SIGINT within a second is the same one.
    `timeout -s INT` signals the process and then its whole group, so one interrupt arrived
    twice, and the second cut short the printing of what the first had stopped (nothing was
    printed), or the stopping of the worker processes (a traceback at exit)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may handle signals
        return
    last = -1.0

    def interrupt(signum: int, frame: object) -> None:
        nonlocal last
        now = time.monotonic()
        if last >= 0 and now - last < 1.0:
            return
        last = now
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


ENGINE_COMMANDS = frozenset(
    {
        "check",
        "explore",
        "simulate",
        "conform",
        "baseline",
        "report",
        "lint",
        "diff",
        "readings",
        "play",
        "stats",
    }
)
"""The commands that run the compiled engine: it is loaded (compiled, the first time after
an install) before they start, with its progress on stderr. `runs_engine` leaves out the
runs of them that play no game and explore nothing."""


def runs_engine(args: argparse.Namespace) -> bool:
    """Whether this command runs the compiled engine: `lint --games 0 --scale none` and
    `diff --scale none` do not (they prove and read the editions), nor `conform --engine`
    naming another implementation; they start without loading it, or numba."""
    if args.command not in ENGINE_COMMANDS:
        return False
    if args.command == "lint":
        return bool(args.games) or args.scale != "none"
    if args.command == "diff":
        return bool(args.scale != "none")
    if args.command == "conform":  # `--engine` naming another implementation
        return bool(args.engine == "compiled")
    return True


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = HANDLERS[args.command]
        if runs_engine(args):
            _engine_ready()
        return handler(args)
    except (UsageError, InputError) as error:
        print(f"unospec: error: {one_line(error_text(error))}", file=sys.stderr)
        return USAGE
    except RuleGap as gap:  # the edition's rules give no outcome where a command needed one
        print(f"unospec: the rules give no outcome here: {one_line(str(gap))}", file=sys.stderr)
        return FAILED
    except KeyboardInterrupt:
        print("unospec: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (`unospec ... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush cannot fail
        return BROKEN_PIPE


def _engine_ready() -> None:
    """Load the compiled engine; compiling it (the first run after an install) shows a bar
    on stderr, and says how long it took."""
    from unospec.checks.engines.compiled.warm import load

    shown: list[Any] = []

    def progress(done: int, total: int) -> None:
        if not shown:
            print(
                "unospec: compiling the engine (once after an install; cached afterwards)",
                file=sys.stderr,
            )
            shown.append(progress_bar())
            shown.append(shown[0].__enter__())
        shown[1]("compiling the engine", done, total)

    try:
        seconds = load(progress)
    finally:
        if shown:
            shown[0].__exit__(None, None, None)
    if shown:
        print(f"unospec: the engine compiled in {seconds:.0f} s", file=sys.stderr)


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "editions": editions,
    "show": show,
    "play": play,
    "replay": replay,
    "check": check,
    "explore": explore,
    "simulate": simulate,
    "stats": stats,
    "conform": conform,
    "prove": prove,
    "lint": lint,
    "diff": diff,
    "readings": readings,
    "baseline": baseline,
    "report": report,
    "diagram": diagram,
}
