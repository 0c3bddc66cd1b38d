"""The edition file format: what each key must hold, and how it becomes an `Edition`.

The format is documented in docs/edition-format.md; this module is its one definition.
Every parameter the kernel reads must be written in the file: nothing has a default here, so
no reading of a booklet is ever made silently in code.

Why one module of this length: it is one concept, the grammar of the edition file, read
in one pass by one `Reader` (each section's keys, types and ranges, and the readings each
parameter may choose).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

from unospec.editions.reader import Reader, Shown
from unospec.editions.toml_lines import KeyPath
from unospec.editions.variants import base_path
from unospec.model import readings as r
from unospec.model.cards import (
    COLORS,
    KINDS,
    NUMBER,
    RANKS,
    WILD_KINDS,
    kind_order,
    kind_problem,
    ranked,
)
from unospec.model.edition import DeckEntry, Edition, Interpretation, Reading, Rules
from unospec.model.effects import SHORTHANDS, CardEffect
from unospec.model.flows import Move
from unospec.model.primitives import HOLDINGS, PRIMITIVES, Parameter, Step, by_name, parameters
from unospec.model.readings import READINGS as READINGS  # the schema validates against it

FORMAT = 1
PROVENANCE = ("stated", "assumed")
TOP_KEYS = (
    "format",
    "name",
    "title",
    "seed",
    "variant_of",
    "total_cards",
    "players",
    "setup",
    "play",
    "scoring",
    "deck",
    "cards",
    "interpretations",
)
MAX_CARDS = 10_000
MAX_DRAW = 1_000

RULE_KEYS: dict[str, str] = {
    "hand_size": "setup.hand_size",
    "min_players": "players.min",
    "max_players": "players.max",
    "first_flip_ignores": "setup.first_flip_ignores",
    "ignored_flip_goes": "setup.ignored_flip_goes",
    "flip_exhausted": "setup.flip_exhausted",
    "first_card": "setup.first_card",
    "first_wild_colour": "setup.first_wild_colour",
    "next_leader": "setup.next_leader",
    "reshuffle": "play.reshuffle",
    "draw_shortfall": "play.draw_shortfall",
    "empty_handed_draw": "play.empty_handed_draw",
    "after_drawing": "play.after_drawing",
    "uno_penalty": "play.uno_penalty",
    "game_end": "scoring.game_end",
    "target_score": "scoring.target",
    "points": "scoring.points",
    "drawing": "play.drawing",
    "drawn_playable": "play.drawn_playable",
    "may_draw": "play.may_draw",
    "draw_by_choice": "play.draw_by_choice",
    "stacking": "play.stacking",
    "jump_in": "play.jump_in",
    "uno_call": "play.uno_call",
    "uno_window": "play.uno_window",
    "drawn_wild": "play.drawn_wild",
    "drawn_wild_colour": "play.drawn_wild_colour",
    "reshuffle_when": "play.reshuffle_when",
    "final_card_effects": "play.final_card_effects",
    "challenge_judges": "play.challenge_judges",
    "uno_call_out_of_place": "play.uno_call_out_of_place",
    "elimination": "play.elimination",
}
"""Where each field of `Rules` is written in an edition file, for messages that name it."""

FIXED_READINGS: dict[str, str] = {
    "stacked-challenge": "the-loser-of-the-challenge-draws-it-too",
    "stacked-wild-draw-four": "stacking-on-it-gives-up-the-challenge",
    "stacked-uno-window": "only-the-last-card-of-the-stack-opens-one",
    "swap-partner": "must-swap-with-any-other-player",
    "swap-uno": "the-cards-player-if-the-play-leaves-them-one",
    "jump-in-wilds": "coloured-cards-only",
    "jump-in-when": "before-the-player-whose-turn-it-is-acts",
    "jump-in-who": "anyone-but-the-player-whose-turn-it-is",
    "uno-window": "from-the-resolved-play-until-the-next-players-first-action",
    "uno-call-out-of-place": "has-no-effect",
    "final-card-effects": "hand-ends-at-once",
    "action-on-action": "adds-nothing-beyond-colour-matching",
    "wilds-any-time": "restriction-still-applies",
    "challenge-judges-which-hand": "the-hand-and-colour-when-the-card-was-played",
    "reshuffle-when": "when-a-draw-needs-a-card",
    "draw-by-choice": "the-new-card-may-be-played",
}
"""Readings the kernel plays with no parameter to choose another, by interpretation id: an
edition may list other answers as alternatives but not choose one, or its file would document
a rule the model does not play. A reading of another id without `decides` is the file's own
note; `lint` says the model does not follow it."""

DECIDABLE_READINGS: dict[str, str] = {
    "reshuffle-when": "play.reshuffle_when",
    "final-card-effects": "play.final_card_effects",
    "draw-by-choice": "play.draw_by_choice",
    "uno-window": "play.uno_window",
    "challenge-judges-which-hand": "play.challenge_judges",
    "uno-call-out-of-place": "play.uno_call_out_of_place",
}
"""Fixed readings a parameter may decide instead, by interpretation id: the parameter's key
path. A file that plays the parameter records the reading with `decides` naming it (RLCard's
reshuffle before a short draw, `play.reshuffle_when`; RLCard's last card whose effect is
carried out, `play.final_card_effects`; a draw by choice that ends the turn,
`play.draw_by_choice`; the call made with the play, `play.uno_window`); one that leaves
the parameter out plays the fixed reading, recorded without `decides` as before."""

DATA_READINGS = frozenset({"deck-composition"})
"""Readings of what the file's own data states (its deck lines): the data decides them."""


def played_by_model(ident: str, decides: str | None) -> bool:
    """Whether the model plays a reading: a parameter decides it, the kernel answers its
    question in code (`FIXED_READINGS`), or the file's data states it (`DATA_READINGS`).
    Any other is the file's own note (a house rule, say)."""
    return decides is not None or ident in FIXED_READINGS or ident in DATA_READINGS


FAMILIES = (
    "name-vs-effect",
    "legality-vs-judgment",
    "unspecified-outcome",
    "resource-exhaustion",
    "turn-order",
    "scoring-coverage",
    "redundancy",
    "dead-rule",
    "assumption",
)
"""The kinds of booklet defect `unospec lint` reports (an interpretation may name its own)."""

EFFECT_KEYS: dict[str, tuple[str, ...]] = {
    name: tuple(key for _, keys in steps for key in keys.values())
    for name, steps in SHORTHANDS.items()
}
"""The keys beside a one-word `effect` (`effects.SHORTHANDS`), by that word."""

WILD_SHORTHANDS = frozenset(
    name for name, steps in SHORTHANDS.items() if any(step.WILD_ONLY for step, _ in steps)
)
"""The one-word effects only a wild card can have (a coloured card cannot name a colour)."""


def build_edition(reader: Reader) -> Edition:
    """Validate the whole file and build the edition it describes."""
    reader.table((), TOP_KEYS)
    if not reader.has(("format",)):  # the one version this unospec reads, not a range
        reader.fail(("format",), f"format {FORMAT}")
    fmt = reader.integer(("format",), 1, 10**6)
    if fmt != FORMAT:
        reader.fail(("format",), f"format {FORMAT}", fmt)
    name = reader.string(("name",))
    words = all(c.isalnum() or c == "-" for c in name) and name[:1].isalnum()
    if not name or len(name) > 64 or not words:  # a leading dash reads as an option
        reader.fail(
            ("name",),
            "a name of at most 64 letters, digits and dashes, not starting with a dash",
            name,
        )
    colors = _colors(reader)
    kinds = _kinds(reader)
    deck = _deck(reader, len(colors), kinds)
    effects, sections, card_names, written, first_effects = _cards(reader, deck, kinds)
    edition = Edition(
        name=name,
        title=reader.string(("title",)),
        seed=reader.string(("seed",), optional=True) or None,
        total_cards=reader.integer(("total_cards",), 1, MAX_CARDS),
        colors=colors,
        deck=deck,
        effects=effects,
        sections=sections,
        card_names=card_names,
        rules=_rules(reader, deck, kinds),
        interpretations=_interpretations(reader),
        source=reader.file,
        players_provenance=reader.choice(("players", "provenance"), PROVENANCE),
        variant_of=_variant_of(reader),
        written=written,
        first_effects=first_effects,
        symbols=_symbols(reader, kinds),
    )
    counted = edition.in_play_count + edition.set_aside_count
    if counted != edition.total_cards:  # either may be the slip: the message names both lines
        total_line = reader.line_of(("total_cards",))
        reader.fail(
            ("deck", "cards"),
            f"a composition adding up to total_cards = {edition.total_cards} (line {total_line})",
            Shown(f"{counted} cards"),
        )
    _check_house_rules(reader, edition)
    return edition


def _check_house_rules(reader: Reader, edition: Edition) -> None:
    """A house rule the deck gives nothing to act on is a slip, not a rule: stacking with no
    draw card in the deck (the cards it stacks are the ones whose draw is aimed at a player).
    The mercy rule is not played with a challenged draw card: what a challenge means once its
    offender or its victim is out is a question no source answers, so it is refused rather
    than answered in code. Nor with a reshuffle of the whole discard pile: a player put out
    sheds their cards under the top card, and such a reshuffle may have left none. So is
    a last card's effect carried out with a step it cannot carry out once the hand is
    over (`_check_last_card_effects`), and stacking where a first card turned up deals a
    draw (`setup.first_card`): no one played it to aim it. A reshuffle the moment the draw
    pile empties (`reshuffle_when`) is not played with a draw of no set number (it stops on
    the pile's last card, with no next card to reshuffle for) nor with the mercy rule (the
    player put out by the draw that empties the pile sheds their hand first). A draw by
    choice that ends the turn (`draw_by_choice`) is a slip where no one may draw by choice
    (`may_draw = "without-a-playable-card"`). The UNO call made with the play
    (`uno_window`) is refused where no one calls, and with the plays out of turn (jump-in,
    stacking) and the mercy rule, whose calls no source places (`_check_call_with_play`).
    A call of UNO out of place that draws the penalty (`uno_call_out_of_place`) needs a call
    to make (`uno_call = "required"`) and no mercy rule (a caller put out on their own
    turn)."""
    if edition.rules.reshuffle_when == "as-soon-as-the-draw-pile-empties":
        _check_reshuffle_at_once(reader, edition)
    if edition.rules.uno_window == "while-playing-the-second-last-card":
        _check_call_with_play(reader, edition)
    if edition.rules.uno_call_out_of_place == "the-caller-draws-the-penalty":
        _check_call_out_of_place(reader, edition)
    turn_ends = edition.rules.draw_by_choice == "the-turn-ends"
    if turn_ends and edition.rules.may_draw == "without-a-playable-card":
        reader.fail(
            ("play", "draw_by_choice"),
            "no draw by choice that ends the turn where only a player with no playable card "
            "may draw (no one draws by choice)",
            Shown('play.may_draw = "without-a-playable-card"'),
        )
    if edition.rules.elimination:
        challenged = [kind for kind, effect in edition.effects if effect.asks("answer")]
        if challenged:
            reader.fail(
                ("play", "elimination"),
                "no challenged draw card with the mercy rule (unospec does not play a "
                "challenge whose player is out)",
                Shown(f"{challenged[0]}, whose victim may challenge it"),
            )
        if edition.rules.reshuffle == "whole-discard-pile":
            reader.fail(
                ("play", "elimination"),
                "no mercy rule where a reshuffle takes the whole discard pile (a player put "
                "out sheds their cards under the top card, which the reshuffle may have taken)",
                Shown(f'{edition.rules.elimination}, with play.reshuffle = "whole-discard-pile"'),
            )
    if edition.rules.final_card_effects == "effects-apply-then-score":
        _check_last_card_effects(reader, edition)
    if edition.rules.first_card == "played-by-the-dealer":
        _check_first_cards(reader, edition)
    if edition.rules.stacking == "none":
        return
    faces = edition.faces
    kept = (c for c in set(faces.in_play) if not faces.ignored_at_flip[c])
    drawn_first = sorted(faces.faces[c].kind for c in kept if faces.first_effect[c].owes)
    if edition.rules.first_card == "played-by-the-dealer" and drawn_first:
        reader.fail(
            ("play", "stacking"),
            'no stacking with first_card = "played-by-the-dealer" and a first card that '
            "draws (no one played it to aim its draw: unospec deals it)",
            Shown(f"{drawn_first[0]}, whose first effect draws"),
        )
    in_play = edition.faces.kinds_in_play
    draws = [kind for kind, effect in edition.effects if effect.aims is not None]
    if not any(kind in in_play for kind in draws):
        reader.fail(
            ("play", "stacking"),
            "a deck with a draw card to stack (a kind whose effect draws for a player)",
            Shown(f"no such card among {', '.join(sorted(in_play))}"),
        )


def _check_reshuffle_at_once(reader: Reader, edition: Edition) -> None:
    """See `_check_house_rules`: no draw of no set number, no mercy rule."""
    until = [kind for kind, effect in edition.effects if effect.asks("pick")]
    _refuse_any(
        reader,
        ("play", "reshuffle_when"),
        "no draw of no set number and no mercy rule with as-soon-as-the-draw-pile-empties "
        "(unospec reshuffles at once after a draw of a set number only)",
        [
            (edition.rules.drawing == "until-playable", "play.drawing = until-playable"),
            (bool(until), f"{until[0] if until else ''}, whose draw goes on until a colour"),
            (bool(edition.rules.elimination), f"play.elimination = {edition.rules.elimination}"),
        ],
    )


def _check_call_with_play(reader: Reader, edition: Edition) -> None:
    """See `_check_house_rules`: a call made with the play needs a call, and a play in turn."""
    rules = edition.rules
    _refuse_any(
        reader,
        ("play", "uno_window"),
        "an UNO call, and no jump-in, stacking or mercy rule, with "
        "while-playing-the-second-last-card (unospec calls with a play in turn only)",
        [
            (rules.uno_call == "none", 'play.uno_call = "none"'),
            (rules.jump_in != "none", 'play.jump_in = "identical-card"'),
            (rules.stacking != "none", f'play.stacking = "{rules.stacking}"'),
            (bool(rules.elimination), f"play.elimination = {rules.elimination}"),
        ],
    )


def _check_call_out_of_place(reader: Reader, edition: Edition) -> None:
    """See `_check_house_rules`: an UNO call to make, no mercy rule."""
    rules = edition.rules
    _refuse_any(
        reader,
        ("play", "uno_call_out_of_place"),
        "an UNO call and no mercy rule with the-caller-draws-the-penalty (unospec plays "
        "a call out of place where a call is due and no caller can be put out)",
        [
            (rules.uno_call == "none", "play.uno_call = none"),
            (bool(rules.elimination), f"play.elimination = {rules.elimination}"),
        ],
    )


def _refuse_any(
    reader: Reader, path: KeyPath, expected: str, conflicts: list[tuple[bool, str]]
) -> None:
    """Refuse the rule at `path` for the first of `conflicts` that holds (a rule of the
    edition it cannot go with), shown as the file writes that rule."""
    found = next((shown for holds, shown in conflicts if holds), None)
    if found is not None:
        reader.fail(path, expected, Shown(found))


PASSED_HANDS = Move("hand", "others", "hand")
"""A step's movement of its player's hand to another player (a swap, a pass of hands)."""
LAST_CARD_WAITS: dict[str, str] = {
    "pick": "whose next player would pick a colour",
    "target": "whose player would swap hands",
}
"""The decisions a card's step may wait for that a last card's effect does not carry out
(`play.final_card_effects`), and what the schema says of a card that would: a colour picked
to draw to, or a hand the player who has gone out would get again. A challenge and a race's
loser are carried out (`model.legality.LAST_CARD_DECISIONS`)."""


def _check_last_card_effects(reader: Reader, edition: Edition) -> None:
    """Where a last card's effect is carried out (`final_card_effects =
    "effects-apply-then-score"`, RLCard's UNO), every step of every card must be one the
    table can carry out before the hand is scored: steps that move the turn (no turn
    follows), a draw (dealt, then the hand is scored), a colour named, a Wild Draw card's
    challenge and a penalty race's loser (each settled, its draw dealt, then the hand is
    scored if its player still has no card). A Color Roulette's pick, a step that hands the
    player who went out cards again (a swap, a pass of hands), and stacking, which would
    pass the last card's draw on, are refused: no source says what they do after the last
    card, and unospec does not answer it in code."""
    path = ("play", "final_card_effects")
    for kind, effect in edition.effects:
        waits = next((why for asked, why in LAST_CARD_WAITS.items() if effect.asks(asked)), None)
        passes = any(PASSED_HANDS in said.moves for said in effect.statements)
        if waits is None and passes:
            waits = "whose step passes the hands on"
        if waits is not None:
            reader.fail(
                path,
                "no card whose last play waits for a colour picked or hands its player cards, "
                "with effects-apply-then-score (unospec carries out a last card's turn, colour, "
                "draw, challenge and penalty race steps only)",
                Shown(f"{kind}, {waits}"),
            )
    if edition.rules.stacking != "none":
        reader.fail(
            path,
            "no stacking with effects-apply-then-score (a last card's draw is dealt, not "
            "passed on)",
            Shown(f"play.stacking = {_shown(edition.rules.stacking)}"),
        )


def _check_first_cards(reader: Reader, edition: Edition) -> None:
    """Where a first card is carried out (`first_card = "played-by-the-dealer"`), the first
    effect of every card the flip keeps, its `effect` where it gives no `first_effect`, has
    only steps a first card can carry (`FIRST_EFFECT_STEPS`)."""
    faces = edition.faces
    for card in sorted(set(faces.in_play)):
        if faces.ignored_at_flip[card]:
            continue
        steps = faces.first_effect[card].steps
        refused = next((s.NAME for s in steps if s.NAME not in FIRST_EFFECT_STEPS), None)
        kind = faces.rule[card]
        if refused is not None:
            reader.fail(
                ("setup", "first_card"),
                "a first card that carries only steps a first card can ("
                + ", ".join(FIRST_EFFECT_STEPS)
                + "): give the card a first_effect, or have the first flip ignore it",
                Shown(f"{kind}, whose effect has {refused}"),
            )
        if faces.first_effect[card].asks("colour") and faces.first_effect[card].owes:
            reader.fail(
                ("setup", "first_card"),
                "a first card that names a colour or owes a draw, not both (unospec does not "
                "play a first card's draw after its colour)",
                Shown(f"{kind}, whose first effect has name-colour and draw"),
            )


def _variant_of(reader: Reader) -> str | None:
    """The edition this one derives from, when the file names one (see `variants`)."""
    value = reader.string(("variant_of",), optional=True)
    expected = "a built-in edition name, or an edition file (a path relative to this file)"
    if not value.strip():
        if "variant_of" in reader.data:  # written, but empty: a slip, not "no base"
            reader.fail(("variant_of",), expected, value)
        return None
    path = base_path(value, reader.file)
    if path is None:
        reader.fail(("variant_of",), expected, value)
    try:
        itself = path.resolve() == Path(reader.file).resolve()
    except (OSError, ValueError):
        itself = False
    if itself:
        reader.fail(("variant_of",), "another edition than this file", value)
    return value


def _colors(reader: Reader) -> tuple[str, ...]:
    """The deck's colours in one order whatever the file's (a set: no rule reads an order,
    so listing them otherwise must not change a scaled deck or a seeded game)."""
    reader.table(("deck",), ("colors", "cards"))
    return tuple(
        sorted(reader.choices(("deck", "colors"), COLORS, nonempty=True), key=COLORS.index)
    )


Kinds = dict[str, bool]
"""Every card kind a file may name, and whether it is wild: the booklets' kinds (`KINDS`),
then the file's own."""


def _kinds(reader: Reader) -> Kinds:
    """The booklets' kinds, and the file's own: each `[cards.KIND]` table of a kind the
    booklets do not name says whether it is wild (`wild = true`); one of theirs may say so
    too, as it is."""
    kinds = {kind: kind in WILD_KINDS for kind in KINDS}
    cards = reader.get(("cards",)) if reader.has(("cards",)) else {}
    if not isinstance(cards, dict):
        reader.fail(("cards",), "a table of the card kinds' rules", cards)
    entries = reader.get(("deck", "cards")) if reader.has(("deck", "cards")) else []
    listed = entries if isinstance(entries, list) else []  # checked as the deck is read
    dealt = {e["kind"] for e in listed if isinstance(e, dict) and isinstance(e.get("kind"), str)}
    for kind in sorted(cards, key=kind_order):
        rank = ranked(kind)
        if rank is not None:  # the rule of one rank of number cards (`cards.rank_rule`)
            _rank_rule(reader, kind, rank, listed)
            kinds[kind] = False
            continue
        problem = kind_problem(kind) if kind not in kinds else None
        if problem is not None:
            reader.fail(("cards", kind), problem, Shown(repr(kind)))
        if kind not in kinds and kind not in dealt:  # a slip, or a card no deck line adds
            known = ", ".join(sorted(dealt))
            reader.fail(
                ("cards", kind),
                f"a card kind of the deck ({known}), or a new kind a deck.cards line adds",
                Shown(repr(kind)),
            )
        path = ("cards", kind, "wild")
        if kind in kinds:
            if reader.has(path) and reader.boolean(path) != kinds[kind]:
                expected = (
                    f"{'true' if kinds[kind] else 'false'}: {kind} is one of the booklets' kinds"
                )
                reader.fail(path, expected, reader.get(path))
            continue
        if not reader.has(path):
            reader.fail(path, f"true or false: whether a {kind} card is a wild")
        kinds[kind] = reader.boolean(path)
    return kinds


def _symbols(reader: Reader, kinds: Kinds) -> tuple[tuple[str, str | None], ...]:
    """Each card rule's `symbol`, where its table gives one: a name cards of other kinds
    may share, matching each other across colours, or false, matching by colour only."""
    found: list[tuple[str, str | None]] = []
    cards = reader.get(("cards",)) if reader.has(("cards",)) else {}
    for rule in sorted(cards):
        path = ("cards", rule, "symbol")
        if not reader.has(path):
            continue
        value = reader.get(path)
        if kinds.get(rule, False):
            reader.fail(path, f"no symbol: {rule} is a wild, which matches any card", value)
        if value is False:
            found.append((rule, None))
            continue
        if not isinstance(value, str) or not value.strip() or value.startswith("#"):
            expected = "a symbol its cards match by (text not starting with #), or false"
            reader.fail(path, expected, value)
        found.append((rule, value))
    return tuple(found)


def _rank_rule(reader: Reader, rule: str, rank: int, entries: list[Any]) -> None:
    """A `[cards.number-R]` table gives the number cards of rank R a rule of their own: the
    deck must have such cards, and they stay numbers (no `wild` key)."""
    ranks = {
        r
        for e in entries
        if isinstance(e, dict) and e.get("kind") == NUMBER and isinstance(e.get("ranks"), list)
        for r in e["ranks"]
        if isinstance(r, int)  # a rank of another type is the deck's own error, said there
    }
    if rank not in ranks:
        have = ", ".join(str(r) for r in sorted(ranks))
        expected = f"the rule of a rank the deck's number cards have ({have or 'none'})"
        reader.fail(("cards", rule), expected, Shown(repr(rule)))
    if reader.has(("cards", rule, "wild")):
        expected = f"no wild key: {rule} is the rule of number cards, coloured"
        reader.fail(("cards", rule, "wild"), expected, reader.get(("cards", rule, "wild")))


def _deck(reader: Reader, colors: int, kinds: Kinds) -> tuple[DeckEntry, ...]:
    entries: list[DeckEntry] = []
    foils = 0
    cards = 0
    for i in range(len(reader.array(("deck", "cards"), nonempty=True))):
        path = ("deck", "cards", i)
        reader.table(path, ("kind", "ranks", "copies", "provenance", "why", "foil"))
        kind = reader.string((*path, "kind"))
        if kind not in kinds or ranked(kind) is not None:
            known = ", ".join(repr(k) for k in KINDS)
            reader.fail(
                (*path, "kind"),
                f"one of the booklets' kinds ({known}) or one with a [cards.KIND] table",
                kind,
            )
        ranks: tuple[int, ...] = ()
        if kind == NUMBER:
            items = reader.array((*path, "ranks"), nonempty=True)
            ranks = tuple(
                reader.integer((*path, "ranks", j), 0, RANKS[-1]) for j in range(len(items))
            )
            seen: set[int] = set()
            for rank in ranks:  # the first repeated, in one pass (a file may list thousands)
                if rank in seen:
                    reader.fail((*path, "ranks"), "no repeated ranks", Shown(f"{rank} twice"))
                seen.add(rank)
        elif reader.has((*path, "ranks")):
            reader.fail(
                (*path, "ranks"), f"no ranks for {kind} cards", reader.get((*path, "ranks"))
            )
        foil = reader.boolean((*path, "foil"))
        foils += foil
        if foils > 1:
            reader.fail((*path, "foil"), "at most one foil entry", True)
        copies = reader.integer((*path, "copies"), 0, MAX_CARDS)
        cards += copies * (1 if kinds[kind] else colors * max(1, len(ranks)))
        if cards > MAX_CARDS:
            reader.fail((*path, "copies"), f"a deck of at most {MAX_CARDS} cards", copies)
        entries.append(
            DeckEntry(
                kind=kind,
                copies=copies,
                ranks=ranks,
                provenance=reader.choice((*path, "provenance"), PROVENANCE),
                why=reader.string((*path, "why")),
                foil=foil,
                wild=kinds[kind],
            )
        )
    return tuple(entries)


Cards = tuple[
    tuple[tuple[str, CardEffect], ...],
    tuple[tuple[str, str], ...],
    tuple[tuple[str, str], ...],
    tuple[tuple[str, str], ...],
    tuple[tuple[str, CardEffect], ...],
]
"""(kind, effect) pairs, (kind, section) pairs and (kind, name) pairs, each sorted by kind,
where each card parameter is written (`Edition.written`), and (kind, first effect) pairs
for the kinds that give one (`first_effect`)."""

CARD_KEYS = ("section", "name", "wild", "effect", "first_effect", "symbol")
"""The keys of a `[cards.KIND]` table besides its steps' parameters."""

FIRST_EFFECT_STEPS = ("skip", "reverse", "draw", "skip-everyone", "name-colour")
"""The steps a first effect may have (`setup.first_card`): those that wait for no decision
but the dealer's colour. The others wait for another player (a challenge, a pick, a
loser), hand cards on or need a hand to play from; no source says what they do on a card
no one played, and unospec does not answer it in code."""


def _check_first_effect(reader: Reader, path: KeyPath, effect: CardEffect) -> None:
    """A first effect has only `FIRST_EFFECT_STEPS`, and names a colour or owes a draw, not
    both (the dealer's colour is named before the leader plays; a draw after it is not
    played)."""
    for i, step in enumerate(effect.steps):
        if step.NAME not in FIRST_EFFECT_STEPS:
            expected = "a step a first card can carry (" + ", ".join(FIRST_EFFECT_STEPS) + ")"
            reader.fail((*path, "first_effect", i), expected, step.NAME)
    if effect.asks("colour") and effect.owes is not None:
        reader.fail(
            (*path, "first_effect"),
            "a first effect that names a colour or owes a draw, not both (unospec does not "
            "play a first card's draw after its colour)",
            Shown("name-colour and draw"),
        )


Written = list[tuple[str, str]]
"""(`PRIMITIVE.PARAMETER`, the key path the file writes it at) for one card's effect."""


def _cards(reader: Reader, deck: tuple[DeckEntry, ...], kinds: Kinds) -> Cards:
    # Only the non-number kinds need a table: a deck of numbers alone may leave [cards] out,
    # and a deck that needs one is told which [cards.KIND] is missing, below.
    table = reader.table(("cards",), kinds) if reader.has(("cards",)) else {}
    effects: list[tuple[str, CardEffect]] = []
    sections: list[tuple[str, str]] = []
    names: list[tuple[str, str]] = []
    written: list[tuple[str, str]] = []
    firsts: list[tuple[str, CardEffect]] = []
    for kind in table:
        path = ("cards", kind)
        wild = kinds[kind]
        first_named: list[str] = []
        if reader.has((*path, "first_effect")):
            first, _, first_named = _steps(reader, path, wild, "first_effect")
            _check_first_effect(reader, path, first)
            firsts.append((kind, first))
        if isinstance(reader.get((*path, "effect")), str):
            effect, keys = _shorthand(reader, path, wild, first_named)
        else:
            effect, keys, named = _steps(reader, path, wild)
            reader.table(path, (*CARD_KEYS, *named, *first_named))
        written += [(f"{kind}.{key}", where) for key, where in keys]
        if kind == NUMBER and effect.steps:
            reader.fail((*path, "effect"), "no step for number cards", Shown("a step"))
        if reader.has((*path, "name")):
            names.append((kind, _card_name(reader, (*path, "name"))))
        effects.append((kind, effect))
        sections.append((kind, reader.string((*path, "section"))))
    for i, entry in enumerate(deck):
        if entry.kind != NUMBER and entry.kind not in table:
            reader.fail(("cards",), f"a [cards.{entry.kind}] table for deck.cards[{i}]")
    return (
        tuple(sorted(effects)),
        tuple(sorted(sections)),
        tuple(sorted(names)),
        tuple(written),
        tuple(sorted(firsts)),
    )


def _card_name(reader: Reader, path: tuple[str, ...]) -> str:
    """The name the booklet prints on a card (``Wild My Favorite Line``), for pictures."""
    name = reader.string(path)
    if not name.strip() or len(name) > 64 or not name.isprintable():
        reader.fail(path, "a card's name of 1 to 64 printable characters", name)
    return name


def _shorthand(
    reader: Reader, path: tuple[str, ...], wild: bool, first_named: list[str]
) -> tuple[CardEffect, Written]:
    """A one-word `effect` (`effects.SHORTHANDS`), its parameters in the keys beside it (and
    the tables of the parameters of a first effect's steps, `first_named`)."""
    name = reader.choice((*path, "effect"), SHORTHANDS)
    reader.table(path, (*CARD_KEYS, *EFFECT_KEYS[name], *first_named))
    if wild != (name in WILD_SHORTHANDS):
        allowed = WILD_SHORTHANDS if wild else set(SHORTHANDS) - WILD_SHORTHANDS
        reader.fail((*path, "effect"), "one of " + ", ".join(sorted(allowed)), name)
    steps = tuple(
        _step(reader, primitive, {p: (*path, key) for p, key in keys.items()})
        for primitive, keys in SHORTHANDS[name]
    )
    written = [
        (f"{primitive.NAME}.{parameter}", _dotted((*path, key)))
        for primitive, keys in SHORTHANDS[name]
        for parameter, key in keys.items()
    ]
    return CardEffect(steps), written


def _steps(
    reader: Reader, path: tuple[str, ...], wild: bool, key: str = "effect"
) -> tuple[CardEffect, Written, list[str]]:
    """An `effect` (or a `first_effect`, `key`) written as its steps: each a primitive's
    name (its parameters, if it has any, in the card's table under that name) or a one-key
    table `{primitive = parameters}` (a table of them, or the value of its one parameter).
    Also the names whose parameter tables it read, for the caller's check of the card's
    keys."""
    items = reader.array((*path, key))
    named: list[str] = []
    steps: list[Step] = []
    written: Written = []
    for i, item in enumerate(items):
        where: KeyPath = (*path, key, i)
        if isinstance(item, dict) and len(item) == 1:
            name = next(iter(item))
            primitive = _primitive(reader, (*where, name), name)
            step, keys = _inline_step(reader, primitive, (*where, name))
            steps.append(step)
            written += keys
            continue
        if not isinstance(item, str):
            reader.fail(where, "a primitive's name, or {primitive = its parameters}", item)
        primitive = _primitive(reader, where, item)
        wanted = parameters(primitive)
        if wanted:
            if item in named:  # which of the two would the table's parameters be?
                reader.fail(where, f"{{{item} = ...}}: a second {item} gives its own", item)
            named.append(item)
            reader.table((*path, item), [p.name for p in wanted])
        steps.append(_step(reader, primitive, {p.name: (*path, item, p.name) for p in wanted}))
        written += [(f"{item}.{p.name}", _dotted((*path, item, p.name))) for p in wanted]
    for i, step in enumerate(steps):
        if step.WILD_ONLY and not wild:
            expected = "a step a coloured card can carry (it names no colour, throws no wild)"
            reader.fail((*path, key, i), expected, step.NAME)
        if step.COLOURED_ONLY and wild:
            expected = "a step a wild card can carry (this one reads the card's own colour)"
            reader.fail((*path, key, i), expected, step.NAME)
    return CardEffect(tuple(steps)), written, named


def _primitive(reader: Reader, path: KeyPath, name: object) -> type[Step]:
    primitive = by_name(name) if isinstance(name, str) else None
    if primitive is None:
        names = ", ".join(repr(p.NAME) for p in PRIMITIVES)
        reader.fail(path, f"a primitive among {names}", name)
    return primitive


def _inline_step(reader: Reader, primitive: type[Step], path: KeyPath) -> tuple[Step, Written]:
    """A step written `{primitive = parameters}`: a table of them, or its one parameter's
    value."""
    wanted = parameters(primitive)
    if isinstance(reader.get(path), dict):
        reader.table(path, [p.name for p in wanted])
        where = {p.name: (*path, p.name) for p in wanted}
    elif len(wanted) == 1:
        where = {wanted[0].name: path}
    else:
        names = ", ".join(p.name for p in wanted)
        expected = f"a table of {primitive.NAME}'s parameters ({names})" if wanted else (
            "nothing: write the name alone"
        )  # fmt: skip
        reader.fail(path, expected, reader.get(path))
    step = _step(reader, primitive, where)
    return step, [(f"{primitive.NAME}.{name}", _dotted(key)) for name, key in where.items()]


def _dotted(path: KeyPath) -> str:
    """A key path as readings' `decides` write it: `cards.draw-two.effect.0.draw`."""
    return ".".join(str(part) for part in path)


def _step(reader: Reader, primitive: type[Step], where: dict[str, KeyPath]) -> Step:
    """`primitive` with each parameter read from where `where` says it is written."""
    values = {p.name: _parameter(reader, p, where[p.name]) for p in parameters(primitive)}
    return primitive(**values)


def _parameter(reader: Reader, parameter: Parameter, path: KeyPath) -> object:
    if parameter.kind == "count":
        return reader.integer(path, 0, MAX_DRAW)
    if parameter.kind == "reading":
        if parameter.default is not None and not reader.has(path):
            return parameter.default  # an optional reading the file leaves out
        return reader.choice(path, parameter.readings)
    return reader.choices(path, HOLDINGS)


def _rules(reader: Reader, deck: tuple[DeckEntry, ...], kinds: Kinds) -> Rules:
    reader.table(("players",), ("min", "max", "provenance", "why"))
    minimum = reader.integer(("players", "min"), 2, 1000)
    maximum = reader.integer(("players", "max"), minimum, 1000)
    reader.string(("players", "why"))
    setup = (
        "hand_size",
        "first_flip_ignores",
        "ignored_flip_goes",
        "flip_exhausted",
        "next_leader",
        *SETUP_RULES,
    )
    reader.table(("setup",), setup)
    play = ("after_drawing", "reshuffle", "draw_shortfall", "empty_handed_draw", "uno_penalty")
    reader.table(("play",), (*play, *HOUSE_RULES))
    reader.table(("scoring",), ("game_end", "target", "points"))
    return Rules(
        hand_size=reader.integer(("setup", "hand_size"), 1, MAX_CARDS),
        min_players=minimum,
        max_players=maximum,
        first_flip_ignores=frozenset(reader.choices(("setup", "first_flip_ignores"), kinds)),
        ignored_flip_goes=cast(r.IgnoredFlipGoes, _reading(reader, ("setup", "ignored_flip_goes"))),
        flip_exhausted=cast(r.FlipExhausted, _reading(reader, ("setup", "flip_exhausted"))),
        reshuffle=cast(r.KeptOnReshuffle, _reading(reader, ("play", "reshuffle"))),
        draw_shortfall=cast(r.DrawShortfall, _reading(reader, ("play", "draw_shortfall"))),
        empty_handed_draw=cast(r.EmptyHandedDraw, _reading(reader, ("play", "empty_handed_draw"))),
        after_drawing=cast(r.AfterDrawing, _reading(reader, ("play", "after_drawing"))),
        uno_penalty=reader.integer(("play", "uno_penalty"), 0, MAX_DRAW),
        next_leader=cast(r.NextLeader, _reading(reader, ("setup", "next_leader"))),
        game_end=cast(r.GameEnd, _reading(reader, ("scoring", "game_end"))),
        target_score=reader.integer(("scoring", "target"), 1, 10**9),
        points=_points(reader, kinds),
        **_house_rules(reader),
        **_setup_rules(reader),
    )


HOUSE_RULES = (
    "drawing",
    "drawn_playable",
    "may_draw",
    "draw_by_choice",
    "stacking",
    "jump_in",
    "uno_call",
    "uno_window",
    "drawn_wild",
    "drawn_wild_colour",
    "reshuffle_when",
    "final_card_effects",
    "challenge_judges",
    "uno_call_out_of_place",
    "elimination",
)
"""The optional `[play]` keys: a house rule or a newer edition's rule, the booklets' own where
a file leaves one out (`edition.NO_HOUSE_RULE`)."""


def _house_rules(reader: Reader) -> dict[str, Any]:
    """The house rules the file states (the others keep the booklets' rule)."""
    rules: dict[str, Any] = {}
    for key in HOUSE_RULES:
        path = ("play", key)
        if not reader.has(path):
            continue
        if key == "elimination":
            rules[key] = _elimination(reader, path)
        else:
            rules[key] = _reading(reader, path)
    return rules


SETUP_RULES = ("first_card", "first_wild_colour")
"""The optional `[setup]` keys: what a first card the flip keeps does (a plain card where a
file leaves them out, `edition.NO_HOUSE_RULE`)."""


def _setup_rules(reader: Reader) -> dict[str, Any]:
    """The optional `[setup]` rules the file states."""
    paths = [("setup", key) for key in SETUP_RULES]
    return {path[1]: _reading(reader, path) for path in paths if reader.has(path)}


def _elimination(reader: Reader, path: tuple[str, str]) -> int:
    """The count at which a player is out: more than a hand as dealt (a player is not out of
    the game the moment the cards are dealt)."""
    hand = reader.integer(("setup", "hand_size"), 1, MAX_CARDS)
    count = reader.integer(path, 1, MAX_CARDS)
    if count <= hand:
        expected = f"a count above the hand size, {hand} (a player dealt a hand is not out)"
        reader.fail(path, expected, count)
    return count


def _reading(reader: Reader, path: tuple[str, str]) -> str:
    """A reading of an unclear passage: one the kernel implements. An interpretation may list
    other readings as alternatives (the booklet allows them), but cannot choose them."""
    modelled = READINGS[".".join(path)]
    value = reader.get(path)
    if isinstance(value, str) and value not in modelled:
        names = ", ".join(repr(name) for name in modelled)
        reader.fail(path, f"one of {names} (the readings unospec models)", value)
    return reader.choice(path, modelled)


def _points(reader: Reader, kinds: Kinds) -> tuple[tuple[str, int | str], ...]:
    table = reader.table(("scoring", "points"), kinds)
    points: list[tuple[str, int | str]] = []
    for kind, value in table.items():
        path = ("scoring", "points", kind)
        if ranked(kind) is not None:  # a rank's rule (`[cards.number-R]`) is no kind
            reader.fail(path, f"no value: {kind} cards score as the number cards do", value)
        expected = "an integer from 0 to 1000000" + (" or 'face-value'" if kind == NUMBER else "")
        if kind == NUMBER and isinstance(value, str):
            if value != "face-value":  # a misspelt word: the integer is still an answer
                reader.fail(path, expected, value)
            points.append((kind, value))
        else:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**6:
                reader.fail(path, expected, value)
            points.append((kind, value))
    return tuple(points)


def _same_value(a: object, b: object) -> bool:
    """Equal readings; a list of kinds is a set, in any order."""
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    return type(a) is type(b) and a == b


def _interpretations(reader: Reader) -> tuple[Interpretation, ...]:
    if not reader.has(("interpretations",)):
        return ()
    found: list[Interpretation] = []
    keys = (
        "id",
        "section",
        "question",
        "decides",
        "chosen",
        "alternatives",
        "why",
        "family",
        "played_as",
    )
    for i in range(len(reader.array(("interpretations",)))):
        path = ("interpretations", i)
        reader.table(path, keys)
        ident = reader.string((*path, "id"))
        if any(item.id == ident for item in found):
            reader.fail((*path, "id"), "an id not used by another interpretation", ident)
        chosen = _value(reader, (*path, "chosen"))
        alternatives = reader.array((*path, "alternatives"), nonempty=True)
        decides = reader.string((*path, "decides"), optional=True) or None
        fixed = FIXED_READINGS.get(ident)
        decidable = DECIDABLE_READINGS.get(ident)
        if fixed is not None and decides is not None and decides != decidable:
            # it would set a parameter it is not about
            expected = f"no decides: unospec answers {ident} in code" + (
                "" if decidable is None else f', or decides = "{decidable}"'
            )
            reader.fail((*path, "decides"), expected, Shown(_shown(decides)))
        if decides is None and fixed is not None:
            _check_fixed(reader, path, ident, chosen, fixed)
        if decides is not None:
            _check_decides(reader, path, decides, chosen)
            for j in range(len(alternatives)):
                other = _value(reader, (*path, "alternatives", j))
                if not _same_kind(chosen, other):
                    reader.fail(
                        (*path, "alternatives", j),
                        f"another value of the kind {decides} takes (like {_shown(chosen)})",
                        Shown(_shown(other)),
                    )
        for j in range(len(alternatives)):
            if _same_value(chosen, _value(reader, (*path, "alternatives", j))):
                expected = "a reading other than the chosen one"
                reader.fail((*path, "alternatives", j), expected, Shown(_shown(chosen)))
        if reader.has((*path, "played_as")):
            _check_played_as(reader, path)
        found.append(
            Interpretation(
                id=ident,
                section=reader.string((*path, "section")),
                question=reader.string((*path, "question")),
                chosen=chosen,
                alternatives=tuple(
                    _value(reader, (*path, "alternatives", j)) for j in range(len(alternatives))
                ),
                why=reader.string((*path, "why")),
                decides=decides,
                family=reader.choice((*path, "family"), FAMILIES)
                if reader.has((*path, "family"))
                else None,
            )
        )
    return tuple(found)


PATCH_KEYS = (
    "total_cards",
    "players",
    "setup",
    "play",
    "scoring",
    "deck",
    "cards",
    "interpretations",
)
"""What an alternative's data (`played_as`) may change: the rules and the cards, and the
readings it leaves moot (`remove = true`); not what names the edition."""


def _check_played_as(reader: Reader, path: tuple[str | int, ...]) -> None:
    """`played_as`: for some of a reading's alternatives (named as written), the edition data
    that plays it, a delta merged onto this file's as `variant_of` merges one (`unospec
    readings` plays the alternative with it). Only its shape is checked here: the edition an
    alternative makes is validated, and may be refused, where it is built."""
    written = reader.get((*path, "alternatives"))
    named = [value for value in written if isinstance(value, str)]
    played = reader.get((*path, "played_as"))
    if not isinstance(played, dict):
        reader.fail((*path, "played_as"), "a table of alternatives and their data", played)
    for value in played:
        if value not in named:
            expected = f"an alternative of this reading ({', '.join(named) or 'none is text'})"
            reader.fail((*path, "played_as", value), expected, Shown(repr(value)))
        data = reader.get((*path, "played_as", value))
        if not isinstance(data, dict):
            reader.fail((*path, "played_as", value), "a table of edition data", data)
        for key in data:  # what a patch may write: a table of its own, for the key table
            if key not in PATCH_KEYS:
                expected = f"one of the keys {', '.join(PATCH_KEYS)}"
                reader.fail((*path, "played_as", value, key), expected, key)


def _check_fixed(
    reader: Reader, path: tuple[str | int, ...], ident: str, chosen: Reading, fixed: str
) -> None:
    """A fixed reading recorded without `decides` chooses what the model plays: the fixed
    answer, or where a parameter may decide it (`DECIDABLE_READINGS`) and the file states
    one, the parameter's value, which the reading then ties with `decides`."""
    decidable = DECIDABLE_READINGS.get(ident)
    if decidable is not None and reader.has(tuple(decidable.split("."))):
        played = reader.get(tuple(decidable.split(".")))
        if played != fixed:  # the file plays another answer: the reading must say so
            expected = f'decides = "{decidable}" (this file plays {decidable} = {_shown(played)})'
            reader.fail((*path, "chosen"), expected, Shown(_shown(chosen)))
    if chosen != fixed:
        expected = f'"{fixed}" (the reading unospec models: no parameter chooses another)'
        if decidable is not None:
            expected = f'"{fixed}", or a reading with decides = "{decidable}"'
        reader.fail((*path, "chosen"), expected, Shown(_shown(chosen)))


def _value(reader: Reader, path: tuple[str | int, ...]) -> Reading:
    value = reader.get(path)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    if not isinstance(value, str | int | bool):
        reader.fail(path, "a string, an integer, a boolean or an array of strings", value)
    return value


def _check_decides(reader: Reader, path: tuple[str | int, ...], decides: str, chosen: Any) -> None:
    target = tuple(decides.split("."))
    located: KeyPath = tuple(int(part) if part.isdigit() else part for part in target)
    if not _is_parameter(reader, target):
        reader.fail((*path, "decides"), "the key path of a parameter in this file", decides)
    default = _optional_default(reader, target)
    if not reader.has(located) and default is None:
        reader.fail((*path, "decides"), "the key path of a parameter in this file", decides)
    actual = reader.get(located) if reader.has(located) else default
    if not _same_reading(actual, chosen):
        reader.fail(
            (*path, "chosen"),
            f"the value {decides} has in this file ({_shown(actual)})",
            Shown(_shown(chosen)),
        )


def _optional_default(reader: Reader, target: tuple[str, ...]) -> str | None:
    """The default of the optional reading of a card's step at `target` (a file that leaves
    it out plays it), or None: a parameter a file must write."""
    if target[0] != "cards" or not reader.has(("cards", target[1], "effect")):
        return None
    effect = reader.get(("cards", target[1], "effect"))
    if isinstance(effect, str) and len(target) == 3:  # beside a one-word effect
        steps = SHORTHANDS.get(effect, ())
        named = [(p, name) for p, keys in steps for name, key in keys.items() if key == target[2]]
    elif len(target) == 4 and isinstance(effect, list) and target[2] in effect:
        primitive = by_name(target[2])
        named = [] if primitive is None else [(primitive, target[3])]
    else:
        return None
    for primitive, name in named:
        for parameter in parameters(primitive):
            if parameter.name == name:
                return parameter.default
    return None


def _is_parameter(reader: Reader, target: tuple[str, ...]) -> bool:
    """A rule's key (`play.reshuffle`), a card's points (`scoring.points.wild`) or a
    parameter of a step of a card's effect (`cards.reverse.reverse.with_two_players`;
    `cards.reverse.with_two_players` beside a one-word effect): what a reading can decide.
    Not the file's name or format, its deck lines or its readings."""
    key = ".".join(target)
    if key in RULE_KEYS.values() and key != RULE_KEYS["points"]:
        return True
    if target[:2] == ("scoring", "points"):
        return len(target) == 3
    if target[0] != "cards" or len(target) < 3 or not reader.has(("cards", target[1], "effect")):
        return False
    effect = reader.get(("cards", target[1], "effect"))
    if isinstance(effect, str):  # a one-word effect: its parameters beside it
        return len(target) == 3 and target[2] in EFFECT_KEYS.get(effect, ())
    if target[2] == "effect":  # a step written {primitive = parameters}
        inline = target[3:]
        return len(inline) in (2, 3) and inline[0].isdigit()
    primitive = by_name(target[2])
    named = isinstance(effect, list) and target[2] in effect
    return (
        named and primitive is not None and len(target) == 4
        and target[3] in {p.name for p in parameters(primitive)}
    )  # fmt: skip


def _same_reading(actual: Any, chosen: Any) -> bool:
    """A reading names a parameter's value: the same type (true is not 1), and for an array
    the same items in any order (the kinds a first flip ignores are a set)."""
    if isinstance(actual, list) and isinstance(chosen, tuple):
        return sorted(actual) == sorted(chosen)
    return type(actual) is type(chosen) and actual == chosen


def _same_kind(a: Any, b: Any) -> bool:
    """Both an array, or both a value of one type (true is not 1)."""
    return isinstance(a, tuple) == isinstance(b, tuple) and (
        isinstance(a, tuple) or type(a) is type(b)
    )


def toml_value(value: Any, width: int | None = None) -> str:
    """A value as an edition file writes it, TOML not Python: ``"draw"``, ``2``, ``true``,
    ``["current-color", "wild"]`` (a set sorted); strings cut to `width` characters when
    given, and what cannot be printed escaped.

    >>> toml_value(["current-color", "wild"]), toml_value(True), toml_value(frozenset("ba"))
    ('["current-color", "wild"]', 'true', '["a", "b"]')
    >>> toml_value({"count": 6})
    '{ count = 6 }'
    """
    if isinstance(value, frozenset | set):
        value = sorted(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v, width) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):  # an inline table: a step's parameters
        return "{ " + ", ".join(f"{k} = {toml_value(v, width)}" for k, v in value.items()) + " }"
    if isinstance(value, str):  # a TOML basic string
        if width is not None and len(value) > width:
            value = value[: width - 3] + "..."
        text = json.dumps(value, ensure_ascii=False)
        return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)
    return str(value)


def _shown(value: Any) -> str:
    """A reading's value in an error message: as the file writes it, long strings cut."""
    return toml_value(value, 40)
