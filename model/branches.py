"""Conditions: which of an event's transitions fires, as pure predicates of the state before it.

The turn-flow machine lists an event's transitions in order; the first whose conditions all
hold fires. Their names are the guard labels of the rule diagrams.
"""

from __future__ import annotations

from collections.abc import Callable

from unospec.model import sections
from unospec.model.actions import NOBODY, Action, NameLoser, Play
from unospec.model.edition import Edition
from unospec.model.effects import CardEffect
from unospec.model.flows import cites, requires, resuming, settled_by
from unospec.model.legality import (
    can_stack,
    has_a_play,
    plays_as_plain_wild,
    reshuffled,
    stacks_on,
    stops_the_draw,
    throw_waits_for_the_challenge,
    waits_as_last_card,
)
from unospec.model.primitives import (
    ColourRoulette,
    DiscardColour,
    Draw,
    HailMary,
    NameColour,
    PenaltyRace,
    Step,
    SwapHands,
    WildDraw,
)
from unospec.model.scoring import hand_points, hand_winner
from unospec.model.state import NO_UNTIL, GameState
from unospec.model.vocabulary import Phase

Condition = Callable[[Edition, GameState, Action | None], bool]


@cites(sections.WINNING)
def plays_last_card(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The player plays their final card and wins the hand (Winning)."""
    assert isinstance(action, Play)
    return len(game.hands[action.player]) == 1


def _turn_ends_at_the_draw(edition: Edition) -> bool | None:
    """A draw by choice ends the turn only where the edition says so."""
    return None if edition.rules.draw_by_choice == "the-turn-ends" else False


@cites(sections.DRAW_BY_CHOICE)
@settled_by("play.draw_by_choice", _turn_ends_at_the_draw)
def draws_by_choice(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The player draws while holding a card they may play, and the edition's
    `draw_by_choice` reads the line after the items as ending the turn at such a draw: the
    cards are kept, play passes (Let's Play: If you do not have a matching card 2)."""
    return edition.rules.draw_by_choice == "the-turn-ends" and has_a_play(
        edition, game, game.current
    )


def _plays_from_hand(edition: Edition) -> bool | None:
    """A player who draws nothing plays from their hand only where the edition says so."""
    return None if edition.rules.empty_handed_draw == "player-may-play-from-hand" else False


@cites(sections.WINNING)
@settled_by("play.empty_handed_draw", _plays_from_hand)
def plays_last_card_after_drawing_nothing(
    edition: Edition, game: GameState, action: Action | None
) -> bool:
    """A player who drew nothing, where the edition's `empty_handed_draw` reading lets them
    play from their hand, plays their final card and wins the hand (Winning).

    After any other draw they hold the card drawn too."""
    return game.drawn < 0 and plays_last_card(edition, game, action)


def _last_card_effects(edition: Edition) -> bool | None:
    """A last card's effect is carried out only where the edition says so."""
    return None if edition.rules.final_card_effects == "effects-apply-then-score" else False


@cites(sections.WINNING)
@requires(WildDraw, PenaltyRace)
@settled_by("play.final_card_effects", _last_card_effects)
def last_card_waits(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The card played last waits for a decision before the hand can be scored (a Wild Draw
    card's challenge, a penalty race's loser), where the edition carries out a last card's
    effect (Winning).

    Its player names its colour as for any wild, and the hand is over once the decision is
    made and its draw dealt (`last_card_settled`). The answer may hand its player cards
    again: a guilty offender draws, and the hand goes on."""
    assert isinstance(action, Play)
    return waits_as_last_card(edition, action.card)


@cites(sections.WINNING)
@requires(WildDraw, PenaltyRace)
@settled_by("play.final_card_effects", _last_card_effects)
def last_card_settled(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The decision its player's last card waited for is made and its draw dealt, and the
    player still has no card, where the edition carries out a last card's effect: they have
    gone out, and the hand is over and scored, the cards just dealt counted (Winning).

    A guilty offender who drew has cards again: play goes on."""
    return (
        edition.rules.final_card_effects == "effects-apply-then-score"
        and not game.hands[game.actor]
        and not game.is_out(game.actor)
        and game.challenge is None
        and game.special < 0
    )


@cites(sections.RLCARD)
@requires(Draw, cites_card=False)
@settled_by("play.final_card_effects", _last_card_effects)
def last_card_draws(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The card is a Draw card and the edition carries out a last card's effect
    (`final_card_effects = "effects-apply-then-score"`): as its player's last card, its draw
    is dealt before the hand is over (RLCard's UNO: rlcard.games.uno.round).

    The machine tests it together with `plays_last_card` (or a jump-in's), on the card
    played; a last card that owes no draw ends the hand at once, its other steps carried
    out (`updates.play_card`)."""
    assert isinstance(action, Play)
    effect = edition.faces.effect[action.card]
    return (
        edition.rules.final_card_effects == "effects-apply-then-score" and effect.owes is not None
    )


@cites(sections.SEVEN_O)
@requires(SwapHands)
def asks_target(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A Swap Hands: its player names the player they swap hands with (House rules: 7-0)."""
    assert isinstance(action, Play)
    return edition.faces.effect[action.card].asks("target")


@cites(sections.NO_MERCY)
@requires(ColourRoulette)
def asks_pick(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A Color Roulette: the next player picks the colour their draw stops at (UNO Show 'Em
    No Mercy)."""
    assert isinstance(action, Play)
    return edition.faces.effect[action.card].asks("pick")


@cites(sections.WILD_CARD)
@requires(NameColour, HailMary, cites_card=False)
def plays_wild(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A wild: its player names the colour that continues play (Action Cards: Wild card).

    The card's effect asks for a colour (its `name-colour` step)."""
    assert isinstance(action, Play)
    return edition.faces.effect[action.card].asks("colour")


def _drawn_wilds_plain(edition: Edition) -> bool | None:
    """Only where the edition plays a drawn wild as a plain one, and its deck has wilds."""
    return None if edition.rules.drawn_wild == "plain-wild" and any(edition.faces.wild) else False


@cites(sections.RLCARD)
@settled_by("play.drawn_wild", _drawn_wilds_plain)
def plays_drawn_wild_plain(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The card just drawn is a wild, played as a plain Wild where the edition says so,
    `drawn_wild = "plain-wild"`: it names the colour, and nothing else of it is carried out
    (RLCard's UNO: rlcard.games.uno.round)."""
    assert isinstance(action, Play)
    return plays_as_plain_wild(edition, game, action.card)


@cites(sections.ACTION_CARDS)
@requires(Draw)
def plays_draw_card(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A Draw card: the table deals the next player their cards (Action Cards).

    The card's effect owes a draw (its `draw` step)."""
    assert isinstance(action, Play)
    return edition.faces.effect[action.card].owes is not None


def _hands_can_hold_every_starter(edition: Edition) -> bool | None:
    """False when more cards may start the discard pile than the largest table's hands hold:
    one is always left to flip (Set Up 2 and 4)."""
    faces, rules = edition.faces, edition.rules
    starters = sum(1 for card in faces.in_play if not faces.ignored_at_flip[card])
    return False if starters > rules.max_players * rules.hand_size else None


@cites(sections.FIRST_FLIP)
@settled_by("setup.first_flip_ignores", _hands_can_hold_every_starter)
def no_number_card_left(edition: Edition, game: GameState, action: Action | None) -> bool:
    """Every card left to flip would be ignored: the first flip cannot succeed (Set Up 4)."""
    ignored = edition.faces.ignored_at_flip
    return all(ignored[card] for card in game.draw_pile)


@cites(sections.FIRST_FLIP)
def flips_ignored_card(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The flipped card is one Set Up 4 says to ignore: flip the next one (Set Up 4)."""
    return edition.faces.ignored_at_flip[game.draw_pile[0]]


def _first_cards(edition: Edition, has: Callable[[CardEffect], bool]) -> bool | None:
    """False unless the edition carries out a first card (`first_card`) and some card the
    first flip keeps has a first effect `has` holds of: then the card flipped decides."""
    if edition.rules.first_card != "played-by-the-dealer":
        return False
    faces = edition.faces
    kept = (c for c in set(faces.in_play) if not faces.ignored_at_flip[c])
    return None if any(has(faces.first_effect[c]) for c in kept) else False


def _first_card_is(edition: Edition, game: GameState, has: Callable[[CardEffect], bool]) -> bool:
    """The card about to be turned up is carried out, and its first effect is one `has`
    holds of."""
    played = edition.rules.first_card == "played-by-the-dealer" and bool(game.draw_pile)
    return played and has(edition.faces.first_effect[game.draw_pile[0]])


def _names_colour(effect: CardEffect) -> bool:
    return effect.asks("colour")


def _draws(effect: CardEffect) -> bool:
    return effect.owes is not None


def _has_steps(effect: CardEffect) -> bool:
    return bool(effect.steps)


@cites(sections.RLCARD)
@settled_by("setup.first_card", lambda edition: _first_cards(edition, _names_colour))
def first_card_names_colour(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The first card turned up is carried out (`first_card = "played-by-the-dealer"`) and
    its first effect names the colour: the dealer names it before the leader plays (RLCard's
    UNO: rlcard.games.uno.round)."""
    return _first_card_is(edition, game, _names_colour)


@cites(sections.RLCARD)
@settled_by("setup.first_card", lambda edition: _first_cards(edition, _draws))
def first_card_draws(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The first card turned up is carried out and its first effect owes a draw: the table
    deals it before the leader plays (RLCard's UNO: rlcard.games.uno.round)."""
    return _first_card_is(edition, game, _draws)


@cites(sections.RLCARD)
@settled_by("setup.first_card", lambda edition: _first_cards(edition, _has_steps))
def first_card_played(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The first card turned up is carried out and its first effect has steps: they move the
    turn before anyone plays (RLCard's UNO: rlcard.games.uno.round)."""
    return _first_card_is(edition, game, _has_steps)


@cites(sections.RLCARD)
@settled_by("setup.first_card", lambda edition: _first_cards(edition, _names_colour))
def dealer_names_colour(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The edition carries a first card out (`first_card = "played-by-the-dealer"`): the
    dealer names the colour of a wild turned up first (RLCard's UNO: rlcard.games.uno.round).

    It holds wherever a first card named a colour; it says which editions can get there."""
    return edition.rules.first_card == "played-by-the-dealer"


@cites(sections.ACTION_CARDS)
@requires(PenaltyRace)
def resolves_by_loser(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A special wild whose loser the table names next (Action Cards)."""
    return game.special >= 0 and edition.faces.effect[game.special].asks("loser")


def _races_of_one_round(edition: Edition) -> bool | None:
    """The table names no loser only where a race of the edition is one round."""
    races = (step for effect in edition.faces.effects for step in effect.steps)
    one_round = any(
        isinstance(step, PenaltyRace) and step.no_failure == "one-round-then-nobody-draws"
        for step in races
    )
    return None if one_round else False


@cites(sections.PENALTY_RACE)
@requires(PenaltyRace)
@settled_by("penalty-race.no_failure", _races_of_one_round)
def nobody_loses(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The table names no loser: every player managed, in the one round the edition's race
    has (`no_failure`), so nobody draws (Action Cards: Wild Touchdown! Card / Wild My
    Favorite Line Card)."""
    return isinstance(action, NameLoser) and action.player == NOBODY


@cites(sections.ACTION_CARDS)
@requires(WildDraw)
def challenge_pending(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A Wild Draw card waits for its victim to challenge or accept it (Action Cards)."""
    return game.challenge is not None


@cites(sections.WINNING)
@requires(DiscardColour)
def hand_emptied(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The card's effect left its player without a card (a Discard All of their last
    colour): they have gone out, and the hand is over (Winning).

    Not while a challenge waits on the card: where a last card's effect is carried out, the
    hand is over once it is answered (`last_card_settled`)."""
    return not game.hands[game.actor] and not game.is_out(game.actor) and game.challenge is None


@cites(sections.RLCARD)
@requires(Draw, cites_card=False)
@settled_by("play.final_card_effects", _last_card_effects)
def last_card_draw_dealt(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The table has dealt the draw of its player's last card, where the edition carries out
    a last card's effect: the player has gone out, and the hand is over and scored, the
    cards just dealt counted (RLCard's UNO: rlcard.games.uno.round).

    The card is still the top card, or the card matched if its draw reshuffled the whole
    pile (`GameState.to_match`): no one has played since (stacking, which would pass the draw
    on, is refused with this rule by the schema)."""
    return (
        edition.rules.final_card_effects == "effects-apply-then-score"
        and not game.hands[game.actor]
        and not game.is_out(game.actor)
        and game.to_match >= 0
        and edition.faces.effect[game.to_match].owes is not None
    )


def _elimination(edition: Edition) -> bool | None:
    """Players are eliminated only where the edition has the mercy rule."""
    return None if edition.rules.elimination else False


@cites(sections.MERCY_RULE)
@settled_by("play.elimination", _elimination)
def eliminates(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The cards about to be dealt leave their player holding the edition's `elimination`
    count or more: they are out (UNO Show 'Em No Mercy: the mercy rule)."""
    owed, limit = game.owed, edition.rules.elimination
    assert owed is not None
    dealt = min(owed.amount, len(game.draw_pile))
    return bool(limit) and dealt > 0 and len(game.hands[owed.player]) + dealt >= limit


@cites(sections.MERCY_RULE)
@settled_by("play.elimination", _elimination)
def one_player_left(edition: Edition, game: GameState, action: Action | None) -> bool:
    """Every other player is out: the last one left wins (UNO Show 'Em No Mercy: the mercy
    rule).

    Only where the edition plays the mercy rule (`elimination`): no one is out elsewhere."""
    return edition.rules.elimination > 0 and game.seated == 1


def _uno_called(edition: Edition) -> bool | None:
    """A window opens only where players call UNO."""
    return None if edition.rules.uno_call != "none" else False


@cites(sections.UNO)
@settled_by("play.uno_call", _uno_called)
def opens_uno_window(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The player whose card was resolved holds one card: they must call UNO (Calling UNO).

    Where the edition has no call (`uno_call = "none"`, RLCard's UNO), no window opens."""
    return len(game.hands[game.actor]) == 1 and edition.rules.uno_call != "none"


def _calls_with_the_play(edition: Edition) -> bool | None:
    """A call is made with the play only where the edition says so."""
    return None if edition.rules.uno_window == "while-playing-the-second-last-card" else False


@cites(sections.UNO)
@settled_by("play.uno_window", _calls_with_the_play)
def called_with_the_play(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The player whose card was resolved called UNO with its play, and holds one card: the
    call is made, and others may throw at it, but no one can catch it (Calling UNO; the
    edition's `uno_window`)."""
    called = edition.rules.uno_window == "while-playing-the-second-last-card"
    return called and game.window == game.actor and len(game.hands[game.actor]) == 1


@cites(sections.UNO)
@settled_by("play.uno_window", _calls_with_the_play)
def called_in_vain(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A call made with the play no longer stands once the play is resolved: its player
    holds more than one card (a race lost, a swap) or none; it lapses (Calling UNO; the
    edition's `uno_window`)."""
    called = edition.rules.uno_window == "while-playing-the-second-last-card"
    return called and game.window >= 0 and not called_with_the_play(edition, game, action)


def _reshuffles_first(edition: Edition) -> bool | None:
    """The discard pile is reshuffled before a short draw only where the edition says so."""
    return None if edition.rules.reshuffle_when == "before-a-short-draw" else False


@cites(sections.RLCARD)
@settled_by("play.reshuffle_when", _reshuffles_first)
def reshuffles_first(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A draw of a set number finds fewer cards in the draw pile than it owes, and the
    discard pile can refill it: the pile is reshuffled before any card is dealt (RLCard's
    UNO: rlcard.games.uno.round; the edition's `reshuffle_when`).

    A draw of no set number (`Owed.until`) takes one card at a time, so it is short only of
    an empty pile, where either rule reshuffles before dealing: it reshuffles as the
    booklets say. What the discard pile can give is what a reshuffle takes of it
    (`legality.reshuffled`: its top card too, where the edition reshuffles the whole pile)."""
    owed = game.owed
    assert owed is not None
    return (
        edition.rules.reshuffle_when == "before-a-short-draw"
        and owed.until == NO_UNTIL
        and 0 < len(game.draw_pile) < owed.amount
        and bool(reshuffled(edition, game))
    )


@cites(sections.RESHUFFLE)
def pile_runs_out(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The draw pile empties before the draw is done and the discard pile can refill it
    (Let's Play: NOTE).

    It can while a reshuffle would take a card of it (`legality.reshuffled`): one under
    its top card, or where the edition reshuffles the whole pile, any."""
    assert game.owed is not None
    return len(game.draw_pile) < game.owed.amount and bool(reshuffled(edition, game))


def _calls_out_of_place(edition: Edition) -> bool:
    """A call of UNO out of place is a step only where the edition says so."""
    return edition.rules.uno_call_out_of_place == "the-caller-draws-the-penalty"


@cites(sections.UNO)
@settled_by("play.uno_call_out_of_place", _calls_out_of_place)
def calls_out_of_place(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A call of UNO with nobody just down to one card is a step where the edition makes its
    caller draw the penalty (Calling UNO).

    Its guard refuses it elsewhere (`legality.check_call_out_of_place`); this condition
    says so to the diagrams and the engine, which then leave the step out."""
    return _calls_out_of_place(edition)


def _reshuffles_at_once(edition: Edition) -> bool | None:
    """The pile is reshuffled the moment it empties only where the edition says so."""
    return None if edition.rules.reshuffle_when == "as-soon-as-the-draw-pile-empties" else False


@cites(sections.RESHUFFLE)
@settled_by("play.reshuffle_when", _reshuffles_at_once)
def empties_the_pile(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A draw of a set number takes the draw pile's last card, and the discard pile can
    refill it: where the edition's `reshuffle_when` reads the NOTE so, it is reshuffled at
    once, before any card lands on the discard pile (Let's Play: NOTE).

    A draw of no set number is refused with this reading (`editions.schema`): it would
    stop on the pile's last card with no next card to reshuffle for."""
    owed = game.owed
    assert owed is not None
    return (
        edition.rules.reshuffle_when == "as-soon-as-the-draw-pile-empties"
        and owed.until == NO_UNTIL
        and 0 < len(game.draw_pile) == owed.amount
        and bool(reshuffled(edition, game))
    )


@cites(sections.NO_MATCHING_CARD)
@settled_by("play.empty_handed_draw", _plays_from_hand)
def draws_nothing_plays_from_hand(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A player who draws on their turn finds no card anywhere, and may still play a card of
    their hand that matches, or pass (Let's Play: If you do not have a matching card; the
    edition's `empty_handed_draw` reading)."""
    return edition.rules.empty_handed_draw == "player-may-play-from-hand" and nothing_to_draw(
        edition, game, action
    )


@cites(sections.NO_MATCHING_CARD)
def nothing_to_draw(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A player who draws on their turn finds no card anywhere: their turn passes (Let's Play: If
    you do not have a matching card; the edition's `empty_handed_draw` reading)."""
    assert game.owed is not None
    return game.owed.then == Phase.drawn_card and not game.draw_pile


def _hand_ends_short(edition: Edition) -> bool | None:
    """A draw the piles cannot complete ends the hand only where the edition says so."""
    return None if edition.rules.draw_shortfall == "hand-ends-unscored" else False


@cites(sections.RESHUFFLE)
@settled_by("play.draw_shortfall", _hand_ends_short)
def draw_falls_short(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A draw of a set number owes more cards than the draw pile holds, and no reshuffle can
    refill it: where the edition's `draw_shortfall` reads so, the hand ends at once, unscored
    (Let's Play: NOTE).

    A turn's draw with no card left is `nothing_to_draw`'s; a draw of no set number ends
    with the cards; a last card's draw (`final_card_effects`) ends a hand already won."""
    return edition.rules.draw_shortfall == "hand-ends-unscored" and _falls_short(edition, game)


def _waits_for_cards(edition: Edition) -> bool | None:
    """A draw's remainder waits for cards only where the edition says so."""
    return None if edition.rules.draw_shortfall == "obligation-waits-for-cards" else False


@cites(sections.RESHUFFLE)
@settled_by("play.draw_shortfall", _waits_for_cards)
def draw_waits_for_cards(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A draw of a set number owes more cards than the draw pile holds, and no reshuffle can
    refill it: where the edition's `draw_shortfall` reads so, the player takes every card
    there is and the rest waits for cards (Let's Play: NOTE).

    The same draws as `draw_falls_short`'s: not a turn's, not one of no set number, not a
    last card's."""
    return edition.rules.draw_shortfall == "obligation-waits-for-cards" and _falls_short(
        edition, game
    )


def _falls_short(edition: Edition, game: GameState) -> bool:
    """The owed draw is one of a set number, not a turn's nor a last card's, and owes more
    cards than the draw pile holds with no reshuffle to refill it."""
    owed = game.owed
    assert owed is not None
    return (
        owed.until == NO_UNTIL
        and owed.then != Phase.drawn_card
        and len(game.draw_pile) < owed.amount
        and not reshuffled(edition, game)
        and not _last_card_went_out(edition, game)
    )


@cites(sections.RESHUFFLE)
@settled_by("play.draw_shortfall", _waits_for_cards)
def cards_for_what_waits(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A player is still owed cards a draw could not give, and the draw pile or a reshuffle
    has a card again: the table deals them once the card played is resolved, where the
    edition's `draw_shortfall` reads that the rest waits for cards (Let's Play: NOTE)."""
    return bool(game.debts) and bool(game.draw_pile or reshuffled(edition, game))


def _last_card_went_out(edition: Edition, game: GameState) -> bool:
    """The player whose last card's draw is being dealt has gone out (`final_card_effects`)."""
    return (
        edition.rules.final_card_effects == "effects-apply-then-score"
        and not game.hands[game.actor]
        and not game.is_out(game.actor)
    )


def _draws_until(edition: Edition) -> bool | None:
    """A draw of no set number happens only where the edition draws until a card can be
    played, or has a card whose draw goes on until a colour (`Owed.until`)."""
    until_colour = any(effect.asks("pick") for effect in edition.faces.effects)
    return None if edition.rules.drawing == "until-playable" or until_colour else False


@cites(sections.DRAW_UNTIL_PLAYABLE)
@settled_by("play.drawing", _draws_until)
def draws_on(edition: Edition, game: GameState, action: Action | None) -> bool:
    """A draw of no set number goes on: the next card of the pile does not end it (House
    rules: Draw until you can play; a Color Roulette's draw, until its colour)."""
    owed = game.owed
    assert owed is not None
    return (
        owed.until != NO_UNTIL
        and bool(game.draw_pile)
        and not stops_the_draw(edition, game, game.draw_pile[0])
    )


def _stacking(edition: Edition) -> bool | None:
    """Stacking happens only where the edition stacks draw cards."""
    return None if edition.rules.stacking != "none" else False


@cites(sections.STACKING)
@requires(Draw)
@settled_by("play.stacking", _stacking)
def may_stack(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The draw may still be passed on, and its player holds a draw card that may go on it:
    they choose (House rules: Stacking)."""
    owed = game.owed
    assert owed is not None
    return owed.stackable and can_stack(edition, game)


def _jump_in(edition: Edition) -> bool | None:
    """Jumping in happens only where the edition lets players jump in."""
    return None if edition.rules.jump_in != "none" else False


@cites(sections.JUMP_IN)
@settled_by("play.jump_in", _jump_in)
def jumps_in(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The edition lets a player jump in (House rules: Jump-In; its `jump_in`)."""
    return edition.rules.jump_in != "none"


@cites(sections.STACKING)
@settled_by("play.stacking", _stacking)
def stacks(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The edition stacks draw cards (House rules: Stacking; its `stacking`)."""
    return edition.rules.stacking != "none"


def _played_as(played: Condition, name: str, how: str, section: str) -> Condition:
    """`played`'s own test under the name `name`, for a card played another way (stacked,
    jumped in): each of the machine's branches names its own condition, and the engine plays
    this one as `played`'s twin. `how` and `section` finish its docstring's sentence."""

    def condition(edition: Edition, game: GameState, action: Action | None) -> bool:
        return played(edition, game, action)

    condition.__name__ = condition.__qualname__ = name
    condition.__doc__ = f"{(played.__doc__ or '').split('(')[0].strip()}, {how} ({section})."
    return condition


def _can_be(edition: Edition, card: int, what: str) -> bool:
    """Whether a play of `card` can pass the test `what` names (`last_card`: any card can)."""
    effect = edition.faces.effect[card]
    return (
        what == "last_card"
        or (what == "wild" and effect.asks("colour"))
        or (what == "target" and effect.asks("target"))
        or (what == "draw_card" and effect.owes is not None)
    )


def stacking(played: Condition, onto: type[Step]) -> Condition:
    """`played` (a last card, a wild, a Draw card), where it is stacked on a draw card of
    the primitive `onto` (a Draw card's draw, a Wild Draw card's challenge): the same test,
    settled by the deck, since which cards may go on which is the edition's to say (House
    rules: Stacking)."""
    what = played.__name__.removeprefix("plays_")
    name = f"stacks_{what}_on_{onto.NAME.replace('-', '_')}"
    condition = _played_as(played, name, f"stacked on a {onto.NAME} card", sections.STACKING)

    def settled(edition: Edition) -> bool | None:
        """None where some card `played` can be is stacked on some card of `onto`."""
        faces = edition.faces
        tops = [c for c in set(faces.in_play) if faces.effect[c].find(onto) is not None]
        cards = [c for c in set(faces.in_play) if _can_be(edition, c, what)]
        possible = any(stacks_on(edition, c, t) for c in cards for t in tops)
        return None if possible else False

    declared = settled_by("play.stacking", settled)(cites(sections.STACKING)(condition))
    return requires(onto)(declared)


def jumping_in(played: Condition) -> Condition:
    """`played` (a last card, a Swap Hands, a Draw card), where it is played out of turn by a
    jump-in: the same test, settled by the deck, since only a coloured card identical to the
    top card jumps in (House rules: Jump-In)."""
    what = played.__name__.removeprefix("plays_").removeprefix("asks_")
    condition = _played_as(played, f"jumps_in_{what}", "played by a jump-in", sections.JUMP_IN)

    def settled(edition: Edition) -> bool | None:
        """None where the edition has jump-in and some coloured card can be this play."""
        if edition.rules.jump_in == "none":
            return False
        faces = edition.faces
        coloured = (c for c in set(faces.in_play) if not faces.wild[c])
        return None if any(_can_be(edition, c, what) for c in coloured) else False

    return settled_by("play.jump_in", settled)(cites(sections.JUMP_IN)(condition))


def resumes(phase: str) -> Condition:
    """The table's draw is done and resumes `phase`, where the obligation was made. It cites
    Let's Play, where drawing is; a draw on the way to a Wild Draw card's challenge is
    reported under that card's section (the condition requires the card)."""

    def condition(edition: Edition, game: GameState, action: Action | None) -> bool:
        return game.owed is not None and game.owed.then == phase

    condition.__name__ = condition.__qualname__ = f"resumes_{phase}"
    where = phase.replace("_", " ")
    condition.__doc__ = f"The draw was owed on the way to {where} ({sections.TURN})."
    declared = cites(sections.TURN)(resuming(phase)(condition))
    return requires(WildDraw)(declared) if phase == Phase.awaiting_challenge else declared


@cites(sections.HAIL_MARY)
@requires(HailMary)
def guess_sheds_cards(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The Hail Mary named the caller's last card's colour and the thrower has cards to shed
    (Action Cards: Wild Hail Mary Card; a wild's colour: the card's `guess_on_a_wild`)."""
    assert isinstance(action, Play)
    right = _hail_mary(edition, action).right_guess(edition, game, action.color)
    return right and len(game.hands[action.player]) > 2


def _hail_mary(edition: Edition, action: Play) -> HailMary:
    effect = edition.faces.effect[action.card].find(HailMary)
    assert effect is not None
    return effect


def _wrong_guess_reads(reading: str) -> Callable[[Edition], bool | None]:
    """A wrong guess is read `reading` only where a Hail Mary of the edition says so."""

    def rule(edition: Edition) -> bool | None:
        found = (effect.find(HailMary) for _, effect in edition.effects)
        return None if any(h is not None and h.wrong_guess == reading for h in found) else False

    return rule


def _wrong_guess(edition: Edition, game: GameState, action: Action | None, reading: str) -> bool:
    """A guess at another player's card (the caller throwing their own last card makes
    none) that is wrong, where the card reads a wrong guess `reading`."""
    assert isinstance(action, Play)
    effect = _hail_mary(edition, action)
    if effect.wrong_guess != reading or action.player == game.window:
        return False
    if reading == "thrower-takes-the-card-back" and game.challenge is not None:
        return False  # the throw has cancelled the challenge: it stays (`pending_challenge`)
    return not effect.right_guess(edition, game, action.color)


def _no_call_after_shedding(edition: Edition) -> bool | None:
    """A thrower calls no UNO only where a Hail Mary of the edition says so."""
    found = (effect.find(HailMary) for _, effect in edition.effects)
    no_call = "no-uno-call-after-shedding"
    return None if any(h is not None and h.thrower_afterwards == no_call for h in found) else False


@cites(sections.HAIL_MARY)
@requires(HailMary)
@settled_by("hail-mary.thrower_afterwards", _no_call_after_shedding)
def thrower_left_one_card_calls_no_uno(
    edition: Edition, game: GameState, action: Action | None
) -> bool:
    """The thrower is left with one card by the throw, and the card says they need not call
    UNO: no window opens (Action Cards: Wild Hail Mary Card; the card's
    `thrower_afterwards` reading)."""
    assert isinstance(action, Play)
    no_call = _hail_mary(edition, action).thrower_afterwards == "no-uno-call-after-shedding"
    return no_call and len(game.hands[action.player]) == 2


@cites(sections.HAIL_MARY)
@requires(HailMary)
@settled_by("hail-mary.thrower_afterwards", _no_call_after_shedding)
def shed_down_to_one_calls_no_uno(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The thrower who has shed down to one card need not call UNO, as the Hail Mary on top
    says: no window opens (Action Cards: Wild Hail Mary Card; the card's
    `thrower_afterwards` reading)."""
    effect = edition.faces.effect[game.discard[-1]].find(HailMary)
    return effect is not None and effect.thrower_afterwards == "no-uno-call-after-shedding"


def _throw_waits(edition: Edition) -> bool | None:
    """The chance to throw comes back after a challenge only where a Hail Mary waits for
    it."""
    return None if throw_waits_for_the_challenge(edition) else False


@cites(sections.HAIL_MARY)
@requires(HailMary)
@resuming(Phase.uno_called)
@settled_by("hail-mary.pending_challenge", _throw_waits)
def throw_comes_back(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The draw of a challenge answered after an UNO call is done, and a Hail Mary may now
    be thrown at the caller, who still holds one card (Action Cards: Wild Hail Mary Card;
    the card's `pending_challenge` reading)."""
    return game.owed is not None and game.owed.then == Phase.uno_called


@cites(sections.HAIL_MARY)
@requires(HailMary)
@settled_by("hail-mary.wrong_guess", _wrong_guess_reads("thrower-takes-the-card-back"))
def wrong_guess_taken_back(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The Hail Mary named another colour than the caller's last card's, and its thrower
    takes it back: the UNO window closes as if it had not been thrown (Action Cards: Wild
    Hail Mary Card; the card's `wrong_guess` reading)."""
    return _wrong_guess(edition, game, action, "thrower-takes-the-card-back")


@cites(sections.HAIL_MARY)
@requires(HailMary)
@settled_by("hail-mary.wrong_guess", _wrong_guess_reads("thrower-draws-a-penalty"))
def wrong_guess_draws_penalty(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The Hail Mary named another colour than the caller's last card's: it lands, and its
    thrower draws the UNO penalty (Action Cards: Wild Hail Mary Card; the card's
    `wrong_guess` reading)."""
    return _wrong_guess(edition, game, action, "thrower-draws-a-penalty")


def _one_hand_is_the_game(edition: Edition) -> bool | None:
    """One hand is the game, but for a hand that ends unscored (`draw_shortfall`)."""
    unscored = edition.rules.draw_shortfall == "hand-ends-unscored"
    return True if edition.rules.game_end == "single-hand" and not unscored else None


@cites(sections.SCORING)
@settled_by("scoring.game_end", _one_hand_is_the_game)
def game_is_won(edition: Edition, game: GameState, action: Action | None) -> bool:
    """The hand's winner reaches the target score, or one hand is the game (Keeping Score).

    A hand that ended unscored (`draw_shortfall = "hand-ends-unscored"`) has no winner: the
    game goes on, even where one hand is the game."""
    rules = edition.rules
    if game.seated == 1:  # the last player left wins
        return True
    winner = hand_winner(game)
    if winner < 0:
        return False
    if rules.game_end == "single-hand":
        return True
    return game.scores[winner] + hand_points(edition, game) >= rules.target_score


STACKED_ON_DRAW = tuple(stacking(c, Draw) for c in (plays_last_card, plays_wild, plays_draw_card))
"""Which card a stacked Draw card's draw is passed on with: a last card, a wild, a Draw card."""
STACKED_ON_WILD_DRAW = tuple(
    stacking(c, WildDraw) for c in (plays_last_card, plays_wild, plays_draw_card)
)
"""Which card an unanswered Wild Draw card is passed on with: a last card, a wild, a Draw card."""
JUMPED_IN = tuple(jumping_in(c) for c in (plays_last_card, asks_target, plays_draw_card))
"""Which card a jump-in plays, as a turn's play branches on it: a last card, a Swap Hands, a
Draw card (never a wild, whose steps alone ask a colour or a pick: its colour is named, not
printed)."""
