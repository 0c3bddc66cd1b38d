"""A last card that waits for a decision, where the edition carries out a last card's effect
(`play.final_card_effects = "effects-apply-then-score"`): a Wild Draw Four's challenge, a
Touchdown's race. The hand is scored once the decision is made and its draw dealt, and goes
on where the answer hands the player who went out cards again."""

from __future__ import annotations

import pytest
from scenario import LAST_CARD_CHALLENGED, LAST_CARD_RACE, card, color, edition, table

from unospec.checks.properties.invariants import violations
from unospec.model.actions import Accept, Challenge, NameLoser, Play
from unospec.model.errors import IllegalAction
from unospec.model.kernel import legal_actions, run
from unospec.model.primitives import PenaltyRace
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase

DRAW = ["yellow-1", "yellow-2", "yellow-3", "yellow-4", "yellow-5", "yellow-6"]


def _last_wild_draw_four(hand: tuple[str, ...] = ()) -> GameState:
    """Player 0 plays their last card, a Wild Draw Four naming blue, on a red 9, having
    held `hand` besides it when the play was judged (nothing: innocent)."""
    e = edition(LAST_CARD_CHALLENGED)
    game = table(e, [["wild-draw-four"], ["blue-3", "blue-4"], ["green-5"]], top="red-9",
                 draw=[*DRAW, *hand])  # fmt: skip
    played, fired = run(e, game, Play(0, card(e, "wild-draw-four"), color("blue")))
    assert [f.branch.event for f in fired] == ["play", "choose_color", "resolve"]
    assert played.phase == Phase.awaiting_challenge and played.hands[0] == ()
    assert violations(e, played, game, fired) == []
    return played


def test_a_last_wild_draw_four_waits_for_its_answer() -> None:
    """The card is played as any Wild Draw Four, its colour named: the hand is not over
    while its victim may still challenge it. Classic's last card ends it at once, no colour
    named."""
    played = _last_wild_draw_four()
    assert played.color == color("blue") and played.challenge is not None
    assert played.current == 1 and played.challenge.victim == 1
    classic = edition("classic")
    game = table(classic, [["wild-draw-four"], ["blue-3"], ["green-5"]], top="red-9", draw=DRAW)
    _, fired = run(classic, game, Play(0, card(classic, "wild-draw-four")))
    assert [f.branch.event for f in fired] == ["play", "score"]


def test_a_last_wild_draw_four_names_its_colour() -> None:
    """Its colour is named as any wild's (play goes on if a guilty offender draws): a play
    naming none is refused, citing the card's section."""
    e = edition(LAST_CARD_CHALLENGED)
    game = table(e, [["wild-draw-four"], ["blue-3"], ["green-5"]], top="red-9", draw=DRAW)
    with pytest.raises(IllegalAction, match="needs a colour") as refused:
        run(e, game, Play(0, card(e, "wild-draw-four")))
    assert refused.value.rule == e.section_of("wild-draw-four")
    assert set(legal_actions(e, game)) >= {
        Play(0, card(e, "wild-draw-four"), c) for c in e.color_indices
    }


def test_accepted_the_victim_draws_four_and_the_hand_is_scored_with_them() -> None:
    """Accepted, player 1 draws four, and the hand is over: player 0 scores the cards left,
    the four drawn among them (3 + 4 + 1 + 2 + 3 + 4 for player 1, 5 for player 2)."""
    e = edition(LAST_CARD_CHALLENGED)
    played = _last_wild_draw_four()
    after, fired = run(e, played, Accept(1))
    assert [f.branch.event for f in fired] == ["accept", "draw_owed", "resolve", "score"]
    assert after.phase == Phase.dealing
    assert after.scores == (3 + 4 + 1 + 2 + 3 + 4 + 5, 0, 0)
    assert violations(e, after, played, fired) == []


def test_a_lost_challenge_costs_the_challenger_six_and_the_hand_is_scored() -> None:
    """Challenged, the offender is innocent (their hand is empty; their last card was the
    Wild Draw Four, played on red with no red card): the challenger draws six, and the hand
    is scored with them."""
    e = edition(LAST_CARD_CHALLENGED)
    played = _last_wild_draw_four()
    after, fired = run(e, played, Challenge(1))
    assert [f.branch.event for f in fired] == ["challenge", "draw_owed", "resolve", "score"]
    assert after.phase == Phase.dealing
    assert after.scores == (3 + 4 + sum(range(1, 7)) + 5, 0, 0)


def test_a_guilty_offender_draws_four_and_the_hand_goes_on() -> None:
    """An offender judged guilty (the challenge judged by the hand the card was played
    from, which held a red card: classic's reading) draws four even with no card left,
    holds cards again, and play goes on with the turn after the victim's: no one has gone
    out, and nothing is scored."""
    e = edition(LAST_CARD_CHALLENGED)
    played = _last_wild_draw_four()
    assert played.challenge is not None
    guilty = played._replace(challenge=played.challenge._replace(guilty=True))
    after, fired = run(e, guilty, Challenge(1))
    assert [f.branch.event for f in fired] == ["challenge", "draw_owed", "resolve"]
    assert after.phase == Phase.awaiting_play
    assert len(after.hands[0]) == 4 and after.scores == (0, 0, 0)
    assert after.current == 1  # classic: the challenger plays after a successful challenge
    assert violations(e, after, guilty, fired) == []


def test_a_last_touchdown_runs_its_race_and_the_loser_draws_before_the_score() -> None:
    """The table names the race's loser after a last Touchdown (its colour named); the
    loser draws its penalty, and the hand is scored with those cards."""
    e = edition(LAST_CARD_RACE)
    game = table(e, [["wild-touchdown"], ["blue-3", "blue-4"], ["green-5"]], top="red-9",
                 draw=DRAW)  # fmt: skip
    played, fired = run(e, game, Play(0, card(e, "wild-touchdown"), color("blue")))
    assert [f.branch.event for f in fired] == ["play", "choose_color"]
    assert played.phase == Phase.special_wild and played.hands[0] == ()
    assert violations(e, played, game, fired) == []
    after, fired = run(e, played, NameLoser(2))
    assert [f.branch.event for f in fired] == ["name_loser", "draw_owed", "resolve", "score"]
    race = e.faces.effect[card(e, "wild-touchdown")].find(PenaltyRace)
    assert race is not None and race.draw == 3
    assert after.phase == Phase.dealing
    assert after.scores == (3 + 4 + 5 + 1 + 2 + 3, 0, 0)
    assert violations(e, after, played, fired) == []
