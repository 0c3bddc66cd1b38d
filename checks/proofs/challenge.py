"""The Wild Draw challenge: its payouts, and whether an honest play can be penalised.

Two claims per Wild Draw card of the deck, each encoded exactly as the edition file records
the booklet's wording:

- *payouts*: for every hand and top card, what the kernel does after a challenge or an
  acceptance equals the booklet's outcome (who draws, how many, who plays next). The hand
  matters only through two facts, whether it holds a card of the colour in force and whether
  it holds a wild, so the kernel is run on one hand for each of the four combinations and
  Z3 compares that table with the booklet's rule for all of them;
- *honest players are never penalised*: a play the legality rule allows is never judged
  guilty; and *bluffs are always caught*: a play it forbids is always judged guilty. Both
  together say the legality predicate and the challenge's predicate agree.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import z3

from unospec.checks.proofs.result import REFUTED, UNKNOWN, Query, check_claim, value
from unospec.model import sections
from unospec.model.actions import Accept, Challenge, Play, Reshuffle
from unospec.model.edition import Edition
from unospec.model.effects import WildDraw
from unospec.model.errors import UnospecError
from unospec.model.kernel import apply, chance_cards, empty_table
from unospec.model.state import GameState


def _holds(kinds: tuple[str, ...], color: z3.BoolRef, wild: z3.BoolRef) -> z3.BoolRef:
    terms = [color] if "current-color" in kinds else []
    terms += [wild] if "wild" in kinds else []
    return z3.Or(*terms) if terms else z3.BoolVal(False)


def _hand() -> tuple[z3.BoolRef, z3.BoolRef]:
    """The two facts about a hand the legality and challenge rules read."""
    return z3.Bool("holds_colour_in_force"), z3.Bool("holds_a_wild")


def _hand_in(model: z3.ModelRef, color: z3.BoolRef, wild: z3.BoolRef) -> dict[str, Any]:
    return {
        "a card of the colour in force": value(model, color),
        "a wild card (besides the one played)": value(model, wild),
    }


def honest_query(edition: Edition, kind: str, effect: WildDraw, section: str) -> Query:
    """A play the card's legality rule allows is never judged guilty by its challenge."""
    color, wild = _hand()
    legal = z3.Not(_holds(effect.playable_unless_holding, color, wild))
    guilty = _holds(effect.guilty_if_holding, color, wild)

    def decode(model: z3.ModelRef) -> dict[str, Any]:
        return {
            "hand": _hand_in(model, color, wild),
            "legal by the card's rule": True,
            "judged guilty when challenged": True,
            "penalty": f"the honest player draws {effect.offender_draws}",
        }

    return check_claim(
        f"honest-never-penalised: {kind}",
        f"a {kind} played as its rule allows is never judged guilty when challenged",
        section,
        [],
        z3.And(legal, guilty),
        decode,
    )


def bluff_query(edition: Edition, kind: str, effect: WildDraw, section: str) -> Query:
    """A play the card's legality rule forbids (a bluff) is always judged guilty when
    challenged: else the challenger pays for a bluff. Holds at once where bluffs are refused."""
    color, wild = _hand()
    forbidden = _holds(effect.playable_unless_holding, color, wild)
    guilty = _holds(effect.guilty_if_holding, color, wild)
    possible = z3.BoolVal(effect.bluff != "refused")

    def decode(model: z3.ModelRef) -> dict[str, Any]:
        return {
            "hand": _hand_in(model, color, wild),
            "forbidden by the card's rule": True,
            "judged guilty when challenged": False,
            "penalty": f"the challenger draws {effect.challenger_draws}",
        }

    return check_claim(
        f"bluff-always-caught: {kind}",
        f"a {kind} played against its rule is always judged guilty when challenged",
        section,
        [],
        z3.And(possible, forbidden, z3.Not(guilty)),
        decode,
    )


def success_query(edition: Edition, kind: str, effect: WildDraw, section: str) -> Query:
    """Some play of the card the rules let stand can be judged guilty: else no challenge
    ever succeeds, and the offender's penalty is a rule that never applies."""
    color, wild = _hand()
    forbidden = _holds(effect.playable_unless_holding, color, wild)
    allowed = z3.Or(z3.Not(forbidden), z3.BoolVal(effect.bluff != "refused"))
    guilty = _holds(effect.guilty_if_holding, color, wild)

    def decode(model: z3.ModelRef) -> dict[str, Any]:
        return {
            "bluffs": effect.bluff,
            "forbidden while holding": list(effect.playable_unless_holding),
            "guilty if holding": list(effect.guilty_if_holding),
            "never applies": f"the offender draws {effect.offender_draws}",
        }

    return check_claim(
        f"challenge-can-succeed: {kind}",
        f"some {kind} the rules let be played is judged guilty when challenged",
        section,
        [],
        z3.ForAll([color, wild], z3.Not(z3.And(allowed, guilty))),  # no such hand at all
        decode,
    )


def _table_size(edition: Edition) -> int:
    """Three players, so that "the next player" and "the one after" differ, or as near as
    the edition allows (an edition for two: the one after the victim is the offender)."""
    rules = edition.rules
    return min(max(3, rules.min_players), rules.max_players)


def _hand_state(
    edition: Edition, kind: str, with_color: bool, with_wild: bool
) -> tuple[GameState, int, int] | None:
    """Three players (or as near as the edition allows); player 0 holds the Wild Draw card
    (and what the combination asks)."""
    faces = edition.faces
    deck = list(faces.in_play)
    colored = [f for f in deck if faces.color[f] >= 0]
    if not colored:
        return None
    top = colored[0]
    in_force = faces.color[top]
    other = [f for f in colored if faces.color[f] != in_force and f != top]
    same = [f for f in colored if faces.color[f] == in_force and f != top]
    wilds = [f for f in deck if faces.wild[f] and faces.card_id(f) != kind]
    card = faces.face(kind)
    hand = [card]
    deck.remove(top)
    deck.remove(card)
    needed = [(with_color, same), (with_wild, wilds), (True, other or same)]
    for wanted, pool in needed:
        if wanted:
            left = [face for face in pool if face in deck]  # one copy is one card (a small deck)
            if not left:
                return None
            hand.append(left[0])
            deck.remove(left[0])
    players = _table_size(edition)
    dealt = 2 * (players - 1)
    if len(deck) < dealt + 2:
        return None
    others = tuple(tuple(sorted(deck[i : i + 2])) for i in range(0, dealt, 2))
    game = empty_table(edition, players)._replace(
        phase="awaiting_play",
        hands=(tuple(sorted(hand)), *others),
        draw_pile=tuple(deck[dealt:]),
        discard=(top,),
        color=in_force,
    )
    return game, card, in_force


Combination = tuple[bool, bool, bool]  # (holds the colour in force, holds a wild, challenged)


def _observe(
    edition: Edition, kind: str, effect: WildDraw
) -> tuple[dict[Combination, tuple[int, int, int, int]], dict[Combination, str]]:
    """What the kernel does for each hand and answer: (offender draws, victim draws, next
    player, cards left to draw); and the combinations it refused although the rules allow
    them (a play is refused only as a bluff, and only when bluffs are)."""
    observed: dict[Combination, tuple[int, int, int, int]] = {}
    refused: dict[Combination, str] = {}
    for with_color, with_wild, challenged in product((False, True), repeat=3):
        built = _hand_state(edition, kind, with_color, with_wild)
        if built is None:
            continue
        game, card, in_force = built
        combination = (with_color, with_wild, challenged)
        try:
            played = apply(edition, game, Play(0, card, in_force))
        except UnospecError as error:
            forbidden = (with_color and "current-color" in effect.playable_unless_holding) or (
                with_wild and "wild" in effect.playable_unless_holding
            )
            if not (forbidden and effect.bluff == "refused"):
                refused[combination] = str(error)
            continue
        try:
            after = apply(edition, played, Challenge(1) if challenged else Accept(1))
            while after.phase == "awaiting_reshuffle":  # the pile ran out: any order will do
                after = apply(edition, after, Reshuffle(chance_cards(edition, after)))
        except UnospecError as error:
            refused[combination] = str(error)
            continue
        drew = [len(after.hands[p]) - len(played.hands[p]) for p in (0, 1)]
        left = len(played.draw_pile) + len(played.discard) - 1  # a reshuffle keeps the top
        observed[combination] = (drew[0], drew[1], after.current, left)
    return observed, refused


def payouts_query(edition: Edition, kind: str, effect: WildDraw, section: str) -> Query:
    """The kernel's outcome equals the booklet's for every hand, challenged or accepted; a
    kernel that refuses a play or answer the rules allow refutes it, and one no table can
    ask leaves it unknown (it was proved over no hand at all)."""
    name = f"challenge-payouts: {kind}"
    claim = (
        f"after a {kind}, accepting costs {effect.draw}; a failed challenge costs the challenger "
        f"{effect.challenger_draws}; a successful one costs the offender {effect.offender_draws} "
        "(or every card left, when fewer remain)"
    )
    observed, refused = _observe(edition, kind, effect)
    if refused:
        (with_color, with_wild, challenged), reason = next(iter(refused.items()))
        witness = {
            "hand": {"a card of the colour in force": with_color, "a wild card": with_wild},
            "answer": "challenge" if challenged else "accept",
            "kernel refused": reason,
        }
        return Query(name, claim, section, REFUTED, 0.0, witness, True)
    if not observed:
        unasked = {"reason": "this deck cannot build a table that plays the card"}
        return Query(name, claim, section, UNKNOWN, 0.0, unasked, True)
    color, wild, challenged = z3.Bools("holds_colour_in_force holds_a_wild challenged")
    offender, victim, following, left = z3.Ints("offender_draws victim_draws next_player left")

    def owed(amount: int) -> z3.ArithRef:  # every card left, when fewer (draw-what-remains)
        return z3.If(left < amount, left, amount)

    guilty = _holds(effect.guilty_if_holding, color, wild)
    plays = effect.after_successful_challenge == "challenger-plays"
    after_victim = 2 % _table_size(edition)  # the offender is 0, the victim 1
    booklet = z3.If(
        challenged,
        z3.If(
            guilty,
            z3.And(
                offender == owed(effect.offender_draws),
                victim == 0,
                following == (1 if plays else after_victim),
            ),
            z3.And(
                offender == 0, victim == owed(effect.challenger_draws), following == after_victim
            ),
        ),
        z3.And(offender == 0, victim == owed(effect.draw), following == after_victim),
    )
    table = [
        z3.Implies(
            z3.And(color == c, wild == w, challenged == ch),
            z3.And(offender == o, victim == v, following == n, left == k),
        )
        for (c, w, ch), (o, v, n, k) in observed.items()
    ]
    known = z3.Or(*[z3.And(color == c, wild == w, challenged == ch) for c, w, ch in observed])

    def decode(model: z3.ModelRef) -> dict[str, Any]:
        return {
            "hand": {
                "a card of the colour in force": value(model, color),
                "a wild card": value(model, wild),
            },
            "answer": "challenge" if value(model, challenged) else "accept",
            "cards left to draw": value(model, left),
            "kernel": {
                "offender draws": value(model, offender),
                "challenger draws": value(model, victim),
                "next player": value(model, following),
            },
        }

    return check_claim(
        name,
        claim,
        section,
        [*table, known],
        z3.Not(booklet),
        decode,
        kernel_relies_on_it=True,
    )


def challenge_queries(edition: Edition) -> list[Query]:
    queries = []
    present = {edition.faces.card_id(f) for f in edition.faces.in_play}
    for kind, effect in edition.effects:
        if isinstance(effect, WildDraw) and kind in present:
            section = dict(edition.sections).get(kind, sections.ACTION_CARDS)
            queries.append(payouts_query(edition, kind, effect, section))
            queries.append(honest_query(edition, kind, effect, section))
            queries.append(bluff_query(edition, kind, effect, section))
            queries.append(success_query(edition, kind, effect, section))
    return queries
