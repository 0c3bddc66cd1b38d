"""A violation the engine found, in the reference's words.

The engine knows which invariant broke, in which state and on which step; the sentence that
says what is wrong is the reference invariant's own, on the decoded state. Where the
reference does not find that invariant broken there, the violation says so (`engine_only`):
the engine and the reference disagree, which `unospec conform` then pins down.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.chance import normalize
from unospec.checks.engines.codec import encode
from unospec.checks.engines.compiled import search as k
from unospec.checks.engines.compiled import vocabulary as v
from unospec.checks.engines.compiled.exploration import EngineExploration, Scratch
from unospec.checks.engines.compiled.outcomes import K_ORDER
from unospec.checks.engines.compiled.program import Program
from unospec.checks.engines.compiled.properties import INVARIANT_NAMES
from unospec.checks.engines.compiled.states import unpack
from unospec.checks.engines.compiled.tables import cited_rule
from unospec.checks.engines.explorer import Violation
from unospec.checks.engines.symmetry import canonical, colour_renamings
from unospec.checks.properties.invariants import (
    offered_move_refused,
    offered_move_without_outcome,
    violations,
)
from unospec.model.actions import Action
from unospec.model.errors import RuleGap
from unospec.model.kernel import is_chance, legal_actions, run
from unospec.model.state import GameState


def first_name(mask: int) -> str:
    """The first invariant (in the catalogue's order) a verdict mask says is broken."""
    return INVARIANT_NAMES[(mask & -mask).bit_length() - 1]


def _row(prog: Program, words: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    row = np.zeros(prog.row_length, dtype=np.int64)
    unpack(np.ascontiguousarray(words), prog.spec, row, np.zeros(prog.faces, dtype=np.int64))
    return row


def state_violation(
    prog: Program, words: npt.NDArray[np.uint64], mask: int, state_id: int
) -> Violation:
    """The state `words` breaks the state invariants `mask`."""
    edition = prog.edition
    game = prog.decode(_row(prog, words))
    name = first_name(mask)
    try:
        legal = None if is_chance(game) else legal_actions(edition, game)
        said = dict(violations(edition, game, legal=legal, kinds=("always",)))
    except Exception as error:  # a state broken enough to crash the reference
        said = {name: f"checking it failed: {type(error).__name__}: {error}"}
    if name in said:
        return Violation(name, said[name], state_id, None)
    return Violation(name, _engine_only(name, said), state_id, None, engine_only=True)


def violation(
    prog: Program,
    result: EngineExploration,
    X: npt.NDArray[np.int64],
    words: npt.NDArray[np.uint64],
    scratch: Scratch,
) -> Violation:
    """The violation `search` stopped at (its scalars `X`, its scratch as it left them;
    `words` the state it was expanding)."""
    kind = int(X[k.X_BROKEN_KIND])
    parent = int(X[k.X_BROKEN_PARENT])
    if kind == k.VIOLATION_STATE:
        return state_violation(prog, words, int(X[k.X_BROKEN]), parent)
    edition = prog.edition
    cursor, _, _, child, before, action_row, order = scratch.cursor
    game = prog.decode(_row(prog, words))
    began = prog.decode(before)
    action = prog.decode_action(action_row, order[: int(cursor[K_ORDER])])
    if kind == k.VIOLATION_PACKING:
        message = "the state reached does not fit the engine's packing (a field out of range)"
        return Violation("type-ok", message, parent, None, engine_only=True)
    if kind == k.VIOLATION_MOVE:
        return _refused(prog, game, began, action, int(X[k.X_BROKEN]), parent)
    name = first_name(int(X[k.X_BROKEN]))
    after = prog.decode(child)
    renamings = colour_renamings(edition) if result.symmetry else []
    target = encode(canonical(normalize(after, game), renamings)[0])
    try:
        reference_after, fired = run(edition, began, action)
        said = dict(violations(edition, reference_after, game, fired, kinds=("step",)))
    except Exception as error:  # the reference refuses what the engine did
        said = {"": f"the reference refuses the step: {error}"}
    if name in said:
        return Violation(name, said[name], parent, target)
    return Violation(name, _engine_only(name, said), parent, target, engine_only=True)


def _refused(
    prog: Program, game: GameState, began: GameState, action: Action, code: int, parent: int
) -> Violation:
    """A move or shuffle the engine offered and then refused, or found no outcome for."""
    edition = prog.edition
    refusal, rule = divmod(-code, v.REFUSAL)
    gap = refusal == v.GAP
    name = "rules-give-an-outcome" if gap else "offered-moves-accepted"
    try:
        run(edition, began, action)
    except RuleGap as error:
        message = offered_move_without_outcome(edition, game, action, error)
        return Violation("rules-give-an-outcome", message, parent, None, action)
    except Exception as error:  # whatever the reference raised is the finding
        return Violation("offered-moves-accepted", offered_move_refused(game, error), parent, None)
    message = (
        f"in phase {game.phase}, the compiled engine "
        f"{'finds no outcome for' if gap else 'refuses'} {action} ({cited_rule(edition, rule)}), "
        "which the reference accepts: the engine and the reference disagree (`unospec conform`)"
    )
    return Violation(name, message, parent, None, action if gap else None, engine_only=True)


def _engine_only(name: str, said: dict[str, str]) -> str:
    others = f" (it finds {', '.join(sorted(said))} broken)" if said else ""
    return (
        f"the compiled engine finds {name} broken here and the reference does not{others}: "
        "the engine and the reference disagree (`unospec conform`)"
    )
