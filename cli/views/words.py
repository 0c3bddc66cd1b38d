"""Values in words, for the text views: a reading, a list, a nested value, cut to a width."""

from __future__ import annotations


def words(value: object) -> str:
    """A value for people, not Python: nothing is "absent", a table is ``key: value; ...``.

    >>> words({"chosen": "same", "alternatives": ["rotate-left"], "why": None})
    'chosen: same; alternatives: [rotate-left]; why: absent'
    >>> words({"foil": True, "stacking": [False]})
    'foil: true; stacking: [false]'
    """
    if value is None:
        return "absent"
    if isinstance(value, bool):  # as edition files spell it (TOML)
        return "true" if value else "false"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {words(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(words(item) for item in value) + "]"
    return str(value)


def short(value: object, width: int = 200) -> str:
    """`value` in words, cut after the last whole word that fits in `width`.

    >>> short("chosen: standard-108; alternatives: [one, two]", 30)
    'chosen: standard-108; ...'
    """
    text = words(value)
    if len(text) <= width:
        return text
    cut = text[: width - 3]
    space = cut.rfind(" ")
    return (cut[:space] if space > 0 else cut) + " ..."
