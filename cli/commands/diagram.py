"""`unospec diagram`: what the command draws, from its arguments (`unospec.arguments`).

    unospec diagram EDITION [--out DIR] [--format svg|png|dot|mermaid]
                    [--diff [OTHER] | --deck | --trace TRACE.json]
    unospec diagram --all [--out DIR]

Without `--out`, DOT and Mermaid text go to stdout and SVG and PNG into the current folder.
`--all --out diagrams/` regenerates every committed diagram; `tests/diagrams`
fails when one of them is stale. The pictures themselves are `unospec.diagrams.pictures`'s;
this module imports them only when a command runs, so building the parser stays cheap.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unospec.diagrams.pictures import Picture

REGENERATE = "unospec diagram --all --out diagrams/"


def run(args: argparse.Namespace) -> str | list[Path]:
    """Draw what `args` asks for: the text to show (DOT or Mermaid with no `--out`), or the
    files written, for the CLI to print. Bad input raises `InputError`."""
    from unospec.diagrams.pictures import COMMITTED, every_picture, write
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


def _one(args: argparse.Namespace) -> Picture:
    from unospec.diagrams.pictures import deck_picture, diff_picture, flow_picture, trace_picture
    from unospec.editions import load_edition

    if args.trace is not None:
        return trace_picture(args.trace, args.edition)
    edition = load_edition(args.edition)
    if args.diff == "":  # --diff alone: against the edition this one derives from
        from unospec.editions import required_base

        return diff_picture(edition, required_base(edition, "diagram --diff: expected OTHER"))
    if args.diff:
        return diff_picture(edition, load_edition(args.diff))
    if args.deck:
        return deck_picture(edition)
    return flow_picture(edition)
