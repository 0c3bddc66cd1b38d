"""The `unospec` command: parse (`arguments`), call the library, render, choose the exit code.

Exit codes for every command: 0 success; 1 a check failed, an invariant was violated, a
trace step was illegal or the rules gave no outcome; 2 a usage or input error, reported as one
line on stderr; 130 interrupted (Ctrl-C), with what was done so far; 141 the reader of the
output went away (a closed pipe).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unospec.arguments import UsageError, build_parser
from unospec.model.errors import InputError, RuleGap, one_line
from unospec.model.vocabulary import Phase

if TYPE_CHECKING:  # the commands import their modules when run, to start fast
    from unospec.checks.jobs.main_check import CheckInterrupted

OK, FAILED, USAGE, INTERRUPTED, BROKEN_PIPE = 0, 1, 2, 130, 141


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
    {"check", "explore", "simulate", "conform", "baseline", "report", "lint", "diff", "play"}
)
"""The commands that run the compiled engine: it is loaded (compiled, the first time after
an install) before they start, with its progress on stderr."""


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = HANDLERS[args.command]
        if args.command in ENGINE_COMMANDS:
            _engine_ready()
        return handler(args)
    except (UsageError, InputError) as error:
        print(f"unospec: error: {one_line(str(error))}", file=sys.stderr)
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
            shown.append(_progress_bar())
            shown.append(shown[0].__enter__())
        shown[1]("compiling the engine", done, total)

    try:
        seconds = load(progress)
    finally:
        if shown:
            shown[0].__exit__(None, None, None)
    if shown:
        print(f"unospec: the engine compiled in {seconds:.0f} s", file=sys.stderr)


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if args.format == "json":
        print(json.dumps(data, default=_jsonable))
    else:
        print(text)


def _jsonable(value: object) -> object:
    if isinstance(value, tuple | frozenset | set):
        return list(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def _editions(args: argparse.Namespace) -> int:
    from unospec.editions import builtin_names, load_edition

    editions = [load_edition(name) for name in builtin_names()]
    rows = [
        {
            "name": e.name,
            "title": e.title,
            "seed": e.seed,
            "variant_of": e.variant_of,
            "total_cards": e.total_cards,
        }
        for e in editions
    ]
    text = "\n".join(
        f"{r['name']:<16} {r['total_cards']:>4} cards  {r['title']}"
        + (f"  (seed {r['seed']})" if r["seed"] else "")
        for r in rows
    )
    _emit(args, {"editions": rows}, text)
    return OK


def _show(args: argparse.Namespace) -> int:
    from unospec.editions import load_edition
    from unospec.render import edition_json, edition_text

    edition = load_edition(args.edition)
    _emit(args, edition_json(edition), edition_text(edition))
    return OK


def _play(args: argparse.Namespace) -> int:
    from unospec.checks.engines.simulate import record_game
    from unospec.editions import load_edition, reference_in
    from unospec.model.kernel import run
    from unospec.narrate import narrate

    edition = load_edition(args.edition)
    if args.players is None:
        args.players = edition.rules.min_players
    out = _writable(args.trace_out) if args.trace_out else None
    trace, final, history, gap = record_game(edition, args.players, args.seed, engine=args.engine)
    log: list[str] = []
    for before, action, _ in history:
        after, fired = run(edition, before, action)
        log.extend(narrate(edition, action, fired, after))
    finished = final.phase == Phase.game_over
    if gap:
        log.append(f"stopped: the rules give no outcome here: {gap}")
    elif not finished:
        steps = f"{len(history):,} steps (the deal and {len(trace.steps):,} after it)"
        log.append(f"stopped: the game did not end in {steps}")
    trace = dataclasses.replace(trace, extra={"seed": args.seed})
    if out:
        stored = dataclasses.replace(trace, edition=reference_in(trace.edition, out.parent))
        out.write_text(json.dumps(stored.to_json(), indent=1) + "\n")
    data = {
        "edition": edition.name,
        "players": args.players,
        "seed": args.seed,
        "finished": finished,
        "gap": gap,
        "winner": final.winner,
        "scores": list(final.scores),
        "hands": final.hands_played,
        "steps": len(trace.steps),  # after the first deal, as `replay` counts them
        "log": log,
        "trace": trace.to_json(),
    }
    _emit(args, data, "\n".join(log))
    return OK if finished else FAILED


def _writable(name: str) -> Path:
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


def _writable_in(name: str, out: Path) -> None:
    """Like `_writable`, except that a file inside `out` may wait for the command to make
    `out` (it writes there first)."""
    path = Path(name)
    if path.parent.absolute() == out.absolute() and not out.exists():
        _writable_folder(out)
    else:
        _writable(name)


def _writable_folder(folder: Path) -> None:
    """Refuse, before any work, a folder that cannot be made or written into (without making
    it: it is only made when there is something to write)."""
    existing = folder.absolute()
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".unospec-", dir=existing))
    except OSError as error:
        raise InputError(f"{folder}: cannot write here ({error.strerror})") from None


def _replay(args: argparse.Namespace) -> int:
    from unospec.checks.engines.replay import edition_for, replay
    from unospec.model.trace import read_trace
    from unospec.render import replay_text

    trace = read_trace(args.trace)
    edition = edition_for(trace, args.trace, args.edition)
    result = replay(edition, trace)
    _emit(args, result.to_json(), replay_text(result))
    return OK if result.ok else FAILED


def _check(args: argparse.Namespace) -> int:
    from unospec.checks.jobs.main_check import DEFAULT_GAMES, CheckInterrupted, check_editions
    from unospec.editions import builtin_names
    from unospec.render import check_text

    names = list(dict.fromkeys(args.editions)) or list(builtin_names())  # each one once
    games = DEFAULT_GAMES if args.games is None else args.games
    max_states = _state_bound(args)
    interrupted: CheckInterrupted | None = None
    scale = None if args.scale == "none" else args.scale  # checked as the arguments were read
    if args.report:
        from unospec.editions import load_edition, with_bases
        from unospec.report.site import one_page_each

        _writable_folder(Path(args.report))  # before the work, not after a minute of checks
        _site_needs_dot("--report", "or leave --report out")
        one_page_each([load_edition(name) for name in with_bases(names)])  # a clash, as well
    if args.baselines and not Path(args.baselines).is_dir():  # a typo must not pass as "none"
        found = "a file" if Path(args.baselines).exists() else "no such folder"
        raise InputError(
            f"--baselines: expected a folder of saved baselines, found {found} ({args.baselines})"
        )
    with _progress_bar() as progress:
        try:
            reports = check_editions(
                names,
                games=games,
                seed=args.seed,
                jobs=args.jobs,
                scale=scale,
                max_states=max_states,
                progress=progress,
                baselines=Path(args.baselines) if args.baselines else None,
                engine=args.engine,
                conformance=args.conform_states,
            )
        except CheckInterrupted as stop:
            interrupted = stop
    if interrupted is not None:
        return _check_interrupted(args, interrupted)
    ok = all(report.ok for report in reports)
    data = {"ok": ok, "editions": [report.to_json() for report in reports]}
    if args.report:
        from unospec.editions import with_bases
        from unospec.report.site import Settings, build_site

        settings = Settings(
            games=games, scale=scale, seed=args.seed, jobs=args.jobs, max_states=max_states
        )
        with _progress_bar() as progress:  # with the editions they are variants of, as `report`
            index = build_site(with_bases(names), Path(args.report), settings, progress, reports)
        data["report"] = str(index)
    _emit(args, data, check_text(reports) + (f"\nreport: {data['report']}" if args.report else ""))
    return OK if ok else FAILED


def _check_interrupted(args: argparse.Namespace, stop: CheckInterrupted) -> int:
    """What Ctrl-C left of `check`: the editions checked in full, and those not checked."""
    from unospec.render import check_text

    data = {
        "ok": False,
        "interrupted": True,
        "editions": [report.to_json() for report in stop.reports],
        "unchecked": stop.unchecked,
    }
    done = f"{check_text(stop.reports)}\n" if stop.reports else ""
    unchecked = ", ".join(stop.unchecked)
    _emit(args, data, f"{done}INTERRUPTED while checking {stop.during}; not checked: {unchecked}")
    return INTERRUPTED


class _progress_bar:
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


def _explore(args: argparse.Namespace) -> int:
    from unospec.checks.engines.explore_job import (
        PROGRESS,
        STUCK,
        explore_scales,
        portfolio_json,
        write_counterexample,
    )
    from unospec.editions import load_edition
    from unospec.model.scale import LIST_SEPARATOR, scale_list
    from unospec.render import explore_text

    _writable_folder(Path(args.out))  # before the work, so a counterexample is never lost
    if args.storyboard:
        if Path(args.storyboard).suffix.lower() != ".svg":  # it wrote SVG into any name given
            raise InputError(
                f"--storyboard: expected a file ending in .svg, found {args.storyboard!r}"
            )
        _writable_in(args.storyboard, Path(args.out))
        from unospec.diagrams.render import HOW_TO_INSTALL, find_dot

        find_dot(  # before the work, so a counterexample is never lost for want of it
            f"--storyboard: Graphviz's `dot` is needed to draw it: install it ({HOW_TO_INSTALL}), "
            "or leave --storyboard out"
        )
    edition = load_edition(args.edition)
    scales = scale_list(args.scale, edition)
    with _progress_bar() as progress:
        reports = explore_scales(
            edition,
            args.edition,
            scales,
            players=args.players,
            symmetry=not args.no_symmetry,
            max_states=args.max_states,
            jobs=args.jobs,
            progress=lambda states, depth: progress("exploring", states, 0),
            partial_on_interrupt=True,
            engine=args.engine,
        )
    report = reports[-1]
    found = report.trace or report.stuck
    written = write_counterexample(report, Path(args.out)) if found else []
    stuck = report.stuck.trace if report.stuck and report.trace is None else None
    drawn = report.trace or stuck
    if args.storyboard and drawn is not None:  # a violation, or a state the game cannot end from
        from unospec.diagrams.pictures import storyboard_svg

        ending = f"{PROGRESS}: {STUCK}" if stuck else None
        written.append(
            storyboard_svg(report.exploration.edition, drawn, args.storyboard, ending=ending)
        )
    if len(scales) == 1:
        data = report.to_json()
    else:  # several scales: their sums, and each one's figures under `portfolio`
        data = portfolio_json(reports, LIST_SEPARATOR.join(r.scale for r in reports))
    data["written"] = [str(p) for p in written]
    _emit(args, data, explore_text(data))
    if report.exploration.stopped == "interrupted":
        return INTERRUPTED
    return OK if all(r.ok for r in reports) else FAILED


def _conform(args: argparse.Namespace) -> int:
    from unospec.checks.engines.conformance import conform
    from unospec.editions import load_edition, reference_in
    from unospec.render import conform_text

    edition = load_edition(args.edition)
    out = _writable(args.trace_out) if args.trace_out else None
    report = conform(
        edition,
        scale=None if args.scale == "none" else args.scale,
        players=args.players,
        games=args.games,
        seed=args.seed,
        max_states=args.max_states,
    )
    data = report.to_json()
    difference = report.first_difference
    if out and difference is not None:
        stored = dataclasses.replace(
            difference.trace, edition=reference_in(difference.trace.edition, out.parent)
        )
        out.write_text(json.dumps(stored.to_json(), indent=1) + "\n")
        data["written"] = str(out)
    _emit(args, data, conform_text(data))
    return OK if report.ok else FAILED


def _simulate(args: argparse.Namespace) -> int:
    from unospec.checks.engines.simulate import run_games, simulation_json
    from unospec.editions import load_edition
    from unospec.model.wording import shell_word
    from unospec.render import simulate_text

    edition = load_edition(args.edition)
    if args.single_hand:
        import dataclasses

        rules = dataclasses.replace(edition.rules, game_end="single-hand")
        edition = dataclasses.replace(edition, rules=rules)
    if args.players is not None:
        edition.require_players(args.players)
    check = not args.no_invariants
    with _progress_bar() as progress:
        tally, seconds = run_games(
            edition, args.games, seed=args.seed, players=args.players, jobs=args.jobs,
            check=check, policy=args.policy, progress=progress, partial_on_interrupt=True,
            engine=args.engine,
        )  # fmt: skip
    data = simulation_json(edition, tally, seconds, check, args.players)
    for first in (data["first_unfinished"], data["first_gap"]):
        if first and args.policy == "mixed" and not args.single_hand:  # as `play` plays
            first["command"] = (
                f"unospec play {shell_word(args.edition)} --players {first['players']} "
                f"--seed {first['seed']}"
            )
    _emit(args, data, simulate_text(data))
    if tally.interrupted:
        return INTERRUPTED
    failed = (
        data["invariant_violations"]
        or data["rule_gaps"]
        or data["first_unfinished"]
        or tally.games < args.games
    )
    return FAILED if failed else OK


def _prove(args: argparse.Namespace) -> int:
    from unospec.checks.analyses.proofs import prove
    from unospec.editions import load_edition
    from unospec.render import prove_text

    report = prove(load_edition(args.edition))
    _emit(args, report.to_json(), prove_text(report.to_json()))
    return OK if report.model_ok else FAILED


def _lint(args: argparse.Namespace) -> int:
    from unospec.checks.analyses.lint import lint
    from unospec.checks.analyses.lint.coverage import coverage
    from unospec.checks.analyses.lint.sarif import to_sarif
    from unospec.editions import load_edition
    from unospec.render import lint_text

    editions = [load_edition(name) for name in args.editions]
    scale = None if args.scale == "none" else args.scale
    bound = _state_bound(args)
    reports = []
    with _progress_bar() as progress:
        for edition in editions:
            seen = coverage(edition, args.games, scale, progress, bound)
            reports.append(
                lint(
                    edition,
                    fired=seen.fired,
                    checked_by=seen.where,
                    shortfalls=seen.shortfalls,
                    unfinished=seen.unfinished,
                )
            )
    if args.format == "sarif":
        print(json.dumps(to_sarif(reports)))
    elif args.format == "json":
        data = (
            reports[0].to_json()
            if len(reports) == 1
            else {"editions": [r.to_json() for r in reports]}
        )
        print(json.dumps(data, default=_jsonable))
    else:
        print("\n\n".join(lint_text(r.to_json()) for r in reports))
    return OK


def _diff(args: argparse.Namespace) -> int:
    from unospec.checks.analyses.diff import diff
    from unospec.editions import load_edition, reference_in, required_base
    from unospec.model.scale import parse_scale
    from unospec.render import diff_text

    a = load_edition(args.a)
    if args.b is None:  # the variant against the edition it derives from: base first
        a, b = required_base(a, "diff: expected a second edition"), a
    else:
        b = load_edition(args.b)
    parse_scale(args.scale)
    out = _writable(args.trace_out) if args.trace_out else None
    report = diff(a, b, scale=args.scale, players=args.players, max_states=args.max_states)
    data = report.to_json()
    text = diff_text(data)
    if out and report.trace and report.trace["trace"]:
        trace = report.trace["trace"]
        stored = {**trace, "edition": reference_in(trace["edition"], out.parent)}
        out.write_text(json.dumps(stored, indent=1) + "\n")
    elif out:  # a file left from an earlier run must not pass for this one's evidence
        kept = ", and the file there is an earlier one's" if out.exists() else ""
        text += f"\n  no trace written to {args.trace_out}: there is none to write{kept}"
    _emit(args, data, text)
    return OK if report.equivalent else FAILED


def _baseline(args: argparse.Namespace) -> int:
    from unospec.checks.jobs.baseline import BaselineRefused, baseline_path, save
    from unospec.checks.jobs.main_check import DEFAULT_GAMES, fingerprints_now
    from unospec.editions import builtin_names, load_edition

    games = DEFAULT_GAMES if args.games is None else args.games

    names = list(dict.fromkeys(args.editions)) or list(builtin_names())
    editions = [load_edition(name) for name in names]
    folder = Path(args.out) if args.out else None
    saved_by: dict[Path, str] = {}
    for name, edition in zip(names, editions, strict=True):
        path = baseline_path(edition, folder)
        _writable_folder(path.parent)  # before the work
        other = saved_by.setdefault(path, name)
        if other != name:  # one would overwrite the other's baseline
            raise InputError(
                f"baseline: expected editions whose baselines are different files, found "
                f"{other} and {name} both saving to {path} (save them to different --out folders)"
            )
    written: list[str] = []
    refusals: list[dict[str, str]] = []  # a refused edition does not stop the others
    lines: list[str] = []
    try:
        with _progress_bar() as progress:
            found = fingerprints_now(
                editions,
                args.scale,
                games=games,
                seed=args.seed,
                max_states=_state_bound(args),
                progress=progress,
                engine=args.engine,
            )
    except KeyboardInterrupt:  # nothing cut short is saved: every edition is left as it was
        left = [e.name for e in editions]
        data = {"written": [], "interrupted": True, "not_saved": left}
        _emit(args, data, f"INTERRUPTED; not saved: {', '.join(left)}")
        return INTERRUPTED
    for edition, result in zip(editions, found, strict=True):
        if isinstance(result, BaselineRefused):
            refusals.append({"edition": edition.name, "reason": str(result)})
            lines.append(f"{result}; not saved: {edition.name}")
            continue
        path = save(edition, result, folder)
        written.append(str(path))
        lines.append(f"saved {path}" + (INSTALLED_COPY if _installed(path) else ""))
    if refusals:
        data = {
            "written": written,
            "refused": refusals[0]["reason"],
            "refusals": refusals,
            "not_saved": [r["edition"] for r in refusals],
        }
        _emit(args, data, "\n".join(lines))
        return FAILED
    _emit(args, {"written": written}, "\n".join(lines))
    return OK


def _state_bound(args: argparse.Namespace) -> int:
    """`--max-states` of a command that explores as one check among others (`arguments`
    leaves it None, importing no rules code), or the bound `main_check` sets."""
    from unospec.checks.jobs.main_check import DEFAULT_MAX_STATES

    return args.max_states or DEFAULT_MAX_STATES


INSTALLED_COPY = (
    " (in the installed package, where `check` reads it; a repository's spec/baselines/ "
    "changes only from an editable install, `pip install -e .`, or with --out)"
)


def _installed(path: Path) -> bool:
    """Whether `path` lies in an installed package rather than in a checkout: a built-in
    edition's baseline goes beside the edition file, which a plain `pip install .` copied."""
    return any(part in ("site-packages", "dist-packages") for part in path.resolve().parts)


def _site_needs_dot(what: str, instead: str) -> None:
    """The site's pictures are SVG drawn by Graphviz: without `dot`, say so before the checks
    run, not after them (the checks' results were lost, with advice to use --format dot)."""
    from unospec.diagrams.render import HOW_TO_INSTALL, find_dot

    find_dot(
        f"{what}: Graphviz's `dot` is needed to draw the site's pictures: install it "
        f"({HOW_TO_INSTALL})" + (f", {instead}" if instead else "")
    )


def _report(args: argparse.Namespace) -> int:
    from unospec.checks.jobs.main_check import DEFAULT_GAMES
    from unospec.editions import builtin_names, with_bases
    from unospec.report.site import Settings, build_site

    scale = None if args.scale == "none" else args.scale  # checked as the arguments were read
    _writable_folder(Path(args.out))  # before the work, not after every check has run
    _site_needs_dot("report", "")
    settings = Settings(
        games=DEFAULT_GAMES if args.games is None else args.games,
        scale=scale,
        diff_scale=args.diff_scale,
        seed=args.seed,
        jobs=args.jobs,
        max_states=_state_bound(args),
    )
    names = with_bases(args.editions) if args.editions else list(builtin_names())
    with _progress_bar() as progress:
        index = build_site(names, Path(args.out), settings, progress)
    _emit(args, {"report": str(index)}, f"report: {index}")
    return OK


def _diagram(args: argparse.Namespace) -> int:
    from unospec.diagram_command import run

    drawn = run(args)
    if isinstance(drawn, str):
        sys.stdout.write(drawn)  # DOT or Mermaid text, as `dot` and `mmdc` read it
    else:
        print("\n".join(map(str, drawn)))
    return OK


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "editions": _editions,
    "show": _show,
    "play": _play,
    "replay": _replay,
    "check": _check,
    "explore": _explore,
    "simulate": _simulate,
    "conform": _conform,
    "prove": _prove,
    "lint": _lint,
    "diff": _diff,
    "baseline": _baseline,
    "report": _report,
    "diagram": _diagram,
}
