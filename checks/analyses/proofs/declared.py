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
STEP_LIMIT = 3_000
"""Steps of one sampled game at most: a game that does not end is `game-can-end`'s to report."""


def places(game: GameState) -> dict[str, int]:
    """How many cards each place holds (a dict, not a Counter: this runs twice a transition
    of `prove`'s sampled games, and a Counter's construction was most of its time)."""
    top = 1 if game.discard else 0
    return {
        "draw": len(game.draw_pile),
        "top": top,
        "under": len(game.discard) - top,
        "hands": sum(map(len, game.hands)),
        "aside": len(game.set_aside),
        "out-of-play": len(game.out_of_play),
    }


def declared(
    edition: Edition,
    step: Fired,
    counts: dict[str, int] | None = None,
    moves: tuple[Move, ...] | None = None,
) -> dict[str, int]:
    """The place counts after `step`, as the moves its effect declares make them.

    `counts` are `places(step.before)` and `moves` the effect's `moves_of`, when the caller
    has them already (the sampled games count each state once and read each effect's moves
    once: this runs for every transition of `prove`'s sampled games)."""
    before = step.before
    counts = dict(places(before) if counts is None else counts)
    if moves is None:
        moves = moves_of(step.branch.update, edition)
    for move in moves:
        source = "hands" if move.source in ("hand", "others") else move.source
        target = "hands" if move.target in ("hand", "others") else move.target
        amount = _amount(edition, step, move, source, target, counts)
        if move.source == "in-play":
            for place in ("draw", "top", "under", "hands", "out-of-play"):
                counts[place] = 0
        else:
            counts[source] = counts.get(source, 0) - amount
        counts[target] = counts.get(target, 0) + amount
    return counts


def _amount(
    edition: Edition, step: Fired, move: Move, source: str, target: str, counts: dict[str, int]
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
        return min(1, counts[source]) if source == "top" else 1
    if amount == "owed":
        return min(before.owed.amount, counts["draw"]) if before.owed else 0
    if amount == "pile":
        return counts["draw"]
    if amount == "under":
        return counts["under"]
    if amount == "dealt":
        return edition.rules.hand_size * before.players
    if amount == "all":
        return sum(counts[p] for p in ("draw", "top", "under", "hands", "out-of-play"))
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
            if expected != found and any(expected[place] != found[place] for place in PLACES):
                return {
                    "transition": step.branch.label,
                    "players": players,
                    "step": number,
                    "declared": {place: expected[place] for place in PLACES},
                    "kernel": {place: found[place] for place in PLACES},
                }, compared
        game = after
    return None, compared
