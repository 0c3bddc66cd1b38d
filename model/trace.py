"""The trace format: a recorded game as JSON, and its conversion to and from actions.

    {"edition": "express", "players": 3, "options": {"foil": false},
     "deck": ["red-1", ...], "steps": [{"player": 0, "action": "play", "card": "red-5"}, ...]}

`deck` is the whole deck in play before the first deal, top card first. The README documents
every step. Malformed input raises `InputError` naming the place (`steps[3].card`), which the
CLI reports with exit code 2; whether a well-formed step is *legal* is the kernel's question.

One concept, the trace format, though over 400 lines: its document's types (`TraceJson`),
reading and checking it, and its steps to and from actions, each naming the same keys.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NotRequired, TypedDict, cast

from unospec.model.actions import (
    ACTION_NAMES,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    JumpIn,
    Keep,
    NameLoser,
    Pass,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.cards import COLORS
from unospec.model.distinguishing import VARIANTS
from unospec.model.edition import Edition
from unospec.model.errors import InputError
from unospec.model.files import decoded, read_user_file
from unospec.model.json_place import JsonPath, dotted, line_of
from unospec.model.scale import ScaleError, parse_scale

STEP_KEYS: dict[str, tuple[str, ...]] = {
    "play": ("player", "card", "color", "target", "uno"),
    "jump_in": ("player", "card", "color", "target"),
    "draw": ("player",),
    "pass": ("player",),
    "challenge": ("player",),
    "accept": ("player",),
    "uno": ("player",),
    "catch": ("player", "target"),
    "keep": ("player", "card", "whole_hand"),
    "loser": ("player",),
    "pick": ("player", "color"),
    "reshuffle": ("order",),
    "deal": ("order",),
}
"""The keys each step kind takes, besides "action"; `OPTIONAL_KEYS` may be left out, the rest
are required."""
OPTIONAL_KEYS = {"color", "target", "uno", "whole_hand"}
"""A play's colour (a wild's), target (a Swap Hands') and UNO call (made with the play,
`play.uno_window`): written only when named, the call only when made; a Hail Mary thrower's
keep of their whole hand (`keep_after_shedding`), only when they keep it."""
PLAYS = ("play", "jump_in")
"""The step kinds that play a card: in turn, and out of turn (the jump-in house rule)."""


class StepJson(TypedDict):
    """One step of a trace: its `action` and the keys `STEP_KEYS` gives that kind, in the
    order `action_step` writes them (a step read from a file has its keys in the file's
    order, and its values are checked only when `step_action` reads it)."""

    action: str
    player: NotRequired[int]
    card: NotRequired[str]
    color: NotRequired[str]
    target: NotRequired[int]
    uno: NotRequired[bool]
    whole_hand: NotRequired[bool]
    order: NotRequired[list[str]]


class RecordedViolation(TypedDict):
    """What a trace was written to show: the property it breaks, in the explorer's words."""

    invariant: str
    message: str


class TraceNotes(TypedDict, total=False):
    """The keys a trace keeps but does not play: a comment, what it was written to show, the
    seed of the random game it records."""

    comment: str
    violation: RecordedViolation
    seed: int


class TraceOptions(TypedDict):
    foil: bool


class TraceJson(TraceNotes):
    """A trace file (see the module's docstring), keys in the order unospec writes them."""

    edition: str
    players: int
    scale: NotRequired[str]
    variant: NotRequired[str]
    options: TraceOptions
    deck: list[str]
    steps: list[StepJson]


class _Scaled(TypedDict, total=False):
    scale: str
    variant: str


@dataclass(frozen=True)
class Trace:
    """A recorded game: which edition, how many players, the first deck order, the steps."""

    edition: str
    players: int
    deck: tuple[str, ...]
    steps: tuple[StepJson, ...]
    foil: bool = False
    extra: TraceNotes = field(default_factory=TraceNotes)
    scale: str | None = None  # the edition is scaled (see `unospec.model.scale`)
    variant: str | None = None  # a variant of the edition (`distinguishing.VARIANTS`)
    source: tuple[str, str] | None = field(default=None, compare=False, repr=False)
    """(file, text) when read from a file: content errors then name its line."""
    place: Callable[[JsonPath], JsonPath] | None = field(default=None, compare=False, repr=False)
    """Where a path of this format lies in the file read, when that file is in another format
    (an ITF file's, `unospec.model.itf`); None: at the same path."""
    states: tuple[dict[str, object], ...] | None = field(default=None, compare=False, repr=False)
    """The state the file records after the deal and after each step (an ITF file's, in its
    canonical values), which replay holds the rules' states to; None: it records none."""

    def place_of(self, path: JsonPath) -> JsonPath:
        """The path in the file read of the value at `path` of this format."""
        return path if self.place is None else self.place(path)

    def to_text(self) -> str:
        """The trace as the text of a file of this format."""
        return json.dumps(self.to_json(), indent=1) + "\n"

    def to_json(self) -> TraceJson:
        scaled: _Scaled = {"scale": self.scale} if self.scale else {}
        if self.variant:
            scaled["variant"] = self.variant
        return {
            "edition": self.edition,
            "players": self.players,
            **scaled,
            "options": {"foil": self.foil},
            "deck": list(self.deck),
            "steps": list(self.steps),
            **self.extra,
        }


class TraceContentError(InputError):
    """A malformed value at `path` of a trace; `located` names the file and line."""

    def __init__(self, path: JsonPath, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{dotted(path)}: {problem}")

    def __reduce__(self) -> tuple[type, tuple[JsonPath, str]]:
        return type(self), (self.path, self.problem)


def located(trace: Trace, error: TraceContentError) -> InputError:
    """`error` as FILE:LINE: path: problem, when the trace came from a file (the line of
    the value at the path, or of the object that lacks it)."""
    if trace.source is None:
        return error
    file, text = trace.source
    path = trace.place_of(error.path)  # a key that is missing: the line of the object lacking it
    lines = (line_of(text, path[:k]) for k in range(len(path), -1, -1))
    line = next((n for n in lines if n is not None), None)
    where = file if line is None else f"{file}:{line}"
    return InputError(f"{where}: {dotted(path)}: {error.problem}")


def deck_and_actions(edition: Edition, trace: Trace) -> tuple[tuple[int, ...], list[Action]]:
    """The faces of the trace's deck order and the action of every step (InputError, with
    the file and line, for a malformed one)."""
    try:
        try:
            edition.require_players(trace.players)
        except InputError as error:  # the edition's words, at the trace's line
            raise TraceContentError(("players",), str(error).removeprefix("players: ")) from None
        if trace.foil and not edition.has_foil:
            raise TraceContentError(
                ("options", "foil"),
                f"expected false, as {edition.name} has no foil card, found true",
            )
        deck = deck_faces(edition, trace.deck)
        actions = [step_action(edition, step, ("steps", i)) for i, step in enumerate(trace.steps)]
    except TraceContentError as error:
        if trace.scale:  # a card of the full deck may be missing from the scaled one
            error = TraceContentError(error.path, f"{error.problem} (at scale {trace.scale})")
        raise located(trace, error) from None
    return deck, actions


MISSING = object()
"""A key the trace does not have (`shown` says "nothing", where JSON's null is `null`)."""


def shown(value: object) -> str:
    """A value as the trace's JSON writes it (null, not None), cut short when long."""
    if value is MISSING:
        return "nothing"
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


MAX_TRACE_BYTES = 64 * 2**20
"""The largest trace file read: a game of 200,000 steps takes about 10 MB."""


def read_trace(file: str) -> Trace:
    """Read a trace file (UTF-8, with or without the byte-order mark some editors write)."""
    return parse_trace(trace_file_text(file), file, keep_source=True)


def trace_file_text(file: str) -> str:
    """The text of a trace file, of either format (InputError for one that cannot be read)."""
    if not file.strip():  # Path("") is the current folder
        raise InputError("trace: expected the name of a trace file, found an empty name")
    raw = read_user_file(Path(file), "trace", MAX_TRACE_BYTES)
    if len(raw) > MAX_TRACE_BYTES:
        raise InputError(f"{file}: expected a trace of at most {MAX_TRACE_BYTES} bytes")
    return decoded(raw, file)


def parse_trace(text: str, where: str = "trace", *, keep_source: bool = False) -> Trace:
    """Read a trace from JSON text; InputError says what is malformed and where (`where`
    names the file; with `keep_source` the trace keeps the text to locate later errors)."""
    trace = trace_in_file(json_object(text, where), where, text)
    return trace if keep_source else dataclasses.replace(trace, source=None)


def trace_in_file(data: dict[str, object], where: str, text: str) -> Trace:
    """The trace of a parsed trace file `where`, keeping its text to locate later errors."""
    source = (where, text)
    try:
        trace = trace_from_json(data)
    except TraceContentError as error:
        raise located(Trace("", 0, (), (), source=source), error) from None
    return dataclasses.replace(trace, source=source)


def json_object(text: str, where: str) -> dict[str, object]:
    """The JSON object a trace file holds (InputError, naming `where`, for anything else)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{where}:{error.lineno}: expected JSON, found {error.msg}") from None
    except RecursionError:
        raise InputError(f"{where}: expected JSON, found nesting too deep") from None
    except ValueError:  # json refuses integers of more digits than Python converts
        limit = sys.get_int_max_str_digits()
        raise InputError(
            f"{where}: expected JSON, found an integer of more than {limit} digits"
        ) from None
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected a JSON object, found {type(data).__name__}")
    return data


TRACE_KEYS = (
    "edition", "players", "scale", "variant", "options", "deck", "steps", "comment",
    "violation", "seed",
)  # fmt: skip
"""The keys of a trace file."""


def trace_from_json(data: dict[str, object]) -> Trace:
    """The trace a parsed trace file holds (TraceContentError for a malformed one; its steps
    are checked as `step_action` reads them)."""
    known = set(TRACE_KEYS)
    for key in data:
        if key not in known:
            raise TraceContentError(
                (key,), f"expected a key among {', '.join(sorted(known))}, found {shown(key)}"
            )
    edition = data.get("edition", MISSING)
    if not isinstance(edition, str) or not edition:
        raise TraceContentError(
            ("edition",), f"expected an edition name or path, found {shown(edition)}"
        )
    players = data.get("players", MISSING)
    if isinstance(players, bool) or not isinstance(players, int):
        raise TraceContentError(("players",), f"expected an integer, found {shown(players)}")
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - {"foil"}:
        raise TraceContentError(
            ("options",), f'expected {{"foil": true|false}}, found {shown(options)}'
        )
    foil = options.get("foil", False)
    if not isinstance(foil, bool):
        raise TraceContentError(("options", "foil"), f"expected true or false, found {shown(foil)}")
    deck = data.get("deck", MISSING)
    if not isinstance(deck, list):
        raise TraceContentError(("deck",), f"expected an array of card ids, found {shown(deck)}")
    for i, card in enumerate(deck):
        if not isinstance(card, str):
            raise TraceContentError(("deck", i), f"expected a card id, found {shown(card)}")
    steps = data.get("steps", MISSING)
    if not isinstance(steps, list):
        raise TraceContentError(
            ("steps",), f"expected an array of step objects, found {shown(steps)}"
        )
    for i, step in enumerate(steps):
        if not isinstance(step, dict):
            raise TraceContentError(("steps", i), f"expected a step object, found {shown(step)}")
    scale = data.get("scale")
    if scale is not None and not isinstance(scale, str):
        raise TraceContentError(
            ("scale",), f'expected a scale such as "micro", found {shown(scale)}'
        )
    if scale is not None:
        try:
            parse_scale(scale)
        except ScaleError as error:  # the file's scale, not a --scale the user typed
            raise TraceContentError(("scale",), str(error)) from None
    variant = data.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise TraceContentError(
            ("variant",), f"expected one of {', '.join(sorted(VARIANTS))}, found {shown(variant)}"
        )
    notes = _notes(data)
    # each step is an object here; its keys and values are checked as `step_action` reads it
    read = tuple(cast(StepJson, step) for step in steps)
    return Trace(edition, players, tuple(deck), read, foil, notes, scale, variant)


def _notes(data: dict[str, object]) -> TraceNotes:
    """The keys kept but not played, which must have the shapes unospec writes: a file that
    says something else in them was not written by it, and `replay` would report it as said."""
    comment = data.get("comment", "")
    if not isinstance(comment, str):
        raise TraceContentError(("comment",), f"expected text, found {shown(comment)}")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TraceContentError(("seed",), f"expected an integer, found {shown(seed)}")
    violation = data.get("violation", MISSING)
    if violation is not MISSING:
        if not isinstance(violation, dict) or set(violation) != {"invariant", "message"}:
            raise TraceContentError(
                ("violation",),
                f'expected {{"invariant": ..., "message": ...}}, found {shown(violation)}',
            )
        for key in ("invariant", "message"):
            if not isinstance(violation[key], str):
                raise TraceContentError(
                    ("violation", key), f"expected text, found {shown(violation[key])}"
                )
    notes: TraceNotes = {}  # in the order unospec writes them
    if "comment" in data:
        notes["comment"] = comment
    if violation is not MISSING:  # as the file has it, its two keys in its order
        notes["violation"] = cast(RecordedViolation, violation)
    if "seed" in data:
        notes["seed"] = seed
    return notes


def deck_faces(
    edition: Edition, deck: tuple[str, ...], where: JsonPath = ("deck",)
) -> tuple[int, ...]:
    """The face numbers of a deck order, which must be the edition's whole deck in play."""
    faces = tuple(_card(edition, card, (*where, i)) for i, card in enumerate(deck))
    if tuple(sorted(faces)) != edition.faces.in_play:
        raise TraceContentError(
            where,
            f"expected an order of the {edition.in_play_count} cards in play of "
            f"{edition.name}, found "
            + ("1 card that is not" if len(deck) == 1 else f"{len(deck)} cards that are not")
            + " that deck",
        )
    return faces


def _card(edition: Edition, card: object, where: JsonPath) -> int:
    if not isinstance(card, str) or card not in edition.faces.ids:
        raise TraceContentError(
            where, f"expected a card of {edition.name}'s deck, found {shown(card)}"
        )
    return edition.faces.ids[card]


def _player(value: object, where: JsonPath) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TraceContentError(where, f"expected a player number, found {shown(value)}")
    return value


def step_action(edition: Edition, step: Mapping[str, object], where: JsonPath) -> Action:
    """The action a trace step records (`where`: the step's path, such as ("steps", 3))."""
    name = step.get("action")
    if not isinstance(name, str) or name not in STEP_KEYS:
        raise TraceContentError(
            (*where, "action"), f"expected one of {', '.join(STEP_KEYS)}, found {shown(name)}"
        )
    allowed = STEP_KEYS[name]
    for key in step:
        if key != "action" and key not in allowed:
            raise TraceContentError(
                (*where, key),
                f"expected only {', '.join(allowed)} in a {name} step, found {shown(key)}",
            )
    for key in allowed:
        optional = key in OPTIONAL_KEYS and (name in PLAYS or key == "whole_hand")
        if not optional and key not in step:
            raise TraceContentError((*where, key), "expected a value, found nothing")
    if name in ("reshuffle", "deal"):
        order = step["order"]
        if not isinstance(order, list):
            raise TraceContentError(
                (*where, "order"), f"expected an array of card ids, found {shown(order)}"
            )
        faces = tuple(_card(edition, c, (*where, "order", i)) for i, c in enumerate(order))
        return Reshuffle(faces) if name == "reshuffle" else Deal(faces)
    player = _player(step["player"], (*where, "player"))
    if name in PLAYS:
        played = Play if name == "play" else JumpIn
        card = _card(edition, step["card"], (*where, "card"))
        color = step.get("color")
        target = _player(step["target"], (*where, "target")) if "target" in step else -1
        uno = step.get("uno", False)
        if not isinstance(uno, bool):
            raise TraceContentError((*where, "uno"), f"expected true or false, found {shown(uno)}")
        if color is None:
            return played(player, card, -1, target, uno)
        if color not in COLORS:
            raise TraceContentError(
                (*where, "color"), f"expected one of {', '.join(COLORS)}, found {shown(color)}"
            )
        return played(player, card, COLORS.index(color), target, uno)
    if name == "catch":
        return Catch(player, _player(step["target"], (*where, "target")))
    if name == "pick":
        color = step["color"]
        if color not in COLORS:
            raise TraceContentError(
                (*where, "color"), f"expected one of {', '.join(COLORS)}, found {shown(color)}"
            )
        return Pick(player, COLORS.index(color))
    if name == "keep":
        kept = _card(edition, step["card"], (*where, "card"))
        whole = step.get("whole_hand", False)
        if not isinstance(whole, bool):
            raise TraceContentError(
                (*where, "whole_hand"), f"expected true or false, found {shown(whole)}"
            )
        return Keep(player, kept, whole)
    if name == "draw":
        return Draw(player)
    if name == "pass":
        return Pass(player)
    if name == "challenge":
        return Challenge(player)
    if name == "accept":
        return Accept(player)
    if name == "uno":
        return CallUno(player)
    return NameLoser(player)


def action_step(edition: Edition, action: Action) -> StepJson:
    """The trace step that records an action."""
    ids = edition.faces.card_id
    if isinstance(action, Reshuffle | Deal):
        return {"action": ACTION_NAMES[type(action)], "order": [ids(c) for c in action.order]}
    step: StepJson = {"player": action.player, "action": ACTION_NAMES[type(action)]}
    if isinstance(action, Play):
        step["card"] = ids(action.card)
        if action.color >= 0:
            step["color"] = COLORS[action.color]
        if action.target >= 0:
            step["target"] = action.target
        if action.uno:
            step["uno"] = True
    elif isinstance(action, Keep):
        step["card"] = ids(action.card)
        if action.whole_hand:
            step["whole_hand"] = True
    elif isinstance(action, Catch):
        step["target"] = action.target
    elif isinstance(action, Pick):
        step["color"] = COLORS[action.color]
    return step
