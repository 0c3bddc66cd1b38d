"""`unospec explore` and `conform`: exhaustive exploration, and the engine checked by it."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from unospec.commands.common import (
    FAILED,
    INTERRUPTED,
    OK,
    emit,
    progress_bar,
    trace_format_needs_out,
    writable,
    writable_folder,
    writable_in,
    write_trace,
)
from unospec.model.errors import InputError


def explore(args: argparse.Namespace) -> int:
    from unospec.checks.engines.explore_job import (
        PROGRESS,
        STUCK,
        explore_scales,
        portfolio_json,
        write_counterexample,
    )
    from unospec.editions import load_edition
    from unospec.model.scale import LIST_SEPARATOR, scale_list
    from unospec.views.runs import explore_text

    writable_folder(Path(args.out))  # before the work, so a counterexample is never lost
    if args.storyboard:
        if Path(args.storyboard).suffix.lower() != ".svg":  # it wrote SVG into any name given
            raise InputError(
                f"--storyboard: expected a file ending in .svg, found {args.storyboard!r}"
            )
        writable_in(args.storyboard, Path(args.out))
        from unospec.diagrams.render import HOW_TO_INSTALL, find_dot

        find_dot(  # before the work, so a counterexample is never lost for want of it
            f"--storyboard: Graphviz's `dot` is needed to draw it: install it ({HOW_TO_INSTALL}), "
            "or leave --storyboard out"
        )
    edition = load_edition(args.edition)
    scales = scale_list(args.scale, edition)
    with progress_bar() as progress:
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
    written = write_counterexample(report, Path(args.out), args.trace_format) if found else []
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
    emit(args, data, explore_text(data))
    if report.exploration.stopped == "interrupted":
        return INTERRUPTED
    return OK if all(r.ok for r in reports) else FAILED


def conform(args: argparse.Namespace) -> int:
    from unospec.checks.engines.conformance import conform
    from unospec.checks.engines.conformance.engines import opener
    from unospec.checks.engines.conformance.known import held_to, known_json, read_known
    from unospec.editions import load_edition, reference_in
    from unospec.views.runs import conform_text

    edition = load_edition(args.edition)
    trace_format_needs_out(args)
    out = writable(args.trace_out) if args.trace_out else None
    known_out = writable(args.known_out) if args.known_out else None
    known = read_known(args.known) if args.known else None  # a bad file: before any work
    engine = opener(args.engine)
    report = conform(
        edition,
        opener=engine,
        scale=None if args.scale == "none" else args.scale,
        players=args.players,
        games=args.games,
        seed=args.seed,
        max_states=args.max_states,
        variant=args.variant,
        all_differences=args.all_differences or known is not None or known_out is not None,
        step_timeout=args.step_timeout,
    )
    if known is not None:
        verdict = held_to(known, report.differences, args.known)
        report = dataclasses.replace(report, known=verdict)
    if known_out is not None:
        known_out.write_text(known_json(report.differences, report.edition, report.engine))
    data = report.to_json()
    difference = report.first_difference
    if out and difference is not None:
        stored = dataclasses.replace(
            difference.trace, edition=reference_in(difference.trace.edition, out.parent)
        )
        write_trace(out, stored, args.trace_format)
        data["written"] = str(out)
    emit(args, data, conform_text(data))
    return OK if report.ok else FAILED
