"""RLCard's UNO (`rlcard.games.uno`) as an engine: `unospec conform rlcard-uno --engine
rlcard` replays RLCard's own random games through the reference (`pip install
'unospec[rlcard]'`).

What RLCard cannot give is said, not made up:

- it is put into a state of a scale only where it has a form for it (`encodable`): a
  deck of its own cards in its four colours (its wilds are offered in each, and its random
  colours drawn from the four: `micro,colors=4`, not `micro`), at a turn to play or the
  game over. A chance state (the deal, the first card, a reshuffle) and a card drawn, not
  yet played or kept, are inside its steps: explored through, counted, not compared. From
  the states it can hold, a card played is one step of its, compared; a draw is not (it
  also plays or keeps the drawn card: `compares_step`), nor a step into a reshuffle;
  it refuses nothing (a move it does not offer breaks it: `refuses`), so no converse;
- one step of its is several of the reference's (`GameStep`): a `draw` is the draw, then
  the drawn card played or kept, with the reshuffles it makes on the way as `Reshuffle`s;
- its random choices (a drawn wild's colour, a reshuffle's order, the first wild's colour)
  are given as the reference's moves that name them, which the reference must offer;
- its deal (seven cards to each player in turn, a first Wild Draw Four put back into a
  reshuffled deck) is one chance step: the reference's `Deal` whose order leaves the same
  hands, first card and draw pile;
- past a difference in its game (`--all-differences`), it plays on from the reference's
  state, put into it (`play_steps_from`);
- it keeps no scores, hands played or leader (one hand is its game), nor whose card was
  played last (`actor`): they are `untracked`.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
from rlcard.games.uno.card import UnoCard
from rlcard.games.uno.dealer import UnoDealer
from rlcard.games.uno.game import UnoGame
from rlcard.games.uno.player import UnoPlayer
from rlcard.games.uno.round import UnoRound
from rlcard.games.uno.utils import init_deck

from unospec.checks.engines.conformance import GameStep
from unospec.model.actions import Action, Deal, Draw, Pass, Pick, Play, Reshuffle
from unospec.model.edition import Edition
from unospec.model.errors import InputError
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

COLOURS = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
"""RLCard's colour letters, by the colour names of the edition's deck."""
TRAITS = {"skip": "skip", "reverse": "reverse", "draw_2": "draw-two"}
WILDS = {"wild": "wild", "wild_draw_4": "wild-draw-four"}
HAND = 7
"""The cards RLCard's `UnoGame.init_game` deals each player."""


@dataclass(frozen=True)
class RLCardState:
    """RLCard's game as conformance holds it; `colour`: the colour in force where it is not
    the target's (a last wild's, whose colour the reference names none of)."""

    game: UnoGame
    colour: str | None = None


@dataclass(frozen=True)
class Stepped:
    """One step's result, as `Rules.step` gives it (RLCard checks no step invariant)."""

    state: RLCardState | None
    refused: tuple[str, str] | None = None
    broken: frozenset[str] | None = None


class RLCardRules:
    """RLCard's UNO at one table size, through conformance's calls: its games only."""

    name = "rlcard"
    refuses = False
    """RLCard refuses nothing: a move it does not offer breaks it (no rule is cited)."""
    untracked = frozenset({"actor", "scores", "hands_played", "leader"})

    def __init__(self, edition: Edition, players: int) -> None:
        self.edition = edition
        self.players = players
        self._fits: bool | None = None  # `_rlcard_cards`, once
        self._random = np.random.RandomState(0)
        """The generator of every game `encode` builds, seeded afresh at each `step`: a step's
        random choices depend on its state and move alone."""
        self._cards: dict[str, UnoCard] = {}
        """One card of RLCard's by card id, shared by the games `encode` builds (RLCard changes
        no card but a wild, whose colour it sets: a wild is made anew each time)."""
        for each in init_deck():
            if each.type != "wild":
                self._cards.setdefault(_card_id(each), each)
        self._game = UnoGame(num_players=players)  # copied by `encode`, never played
        self._dealer = UnoDealer(self._random)

    # The state-by-state calls, in the states RLCard has a form for (`encodable`).
    def encodable(self, game: GameState) -> bool:
        """Whether `game` has a form in RLCard: a turn to play (or the game over), on a deck
        of RLCard's cards, with nothing owed, drawn or pending (a chance step, a deal, a
        flip or a reshuffle, and a card drawn not yet played or kept are inside its
        steps)."""
        if game.phase not in (Phase.awaiting_play, Phase.game_over):
            return False
        if game.drawn != -1 or game.owed is not None or game.challenge is not None:
            return False
        if game.special != -1 or game.window != -1 or game.set_aside:
            return False
        if not game.discard and game.old_top == -1:
            return False  # no card to play on
        return self._rlcard_cards()

    def compares_step(self, game: GameState, action: Action, after: GameState) -> bool:
        """Whether the reference's step `action` from `game` (to `after`) is one step of
        RLCard's: a card played, landing where RLCard can be (`encodable`). A draw is not:
        RLCard's draw also plays the drawn card or keeps it (the reference's `drawn_card`
        phase is inside it), and a step that meets a reshuffle is the reference's
        `awaiting_reshuffle` and RLCard's own random order."""
        return isinstance(action, Play) and self.encodable(after)

    def encode(self, game: GameState) -> RLCardState:
        """`game` as a game of RLCard's, built from its parts (not dealt: `init_game` shuffles
        a new deck each time, the most of a state's cost)."""

        def card(face: int) -> UnoCard:
            named = self.edition.faces.card_id(face)
            shared = self._cards.get(named)
            if shared is not None:
                return shared
            trait = next(t for t, name in WILDS.items() if name == named)
            return UnoCard("wild", "r", trait)

        uno = copy.copy(self._game)
        uno.np_random = self._random
        uno.payoffs = [0] * self.players
        uno.history = []
        dealer = copy.copy(self._dealer)
        dealer.np_random = self._random
        dealer.deck = [card(face) for face in reversed(game.draw_pile)]
        uno.dealer = dealer
        uno.players = [UnoPlayer(i, self._random) for i in range(self.players)]
        for player, hand in zip(uno.players, game.hands, strict=True):
            player.hand = [card(face) for face in hand]
        round_ = UnoRound(dealer, self.players, self._random)
        uno.round = round_
        round_.played_cards = [card(face) for face in game.discard]
        top = round_.played_cards[-1] if game.discard else card(game.old_top)
        letters = {name: letter for letter, name in COLOURS.items()}
        colour = None
        if game.color >= 0:
            named = letters[self.edition.colors[game.color]]
            if top.type == "wild":
                top.color = named
            elif top.color != named:
                colour = named  # a last wild's colour the reference names none of
        round_.target = top
        round_.current_player = game.current
        round_.direction = game.direction
        round_.is_over = game.phase == Phase.game_over
        round_.winner = [game.winner] if game.winner >= 0 else None
        return RLCardState(uno, colour)

    def decode(self, state: RLCardState) -> GameState:
        return self._decode(state.game, state.colour)

    def legal(self, state: RLCardState) -> list[Action]:
        game = state.game
        if game.round.is_over:
            return []
        player = game.round.current_player
        last = len(game.players[player].hand) == 1
        moves = game.get_legal_actions()
        return list(dict.fromkeys(self._move(player, move, last) for move in moves))

    def step(self, state: RLCardState, action: Action) -> Stepped:
        """RLCard's step for the reference's move (a card played: `compares_step`)."""
        if not isinstance(action, Play):
            return Stepped(None, ("illegal", "rlcard: only a card played is one step"))
        game = self._copied(state.game)
        card = self.edition.faces.card_id(action.card)
        before = game.round.target.color
        if card in WILDS.values():
            trait = next(t for t, name in WILDS.items() if name == card)
            named = action.color if action.color >= 0 else self._colour(before)
            letters = {name: letter for letter, name in COLOURS.items()}
            move = f"{letters[self.edition.colors[named]]}-{trait}"
        else:
            colour, _, rest = card.partition("-")
            letters = {name: letter for letter, name in COLOURS.items()}
            traits = {name: trait for trait, name in TRAITS.items()}
            move = f"{letters[colour]}-{traits.get(rest, rest)}"
        last = len(game.players[game.round.current_player].hand) == 1
        game.step(move)
        wild_last = last and game.round.target.type == "wild"
        return Stepped(RLCardState(game, before if wild_last else None))

    def _copied(self, game: UnoGame) -> UnoGame:
        """`game` copied to be stepped, sharing what no step changes: the cards but the wilds,
        and the generator (seeded afresh: `_random`)."""
        shared: dict[int, Any] = {id(card): card for card in self._cards.values()}
        shared[id(self._random)] = self._random
        copied: UnoGame = copy.deepcopy(game, shared)
        self._random.seed(0)
        return copied

    def _rlcard_cards(self) -> bool:
        """Whether the edition's colours are RLCard's four (its wilds are offered in each)
        and its cards each one of RLCard's."""
        if self._fits is None:
            theirs = {_card_id(card) for card in init_deck()}
            faces = self.edition.faces
            self._fits = sorted(self.edition.colors) == sorted(COLOURS.values()) and all(
                faces.card_id(c) in theirs for c in faces.in_play
            )
        return self._fits

    def state_broken(self, state: Any) -> None:
        return None  # RLCard checks no invariant of its own

    def play(self, seed: int, max_steps: int) -> None:
        return None  # its games are its own steps (`play_steps`)

    def play_steps(self, seed: int, max_steps: int) -> list[GameStep]:
        """A random game of RLCard's from `seed` (its generator seeded with it, a uniformly
        random legal action each step), as the reference's steps."""
        self._require_rlcard_deck()
        game = UnoGame(num_players=self.players)
        game.np_random = np.random.RandomState(seed % 2**32)
        game.init_game()
        return self._played_on(game, seed, [self._deal(game)], max_steps)

    def play_steps_from(self, at: GameState, seed: int, max_steps: int) -> list[GameStep]:
        """RLCard's game played on from the reference's state `at` (put into RLCard:
        `encodable`), at random from `seed` as `play_steps` plays, as the reference's steps
        (no deal): how `--all-differences` goes on past a difference in its game."""
        generator = np.random.RandomState(seed % 2**32)
        game = self.encode(at).game
        game.np_random = game.dealer.np_random = game.round.np_random = generator
        for player in game.players:
            player.np_random = generator
        return self._played_on(game, seed, [], max_steps)

    def _played_on(
        self, game: UnoGame, seed: int, steps: list[GameStep], max_steps: int
    ) -> list[GameStep]:
        """`game` played on at random from `seed` until it is over, after `steps`."""
        shuffled: list[list[UnoCard]] = []
        original = game.round.replace_deck

        def replace_deck() -> None:  # every reshuffle's order, as RLCard made it
            original()
            shuffled.append(list(game.dealer.deck))

        game.round.replace_deck = replace_deck
        rng = random.Random(seed)
        while not game.is_over() and len(steps) < max_steps:
            player = game.round.current_player
            offered = game.get_legal_actions()
            choice = rng.choice(offered)
            last = len(game.players[player].hand) == 1
            top = game.dealer.deck[-1] if game.dealer.deck else None
            colour = game.round.target.color
            shuffled.clear()
            game.step(choice)
            actions = self._actions(game, player, choice, top, shuffled, last)
            moves = tuple(dict.fromkeys(self._move(player, move, last) for move in offered))
            wild_last = last and choice != "draw" and game.round.target.type == "wild"
            reached = self._decode(game, colour if wild_last else None)
            steps.append(GameStep(actions, moves, reached))
        return steps

    def _require_rlcard_deck(self) -> None:
        ours = Counter(self.edition.faces.card_id(card) for card in self.edition.faces.in_play)
        theirs = Counter(_card_id(card) for card in init_deck())
        if ours != theirs:
            raise InputError(
                f"--engine rlcard: expected an edition of RLCard's 108-card deck, found "
                f"{self.edition.name}'s {sum(ours.values())} cards"
            )

    def _deal(self, game: UnoGame) -> GameStep:
        """RLCard's deal as the reference's: the order that deals the same hands (one card
        to each player in turn), turns up the same first card, deals a first Draw Two's
        cards to player 0 and leaves the same draw pile; then the first wild's colour."""
        hands = [player.hand for player in game.players]
        n = self.players
        dealt = [self._face(hands[i % n][i // n]) for i in range(n * HAND)]
        top = game.round.target
        extra = [self._face(card) for card in hands[0][HAND:]]  # a first Draw Two's
        rest = [self._face(card) for card in reversed(game.dealer.deck)]
        actions: list[Action] = [Deal((*dealt, self._face(top), *extra, *rest))]
        if top.type == "wild":
            actions.append(Pick(n - 1, self._colour(top.color)))  # the dealer's, at random
        return GameStep(tuple(actions), None, self._decode(game))

    def _actions(
        self,
        game: UnoGame,
        player: int,
        choice: str,
        top: UnoCard | None,
        shuffled: list[list[UnoCard]],
        last: bool,
    ) -> tuple[Action, ...]:
        """The reference's actions one step of RLCard's was (`top`: the card on top of its
        deck before the step, None when the deck was empty, `shuffled`: its decks after
        each reshuffle of the step; `last`: the player held one card)."""
        orders = [
            Reshuffle(tuple(self._face(card) for card in reversed(deck))) for deck in shuffled
        ]
        if choice != "draw":
            return (self._move(player, choice, last), *orders)
        actions: list[Action] = [Draw(player)]
        if top is None:  # the empty deck is made again first, and its top drawn
            actions.append(orders.pop(0))
            top = shuffled[0][-1]
        if any(card is top for card in game.players[player].hand):
            actions.append(Pass(player))
        else:  # played at once: a wild in a colour RLCard picked at random
            colour = self._colour(top.color) if top.type == "wild" else -1
            actions.append(Play(player, self._face(top), colour))
        return (*actions, *orders)

    def _move(self, player: int, move: str, last: bool = False) -> Action:
        """One of RLCard's action strings as the reference's move. A wild played as the
        player's last card names no colour in the reference (nothing is played on it):
        RLCard's four colours of it are that one move."""
        if move == "draw":
            return Draw(player)
        colour, trait = move.split("-")
        if trait in WILDS:
            named = -1 if last else self._colour(colour)
            return Play(player, self.edition.faces.face(WILDS[trait]), named)
        return Play(
            player, self.edition.faces.face(f"{COLOURS[colour]}-{TRAITS.get(trait, trait)}")
        )

    def _face(self, card: UnoCard) -> int:
        return self.edition.faces.face(_card_id(card))

    def _colour(self, letter: str) -> int:
        return self.edition.colors.index(COLOURS[letter])

    def _decode(self, game: UnoGame, colour: str | None = None) -> GameState:
        """RLCard's game as the reference's state (its untracked fields left as zeroes);
        `colour`: the colour in force, where a last wild's colour (which nothing is played
        on, and the reference's names none) is not."""
        round_ = game.round
        played = tuple(self._face(card) for card in round_.played_cards)
        winner = round_.winner[0] if round_.winner else -1
        return GameState(
            phase=Phase.game_over if round_.is_over else Phase.awaiting_play,
            hands=tuple(tuple(sorted(self._face(c) for c in p.hand)) for p in game.players),
            draw_pile=tuple(self._face(card) for card in reversed(game.dealer.deck)),
            discard=played,
            set_aside=(),
            color=self._colour(colour or round_.target.color),
            direction=round_.direction,
            current=round_.current_player,
            actor=round_.current_player,  # untracked: RLCard keeps no such player
            drawn=-1,
            owed=None,
            challenge=None,
            special=-1,
            window=-1,
            scores=(0,) * self.players,
            hands_played=0,
            leader=0,
            winner=winner,
            old_top=-1 if played else self._face(round_.target),
        )


def _card_id(card: UnoCard) -> str:
    """A card of RLCard's by the reference's card id (a wild's colour is not part of it)."""
    if card.trait in WILDS:
        return WILDS[card.trait]
    return f"{COLOURS[card.color]}-{TRAITS.get(card.trait, card.trait)}"


def open_rules(edition: Edition, players: int) -> RLCardRules:
    """The factory `--engine rlcard` names (the entry point of the group `unospec.engines`)."""
    return RLCardRules(edition, players)
