"""`unospec check`, `baseline` and `report`: the main job and what it saves and publishes."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, NotRequired, TypedDict

from unospec.commands.common import (
    FAILED,
    INSTALLED_COPY,
    INTERRUPTED,
    OK,
    emit,
    installed,
    progress_bar,
    site_needs_dot,
    state_bound,
    writable_folder,
)
from unospec.model.errors import InputError

if TYPE_CHECKING:  # the commands import their modules when run, to start fast
    from unospec.checks.jobs.main_check import CheckInterrupted
    from unospec.checks.jobs.results import EditionJson
    from unospec.report.site import Told


def check(args: argparse.Namespace) -> int:
    from unospec.checks.jobs.main_check import DEFAULT_GAMES, CheckInterrupted, check_editions
    from unospec.editions import builtin_names
    from unospec.views.advice import told
    from unospec.views.runs import check_text

    names = list(dict.fromkeys(args.editions)) or list(builtin_names())  # each one once
    games = DEFAULT_GAMES if args.games is None else args.games
    max_states = state_bound(args)
    interrupted: CheckInterrupted | None = None
    scale = None if args.scale == "none" else args.scale  # checked as the arguments were read
    if args.report:
        from unospec.editions import load_edition, with_bases
        from unospec.report.site import one_page_each

        writable_folder(Path(args.report))  # before the work, not after a minute of checks
        site_needs_dot("--report", "or leave --report out")
        one_page_each([load_edition(name) for name in with_bases(names)])  # a clash, as well
    if args.baselines and not Path(args.baselines).is_dir():  # a typo must not pass as "none"
        found = "a file" if Path(args.baselines).exists() else "no such folder"
        raise InputError(
            f"--baselines: expected a folder of saved baselines, found {found} ({args.baselines})"
        )
    with progress_bar() as progress:
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
        return check_interrupted(args, interrupted)
    reports = [told(report) for report in reports]  # with what each says to run next
    ok = all(report.ok for report in reports)
    data: CheckJson = {"ok": ok, "editions": [report.to_json() for report in reports]}
    if args.report:
        from unospec.editions import with_bases
        from unospec.report.site import Settings, build_site

        settings = Settings(
            games=games, scale=scale, seed=args.seed, jobs=args.jobs, max_states=max_states
        )
        with progress_bar() as progress:  # with the editions they are variants of, as `report`
            index = build_site(
                with_bases(names), Path(args.report), settings, progress, reports, _told()
            )
        data["report"] = str(index)
    emit(args, data, check_text(reports) + (f"\nreport: {data['report']}" if args.report else ""))
    return OK if ok else FAILED


def check_interrupted(args: argparse.Namespace, stop: CheckInterrupted) -> int:
    """What Ctrl-C left of `check`: the editions checked in full, and those not checked."""
    from unospec.views.advice import told
    from unospec.views.runs import check_text

    data: CheckJson = {
        "ok": False,
        "interrupted": True,
        "editions": [told(report).to_json() for report in stop.reports],
        "unchecked": stop.unchecked,
    }
    done = f"{check_text(stop.reports)}\n" if stop.reports else ""
    unchecked = ", ".join(stop.unchecked)
    emit(args, data, f"{done}INTERRUPTED while checking {stop.during}; not checked: {unchecked}")
    return INTERRUPTED


def baseline(args: argparse.Namespace) -> int:
    from unospec.checks.jobs.baseline import BaselineRefused, baseline_path, save
    from unospec.checks.jobs.main_check import DEFAULT_GAMES, fingerprints_now
    from unospec.editions import builtin_names, load_edition
    from unospec.views.advice import refusal_text

    games = DEFAULT_GAMES if args.games is None else args.games

    names = list(dict.fromkeys(args.editions)) or list(builtin_names())
    editions = [load_edition(name) for name in names]
    folder = Path(args.out) if args.out else None
    saved_by: dict[Path, str] = {}
    for name, edition in zip(names, editions, strict=True):
        path = baseline_path(edition, folder)
        writable_folder(path.parent)  # before the work
        other = saved_by.setdefault(path, name)
        if other != name:  # one would overwrite the other's baseline
            raise InputError(
                f"baseline: expected editions whose baselines are different files, found "
                f"{other} and {name} both saving to {path} (save them to different --out folders)"
            )
    written: list[str] = []
    refusals: list[Refusal] = []  # a refused edition does not stop the others
    lines: list[str] = []
    try:
        with progress_bar() as progress:
            found = fingerprints_now(
                editions,
                args.scale,
                games=games,
                seed=args.seed,
                max_states=state_bound(args),
                progress=progress,
                engine=args.engine,
            )
    except KeyboardInterrupt:  # nothing cut short is saved: every edition is left as it was
        left = [e.name for e in editions]
        stopped: SavedJson = {"written": [], "interrupted": True, "not_saved": left}
        emit(args, stopped, f"INTERRUPTED; not saved: {', '.join(left)}")
        return INTERRUPTED
    for edition, result in zip(editions, found, strict=True):
        if isinstance(result, BaselineRefused):
            reason = refusal_text(result)
            refusals.append({"edition": edition.name, "reason": reason})
            lines.append(f"{reason}; not saved: {edition.name}")
            continue
        path = save(edition, result, folder)
        written.append(str(path))
        lines.append(f"saved {path}" + (INSTALLED_COPY if installed(path) else ""))
    if refusals:
        data: SavedJson = {
            "written": written,
            "refused": refusals[0]["reason"],
            "refusals": refusals,
            "not_saved": [r["edition"] for r in refusals],
        }
        emit(args, data, "\n".join(lines))
        return FAILED
    saved: SavedJson = {"written": written}
    emit(args, saved, "\n".join(lines))
    return OK


def report(args: argparse.Namespace) -> int:
    from unospec.checks.jobs.main_check import DEFAULT_GAMES
    from unospec.editions import builtin_names, with_bases
    from unospec.report.site import Settings, build_site

    scale = None if args.scale == "none" else args.scale  # checked as the arguments were read
    writable_folder(Path(args.out))  # before the work, not after every check has run
    site_needs_dot("report", "")
    settings = Settings(
        games=DEFAULT_GAMES if args.games is None else args.games,
        scale=scale,
        diff_scale=args.diff_scale,
        seed=args.seed,
        jobs=args.jobs,
        max_states=state_bound(args),
    )
    names = with_bases(args.editions) if args.editions else list(builtin_names())
    with progress_bar() as progress:
        index = build_site(names, Path(args.out), settings, progress, told=_told())
    published: PublishedJson = {"report": str(index)}
    emit(args, published, f"report: {index}")
    return OK


def _told() -> Told:
    """The site's results with what each says to run next, as the command line says it."""
    from unospec.report.site import Told
    from unospec.views.advice import told, told_diff

    return Told(check=told, diff=told_diff)


class CheckJson(TypedDict):
    """`unospec check`'s JSON document: each edition's checks, and the review site written
    (`--report`); after Ctrl-C, only the editions checked in full, and those not checked."""

    ok: bool
    interrupted: NotRequired[bool]
    editions: list[EditionJson]
    unchecked: NotRequired[list[str]]
    report: NotRequired[str]


class Refusal(TypedDict):
    edition: str
    reason: str


class SavedJson(TypedDict):
    """`unospec baseline save`'s JSON document: the files written; the editions refused
    (`refused`: the first one's reason) or, after Ctrl-C, all those not saved."""

    written: list[str]
    interrupted: NotRequired[bool]
    refused: NotRequired[str]
    refusals: NotRequired[list[Refusal]]
    not_saved: NotRequired[list[str]]


class PublishedJson(TypedDict):
    """`unospec report`'s JSON document: the site's index page."""

    report: str
