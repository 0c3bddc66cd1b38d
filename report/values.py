"""Values in words, as the report's pages show them: readings, and compared values."""

from __future__ import annotations


def shown(value: object) -> str:
    """A compared value for people: absent, yes/no, lists and readings in words."""
    if value is None:
        return "\u2014 (absent)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {shown(v)}" for key, v in value.items())
    if isinstance(value, list):
        return plain(value)
    return str(value)


def plain(value: object) -> str:
    """A reading as words: lists joined, nested lists in brackets only when needed."""
    if isinstance(value, list | tuple):
        return ", ".join(
            plain(v) if not isinstance(v, list | tuple) else f"[{plain(v)}]" for v in value
        )
    return str(value)
