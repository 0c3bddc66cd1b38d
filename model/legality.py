"""Guards: whether an action is allowed, apart from what it does.

Each `check_*` is a validator of the turn-flow machine: it returns None or raises
`IllegalAction` naming the rule. `matches` and `own_rule_allows` are the same rules as
booleans, shared with `legal_actions`, so the enumeration of legal moves and the refusal of
illegal ones cannot drift apart.
"""

from __future__ import annotations

from unospec.model import sections
from unospec.model.actions import (
    NOBODY,
    Catch,
    Deal,
    Keep,
    NameLoser,
    Pick,
    Play,
    PlayerAction,
    Reshuffle,
)
from unospec.model.edition import Edition, FaceTable
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.flows import cites, requires, settled_by
from unospec.model.primitives import (
    ColourRoulette,
    Draw,
    HailMary,
    NameColour,
    PenaltyRace,
    SwapHands,
    WildDraw,
)
from unospec.model.state import UNTIL_PLAYABLE, GameState


def matches(edition: Edition, game: GameState, card: int) -> bool:
    """A card matches the top card by colour, number or symbol; a wild matches anything.

    Let's Play 1; Action Cards: Wild card. The colour is the one in force, which a wild sets.
    While a reshuffle of the whole discard pile has left it empty (`play.reshuffle =
    "whole-discard-pile"`, RLCard's UNO), the top card it took is the one matched
    (`GameState.to_match`).
    """
    return card in matching_cards(edition, game.color, game.to_match)


def matching_cards(edition: Edition, color: int, top: int) -> frozenset[int]:
    """Every face that `matches` with `color` in force and `top` on the discard pile.

    Built once per (colour, top card) and edition, from `_matches` alone: legal moves are
    enumerated on every step, and a set lookup is far cheaper than the rule per card.
    """
    table = edition.faces.match_cache
    found = table.get((color, top))
    if found is None:
        faces = edition.faces
        found = frozenset(c for c in range(len(faces.faces)) if _matches(faces, color, top, c))
        table[color, top] = found
    return found


def _matches(faces: FaceTable, color: int, top: int, card: int) -> bool:
    if faces.wild[card]:
        return True
    if faces.color[card] == color:
        return True
    return top >= 0 and not faces.wild[top] and faces.symbol[card] == faces.symbol[top]


def is_bluff(edition: Edition, game: GameState, player: int, card: int) -> bool:
    """Playing this Wild Draw card breaks its legality rule (its Action Cards section)."""
    effect = edition.faces.effect[card].find(WildDraw)
    return effect is not None and effect.bluffs(edition, game, player, card)


def own_rule_allows(edition: Edition, game: GameState, player: int, card: int) -> bool:
    """The card's own Action Cards section lets `player` play it now (matching apart): each
    step's rule of when (`Step.allows`); a card of last resort, only when they hold no other
    card they may play (RLCard's Wild Draw Four: `UnoRound.get_legal_actions`)."""
    if edition.faces.effect[card].last_resort and _holds_another_play(edition, game, player):
        return False
    return _own_section_allows(edition, game, player, card)


def _holds_another_play(edition: Edition, game: GameState, player: int) -> bool:
    """Whether `player` holds a card they may play now that is not a card of last resort."""
    matching, effects = matching_cards(edition, game.color, game.to_match), edition.faces.effect
    return any(
        c in matching
        and not effects[c].last_resort
        and _own_section_allows(edition, game, player, c)
        for c in game.hands[player]
    )


def _own_section_allows(edition: Edition, game: GameState, player: int, card: int) -> bool:
    return all(
        step.allows(edition, game, player, card)
        for step in edition.faces.effect[card].rules_of_when
    )


def stops_the_draw(edition: Edition, game: GameState, card: int) -> bool:
    """Whether `card`, drawn next, ends an owed draw of no set number (`Owed.until`): a card
    of the colour it waits for (wilds have none), or one its player may then play (House
    rules: Draw until you can play). An owed draw of a number of cards stops at none."""
    owed = game.owed
    assert owed is not None
    if owed.until >= 0:
        return not edition.faces.wild[card] and edition.faces.color[card] == owed.until
    if owed.until == UNTIL_PLAYABLE:
        hand = tuple(sorted((*game.hands[owed.player], card)))
        holding = game._replace(
            hands=(*game.hands[: owed.player], hand, *game.hands[owed.player + 1 :])
        )
        return matches(edition, holding, card) and own_rule_allows(
            edition, holding, owed.player, card
        )
    return False


def stacks_on(edition: Edition, card: int, top: int) -> bool:
    """Whether `card` may be played on the draw card `top` aimed at its holder, passing the
    draw on (House rules: Stacking; the edition's `stacking`): both draw cards, and `card`
    of the same kind, of an equal or higher count, or any, as the edition says. Colour
    does not matter."""
    rule = edition.rules.stacking
    mine, theirs = edition.faces.effect[card].aims, edition.faces.effect[top].aims
    if rule == "none" or mine is None or theirs is None:
        return False
    if rule == "same-kind":
        return edition.faces.faces[card].kind == edition.faces.faces[top].kind
    if rule == "equal-or-higher":
        return mine >= theirs
    return True  # any-draw-card


def aimed_at(game: GameState) -> int:
    """The player a draw waiting to be passed on is aimed at: the Wild Draw card's victim, or
    the player owed the draw (-1: none)."""
    if game.challenge is not None:
        return game.challenge.victim
    return game.owed.player if game.owed is not None else -1


def can_stack(edition: Edition, game: GameState) -> bool:
    """Whether the player a draw is aimed at holds a card that may be stacked on it."""
    player = aimed_at(game)
    return player >= 0 and any(stacks_on(edition, c, game.to_match) for c in game.hands[player])


def has_a_play(edition: Edition, game: GameState, player: int) -> bool:
    """Whether `player` holds a card they may play now (matching, and its own rule allowing)."""
    matching = matching_cards(edition, game.color, game.to_match)
    return any(
        c in matching and own_rule_allows(edition, game, player, c) for c in game.hands[player]
    )


def needs_color(edition: Edition, game: GameState, player: int, card: int) -> bool:
    """A wild names a colour, except as a player's last card (the hand is over: Winning)
    but for one the hand waits on (`waits_as_last_card`), and a wild whose effect asks none
    (a Color Roulette's colour is the next player's pick), unless it is played as a plain
    wild (`plays_as_plain_wild`)."""
    if len(game.hands[player]) <= 1 and not waits_as_last_card(edition, card):
        return False
    return edition.faces.effect[card].asks("colour") or plays_as_plain_wild(edition, game, card)


LAST_CARD_DECISIONS = ("answer", "loser")
"""The decisions a last card's effect may wait for where the edition carries it out
(`final_card_effects`): a Wild Draw card's answer, a penalty race's loser. The schema refuses
the others (`editions.schema.LAST_CARD_WAITS`)."""


def waits_as_last_card(edition: Edition, card: int) -> bool:
    """`card`, played as its player's last, waits for a decision before the hand is scored,
    where the edition carries out a last card's effect (`final_card_effects`): its colour is
    named as any wild's, since play goes on if the answer hands its player cards again."""
    effect = edition.faces.effect[card]
    return edition.rules.final_card_effects == "effects-apply-then-score" and any(
        effect.asks(decision) for decision in LAST_CARD_DECISIONS
    )


def plays_as_plain_wild(edition: Edition, game: GameState, card: int) -> bool:
    """`card` is a wild played straight after being drawn, which the edition plays as a
    plain Wild (`drawn_wild = "plain-wild"`, RLCard's UNO): it names the colour, and
    nothing else of it is carried out. (A card is drawn, `game.drawn`, only while its
    player decides whether to play it.)"""
    return (
        edition.rules.drawn_wild == "plain-wild" and card == game.drawn and edition.faces.wild[card]
    )


def _check_player(game: GameState, player: int, expected: int, doing: str) -> None:
    if player != expected:
        raise IllegalAction(
            sections.TURN, f"player {player} cannot {doing}: it is player {expected}'s move"
        )


def _check_in_hand(edition: Edition, game: GameState, player: int, card: int) -> None:
    if card not in game.hands[player]:
        name = edition.faces.card_id(card)
        raise IllegalAction(sections.TURN, f"player {player} has no {name} in hand")


def _check_color(edition: Edition, game: GameState, action: Play) -> None:
    wild = edition.faces.wild[action.card]
    if not wild and action.color == -1:
        return  # the common case: a coloured card, no colour named
    card = edition.faces.card_id(action.card)
    if needs_color(edition, game, action.player, action.card) and action.color < 0:
        raise IllegalAction(edition.section_of(card), f"{card} needs a colour to be named")
    if not wild and action.color >= 0:
        raise IllegalAction(sections.MATCHING, f"{card} is not a wild: no colour is named")
    if (
        action.color >= 0
        and not edition.faces.effect[action.card].asks("colour")
        and not plays_as_plain_wild(edition, game, action.card)
    ):
        raise IllegalAction(edition.section_of(card), f"{card}'s player names no colour")
    last = len(game.hands[action.player]) == 1
    if wild and action.color >= 0 and last and not waits_as_last_card(edition, action.card):
        raise IllegalAction(sections.WINNING, f"{card} ends the hand: no colour is named")
    if action.color != -1 and action.color not in edition.color_indices:
        raise IllegalAction(edition.section_of(card), "that colour is not in this deck")


@cites(sections.MATCHING)
def check_play(edition: Edition, game: GameState, action: Play) -> None:
    """The current player plays a matching card from hand (Let's Play 1)."""
    _check_player(game, action.player, game.current, "play")
    _check_in_hand(edition, game, action.player, action.card)
    _check_playable(edition, game, action)
    check_call(edition, game, action)


def calls_with_the_play(edition: Edition, game: GameState, player: int) -> bool:
    """Whether `player`'s play now may carry the UNO call: the edition reads the call as
    made with the play (`uno_window`), and the play leaves them one card."""
    called = edition.rules.uno_window == "while-playing-the-second-last-card"
    return called and len(game.hands[player]) == 2


@cites(sections.UNO)
def check_call(edition: Edition, game: GameState, action: Play) -> None:
    """A call made with a play (`Play.uno`) only where the edition reads the call so
    (`uno_window`), and only with the player's second-last card (Calling UNO)."""
    if action.uno and not calls_with_the_play(edition, game, action.player):
        if edition.rules.uno_window != "while-playing-the-second-last-card":
            why = "the call is a step of its own, once the play is resolved (uno_window)"
        else:
            why = f"player {action.player}'s play does not leave them one card: no call"
        raise IllegalAction(sections.UNO, why)


@cites(sections.JUMP_IN)
def check_jump_in(edition: Edition, game: GameState, action: Play) -> None:
    """Where the edition lets players jump in, a player whose turn it is not plays a card
    identical to the top card: the same colour and number or symbol (House rules: Jump-In)."""
    if edition.rules.jump_in == "none":
        raise IllegalAction(sections.JUMP_IN, "this edition has no jump-in: play in turn")
    if action.player == game.current:
        raise IllegalAction(
            sections.JUMP_IN, f"it is player {action.player}'s turn: they play, not jump in"
        )
    _check_in_hand(edition, game, action.player, action.card)
    if not jumps_in(edition, game, action.card):
        card = edition.faces.card_id(action.card)
        if game.top < 0:
            raise IllegalAction(sections.JUMP_IN, f"{card} cannot jump in: no card is on the pile")
        top = edition.faces.card_id(game.top)
        raise IllegalAction(sections.JUMP_IN, f"{card} is not identical to the top card {top}")
    _check_playable(edition, game, action)


def jumps_in(edition: Edition, game: GameState, card: int) -> bool:
    """`card` is identical to the top card, as a jump-in needs: the same face, and a coloured
    one (a wild's colour is named, not printed). While a reshuffle of the whole discard pile
    has left it empty (`play.reshuffle = "whole-discard-pile"`), no card is on the pile for
    a card to be identical to: no one jumps in until a card is played on it."""
    return card == game.top and not edition.faces.wild[card]


@cites(sections.TURN)
def check_play_drawn(edition: Edition, game: GameState, action: Play) -> None:
    """After drawing, the new card may be played if it can be; the edition's `after_drawing`
    reading says whether another card of the hand may be played instead (Let's Play)."""
    _check_player(game, action.player, game.current, "play")
    if from_hand_after_drawing(edition, game):
        _check_in_hand(edition, game, action.player, action.card)
    elif action.card != game.drawn:
        faces = edition.faces
        raise IllegalAction(
            sections.DRAWN_CARD,
            f"after drawing only the drawn {faces.card_id(game.drawn)} may be played, "
            f"not {faces.card_id(action.card)}",
        )
    _check_playable(edition, game, action)
    if not by_colour_allows(edition, game, action.card):
        card = edition.faces.card_id(action.card)
        why = f"after drawing, {card} matches by number or symbol alone: it is kept"
        raise IllegalAction(sections.DRAWN_CARD, why)
    check_call(edition, game, action)


def _check_playable(edition: Edition, game: GameState, action: Play) -> None:
    faces = edition.faces
    if not matches(edition, game, action.card):
        top = faces.card_id(game.to_match) if game.to_match >= 0 else "nothing"
        card = faces.card_id(action.card)
        raise IllegalAction(sections.MATCHING, f"{card} does not match the top card {top}")
    if not own_rule_allows(edition, game, action.player, action.card):
        card = faces.card_id(action.card)
        why = (
            "is only played when another player calls UNO"
            if faces.effect[action.card].has(HailMary)
            else "played while holding a card it forbids"
        )
        raise IllegalAction(edition.section_of(card), f"{card} {why}")
    _check_color(edition, game, action)
    _check_target(edition, game, action)


def _check_target(edition: Edition, game: GameState, action: Play) -> None:
    """A card that asks for a player names another player of the table; any other names
    none (nor does a last card, which ends the hand before its effect)."""
    if action.target == -1 and not edition.faces.effect[action.card].asks("target"):
        return  # the common case: no target, none asked for
    card = edition.faces.card_id(action.card)
    last = len(game.hands[action.player]) == 1
    if not edition.faces.effect[action.card].asks("target"):
        raise IllegalAction(sections.MATCHING, f"{card} acts on no player: none is named")
    if last and action.target != -1:
        raise IllegalAction(sections.WINNING, f"{card} ends the hand: no player is named")
    if not last:
        _check_other_player(edition, game, action)


def _check_other_player(edition: Edition, game: GameState, action: Play) -> None:
    target = action.target
    if not 0 <= target < game.players or target == action.player or game.is_out(target):
        card = edition.faces.card_id(action.card)
        raise IllegalAction(edition.section_of(card), f"{card} needs another player to be named")


@cites(sections.TURN)
def check_turn_player(edition: Edition, game: GameState, action: PlayerAction) -> None:
    """Draw and pass belong to the player whose turn it is (Let's Play)."""
    _check_player(game, action.player, game.current, "draw or pass")


@cites(sections.NO_MATCHING_CARD)
def check_draw(edition: Edition, game: GameState, action: PlayerAction) -> None:
    """The player whose turn it is draws; where the edition says so (`may_draw`), only when
    they hold no card they may play (Let's Play: If you do not have a matching card)."""
    check_turn_player(edition, game, action)
    if edition.rules.may_draw == "without-a-playable-card" and has_a_play(
        edition, game, action.player
    ):
        raise IllegalAction(
            sections.NO_MATCHING_CARD, f"player {action.player} holds a card they may play: no draw"
        )


@cites(sections.DRAWN_CARD)
def check_pass(edition: Edition, game: GameState, action: PlayerAction) -> None:
    """The player who drew keeps the card and ends the turn; where the edition says so
    (`drawn_playable`), only when the drawn card cannot be played (Let's Play: If you do not
    have a matching card 1)."""
    check_turn_player(edition, game, action)
    if edition.rules.drawn_playable != "may-keep" and plays_after_drawing(edition, game):
        why = f"player {action.player} can play after drawing: the edition says they must"
        raise IllegalAction(sections.DRAWN_CARD, why)


def from_hand_after_drawing(edition: Edition, game: GameState) -> bool:
    """Whether the player who drew may play any card of their hand, not only the one drawn:
    the edition says so of every draw (`after_drawing`), or the draw found no card anywhere
    and the edition lets them play from their hand then (`empty_handed_draw`)."""
    if edition.rules.after_drawing == "any-matching-card":
        return True
    return game.drawn < 0 and edition.rules.empty_handed_draw == "player-may-play-from-hand"


def plays_after_drawing(edition: Edition, game: GameState) -> bool:
    """Whether the player who drew may play now: the drawn card, or any card of their hand
    where the edition says so (`after_drawing`)."""
    player = game.current
    if edition.rules.after_drawing == "any-matching-card":
        if edition.rules.drawn_playable != "must-play-by-colour":
            return has_a_play(edition, game, player)
        cards = game.hands[player]
    else:
        cards = (game.drawn,) if game.drawn >= 0 else ()
    return any(
        matches(edition, game, card)
        and own_rule_allows(edition, game, player, card)
        and by_colour_allows(edition, game, card)
        for card in cards
    )


def by_colour_allows(edition: Edition, game: GameState, card: int) -> bool:
    """After drawing, where the edition plays a drawn card by its colour (`drawn_playable =
    "must-play-by-colour"`, RLCard's UNO), only a wild or a card of the colour in force may
    be played: one that matches by number or symbol alone is kept."""
    if edition.rules.drawn_playable != "must-play-by-colour":
        return True
    faces = edition.faces
    return faces.wild[card] or faces.color[card] == game.color


@cites(sections.WILD_DRAW)
@requires(WildDraw)
def check_victim(edition: Edition, game: GameState, action: PlayerAction) -> None:
    """Only the player the Wild Draw card was played on may challenge or accept it (Action
    Cards: Wild Draw Four card / Wild Draw Two)."""
    assert game.challenge is not None
    victim = game.challenge.victim
    _check_player(game, action.player, victim, "answer the Wild Draw card")


def _calls_after_the_play(edition: Edition) -> bool | None:
    """Where the call is made with the play, no call is ever made after it."""
    return False if edition.rules.uno_window == "while-playing-the-second-last-card" else None


@cites(sections.UNO)
@settled_by("play.uno_window", _calls_after_the_play)
def check_uno(edition: Edition, game: GameState, action: PlayerAction) -> None:
    """Only the player down to one card calls UNO for themselves, and no one where the
    edition reads the call as made with the play, `uno_window` (Calling UNO)."""
    player = action.player
    if edition.rules.uno_window == "while-playing-the-second-last-card":
        why = f"player {player}'s call was due with their play (uno_window): they may be caught"
        raise IllegalAction(sections.UNO, why)
    if player != game.window:
        held = len(game.hands[player])
        why = (
            f"player {player} holds {held} cards"
            if held != 1
            else f"player {player}'s call was due when they went down to one card"
        )
        raise IllegalAction(sections.UNO, f"{why}: only player {game.window} can call UNO now")


@cites(sections.UNO)
def check_call_out_of_place(edition: Edition, game: GameState, action: PlayerAction) -> None:
    """A call of UNO, for oneself or on another player, with nobody just down to one card:
    a step only where the edition makes its caller draw the penalty (Calling UNO).

    Elsewhere the booklets' call has no such step (the reading uno-call-out-of-place)."""
    if edition.rules.uno_call_out_of_place != "the-caller-draws-the-penalty":
        raise IllegalAction(sections.UNO, "no UNO window is open")


@cites(sections.UNO)
def check_catch(edition: Edition, game: GameState, action: Catch) -> None:
    """Another player catches the one-card player who has not called UNO yet (Calling UNO)."""
    if action.target != game.window:
        raise IllegalAction(
            sections.UNO,
            f"player {action.target} is not in an open UNO window "
            f"(only player {game.window} can be caught now)",
        )
    if action.player == action.target:
        raise IllegalAction(sections.UNO, "a player cannot catch themselves")
    if not 0 <= action.player < game.players:
        raise IllegalAction(sections.UNO, f"there is no player {action.player}")


def throws_hail_mary(
    edition: Edition, game: GameState, player: int, card: int, target: int = -1
) -> bool:
    """Whether `player`'s play of `card` naming `target` in the UNO window now is a Hail
    Mary thrown at the window's player: the card's `trigger` says who may throw it, and
    when (`from_the_next_player`: the player whose turn it is may name the caller)."""
    effect = edition.faces.effect[card].find(HailMary)
    return effect is not None and effect.thrown_by(game, player, target)


def hail_mary_target(edition: Edition, game: GameState, player: int, card: int) -> int:
    """The target `player`'s throw of the Hail Mary `card` names: the caller, where the
    player whose turn it is chooses between the throw and their own turn's play; else
    none (-1)."""
    effect = edition.faces.effect[card].find(HailMary)
    return game.window if effect is not None and effect.names_the_caller(game, player) else -1


def cancels_a_challenge(edition: Edition, card: int) -> bool:
    """Whether the Hail Mary `card` may be thrown while a challenge is pending, cancelling
    it (the card's `pending_challenge`)."""
    effect = edition.faces.effect[card].find(HailMary)
    return effect is not None and effect.cancels_a_challenge()


def throw_waits_for_the_challenge(edition: Edition) -> bool:
    """Whether a Hail Mary of the edition waits for a pending challenge to be settled, the
    chance to throw it coming back then (a card's `pending_challenge`): the UNO call made
    while the challenge waits keeps its caller named until then."""
    faces = edition.faces
    for card, hail_mary in enumerate(faces.hail_mary):
        step = faces.effect[card].find(HailMary) if hail_mary else None
        if step is not None and step.waits_for_the_challenge():
            return True
    return False


@cites(sections.HAIL_MARY)
@requires(HailMary)
def check_hail_mary(edition: Edition, game: GameState, action: Play) -> None:
    """Another player throws a Hail Mary at the caller (Action Cards: Wild Hail Mary Card)."""
    card = edition.faces.card_id(action.card)
    section = edition.section_of(card)
    if not 0 <= action.player < game.players:
        raise IllegalAction(sections.TURN, f"there is no player {action.player}")
    if not edition.faces.hail_mary[action.card]:
        raise IllegalAction(section, f"{card} cannot interrupt out of turn")
    if not throws_hail_mary(edition, game, action.player, action.card, action.target):
        who = "the caller" if action.player == game.window else f"player {action.player}"
        raise IllegalAction(section, f"{who} cannot throw {card} now (its trigger)")
    _check_in_hand(edition, game, action.player, action.card)
    if game.challenge is not None and not cancels_a_challenge(edition, action.card):
        raise IllegalAction(section, f"{card} cannot interrupt a pending challenge")
    if action.color < 0 or action.color not in edition.color_indices:
        raise IllegalAction(section, f"{card} needs a colour of this deck to be named")
    if action.target != hail_mary_target(edition, game, action.player, action.card):
        # a Hail Mary acts on the caller: no one else is named
        raise IllegalAction(sections.MATCHING, f"{card} acts on no player: none is named")


@cites(sections.WILD_CARD)
@requires(NameColour, HailMary, cites_card=False)
def check_color(edition: Edition, game: GameState, action: Play) -> None:
    """The wild's player names a colour of the deck (Action Cards: Wild card).

    `check_play` already refused a play step without one, before anything moved; this guard
    keeps `choose_color` safe on its own, as the machine runtime fires it separately.
    """
    if action.color not in edition.color_indices:
        card = edition.faces.card_id(game.top)
        raise IllegalAction(edition.section_of(card), f"{card} needs a colour of this deck")


@cites(sections.SEVEN_O)
@requires(SwapHands)
def check_target(edition: Edition, game: GameState, action: Play) -> None:
    """The Swap Hands' player names another player of the table (House rules: 7-0).

    `check_play` already refused a play step without one; this guard keeps `choose_target`
    safe on its own, as the machine runtime fires it separately.
    """
    _check_other_player(edition, game, action)


@cites(sections.STACKING)
@requires(Draw, WildDraw)
def check_stack(edition: Edition, game: GameState, action: Play) -> None:
    """The player a draw card is aimed at passes it on with a draw card of their own, where
    the edition stacks them (House rules: Stacking)."""
    if edition.rules.stacking == "none":  # the Wild Draw card's answer comes first
        why = "the Wild Draw card must first be challenged or accepted"
        raise IllegalAction(sections.TURN, why)
    _check_player(game, action.player, aimed_at(game), "stack a draw card")
    _check_in_hand(edition, game, action.player, action.card)
    if not stacks_on(edition, action.card, game.to_match):
        card, top = edition.faces.card_id(action.card), edition.faces.card_id(game.to_match)
        rule = edition.rules.stacking
        raise IllegalAction(sections.STACKING, f"{card} cannot be stacked on {top} ({rule})")
    _check_color(edition, game, action)
    _check_target(edition, game, action)


@cites(sections.STACKING)
@requires(Draw)
def check_taker(edition: Edition, game: GameState, action: PlayerAction) -> None:
    """Only the player a stacked draw is aimed at takes it (House rules: Stacking)."""
    _check_player(game, action.player, aimed_at(game), "take the draw")


@cites(sections.NO_MERCY)
@requires(ColourRoulette)
def check_pick(edition: Edition, game: GameState, action: Pick) -> None:
    """The player a Color Roulette's draw is owed to picks a colour of the deck (UNO Show
    'Em No Mercy)."""
    _check_player(game, action.player, aimed_at(game), "pick the colour")
    if action.color not in edition.color_indices:
        raise IllegalAction(sections.NO_MERCY, "the colour picked is not a colour of this deck")


@cites(sections.RLCARD)
def check_first_colour(edition: Edition, game: GameState, action: Pick) -> None:
    """The dealer names a colour of the deck for the wild turned up first, where the edition
    carries a first card out (RLCard's UNO: rlcard.games.uno.round)."""
    _check_player(game, action.player, game.actor, "name the first card's colour")
    if action.color not in edition.color_indices:
        card = edition.faces.card_id(game.top)
        raise IllegalAction(edition.section_of(card), f"{card} needs a colour of this deck")


@cites(sections.HAIL_MARY)
@requires(HailMary)
def check_keep(edition: Edition, game: GameState, action: Keep) -> None:
    """The Hail Mary thrower keeps one card of their own hand (Action Cards: Wild Hail Mary
    Card).

    Where the card lets them keep more (`keep_after_shedding`), they may keep their whole
    hand instead, the one move naming its lowest card."""
    _check_player(game, action.player, game.actor, "keep a card")
    _check_in_hand(edition, game, action.player, action.card)
    if not action.whole_hand:
        return
    top = edition.faces.card_id(game.discard[-1])
    if not keeps_more(edition, game):
        raise IllegalAction(
            edition.section_of(top), f"after {top} the thrower must discard down to one card"
        )
    if action.card != game.hands[action.player][0]:  # one move for the whole hand
        raise IllegalAction(
            edition.section_of(top), "a whole hand kept is named by its lowest card"
        )


def keeps_more(edition: Edition, game: GameState) -> bool:
    """Whether the Hail Mary on top lets its thrower keep their whole hand instead of
    discarding down to one (`keep_after_shedding`)."""
    effect = edition.faces.effect[game.discard[-1]].find(HailMary) if game.discard else None
    return effect is not None and effect.may_keep_more()


@cites(sections.PENALTY_RACE)
@requires(PenaltyRace)
def check_loser(edition: Edition, game: GameState, action: NameLoser) -> None:
    """The loser of a special wild is one of the players its rule puts in the race (Action
    Cards: Wild Touchdown! Card / Wild My Favorite Line Card)."""
    effect = edition.faces.effect[game.special].find(PenaltyRace)
    assert effect is not None
    if action.player == NOBODY and effect.no_failure == "one-round-then-nobody-draws":
        return  # every player managed, in the one round the edition's race has
    if not 0 <= action.player < game.players or game.is_out(action.player):
        raise IllegalAction(sections.TURN, f"there is no player {action.player}")
    if effect.loser_among == "others" and action.player == game.actor:
        card = edition.faces.card_id(game.special)
        raise IllegalAction(
            edition.section_of(card),
            f"player {action.player} played {card}: only the other players can lose it",
        )


@cites(sections.RESHUFFLE_NOTE)
def check_reshuffle(edition: Edition, game: GameState, action: Reshuffle) -> None:
    """The new draw pile is the discard pile under its top card, reordered (Let's Play NOTE).

    Where the edition reshuffles before a short draw (`reshuffle_when`, RLCard's UNO), the
    cards the draw pile still holds are shuffled in with them; otherwise the draw pile is
    empty by then, and the two are one rule. Where it reshuffles the whole discard pile
    (`play.reshuffle = "whole-discard-pile"`, RLCard's UNO), its top card is shuffled in
    too (`reshuffled`)."""
    if sorted(action.order) != sorted(game.draw_pile + reshuffled(edition, game)):
        whole = edition.rules.reshuffle == "whole-discard-pile"
        raise IllegalAction(
            sections.RESHUFFLE,
            "a reshuffle order must be a permutation of the "
            + ("whole discard pile" if whole else "discard pile under its top card")
            + (" and the cards left in the draw pile" if game.draw_pile else ""),
        )


def reshuffled(edition: Edition, game: GameState) -> tuple[int, ...]:
    """The cards of the discard pile a reshuffle takes into the new draw pile: all but its
    top card (Let's Play NOTE; `play.reshuffle = "keep-top-card"`), or every one, the top
    card too, where the edition says so (`"whole-discard-pile"`, RLCard's UNO:
    `UnoRound.replace_deck`). None left: no reshuffle can refill the draw pile."""
    if edition.rules.reshuffle == "whole-discard-pile":
        return game.discard
    return game.discard[:-1]


@cites(sections.SET_UP)
def check_deal(edition: Edition, game: GameState, action: Deal) -> None:
    """A deal shuffles every card in play; the deck must hold enough cards to deal (Set Up)."""
    if tuple(sorted(action.order)) != edition.faces.in_play:
        raise IllegalAction(sections.SET_UP, "a deal order must be a permutation of the deck")
    needed = edition.rules.hand_size * game.seated + 1
    if needed > len(action.order):
        raise RuleGap(
            sections.DEAL,
            f"{game.seated} hands of {edition.rules.hand_size} and a first card need {needed} "
            f"cards; the deck has {len(action.order)}",
        )
