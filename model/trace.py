"""The trace format: a recorded game as JSON, and its conversion to and from actions.

    {"edition": "express", "players": 3, "options": {"foil": false},
     "deck": ["red-1", ...], "steps": [{"player": 0, "action": "play", "card": "red-5"}, ...]}

`deck` is the whole deck in play before the first deal, top card first. The README documents
every step. Malformed input raises `InputError` naming the place (`steps[3].card`), which the
CLI reports with exit code 2; whether a well-formed step is *legal* is the kernel's question.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unospec.model.actions import (
    ACTION_NAMES,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    Keep,
    NameLoser,
    Pass,
    Play,
    Reshuffle,
)
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.errors import InputError

STEP_KEYS: dict[str, tuple[str, ...]] = {
    "play": ("player", "card", "color"),
    "draw": ("player",),
    "pass": ("player",),
    "challenge": ("player",),
    "accept": ("player",),
    "uno": ("player",),
    "catch": ("player", "target"),
    "keep": ("player", "card"),
    "loser": ("player",),
    "reshuffle": ("order",),
    "deal": ("order",),
}
"""The keys each step kind takes, besides "action"; "color" is optional, the rest required."""


@dataclass(frozen=True)
class Trace:
    """A recorded game: which edition, how many players, the first deck order, the steps."""

    edition: str
    players: int
    deck: tuple[str, ...]
    steps: tuple[dict[str, Any], ...]
    foil: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    scale: str | None = None  # the edition is scaled (see `unospec.model.scale`)

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "players": self.players,
            **({"scale": self.scale} if self.scale else {}),
            "options": {"foil": self.foil},
            "deck": list(self.deck),
            "steps": list(self.steps),
            **self.extra,
        }


MAX_TRACE_BYTES = 64 * 2**20
"""The largest trace file read: a game of 200,000 steps takes about 10 MB."""


def read_trace(file: str) -> Trace:
    """Read a trace file (UTF-8, with or without the byte-order mark some editors write)."""
    try:
        with Path(file).open("rb") as handle:
            raw = handle.read(MAX_TRACE_BYTES + 1)
        if len(raw) > MAX_TRACE_BYTES:
            raise InputError(f"{file}: expected a trace of at most {MAX_TRACE_BYTES} bytes")
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{file}: cannot read the trace ({error})") from None
    return parse_trace(text, file)


def parse_trace(text: str, where: str = "trace") -> Trace:
    """Read a trace from JSON text; InputError says what is malformed and where."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{where}:{error.lineno}: expected JSON, found {error.msg}") from None
    except RecursionError:
        raise InputError(f"{where}: expected JSON, found nesting too deep") from None
    except ValueError as error:  # json refuses integers of more than 4300 digits this way
        raise InputError(f"{where}: expected JSON, found {error}") from None
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected a JSON object, found {type(data).__name__}")
    known = {
        "edition", "players", "scale", "options", "deck", "steps", "comment", "violation", "seed",
    }  # fmt: skip
    for key in data:
        if key not in known:
            raise InputError(f"{where}: {key}: expected one of {', '.join(sorted(known))}")
    edition = data.get("edition")
    if not isinstance(edition, str) or not edition:
        raise InputError(f"{where}: edition: expected an edition name or path")
    players = data.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise InputError(f"{where}: players: expected an integer, found {players!r}")
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - {"foil"}:
        raise InputError(f'{where}: options: expected {{"foil": true|false}}')
    foil = options.get("foil", False)
    if not isinstance(foil, bool):
        raise InputError(f"{where}: options.foil: expected true or false, found {foil!r}")
    deck = data.get("deck")
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise InputError(f"{where}: deck: expected an array of card ids")
    steps = data.get("steps")
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise InputError(f"{where}: steps: expected an array of step objects")
    scale = data.get("scale")
    if scale is not None and not isinstance(scale, str):
        raise InputError(f'{where}: scale: expected a scale such as "micro", found {scale!r}')
    extra = {k: data[k] for k in ("comment", "violation", "seed") if k in data}
    return Trace(edition, players, tuple(deck), tuple(steps), foil, extra, scale)


def deck_faces(edition: Edition, deck: tuple[str, ...], where: str = "deck") -> tuple[int, ...]:
    """The face numbers of a deck order, which must be the edition's whole deck in play."""
    faces = tuple(_card(edition, card, f"{where}[{i}]") for i, card in enumerate(deck))
    if tuple(sorted(faces)) != edition.faces.in_play:
        raise InputError(
            f"{where}: expected an order of the {edition.in_play_count} cards in play of "
            f"{edition.name}, found {len(deck)} cards that are not that deck"
        )
    return faces


def _card(edition: Edition, card: object, where: str) -> int:
    if not isinstance(card, str) or card not in edition.faces.ids:
        raise InputError(f"{where}: expected a card of {edition.name}'s deck, found {card!r}")
    return edition.faces.ids[card]


def _player(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}: expected a player number, found {value!r}")
    return value


def step_action(edition: Edition, step: dict[str, Any], where: str) -> Action:
    """The action a trace step records."""
    name = step.get("action")
    if not isinstance(name, str) or name not in STEP_KEYS:
        raise InputError(f"{where}.action: expected one of {', '.join(STEP_KEYS)}, found {name!r}")
    allowed = STEP_KEYS[name]
    for key in step:
        if key != "action" and key not in allowed:
            raise InputError(f"{where}.{key}: a {name} step takes only {', '.join(allowed)}")
    for key in allowed:
        if key != "color" and key not in step:
            raise InputError(f"{where}.{key}: expected a value, found nothing")
    if name in ("reshuffle", "deal"):
        order = step["order"]
        if not isinstance(order, list):
            raise InputError(f"{where}.order: expected an array of card ids")
        faces = tuple(_card(edition, c, f"{where}.order[{i}]") for i, c in enumerate(order))
        return Reshuffle(faces) if name == "reshuffle" else Deal(faces)
    player = _player(step["player"], f"{where}.player")
    if name == "play":
        card = _card(edition, step["card"], f"{where}.card")
        color = step.get("color")
        if color is None:
            return Play(player, card)
        if color not in COLORS:
            raise InputError(f"{where}.color: expected one of {', '.join(COLORS)}, found {color!r}")
        return Play(player, card, COLORS.index(color))
    if name == "catch":
        return Catch(player, _player(step["target"], f"{where}.target"))
    if name == "keep":
        return Keep(player, _card(edition, step["card"], f"{where}.card"))
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


def action_step(edition: Edition, action: Action) -> dict[str, Any]:
    """The trace step that records an action."""
    ids = edition.faces.card_id
    step: dict[str, Any] = {}
    if isinstance(action, Reshuffle | Deal):
        return {"action": ACTION_NAMES[type(action)], "order": [ids(c) for c in action.order]}
    step["player"] = action.player
    step["action"] = ACTION_NAMES[type(action)]
    if isinstance(action, Play):
        step["card"] = ids(action.card)
        if action.color >= 0:
            step["color"] = COLORS[action.color]
    elif isinstance(action, Keep):
        step["card"] = ids(action.card)
    elif isinstance(action, Catch):
        step["target"] = action.target
    return step
