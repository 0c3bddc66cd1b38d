"""The engine's own vocabulary: the small integers its compiled code speaks in.

The compiled rules name things by number. Which numbers mean which phase or event of the
turn flow is *not* decided here: `tables` reads that from the compiled `TurnFlow` at run
time. What is fixed here is the engine's side of the bargain:

- the slots of a state row (`layout`), the kinds of action and of card effect;
- an id for each guard, condition, effect and move lister the engine implements, each the
  twin of one reference function (`tables.TWINS` pairs them, and refuses a machine that
  names a function without a twin);
- slots for the phases and events the rule bodies must name (a Draw owes a card "then the
  drawn-card decision"), filled from the machine by name: a renamed phase fails there.
"""

from __future__ import annotations

from unospec.model.vocabulary import Phase

# -- actions: (kind, player, card, arg); arg is the colour of a play or the target of a catch
A_PLAY, A_DRAW, A_PASS, A_CHALLENGE, A_ACCEPT, A_UNO, A_CATCH, A_KEEP, A_LOSER = range(9)
A_RESHUFFLE, A_DEAL, A_PICK, A_JUMP_IN = 9, 10, 11, 12
ACTION_KINDS = 13
ACTION_FIELDS = 4  # kind, player, card, arg
TARGET_UNIT = 8
"""A play's arg holds its colour (-1 to 3) and its target: colour + TARGET_UNIT * (target + 1)
(`row.arg_color`, `row.arg_target`), so a play with no target keeps its colour as its arg."""
CALL_UNIT = 1 << 12
"""A play's arg adds CALL_UNIT for the UNO call made with it (`Play.uno`, `row.arg_call`):
above any colour and target of a table."""

# -- the fields of a face's row in the edition tables: what the card is, what its effect's
#    statements say (`model.primitives.Statement`), the parameters its primitives' twins
#    read (`primitives`), and its effect's steps
(
    F_COLOR,  # colour index, -1 for a wild
    F_SYMBOL,  # what matches besides colour: FaceTable.symbol's, numbered
    F_WILD,
    F_HAS,  # the primitives its effect has: bit P_* (`primitives`)
    F_IGNORED,  # the first flip ignores it
    F_POINTS,  # -1: the scoring table gives no value
    F_DRAW,  # cards its effect makes someone draw (a statement's `draws`), once decided
    F_OWES,  # 1: its play owes someone cards at once (a statement's `owes`)
    F_ASKS_COLOUR,  # its player names the colour
    F_ASKS_LOSER,  # the table names a loser after it
    F_UNLESS,  # Wild Draw: holdings that forbid it (HOLD_* bits)
    F_GUILTY,  # Wild Draw: holdings that make a challenge succeed (HOLD_* bits)
    F_REFUSED,  # Wild Draw: a bluff is refused
    F_CHALLENGER_DRAWS,
    F_OFFENDER_DRAWS,
    F_CHALLENGER_PLAYS,  # Wild Draw: after a successful challenge the challenger plays
    F_INTERRUPT_ONLY,  # Hail Mary: never a plain wild on one's own turn
    F_LEFT_OF_PLAYER,  # Hail Mary: play goes on to the thrower's left, whatever the direction
    F_WRONG_GUESS,  # Hail Mary: its `wrong_guess` reading, by its number in WRONG_GUESS
    F_GUESS_ON_A_WILD,  # Hail Mary: its `guess_on_a_wild` reading, by its number in GUESS_ON_A_WILD
    F_TRIGGER,  # Hail Mary: its `trigger` reading, by its number in TRIGGER
    F_THROWER_AFTERWARDS,  # Hail Mary: its `thrower_afterwards`, its number in THROWER_AFTERWARDS
    F_CANCELS_A_CHALLENGE,  # Hail Mary: thrown while a challenge is pending, it cancels it
    F_PLAYER_CHOOSES,  # Hail Mary: the player whose turn it is throws it naming the caller
    F_SHED_OUT_OF_PLAY,  # Hail Mary: the cards shed after a right guess leave play until the deal
    F_KEEP_MORE,  # Hail Mary: after a right guess the thrower may keep their whole hand
    F_EVERYONE,  # penalty race: its player can lose it too
    F_ASKS_TARGET,  # its player names another player (a Swap Hands)
    F_AIMS,  # cards it aims at the next player as a draw card (-1: it is none)
    F_KIND,  # its kind's number (`Edition.kinds`)
    F_ASKS_PICK,  # the next player picks the colour their draw stops at (a Color Roulette)
    F_LAST_RESORT,  # played only when its player has nothing else to play (a statement's)
    # where the turn comes to after its steps, as their statements say (`primitives.turns`):
    # seats past the player and 1 where the direction turned round, at a table of more than
    # two, then at a table of two; then the same where its draw is owed
    F_TURN_SEATS,
    F_TURN_FLIPS,
    F_TURN_SEATS_TWO,
    F_TURN_FLIPS_TWO,
    F_OWED_SEATS,
    F_OWED_FLIPS,
    F_OWED_SEATS_TWO,
    F_OWED_FLIPS_TWO,
    F_OWED,  # how many cards its play owes at once (its draw step's count)
    # its first effect (`setup.first_card`), as the dealer's play: what its statements say,
    # as above, and its steps after the effect's
    F_FIRST_ASKS_COLOUR,
    F_FIRST_OWES,
    F_FIRST_OWED,
    F_FIRST_TURN_SEATS,
    F_FIRST_TURN_FLIPS,
    F_FIRST_TURN_SEATS_TWO,
    F_FIRST_TURN_FLIPS_TWO,
    F_FIRST_OWED_SEATS,
    F_FIRST_OWED_FLIPS,
    F_FIRST_OWED_SEATS_TWO,
    F_FIRST_OWED_FLIPS_TWO,
    F_RACE_NEXT,  # penalty race: who plays after it (RACE_*)
    F_NO_LONE_RACE,  # penalty race: with a single player who can lose it, no race is run
    F_ONE_ROUND,  # penalty race: one round, after which nobody draws if no one failed
    F_JUDGED,  # penalty race: its player judges it, naming the loser
    F_LAST_WAITS,  # as a last card it waits for a decision (`legality.LAST_CARD_DECISIONS`)
    F_STEPS,  # how many steps its effect has; they follow, STEP_FIELDS each
) = range(58)
RACE_AFTER_CARD, RACE_AFTER_LOSER, RACE_LOSER_LOSES_TURN = range(3)
"""A penalty race's `next_player`, by its number in F_RACE_NEXT: the player after the card's
(both wordings), after the loser, past the loser whose turn was next."""
MAX_STEPS = 8
STEP_FIELDS = 3  # the primitive (P_*), and two of its parameters
F_FIRST_STEPS = F_STEPS + 1 + MAX_STEPS * STEP_FIELDS  # its first effect's, laid out alike
FACE_FIELDS = F_FIRST_STEPS + 1 + MAX_STEPS * STEP_FIELDS
HOLD_CURRENT_COLOR, HOLD_WILD = 1, 2

MAX_CHAIN = 64
"""Transitions one step may fire, besides one per card in play, before the engine calls the
machine broken: the reference's longest chain is under ten (a play, its colour, a draw, a
resolve, a window) but for a draw of no set number (draw until playable, a roulette), which
deals one card per transition, at most every card in play before a reshuffle."""

# -- the edition's rules (model.edition.Rules), as slots of one array
(
    R_HAND_SIZE,
    R_MIN_PLAYERS,
    R_MAX_PLAYERS,
    R_BOTTOM_OF_PILE,  # an ignored first flip goes under the draw pile
    R_ANY_MATCHING,  # after drawing, any matching card may be played
    R_UNO_PENALTY,
    R_ROTATE_LEADER,
    R_SINGLE_HAND,
    R_TARGET,
    R_FACES,
    R_IN_PLAY,
    R_COLORS,
    R_UNTIL_PLAYABLE,  # a player draws until a card they may play turns up
    R_MUST_PLAY,  # a drawn card that can be played must be
    R_DRAW_WITHOUT,  # a player draws only without a card they may play
    R_STACKING,  # 0 none, 1 same kind, 2 an equal or higher count, 3 any draw card
    R_JUMP_IN,  # a card identical to the top card may be played out of turn
    R_NO_UNO_CALL,  # no one calls UNO, and no one is caught
    R_ELIMINATION,  # a player holding this many cards is out of the game; 0: no one is
    R_BY_COLOUR,  # after drawing, only a wild or a card of the colour in force is played
    R_DRAWN_WILD_PLAIN,  # a wild played straight after being drawn is a plain wild
    R_RESHUFFLE_FIRST,  # the discard pile is reshuffled before a draw the pile is short of
    R_LAST_CARD_EFFECTS,  # a last card's steps are carried out, its draw dealt, then scored
    R_WHOLE_PILE,  # a reshuffle takes the whole discard pile, its top card too
    R_FIRST_CARD_PLAYED,  # a first card the flip keeps is carried out as the dealer's play
    R_FIRST_COLOUR_AT_RANDOM,  # the colour of a wild turned up first comes up at random
    R_DRAWN_COLOUR_AT_RANDOM,  # the colour of a wild played straight after drawing, too
    R_HAND_CANNOT_START,  # a first flip with no card left to start the pile: no outcome
    R_RESHUFFLE_AT_ONCE,  # the discard pile is reshuffled the moment the draw pile empties
    R_FROM_HAND_WHEN_EMPTY,  # a player who draws nothing may play from their hand
    R_DRAW_ENDS_TURN,  # a draw by a player holding a playable card ends their turn
    R_CALL_WITH_PLAY,  # the UNO call is made with the play of the second-last card
    R_CHALLENGE_JUDGES,  # a challenge's verdict: 0 the play's, 1 now, 2 now on the colour kept
    R_CALLER_DRAWS,  # a call of UNO with nobody just down to one card draws its caller the penalty
    R_SHORT_DRAW_ENDS_HAND,  # a draw the piles cannot complete ends the hand, unscored
    R_SHORT_DRAW_WAITS,  # the rest of a draw the piles cannot complete waits for cards
    R_THROW_AFTER_CHALLENGE,  # a Hail Mary waits for a pending challenge to be settled
    R_OUT_OF_PLAY,  # a Hail Mary of the deck puts the cards shed out of play until the deal
) = range(38)
RULE_FIELDS = 38
STACKING = ("none", "same-kind", "equal-or-higher", "any-draw-card")
"""The readings of `stacking`, by their number in R_STACKING."""
CHALLENGE_JUDGES = (
    "the-hand-and-colour-when-the-card-was-played",
    "the-hand-and-colour-when-challenged",
    "the-hand-when-challenged-and-the-colour-when-played",
)
"""The readings of `challenge_judges`, by their number in R_CHALLENGE_JUDGES."""
WRONG_GUESS = (
    "card-stays-and-play-goes-on-in-named-colour",
    "turn-and-colour-stay-as-before",
    "thrower-takes-the-card-back",
    "thrower-draws-a-penalty",
)
"""The readings of a Hail Mary's `wrong_guess`, by their number in F_WRONG_GUESS."""
(WG_STAYS, WG_AS_BEFORE, WG_TAKEN_BACK, WG_PENALTY) = range(4)
GUESS_ON_A_WILD = ("no-colour-is-right", "any-colour-is-right", "the-colour-in-force-is-right")
"""The readings of a Hail Mary's `guess_on_a_wild`, by their number in F_GUESS_ON_A_WILD."""
(GW_NONE, GW_ANY, GW_IN_FORCE) = range(3)
TRIGGER = (
    "by-another-player-after-an-uno-call",
    "whenever-a-player-holds-one-card",
    "by-the-caller-as-their-last-card",
)
"""The readings of a Hail Mary's `trigger`, by their number in F_TRIGGER."""
(TR_AFTER_THE_CALL, TR_ONE_CARD, TR_THE_CALLER) = range(3)
THROWER_AFTERWARDS = (
    "usual-rules-apply",
    "thrower-cannot-go-out-with-a-hail-mary",
    "no-uno-call-after-shedding",
)
"""The readings of a Hail Mary's `thrower_afterwards`, by their number in
F_THROWER_AFTERWARDS."""
(TA_USUAL, TA_NOT_OUT, TA_NO_CALL) = range(3)

# -- guards (model.legality), conditions (model.branches), effects (model.updates)
(
    V_DEAL,
    V_PLAY,
    V_PLAY_DRAWN,
    V_VICTIM,
    V_UNO,
    V_CATCH,
    V_HAIL_MARY,
    V_COLOR,
    V_KEEP,
    V_LOSER,
    V_RESHUFFLE,
    V_TARGET,
    V_DRAW,
    V_PASS,
    V_STACK,
    V_TAKER,
    V_PICK,
    V_JUMP_IN,
    V_FIRST_COLOUR,
    V_CALL_OUT_OF_PLACE,
) = range(20)
(
    C_PLAYS_LAST_CARD,
    C_PLAYS_WILD,
    C_PLAYS_DRAW_CARD,
    C_NO_NUMBER_CARD_LEFT,
    C_FLIPS_IGNORED_CARD,
    C_RESOLVES_BY_LOSER,
    C_CHALLENGE_PENDING,
    C_OPENS_UNO_WINDOW,
    C_PILE_RUNS_OUT,
    C_NOTHING_TO_DRAW,
    C_RESUMES,  # its argument: the phase the draw resumes
    C_GUESS_SHEDS_CARDS,
    C_GAME_IS_WON,
    C_HAND_EMPTIED,
    C_ASKS_TARGET,
    C_DRAWS_ON,
    C_MAY_STACK,
    C_STACKS,
    C_ASKS_PICK,
    C_JUMPS_IN,
    C_ELIMINATES,
    C_ONE_PLAYER_LEFT,
    C_PLAYS_DRAWN_WILD_PLAIN,
    C_RESHUFFLES_FIRST,
    C_LAST_CARD_DRAWS,
    C_LAST_CARD_DRAW_DEALT,
    C_FIRST_CARD_NAMES_COLOUR,
    C_FIRST_CARD_DRAWS,
    C_FIRST_CARD_PLAYED,
    C_DEALER_NAMES_COLOUR,
    C_EMPTIES_THE_PILE,
    C_DRAWS_NOTHING_PLAYS_FROM_HAND,
    C_PLAYS_LAST_CARD_AFTER_DRAWING_NOTHING,
    C_DRAWS_BY_CHOICE,
    C_CALLED_WITH_THE_PLAY,
    C_CALLED_IN_VAIN,
    C_DRAW_FALLS_SHORT,
    C_DRAW_WAITS_FOR_CARDS,
    C_CARDS_FOR_WHAT_WAITS,
    C_NOBODY_LOSES,
    C_CALLS_OUT_OF_PLACE,
    C_WRONG_GUESS_TAKEN_BACK,
    C_WRONG_GUESS_DRAWS_PENALTY,
    C_THROWER_LEFT_ONE_CARD_CALLS_NO_UNO,
    C_SHED_DOWN_TO_ONE_CALLS_NO_UNO,
    C_LAST_CARD_WAITS,
    C_LAST_CARD_SETTLED,
) = range(47)
(
    U_DEAL_CARDS,
    U_SET_FLIPPED_CARD_ASIDE,
    U_KEEP_FOR_REDEAL,
    U_TURN_UP_FIRST_CARD,
    U_PLAY_CARD,
    U_NAME_COLOR,
    U_OWE_ONE_CARD,
    U_DRAW_WHAT_THE_PILE_HAS,
    U_PASS_EMPTY_HANDED,
    U_RESHUFFLE_DISCARD,
    U_PASS_TURN,
    U_JUDGE_CHALLENGE,
    U_ACCEPT_DRAW,
    U_OPEN_WINDOW,
    U_CLOSE_WINDOW,
    U_OWE_CATCH_PENALTY,
    U_THROW_HAIL_MARY,
    U_DISCARD_DOWN_TO_ONE,
    U_OWE_LOSER_PENALTY,
    U_SCORE_HAND,
    U_SWAP_HANDS,
    U_STACK_CARD,
    U_TAKE_THE_STACK,
    U_PICK_COLOUR,
    U_ELIMINATE_THE_DRAWER,
    U_PLAY_PLAIN_WILD,
    U_PLAY_FIRST_CARD,
    U_NAME_FIRST_COLOUR,
    U_DRAW_THE_PILE_OUT,
    U_DRAW_NOTHING,
    U_OWE_ONE_CARD_ENDING_THE_TURN,
    U_OWE_CALLER_PENALTY,
    U_END_THE_HAND_UNSCORED,
    U_OWE_THE_REST_LATER,
    U_OWE_WHAT_WAITS,
    U_THROW_HAIL_MARY_FOR_A_PENALTY,
    U_DRAW_AND_REOPEN_THE_THROW,
) = range(37)
NO_UPDATE = -1

# -- who may make each step, with what (model.moves), by the step event they list
(
    L_TURN_PLAYS,
    L_DRAW_ONE,
    L_DRAWN_CARD_PLAYS,
    L_PASS_TURN,
    L_CHALLENGE,
    L_ACCEPT,
    L_NAME_LOSER,
    L_KEEP,
    L_CALL_UNO,
    L_CATCH,
    L_STACK,
    L_PICK,
    L_JUMP_INS,
    L_FIRST_COLOUR,
    L_CALLS_OUT_OF_PLACE,
) = range(15)

# -- the phases and events the rule bodies name, filled from the machine by name
NAMED_PHASES: tuple[str, ...] = (
    Phase.dealing,
    Phase.awaiting_play,
    Phase.drawn_card,
    Phase.resolving,
    Phase.awaiting_challenge,
    Phase.hail_mary_discard,
    Phase.uno_window,
    Phase.uno_called,
    Phase.hand_over,
    Phase.game_over,
    Phase.first_flip,
    Phase.awaiting_reshuffle,
    Phase.awaiting_stack,
    Phase.picking_colour,
    Phase.first_colour,
    Phase.choosing_color,
)
(
    PH_DEALING,
    PH_AWAITING_PLAY,
    PH_DRAWN_CARD,
    PH_RESOLVING,
    PH_AWAITING_CHALLENGE,
    PH_HAIL_MARY_DISCARD,
    PH_UNO_WINDOW,
    PH_UNO_CALLED,
    PH_HAND_OVER,
    PH_GAME_OVER,
    PH_FIRST_FLIP,
    PH_AWAITING_RESHUFFLE,
    PH_AWAITING_STACK,
    PH_PICKING_COLOUR,
    PH_FIRST_COLOUR,
    PH_CHOOSING_COLOR,
) = range(len(NAMED_PHASES))
NAMED_EVENTS: tuple[str, ...] = (
    "close_window",
    "hail_mary",
    "play",
    "play_drawn",
    "choose_color",
    "score",
    "draw_owed",
    "draw",
    "challenge",
    "accept",
    "catch",
    "name_loser",
    "keep",
    "reshuffle",
)
(
    EV_CLOSE_WINDOW,
    EV_HAIL_MARY,
    EV_PLAY,
    EV_PLAY_DRAWN,
    EV_CHOOSE_COLOR,
    EV_SCORE,
    EV_DRAW_OWED,
    EV_DRAW,
    EV_CHALLENGE,
    EV_ACCEPT,
    EV_CATCH,
    EV_NAME_LOSER,
    EV_KEEP,
    EV_RESHUFFLE,
) = range(len(NAMED_EVENTS))

# -- outcomes of a step: 0 done; below 0 the reason it was not (see `Refusal`)
OK = 0
ILLEGAL = 1  # the rules refuse the action (IllegalAction)
GAP = 2  # the rules give no outcome (RuleGap)
BROKEN = 3  # the machine has no transition or branch for it: a bug, never a rule
NO_STEP = 4  # the engine's packing or its bounds cannot hold what the step made


REFUSAL = 4096
"""A refused step's code is -(kind * REFUSAL + rule): the kind (ILLEGAL, GAP, BROKEN,
NO_STEP) and the rule it cites, a `RULE_SECTIONS` index or `CARD_RULE + face` (the card's
own section, as its edition file records it)."""

RULE_SECTIONS: tuple[str, ...] = (
    "SET_UP",
    "DEAL",
    "FIRST_FLIP",
    "TURN",
    "MATCHING",
    "DRAWN_CARD",
    "RESHUFFLE",
    "UNO",
    "WINNING",
    "SCORING",
    "NO_MATCHING_CARD",
    "STACKING",
    "NO_MERCY",
    "JUMP_IN",
    "MERCY_RULE",
)
"""The `model.sections` constants a refusal can cite, by number."""
(
    S_SET_UP,
    S_DEAL,
    S_FIRST_FLIP,
    S_TURN,
    S_MATCHING,
    S_DRAWN_CARD,
    S_RESHUFFLE,
    S_UNO,
    S_WINNING,
    S_SCORING,
    S_NO_MATCHING_CARD,
    S_STACKING,
    S_NO_MERCY,
    S_JUMP_IN,
    S_MERCY_RULE,
) = range(len(RULE_SECTIONS))
CARD_RULE = 1024
