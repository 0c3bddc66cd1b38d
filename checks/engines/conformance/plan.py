"""The conformance runs `unospec check` makes for each edition, and why each one.

One scale cannot reach every rule: `micro` (one colour, hands of one, two seats) never
plays a third seat's turn, a symbol matched across colours, a second Wild Draw card in a
hand, the deal of a second hand, or a parameter that differs from another of equal value.
Bugs of those kinds passed a check that compared 20,000 states of `micro` alone and were
caught by a few thousand of the right scale. So the check's states are shared among:

1. `micro` at the fewest seats, and the full-size games replayed step by step;
2. `micro` at a seat more (three, for the built-in editions): turn order both ways;
3. two colours with the action cards and no wilds: symbols matched across colours, colour
   renaming;
4. two colours with numbers and two copies of each wild: a second Wild Draw card, wilds
   in hand when one is played, colours named at two colours;
5. the edition's distinguishing variant at `micro` (`model.distinguishing`): every numeric
   parameter its own value;
6. `micro` without wilds to a target no single hand reaches: hands scored and the next
   dealt, in a game small enough to compare whole (2,596 states of `classic`), so that the
   deal between hands is reached after every way a hand can end.

A run the edition cannot make (one colour only, no seat more than the fewest) is left out
and its share goes to the first. A deck too large for one run (`model.scale.split_scale`:
No Mercy's) is compared in parts, the numbers with each group of the other kinds, the run's
share split among them. An edition with house rules that the portfolio explores at
scales of their own (stacking, jump-in: `model.scale.house_scales`) is compared at each of
those too, with `HOUSE_SHARE` of the states each, taken from the first run's.
"""

from __future__ import annotations

from dataclasses import dataclass

from unospec.model.distinguishing import NAME as DISTINGUISHING
from unospec.model.distinguishing import distinguishing
from unospec.model.edition import Edition
from unospec.model.scale import (
    DEFAULT,
    fitting_scale,
    house_scales,
    parse_scale,
    scale_edition,
    split_scale,
)


@dataclass(frozen=True)
class Run:
    """One conformance run: the scale and table compared (None: the fewest seats, and the
    full-size games at every table size in turn, as `unospec conform` seats them), the
    states it compares at most, the full-size games it replays, the variant it plays (None:
    the edition itself), and what it is there to reach."""

    scale: str
    players: int | None
    states: int
    games: int = 0
    variant: str | None = None
    reaches: str = ""


SHARES = (0.25, 0.18, 0.18, 0.12, 0.10, 0.17)
"""Each run's share of the states, in the order of the module's list."""
HOUSE_SHARE = 0.08
"""The share of each portfolio scale of a house rule (taken from the first run's)."""


def check_plan(edition: Edition, states: int, games: int) -> tuple[Run, ...]:
    """The runs `unospec check` makes for `edition`: `states` states shared as `SHARES`
    says, and `games` full-size games in the first run."""
    seats = edition.rules.min_players
    target = _unreached_target(edition)
    wanted: list[tuple[str, int | None, str | None, str] | None] = [
        (DEFAULT, None, None, "every card kind at the fewest seats"),
        (DEFAULT, seats + 1, None, "a seat more: turn order both ways")
        if seats < edition.rules.max_players
        else None,
        (f"{DEFAULT},colors=2,wilds=0", seats, None,
         "symbols matched across colours, colour renaming")
        if len(edition.colors) >= 2
        else None,
        (f"{DEFAULT},colors=2,actions=0,wilds=2", seats, None,
         "two of each wild, colours named at two colours")
        if len(edition.colors) >= 2
        else None,
        (DEFAULT, seats, DISTINGUISHING, "every numeric parameter its own value"),
        (f"{DEFAULT},wilds=0,target={target}", seats, None, "the deal between hands"),
    ]  # fmt: skip
    shares = [round(states * share) for share in SHARES]
    runs: list[Run] = []
    first_parts = 0
    for share, run in zip(shares, wanted, strict=True):
        if run is None:
            shares[0] += share
            continue
        scale, players, variant, reaches = run
        played = distinguishing(edition) if variant else edition
        fitted = fitting_scale(played, players or seats, scale)
        parts = split_scale(played, fitted)  # a deck too large to compare whole, in parts
        first_parts = first_parts or len(parts)
        for part in parts:
            runs.append(Run(part, players, share // len(parts), 0, variant, reaches))
    for scale in house_scales(edition):
        share = round(states * HOUSE_SHARE)
        shares[0] -= share
        fitted = fitting_scale(edition, seats, scale)
        runs.append(Run(fitted, seats, share, 0, None, "a house rule's own scale"))
    for i in range(first_parts):  # the first run's share, less the house rules', in its parts
        first = runs[i]
        runs[i] = Run(
            first.scale,
            first.players,
            shares[0] // first_parts,
            games if i == 0 else 0,
            first.variant,
            first.reaches,
        )
    return tuple(runs)


def _unreached_target(edition: Edition) -> int:
    """A target score no single hand of a `micro` deck reaches at once, so that a hand is
    scored and the next one dealt: the least a card of that deck scores (above nothing: a 0
    kept for a rule of its own scores 0), plus one."""
    deck = scale_edition(edition, parse_scale(DEFAULT))
    values = [deck.faces.points[card] for card in deck.faces.in_play]
    return min((value for value in values if value > 0), default=0) + 1  # a 0 scores nothing
