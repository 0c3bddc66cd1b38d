"""The reshuffle of the whole discard pile (`play.reshuffle = "whole-discard-pile"`, RLCard's
UNO: `UnoRound.replace_deck`), played by the reference kernel from hand-built states on
tests/editions/whole-pile-reshuffle.toml: the top card goes into the new draw pile too, the
discard pile is left empty, and play goes on matching the colour in force and the old top
card's number or symbol (RLCard's `self.target`) until a card lands on the empty pile. The
engine is held to these by conformance (tests/engine)."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import WHOLE_PILE, card, color, edition, table

from unospec.model import sections
from unospec.model.actions import Catch, Draw, JumpIn, Pass, Play, Reshuffle
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction
from unospec.model.kernel import apply, chance_cards, chance_outcomes, legal_actions
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase


def _with(e: Edition, **rules: str) -> Edition:
    return dataclasses.replace(e, rules=dataclasses.replace(e.rules, **rules))


def _plays(e: Edition, game: GameState) -> set[str]:
    return {e.faces.card_id(a.card) for a in legal_actions(e, game) if type(a) is Play}


def _empty_pile(e: Edition, first: str = "yellow-1") -> tuple[GameState, GameState]:
    """Player 0, holding no match for the red 9, draws from an empty draw pile: the state
    awaiting the reshuffle, and the one after it, whose order puts `first` on top (player 0
    draws it)."""
    hands = [["blue-1", "green-3"], ["blue-9", "green-4", "red-2"]]
    game = table(e, hands, top="red-9", rest="discard")
    drew = apply(e, game, Draw(0))
    rest = list(chance_cards(e, drew))
    rest.remove(card(e, first))
    return drew, apply(e, drew, Reshuffle((card(e, first), *rest)))


def test_a_reshuffle_takes_the_top_card_too_and_leaves_the_pile_empty() -> None:
    """The new draw pile is every card of the discard pile, the red 9 on top of it too; the
    pile is left empty and the red 9 is remembered as the card to match. Classic keeps it."""
    e = edition(WHOLE_PILE)
    assert e.rules.reshuffle == "whole-discard-pile"
    drew, dealt = _empty_pile(e)
    assert drew.phase == Phase.awaiting_reshuffle and drew.draw_pile == ()
    assert chance_cards(e, drew) == tuple(sorted(drew.discard))
    assert card(e, "red-9") in chance_cards(e, drew)
    assert dealt.discard == () and dealt.top == -1
    assert dealt.old_top == card(e, "red-9") == dealt.to_match
    assert dealt.phase == Phase.drawn_card and dealt.drawn == card(e, "yellow-1")
    assert len(dealt.draw_pile) == len(drew.discard) - 1 and dealt.color == color("red")

    base = edition("classic")
    kept, _ = _empty_pile(base)
    assert chance_cards(base, kept) == tuple(sorted(kept.discard[:-1]))
    after = apply(base, kept, Reshuffle(chance_cards(base, kept)))
    assert after.discard == (card(base, "red-9"),) and after.old_top == -1


def test_play_goes_on_matching_the_reshuffled_top_card() -> None:
    """On the empty pile, the next player may play the blue 9 (the red 9's number) or the
    red 2 (the colour in force), not the green 4; the card played starts the pile, and the
    remembered card is matched no more."""
    e = edition(WHOLE_PILE)
    _, dealt = _empty_pile(e)
    passed = apply(e, dealt, Pass(0))
    assert passed.current == 1 and passed.discard == ()
    assert _plays(e, passed) == {"blue-9", "red-2"}
    with pytest.raises(IllegalAction) as refused:
        apply(e, passed, Play(1, card(e, "green-4")))
    assert refused.value.rule == sections.MATCHING and "red-9" in refused.value.reason
    played = apply(e, passed, Play(1, card(e, "blue-9")))
    assert played.discard == (card(e, "blue-9"),) and played.old_top == -1
    assert played.color == color("blue") and played.current == 0


def test_the_old_top_card_may_be_drawn_while_it_is_still_matched() -> None:
    """The reshuffle puts the red 9 itself on top of the new pile: player 0 draws it, and
    it matches the card it was (RLCard draws its target so too)."""
    e = edition(WHOLE_PILE)
    _, dealt = _empty_pile(e, first="red-9")
    assert dealt.drawn == card(e, "red-9") == dealt.old_top
    assert _plays(e, dealt) == {"red-9"}
    played = apply(e, dealt, Play(0, card(e, "red-9")))
    assert played.discard == (card(e, "red-9"),) and played.old_top == -1


def test_a_reshuffle_order_without_the_top_card_is_refused() -> None:
    """The order must hold the whole pile: the cards under the top alone are refused,
    citing the reshuffle's rule."""
    e = edition(WHOLE_PILE)
    drew, _ = _empty_pile(e)
    with pytest.raises(IllegalAction) as refused:
        apply(e, drew, Reshuffle(tuple(sorted(drew.discard[:-1]))))
    assert refused.value.rule == sections.RESHUFFLE
    assert "whole discard pile" in refused.value.reason


def test_the_top_card_alone_refills_the_draw_pile() -> None:
    """Only the red 9 on the discard pile and nothing to draw: the whole pile is the red 9,
    which the player who draws gets; classic keeps it, and the turn passes empty-handed."""
    e, base = edition(WHOLE_PILE), edition("classic")

    def alone(edition_: Edition) -> GameState:
        game = table(edition_, [["blue-1"], ["green-7"]], top="red-9", rest="discard")
        under = game.discard[:-1]  # a third hand holds the rest
        return game._replace(
            discard=game.discard[-1:], hands=(*game.hands, tuple(sorted(under))), scores=(0, 0, 0)
        )

    drew = apply(e, alone(e), Draw(0))
    assert drew.phase == Phase.awaiting_reshuffle
    assert chance_cards(e, drew) == (card(e, "red-9"),)
    dealt = apply(e, drew, Reshuffle((card(e, "red-9"),)))
    assert dealt.drawn == card(e, "red-9") and dealt.discard == () and dealt.draw_pile == ()
    assert dealt.old_top == card(e, "red-9")

    passed = apply(base, alone(base), Draw(0))
    assert passed.phase == Phase.awaiting_play and passed.current == 1
    assert passed.discard == (card(base, "red-9"),)


def test_every_outcome_of_the_reshuffle_holds_the_top_card() -> None:
    """The reshuffle's outcomes are the orders of the whole pile."""
    e = edition(WHOLE_PILE)
    game = table(e, [["blue-1"], ["green-7"]], top="red-9")
    pile = tuple(card(e, c) for c in ("red-1", "red-1", "blue-3"))
    game = game._replace(
        phase=Phase.awaiting_reshuffle,
        hands=(game.hands[0], tuple(sorted((*game.hands[1], *game.draw_pile)))),
        draw_pile=(),
        discard=(*pile, card(e, "red-9")),
    )
    orders = [outcome.order for outcome in chance_outcomes(e, game)]
    assert len(orders) == 4 * 3 * 2 * 1 // 2  # the two red 1s are alike
    assert all(sorted(order) == sorted(game.discard) for order in orders)


def test_no_one_jumps_in_on_an_empty_pile() -> None:
    """A jump-in needs a card identical to the top card (House rules: Jump-In): with the
    pile empty after a whole reshuffle there is none, so the red 9 held by player 0 is no
    jump-in, though it still matches the remembered red 9 on their turn. Keeping the top
    card, it is one."""

    def jumps(rule: str) -> tuple[Edition, GameState]:
        e = _with(edition(WHOLE_PILE), jump_in="identical-card", reshuffle=rule)
        hands = [["red-9", "yellow-4"], ["green-3", "green-5"], ["blue-1", "blue-2"]]
        game = table(e, hands, top="red-9", rest="discard", current=1)
        drew = apply(e, game, Draw(1))
        dealt = apply(e, drew, Reshuffle(chance_cards(e, drew)))
        return e, dealt if dealt.phase != Phase.drawn_card else apply(e, dealt, Pass(1))

    e, game = jumps("whole-discard-pile")
    assert game.current == 2 and game.discard == () and game.old_top == card(e, "red-9")
    jump = JumpIn(0, card(e, "red-9"))
    assert jump not in legal_actions(e, game)
    with pytest.raises(IllegalAction) as refused:
        apply(e, game, jump)
    assert (
        refused.value.rule == sections.JUMP_IN and "no card is on the pile" in refused.value.reason
    )

    kept, game = jumps("keep-top-card")
    assert game.current == 2 and JumpIn(0, card(kept, "red-9")) in legal_actions(kept, game)


def test_a_draw_card_still_matched_after_the_reshuffle_may_be_stacked_on() -> None:
    """Stacking (House rules: Stacking) reads the remembered card as the draw card in force:
    a Wild Draw Four played as its player's second-last card, its player caught before the
    call, the pile reshuffled whole for the penalty, and the Wild Draw Four's victim may
    still pass it on with a draw card of theirs."""
    e = _with(edition(WHOLE_PILE), stacking="any-draw-card")
    hands = [["wild-draw-four", "blue-1"], ["red-draw-two", "green-3"], ["yellow-4"]]
    game = table(e, hands, top="red-9", rest="discard")
    played = apply(e, game, Play(0, card(e, "wild-draw-four"), color("blue")))
    assert played.phase == Phase.uno_window and played.challenge is not None
    caught = apply(e, played, Catch(2, 0))
    assert caught.phase == Phase.awaiting_reshuffle
    dealt = apply(e, caught, Reshuffle(chance_cards(e, caught)))
    assert dealt.phase == Phase.awaiting_challenge and dealt.discard == ()
    assert dealt.old_top == card(e, "wild-draw-four") and len(dealt.hands[0]) == 3
    stack = Play(1, card(e, "red-draw-two"))
    assert stack in legal_actions(e, dealt)
    stacked = apply(e, dealt, stack)
    assert stacked.discard == (card(e, "red-draw-two"),) and stacked.old_top == -1
