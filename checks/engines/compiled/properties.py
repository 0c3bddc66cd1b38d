"""The invariants in array form: the twins of `checks.invariants` and `rule_invariants`.

Each returns its verdicts as a bit mask, bit i for invariant i of `INVARIANT_NAMES` (the
reference's `INVARIANTS` order: a test holds the two equal), so that conformance can
compare every verdict and not only the first. The words of a violation are the
reference's: the engine says which invariant broke and where, and the reference, given the
decoded state, says what is wrong (`checks.conformance` also checks that it agrees).

The phase and event sets the invariants name come from the compiled machine (`MACHINE`:
its protocol tables) and the reference invariant modules (`invariant_tables`), never a copy.

Why one module of this length: it is one concept, the twins of the named invariants, one
compiled checker per state and one per step that evaluate all of them into one bit mask;
the checkers and the invariants they call compile as one unit.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled.jit import Grid, Ints, compiled, compiled_inline, lowest_bit
from unospec.checks.engines.compiled.layout import (
    ACTOR,
    CARDS,
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
    DRAWN,
    FACES,
    HANDS_PLAYED,
    HEADER,
    LEADER,
    OLD_TOP,
    OUT,
    OWED,
    OWED_AMOUNT,
    OWED_PLAYER,
    OWED_STACKABLE,
    OWED_THEN,
    PHASE,
    PILE_LEN,
    PILE_START,
    PLAYERS,
    SPECIAL,
    TOP,
    UNDER,
    WINDOW,
    WINNER,
)
from unospec.checks.engines.compiled.primitives import (
    P_HAIL_MARY,
    P_WILD_DRAW,
    WHEN,
    has,
    step_allows,
)
from unospec.checks.engines.compiled.row import (
    add_pile,
    add_to_hand,
    arg_color,
    debts_base,
    discard_len,
    face,
    faces_held,
    hand_base,
    hand_size,
    held,
    is_deck_color,
    is_out,
    out_of_play_base,
    out_of_play_count,
    owed_until,
    phase_named,
    pile_base,
    pile_card,
    pile_slot,
    reshuffled_count,
    same_pile,
    seated,
    step_from,
    under_base,
)
from unospec.checks.engines.compiled.rules import (
    from_hand_after_drawing,
    is_play,
    own_rule_allows,
)
from unospec.checks.engines.compiled.tables import (
    E_IN_PLAY,
    E_RULES,
    M_BR_EVENT,
    M_BR_SOURCE,
    M_BR_TARGET,
    M_BR_UPDATE,
    M_CHANCE,
    M_DIMS,
    M_FINAL,
    MachineTables,
)
from unospec.checks.engines.compiled.vocabulary import (
    A_ACCEPT,
    A_CATCH,
    A_CHALLENGE,
    A_DEAL,
    A_DRAW,
    A_KEEP,
    A_LOSER,
    A_PICK,
    A_PLAY,
    A_RESHUFFLE,
    A_UNO,
    F_ASKS_PICK,
    F_CHALLENGER_DRAWS,
    F_CHALLENGER_PLAYS,
    F_COLOR,
    F_DRAW,
    F_FIRST_OWED,
    F_FIRST_OWED_FLIPS,
    F_FIRST_OWED_FLIPS_TWO,
    F_FIRST_OWED_SEATS,
    F_FIRST_OWED_SEATS_TWO,
    F_FIRST_OWES,
    F_FIRST_TURN_FLIPS,
    F_FIRST_TURN_FLIPS_TWO,
    F_FIRST_TURN_SEATS,
    F_FIRST_TURN_SEATS_TWO,
    F_GUESS_ON_A_WILD,
    F_GUILTY,
    F_HAS,
    F_IGNORED,
    F_INTERRUPT_ONLY,
    F_KEEP_MORE,
    F_LAST_RESORT,
    F_LEFT_OF_PLAYER,
    F_OFFENDER_DRAWS,
    F_OWED,
    F_OWED_FLIPS,
    F_OWED_FLIPS_TWO,
    F_OWED_SEATS,
    F_OWED_SEATS_TWO,
    F_OWES,
    F_POINTS,
    F_RACE_NEXT,
    F_REFUSED,
    F_SHED_OUT_OF_PLAY,
    F_STEPS,
    F_SYMBOL,
    F_TURN_FLIPS,
    F_TURN_FLIPS_TWO,
    F_TURN_SEATS,
    F_TURN_SEATS_TWO,
    F_UNLESS,
    F_WILD,
    F_WRONG_GUESS,
    GW_ANY,
    GW_IN_FORCE,
    HOLD_CURRENT_COLOR,
    HOLD_WILD,
    PH_AWAITING_CHALLENGE,
    PH_AWAITING_PLAY,
    PH_AWAITING_STACK,
    PH_CHOOSING_COLOR,
    PH_DEALING,
    PH_DRAWN_CARD,
    PH_GAME_OVER,
    PH_HAND_OVER,
    PH_PICKING_COLOUR,
    PH_RESOLVING,
    R_BY_COLOUR,
    R_CALL_WITH_PLAY,
    R_CHALLENGE_JUDGES,
    R_DRAWN_WILD_PLAIN,
    R_ELIMINATION,
    R_FACES,
    R_FROM_HAND_WHEN_EMPTY,
    R_IN_PLAY,
    R_LAST_CARD_EFFECTS,
    R_MAX_PLAYERS,
    R_MIN_PLAYERS,
    R_OUT_OF_PLAY,
    R_RESHUFFLE_FIRST,
    R_SHORT_DRAW_ENDS_HAND,
    R_SHORT_DRAW_WAITS,
    R_SINGLE_HAND,
    R_STACKING,
    R_TARGET,
    R_THROW_AFTER_CHALLENGE,
    R_UNO_PENALTY,
    R_WHOLE_PILE,
    RACE_AFTER_LOSER,
    RACE_LOSER_LOSES_TURN,
    STEP_FIELDS,
    U_PLAY_FIRST_CARD,
    WG_AS_BEFORE,
    WG_PENALTY,
    WG_TAKEN_BACK,
)
from unospec.model.state import NO_UNTIL, UNTIL_PICKED
from unospec.model.table import MACHINE
from unospec.model.vocabulary import Obligation, Phase

INVARIANT_NAMES: tuple[str, ...] = (
    "type-ok",
    "card-conservation",
    "hand-and-pile-sizes",
    "seats-and-direction",
    "pending-well-formed",
    "hand-over-iff-empty-hand",
    "no-deadlock",
    "matching-cards-offered",
    "colour-in-force",
    "scores-only-grow",
    "plays-match",
    "turn-passes-on",
    "wild-names-its-colour",
    "score-is-the-hand",
    "draws-are-owed",
    "challenge-judges-the-hand",
    "game-ends-at-the-target",
    "hail-mary-lands",
    "declared-transitions",
)
"""The invariants the engine checks, in the reference's order: state ones, then step ones."""
(
    I_TYPE,
    I_CONSERVATION,
    I_SIZES,
    I_SEATS,
    I_PENDING,
    I_HAND_OVER,
    I_DEADLOCK,
    I_MATCHING,
    I_COLOUR,
    I_SCORES_GROW,
    I_PLAYS_MATCH,
    I_TURN,
    I_WILD_COLOUR,
    I_SCORE,
    I_DRAWS,
    I_CHALLENGE,
    I_GAME_ENDS,
    I_HAIL_MARY,
    I_DECLARED,
) = range(len(INVARIANT_NAMES))
STATE_INVARIANTS = 9

# -- the invariant tables: flags per phase, then per event, for the sets the reference names
(
    T_IN_HAND,
    T_TOP_TURNED,
    T_PLAY_PHASE,
    T_WINDOW,
    T_TURN_SETTLED,
    T_OWED_OK,  # phases an owed draw may be pending in
    T_CHALLENGE_OK,
    T_SPECIAL_OK,
    T_DRAWN_OK,
    T_WINDOW_OK,
    T_MUST,  # the obligation a phase must have: O_* or -1
    T_HAND_OVER,  # hand_over and game_over
    T_HAIL_MARY_DISCARD,
    T_GAME_OVER,
    T_AWAITING_RESHUFFLE,
    T_DRAWN_CARD,
    T_LAST_CARD,  # where a last card's effect is carried out (invariants.LAST_CARD_PHASES)
) = range(17)
PHASE_SETS = 17
(
    V_PLAYS,  # play, play_drawn
    V_OWING,  # the events that set an owed draw
    V_CHOOSE_COLOR,
    V_SCORE,
    V_DRAW_OWED,
    V_DRAW,
    V_CHALLENGE,
    V_ACCEPT,
    V_CATCH,
    V_NAME_LOSER,
    V_KEEP,
    V_HAIL_MARY,
    V_PICK,
    V_CALL_OUT_OF_PLACE,
) = range(14)
EVENT_SETS = 14
O_OWED, O_CHALLENGE, O_SPECIAL, O_DRAWN, O_WINDOW = range(5)


def invariant_tables(machine: MachineTables) -> npt.NDArray[np.int64]:
    """Phase flags [set * phases + phase], then event flags [PHASE_SETS * phases + set *
    events + event], from the sets the reference invariants define."""
    from unospec.checks.properties import invariants as inv
    from unospec.checks.properties import rule_invariants as rules

    phases, events = machine.phases, machine.events
    pending = MACHINE.pending_in
    obligations = tuple(Obligation)
    phase_sets: list[set[Phase] | set[str] | dict[Phase, Obligation]] = [
        set(inv.IN_HAND),
        set(inv._TOP_TURNED),
        set(MACHINE.play_phases),
        set(MACHINE.window_phases),
        set(rules._TURN_SETTLED),
        *(set(pending[o]) for o in obligations),
        MACHINE.obligations,
        {Phase.hand_over, Phase.game_over},
        {Phase.hail_mary_discard},
        {Phase.game_over},
        {Phase.awaiting_reshuffle},
        {Phase.drawn_card},
        set(inv.LAST_CARD_PHASES),
    ]
    flags: list[int] = []
    for chosen in phase_sets:
        if isinstance(chosen, dict):
            flags += [obligations.index(chosen[Phase(p)]) if p in chosen else -1 for p in phases]
        else:
            flags += [int(p in chosen) for p in phases]
    event_sets = _event_sets()
    assert len(phase_sets) == PHASE_SETS and len(event_sets) == EVENT_SETS
    for chosen_events in event_sets:
        flags += [int(e in chosen_events) for e in events]
    return np.array(flags, dtype=np.int64)


def _event_sets() -> list[set[str]]:
    """The event sets V_* name, in their order, from the reference invariants."""
    from unospec.checks.properties import rule_invariants as rules

    return [
        set(rules._PLAYS),
        set(rules._OWING),
        {"choose_color"},
        {"score"},
        {"draw_owed"},
        {"draw"},
        {"challenge"},
        {"accept"},
        {"catch"},
        {"name_loser"},
        {"keep"},
        {"hail_mary"},
        {"pick"},
        {"call_out_of_place"},
    ]


# The event sets whose transitions the step invariants read the rows around (the row
# before and the row after each): `rules.fire` keeps those rows and no others.
SNAPSHOT_SETS = (
    V_PLAYS,
    V_OWING,
    V_CHOOSE_COLOR,
    V_SCORE,
    V_DRAW_OWED,
    V_CHALLENGE,
    V_ACCEPT,
    V_NAME_LOSER,
    V_KEEP,
    V_HAIL_MARY,
)


def snapshot_events() -> frozenset[str]:
    """The events whose transitions' rows the step invariants read (`SNAPSHOT_SETS`), for
    `tables.snapshot_branches`; the first card turned up is read too (by its update)."""
    sets = _event_sets()
    return frozenset(e for k in SNAPSHOT_SETS for e in sets[k])


@compiled
def phase_in(M: Ints, inv: Ints, which: int, phase: int) -> int:
    return inv[which * M[M[M_DIMS]] + phase]


@compiled
def event_in(M: Ints, inv: Ints, which: int, event: int) -> int:
    phases, events = M[M[M_DIMS]], M[M[M_DIMS] + 1]
    return inv[PHASE_SETS * phases + which * events + event]


# -- state invariants ---------------------------------------------------------------------------


@compiled_inline
def row_length(players: int, faces: int, cards: int) -> int:
    """layout.row_length: the row a table of that size is laid out in."""
    return HEADER + 2 * players + players * faces + faces + cards + players + faces


@compiled
def counts_ok(s: Ints, base: int, faces: int, total: int) -> bool:
    """`s[base:base + faces]` are counts (none below zero) that add up to `total`: summed
    without a test per count that would stop the loop being vectorised."""
    added, negative = 0, 0
    held = s[base : base + faces]  # a view, indexed from 0: no test for a negative index
    for card in range(faces):
        added += held[card]
        negative |= held[card]
    return negative >= 0 and added == total


@compiled
def type_ok(M: Ints, E: Ints, s: Ints) -> bool:
    """invariants.type_ok: a phase of the machine, cards of the deck (in the piles, drawn,
    challenged, special), scores and a count of hands played of at least zero, a colour of
    the deck, a resumed phase of the machine, judgments that are true or false; and the
    row's own bookkeeping adds up (the seats, faces and cards the row is laid out for, hands
    as counts, the draw pile's ring)."""
    phases = M[M[M_DIMS]]
    if not 0 <= s[PHASE] < phases:
        return False
    faces, players = s[FACES], s[PLAYERS]
    if faces != E[E[E_RULES] + R_FACES] or s[CARDS] != E[E[E_RULES] + R_IN_PLAY]:
        return False
    if not players >= 1 or row_length(players, faces, s[CARDS]) != s.shape[0]:
        return False
    for player in range(players):
        if not counts_ok(s, hand_base(s, player), faces, hand_size(s, player)):
            return False
    if not counts_ok(s, under_base(s), faces, s[UNDER]):
        return False
    gone, least = out_of_play_base(s), 0
    out = s[gone : gone + faces]  # the least count, with no test per face
    for card in range(faces):
        least = min(least, out[card])
    if least < 0:
        return False
    if not -1 <= s[TOP] < faces or (s[TOP] < 0 and s[UNDER] > 0):
        return False
    if not 0 <= s[PILE_LEN] <= s[CARDS] or not 0 <= s[PILE_START] < max(1, s[CARDS]):
        return False
    # the ring's two runs, to its end and on from its start, as views indexed from 0: a
    # least and a greatest card, with no test per card (which a walk with `next_slot` paid,
    # every step of `simulate`)
    base, length = pile_base(s), s[PILE_LEN]
    start = pile_slot(s, 0) if length > 0 else 0
    first = min(length, s[CARDS] - start)
    runs = (s[base + start : base + start + first], s[base : base + length - first])
    least, greatest = 0, -1  # as if the pile held no card: it may not
    for run in runs:
        for k in range(run.shape[0]):
            least, greatest = min(least, run[k]), max(greatest, run[k])
    if least < 0 or greatest >= faces:
        return False
    for player in range(players):
        if s[HEADER + player] < 0:
            return False
    if s[HANDS_PLAYED] < 0 or not -1 <= s[SPECIAL] < faces or not -1 <= s[DRAWN] < faces:
        return False
    if not -1 <= s[OLD_TOP] < faces:
        return False
    if s[OWED] and not 0 <= s[OWED_THEN] < phases:
        return False
    until = owed_until(s)
    if s[OWED] and (until < UNTIL_PICKED or (until >= 0 and not is_deck_color(E, until))):
        return False
    if s[CH] and not (0 <= s[CH_GUILTY] <= 1 and 0 <= s[CH_BLUFF] <= 1):
        return False
    if s[CH] and s[CH_STAKE] < 0:
        return False
    if s[CH] and s[CH_COLOR] != -1 and not is_deck_color(E, s[CH_COLOR]):
        return False
    if s[OWED] and not 0 <= s[OWED_STACKABLE] <= 1:
        return False
    if s[CH] and not 0 <= s[CH_CARD] < faces:
        return False
    return s[COLOR] == -1 or is_deck_color(E, s[COLOR])


@compiled
def conserved(E: Ints, s: Ints, counts: Ints) -> bool:
    """invariants.card_conservation: every card in play in exactly one place (the cards
    set aside are the edition's constant, never in a row; `counts`: scratch)."""
    faces = s[FACES]
    for card in range(faces):
        counts[card] = 0
    # each place's counts as a view indexed from 0: no test for a negative index per card
    for player in range(s[PLAYERS]):
        base = hand_base(s, player)
        hand = s[base : base + faces]
        for card in range(faces):
            counts[card] += hand[card]
    under = under_base(s)
    below = s[under : under + faces]
    for card in range(faces):
        counts[card] += below[card]
    if s[TOP] >= 0:
        counts[s[TOP]] += 1
    gone = out_of_play_base(s)
    out = s[gone : gone + faces]
    for card in range(faces):
        counts[card] += out[card]
    add_pile(s, counts)
    deck = E[E_IN_PLAY]
    in_play = E[deck : deck + faces]
    differ = 0  # or-ed over every face, with no branch per face: the loop is vectorised
    for card in range(faces):
        differ |= counts[card] ^ in_play[card]
    return differ == 0


@compiled
def can_refill(E: Ints, s: Ints) -> bool:
    """rule_invariants.can_refill: a reshuffle would take a card of the discard pile, one
    under its top, or any where the edition reshuffles the whole pile."""
    return discard_len(s) > (0 if E[E[E_RULES] + R_WHOLE_PILE] else 1)


@compiled
def sizes_ok(M: Ints, E: Ints, inv: Ints, s: Ints) -> bool:
    """invariants.sizes_ok: a top card during a hand, or the one a reshuffle of the whole
    pile took while it is empty, and only then; a reshuffle awaited only when the draw pile
    is empty (or, reshuffled before a short draw, short of it) and the discard pile can
    refill it; cards out of play only where a Hail Mary puts them there (`shed_cards`)."""
    phase = s[PHASE]
    if phase_in(M, inv, T_TOP_TURNED, phase) and discard_len(s) == 0 and s[OLD_TOP] < 0:
        return False
    if not E[E[E_RULES] + R_OUT_OF_PLAY]:
        gone, any_out = out_of_play_base(s), 0
        out = s[gone : gone + s[FACES]]  # a view, indexed from 0, or-ed with no test per face
        for card in range(s[FACES]):
            any_out |= out[card]
        if any_out != 0:
            return False
    if s[OLD_TOP] >= 0:
        in_hand = phase_in(M, inv, T_IN_HAND, phase) or phase_in(M, inv, T_HAND_OVER, phase)
        if discard_len(s) > 0 or not in_hand:
            return False
        if not E[E[E_RULES] + R_WHOLE_PILE]:
            return False
    if phase_in(M, inv, T_AWAITING_RESHUFFLE, phase):
        if not can_refill(E, s):
            return False
        if s[PILE_LEN] > 0:
            short = s[OWED] and s[PILE_LEN] < s[OWED_AMOUNT]
            if not (E[E[E_RULES] + R_RESHUFFLE_FIRST] and short):
                return False
    return True


@compiled
def seats_ok(E: Ints, s: Ints) -> bool:
    """invariants.seats_ok."""
    n = s[PLAYERS]
    if not E[E[E_RULES] + R_MIN_PLAYERS] <= n <= E[E[E_RULES] + R_MAX_PLAYERS]:
        return False
    if not (0 <= s[CURRENT] < n and 0 <= s[ACTOR] < n and 0 <= s[LEADER] < n):
        return False
    if s[DIRECTION] != 1 and s[DIRECTION] != -1:
        return False
    if not (-1 <= s[WINDOW] < n and -1 <= s[WINNER] < n):
        return False
    limit = E[E[E_RULES] + R_ELIMINATION]
    if s[OUT] and (not limit or s[OUT] >> n or seated(s) < 1):
        return False
    for player in range(n):
        size = hand_size(s, player)
        if (is_out(s, player) and size) or (limit and size >= limit):
            return False
    return True


@compiled_inline
def drew_nothing(M: Ints, E: Ints, s: Ints) -> bool:
    """invariants._drew_nothing: the drawn-card decision without a drawn card, where no card
    was left anywhere to draw (`empty_handed_draw`)."""
    return bool(
        s[PHASE] == phase_named(M, PH_DRAWN_CARD)
        and E[E[E_RULES] + R_FROM_HAND_WHEN_EMPTY]
        and s[PILE_LEN] == 0
        and reshuffled_count(E, s) == 0
    )


@compiled_inline
def call_waits(M: Ints, E: Ints, inv: Ints, s: Ints) -> bool:
    """invariants._call_waits: a call made with the play waits for it to be resolved."""
    return bool(
        E[E[E_RULES] + R_CALL_WITH_PLAY]
        and s[WINDOW] >= 0
        and s[WINDOW] == s[ACTOR]
        and not phase_in(M, inv, T_WINDOW, s[PHASE])
    )


@compiled_inline
def throw_waits(M: Ints, E: Ints, s: Ints) -> bool:
    """invariants._throw_waits: a call made while a challenge waits keeps its caller named
    until the challenge is answered, where a Hail Mary waits for it."""
    return bool(
        s[PHASE] == phase_named(M, PH_AWAITING_CHALLENGE)
        and s[WINDOW] >= 0
        and s[CH]
        and s[WINDOW] == s[ACTOR]
        and s[ACTOR] == s[CH_OFFENDER]
        and E[E[E_RULES] + R_THROW_AFTER_CHALLENGE]
    )


@compiled
def debts_ok(M: Ints, E: Ints, s: Ints) -> bool:
    """invariants._debts_ok: cards that wait for cards, none negative, none to a player out,
    none once the hand is scored, and only where the edition reads so."""
    base = debts_base(s)
    owing = False
    for p in range(s[PLAYERS]):
        debt = s[base + p]
        if debt < 0 or (debt > 0 and is_out(s, p)):
            return False
        owing = owing or debt > 0
    if not owing:
        return True
    ended = s[PHASE] == phase_named(M, PH_DEALING) or s[PHASE] == phase_named(M, PH_GAME_OVER)
    return bool(E[E[E_RULES] + R_SHORT_DRAW_WAITS]) and not ended


@compiled
def pending_ok(M: Ints, E: Ints, inv: Ints, s: Ints) -> bool:
    """invariants.pending_ok: obligations exist exactly in the phases that resolve them."""
    phase = s[PHASE]
    present = 0  # a bit per obligation, O_* order
    present |= (1 if s[OWED] else 0) << O_OWED
    present |= (1 if s[CH] else 0) << O_CHALLENGE
    present |= (1 if s[SPECIAL] >= 0 else 0) << O_SPECIAL
    present |= (1 if s[DRAWN] >= 0 else 0) << O_DRAWN
    present |= (1 if s[WINDOW] >= 0 else 0) << O_WINDOW
    waits = call_waits(M, E, inv, s)
    kept = waits or throw_waits(M, E, s)
    for o in range(5):
        if present & (1 << o) and not phase_in(M, inv, T_OWED_OK + o, phase):
            if not (o == O_WINDOW and kept):
                return False
    must = phase_in(M, inv, T_MUST, phase)
    if must >= 0 and not present & (1 << must) and not drew_nothing(M, E, s):
        return False
    n = s[PLAYERS]
    if s[OWED] and (s[OWED_AMOUNT] < 0 or not 0 <= s[OWED_PLAYER] < n):
        return False
    if s[OWED] and owed_until(s) != NO_UNTIL and s[OWED_AMOUNT] != 1:
        return False
    if not debts_ok(M, E, s):
        return False
    if s[OWED] and s[OWED_STACKABLE]:
        resolving = s[OWED_THEN] == phase_named(M, PH_RESOLVING)
        if not (E[E[E_RULES] + R_STACKING] and resolving):
            return False
    if s[DRAWN] >= 0 and (s[DRAWN] >= s[FACES] or held(s, s[CURRENT], s[DRAWN]) <= 0):
        return False
    if s[CH]:
        card = s[CH_CARD]
        if s[CH_VICTIM] != s[CURRENT] or not 0 <= card < s[FACES]:
            return False
        if not has(E, card, P_WILD_DRAW) or s[CH_OFFENDER] == s[CH_VICTIM]:
            return False
        if not 0 <= s[CH_OFFENDER] < n:
            return False
    if s[WINDOW] >= 0 and hand_size(s, s[WINDOW]) != 1 and not waits:
        return False
    if phase_in(M, inv, T_HAIL_MARY_DISCARD, phase) and hand_size(s, s[ACTOR]) < 2:
        return False
    return True


@compiled
def last_card_carried_out(M: Ints, E: Ints, inv: Ints, s: Ints, empty: int) -> bool:
    """invariants._last_card_carried_out: the one empty hand (of `empty`) is the actor's,
    whose last card's effect the table is carrying out, where the edition says so."""
    phase = s[PHASE]
    if not E[E[E_RULES] + R_LAST_CARD_EFFECTS] or not phase_in(M, inv, T_LAST_CARD, phase):
        return False
    actor = s[ACTOR]
    if empty != 1 or hand_size(s, actor) != 0 or is_out(s, actor):
        return False
    return (
        s[OWED] != 0
        or phase == phase_named(M, PH_RESOLVING)
        or phase == phase_named(M, PH_CHOOSING_COLOR)
        or s[CH] != 0
        or s[SPECIAL] >= 0
    )


@compiled
def hand_over_ok(M: Ints, E: Ints, inv: Ints, s: Ints) -> bool:
    """invariants.hand_over_iff_empty: a hand is over exactly when one hand is empty (or,
    where the edition carries out a last card's effect, once its draw is dealt)."""
    empty = 0
    for player in range(s[PLAYERS]):
        if hand_size(s, player) == 0 and not is_out(s, player):
            empty += 1
    phase = s[PHASE]
    alone = seated(s) == 1
    in_hand = phase_in(M, inv, T_IN_HAND, phase)
    if in_hand and is_out(s, s[CURRENT]):
        return False
    if in_hand and (empty or alone) and not last_card_carried_out(M, E, inv, s, empty):
        return False
    unscored = (  # a draw the piles could not complete ended it (`draw_shortfall`)
        phase == phase_named(M, PH_HAND_OVER)
        and E[E[E_RULES] + R_SHORT_DRAW_ENDS_HAND]
        and empty == 0
        and not alone
    )
    if phase_in(M, inv, T_HAND_OVER, phase) and empty != 1 and not (alone and empty == 0):
        if not unscored:
            return False
    return (s[WINNER] >= 0) == (phase_in(M, inv, T_GAME_OVER, phase) == 1)


@compiled
def found_guilty(E: Ints, game: Ints) -> bool:
    """rule_invariants._found_guilty: what a challenge answered in `game` finds, said again
    apart from `row.verdict`."""
    judges = E[E[E_RULES] + R_CHALLENGE_JUDGES]
    if judges == 0:
        return game[CH_GUILTY] != 0
    color = game[CH_COLOR] if judges == 2 else game[COLOR]
    kinds = face(E, game[CH_CARD], F_GUILTY)
    return holds(E, game, game[CH_OFFENDER], -1, color, kinds)


@compiled
def holds(E: Ints, s: Ints, player: int, without: int, color: int, kinds: int) -> bool:
    """rule_invariants._holds, on `player`'s hand less one `without` (said again, apart
    from `rules.holds_any`, so that a bug in either shows)."""
    base = hand_base(s, player)
    faces = s[FACES]
    if kinds & HOLD_WILD:
        for card in range(faces):
            if s[base + card] - (1 if card == without else 0) > 0 and face(E, card, F_WILD):
                return True
    if kinds & HOLD_CURRENT_COLOR and color >= 0:
        for card in range(faces):
            if s[base + card] - (1 if card == without else 0) > 0:
                if face(E, card, F_COLOR) == color:
                    return True
    return False


OTHER_RULES = WHEN & ~((1 << P_HAIL_MARY) | (1 << P_WILD_DRAW))
"""The primitives with a rule of when that `wild_allowed` does not say again itself."""


@compiled
def other_rules_allow(E: Ints, s: Ints, player: int, card: int) -> bool:
    """rule_invariants._other_rules_allow: the rules of when of the card's steps that
    `wild_allowed` does not say again (`primitives.step_allows`)."""
    if face(E, card, F_HAS) & OTHER_RULES == 0:
        return True
    for i in range(face(E, card, F_STEPS)):
        primitive = face(E, card, F_STEPS + 1 + i * STEP_FIELDS)
        if (OTHER_RULES >> primitive) & 1 and not step_allows(E, s, primitive, player, card):
            return False
    return True


@compiled
def wild_allowed(E: Ints, s: Ints, player: int, card: int) -> bool:
    """rule_invariants._wild_allowed."""
    if has(E, card, P_HAIL_MARY):
        return face(E, card, F_INTERRUPT_ONLY) == 0
    if has(E, card, P_WILD_DRAW) and face(E, card, F_REFUSED):
        return not holds(E, s, player, card, s[COLOR], face(E, card, F_UNLESS))
    return True


@compiled
def face_playable(E: Ints, s: Ints, player: int, card: int) -> bool:
    """rule_invariants.matching_cards_offered's `allowed`: the card matches from its face,
    or is a wild its own rule allows."""
    if not other_rules_allow(E, s, player, card):
        return False
    if face(E, card, F_WILD):
        return wild_allowed(E, s, player, card)
    top = s[TOP] if s[TOP] >= 0 else s[OLD_TOP]
    return face(E, card, F_COLOR) == s[COLOR] or (
        not face(E, top, F_WILD) and face(E, card, F_SYMBOL) == face(E, top, F_SYMBOL)
    )


@compiled
def another_playable(E: Ints, s: Ints, player: int) -> bool:
    """A card of `player`'s hand, not of last resort, that may be played (asked only once a
    card of last resort is: most editions have none)."""
    for card in range(s[FACES]):
        if held(s, player, card) > 0 and not face(E, card, F_LAST_RESORT):
            if face_playable(E, s, player, card):
                return True
    return False


@compiled
def matching_offered(M: Ints, E: Ints, inv: Ints, s: Ints, moves: Grid, count: int) -> bool:
    """rule_invariants.matching_cards_offered: every matching card the player holds (and
    every wild its own rule allows) is among the moves offered; a card of last resort only
    when nothing else of the hand is. The moves are looked through from where the last card
    was found: `legal` lists the plays in card order, so each is found at once."""
    phase = s[PHASE]
    if not phase_in(M, inv, T_PLAY_PHASE, phase) or (s[TOP] < 0 and s[OLD_TOP] < 0):
        return True
    if phase_in(M, inv, T_WINDOW, phase) and s[CH]:
        return True
    player = s[CURRENT]
    only = -1
    drawn = phase_in(M, inv, T_DRAWN_CARD, phase)
    if drawn and not from_hand_after_drawing(E, s):
        only = s[DRAWN]
    by_colour = drawn and E[E[E_RULES] + R_BY_COLOUR] != 0
    others = -1  # whether the hand holds another playable card: known once a card asks
    at = 0  # where the last card was found among the moves: the plays follow card order
    faces = s[FACES]
    for start in range(0, faces, 64):
        asked = 0  # bit i: face start + i is asked about (held, or the drawn card alone)
        if only >= 0:
            if start <= only < start + 64:
                asked = 1 << int(only - start)  # a Python int with the JIT off
        else:
            asked = faces_held(s, player, start)
        while asked != 0:
            card = start + lowest_bit(asked)
            asked &= asked - 1
            if not face_playable(E, s, player, card):
                continue
            if face(E, card, F_LAST_RESORT):
                if others < 0:
                    others = 1 if another_playable(E, s, player) else 0
                if others:
                    continue
            if by_colour and not face(E, card, F_WILD) and face(E, card, F_COLOR) != s[COLOR]:
                continue
            offered = False
            for k in range(count):  # every move, from where the last card was found
                i = at + k if at + k < count else at + k - count
                if moves[i, 0] == A_PLAY and moves[i, 1] == player and moves[i, 2] == card:
                    offered = True
                    at = i
                    break
            if not offered:
                return False
    return True


@compiled
def colour_ok(M: Ints, E: Ints, inv: Ints, s: Ints) -> bool:
    """invariants.colour_in_force: a colour is in force once a card is turned up, unless
    the top (or the one a reshuffle of the whole pile took) is a wild the first flip turned
    up, or a Color Roulette's pick is to come."""
    if s[COLOR] != -1 or not phase_in(M, inv, T_TOP_TURNED, s[PHASE]):
        return True
    if s[PHASE] == phase_named(M, PH_PICKING_COLOUR):
        return True
    top = s[TOP] if s[TOP] >= 0 else s[OLD_TOP]
    if top < 0 or not face(E, top, F_WILD):
        return False
    under = under_base(s)
    for card in range(s[FACES]):
        if s[under + card] > 0 and not face(E, card, F_IGNORED):
            return False
    return True


@compiled
def state_verdicts(
    M: Ints, E: Ints, inv: Ints, s: Ints, moves: Grid, count: int, counts: Ints
) -> int:
    """Every state invariant's verdict on `s` (its legal moves: `moves[:count]`), as a bit
    mask of the broken ones. A row the type invariant rejects is judged on nothing else:
    the others would read nonsense (the reference's checks then crash, which `violations`
    counts as broken too)."""
    if not type_ok(M, E, s):
        return 1 << I_TYPE
    broken = 0
    if not conserved(E, s, counts):
        broken |= 1 << I_CONSERVATION
    if not sizes_ok(M, E, inv, s):
        broken |= 1 << I_SIZES
    if not seats_ok(E, s):
        broken |= 1 << I_SEATS
        return broken  # seats out of range: the rest would index outside the row
    if not pending_ok(M, E, inv, s):
        broken |= 1 << I_PENDING
    if not hand_over_ok(M, E, inv, s):
        broken |= 1 << I_HAND_OVER
    phase = s[PHASE]
    if not M[M[M_FINAL] + phase] and not M[M[M_CHANCE] + phase] and count == 0:
        broken |= 1 << I_DEADLOCK
    if not matching_offered(M, E, inv, s, moves, count):
        broken |= 1 << I_MATCHING
    if not colour_ok(M, E, inv, s):
        broken |= 1 << I_COLOUR
    return broken


# -- step invariants ----------------------------------------------------------------------------
# A step's transitions are `log[:logged]`; `row_at(..., i)` is the row before transition i
# (after transition i - 1): the step's start row for the first, its end row after the last,
# and between them the copy `rules.fire` keeps, only around the transitions whose rows a
# step invariant reads (`SNAPSHOT_SETS`, `tables.M_BR_SNAPSHOT`). Every `row_at` below is
# read under one of those sets' tests, or not at all.


@compiled_inline
def row_at(start: Ints, end: Ints, snaps: Grid, logged: int, i: int) -> Ints:
    """The row before transition `i` of the step from `start` to `end`."""
    if i == 0:
        return start
    if i == logged and logged < snaps.shape[0] - 1:  # `rules.run`: the log not cut short
        return end
    return snaps[i]


@compiled
def played_plain(E: Ints, game: Ints, card: int) -> bool:
    """rule_invariants._said_of_the_play's test: a wild just drawn, which the edition plays
    as a plain Wild (its steps say nothing)."""
    if not E[E[E_RULES] + R_DRAWN_WILD_PLAIN] or not face(E, card, F_WILD):
        return False
    return card == game[DRAWN]


@compiled
def turn_expected(
    M: Ints,
    E: Ints,
    inv: Ints,
    start: Ints,
    end: Ints,
    log: Grid,
    snaps: Grid,
    logged: int,
    kind: int,
    player: int,
    card: int,
) -> int:
    """rule_invariants._after_a_card / _after_an_answer: who plays next and in which
    direction, as 4 * player + direction + 1; -1 where the card or answer does not decide it."""
    if is_play(kind):
        for i in range(logged):
            event = M[M[M_BR_EVENT] + log[i, 0]]
            if not event_in(M, inv, V_PLAYS, event) or not log[i, 1]:
                continue
            game = row_at(start, end, snaps, logged, i)
            if hand_size(game, player) <= 1:
                return -1
            if played_plain(E, game, card):
                return 4 * step_from(game, player, 1, game[DIRECTION]) + game[DIRECTION] + 1
            two = seated(game) == 2
            ahead = face(E, card, F_TURN_SEATS_TWO if two else F_TURN_SEATS)
            flips = face(E, card, F_TURN_FLIPS_TWO if two else F_TURN_FLIPS)
            way = -game[DIRECTION] if flips else game[DIRECTION]
            return 4 * step_from(game, player, ahead, way) + way + 1
        return -1
    for i in range(logged):
        event = M[M[M_BR_EVENT] + log[i, 0]]
        answer = event_in(M, inv, V_CHALLENGE, event) or event_in(M, inv, V_ACCEPT, event)
        if not answer and not event_in(M, inv, V_NAME_LOSER, event):
            continue
        game = row_at(start, end, snaps, logged, i)
        way = game[DIRECTION]
        if event_in(M, inv, V_NAME_LOSER, event):
            if game[SPECIAL] < 0:
                return -1
            if player < 0:  # actions.NOBODY: play goes on as the card sent it
                return 4 * step_from(game, game[ACTOR], 1, way) + way + 1
            following = step_from(game, game[ACTOR], 1, way)
            after = face(E, game[SPECIAL], F_RACE_NEXT)
            if after == RACE_AFTER_LOSER or (
                after == RACE_LOSER_LOSES_TURN and player == following
            ):
                following = step_from(game, player, 1, way)
            return 4 * following + way + 1
        if not game[CH]:
            return -1
        victim = game[CH_VICTIM]
        plays = (
            event_in(M, inv, V_CHALLENGE, event)
            and found_guilty(E, game)
            and face(E, game[CH_CARD], F_CHALLENGER_PLAYS)
        )
        return 4 * (victim if plays else step_from(game, victim, 1, way)) + way + 1
    return -1


@compiled
def first_card_sends(E: Ints, game: Ints, owing: bool) -> int:
    """rule_invariants._first_card_turn: where the first card about to be turned up in
    `game` sends the turn from the dealer, after its first effect (or where its draw is
    owed, `owing`), as 4 * player + direction + 1."""
    card = pile_card(game, 0)
    dealer = step_from(game, game[LEADER], 1, -1)
    two = seated(game) == 2
    if owing:
        ahead = face(E, card, F_FIRST_OWED_SEATS_TWO if two else F_FIRST_OWED_SEATS)
        flips = face(E, card, F_FIRST_OWED_FLIPS_TWO if two else F_FIRST_OWED_FLIPS)
    else:
        ahead = face(E, card, F_FIRST_TURN_SEATS_TWO if two else F_FIRST_TURN_SEATS)
        flips = face(E, card, F_FIRST_TURN_FLIPS_TWO if two else F_FIRST_TURN_FLIPS)
    way = -game[DIRECTION] if flips else game[DIRECTION]
    return 4 * step_from(game, dealer, ahead, way) + way + 1


@compiled
def first_owed_ok(E: Ints, game: Ints, made: Ints) -> bool:
    """rule_invariants._owed_as_the_rule_says, for the first card carried out: its first
    effect's draw, owed to the player its statements name from the dealer, or none."""
    card = pile_card(game, 0)
    if not face(E, card, F_FIRST_OWES):
        return not made[OWED]
    player = first_card_sends(E, game, True) // 4
    return (
        made[OWED]
        and made[OWED_PLAYER] == player
        and made[OWED_AMOUNT] == face(E, card, F_FIRST_OWED)
    )


@compiled
def turn_ok(
    M: Ints,
    E: Ints,
    inv: Ints,
    before: Ints,
    child: Ints,
    log: Grid,
    snaps: Grid,
    logged: int,
    kind: int,
    player: int,
    card: int,
) -> bool:
    """rule_invariants.turn_passes_on."""
    if logged == 0 or not phase_in(M, inv, T_TURN_SETTLED, child[PHASE]):
        return True
    if kind == A_RESHUFFLE:
        drawing = before[OWED] and before[OWED_THEN] == phase_named(M, PH_DRAWN_CARD)
        if drawing and not child[OWED] and child[DRAWN] < 0:  # the refilled draw ran dry
            way = before[DIRECTION]
            passed = step_from(before, before[OWED_PLAYER], 1, way)
            return child[CURRENT] == passed and child[DIRECTION] == way
        return child[CURRENT] == before[CURRENT] and child[DIRECTION] == before[DIRECTION]
    if kind == A_DEAL:  # rule_invariants._after_the_first_card
        for i in range(logged):
            if M[M[M_BR_UPDATE] + log[i, 0]] == U_PLAY_FIRST_CARD:
                way = child[DIRECTION]
                expected = first_card_sends(E, row_at(before, child, snaps, logged, i), False)
                return (way == 1 or way == -1) and 4 * child[CURRENT] + way + 1 == expected
        return True
    if not is_play(kind) and kind != A_CHALLENGE and kind != A_ACCEPT and kind != A_LOSER:
        return True
    expected = turn_expected(M, E, inv, before, child, log, snaps, logged, kind, player, card)
    if expected < 0:
        return True
    way = child[DIRECTION]
    return (way == 1 or way == -1) and 4 * child[CURRENT] + way + 1 == expected


@compiled
def winner_of(game: Ints) -> int:
    """rule_invariants._hand_winner: the one player still in with an empty hand, or the one
    left (the mercy rule); -1 for none."""
    alone = seated(game) == 1
    for p in range(game[PLAYERS]):
        if not is_out(game, p) and (alone or hand_size(game, p) == 0):
            return p
    return -1


@compiled
def score_ok(
    M: Ints, E: Ints, inv: Ints, before: Ints, child: Ints, log: Grid, snaps: Grid, logged: int
) -> bool:
    """rule_invariants.score_is_the_hand: the winner scores the cards left in the other
    hands, nobody else anything."""
    players = before[PLAYERS]
    scored_any = False
    for i in range(logged):
        if not event_in(M, inv, V_SCORE, M[M[M_BR_EVENT] + log[i, 0]]):
            continue
        scored_any = True
        game = row_at(before, child, snaps, logged, i)
        scored = row_at(before, child, snaps, logged, i + 1)
        winner = winner_of(game)
        total = 0
        for p in range(players):
            if p == winner:  # the last player left (the mercy rule) holds cards
                continue
            base = hand_base(game, p)
            for card in range(game[FACES]):
                if game[base + card] > 0:
                    worth = face(E, card, F_POINTS)
                    if worth < 0:
                        return True  # a card without points: the kernel's rule gap
                    total += worth * game[base + card]
        for p in range(players):
            expected = before[HEADER + p] + (total if p == winner else 0)
            if scored[HEADER + p] != expected:
                return False
    if not scored_any:
        for p in range(players):
            if child[HEADER + p] != before[HEADER + p]:
                return False
    return True


@compiled
def owed_as_said(
    M: Ints,
    E: Ints,
    inv: Ints,
    game: Ints,
    event: int,
    kind: int,
    player: int,
    card: int,
    arg: int,
    made: Ints,
) -> bool:
    """rule_invariants._owed_as_the_rule_says: the draw the transition set."""
    expected_player = -1
    expected_amount = -1
    if event_in(M, inv, V_DRAW, event):
        expected_player, expected_amount = game[CURRENT], 1
    elif event_in(M, inv, V_PLAYS, event) and is_play(kind):
        owes = face(E, card, F_OWES) or face(E, card, F_ASKS_PICK)  # a Roulette: one card
        last_draws = E[E[E_RULES] + R_LAST_CARD_EFFECTS] != 0  # a last card's draw is owed
        going_on = hand_size(game, player) > 1 or last_draws
        if owes and going_on and not played_plain(E, game, card):
            two = seated(game) == 2
            ahead = face(E, card, F_OWED_SEATS_TWO if two else F_OWED_SEATS)
            flips = face(E, card, F_OWED_FLIPS_TWO if two else F_OWED_FLIPS)
            way = -game[DIRECTION] if flips else game[DIRECTION]
            expected_player = step_from(game, player, ahead, way)
            expected_amount = face(E, card, F_OWED)
    elif event_in(M, inv, V_PICK, event) and kind == A_PICK and game[OWED]:
        expected_player, expected_amount = game[OWED_PLAYER], 1
    elif event_in(M, inv, V_ACCEPT, event) and not game[CH] and game[OWED]:
        expected_player, expected_amount = game[OWED_PLAYER], game[OWED_AMOUNT]  # a stack taken
    elif (event_in(M, inv, V_CHALLENGE, event) or event_in(M, inv, V_ACCEPT, event)) and game[CH]:
        pending = game[CH_CARD]
        stacked = game[CH_STAKE]  # stacking: the draw cards passed on under it
        if event_in(M, inv, V_ACCEPT, event):
            expected_player = game[CH_VICTIM]
            expected_amount = face(E, pending, F_DRAW) + stacked
        elif found_guilty(E, game):
            expected_player = game[CH_OFFENDER]
            expected_amount = face(E, pending, F_OFFENDER_DRAWS) + stacked
        else:
            expected_player = game[CH_VICTIM]
            expected_amount = face(E, pending, F_CHALLENGER_DRAWS) + stacked
    elif event_in(M, inv, V_CATCH, event) and kind == A_CATCH:
        expected_player, expected_amount = arg, E[E[E_RULES] + R_UNO_PENALTY]
    elif event_in(M, inv, V_CALL_OUT_OF_PLACE, event) and kind == A_UNO:
        expected_player, expected_amount = player, E[E[E_RULES] + R_UNO_PENALTY]
    elif event_in(M, inv, V_NAME_LOSER, event) and kind == A_LOSER and game[SPECIAL] >= 0:
        expected_player, expected_amount = player, face(E, game[SPECIAL], F_DRAW)
    if made[OWED]:
        return made[OWED_PLAYER] == expected_player and made[OWED_AMOUNT] == expected_amount
    return expected_player < 0


@compiled
def ends_the_draw(E: Ints, game: Ints, card: int) -> bool:
    """rule_invariants._ends_the_draw: `card`, dealt next, ends a draw of no set number."""
    until = owed_until(game)
    if until >= 0:
        return not face(E, card, F_WILD) and face(E, card, F_COLOR) == until
    top = game[TOP] if game[TOP] >= 0 else game[OLD_TOP]
    same = (
        top >= 0 and not face(E, top, F_WILD) and face(E, card, F_SYMBOL) == face(E, top, F_SYMBOL)
    )
    if not (face(E, card, F_WILD) or face(E, card, F_COLOR) == game[COLOR] or same):
        return False
    player = game[OWED_PLAYER]
    add_to_hand(game, player, card, 1)  # as it would be held
    allowed = own_rule_allows(E, game, player, card)
    add_to_hand(game, player, card, -1)
    return allowed


@compiled
def out_as_owed(E: Ints, game: Ints, dealt: Ints) -> bool:
    """rule_invariants._out_as_owed: the deal brought its player to the mercy count, and
    all they held went under the top card."""
    player, limit = game[OWED_PLAYER], E[E[E_RULES] + R_ELIMINATION]
    got = min(game[OWED_AMOUNT], game[PILE_LEN])
    held = hand_size(game, player) + got
    if not limit or held < limit or got == 0:
        return False
    if hand_size(dealt, player) != 0 or dealt[PILE_LEN] != game[PILE_LEN] - got:
        return False
    if not same_pile(dealt, game, got):
        return False
    return discard_len(dealt) - discard_len(game) == held and not dealt[OWED]


@compiled
def short_draw_reshuffled_first(E: Ints, game: Ints) -> bool:
    """rule_invariants._short_draw_reshuffled_first: a draw of a set number the pile is
    short of, where the edition reshuffles first."""
    if not E[E[E_RULES] + R_RESHUFFLE_FIRST] or not game[OWED] or owed_until(game) != NO_UNTIL:
        return False
    return 0 < game[PILE_LEN] < game[OWED_AMOUNT] and can_refill(E, game)


@compiled
def rest_waits(M: Ints, E: Ints, game: Ints) -> bool:
    """rule_invariants._rest_waits: the rest of a draw short of cards waits for cards."""
    if not E[E[E_RULES] + R_SHORT_DRAW_WAITS] or owed_until(game) != NO_UNTIL:
        return False
    if game[OWED_THEN] == phase_named(M, PH_DRAWN_CARD):
        return False
    actor = game[ACTOR]
    went_out = hand_size(game, actor) == 0 and not is_out(game, actor)
    return not (E[E[E_RULES] + R_LAST_CARD_EFFECTS] and went_out)


@compiled
def dealt_as_owed(M: Ints, E: Ints, game: Ints, dealt: Ints) -> bool:
    """rule_invariants._dealt_as_owed: one deal of owed cards, from the top of the pile; a
    draw of no set number deals one, and stays owed unless the card ends it."""
    if not game[OWED]:
        return False
    player, amount = game[OWED_PLAYER], game[OWED_AMOUNT]
    if short_draw_reshuffled_first(E, game):
        if hand_size(dealt, player) != hand_size(game, player) or dealt[PILE_LEN] != game[PILE_LEN]:
            return False
        if not same_pile(dealt, game, 0):
            return False
        return dealt[OWED] != 0 and dealt[OWED_AMOUNT] == amount
    if is_out(dealt, player) and not is_out(game, player):
        return out_as_owed(E, game, dealt)
    if dealt[PHASE] == phase_named(M, PH_HAND_OVER) and E[E[E_RULES] + R_SHORT_DRAW_ENDS_HAND]:
        if owed_until(game) != NO_UNTIL or game[PILE_LEN] >= amount or can_refill(E, game):
            return False  # the draw could be completed: no reason to end the hand
        for p in range(game[PLAYERS]):
            if hand_size(dealt, p) != hand_size(game, p):
                return False
        return dealt[PILE_LEN] == game[PILE_LEN] and same_pile(dealt, game, 0) and not dealt[OWED]
    if owed_until(game) != NO_UNTIL and game[PILE_LEN] > 0:
        if hand_size(dealt, player) - hand_size(game, player) != 1:
            return False
        if dealt[PILE_LEN] != game[PILE_LEN] - 1:
            return False
        if not same_pile(dealt, game, 1):
            return False
        still = dealt[OWED_AMOUNT] if dealt[OWED] else 0
        return still == (0 if ends_the_draw(E, game, pile_card(game, 0)) else 1)
    got = min(amount, game[PILE_LEN])
    grew = hand_size(dealt, player) - hand_size(game, player)
    if grew != got or dealt[PILE_LEN] != game[PILE_LEN] - got:
        return False
    if not same_pile(dealt, game, got):
        return False
    left = amount - got
    still = dealt[OWED_AMOUNT] if dealt[OWED] else 0
    refill = can_refill(E, game)
    if still != (left if refill else 0):
        return False
    had = game[debts_base(game) + player]
    expected = 0
    if left > 0 and not refill and rest_waits(M, E, game):
        expected = min(had + left, E[E[E_RULES] + R_IN_PLAY]) - had
    return dealt[debts_base(dealt) + player] - had == expected


@compiled
def draws_ok(
    M: Ints,
    E: Ints,
    inv: Ints,
    before: Ints,
    child: Ints,
    log: Grid,
    snaps: Grid,
    logged: int,
    kind: int,
    player: int,
    card: int,
    arg: int,
) -> bool:
    """rule_invariants.draws_are_owed."""
    if not is_play(kind) and kind != A_DRAW and kind != A_CHALLENGE and kind != A_ACCEPT:
        if kind != A_CATCH and kind != A_LOSER and kind != A_RESHUFFLE and kind != A_PICK:
            if kind != A_DEAL and kind != A_UNO:
                return True
    if is_play(kind) and not face(E, card, F_OWES) and not face(E, card, F_ASKS_PICK):
        return True
    for i in range(logged):
        event = M[M[M_BR_EVENT] + log[i, 0]]
        game = row_at(before, child, snaps, logged, i)
        made = row_at(before, child, snaps, logged, i + 1)
        if event_in(M, inv, V_DRAW_OWED, event):
            if M[M[M_BR_TARGET] + log[i, 0]] == phase_named(M, PH_AWAITING_STACK):
                continue  # the draw waits: its player may pass it on (stacking)
            if not dealt_as_owed(M, E, game, made):
                return False
        elif M[M[M_BR_UPDATE] + log[i, 0]] == U_PLAY_FIRST_CARD:
            if not first_owed_ok(E, game, made):
                return False
        elif event_in(M, inv, V_OWING, event):
            if not owed_as_said(M, E, inv, game, event, kind, player, card, arg, made):
                return False
    return True


@compiled
def challenge_ok(
    M: Ints,
    E: Ints,
    inv: Ints,
    before: Ints,
    child: Ints,
    log: Grid,
    snaps: Grid,
    logged: int,
    kind: int,
    player: int,
    card: int,
) -> bool:
    """rule_invariants.challenge_judges_the_hand."""
    if not is_play(kind) or not has(E, card, P_WILD_DRAW):
        return True
    for i in range(logged):
        if not event_in(M, inv, V_PLAYS, M[M[M_BR_EVENT] + log[i, 0]]) or not log[i, 1]:
            continue
        game = row_at(before, child, snaps, logged, i)
        if hand_size(game, player) <= 1 or played_plain(E, game, card):
            continue
        color = game[COLOR]
        pending = row_at(before, child, snaps, logged, i + 1)
        if not pending[CH]:
            return False
        if pending[CH_OFFENDER] != player or pending[CH_CARD] != card:
            return False
        if pending[CH_VICTIM] != step_from(game, player, 1, game[DIRECTION]):
            return False
        guilty = holds(E, game, player, card, color, face(E, card, F_GUILTY))
        bluff = holds(E, game, player, card, color, face(E, card, F_UNLESS))
        if (pending[CH_GUILTY] != 0) != guilty or (pending[CH_BLUFF] != 0) != bluff:
            return False
        kept = color if E[E[E_RULES] + R_CHALLENGE_JUDGES] == 2 else -1
        if pending[CH_COLOR] != kept:
            return False
    return True


@compiled
def game_ends_ok(
    M: Ints, E: Ints, inv: Ints, before: Ints, child: Ints, log: Grid, snaps: Grid, logged: int
) -> bool:
    """rule_invariants.game_ends_at_the_target."""
    for i in range(logged):
        if not event_in(M, inv, V_SCORE, M[M[M_BR_EVENT] + log[i, 0]]):
            continue
        game = row_at(before, child, snaps, logged, i)
        winner = winner_of(game)
        if winner < 0:
            continue
        scored = row_at(before, child, snaps, logged, i + 1)
        won = (
            E[E[E_RULES] + R_SINGLE_HAND] != 0
            or scored[HEADER + winner] >= E[E[E_RULES] + R_TARGET]
            or seated(game) == 1
        )
        over = phase_in(M, inv, T_GAME_OVER, scored[PHASE]) == 1
        if over != won or scored[WINNER] != (winner if won else -1):
            return False
    return True


@compiled
def hail_mary_ok(
    M: Ints,
    E: Ints,
    inv: Ints,
    before: Ints,
    child: Ints,
    log: Grid,
    snaps: Grid,
    logged: int,
    kind: int,
    player: int,
    card: int,
    color: int,
) -> bool:
    """rule_invariants.hail_mary_lands (`color`: the colour the play named)."""
    if not is_play(kind) and kind != A_KEEP:
        return True
    if is_play(kind) and not has(E, card, P_HAIL_MARY):
        return True
    for i in range(logged):
        event = M[M[M_BR_EVENT] + log[i, 0]]
        game = row_at(before, child, snaps, logged, i)
        after = row_at(before, child, snaps, logged, i + 1)
        if event_in(M, inv, V_KEEP, event):
            thrower = game[ACTOR]
            shed = hand_size(game, thrower) - 1
            top = game[TOP]
            kept_all = hand_size(after, thrower) == hand_size(game, thrower)
            if top >= 0 and face(E, top, F_KEEP_MORE) and kept_all:  # `keep_after_shedding`
                if discard_len(after) != discard_len(game):
                    return False
                if out_of_play_count(after) != out_of_play_count(game):
                    return False
                continue
            if hand_size(after, thrower) != 1:
                return False
            out = face(E, game[TOP], F_SHED_OUT_OF_PLAY) if game[TOP] >= 0 else 0
            under = 0 if out else shed
            if after[TOP] != game[TOP] or discard_len(after) != discard_len(game) + under:
                return False
            if out_of_play_count(after) != out_of_play_count(game) + (shed if out else 0):
                return False
        elif event_in(M, inv, V_HAIL_MARY, event):
            window = game[WINDOW]
            last = -1
            for c in range(game[FACES]):
                if held(game, window, c) > 0:
                    last = c
                    break
            if last < 0:
                return False
            on_a_wild = face(E, card, F_GUESS_ON_A_WILD)
            if face(E, last, F_COLOR) >= 0:
                right = face(E, last, F_COLOR) == color
            else:
                right = on_a_wild == GW_ANY or (on_a_wild == GW_IN_FORCE and game[COLOR] == color)
            wrong = -1 if right or player == window else face(E, card, F_WRONG_GUESS)
            if after[CH]:
                return False  # a challenge still pending after a Hail Mary
            if wrong == WG_TAKEN_BACK and not game[CH]:
                if after[PHASE] != phase_named(M, PH_AWAITING_PLAY) or after[WINDOW] != -1:
                    return False
                if after[TOP] != game[TOP] or after[COLOR] != game[COLOR]:
                    return False
                if hand_size(after, player) != hand_size(game, player):
                    return False
                if after[CURRENT] != game[CURRENT] or after[OWED]:
                    return False
                continue
            as_before = wrong == WG_AS_BEFORE
            if after[TOP] != card or after[COLOR] != (game[COLOR] if as_before else color):
                return False
            left = hand_size(game, player) - 1
            if left == 0:
                continue
            way = 1 if face(E, card, F_LEFT_OF_PLAYER) else game[DIRECTION]
            following = game[CURRENT] if as_before else step_from(game, player, 1, way)
            if after[CURRENT] != following:
                return False
            owes = bool(
                after[OWED]
                and after[OWED_PLAYER] == player
                and after[OWED_AMOUNT] == E[E[E_RULES] + R_UNO_PENALTY]
            )
            if owes != (wrong == WG_PENALTY):
                return False
            discarding = phase_in(M, inv, T_HAIL_MARY_DISCARD, after[PHASE]) == 1
            if discarding != (right and left > 1):
                return False
    return True


@compiled
def declared_ok(M: Ints, before: Ints, child: Ints, log: Grid, logged: int) -> bool:
    """invariants.declared_transitions: the step moved along declared transitions, chained
    from phase to phase."""
    if logged == 0:
        return True
    phase = before[PHASE]
    branches = M[M[M_DIMS] + 2]
    for i in range(logged):
        branch = log[i, 0]
        if not 0 <= branch < branches or M[M[M_BR_SOURCE] + branch] != phase:
            return False
        phase = M[M[M_BR_TARGET] + branch]
    return phase == child[PHASE]


@compiled
def step_verdicts(
    M: Ints,
    E: Ints,
    inv: Ints,
    before: Ints,
    child: Ints,
    log: Grid,
    snaps: Grid,
    logged: int,
    action: Ints,
) -> int:
    """Every step invariant's verdict on the step from `before` to `child` that fired
    `log[:logged]` (the rows between them in `snaps`, see `row_at`), as a bit mask of the
    broken ones. `before` must be the row the step began from (the pile as it drew)."""
    kind, player, card, arg = action[0], action[1], action[2], action[3]
    broken = 0
    if before[PLAYERS] != child[PLAYERS]:
        return 1 << I_SCORES_GROW
    for p in range(before[PLAYERS]):
        if child[HEADER + p] < before[HEADER + p]:
            broken |= 1 << I_SCORES_GROW
            break
    if is_play(kind) and not face(E, card, F_WILD):
        for i in range(logged):
            event = M[M[M_BR_EVENT] + log[i, 0]]
            if not event_in(M, inv, V_PLAYS, event) or not log[i, 1]:
                continue
            game = row_at(before, child, snaps, logged, i)
            top = game[TOP] if game[TOP] >= 0 else game[OLD_TOP]
            if top < 0 or face(E, card, F_COLOR) == game[COLOR]:
                continue
            if face(E, card, F_SYMBOL) != face(E, top, F_SYMBOL):
                broken |= 1 << I_PLAYS_MATCH
                break
    if not turn_ok(M, E, inv, before, child, log, snaps, logged, kind, player, card):
        broken |= 1 << I_TURN
    if is_play(kind) and face(E, card, F_WILD):
        for i in range(logged):
            event = M[M[M_BR_EVENT] + log[i, 0]]
            named = event_in(M, inv, V_CHOOSE_COLOR, event)
            game = row_at(before, child, snaps, logged, i)
            if event_in(M, inv, V_PLAYS, event) and played_plain(E, game, card):
                named = True  # a drawn wild played plain names it in the play
            if named and log[i, 1]:
                if row_at(before, child, snaps, logged, i + 1)[COLOR] != arg_color(arg):
                    broken |= 1 << I_WILD_COLOUR
                    break
    if not score_ok(M, E, inv, before, child, log, snaps, logged):
        broken |= 1 << I_SCORE
    if not draws_ok(M, E, inv, before, child, log, snaps, logged, kind, player, card, arg):
        broken |= 1 << I_DRAWS
    if not challenge_ok(M, E, inv, before, child, log, snaps, logged, kind, player, card):
        broken |= 1 << I_CHALLENGE
    if not game_ends_ok(M, E, inv, before, child, log, snaps, logged):
        broken |= 1 << I_GAME_ENDS
    color = arg_color(arg)
    if not hail_mary_ok(M, E, inv, before, child, log, snaps, logged, kind, player, card, color):
        broken |= 1 << I_HAIL_MARY
    if not declared_ok(M, before, child, log, logged):
        broken |= 1 << I_DECLARED
    return broken
