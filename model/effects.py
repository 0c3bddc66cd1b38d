"""What a card kind does: its effect, a sequence of primitives (`primitives`), as data.

An edition maps every card kind in its deck to a `CardEffect`; the kernel carries out its
steps in order and never reads a card's or an edition's name. A number card's effect has no
step. `SHORTHANDS` are the effects the first edition files named with one word (`effect =
"draw"`, with `draw = 2` beside it): each is a composition of primitives, and a file may
still use the word.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from dataclasses import dataclass
from typing import TypeVar

from unospec.model.primitives import (
    Draw,
    HailMary,
    NameColour,
    PenaltyRace,
    Reverse,
    Skip,
    Statement,
    Step,
    WildDraw,
)

S = TypeVar("S", bound=Step)


@dataclass(frozen=True)
class CardEffect:
    """The steps a card kind's play carries out, in order (none for a number card).

    >>> effect = CardEffect((Draw(2), Skip()))
    >>> effect.find(Draw), effect.owes, shorthand(effect)
    (Draw(count=2), 2, 'draw')
    """

    steps: tuple[Step, ...] = ()

    def find(self, primitive: type[S]) -> S | None:
        """The first step of `primitive`, or None (looked up once per primitive)."""
        found = self._found
        if primitive not in found:
            found[primitive] = next((s for s in self.steps if isinstance(s, primitive)), None)
        return found[primitive]  # type: ignore[return-value]

    @functools.cached_property
    def _found(self) -> dict[type[Step], Step | None]:
        return {}

    def has(self, primitive: type[Step]) -> bool:
        return any(isinstance(step, primitive) for step in self.steps)

    @functools.cached_property
    def statements(self) -> tuple[Statement, ...]:
        """What each step does, as data: computed once per effect (the kernel asks it on
        every play, and an effect never changes)."""
        return tuple(step.statement() for step in self.steps)

    @functools.cached_property
    def owes(self) -> int | None:
        """Cards the play itself owes someone (its draw step's count), or None."""
        return next((said.owes for said in self.statements if said.owes is not None), None)

    @property
    def draws(self) -> tuple[Step, str, int] | None:
        """The first step that makes someone draw, the parameter saying how many, and its
        value (a Draw Two's `draw` step, `count`, 2), or None."""
        for step in self.steps:
            said = step.statement().draws
            if said is not None:
                return step, *said
        return None

    def replaced(self, **changes: object) -> CardEffect:
        """This effect with its first step that has every parameter of `changes` given them
        (another reading, another count), the others as they are."""
        for i, step in enumerate(self.steps):
            names = {f.name for f in dataclasses.fields(step)}
            if set(changes) <= names:
                changed = dataclasses.replace(step, **changes)
                return CardEffect((*self.steps[:i], changed, *self.steps[i + 1 :]))
        raise ValueError(f"no step of {self} has the parameters {sorted(changes)}")

    @functools.cached_property
    def aims(self) -> int | None:
        """Cards the card aims at the next player as a draw card (None: it is none), which
        stacking may pass on (`legality.stacks_on`)."""
        return next((said.aims for said in self.statements if said.aims is not None), None)

    def asks(self, decision: str) -> bool:
        """Whether a step waits for `decision` (`primitives.ASKS`)."""
        return decision in self._asked

    @functools.cached_property
    def _asked(self) -> frozenset[str]:
        return frozenset(said.asks for said in self.statements if said.asks is not None)

    @functools.cached_property
    def last_resort(self) -> bool:
        """Whether a step makes the card one of last resort (`Statement.last_resort`)."""
        return any(said.last_resort for said in self.statements)

    @functools.cached_property
    def rules_of_when(self) -> tuple[Step, ...]:
        """The steps with a rule of when their card may be played (`Step.allows`): most
        effects have none, and legality asks only these."""
        return tuple(s for s in self.steps if type(s).allows is not Step.allows)

    @property
    def wild_only(self) -> bool:
        """Whether only a wild card can carry this effect."""
        return any(step.WILD_ONLY for step in self.steps)


NO_EFFECT = CardEffect()
"""A number card's: nothing beyond matching (Let's Play)."""


SHORTHANDS: dict[str, tuple[tuple[type[Step], dict[str, str]], ...]] = {
    "none": (),
    "skip": ((Skip, {}),),
    "reverse": ((Reverse, {"with_two_players": "with_two_players"}),),
    "draw": ((Draw, {"count": "draw"}), (Skip, {})),
    "wild": ((NameColour, {}),),
    "wild-draw": (
        (NameColour, {}),
        (
            WildDraw,
            {
                name: name
                for name in (
                    "draw",
                    "playable_unless_holding",
                    "guilty_if_holding",
                    "bluff",
                    "challenger_draws",
                    "offender_draws",
                    "after_successful_challenge",
                )
            },
        ),
    ),
    "hail-mary": (
        (
            HailMary,
            {
                name: name
                for name in (
                    "own_turn",
                    "continue_with",
                    "wrong_guess",
                    "guess_on_a_wild",
                    "trigger",
                    "thrower_afterwards",
                    "pending_challenge",
                    "from_the_next_player",
                    "shed_cards",
                    "keep_after_shedding",
                )
            },
        ),
    ),
    "penalty-race": (
        (NameColour, {}),
        (
            PenaltyRace,
            {
                "draw": "draw",
                "loser_among": "loser_among",
                "next_player": "next_player",
                "two_players": "two_players",
                "no_failure": "no_failure",
                "judge": "judge",
            },
        ),
    ),
}
"""The one-word effects of the first edition files, each as its steps: per step, its
primitive and which key beside `effect` gives each of its parameters."""


def shorthand(effect: CardEffect) -> str | None:
    """The one word an edition file may name `effect` by, or None when it has none."""
    primitives = tuple(type(step) for step in effect.steps)
    return next(
        (name for name, steps in SHORTHANDS.items() if tuple(p for p, _ in steps) == primitives),
        None,
    )


def shorthand_parameters(effect: CardEffect) -> dict[str, object]:
    """The keys beside `effect = "WORD"` that give `effect` (for a shorthand effect)."""
    name = shorthand(effect)
    assert name is not None
    found: dict[str, object] = {}
    for step, (_, keys) in zip(effect.steps, SHORTHANDS[name], strict=True):
        written = _written(step)
        for parameter, key in keys.items():
            if parameter in written:
                found[key] = written[parameter]
    return found


def _written(step: Step) -> dict[str, object]:
    """A step's parameters as a file writes them: an optional one (a field with a default)
    only where it is not its default, so that a file leaving it out reads the same."""
    return {
        f.name: getattr(step, f.name)
        for f in dataclasses.fields(step)
        if f.default is dataclasses.MISSING or getattr(step, f.name) != f.default
    }


def as_written(effect: CardEffect) -> dict[str, object]:
    """`effect` as an edition file writes it, key by key beside `section`: a one-word
    `effect` and its keys where it has a shorthand, else the list of its steps' names and
    each one's parameters under its name (inline, `{primitive = parameters}`, for a
    primitive with parameters the list names twice).

    >>> as_written(CardEffect((Draw(2), Skip())))
    {'effect': 'draw', 'draw': 2}
    >>> as_written(CardEffect((Skip(), Reverse("direction-only"))))
    {'effect': ['skip', 'reverse'], 'reverse': {'with_two_players': 'direction-only'}}
    """
    name = shorthand(effect)
    if name is not None:
        return {"effect": name, **shorthand_parameters(effect)}
    written: dict[str, object] = {}
    names: list[object] = []
    counts = Counter(type(step) for step in effect.steps)
    for step in effect.steps:
        values = _written(step)
        if values and counts[type(step)] > 1:
            names.append({step.NAME: values})
            continue
        names.append(step.NAME)
        if values:
            written[step.NAME] = values
    return {"effect": names, **written}


def as_steps(effect: CardEffect) -> list[object]:
    """`effect` as a list of steps an edition file may write, each step's parameters
    inline (`first_effect`, whose steps may share no table with the card's `effect`).

    >>> as_steps(CardEffect((Reverse("direction-only"), Skip())))
    [{'reverse': {'with_two_players': 'direction-only'}}, 'skip']
    """
    steps: list[object] = []
    for step in effect.steps:
        values = _written(step)
        steps.append({step.NAME: values} if values else step.NAME)
    return steps


def effect_words(effect: CardEffect) -> str:
    """What a card does, in a few words: its steps' statements as one sentence, the steps
    done to one player joined ("the next player draws 2 and loses their turn").

    >>> effect_words(CardEffect((NameColour(), Draw(4))))
    'names the colour; the next player draws 4'
    """
    if not effect.steps:
        return "matches by colour or number"
    parts: list[tuple[str, list[str]]] = []
    for said in effect.statements:
        if parts and said.subject and parts[-1][0] == said.subject:
            parts[-1][1].append(said.words)
        else:
            parts.append((said.subject, [said.words]))
    return "; ".join(
        " ".join(filter(None, (subject, " and ".join(words)))) for subject, words in parts
    )
