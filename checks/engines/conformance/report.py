"""What conformance reports: how much was compared, and the first difference, with the
state, the move, what each side says and a trace that `unospec replay` reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, NotRequired, TypedDict, cast

from unospec.checks.engines.chance import Outcome
from unospec.checks.engines.conformance.adapter import comparable
from unospec.model.actions import Action
from unospec.model.edition import Edition
from unospec.model.scale import parse_scale
from unospec.model.state import GameState
from unospec.model.trace import StepJson, Trace, TraceJson, action_step

Refusal = tuple[str, str]
"""How an implementation refuses a step ("illegal", "gap" or "broken") and the rule it cites
(its booklet section)."""


class OwedJson(TypedDict):
    player: int
    amount: int
    then: str


class ChallengeJson(TypedDict):
    offender: int
    victim: int
    card: str
    guilty: bool
    bluff: bool


class StateJson(TypedDict):
    """Every field of a `GameState`, in its order, cards by their ids (-1: no card)."""

    phase: str
    hands: list[list[str]]
    draw_pile: list[str]
    discard: list[str]
    set_aside: list[str]
    color: int
    direction: int
    current: int
    actor: int
    drawn: str | int
    owed: OwedJson | None
    challenge: ChallengeJson | None
    special: str | int
    window: int
    scores: list[int]
    hands_played: int
    leader: int
    winner: int
    old_top: str | int
    debts: list[int]
    out_of_play: NotRequired[list[str]]  # only where a Hail Mary put cards out of play


class SomeStateJson(StateJson, total=False):
    """Some fields of a state: those where the two sides differ."""


Said = str | list[str] | list[StepJson] | StateJson | SomeStateJson
"""What one side says where the two part: a verdict or refusal in words, the invariants it
finds broken, the moves it offers, a state, or the fields of a state where they differ."""


class DifferenceJson(TypedDict):
    what: str  # state, verdicts, legal, outcome, step-verdicts, symmetry, converse, game, chance
    state: StateJson
    action: StepJson | None
    reference: Said
    engine: Said
    trace: TraceJson


class ConformanceJson(TypedDict):
    """`unospec conform`'s JSON document (`ConformanceReport.to_json`)."""

    edition: str
    ok: bool
    engine: str
    scale: str | None
    scale_settings: str | None
    players: int
    states_compared: int
    steps_compared: int
    moves_refused: int
    games: int
    complete: bool
    variant: str | None  # the variant compared (`distinguishing`), or None: the edition itself
    canonical_forms: int  # states whose canonical forms were compared (0: it has none)
    fields_corrupted: list[str]  # state fields (and, in brackets, its own bookkeeping) flagged
    corruptions: int  # corrupted states judged by both
    wrong_steps: int  # steps judged by both with a wrong successor
    seconds: float
    first_difference: DifferenceJson | None
    # `unospec conform`'s own (not summed by `unospec check`):
    all_differences: NotRequired[bool]  # went on past the first difference
    differences: NotRequired[list[KindJson]]  # every difference found, by kind
    parts: NotRequired[list[PartJson]]  # each part compared, or skipped and why
    known: NotRequired[KnownJson | None]  # with --known: known kinds seen, not seen, new
    written: NotRequired[str]  # where the difference's trace was written, once written
    # Present only for an engine that declares them (`adapter.MoreRules`):
    encodes: NotRequired[bool]  # False: it cannot be put into a given state (games only)
    untracked: NotRequired[list[str]]  # state fields it does not keep, left out of comparisons
    colours_at_random: NotRequired[int]  # colours its games drew at random, tallied
    states_skipped: NotRequired[int]  # states it cannot be put into (`MoreRules.encodable`)
    steps_skipped: NotRequired[int]  # steps not one of its (`MoreRules.compares_step`)
    games_cut_short: NotRequired[int]  # games stopped at a difference, unable to go on


class Found(NamedTuple):
    """Where a comparison finds the two part, before the trace to it is written: what
    differs, the move, what the reference says, what the implementation says, and the
    outcome the trace ends with (the differing step; None when the state itself differs)."""

    what: str
    action: Action | None
    reference: Said
    engine: Said
    last: Outcome | None


@dataclass(frozen=True)
class Difference:
    """Where the implementation and the reference first part."""

    what: str  # state, verdicts, legal, outcome, step-verdicts, symmetry, converse, game, chance
    state: GameState
    action: Action | None
    reference: Said
    engine: Said
    trace: Trace
    edition: Edition = field(repr=False)  # the edition `state` is a state of (scaled or not)

    def to_json(self) -> DifferenceJson:
        return {
            "what": self.what,
            "state": state_json(self.edition, self.state),
            "action": None if self.action is None else action_step(self.edition, self.action),
            "reference": self.reference,
            "engine": self.engine,
            "trace": self.trace.to_json(),
        }


class KindJson(TypedDict):
    """One kind of difference: how often it was met, and the first one's step and trace."""

    kind: str
    count: int
    first_step: StepJson | None
    trace: TraceJson


@dataclass(frozen=True)
class Kind:
    """A kind of difference, the times it was met, and the first one met."""

    kind: str
    count: int
    first: Difference

    def to_json(self) -> KindJson:
        shown = self.first.to_json()
        return {
            "kind": self.kind,
            "count": self.count,
            "first_step": shown["action"],
            "trace": shown["trace"],
        }


class PartJson(TypedDict):
    """One part of the comparison: how many were compared, or why it was skipped."""

    part: str
    compared: int  # (the parts that count what was skipped: that count, as `skipped_count`)
    skipped: str | None
    skipped_count: NotRequired[int]  # only in the parts that count what was skipped


@dataclass(frozen=True)
class Part:
    """One part of the comparison (states, steps, converse, invariants, corrupted states,
    wrong successors, canonical forms, games): how many were compared, or, when none
    could be, why: no-scale, no-form, no-invariants, no-step-judge, no-canonical, no-games,
    plays-none or stopped (the views word each)."""

    part: str
    compared: int
    skipped: str | None = None

    def to_json(self) -> PartJson:
        data: PartJson = {"part": self.part, "compared": self.compared, "skipped": self.skipped}
        if self.part in SKIPPED_PARTS:
            data["skipped_count"] = self.compared
        return data


STATES_SKIPPED, STEPS_SKIPPED = "states without a form", "steps not one of its"
SKIPPED_PARTS = (STATES_SKIPPED, STEPS_SKIPPED)
"""The parts that count what was skipped, not compared (`MoreRules.encodable` and
`compares_step`; their `compared` is that count, kept for compatibility, and
`skipped_count` too; the report's `states_skipped` and `steps_skipped` again)."""


class KnownJson(TypedDict):
    """The differences found held to a file of accepted ones (`--known`)."""

    file: str
    seen: list[str]  # known kinds met again
    not_seen: list[str]  # known kinds not met any more
    new: list[str]  # kinds met that the file does not list: each fails the run


@dataclass(frozen=True)
class KnownVerdict:
    """Which known kinds were met, which were not, and which kinds met are new."""

    file: str
    seen: tuple[str, ...]
    not_seen: tuple[str, ...]
    new: tuple[str, ...]

    def to_json(self) -> KnownJson:
        return {
            "file": self.file,
            "seen": list(self.seen),
            "not_seen": list(self.not_seen),
            "new": list(self.new),
        }


@dataclass(frozen=True)
class ConformanceReport:
    """What `unospec conform` found for one edition."""

    edition: str
    scale: str | None
    players: int
    engine: str
    states_compared: int = 0
    steps_compared: int = 0
    moves_refused: int = 0  # plausible moves checked refused (the converse)
    games: int = 0
    first_difference: Difference | None = None
    seconds: float = 0.0
    complete: bool = True  # every state of the scale compared (no bound reached)
    variant: str | None = None  # the variant of the edition compared (None: itself)
    canonical_forms: int = 0  # states whose canonical forms were compared
    fields_corrupted: tuple[str, ...] = ()  # fields whose corruption both flagged
    corruptions: int = 0  # corrupted states both judged
    wrong_steps: int = 0  # steps both judged with a wrong successor
    differences: tuple[Kind, ...] = ()  # every difference found, by kind
    parts: tuple[Part, ...] = ()  # what was compared, and what was skipped and why
    all_differences: bool = False  # went on past the first difference
    known: KnownVerdict | None = None  # the differences held to `--known`'s
    encodes: bool = True  # False: it cannot be put into a given state (games only)
    untracked: tuple[str, ...] = ()  # state fields it does not keep, left out
    colours_at_random: int = 0  # colours drawn at random in its own steps, tallied
    games_cut_short: int = 0  # games that could not go on past a difference (`--all-differences`)

    @property
    def ok(self) -> bool:
        """No difference; with `--known`, none that the file does not list."""
        if self.known is not None:
            return not self.known.new
        return self.first_difference is None

    def to_json(self) -> ConformanceJson:
        difference = self.first_difference
        data: ConformanceJson = {
            "edition": self.edition,
            "ok": self.ok,
            "engine": self.engine,
            "scale": self.scale,
            "scale_settings": str(parse_scale(self.scale)) if self.scale else None,
            "players": self.players,
            "states_compared": self.states_compared,
            "steps_compared": self.steps_compared,
            "moves_refused": self.moves_refused,
            "games": self.games,
            "complete": self.complete,
            "variant": self.variant,
            "canonical_forms": self.canonical_forms,
            "fields_corrupted": list(self.fields_corrupted),
            "corruptions": self.corruptions,
            "wrong_steps": self.wrong_steps,
            "seconds": round(self.seconds, 3),
            "first_difference": None if difference is None else difference.to_json(),
            "all_differences": self.all_differences,
            "differences": [kind.to_json() for kind in self.differences],
            "parts": [part.to_json() for part in self.parts],
            "known": None if self.known is None else self.known.to_json(),
        }
        counts = {part.part: part.compared for part in self.parts}
        if STATES_SKIPPED in counts:
            data["states_skipped"] = counts[STATES_SKIPPED]
        if STEPS_SKIPPED in counts:
            data["steps_skipped"] = counts[STEPS_SKIPPED]
        if self.games_cut_short:
            data["games_cut_short"] = self.games_cut_short
        if not self.encodes:
            data["encodes"] = False
        if self.untracked:
            data["untracked"] = list(self.untracked)
        if self.colours_at_random:
            data["colours_at_random"] = self.colours_at_random
        return data


def state_json(edition: Edition, game: GameState) -> StateJson:
    """`game`, every field in its order, its cards named by their ids."""
    ids = edition.faces.card_id

    def cards(faces: tuple[int, ...]) -> list[str]:
        return [ids(card) for card in faces]

    def card_or_none(card: int) -> str | int:
        return ids(card) if card >= 0 else card

    owed, challenge = game.owed, game.challenge
    said: StateJson = {
        "phase": game.phase,
        "hands": [cards(hand) for hand in game.hands],
        "draw_pile": cards(game.draw_pile),
        "discard": cards(game.discard),
        "set_aside": cards(game.set_aside),
        "color": game.color,
        "direction": game.direction,
        "current": game.current,
        "actor": game.actor,
        "drawn": card_or_none(game.drawn),
        "owed": None
        if owed is None
        else {"player": owed.player, "amount": owed.amount, "then": owed.then},
        "challenge": None
        if challenge is None
        else {
            "offender": challenge.offender,
            "victim": challenge.victim,
            "card": ids(challenge.card),
            "guilty": challenge.guilty,
            "bluff": challenge.bluff,
        },
        "special": card_or_none(game.special),
        "window": game.window,
        "scores": list(game.scores),
        "hands_played": game.hands_played,
        "leader": game.leader,
        "winner": game.winner,
        "old_top": card_or_none(game.old_top),
        "debts": list(game.debts),
    }
    if game.out_of_play:
        said["out_of_play"] = cards(game.out_of_play)
    return said


def differing(
    edition: Edition, said: GameState, engine: GameState
) -> tuple[SomeStateJson, SomeStateJson]:
    """The fields where two states differ (as `comparable` compares them): the reference's
    values, then the implementation's."""
    a = dict(state_json(edition, comparable(said)))
    b = dict(state_json(edition, comparable(engine)))
    keys = [key for key in dict.fromkeys([*a, *b]) if a.get(key, []) != b.get(key, [])]
    return (  # a field one side leaves out (none out of play) is told as empty
        cast(SomeStateJson, {key: a.get(key, []) for key in keys}),
        cast(SomeStateJson, {key: b.get(key, []) for key in keys}),
    )


def refusal(refused: Refusal | None) -> str:
    """An implementation's answer to a step, in words."""
    if refused is None:
        return "accepted"
    how, rule = refused
    return f"refused ({how}) citing {rule}"
