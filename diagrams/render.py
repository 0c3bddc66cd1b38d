"""Running Graphviz: DOT text in, SVG or PNG bytes out.

Only the pictures need the `dot` binary; DOT and Mermaid text are written without it. A
missing binary is an input error (one line with the install command), not a traceback.
"""

from __future__ import annotations

import shutil
import subprocess

from unospec.model.errors import InputError

PICTURES = ("svg", "png")
"""The formats `dot` draws; the others are text the renderers write themselves."""

PNG_DPI = 110
"""Dots per inch of a PNG: sharp enough to read the edge labels at 100% zoom."""

HOW_TO_INSTALL = "apt-get install graphviz, brew install graphviz or https://graphviz.org/download/"
INSTALL = (
    f"Graphviz's `dot` is needed to draw svg or png: install it ({HOW_TO_INSTALL}), "
    "or ask for --format dot or mermaid"
)


def find_dot(instead: str = INSTALL) -> str:
    """The path of the `dot` binary; `InputError` with install advice when there is none
    (`instead`: the message, for a command whose way around it is another)."""
    path = shutil.which("dot")
    if path is None:
        raise InputError(instead)
    return path


def draw(dot_text: str, fmt: str) -> bytes:
    """Lay out `dot_text` with `dot` and draw it as `fmt` (svg or png).

    >>> draw('digraph { a -> b }', "svg")[:5]
    b'<?xml'
    """
    if fmt not in PICTURES:
        raise ValueError(f"'fmt' must be one of {', '.join(PICTURES)} (got {fmt!r})")
    command = [find_dot(), f"-T{fmt}"]
    if fmt == "png":
        command.append(f"-Gdpi={PNG_DPI}")
    done = subprocess.run(command, input=dot_text.encode(), capture_output=True, timeout=120)
    if done.returncode != 0:
        # Our own DOT text was refused: a bug here, not the user's input.
        raise RuntimeError(f"dot failed ({done.returncode}): {done.stderr.decode().strip()}")
    return done.stdout
