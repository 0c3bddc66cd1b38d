"""What every command shares: exit codes, printing text or JSON, checking output paths
before the work, the progress bar."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unospec.model.errors import InputError

if TYPE_CHECKING:
    from unospec.model.edition import Edition
    from unospec.model.trace import Trace

OK, FAILED, USAGE, INTERRUPTED, BROKEN_PIPE = 0, 1, 2, 130, 141


def emit(args: argparse.Namespace, data: object, text: str) -> None:
    if args.format == "json":
        print(json.dumps(data, default=jsonable))
    else:
        print(text)


def jsonable(value: object) -> object:
    if isinstance(value, tuple | frozenset | set):
        return list(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def writable(name: str) -> Path:
    """Refuse, before any work, a file that cannot be written (in a folder that does not
    exist, say: a mistyped folder is not made). A file that was not there is not left
    behind empty: a command with nothing to write then writes nothing."""
    path = Path(name)
    existed = path.exists()
    try:
        with path.open("a"):
            pass
        if not existed:
            path.unlink()
    except OSError as error:
        raise InputError(f"{name}: cannot write here ({error.strerror})") from None
    return path


def writable_in(name: str, out: Path) -> None:
    """Like `writable`, except that a file inside `out` may wait for the command to make
    `out` (it writes there first)."""
    path = Path(name)
    if path.parent.absolute() == out.absolute() and not out.exists():
        writable_folder(out)
    else:
        writable(name)


def writable_folder(folder: Path) -> None:
    """Refuse, before any work, a folder that cannot be made or written into (without making
    it: it is only made when there is something to write)."""
    existing = folder.absolute()
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".unospec-", dir=existing))
    except OSError as error:
        raise InputError(f"{folder}: cannot write here ({error.strerror})") from None


def write_trace(out: Path, trace: Trace, trace_format: str, edition: Edition | None = None) -> None:
    """Write `trace` to `out` in `trace_format` (`--trace-format`). ITF records the state
    after each step, played on `edition`, else on the edition `replay` of the file loads:
    the one it names (beside the file first), with its scale and variant."""
    from unospec.model.trace_formats import ITF_FORMAT, trace_text

    if trace_format == ITF_FORMAT and edition is None:
        from unospec.checks.engines.replay import edition_for

        edition = edition_for(trace, str(out), None)
    out.write_text(trace_text(trace, trace_format, edition))


def trace_format_needs_out(args: argparse.Namespace) -> None:
    """`--trace-format itf` says how `--trace-out` is written: without it, it would be
    ignored without a word."""
    if args.trace_format != "unospec" and not args.trace_out:
        raise InputError(f"--trace-format {args.trace_format}: expected --trace-out FILE with it")


class progress_bar:
    """A rich progress bar on stderr, drawn only where stderr is a terminal."""

    def __enter__(self) -> Callable[[str, int, int], None]:
        from rich.console import Console
        from rich.progress import Progress

        console = Console(stderr=True)
        self.bar = Progress(console=console, transient=True, disable=not console.is_terminal)
        self.tasks: dict[str, Any] = {}
        self.bar.start()
        return self.update

    def update(self, label: str, done: int, total: int) -> None:
        if label not in self.tasks:
            self.tasks[label] = self.bar.add_task(label, total=total)
        self.bar.update(self.tasks[label], completed=done)

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()


def state_bound(args: argparse.Namespace) -> int:
    """`--max-states` of a command that explores as one check among others (`arguments`
    leaves it None, importing no rules code), or the bound `check` sets."""
    from unospec.checks.jobs.defaults import DEFAULT_MAX_STATES

    return args.max_states or DEFAULT_MAX_STATES


INSTALLED_COPY = (
    " (in the installed package, where `check` reads it; a repository's spec/baselines/ "
    "changes only from an editable install, `pip install -e .`, or with --out)"
)


def installed(path: Path) -> bool:
    """Whether `path` lies in an installed package rather than in a checkout: a built-in
    edition's baseline goes beside the edition file, which a plain `pip install .` copied."""
    return any(part in ("site-packages", "dist-packages") for part in path.resolve().parts)


def site_needs_dot(what: str, instead: str) -> None:
    """The site's pictures are SVG drawn by Graphviz: without `dot`, say so before the checks
    run, not after them (the checks' results were lost, with advice to use --format dot)."""
    from unospec.diagrams.render import HOW_TO_INSTALL, find_dot

    find_dot(
        f"{what}: Graphviz's `dot` is needed to draw the site's pictures: install it "
        f"({HOW_TO_INSTALL})" + (f", {instead}" if instead else "")
    )
