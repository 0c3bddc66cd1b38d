"""The twins of the reference's primitives (`model.primitives`): each step of a card's effect
as the compiled code carries it out, and how its parameters are laid out in the edition
tables. The engine's one registry of them.

`TWINS` pairs every reference primitive with its number (`P_*`) and its encoder, which
writes the face fields the rule functions read (`vocabulary.F_*`) and returns the two
parameters its step keeps. A primitive of the reference without a twin here fails when this
module is imported (`EngineTwinError`), so a card can never run as a plain number in the
engine. `apply_step` runs one step on a row: the one place the engine chooses by primitive.
"""

from __future__ import annotations

from collections.abc import Callable

from unospec.checks.engines.compiled import vocabulary as v
from unospec.checks.engines.compiled.jit import Ints, compiled, compiled_inline
from unospec.checks.engines.compiled.layout import (
    CH,
    CH_BLUFF,
    CH_CARD,
    CH_COLOR,
    CH_GUILTY,
    CH_OFFENDER,
    CH_STAKE,
    CH_VICTIM,
    COLOR,
    CURRENT,
    DIRECTION,
    FACES,
    OWED_STACKABLE,
    OWED_UNTIL,
    SPECIAL,
    UNTIL_BIAS,
)
from unospec.checks.engines.compiled.row import (
    face,
    hand_base,
    held,
    holds_any,
    is_out,
    next_player,
    owe,
    phase_named,
    seated,
    seats_to,
    shed_under,
    sizes_base,
    step_from,
)
from unospec.checks.engines.compiled.tables import E_RULES
from unospec.checks.engines.compiled.vocabulary import (
    F_COLOR,
    F_EVERYONE,
    F_NO_LONE_RACE,
    F_WILD,
    PH_RESOLVING,
    R_CHALLENGE_JUDGES,
    R_STACKING,
)
from unospec.model.errors import InternalError
from unospec.model.primitives import (
    PRIMITIVES,
    ColourRoulette,
    DiscardColour,
    Draw,
    HailMary,
    LastResort,
    NameColour,
    PassHands,
    PenaltyRace,
    Reverse,
    Skip,
    SkipEveryone,
    Step,
    SwapHands,
    Unplayable,
    WildDraw,
)
from unospec.model.state import UNTIL_PICKED

(
    P_SKIP,
    P_REVERSE,
    P_DRAW,
    P_NAME_COLOUR,
    P_WILD_DRAW,
    P_HAIL_MARY,
    P_PENALTY_RACE,
    P_SKIP_EVERYONE,
    P_DISCARD_COLOUR,
    P_PASS_HANDS,
    P_SWAP_HANDS,
    P_COLOUR_ROULETTE,
    P_LAST_RESORT,
    P_UNPLAYABLE,
) = range(14)

HOLDINGS = {"current-color": v.HOLD_CURRENT_COLOR, "wild": v.HOLD_WILD}


class EngineTwinError(InternalError):
    """A primitive of the reference has no twin in the engine: a bug to fix in the engine,
    raised when this module is imported."""


def _holdings(kinds: tuple[str, ...]) -> int:
    return sum(HOLDINGS[k] for k in set(kinds))


def _reverse(step: Step, row: list[int]) -> tuple[int, int]:
    assert isinstance(step, Reverse)
    return int(step.with_two_players == "acts-as-skip"), 0


def _draw(step: Step, row: list[int]) -> tuple[int, int]:
    assert isinstance(step, Draw)
    return step.count, 0


def _wild_draw(step: Step, row: list[int]) -> tuple[int, int]:
    assert isinstance(step, WildDraw)
    row[v.F_UNLESS] = _holdings(step.playable_unless_holding)
    row[v.F_GUILTY] = _holdings(step.guilty_if_holding)
    row[v.F_REFUSED] = int(step.bluff == "refused")
    row[v.F_CHALLENGER_DRAWS] = step.challenger_draws
    row[v.F_OFFENDER_DRAWS] = step.offender_draws
    row[v.F_CHALLENGER_PLAYS] = int(step.after_successful_challenge == "challenger-plays")
    return row[v.F_GUILTY], row[v.F_UNLESS]


def _hail_mary(step: Step, row: list[int]) -> tuple[int, int]:
    assert isinstance(step, HailMary)
    row[v.F_INTERRUPT_ONLY] = int(step.own_turn == "interrupt-only")
    row[v.F_LEFT_OF_PLAYER] = int(step.continue_with == "left-of-player")
    row[v.F_WRONG_GUESS] = v.WRONG_GUESS.index(step.wrong_guess)
    row[v.F_GUESS_ON_A_WILD] = v.GUESS_ON_A_WILD.index(step.guess_on_a_wild)
    row[v.F_TRIGGER] = v.TRIGGER.index(step.trigger)
    row[v.F_THROWER_AFTERWARDS] = v.THROWER_AFTERWARDS.index(step.thrower_afterwards)
    row[v.F_CANCELS_A_CHALLENGE] = int(step.cancels_a_challenge())
    row[v.F_PLAYER_CHOOSES] = int(step.from_the_next_player == "the-player-chooses")
    row[v.F_SHED_OUT_OF_PLAY] = int(step.sheds_out_of_play())
    row[v.F_KEEP_MORE] = int(step.may_keep_more())
    return 0, 0


def _penalty_race(step: Step, row: list[int]) -> tuple[int, int]:
    assert isinstance(step, PenaltyRace)
    row[v.F_EVERYONE] = int(step.loser_among == "everyone")
    row[v.F_RACE_NEXT] = (
        v.RACE_AFTER_LOSER
        if step.next_player == "next-after-the-loser"
        else v.RACE_LOSER_LOSES_TURN
        if step.next_player == "loser-also-loses-their-turn"
        else v.RACE_AFTER_CARD
    )
    row[v.F_NO_LONE_RACE] = int(step.two_players == "nobody-draws-without-a-race")
    row[v.F_ONE_ROUND] = int(step.no_failure == "one-round-then-nobody-draws")
    row[v.F_JUDGED] = int(step.judge == "the-card-player-judges")
    return 0, 0


def _nothing(step: Step, row: list[int]) -> tuple[int, int]:
    return 0, 0


Encoder = Callable[[Step, list[int]], tuple[int, int]]

TWINS: dict[type[Step], tuple[int, Encoder]] = {
    Skip: (P_SKIP, _nothing),
    Reverse: (P_REVERSE, _reverse),
    Draw: (P_DRAW, _draw),
    NameColour: (P_NAME_COLOUR, _nothing),
    WildDraw: (P_WILD_DRAW, _wild_draw),
    HailMary: (P_HAIL_MARY, _hail_mary),
    PenaltyRace: (P_PENALTY_RACE, _penalty_race),
    SkipEveryone: (P_SKIP_EVERYONE, _nothing),
    DiscardColour: (P_DISCARD_COLOUR, _nothing),
    PassHands: (P_PASS_HANDS, _nothing),
    SwapHands: (P_SWAP_HANDS, _nothing),
    ColourRoulette: (P_COLOUR_ROULETTE, _nothing),
    LastResort: (P_LAST_RESORT, _nothing),
    Unplayable: (P_UNPLAYABLE, _nothing),
}
"""Each reference primitive's number and encoder."""

READINGS_PLAYED: dict[str, tuple[str, ...]] = {
    "reverse.with_two_players": ("acts-as-skip", "direction-only"),
    "wild-draw.bluff": ("allowed-until-challenged", "refused"),
    "wild-draw.after_successful_challenge": ("challenger-plays", "challenger-loses-turn"),
    "hail-mary.own_turn": ("plain-wild", "interrupt-only"),
    "hail-mary.continue_with": ("left-of-player", "next-in-direction"),
    "hail-mary.wrong_guess": v.WRONG_GUESS,
    "hail-mary.guess_on_a_wild": v.GUESS_ON_A_WILD,
    "hail-mary.trigger": v.TRIGGER,
    "hail-mary.thrower_afterwards": v.THROWER_AFTERWARDS,
    "hail-mary.from_the_next_player": ("always-the-interrupt", "the-player-chooses"),
    "hail-mary.shed_cards": (
        "under-the-hail-mary-on-the-discard-pile",
        "out-of-the-game-until-the-next-deal",
    ),
    "hail-mary.keep_after_shedding": (
        "the-thrower-must-discard-down-to-one",
        "the-thrower-may-keep-more",
    ),
    "hail-mary.pending_challenge": (
        "not-while-a-challenge-is-pending",
        "interrupt-and-cancel-the-challenge",
        "throw-once-the-challenge-is-settled",
    ),
    "penalty-race.loser_among": ("others", "everyone"),
    "penalty-race.next_player": (
        "next-after-the-card-player-loser-keeps-turn",
        "next-player-in-direction-loser-keeps-turn",
        "next-after-the-loser",
        "loser-also-loses-their-turn",
    ),
    "penalty-race.two_players": ("the-race-always-has-a-loser", "nobody-draws-without-a-race"),
    "penalty-race.judge": ("the-table-names-the-loser", "the-card-player-judges"),
    "penalty-race.no_failure": (
        "rounds-continue-until-someone-fails",
        "one-round-then-nobody-draws",
    ),
}
"""Every reading of a primitive's parameter the encoders tell apart (a test holds it to the
primitives' own readings)."""

_missing = [p.NAME for p in PRIMITIVES if p not in TWINS]
if _missing:
    raise EngineTwinError(f"the compiled engine has no twin of the primitives {_missing}")


@compiled_inline
def has(E: Ints, card: int, primitive: int) -> bool:
    """Whether `card`'s effect has a step of `primitive` (a P_* number)."""
    return (face(E, card, v.F_HAS) >> primitive) & 1 == 1


WHEN = (1 << P_HAIL_MARY) | (1 << P_WILD_DRAW) | (1 << P_UNPLAYABLE)
"""The primitives with a rule of when their card may be played (`Step.allows`), as F_HAS
bits: checked against the reference's below, when this module is imported."""


@compiled
def step_allows(E: Ints, s: Ints, primitive: int, player: int, card: int) -> bool:
    """The twin of the primitive's `allows`: whether its rule of when lets `player` play
    `card` now."""
    if primitive == P_HAIL_MARY:  # HailMary.allows
        return face(E, card, v.F_INTERRUPT_ONLY) == 0
    if primitive == P_WILD_DRAW:  # WildDraw.allows
        unless = face(E, card, v.F_UNLESS)
        return not face(E, card, v.F_REFUSED) or not holds_any(E, s, player, card, s[COLOR], unless)
    return primitive != P_UNPLAYABLE  # Unplayable.allows: never


@compiled
def steps_allow(E: Ints, s: Ints, player: int, card: int) -> bool:
    """legality._own_section_allows: every step's rule of when lets `player` play `card`
    now (a card without one is read no further than its F_HAS word)."""
    if face(E, card, v.F_HAS) & WHEN == 0:
        return True
    for i in range(face(E, card, v.F_STEPS)):
        primitive = face(E, card, v.F_STEPS + 1 + i * v.STEP_FIELDS)
        if (WHEN >> primitive) & 1 and not step_allows(E, s, primitive, player, card):
            return False
    return True


_ruled = sorted(p.NAME for p in PRIMITIVES if p.allows is not Step.allows)
_twinned = sorted(p.NAME for p, (number, _) in TWINS.items() if (WHEN >> number) & 1)
if _ruled != _twinned:
    raise EngineTwinError(
        f"the primitives with a rule of when are {_ruled}; the engine's twins have {_twinned}"
    )


@compiled
def reverse(s: Ints, player: int, as_skip: int) -> None:
    """Reverse.apply: the direction turns round, and the turn with it; at a table of two,
    acting as a Skip, one seat on besides."""
    seats = seats_to(s, player, s[CURRENT])
    s[DIRECTION] = -s[DIRECTION]
    s[CURRENT] = next_player(s, player, seats) if seats else player
    if seated(s) == 2 and as_skip:
        s[CURRENT] = next_player(s, s[CURRENT], 1)


@compiled
def wild_draw(E: Ints, s: Ints, player: int, card: int, guilty: int, unless: int) -> None:
    """WildDraw.apply: the challenge waits, judged by the hand kept and the colour before."""
    s[CH] = 1
    s[CH_STAKE] = 0
    s[CH_OFFENDER] = player
    s[CH_VICTIM] = s[CURRENT]
    s[CH_CARD] = card
    s[CH_GUILTY] = holds_any(E, s, player, -1, s[COLOR], guilty)
    s[CH_BLUFF] = holds_any(E, s, player, -1, s[COLOR], unless)
    s[CH_COLOR] = s[COLOR] if E[E[E_RULES] + R_CHALLENGE_JUDGES] == 2 else -1


@compiled
def discard_colour(E: Ints, s: Ints, player: int, card: int) -> None:
    """DiscardColour.apply: every card of the played card's colour the player holds goes
    under the top card."""
    colour = face(E, card, F_COLOR)
    for c in range(s[FACES]):
        count = held(s, player, c)
        if count and not face(E, c, F_WILD) and face(E, c, F_COLOR) == colour:
            shed_under(s, player, c, count)


@compiled
def _swap_hands(s: Ints, a: int, b: int, faces: int) -> None:
    """Hands `a` and `b` trade places, counts and sizes."""
    at, bt = hand_base(s, a), hand_base(s, b)
    for c in range(faces):
        s[at + c], s[bt + c] = s[bt + c], s[at + c]
    sizes = sizes_base(s)
    s[sizes + a], s[sizes + b] = s[sizes + b], s[sizes + a]


@compiled
def swap_hands(s: Ints, player: int, target: int) -> None:
    """updates.swap_hands: the Swap Hands' player and the player they named swap hands."""
    _swap_hands(s, player, target, s[FACES])


@compiled
def pass_hands(s: Ints) -> None:
    """PassHands.apply: every hand (its counts and its size) moves one seat on in the
    direction of play; the last seat's is carried round through a spare pass."""
    faces, way = s[FACES], s[DIRECTION]
    seat = 0
    while is_out(s, seat):  # a player out of the game holds no hand, and is passed none
        seat += 1
    for _ in range(seated(s) - 1):  # swap seat's hand with its giver's, round the table
        giver = step_from(s, seat, 1, -way)
        _swap_hands(s, seat, giver, faces)
        seat = giver


@compiled
def apply_step(
    M: Ints, E: Ints, s: Ints, primitive: int, a: int, b: int, player: int, card: int
) -> bool:
    """One step of `player`'s `card` (its parameters `a`, `b`), on the row `s`: the twin of
    the primitive's `apply`. False for a primitive it does not know: the play is refused
    as broken (`rules.play_card`), never carried out as a plain card."""
    if primitive == P_SKIP:  # Skip.apply
        s[CURRENT] = next_player(s, s[CURRENT], 1)
    elif primitive == P_REVERSE:
        reverse(s, player, a)
    elif primitive == P_DRAW:  # Draw.apply
        owe(s, s[CURRENT], a, phase_named(M, PH_RESOLVING))
        s[OWED_STACKABLE] = 1 if E[E[E_RULES] + R_STACKING] else 0
    elif primitive == P_WILD_DRAW:
        wild_draw(E, s, player, card, a, b)
    elif primitive == P_PENALTY_RACE:  # PenaltyRace.apply
        runners = seated(s) - (0 if face(E, card, F_EVERYONE) else 1)
        if runners >= 2 or not face(E, card, F_NO_LONE_RACE):
            s[SPECIAL] = card
    elif primitive == P_COLOUR_ROULETTE:  # ColourRoulette.apply: the colour to be picked
        owe(s, s[CURRENT], 1, phase_named(M, PH_RESOLVING))
        s[OWED_UNTIL] = UNTIL_PICKED + UNTIL_BIAS
    elif primitive == P_SKIP_EVERYONE:  # SkipEveryone.apply
        s[CURRENT] = player
    elif primitive == P_DISCARD_COLOUR:
        discard_colour(E, s, player, card)
    elif primitive == P_PASS_HANDS:
        pass_hands(s)
    elif primitive == P_LAST_RESORT or primitive == P_UNPLAYABLE:  # rules of when: no change
        pass
    elif primitive != P_NAME_COLOUR and primitive != P_HAIL_MARY and primitive != P_SWAP_HANDS:
        # those three are the machine's events (choose_color, hail_mary, choose_target)
        return False
    return True
