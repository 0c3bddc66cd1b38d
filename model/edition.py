"""An edition's parameters: the system being specified, apart from any game state.

An `Edition` is built from an edition file (see `unospec.editions`) or derived from another
one (a scaled deck). Everything the kernel needs per card is precomputed here once, as tuples
indexed by face number, so the kernel does no name lookups while it plays.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from unospec.model import readings as r
from unospec.model import sections
from unospec.model.cards import COLORS, NUMBER, Face, kind_order, rank_rule
from unospec.model.effects import NO_EFFECT, CardEffect
from unospec.model.errors import InputError
from unospec.model.primitives import HailMary, PenaltyRace, WildDraw


@dataclass(frozen=True)
class DeckEntry:
    """One line of the deck composition, with where the fact comes from."""

    kind: str
    copies: int  # per colour and rank for coloured kinds; in all for wilds
    ranks: tuple[int, ...] = ()
    provenance: str = "assumed"  # "stated" in the booklet, or "assumed"
    why: str = ""
    foil: bool = False  # the collectible alternate: set aside unless the foil option is used
    wild: bool = False  # a wild kind: one face in all, no colour

    def faces(self, colors: tuple[str, ...]) -> list[tuple[Face, int]]:
        """The faces this entry puts in the deck, with their counts."""
        if self.kind == NUMBER:
            return [(Face(NUMBER, c, r), self.copies) for c in colors for r in self.ranks]
        if self.wild:
            return [(Face(self.kind), self.copies)]
        return [(Face(self.kind, c), self.copies) for c in colors]


Reading = str | int | bool | tuple[str, ...]
"""A value a reading gives its parameter."""


@dataclass(frozen=True)
class Interpretation:
    """A point where the booklet is ambiguous or silent, and the reading the edition chose.

    `decides` is the key path of the parameter this reading sets, when it sets one; then
    `chosen` equals that parameter's value and each alternative is another value for it.
    """

    id: str
    section: str
    question: str
    chosen: Reading
    alternatives: tuple[Reading, ...]
    why: str = ""
    decides: str | None = None
    family: str | None = None  # the kind of booklet defect it is, for `unospec lint`


@dataclass(frozen=True)
class Rules:
    """Rules that belong to no single card (Set Up, Let's Play, Calling UNO, Keeping Score)."""

    hand_size: int
    min_players: int
    max_players: int
    first_flip_ignores: frozenset[str]
    ignored_flip_goes: r.IgnoredFlipGoes
    flip_exhausted: r.FlipExhausted
    reshuffle: r.KeptOnReshuffle
    draw_shortfall: r.DrawShortfall
    empty_handed_draw: r.EmptyHandedDraw
    after_drawing: r.AfterDrawing
    uno_penalty: int
    next_leader: r.NextLeader
    game_end: r.GameEnd
    target_score: int
    points: tuple[tuple[str, int | str], ...]  # kind -> points, or "face-value"
    # House rules, and the newer editions' rules: absent from a file, the booklets' own
    # rule holds (`NO_HOUSE_RULE`), not a reading chosen for them.
    drawing: r.Drawing = "one-card"
    drawn_playable: r.DrawnPlayable = "may-keep"
    may_draw: r.MayDraw = "any-time"
    draw_by_choice: r.DrawByChoice = "the-new-card-may-be-played"
    stacking: r.Stacking = "none"
    jump_in: r.JumpIn = "none"
    uno_call: r.UnoCall = "required"
    uno_window: r.UnoWindow = "from-the-resolved-play-until-the-next-players-first-action"
    drawn_wild: r.DrawnWild = "as-printed"
    reshuffle_when: r.ReshuffleWhen = "when-a-draw-needs-a-card"
    final_card_effects: r.FinalCardEffects = "hand-ends-at-once"
    challenge_judges: r.ChallengeJudges = "the-hand-and-colour-when-the-card-was-played"
    uno_call_out_of_place: r.UnoCallOutOfPlace = "has-no-effect"
    elimination: int = 0  # a player holding this many cards or more is out; 0: no one is
    first_card: r.FirstCard = "plain-card"
    first_wild_colour: r.FirstWildColour = "named-by-the-dealer"
    drawn_wild_colour: r.DrawnWildColour = "named-by-its-player"


NO_HOUSE_RULE: dict[str, object] = {
    "drawing": "one-card",
    "drawn_playable": "may-keep",
    "may_draw": "any-time",
    "draw_by_choice": "the-new-card-may-be-played",
    "stacking": "none",
    "jump_in": "none",
    "uno_call": "required",
    "uno_window": "from-the-resolved-play-until-the-next-players-first-action",
    "drawn_wild": "as-printed",
    "reshuffle_when": "when-a-draw-needs-a-card",
    "final_card_effects": "hand-ends-at-once",
    "challenge_judges": "the-hand-and-colour-when-the-card-was-played",
    "uno_call_out_of_place": "has-no-effect",
    "elimination": 0,
    "first_card": "plain-card",
    "first_wild_colour": "named-by-the-dealer",
    "drawn_wild_colour": "named-by-its-player",
}
"""The `Rules` a file may leave out, as the five booklets play (Let's Play: draw one card, and
play it or keep it, or draw by choice; no stacking, no jump-in, UNO called, the discard pile
reshuffled when a draw needs a card, the hand over at a player's last card, no one out; a
first card the flip keeps starts the pile as a plain card; a wild's colour named by a player)."""


@dataclass(frozen=True)
class Edition:
    """The parameters of one edition. Equal editions play identically."""

    name: str
    title: str
    seed: str | None
    total_cards: int
    colors: tuple[str, ...]
    deck: tuple[DeckEntry, ...]
    effects: tuple[tuple[str, CardEffect], ...]  # kind -> effect
    rules: Rules
    sections: tuple[tuple[str, str], ...] = ()  # kind -> the booklet section of its rule
    card_names: tuple[tuple[str, str], ...] = ()  # kind -> the name its booklet prints, if given
    interpretations: tuple[Interpretation, ...] = ()
    source: str = "<built>"  # the file it was read from
    players_provenance: str = "assumed"
    variant_of: str | None = None  # the edition this one derives from, as its file names it
    first_effects: tuple[tuple[str, CardEffect], ...] = ()
    """kind -> the steps its card has when turned up first (`first_effect`), for the kinds
    whose file gives one; any other kind's first effect is its effect."""
    symbols: tuple[tuple[str, str | None], ...] = ()
    """card rule -> the symbol its cards match by besides colour, for the rules whose file
    gives one (`symbol`): shared with other kinds, or None, by colour only (Let's Play 1
    read another way: Express's action cards). Any other card matches by its number or
    kind."""
    written: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    """Where the file writes each parameter of a card's effect: (`KIND.PRIMITIVE.PARAMETER`,
    its key path), as readings' `decides` and findings name it (`parameter_key`)."""
    faces: FaceTable = field(init=False, repr=False, compare=False)
    color_indices: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", FaceTable.build(self))
        object.__setattr__(self, "color_indices", tuple(COLORS.index(c) for c in self.colors))

    def effect_of(self, kind: str) -> CardEffect:
        return dict(self.effects).get(kind, NO_EFFECT)

    def parameter_key(self, kind: str, primitive: str, parameter: str) -> str:
        """The key path the file writes `parameter` of `kind`'s `primitive` step at
        (`cards.reverse.reverse.with_two_players`, or `cards.reverse.with_two_players`
        beside a one-word effect)."""
        key = f"{kind}.{primitive}.{parameter}"
        return dict(self.written).get(key, f"cards.{key}")

    def section_of(self, card_id: str) -> str:
        """The booklet section that states the rule of this card (by its kind, or by its
        rank's rule where the file gives one)."""
        face = self.faces.ids.get(card_id)
        rule = self.faces.rule[face] if face is not None else Face.parse(card_id).kind
        return dict(self.sections).get(rule, sections.ACTION_CARDS)

    def card_name(self, kind: str) -> str:
        """A card kind as this edition's booklet prints it: the file's `name`, or the kind's
        words (``wild-draw-four`` is ``Wild Draw Four``)."""
        named = dict(self.card_names).get(kind)
        return named or " ".join(word.capitalize() for word in kind.split("-"))

    def behaviour(self) -> Edition:
        """This edition without what only documents it: its name and title, the booklet and
        file it came from, the edition it derives from, its cards' printed names, the wording
        of its readings and of its deck's provenance. Two editions whose behaviours are equal
        deal, play and score every game alike."""
        return replace(
            self,
            name="",
            title="",
            seed=None,
            card_names=(),
            interpretations=(),
            source="",
            players_provenance="",
            variant_of=None,
            deck=tuple(replace(entry, provenance="", why="") for entry in self.deck),
        )

    def require_players(self, players: int) -> None:
        """InputError unless the rules seat `players` (Set Up's range of players)."""
        low, high = self.rules.min_players, self.rules.max_players
        if not low <= players <= high:
            seats = f"{low}" if low == high else f"{low} to {high}"
            raise InputError(f"players: expected {seats} for {self.name}, found {players}")

    @property
    def kinds(self) -> tuple[str, ...]:
        """The card kinds of the deck, in their order (`cards.kind_order`)."""
        return tuple(sorted({entry.kind for entry in self.deck}, key=kind_order))

    def is_wild(self, kind: str) -> bool:
        """Whether `kind` is a wild kind of this deck (one face, no colour)."""
        return any(entry.wild for entry in self.deck if entry.kind == kind)

    @property
    def in_play_count(self) -> int:
        return len(self.faces.in_play)

    @property
    def set_aside_count(self) -> int:
        return len(self.faces.set_aside)

    @property
    def has_foil(self) -> bool:
        return any(entry.foil for entry in self.deck)


@dataclass(frozen=True)
class FaceTable:
    """Per-face lookups, indexed by face number (the position in `faces`)."""

    faces: tuple[Face, ...]
    ids: dict[str, int]
    in_play: tuple[int, ...]  # the in-play multiset, sorted
    set_aside: tuple[int, ...]  # the set-aside multiset, sorted
    color: tuple[int, ...]  # colour index, or -1 for wilds
    symbol: tuple[str, ...]
    wild: tuple[bool, ...]
    effect: tuple[CardEffect, ...]
    effects: tuple[CardEffect, ...]  # the distinct ones, in face order: what readers scan
    first_effect: tuple[CardEffect, ...]  # the steps of a first card (`setup.first_card`)
    hail_mary: tuple[bool, ...]
    wild_draw: tuple[bool, ...]
    penalty_race: tuple[bool, ...]
    ignored_at_flip: tuple[bool, ...]
    points: tuple[int, ...]  # -1 where the scoring table gives no value
    every_card: tuple[int, ...]  # in play and set aside together, sorted (conserved)
    kinds_in_play: frozenset[str]  # what a game can meet: a rule about another kind is idle
    rule: tuple[str, ...]  # the card rule each face follows: its kind, or its rank's rule
    rules_in_play: frozenset[str]  # the card rules a game can meet (`Edition.effects` keys)
    match_cache: dict[tuple[int, int], frozenset[int]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )  # filled by `legality.matching_cards`; a fresh one for every table, copies included

    @classmethod
    def build(cls, edition: Edition) -> FaceTable:
        counts: Counter[Face] = Counter()
        aside: Counter[Face] = Counter()
        for entry in edition.deck:
            for face, count in entry.faces(edition.colors):
                if count:  # a line of no copies puts no card in the deck
                    (aside if entry.foil else counts)[face] += count
        faces = tuple(sorted(set(counts) | set(aside), key=Face.sort_key))
        index = {face: i for i, face in enumerate(faces)}
        rule = tuple(_rule(edition, f) for f in faces)
        symbols = dict(edition.symbols)
        effects = dict(edition.effects)
        effect = tuple(effects.get(r, NO_EFFECT) for r in rule)
        firsts = dict(edition.first_effects)
        first_effect = tuple(firsts.get(r, e) for r, e in zip(rule, effect, strict=True))
        in_play = tuple(sorted(index[f] for f, n in counts.items() for _ in range(n)))
        set_aside = tuple(sorted(index[f] for f, n in aside.items() for _ in range(n)))
        return cls(
            faces=faces,
            ids={face.card_id: i for i, face in enumerate(faces)},
            in_play=in_play,
            set_aside=set_aside,
            color=tuple(COLORS.index(f.color) if f.color else -1 for f in faces),
            symbol=tuple(_symbol(symbols, r, f) for r, f in zip(rule, faces, strict=True)),
            wild=tuple(f.is_wild for f in faces),
            effect=effect,
            effects=tuple(dict.fromkeys(effect)),
            first_effect=first_effect,
            hail_mary=tuple(e.has(HailMary) for e in effect),
            wild_draw=tuple(e.has(WildDraw) for e in effect),
            penalty_race=tuple(e.has(PenaltyRace) for e in effect),
            ignored_at_flip=tuple(f.kind in edition.rules.first_flip_ignores for f in faces),
            points=tuple(_points(dict(edition.rules.points), f) for f in faces),
            every_card=tuple(sorted(in_play + set_aside)),
            kinds_in_play=frozenset(face.kind for face in counts),
            rule=rule,
            rules_in_play=frozenset(rule[index[face]] for face in counts),
        )

    def card_id(self, face: int) -> str:
        return self.faces[face].card_id

    def face(self, card_id: str) -> int:
        """The face number of a card id; KeyError when this deck has no such card."""
        return self.ids[card_id]


def _rule(edition: Edition, face: Face) -> str:
    """The card rule `face` follows: its rank's (`cards.number-7`) where the file gives one,
    else its kind's."""
    if face.rank is not None and rank_rule(face.rank) in dict(edition.effects):
        return rank_rule(face.rank)
    return face.kind


def _symbol(symbols: dict[str, str | None], rule: str, face: Face) -> str:
    """What `face` matches by besides colour: its rule's `symbol` where the file gives one;
    by colour only, a symbol no other face has (its own id, which no symbol spells)."""
    if rule not in symbols:
        return face.symbol
    return symbols[rule] or f"#{face.card_id}"


def _points(table: dict[str, int | str], face: Face) -> int:
    value = table.get(face.kind, -1)
    if value == "face-value":
        return face.rank if face.rank is not None else -1
    return value if isinstance(value, int) else -1
