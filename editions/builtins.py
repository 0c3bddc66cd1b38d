"""The editions that ship with unospec: the TOML files of the `unospec.spec` data package."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _spec_dir() -> Path:
    return Path(str(resources.files("unospec.spec")))


def builtin_names() -> tuple[str, ...]:
    """The names of the editions that ship with unospec, sorted."""
    return tuple(sorted(p.stem for p in _spec_dir().glob("*.toml")))


def builtin_path(name: str) -> Path:
    return _spec_dir() / f"{name}.toml"
