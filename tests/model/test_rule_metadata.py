"""Rule metadata is data: each rule function the machine names declares its booklet section,
and that section is the one its docstring cites for a reader, so the two cannot drift."""

from __future__ import annotations

import re

import pytest
from scenario import edition

from unospec.model import sections
from unospec.model.flows import (
    RULES,
    Move,
    cites,
    moves,
    moves_of,
    requirements_of,
    requires,
    resumption_of,
    section_of,
)
from unospec.model.table import MACHINE

NAMED = {
    function
    for branch in MACHINE.branches
    for function in (*branch.conditions, *branch.unless, *branch.validators, branch.update)
    if function is not None
}
BY_NAME = sorted(NAMED, key=lambda function: function.__name__)
SECTION_NAMES = {
    value for name, value in vars(sections).items() if name.isupper() and isinstance(value, str)
}
CITED = re.compile(r"\(([^()]*)\)\.?$")
"""What a docstring's first paragraph cites at its end, in parentheses; after a `;` come
other notes (the edition's reading that decides the rule)."""


def docstring_cites(function: object) -> str | None:
    doc = (getattr(function, "__doc__", None) or "").strip().split("\n\n")[0]
    match = CITED.search(" ".join(doc.split()))
    return match.group(1).split(";")[0].strip() if match else None


@pytest.mark.parametrize("function", BY_NAME, ids=lambda function: function.__name__)
def test_every_rule_the_machine_names_cites_its_docstrings_section(function: object) -> None:
    section = section_of(function)
    assert section is not None, "declare it with @cites(sections.X)"
    assert section in SECTION_NAMES, f"{section!r} is not a name in model/sections.py"
    assert section == docstring_cites(function)


def test_a_table_draws_conditions_say_which_phase_they_resume() -> None:
    """The compiled engine reads the phase, not the function: one twin serves them all."""
    resumed = {resumption_of(f) for f in NAMED} - {None}
    assert resumed == {
        "drawn_card",
        "resolving",
        "awaiting_play",
        "awaiting_challenge",
        "uno_called",
    }


def test_the_decorators_record_data_and_return_the_function_itself() -> None:
    """The machine and the twin tables name the function: no wrapper may come between."""

    def rule(edition: object, game: object, action: object) -> None:
        """A toy rule (Winning)."""

    marked = cites(sections.WINNING)(requires(int)(moves(Move("hand", "top", "1"))(rule)))
    try:
        assert marked is rule
        assert section_of(rule) == sections.WINNING
        assert requirements_of(rule) == (int,)
        assert moves_of(rule, edition("classic")) == (Move("hand", "top", "1"),)
        assert section_of(lambda: None) is None and requirements_of(lambda: None) == ()
    finally:
        del RULES[rule]
