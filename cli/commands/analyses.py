"""`unospec prove`, `lint`, `diff`, `readings` and `diagram`: conclusions about editions, and
pictures."""

from __future__ import annotations

import argparse
import json
import sys

from unospec.commands.common import (
    FAILED,
    OK,
    emit,
    jsonable,
    progress_bar,
    state_bound,
    trace_format_needs_out,
    writable,
    write_trace,
)


def prove(args: argparse.Namespace) -> int:
    from unospec.checks.analyses.proofs import prove
    from unospec.editions import load_edition
    from unospec.views.findings import prove_text

    report = prove(load_edition(args.edition))
    emit(args, report.to_json(), prove_text(report))
    return OK if report.model_ok else FAILED


def lint(args: argparse.Namespace) -> int:
    from unospec.checks.analyses.lint import lint
    from unospec.checks.analyses.lint.coverage import coverage
    from unospec.checks.analyses.lint.sarif import to_sarif
    from unospec.editions import load_edition
    from unospec.views.findings import lint_text

    editions = [load_edition(name) for name in args.editions]
    scale = None if args.scale == "none" else args.scale
    bound = state_bound(args)
    reports = []
    with progress_bar() as progress:
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
        print(json.dumps(data, default=jsonable))
    else:
        print("\n\n".join(lint_text(r) for r in reports))
    return OK


def readings(args: argparse.Namespace) -> int:
    from unospec.checks.analyses.readings.verdicts import readings
    from unospec.editions import load_edition
    from unospec.views.findings import readings_text

    edition = load_edition(args.edition)
    report = readings(
        args.edition,
        edition,
        scale=args.scale,
        players=args.players,
        games=args.games,
        seed=args.seed,
        max_states=args.max_states,
        jobs=args.jobs,
    )
    emit(args, report.to_json(), readings_text(report.to_json()))
    return OK


def diff(args: argparse.Namespace) -> int:
    from unospec.checks.analyses.diff import NO_SCALE, diff
    from unospec.editions import load_edition, reference_in, required_base
    from unospec.model.scale import parse_scale
    from unospec.views.advice import told_diff
    from unospec.views.findings import diff_text

    a = load_edition(args.a)
    if args.b is None:  # the variant against the edition it derives from: base first
        a, b = required_base(a, "diff: expected a second edition"), a
    else:
        b = load_edition(args.b)
    if args.scale != NO_SCALE:
        parse_scale(args.scale)
    trace_format_needs_out(args)
    out = writable(args.trace_out) if args.trace_out else None
    report = diff(a, b, scale=args.scale, players=args.players, max_states=args.max_states)
    data = told_diff(report)
    text = diff_text(data)
    if out and report.trace and report.trace["trace"]:
        trace = report.trace["trace"]
        stored = {**trace, "edition": reference_in(trace["edition"], out.parent)}
        if args.trace_format == "unospec":
            out.write_text(json.dumps(stored, indent=1) + "\n")
        else:
            from unospec.model.trace import parse_trace

            write_trace(out, parse_trace(json.dumps(stored)), args.trace_format)
    elif out:  # a file left from an earlier run must not pass for this one's evidence
        kept = ", and the file there is an earlier one's" if out.exists() else ""
        text += f"\n  no trace written to {args.trace_out}: there is none to write{kept}"
    emit(args, data, text)
    return OK if report.equivalent else FAILED


def diagram(args: argparse.Namespace) -> int:
    from unospec.commands.diagram import run

    drawn = run(args)
    if isinstance(drawn, str):
        sys.stdout.write(drawn)  # DOT or Mermaid text, as `dot` and `mmdc` read it
    else:
        print("\n".join(map(str, drawn)))
    return OK
