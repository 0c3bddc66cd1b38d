"""Scaled editions: the same card kinds and rules on a deck small enough to explore fully.

A scale keeps every card kind of the edition and every rule, and shrinks the deck: fewer
colours, fewer ranks, fewer copies, smaller hands, a lower target score.

    SCALE   := PRESET | SETTING ("," SETTING)*
    SETTING := "colors=" N | "ranks=" LO "-" HI | "copies=" N | "actions=" N
             | "wilds=" N | "hand=" N | "target=" N | "kinds=" KIND ("+" KIND)*
             | "mercy=" N | PRESET

`copies` is per colour and rank, `actions` per colour and action kind, `wilds` per wild kind;
`kinds` keeps only the card kinds named (a deck two editions share, for `unospec diff`);
`target` 0 keeps the edition's target (with `target=1` a game is one hand). `mercy` is the
count of cards that puts a player out, where the edition has the mercy rule
(`play.elimination`): 0, the default, is two cards above the scaled hand, so that a draw
card reaches it. A preset may
start the list and settings after it override it: ``micro,hand=2``.

>>> parse_scale("micro").hand
1
>>> parse_scale("colors=2,ranks=1-2").ranks
(1, 2)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from unospec.model.cards import KIND_NAME, NUMBER, kind_order, ranked
from unospec.model.edition import DeckEntry, Edition
from unospec.model.errors import InputError


class ScaleError(InputError):
    """A scale that cannot be read, or that the edition's deck cannot meet. The message says
    what is wrong with the scale and not where it was given: the command line reports it
    under `--scale`, a trace under its `scale` key."""


@dataclass(frozen=True)
class Scale:
    """How far to shrink an edition (the defaults are the `micro` preset)."""

    colors: int = 1
    ranks: tuple[int, int] = (1, 1)
    copies: int = 1
    actions: int = 1
    wilds: int = 1
    hand: int = 1
    target: int = 1
    kinds: tuple[str, ...] = ()  # keep only these card kinds (all when empty)
    mercy: int = 0  # the mercy rule's count (0: the scaled hand plus two)

    def __str__(self) -> str:
        lo, hi = self.ranks
        kinds = f",kinds={'+'.join(self.kinds)}" if self.kinds else ""
        mercy = f",mercy={self.mercy}" if self.mercy else ""
        return (
            f"colors={self.colors},ranks={lo}-{hi},copies={self.copies},actions={self.actions},"
            f"wilds={self.wilds},hand={self.hand},target={self.target}{kinds}{mercy}"
        )


PRESETS: dict[str, Scale] = {
    "micro": Scale(),
    "pair": Scale(colors=2, actions=0),
    "small": Scale(ranks=(1, 2)),
    "medium": Scale(colors=2),
}
"""Named scales. `micro` (the default): one colour, one number, one of each action and wild
kind, hands of one, one hand to a game. `pair`: two colours without coloured actions, the
smallest deck where colour symmetry matters. `small` and `medium` take minutes to hours."""

DEFAULT = "micro"

PORTFOLIO = "portfolio"
"""The scales `unospec check` explores by default, together (see `portfolio`)."""
LIST_SEPARATOR = ";"
"""Separates the scales of a list: ``micro;pair,hand=2``."""
NO_SCALE = "none"
"""`--scale none`: no exploration (`lint`, `conform` and `diff` accept it)."""


def portfolio(edition: Edition) -> list[str]:
    """The portfolio of scales for `edition`: no single scale both stays small and has
    everything, so two do.

    - `micro`: every card kind, one colour, hands of one (where every rule of a card plays);
    - `pair,hand=2,copies=2,target=T`: two colours (colour matching, a wild's named colour),
      hands of two cards, and a target just above the least a hand can score, so that a
      hand is scored and the next one dealt (T is the lowest card value of that deck, plus
      one). Where ranks have rules of their own (the 7 and the 0 of 7-0), each number once
      (`copies=1`): the ranks kept for their rules already multiply the numbers.

    Where the micro deck has more than `MICRO_FACES` faces (No Mercy's thirteen), its
    first flips and draws alone make tens of millions of states: `micro` is explored as a
    few smaller decks, the numbers with each group of the other kinds (`split_scale`).

    Together they fire every transition the built-in editions' parameters allow; `check`
    says which ones an edition's portfolio leaves unfired. Where draw cards stack, a third:

    - `micro,kinds=number+DRAW+...,copies=3,actions=2,wilds=2,hand=2`: the draw cards
      alone (two of each), three numbers, hands of two (a draw card stacked on one of its
      kind, not only as a last card), a card or two left to draw.

    Where players jump in, one more, since a jump-in needs a card's twin:

    - `micro,copies=2,actions=2,wilds=0,hand=2`: two of every coloured card, hands of two
      (a card jumped in on its twin, as a last card or not)."""
    ruled_ranks = any(ranked(rule) is not None for rule, _ in edition.effects)
    two = f"pair,hand=2,copies={1 if ruled_ranks else 2}"
    deck = scale_edition(edition, parse_scale(two))
    values = [deck.faces.points[card] for card in deck.faces.in_play]
    lowest = min((v for v in values if v > 0), default=0)  # a 0 scores nothing
    return [*split_scale(edition, DEFAULT), f"{two},target={lowest + 1}", *house_scales(edition)]


MICRO_FACES = 12
"""The most faces a deck the portfolio or the conformance plan explores may have before it
is split (`split_scale`): the booklets' editions have six or seven at `micro`, and 7-0 twelve
at two colours; No Mercy has thirteen at `micro`. A first flip that ignores most of a deck
of more, as No Mercy's does, has millions of outcomes in one deal."""


def split_scale(edition: Edition, scale: str) -> list[str]:
    """`scale`, or, where its deck has more than `MICRO_FACES` faces and the scale keeps
    every kind, the same scale once for each group of the kinds other than the numbers, the
    numbers with each (`kinds=number+...`): as few groups as keep each deck within
    `MICRO_FACES`, the kinds in their order, the faces shared as evenly as they go."""
    parsed = parse_scale(scale)
    deck = scale_edition(edition, parsed)
    if parsed.kinds or len(set(deck.faces.in_play)) <= MICRO_FACES:
        return [scale]
    ruled = {rank: rule for rule, _ in edition.effects if (rank := ranked(rule)) is not None}
    faces: dict[str, int] = {}
    for face in {deck.faces.faces[card] for card in deck.faces.in_play}:
        rule = ruled.get(face.rank) if face.rank is not None else None
        kind = (rule or NUMBER) if face.kind == NUMBER else face.kind
        faces[kind] = faces.get(kind, 0) + 1
    numbers = faces.pop(NUMBER)
    kinds = sorted(faces, key=kind_order)
    room = max(1, MICRO_FACES - numbers)
    groups = -(-sum(faces.values()) // room)
    each = sum(faces.values()) / groups
    parts: list[list[str]] = [[]]
    filled = 0
    for kind in kinds:
        if filled + faces[kind] > each * len(parts) + 0.5 and parts[-1]:
            parts.append([])
        parts[-1].append(kind)
        filled += faces[kind]
    return [f"{scale},kinds={'+'.join([NUMBER, *part])}" for part in parts]


def house_scales(edition: Edition) -> list[str]:
    """The portfolio's scales for the house rules `edition` plays (see `portfolio`)."""
    scales = []
    dealt = {entry.kind for entry in edition.deck if entry.copies}
    draws = sorted(
        (k for k, effect in edition.effects if effect.aims is not None and k in dealt),
        key=kind_order,
    )
    if edition.rules.stacking != "none" and draws:
        scales.append(f"micro,kinds={'+'.join([NUMBER, *draws])},copies=3,actions=2,wilds=2,hand=2")
    if edition.rules.jump_in != "none":
        scales.append(JUMP_IN_SCALE)
    return scales


JUMP_IN_SCALE = "micro,copies=2,actions=2,wilds=0,hand=2"
"""The portfolio's scale where players jump in: every coloured card twice (see `portfolio`)."""


def scale_list(text: str, edition: Edition) -> list[str]:
    """The scales a --scale value names for `edition`: one scale, a `;`-separated list, or
    the portfolio (ScaleError names a bad one)."""
    scales: list[str] = []
    for part in (p.strip() for p in text.split(LIST_SEPARATOR)):
        if part == PORTFOLIO:
            scales += portfolio(edition)
        else:
            parse_scale(part)
            scales.append(part)
    return scales


def check_scale_list(text: str) -> None:
    """ScaleError unless every scale of a --scale list parses (the portfolio is one)."""
    parts = [p.strip() for p in text.split(LIST_SEPARATOR)]
    if not all(parts):
        raise ScaleError(f"expected scales separated by {LIST_SEPARATOR!r}, found {text!r}")
    for part in parts:
        if part != PORTFOLIO:
            parse_scale(part)


def parse_scale(text: str) -> Scale:
    """The scale a SCALE string names; ScaleError says what is wrong with it."""
    scale = PRESETS[DEFAULT]
    fields = {f.name for f in dataclasses.fields(Scale)}
    given: set[str] = set()
    for i, part in enumerate(p.strip() for p in text.split(",")):
        if part in PRESETS and i == 0:
            scale = PRESETS[part]
            continue
        if part in PRESETS:  # a preset is where the scale starts, once
            raise ScaleError(
                f"expected the preset {part!r} first and only once, then key=value "
                f"changes, found {text!r}"
            )
        key, sep, value = part.partition("=")
        if not sep or key not in fields:
            presets = ", ".join(PRESETS)
            raise ScaleError(
                f"expected a preset ({presets}) or key=value with a key among "
                f"{', '.join(sorted(fields))}, found {part!r}"
            )
        if key in given:  # which one was meant?
            raise ScaleError(f"{key}: expected once, found {text!r}")
        given.add(key)
        changes: dict[str, Any] = {key: _value(key, value)}
        scale = dataclasses.replace(scale, **changes)
    return scale


def _value(key: str, value: str) -> int | tuple[int, int] | tuple[str, ...]:
    if key == "kinds":
        kinds = tuple(value.split("+"))
        unknown = [k for k in kinds if not KIND_NAME.fullmatch(k)]
        if unknown or not kinds:
            raise ScaleError(f"kinds: expected card kinds joined by +, found {value!r}")
        return kinds
    if key == "ranks":
        lo, sep, hi = value.partition("-")
        if not (_digits(lo) and _digits(hi) and sep) or int(lo) > int(hi) or int(hi) > 9:
            raise ScaleError(f"ranks: expected LO-HI within 0-9, found {value!r}")
        return (int(lo), int(hi))
    if not _digits(value):
        raise ScaleError(f"{key}: expected a whole number, found {value!r}")
    number = int(value)
    least = 0 if key in ("target", "actions", "wilds", "mercy") else 1
    if number < least or number > 1000:
        raise ScaleError(f"{key}: expected {least} to 1000, found {number}")
    return number


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def scale_edition(edition: Edition, scale: Scale) -> Edition:
    """`edition` on a smaller deck: the same kinds, effects, readings and interpretations
    (ScaleError for a scale the deck cannot meet; InputError for a deck of no number). A
    rank with a rule of its own (`cards.number-7`) is kept whatever the ranks, as every
    kind is: it is a card of its own, the 7 of 7-0."""
    if scale.colors > len(edition.colors):
        raise ScaleError(
            f"colors: {edition.name} has {len(edition.colors)} colours, found {scale.colors}"
        )
    ruled = {rank: rule for rule, _ in edition.effects if (rank := ranked(rule)) is not None}
    present = {entry.kind for entry in edition.deck if entry.copies} | set(ruled.values())
    missing = [kind for kind in scale.kinds if kind not in present]
    if missing:  # a kind of no card would silently leave the scaled deck without it
        raise ScaleError(
            f"kinds: {edition.name} has no {' or '.join(missing)} card, found "
            f"{'+'.join(scale.kinds)!r}"
        )
    lo, hi = scale.ranks
    deck: list[DeckEntry] = []
    for entry in edition.deck:
        if (scale.kinds and entry.kind not in scale.kinds) or not entry.copies:
            continue  # a line of no copies stays empty at every scale
        if entry.kind == NUMBER:  # and the ranks with a rule of their own, as kinds are kept
            ranks = tuple(
                r
                for r in entry.ranks
                if lo <= r <= hi or (r in ruled and (not scale.kinds or ruled[r] in scale.kinds))
            )
            if ranks:
                deck.append(dataclasses.replace(entry, ranks=ranks, copies=scale.copies))
        elif entry.foil:
            if scale.wilds:
                deck.append(entry)
        elif entry.wild:
            if scale.wilds:
                deck.append(dataclasses.replace(entry, copies=scale.wilds))
        elif scale.actions:
            deck.append(dataclasses.replace(entry, copies=scale.actions))
    if scale.kinds and NUMBER not in scale.kinds:  # every scaled deck deals number cards
        raise ScaleError(
            f"kinds: expected {NUMBER} among the kinds kept, found {'+'.join(scale.kinds)!r}"
        )
    if not any(e.copies for e in edition.deck if e.kind == NUMBER):
        raise InputError(
            f"{edition.name}: deck: expected number cards, which every scaled deck deals (to "
            "explore it), found none"
        )
    if not any(e.kind == NUMBER for e in deck):
        raise ScaleError(f"ranks: {edition.name} has no number card in {lo}-{hi}")
    scaled = dataclasses.replace(
        edition,
        colors=edition.colors[: scale.colors],
        deck=_merge(tuple(deck)),
        total_cards=0,
        rules=dataclasses.replace(
            edition.rules,
            hand_size=scale.hand,
            min_players=2,
            target_score=scale.target or edition.rules.target_score,
            elimination=_mercy(edition, scale),
        ),
    )
    total = scaled.in_play_count + scaled.set_aside_count
    return dataclasses.replace(scaled, total_cards=total)


def _mercy(edition: Edition, scale: Scale) -> int:
    """The mercy rule's count on the scaled deck: none where the edition has none; else the
    scale's, above the scaled hand as the edition's is above its own."""
    if not edition.rules.elimination:
        return 0
    if scale.mercy and scale.mercy <= scale.hand:
        raise ScaleError(
            f"mercy: expected a count above the hand of {scale.hand}, found {scale.mercy}"
        )
    return scale.mercy or scale.hand + 2


def _merge(deck: tuple[DeckEntry, ...]) -> tuple[DeckEntry, ...]:
    """Drop number entries left with the same ranks twice (none in the built-in files)."""
    seen: set[tuple[str, tuple[int, ...], bool]] = set()
    merged = []
    for entry in deck:
        key = (entry.kind, entry.ranks, entry.foil)
        if key in seen and entry.kind == NUMBER:
            continue
        seen.add(key)
        merged.append(entry)
    return tuple(merged)


def require_dealable(
    scaled: Edition, players: int, scale: str, base: Edition | None = None
) -> None:
    """InputError unless the scaled deck deals `players` hands and a first card (Set Up):
    else a deal has no outcome and an exploration would find one state and call it done.
    Given the unscaled `base`, the message names a scale that deals."""
    if _deals(scaled, players):
        return
    hint = "use fewer players or a larger scale"
    if base is not None:
        fitted = fitting_scale(base, players, scale)
        if fitted != scale:
            hint = f"try --scale {fitted}"
        elif players > base.rules.min_players:
            hint = "use fewer players"
        else:
            hint = "use a larger scale"
    cards = scaled.in_play_count
    raise InputError(
        f"--scale {scale}: {cards} card{'' if cards == 1 else 's'} cannot deal {players} hands of "
        f"{scaled.rules.hand_size} and a first card; {hint}"
    )


def fitting_scale(base: Edition, players: int, scale: str) -> str:
    """`scale`, or the nearest one with more copies of each number that deals `players`
    hands and a first card (a deck of numbers and wilds alone is two cards at `micro`);
    `scale` itself when none up to ten copies does. It does not ask for a card more to
    draw: at ten players one copy more of each number multiplied the states many times
    over (over 2.5 GB and 14 minutes, unfinished, against 1.2 million states in 150 s)."""
    scale = _dealt_ranks(base, scale)
    for text in (scale, *(with_setting(scale, "copies", copies) for copies in range(2, 11))):
        if _deals(scale_edition(base, parse_scale(text)), players):
            return text  # the checks say when it leaves no card to draw
    return scale


def _dealt_ranks(base: Edition, scale: str) -> str:
    """`scale`, its ranks moved up to the lowest the deck has, where it has none in them (a
    deck without 1s at `micro`, say), keeping as many ranks; ranks the scale names itself
    are the user's, and stay (the deck's error says they deal no number card)."""
    if "ranks" in map(_key, scale.split(",")):
        return scale
    lo, hi = parse_scale(scale).ranks
    ranks = sorted({r for e in base.deck if e.kind == NUMBER and e.copies for r in e.ranks})
    if not ranks or any(lo <= r <= hi for r in ranks):
        return scale
    start = next((r for r in ranks if r >= lo), ranks[0])
    return with_setting(scale, "ranks", f"{start}-{min(9, start + hi - lo)}")


def _deals(scaled: Edition, players: int) -> bool:
    return players * scaled.rules.hand_size + 1 <= scaled.in_play_count


def with_setting(scale: str, key: str, value: object) -> str:
    """`scale` with `key` set to `value`, replacing the setting it has (a scale names each
    key at most once).

    >>> with_setting("micro,copies=2", "copies", 3), with_setting("pair", "kinds", "skip")
    ('micro,copies=3', 'pair,kinds=skip')
    """
    kept = [part for part in scale.split(",") if _key(part) != key]
    return ",".join([*kept, f"{key}={value}"])


def _key(setting: str) -> str:
    """The key a SETTING sets (``copies`` of ``copies=2``; a preset is its own key)."""
    return setting.partition("=")[0].strip()
