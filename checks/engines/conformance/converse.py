"""The converse: every plausible move a state does not offer must be refused, by the
reference and by the implementation, for the same rule.

"Plausible" is wide on purpose: an engine that checks less than the reference shows only on
a move that the reference refuses for that reason. So each state is tried with:

- every card of the deck, in the mover's hand or not (another hand's, the draw pile's, the
  discard pile's), by every seat and by one seat past the table, with each colour of the
  deck, with none and with a colour the deck lacks, naming every seat (and one past the
  table) where its effect acts on a player and one where it acts on none; draws, passes,
  answers to a Wild Draw, UNO calls and catches of every seat, a kept card, a special
  wild's loser, a Color Roulette's pick of each colour and of one the deck lacks;
- shuffles that are not outcomes: in a reshuffle's phase, orders that are short, long,
  duplicated or hold a foreign card; before a deal, orders that are not a permutation of
  the deck; in every other phase, a reshuffle and a deal at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from unospec.checks.engines.chance import Outcome
from unospec.checks.engines.conformance.report import Found, Refusal, refusal
from unospec.model.actions import (
    ACTION_NAMES,
    NOBODY,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    JumpIn,
    Keep,
    NameLoser,
    Pass,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import STEPS, WINDOW_PHASES, chance_cards, run
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

KINDS_AT_ONCE = 2
"""Moves of kinds a phase does not take, tried in each state of that phase, in turn."""


@dataclass
class MoveTable:
    """The plausible moves of one table, made once (conformance tries tens of them in each
    of thousands of states): per seat and card, the card played with every colour (none,
    each of the deck's, one it lacks) and kept (`own`), or played with the colour it would
    need (none for a coloured card, the deck's first for a wild) and kept (`foreign`); per
    seat, the moves that name no card; one of each kind by the seat past the table; and a
    shuffle of each kind.

    A kind of move the machine takes in no step of a phase (`STEPS`; in an UNO window every
    move is taken, as the one that closes it) is refused there for the phase, whoever makes
    it with whatever card: the current player tries `KINDS_AT_ONCE` of them in each state
    of the phase, in turn (`for_phase`, `next_turn`)."""

    own: tuple[tuple[tuple[Action, ...], ...], ...]
    foreign: tuple[tuple[tuple[Action, ...], ...], ...]
    card_free: tuple[tuple[Action, ...], ...]
    past: tuple[Action, ...]
    shuffles: tuple[Action, ...]
    phases: dict[Phase, PhaseMoves] = field(default_factory=dict)
    turns: dict[Phase, int] = field(default_factory=dict)

    @classmethod
    def of(cls, edition: Edition, players: int) -> MoveTable:
        seats, cards = range(players), range(len(edition.faces.faces))
        colours = _colours(edition)
        wild, first = edition.faces.wild, edition.color_indices[0]
        asks = [edition.faces.effect[c].asks("target") for c in cards]

        def targeted(p: int, c: int, play: type[Play] = Play) -> tuple[Action, ...]:
            """`c` played (or jumped in with) naming each seat and one past the table where
            its effect asks for a player; naming the next seat where it asks for none."""
            targets = (*seats, players) if asks[c] else ((p + 1) % players,)
            return tuple(play(p, c, first if wild[c] else -1, t) for t in targets)

        # Where no one jumps in, the rule refuses every jump-in before it reads the card: one
        # a seat is enough. Where players do, each card is tried as the plays are.
        jumping = edition.rules.jump_in != "none"
        jumps: Callable[[int, int], tuple[Action, ...]] = (
            (lambda p, c: targeted(p, c, JumpIn)) if jumping else (lambda p, c: ())
        )
        # Where the UNO call goes with the play (`uno_window`), each card is tried with it too.
        calling = edition.rules.uno_window == "while-playing-the-second-last-card"
        called: Callable[[int, int], tuple[Action, ...]] = (
            (lambda p, c: (Play(p, c, first if wild[c] else -1, -1, True),))
            if calling
            else (lambda p, c: ())
        )
        return cls(
            own=tuple(
                tuple(
                    (
                        *(Play(p, c, colour) for colour in colours),
                        *targeted(p, c),
                        *jumps(p, c),
                        *called(p, c),
                        Keep(p, c),
                        Keep(p, c, True),
                    )
                    for c in cards
                )
                for p in seats
            ),
            foreign=tuple(
                tuple(
                    (
                        Play(p, c, first if wild[c] else -1),
                        *jumps(p, c)[:1],
                        Keep(p, c),
                    )
                    for c in cards
                )
                for p in seats
            ),
            card_free=tuple(
                (*_card_free(p, seats, colours[1:]), *(() if jumping else (JumpIn(p, 0),)))
                for p in seats
            ),
            past=(Play(players, 0, -1), Keep(players, 0), *_card_free(players, (0,))),
            shuffles=(Reshuffle(()), Deal(edition.faces.in_play)),
        )

    def for_phase(self, phase: Phase) -> PhaseMoves:
        """This table's moves as `phase` takes them (made once per phase)."""
        known = self.phases.get(phase)
        if known is None:
            known = self.phases[phase] = PhaseMoves.of(self, phase)
        return known

    def next_turn(self, phase: Phase) -> int:
        """How many states of `phase` were tried before this one."""
        turn = self.turns.get(phase, 0)
        self.turns[phase] = turn + 1
        return turn


@dataclass(frozen=True)
class PhaseMoves:
    """A `MoveTable` in one phase: its moves of the kinds the phase takes (`shuffles`: the
    shuffles of no order it takes, in an UNO window), and one move of each kind it does
    not take, by seat (`refused_kinds[seat]`)."""

    own: tuple[tuple[tuple[Action, ...], ...], ...]
    foreign: tuple[tuple[tuple[Action, ...], ...], ...]
    card_free: tuple[tuple[Action, ...], ...]
    shuffles: tuple[Action, ...]
    refused_kinds: tuple[tuple[Action, ...], ...]

    @classmethod
    def of(cls, table: MoveTable, phase: Phase) -> PhaseMoves:
        taken = {kind for (step_phase, kind) in STEPS if step_phase == phase}
        window = phase in WINDOW_PHASES
        if window:
            taken = set(ACTION_NAMES)

        def kept(moves: tuple[Action, ...]) -> tuple[Action, ...]:
            return tuple(move for move in moves if type(move) in taken)

        def one_of_each_refused(player: int) -> tuple[Action, ...]:
            every = (*table.own[player][0], *table.card_free[player], *table.shuffles)
            firsts = {type(move): move for move in reversed(every) if type(move) not in taken}
            return tuple(firsts.values())

        seats = range(len(table.own))
        return cls(
            own=tuple(tuple(kept(moves) for moves in table.own[p]) for p in seats),
            foreign=tuple(tuple(kept(moves) for moves in table.foreign[p]) for p in seats),
            card_free=tuple(kept(table.card_free[p]) for p in seats),
            shuffles=table.shuffles if window else (),
            refused_kinds=tuple(one_of_each_refused(p) for p in seats),
        )


def _card_free(
    player: int, targets: Iterable[int], colours: Iterable[int] = (0,)
) -> tuple[Action, ...]:
    """The moves of `player` that name no card: draw, pass, the answers to a Wild Draw, the
    UNO call, a special wild's loser, a catch of each of `targets`, and a Color Roulette's
    pick of each of `colours`."""
    return (
        Draw(player), Pass(player), Challenge(player), Accept(player), CallUno(player),
        NameLoser(player), *(Catch(player, target) for target in targets),
        *(Pick(player, colour) for colour in colours),
    )  # fmt: skip


def plausible_moves(
    table: MoveTable, game: GameState, movers: frozenset[int], turn: int
) -> list[Action]:
    """Every move a player might try now, legal or not: a mover (a seat with a move
    offered) plays each card it holds with every colour, and every card it does not hold;
    any other seat each card it holds and one it does not; every seat draws, passes,
    answers a Wild Draw, calls UNO, catches every seat, where the phase takes such a move;
    the current player makes moves of kinds the phase does not take (see `MoveTable`); and
    the seat past the table one move (the `turn`th of its kinds, in turn); where a special
    wild waits for its loser, the verdict that nobody lost (`actions.NOBODY`)."""
    phase = table.for_phase(game.phase)
    refused = phase.refused_kinds[game.current % len(phase.own)]
    moves: list[Action] = [*phase.shuffles, table.past[turn % len(table.past)]]
    if refused:
        start = table.next_turn(game.phase) * KINDS_AT_ONCE
        moves += {refused[(start + k) % len(refused)]: None for k in range(KINDS_AT_ONCE)}
    for player, hand in enumerate(game.hands):
        own, foreign = phase.own[player], phase.foreign[player]
        held = dict.fromkeys(hand)
        others = (card for card in range(len(foreign)) if card not in held)
        if player in movers:
            for card in held:
                moves += own[card]
            for card in others:
                moves += foreign[card]
        else:
            for card in held:
                moves += foreign[card]
            moves += foreign[next(others, len(foreign) - 1)]
        moves += phase.card_free[player]
    if game.phase == Phase.special_wild:  # the verdict that no one failed, offered or not
        moves.append(NameLoser(NOBODY))
    return moves


def _colours(edition: Edition) -> tuple[int, ...]:
    """None, each colour of the deck, and one colour it lacks (past the last colour when
    the deck has them all)."""
    outside = next((c for c in range(len(COLORS)) if c not in edition.color_indices), len(COLORS))
    return (-1, *edition.color_indices, outside)


def false_shuffles(edition: Edition, game: GameState) -> list[Action]:
    """In a chance phase, the orders the table may not shuffle: orders of the cards it
    shuffles that are no reordering of them (the other kind of shuffle is a kind of move
    the phase does not take: see `MoveTable`)."""
    if game.phase == Phase.awaiting_reshuffle:
        return [Reshuffle(order) for order in _not_permutations(chance_cards(edition, game), game)]
    if game.phase == Phase.dealing:
        return [Deal(order) for order in _not_permutations(edition.faces.in_play, game)]
    return []


def _not_permutations(cards: tuple[int, ...], game: GameState) -> list[tuple[int, ...]]:
    """Orders of `cards` that are no reordering of them: short, long, with a card twice in
    place of another, and with a card from elsewhere (the top of the discard pile, or a
    hand's) in place of one. Every card is one of the deck: a trace names each by its id."""
    if not cards:
        return []
    orders = [cards[1:], (*cards, cards[0])]
    twice = next((card for card in cards if card != cards[0]), None)
    if twice is not None:
        orders.append((twice, *cards[1:]))
    elsewhere = (*game.discard[-1:], *(c for hand in game.hands for c in hand), *game.set_aside)
    foreign = next((card for card in elsewhere if card not in cards), None)
    if foreign is not None:
        orders.append((foreign, *cards[1:]))
    return orders


def not_offered(
    edition: Edition, table: MoveTable, game: GameState, legal: tuple[Action, ...], turn: int
) -> list[Action]:
    """The plausible moves and false shuffles of `game` the reference does not offer (the
    `turn`th state compared: see `plausible_moves`)."""
    movers = frozenset(getattr(action, "player", -1) for action in legal)
    tries = [*false_shuffles(edition, game), *plausible_moves(table, game, movers, turn)]
    offered = set(legal)
    return [action for action in tries if action not in offered]


def refused_by_reference(edition: Edition, game: GameState, action: Action) -> Refusal | str:
    """The reference's refusal of `action` (not offered) in `game`, or what is wrong when it
    does not refuse it."""
    try:
        run(edition, game, action)
    except IllegalAction as illegal:
        return "illegal", illegal.rule
    except RuleGap as gap:
        return f"no outcome (not offered): {gap}"
    return "accepted, though not offered"


def converse(
    edition: Edition, game: GameState, tries: list[Action], engine: list[Refusal | None]
) -> tuple[Found | None, int]:
    """Every move of `tries` (not offered) is refused, by the reference and the engine
    (`engine`: its refusal of each, None where it accepts), citing the same rule: the first
    that is not, and how many were checked."""
    for checked, (action, theirs) in enumerate(zip(tries, engine, strict=True), 1):
        ours = refused_by_reference(edition, game, action)
        if isinstance(ours, str):
            return Found("converse", action, ours, "-", unplayed(action)), checked
        if theirs != ours:
            said = refusal(ours)
            return Found("converse", action, said, refusal(theirs), unplayed(action)), checked
    return None, len(tries)


def unplayed(action: Action) -> Outcome:
    """An outcome of `action` that no one could reach: a trace ends with it as it is."""
    return Outcome(action, (), empty_table_placeholder(), ())


def empty_table_placeholder() -> GameState:
    """An Outcome's `after` for a step no one could take (never read)."""
    return GameState(
        Phase.dealing, (), (), (), (), -1, 1, 0, 0, -1, None, None, -1, -1, (), 0, 0, -1, 0, -1
    )
