"""The annotations a turn-flow diagram carries for one edition: each rule's numbers
(cards drawn, readings chosen) as notes on the transitions that run it.

Each rule function of the machine that an edition can make differ has an annotator
(`ANNOTATIONS`); a reading chosen where the booklet is unclear is marked (`READING`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from unospec.diagrams.flow import Note
from unospec.model import branches as b
from unospec.model import updates as u
from unospec.model.cards import kind_order
from unospec.model.edition import Edition
from unospec.model.legality import check_hail_mary, check_loser, check_play_drawn
from unospec.model.primitives import Draw, HailMary, PenaltyRace, Reverse, Step, WildDraw
from unospec.model.table import CompiledMachine
from unospec.model.wording import seats

READING = "\u2020"
"""After a value a reading chose (a dagger): the booklet is unclear or silent there."""


READING_MEANING = (
    "a value a reading chose where the booklet is unclear or silent (the edition file's "
    "interpretations)"
)


def with_readings(edition: Edition, notes: tuple[Note, ...]) -> tuple[Note, ...]:
    """`notes`, those that word a parameter a reading of `edition` decides marked `READING`;
    a diff still compares the value alone."""
    decided = {reading.decides for reading in edition.interpretations if reading.decides}
    return tuple(
        replace(
            note,
            text=f"{note.text} {READING}",
            value=note.text if note.value is None else note.value,
        )
        if decided.intersection(note.shows)
        else note
        for note in notes
    )


def summary(edition: Edition) -> str:
    """One line of the edition's size: cards, players, hand size and how a game ends."""
    rules = edition.rules
    aside = f" + {edition.set_aside_count} set aside" if edition.set_aside_count else ""
    end = (
        "one hand is the game"
        if rules.game_end == "single-hand"
        else f"to {rules.target_score} points"
    )
    return (
        f"{edition.in_play_count} cards in play{aside} \u00b7 "
        f"{seats(rules.min_players, rules.max_players)} players \u00b7 hands of {rules.hand_size} "
        f"\u00b7 {end}"
    )


def about(
    edition: Edition,
    key: str,
    kind: str,
    words: str,
    between: str = ": ",
    shows: tuple[str, ...] = (),
) -> Note:
    """A note on one card's rule: its name, then `words`. A diff compares the words alone,
    so a card renamed with the same rule (Touchdown, My Favorite Line) is not a change; the
    deck's lines show the renaming."""
    name = edition.card_name(kind)
    text = f"{name}{between}{words}" if words else name
    return Note(key, text, value=words, shows=shows)


S = TypeVar("S", bound=Step)


def kinds_with(edition: Edition, primitive: type[S]) -> list[tuple[str, S]]:
    """The card kinds in play whose effect has a `primitive` step, with the first such step,
    in the deck's kind order."""
    present = edition.faces.kinds_in_play
    found = [
        (kind, step)
        for kind, effect in edition.effects
        if kind in present and (step := effect.find(primitive)) is not None
    ]
    return sorted(found, key=lambda pair: kind_order(pair[0]))


def keys(edition: Edition, kind: str, step: Step, *parameters: str) -> tuple[str, ...]:
    """Where `edition`'s file writes `parameters` of `kind`'s `step`."""
    return tuple(edition.parameter_key(kind, step.NAME, p) for p in parameters)


Annotator = Callable[[Edition], list[Note]]


_AMONG = ("loser_among",)


_GUILTY = ("offender_draws", "after_successful_challenge")


_GAME_END = ("scoring.game_end",)


_AFTER_DRAWING = ("play.after_drawing",)


_TARGET = ("scoring.target",)


def _deal(edition: Edition) -> list[Note]:
    return [Note("hand-size", f"{edition.rules.hand_size} cards each", shows=("setup.hand_size",))]


def _first_flip(edition: Edition) -> list[Note]:
    ignores = (
        edition.rules.first_flip_ignores & edition.faces.kinds_in_play
    )  # a kind not dealt: moot
    wilds = {k for k in edition.faces.kinds_in_play if edition.is_wild(k)}
    named = [k for k in sorted(ignores, key=kind_order) if not (wilds <= ignores and k in wilds)]
    shown = [edition.card_name(k) for k in named] + (
        ["every wild"] if wilds and wilds <= ignores else []
    )
    text = f"ignored first: {', '.join(shown) or 'nothing'}"
    kinds = named + (["every wild"] if wilds and wilds <= ignores else [])
    value = f"ignored first: {', '.join(kinds) or 'nothing'}"  # a renamed card is no change
    return [Note("first-flip", text, value=value, shows=("setup.first_flip_ignores",))]


def _draw_cards(edition: Edition) -> list[Note]:
    return [
        about(
            edition,
            nth("draw-card", i),
            kind,
            f"next player draws {step.count}",
            shows=keys(edition, kind, step, "count"),
        )
        for i, (kind, step) in enumerate(kinds_with(edition, Draw))
    ]


def _reverse(edition: Edition) -> list[Note]:
    if edition.rules.min_players > 2:  # a rule for a table of two, which never sits here
        return []
    readings = {"acts-as-skip": "acts as a Skip", "direction-only": "turns direction only"}
    return [
        about(
            edition,
            nth("reverse", i),
            kind,
            f"with 2 players: {readings.get(effect.with_two_players, '?')}",
            " ",
            shows=keys(edition, kind, effect, "with_two_players"),
        )
        for i, (kind, effect) in enumerate(kinds_with(edition, Reverse))
    ]


def _race(edition: Edition) -> list[Note]:
    among = {"others": "one of the others", "everyone": "anyone, its player too"}
    return [
        about(
            edition,
            nth("race", i),
            kind,
            f"the loser is {among[effect.loser_among]}",
            shows=keys(edition, kind, effect, *_AMONG),
        )
        for i, (kind, effect) in enumerate(kinds_with(edition, PenaltyRace))
    ]


def _race_draw(edition: Edition) -> list[Note]:
    return [
        about(
            edition,
            nth("race-draw", i),
            kind,
            f"the loser draws {effect.draw}",
            shows=keys(edition, kind, effect, "draw"),
        )
        for i, (kind, effect) in enumerate(kinds_with(edition, PenaltyRace))
    ]


def _challenge(edition: Edition) -> list[Note]:
    holding = {"current-color": "the colour in force", "wild": "a wild"}
    then = {
        "challenger-plays": "challenger plays",
        "challenger-loses-turn": "challenger's turn lost",
    }
    notes = []
    for i, (kind, effect) in enumerate(kinds_with(edition, WildDraw)):

        def written(fields: tuple[str, ...], kind: str = kind) -> tuple[str, ...]:
            return tuple(edition.parameter_key(kind, WildDraw.NAME, f) for f in fields)

        judged = " or ".join(holding[h] for h in effect.guilty_if_holding)
        guilty = f"{effect.offender_draws}, {then[effect.after_successful_challenge]}"
        notes += [
            about(edition, nth("wild-draw-card", i), kind, ""),
            Note(nth("guilty", i), f"guilty: its player draws {guilty}", shows=written(_GUILTY)),
            _bluff(nth("bluff", i), effect, holding, written),
            Note(
                nth("innocent", i),
                f"not guilty: challenger draws {effect.challenger_draws}",
                shows=written(("challenger_draws",)),
            ),
            Note(
                nth("judged-by", i),
                f"guilty if holding {judged}",
                shows=written(("guilty_if_holding",)),
            ),
        ]
    return notes


BLUFF = {
    "allowed-until-challenged": "a bluff stands until challenged",
    "refused": "a bluff is refused: no challenge succeeds",
}
"""How a Wild Draw card played against its own rule is worded on the challenge."""


def _bluff(
    key: str,
    effect: WildDraw,
    holding: dict[str, str],
    written: Callable[[tuple[str, ...]], tuple[str, ...]],
) -> Note:
    """The bluff note: `BLUFF`'s wording, unless a refused bluff still leaves a challenge to
    win, the judgment looking at cards the legality rule lets its player hold (what the
    `challenge-can-succeed` proof finds)."""
    wider = [h for h in effect.guilty_if_holding if h not in effect.playable_unless_holding]
    if effect.bluff != "refused" or not wider:
        return Note(key, BLUFF[effect.bluff], shows=written(("bluff",)))
    held = " or ".join(holding[h] for h in wider)
    text = f"a bluff is refused, yet a legal play holding {held} is guilty"
    shows = written(("bluff", "playable_unless_holding", "guilty_if_holding"))
    return Note(key, text, shows=shows)


def _after_drawing(edition: Edition) -> list[Note]:
    which = {
        "drawn-card-only": "the drawn card only",
        "any-matching-card": "any matching card in hand",
    }
    return [Note("after-drawing", which[edition.rules.after_drawing], shows=_AFTER_DRAWING)]


def _accept(edition: Edition) -> list[Note]:
    return [
        about(
            edition,
            nth("wild-draw", i),
            kind,
            f"victim draws {effect.draw}",
            shows=keys(edition, kind, effect, "draw"),
        )
        for i, (kind, effect) in enumerate(kinds_with(edition, WildDraw))
    ]


def _hail_mary(edition: Edition) -> list[Note]:
    after = {"left-of-player": "left of its thrower", "next-in-direction": "after its thrower"}
    notes = []
    for i, (kind, effect) in enumerate(kinds_with(edition, HailMary)):
        notes += [
            about(edition, nth("hail-mary", i), kind, "thrown at the caller", " "),
            Note(
                nth("hail-mary-then", i),
                f"then play goes on {after[effect.continue_with]}",
                shows=keys(edition, kind, effect, "continue_with"),
            ),
        ]
    return notes


def _hail_mary_on_a_turn(edition: Edition) -> list[Note]:
    """On the wild's own-turn play: whether a Hail Mary may be played there at all."""
    own = {"plain-wild": "played as a plain Wild", "interrupt-only": "never played"}
    return [
        about(
            edition,
            nth("hail-mary-own", i),
            kind,
            f"on a turn: {own[effect.own_turn]}",
            " ",
            shows=keys(edition, kind, effect, "own_turn"),
        )
        for i, (kind, effect) in enumerate(kinds_with(edition, HailMary))
    ]


def _catch(edition: Edition) -> list[Note]:
    return [
        Note(
            "uno-penalty", f"caught: draws {edition.rules.uno_penalty}", shows=("play.uno_penalty",)
        )
    ]


def _won(edition: Edition) -> list[Note]:
    rules = edition.rules
    if rules.game_end == "single-hand":
        return [Note("target", "one hand is the game", shows=_GAME_END)]
    return [Note("target", f"winner reaches {rules.target_score} points", shows=_TARGET)]


def _next_hand(edition: Edition) -> list[Note]:
    rules = edition.rules
    if rules.game_end == "single-hand":
        return []  # the transition is switched off (`ruled_out`): it is drawn without notes
    return [Note("target", f"below {rules.target_score} points: deal again", shows=_TARGET)]


ANNOTATIONS: dict[object, Annotator] = {
    u.deal_cards: _deal,
    b.flips_ignored_card: _first_flip,
    b.plays_draw_card: _draw_cards,
    b.plays_wild: _hail_mary_on_a_turn,
    u.play_card: _reverse,
    b.resolves_by_loser: _race,
    check_loser: _race,  # drawn once, where a loser is first called for
    u.owe_loser_penalty: _race_draw,
    u.judge_challenge: _challenge,
    u.accept_draw: _accept,
    check_play_drawn: _after_drawing,
    check_hail_mary: _hail_mary,
    u.owe_catch_penalty: _catch,
    b.game_is_won: _won,
    u.score_hand: _next_hand,
}
"""The rule functions whose parameters a diagram shows, and how to word them.

A branch condition's notes go on the first branch it selects; a guard's or an effect's on the
first branch its event takes when no condition holds: each number is on the page once. An
event's validator (the legality rule every branch of it checks) governs each of its branches.
"""


def branch_notes(
    edition: Edition, machine: CompiledMachine
) -> tuple[dict[int, tuple[Note, ...]], dict[int, tuple[Note, ...]]]:
    """Each branch's notes, drawn on the first branch of their rule only, and the notes of
    every rule each branch runs (what a diff marks it changed by)."""
    worded: dict[Annotator, list[Note]] = {}  # each rule's notes, worded once
    drawn: set[Annotator] = set()

    def words(function: object) -> list[Note]:
        annotate = ANNOTATIONS[function]
        if annotate not in worded:
            worded[annotate] = annotate(edition)
        return worded[annotate]

    out: dict[int, tuple[Note, ...]] = {}
    governing: dict[int, tuple[Note, ...]] = {}
    for branch in machine.branches:
        functions: list[object] = [*branch.conditions, *branch.unless]
        if not functions:  # the default branch of its event
            functions += [*branch.validators, branch.update]
        notes: list[Note] = []
        every: list[Note] = []
        for function in functions:
            if function in ANNOTATIONS:
                if ANNOTATIONS[function] not in drawn:  # the first branch it selects: drawn here
                    drawn.add(ANNOTATIONS[function])
                    notes += words(function)
                every += words(function)
        for function in branch.validators:  # its event's legality rule: run on every branch
            if function in ANNOTATIONS and function not in functions:
                every += words(function)
        out[branch.number] = tuple(notes)
        governing[branch.number] = tuple(every)
    return out, governing


def nth(key: str, i: int) -> str:
    """The key of the i-th card with one effect: a second such card is compared apart."""
    return key if i == 0 else f"{key}#{i + 1}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
