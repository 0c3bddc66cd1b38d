"""Replay: check a recorded game step by step against an edition's rules.

A malformed trace raises `InputError` (exit 2); an illegal step ends the replay with
`first_illegal` set (exit 1). A trace may stop mid-game. Bluffs (a Wild Draw card played
against its own rule, which the booklets leave to the challenge) are legal and listed. A
trace that records the state after each step (an ITF file's) is held to it: the first state
that is not the reference's ends the replay with `recorded_states.difference` set (exit 1).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NotRequired, TypedDict

from unospec.checks.properties.invariants import (
    offered_move_refused,
    offered_move_without_outcome,
    violations,
)
from unospec.editions import (
    as_file_name,
    builtin_names,
    load_edition,
    load_edition_file,
    reference,
)
from unospec.model.actions import Deal
from unospec.model.distinguishing import VARIANTS
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, InputError, RuleGap
from unospec.model.itf_state import (
    STATE_VARIABLES,
    at_path,
    canonical,
    first_difference,
    state_json,
)
from unospec.model.json_place import dotted, line_of
from unospec.model.kernel import Fired, empty_table, legal_actions, run
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.state import GameState
from unospec.model.trace import (
    RecordedViolation,
    Trace,
    TraceContentError,
    deck_and_actions,
    located,
)


class IllegalStep(TypedDict):
    """The first step the rules refuse: its number, why, and the rule that says so."""

    step: int
    reason: str
    rule: str


class Bluff(TypedDict):
    """A Wild Draw card played against its own rule (legal: the challenge decides)."""

    step: int
    player: int
    card: str


class StepViolation(TypedDict):
    """The first invariant broken, after step `step` (-1: at the deal)."""

    step: int
    invariant: str
    message: str


class StateDifference(TypedDict):
    """The first recorded state that is not the reference's: after step `step` (-1: the deal),
    `states[state]` of the file, at `path` (``hands[1]``) holds `recorded`, not `reference`."""

    step: int
    state: int
    path: str
    recorded: object
    reference: object


class RecordedStates(TypedDict):
    """How the states a trace records compare with the reference's (an ITF file's)."""

    compared: int
    difference: StateDifference | None


class OwedJson(TypedDict):
    player: int
    amount: int


class ChallengeJson(TypedDict):
    offender: int
    victim: int
    guilty: bool


class Pending(TypedDict):
    """What a table still owes: a draw, a Wild Draw card's challenge (None: nothing)."""

    owed: OwedJson | None
    challenge: ChallengeJson | None


class Ending(Pending):
    """Where a replay ends, as a player sees the table (see `ReplayResult.ending`)."""

    current: int
    hands: list[int]
    scores: list[int]
    winner: int
    leader: int
    out: NotRequired[list[int]]  # the seats out of the game (the mercy rule), when any is


class ReplayJson(TypedDict):
    """`unospec replay`'s JSON document."""

    edition: str
    reference: str
    ok: bool
    steps: int
    first_illegal: IllegalStep | None
    bluffs: list[Bluff]
    violation: StepViolation | None
    phase: str
    final: Ending | None
    recorded: RecordedViolation | None
    recorded_states: NotRequired[RecordedStates]  # a trace that records its states (ITF)


@dataclass(frozen=True)
class ReplayResult:
    """How far a trace replays, and why it stops where it stops."""

    edition: str
    ok: bool
    steps: int
    first_illegal: IllegalStep | None = None
    bluffs: list[Bluff] = field(default_factory=list)
    violation: StepViolation | None = None
    phase: str = ""
    final: GameState | None = None
    reference: str = ""  # how commands name the edition: its built-in name, else its file
    recorded: RecordedViolation | None = None  # the trace's own `violation`: what it shows
    recorded_states: RecordedStates | None = None  # None: the trace records no states

    def to_json(self) -> ReplayJson:
        data: ReplayJson = {
            "edition": self.edition,
            "reference": self.reference or self.edition,
            "ok": self.ok,
            "steps": self.steps,
            "first_illegal": self.first_illegal,
            "bluffs": list(self.bluffs),
            "violation": self.violation,
            "phase": self.phase,
            "final": self.ending(),
            "recorded": self.recorded,
        }
        if self.recorded_states is not None:
            data["recorded_states"] = self.recorded_states
        return data

    def ending(self) -> Ending | None:
        """Where the replay ends, as a player sees the table: whose turn, how many cards each
        holds, the scores, the winner (-1 while the game goes on), who leads the hand (the
        next one, between hands), and what the table still owes: a draw, a challenge's
        answer (`pending`)."""
        if self.final is None:
            return None
        game = self.final
        owes = pending(game)
        ending: Ending = {
            "current": game.current,
            "hands": [len(hand) for hand in game.hands],
            "scores": list(game.scores),
            "winner": game.winner,
            "leader": game.leader,
            "owed": owes["owed"],
            "challenge": owes["challenge"],
        }
        if game.out:  # only an edition with the mercy rule puts a player out
            ending["out"] = [seat for seat in range(game.players) if game.is_out(seat)]
        return ending


def pending(game: GameState | None) -> Pending:
    """What `game` still owes, as JSON: a draw (`owed`: who, how many cards) and a Wild Draw
    card's challenge (`challenge`: its player, its victim, whether a challenge would win);
    nothing when there is no table (a replay refused at the deal)."""
    owed, challenge = (game.owed, game.challenge) if game is not None else (None, None)
    return {
        "owed": None if owed is None else {"player": owed.player, "amount": owed.amount},
        "challenge": None
        if challenge is None
        else {
            "offender": challenge.offender,
            "victim": challenge.victim,
            "guilty": challenge.guilty,
        },
    }


def edition_for(trace: Trace, trace_file: str | None, override: str | None) -> Edition:
    """The trace's edition: `override` if given, else a built-in name or a path, tried
    relative to the trace file (as unospec writes it) and then as given; its variant when
    the trace names one (conformance's distinguishing variant), scaled when it names a
    scale."""
    edition = _base_edition(trace, trace_file, override)
    if trace.variant:
        edition = VARIANTS[trace.variant](edition)
    if trace.scale:
        try:
            return scale_edition(edition, parse_scale(trace.scale))
        except InputError as error:  # the file's scale does not fit the edition: say where
            raise located(trace, TraceContentError(("scale",), str(error))) from None
    return edition


def _base_edition(trace: Trace, trace_file: str | None, override: str | None) -> Edition:
    if override is not None:
        return load_edition(override)
    beside = None
    if trace_file is not None and trace.edition not in builtin_names():
        beside = Path(trace_file).parent / trace.edition  # as unospec writes it
        try:
            found = beside.exists()  # then a folder or a FIFO is refused as one, by name
            if found:  # named as the user would, not `out/../mine/house.toml`
                beside = Path(os.path.relpath(beside.resolve()))
        except (OSError, ValueError):
            found = False
        if found:  # the file, even one named like a built-in edition
            return load_edition_file(beside, as_file_name(str(beside)))
    try:
        return load_edition(trace.edition)
    except InputError as error:  # say which trace names it, and where it was looked for
        elsewhere = beside is not None and _where(beside) != _where(Path(trace.edition))
        looked = f" (looked for {beside} too)" if elsewhere else ""
        place = trace.place_of(("edition",))
        line = line_of(trace.source[1], place) if trace.source else None
        where = f"{trace_file or 'trace'}" + (f":{line}" if line else "")
        raise InputError(f"{where}: {dotted(place)}: {error}{looked}") from None


def _where(path: Path) -> Path | None:
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):  # a name too long, a loop of links
        return None


def replay(edition: Edition, trace: Trace) -> ReplayResult:
    """Apply every step of `trace`; stop at the first illegal one, or at the first state the
    trace records that is not the reference's."""
    deck, actions = deck_and_actions(edition, trace)
    said = ReplayResult(
        edition.name, ok=True, steps=0, reference=reference(edition),
        recorded=trace.extra.get("violation"),
    )  # fmt: skip
    table = empty_table(edition, trace.players, foil=trace.foil)
    try:
        game, fired = run(edition, table, Deal(deck))
    except RuleGap as gap:  # the deal itself has no outcome: a finding, as the explorer's
        message = offered_move_without_outcome(edition, table, Deal(deck), gap)
        violation: StepViolation = {
            "step": -1, "invariant": "rules-give-an-outcome", "message": message
        }  # fmt: skip
        said = replace(said, recorded_states=_held_to(trace, 0, None))
        return replace(said, ok=False, violation=violation, phase=table.phase, final=table)
    first_illegal: IllegalStep | None = None
    bluffs: list[Bluff] = []
    steps = 0
    broken = _violation(edition, game, table, fired, -1)
    differs = _state_difference(edition, trace, game, -1)
    for i, action in enumerate(actions if differs is None else ()):
        try:
            after, fired = run(edition, game, action)
        except IllegalAction as error:
            first_illegal = {"step": i, "reason": str(error), "rule": error.rule}
            break
        except RuleGap as gap:  # a legal move the rules give no outcome: a finding, as at the deal
            message = offered_move_without_outcome(edition, game, action, gap)
            broken = {"step": i, "invariant": "rules-give-an-outcome", "message": message}
            break
        new_challenge = after.challenge is not None and after.challenge is not game.challenge
        if new_challenge and after.challenge is not None and after.challenge.bluff:
            card = edition.faces.card_id(after.challenge.card)
            bluffs.append({"step": i, "player": after.challenge.offender, "card": card})
        broken = broken or _violation(edition, after, game, fired, i)
        game = after
        steps = i + 1
        differs = _state_difference(edition, trace, game, i)
        if differs is not None:
            break
    if first_illegal is None and not broken and differs is None:
        broken = _refused_offer(edition, game, steps - 1)
    compared = steps + 1 if differs is None else differs["state"] + 1
    return replace(
        said,
        ok=first_illegal is None and not broken and differs is None,
        steps=steps,
        first_illegal=first_illegal,
        bluffs=bluffs,
        violation=broken,
        phase=game.phase,
        final=game,
        recorded_states=_held_to(trace, compared, differs),
    )


def _state_difference(
    edition: Edition, trace: Trace, game: GameState, step: int
) -> StateDifference | None:
    """Where the state `trace` records after `step` (-1: the deal) is not `game`, if it
    records states."""
    if trace.states is None:
        return None
    recorded = trace.states[step + 1]
    reference = canonical(state_json(edition, game))
    assert isinstance(reference, dict)
    for name in STATE_VARIABLES:
        path = first_difference(recorded[name], reference[name], (name,))
        if path is not None:
            return {
                "step": step,
                "state": step + 1,
                "path": dotted(path),
                "recorded": at_path(recorded, path),
                "reference": at_path(reference, path),
            }
    return None


def _held_to(
    trace: Trace, compared: int, difference: StateDifference | None
) -> RecordedStates | None:
    """The comparison with the states `trace` records, when it records them."""
    if trace.states is None:
        return None
    return {"compared": compared, "difference": difference}


def _violation(
    edition: Edition, after: GameState, before: GameState, fired: tuple[Fired, ...], step: int
) -> StepViolation | None:
    problems = violations(edition, after, before, fired)
    if not problems:
        return None
    name, message = problems[0]
    return {"step": step, "invariant": name, "message": message}


def _refused_offer(edition: Edition, game: GameState, step: int) -> StepViolation | None:
    """`offered-moves-accepted` and `rules-give-an-outcome` in the state the trace stops in:
    the rules accept every move they offer there, and give each an outcome (the explorer's
    witness for either is a trace to such a state)."""
    for action in legal_actions(edition, game):
        try:
            run(edition, game, action)
        except RuleGap as gap:
            message = offered_move_without_outcome(edition, game, action, gap)
            return {"step": step, "invariant": "rules-give-an-outcome", "message": message}
        except Exception as error:  # refused, or a crash
            message = offered_move_refused(game, error)
            return {"step": step, "invariant": "offered-moves-accepted", "message": message}
    return None
