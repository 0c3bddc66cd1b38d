"""An input error as the command line reports it: the library's message, and, where the
message cannot know it, the argument the value came from (a scale's message says what is
wrong with the scale; the command line says it was its `--scale`)."""

from __future__ import annotations

from unospec.model.errors import InputError
from unospec.model.scale import ScaleError


def error_text(error: InputError) -> str:
    """The error's one line, after `unospec: error: `."""
    if isinstance(error, ScaleError):
        return f"--scale: {error}"
    return str(error)
