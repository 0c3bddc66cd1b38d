"""Semantic difference between two editions: what changed in behaviour, with evidence.

Three layers, each generic (never by edition name):

- the data diff (`data`): the editions' data as the model reads it: deck composition, every
  card's behaviour, every rule and scoring parameter, the readings chosen, the transitions
  that can fire;
- the diff of conclusions (`conclusions`): what the checks conclude about each: proof
  verdicts, finding ids, explored state counts and coverage;
- behaviour itself: both editions explored together on the deck they share, scaled alike,
  until an action is legal in one and not the other or leaves different states. The search
  is the engine's (`engines.joint_search`); its trace is the evidence (`evidence`: shortest,
  since the search is breadth first); without one, the bound searched, and what play at that
  scale cannot test (`untested`);
- each rule difference on its own (`rules`): a with only that rule set to b's value, told
  apart from a by the same search, so that every rule gets its own shortest trace, not only
  the first the search meets.

Names, titles, booklet files, section citations and the wording of reasons are not behaviour.
"""

from __future__ import annotations

from unospec.checks.analyses.diff.conclusions import conclusion_differences
from unospec.checks.analyses.diff.data import (
    as_played,
    card_parameters,
    data_differences,
    deck_composition,
    readings,
    rule_parameters,
)
from unospec.checks.analyses.diff.report import BoundJson, Difference, DiffReport
from unospec.checks.analyses.diff.untested import capped, scaled_away
from unospec.checks.engines.joint_search import distinguish, observed, shared_scale
from unospec.editions import reference
from unospec.model.edition import Edition
from unospec.model.errors import InputError
from unospec.model.kernel import empty_table
from unospec.model.scale import NO_SCALE, parse_scale, require_dealable, scale_edition
from unospec.model.wording import seats

__all__ = [
    "NO_SCALE",
    "DiffReport",
    "Difference",
    "as_played",
    "capped",
    "card_parameters",
    "conclusion_differences",
    "data_differences",
    "deck_composition",
    "diff",
    "distinguish",
    "empty_table",  # the table a search starts from, to build states to compare (`observed`)
    "observed",
    "readings",
    "rule_parameters",
    "scaled_away",
    "shared_scale",
]


def diff(
    a: Edition,
    b: Edition,
    *,
    scale: str = "micro",
    players: int | None = None,
    max_states: int = 200_000,
) -> DiffReport:
    """Every difference between `a` and `b`, and the evidence for one in behaviour, with
    `players` at the table (by default the fewest both editions allow)."""
    if players is None:
        players = max(a.rules.min_players, b.rules.min_players)
        if players > min(a.rules.max_players, b.rules.max_players):  # none was asked for
            sizes = [f"{e.name} {seats(e.rules.min_players, e.rules.max_players)}" for e in (a, b)]
            raise InputError(
                f"players: expected a table size both seat, found {' and '.join(sizes)}"
            )
    a.require_players(players)
    b.require_players(players)
    a, b = as_played(a), as_played(b)
    if scale == NO_SCALE:
        return _unexplored(a, b, players, max_states)
    # what only an exploration reads (the counterexample's and the rules' searches): loaded
    # here, so that `--scale none` does not load them (issue 38: start-up)
    from unospec.checks.analyses.diff.evidence import evidence, not_compared
    from unospec.checks.analyses.diff.rules import rule_differences

    for edition in (a, b):
        require_dealable(scale_edition(edition, parse_scale(scale)), players, scale, edition)
    common = shared_scale(a, b, scale)
    require_dealable(scale_edition(a, parse_scale(common)), players, f"{common} (the shared deck)")
    data = data_differences(a, b)
    differences = data + conclusion_differences(a, b, scale, players, max_states)
    path, how, searched = distinguish(a, b, scale=scale, players=players, max_states=max_states)
    common = searched["scale"]
    bound: BoundJson = {
        "scale": common,
        "players": searched["players"],
        "max_states": searched["max_states"],
        "left_out": searched["left_out"],
        "states": searched["states"],
        "depth": searched["depth"],
        "complete": searched["complete"],
        "scaled_away": scaled_away(a, b, common, next_hand_played=searched["next_hand_played"]),
        "capped": capped(data, a, common, players),
        "players_not_compared": _other_tables(a, b, players),
    }
    trace = (
        evidence(a, b, path, how, common, players)
        if path
        else not_compared(how)
        if path == []
        else None
    )
    rules = rule_differences(a, b, scale=scale, players=players, max_states=max_states)
    return DiffReport(*_names(a, b), differences, trace, bound, rules)


def _names(a: Edition, b: Edition) -> tuple[str, str]:
    """The two editions' names, or their files' when the names are the same (a user's
    copy of a built-in, say)."""
    if a.name == b.name and reference(a) != reference(b):
        return reference(a), reference(b)
    return a.name, b.name


def _other_tables(a: Edition, b: Edition, players: int) -> list[int]:
    """The table sizes both editions seat but `players`: a rule such as who plays after a
    Hail Mary may differ only at a bigger table."""
    both = range(
        max(a.rules.min_players, b.rules.min_players),
        1 + min(a.rules.max_players, b.rules.max_players),
    )
    return [n for n in both if n != players]


def _unexplored(a: Edition, b: Edition, players: int, max_states: int) -> DiffReport:
    """The diff at `--scale none`: the data and the proofs' and findings' conclusions,
    no exploration and no behaviour search (so never shown equivalent)."""
    differences = data_differences(a, b) + conclusion_differences(a, b, None, players)
    bound: BoundJson = {
        "scale": NO_SCALE,
        "players": players,
        "max_states": max_states,
        "left_out": [],
        "states": 0,
        "depth": 0,
        "complete": False,
        "scaled_away": [],
        "capped": [],
        "players_not_compared": _other_tables(a, b, players),
    }
    return DiffReport(*_names(a, b), differences, None, bound, [])
