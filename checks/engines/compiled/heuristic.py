"""The heuristic player in array form: `checks.engines.heuristic`, rule for rule, on a state
row and its rows of moves.

`plan` reads the moves once and writes which rule applies (and, for a play, the best score)
into a small scratch array; `keeps` then says of one move whether the heuristic keeps it, so
the caller (`games.choose`) draws one kept move uniformly without storing the set. The
definitions, and why each rule is sensible, are the reference's module docstring. A move
whose colour comes up at random is offered here in one colour only (`games.choose`), so
that no rule here weighs such a colour.

It runs at every decision of every heuristic game, so it is frugal: the scratch array also
holds how many cards of each colour one player holds, counted once per decision
(`colors_held`) where each play's score counted the whole hand again; a decision between
plays counts the kept moves in the pass that finds the best score; and the one-move
helpers are inlined. A heuristic game's step cost about twice a random player's, most of it
here; it costs a quarter less now, with the same moves kept.
"""

from __future__ import annotations

from unospec.checks.engines.compiled.jit import Grid, Ints, compiled, compiled_inline
from unospec.checks.engines.compiled.layout import (
    ACTOR,
    CH_CARD,
    CH_OFFENDER,
    FACES,
    PHASE,
    SPECIAL,
    WINDOW,
)
from unospec.checks.engines.compiled.primitives import P_HAIL_MARY, has
from unospec.checks.engines.compiled.row import (
    arg_call,
    arg_color,
    face,
    hand_base,
    hand_size,
    phase_named,
)
from unospec.checks.engines.compiled.tables import E_RULES
from unospec.checks.engines.compiled.vocabulary import (
    A_ACCEPT,
    A_CATCH,
    A_CHALLENGE,
    A_JUMP_IN,
    A_LOSER,
    A_PICK,
    A_PLAY,
    A_UNO,
    F_CHALLENGER_DRAWS,
    F_COLOR,
    F_DRAW,
    F_JUDGED,
    F_WILD,
    PH_FIRST_COLOUR,
    R_CALL_WITH_PLAY,
    R_COLORS,
)

# -- the rule that applies (the reference docstring's numbering), in a plan's first slot
(KEEP_CALLS, KEEP_CATCHES, KEEP_PLAIN, KEEP_WILD, KEEP_CHALLENGE, KEEP_ACCEPT, KEEP_ALL,
 KEEP_JUMPS, KEEP_FIRST_COLOUR, KEEP_JUDGED) = range(10)  # fmt: skip
P_RULE, P_BEST, P_HOLDER = range(3)  # P_HOLDER: the player whose colours follow, or -1
P_COLORS = 3  # then, as far as `planned` goes, a slot per colour: P_HOLDER's cards of it
PLAN_SLOTS = P_COLORS + 4
"""The slots `planned` should have: room to count the four colours once per decision."""


@compiled_inline
def is_throw(E: Ints, s: Ints, kind: int, player: int, card: int) -> bool:
    """heuristic.is_throw: a Hail Mary thrown at the player whose UNO window is open."""
    return bool(
        kind == A_PLAY and s[WINDOW] >= 0 and player != s[WINDOW] and has(E, card, P_HAIL_MARY)
    )


@compiled_inline
def colors_held(E: Ints, s: Ints, player: int, color: int, planned: Ints) -> int:
    """How many cards of `color` `player` holds (none of colour -1: wilds do not count):
    the whole hand counted by colour into `planned` on the first question about `player`
    since `plan` began, read from there after (a colour past the end of `planned` is
    counted on each question)."""
    if color < 0:
        return 0
    base = hand_base(s, player)
    slots = planned.shape[0] - P_COLORS
    if color >= slots:
        held = 0
        for card in range(s[FACES]):
            if s[base + card] and face(E, card, F_COLOR) == color:
                held += s[base + card]
        return int(held)
    if planned[P_HOLDER] != player:
        for c in range(slots):
            planned[P_COLORS + c] = 0
        for card in range(s[FACES]):
            if s[base + card]:
                of = face(E, card, F_COLOR)
                if 0 <= of < slots:
                    planned[P_COLORS + of] += s[base + card]
        planned[P_HOLDER] = player
    return int(planned[P_COLORS + color])


@compiled_inline
def score(E: Ints, s: Ints, moves: Grid, i: int, planned: Ints) -> int:
    """Rule 4a's measure of a play: its player's cards of the card's colour, or for a wild
    of the colour it names; rule 4c's of the first colour the dealer names."""
    card = moves[i, 2]
    if moves[i, 0] == A_PICK:
        color = moves[i, 3]
    elif face(E, card, F_WILD):
        color = arg_color(moves[i, 3])
    else:
        color = face(E, card, F_COLOR)
    return colors_held(E, s, moves[i, 1], color, planned)


@compiled
def challenges(E: Ints, s: Ints) -> bool:
    """heuristic.challenges: the victim challenges the pending Wild Draw card when
    ((C-1)/C)^h * challenger_draws < draw."""
    card = s[CH_CARD]
    colors = E[E[E_RULES] + R_COLORS]
    ratio = (colors - 1) / colors
    innocent = 1.0
    for _ in range(hand_size(s, s[CH_OFFENDER])):
        innocent *= ratio
    return bool(innocent * face(E, card, F_CHALLENGER_DRAWS) < face(E, card, F_DRAW))


@compiled_inline
def candidate(E: Ints, s: Ints, moves: Grid, i: int, plain: bool) -> bool:
    """Rule 4a's candidates: the plays (not throws) of plain cards, or of wilds if none; a
    play that can carry the UNO call carries it (heuristic._best_plays)."""
    card = moves[i, 2]
    return bool(
        moves[i, 0] == A_PLAY
        and not is_throw(E, s, A_PLAY, moves[i, 1], card)
        and (face(E, card, F_WILD) == 0) == plain
        and arg_call(moves[i, 3]) == calls_with_the_play(E, s, moves[i, 1])
    )


@compiled_inline
def calls_with_the_play(E: Ints, s: Ints, player: int) -> bool:
    """legality.calls_with_the_play: `player`'s play now may carry the UNO call."""
    return bool(E[E[E_RULES] + R_CALL_WITH_PLAY] and hand_size(s, player) == 2)


@compiled_inline
def keeps(E: Ints, s: Ints, moves: Grid, i: int, planned: Ints) -> bool:
    """Whether the heuristic keeps move `i`, by the rule `plan` wrote."""
    rule, kind = planned[P_RULE], moves[i, 0]
    if kind == A_UNO and s[WINDOW] < 0:  # rule 0: a call out of place, never kept
        return False
    if rule == KEEP_CALLS:
        return bool(kind == A_UNO)
    if rule == KEEP_CATCHES:
        return bool(kind == A_CATCH)
    if rule == KEEP_JUMPS:
        return bool(kind == A_JUMP_IN)
    if is_throw(E, s, kind, moves[i, 1], moves[i, 2]):
        return True
    if rule == KEEP_PLAIN or rule == KEEP_WILD:
        return candidate(E, s, moves, i, rule == KEEP_PLAIN) and bool(
            score(E, s, moves, i, planned) == planned[P_BEST]
        )
    if rule == KEEP_CHALLENGE:
        return bool(kind == A_CHALLENGE)
    if rule == KEEP_ACCEPT:
        return bool(kind == A_ACCEPT)
    if rule == KEEP_FIRST_COLOUR:
        return bool(kind == A_PICK and score(E, s, moves, i, planned) == planned[P_BEST])
    if rule == KEEP_JUDGED:
        return judged_loser(s, kind, moves[i, 1]) and hand_size(s, moves[i, 1]) == planned[P_BEST]
    return True


@compiled_inline
def judged_loser(s: Ints, kind: int, player: int) -> bool:
    """Rule 4d's candidates: a loser the judging card's player may name, not themselves
    nor no one (`actions.NOBODY`)."""
    return bool(kind == A_LOSER and player >= 0 and player != s[ACTOR])


@compiled
def plan(M: Ints, E: Ints, s: Ints, moves: Grid, count: int, planned: Ints) -> int:
    """Write which rule applies to `moves[:count]` into `planned` (PLAN_SLOTS slots or more)
    and return how many moves the heuristic keeps."""
    calls = catches = jumps = answers = plays = plain = losers = False
    planned[P_HOLDER] = -1  # a new state: no colours counted yet
    for i in range(count):
        kind = moves[i, 0]
        if kind == A_UNO and s[WINDOW] >= 0:
            calls = True
        elif kind == A_CATCH:
            catches = True
        elif kind == A_JUMP_IN:
            jumps = True
        elif kind == A_CHALLENGE:
            answers = True
        elif kind == A_LOSER:
            losers = True
        elif kind == A_PLAY and not is_throw(E, s, kind, moves[i, 1], moves[i, 2]):
            plays = True
            if not face(E, moves[i, 2], F_WILD):
                plain = True
    planned[P_BEST] = 0
    if calls:
        planned[P_RULE] = KEEP_CALLS
    elif catches:
        planned[P_RULE] = KEEP_CATCHES
    elif jumps:
        planned[P_RULE] = KEEP_JUMPS
    elif plays:  # the best score, and at once how many moves `keeps` keeps
        planned[P_RULE] = KEEP_PLAIN if plain else KEEP_WILD
        best = -1
        throws = ties = 0  # ties: the candidates (not throws) of the best score so far
        for i in range(count):
            thrown = is_throw(E, s, moves[i, 0], moves[i, 1], moves[i, 2])
            if thrown:
                throws += 1
            if candidate(E, s, moves, i, plain):
                scored = score(E, s, moves, i, planned)
                if scored > best:
                    best, ties = scored, 0
                if scored == best:  # a candidate is never a throw
                    ties += 1
        planned[P_BEST] = best
        return throws + ties
    elif answers:
        planned[P_RULE] = KEEP_CHALLENGE if challenges(E, s) else KEEP_ACCEPT
    elif losers and s[SPECIAL] >= 0 and face(E, s[SPECIAL], F_JUDGED):
        planned[P_RULE] = KEEP_JUDGED  # rule 4d: another player holding the fewest cards
        best = -1
        for i in range(count):
            if judged_loser(s, moves[i, 0], moves[i, 1]):
                held = hand_size(s, moves[i, 1])
                best = held if best < 0 else min(best, held)
        planned[P_BEST] = best
    elif s[PHASE] == phase_named(M, PH_FIRST_COLOUR):
        planned[P_RULE] = KEEP_FIRST_COLOUR
        best = 0
        for i in range(count):
            best = max(best, score(E, s, moves, i, planned))
        planned[P_BEST] = best
    else:
        planned[P_RULE] = KEEP_ALL
    kept = 0
    for i in range(count):
        if keeps(E, s, moves, i, planned):
            kept += 1
    return kept


@compiled
def kept_move(E: Ints, s: Ints, moves: Grid, count: int, planned: Ints, nth: int) -> int:
    """The row of the `nth` move (from 0) the heuristic keeps, by the rule `plan` wrote."""
    for i in range(count):
        if keeps(E, s, moves, i, planned):
            if nth == 0:
                return i
            nth -= 1
    return 0
