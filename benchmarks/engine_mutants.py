"""Seeded bugs in the compiled engine, one per rule area and one per blind spot that
conformance once had, that conformance must catch.

Each mutant is one textual replacement inside one engine function (`old` must occur exactly
once in it), swapped into the live function object, as `mutants.py` does for the kernel.
The engine is compiled code, so this runs it as plain Python (`NUMBA_DISABLE_JIT=1`, which
`main` sets before the engine is imported): the same source, the same semantics, slowly.

    NUMBA_DISABLE_JIT=1 python benchmarks/engine_mutants.py [--check] [NAME ...]

prints one JSON line per mutant: whether conformance caught it, on which edition, how
(`what`: state, verdicts, legal, outcome, step-verdicts, symmetry, converse, game), after
how many states. Two ways to look:

- by default, the rule areas' mutants (`blind_spot` empty) run on the conformance each one
  names (its editions, scale and table, as `unospec conform` takes them), and the blind
  spots' mutants run on the conformance `unospec check` makes, with no flag: the runs of its
  plan (`conformance.plan`) on each built-in edition in turn, the same states and games;
- `--check` runs every mutant on `unospec check`'s conformance.

`tests/engine/test_conformance.py` runs the default and requires every one caught.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("NUMBA_DISABLE_JIT", "1")

import json
import warnings
from dataclasses import dataclass
from typing import Any

from mutants import applied  # the kernel's seeded bugs swap code the same way

RULES, PROPERTIES, OUTCOMES, STATES, PRIMITIVES, ROW, TABLES = (
    f"unospec.checks.engines.compiled.{name}"
    for name in ("rules", "properties", "outcomes", "states", "primitives", "row", "tables")
)
EVERY = ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii")
HOUSE_CARDS = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "house-cards.toml"),
)
"""A user's edition with a card of every primitive no built-in has (its file is a delta)."""
NO_UNO_CALL = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "no-uno-call.toml"),
)
"""Classic without the UNO call, as RLCard plays (`play.uno_call = "none"`)."""
RLCARD = (os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "rlcard.toml"),)
"""RLCard's UNO as a delta of classic: a last-resort Wild Draw Four, a drawn card played by
its colour, a drawn wild played plain."""
SHORT_DRAW = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "short-draw-reshuffle.toml"),
)
"""Classic reshuffling before a short draw, as RLCard plays (`play.reshuffle_when`)."""
LAST_CARD = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "last-card-effects.toml"),
)
"""Classic whose last card's draw is dealt before the hand is scored, as RLCard plays
(`play.final_card_effects`)."""
LAST_CARD_CHALLENGED = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "last-card-challenged.toml"),
)
"""Classic whose last card's effect is carried out, a last Wild Draw Four's challenge
answered before the hand is scored (`play.final_card_effects`)."""
WHOLE_PILE = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "whole-pile-reshuffle.toml"),
)
"""Classic reshuffling the whole discard pile, its top card too, as RLCard plays
(`play.reshuffle = "whole-discard-pile"`)."""
RESHUFFLE_AT_ONCE = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "reshuffle-at-once.toml"),
)
"""Classic reshuffling the moment the draw pile empties (`play.reshuffle_when =
"as-soon-as-the-draw-pile-empties"`)."""
EMPTY_HANDED_PLAYS = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "empty-handed-plays.toml"),
)
"""Classic where a player who draws nothing may play from their hand
(`play.empty_handed_draw = "player-may-play-from-hand"`)."""
UNDESCRIBED = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "undescribed-cards.toml"),
)
"""Classic with three cards no rule lets anyone play (`unplayable`)."""
DRAW_ENDS_TURN = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "draw-ends-turn.toml"),
)
"""Classic where a draw by a player holding a playable card ends their turn
(`play.draw_by_choice = "the-turn-ends"`)."""
CALL_WITH_PLAY = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "call-with-the-play.toml"),
)
"""Classic where UNO is called with the play of the second-last card (`play.uno_window =
"while-playing-the-second-last-card"`)."""
CHALLENGED_ON_COLOUR = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "challenge-on-the-colour-played.toml"
    ),
)
"""Classic judging a challenge by the hand it comes to against the colour its card was
played on (`play.challenge_judges = "the-hand-when-challenged-and-the-colour-when-played"`)."""
CHALLENGED_NOW = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "challenge-when-challenged.toml"
    ),
)
"""Classic judging a challenge by the hand and colour it comes to (`play.challenge_judges =
"the-hand-and-colour-when-challenged"`)."""
CALL_OUT_OF_PLACE = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "uno-call-out-of-place.toml"
    ),
)
"""Classic where a call of UNO with nobody just down to one card draws its caller the
penalty (`play.uno_call_out_of_place = "the-caller-draws-the-penalty"`)."""
SHORTFALL_ENDS_HAND = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "draw-shortfall-ends-hand.toml"
    ),
)
"""Classic where a draw the piles cannot complete ends the hand, unscored
(`play.draw_shortfall = "hand-ends-unscored"`)."""
SHORTFALL_WAITS = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "draw-shortfall-waits.toml"),
)
"""Classic where the rest of a draw the piles cannot complete waits for cards
(`play.draw_shortfall = "obligation-waits-for-cards"`)."""
HAIL_MARY_PENALTY = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-1.toml"),
)
"""NFL Cowboys whose Hail Mary thrower draws the UNO penalty for a wrong guess, the colour in
force right on a wild (`wrong_guess`, `guess_on_a_wild`)."""
HAIL_MARY_TAKEN_BACK = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-2.toml"),
)
"""NFL Cowboys whose Hail Mary goes back to its thrower on a wrong guess, any guess right on
a wild."""
HAIL_MARY_AS_BEFORE = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-3.toml"),
)
"""NFL Cowboys whose Hail Mary, on a wrong guess, leaves the turn and the colour as before."""
HAIL_MARY_WILD_IN_FORCE = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-4.toml"),
)
"""NFL Cowboys with a hundred Wilds thrown as Hail Marys, the colour in force the right guess
on a wild."""
HAIL_MARY_BEFORE_THE_CALL = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-5.toml"),
)
"""NFL Cowboys whose Hail Mary may be thrown before the UNO call too (`trigger`)."""
HAIL_MARY_NO_CALL = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-7.toml"),
)
"""NFL Cowboys whose Hail Mary thrower left with one card calls no UNO
(`thrower_afterwards`)."""
HAIL_MARY_CANCELS = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-9.toml"),
)
"""NFL Cowboys whose Hail Mary may be thrown while a challenge waits, and cancels it
(`pending_challenge`)."""
HAIL_MARY_CHOOSES = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-10.toml"
    ),
)
"""NFL Cowboys where the player whose turn it is chooses between the Hail Mary's throw and
their own turn's play of it (`from_the_next_player`)."""
HAIL_MARY_AFTER_CHALLENGE = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-11.toml"
    ),
)
"""NFL Cowboys whose Hail Mary waits for a pending challenge to be settled, and may be
thrown then (`pending_challenge`)."""
HAIL_MARY_OUT_OF_PLAY = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-13.toml"
    ),
)
"""NFL Cowboys whose Hail Mary thrower's shed cards are out of play until the next deal
(`shed_cards`)."""
HAIL_MARY_KEEPS_MORE = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "hail-mary-readings-12.toml"
    ),
)
"""NFL Cowboys whose Hail Mary thrower may keep their whole hand after a right guess
(`keep_after_shedding`)."""
HAND_CANNOT_START = (
    os.path.join(os.path.dirname(__file__), "..", "tests", "editions", "hand-cannot-start.toml"),
)
"""Classic reading that a hand whose first flip finds no card to start the pile cannot start
(`setup.flip_exhausted = "hand-cannot-start"`)."""
RACE_READINGS_1 = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "penalty-race-readings-1.toml"
    ),
)
"""Star Wars, play going on after My Favorite Line's loser (`penalty-race.next_player =
"next-after-the-loser"`)."""
RACE_READINGS_2 = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "penalty-race-readings-2.toml"
    ),
)
"""Super Bowl LVII, the Touchdown's loser losing their turn (`penalty-race.next_player =
"loser-also-loses-their-turn"`)."""
RACE_READINGS_3 = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "penalty-race-readings-3.toml"
    ),
)
"""Super Bowl LVII, no Touchdown race at a table of two (`penalty-race.two_players =
"nobody-draws-without-a-race"`)."""
RACE_READINGS_4 = (
    os.path.join(
        os.path.dirname(__file__), "..", "tests", "editions", "penalty-race-readings-4.toml"
    ),
)
"""Star Wars, My Favorite Line one round of quotes, nobody drawing if all manage
(`penalty-race.no_failure = "one-round-then-nobody-draws"`)."""
WILD_JUDGED = ("express", "nfl-cowboys", "star-wars", "super-bowl-lvii")
"""The editions whose Wild Draw card is judged guilty for a wild held."""


@dataclass(frozen=True)
class Mutant:
    """One seeded engine bug: its rule area, where it is, what it replaces, the editions
    whose rules it touches (conformance runs on them in turn), and the blind spot of an
    earlier conformance it stands for (empty: none)."""

    name: str
    area: str
    module: str
    function: str
    old: str
    new: str
    editions: tuple[str, ...] = EVERY
    scale: str | None = "micro"  # where conformance looks (None: games alone)
    players: int | None = None  # the games' table (None: as `unospec conform` seats them)
    blind_spot: str = ""


def _blind(name: str, spot: str, module: str, function: str, old: str, new: str,
           editions: tuple[str, ...] = EVERY) -> Mutant:  # fmt: skip
    return Mutant(name, spot, module, function, old, new, editions, blind_spot=spot)


_RESHUFFLE_CHECKS = """\
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
        if count != s[under + card] + (1 if card == top else 0):"""
"""`rules.check_reshuffle`'s checks of the order's length and of each card's count."""

MUTANTS = (
    Mutant("symbol-never-matches", "matching", RULES, "matches",
           "face(E, card, F_SYMBOL) == face(", "face(E, card, F_SYMBOL) != face(",
           ("classic",), "pair"),
    Mutant("plays-misses-the-last-face", "the plays a hand offers", ROW, "faces_held",
           "for i in range(min(64, faces - start)):", "for i in range(min(64, faces - start) - 1):",
           ("classic",)),
    Mutant("skip-skips-no-one", "Skip", PRIMITIVES, "apply_step",
           "s[CURRENT] = next_player(s, s[CURRENT], 1)", "s[CURRENT] = s[CURRENT]"),
    Mutant("reverse-as-skip-at-three", "Reverse with two players", PRIMITIVES, "reverse",
           "if seated(s) == 2 and as_skip:", "if seated(s) == 3 and as_skip:", ("classic",)),
    Mutant("draw-card-one-more", "draw amounts", PRIMITIVES, "apply_step",
           "owe(s, s[CURRENT], a,", "owe(s, s[CURRENT], a + 1,"),
    Mutant("bluff-judged-by-guilt", "Wild Draw legality", PRIMITIVES, "wild_draw",
           "s[CH_BLUFF] = holds_any(E, s, player, -1, s[COLOR], unless)",
           "s[CH_BLUFF] = holds_any(E, s, player, -1, s[COLOR], guilty)",
           ("nfl-cowboys", "star-wars", "super-bowl-lvii", "express")),
    Mutant("guilt-judged-by-legality", "Wild Draw judgment", PRIMITIVES, "wild_draw",
           "s[CH_GUILTY] = holds_any(E, s, player, -1, s[COLOR], guilty)",
           "s[CH_GUILTY] = holds_any(E, s, player, -1, s[COLOR], unless)",
           ("nfl-cowboys", "star-wars", "super-bowl-lvii", "express")),
    Mutant("guilty-offender-draws-the-penalty", "successful challenge payout", RULES, "update",
           "draws = face(E, pending, F_OFFENDER_DRAWS)",
           "draws = face(E, pending, F_CHALLENGER_DRAWS)"),
    Mutant("failed-challenge-draws-the-card", "failed challenge payout", RULES, "update",
           "draws = face(E, pending, F_CHALLENGER_DRAWS)", "draws = face(E, pending, F_DRAW)"),
    Mutant("any-card-after-drawing", "the drawn-card decision", RULES, "validate",
           "elif card != s[DRAWN]:", "elif card < 0:"),
    Mutant("window-opens-for-the-next", "the UNO window", RULES, "update",
           "U_OPEN_WINDOW:\n        s[WINDOW] = s[ACTOR]",
           "U_OPEN_WINDOW:\n        s[WINDOW] = s[CURRENT]"),
    Mutant("reshuffle-drops-a-card", "reshuffle", RULES, "update",
           "set_pile(s, order, 0, order.shape[0])", "set_pile(s, order, 1, order.shape[0] - 1)"),
    Mutant("direction-ignored", "turn order", ROW, "next_player",
           "(player + steps * s[DIRECTION]) % s[PLAYERS]", "(player + steps) % s[PLAYERS]",
           ("classic",), None, 3),
    Mutant("points-to-the-leader", "scoring", RULES, "score_hand",
           "s[HEADER + winner] += points", "s[HEADER + s[LEADER]] += points"),
    Mutant("hail-mary-follows-direction", "Wild Hail Mary", RULES, "update",
           "if face(E, card, F_LEFT_OF_PLAYER):", "if not face(E, card, F_LEFT_OF_PLAYER):",
           ("nfl-cowboys",), None, 3),
    Mutant("race-draws-one-fewer", "Wild My Favorite Line / Wild Touchdown!", RULES, "update",
           "owe(s, player, face(E, special, F_DRAW),",
           "owe(s, player, face(E, special, F_DRAW) - 1,",
           ("star-wars", "super-bowl-lvii")),
    Mutant("race-everyone-excludes-the-player", "Wild My Favorite Line's loser", RULES,
           "list_moves", "if (everyone or p != s[ACTOR]) and not is_out(s, p):",
           "if p != s[ACTOR]:", ("star-wars",)),
    Mutant("touchdown-others-include-the-player", "Wild Touchdown!'s loser", RULES,
           "list_moves", "if (everyone or p != s[ACTOR]) and not is_out(s, p):", "if True:",
           ("super-bowl-lvii",)),
    # -- one per primitive no built-in edition has, on a user's edition of house cards
    Mutant("skip-everyone-skips-one", "Skip Everyone", PRIMITIVES, "apply_step",
           "s[CURRENT] = player", "s[CURRENT] = next_player(s, player, 1)", HOUSE_CARDS,
           "micro,hand=2,kinds=number+skip-everyone"),
    Mutant("discard-all-takes-the-other-colours", "Discard All's colour", PRIMITIVES,
           "discard_colour", "face(E, c, F_COLOR) == colour", "face(E, c, F_COLOR) != colour",
           HOUSE_CARDS, "micro,colors=2,hand=2,kinds=number+discard-all"),
    Mutant("hands-pass-against-the-direction", "the hand-pass direction", PRIMITIVES,
           "pass_hands", "giver = step_from(s, seat, 1, -way)",
           "giver = step_from(s, seat, 1, way)", HOUSE_CARDS, "micro,hand=2,kinds=number+number-0",
           3),
    Mutant("swap-with-the-next-seat", "the seat of a swap", RULES, "update",
           "swap_hands(s, player, arg_target(arg))",
           "swap_hands(s, player, next_player(s, player, 1))", HOUSE_CARDS,
           "micro,hand=2,kinds=number+number-7", 3),
    Mutant("emptied-hand-plays-on", "a hand a Discard All empties", RULES, "condition",
           "return 1 if hand_size(s, s[ACTOR]) == 0 and not is_out(s, s[ACTOR]) and not s[CH] "
           "else 0",
           "return 0", HOUSE_CARDS,
           "micro,hand=2,kinds=number+discard-all"),
    Mutant("roulette-stops-at-another-colour", "the roulette's stop", RULES, "stops_the_draw",
           "face(E, card, F_COLOR) == until", "face(E, card, F_COLOR) != until", HOUSE_CARDS,
           "micro,colors=2,hand=2,kinds=number+wild-color-roulette"),
    # -- one per house rule of the built-in files
    Mutant("stacking-total-not-carried", "stacking totals", RULES, "update",
           "s[OWED_AMOUNT] += carried", "s[OWED_AMOUNT] = carried", ("classic-stacking",),
           "micro,kinds=number+draw-two+wild-draw-four,copies=3,actions=2,wilds=2,hand=2"),
    Mutant("draw-until-stops-at-once", "drawing until playable", RULES, "stops_the_draw",
           "        return playable", "        return True", ("classic-draw-until-playable",),
           "micro,colors=2,wilds=0"),
    Mutant("jump-in-on-the-number-alone", "jump-in's identical-card test", RULES, "jumps_in",
           "card == s[TOP]", "face(E, card, F_SYMBOL) == face(E, s[TOP], F_SYMBOL)",
           ("classic-jump-in",), "micro,colors=2,copies=2,hand=2,kinds=number"),
    # No UNO call (RLCard's rule) is played twice in the engine: its program has no branch to
    # the window (`tables.pruned`), and the window's condition reads the rule. A bug in the
    # second alone changes nothing (the seeded bug that once stood here is now equivalent);
    # one in the pruning that drops the branches an edition allows is caught.
    Mutant("pruning-drops-what-the-edition-allows", "the program's pruned branches", TABLES,
           "pruned", "c in GATED and rules_out(edition, c)",
           "c in GATED and not rules_out(edition, c)",
           ("classic", *NO_UNO_CALL)),
    Mutant("short-draw-dealt-before-the-reshuffle", "reshuffle before a short draw (RLCard's "
           "rule)", RULES, "condition",
           "return 1 if 0 < s[PILE_LEN] < s[OWED_AMOUNT] and reshuffled_count(E, s) > 0 else 0",
           "return 0", SHORT_DRAW),
    Mutant("last-card-draw-not-dealt", "a last card's effect carried out (RLCard's rule)",
           RULES, "condition",
           "return 1 if E[E[E_RULES] + R_LAST_CARD_EFFECTS] and face(E, card, F_OWES) else 0",
           "return 0", LAST_CARD),
    Mutant("last-wild-draw-scored-before-its-answer", "a last card's challenge answered "
           "before the score", RULES, "condition",
           "return 1 if waits_as_last_card(E, card) else 0", "return 0", LAST_CARD_CHALLENGED),
    Mutant("last-card-answer-never-scored", "a last card's challenge answered before the "
           "score", RULES, "after_the_draw", "if hand_size(s, s[CH_OFFENDER]) == 0:",
           "if False:", LAST_CARD_CHALLENGED),
    Mutant("last-card-settled-with-cards", "a guilty offender's last card", RULES,
           "condition",
           "return 1 if hand_size(s, s[ACTOR]) == 0 and not is_out(s, s[ACTOR]) else 0",
           "return 1", LAST_CARD_CHALLENGED),
    Mutant("whole-pile-keeps-the-top", "a reshuffle of the whole discard pile (RLCard's rule)",
           RULES, "update",
           "if E[E[E_RULES] + R_WHOLE_PILE]:  # the top card goes too, and is still matched",
           "if False:", WHOLE_PILE),
    Mutant("whole-pile-forgets-the-top", "the card matched on an empty discard pile (RLCard's "
           "rule)", RULES, "update", "s[OLD_TOP] = to_match(s)", "s[OLD_TOP] = -1", WHOLE_PILE),
    Mutant("empty-pile-matches-by-colour-alone", "the card matched on an empty discard pile "
           "(RLCard's rule)", ROW, "to_match", "return s[TOP] if s[TOP] >= 0 else s[OLD_TOP]",
           "return s[TOP]", WHOLE_PILE, "micro,colors=2,kinds=number,hand=2,copies=3"),
    # -- the mercy rule (No Mercy's play.elimination)
    Mutant("mercy-a-card-late", "elimination's threshold", RULES, "condition",
           "hand_size(s, s[OWED_PLAYER]) + dealt >= limit",
           "hand_size(s, s[OWED_PLAYER]) + dealt > limit", ("no-mercy",),
           "micro,kinds=number+draw-two,copies=3,actions=2"),
    Mutant("mercy-out-keeps-the-turn", "who plays after an elimination", RULES,
           "eliminate_the_drawer", "if is_out(s, s[CURRENT]):", "if False:", ("no-mercy",),
           "micro,kinds=number+draw-two+skip,copies=3,actions=2", 3),
    Mutant("mercy-deals-the-out", "a player out of the game is dealt no hand", RULES,
           "deal_cards", "else step_from(s, seat, 1, 1)", "else (seat + 1) % s[PLAYERS]",
           ("no-mercy",), "micro,kinds=number+draw-two+skip,copies=3,actions=2,target=3", 3),
    Mutant("last-resort-ignored", "the Wild Draw Four as a last resort (RLCard's rule)", RULES,
           "own_rule_allows", "and holds_another_play(E, s, player):",
           "and held(s, player, card) > 1:", RLCARD, "micro,hand=3", 2),
    Mutant("drawn-card-plays-by-number", "a drawn card played by colour (RLCard's rule)", RULES,
           "by_colour_allows", "face(E, card, F_COLOR) == s[COLOR]",
           "matches(E, s[COLOR], to_match(s), card)", RLCARD),
    Mutant("drawn-wild-plain-skips", "a drawn wild played plain (RLCard's rule)", RULES,
           "play_plain_wild", "s[CURRENT] = next_player(s, player, 1)",
           "s[CURRENT] = next_player(s, player, 2)", RLCARD),
    Mutant("first-card-played-by-the-leader", "a first card carried out (RLCard's rule)",
           RULES, "play_first_card", "dealer = step_from(s, s[LEADER], 1, -1)",
           "dealer = s[LEADER]", RLCARD),
    Mutant("first-draw-two-skips", "a first card's draw (RLCard's rule)", RULES,
           "play_first_card", "s[OWED_THEN] = phase_named(M, PH_AWAITING_PLAY)",
           "s[OWED_THEN] = phase_named(M, PH_AWAITING_PLAY)\n        s[CURRENT] = "
           "next_player(s, s[CURRENT], 1)", RLCARD),
    Mutant("hand-that-cannot-start-redealt", "a first flip with no card to start the pile",
           RULES, "update", "if E[E[E_RULES] + R_HAND_CANNOT_START]:", "if False:",
           HAND_CANNOT_START),
    Mutant("reshuffle-at-once-loses-the-drawn-card", "a reshuffle the moment the pile empties",
           RULES, "draw_the_pile_out", "        s[DRAWN] = first", "        s[DRAWN] = -1",
           RESHUFFLE_AT_ONCE),
    Mutant("drew-nothing-and-passes", "a draw that finds no card anywhere", RULES,
           "from_hand_after_drawing",
           "return bool(s[DRAWN] < 0 and E[E[E_RULES] + R_FROM_HAND_WHEN_EMPTY])",
           "return False", EMPTY_HANDED_PLAYS),
    Mutant("undescribed-card-played", "a card no rule lets anyone play", PRIMITIVES,
           "step_allows", "    return primitive != P_UNPLAYABLE", "    return True", UNDESCRIBED),
    Mutant("every-draw-ends-the-turn", "a draw by choice", RULES, "condition",
           "return 1 if E[E[E_RULES] + R_DRAW_ENDS_TURN] and has_a_play(E, s, s[CURRENT]) else 0",
           "return 1 if E[E[E_RULES] + R_DRAW_ENDS_TURN] else 0", DRAW_ENDS_TURN),
    Mutant("draw-by-choice-still-decides", "a draw by choice", RULES, "update",
           "owe(s, s[CURRENT], 1, phase_named(M, PH_AWAITING_PLAY))",
           "owe(s, s[CURRENT], 1, phase_named(M, PH_DRAWN_CARD))", DRAW_ENDS_TURN),
    Mutant("call-with-the-play-forgotten", "the UNO call made with the play", RULES, "update",
           "if arg_call(arg):  # a call made with the play (`uno_window`)", "if False:",
           CALL_WITH_PLAY),
    Mutant("challenge-keeps-no-colour", "a challenge judged when it comes", PRIMITIVES,
           "wild_draw", "s[CH_COLOR] = s[COLOR] if E[E[E_RULES] + R_CHALLENGE_JUDGES] == 2",
           "s[CH_COLOR] = -1 if E[E[E_RULES] + R_CHALLENGE_JUDGES] == 2", CHALLENGED_ON_COLOUR),
    Mutant("challenge-judged-on-no-colour", "a challenge judged when it comes", ROW, "verdict",
           "color = s[COLOR] if judges == 1 else s[CH_COLOR]",
           "color = s[CH_COLOR] if judges == 1 else s[COLOR]", CHALLENGED_NOW),
    Mutant("call-out-of-place-draws-for-the-current-player", "a call of UNO out of place",
           RULES, "update",
           "owe(s, player, E[E[E_RULES] + R_UNO_PENALTY], phase_named(M, PH_AWAITING_PLAY))",
           "owe(s, s[CURRENT], E[E[E_RULES] + R_UNO_PENALTY], phase_named(M, PH_AWAITING_PLAY))",
           CALL_OUT_OF_PLACE),
    Mutant("draw-of-the-last-cards-ends-the-hand", "a draw the piles cannot complete",
           RULES, "condition", "return 1 if s[PILE_LEN] < s[OWED_AMOUNT] else 0",
           "return 1 if s[PILE_LEN] <= s[OWED_AMOUNT] else 0", SHORTFALL_ENDS_HAND),
    Mutant("debt-forgets-what-already-waited", "a draw whose rest waits for cards", RULES,
           "owe_the_rest_later", "min(s[at] + s[OWED_AMOUNT] - got,",
           "min(s[OWED_AMOUNT] - got,", SHORTFALL_WAITS),
    Mutant("race-plays-on-from-the-card-player", "who plays after a penalty race", RULES,
           "update", "if after == RACE_AFTER_LOSER or (", "if after == -1 or (",
           RACE_READINGS_1),
    Mutant("race-loser-keeps-the-turn", "who plays after a penalty race", RULES, "update",
           "and player == s[CURRENT]):", "and player == -1):", RACE_READINGS_2),
    Mutant("race-of-one-run", "a penalty race with one player who can lose", PRIMITIVES,
           "apply_step", "if runners >= 2 or not face(E, card, F_NO_LONE_RACE):",
           "if runners >= 1 or not face(E, card, F_NO_LONE_RACE):", RACE_READINGS_3),
    Mutant("race-without-a-loser-not-offered", "a penalty race no one fails", RULES,
           "list_moves", "        if face(E, s[SPECIAL], F_ONE_ROUND):",
           "        if False:", RACE_READINGS_4),
    Mutant("wrong-guess-owes-no-penalty", "a Hail Mary's wrong guess", RULES, "update",
           "if which == U_THROW_HAIL_MARY_FOR_A_PENALTY:\n            owe(",
           "if False:\n            owe(", HAIL_MARY_PENALTY, None, 3),
    Mutant("wrong-guess-never-taken-back", "a Hail Mary's wrong guess", RULES, "condition",
           "return 1 if wrong_guess_reads(E, s, player, card, arg_color(color), WG_TAKEN_BACK) "
           "else 0",
           "return 0", HAIL_MARY_TAKEN_BACK, None, 3),
    Mutant("wrong-guess-moves-the-turn-on", "a Hail Mary's wrong guess", RULES, "update",
           "as_before = wrong_guess_reads(E, s, player, card, arg_color(arg), WG_AS_BEFORE)",
           "as_before = False", HAIL_MARY_AS_BEFORE, None, 3),
    Mutant("guess-on-a-wild-ignores-the-colour-in-force", "a Hail Mary's guess on a wild",
           RULES, "right_guess", "return on_wild == GW_IN_FORCE and s[COLOR] == color",
           "return on_wild == GW_IN_FORCE", HAIL_MARY_WILD_IN_FORCE, None, 3),
    Mutant("hail-mary-waits-for-the-call", "who may throw a Hail Mary, and when", RULES,
           "throws_hail_mary", "    if trigger == TR_ONE_CARD:\n        return player != s[WINDOW]",
           "    if trigger == TR_ONE_CARD:\n        return called and player != s[WINDOW]",
           HAIL_MARY_BEFORE_THE_CALL, None, 3),
    Mutant("hail-mary-thrower-must-call", "the Hail Mary's thrower afterwards", RULES,
           "condition", "return 1 if no_call and hand_size(s, player) == 2 else 0",
           "return 0", HAIL_MARY_NO_CALL, None, 3),
    Mutant("hail-mary-leaves-the-challenge", "a Hail Mary while a challenge waits", RULES,
           "update", "        if s[CH]:  # thrown while a challenge was pending",
           "        if False:  # thrown while a challenge was pending", HAIL_MARY_CANCELS,
           None, 3),
    Mutant("hail-mary-next-player-cannot-choose", "a Hail Mary from the next player", RULES,
           "throws_hail_mary",
           "if face(E, card, F_PLAYER_CHOOSES) and player == s[CURRENT] and target != s[WINDOW]:",
           "if False:", HAIL_MARY_CHOOSES, None, 3),
    Mutant("hail-mary-never-comes-back", "a Hail Mary once the challenge is settled", RULES,
           "after_the_draw", "PH_UNO_CALLED if s[WINDOW] >= 0 else PH_AWAITING_PLAY",
           "PH_AWAITING_PLAY", HAIL_MARY_AFTER_CHALLENGE, None, 3),
    Mutant("hail-mary-sheds-under-the-pile", "where a Hail Mary's shed cards go", RULES,
           "update",
           "gone = out_of_play_base(s) if face(E, s[TOP], F_SHED_OUT_OF_PLAY) else -1",
           "gone = -1", HAIL_MARY_OUT_OF_PLAY, None, 3),
    Mutant("hail-mary-whole-hand-kept-sheds", "what a Hail Mary's thrower keeps", RULES,
           "update", "        if arg == 1:  # the whole hand kept",
           "        if arg == 2:  # the whole hand kept", HAIL_MARY_KEEPS_MORE),
    Mutant("conservation-verdict-blind", "the invariants", PROPERTIES, "conserved",
           "differ |= counts[card] ^ in_play[card]", "differ |= counts[card] >> 63"),
    Mutant("matching-asks-of-cards-not-held", "the invariants", PROPERTIES, "matching_offered",
           "asked = faces_held(s, player, start)", "asked = (1 << int(min(64, faces - start))) - 1",
           ("classic",)),
    Mutant("hail-mary-of-cards-not-held", "Hail Mary", RULES, "legal",
           "held_faces = faces_held(s, p, start)",
           "held_faces = (1 << int(min(64, faces - start))) - 1", ("nfl-cowboys",)),
    Mutant("row-after-a-read-transition-not-kept", "the rows the step invariants read",
           RULES, "fire",
           "read = M[M[M_BR_SNAPSHOT] + branch] or M[M[M_BR_SNAPSHOT] + log[n - 1, LOG_BRANCH]]",
           "read = M[M[M_BR_SNAPSHOT] + branch]"),
    # -- one or more per blind spot of the conformance before issue 39, each caught by the
    #    conformance of `unospec check` alone
    _blind("a-card-not-held-is-played", "moves of cards the mover does not hold", RULES,
           "check_in_hand", "held(s, player, card) > 0", "held(s, player, card) >= 0"),
    _blind("reshuffle-takes-a-short-order", "chance outcomes that are not outcomes", RULES,
           "check_reshuffle", _RESHUFFLE_CHECKS,
           _RESHUFFLE_CHECKS.replace("!= reshuffled_count(E, s) + s[PILE_LEN]",
                                     "> reshuffled_count(E, s) + s[PILE_LEN]")
           .replace("count != s[under + card]", "count > s[under + card]")),
    _blind("deal-takes-a-card-twice", "chance outcomes that are not outcomes", RULES,
           "check_deal", "if count != E[deck + card]:", "if count < 0:"),
    _blind("card-not-held-cites-matching", "refusals compared by kind only", RULES,
           "check_in_hand", "else refused(ILLEGAL, S_TURN)", "else refused(ILLEGAL, S_MATCHING)"),
    _blind("pass-out-of-turn-cites-the-turn", "refusals compared by kind only", RULES,
           "why_not", "if kind == A_PASS:\n        return S_DRAWN_CARD",
           "if kind == A_PASS:\n        return S_TURN"),
    _blind("leader-past-the-table-passes", "fields the corrupted states never changed",
           PROPERTIES, "seats_ok", "0 <= s[LEADER] < n", "0 <= s[LEADER] <= n"),
    _blind("hands-played-unchecked", "fields the corrupted states never changed",
           PROPERTIES, "type_ok", "if s[HANDS_PLAYED] < 0 or", "if s[HANDS_PLAYED] < -1 or"),
    _blind("owed-amount-unchecked", "step invariants judged on correct steps only",
           PROPERTIES, "owed_as_said",
           "made[OWED_PLAYER] == expected_player and made[OWED_AMOUNT] == expected_amount",
           "made[OWED_PLAYER] == expected_player"),
    _blind("rename-forgets-the-drawn-card", "symmetry never compared with the reference",
           STATES, "rename", "out[DRAWN] = renamings[base_map + s[DRAWN]]",
           "out[DRAWN] = s[DRAWN]"),
    _blind("next-hand-keeps-the-direction", "symmetry never compared with the reference",
           STATES, "normalize", "s[DIRECTION] = 1", "s[DIRECTION] = s[DIRECTION]"),
    _blind("guilty-offender-draws-the-card-count", "parameters of equal value",
           RULES, "update", "draws = face(E, pending, F_OFFENDER_DRAWS)",
           "draws = face(E, pending, F_DRAW)"),
    _blind("race-loser-draws-the-uno-penalty", "parameters of equal value", RULES, "update",
           "owe(s, player, face(E, special, F_DRAW),",
           "owe(s, player, E[E[E_RULES] + R_UNO_PENALTY],", ("star-wars", "super-bowl-lvii")),
    _blind("guilt-overlooks-a-second-copy", "scales that do not reach the rules", PRIMITIVES,
           "wild_draw",
           "s[CH_GUILTY] = holds_any(E, s, player, -1, s[COLOR], guilty)",
           "s[CH_GUILTY] = holds_any(E, s, player, card, s[COLOR], guilty)",
           WILD_JUDGED),
)  # fmt: skip


def catch(mutant: Mutant, max_states: int = 20_000) -> dict[str, Any]:
    """Run conformance on the mutant's editions until one shows a difference."""
    from unospec.checks.engines.conformance import conform
    from unospec.editions import load_edition

    found: dict[str, Any] = {"mutant": mutant.name, "area": mutant.area, "caught": False,
                             "by": "conform", "blind_spot": mutant.blind_spot}  # fmt: skip
    with applied(mutant):
        for name in mutant.editions:
            report = conform(
                load_edition(name), scale=mutant.scale, players=mutant.players,
                games=3 if mutant.players else 1, max_states=max_states,
            )  # fmt: skip
            if not report.ok:
                difference = report.to_json()["first_difference"]
                found.update(caught=True, edition=name, what=difference["what"],
                             states=report.states_compared,
                             steps=len(difference["trace"]["steps"]))  # fmt: skip
                break
    return found


def catch_by_check(mutant: Mutant) -> dict[str, Any]:
    """Run the conformance `unospec check` makes, run by run, edition by edition (the
    mutant's editions first, then the other built-ins; one of editions that behave alike,
    as the check shares their work), until one shows a difference."""
    from unospec.checks.jobs.edition_checks import ConformancePlan
    from unospec.checks.jobs.main_check import CONFORM_GAMES, CONFORM_STATES
    from unospec.editions import builtin_names, load_edition

    plan = ConformancePlan(CONFORM_STATES, CONFORM_GAMES)
    found: dict[str, Any] = {"mutant": mutant.name, "area": mutant.area, "caught": False,
                             "by": "check", "blind_spot": mutant.blind_spot}  # fmt: skip
    names = [*mutant.editions, *(n for n in builtin_names() if n not in mutant.editions)]
    seen = []
    with applied(mutant):
        for name in names:
            edition = load_edition(name)
            if edition.behaviour() in seen:
                continue
            seen.append(edition.behaviour())
            for run in plan.runs(edition):
                report = plan(edition, run)
                difference = report["first_difference"]
                if difference is not None:
                    seats = f"{run.scale} at {report['players']}"
                    found.update(caught=True, edition=name, what=difference["what"],
                                 run=f"{run.variant} {seats}" if run.variant else seats,
                                 states=report["states_compared"],
                                 steps=len(difference["trace"]["steps"]))  # fmt: skip
                    return found
    return found


def main(arguments: list[str]) -> None:
    from unospec.checks.engines.compiled import cache

    if not cache.jit_disabled():
        raise SystemExit("run with NUMBA_DISABLE_JIT=1: a mutant is swapped into plain Python")
    warnings.simplefilter("ignore", RuntimeWarning)  # uint64 arithmetic wraps, as compiled
    by_check = "--check" in arguments
    names = [name for name in arguments if name != "--check"]
    chosen = [m for m in MUTANTS if not names or m.name in names]
    for mutant in chosen:
        caught = catch_by_check(mutant) if by_check or mutant.blind_spot else catch(mutant)
        print(json.dumps(caught), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
