"""`unospec diagram`: the command-line glue, registered by `unospec.cli`.

    unospec diagram EDITION [--out DIR] [--format svg|png|dot|mermaid]
                    [--diff [OTHER] | --deck | --trace TRACE.json]
    unospec diagram --all [--out DIR]

Without `--out`, DOT and Mermaid text go to stdout and SVG and PNG into the current folder.
`--all --out diagrams/` regenerates every committed diagram; `tests/diagrams`
fails when one of them is stale. This module imports the rest only when a command runs, so
building the parser stays cheap.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unospec.model.edition import Edition
    from unospec.model.trace import Trace

FORMATS = ("svg", "png", "dot", "mermaid")
COMMITTED = ("svg", "png", "dot")
"""What `--all` writes unless `--format` says otherwise; the tests compare the DOT."""
EXTENSIONS = {"svg": "svg", "png": "png", "dot": "dot", "mermaid": "mmd"}
REGENERATE = "unospec diagram --all --out diagrams/"


@dataclass(frozen=True)
class Picture:
    """One diagram to write: its file stem, its DOT text and, where it has one, its Mermaid."""

    stem: str
    dot: str
    mermaid: str | None = None  # None: drawn by Graphviz only (a deck, a storyboard)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The `diagram` command's arguments, on the parser `unospec.cli` made for it."""
    from unospec.arguments import output_path

    parser.add_argument("edition", nargs="?", help="a built-in edition name or an edition file")
    parser.add_argument(
        "--out",
        type=output_path,
        metavar="DIR",
        help="the folder to write into (default: here; dot and mermaid text go to stdout)",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default=None,
        help="svg (the default), png, dot or mermaid; --all writes svg, png and dot, or the "
        "one format given (mermaid: the turn flows and diffs, not the decks)",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--diff",
        metavar="OTHER",
        nargs="?",
        const="",
        help="EDITION against OTHER in one diagram (default: the edition EDITION is a "
        "variant of, its file's variant_of)",
    )
    what.add_argument("--deck", action="store_true", help="the deck composition instead")
    what.add_argument("--trace", metavar="TRACE.json", help="a trace drawn as a storyboard")
    what.add_argument(
        "--all",
        action="store_true",
        help="every built-in edition's turn flow and deck, and its diff against the edition "
        "it is a variant of",
    )


def run(args: argparse.Namespace) -> str | list[Path]:
    """Draw what `args` asks for: the text to show (DOT or Mermaid with no `--out`), or the
    files written, for the CLI to print. Bad input raises `InputError`."""
    from unospec.diagrams.render import HOW_TO_INSTALL, PICTURES, find_dot
    from unospec.model.errors import InputError

    if args.all and args.edition:
        raise InputError(f"--all draws every built-in edition: drop {args.edition!r}")
    if not args.all and not args.edition and args.trace is None:
        raise InputError("diagram: expected an EDITION (a name or an edition file), or --all")
    if args.all:
        formats = (args.format,) if args.format else COMMITTED
        pictures = every_picture()
        if formats == ("mermaid",):
            pictures = [p for p in pictures if p.mermaid is not None]
    else:
        formats = (args.format or "svg",)
        pictures = [_one(args)]
        if formats == ("mermaid",) and pictures[0].mermaid is None:
            raise InputError(
                "--format mermaid draws turn flows and diffs; the deck and the storyboard "
                "are drawn by Graphviz: use svg, png or dot"
            )
    if args.out is None and formats[0] in ("dot", "mermaid") and not args.all:
        text = pictures[0].dot if formats[0] == "dot" else pictures[0].mermaid
        return text or ""
    if any(fmt in PICTURES for fmt in formats):  # before making the folder
        other = "dot or mermaid" if args.all or pictures[0].mermaid is not None else "dot"
        find_dot(
            f"Graphviz's `dot` is needed to draw svg or png: install it ({HOW_TO_INSTALL}), "
            f"or ask for --format {other}"
        )
    folder = Path(args.out or ".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = "not a folder" if folder.exists() else error.strerror
        raise InputError(f"{folder}: cannot write diagrams here ({reason})") from None
    return write(pictures, formats, folder)


def write(pictures: list[Picture], formats: tuple[str, ...], folder: Path) -> list[Path]:
    """Write each picture in each format into `folder` (Graphviz-only ones skip mermaid)."""
    from unospec.diagrams.render import PICTURES, draw
    from unospec.model.errors import InputError

    written = []
    for picture in pictures:
        for fmt in formats:
            path = folder / f"{picture.stem}.{EXTENSIONS[fmt]}"
            try:
                if fmt in PICTURES:
                    path.write_bytes(draw(picture.dot, fmt))
                elif fmt == "dot":
                    path.write_text(picture.dot, encoding="utf-8")
                elif picture.mermaid is not None:
                    path.write_text(picture.mermaid, encoding="utf-8")
                else:
                    continue
            except OSError as error:  # a read-only folder, a name too long for the system
                raise InputError(f"{path}: cannot write here ({error.strerror})") from None
            written.append(path)
    return written


def every_picture() -> list[Picture]:
    """What `--all` draws: each built-in edition's turn flow and deck, and its diff against
    the edition its file says it is a variant of (`variant_of`), in name order."""
    from unospec.editions import base_edition, builtin_names, load_edition

    pictures = []
    for name in builtin_names():
        edition = load_edition(name)
        pictures += [flow_picture(edition), deck_picture(edition)]
        base = base_edition(edition)
        if base is not None:
            pictures.append(diff_picture(edition, base))
    return pictures


def flow_picture(edition: Edition) -> Picture:
    from unospec.diagrams.dot import flow_dot
    from unospec.diagrams.graph import turn_flow
    from unospec.diagrams.mermaid import flow_mermaid

    flow = turn_flow(edition)
    return Picture(edition.name, flow_dot(flow), flow_mermaid(flow))


def diff_picture(edition: Edition, other: Edition) -> Picture:
    from unospec.diagrams.diff import diff_flow
    from unospec.diagrams.dot import flow_dot
    from unospec.diagrams.mermaid import flow_mermaid

    flow = diff_flow(edition, other)
    name = flow.name
    if edition.name == other.name:  # a user's copy against the built-in, say: name by file
        from unospec.editions import reference

        mine, theirs = (Path(reference(e)).stem for e in (edition, other))
        name = f"{mine}-vs-{theirs}" if mine != theirs else f"{mine}-vs-{theirs}-file"
    return Picture(name, flow_dot(flow), flow_mermaid(flow))


def deck_picture(edition: Edition) -> Picture:
    from unospec.diagrams.deck import deck_dot

    return Picture(f"{edition.name}-deck", deck_dot(edition))


def storyboard_svg(
    edition: Edition, trace: Trace, path: str | Path, *, ending: str | None = None
) -> Path:
    """Draw `trace` (played on `edition`, scaled if the trace is) as an SVG storyboard.

    For `unospec explore --storyboard FILE.svg`, with the explorer's counterexample, or its
    witness that the game cannot end (`ending` says so on the last panel).
    """
    from unospec.diagrams import storyboard

    return storyboard.storyboard_svg(edition, trace, path, ending=ending)


def _one(args: argparse.Namespace) -> Picture:
    from unospec.editions import load_edition

    if args.trace is not None:
        return _trace_picture(args.trace, args.edition)
    edition = load_edition(args.edition)
    if args.diff == "":  # --diff alone: against the edition this one derives from
        from unospec.editions import required_base

        return diff_picture(edition, required_base(edition, "diagram --diff: expected OTHER"))
    if args.diff:
        return diff_picture(edition, load_edition(args.diff))
    if args.deck:
        return deck_picture(edition)
    return flow_picture(edition)


def _trace_picture(file: str, edition_name: str | None) -> Picture:
    """The storyboard of a trace, against the edition it names or `edition_name`. The
    file is named after the trace, and after the edition when one is given: the same trace
    drawn against two editions gives two files."""
    from unospec.checks.replay import edition_for
    from unospec.diagrams.storyboard import storyboard_dot
    from unospec.model.trace import read_trace

    trace = read_trace(file)
    edition = edition_for(trace, file, edition_name)
    against = f"-{edition.name}" if edition_name else ""
    return Picture(f"{Path(file).stem}{against}-storyboard", storyboard_dot(edition, trace))
