"""Verification baselines: what an edition's checks concluded, saved to compare against.

A baseline records an edition's fingerprint: a digest of its deck, its parameters and chosen
readings, its proof verdicts, its finding ids, its exploration on a portfolio of scales
(state counts, transitions fired) and its random games for one sample (steps, hands, how often each
transition fired, a digest of every hand's length). `unospec baseline save` writes it beside
the edition file, under `baselines/`; `unospec check` recomputes it and fails, naming each
difference, when the edition changed in a way the baseline does not record. Saving again
accepts the change.

The games are what make a wrong count visible: a Draw Two that deals three cards keeps every
card accounted for and breaks no invariant, but it changes the games that the same seed plays.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, TypedDict, cast

from unospec.checks.analyses.diff import (
    card_parameters,
    deck_composition,
    readings,
    rule_parameters,
)
from unospec.checks.analyses.diff.data import DeckComposition, Parameters, ReadingChoice
from unospec.checks.analyses.lint import lint
from unospec.checks.analyses.proofs import ProofReport
from unospec.checks.engines.explore_job import ExplorationJson
from unospec.checks.engines.simulate import Tally
from unospec.checks.jobs.advice import CheckGames, ExplorationBound
from unospec.editions.schema import RULE_KEYS
from unospec.model.edition import Edition
from unospec.model.errors import EditionError, UnospecError
from unospec.model.files import decoded, read_user_file
from unospec.model.json_place import line_of
from unospec.model.table import MACHINE

FORMAT = 4
"""Bumped when the fingerprint's layout changes (2: the deck by number rank, readings'
alternatives sorted; 3: a card's effect by the name edition files give it, `draw`, not
`DrawPenalty`; 4: the exploration is a portfolio of scales, each recorded, and the games
are the compiled engine's); a baseline of another format is saved again, not compared
field by field."""


def baseline_path(edition: Edition, folder: Path | None = None) -> Path:
    """Where an edition's baseline lives: `baselines/NAME.json` beside its file."""
    base = folder if folder is not None else Path(edition.source).parent / "baselines"
    return base / f"{edition.name}.json"


class GamesFingerprint(TypedDict):
    """What a run of random games did (`games_fingerprint`)."""

    games: int
    seed: int
    steps: int
    hands: int
    reshuffles: int
    draw_shortfalls: int
    turns_digest: str  # of every hand's length, in order
    fired: dict[str, int]  # the transitions fired, by label, with how often


class ScaleRecord(TypedDict):
    """One scale of the portfolio explored."""

    scale_settings: str
    states: int
    transitions: int
    depth: int


class ExplorationRecord(TypedDict):
    """The exploration of the portfolio: its figures, added up, and each scale's."""

    scale: str
    players: int
    states: int
    transitions: int
    depth: int
    fired: list[str]  # the transitions fired at least once, by label
    portfolio: list[ScaleRecord]


class ParametersRecord(TypedDict):
    cards: Parameters
    rules: object  # the rule parameters, as JSON has them (`diff.rule_parameters`)
    points: dict[str, int | str]  # a card kind's points, or "face-value"
    target: int
    total_cards: int


class Fingerprint(TypedDict):
    """A baseline: what an edition's checks concluded (see the module's docstring)."""

    format: int
    edition: str
    deck_digest: str
    deck: DeckComposition
    parameters: ParametersRecord
    interpretations: dict[str, ReadingChoice]
    proofs: dict[str, str]
    findings: list[str]
    exploration: ExplorationRecord | None  # None: not explored
    games: GamesFingerprint | None  # None: no games, or failing ones


def fingerprint(
    edition: Edition,
    proofs: ProofReport,
    exploration: ExplorationJson | None,
    games: GamesFingerprint | None = None,
) -> Fingerprint:
    """The edition's verification fingerprint (deterministic: no times, no paths).

    `games` is `games_fingerprint` of a passing run of random games, or None.
    """
    deck = deck_composition(edition)
    findings = lint(edition, proofs=proofs).findings  # without coverage: independent of games
    return {
        "format": FORMAT,
        "edition": edition.name,
        "deck_digest": hashlib.sha256(json.dumps(deck, sort_keys=True).encode()).hexdigest(),
        "deck": deck,
        "parameters": {
            "cards": card_parameters(edition),
            "rules": _plain(rule_parameters(edition)),
            "points": dict(edition.rules.points),
            "target": edition.rules.target_score,
            "total_cards": edition.total_cards,
        },
        "interpretations": readings(edition),
        "proofs": {q.name: q.verdict for q in proofs.queries},
        "findings": sorted(f.id for f in findings),
        "exploration": None
        if exploration is None
        else {
            "scale": exploration["scale"],
            "players": exploration["players"],
            "states": exploration["distinct_states"],
            "transitions": exploration["transitions"],
            "depth": exploration["depth"],
            "fired": sorted(label for label, n in exploration["coverage"].items() if n),
            "portfolio": [
                {
                    "scale_settings": each["scale_settings"],
                    "states": each["distinct_states"],
                    "transitions": each["transitions"],
                    "depth": each["depth"],
                }
                for each in exploration.get("portfolio", [])
            ],
        },
        "games": games,
    }


def games_fingerprint(tally: Tally, seed: int) -> GamesFingerprint:
    """What a run of random games did, independent of time and of the number of processes."""
    turns = json.dumps(tally.turns).encode()
    return {
        "games": tally.games,
        "seed": seed,
        "steps": tally.steps,
        "hands": tally.hands,
        "reshuffles": tally.reshuffles,
        "draw_shortfalls": tally.shortfalls,
        "turns_digest": hashlib.sha256(turns).hexdigest(),
        "fired": {
            b.label: tally.fired[b.number] for b in MACHINE.branches if tally.fired[b.number]
        },
    }


class BaselineRefused(UnospecError):
    """A baseline records what passing checks conclude: an edition whose random games fail
    (`games`: the check that says why), or whose exploration stopped at its bound (`bound`),
    is not saved. `baseline save` reports it as a failed check (exit 1) and saves the
    others."""

    exit_code = 1

    def __init__(
        self,
        edition: str,
        reason: str,
        *,
        games: CheckGames | None = None,
        bound: ExplorationBound | None = None,
    ) -> None:
        super().__init__(f"{edition}: {reason}")
        self.edition, self.reason, self.games, self.bound = edition, reason, games, bound


def _plain(value: object) -> Any:
    return json.loads(
        json.dumps(
            value, default=lambda v: sorted(v) if isinstance(v, set | frozenset) else list(v)
        )
    )


def save(edition: Edition, data: Fingerprint, folder: Path | None = None) -> Path:
    """Write the baseline `data` where `check` reads it (`baseline_path`)."""
    path = baseline_path(edition, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_plain(data), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


MAX_BASELINE_BYTES = 10_000_000
"""The largest baseline read: the built-in ones are under 20 kB."""


def load(edition: Edition, folder: Path | None = None) -> Fingerprint | None:
    """The saved baseline, or None when there is none; a file that is not one is an input
    error naming it (a hand-edited or truncated baseline must not crash the check). One of
    another format is returned unread but for its `format`: the check asks for it to be
    saved again, not compared field by field."""
    path = baseline_path(edition, folder)
    if not path.exists():
        return None
    expected = "a baseline written by `unospec baseline save`"
    raw = read_user_file(path, "baseline", MAX_BASELINE_BYTES)  # a folder there is refused
    if len(raw) > MAX_BASELINE_BYTES:
        raise EditionError(str(path), None, "(file)", expected, "a file of over 10 MB")
    text = decoded(raw, str(path), expected, "utf-8")
    try:
        loaded: Any = json.loads(text)  # checked below
    except json.JSONDecodeError as error:
        raise EditionError(
            str(path), error.lineno, "(file)", expected, f"bad JSON ({error.msg})"
        ) from None
    if not isinstance(loaded, dict) or type(loaded.get("format")) is not int:
        found = (
            ("no format" if "format" not in loaded else f"format {json.dumps(loaded['format'])}")
            if isinstance(loaded, dict)
            else "not an object"
        )
        raise EditionError(str(path), 1, "format", expected, found)
    if loaded["format"] != FORMAT:  # another unospec's layout: only its format is read, to
        return cast(Fingerprint, loaded)  # ask for it to be saved again
    for key, fields in SHAPE.items():  # what `compare` and the accept command read
        value = loaded.get(key)
        wrong = [
            f
            for f, kind in fields.items()
            if not isinstance(value, dict) or not isinstance(value.get(f), kind)
        ]
        if value is not None and wrong:
            where = (key,) if not isinstance(value, dict) else (key, wrong[0])
            at = line_of(text, where) or line_of(text, (key,))
            shown = json.dumps(value if len(where) == 1 else value.get(wrong[0]))
            raise EditionError(str(path), at, ".".join(where), expected, shown)
    missing = [key for key in FIELDS if key not in loaded]
    if missing:  # compared, each would read as a change the edition made
        raise EditionError(str(path), 1, missing[0], expected, f"no {missing[0]}")
    for key, kinds in KINDS.items():  # a hand-edited value would read as a change too
        if not isinstance(loaded[key], kinds):
            at = line_of(text, (key,)) or 1
            raise EditionError(str(path), at, key, expected, json.dumps(loaded[key]))
    return cast(Fingerprint, loaded)  # as `fingerprint` writes it: checked above


FIELDS = (
    "edition",
    "deck_digest",
    "deck",
    "parameters",
    "interpretations",
    "proofs",
    "findings",
    "exploration",
    "games",
)
"""Every field `fingerprint` writes besides `format`."""

KINDS: dict[str, type | tuple[type, ...]] = {
    "edition": str,
    "deck_digest": str,
    "deck": dict,
    "parameters": dict,
    "interpretations": dict,
    "proofs": dict,
    "findings": list,
    "exploration": (dict, type(None)),
    "games": (dict, type(None)),
}
"""The JSON type of each field `fingerprint` writes (null: not run)."""

SHAPE: dict[str, dict[str, type]] = {
    "games": {"games": int, "seed": int},
    "exploration": {"scale": str, "states": int},
}
"""The fields of a saved baseline the check reads besides comparing (null for none)."""


def compare(saved: Fingerprint, current: Fingerprint) -> list[str]:
    """Each difference between a saved fingerprint and the current one, in words."""
    old, new = _plain(saved), _plain(current)  # as JSON has them
    games_then, games_now = old.get("games"), new.get("games")
    if not (games_then and games_now and same_sample(games_then, games_now)):
        old, new = {**old, "games": None}, {**new, "games": None}
    if old.get("exploration") and new.get("exploration"):
        if old["exploration"]["scale"] != new["exploration"]["scale"]:
            old = {**old, "exploration": None}
            new = {**new, "exploration": None}
    elif not new.get("exploration"):
        old = {**old, "exploration": None}
    grown = new_proofs(saved, current)
    if grown:
        new = {**new, "proofs": {k: v for k, v in new["proofs"].items() if k not in grown}}
    return sorted(_walk("", old, new), key=_cause_first)


def new_proofs(saved: Fingerprint, current: Fingerprint) -> list[str]:
    """The proof queries the current check proves that the saved baseline does not name.

    A query is one of the machine's transitions (or one claim about one): when `TurnFlow`
    grows a transition for a new kind of card, every edition gains its query, proved, while
    nothing it concludes changed. Such a query is no difference; a new one that fails is.
    """
    before, now = saved.get("proofs", {}), current.get("proofs", {})
    return sorted(name for name, said in now.items() if name not in before and said == "proved")


CAUSES = ("edition", "deck", "parameters", "interpretations", "proofs", "findings")
"""What an edition says, then what the checks conclude from it (exploration, games): a
changed rule comes before the many counts it moves."""


def _cause_first(difference: str) -> tuple[int, str]:
    section = difference.split(".", 1)[0].split(":", 1)[0].removesuffix("_digest")
    return (CAUSES.index(section) if section in CAUSES else len(CAUSES), difference)


def _walk(path: str, old: object, new: object) -> list[str]:
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for key in sorted(set(old) | set(new)):
            where = f"{path}.{key}" if path else str(key)
            if key not in new:
                found.append(
                    f"{where}{_in_the_file(where)}: was {json.dumps(old[key])}, now missing"
                )
            elif key not in old:
                found.append(f"{where}{_in_the_file(where)}: new, {json.dumps(new[key])}")
            else:
                found += _walk(where, old[key], new[key])
        return found
    if isinstance(old, list) and isinstance(new, list) and path.endswith(("findings", "fired")):
        gone, came = sorted(set(old) - set(new)), sorted(set(new) - set(old))
        return [f"{path}: no longer {item}" for item in gone] + [
            f"{path}: now {item}" for item in came
        ]
    if old != new:
        return [f"{path}{_in_the_file(path)}: was {json.dumps(old)}, now {json.dumps(new)}"]
    return []


def _in_the_file(path: str) -> str:
    """Where a changed parameter of the fingerprint is written in the edition file, the key
    the author edited (`play.uno_penalty` for `parameters.rules.uno_penalty`), or "".

    >>> _in_the_file("parameters.rules.uno_penalty"), _in_the_file("parameters.target")
    (' (play.uno_penalty in the edition file)', ' (scoring.target in the edition file)')
    >>> _in_the_file("parameters.cards.draw-two.draw"), _in_the_file("proofs.payouts")
    (' (cards.draw-two.draw in the edition file)', '')
    """
    section, _, rest = path.partition(".")
    if section != "parameters":
        return ""
    group, _, field = rest.partition(".")
    key = {
        "rules": RULE_KEYS.get(field),
        "cards": f"cards.{field}" if field else None,
        "points": f"scoring.points.{field}" if field else None,
        "target": RULE_KEYS["target_score"],
        "total_cards": "total_cards",
    }.get(group)
    return f" ({key} in the edition file)" if key else ""


def same_sample(a: GamesFingerprint, b: GamesFingerprint) -> bool:
    """Two runs of random games are comparable when they played the same games."""
    return bool(a["games"] == b["games"] and a["seed"] == b["seed"])
