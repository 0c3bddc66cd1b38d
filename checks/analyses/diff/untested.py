"""What play at the shared scale cannot test: the data differences a behaviour search there
could never show, which the diff names beside its verdict so that "no difference in
behaviour" is not read as "these editions play alike"."""

from __future__ import annotations

from unospec.checks.analyses.diff.data import data_differences
from unospec.checks.analyses.diff.report import Capped, Difference, Untested
from unospec.model.edition import Edition
from unospec.model.scale import parse_scale, scale_edition

DRAW_AMOUNTS = (".draw", ".challenger_draws", ".offender_draws", ".uno_penalty")
"""The parameters that are a number of cards to draw (a card's, or Calling UNO's)."""

BETWEEN_HANDS = frozenset({"setup.next_leader", "scoring.game_end"})
"""Parameters only a next hand reads: who leads it, and whether there is one (Winning)."""


def scaled_away(
    a: Edition, b: Edition, common: str, *, next_hand_played: bool = True
) -> list[Untested]:
    """The deck, rule and scoring differences play at the shared scale cannot show: those it
    sets alike in both editions (a hand size, a target, how many copies of a card), and,
    when the search dealt no next hand (a target the first hand always reaches, say), those
    only a next hand reads. Card kinds the shared deck leaves out are not listed (the bound's
    `left_out` names them), nor the cards set aside, which no rule plays."""
    scale = parse_scale(common)
    sa, sb = scale_edition(a, scale), scale_edition(b, scale)
    still = {d.path for d in data_differences(sa, sb)}
    if scale.colors < 2:  # in one colour every card matches by colour: symbols play no part
        still = {path for path in still if not path.endswith(".symbol")}
    if scale.target == 1 or not next_hand_played:  # what only a next hand reads: unplayed
        still -= BETWEEN_HANDS
    kept = set(scale.kinds) or {*a.kinds, *b.kinds}  # no kinds named: the scale keeps all
    return [
        {"path": d.path, "a": d.a, "b": d.b}
        for d in data_differences(a, b)
        if d.kind in ("deck", "parameter", "scoring") and d.path not in still and _played(d, kept)
    ]


def capped(differences: list[Difference], a: Edition, common: str, players: int) -> list[Capped]:
    """Draw amounts the shared deck cannot tell apart. While a hand goes on every hand holds
    a card and one card tops the discard pile, so no draw there takes more than the cards in
    play less one per player less one; two amounts of at least that many both draw every
    card there is (the reading draw-what-remains, Let's Play), and play shows them alike.
    `differences` are `data_differences` of `a` and the other edition."""
    scaled = scale_edition(a, parse_scale(common))
    most = scaled.in_play_count - players - 1
    dealt = scaled.faces.kinds_in_play  # a card the scaled deck lacks draws nothing at all:
    found: list[Capped] = []  # `scaled_away` names it, not this
    for d in differences:
        if not d.path.endswith(DRAW_AMOUNTS) or not isinstance(d.a, int):
            continue
        if not isinstance(d.b, int) or min(d.a, d.b) < most:
            continue
        if not d.path.startswith("cards.") or _kind_of(d.path) in dealt:
            found.append({"path": d.path, "a": d.a, "b": d.b, "most_drawn": most})
    return found


def _played(difference: Difference, kinds: set[str]) -> bool:
    """Whether play at a scale that keeps `kinds` would read what `difference` is about."""
    if difference.path in ("deck.total", "deck.in play", "deck.colours"):
        return True
    if difference.kind == "deck" or difference.path.startswith(("cards.", "scoring.points.")):
        return _kind_of(difference.path) in kinds  # not the set-aside cards
    return True


def _kind_of(path: str) -> str:
    """The card kind a `cards.KIND.field`, `scoring.points.KIND` or `deck.KIND [RANK]` path
    is about."""
    for prefix in ("scoring.points.", "cards.", "deck."):
        path = path.removeprefix(prefix)
    return path.split(".")[0].split(" ")[0]
