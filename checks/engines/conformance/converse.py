"""The converse: every plausible move a state does not offer (each card in hand with each
colour, draws, passes, answers to a Wild Draw, UNO calls and catches for every seat, the
special wilds' moves) must be refused, by the reference and by the implementation."""

from __future__ import annotations

from unospec.checks.engines.chance import Outcome
from unospec.checks.engines.conformance.report import Found
from unospec.model.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    Keep,
    NameLoser,
    Pass,
    Play,
)
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import is_chance, run
from unospec.model.state import GameState
from unospec.model.table import MACHINE
from unospec.model.vocabulary import Phase


def plausible_moves(edition: Edition, game: GameState) -> list[Action]:
    """Every move a player might try now, legal or not: each card in each hand with each
    colour of the deck, none, and a colour the deck lacks; draws, passes, answers to a Wild
    Draw, UNO calls, catches of every seat, a kept card after a Hail Mary, a special wild's
    loser."""
    seats = range(game.players)
    outside = [c for c in range(len(COLORS)) if c not in edition.color_indices][:1]
    colours = (-1, *edition.color_indices, *outside)  # and one colour the deck lacks
    moves: list[Action] = []
    for player in seats:
        for card in dict.fromkeys(game.hands[player]):
            moves.extend(Play(player, card, colour) for colour in colours)
            moves.append(Keep(player, card))
        moves += [Draw(player), Pass(player), Challenge(player), Accept(player)]
        moves += [CallUno(player), NameLoser(player)]
        moves.extend(Catch(player, target) for target in seats)
    return moves


def not_offered(edition: Edition, game: GameState, legal: tuple[Action, ...]) -> list[Action]:
    """The plausible moves of `game` the reference does not offer (none in a shuffle's
    phase, nor once the game is over)."""
    if is_chance(game) or game.phase in MACHINE.final:
        return []
    offered = set(legal)
    return [action for action in plausible_moves(edition, game) if action not in offered]


def converse(
    edition: Edition, game: GameState, tries: list[Action], engine: list[bool]
) -> tuple[Found | None, int]:
    """Every move of `tries` (not offered) is refused, by the reference and the engine
    (`engine`: whether it refuses each): the first that is not, and how many were checked."""
    for checked, (action, refused) in enumerate(zip(tries, engine, strict=True), 1):
        try:
            run(edition, game, action)
        except IllegalAction:
            pass
        except RuleGap as gap:
            said = f"no outcome (not offered): {gap}"
            return Found("converse", action, said, "-", unplayed(action)), checked
        else:
            said = "accepted, though not offered"
            return Found("converse", action, said, "-", unplayed(action)), checked
        if not refused:
            return Found("converse", action, "refused", "accepted", unplayed(action)), checked
    return None, len(tries)


def unplayed(action: Action) -> Outcome:
    """An outcome of `action` that no one could reach: a trace ends with it as it is."""
    return Outcome(action, (), empty_table_placeholder(), ())


def empty_table_placeholder() -> GameState:
    """An Outcome's `after` for a step no one could take (never read)."""
    return GameState(
        Phase.dealing, (), (), (), (), -1, 1, 0, 0, -1, None, None, -1, -1, (), 0, 0, -1
    )
