"""One error base: every exception unospec defines is an `UnospecError` with an exit code.

A Ctrl-C while `check` runs is the one exception: `CheckInterrupted` is a KeyboardInterrupt,
so that whatever catches an interrupt catches it too (exit 130). A private exception class
(`_Stopped`, say) is a module's own signal between two of its functions, never raised out.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from unospec.model.errors import (
    IllegalAction,
    InputError,
    InternalError,
    MachineDefinitionError,
    RuleGap,
    UnospecError,
)

PACKAGES = ("unospec", "unospec.model", "unospec.editions", "unospec.checks")
PACKAGES += ("unospec.diagrams", "unospec.report", "unospec.spec")
"""The top-level packages, each walked on its own: an editable install maps each folder to
its package, so the root's `__path__` does not hold the others."""


def _modules() -> list[str]:
    names = []
    for top in PACKAGES:
        package = importlib.import_module(top)
        names.append(top)
        names += [info.name for info in pkgutil.walk_packages(package.__path__, f"{top}.")]
    return sorted(set(names))


def test_every_exception_unospec_defines_derives_from_unospec_error() -> None:
    """No module defines an exception outside the hierarchy (there were four bases)."""
    outside = []
    for name in _modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != name or not issubclass(cls, BaseException):
                continue
            if cls.__name__.startswith("_"):  # a module's own signal, caught where raised
                continue
            if not issubclass(cls, UnospecError | KeyboardInterrupt):
                outside.append(f"{name}.{cls.__name__}")
    assert outside == []


def test_each_kind_of_failure_gives_its_exit_code() -> None:
    """Input errors exit 2, rule verdicts 1, unospec's own inconsistencies 70."""
    assert InputError("x").exit_code == 2
    assert IllegalAction("rule", "why").exit_code == 1
    assert RuleGap("rule", "why").exit_code == 1
    assert InternalError("x").exit_code == 70
    assert issubclass(MachineDefinitionError, InternalError)
