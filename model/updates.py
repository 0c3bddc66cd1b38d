"""Effects: what each transition does to the state, as pure functions.

Every function takes the state before the transition and returns the state after it; none
sets the phase (the kernel takes that from the turn-flow machine) and none checks legality
(the guards in `legality` did). Each cites the booklet section it implements (`@cites`, and
in its docstring for a reader).
"""

from __future__ import annotations

from unospec.model import sections
from unospec.model.actions import (
    NOBODY,
    Action,
    CallUno,
    Catch,
    Deal,
    Keep,
    NameLoser,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.edition import Edition
from unospec.model.errors import RuleGap
from unospec.model.flows import Move, cites, moves, requires
from unospec.model.legality import reshuffled, stops_the_draw, throw_waits_for_the_challenge
from unospec.model.primitives import (
    ColourRoulette,
    Draw,
    HailMary,
    NameColour,
    PenaltyRace,
    SwapHands,
    WildDraw,
)
from unospec.model.primitives.hail_mary import puts_cards_out_of_play
from unospec.model.primitives.swap_hands import SWAPPED
from unospec.model.primitives.wild_draw import verdict
from unospec.model.scoring import hand_points, hand_winner
from unospec.model.state import CLOCKWISE, NO_UNTIL, UNTIL_PLAYABLE, GameState, Owed
from unospec.model.vocabulary import Phase


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _with(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(hand + cards))


def _set_hand(game: GameState, player: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*game.hands[:player], hand, *game.hands[player + 1 :])


def _seats_from(game: GameState, first: int) -> tuple[int, ...]:
    """The players still in the game, clockwise from `first` (who is one of them)."""
    seats = [first]
    while len(seats) < game.seated:
        seats.append(game.next_player(seats[-1], direction=CLOCKWISE))
    return tuple(seats)


@cites(sections.DEALING)
@moves(Move("in-play", "draw", "all"), Move("draw", "others", "dealt"))
def deal_cards(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """Shuffle into the given order and deal one card at a time, leader first (Set Up 1-3)."""
    assert isinstance(action, Deal)
    seats, size = _seats_from(game, game.leader), edition.rules.hand_size
    n = len(seats)
    dealt: list[list[int]] = [[] for _ in range(game.players)]
    for i, card in enumerate(action.order[: n * size]):
        dealt[seats[i % n]].append(card)
    return game._replace(
        hands=tuple(tuple(sorted(hand)) for hand in dealt),
        draw_pile=action.order[n * size :],
        discard=(),
        color=-1,
        direction=CLOCKWISE,
        current=game.leader,
        actor=game.leader,
        drawn=-1,
        owed=None,
        challenge=None,
        special=-1,
        window=-1,
        old_top=-1,
        debts=(),
        out_of_play=(),
    )


@cites(sections.FIRST_FLIP)
@moves(
    lambda edition: (
        ()
        if edition.rules.ignored_flip_goes == "bottom-of-draw-pile"
        else (Move("top", "under", "1"), Move("draw", "top", "1"))
    )
)
def set_flipped_card_aside(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """An ignored first card stays under the next flip, or goes under the draw pile (Set Up 4)."""
    card, rest = game.draw_pile[0], game.draw_pile[1:]
    if edition.rules.ignored_flip_goes == "bottom-of-draw-pile":
        return game._replace(draw_pile=(*rest, card))
    return game._replace(draw_pile=rest, discard=(*game.discard, card))


@cites(sections.FIRST_FLIP)
def keep_for_redeal(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """No card can start the discard pile: the cards wait for a new deal (Set Up 4).

    When no card of the whole deck may start it, every deal ends here again: the rules give
    no way to begin a hand, a gap (`RuleGap`) rather than a game that never starts. Where
    the edition reads the booklet's silence as a hand that cannot start
    (`setup.flip_exhausted = "hand-cannot-start"`), it is a gap at once."""
    if edition.rules.flip_exhausted == "hand-cannot-start":
        raise RuleGap(
            sections.FIRST_FLIP,
            "no card left to flip can start the discard pile, and the edition reads that "
            "the hand then cannot start (setup.flip_exhausted)",
        )
    faces = edition.faces
    if all(faces.ignored_at_flip[card] for card in faces.in_play):
        raise RuleGap(
            sections.FIRST_FLIP,
            "the first flip ignores every card of the deck, so no card can start the discard "
            "pile and dealing again can never begin a hand",
        )
    return game


@cites(sections.TURN_UP)
@moves(Move("top", "under", "1"), Move("draw", "top", "1"))
def turn_up_first_card(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The flipped card starts the discard pile; its colour is in force (Set Up 4-5)."""
    card, rest = game.draw_pile[0], game.draw_pile[1:]
    return game._replace(
        draw_pile=rest, discard=(*game.discard, card), color=edition.faces.color[card]
    )


@cites(sections.RLCARD)
@moves(Move("top", "under", "1"), Move("draw", "top", "1"))
def play_first_card(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The flipped card starts the discard pile and is carried out as if the dealer had
    played it, where the edition says so (`first_card = "played-by-the-dealer"`): the turn
    passes to the leader as after any play, then each step of the card's first effect is
    carried out with the dealer as its player; a draw it owes is dealt before the leader
    plays (RLCard's UNO: rlcard.games.uno.round).

    The schema allows a first effect only steps that wait for no one but the dealer's
    colour (a skip, a reverse, a draw, a skip-everyone, a colour named), and no stacking."""
    game = turn_up_first_card(edition, game, action)
    card, dealer = game.top, game.dealer
    game = game._replace(actor=dealer, current=game.next_player(dealer))
    for step in edition.faces.first_effect[card].steps:
        game = step.apply(edition, game, dealer, card)
    if game.owed is not None:  # no play to resolve: the leader's turn follows the draw
        return game._replace(owed=game.owed._replace(then=Phase.awaiting_play))
    return game


@cites(sections.RLCARD)
def name_first_colour(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The dealer names the colour of the wild turned up first, where the edition carries a
    first card out: the leader then plays on it (RLCard's UNO: rlcard.games.uno.round).

    RLCard picks it at random; the dealer's choice covers every colour it may pick."""
    assert isinstance(action, Pick)
    return game._replace(color=action.color)


PLAYED = (Move("top", "under", "1"), Move("hand", "top", "1"))
"""What every play moves: the card goes from the hand onto the pile, over the old top."""


def _played_with_steps(edition: Edition) -> tuple[Move, ...]:
    """A play's movements and those the steps of the deck's effects state (a Discard All's
    cards under the pile, hands passed on): a count abstraction of every card at once."""
    said = {m: None for e in edition.faces.effects for s in e.statements for m in s.moves}
    return (*PLAYED, *said)


@cites(sections.ACTION_CARDS)
@moves(_played_with_steps)
def play_card(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """Put the card on the discard pile and carry out what it does (Action Cards).

    The turn passes to the next player, then each step of the card's effect is carried out
    in order (`model.primitives`). A card that empties the hand ends it at once: its action
    is not carried out (Winning). Where the edition carries out a last card's effect
    (`final_card_effects = "effects-apply-then-score"`, RLCard's UNO), its steps are carried
    out all the same, the moves of the turn with them (no turn follows), and a draw it owes
    is dealt before the hand is scored (`branches.last_card_draws`). Its player names no
    colour: nothing is played on it. A card that waits for a decision (a challenge, a race's
    loser) is played as any card, its colour named, and the hand is scored once the decision
    is made (`branches.last_card_settled`). The schema refuses the steps that would wait for
    another decision or hand the player cards (a pick, a swap, a pass of hands).
    """
    assert isinstance(action, Play)
    faces, player, card = edition.faces, action.player, action.card
    hand = _without(game.hands[player], card)
    game = game._replace(
        hands=_set_hand(game, player, hand),
        discard=(*game.discard, card),
        color=game.color if faces.wild[card] else faces.color[card],  # a wild names its own
        actor=player,
        drawn=-1,
        window=player if action.uno else -1,  # a call made with the play (`uno_window`)
        old_top=-1,  # the card lands on the pile: it is the one matched now
    )
    if not hand and edition.rules.final_card_effects == "hand-ends-at-once":
        return game
    game = game._replace(current=game.next_player(player))
    for step in faces.effect[card].steps:
        game = step.apply(edition, game, player, card)
    return game


@cites(sections.RLCARD)
@moves(*PLAYED)
def play_plain_wild(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The wild just drawn goes on the discard pile as a plain Wild: the colour its player
    names is in force, the turn passes to the next player, and none of the card's steps is
    carried out; where the edition says so, `drawn_wild = "plain-wild"`, as RLCard plays a
    drawn Wild Draw Four (RLCard's UNO: rlcard.games.uno.round)."""
    assert isinstance(action, Play)
    player, card = action.player, action.card
    return game._replace(
        hands=_set_hand(game, player, _without(game.hands[player], card)),
        discard=(*game.discard, card),
        color=action.color,
        actor=player,
        current=game.next_player(player),
        drawn=-1,
        window=player if action.uno else -1,  # a call made with the play (`uno_window`)
        old_top=-1,
    )


@cites(sections.WILD_CARD)
@requires(NameColour, HailMary, cites_card=False)
def name_color(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The wild's player names the colour that continues play (Action Cards: Wild card)."""
    assert isinstance(action, Play)
    return game._replace(color=action.color)


@cites(sections.SEVEN_O)
@requires(SwapHands)
@moves(*SWAPPED)
def swap_hands(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The Swap Hands' player and the player they named swap hands (House rules: 7-0)."""
    assert isinstance(action, Play)
    mine, theirs = game.hands[action.player], game.hands[action.target]
    hands = list(game.hands)
    hands[action.player], hands[action.target] = theirs, mine
    return game._replace(hands=tuple(hands))


@cites(sections.TURN)
def owe_one_card(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The player draws one card instead of playing (Let's Play).

    Where the edition says so (`drawing`), they draw until a card they may play turns up
    (House rules: Draw until you can play)."""
    assert action is not None
    player = game.current
    until = UNTIL_PLAYABLE if edition.rules.drawing == "until-playable" else NO_UNTIL
    return game._replace(owed=Owed(player, 1, Phase.drawn_card, until), actor=player)


@cites(sections.DRAW_BY_CHOICE)
def owe_one_card_ending_the_turn(
    edition: Edition, game: GameState, action: Action | None
) -> GameState:
    """The player draws by choice, holding a card they may play, and the edition reads that
    as ending their turn (`draw_by_choice = "the-turn-ends"`): the draw is owed as any (one
    card, or until a playable one: `drawing`), the turn passes to the next player at once,
    who plays once it is dealt (Let's Play: If you do not have a matching card 2)."""
    assert action is not None
    player = game.current
    until = UNTIL_PLAYABLE if edition.rules.drawing == "until-playable" else NO_UNTIL
    return game._replace(
        owed=Owed(player, 1, Phase.awaiting_play, until),
        actor=player,
        current=game.next_player(player),
    )


@cites(sections.TURN)
@moves(Move("draw", "hand", "owed"))
def draw_what_the_pile_has(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """Deal owed cards from the draw pile; what the pile cannot give waits for a reshuffle
    (Let's Play).

    Let's Play NOTE. When even a reshuffle cannot refill the pile, the player gets what there
    is and the rest of the obligation lapses (the edition's `draw_shortfall` reading). A draw
    of no set number (`Owed.until`) deals one card at a time, and stays owed until a card
    ends it.
    """
    owed = game.owed
    assert owed is not None
    going_on = owed.until != NO_UNTIL and game.draw_pile  # one card: does it end the draw?
    if going_on and not stops_the_draw(edition, game, game.draw_pile[0]):
        card = game.draw_pile[0]
        hands = _set_hand(game, owed.player, _with(game.hands[owed.player], (card,)))
        return game._replace(hands=hands, draw_pile=game.draw_pile[1:])
    owed = owed._replace(stackable=False)  # the first card dealt: too late to pass it on
    got, rest = game.draw_pile[: owed.amount], game.draw_pile[owed.amount :]
    left = owed.amount - len(got)
    hands = _set_hand(game, owed.player, _with(game.hands[owed.player], got))
    game = game._replace(hands=hands, draw_pile=rest)
    if left and reshuffled(edition, game):
        return game._replace(owed=owed._replace(amount=left))
    if owed.then == Phase.drawn_card and got:
        return game._replace(owed=None, drawn=got[0])
    return game._replace(owed=None)


@cites(sections.NO_MATCHING_CARD)
def draw_nothing(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """No card is left to draw anywhere: the player drew nothing, and where the edition's
    `empty_handed_draw` reading says so may play a card of their hand or pass (Let's Play:
    If you do not have a matching card)."""
    owed = game.owed
    assert owed is not None
    return game._replace(owed=None, drawn=-1, actor=owed.player)


@cites(sections.RESHUFFLE)
@moves(Move("draw", "hand", "owed"))
def draw_the_pile_out(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The draw takes the draw pile's last cards, which the discard pile is reshuffled into
    at once (the edition's `reshuffle_when`): the draw stays owed, for nothing more, until
    the new pile is made, and the card a player drew on their turn is theirs to play after
    it (Let's Play: NOTE)."""
    owed = game.owed
    assert owed is not None
    got = game.draw_pile
    hands = _set_hand(game, owed.player, _with(game.hands[owed.player], got))
    drawn = got[0] if owed.then == Phase.drawn_card else game.drawn
    return game._replace(
        hands=hands, draw_pile=(), owed=owed._replace(amount=0, stackable=False), drawn=drawn
    )


@cites(sections.RESHUFFLE)
@moves(Move("draw", "hand", "owed"))
def owe_the_rest_later(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The draw takes every card of the draw pile, and what it still owes waits for cards,
    as its player's debt (the edition's `draw_shortfall`): the draw ends with nothing more
    to deal (Let's Play: NOTE).

    A player is never owed more cards than the deck holds in play: what they wait for is
    finite, and so is the game's state."""
    owed = game.owed
    assert owed is not None
    got = game.draw_pile
    debts = list(game.debts or (0,) * game.players)
    owing = debts[owed.player] + owed.amount - len(got)
    debts[owed.player] = min(owing, edition.in_play_count)  # never more than the deck holds
    return game._replace(
        hands=_set_hand(game, owed.player, _with(game.hands[owed.player], got)),
        draw_pile=(),
        owed=owed._replace(amount=0, stackable=False),
        debts=tuple(debts),
    )


def next_debtor(game: GameState) -> int:
    """The first player still owed cards (`GameState.debts`), from the player whose card is
    being resolved on, in the direction of play."""
    for steps in range(game.players):
        seat = (game.actor + steps * game.direction) % game.players
        if game.debts[seat]:
            return seat
    raise AssertionError("no one is owed cards")


@cites(sections.RESHUFFLE)
def owe_what_waits(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """Cards are back: the first player still owed cards (`next_debtor`) is owed them as a
    draw, where the edition's `draw_shortfall` reads that the rest waits for cards, and
    play goes on once it is dealt (Let's Play: NOTE)."""
    debtor = next_debtor(game)
    debts = list(game.debts)
    amount, debts[debtor] = debts[debtor], 0
    return game._replace(
        owed=Owed(debtor, amount, Phase.resolving), debts=tuple(debts) if any(debts) else ()
    )


@cites(sections.RESHUFFLE)
def end_the_hand_unscored(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """A draw the piles cannot complete ends the hand at once, where the edition's
    `draw_shortfall` reads so: no card of it is dealt, and what was pending lapses with the
    hand (Let's Play: NOTE)."""
    return game._replace(owed=None, challenge=None, drawn=-1, special=-1, window=-1)


@cites(sections.MERCY_RULE)
@moves(Move("draw", "hand", "owed"), Move("hand", "under", "hand"))
def eliminate_the_drawer(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The draw leaves its player holding the edition's `elimination` count or more: they
    are out of the game, their cards go under the discard pile's top card, and what they
    still owed lapses; play goes on from the next player still in where it was theirs (UNO
    Show 'Em No Mercy: the mercy rule)."""
    owed = game.owed
    assert owed is not None
    player = owed.player
    got, rest = game.draw_pile[: owed.amount], game.draw_pile[owed.amount :]
    shed = _with(game.hands[player], got)
    game = game._replace(
        hands=_set_hand(game, player, ()),
        draw_pile=rest,
        discard=(*game.discard[:-1], *shed, game.discard[-1]),
        owed=None,
        drawn=-1,
        out=game.out | 1 << player,
    )
    if game.debts and game.debts[player]:  # what still waited for cards lapses too
        debts = (*game.debts[:player], 0, *game.debts[player + 1 :])
        game = game._replace(debts=debts if any(debts) else ())
    if game.is_out(game.current):
        return game._replace(current=game.next_player(game.current))
    return game


@cites(sections.TURN)
def pass_empty_handed(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """No card is left to draw anywhere, so the player's turn passes (Let's Play; the
    edition's `empty_handed_draw` reading)."""
    owed = game.owed
    assert owed is not None
    return game._replace(owed=None, actor=owed.player, current=game.next_player(owed.player))


def _reshuffled_moves(edition: Edition) -> tuple[Move, ...]:
    """A reshuffle moves the cards under the top card, and the top card too where the
    edition reshuffles the whole discard pile."""
    under = Move("under", "draw", "under")
    if edition.rules.reshuffle == "whole-discard-pile":
        return (under, Move("top", "draw", "1"))
    return (under,)


@cites(sections.RESHUFFLE_NOTE)
@moves(_reshuffled_moves)
def reshuffle_discard(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The discard pile but its top card becomes the new draw pile (Let's Play NOTE).

    The order is checked to hold the cards the draw pile still had too, where the edition
    reshuffles before a short draw (`reshuffle_when`, RLCard's UNO). Where it reshuffles the
    whole discard pile (`play.reshuffle = "whole-discard-pile"`, RLCard's UNO), the top card
    goes too, and the pile is left empty: play matches the card that was on top
    (`GameState.old_top`) until the next card lands on it."""
    assert isinstance(action, Reshuffle)
    if edition.rules.reshuffle == "whole-discard-pile":
        return game._replace(draw_pile=action.order, discard=(), old_top=game.to_match)
    return game._replace(draw_pile=action.order, discard=game.discard[-1:])


@cites(sections.TURN)
def pass_turn(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The player keeps the drawn card; play continues with the next player (Let's Play)."""
    player = game.current
    return game._replace(drawn=-1, actor=player, current=game.next_player(player))


@cites(sections.WILD_DRAW)
def judge_challenge(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The offender shows their hand; the loser of the challenge draws (Action Cards: Wild
    Draw Four card / Wild Draw Two).

    The verdict is the play's, or, where the edition judges the hand the challenge comes to
    (`challenge_judges`), reached now (`wild_draw.verdict`). Where draw cards were stacked
    under it, the loser draws their cards too (the edition's `stacked-challenge` reading:
    House rules: Stacking). A caller kept named for a Hail Mary (`close_window`) has their
    window back once the challenger's draw is dealt (`_after_the_draw`); found guilty, they
    draw, and no throw waits for them."""
    pending = game.challenge
    assert pending is not None
    effect = edition.faces.effect[pending.card].find(WildDraw)
    assert effect is not None
    victim, then = pending.victim, _after_the_answer(game)
    if verdict(edition, game):
        plays = effect.after_successful_challenge == "challenger-plays"
        return game._replace(
            challenge=None,
            owed=Owed(pending.offender, effect.offender_draws + pending.stake, then),
            current=victim if plays else game.next_player(victim),
            window=-1,  # the caller draws: no Hail Mary waits for them any more
        )
    return game._replace(
        challenge=None,
        owed=Owed(victim, effect.challenger_draws + pending.stake, _after_the_draw(game)),
        current=game.next_player(victim),
        window=-1,
    )


def _after_the_answer(game: GameState) -> Phase:
    """Where play resumes once an answer's draw is dealt: the next turn, or, where the card
    was its player's last (`final_card_effects`), the play's resolution, which scores the
    hand if the player still has no card (`branches.last_card_settled`)."""
    pending = game.challenge
    assert pending is not None
    return Phase.awaiting_play if game.hands[pending.offender] else Phase.resolving


@cites(sections.WILD_DRAW)
def accept_draw(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The victim draws the card's cards, and those of draw cards stacked under it, and
    loses their turn (Action Cards: Wild Draw Four card / Wild Draw Two).

    A caller kept named for a Hail Mary (`close_window`) has their window back once the
    draw is dealt (`_after_the_draw`)."""
    pending = game.challenge
    assert pending is not None
    effect = edition.faces.effect[pending.card].find(WildDraw)
    assert effect is not None
    return game._replace(
        challenge=None,
        owed=Owed(pending.victim, effect.draw + pending.stake, _after_the_draw(game)),
        current=game.next_player(pending.victim),
        window=-1,
    )


def _after_the_draw(game: GameState) -> Phase:
    """Where the victim's draw resumes: the play's resolution where the card was its
    player's last (`_after_the_answer`); the UNO call's window again, where a Hail Mary waits
    for the challenge to be settled and the caller still holds one card (`close_window`
    kept them named: the card's `pending_challenge`); the next turn elsewhere."""
    if _after_the_answer(game) == Phase.resolving:
        return Phase.resolving
    return Phase.uno_called if game.window >= 0 else Phase.awaiting_play


@cites(sections.STACKING)
@requires(Draw, WildDraw)
@moves(_played_with_steps)
def stack_card(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The player a draw is aimed at plays a draw card on it: the card is played as any
    card, and the draw it aims at the next player carries the cards of the one passed on
    (House rules: Stacking)."""
    assert isinstance(action, Play)
    pending = game.challenge
    if pending is not None:  # a Wild Draw card passed on unanswered: what accepting it draws
        wild_draw = edition.faces.effect[pending.card].find(WildDraw)
        assert wild_draw is not None
        carried = pending.stake + wild_draw.draw
    else:
        assert game.owed is not None
        carried = game.owed.amount
    game = play_card(edition, game._replace(owed=None, challenge=None), action)
    if game.owed is not None:
        return game._replace(owed=game.owed._replace(amount=game.owed.amount + carried))
    if game.challenge is not None:
        return game._replace(challenge=game.challenge._replace(stake=carried))
    return game  # its player's last card: the hand is over, and the draw with it


@cites(sections.STACKING)
@requires(Draw)
def take_the_stack(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The player a stacked draw is aimed at takes it: the table deals it, and no one may
    pass it on any more (House rules: Stacking)."""
    assert game.owed is not None
    return game._replace(owed=game.owed._replace(stackable=False))


@cites(sections.NO_MERCY)
@requires(ColourRoulette)
def pick_colour(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The colour picked is in force, and the draw owed goes on until a card of it turns up
    (UNO Show 'Em No Mercy)."""
    assert isinstance(action, Pick) and game.owed is not None
    return game._replace(color=action.color, owed=game.owed._replace(until=action.color))


@cites(sections.UNO)
def open_window(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The player down to one card may call UNO, and be caught, from now on (Calling UNO)."""
    return game._replace(window=game.actor)


@cites(sections.UNO)
def close_window(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The next player acts: nobody can call or catch this UNO any more (Calling UNO).

    Where a Hail Mary waits for a pending challenge to be settled (a card's
    `pending_challenge`), a call made while the challenge waits keeps its caller named
    until the challenge is answered (`judge_challenge`, `accept_draw`)."""
    if (
        game.phase == Phase.uno_called
        and game.challenge is not None
        and throw_waits_for_the_challenge(edition)
    ):
        return game
    return game._replace(window=-1)


@cites(sections.HAIL_MARY)
@requires(HailMary)
@moves(Move("draw", "hand", "owed"))
def draw_and_reopen_the_throw(
    edition: Edition, game: GameState, action: Action | None
) -> GameState:
    """The challenge's draw is dealt and the caller still holds one card: the chance to
    throw a Hail Mary at them comes back, their call standing (Action Cards: Wild Hail Mary
    Card; the card's `pending_challenge` reading)."""
    return draw_what_the_pile_has(edition, game, action)._replace(window=game.actor)


@cites(sections.UNO)
def owe_catch_penalty(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """A caught player draws the penalty; then play goes on where it was (Calling UNO)."""
    assert isinstance(action, Catch)
    then = Phase.awaiting_challenge if game.challenge is not None else Phase.awaiting_play
    return game._replace(owed=Owed(action.target, edition.rules.uno_penalty, then), window=-1)


@cites(sections.UNO)
def owe_caller_penalty(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """A player who called UNO with nobody just down to one card draws the penalty; then
    the turn goes on as it was (Calling UNO; the edition's `uno_call_out_of_place`)."""
    assert isinstance(action, CallUno)
    return game._replace(owed=Owed(action.player, edition.rules.uno_penalty, Phase.awaiting_play))


@cites(sections.HAIL_MARY)
@moves(Move("top", "under", "1"), Move("hand", "top", "1"))
def throw_hail_mary(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The thrower's Hail Mary lands on the pile in the colour they named; play goes on
    after the thrower (Action Cards: Wild Hail Mary Card).

    Where a wrong guess leaves the turn and colour as before (the card's `wrong_guess`), it
    only lands."""
    assert isinstance(action, Play)
    effect = edition.faces.effect[action.card].find(HailMary)
    assert effect is not None
    player = action.player
    hand = _without(game.hands[player], action.card)
    color = action.color
    if effect.continue_with == "left-of-player":
        following = game.next_player(player, direction=CLOCKWISE)
    else:
        following = game.next_player(player)
    if (
        effect.wrong_guess == "turn-and-colour-stay-as-before"
        and player != game.window
        and not effect.right_guess(edition, game, action.color)
    ):  # the card lands, and changes nothing else
        color, following = game.color, game.current
    return game._replace(
        hands=_set_hand(game, player, hand),
        discard=(*game.discard, action.card),
        color=color,
        actor=player,
        current=following,
        window=-1,
        old_top=-1,
        challenge=None,  # where the card may be thrown while one is pending, it cancels it
    )


@cites(sections.HAIL_MARY)
@moves(Move("top", "under", "1"), Move("hand", "top", "1"))
def throw_hail_mary_for_a_penalty(
    edition: Edition, game: GameState, action: Action | None
) -> GameState:
    """A wrong guess: the Hail Mary lands as any throw does, and its thrower is owed the UNO
    penalty (Action Cards: Wild Hail Mary Card; the card's `wrong_guess` reading)."""
    assert isinstance(action, Play)
    thrown = throw_hail_mary(edition, game, action)
    penalty = Owed(action.player, edition.rules.uno_penalty, Phase.resolving)
    return thrown._replace(owed=penalty)


@cites(sections.HAIL_MARY)
@moves(
    lambda edition: (
        (Move("hand", "out-of-play", "hand-1"),)
        if puts_cards_out_of_play(edition)
        else (Move("hand", "under", "hand-1"),)
    )
)
def discard_down_to_one(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """After a right guess the thrower keeps one card; the rest go under the Hail Mary
    (Action Cards: Wild Hail Mary Card; the card's `shed_cards`).

    Where the card reads `out-of-the-game-until-the-next-deal` they leave play until the
    next deal instead (`GameState.out_of_play`): no reshuffle takes them, and out of every
    hand, they score nothing. Where it reads `the-thrower-may-keep-more`, a thrower who
    keeps their whole hand (`Keep.whole_hand`) sheds nothing."""
    assert isinstance(action, Keep)
    if action.whole_hand:  # where the card lets the thrower keep more: nothing is shed
        return game
    shed = _without(game.hands[action.player], action.card)
    hands = _set_hand(game, action.player, (action.card,))
    effect = edition.faces.effect[game.discard[-1]].find(HailMary)
    if effect is not None and effect.sheds_out_of_play():
        return game._replace(hands=hands, out_of_play=tuple(sorted(game.out_of_play + shed)))
    return game._replace(hands=hands, discard=(*game.discard[:-1], *shed, game.discard[-1]))


@cites(sections.PENALTY_RACE)
def owe_loser_penalty(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The slowest (or the one without a quote) draws the special wild's penalty (Action
    Cards: Wild Touchdown! Card / Wild My Favorite Line Card).

    Play goes on from where the card sent the turn, but where the edition reads the race
    otherwise (`next_player`): from the loser (`next-after-the-loser`), or past the loser
    when their turn is the next one (`loser-also-loses-their-turn`). Where the table names
    no loser (`NOBODY`: every player managed, `no_failure`), nobody draws."""
    assert isinstance(action, NameLoser)
    effect = edition.faces.effect[game.special].find(PenaltyRace)
    assert effect is not None
    loser, current = action.player, game.current
    if loser == NOBODY:
        return game._replace(special=-1)
    if effect.next_player == "next-after-the-loser" or (
        effect.next_player == "loser-also-loses-their-turn" and loser == current
    ):
        current = game.next_player(loser)
    return game._replace(
        special=-1, owed=Owed(loser, effect.draw, Phase.resolving), current=current
    )


@cites(sections.SCORING)
def score_hand(edition: Edition, game: GameState, action: Action | None) -> GameState:
    """The hand's winner scores the cards left in the other hands (Keeping Score).

    A hand that ended unscored (`draw_shortfall = "hand-ends-unscored"`) has no winner: no
    one scores, and the next hand is dealt as after a scored one."""
    winner = hand_winner(game)
    scores = list(game.scores)
    rules = edition.rules
    won = False
    if winner >= 0:
        scores[winner] += hand_points(edition, game)
        won = (
            rules.game_end == "single-hand"
            or scores[winner] >= rules.target_score
            or game.seated == 1  # the last player left (the mercy rule)
        )
    leader = game.leader
    if (rules.next_leader == "rotate-left" and not won) or game.is_out(leader):
        leader = game.next_player(leader, direction=CLOCKWISE)  # a next hand's new leader
    return game._replace(
        scores=tuple(scores),
        hands_played=game.hands_played + 1,
        leader=leader,
        winner=winner if won else -1,
        debts=(),  # what still waited for cards lapses with the hand
    )
