"""One step of the kernel, kept whole, for the step invariants' tests.

    s = step(edition, game, action)          # (edition, before, fired, after)
    found(s, "draws-are-owed")               # what that invariant says is wrong, or None
    changed(s, "play", lambda g: ...)        # the same step, with the table right after
                                             # its `play` transition changed

Changing the table mid-step, rather than the step's end, reaches the states a seeded kernel
bug would leave between transitions (an obligation set, a card landed).
"""

from __future__ import annotations

from collections.abc import Callable

from unospec.checks.properties.invariants import violations
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.kernel import Fired, run
from unospec.model.state import GameState

Step = tuple[Edition, GameState, tuple[Fired, ...], GameState]


def step(e: Edition, game: GameState, action: Action) -> Step:
    after, fired = run(e, game, action)
    return e, game, fired, after


def found(s: Step, name: str) -> str | None:
    """What invariant `name` says is wrong with the step, or None."""
    e, before, fired, after = s
    return dict(violations(e, after, before, fired)).get(name)


def changed(s: Step, event: str, change: Callable[[GameState], GameState]) -> Step:
    """The step, with the table right after its transition `event` changed."""
    e, before, fired, after = s
    i = next(i for i, f in enumerate(fired) if f.branch.event == event)
    if i + 1 == len(fired):
        return e, before, fired, change(after)
    moved = fired[i + 1]._replace(before=change(fired[i + 1].before))
    return e, before, (*fired[: i + 1], moved, *fired[i + 2 :]), after
