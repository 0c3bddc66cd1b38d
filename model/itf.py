"""Traces in the Informal Trace Format (ITF), which Apalache and Quint write and their tools read.

An ITF file is a JSON object: `#meta`, the names of the variables (`vars`), and `states`, each
state a value for every variable. unospec writes a game so:

- `#meta`: what replay needs to rebuild the game, with the keys and values of unospec's own
  trace format (`edition`, `players`, `scale`, `variant`, `options`, `deck`, and `comment`,
  `violation`, `seed` where the game has them), beside ITF's own (`format`, `source`...);
- a variable per field of the reference's `GameState` (see `unospec.model.itf_state`);
- `action`: the step taken to reach the state, as a variant whose tag is the step's name,
  capitalised (`Play`, `JumpIn`...), and whose value holds the step's keys of the own format;
  `mbt::actionTaken`, the step's name (`play`), as Quint's model-based testing writes it.

State 0 is the table as dealt from `#meta`'s deck (action `Init`, Quint's `init`); state
`i + 1` the table after step `i`. A step the rules refuse, or give no outcome, leaves the table
as it was: that state, and each after it, repeats the one before. The values are encoded
and the document assembled by `itf_py`, the library of Apalache's authors.

Reading checks the file's shape with the place of each value (`states[3].action.value.card`),
and gives a `Trace` whose steps replay plays and whose recorded states it compares.
"""

from __future__ import annotations

import dataclasses
import json
from collections import namedtuple
from functools import cache
from typing import Any

from itf_py import State, itf_variant, trace_to_json
from itf_py import Trace as ItfTrace

from unospec.model.actions import Action, Deal
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.itf_state import (
    EMPTY_RECORD,
    STATE_VARIABLES,
    canonical,
    state_values,
)
from unospec.model.json_place import JsonPath
from unospec.model.kernel import empty_table, run
from unospec.model.state import GameState
from unospec.model.trace import (
    MISSING,
    STEP_KEYS,
    TRACE_KEYS,
    StepJson,
    Trace,
    TraceContentError,
    deck_and_actions,
    located,
    shown,
    trace_from_json,
)

ITF_DESCRIPTION = "https://apalache-mc.org/docs/adr/015adr-trace.html"
"""The format's definition (Apalache's ADR-015), which ITF files name in `#meta`."""
ACTION = "action"
ACTION_TAKEN = "mbt::actionTaken"
"""Quint's variable for the name of the action that reached a state."""
ITF_VARIABLES = (*STATE_VARIABLES, ACTION, ACTION_TAKEN)
INIT = "init"
"""The action of state 0, as Quint names it: the table as dealt from `#meta`'s deck."""


def _tag(name: str) -> str:
    """A step's name as a variant's tag: `jump_in` is `JumpIn` (a tag as Quint writes one,
    which `itf_py` also reads back: `pass` is a Python keyword, and cannot be)."""
    return "".join(part.capitalize() for part in name.split("_"))


STEP_OF_TAG = {_tag(name): name for name in (INIT, *STEP_KEYS)}
"""The step name each tag of `action` stands for."""


def is_itf(data: dict[str, object]) -> bool:
    """Whether a trace file's JSON object is ITF (unospec's own format has none of its keys)."""
    return any(key in data for key in ("#meta", "vars", "states"))


def itf_text(edition: Edition, trace: Trace) -> str:
    """`trace`, played on `edition` by the reference kernel, as an ITF file: `#meta` laid
    out to be read, then one line per state (an error in one names its line)."""
    document = itf_json(edition, trace)
    meta = json.dumps(document.pop("#meta"), indent=1).replace("\n", "\n ")
    states = ",\n".join(f"  {json.dumps(state)}" for state in document.pop("states"))
    rest = "".join(f",\n {json.dumps(key)}: {json.dumps(value)}" for key, value in document.items())
    return f'{{\n "#meta": {meta}{rest},\n "states": [\n{states}\n ]\n}}\n'


def itf_json(edition: Edition, trace: Trace) -> dict[str, Any]:
    """`trace` as an ITF document (see the module's docstring)."""
    deck, actions = deck_and_actions(edition, trace)
    game = empty_table(edition, trace.players, foil=trace.foil)
    game, going = _after(edition, game, Deal(deck))
    states = [_state(edition, game, 0, INIT, {})]
    for i, (step, action) in enumerate(zip(trace.steps, actions, strict=True)):
        if going:
            game, going = _after(edition, game, action)
        keys = {key: value for key, value in step.items() if key != "action"}
        states.append(_state(edition, game, i + 1, step["action"], keys))
    recorded = {key: value for key, value in trace.to_json().items() if key != "steps"}
    meta = {
        "format": "ITF",
        "format-description": ITF_DESCRIPTION,
        "source": trace.edition,
        "description": f"a game of {trace.edition} written by unospec: the table as dealt, "
        "then after each step, the step in `action`; replay rebuilds it from these keys",
        **recorded,
    }
    document: dict[str, Any] = trace_to_json(
        ItfTrace(meta=meta, params=[], vars=list(ITF_VARIABLES), states=states, loop=None)
    )
    del document["loop"]  # itf_py writes null; a trace without a loop has no "loop" (ADR-015)
    return document


def _after(edition: Edition, game: GameState, action: Action) -> tuple[GameState, bool]:
    """The table after `action`, and whether the game goes on (a refused step leaves it)."""
    try:
        return run(edition, game, action)[0], True
    except (IllegalAction, RuleGap):
        return game, False


def _state(edition: Edition, game: GameState, index: int, name: str, keys: dict[str, Any]) -> State:
    values = state_values(edition, game)
    values[ACTION] = _variant(_tag(name), tuple(keys))(*keys.values()) if keys else _empty(name)
    values[ACTION_TAKEN] = name
    return State(meta={"index": index}, values=values)


@cache
def _variant(tag: str, keys: tuple[str, ...]) -> Any:
    return itf_variant(namedtuple(tag, keys))


def _empty(name: str) -> Any:
    return _variant(_tag(name), ("value",))(EMPTY_RECORD)


def itf_place(path: JsonPath) -> JsonPath:
    """Where the value at `path` of the own format lies in an ITF file unospec wrote: a step's
    keys in its state's `action`, the other keys in `#meta`."""
    if not path or path[0] != "steps" or len(path) < 2 or not isinstance(path[1], int):
        return ("#meta", *path)
    state = ("states", path[1] + 1, ACTION)
    rest = path[2:]
    if not rest:
        return state
    return (*state, "tag") if rest[0] == "action" else (*state, "value", *rest)


def itf_trace(data: dict[str, object], where: str, text: str) -> Trace:
    """The trace a parsed ITF file `where` records (InputError, with the file and line, for
    one unospec did not write, or one changed out of that shape)."""
    source = (where, text)
    try:
        trace = _read(data)
    except TraceContentError as error:
        raise located(Trace("", 0, (), (), source=source), error) from None
    return dataclasses.replace(trace, source=source, place=itf_place)


def _read(data: dict[str, object]) -> Trace:
    meta = data.get("#meta", MISSING)
    if not isinstance(meta, dict):
        raise TraceContentError(
            ("#meta",), f"expected an object with the game's edition, players and deck, "
            f"found {shown(meta)}",
        )  # fmt: skip
    names = data.get("vars", MISSING)
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise TraceContentError(("vars",), f"expected an array of names, found {shown(names)}")
    states = data.get("states", MISSING)
    if not isinstance(states, list) or not states:
        raise TraceContentError(
            ("states",), f"expected an array of states, the first as dealt, found {shown(states)}"
        )
    own = {key: meta[key] for key in TRACE_KEYS if key in meta and key != "steps"}
    try:
        game = trace_from_json({**own, "steps": []})
    except TraceContentError as error:
        raise TraceContentError(itf_place(error.path), error.problem) from None
    steps: list[StepJson] = []
    recorded: list[dict[str, object]] = []
    for i, state in enumerate(states):
        values, step = _recorded(state, ("states", i))
        if (i == 0) != (step["action"] == INIT):
            expected = f"{_tag(INIT)}, the table as dealt" if i == 0 else "a step's tag"
            found = shown(_tag(step["action"]))
            raise TraceContentError(
                ("states", i, ACTION, "tag"), f"expected {expected}, found {found}"
            )
        recorded.append(values)
        if i:
            steps.append(step)
    return dataclasses.replace(game, steps=tuple(steps), states=tuple(recorded))


def _recorded(state: object, where: JsonPath) -> tuple[dict[str, object], StepJson]:
    """One state's variables, canonical, and the step that reached it."""
    if not isinstance(state, dict):
        raise TraceContentError(where, f"expected a state object, found {shown(state)}")
    for key in state:
        if key != "#meta" and key not in ITF_VARIABLES:
            raise TraceContentError(
                (*where, key), f"expected only the variables {', '.join(ITF_VARIABLES)}, found "
                f"{shown(key)}",
            )  # fmt: skip
    values: dict[str, object] = {}
    for name in (*STATE_VARIABLES, ACTION):
        if name not in state:
            raise TraceContentError((*where, name), "expected a value, found nothing")
        try:
            values[name] = canonical(state[name])
        except TraceContentError as error:
            raise TraceContentError((*where, name, *error.path), error.problem) from None
    step = _step(values.pop(ACTION), (*where, ACTION))
    taken = state.get(ACTION_TAKEN, step["action"])
    if taken != step["action"]:
        raise TraceContentError(
            (*where, ACTION_TAKEN),
            f"expected {shown(step['action'])}, as the action's tag says, found {shown(taken)}",
        )
    return values, step


def _step(action: object, where: JsonPath) -> StepJson:
    """The own format's step that an `action` variant records (its keys are checked as
    replay reads the step)."""
    if not isinstance(action, dict) or set(action) != {"tag", "value"}:
        raise TraceContentError(
            where, f'expected {{"tag": ..., "value": {{...}}}}, found {shown(action)}'
        )
    tag, value = action["tag"], action["value"]
    if not isinstance(tag, str) or tag not in STEP_OF_TAG:
        raise TraceContentError(
            (*where, "tag"), f"expected one of {', '.join(STEP_OF_TAG)}, found {shown(tag)}"
        )
    name = STEP_OF_TAG[tag]
    keys = STEP_KEYS.get(name, ())
    if not isinstance(value, dict) or (name == INIT and value) or "action" in value:
        expected = "{}, the table as dealt" if name == INIT else f"a record of {', '.join(keys)}"
        raise TraceContentError((*where, "value"), f"expected {expected}, found {shown(value)}")
    return {"action": name, **value}  # type: ignore[typeddict-item]
