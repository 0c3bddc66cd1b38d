"""Which implementation `unospec conform --engine NAME` holds to the reference.

NAME is one of three things, looked up in this order:

- `package.module:factory`, a factory anyone can write without installing anything;
- `compiled` or `reference`, the two built in;
- the name of an entry point in the group `unospec.engines`, which an installed package
  declares (`[project.entry-points."unospec.engines"]`), optionally behind an extra of
  its own (`rlcard = "pkg.adapter:open [rlcard]"`).

A factory takes the edition and the table size and returns a `Rules`. Everything that can go
wrong in finding and calling one is an `EngineError`, a one-line input error that names the
engine: the command line exits 2 with it, never with a traceback.
"""

from __future__ import annotations

import importlib
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from unospec.checks.engines.conformance.adapter import Opener, Rules, compiled
from unospec.checks.engines.conformance.reference import ReferenceRules
from unospec.model.edition import Edition
from unospec.model.errors import InputError, MissingExtra, one_line

GROUP = "unospec.engines"
"""The entry-point group an installed package registers its engines in."""

BUILT_IN: dict[str, Opener] = {"compiled": compiled, "reference": ReferenceRules}
"""The engines every install has."""

RULES_CALLS = ("encode", "decode", "legal", "step", "state_broken", "play")
"""What a factory's result must have: the calls of `Rules`, and its `name`."""


class EngineError(InputError):
    """An `--engine` that cannot be found, loaded or opened."""

    def __init__(self, engine: str, reason: str) -> None:
        super().__init__(f"--engine {engine}: {reason}")


def opener(engine: str) -> Opener:
    """The factory `engine` names, checked to be callable; its results are checked as they
    are opened (`checked`)."""
    if ":" in engine:
        factory = _from_module(engine)
    elif engine in BUILT_IN:
        return BUILT_IN[engine]
    else:
        factory = _from_entry_point(engine)
    if not callable(factory):
        found = type(factory).__name__
        raise EngineError(engine, f"expected a factory (edition, players) -> Rules, found {found}")
    return checked(engine, factory)


def available() -> list[str]:
    """The engines this install can name: the built-in ones, then the entry points."""
    return [*BUILT_IN, *sorted(point.name for point in entry_points(group=GROUP))]


def checked(engine: str, factory: Any) -> Opener:
    """`factory`, its failures made `EngineError`s: one that raises, or returns something
    that is not a `Rules`, is the engine's fault, reported as such."""

    def open_rules(edition: Edition, players: int) -> Rules[Any]:
        try:
            rules = factory(edition, players)
        except InputError:
            raise
        except Exception as error:  # the factory's own failure, whatever it is
            raise EngineError(engine, f"the factory raised {_summary(error)}") from error
        missing = [call for call in ("name", *RULES_CALLS) if not hasattr(rules, call)]
        if missing:
            found = f"{type(rules).__name__} without {', '.join(missing)}"
            raise EngineError(engine, f"expected the factory to return a Rules, found {found}")
        return rules  # type: ignore[no-any-return]

    return open_rules


def _from_module(engine: str) -> object:
    module_name, _, attribute = engine.partition(":")
    if not module_name or not attribute:
        raise EngineError(engine, "expected package.module:factory")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and module_name.startswith(error.name):
            raise EngineError(engine, f"no module named {module_name!r}") from None
        raise EngineError(engine, f"importing {module_name} failed: {_summary(error)}") from None
    except Exception as error:
        raise EngineError(engine, f"importing {module_name} failed: {_summary(error)}") from None
    try:
        found: object = module
        for part in attribute.split("."):
            found = getattr(found, part)
    except AttributeError:
        raise EngineError(engine, f"module {module_name} has no {attribute!r}") from None
    return found


def _from_entry_point(engine: str) -> object:
    points = [point for point in entry_points(group=GROUP) if point.name == engine]
    if not points:
        known = ", ".join(available())
        raise EngineError(
            engine,
            f"expected {known}, an entry point of the group {GROUP}, or package.module:factory",
        )
    return _load(points[0])


def _load(point: EntryPoint) -> object:
    try:
        return point.load()
    except ModuleNotFoundError as error:
        if point.extras:
            package = point.dist.name if point.dist is not None else "unospec"
            missing = f"--engine {point.name}: {error.name}"
            raise MissingExtra(point.extras[0], missing, package) from None
        raise EngineError(point.name, f"loading {point.value} failed: {_summary(error)}") from None
    except Exception as error:
        raise EngineError(point.name, f"loading {point.value} failed: {_summary(error)}") from None


def _summary(error: BaseException) -> str:
    """An exception in one line: its type and its message."""
    text = str(error)
    return one_line(f"{type(error).__name__}: {text}" if text else type(error).__name__)
