"""States and steps made wrong on purpose, on which an implementation's invariants must give
the reference's verdicts.

Every reachable state passes every invariant, so comparing verdicts on those alone never
asks an invariant to fail: one weakened on a field would pass. Hence two catalogues:

- `STATE_CORRUPTIONS`: each field of the reference's `GameState`, an obligation's fields
  included, made wrong in a way some state invariant flags. It covers every field (checked
  when this module is imported), and conformance tries each until it has been flagged.
- `STEP_CORRUPTIONS`: a step's successor made wrong (a card too few drawn, the wrong seat
  or direction next, another amount owed, ...), which some step invariant flags.

Verdicts are compared as far as they mean anything (`GATES`): past a broken `type-ok` or
`seats-and-direction` the other invariants read fields that are no card or no seat, and
with `pending-well-formed` broken the moves offered read an obligation that is not there
(the reference's checks crash in both cases, which counts as broken), so an implementation
may judge those as it likes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

from unospec.checks.engines.chance import Outcome
from unospec.checks.properties.invariants import INVARIANTS
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.kernel import Fired
from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE
from unospec.model.vocabulary import Phase

NO_PHASE = cast(Phase, "no-phase-of-the-machine")
"""A phase no machine has: the type invariant's to flag."""

ORDER = tuple(invariant.name for invariant in INVARIANTS)
GATES: dict[str, frozenset[str]] = {
    "type-ok": frozenset(ORDER[ORDER.index("type-ok") + 1 :]),
    "seats-and-direction": frozenset(ORDER[ORDER.index("seats-and-direction") + 1 :]),
    "pending-well-formed": frozenset({"no-deadlock", "matching-cards-offered"}),
}
"""Invariants whose failure leaves others reading nonsense, and those others (see the
module's docstring)."""

FIELDS: tuple[str, ...] = (
    *GameState._fields,
    *(f"owed.{name}" for name in Owed._fields),
    *(f"challenge.{name}" for name in PendingChallenge._fields),
)
"""Every field of the state, dotted into the obligations' fields."""


@dataclass(frozen=True)
class Corruption:
    """One way to make `field` of a state wrong: `make` returns the wrong state, or None
    where it does not apply (a card lost from hands that hold none)."""

    field: str
    how: str
    make: Callable[[Edition, GameState], GameState | None]


@dataclass(frozen=True)
class WrongStep:
    """One way to make a step wrong: `make` returns the transition after which the state is
    made wrong (its number among those the step fired; the last one's is where the step
    ended) and that state, or None where it does not apply (an amount owed one more, after
    a step that owes nothing)."""

    how: str
    make: Callable[[Edition, GameState, Outcome], tuple[int, GameState] | None]


def made(outcome: Outcome, i: int) -> GameState:
    """The state right after transition `i` of `outcome`'s step."""
    fired = outcome.fired
    return fired[i + 1].before if i + 1 < len(fired) else outcome.after


def judged_with(outcome: Outcome, at: int, wrong: GameState) -> tuple[tuple[Fired, ...], GameState]:
    """`outcome`'s transitions and end state with the state after transition `at` replaced
    by `wrong`, as the step invariants read them."""
    fired = list(outcome.fired)
    if at + 1 < len(fired):
        fired[at + 1] = fired[at + 1]._replace(before=wrong)
        return tuple(fired), outcome.after
    return tuple(fired), wrong


def gated(names: Iterable[str]) -> tuple[str, ...]:
    """The invariants `names` says are broken, in catalogue order, less those a broken
    gate leaves reading nonsense (see `GATES`)."""
    found = set(names)
    meaningless: set[str] = set()
    for gate, after in GATES.items():
        if gate in found and gate not in meaningless:
            meaningless |= after
    return tuple(name for name in ORDER if name in found and name not in meaningless)


# -- states ------------------------------------------------------------------------------------


def _no_card(edition: Edition) -> int:
    """A face number of no card of the deck."""
    return len(edition.faces.faces)


def _some_card(game: GameState) -> int:
    """A card on the table: the draw pile's first, else the discard pile's top, else a
    hand's."""
    cards = (*game.draw_pile, *game.discard, *(card for hand in game.hands for card in hand))
    return cards[0] if cards else 0


def _card_lost(edition: Edition, game: GameState) -> GameState | None:
    held = next((p for p, hand in enumerate(game.hands) if hand), None)
    if held is None:
        return None
    hands = list(game.hands)
    hands[held] = hands[held][1:]
    return game._replace(hands=tuple(hands))


def _card_twice(edition: Edition, game: GameState) -> GameState:
    hands = list(game.hands)
    hands[0] = tuple(sorted((*hands[0], _some_card(game))))
    return game._replace(hands=tuple(hands))


def _pile_card_of_no_deck(edition: Edition, game: GameState) -> GameState:
    return game._replace(draw_pile=(_no_card(edition), *game.draw_pile[1:]))


def _top_of_no_deck(edition: Edition, game: GameState) -> GameState:
    return game._replace(discard=(*game.discard[:-1], _no_card(edition)))


def _drawn_not_held(edition: Edition, game: GameState) -> GameState | None:
    held = game.hands[game.current]
    card = next((c for c in range(len(edition.faces.faces)) if c not in held), None)
    return None if card is None else game._replace(drawn=card)


def _owed(game: GameState) -> Owed:
    """The state's owed draw, or one for the current player resuming this phase."""
    return game.owed if game.owed is not None else Owed(game.current, 1, game.phase)


def _challenge(edition: Edition, game: GameState) -> PendingChallenge:
    """The state's pending challenge, or a plausible one: of a Wild Draw card by the seat
    before the current player, on them."""
    if game.challenge is not None:
        return game.challenge
    wild_draw = edition.faces.wild_draw
    card = next((c for c, is_one in enumerate(wild_draw) if is_one), 0)
    offender = (game.current - game.direction) % game.players
    return PendingChallenge(offender, game.current, card, False, False)


def _no_wild_draw(edition: Edition, game: GameState) -> GameState | None:
    card = next((c for c, is_one in enumerate(edition.faces.wild_draw) if not is_one), None)
    if card is None:
        return None
    return game._replace(challenge=_challenge(edition, game)._replace(card=card))


def _over_or_not(edition: Edition, game: GameState) -> GameState:
    over = game.phase == Phase.game_over
    return game._replace(phase=Phase.awaiting_play if over else Phase.game_over)


def _winner_too_soon(edition: Edition, game: GameState) -> GameState | None:
    if game.winner >= 0 or game.phase in MACHINE.final:
        return None
    return game._replace(winner=0)


def _toggled_owed(edition: Edition, game: GameState) -> GameState:
    return game._replace(owed=None if game.owed is not None else _owed(game))


def _toggled_challenge(edition: Edition, game: GameState) -> GameState:
    present = game.challenge is not None
    return game._replace(challenge=None if present else _challenge(edition, game))


def _corrupt(field: str, how: str, **change: Any) -> Corruption:
    """A corruption that sets fields of the state to constant values."""
    return Corruption(field, how, lambda edition, game: game._replace(**change))


STATE_CORRUPTIONS: tuple[Corruption, ...] = (
    _corrupt("phase", "a phase of no machine", phase=NO_PHASE),
    Corruption("phase", "over with no winner, or in play with one", _over_or_not),
    Corruption("hands", "a card lost from a hand", _card_lost),
    Corruption("hands", "a card twice in a hand", _card_twice),
    Corruption(
        "draw_pile",
        "a card lost from the draw pile",
        lambda e, g: g._replace(draw_pile=g.draw_pile[1:]) if g.draw_pile else None,
    ),
    Corruption("draw_pile", "a card of no deck in the draw pile", _pile_card_of_no_deck),
    Corruption(
        "discard",
        "the discard pile's top lost",
        lambda e, g: g._replace(discard=g.discard[:-1]) if g.discard else None,
    ),
    Corruption("discard", "a top card of no deck", _top_of_no_deck),
    Corruption(
        "set_aside",
        "the cards set aside changed",
        lambda e, g: g._replace(set_aside=(*g.set_aside, _some_card(g))),
    ),
    _corrupt("color", "a colour of no deck", color=len(COLORS) + 3),
    _corrupt("direction", "no direction", direction=2),
    Corruption("current", "a player past the table", lambda e, g: g._replace(current=g.players)),
    Corruption("actor", "an actor past the table", lambda e, g: g._replace(actor=g.players)),
    Corruption("drawn", "a drawn card the player does not hold", _drawn_not_held),
    Corruption("drawn", "a drawn card of no deck", lambda e, g: g._replace(drawn=_no_card(e))),
    Corruption("owed", "a draw owed, or none, where the phase says otherwise", _toggled_owed),
    Corruption(
        "owed.player",
        "a draw owed to a seat past the table",
        lambda e, g: g._replace(owed=_owed(g)._replace(player=g.players)),
    ),
    Corruption(
        "owed.amount",
        "a negative draw owed",
        lambda e, g: g._replace(owed=_owed(g)._replace(amount=-1)),
    ),
    Corruption(
        "owed.stackable",
        "a draw that may be passed on, or not, against its kind",
        lambda e, g: g._replace(owed=_owed(g)._replace(stackable=not _owed(g).stackable)),
    ),
    Corruption(
        "owed.until",
        "a draw owed until a colour the deck lacks",
        lambda e, g: g._replace(owed=_owed(g)._replace(until=4)),
    ),
    Corruption(
        "owed.then",
        "a draw owed that resumes a phase of no machine",
        lambda e, g: g._replace(owed=_owed(g)._replace(then=NO_PHASE)),
    ),
    Corruption(
        "challenge", "a challenge, or none, where the phase says otherwise", _toggled_challenge
    ),
    Corruption(
        "challenge.offender",
        "a challenge of an offender past the table",
        lambda e, g: g._replace(challenge=_challenge(e, g)._replace(offender=g.players)),
    ),
    Corruption(
        "challenge.victim",
        "a challenge whose victim is not to answer it",
        lambda e, g: g._replace(
            challenge=_challenge(e, g)._replace(victim=(g.current + 1) % g.players)
        ),
    ),
    Corruption("challenge.card", "a challenge of a card that is no Wild Draw", _no_wild_draw),
    Corruption(
        "challenge.guilty",
        "a challenge judged neither guilty nor honest",
        lambda e, g: g._replace(challenge=_challenge(e, g)._replace(guilty=cast(bool, 2))),
    ),
    Corruption(
        "challenge.bluff",
        "a Wild Draw card neither a bluff nor within its rule",
        lambda e, g: g._replace(challenge=_challenge(e, g)._replace(bluff=cast(bool, 2))),
    ),
    Corruption(
        "challenge.stake",
        "a Wild Draw card with a negative stack under it",
        lambda e, g: g._replace(challenge=_challenge(e, g)._replace(stake=-1)),
    ),
    Corruption(
        "challenge.color",
        "a challenge that keeps a colour of no deck",
        lambda e, g: g._replace(challenge=_challenge(e, g)._replace(color=len(COLORS))),
    ),
    Corruption(
        "special", "a special wild of no deck", lambda e, g: g._replace(special=_no_card(e))
    ),
    Corruption("window", "an UNO window past the table", lambda e, g: g._replace(window=g.players)),
    Corruption("scores", "a negative score", lambda e, g: g._replace(scores=(-1, *g.scores[1:]))),
    _corrupt("hands_played", "a negative count of hands played", hands_played=-1),
    Corruption("leader", "a leader past the table", lambda e, g: g._replace(leader=g.players)),
    Corruption("winner", "a winner past the table", lambda e, g: g._replace(winner=g.players)),
    Corruption("winner", "a winner before the game is over", _winner_too_soon),
    Corruption(
        "out",
        "the player to move out of the game, holding their cards",
        lambda e, g: g._replace(out=g.out | 1 << g.current) if 0 <= g.current < g.players else None,
    ),
    Corruption(
        "old_top", "a reshuffled top card of no deck", lambda e, g: g._replace(old_top=_no_card(e))
    ),
    Corruption(
        "old_top",
        "the top card remembered as reshuffled while it is still on the pile",
        lambda e, g: g._replace(old_top=g.discard[-1]) if g.discard else None,
    ),
    Corruption(
        "debts",
        "a player owed a negative count of cards that wait for cards",
        lambda e, g: g._replace(debts=(-1, *(0,) * (g.players - 1))),
    ),
    Corruption(
        "out_of_play",
        "the draw pile's top card out of play, where no Hail Mary's shedding put it",
        lambda e, g: (
            g._replace(
                draw_pile=g.draw_pile[1:],
                out_of_play=tuple(sorted((*g.out_of_play, g.draw_pile[0]))),
            )
            if g.draw_pile
            else None
        ),
    ),
)
"""Every field of the state made wrong, at least one way each."""

_missing = set(FIELDS) - {corruption.field for corruption in STATE_CORRUPTIONS}
if _missing:  # a field added to the state must be corrupted too, or conformance is blind to it
    raise AssertionError(f"no state corruption for the fields {sorted(_missing)}")


# -- steps -------------------------------------------------------------------------------------


def _at_the_end(
    change: Callable[[GameState], GameState | None],
) -> Callable[[Edition, GameState, Outcome], tuple[int, GameState] | None]:
    """A wrong step whose end state `change` makes wrong."""

    def make(edition: Edition, game: GameState, outcome: Outcome) -> tuple[int, GameState] | None:
        wrong = change(outcome.after)
        return None if wrong is None else (len(outcome.fired) - 1, wrong)

    return make


def _card_too_few(
    edition: Edition, game: GameState, outcome: Outcome
) -> tuple[int, GameState] | None:
    """The last card the step dealt back on top of the draw pile, where the step ended."""
    after = outcome.after
    if not outcome.drawn or not outcome.fired:
        return None
    card = outcome.drawn[-1]
    for player, hand in enumerate(after.hands):
        if len(hand) > len(game.hands[player]) and card in hand:
            kept = list(hand)
            kept.remove(card)
            hands = (*after.hands[:player], tuple(kept), *after.hands[player + 1 :])
            wrong = after._replace(hands=hands, draw_pile=(card, *after.draw_pile))
            return len(outcome.fired) - 1, wrong
    return None


def _owed_one_more(
    edition: Edition, game: GameState, outcome: Outcome
) -> tuple[int, GameState] | None:
    """The first draw the step owes anyone, one card more, as the transition set it."""
    for i in range(len(outcome.fired)):
        owed = made(outcome, i).owed
        if owed is not None:
            return i, made(outcome, i)._replace(owed=owed._replace(amount=owed.amount + 1))
    return None


def _judged_otherwise(
    edition: Edition, game: GameState, outcome: Outcome
) -> tuple[int, GameState] | None:
    """The first challenge the step leaves pending, judged the other way."""
    for i in range(len(outcome.fired)):
        pending = made(outcome, i).challenge
        if pending is not None:
            return i, made(outcome, i)._replace(
                challenge=pending._replace(guilty=not pending.guilty)
            )
    return None


def _another_colour(after: GameState, colours: tuple[int, ...]) -> GameState | None:
    if after.color < 0 or len(colours) < 2:
        return None
    return after._replace(color=colours[(colours.index(after.color) + 1) % len(colours)])


def _won_by_another(after: GameState) -> GameState | None:
    return None if after.winner < 0 else after._replace(winner=(after.winner + 1) % after.players)


def _another_phase(after: GameState) -> GameState:
    elsewhere = Phase.drawn_card if after.phase == Phase.awaiting_play else Phase.awaiting_play
    return after._replace(phase=elsewhere)


STEP_CORRUPTIONS: tuple[WrongStep, ...] = (
    WrongStep("a card too few drawn", _card_too_few),
    WrongStep(
        "the wrong seat next",
        _at_the_end(lambda after: after._replace(current=(after.current + 1) % after.players)),
    ),
    WrongStep(
        "the wrong direction", _at_the_end(lambda after: after._replace(direction=-after.direction))
    ),
    WrongStep("a draw owed one more", _owed_one_more),
    WrongStep(
        "another colour in force",
        lambda e, g, o: _at_the_end(lambda after: _another_colour(after, e.color_indices))(e, g, o),
    ),
    WrongStep(
        "a point scored",
        _at_the_end(lambda after: after._replace(scores=(after.scores[0] + 1, *after.scores[1:]))),
    ),
    WrongStep("the challenge judged the other way", _judged_otherwise),
    WrongStep("the game won by another", _at_the_end(_won_by_another)),
    WrongStep("the step ending in another phase", _at_the_end(_another_phase)),
)
"""A step's successor made wrong, each in a way some step invariant flags where it applies."""
