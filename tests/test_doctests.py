"""The examples in the package's docstrings run, and say what they show.

Each `>>>` example is documentation a reader trusts: running them here keeps them true.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

PACKAGES = ("unospec", "unospec.model", "unospec.checks", "unospec.editions",
            "unospec.diagrams", "unospec.report")  # fmt: skip
"""Each folder of the layout (an editable install maps them apart, so each is walked)."""


def _modules() -> list[str]:
    names = set()
    for package in PACKAGES:
        path = importlib.import_module(package).__path__
        names.add(package)
        names |= {info.name for info in pkgutil.walk_packages(path, prefix=f"{package}.")}
    return sorted(name for name in names if not name.endswith("__main__"))


def _with_examples(name: str) -> ModuleType | None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    return module if any(t.examples for t in finder.find(module)) else None


MODULES = [name for name in _modules() if _with_examples(name)]


def test_there_are_examples_to_run() -> None:
    """Guard against a discovery that quietly finds nothing."""
    assert len(MODULES) >= 5, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
