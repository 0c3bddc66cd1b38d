"""The diagrams unospec draws, as pictures to write: turn flows, diffs, decks, storyboards.

The command line (`unospec diagram`, in `unospec.commands.diagram`) and the review report
choose which; this module builds them and writes them in each format. It imports the
drawing modules only when a picture is made, so importing it stays cheap.
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class Picture:
    """One diagram to write: its file stem, its DOT text and, where it has one, its Mermaid."""

    stem: str
    dot: str
    mermaid: str | None = None  # None: drawn by Graphviz only (a deck, a storyboard)


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


def trace_picture(file: str, edition_name: str | None) -> Picture:
    """The storyboard of a trace, against the edition it names or `edition_name`. The
    file is named after the trace, and after the edition when one is given: the same trace
    drawn against two editions gives two files."""
    from unospec.checks.engines.replay import edition_for
    from unospec.diagrams.storyboard import storyboard_dot
    from unospec.model.trace_formats import read_trace_file

    trace = read_trace_file(file)  # either format
    edition = edition_for(trace, file, edition_name)
    against = f"-{edition.name}" if edition_name else ""
    return Picture(f"{Path(file).stem}{against}-storyboard", storyboard_dot(edition, trace))
