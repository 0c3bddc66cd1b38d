"""An input error as the command line reports it: the library's message, and, where the
message cannot know it, the argument the value came from (a scale's message says what is
wrong with the scale; the command line says it was its `--scale`), and how to install an
optional extra."""

from __future__ import annotations

from unospec.model.errors import InputError, MissingExtra
from unospec.model.scale import ScaleError


def error_text(error: InputError) -> str:
    """The error's one line, after `unospec: error: `."""
    if isinstance(error, ScaleError):
        return f"--scale: {error}"
    if isinstance(error, MissingExtra):
        extra = f"{error.package}[{error.extra}]"
        return f"{error}: install the optional extra, pip install '{extra}'"
    return str(error)
