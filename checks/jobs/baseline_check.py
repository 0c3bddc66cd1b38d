"""The baseline check: the edition still concludes what its saved baseline records (see
`baseline`); where it does not, or none is saved, what saving one would record."""

from __future__ import annotations

from pathlib import Path
from typing import NotRequired, TypedDict

from unospec.checks.jobs.advice import BaseBaseline, BaselineAdvice, CompareWithBase, SaveBaseline
from unospec.checks.jobs.baseline import (
    FORMAT,
    Fingerprint,
    baseline_path,
    compare,
    new_proofs,
    same_sample,
)
from unospec.checks.jobs.baseline import load as load_baseline
from unospec.checks.jobs.defaults import DEFAULT_GAMES
from unospec.checks.jobs.results import BaselineCheck, BaselineData
from unospec.editions import base_edition, reference
from unospec.model.edition import Edition
from unospec.model.scale import LIST_SEPARATOR, fitting_scale, portfolio


class Scales(TypedDict):
    scale: str


class Sample(TypedDict):
    games: int
    seed: int


class Recorded(TypedDict):
    """What a baseline records, or what a check ran, as far as saving it reads: the scales
    explored and the random games' sample (None: none)."""

    exploration: NotRequired[Scales | None]
    games: NotRequired[Sample | None]


def baseline_check(
    edition: Edition,
    current: Fingerprint,
    ran: Recorded,
    folder: Path | None,
    passing: bool,
) -> BaselineCheck:
    """The edition still concludes what its saved baseline records (see `baseline`);
    `ran` is the exploration and games the check ran, as a baseline records them (failed
    games are not in `current`, yet a baseline saved once they pass should record them);
    `passing` is whether its other checks passed (a baseline is saved only then)."""
    saved = load_baseline(edition, folder)
    if saved is None:
        where = baseline_path(edition, folder)
        advice = BaselineAdvice(
            "missing", to_save(edition, ran, folder), passing, _base(edition, folder)
        )
        data: BaselineData = {"differences": [], "saved": False}
        return BaselineCheck("baseline", True, f"no baseline saved ({where})", data, advice)
    if saved["format"] != FORMAT:  # its fields mean other things: comparing them would mislead
        save = to_save(edition, ran, folder)  # records what this check does
        older = saved["format"] < FORMAT
        detail = (
            f"saved in format {saved['format']}; this unospec writes format {FORMAT}"
            if older
            else f"saved in format {saved['format']} by a newer unospec, which this one "
            f"(format {FORMAT}) cannot read"
        )
        advice = BaselineAdvice("older" if older else "newer", save)
        data = {"differences": [], "format": saved["format"]}
        return BaselineCheck("baseline", False, detail, data, advice)
    differences = compare(saved, current)
    if not differences:
        grown = new_proofs(saved, current)
        queries = "query" if len(grown) == 1 else "queries"
        also = f"; {len(grown)} new proof {queries}, all proved" if grown else ""
        unchanged: BaselineData = {"differences": []}
        if grown:
            unchanged["new_proofs"] = grown
        return BaselineCheck(
            "baseline", True, f"unchanged: {_compared(saved, current)}{also}", unchanged
        )
    detail = (
        f"{len(differences)} changes the baseline does not record: "
        + "; ".join(differences[:5])
        + ("; ..." if len(differences) > 5 else "")
    )
    recorded: Recorded = {"exploration": saved["exploration"], "games": saved["games"]}
    advice = BaselineAdvice("changed", to_save(edition, recorded, folder))
    return BaselineCheck("baseline", False, detail, {"differences": differences}, advice)


def _compared(saved: Fingerprint, current: Fingerprint) -> str:
    """What an unchanged baseline was compared in, and what this check ran otherwise."""
    explored, now = saved["exploration"], current["exploration"]
    scale = explored["scale"] if explored else None
    same = bool(now) and now is not None and scale == now["scale"]
    played, playing = saved["games"], current["games"]
    sample = bool(played and playing and same_sample(played, playing))
    games = f"{played['games']} random games (seed {played['seed']})" if played else ""
    compared = (
        "deck, parameters, readings, proofs, findings"
        + (f", exploration at {scale}" if same else "")
        + (f", {games}" if sample else "")
    )
    unseen = [f"exploration at {scale}"] if scale and not same else []
    unseen += [games] if games and not sample else []  # this check ran others, or none
    if unseen:
        compared += f" (not compared, as this check ran otherwise: {', '.join(unseen)})"
    return compared


def _base(edition: Edition, folder: Path | None) -> BaseBaseline | None:
    """Where the edition it is a variant of has a baseline: a baseline is one edition's,
    and `diff` is what compares a variant with its base."""
    base = base_edition(edition)
    if base is None or load_baseline(base, folder) is None:
        return None
    compared = CompareWithBase(reference(base), reference(edition))
    return BaseBaseline(base.name, str(baseline_path(base, folder)), compared)


def to_save(edition: Edition, recorded: Recorded, folder: Path | None = None) -> SaveBaseline:
    """The `baseline save` that records what `recorded` records (its scale, its games; or
    what the check just ran) where `check` looks (`folder`): with the defaults it would
    record the default games on the portfolio, whatever the check compares."""
    explored, played = recorded.get("exploration"), recorded.get("games")
    scale = explored["scale"] if explored else None
    games, seed = (played["games"], played["seed"]) if played else (0, 0)
    return SaveBaseline(
        reference(edition),
        None if folder is None else str(folder),
        scale if scale is not None and scale != portfolio_text(edition) else None,
        games if games != DEFAULT_GAMES else None,
        seed,
    )


def portfolio_text(edition: Edition) -> str:
    """The portfolio's scales for `edition`, as its exploration check records them (each
    fitted to deal at the smallest table)."""
    players = edition.rules.min_players
    fitted = [fitting_scale(edition, players, scale) for scale in portfolio(edition)]
    return LIST_SEPARATOR.join(fitted)
