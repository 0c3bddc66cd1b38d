"""The one error hierarchy: every error unospec raises on purpose derives from `UnospecError`.

Each kind says what failed and which exit code the command line gives it (`exit_code`):

- `InputError` (exit 2): input that cannot be used: an edition file, a trace, an argument;
  one line on stderr, no traceback;
- `IllegalAction` and `RuleGap` (exit 1): verdicts of the rules, not input errors: a move
  the rules refuse, a situation they give no outcome for;
- `InternalError` (exit 70, as sysexits' EX_SOFTWARE): unospec's own definitions disagree
  (the machine and its vocabulary, the engine and the machine, a diagram's tables): a bug
  in unospec, never the user's input, found when the module defining them is imported.
"""

from __future__ import annotations

import re
from typing import ClassVar


def one_line(text: str) -> str:
    """`text` with its line breaks and other control characters escaped, and any number of
    more than 40 digits cut to its ends and length (a file or argument may hold one of
    thousands, which the message quotes)."""
    printable = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return _LONG_NUMBER.sub(_cut_number, printable)


_LONG_NUMBER = re.compile(r"\d{41,}")


def _cut_number(match: re.Match[str]) -> str:
    digits = match.group()
    return f"{digits[:6]}...{digits[-3:]} ({len(digits)} digits)"


class UnospecError(Exception):
    """Base class for every error unospec raises on purpose."""

    exit_code: ClassVar[int] = 1


class InputError(UnospecError):
    """Input that cannot be used: the message is the whole one-line report."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


class MissingExtra(InputError):
    """A feature whose optional dependencies are not installed: `extra` names the package's
    optional extra that installs them (the command line says how)."""

    def __init__(self, extra: str, missing: str, package: str = "unospec") -> None:
        self.extra, self.package = extra, package
        super().__init__(f"{missing} is not installed")


class EditionError(InputError):
    """An edition file that does not satisfy the schema.

    Rendered as ``FILE:LINE: key.path: expected ..., found ...``.
    """

    def __init__(self, file: str, line: int | None, key: str, expected: str, found: str) -> None:
        self.file, self.line, self.key = file, line, key
        # as the message quotes them: a number of thousands of digits cut to its ends
        self.expected, self.found = one_line(expected), one_line(found)
        where = f"{file}:{line}" if line is not None else file
        message = f"{where}: {key}: expected {expected}, found {found}"
        super().__init__(one_line(message))

    def __reduce__(self) -> tuple[type, tuple[str, int | None, str, str, str]]:
        """Rebuilt from every argument: a worker process sends it back to the parent."""
        return type(self), (self.file, self.line, self.key, self.expected, self.found)


class IllegalAction(UnospecError):
    """An action that the rules refuse; `rule` names the rule (and its booklet section)."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule, self.reason = rule, reason
        super().__init__(f"{reason} ({rule})")

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        """Rebuilt from both arguments: a worker process sends it back to the parent."""
        return type(self), (self.rule, self.reason)


class RuleGap(UnospecError):
    """The rules as recorded give no outcome for a reachable situation (a booklet gap)."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule, self.reason = rule, reason
        super().__init__(f"{reason} ({rule})")

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        """Rebuilt from both arguments: a worker process sends it back to the parent."""
        return type(self), (self.rule, self.reason)


class InternalError(UnospecError):
    """unospec's own definitions disagree: a bug to fix in unospec, never user input."""

    exit_code = 70


class MachineDefinitionError(InternalError):
    """The machine class breaks a structural rule, or its vocabulary does not match it;
    raised when `unospec.model.table` is imported."""
