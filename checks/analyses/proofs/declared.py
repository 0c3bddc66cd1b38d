"""Whether the kernel moves cards as its effects declare (`model/flows.py`).

The conservation proof reads the declarations, not the effects' code: this query is the link
between the two. Seeded random games go through the kernel, and after every transition fired
the cards in each place (the draw pile, the discard pile's top and the cards under it, all
hands, the set-aside cards) must be those its declaration moves. It is a sample, and its
claim says how large: the steps it saw, not every step there is. Hands are counted together,
so a card dealt to the wrong hand is the invariants' to find (`checks/properties/invariants.py`).
"""

from __future__ import annotations

import random
import time

from unospec.checks.analyses.proofs.result import PROVED, REFUTED, Claim, Query, Verdict, Witness
from unospec.checks.engines.random_play import choose
from unospec.model.actions import Play
from unospec.model.edition import Edition
from unospec.model.errors import UnospecError
from unospec.model.flows import Move, moves_of
from unospec.model.kernel import Fired, empty_table, is_chance, legal_actions, random_outcome, run
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

SECTION = "Contents"
PLACES = ("draw", "top", "under", "hands", "aside", "out-of-play")
DRAW, TOP, UNDER, HANDS, ASIDE, OUT_OF_PLAY = range(len(PLACES))
PLACE = {**{place: i for i, place in enumerate(PLACES)}, "hand": HANDS, "others": HANDS}
"""Where each place's count is in `Counts`; a move's `hand` and `others` are both hands."""
IN_PLAY = (DRAW, TOP, UNDER, HANDS, OUT_OF_PLAY)
STEP_LIMIT = 3_000
"""Steps of one sampled game at most: a game that does not end is `game-can-end`'s to report."""

Counts = tuple[int, ...]
"""How many cards each place of `PLACES` holds, in its order."""


def places(game: GameState) -> Counts:
    """How many cards each place holds (a tuple, not a dict nor a Counter: this runs for
    every transition of `prove`'s sampled games, and their construction was most of its
    time)."""
    top = 1 if game.discard else 0
    return (
        len(game.draw_pile),
        top,
        len(game.discard) - top,
        sum(map(len, game.hands)),
        len(game.set_aside),
        len(game.out_of_play),
    )


def declared(edition: Edition, step: Fired, counts: Counts, moves: tuple[Move, ...]) -> Counts:
    """The place counts after `step`, as the moves its effect declares make them, from
    `counts`, the places before it, and `moves`, its effect's `moves_of` (the sampled games
    count each state once and read each effect's moves once)."""
    if not moves:  # most transitions move no card
        return counts
    after = list(counts)
    for move in moves:
        # a counted place's index; `in-play` and `outside` keep their names (counted nowhere)
        source, target = PLACE.get(move.source, move.source), PLACE.get(move.target, move.target)
        amount = _amount(edition, step, move, source, target, after)
        if move.source == "in-play":
            for place in IN_PLAY:
                after[place] = 0
        elif isinstance(source, int):
            after[source] -= amount
        if isinstance(target, int):
            after[target] += amount
    return tuple(after)


def _amount(
    edition: Edition,
    step: Fired,
    move: Move,
    source: int | str,
    target: int | str,
    counts: list[int],
) -> int:
    """How many cards `move` takes from `source` to `target`, with `counts` before it."""
    before, amount = step.before, move.amount
    if amount == "hand-1":
        if getattr(step.action, "whole_hand", False):  # a Hail Mary thrower keeping all
            return 0
        actor = getattr(step.action, "player", before.actor)  # a step's, else the table's
        return len(before.hands[actor]) - 1
    if amount == "colour":
        return _same_colour(edition, before, step.action, move)
    if amount in ("hand", "some") and source == target:  # hand to hand: no count moves
        return 0
    if amount == "hand" and before.owed is not None:  # a drawer's whole hand, dealt
        owed = before.owed  # to (the mercy rule: `updates.eliminate_the_drawer`)
        return len(before.hands[owed.player]) + min(owed.amount, len(before.draw_pile))
    if amount == "1":
        return min(1, counts[TOP]) if source == TOP else 1
    if amount == "owed":
        return min(before.owed.amount, counts[DRAW]) if before.owed else 0
    if amount == "pile":
        return counts[DRAW]
    if amount == "under":
        return counts[UNDER]
    if amount == "dealt":
        return edition.rules.hand_size * before.players
    if amount == "all":
        return sum(counts[place] for place in IN_PLAY)
    return 0


def _same_colour(edition: Edition, before: GameState, action: object, move: Move) -> int:
    """The cards a play's `colour` move takes: those of the played card's colour left in its
    player's hand, when the card's own effect declares the move (and it was not the last)."""
    if not isinstance(action, Play):
        return 0
    faces = edition.faces
    if move not in {m for said in faces.effect[action.card].statements for m in said.moves}:
        return 0
    hand = list(before.hands[action.player])
    hand.remove(action.card)
    colour = faces.color[action.card]
    return (
        sum(1 for card in hand if not faces.wild[card] and faces.color[card] == colour)
        if hand
        else 0
    )


def kernel_moves_as_declared(edition: Edition, seed: int = 5) -> Query:
    """One seeded game for each table size from the fewest players (up to four tables):
    every transition the kernel fires moves the cards its effect declares."""
    started = time.perf_counter()
    rng = random.Random(seed)
    rules = edition.rules
    tables = range(rules.min_players, min(rules.max_players, rules.min_players + 3) + 1)
    steps, seen = 0, set[str]()
    witness: Witness | None = None
    for players in tables:
        witness, counted = _first_undeclared(edition, players, rng, seen)
        steps += counted
        if witness:
            break
    claim = (
        f"in {steps} transitions of {len(tables)} seeded random games ({len(seen)} kinds of "
        "transition), the kernel moved the cards each effect declares, which the other "
        "card-conservation queries prove keep every card in one place"
    )
    seconds = round(time.perf_counter() - started, 4)
    verdict: Verdict = REFUTED if witness else PROVED
    sampled = {"games": len(tables), "transitions": steps, "kinds of transition": len(seen)}
    return Query(Claim.DECLARED_FLOWS, "", claim, SECTION, verdict, seconds, witness, True, sampled)


def _first_undeclared(
    edition: Edition, players: int, rng: random.Random, seen: set[str]
) -> tuple[Witness | None, int]:
    """The first transition of one random game that moves cards otherwise than declared
    (as a witness), and the transitions compared."""
    game, compared = empty_table(edition, players), 0
    moves: dict[object, tuple[Move, ...]] = {}  # each effect's declared moves, read once
    counted, of = places(game), game  # a state's counts, carried from the step that made it
    for number in range(STEP_LIMIT):
        if game.phase == Phase.game_over:
            break
        if is_chance(game):
            action = random_outcome(edition, game, rng)
        else:
            offered = legal_actions(edition, game)
            if not offered:
                break
            action = choose(game, offered, rng)
        try:
            after, fired = run(edition, game, action)
        except UnospecError:  # a rule gap, or an offered move refused: others' findings
            break
        for i, step in enumerate(fired):
            following = fired[i + 1].before if i + 1 < len(fired) else after
            update = step.branch.update
            if update not in moves:
                moves[update] = moves_of(update, edition)
            before = counted if step.before is of else places(step.before)
            expected = declared(edition, step, before, moves[update])
            found = counted = places(following)
            of = following
            compared += 1
            seen.add(step.branch.label)
            if expected != found:
                return {
                    "transition": step.branch.label,
                    "players": players,
                    "step": number,
                    "declared": dict(zip(PLACES, expected, strict=True)),
                    "kernel": dict(zip(PLACES, found, strict=True)),
                }, compared
        game = after
    return None, compared
