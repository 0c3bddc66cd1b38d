"""The rules in array form: the twins of the reference's guards, conditions and effects, and
the kernel loop that runs them through the machine tables.

Each function here restates one reference function (named in its docstring) on a state row
(`layout`), for speed; which of them runs when, in what order, and which phase follows is
read from the machine tables (`tables.machine_tables`), never written here. Conformance
(`checks.conformance`) holds every one of them to the reference, state by state.

Conventions: `M` the machine tables, `E` the edition tables, `s` a state row changed in
place, an action as (kind, player, card, arg) with `order` the cards of a shuffle. A step
returns `OK` or a negative refusal code (`vocabulary.REFUSAL`); on a refusal the row is
left half-changed and must be thrown away (`run` callers work on a copy).

Why one module of this length: it is one concept, the reference's rule functions restated
on a state row, twin for twin (the guards of `legality`, the conditions of `branches`, the
effects of `updates`), with the one kernel loop that dispatches them by number. numba
compiles the dispatch together with every function it can reach, and the seeded engine bugs
and the twin maps name the functions by this module; splitting it by reference module would
put the dispatch in a fourth module that imports the three, for no reader's gain.
"""

from __future__ import annotations

from unospec.checks.engines.compiled.jit import (
    Grid,
    Ints,
    compiled,
    compiled_inline,
    copy_ints,
    lowest_bit,
)
from unospec.checks.engines.compiled.layout import (
    ACTOR,
    CH,
    CH_CARD,
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
    OWED_UNTIL,
    PHASE,
    PILE_LEN,
    PLAYERS,
    SPECIAL,
    TOP,
    UNDER,
    UNTIL_BIAS,
    WINDOW,
    WINNER,
)
from unospec.checks.engines.compiled.primitives import (
    P_HAIL_MARY,
    WHEN,
    apply_step,
    has,
    steps_allow,
    swap_hands,
)
from unospec.checks.engines.compiled.row import (
    add_to_hand,
    arg_call,
    arg_color,
    arg_target,
    debts_base,
    discard_push,
    event_named,
    face,
    faces_held,
    hand_base,
    hand_size,
    has_group,
    held,
    is_deck_color,
    is_out,
    next_player,
    no_challenge,
    out_of_play_base,
    owe,
    owe_nothing,
    owed_until,
    phase_named,
    pile_base,
    pile_card,
    pile_pop,
    pile_push_bottom,
    play_arg,
    refused,
    reshuffled_count,
    seated,
    set_pile,
    shed_under,
    sizes_base,
    step_from,
    to_match,
    under_base,
    verdict,
)
from unospec.checks.engines.compiled.tables import (
    E_COLORS,
    E_DECK,
    E_IN_PLAY,
    E_RULES,
    M_AUTOMATIC,
    M_BR_COND_LEN,
    M_BR_COND_START,
    M_BR_SNAPSHOT,
    M_BR_TARGET,
    M_BR_UPDATE,
    M_COND_ARG,
    M_COND_EXPECT,
    M_COND_ID,
    M_DIMS,
    M_GROUP_BRANCHES,
    M_GROUP_LEN,
    M_GROUP_START,
    M_GROUP_VAL_LEN,
    M_GROUP_VAL_START,
    M_LISTER_LEN,
    M_LISTER_START,
    M_LISTERS,
    M_SAME_STEP,
    M_STEP_EVENT,
    M_VALS,
    M_WINDOW,
)
from unospec.checks.engines.compiled.vocabulary import (
    A_ACCEPT,
    A_CATCH,
    A_CHALLENGE,
    A_DEAL,
    A_DRAW,
    A_JUMP_IN,
    A_KEEP,
    A_LOSER,
    A_PASS,
    A_PICK,
    A_PLAY,
    A_RESHUFFLE,
    A_UNO,
    ACTION_KINDS,
    BROKEN,
    C_ASKS_PICK,
    C_ASKS_TARGET,
    C_CALLED_IN_VAIN,
    C_CALLED_WITH_THE_PLAY,
    C_CALLS_OUT_OF_PLACE,
    C_CARDS_FOR_WHAT_WAITS,
    C_CHALLENGE_PENDING,
    C_DEALER_NAMES_COLOUR,
    C_DRAW_FALLS_SHORT,
    C_DRAW_WAITS_FOR_CARDS,
    C_DRAWS_BY_CHOICE,
    C_DRAWS_NOTHING_PLAYS_FROM_HAND,
    C_DRAWS_ON,
    C_ELIMINATES,
    C_EMPTIES_THE_PILE,
    C_FIRST_CARD_DRAWS,
    C_FIRST_CARD_NAMES_COLOUR,
    C_FIRST_CARD_PLAYED,
    C_FLIPS_IGNORED_CARD,
    C_GAME_IS_WON,
    C_GUESS_SHEDS_CARDS,
    C_HAND_EMPTIED,
    C_JUMPS_IN,
    C_LAST_CARD_DRAW_DEALT,
    C_LAST_CARD_DRAWS,
    C_LAST_CARD_SETTLED,
    C_LAST_CARD_WAITS,
    C_MAY_STACK,
    C_NO_NUMBER_CARD_LEFT,
    C_NOBODY_LOSES,
    C_NOTHING_TO_DRAW,
    C_ONE_PLAYER_LEFT,
    C_OPENS_UNO_WINDOW,
    C_PILE_RUNS_OUT,
    C_PLAYS_DRAW_CARD,
    C_PLAYS_DRAWN_WILD_PLAIN,
    C_PLAYS_LAST_CARD,
    C_PLAYS_LAST_CARD_AFTER_DRAWING_NOTHING,
    C_PLAYS_WILD,
    C_RESHUFFLES_FIRST,
    C_RESOLVES_BY_LOSER,
    C_RESUMES,
    C_SHED_DOWN_TO_ONE_CALLS_NO_UNO,
    C_STACKS,
    C_THROWER_LEFT_ONE_CARD_CALLS_NO_UNO,
    C_WRONG_GUESS_DRAWS_PENALTY,
    C_WRONG_GUESS_TAKEN_BACK,
    CALL_UNIT,
    CARD_RULE,
    EV_CLOSE_WINDOW,
    EV_HAIL_MARY,
    EV_PLAY,
    EV_PLAY_DRAWN,
    F_AIMS,
    F_ASKS_COLOUR,
    F_ASKS_LOSER,
    F_ASKS_PICK,
    F_ASKS_TARGET,
    F_CANCELS_A_CHALLENGE,
    F_CHALLENGER_DRAWS,
    F_CHALLENGER_PLAYS,
    F_COLOR,
    F_DRAW,
    F_EVERYONE,
    F_FIRST_ASKS_COLOUR,
    F_FIRST_OWES,
    F_FIRST_STEPS,
    F_GUESS_ON_A_WILD,
    F_HAS,
    F_IGNORED,
    F_KEEP_MORE,
    F_KIND,
    F_LAST_RESORT,
    F_LAST_WAITS,
    F_LEFT_OF_PLAYER,
    F_OFFENDER_DRAWS,
    F_ONE_ROUND,
    F_OWES,
    F_PLAYER_CHOOSES,
    F_POINTS,
    F_RACE_NEXT,
    F_SHED_OUT_OF_PLAY,
    F_STEPS,
    F_SYMBOL,
    F_THROWER_AFTERWARDS,
    F_TRIGGER,
    F_WILD,
    F_WRONG_GUESS,
    GAP,
    GW_ANY,
    GW_IN_FORCE,
    ILLEGAL,
    L_ACCEPT,
    L_CALL_UNO,
    L_CALLS_OUT_OF_PLACE,
    L_CATCH,
    L_CHALLENGE,
    L_DRAW_ONE,
    L_DRAWN_CARD_PLAYS,
    L_FIRST_COLOUR,
    L_JUMP_INS,
    L_KEEP,
    L_NAME_LOSER,
    L_PASS_TURN,
    L_PICK,
    L_STACK,
    L_TURN_PLAYS,
    MAX_CHAIN,
    OK,
    PH_AWAITING_CHALLENGE,
    PH_AWAITING_PLAY,
    PH_AWAITING_RESHUFFLE,
    PH_DEALING,
    PH_DRAWN_CARD,
    PH_FIRST_COLOUR,
    PH_GAME_OVER,
    PH_RESOLVING,
    PH_UNO_CALLED,
    R_ANY_MATCHING,
    R_BOTTOM_OF_PILE,
    R_BY_COLOUR,
    R_CALL_WITH_PLAY,
    R_CALLER_DRAWS,
    R_COLORS,
    R_DRAW_ENDS_TURN,
    R_DRAW_WITHOUT,
    R_DRAWN_COLOUR_AT_RANDOM,
    R_DRAWN_WILD_PLAIN,
    R_ELIMINATION,
    R_FIRST_CARD_PLAYED,
    R_FIRST_COLOUR_AT_RANDOM,
    R_FROM_HAND_WHEN_EMPTY,
    R_HAND_CANNOT_START,
    R_HAND_SIZE,
    R_IN_PLAY,
    R_JUMP_IN,
    R_LAST_CARD_EFFECTS,
    R_MUST_PLAY,
    R_NO_UNO_CALL,
    R_RESHUFFLE_AT_ONCE,
    R_RESHUFFLE_FIRST,
    R_ROTATE_LEADER,
    R_SHORT_DRAW_ENDS_HAND,
    R_SHORT_DRAW_WAITS,
    R_SINGLE_HAND,
    R_STACKING,
    R_TARGET,
    R_THROW_AFTER_CHALLENGE,
    R_UNO_PENALTY,
    R_UNTIL_PLAYABLE,
    R_WHOLE_PILE,
    RACE_AFTER_LOSER,
    RACE_LOSER_LOSES_TURN,
    S_DEAL,
    S_DRAWN_CARD,
    S_FIRST_FLIP,
    S_JUMP_IN,
    S_MATCHING,
    S_MERCY_RULE,
    S_NO_MATCHING_CARD,
    S_NO_MERCY,
    S_RESHUFFLE,
    S_SCORING,
    S_SET_UP,
    S_STACKING,
    S_TURN,
    S_UNO,
    S_WINNING,
    STEP_FIELDS,
    TA_NO_CALL,
    TA_NOT_OUT,
    TR_ONE_CARD,
    TR_THE_CALLER,
    U_ACCEPT_DRAW,
    U_CLOSE_WINDOW,
    U_DEAL_CARDS,
    U_DISCARD_DOWN_TO_ONE,
    U_DRAW_AND_REOPEN_THE_THROW,
    U_DRAW_NOTHING,
    U_DRAW_THE_PILE_OUT,
    U_DRAW_WHAT_THE_PILE_HAS,
    U_ELIMINATE_THE_DRAWER,
    U_END_THE_HAND_UNSCORED,
    U_JUDGE_CHALLENGE,
    U_KEEP_FOR_REDEAL,
    U_NAME_COLOR,
    U_NAME_FIRST_COLOUR,
    U_OPEN_WINDOW,
    U_OWE_CALLER_PENALTY,
    U_OWE_CATCH_PENALTY,
    U_OWE_LOSER_PENALTY,
    U_OWE_ONE_CARD,
    U_OWE_ONE_CARD_ENDING_THE_TURN,
    U_OWE_THE_REST_LATER,
    U_OWE_WHAT_WAITS,
    U_PASS_EMPTY_HANDED,
    U_PASS_TURN,
    U_PICK_COLOUR,
    U_PLAY_CARD,
    U_PLAY_FIRST_CARD,
    U_PLAY_PLAIN_WILD,
    U_RESHUFFLE_DISCARD,
    U_SCORE_HAND,
    U_SET_FLIPPED_CARD_ASIDE,
    U_STACK_CARD,
    U_SWAP_HANDS,
    U_TAKE_THE_STACK,
    U_THROW_HAIL_MARY,
    U_THROW_HAIL_MARY_FOR_A_PENALTY,
    U_TURN_UP_FIRST_CARD,
    V_CALL_OUT_OF_PLACE,
    V_CATCH,
    V_COLOR,
    V_DEAL,
    V_DRAW,
    V_FIRST_COLOUR,
    V_HAIL_MARY,
    V_JUMP_IN,
    V_KEEP,
    V_LOSER,
    V_PASS,
    V_PICK,
    V_PLAY,
    V_PLAY_DRAWN,
    V_RESHUFFLE,
    V_STACK,
    V_TAKER,
    V_TARGET,
    V_UNO,
    V_VICTIM,
    WG_AS_BEFORE,
    WG_PENALTY,
    WG_TAKEN_BACK,
)
from unospec.model.state import NO_UNTIL, UNTIL_PLAYABLE

LOG_BRANCH, LOG_WITH_ACTION, LOG_OWED, LOG_PILE, LOG_LEADER_CARDS = range(5)
"""The columns of a step's log: the branch fired, whether it was given the action, and (when
the log is that wide) the draw owed, the draw pile's size and the leader's cards before it."""
LOG_COLUMNS = 5

# -- where things are in a row ---------------------------------------------------------------


# -- the rules as booleans: legality.matches, holds_any, is_bluff, own_rule_allows ----------


@compiled
def matches(E: Ints, color: int, top: int, card: int) -> bool:
    """legality._matches: by colour, by number or symbol, or a wild."""
    if face(E, card, F_WILD):
        return True
    if face(E, card, F_COLOR) == color:
        return True
    return (
        top >= 0 and not face(E, top, F_WILD) and face(E, card, F_SYMBOL) == face(E, top, F_SYMBOL)
    )


@compiled
def holds_another_play(E: Ints, s: Ints, player: int) -> bool:
    """legality._holds_another_play: a card `player` may play now, not of last resort."""
    for card in range(s[FACES]):
        if held(s, player, card) > 0 and not face(E, card, F_LAST_RESORT):
            if matches(E, s[COLOR], to_match(s), card) and steps_allow(E, s, player, card):
                return True
    return False


@compiled
def own_rule_allows(E: Ints, s: Ints, player: int, card: int) -> bool:
    """legality.own_rule_allows: each step's rule of when lets `player` play the card now
    (`primitives.steps_allow`); a card of last resort, only when they hold no other card
    they may play."""
    if face(E, card, F_LAST_RESORT) and holds_another_play(E, s, player):
        return False
    return steps_allow(E, s, player, card)


@compiled
def plays_as_plain_wild(E: Ints, s: Ints, card: int) -> bool:
    """legality.plays_as_plain_wild: the wild just drawn, where the edition plays it plain."""
    return (
        E[E[E_RULES] + R_DRAWN_WILD_PLAIN] != 0 and card == s[DRAWN] and face(E, card, F_WILD) != 0
    )


@compiled
def waits_as_last_card(E: Ints, card: int) -> bool:
    """legality.waits_as_last_card: as its player's last, the card waits for a decision,
    where the edition carries out a last card's effect."""
    return E[E[E_RULES] + R_LAST_CARD_EFFECTS] != 0 and face(E, card, F_LAST_WAITS) != 0


@compiled
def needs_color(E: Ints, s: Ints, player: int, card: int) -> bool:
    """legality.needs_color: a wild that asks a colour names one, except as a last card the
    hand does not wait on; so does a wild played as a plain one."""
    if hand_size(s, player) <= 1 and not waits_as_last_card(E, card):
        return False
    return face(E, card, F_ASKS_COLOUR) != 0 or plays_as_plain_wild(E, s, card)


@compiled
def hand_winner(s: Ints) -> int:
    """scoring.hand_winner: the first player with no cards, or the last one left."""
    alone = seated(s) == 1
    for player in range(s[PLAYERS]):
        if is_out(s, player):
            continue
        if alone or hand_size(s, player) == 0:
            return player
    return -1


@compiled
def hand_points(E: Ints, s: Ints) -> int:
    """scoring.hand_points, or a refusal (a card without points: a gap in Keeping Score)."""
    total = 0
    winner = hand_winner(s)
    if winner < 0:
        return 0  # a hand ended unscored (`draw_shortfall`)
    for player in range(s[PLAYERS]):
        if player == winner:
            continue
        base = hand_base(s, player)
        for card in range(s[FACES]):
            count = s[base + card]
            if count:
                points = face(E, card, F_POINTS)
                if points < 0:
                    return refused(GAP, S_SCORING)
                total += count * points
    return total


@compiled
def next_debtor(s: Ints) -> int:
    """updates.next_debtor: the first seat still owed cards from the actor on, in the
    direction of play; -1 for none."""
    base = debts_base(s)
    players = s[PLAYERS]
    for steps in range(players):
        seat = (s[ACTOR] + steps * s[DIRECTION]) % players
        if s[base + seat] > 0:
            return seat
    return -1


# -- guards: model.legality's check_* ---------------------------------------------------------


@compiled_inline
def check_player(player: int, expected: int) -> int:
    return OK if player == expected else refused(ILLEGAL, S_TURN)


@compiled
def check_in_hand(s: Ints, player: int, card: int) -> int:
    return OK if held(s, player, card) > 0 else refused(ILLEGAL, S_TURN)


@compiled
def check_color_named(E: Ints, s: Ints, player: int, card: int, color: int) -> int:
    """legality._check_color."""
    wild = face(E, card, F_WILD)
    if not wild and color == -1:
        return OK
    if needs_color(E, s, player, card) and color < 0:
        return refused(ILLEGAL, CARD_RULE + card)
    if not wild and color >= 0:
        return refused(ILLEGAL, S_MATCHING)
    if color >= 0 and not face(E, card, F_ASKS_COLOUR) and not plays_as_plain_wild(E, s, card):
        return refused(ILLEGAL, CARD_RULE + card)
    if wild and color >= 0 and hand_size(s, player) == 1 and not waits_as_last_card(E, card):
        return refused(ILLEGAL, S_WINNING)
    if color != -1 and not is_deck_color(E, color):
        return refused(ILLEGAL, CARD_RULE + card)
    return OK


@compiled
def has_a_play(E: Ints, s: Ints, player: int) -> bool:
    """legality.has_a_play: `player` holds a card they may play now."""
    for card in range(s[FACES]):
        if held(s, player, card) > 0 and matches(E, s[COLOR], to_match(s), card):
            if own_rule_allows(E, s, player, card):
                return True
    return False


@compiled
def by_colour_allows(E: Ints, s: Ints, card: int) -> bool:
    """legality.by_colour_allows: after drawing, where the edition plays by colour, only a
    wild or a card of the colour in force."""
    if not E[E[E_RULES] + R_BY_COLOUR]:
        return True
    return face(E, card, F_WILD) != 0 or face(E, card, F_COLOR) == s[COLOR]


@compiled
def right_guess(E: Ints, s: Ints, card: int, color: int) -> bool:
    """HailMary.right_guess: `color` is the colour of the UNO caller's last card (a wild's
    by the Hail Mary `card`'s `guess_on_a_wild`)."""
    window = s[WINDOW]
    last = -1
    for c in range(s[FACES]):
        if held(s, window, c) > 0:
            last = c
            break
    if last < 0:
        return False
    if face(E, last, F_COLOR) >= 0:
        return face(E, last, F_COLOR) == color
    on_wild = face(E, card, F_GUESS_ON_A_WILD)
    if on_wild == GW_ANY:
        return True
    return on_wild == GW_IN_FORCE and s[COLOR] == color


@compiled_inline
def wrong_guess_reads(E: Ints, s: Ints, player: int, card: int, color: int, reading: int) -> bool:
    """branches._wrong_guess: a wrong guess at another player's card, read `reading` (a
    WG_* number) by the card."""
    if face(E, card, F_WRONG_GUESS) != reading or player == s[WINDOW]:
        return False
    if reading == WG_TAKEN_BACK and s[CH]:
        return False  # the throw has cancelled the challenge: it stays
    return not right_guess(E, s, card, color)


@compiled_inline
def keeps_more(E: Ints, s: Ints) -> bool:
    """legality.keeps_more: the Hail Mary on top lets its thrower keep their whole hand."""
    top = s[TOP]
    return top >= 0 and has(E, top, P_HAIL_MARY) and face(E, top, F_KEEP_MORE) == 1


@compiled
def hail_mary_target(E: Ints, s: Ints, player: int, card: int) -> int:
    """legality.hail_mary_target: the caller, where the player whose turn it is chooses
    between the throw and their own turn's play; else -1."""
    if face(E, card, F_PLAYER_CHOOSES) and player == s[CURRENT]:
        return s[WINDOW]
    return -1


@compiled
def throws_hail_mary(M: Ints, E: Ints, s: Ints, player: int, card: int, target: int) -> bool:
    """legality.throws_hail_mary: `player`'s play of `card` naming `target` in the UNO
    window now is a Hail Mary thrown, as its trigger says (HailMary.thrown_by)."""
    if not has(E, card, P_HAIL_MARY):
        return False
    if face(E, card, F_PLAYER_CHOOSES) and player == s[CURRENT] and target != s[WINDOW]:
        return False  # their own turn's play
    called = s[PHASE] == phase_named(M, PH_UNO_CALLED)
    if face(E, card, F_THROWER_AFTERWARDS) == TA_NOT_OUT and hand_size(s, player) == 1:
        return False  # a throw of their last card
    trigger = face(E, card, F_TRIGGER)
    if trigger == TR_THE_CALLER:
        return called and player == s[WINDOW]
    if trigger == TR_ONE_CARD:
        return player != s[WINDOW]
    return called and player != s[WINDOW]


@compiled_inline
def from_hand_after_drawing(E: Ints, s: Ints) -> bool:
    """legality.from_hand_after_drawing: the player who drew may play any card of their
    hand."""
    if E[E[E_RULES] + R_ANY_MATCHING]:
        return True
    return bool(s[DRAWN] < 0 and E[E[E_RULES] + R_FROM_HAND_WHEN_EMPTY])


@compiled
def plays_after_drawing(E: Ints, s: Ints) -> bool:
    """legality.plays_after_drawing: the player who drew may play now."""
    player = s[CURRENT]
    if E[E[E_RULES] + R_ANY_MATCHING]:
        if not E[E[E_RULES] + R_BY_COLOUR]:
            return has_a_play(E, s, player)
        for card in range(s[FACES]):
            if held(s, player, card) > 0 and matches(E, s[COLOR], to_match(s), card):
                if own_rule_allows(E, s, player, card) and by_colour_allows(E, s, card):
                    return True
        return False
    card = s[DRAWN]
    if card < 0 or not matches(E, s[COLOR], to_match(s), card):
        return False
    return own_rule_allows(E, s, player, card) and by_colour_allows(E, s, card)


@compiled
def stops_the_draw(E: Ints, s: Ints, card: int) -> bool:
    """legality.stops_the_draw: `card`, drawn next, ends an owed draw of no set number."""
    until = owed_until(s)
    if until >= 0:
        return not face(E, card, F_WILD) and face(E, card, F_COLOR) == until
    if until == UNTIL_PLAYABLE:
        player = s[OWED_PLAYER]
        add_to_hand(s, player, card, 1)  # as it would be held
        playable = matches(E, s[COLOR], to_match(s), card) and own_rule_allows(E, s, player, card)
        add_to_hand(s, player, card, -1)
        return playable
    return False


@compiled
def stacks_on(E: Ints, card: int, top: int) -> bool:
    """legality.stacks_on: `card` may be stacked on the draw card `top`."""
    rule = E[E[E_RULES] + R_STACKING]
    mine, theirs = face(E, card, F_AIMS), face(E, top, F_AIMS)
    if rule == 0 or mine < 0 or theirs < 0:
        return False
    if rule == 1:  # same-kind
        return face(E, card, F_KIND) == face(E, top, F_KIND)
    if rule == 2:  # equal-or-higher
        return mine >= theirs
    return True  # any-draw-card


@compiled_inline
def aimed_at(s: Ints) -> int:
    """legality.aimed_at: whom the waiting draw is aimed at (-1: none)."""
    if s[CH]:
        return s[CH_VICTIM]
    return s[OWED_PLAYER] if s[OWED] else -1


@compiled
def can_stack(E: Ints, s: Ints) -> bool:
    """legality.can_stack: the player a draw is aimed at holds a card that stacks on it."""
    player = aimed_at(s)
    if player < 0:
        return False
    for card in range(s[FACES]):
        if held(s, player, card) > 0 and stacks_on(E, card, to_match(s)):
            return True
    return False


@compiled
def check_other_player(s: Ints, player: int, card: int, target: int) -> int:
    """legality._check_other_player."""
    if not 0 <= target < s[PLAYERS] or target == player or is_out(s, target):
        return refused(ILLEGAL, CARD_RULE + card)
    return OK


@compiled
def check_target_named(E: Ints, s: Ints, player: int, card: int, target: int) -> int:
    """legality._check_target."""
    asks = face(E, card, F_ASKS_TARGET)
    if target == -1 and not asks:
        return OK
    if not asks:
        return refused(ILLEGAL, S_MATCHING)
    last = hand_size(s, player) == 1
    if last and target != -1:
        return refused(ILLEGAL, S_WINNING)
    if not last:
        return check_other_player(s, player, card, target)
    return OK


@compiled_inline
def is_play(kind: int) -> bool:
    """The action plays a card: in turn, or jumping in (a `JumpIn` is a `Play`)."""
    return kind == A_PLAY or kind == A_JUMP_IN


@compiled
def jumps_in(E: Ints, s: Ints, card: int) -> bool:
    """legality.jumps_in: `card` is the top card's face, a coloured one (none while a
    reshuffle of the whole pile has left it empty)."""
    return card == s[TOP] and not face(E, card, F_WILD)


@compiled
def check_playable(E: Ints, s: Ints, player: int, card: int, arg: int) -> int:
    """legality._check_playable (`arg`: the play's colour and target, `row.arg_color`)."""
    if not matches(E, s[COLOR], to_match(s), card):
        return refused(ILLEGAL, S_MATCHING)
    if not own_rule_allows(E, s, player, card):
        return refused(ILLEGAL, CARD_RULE + card)
    r = check_color_named(E, s, player, card, arg_color(arg))
    if r < 0:
        return r
    return check_target_named(E, s, player, card, arg_target(arg))


@compiled
def check_reshuffle(E: Ints, s: Ints, order: Ints) -> int:
    """legality.check_reshuffle: the order is the discard pile under its top (its top too,
    where a reshuffle takes the whole pile), and what the draw pile still holds (reshuffled
    before a short draw), reordered."""
    if order.shape[0] != reshuffled_count(E, s) + s[PILE_LEN]:
        return refused(ILLEGAL, S_RESHUFFLE)
    under = under_base(s)
    top = s[TOP] if E[E[E_RULES] + R_WHOLE_PILE] else -1
    for card in order:
        if not 0 <= card < s[FACES]:
            return refused(ILLEGAL, S_RESHUFFLE)
    for card in range(s[FACES]):
        count = 0
        for given in order:
            count += given == card
        for i in range(s[PILE_LEN]):
            count -= pile_card(s, i) == card
        if count != s[under + card] + (1 if card == top else 0):
            return refused(ILLEGAL, S_RESHUFFLE)
    return OK


@compiled
def check_deal(E: Ints, s: Ints, order: Ints) -> int:
    """legality.check_deal: a permutation of the deck, enough to deal."""
    n = E[E[E_RULES] + R_IN_PLAY]
    if order.shape[0] != n:
        return refused(ILLEGAL, S_SET_UP)
    for card in order:
        if not 0 <= card < s[FACES]:
            return refused(ILLEGAL, S_SET_UP)
    deck = E[E_IN_PLAY]
    for card in range(s[FACES]):
        count = 0
        for i in range(n):  # indexed, not iterated: the loop is vectorised
            count += 1 if order[i] == card else 0
        if count != E[deck + card]:
            return refused(ILLEGAL, S_SET_UP)
    if E[E[E_RULES] + R_HAND_SIZE] * seated(s) + 1 > n:
        return refused(GAP, S_DEAL)
    return OK


@compiled_inline
def check_call(E: Ints, s: Ints, player: int, arg: int) -> int:
    """legality.check_call: a call made with a play only where the edition reads the call
    so, and only with the player's second-last card."""
    if arg_call(arg) and not calls_with_the_play(E, s, player):
        return refused(ILLEGAL, S_UNO)
    return OK


@compiled_inline
def called_with_the_play(E: Ints, s: Ints) -> bool:
    """branches.called_with_the_play: the card's player called with it, and holds one card."""
    called = E[E[E_RULES] + R_CALL_WITH_PLAY]
    return bool(called and s[WINDOW] == s[ACTOR] and hand_size(s, s[ACTOR]) == 1)


@compiled
def validate(
    M: Ints,
    E: Ints,
    s: Ints,
    check: int,
    kind: int,
    player: int,
    card: int,
    arg: int,
    order: Ints,
) -> int:
    """The guard `check` (a V_* id): OK, or the refusal the reference's check_* raises."""
    if check == V_PLAY:
        r = check_player(player, s[CURRENT])
        if r < 0:
            return r
        r = check_in_hand(s, player, card)
        if r < 0:
            return r
        r = check_playable(E, s, player, card, arg)
        if r < 0:
            return r
        return check_call(E, s, player, arg)
    if check == V_PLAY_DRAWN:
        r = check_player(player, s[CURRENT])
        if r < 0:
            return r
        if from_hand_after_drawing(E, s):
            r = check_in_hand(s, player, card)
            if r < 0:
                return r
        elif card != s[DRAWN]:
            return refused(ILLEGAL, S_DRAWN_CARD)
        r = check_playable(E, s, player, card, arg)
        if r < 0:
            return r
        if not by_colour_allows(E, s, card):
            return refused(ILLEGAL, S_DRAWN_CARD)
        return check_call(E, s, player, arg)
    if check == V_JUMP_IN:
        if not E[E[E_RULES] + R_JUMP_IN]:
            return refused(ILLEGAL, S_JUMP_IN)
        if player == s[CURRENT]:
            return refused(ILLEGAL, S_JUMP_IN)
        r = check_in_hand(s, player, card)
        if r < 0:
            return r
        if not jumps_in(E, s, card):
            return refused(ILLEGAL, S_JUMP_IN)
        return check_playable(E, s, player, card, arg)
    if check == V_STACK:
        if not E[E[E_RULES] + R_STACKING]:
            return refused(ILLEGAL, S_TURN)
        r = check_player(player, aimed_at(s))
        if r < 0:
            return r
        r = check_in_hand(s, player, card)
        if r < 0:
            return r
        if not stacks_on(E, card, to_match(s)):
            return refused(ILLEGAL, S_STACKING)
        r = check_color_named(E, s, player, card, arg_color(arg))
        if r < 0:
            return r
        return check_target_named(E, s, player, card, arg_target(arg))
    if check == V_TAKER:
        return check_player(player, aimed_at(s))
    if check == V_PICK:
        r = check_player(player, aimed_at(s))
        if r < 0:
            return r
        return OK if is_deck_color(E, arg) else refused(ILLEGAL, S_NO_MERCY)
    if check == V_DRAW:
        r = check_player(player, s[CURRENT])
        if r < 0:
            return r
        if E[E[E_RULES] + R_DRAW_WITHOUT] and has_a_play(E, s, player):
            return refused(ILLEGAL, S_NO_MATCHING_CARD)
        return OK
    if check == V_PASS:
        r = check_player(player, s[CURRENT])
        if r < 0:
            return r
        if E[E[E_RULES] + R_MUST_PLAY] and plays_after_drawing(E, s):
            return refused(ILLEGAL, S_DRAWN_CARD)
        return OK
    if check == V_VICTIM:
        return check_player(player, s[CH_VICTIM])
    if check == V_UNO:
        if E[E[E_RULES] + R_CALL_WITH_PLAY]:
            return refused(ILLEGAL, S_UNO)  # the call was due with the play
        return OK if player == s[WINDOW] else refused(ILLEGAL, S_UNO)
    if check == V_CALL_OUT_OF_PLACE:
        return OK if E[E[E_RULES] + R_CALLER_DRAWS] else refused(ILLEGAL, S_UNO)
    if check == V_CATCH:
        if arg != s[WINDOW] or player == arg or not 0 <= player < s[PLAYERS]:
            return refused(ILLEGAL, S_UNO)
        return OK
    if check == V_HAIL_MARY:
        if not 0 <= player < s[PLAYERS]:
            return refused(ILLEGAL, S_TURN)
        thrown = throws_hail_mary(M, E, s, player, card, arg_target(arg))
        if not has(E, card, P_HAIL_MARY) or not thrown:
            return refused(ILLEGAL, CARD_RULE + card)
        r = check_in_hand(s, player, card)
        if r < 0:
            return r
        color = arg_color(arg)
        if s[CH] and not face(E, card, F_CANCELS_A_CHALLENGE):
            return refused(ILLEGAL, CARD_RULE + card)
        if color < 0 or not is_deck_color(E, color):
            return refused(ILLEGAL, CARD_RULE + card)
        expected = hail_mary_target(E, s, player, card)
        return OK if arg_target(arg) == expected else refused(ILLEGAL, S_MATCHING)
    if check == V_FIRST_COLOUR:
        r = check_player(player, s[ACTOR])
        if r < 0:
            return r
        return OK if is_deck_color(E, arg) else refused(ILLEGAL, CARD_RULE + s[TOP])
    if check == V_COLOR:
        color = arg_color(arg)
        return OK if is_deck_color(E, color) else refused(ILLEGAL, CARD_RULE + s[TOP])
    if check == V_TARGET:
        return check_other_player(s, player, card, arg_target(arg))
    if check == V_KEEP:
        r = check_player(player, s[ACTOR])
        if r < 0:
            return r
        r = check_in_hand(s, player, card)
        if r < 0:
            return r
        if arg != 0 and not (arg == 1 and keeps_more(E, s)):  # legality.keeps_more
            return refused(ILLEGAL, CARD_RULE + s[TOP])
        if arg == 1:  # the whole hand, named by its lowest card
            for lower in range(card):
                if held(s, player, lower) > 0:
                    return refused(ILLEGAL, CARD_RULE + s[TOP])
        return OK
    if check == V_LOSER:
        if player == -1 and face(E, s[SPECIAL], F_ONE_ROUND):
            return OK  # actions.NOBODY: every player managed, in the race's one round
        if not 0 <= player < s[PLAYERS] or is_out(s, player):
            return refused(ILLEGAL, S_TURN)
        if not face(E, s[SPECIAL], F_EVERYONE) and player == s[ACTOR]:
            return refused(ILLEGAL, CARD_RULE + s[SPECIAL])
        return OK
    if check == V_RESHUFFLE:
        return check_reshuffle(E, s, order)
    if check == V_DEAL:
        return check_deal(E, s, order)
    return refused(BROKEN, 3)


# -- conditions: model.branches ----------------------------------------------------------------


@compiled
def after_the_answer(M: Ints, s: Ints) -> int:
    """updates._after_the_answer: the next turn, or, where the challenged card was its
    player's last, the play's resolution."""
    if hand_size(s, s[CH_OFFENDER]) == 0:
        return phase_named(M, PH_RESOLVING)
    return phase_named(M, PH_AWAITING_PLAY)


@compiled_inline
def condition(
    M: Ints,
    E: Ints,
    s: Ints,
    which: int,
    arg: int,
    kind: int,
    player: int,
    card: int,
    color: int,
) -> int:
    """The condition `which` (a C_* id): 1 when it holds, 0 when not, or a refusal. Inlined
    into `fire`, its one caller: a step tries several, each a call of a dozen arguments."""
    if which == C_PLAYS_LAST_CARD:
        return 1 if hand_size(s, player) == 1 else 0
    if which == C_PLAYS_LAST_CARD_AFTER_DRAWING_NOTHING:
        return 1 if s[DRAWN] < 0 and hand_size(s, player) == 1 else 0
    if which == C_PLAYS_WILD:
        return 1 if face(E, card, F_ASKS_COLOUR) else 0
    if which == C_PLAYS_DRAW_CARD:
        return 1 if face(E, card, F_OWES) else 0
    if which == C_NO_NUMBER_CARD_LEFT:
        for i in range(s[PILE_LEN]):
            if not face(E, pile_card(s, i), F_IGNORED):
                return 0
        return 1
    if which == C_FLIPS_IGNORED_CARD:
        return 1 if face(E, pile_card(s, 0), F_IGNORED) else 0
    if which == C_DEALER_NAMES_COLOUR:
        return 1 if E[E[E_RULES] + R_FIRST_CARD_PLAYED] else 0
    if which == C_FIRST_CARD_NAMES_COLOUR:
        played = E[E[E_RULES] + R_FIRST_CARD_PLAYED] and s[PILE_LEN] > 0
        return 1 if played and face(E, pile_card(s, 0), F_FIRST_ASKS_COLOUR) else 0
    if which == C_FIRST_CARD_DRAWS:
        played = E[E[E_RULES] + R_FIRST_CARD_PLAYED] and s[PILE_LEN] > 0
        return 1 if played and face(E, pile_card(s, 0), F_FIRST_OWES) else 0
    if which == C_FIRST_CARD_PLAYED:
        played = E[E[E_RULES] + R_FIRST_CARD_PLAYED] and s[PILE_LEN] > 0
        return 1 if played and face(E, pile_card(s, 0), F_FIRST_STEPS) else 0
    if which == C_NOBODY_LOSES:
        return 1 if kind == A_LOSER and player < 0 else 0
    if which == C_RESOLVES_BY_LOSER:
        return 1 if s[SPECIAL] >= 0 and face(E, s[SPECIAL], F_ASKS_LOSER) else 0
    if which == C_CHALLENGE_PENDING:
        return 1 if s[CH] else 0
    if which == C_OPENS_UNO_WINDOW:
        return 1 if hand_size(s, s[ACTOR]) == 1 and not E[E[E_RULES] + R_NO_UNO_CALL] else 0
    if which == C_HAND_EMPTIED:
        return 1 if hand_size(s, s[ACTOR]) == 0 and not is_out(s, s[ACTOR]) and not s[CH] else 0
    if which == C_LAST_CARD_WAITS:
        return 1 if waits_as_last_card(E, card) else 0
    if which == C_LAST_CARD_SETTLED:
        if not E[E[E_RULES] + R_LAST_CARD_EFFECTS] or s[CH] or s[SPECIAL] >= 0:
            return 0
        return 1 if hand_size(s, s[ACTOR]) == 0 and not is_out(s, s[ACTOR]) else 0
    if which == C_LAST_CARD_DRAWS:
        return 1 if E[E[E_RULES] + R_LAST_CARD_EFFECTS] and face(E, card, F_OWES) else 0
    if which == C_LAST_CARD_DRAW_DEALT:
        if not E[E[E_RULES] + R_LAST_CARD_EFFECTS] or is_out(s, s[ACTOR]):
            return 0
        top = s[TOP] if s[TOP] >= 0 else s[OLD_TOP]  # a reshuffle of the whole pile took it
        return 1 if hand_size(s, s[ACTOR]) == 0 and top >= 0 and face(E, top, F_OWES) else 0
    if which == C_ELIMINATES:
        limit = E[E[E_RULES] + R_ELIMINATION]
        dealt = min(s[OWED_AMOUNT], s[PILE_LEN])
        return 1 if limit and dealt > 0 and hand_size(s, s[OWED_PLAYER]) + dealt >= limit else 0
    if which == C_ONE_PLAYER_LEFT:
        return 1 if E[E[E_RULES] + R_ELIMINATION] and seated(s) == 1 else 0
    if which == C_PLAYS_DRAWN_WILD_PLAIN:
        return 1 if plays_as_plain_wild(E, s, card) else 0
    if which == C_JUMPS_IN:
        return 1 if E[E[E_RULES] + R_JUMP_IN] else 0
    if which == C_ASKS_PICK:
        return 1 if face(E, card, F_ASKS_PICK) else 0
    if which == C_MAY_STACK:
        return 1 if s[OWED_STACKABLE] and can_stack(E, s) else 0
    if which == C_STACKS:
        return 1 if E[E[E_RULES] + R_STACKING] else 0
    if which == C_DRAWS_ON:
        going = s[OWED] and owed_until(s) != NO_UNTIL and s[PILE_LEN] > 0
        return 1 if going and not stops_the_draw(E, s, pile_card(s, 0)) else 0
    if which == C_ASKS_TARGET:
        return 1 if face(E, card, F_ASKS_TARGET) else 0
    if which == C_RESHUFFLES_FIRST:
        if not E[E[E_RULES] + R_RESHUFFLE_FIRST] or owed_until(s) != NO_UNTIL:
            return 0
        return 1 if 0 < s[PILE_LEN] < s[OWED_AMOUNT] and reshuffled_count(E, s) > 0 else 0
    if which == C_PILE_RUNS_OUT:
        return 1 if s[PILE_LEN] < s[OWED_AMOUNT] and reshuffled_count(E, s) > 0 else 0
    if which == C_EMPTIES_THE_PILE:
        if not E[E[E_RULES] + R_RESHUFFLE_AT_ONCE] or owed_until(s) != NO_UNTIL:
            return 0
        return 1 if 0 < s[PILE_LEN] == s[OWED_AMOUNT] and reshuffled_count(E, s) > 0 else 0
    if which == C_CALLED_WITH_THE_PLAY:
        return 1 if called_with_the_play(E, s) else 0
    if which == C_CALLED_IN_VAIN:
        called = E[E[E_RULES] + R_CALL_WITH_PLAY]
        return 1 if called and s[WINDOW] >= 0 and not called_with_the_play(E, s) else 0
    if which == C_DRAWS_BY_CHOICE:
        return 1 if E[E[E_RULES] + R_DRAW_ENDS_TURN] and has_a_play(E, s, s[CURRENT]) else 0
    if which == C_DRAWS_NOTHING_PLAYS_FROM_HAND:
        drawing = s[OWED_THEN] == phase_named(M, PH_DRAWN_CARD)
        from_hand = E[E[E_RULES] + R_FROM_HAND_WHEN_EMPTY]
        return 1 if from_hand and drawing and s[PILE_LEN] == 0 else 0
    if which == C_NOTHING_TO_DRAW:
        drawing = s[OWED_THEN] == phase_named(M, PH_DRAWN_CARD)
        return 1 if drawing and s[PILE_LEN] == 0 else 0
    if which == C_CALLS_OUT_OF_PLACE:
        return 1 if E[E[E_RULES] + R_CALLER_DRAWS] else 0
    if which == C_CARDS_FOR_WHAT_WAITS:
        if s[PILE_LEN] == 0 and reshuffled_count(E, s) == 0:
            return 0
        return 1 if next_debtor(s) >= 0 else 0
    if which == C_DRAW_FALLS_SHORT or which == C_DRAW_WAITS_FOR_CARDS:
        reading = R_SHORT_DRAW_ENDS_HAND if which == C_DRAW_FALLS_SHORT else R_SHORT_DRAW_WAITS
        if not E[E[E_RULES] + reading] or owed_until(s) != NO_UNTIL:
            return 0
        if s[OWED_THEN] == phase_named(M, PH_DRAWN_CARD) or reshuffled_count(E, s) > 0:
            return 0
        if E[E[E_RULES] + R_LAST_CARD_EFFECTS] and hand_size(s, s[ACTOR]) == 0:
            if not is_out(s, s[ACTOR]):
                return 0  # a last card's draw: the hand is already won
        return 1 if s[PILE_LEN] < s[OWED_AMOUNT] else 0
    if which == C_RESUMES:
        return 1 if s[OWED] and s[OWED_THEN] == arg else 0
    if which == C_GUESS_SHEDS_CARDS:
        right = right_guess(E, s, card, arg_color(color))
        return 1 if right and hand_size(s, player) > 2 else 0
    if which == C_WRONG_GUESS_TAKEN_BACK:
        return 1 if wrong_guess_reads(E, s, player, card, arg_color(color), WG_TAKEN_BACK) else 0
    if which == C_THROWER_LEFT_ONE_CARD_CALLS_NO_UNO:
        no_call = face(E, card, F_THROWER_AFTERWARDS) == TA_NO_CALL
        return 1 if no_call and hand_size(s, player) == 2 else 0
    if which == C_SHED_DOWN_TO_ONE_CALLS_NO_UNO:
        top = s[TOP]
        no_call = has(E, top, P_HAIL_MARY) and face(E, top, F_THROWER_AFTERWARDS) == TA_NO_CALL
        return 1 if no_call else 0
    if which == C_WRONG_GUESS_DRAWS_PENALTY:
        return 1 if wrong_guess_reads(E, s, player, card, arg_color(color), WG_PENALTY) else 0
    if which == C_GAME_IS_WON:
        if seated(s) == 1:
            return 1
        winner = hand_winner(s)
        if winner < 0:
            return 0  # a hand ended unscored (`draw_shortfall`)
        if E[E[E_RULES] + R_SINGLE_HAND]:
            return 1
        points = hand_points(E, s)
        if points < 0:
            return points
        return 1 if s[HEADER + winner] + points >= E[E[E_RULES] + R_TARGET] else 0
    return refused(BROKEN, 4)


# -- effects: model.updates --------------------------------------------------------------------


@compiled
def deal_cards(E: Ints, s: Ints, order: Ints) -> None:
    """updates.deal_cards: deal one card at a time, leader first."""
    players, size = seated(s), E[E[E_RULES] + R_HAND_SIZE]
    base = sizes_base(s)
    for i in range(base, pile_base(s)):  # hand sizes, hand counts, under counts
        s[i] = 0
    seat = s[LEADER]
    for i in range(players * size):  # round the players still in, clockwise
        add_to_hand(s, seat, order[i], 1)
        seat = (seat + 1) % s[PLAYERS] if s[OUT] == 0 else step_from(s, seat, 1, 1)
    set_pile(s, order, players * size, order.shape[0] - players * size)
    base = debts_base(s)
    for p in range(s[PLAYERS]):
        s[base + p] = 0
    base = out_of_play_base(s)
    for c in range(s[FACES]):  # the deal's order holds them: back in play
        s[base + c] = 0
    s[TOP] = -1
    s[UNDER] = 0
    s[OLD_TOP] = -1
    s[COLOR] = -1
    s[DIRECTION] = 1
    s[CURRENT] = s[LEADER]
    s[ACTOR] = s[LEADER]
    s[DRAWN] = -1
    owe_nothing(s)
    no_challenge(s)
    s[SPECIAL] = -1
    s[WINDOW] = -1


@compiled
def carry_out(M: Ints, E: Ints, s: Ints, steps: int, player: int, card: int) -> int:
    """Each step of `card`'s effect laid out from face field `steps` (its effect's, F_STEPS,
    or its first effect's, F_FIRST_STEPS), in order, as `player`'s
    (`primitives.apply_step`); a step the engine does not know refuses the play as broken."""
    for i in range(face(E, card, steps)):
        at = steps + 1 + i * STEP_FIELDS
        primitive, a, b = face(E, card, at), face(E, card, at + 1), face(E, card, at + 2)
        if not apply_step(M, E, s, primitive, a, b, player, card):
            return refused(BROKEN, 5)
    return OK


@compiled
def play_card(M: Ints, E: Ints, s: Ints, player: int, card: int) -> int:
    """updates.play_card: the card goes on the pile, the turn passes to the next player, and
    each step of its effect is carried out in order (`primitives.apply_step`); a last card
    ends the hand at once, unless the edition carries out a last card's effect."""
    add_to_hand(s, player, card, -1)
    discard_push(s, card)
    if not face(E, card, F_WILD):
        s[COLOR] = face(E, card, F_COLOR)
    s[ACTOR] = player
    s[DRAWN] = -1
    s[WINDOW] = -1
    if hand_size(s, player) == 0 and not E[E[E_RULES] + R_LAST_CARD_EFFECTS]:
        return OK
    s[CURRENT] = next_player(s, player, 1)
    return carry_out(M, E, s, F_STEPS, player, card)


@compiled
def play_plain_wild(s: Ints, player: int, card: int, color: int) -> None:
    """updates.play_plain_wild: the drawn wild goes on the pile, its colour named, and the
    turn passes to the next player; none of its steps is carried out."""
    add_to_hand(s, player, card, -1)
    discard_push(s, card)
    s[COLOR] = color
    s[ACTOR] = player
    s[CURRENT] = next_player(s, player, 1)
    s[DRAWN] = -1
    s[WINDOW] = -1


@compiled
def play_first_card(M: Ints, E: Ints, s: Ints) -> int:
    """updates.play_first_card: the flipped card starts the pile, the turn passes to the
    leader, and each step of its first effect is carried out with the dealer as its player;
    a draw it owes is dealt before the leader's turn."""
    card = pile_pop(s)
    discard_push(s, card)
    s[COLOR] = face(E, card, F_COLOR)
    dealer = step_from(s, s[LEADER], 1, -1)
    s[ACTOR] = dealer
    s[CURRENT] = next_player(s, dealer, 1)
    r = carry_out(M, E, s, F_FIRST_STEPS, dealer, card)
    if r < 0:
        return r
    if s[OWED]:  # no play to resolve: the leader's turn follows the draw
        s[OWED_THEN] = phase_named(M, PH_AWAITING_PLAY)
    return OK


@compiled
def draw_what_the_pile_has(M: Ints, E: Ints, s: Ints) -> None:
    """updates.draw_what_the_pile_has: owed cards from the top; the rest waits or lapses; a
    draw of no set number takes one card, and stays owed unless the card ends it."""
    player, amount = s[OWED_PLAYER], s[OWED_AMOUNT]
    if owed_until(s) != NO_UNTIL and s[PILE_LEN] > 0:
        if not stops_the_draw(E, s, pile_card(s, 0)):
            add_to_hand(s, player, pile_pop(s), 1)
            return
    s[OWED_STACKABLE] = 0  # the first card dealt: too late to pass it on
    got = min(amount, s[PILE_LEN])
    first = pile_card(s, 0) if got else -1
    for _ in range(got):
        add_to_hand(s, player, pile_pop(s), 1)
    left = amount - got
    if left and reshuffled_count(E, s) > 0:
        s[OWED_AMOUNT] = left
    elif s[OWED_THEN] == phase_named(M, PH_DRAWN_CARD) and got:
        owe_nothing(s)
        s[DRAWN] = first
    else:
        owe_nothing(s)


@compiled
def draw_the_pile_out(M: Ints, s: Ints) -> None:
    """updates.draw_the_pile_out: the pile's last cards dealt; the draw stays owed, for
    nothing, until the reshuffle; a turn's drawn card is the first of them."""
    player = s[OWED_PLAYER]
    first = pile_card(s, 0)
    while s[PILE_LEN] > 0:
        add_to_hand(s, player, pile_pop(s), 1)
    s[OWED_AMOUNT] = 0
    s[OWED_STACKABLE] = 0
    if s[OWED_THEN] == phase_named(M, PH_DRAWN_CARD):
        s[DRAWN] = first


@compiled
def owe_the_rest_later(E: Ints, s: Ints) -> None:
    """updates.owe_the_rest_later: every card of the pile dealt; the rest waits for cards,
    never more than the deck holds in play; the draw ends with nothing more to deal."""
    player = s[OWED_PLAYER]
    got = s[PILE_LEN]
    while s[PILE_LEN] > 0:
        add_to_hand(s, player, pile_pop(s), 1)
    at = debts_base(s) + player
    s[at] = min(s[at] + s[OWED_AMOUNT] - got, E[E[E_RULES] + R_IN_PLAY])
    s[OWED_AMOUNT] = 0
    s[OWED_STACKABLE] = 0


@compiled
def owe_what_waits(M: Ints, s: Ints) -> None:
    """updates.owe_what_waits: the first debtor is owed what they wait for, as a draw that
    resumes the resolution."""
    debtor = next_debtor(s)
    at = debts_base(s) + debtor
    s[OWED] = 1
    s[OWED_PLAYER] = debtor
    s[OWED_AMOUNT] = s[at]
    s[OWED_THEN] = phase_named(M, PH_RESOLVING)
    s[OWED_UNTIL] = NO_UNTIL + UNTIL_BIAS
    s[OWED_STACKABLE] = 0
    s[at] = 0


@compiled
def eliminate_the_drawer(s: Ints) -> None:
    """updates.eliminate_the_drawer: the draw is dealt, and its player's cards go under the
    top card; they are out, and the turn moves on from them where it was theirs."""
    player = s[OWED_PLAYER]
    for _ in range(min(s[OWED_AMOUNT], s[PILE_LEN])):
        add_to_hand(s, player, pile_pop(s), 1)
    for c in range(s[FACES]):
        count = held(s, player, c)
        if count:
            shed_under(s, player, c, count)
    owe_nothing(s)
    s[DRAWN] = -1
    s[OUT] |= 1 << player
    s[debts_base(s) + player] = 0  # what still waited for cards lapses too
    if is_out(s, s[CURRENT]):
        s[CURRENT] = next_player(s, s[CURRENT], 1)


@compiled
def score_hand(E: Ints, s: Ints) -> int:
    """updates.score_hand: the winner scores the cards left in the other hands; a hand
    ended unscored has no winner, and no one scores."""
    winner = hand_winner(s)
    points = hand_points(E, s)
    if points < 0:
        return points
    won = False
    if winner >= 0:
        s[HEADER + winner] += points
        won = bool(
            E[E[E_RULES] + R_SINGLE_HAND]
            or s[HEADER + winner] >= E[E[E_RULES] + R_TARGET]
            or seated(s) == 1
        )
    if (E[E[E_RULES] + R_ROTATE_LEADER] and not won) or is_out(s, s[LEADER]):
        s[LEADER] = step_from(s, s[LEADER], 1, 1)
    s[HANDS_PLAYED] += 1
    s[WINNER] = winner if won else -1
    base = debts_base(s)
    for p in range(s[PLAYERS]):  # what still waited for cards lapses with the hand
        s[base + p] = 0
    return OK


@compiled_inline
def keeps_the_caller(M: Ints, E: Ints, s: Ints) -> bool:
    """updates.close_window: a call made while a challenge waits keeps its caller named
    until the challenge is answered, where a Hail Mary waits for it (`pending_challenge`)."""
    return bool(
        s[PHASE] == phase_named(M, PH_UNO_CALLED)
        and s[CH]
        and E[E[E_RULES] + R_THROW_AFTER_CHALLENGE]
    )


@compiled_inline
def after_the_draw(M: Ints, s: Ints) -> int:
    """updates._after_the_draw: the play's resolution after a last card's answer; the
    caller's window again after the victim's draw, where it was kept for the Hail Mary; the
    next turn elsewhere."""
    if hand_size(s, s[CH_OFFENDER]) == 0:
        return phase_named(M, PH_RESOLVING)
    return phase_named(M, PH_UNO_CALLED if s[WINDOW] >= 0 else PH_AWAITING_PLAY)


@compiled
def update(
    M: Ints,
    E: Ints,
    s: Ints,
    which: int,
    kind: int,
    player: int,
    card: int,
    arg: int,
    order: Ints,
) -> int:
    """The effect `which` (a U_* id), as the reference's function of that name; OK or a
    refusal (a gap the rules leave)."""
    if which == U_PLAY_CARD:
        r = play_card(M, E, s, player, card)
        if r < 0:
            return r
        if arg_call(arg):  # a call made with the play (`uno_window`)
            s[WINDOW] = player
    elif which == U_DRAW_WHAT_THE_PILE_HAS:
        draw_what_the_pile_has(M, E, s)
    elif which == U_DRAW_THE_PILE_OUT:
        draw_the_pile_out(M, s)
    elif which == U_OWE_THE_REST_LATER:
        owe_the_rest_later(E, s)
    elif which == U_OWE_WHAT_WAITS:
        owe_what_waits(M, s)
    elif which == U_END_THE_HAND_UNSCORED:
        owe_nothing(s)
        no_challenge(s)
        s[DRAWN] = -1
        s[SPECIAL] = -1
        s[WINDOW] = -1
    elif which == U_DRAW_NOTHING:
        s[ACTOR] = s[OWED_PLAYER]
        owe_nothing(s)
        s[DRAWN] = -1
    elif which == U_CLOSE_WINDOW:
        if not keeps_the_caller(M, E, s):
            s[WINDOW] = -1
    elif which == U_DRAW_AND_REOPEN_THE_THROW:
        draw_what_the_pile_has(M, E, s)
        s[WINDOW] = s[ACTOR]
    elif which == U_OPEN_WINDOW:
        s[WINDOW] = s[ACTOR]
    elif which == U_NAME_COLOR:
        s[COLOR] = arg_color(arg)
    elif which == U_STACK_CARD:
        if s[CH]:  # a Wild Draw card passed on unanswered: what accepting it draws
            carried = s[CH_STAKE] + face(E, s[CH_CARD], F_DRAW)
        else:
            carried = s[OWED_AMOUNT]
        owe_nothing(s)
        no_challenge(s)
        r = play_card(M, E, s, player, card)
        if r < 0:
            return r
        if s[OWED]:
            s[OWED_AMOUNT] += carried
        elif s[CH]:
            s[CH_STAKE] = carried
    elif which == U_PICK_COLOUR:
        s[COLOR] = arg
        s[OWED_UNTIL] = arg + UNTIL_BIAS
    elif which == U_TAKE_THE_STACK:
        s[OWED_STACKABLE] = 0
    elif which == U_SWAP_HANDS:
        swap_hands(s, player, arg_target(arg))
    elif which == U_OWE_ONE_CARD:
        owe(s, s[CURRENT], 1, phase_named(M, PH_DRAWN_CARD))
        if E[E[E_RULES] + R_UNTIL_PLAYABLE]:
            s[OWED_UNTIL] = UNTIL_PLAYABLE + UNTIL_BIAS
        s[ACTOR] = s[CURRENT]
    elif which == U_OWE_ONE_CARD_ENDING_THE_TURN:
        owe(s, s[CURRENT], 1, phase_named(M, PH_AWAITING_PLAY))
        if E[E[E_RULES] + R_UNTIL_PLAYABLE]:
            s[OWED_UNTIL] = UNTIL_PLAYABLE + UNTIL_BIAS
        s[ACTOR] = s[CURRENT]
        s[CURRENT] = next_player(s, s[CURRENT], 1)
    elif which == U_PASS_TURN:
        s[DRAWN] = -1
        s[ACTOR] = s[CURRENT]
        s[CURRENT] = next_player(s, s[CURRENT], 1)
    elif which == U_PASS_EMPTY_HANDED:
        owed_player = s[OWED_PLAYER]
        owe_nothing(s)
        s[ACTOR] = owed_player
        s[CURRENT] = next_player(s, owed_player, 1)
    elif which == U_RESHUFFLE_DISCARD:
        set_pile(s, order, 0, order.shape[0])
        under = under_base(s)
        for c in range(s[FACES]):
            s[under + c] = 0
        s[UNDER] = 0
        if E[E[E_RULES] + R_WHOLE_PILE]:  # the top card goes too, and is still matched
            s[OLD_TOP] = to_match(s)
            s[TOP] = -1
    elif which == U_JUDGE_CHALLENGE:
        pending = s[CH_CARD]
        victim = s[CH_VICTIM]
        then = after_the_answer(M, s)
        if verdict(E, s):
            plays = face(E, pending, F_CHALLENGER_PLAYS)
            draws = face(E, pending, F_OFFENDER_DRAWS) + s[CH_STAKE]
            owe(s, s[CH_OFFENDER], draws, then)
            s[CURRENT] = victim if plays else next_player(s, victim, 1)
        else:
            draws = face(E, pending, F_CHALLENGER_DRAWS) + s[CH_STAKE]
            owe(s, victim, draws, after_the_draw(M, s))
            s[CURRENT] = next_player(s, victim, 1)
        no_challenge(s)
        s[WINDOW] = -1
    elif which == U_ACCEPT_DRAW:
        victim = s[CH_VICTIM]
        draws = face(E, s[CH_CARD], F_DRAW) + s[CH_STAKE]
        owe(s, victim, draws, after_the_draw(M, s))
        s[CURRENT] = next_player(s, victim, 1)
        no_challenge(s)
        s[WINDOW] = -1
    elif which == U_OWE_CALLER_PENALTY:
        owe(s, player, E[E[E_RULES] + R_UNO_PENALTY], phase_named(M, PH_AWAITING_PLAY))
    elif which == U_OWE_CATCH_PENALTY:
        then = PH_AWAITING_CHALLENGE if s[CH] else PH_AWAITING_PLAY
        owe(s, arg, E[E[E_RULES] + R_UNO_PENALTY], phase_named(M, then))
        s[WINDOW] = -1
    elif which == U_THROW_HAIL_MARY or which == U_THROW_HAIL_MARY_FOR_A_PENALTY:
        as_before = wrong_guess_reads(E, s, player, card, arg_color(arg), WG_AS_BEFORE)
        add_to_hand(s, player, card, -1)
        discard_push(s, card)
        s[ACTOR] = player
        if not as_before:
            s[COLOR] = arg_color(arg)
            if face(E, card, F_LEFT_OF_PLAYER):
                s[CURRENT] = step_from(s, player, 1, 1)
            else:
                s[CURRENT] = next_player(s, player, 1)
        s[WINDOW] = -1
        if s[CH]:  # thrown while a challenge was pending (its card's reading): cancelled
            no_challenge(s)
        if which == U_THROW_HAIL_MARY_FOR_A_PENALTY:
            owe(s, player, E[E[E_RULES] + R_UNO_PENALTY], phase_named(M, PH_RESOLVING))
    elif which == U_DISCARD_DOWN_TO_ONE:
        if arg == 1:  # the whole hand kept (`keep_after_shedding`): nothing is shed
            return OK
        base = hand_base(s, player)
        gone = out_of_play_base(s) if face(E, s[TOP], F_SHED_OUT_OF_PLAY) else -1
        for c in range(s[FACES]):
            shed = s[base + c] - (1 if c == card else 0)
            if shed > 0 and gone >= 0:  # out of play until the next deal (`shed_cards`)
                add_to_hand(s, player, c, -shed)
                s[gone + c] += shed
            elif shed > 0:
                shed_under(s, player, c, shed)
    elif which == U_OWE_LOSER_PENALTY:
        special = s[SPECIAL]
        s[SPECIAL] = -1
        if player < 0:  # actions.NOBODY: nobody draws
            return OK
        owe(s, player, face(E, special, F_DRAW), phase_named(M, PH_RESOLVING))
        after = face(E, special, F_RACE_NEXT)
        if after == RACE_AFTER_LOSER or (after == RACE_LOSER_LOSES_TURN and player == s[CURRENT]):
            s[CURRENT] = next_player(s, player, 1)
    elif which == U_SCORE_HAND:
        return score_hand(E, s)
    elif which == U_ELIMINATE_THE_DRAWER:
        eliminate_the_drawer(s)
    elif which == U_PLAY_PLAIN_WILD:
        play_plain_wild(s, player, card, arg_color(arg))
        if arg_call(arg):
            s[WINDOW] = player
    elif which == U_DEAL_CARDS:
        deal_cards(E, s, order)
    elif which == U_SET_FLIPPED_CARD_ASIDE:
        flipped = pile_pop(s)
        if E[E[E_RULES] + R_BOTTOM_OF_PILE]:
            pile_push_bottom(s, flipped)
        else:
            discard_push(s, flipped)
    elif which == U_KEEP_FOR_REDEAL:
        if E[E[E_RULES] + R_HAND_CANNOT_START]:
            return refused(GAP, S_FIRST_FLIP)
        deck_at = E[E_DECK]
        for i in range(E[E[E_RULES] + R_IN_PLAY]):
            if not face(E, E[deck_at + i], F_IGNORED):
                return OK
        return refused(GAP, S_FIRST_FLIP)
    elif which == U_TURN_UP_FIRST_CARD:
        flipped = pile_pop(s)
        discard_push(s, flipped)
        s[COLOR] = face(E, flipped, F_COLOR)
    elif which == U_PLAY_FIRST_CARD:
        r = play_first_card(M, E, s)
        if r < 0:
            return r
    elif which == U_NAME_FIRST_COLOUR:
        s[COLOR] = arg
    else:
        return refused(BROKEN, 5)
    return OK


# -- the kernel loop: kernel.run, _fire, _step_event -------------------------------------------


@compiled
def fire(
    M: Ints,
    E: Ints,
    s: Ints,
    event: int,
    kind: int,
    player: int,
    card: int,
    arg: int,
    order: Ints,
    with_action: int,
    log: Grid,
    snaps: Grid,
    logn: Ints,
) -> int:
    """kernel._fire: the guards of `event` from this phase, then its first branch whose
    conditions hold, its effect and its target phase. Each branch fired is logged: its
    number and whether the action was passed in `log` (see LOG_*); the row before it is
    kept in `snaps` (when it has room for rows) only where a step invariant reads it: before
    or after a branch `M_BR_SNAPSHOT` marks (the step's first row and its end row are the
    caller's), and in the log's last row, where a chain too long for the log is cut."""
    key = s[PHASE] * M[M[M_DIMS] + 1] + event
    start = M[M[M_GROUP_START] + key]
    if start < 0:
        return refused(BROKEN, 0)
    first = M[M[M_GROUP_VAL_START] + key]
    for i in range(M[M[M_GROUP_VAL_LEN] + key]):
        r = validate(M, E, s, M[M[M_VALS] + first + i], kind, player, card, arg, order)
        if r < 0:
            return r
    for i in range(M[M[M_GROUP_LEN] + key]):
        branch = M[M[M_GROUP_BRANCHES] + start + i]
        holds = True
        at = M[M[M_BR_COND_START] + branch]
        for j in range(M[M[M_BR_COND_LEN] + branch]):
            r = condition(
                M,
                E,
                s,
                M[M[M_COND_ID] + at + j],
                M[M[M_COND_ARG] + at + j],
                kind,
                player,
                card,
                arg,
            )
            if r < 0:
                return r
            if r != M[M[M_COND_EXPECT] + at + j]:
                holds = False
                break
        if not holds:
            continue
        n = logn[0]
        if n < log.shape[0]:
            log[n, LOG_BRANCH] = branch
            log[n, LOG_WITH_ACTION] = with_action
            if log.shape[1] > LOG_LEADER_CARDS:  # what the tallies of a game need to know
                log[n, LOG_OWED] = s[OWED_AMOUNT] if s[OWED] else 0
                log[n, LOG_PILE] = s[PILE_LEN]
                log[n, LOG_LEADER_CARDS] = hand_size(s, s[LEADER])
            if n > 0 and snaps.shape[1] == s.shape[0]:
                read = M[M[M_BR_SNAPSHOT] + branch] or M[M[M_BR_SNAPSHOT] + log[n - 1, LOG_BRANCH]]
                if read or n == log.shape[0] - 1:
                    for k in range(s.shape[0]):
                        snaps[n, k] = s[k]
        logn[0] = n + 1
        which = M[M[M_BR_UPDATE] + branch]
        if which >= 0:
            r = update(M, E, s, which, kind, player, card, arg, order)
            if r < 0:
                return r
        s[PHASE] = M[M[M_BR_TARGET] + branch]
        return OK
    return refused(BROKEN, 1)


@compiled
def is_interrupt(M: Ints, E: Ints, s: Ints, player: int, card: int, arg: int) -> bool:
    """kernel._is_interrupt: a Hail Mary from a player its trigger lets throw it now, where
    the machine has one."""
    return has_group(M, s[PHASE], event_named(M, EV_HAIL_MARY)) and throws_hail_mary(
        M, E, s, player, card, arg_target(arg)
    )


@compiled
def why_not(M: Ints, s: Ints, kind: int) -> int:
    """kernel._why_not: the rule no step of this kind fits the phase under."""
    phase = s[PHASE]
    if phase == phase_named(M, PH_GAME_OVER):
        return S_WINNING
    if phase == phase_named(M, PH_AWAITING_RESHUFFLE):
        return S_RESHUFFLE
    if phase == phase_named(M, PH_DEALING):
        return S_SET_UP
    if kind == A_UNO or kind == A_CATCH:
        return S_UNO
    if kind == A_PASS:
        return S_DRAWN_CARD
    if kind == A_RESHUFFLE:
        return S_RESHUFFLE
    if kind == A_DEAL:
        return S_SET_UP
    if kind == A_DRAW and phase == phase_named(M, PH_DRAWN_CARD):
        return S_DRAWN_CARD
    return S_TURN


@compiled
def step_event(M: Ints, E: Ints, s: Ints, kind: int, player: int, card: int, arg: int) -> int:
    """kernel._step_event: the event a step fires, or a refusal."""
    phase = s[PHASE]
    event = M[M[M_STEP_EVENT] + phase * ACTION_KINDS + kind]
    if event >= 0:
        return event
    if M[M[M_WINDOW] + phase]:
        if kind == A_PLAY and is_interrupt(M, E, s, player, card, arg):
            return event_named(M, EV_HAIL_MARY)
        if kind == A_UNO or kind == A_CATCH:
            return refused(ILLEGAL, S_UNO)
        return event_named(M, EV_CLOSE_WINDOW)
    return refused(ILLEGAL, why_not(M, s, kind))


@compiled
def check_fields(E: Ints, s: Ints, kind: int, player: int, card: int, arg: int) -> int:
    """kernel._check_fields."""
    nobody = kind == A_LOSER and player == -1  # actions.NOBODY: check V_LOSER judges it
    if not 0 <= player < s[PLAYERS] and not nobody:
        return refused(ILLEGAL, S_TURN)
    if is_out(s, player) and kind != A_DEAL and kind != A_RESHUFFLE:
        return refused(ILLEGAL, S_MERCY_RULE)
    if not 0 <= card < s[FACES]:
        return refused(ILLEGAL, S_TURN)
    if kind == A_CATCH and not 0 <= arg < s[PLAYERS]:
        return refused(ILLEGAL, S_UNO)
    return OK


@compiled
def run(
    M: Ints,
    E: Ints,
    s: Ints,
    kind: int,
    player: int,
    card: int,
    arg: int,
    order: Ints,
    log: Grid,
    snaps: Grid,
    logn: Ints,
) -> int:
    """kernel.run on the row `s`, in place: OK or a refusal; `log` gets the branches fired
    (`logn[0]` of them), `snaps` the rows between them the step invariants read (see
    `fire`; the row the step ended in only when it falls in the log's last row)."""
    logn[0] = 0
    r = check_fields(E, s, kind, player, card, arg)
    if r < 0:
        return r
    event = step_event(M, E, s, kind, player, card, arg)
    if event < 0:
        return event
    close = event_named(M, EV_CLOSE_WINDOW)
    if event == close:
        r = fire(M, E, s, close, kind, player, card, arg, order, 1, log, snaps, logn)
        if r < 0:
            return r
        event = step_event(M, E, s, kind, player, card, arg)
        if event < 0:
            return event
    if is_play(kind) and arg_call(arg):  # kernel.CALLING: a call goes with a play in turn
        if event != event_named(M, EV_PLAY) and event != event_named(M, EV_PLAY_DRAWN):
            return refused(ILLEGAL, S_UNO)
    r = fire(M, E, s, event, kind, player, card, arg, order, 1, log, snaps, logn)
    if r < 0:
        return r
    for _ in range(MAX_CHAIN + E[E[E_RULES] + R_IN_PLAY]):
        phase = s[PHASE]
        event = M[M[M_SAME_STEP] + phase]
        if event >= 0:
            r = fire(M, E, s, event, kind, player, card, arg, order, 1, log, snaps, logn)
        else:
            event = M[M[M_AUTOMATIC] + phase]
            if event < 0:
                end = logn[0]  # the row the step ends in, where `properties.row_at` reads it
                if end == snaps.shape[0] - 1 and snaps.shape[1] == s.shape[0]:
                    for k in range(s.shape[0]):
                        snaps[end, k] = s[k]
                return OK
            r = fire(M, E, s, event, kind, player, card, arg, order, 0, log, snaps, logn)
        if r < 0:
            return r
    return refused(BROKEN, 2)


# -- legal moves: kernel.legal_actions and model.moves ----------------------------------------


@compiled_inline
def put(out: Grid, n: int, kind: int, player: int, card: int, arg: int) -> int:
    out[n, 0] = kind
    out[n, 1] = player
    out[n, 2] = card
    out[n, 3] = arg
    return n + 1


@compiled
def plays_of(E: Ints, s: Ints, kind: int, player: int, card: int, out: Grid, n: int) -> int:
    """The plays (`kind`: A_PLAY, or A_JUMP_IN) of one card: a colour for a wild that needs
    one, another player for a card that acts on one (moves._plays_of, moves._targets)."""
    colors_at = E[E_COLORS]
    named = needs_color(E, s, player, card)
    colours = E[E[E_RULES] + R_COLORS] if named else 1
    targets = face(E, card, F_ASKS_TARGET) != 0 and hand_size(s, player) > 1
    for target in range(-1, s[PLAYERS]):  # every other player still in, or none
        if (target == -1) == targets or target == player or (target >= 0 and is_out(s, target)):
            continue
        for i in range(colours):
            color = E[colors_at + i] if named else -1
            n = put(out, n, kind, player, card, play_arg(color, target))
    return n


@compiled_inline
def card_plays(
    E: Ints,
    s: Ints,
    player: int,
    card: int,
    drawn: bool,
    several: bool,
    by_symbol: bool,
    symbol: int,
    out: Grid,
    n: int,
) -> int:
    """`plays` of one card, with what `plays` reads once per call."""
    if not face(E, card, F_WILD) and face(E, card, F_COLOR) != s[COLOR]:
        if not by_symbol or face(E, card, F_SYMBOL) != symbol:
            return n
    ruled = face(E, card, F_LAST_RESORT) or face(E, card, F_HAS) & WHEN
    if ruled and not own_rule_allows(E, s, player, card):
        return n
    if drawn and not by_colour_allows(E, s, card):
        return n
    plain_wild = E[E[E_RULES] + R_DRAWN_WILD_PLAIN] != 0
    if (several or waits_as_last_card(E, card)) and (
        face(E, card, F_ASKS_COLOUR)
        or face(E, card, F_ASKS_TARGET)
        or (plain_wild and card == s[DRAWN] and face(E, card, F_WILD))
    ):
        return plays_of(E, s, A_PLAY, player, card, out, n)
    return put(out, n, A_PLAY, player, card, play_arg(-1, -1))  # as `plays_of`: no one named


@compiled
def plays(E: Ints, s: Ints, player: int, only: int, drawn: bool, out: Grid, n: int) -> int:
    """moves.plays: `player`'s plays of their cards (or of `only`, when >= 0) the rules
    allow now, a colour named for each wild that needs one; after drawing (`drawn`), as
    the edition plays a drawn card (`by_colour_allows`). `matches` and `plays_of` are
    restated on what the loop reads once (the top card, the hand's size, the rules): the
    loop runs every step. It visits only the faces the hand holds, found 64 at a time
    without a branch per face (a hand holds a few of the deck's faces, and a test per face
    was a branch mispredicted at every card held)."""
    top = to_match(s)
    by_symbol = top >= 0 and not face(E, top, F_WILD)
    symbol = face(E, top, F_SYMBOL) if by_symbol else 0
    several = hand_size(s, player) > 1  # a last card names neither (but one the hand waits on)
    faces = s[FACES]
    if only >= 0:  # the drawn card is offered as it is
        if only < faces:
            n = card_plays(E, s, player, only, drawn, several, by_symbol, symbol, out, n)
        return n
    for start in range(0, faces, 64):
        held = faces_held(s, player, start)
        while held != 0:
            card = start + lowest_bit(held)
            held &= held - 1
            n = card_plays(E, s, player, card, drawn, several, by_symbol, symbol, out, n)
    return n


@compiled_inline
def calls_with_the_play(E: Ints, s: Ints, player: int) -> bool:
    """legality.calls_with_the_play: `player`'s play now may carry the UNO call."""
    return bool(E[E[E_RULES] + R_CALL_WITH_PLAY] and hand_size(s, player) == 2)


@compiled
def with_calls(E: Ints, s: Ints, out: Grid, start: int, end: int) -> int:
    """moves._with_calls: each play of `out[start:end]`, and where the call goes with the
    play of the second-last card, the same play with the call after it."""
    if not calls_with_the_play(E, s, s[CURRENT]):
        return end
    for i in range(end - start - 1, -1, -1):  # from the back: each row moves down
        for f in range(4):
            out[start + 2 * i, f] = out[start + i, f]
            out[start + 2 * i + 1, f] = out[start + i, f]
        out[start + 2 * i + 1, 3] += CALL_UNIT
    return start + 2 * (end - start)


@compiled
def list_moves(M: Ints, E: Ints, s: Ints, lister: int, out: Grid, n: int) -> int:
    """The moves of one step event (an L_* id), as model.moves lists them."""
    if lister == L_TURN_PLAYS:
        return with_calls(E, s, out, n, plays(E, s, s[CURRENT], -1, False, out, n))
    if lister == L_DRAWN_CARD_PLAYS:
        only = -1 if from_hand_after_drawing(E, s) else s[DRAWN]
        return with_calls(E, s, out, n, plays(E, s, s[CURRENT], only, True, out, n))
    if lister == L_DRAW_ONE:
        if E[E[E_RULES] + R_DRAW_WITHOUT] and has_a_play(E, s, s[CURRENT]):
            return n
        return put(out, n, A_DRAW, s[CURRENT], 0, 0)
    if lister == L_PASS_TURN:
        if E[E[E_RULES] + R_MUST_PLAY] and plays_after_drawing(E, s):
            return n
        return put(out, n, A_PASS, s[CURRENT], 0, 0)
    if lister == L_CHALLENGE:
        return put(out, n, A_CHALLENGE, s[CH_VICTIM], 0, 0)
    if lister == L_ACCEPT:
        return put(out, n, A_ACCEPT, aimed_at(s), 0, 0)
    if lister == L_PICK:
        colors_at = E[E_COLORS]
        for i in range(E[E[E_RULES] + R_COLORS]):
            n = put(out, n, A_PICK, aimed_at(s), 0, E[colors_at + i])
        return n
    if lister == L_FIRST_COLOUR:
        colors_at = E[E_COLORS]
        for i in range(E[E[E_RULES] + R_COLORS]):
            n = put(out, n, A_PICK, s[ACTOR], 0, E[colors_at + i])
        return n
    if lister == L_STACK:
        if not E[E[E_RULES] + R_STACKING]:
            return n
        player = aimed_at(s)
        for card in range(s[FACES]):
            if held(s, player, card) > 0 and stacks_on(E, card, to_match(s)):
                n = plays_of(E, s, A_PLAY, player, card, out, n)
        return n
    if lister == L_JUMP_INS:
        if not E[E[E_RULES] + R_JUMP_IN]:
            return n
        for p in range(s[PLAYERS]):
            if p == s[CURRENT]:
                continue
            for card in range(s[FACES]):
                if held(s, p, card) > 0 and jumps_in(E, s, card) and own_rule_allows(E, s, p, card):
                    n = plays_of(E, s, A_JUMP_IN, p, card, out, n)
        return n
    if lister == L_NAME_LOSER:
        everyone = face(E, s[SPECIAL], F_EVERYONE)
        for p in range(s[PLAYERS]):
            if (everyone or p != s[ACTOR]) and not is_out(s, p):
                n = put(out, n, A_LOSER, p, 0, 0)
        if face(E, s[SPECIAL], F_ONE_ROUND):
            n = put(out, n, A_LOSER, -1, 0, 0)  # actions.NOBODY
        return n
    if lister == L_KEEP:
        lowest = -1
        for card in range(s[FACES]):
            if held(s, s[ACTOR], card) > 0:
                n = put(out, n, A_KEEP, s[ACTOR], card, 0)
                lowest = card if lowest < 0 else lowest
        if keeps_more(E, s) and lowest >= 0:  # the whole hand, named by its lowest card
            n = put(out, n, A_KEEP, s[ACTOR], lowest, 1)
        return n
    if lister == L_CALL_UNO:
        if E[E[E_RULES] + R_CALL_WITH_PLAY]:
            return n  # the call was due with the play
        return put(out, n, A_UNO, s[WINDOW], 0, 0)
    if lister == L_CALLS_OUT_OF_PLACE:
        if not E[E[E_RULES] + R_CALLER_DRAWS]:
            return n
        for p in range(s[PLAYERS]):
            if not is_out(s, p):
                n = put(out, n, A_UNO, p, 0, 0)
        return n
    if lister == L_CATCH:
        for p in range(s[PLAYERS]):
            if p != s[WINDOW] and not is_out(s, p):
                n = put(out, n, A_CATCH, p, 0, s[WINDOW])
        return n
    return n


@compiled
def phase_moves(M: Ints, E: Ints, s: Ints, out: Grid, n: int) -> int:
    """The moves of the step events the machine accepts in this phase, after `n` rows."""
    phase = s[PHASE]
    first = M[M[M_LISTER_START] + phase]
    for i in range(M[M[M_LISTER_LEN] + phase]):
        n = list_moves(M, E, s, M[M[M_LISTERS] + first + i], out, n)
    return n


@compiled_inline
def colours_at_random(M: Ints, E: Ints, s: Ints) -> bool:
    """moves.colours_at_random: a colour named now comes up at random (RLCard's UNO)."""
    phase = s[PHASE]
    if phase == phase_named(M, PH_DRAWN_CARD):
        return bool(E[E[E_RULES] + R_DRAWN_COLOUR_AT_RANDOM])
    return bool(
        phase == phase_named(M, PH_FIRST_COLOUR) and E[E[E_RULES] + R_FIRST_COLOUR_AT_RANDOM]
    )


@compiled_inline
def colour_at_random(M: Ints, E: Ints, s: Ints, kind: int, arg: int) -> bool:
    """moves.colour_at_random: the move (`kind`, `arg`) names a colour that comes up at
    random."""
    named = kind == A_PICK or (kind == A_PLAY and arg_color(arg) >= 0)
    return bool(named and colours_at_random(M, E, s))


@compiled
def legal(
    M: Ints, E: Ints, s: Ints, out: Grid, closed: Ints, log: Grid, snaps: Grid, logn: Ints
) -> int:
    """kernel.legal_actions: the moves players may make now, in the reference's order, into
    `out` (rows of kind, player, card, arg); returns how many. `closed`, `log`, `snaps` and
    `logn` are scratch (an UNO window is closed on a copy to list what follows it)."""
    n = phase_moves(M, E, s, out, 0)
    if not M[M[M_WINDOW] + s[PHASE]]:
        return n
    # kernel._window_moves: the Hail Mary interrupts, then what closing the window leads to
    colors_at = E[E_COLORS]
    if has_group(M, s[PHASE], event_named(M, EV_HAIL_MARY)):
        faces = s[FACES]
        for p in range(s[PLAYERS]):
            for start in range(0, faces, 64):  # the faces held, as `plays` visits them
                held_faces = faces_held(s, p, start)
                while held_faces != 0:
                    card = start + lowest_bit(held_faces)
                    held_faces &= held_faces - 1
                    target = hail_mary_target(E, s, p, card)
                    if not throws_hail_mary(M, E, s, p, card, target):
                        continue
                    if not s[CH] or face(E, card, F_CANCELS_A_CHALLENGE):
                        for i in range(E[E[E_RULES] + R_COLORS]):
                            n = put(out, n, A_PLAY, p, card, play_arg(E[colors_at + i], target))
    copy_ints(closed, s)
    close = event_named(M, EV_CLOSE_WINDOW)
    none = closed[:0]
    if fire(M, E, closed, close, A_PASS, 0, 0, -1, none, 0, log, snaps, logn) < 0:
        return n  # the reference would crash here; the no-deadlock invariant says so
    start = n
    n = phase_moves(M, E, closed, out, start)
    kept = start
    for i in range(start, n):
        if out[i, 0] == A_PLAY and is_interrupt(M, E, s, out[i, 1], out[i, 2], out[i, 3]):
            continue
        if out[i, 0] == A_UNO:  # with the window open no call is out of place
            continue
        for f in range(4):
            out[kept, f] = out[i, f]
        kept += 1
    return kept


@compiled
def max_moves(players: int, faces: int, colors: int) -> int:
    """A bound on the moves `legal` lists: plays with every colour and every other player,
    interrupts by every other player, catches, and the moves of the phase the window closes
    into."""
    return 2 * (
        faces * (colors + 1) * players
        + players * faces * colors
        + players * players
        + 2 * players
        + 8
    )
