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
DrawShortfall = Literal["draw-what-remains", "hand-ends-unscored", "obligation-waits-for-cards"]
"""Let's Play: a draw of a set number that the draw pile and a reshuffle cannot complete: the
player takes every card there is and the rest lapses (`draw-what-remains`), or the rest waits
for cards (`obligation-waits-for-cards`: it is kept as the player's `GameState.debts`, their
turn and play going on meanwhile as after the draw; the table deals it after the next card
played is resolved, once the draw pile or a reshuffle has a card again, the first debtor from
that card's player on in the direction of play first, and what is still short waits again;
no one waits for more cards than the deck holds in play; it lapses with the hand), or the
hand ends
at once, unscored (`hand-ends-unscored`): no card of the draw is dealt, no one wins or scores
the hand, and the next is dealt as after a scored one (the next leader as `next_leader`
says; where one hand is the game, the game goes on to a hand someone wins). A draw of no set
number (drawing until a card turns up) ends with the cards, and a turn's draw with nothing
to draw is `empty_handed_draw`'s, under every reading."""
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
    "not-while-a-challenge-is-pending",
    "interrupt-and-cancel-the-challenge",
    "throw-once-the-challenge-is-settled",
]
"""Whether a Hail Mary may be thrown while a Wild Draw card waits for its challenge (its
player having called UNO): no; yes, and the throw cancels the challenge, the victim
neither challenging nor drawing (a wrong guess is then never taken back: the throw has
cancelled it); or not yet: once the challenge is settled and its draw dealt, the chance
to throw comes back (the call stands: no one may catch it) while the caller still holds
one card (a guilty offender, who drew, holds more). Where any Hail Mary of the edition reads
the third, it holds for every Hail Mary of the edition."""
HailMaryFromTheNextPlayer = Literal["always-the-interrupt", "the-player-chooses"]
"""What a Hail Mary from the player whose turn it is, after an UNO call, is: always the
throw at the caller; or, as that player chooses, the throw (a play naming the caller as its
target) or their own turn's play of the card (naming no one), as `own_turn` says."""
HailMaryShedCards = Literal[
    "under-the-hail-mary-on-the-discard-pile", "out-of-the-game-until-the-next-deal"
]
"""Where the cards a Hail Mary's thrower sheds after a right guess go: under the Hail Mary
on the discard pile (a reshuffle takes them back into the draw pile); or out of play for the
rest of the hand, in neither pile (`GameState.out_of_play`), back in the deck at the next
deal. Out of every hand, they score nothing."""
HailMaryKeepAfterShedding = Literal[
    "the-thrower-must-discard-down-to-one", "the-thrower-may-keep-more"
]
"""What a Hail Mary's thrower does after a right guess: discards down to one card, keeping
the card they choose; or may instead decline the discard and keep their whole hand (the
booklet's "get to discard down to 1 card" read as a right the thrower may leave unused:
down to one, or nothing shed)."""
HailMaryGuessOnAWild = Literal[
    "no-colour-is-right", "any-colour-is-right", "the-colour-in-force-is-right"
]
"""Which guess is right when the caller's last card is a wild: none (a wild shows no colour
in a hand), any colour, or the colour in force when the Hail Mary is thrown."""
LoserAmong = Literal["others", "everyone"]
"""Who can lose a penalty race."""
RaceNextPlayer = Literal[
    "next-after-the-card-player-loser-keeps-turn",
    "next-player-in-direction-loser-keeps-turn",
    "next-after-the-loser",
    "loser-also-loses-their-turn",
]
"""Who plays after a penalty race (Action Cards: Wild My Favorite Line / Wild Touchdown!).
The first two are one rule, as each card's reading words it: play goes on in the direction
of play from the card's player, the loser keeping their turn. `next-after-the-loser`: play
goes on from the loser, the player after them (in the direction of play) playing next, the
players between the card's player and the loser passed by. `loser-also-loses-their-turn`:
the loser draws and loses their turn, as a Draw card's victim does: where the loser is the
player whose turn comes next, play passes them by to the player after; a loser whose turn
is not the next one (the card's player, or a player further round) has no turn at stake
and play goes on with the next player (no turn is held over to be lost later)."""

Drawing = Literal["one-card", "until-playable"]
"""After drawing (a house rule, No Mercy): draw one card, or until a playable one turns up."""
DrawnPlayable = Literal["may-keep", "must-play", "must-play-by-colour"]
"""After drawing: a playable drawn card may be kept, or must be played."""
MayDraw = Literal["any-time", "without-a-playable-card"]
"""Whether a player holding a playable card may draw instead of playing it."""
DrawByChoice = Literal["the-new-card-may-be-played", "the-turn-ends"]
"""What a draw by choice (by a player holding a card they may play) leads to: the drawn-card
decision, as any draw (Let's Play: If you do not have a matching card 2), or the end of the
turn, the drawn cards kept and play passing on (the line after the items read as ending the
turn at the draw)."""
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
UnoWindow = Literal[
    "from-the-resolved-play-until-the-next-players-first-action",
    "while-playing-the-second-last-card",
]
"""When a player down to one card calls UNO (Calling UNO): once the play that leaves them
one card is resolved, as a step of their own, until the next player's first action; or
with that play itself, as part of the play move (`Play.uno`), a play of their
second-last card in their turn. Either way a player who did not call may be caught from
the resolved play until the next player's first action; with the second reading they can
no longer call then, and one who called with the play cannot be caught."""
UnoCallOutOfPlace = Literal["has-no-effect", "the-caller-draws-the-penalty"]
"""A call of UNO, for oneself or on another player, when nobody has just gone down to one
card (Calling UNO speaks only of that player): no such step, or one any player may take
at the start of a turn, and its caller draws the UNO penalty."""
ReshuffleWhen = Literal[
    "when-a-draw-needs-a-card", "before-a-short-draw", "as-soon-as-the-draw-pile-empties"
]
"""When the discard pile is shuffled into a new draw pile: when a draw needs a card the pile
no longer has (Let's Play NOTE: the pile's last cards are dealt first), before a draw of a
set number the pile holds too few cards for, with what the pile still holds (RLCard's UNO),
or the moment a draw takes the pile's last card (the NOTE read the other way)."""
ChallengeJudges = Literal[
    "the-hand-and-colour-when-the-card-was-played",
    "the-hand-and-colour-when-challenged",
    "the-hand-when-challenged-and-the-colour-when-played",
]
"""What a challenged Wild Draw card is judged by: its player's hand and the colour in force
as they were when it was played (Action Cards: Wild Draw Four card), both as they are when
the challenge comes (an UNO catch may have added cards, and the colour is the one the wild
named), or the hand of then against the colour it was played on."""
FinalCardEffects = Literal["hand-ends-at-once", "effects-apply-then-score"]
"""What a player's last card does: nothing, the hand ends at once (Winning), or its steps are
carried out, the cards it owes dealt, and then the hand is over and scored (RLCard's UNO)."""

LoneRace = Literal["the-race-always-has-a-loser", "nobody-draws-without-a-race"]
"""A penalty race with a single player who can lose it (a table of two, the card's player
out of the race: Action Cards: Wild Touchdown! Card): that one player draws, the race of one
always lost by its runner, or there is no race, nobody draws and the card is a plain wild
(its colour named, play going on after its player). With two players or more who can lose,
the two are one rule."""

RaceNoFailure = Literal["rounds-continue-until-someone-fails", "one-round-then-nobody-draws"]
"""What a penalty race does when every player manages (Action Cards: Wild My Favorite Line
Card: every player quotes): it goes on, round after round, until someone fails, so the table
always names a loser; or it is one round from the next player to the last one in it, after
which nobody draws if no one failed: the table may name no loser (`actions.NOBODY`), and
play goes on as the card sent it."""

RaceJudge = Literal["the-table-names-the-loser", "the-card-player-judges"]
"""Who names a penalty race's loser (Action Cards: Wild My Favorite Line / Wild Touchdown!):
the table, a verdict that is no player's decision, or the card's player, judging the race.
Who may be named is `loser_among` either way, so the moves are the same and the two play
alike move for move; what differs is whose choice it is, which a player of the game weighs:
the heuristic player (`checks.engines.heuristic`, rule 4d) takes the table's verdict at
random, and as the card's player names another player holding the fewest cards."""

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
    "play.draw_by_choice": DrawByChoice,
    "play.stacking": Stacking,
    "play.jump_in": JumpIn,
    "play.uno_call": UnoCall,
    "play.drawn_wild": DrawnWild,
    "play.drawn_wild_colour": DrawnWildColour,
    "play.uno_window": UnoWindow,
    "play.reshuffle_when": ReshuffleWhen,
    "play.final_card_effects": FinalCardEffects,
    "play.challenge_judges": ChallengeJudges,
    "play.uno_call_out_of_place": UnoCallOutOfPlace,
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
    "hail-mary.shed_cards": HailMaryShedCards,
    "hail-mary.keep_after_shedding": HailMaryKeepAfterShedding,
    "penalty-race.loser_among": LoserAmong,
    "penalty-race.next_player": RaceNextPlayer,
    "penalty-race.two_players": LoneRace,
    "penalty-race.no_failure": RaceNoFailure,
    "penalty-race.judge": RaceJudge,
}
"""Each reading parameter, by where an edition file writes it (card parameters by effect)."""

READINGS: dict[str, tuple[str, ...]] = {key: get_args(kind) for key, kind in READING_TYPES.items()}
"""Every reading the kernel implements, per parameter, in the order the types list them."""
