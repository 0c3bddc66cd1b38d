"""The heuristic player: a sensible strategy for every seat, from public information only.

At each decision the heuristic keeps some of the offered moves, by the first rule that
applies, and picks one of those uniformly at random (`preferred` lists them):

0. Never **call UNO out of place** (with nobody just down to one card, where the edition
   makes its caller draw the penalty, `uno_call_out_of_place`): such a call is dropped
   from the moves first, unless it is all there is.
1. **Call UNO** whenever a call is offered; where the call goes with the play
   (`uno_window`), a play that can carry it does (rule 4a keeps only those).
2. Else **catch** whenever a catch is offered (any catcher, each catch equally likely). With
   every seat playing this policy the caller always calls first, so no catch happens.
   Else **jump in** whenever a jump-in is offered (any player, each equally likely): it
   sheds a card out of turn at no cost.
3. Else, in the window after an UNO call, every **Hail Mary throw** offered is kept (a play of
   a Hail Mary card by a player other than the caller, naming any colour: the caller's last
   card is hidden), beside the moves rule 4 keeps among the other moves.
4. Among the other moves (one player's decision):

   a. When a card can be played (on one's turn, or after drawing), **play** it: never draw
      or pass. A card that is not wild when there is one (wild cards are kept for last),
      and of those the cards of the colour its player holds most of, counting their whole
      hand. With only wild cards to play, any of them, naming the colour of the deck its
      player holds most of (a wild played as the last card names none).
   b. When a Wild Draw card waits for its answer, **challenge** when the odds favour it,
      else accept. With `C` the edition's colours and `h` the offender's hand size (after
      the play), the chance that the offender held a card of the colour in force is
      estimated as `p = 1 - ((C-1)/C)^h`; challenge iff `(1-p) * challenger_draws < draw`,
      the card's cards the challenger draws if wrong against those the victim draws by
      accepting (read from the card's effect). `((C-1)/C)^h` is multiplied out `h` times in
      floating point, in the same order in both engines, so they agree to the last bit.
   c. When the dealer names the colour of a wild turned up first, the colour they hold
      most of.
   d. When the card's player judges a penalty race (`penalty-race.judge =
      "the-card-player-judges"`), the loser they name is another player holding the fewest
      cards (the one nearest to going out), never themselves nor no one; the table's
      verdict (the other reading) is no one's choice, and falls under 4e.
   e. Otherwise (draw when nothing can be played, pass after a draw that cannot be played,
      name a special wild's loser, keep a card after a right Hail Mary guess, pick the
      colour a Color Roulette's draw stops at): every offered move.

A colour that comes up at random where the edition says so (`moves.colour_at_random`,
RLCard's UNO) is no one's choice: every colour of such a move scores alike, so 4a and 4c
keep them all.

Ties are kept together, so ties are broken at random. The heuristic reads the edition's data
(colours, wild cards, Hail Marys, Wild Draw amounts), never an edition's name, and of the
state only what its player can see: its own hand, the other hands' sizes, the window and
the pending challenge (not whether the offender is guilty). The compiled engine's twin is
`compiled.heuristic`.
"""

from __future__ import annotations

from unospec.model.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    JumpIn,
    NameLoser,
    Pick,
    Play,
)
from unospec.model.edition import Edition
from unospec.model.legality import calls_with_the_play
from unospec.model.moves import colours_at_random
from unospec.model.primitives import PenaltyRace, WildDraw
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase


def preferred(edition: Edition, game: GameState, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The moves the heuristic picks from, uniformly, among the offered `actions` (the rules
    of the module docstring, in order). Holding a red 7, a red 5, a red 1, a blue 2 and a
    wild on a blue 7, it plays the red 7: the wild waits, and red is the colour held most."""
    if game.window < 0:  # rule 0: no call is in place
        actions = tuple(a for a in actions if not isinstance(a, CallUno)) or actions[:1]
    calls = tuple(a for a in actions if isinstance(a, CallUno))
    if calls:
        return calls
    catches = tuple(a for a in actions if isinstance(a, Catch))
    if catches:
        return catches
    jumps = tuple(a for a in actions if isinstance(a, JumpIn))
    if jumps:
        return jumps
    throws = tuple(a for a in actions if is_throw(edition, game, a))
    others = tuple(a for a in actions if not is_throw(edition, game, a))
    return throws + _decision(edition, game, others)


def is_throw(edition: Edition, game: GameState, action: Action) -> bool:
    """A Hail Mary thrown at the player whose UNO window is open (rule 3)."""
    return (
        isinstance(action, Play)
        and game.window >= 0
        and action.player != game.window
        and edition.faces.hail_mary[action.card]
    )


def _decision(edition: Edition, game: GameState, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    plays = [a for a in actions if isinstance(a, Play)]
    if plays:
        return tuple(_best_plays(edition, game, plays))
    if any(isinstance(a, Challenge) for a in actions):
        answer = Challenge if challenges(edition, game) else Accept
        return tuple(a for a in actions if isinstance(a, answer))
    if game.phase == Phase.special_wild and judged_by_its_player(edition, game):
        others = [a.player for a in actions if isinstance(a, NameLoser) and a.player >= 0]
        others = [p for p in others if p != game.actor]
        fewest = min(len(game.hands[p]) for p in others)
        return tuple(
            a
            for a in actions
            if isinstance(a, NameLoser)
            and a.player in others
            and len(game.hands[a.player]) == fewest
        )
    if game.phase == Phase.first_colour and not colours_at_random(edition, game):
        held = _colors_held(edition, game, game.actor)
        scores = [held.get(a.color, 0) if isinstance(a, Pick) else 0 for a in actions]
        return tuple(a for a, score in zip(actions, scores, strict=True) if score == max(scores))
    return actions


def judged_by_its_player(edition: Edition, game: GameState) -> bool:
    """Rule 4d applies: the special wild waiting for its loser is judged by its player."""
    race = edition.faces.effect[game.special].find(PenaltyRace) if game.special >= 0 else None
    return race is not None and race.judge == "the-card-player-judges"


def _best_plays(edition: Edition, game: GameState, plays: list[Play]) -> list[Play]:
    """Rule 4a: plain cards before wilds, then the colour the player holds most of; a play
    that can carry the UNO call carries it (rule 1)."""
    plays = [a for a in plays if a.uno == calls_with_the_play(edition, game, a.player)]
    wild = edition.faces.wild
    plain = [a for a in plays if not wild[a.card]]
    candidates = plain or plays
    held = _colors_held(edition, game, candidates[0].player)
    chosen = not colours_at_random(edition, game)  # else every colour scores alike
    scores = [
        held.get(edition.faces.color[a.card] if plain else a.color, 0) if chosen else 0
        for a in candidates
    ]
    best = max(scores)
    return [a for a, score in zip(candidates, scores, strict=True) if score == best]


def _colors_held(edition: Edition, game: GameState, player: int) -> dict[int, int]:
    """How many cards of each colour `player` holds (wild cards have none)."""
    held: dict[int, int] = {}
    color = edition.faces.color
    for card in game.hands[player]:
        if color[card] >= 0:
            held[color[card]] = held.get(color[card], 0) + 1
    return held


def challenges(edition: Edition, game: GameState) -> bool:
    """Rule 4b: the victim of the pending Wild Draw card challenges it.

    With four colours, a Wild Draw Four (the challenger draws 6, else 4) is challenged when
    its offender keeps two cards or more: `(3/4)^2 * 6 = 3.375 < 4`, but `3/4 * 6 = 4.5`.
    """
    pending = game.challenge
    assert pending is not None
    effect = edition.faces.effect[pending.card].find(WildDraw)
    assert effect is not None
    colors = len(edition.colors)
    innocent = 1.0  # (1 - p): the chance the offender held no card of the colour in force
    ratio = (colors - 1) / colors
    for _ in range(len(game.hands[pending.offender])):
        innocent *= ratio
    return innocent * effect.challenger_draws < effect.draw
