"""The closed set of actions: the steps a trace records, one small frozen type each.

Cards are face numbers of the edition; `unospec.model.trace` converts to and from card ids.
Table actions (`Reshuffle`, `Deal`) are chance outcomes; `NameLoser` is the table's verdict
after a special wild (who was slowest, who could not quote).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Play:
    """Play `card` from hand; `color` names the colour for a wild (-1 when none), `target`
    the player a card that asks for one acts on (a Swap Hands: -1 when none); `uno`, the
    UNO call made with the play of the second-last card, where the edition reads the call
    so (`uno_window`)."""

    player: int
    card: int
    color: int = -1
    target: int = -1
    uno: bool = False


@dataclass(frozen=True, slots=True)
class JumpIn(Play):
    """Play, out of turn, a card identical to the top card (the jump-in house rule): play goes
    on from this player. A play in all else: the same card, colour and target."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card instead of playing (Let's Play)."""

    player: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn and end the turn."""

    player: int


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw card just played on you."""

    player: int


@dataclass(frozen=True, slots=True)
class Accept:
    """Draw the Wild Draw card's cards without challenging."""

    player: int


@dataclass(frozen=True, slots=True)
class CallUno:
    """Call "UNO" with one card left (Calling UNO)."""

    player: int


@dataclass(frozen=True, slots=True)
class Catch:
    """Call "UNO" on `target` before they do: they draw the penalty."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class Keep:
    """After a right Hail Mary guess, keep `card` and discard the rest of the hand; or, with
    `whole_hand` (where the card's `keep_after_shedding` allows it), keep every card,
    `card` one of them, and discard none."""

    player: int
    card: int
    whole_hand: bool = False


@dataclass(frozen=True, slots=True)
class NameLoser:
    """The table names who loses after a special wild; `player` draws the penalty, or
    where the race may end with no one failing (`penalty-race.no_failure`), `NOBODY`."""

    player: int


NOBODY = -1
"""The `NameLoser` verdict that every player managed: no one draws."""


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The discard pile under its top card becomes the draw pile, in `order` (top first)."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """Shuffle every card in play into `order` (top first) and deal a new hand."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick the colour a Color Roulette's draw stops at (UNO Show 'Em No Mercy), or, the
    dealer, the colour of a wild turned up first (`setup.first_card`)."""

    player: int
    color: int


Action = (
    Play
    | JumpIn
    | Draw
    | Pass
    | Challenge
    | Accept
    | CallUno
    | Catch
    | Keep
    | NameLoser
    | Pick
    | Reshuffle
    | Deal
)

TABLE_STEPS: tuple[type, ...] = (NameLoser, Reshuffle, Deal)
"""Steps the table takes, not a player: its shuffles, and its verdict after a special wild."""


PlayerAction = (
    Play | JumpIn | Draw | Pass | Challenge | Accept | CallUno | Catch | Keep | NameLoser | Pick
)
"""Actions that name a player."""

ACTION_NAMES: dict[type, str] = {
    Play: "play",
    JumpIn: "jump_in",
    Draw: "draw",
    Pass: "pass",
    Challenge: "challenge",
    Accept: "accept",
    CallUno: "uno",
    Catch: "catch",
    Keep: "keep",
    NameLoser: "loser",
    Pick: "pick",
    Reshuffle: "reshuffle",
    Deal: "deal",
}
"""Each action's name in the trace format."""
