"""The evidence of a difference in behaviour: the search's path as a trace `unospec replay`
plays, how it replays on each edition, the state fields it leaves different, and the trace
in words, as `explore` tells a counterexample."""

from __future__ import annotations

import dataclasses

from unospec.checks.analyses.diff.data import plain
from unospec.checks.analyses.diff.report import (
    DistinguishingTrace,
    FieldPair,
    Parting,
    ReplayEnd,
)
from unospec.checks.engines.chance import Outcome
from unospec.checks.engines.counterexample import (
    StepRow,
    changes,
    concrete_trace,
    dealt,
    describe,
    replay_states,
    step_row,
    step_table,
)
from unospec.checks.engines.joint_search import observed
from unospec.checks.engines.replay import ReplayResult, pending, replay
from unospec.editions import reference
from unospec.model.edition import Edition
from unospec.model.errors import UnospecError
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.trace import Trace


def evidence(
    a: Edition, b: Edition, path: list[Outcome], how: str, common: str, players: int
) -> DistinguishingTrace:
    """The distinguishing trace of `path` (the search's, at the shared scale `common`), told
    as `diff` reports it."""
    sa = scale_edition(a, parse_scale(common))
    # the trace names the edition that plays every step of it, so that `unospec replay`
    # of the trace alone plays it through: b where only b allows the last step
    plays_all = b if how in ("legal in b only", "no outcome in a only") else a
    trace = concrete_trace(sa, players, path, base=reference(plays_all), scale=common)
    scaled = [scale_edition(e, parse_scale(common)) for e in (a, b)]
    results = [replay(e, trace) for e in scaled]
    table, steps, parting = _told(scaled, trace)
    return {
        "how": how,
        "trace": trace.to_json(),
        "step": len(trace.steps) - 1,
        "replay": {"a": _ended(results[0]), "b": _ended(results[1])},
        "fields": _fields(scaled, results) if how == "different states" else {},
        "dealt": table,
        "steps": steps,
        "parting": parting,
    }


def not_compared(how: str) -> DistinguishingTrace:
    """The evidence when the editions cannot be compared by play: why, and no trace."""
    return {"how": how, "trace": None, "step": None, "replay": None}


def _ended(result: ReplayResult) -> ReplayEnd:
    """How the trace replays on one edition (`replay`), and what its table still owes."""
    final = result.final
    owing = pending(final)
    return {
        "ok": result.ok,
        "steps": result.steps,
        "first_illegal": result.first_illegal,
        "phase": result.phase,
        "current": final.current if final else None,
        "hands": [len(h) for h in final.hands] if final else None,
        "owed": owing["owed"],
        "challenge": owing["challenge"],
    }


def _fields(scaled: list[Edition], results: list[ReplayResult]) -> dict[str, FieldPair]:
    """The state fields the two replays end with different values of ({field: {a, b}}), as
    `replay` shows them (not the explorer's normal form); none when either stops short."""
    final_a, final_b = (result.final for result in results)
    if final_a is None or final_b is None:
        return {}
    edition, other = scaled
    ids = edition.faces.card_id

    def shown(name: str, value: object) -> object:
        if name in ("draw_pile", "discard", "set_aside") and isinstance(value, tuple):
            return [ids(card) for card in value]
        if name == "hands" and isinstance(value, tuple):
            return [[ids(card) for card in hand] for hand in value]
        if isinstance(value, Owed | PendingChallenge):  # labelled: {"player": 1, "amount": 2, ...}
            labelled = value._asdict()
            if "card" in labelled:
                labelled["card"] = ids(labelled["card"])
            return plain(labelled)
        return plain(value)

    return {
        name: {"a": shown(name, va), "b": shown(name, vb)}
        for name, va, vb, seen_a, seen_b in zip(
            GameState._fields,
            final_a,
            final_b,
            observed(edition, final_a),
            observed(other, final_b),
            strict=True,
        )
        if va != vb and seen_a != seen_b
    }


def _told(scaled: list[Edition], trace: Trace) -> tuple[list[str], list[StepRow], Parting | None]:
    """The trace in words, as `explore` tells a counterexample: the table as dealt, each step
    before the last with what it changed, alike in both editions, then the last step (who
    did what, and for each side what it changed there, or why that side refuses it or has
    no outcome for it; None when the editions part right after the deal)."""
    first = scaled[0]
    table = describe(first, dealt(first, trace))
    if not trace.steps:
        return table, [], None
    before_last = step_table(first, dataclasses.replace(trace, steps=trace.steps[:-1]))
    said: dict[str, list[str]] = {}
    refused_by: list[str] = []
    step = None  # the last step in words, as the last side to accept it tells it
    for side, edition in zip("ab", scaled, strict=True):
        try:
            before, action, after = replay_states(edition, trace)[-1]
        except UnospecError as refused:  # illegal there, or no outcome: the parting itself
            said[side] = [f"refused: {refused}"]
            refused_by.append(side)
            continue
        step = step_row(edition, len(trace.steps) - 1, action)
        said[side] = changes(edition, before, after)
    a, b = said["a"], said["b"]
    if step is None:  # refused by both
        return table, before_last, {"a": a, "b": b}
    number, player, words = step["step"], step["player"], step["action"]
    parting: Parting = (
        {"a": a, "step": number, "player": player, "action": words, "b": b}
        if "a" in refused_by  # the keys in the order they were told: a's refusal first
        else {"step": number, "player": player, "action": words, "a": a, "b": b}
    )
    return table, before_last, parting
