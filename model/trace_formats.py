"""The formats a trace file takes: unospec's own (`unospec.model.trace`) and ITF, the Informal
Trace Format of Apalache and Quint (`unospec.model.itf`).

A command writes the one asked for (`--trace-format`); replay tells them apart by content,
not by the file's name, since both are JSON: an ITF file has `#meta`, `vars` and `states`.
"""

from __future__ import annotations

from unospec.model.edition import Edition
from unospec.model.itf import is_itf, itf_text, itf_trace
from unospec.model.trace import Trace, json_object, trace_file_text, trace_in_file

OWN_FORMAT, ITF_FORMAT = "unospec", "itf"
TRACE_FORMATS = (OWN_FORMAT, ITF_FORMAT)


def trace_text(trace: Trace, trace_format: str, edition: Edition | None) -> str:
    """`trace` as the text of a file in `trace_format`; ITF records the state after each
    step, as the reference kernel plays the trace on `edition` (which only it needs)."""
    if trace_format != ITF_FORMAT:
        return trace.to_text()
    if edition is None:
        raise ValueError("an ITF trace records states: the edition they are played on is needed")
    return itf_text(edition, trace)


def read_trace_file(file: str) -> Trace:
    """A trace file of either format (InputError, with the file and line, for a malformed
    one); an ITF file's trace carries the states it records."""
    text = trace_file_text(file)
    data = json_object(text, file)
    return itf_trace(data, file, text) if is_itf(data) else trace_in_file(data, file, text)
