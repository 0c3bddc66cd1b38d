"""Questions the booklets leave open that an edition file answers without recording why.

A reading that sets no parameter is still a choice: the kernel makes it (`FIXED_READINGS`).
A parameter the seed booklets all leave open (after a draw, may another card be played?)
is a choice too, made by the file's value. An edition written from scratch may not know
the question exists, so lint asks it on the file's behalf, under the id the built-in files
record it by, with the answer the model plays. Otherwise a file that records its readings
would get more findings than one that records none. The finding keeps the id a recorded
reading would have, so recording the reading later changes its message, not what a
baseline counts.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import NamedTuple

from unospec.checks.analyses.lint.families.does_not_arise import does_not_arise
from unospec.checks.analyses.lint.finding import INFO, WARNING, Finding, reading
from unospec.editions.schema import (
    DECIDABLE_READINGS,
    FIXED_READINGS,
    READINGS,
    RULE_KEYS,
    toml_value,
)
from unospec.model import sections
from unospec.model.cards import NUMBER, rank_rule
from unospec.model.edition import NO_HOUSE_RULE, Edition, Interpretation
from unospec.model.primitives import by_name
from unospec.model.wording import left_open, none_recorded


class Question(NamedTuple):
    """A question every edition whose deck has `card` (every edition, `card` None) raises,
    at a table of two when `two_players`; with `effects`, every edition whose deck has a card
    of one of those effects (the first such card's section, when `section` is ""); with
    `house_rule` (a `Rules` field), only those that play that house rule."""

    card: str | None
    section: str  # "": the card's own section
    text: str
    two_players: bool = False
    effects: tuple[str, ...] = ()  # primitives' names (`primitives.by_name`)
    house_rule: str | None = None  # a field of `Rules` the edition sets (`NO_HOUSE_RULE`)


HAIL_MARY, TOUCHDOWN, FAVORITE_LINE = "wild-hail-mary", "wild-touchdown", "wild-favorite-line"

ASKED: dict[str, Question] = {
    "uno-window": Question(
        None, sections.UNO, "When may UNO be called, and until when may a player be caught?"
    ),
    "uno-call-out-of-place": Question(
        None, sections.UNO, "What does a call of UNO do when nobody has just one card left?"
    ),
    "final-card-effects": Question(
        None, sections.WINNING, "Does the last card's action still happen before scoring?"
    ),
    "challenge-judges-which-hand": Question(
        None,
        "",
        "Which hand and colour does a challenge judge: those when the card was played, or "
        "those when it is challenged?",
        effects=("wild-draw",),
    ),
    "reshuffle-when": Question(
        None,
        sections.RESHUFFLE,
        "Is the discard pile reshuffled as soon as the draw pile is empty, or when a draw "
        "needs a card?",
    ),
    "draw-by-choice": Question(
        None,
        sections.DRAW_BY_CHOICE,
        "After drawing by choice while holding a playable card, may the player play the new "
        "card, or does the turn end?",
    ),
    "stacked-challenge": Question(
        None,
        sections.STACKING,
        "A Wild Draw card played on a stack is challenged: who draws the stack under it?",
        effects=("wild-draw",),
        house_rule="stacking",
    ),
    "stacked-wild-draw-four": Question(
        None,
        sections.STACKING,
        "May a Wild Draw card that is stacked on be challenged by the player it passes over?",
        effects=("wild-draw",),
        house_rule="stacking",
    ),
    "stacked-uno-window": Question(
        None,
        sections.UNO,
        "A player goes down to one card by stacking, and the draw is passed on: when is their "
        "UNO window?",
        house_rule="stacking",
    ),
    "swap-partner": Question(
        None,
        "",
        "Must the player of a card that swaps hands swap, and with whom?",
        effects=("swap-hands",),
    ),
    "swap-uno": Question(
        None,
        sections.UNO,
        "A swap or a pass of hands leaves a player holding one card: who must call UNO?",
        effects=("swap-hands", "pass-hands"),
    ),
    "jump-in-wilds": Question(
        None,
        sections.JUMP_IN,
        "May a wild be jumped in on an identical wild?",
        house_rule="jump_in",
    ),
    "jump-in-when": Question(
        None, sections.JUMP_IN, "When may a player jump in?", house_rule="jump_in"
    ),
    "jump-in-who": Question(
        None,
        sections.JUMP_IN,
        "May the player who played the top card jump in on it with its twin?",
        house_rule="jump_in",
    ),
}
"""The fixed readings whose question every edition (with the card) raises, by id."""

NOT_ASKED = frozenset({"action-on-action", "wilds-any-time"})
"""Fixed readings of one booklet's own wording (Express's NOTE): no other edition raises them."""


class Parameter(NamedTuple):
    """A question whose answer is a parameter's value: `path` is the file's key path
    (``play.after_drawing``), or ``EFFECT.field`` for each card kind with that effect;
    `family` is the one the built-in files record its reading in; with `card`, only that
    kind's parameter is asked (a question its booklet words for that card alone)."""

    path: str
    section: str  # "": the card's own section
    text: str
    family: str = "unspecified-outcome"
    card: str | None = None


PARAMETERS: dict[str, Parameter] = {
    "first-flip-action-cards": Parameter(
        "setup.first_flip_ignores",
        sections.FIRST_FLIP,
        "Which cards turned up first count as action cards, to be ignored?",
    ),
    "ignored-first-card": Parameter(
        "setup.ignored_flip_goes", sections.FIRST_FLIP, "Where does an ignored first card go?"
    ),
    "first-flip-exhausted": Parameter(
        "setup.flip_exhausted",
        sections.FIRST_FLIP,
        "What if no card left may start the discard pile?",
        "resource-exhaustion",
    ),
    "next-hand-leader": Parameter(
        "setup.next_leader", sections.WINNING, "Who plays first in the next hand?"
    ),
    "after-drawing": Parameter(
        "play.after_drawing",
        sections.DRAWN_CARD,
        "After drawing, may the player play another card than the one drawn?",
    ),
    "reshuffle-top-card": Parameter(
        "play.reshuffle",
        sections.RESHUFFLE,
        "Does a reshuffle take the top card of the discard pile too?",
    ),
    "draw-shortfall": Parameter(
        "play.draw_shortfall",
        sections.RESHUFFLE,
        "What if a player must draw more cards than the draw pile and a reshuffle can give?",
        "resource-exhaustion",
    ),
    "empty-handed-draw": Parameter(
        "play.empty_handed_draw",
        sections.DRAWN_CARD,
        "What if a player draws on their turn (with no match, or by choice) and no card is "
        "left anywhere to draw?",
    ),
    "scoring-optional": Parameter(
        "scoring.game_end", sections.SCORING, "Is a game one hand, or played to the target score?"
    ),
    "reverse-with-two-players": Parameter(
        "reverse.with_two_players", "", "With two players, does a Reverse let its player go again?"
    ),
    "wild-draw-legality": Parameter(
        "wild-draw.playable_unless_holding", "", "Which held cards forbid playing the card?"
    ),
    "wild-draw-judgment": Parameter(
        "wild-draw.guilty_if_holding", "", "Which held cards make the challenged card guilty?"
    ),
    "wild-draw-bluff": Parameter(
        "wild-draw.bluff",
        "",
        "Is the card held against its rule refused, or played and open to a challenge?",
    ),
    "successful-challenge-turn": Parameter(
        "wild-draw.after_successful_challenge",
        "",
        "After a successful challenge, does the challenger still lose their turn?",
    ),
    "hail-mary-own-turn": Parameter(
        "hail-mary.own_turn", "", "May the card also be played on one's own turn, as a wild?"
    ),
    "hail-mary-continues": Parameter(
        "hail-mary.continue_with",
        "",
        "Who plays after the card when play runs counterclockwise?",
        "turn-order",
    ),
    "hail-mary-wrong-guess": Parameter(
        "hail-mary.wrong_guess",
        "",
        "What happens when the named colour is not that of the caller's card?",
    ),
    "hail-mary-trigger": Parameter(
        "hail-mary.trigger", "", "When may a Hail Mary be thrown, and by whom?"
    ),
    "hail-mary-thrower-afterwards": Parameter(
        "hail-mary.thrower_afterwards",
        "",
        "Do winning and Calling UNO hold for the thrower afterwards?",
    ),
    "hail-mary-pending-challenge": Parameter(
        "hail-mary.pending_challenge",
        "",
        "May a Hail Mary interrupt while a Wild Draw card awaits its challenge?",
    ),
    "hail-mary-from-the-next-player": Parameter(
        "hail-mary.from_the_next_player",
        "",
        "Is a Hail Mary from the player whose turn comes after an UNO call the interrupt, or "
        "may it be that player's own play?",
    ),
    "hail-mary-shed-cards": Parameter(
        "hail-mary.shed_cards", "", "Where do the cards go when the thrower discards down to one?"
    ),
    "hail-mary-shed-all-but-one": Parameter(
        "hail-mary.keep_after_shedding",
        "",
        "After a right guess, must the thrower discard all but one card?",
    ),
    "hail-mary-guess-on-a-wild": Parameter(
        "hail-mary.guess_on_a_wild",
        "",
        "Can a guess be right when the caller's last card is a wild?",
    ),
    "penalty-race-loser": Parameter(
        "penalty-race.loser_among", "", "Can the card's own player be the one who loses?"
    ),
    "touchdown-next-player": Parameter(
        "penalty-race.next_player",
        "",
        "Who plays after the Touchdown card, and does the loser lose a turn?",
        card=TOUCHDOWN,
    ),
    "touchdown-two-players": Parameter(
        "penalty-race.two_players", "", "With two players, who is last to signal?", card=TOUCHDOWN
    ),
    "touchdown-judge": Parameter(
        "penalty-race.judge", "", "Who decides which player was last?", card=TOUCHDOWN
    ),
    "favorite-line-judge": Parameter(
        "penalty-race.judge",
        "",
        "Who decides that a quote is wrong or missing?",
        card=FAVORITE_LINE,
    ),
    "favorite-line-no-failure": Parameter(
        "penalty-race.no_failure", "", "What if every player manages a quote?", card=FAVORITE_LINE
    ),
    "favorite-line-next-player": Parameter(
        "penalty-race.next_player",
        "",
        "Who plays after My Favorite Line, and does the loser lose a turn?",
        card=FAVORITE_LINE,
    ),
}
"""The parameters every seed booklet leaves open, by the id the built-in files record their
reading under (a card's, once for each kind of the deck with that effect)."""


def unrecorded(edition: Edition, asked: set[str]) -> list[Finding]:
    """Each question of `ASKED` or `PARAMETERS` the edition raises and its file records no
    reading of; a parameter another finding asks about already (its key path is in
    `asked`) is not asked twice."""
    return _fixed(edition) + _parameters(edition, asked)


def _parameters(edition: Edition, asked_already: set[str]) -> list[Finding]:
    decided = {item.decides for item in edition.interpretations}
    ids = {item.id for item in edition.interpretations}
    untied = {item.id: item for item in edition.interpretations if item.decides is None}
    in_play = edition.faces.kinds_in_play
    found = []
    for ident, question in PARAMETERS.items():
        asked = _asked(edition, question, in_play)
        for path, section, value in asked:
            finding = f"{ident}:{path.split('.')[1]}" if len(asked) > 1 else ident
            note = untied.get(finding)
            if path in decided:
                continue
            if note is not None:  # the file's reading of it sets nothing: say what is played
                found.append(_untied(edition, question, finding, note, path, value))
                continue
            if finding in ids or path in asked_already:
                continue
            if does_not_arise(edition, path):
                continue
            found.append(
                Finding(
                    f"{question.family}:{finding}",
                    question.family,
                    WARNING,
                    section,
                    f"{question.text} {none_recorded(edition.seed)} ({finding}); its {path} is "
                    f"{toml_value(value)}{_others(question, value)}.",
                    key=path,  # where a reading's `decides` would point
                )
            )
    return found


def _untied(
    edition: Edition,
    question: Parameter,
    finding: str,
    note: Interpretation,
    path: str,
    value: object,
) -> Finding:
    """A reading of a parameter's question that names no `decides`: the parameter, not the
    reading, is what the model plays, whatever the reading chose."""
    moot = does_not_arise(edition, path)
    return Finding(
        f"{question.family}:{finding}",
        question.family,
        INFO if moot else WARNING,
        note.section,
        f"{question.text} {left_open(edition.seed)}; the edition file reads "
        f"{toml_value(note.chosen)} ({finding}) but names no decides, so the reading sets "
        f"nothing: the model plays the file's {path}, {toml_value(value)} "
        f'(`decides = "{path}"` ties the two).'
        + (f" It does not arise here: {moot}." if moot else ""),
        interpretation=reading(note),
        key=path,  # where the reading's `decides` would point
    )


def _others(question: Parameter, value: object) -> str:
    """The other values of the parameter the model plays, the choices a reading would weigh."""
    others = [toml_value(v) for v in READINGS.get(question.path, ()) if v != value]
    if not others:
        return ""
    return f" (the model also plays {', '.join(others)})"


def _asked(
    edition: Edition, question: Parameter, in_play: AbstractSet[str]
) -> list[tuple[str, str, object]]:
    """(key path, section, value) of each parameter `question` asks about in `edition`."""
    head, _, field = question.path.partition(".")
    primitive = by_name(head)
    if primitive is None:
        name = next(f for f, key in RULE_KEYS.items() if key == question.path)
        return [(question.path, question.section, getattr(edition.rules, name))]
    return [
        (edition.parameter_key(kind, head, field),
         dict(edition.sections).get(kind, sections.ACTION_CARDS), getattr(step, field))
        for kind, effect in edition.effects
        if kind in in_play and question.card in (None, kind)
        and (step := effect.find(primitive)) is not None
    ]  # fmt: skip


def raising_cards(edition: Edition, effects: tuple[str, ...]) -> list[str]:
    """The kinds in play whose effect has a step of one of the primitives `effects` names (a
    rank's rule, such as 7-0's `number-7`, is in play when numbers of its rank are)."""
    primitives = tuple(by_name(name) for name in effects)
    faces = edition.faces
    in_play = faces.kinds_in_play | {
        rank_rule(face.rank)
        for face in (faces.faces[card] for card in set(faces.in_play))
        if face.kind == NUMBER and face.rank is not None
    }
    return [
        kind
        for kind, effect in edition.effects
        if kind in in_play and any(p is not None and effect.has(p) for p in primitives)
    ]


def arises(question: Question, edition: Edition) -> bool:
    """Whether `edition` raises `question`: its card, an effect, its house rule."""
    rule = question.house_rule
    if rule is not None and getattr(edition.rules, rule) == NO_HOUSE_RULE[rule]:
        return False
    if question.card is not None and question.card not in edition.faces.kinds_in_play:
        return False
    return not question.effects or bool(raising_cards(edition, question.effects))


def played_answer(edition: Edition, ident: str) -> str:
    """The answer the model plays to the fixed reading `ident`: its fixed answer, or where a
    parameter may decide it (`DECIDABLE_READINGS`), that parameter's value in `edition`."""
    path = DECIDABLE_READINGS.get(ident)
    if path is None:
        return FIXED_READINGS[ident]
    field = next(f for f, key in RULE_KEYS.items() if key == path)
    return str(getattr(edition.rules, field))


def _fixed(edition: Edition) -> list[Finding]:
    recorded = {item.id for item in edition.interpretations}
    found = []
    for ident, question in ASKED.items():
        if ident in recorded:
            continue
        if question.two_players and edition.rules.min_players > 2:
            continue
        if not arises(question, edition):
            continue  # no card, effect or house rule of the edition raises it
        section, card = question.section, question.card
        if question.effects:  # the first card of the deck with one of those effects
            card = raising_cards(edition, question.effects)[0]
        if card is not None:
            section = section or dict(edition.sections).get(card, sections.ACTION_CARDS)
        found.append(
            Finding(
                f"unspecified-outcome:{ident}",
                "unspecified-outcome",
                WARNING,
                section,
                f"{question.text} {none_recorded(edition.seed)} ({ident}); the model plays "
                f"{played_answer(edition, ident)}.",
                key=None if card is None else f"cards.{card}",
            )
        )
    return found
