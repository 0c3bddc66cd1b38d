"""How a transition is set in a diagram: who takes its step (a player, the table, no one),
as HTML styles the renderers share, and the legend's reason for an inactive one."""

from __future__ import annotations

from unospec.model.actions import TABLE_STEPS
from unospec.model.edition import Edition
from unospec.model.table import MACHINE, Branch
from unospec.model.transitions import ruled_out
from unospec.model.vocabulary import Event

PLAYER, TABLE, NO_STEP = "player", "table", "no step"
"""Who takes the step that fires a transition: a player; the table (a shuffle, or its verdict
on a special wild); or no step of its own (the table moves on by itself, or the next step
closes the UNO window first)."""


STEP_STYLES: dict[str, tuple[str, str, str]] = {
    PLAYER: ("b", "bold", "a player's step"),
    TABLE: ("", "regular", "the table's step: a shuffle, or its verdict on a special wild"),
    NO_STEP: ("i", "italic", "no step of its own: the table moves on by itself, or the next "
              "step closes the UNO window first"),
}  # fmt: skip
"""How an edge's event is set, by `step_of`: (HTML tag, its name in the legend, meaning)."""


def styled(text: str, step: str) -> str:
    """`text` (HTML already) set as the event of a transition `step` fires."""
    tag = STEP_STYLES[step][0]
    return f"<{tag}>{text}</{tag}>" if tag else text


def step_legend() -> list[tuple[str, str]]:
    """The legend's rows for the event styles: (the style's name, set in it; its meaning)."""
    return [(styled(name, step), meaning) for step, (_, name, meaning) in STEP_STYLES.items()]


def step_of(branch: Branch) -> str:
    """Who takes the step that fires `branch` (`PLAYER`, `TABLE` or `NO_STEP`), from the
    machine's step table. Naming a wild's colour is its player's choice, within the play."""
    if branch.source in MACHINE.automatic:
        return NO_STEP
    if branch.source in MACHINE.window_phases and branch.event == Event.close_window:
        return NO_STEP
    key = (branch.source, branch.event)
    kinds = {kind for (phase, kind), event in MACHINE.steps.items() if (phase, event) == key}
    return TABLE if kinds and kinds <= set(TABLE_STEPS) else PLAYER


def why_inactive(editions: tuple[Edition, ...], deck: str) -> str:
    """The legend's reason for an inactive transition: the deck lacks the card effect it
    needs, or (worded only where it happens) an edition's parameters rule it out."""
    why = f"no card of {deck} has the effect it needs"
    if any(ruled_out(e, b) for e in editions for b in MACHINE.branches):
        why += ", or the deck and the rule parameters rule it out"
    return why
