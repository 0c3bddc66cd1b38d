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
from typing import NamedTuple

import z3

from unospec.checks.analyses.proofs.result import (
    REFUTED,
    UNKNOWN,
    Claim,
    Query,
    Witness,
    check_claim,
    value,
)
from unospec.checks.analyses.proofs.terms import conjunction
from unospec.model import sections
from unospec.model.actions import Accept, Challenge, Play, Reshuffle
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.errors import UnospecError
from unospec.model.kernel import apply, chance_cards, empty_table
from unospec.model.legality import reshuffled
from unospec.model.primitives import WildDraw
from unospec.model.state import CLOCKWISE, GameState
from unospec.model.vocabulary import Phase


def _holds(kinds: tuple[str, ...], color: z3.BoolRef, wild: z3.BoolRef) -> z3.BoolRef:
    terms = [color] if "current-color" in kinds else []
    terms += [wild] if "wild" in kinds else []
    return z3.Or(*terms) if terms else z3.BoolVal(False)


def _hand() -> tuple[z3.BoolRef, z3.BoolRef]:
    """The two facts about a hand the legality and challenge rules read."""
    return z3.Bool("holds_colour_in_force"), z3.Bool("holds_a_wild")


def _hand_in(model: z3.ModelRef, color: z3.BoolRef, wild: z3.BoolRef) -> dict[str, bool]:
    return {
        "a card of the colour in force": bool(value(model, color)),
        "a wild card (besides the one played)": bool(value(model, wild)),
    }


def honest_query(edition: Edition, kind: str, effect: WildDraw, section: str) -> Query:
    """A play the card's legality rule allows is never judged guilty by its challenge."""
    color, wild = _hand()
    legal = z3.Not(_holds(effect.playable_unless_holding, color, wild))
    guilty = _holds(effect.guilty_if_holding, color, wild)

    def decode(model: z3.ModelRef) -> Witness:
        return {
            "hand": _hand_in(model, color, wild),
            "legal by the card's rule": True,
            "judged guilty when challenged": True,
            "penalty": f"the honest player draws {effect.offender_draws}",
        }

    return check_claim(
        Claim.HONEST_NEVER_PENALISED,
        kind,
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

    def decode(model: z3.ModelRef) -> Witness:
        return {
            "hand": _hand_in(model, color, wild),
            "forbidden by the card's rule": True,
            "judged guilty when challenged": False,
            "penalty": f"the challenger draws {effect.challenger_draws}",
        }

    return check_claim(
        Claim.BLUFF_ALWAYS_CAUGHT,
        kind,
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

    def decode(model: z3.ModelRef) -> Witness:
        return {
            "bluffs": effect.bluff,
            "forbidden while holding": list(effect.playable_unless_holding),
            "guilty if holding": list(effect.guilty_if_holding),
            "never applies": f"the offender draws {effect.offender_draws}",
        }

    return check_claim(
        Claim.CHALLENGE_CAN_SUCCEED,
        kind,
        f"some {kind} the rules let be played is judged guilty when challenged",
        section,
        [],
        z3.ForAll([color, wild], z3.Not(z3.And(allowed, guilty))),  # no such hand at all
        decode,
    )


class Table(NamedTuple):
    """A table the payouts are probed at: its size, the direction of play, the offender's
    seat and the colour in force."""

    players: int
    direction: int
    offender: int
    colour: int


LARGEST_TABLE = 5
"""Probed table sizes run from the edition's fewest players up to this (or its most): with
five, the victim, the one after and the offender's other neighbour are all different."""


def _tables(edition: Edition) -> list[Table]:
    """Every table size from the fewest players, both directions, the offender at the first
    and the last seat (where the next seat wraps around), each colour in force."""
    rules = edition.rules
    colours = sorted({c for c in edition.faces.color if c >= 0})
    sizes = range(rules.min_players, min(rules.max_players, LARGEST_TABLE) + 1)
    return [
        Table(n, direction, seat, colour)
        for n in sizes
        for direction in (CLOCKWISE, -CLOCKWISE)
        for seat in sorted({0, n - 1})
        for colour in colours
    ]


def _hand_state(
    edition: Edition, kind: str, table: Table, with_color: bool, with_wild: bool
) -> tuple[GameState, int] | None:
    """`table` with the offender to play, holding the Wild Draw card (and what the
    combination asks); every other player holds two cards."""
    faces = edition.faces
    deck = list(faces.in_play)
    colored = [f for f in deck if faces.color[f] >= 0]
    top = next((f for f in colored if faces.color[f] == table.colour), None)
    if top is None:
        return None
    other = [f for f in colored if faces.color[f] != table.colour and f != top]
    same = [f for f in colored if faces.color[f] == table.colour and f != top]
    wilds = [f for f in deck if faces.wild[f] and faces.card_id(f) != kind]
    card = faces.face(kind)
    hand = [card]
    deck.remove(top)
    deck.remove(card)
    needed = [(with_color, same), (with_wild, wilds), (True, other or same)]
    for wanted, pool in needed:
        if wanted:
            left = next((face for face in pool if face in deck), None)  # one copy is one card
            if left is None:  # (a small deck)
                return None
            hand.append(left)
            deck.remove(left)
    dealt = 2 * (table.players - 1)
    if len(deck) < dealt + 2:
        return None
    others = [tuple(sorted(deck[i : i + 2])) for i in range(0, dealt, 2)]
    hands = (*others[: table.offender], tuple(sorted(hand)), *others[table.offender :])
    game = empty_table(edition, table.players)._replace(
        phase=Phase.awaiting_play,
        hands=hands,
        draw_pile=tuple(deck[dealt:]),
        discard=(top,),
        color=table.colour,
        direction=table.direction,
        current=table.offender,
        leader=table.offender,
    )
    return game, card


Combination = tuple[Table, bool, bool, bool]
"""(the table, holds the colour in force, holds a wild, challenged)."""

Outcome = tuple[int, int, int, int, int]
"""(offender draws, the other seat whose hand grew or -1, how many it drew, next player,
cards left to draw)."""


def _observe(
    edition: Edition, kind: str, effect: WildDraw
) -> tuple[dict[Combination, Outcome], dict[Combination, str]]:
    """What the kernel does at each table for each hand and answer; and the combinations it
    refused although the rules allow them (a play is refused only as a bluff, and only when
    bluffs are)."""
    observed: dict[Combination, Outcome] = {}
    refused: dict[Combination, str] = {}
    answers = (False, True)  # accepted, challenged: both answer the same play
    for table in _tables(edition):
        for with_color, with_wild in product((False, True), repeat=2):
            built = _hand_state(edition, kind, table, with_color, with_wild)
            if built is None:
                continue
            game, card = built
            offender = table.offender
            try:
                played = apply(edition, game, Play(offender, card, table.colour))
            except UnospecError as error:
                forbidden = (with_color and "current-color" in effect.playable_unless_holding) or (
                    with_wild and "wild" in effect.playable_unless_holding
                )
                if not (forbidden and effect.bluff == "refused"):
                    for challenged in answers:
                        refused[table, with_color, with_wild, challenged] = str(error)
                continue
            answerer = played.current  # whoever the kernel asks to answer
            left = len(played.draw_pile) + len(reshuffled(edition, played))  # the top kept or not
            for challenged in answers:
                combination = (table, with_color, with_wild, challenged)
                try:
                    answer = Challenge(answerer) if challenged else Accept(answerer)
                    after = apply(edition, played, answer)
                    while (
                        after.phase == Phase.awaiting_reshuffle
                    ):  # the pile ran out: any order will do
                        after = apply(edition, after, Reshuffle(chance_cards(edition, after)))
                except UnospecError as error:
                    refused[combination] = str(error)
                    continue
                drew = [len(after.hands[p]) - len(played.hands[p]) for p in range(table.players)]
                grew = [p for p in range(table.players) if p != offender and drew[p]]
                other = grew[0] if len(grew) == 1 else -1 if not grew else -2  # -2: several drew
                others_drew = sum(drew[p] for p in grew)  # -2: several drew, counted together
                observed[combination] = (drew[offender], other, others_drew, after.current, left)
    return observed, refused


def _table_in(table: Table) -> dict[str, object]:
    direction = "clockwise" if table.direction == CLOCKWISE else "counterclockwise"
    return {
        "players": table.players,
        "direction": direction,
        "offender's seat": table.offender,
        "colour in force": COLORS[table.colour],
    }


def payouts_query(edition: Edition, kind: str, effect: WildDraw, section: str) -> Query:
    """The kernel's outcome equals the booklet's at every probed table (see `_tables`), for
    every hand, challenged or accepted; a kernel that refuses a play or answer the rules
    allow refutes it, and one no table can ask leaves it unknown (it was proved over no hand
    at all)."""
    claim = (
        f"after a {kind}, the next player in the direction of play answers; accepting costs "
        f"them {effect.draw}; a failed challenge costs them {effect.challenger_draws}; a "
        f"successful one costs the offender {effect.offender_draws} (or every card left, when "
        "fewer remain)"
    )
    observed, refused = _observe(edition, kind, effect)
    if refused:
        (table, with_color, with_wild, challenged), reason = next(iter(refused.items()))
        witness: Witness = {
            "table": _table_in(table),
            "hand": {"a card of the colour in force": with_color, "a wild card": with_wild},
            "answer": "challenge" if challenged else "accept",
            "kernel refused": reason,
        }
        return Query(Claim.CHALLENGE_PAYOUTS, kind, claim, section, REFUTED, 0.0, witness, True)
    if not observed:
        unasked = {"reason": "this deck cannot build a table that plays the card"}
        return Query(Claim.CHALLENGE_PAYOUTS, kind, claim, section, UNKNOWN, 0.0, unasked, True)
    color, wild, challenged = z3.Bools("holds_colour_in_force holds_a_wild challenged")
    players, direction, seat, case = z3.Ints("players direction offender case")
    offender, other, other_drew, following, left = z3.Ints(
        "offender_draws other_seat other_draws next_player left"
    )

    def owed(amount: int) -> z3.ArithRef:  # every card left, when fewer (draw-what-remains)
        return z3.If(left < amount, left, amount)

    def next_seat(of: z3.ArithRef) -> z3.ArithRef:  # in the direction of play (linear: fast)
        seat = of + direction
        return z3.If(seat >= players, seat - players, z3.If(seat < 0, seat + players, seat))

    victim = next_seat(seat)
    after_victim = next_seat(victim)

    def victim_draws(amount: int) -> z3.BoolRef:  # drawing none, no hand grows: nobody drew
        drawn = owed(amount)
        whom = z3.If(drawn == 0, other == -1, other == victim)
        return z3.And(offender == 0, whom, other_drew == drawn)

    guilty = _holds(effect.guilty_if_holding, color, wild)
    plays = effect.after_successful_challenge == "challenger-plays"
    booklet = z3.If(
        challenged,
        z3.If(
            guilty,
            z3.And(
                offender == owed(effect.offender_draws),
                other_drew == 0,
                following == (victim if plays else after_victim),
            ),
            z3.And(victim_draws(effect.challenger_draws), following == after_victim),
        ),
        z3.And(victim_draws(effect.draw), following == after_victim),
    )
    # one case per distinct observation: the colours in force collapse into one case where
    # the kernel treats them alike, and stay apart where it does not
    cases: dict[tuple[int | bool, ...], Table] = {}
    for (t, c, w, ch), outcome in observed.items():
        cases.setdefault((t.players, t.direction, t.offender, c, w, ch, *outcome), t)
    facts = [players, direction, seat, color, wild, challenged, offender, other, other_drew]
    facts += [following, left]
    made: dict[tuple[int, type, int | bool], z3.BoolRef] = {}  # `fact == value`: rows share them

    def row_of(observation: tuple[int | bool, ...]) -> z3.BoolRef:
        equalities = []
        for n, v in enumerate(observation):
            equality = made.get((n, type(v), v))
            if equality is None:
                equality = made[n, type(v), v] = facts[n] == v
            equalities.append(equality)
        return conjunction(equalities)

    rows = [z3.Implies(case == i, row_of(row)) for i, row in enumerate(cases)]
    tables = list(cases.values())  # a table each case was seen at
    known = z3.And(case >= 0, case < len(rows))

    def decode(model: z3.ModelRef) -> Witness:
        drew = value(model, other_drew)
        return {
            "table": _table_in(tables[value(model, case)]),
            "hand": {
                "a card of the colour in force": value(model, color),
                "a wild card": value(model, wild),
            },
            "answer": "challenge" if value(model, challenged) else "accept",
            "cards left to draw": value(model, left),
            "kernel": {
                "offender draws": value(model, offender),
                "another player draws": {"seat": value(model, other), "cards": drew}
                if drew
                else "nobody",
                "next player": value(model, following),
            },
        }

    return check_claim(
        Claim.CHALLENGE_PAYOUTS,
        kind,
        claim,
        section,
        [*rows, known],
        z3.Not(booklet),
        decode,
        kernel_relies_on_it=True,
    )


def challenge_queries(edition: Edition) -> list[Query]:
    queries = []
    for kind, card in edition.effects:
        effect = card.find(WildDraw)
        if effect is not None and kind in edition.faces.kinds_in_play:
            section = dict(edition.sections).get(kind, sections.ACTION_CARDS)
            queries.append(payouts_query(edition, kind, effect, section))
            queries.append(honest_query(edition, kind, effect, section))
            queries.append(bluff_query(edition, kind, effect, section))
            queries.append(success_query(edition, kind, effect, section))
    return queries
