"""Who may make each step now, and with what: the moves of one machine event.

`kernel.legal_actions` lists a phase's moves by asking, for each event the machine's step
table (`STEPS`) accepts in that phase, the lister of that event here. Which events a phase
accepts is the machine's to say; what each event lets a player do (which cards, which
colours, who) is said here once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from unospec.model.actions import (
    NOBODY,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    JumpIn,
    Keep,
    NameLoser,
    Pass,
    Pick,
    Play,
)
from unospec.model.edition import Edition
from unospec.model.legality import (
    aimed_at,
    by_colour_allows,
    calls_with_the_play,
    from_hand_after_drawing,
    has_a_play,
    jumps_in,
    keeps_more,
    matching_cards,
    needs_color,
    own_rule_allows,
    plays_after_drawing,
    stacks_on,
)
from unospec.model.primitives import PenaltyRace
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

Lister = Callable[[Edition, GameState], tuple[Action, ...]]

# Moves are immutable values, listed on every step: one instance of each distinct move is
# enough, and looking it up costs a sixth of building it.
_play = functools.cache(Play)
_draw = functools.cache(Draw)
_pass = functools.cache(Pass)
_jump_in = functools.cache(JumpIn)


def plays(edition: Edition, game: GameState, player: int, cards: tuple[int, ...]) -> list[Play]:
    """The plays of `cards` from `player`'s hand the rules allow now, a colour named for
    each wild that needs one, and another player for each card that acts on one."""
    moves: list[Play] = []
    matching = matching_cards(edition, game.color, game.to_match)
    for card in dict.fromkeys(cards):
        if card in matching and own_rule_allows(edition, game, player, card):
            moves.extend(_plays_of(edition, game, player, card, _play))
    return moves


def _plays_of(
    edition: Edition, game: GameState, player: int, card: int, play: Callable[..., Play]
) -> list[Play]:
    """The plays (`play`: in turn, stacked or jumping in) of one card: a colour for a wild
    that needs one, another player for a card that acts on one."""
    colors = edition.color_indices if needs_color(edition, game, player, card) else (-1,)
    targets = _targets(edition, game, player, card)
    return [play(player, card, color, t) for t in targets for color in colors]


def _targets(edition: Edition, game: GameState, player: int, card: int) -> tuple[int, ...]:
    """The players a play of `card` may name: every other one, where its effect asks for one
    and it is not the player's last card; else none (-1)."""
    if not edition.faces.effect[card].asks("target") or len(game.hands[player]) == 1:
        return (-1,)
    return tuple(p for p in range(game.players) if p != player and not game.is_out(p))


def _with_calls(edition: Edition, game: GameState, player: int, moves: list[Play]) -> list[Play]:
    """Each play, and where the edition calls UNO with the play of the second-last card
    (`uno_window`), the same play with the call after it."""
    if not calls_with_the_play(edition, game, player):
        return moves
    return [
        each
        for move in moves
        for each in (move, _play(move.player, move.card, move.color, move.target, True))
    ]


def _turn_plays(edition: Edition, game: GameState) -> tuple[Action, ...]:
    player = game.current
    return tuple(
        _with_calls(edition, game, player, plays(edition, game, player, game.hands[player]))
    )


def _drawn_card_plays(edition: Edition, game: GameState) -> tuple[Action, ...]:
    player = game.current
    cards = game.hands[player] if from_hand_after_drawing(edition, game) else (game.drawn,)
    playable = tuple(c for c in cards if by_colour_allows(edition, game, c))
    return tuple(_with_calls(edition, game, player, plays(edition, game, player, playable)))


def _draw_one(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """A draw, unless the edition keeps it for a player with nothing to play (`may_draw`)."""
    only_without = edition.rules.may_draw == "without-a-playable-card"
    if only_without and has_a_play(edition, game, game.current):
        return ()
    return (_draw(game.current),)


def _pass_turn(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """Keeping the drawn card, unless the edition makes a playable one be played."""
    if edition.rules.drawn_playable != "may-keep" and plays_after_drawing(edition, game):
        return ()
    return (_pass(game.current),)


def _challenge(edition: Edition, game: GameState) -> tuple[Action, ...]:
    assert game.challenge is not None
    return (Challenge(game.challenge.victim),)


def _accept(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """The Wild Draw card's victim accepts it, or the player a stacked draw is aimed at
    takes it."""
    return (Accept(aimed_at(game)),)


def _stack(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """The player a draw is aimed at plays each card of theirs that may be stacked on it
    (none where the edition does not stack), a colour named for a wild."""
    if edition.rules.stacking == "none":
        return ()
    player = aimed_at(game)
    stackable = tuple(c for c in game.hands[player] if stacks_on(edition, c, game.to_match))
    moves: list[Action] = []
    for card in dict.fromkeys(stackable):
        moves.extend(_plays_of(edition, game, player, card, _play))
    return tuple(moves)


def _jump_ins(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """Every player but the one whose turn it is plays each card of theirs identical to the
    top card (none where the edition has no jump-in)."""
    if edition.rules.jump_in == "none":
        return ()
    moves: list[Action] = []
    for player, hand in enumerate(game.hands):
        if player == game.current:
            continue
        for card in dict.fromkeys(hand):
            if jumps_in(edition, game, card) and own_rule_allows(edition, game, player, card):
                moves.extend(_plays_of(edition, game, player, card, _jump_in))
    return tuple(moves)


def _name_loser(edition: Edition, game: GameState) -> tuple[Action, ...]:
    effect = edition.faces.effect[game.special].find(PenaltyRace)
    assert effect is not None
    everyone = effect.loser_among == "everyone"
    losers = tuple(
        NameLoser(p)
        for p in range(game.players)
        if (everyone or p != game.actor) and not game.is_out(p)
    )
    if effect.no_failure == "one-round-then-nobody-draws":
        return (*losers, NameLoser(NOBODY))
    return losers


def _keep(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """One card kept; and where the Hail Mary lets its thrower keep more, the whole hand
    (named by its lowest card)."""
    hand = game.hands[game.actor]
    kept = tuple(Keep(game.actor, card) for card in dict.fromkeys(hand))
    if keeps_more(edition, game):
        return (*kept, Keep(game.actor, hand[0], whole_hand=True))
    return kept


def _call_uno(edition: Edition, game: GameState) -> tuple[Action, ...]:
    if edition.rules.uno_window == "while-playing-the-second-last-card":
        return ()  # the call was due with the play (`uno_window`)
    return (CallUno(game.window),)


def _calls_out_of_place(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """Every player still in calls UNO with nobody just down to one card, where the edition
    makes its caller draw the penalty (`uno_call_out_of_place`): one step each, for a call
    on oneself and on another player alike."""
    if edition.rules.uno_call_out_of_place != "the-caller-draws-the-penalty":
        return ()
    return tuple(CallUno(p) for p in range(game.players) if not game.is_out(p))


def _catch(edition: Edition, game: GameState) -> tuple[Action, ...]:
    owner = game.window
    return tuple(Catch(p, owner) for p in range(game.players) if p != owner and not game.is_out(p))


def _pick(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """The player a Color Roulette's draw is owed to picks each colour of the deck."""
    return tuple(Pick(aimed_at(game), color) for color in edition.color_indices)


def _first_colour(edition: Edition, game: GameState) -> tuple[Action, ...]:
    """The dealer names each colour of the deck for the wild turned up first."""
    return tuple(Pick(game.actor, color) for color in edition.color_indices)


def colours_at_random(edition: Edition, game: GameState) -> bool:
    """Whether a colour named now is chosen at random, not by its player: that of a wild
    played straight after being drawn (`drawn_wild_colour`) or turned up first
    (`first_wild_colour`), as RLCard's UNO picks both. Such a move is still listed once per
    colour, every colour being one that may come up; a player's policy chooses the move,
    and the colour then comes up at random (`random_play.choose`)."""
    if game.phase == Phase.drawn_card:
        return edition.rules.drawn_wild_colour == "at-random"
    return game.phase == Phase.first_colour and edition.rules.first_wild_colour == "at-random"


def colour_at_random(edition: Edition, game: GameState, action: Action) -> bool:
    """Whether `action` names a colour that comes up at random (`colours_at_random`)."""
    named = type(action) is Pick or (type(action) is Play and action.color >= 0)
    return named and colours_at_random(edition, game)


LISTERS: dict[str, Lister] = {
    "play": _turn_plays,
    "draw": _draw_one,
    "jump_in": _jump_ins,
    "play_drawn": _drawn_card_plays,
    "pass_turn": _pass_turn,
    "challenge": _challenge,
    "accept": _accept,
    "stack": _stack,
    "pick": _pick,
    "name_first_colour": _first_colour,
    "name_loser": _name_loser,
    "keep": _keep,
    "uno": _call_uno,
    "call_out_of_place": _calls_out_of_place,
    "catch": _catch,
}
"""Each player's step event of the machine, and who may make it now, with what."""
