"""The readings unospec models, as types: one `Literal` per ambiguous rule parameter.

Where a booklet is unclear or silent, an edition file names the reading it chose (see
`unospec.editions.schema`). Each parameter's readings are written once, here, as a `Literal`
type: the fields of `Rules` and of the card effects are typed with them, so comparing one
with a misspelt reading is a mypy error, and the schema validates an edition file against
the same lists (`READINGS`, read off these types), so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Literal, get_args

IgnoredFlipGoes = Literal["discard-pile", "bottom-of-draw-pile"]
"""Set Up: where a first flip the edition ignores goes."""
FirstCard = Literal["plain-card", "played-by-the-dealer"]
"""Set Up: what a first card the flip keeps does: nothing, it starts the pile as a plain card
of its colour (Set Up 4-5), or it is carried out as if the dealer had played it, its first
effect's steps with the dealer as its player (RLCard's UNO)."""
FlipExhausted = Literal["redeal", "hand-cannot-start"]
"""Set Up: what happens when no card may start the discard pile."""
NextLeader = Literal["rotate-left", "same"]
"""Set Up: who leads the next hand."""
KeptOnReshuffle = Literal["keep-top-card", "whole-discard-pile"]
"""Let's Play: what stays when the discard pile is shuffled into a new draw pile: its top
card (Let's Play NOTE), or nothing, the top card shuffled in with the rest while play goes
on matching it (RLCard's UNO: `GameState.old_top`)."""
DrawShortfall = Literal["draw-what-remains"]
"""Let's Play: a draw of more cards than both piles hold."""
EmptyHandedDraw = Literal["turn-passes", "player-may-play-from-hand"]
"""Let's Play: a draw with no card left to draw: the turn passes, or the player, having
drawn nothing, may still play a card of their hand that matches (or pass)."""
AfterDrawing = Literal["drawn-card-only", "any-matching-card"]
"""Let's Play: what may be played after drawing."""
GameEnd = Literal["target-score", "single-hand"]
"""Keeping Score: when the game ends."""
TwoPlayerReverse = Literal["acts-as-skip", "direction-only"]
"""Reverse with two players."""
Bluff = Literal["allowed-until-challenged", "refused"]
"""A Wild Draw card played while holding a matching card."""
AfterSuccessfulChallenge = Literal["challenger-plays", "challenger-loses-turn"]
"""Who plays next after a successful challenge."""
HailMaryOwnTurn = Literal["plain-wild", "interrupt-only"]
"""Whether a Hail Mary may be played on its holder's own turn."""
HailMaryContinuesWith = Literal["left-of-player", "next-in-direction"]
"""Who plays after a Hail Mary."""
HailMaryWrongGuess = Literal[
    "card-stays-and-play-goes-on-in-named-colour",
    "turn-and-colour-stay-as-before",
    "thrower-takes-the-card-back",
    "thrower-draws-a-penalty",
]
"""What a Hail Mary whose colour is not the caller's last card's does: it stays on the pile
and play goes on after the thrower (`continue_with`) in the colour named, as a right guess
does; it stays on the pile but the colour in force and the player whose turn it was are
unchanged; it goes back to the thrower's hand, the window closing as if it had not been
thrown; or it plays as the first reading and its thrower then draws the UNO penalty
(`play.uno_penalty`). A thrower who throws their last card goes out whatever the guess, but
with the card taken back."""
HailMaryTrigger = Literal[
    "by-another-player-after-an-uno-call",
    "whenever-a-player-holds-one-card",
    "by-the-caller-as-their-last-card",
]
"""Who may throw a Hail Mary, and when: any player but the caller, once the caller has called
UNO (until the window closes); any player but the one down to one card, in that player's
UNO window, before their call as well as after it; or only the caller, right after their
call, when the Hail Mary is their last card (they go out with it, no guess to make)."""
HailMaryThrowerAfterwards = Literal[
    "usual-rules-apply", "thrower-cannot-go-out-with-a-hail-mary", "no-uno-call-after-shedding"
]
"""Whether Winning and Calling UNO hold for a Hail Mary's thrower: they do (a throw of their
last card wins the hand; left with one card, by the throw or by shedding, they must call
UNO); a thrower may not throw their last card (played on their own turn it is as
`own_turn` says); or a thrower left with one card after the throw or the shedding calls no
UNO, no window opening for them (play goes straight on)."""
HailMaryPendingChallenge = Literal[
    "not-while-a-challenge-is-pending", "interrupt-and-cancel-the-challenge"
]
"""Whether a Hail Mary may be thrown while a Wild Draw card waits for its challenge (its
player having called UNO): no; or yes, and the throw cancels the challenge, the victim
neither challenging nor drawing (a wrong guess is then never taken back: the throw has
cancelled it). The booklet's third reading, a throw once the challenge is settled, is not
played: the UNO window is closed by then."""
HailMaryFromTheNextPlayer = Literal["always-the-interrupt", "the-player-chooses"]
"""What a Hail Mary from the player whose turn it is, after an UNO call, is: always the
throw at the caller; or, as that player chooses, the throw (a play naming the caller as its
target) or their own turn's play of the card (naming no one), as `own_turn` says."""
HailMaryGuessOnAWild = Literal[
    "no-colour-is-right", "any-colour-is-right", "the-colour-in-force-is-right"
]
"""Which guess is right when the caller's last card is a wild: none (a wild shows no colour
in a hand), any colour, or the colour in force when the Hail Mary is thrown."""
LoserAmong = Literal["others", "everyone"]
"""Who can lose a penalty race."""

Drawing = Literal["one-card", "until-playable"]
"""After drawing (a house rule, No Mercy): draw one card, or until a playable one turns up."""
DrawnPlayable = Literal["may-keep", "must-play", "must-play-by-colour"]
"""After drawing: a playable drawn card may be kept, or must be played."""
MayDraw = Literal["any-time", "without-a-playable-card"]
"""Whether a player holding a playable card may draw instead of playing it."""
Stacking = Literal["none", "same-kind", "equal-or-higher", "any-draw-card"]
"""Stacking (a house rule, No Mercy): which draw card may be played on a draw card aimed at
its holder, passing the penalty on, the totals adding up."""
JumpIn = Literal["none", "identical-card"]
"""Jump-in (a house rule): a card identical to the top card may be played out of turn."""
DrawnWild = Literal["as-printed", "plain-wild"]
"""What a wild played straight after being drawn does: all its card says, or only name the
colour, as a plain Wild (RLCard's UNO plays a drawn Wild Draw Four so)."""
DrawnWildColour = Literal["named-by-its-player", "at-random"]
"""Who names the colour of a wild played straight after being drawn: its player, or no one,
the colour chosen at random (RLCard's UNO)."""
FirstWildColour = Literal["named-by-the-dealer", "at-random"]
"""Who names the colour of a wild the first card carries out (`first_card`): the dealer, or
no one, the colour chosen at random (RLCard's UNO)."""
UnoCall = Literal["required", "none"]
"""Whether a player down to one card must call UNO (Calling UNO), or no one calls and no one
is caught (RLCard's UNO has no call)."""
ReshuffleWhen = Literal[
    "when-a-draw-needs-a-card", "before-a-short-draw", "as-soon-as-the-draw-pile-empties"
]
"""When the discard pile is shuffled into a new draw pile: when a draw needs a card the pile
no longer has (Let's Play NOTE: the pile's last cards are dealt first), before a draw of a
set number the pile holds too few cards for, with what the pile still holds (RLCard's UNO),
or the moment a draw takes the pile's last card (the NOTE read the other way)."""
FinalCardEffects = Literal["hand-ends-at-once", "effects-apply-then-score"]
"""What a player's last card does: nothing, the hand ends at once (Winning), or its steps are
carried out, the cards it owes dealt, and then the hand is over and scored (RLCard's UNO)."""

READING_TYPES: dict[str, object] = {
    "setup.ignored_flip_goes": IgnoredFlipGoes,
    "setup.flip_exhausted": FlipExhausted,
    "setup.first_card": FirstCard,
    "setup.first_wild_colour": FirstWildColour,
    "setup.next_leader": NextLeader,
    "play.reshuffle": KeptOnReshuffle,
    "play.draw_shortfall": DrawShortfall,
    "play.empty_handed_draw": EmptyHandedDraw,
    "play.after_drawing": AfterDrawing,
    "play.drawing": Drawing,
    "play.drawn_playable": DrawnPlayable,
    "play.may_draw": MayDraw,
    "play.stacking": Stacking,
    "play.jump_in": JumpIn,
    "play.uno_call": UnoCall,
    "play.drawn_wild": DrawnWild,
    "play.drawn_wild_colour": DrawnWildColour,
    "play.reshuffle_when": ReshuffleWhen,
    "play.final_card_effects": FinalCardEffects,
    "scoring.game_end": GameEnd,
    "reverse.with_two_players": TwoPlayerReverse,
    "wild-draw.bluff": Bluff,
    "wild-draw.after_successful_challenge": AfterSuccessfulChallenge,
    "hail-mary.own_turn": HailMaryOwnTurn,
    "hail-mary.continue_with": HailMaryContinuesWith,
    "hail-mary.wrong_guess": HailMaryWrongGuess,
    "hail-mary.trigger": HailMaryTrigger,
    "hail-mary.thrower_afterwards": HailMaryThrowerAfterwards,
    "hail-mary.pending_challenge": HailMaryPendingChallenge,
    "hail-mary.from_the_next_player": HailMaryFromTheNextPlayer,
    "hail-mary.guess_on_a_wild": HailMaryGuessOnAWild,
    "penalty-race.loser_among": LoserAmong,
}
"""Each reading parameter, by where an edition file writes it (card parameters by effect)."""

READINGS: dict[str, tuple[str, ...]] = {key: get_args(kind) for key, kind in READING_TYPES.items()}
"""Every reading the kernel implements, per parameter, in the order the types list them."""
