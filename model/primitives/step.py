"""A step of a card's effect: one primitive with its parameters, and what it says it does.

A card kind's effect is a sequence of steps (`effects.CardEffect`), carried out in order
when the card is played and its player still holds a card (Winning: the last card ends the
hand at once; where the edition carries out a last card's effect, `final_card_effects`, its
steps are carried out too, and its draw dealt before the hand is scored). Before the first
step, the turn is set to pass to the next player; each step then moves it on, turns it
round, owes someone cards or asks for a decision.

Each primitive is a frozen dataclass deriving `Step`: its fields are the parameters an
edition file gives it (a count, a reading, the holdings a rule names), its `apply` is its one
implementation in the reference kernel, and its `statement` says what it does as data, apart
from that code: the invariants, the proofs, the lint families and the diagrams read the
statement, never the primitive's type. The compiled engine has one twin of each
(`checks.engines.compiled.primitives`); a primitive missing there fails when the engine is
imported.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from unospec.model.flows import Move
from unospec.model.state import GameState

if TYPE_CHECKING:
    from unospec.model.edition import Edition

Ask = str
"""A decision a step waits for, as the machine names its phase's purpose: `colour` (the
player names the colour in force), `answer` (the next player challenges or accepts), `loser`
(the table names who draws), `target` (the player picks another player to act on),
`pick` (the next player picks the colour their draw stops at)."""
ASKS: tuple[Ask, ...] = ("colour", "answer", "loser", "target", "pick")


@dataclass(frozen=True)
class Statement:
    """What a step does to the state, as data: read by the rule invariants (who plays next,
    who is owed how many), the Z3 obligations (every amount a draw can owe), the lint
    families and the diagrams' words, each apart from the step's `apply`.

    - `passes`: seats the turn moves on past where it had come to (a Skip: 1);
    - `flips`: the direction of play turns round, and the turn with it (a Reverse);
    - `two_player_passes`: seats it moves on besides, at a table of two;
    - `returns`: the turn comes back to the card's player (a Skip Everyone), wherever it
      had come to;
    - `owes`: cards the player the turn has come to is owed at once (None: no draw);
    - `draws`: the parameter that says how many cards the step makes someone draw, at
      once or once a decision is made, and its value (a card's name may state it);
    - `aims`: cards the step aims at the player the turn has come to, as a draw card does,
      which stacking may pass on (None: it aims none);
    - `asks`: the decision the step waits for (None: none);
    - `moves`: its card movements, as the conservation proof reads them (`flows`);
    - `last_resort`: its card may be played only when its player holds no other card they
      may play, cards of last resort apart (a rule of when, read by `legality` and the
      invariants);
    - `words`: what it does, in the diagrams' words, and `subject`: whom it does it to
      ("the next player", "loses their turn"; no subject: the card's player does it), so
      that a card's steps read as one sentence (`effects.effect_words`).
    """

    words: str
    subject: str = ""
    passes: int = 0
    flips: bool = False
    two_player_passes: int = 0
    returns: bool = False
    owes: int | None = None
    draws: tuple[str, int] | None = None
    aims: int | None = None
    asks: Ask | None = None
    moves: tuple[Move, ...] = ()
    last_resort: bool = False


@dataclass(frozen=True)
class Step:
    """One primitive of a card's effect, with its parameters (a subclass per primitive).

    `NAME` is how an edition file writes it; `SECTION` is the booklet section, or the
    house-rule source, its rule is stated in; `WILD_ONLY` says only a wild card can carry
    it (a coloured card names no colour, and is no wild to throw); `COLOURED_ONLY` that only a
    coloured card can (its step reads the card's own colour).
    """

    NAME: ClassVar[str]
    SECTION: ClassVar[str]
    WILD_ONLY: ClassVar[bool] = False
    COLOURED_ONLY: ClassVar[bool] = False

    def apply(self, edition: Edition, game: GameState, player: int, card: int) -> GameState:
        """The state after this step of `player`'s `card` (already on the discard pile, its
        player still holding a card, or none where the edition carries out a last card's
        effect; `game.current` is where the turn has come to)."""
        raise NotImplementedError

    def statement(self) -> Statement:
        """What this step does, as data (see `Statement`)."""
        raise NotImplementedError

    def allows(self, edition: Edition, game: GameState, player: int, card: int) -> bool:
        """Whether the step's own rule of when lets `player` play `card` (which carries it)
        now, matching apart: most steps have none. `legality.own_rule_allows` asks every
        step that overrides this, so a new rule of when is written here and nowhere else."""
        return True


@dataclass(frozen=True)
class Turn:
    """Where the turn has come to after some steps of a card, said from the statements:
    `seats` past the player, in `direction`. Folding a card's statements gives who plays
    next and who each draw is owed to, apart from the steps' code."""

    seats: int
    direction: int

    def seat(self, game: GameState, player: int) -> int:
        """The seat this turn has come to from `player`'s, at `game`'s table (the players
        out of the game are passed over)."""
        return game.next_player(player, self.seats, self.direction)


def turns(statements: Iterable[Statement], direction: int, players: int) -> list[Turn]:
    """Where the turn has come to before each statement and after the last, for a card
    played in `direction` at a table of `players`: first to the next player, then moved
    on (`passes`, `two_player_passes`), turned round (`flips`) or brought back to the
    player (`returns`) by each step."""
    turn = Turn(1, direction)
    found = [turn]
    for said in statements:
        seats = turn.seats + said.passes + (said.two_player_passes if players == 2 else 0)
        seats = 0 if said.returns else seats
        turn = Turn(seats, -turn.direction if said.flips else turn.direction)
        found.append(turn)
    return found
