"""What conformance asks beyond agreement on the reachable states (issue 39): moves of cards
the mover does not hold, shuffles that are no outcome, the rule a refusal cites, every field
of the state made wrong, steps handed a wrong successor, canonical forms, a variant whose
parameters all differ, and the runs `unospec check` shares its states among. Each part is
shown to fail on an implementation that gets it wrong."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from scenario import HOUSE_CARDS, LAST_CARD, RLCARD, SHORT_DRAW, WHOLE_PILE, edition, ids, table
from test_conformance import ReferenceAsAnEngine

from unospec.checks.engines.codec import decode
from unospec.checks.engines.compiled.adapter import CompiledRules
from unospec.checks.engines.compiled.layout import HOLDS
from unospec.checks.engines.conformance import conform
from unospec.checks.engines.conformance.converse import MoveTable, false_shuffles, not_offered
from unospec.checks.engines.conformance.corruption import (
    FIELDS,
    STATE_CORRUPTIONS,
    STEP_CORRUPTIONS,
    gated,
)
from unospec.checks.engines.conformance.plan import check_plan
from unospec.checks.engines.explore_job import explore_edition
from unospec.checks.jobs.main_check import CONFORM_GAMES, CONFORM_STATES
from unospec.cli import main
from unospec.editions import builtin_names
from unospec.model.actions import Deal, Keep, Play, Reshuffle
from unospec.model.branches import (
    first_card_draws,
    first_card_names_colour,
    first_card_played,
    last_card_draw_dealt,
    last_card_draws,
    reshuffles_first,
)
from unospec.model.distinguishing import distinguishing
from unospec.model.kernel import legal_actions
from unospec.model.primitives import WildDraw
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.state import GameState, Owed, PendingChallenge
from unospec.model.table import MACHINE
from unospec.model.trace import parse_trace
from unospec.model.vocabulary import Phase

EDITIONS = ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii")


# -- the plan ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", builtin_names())
def test_the_check_shares_its_states_among_the_scales_that_reach_the_rules(name: str) -> None:
    """Micro at two seats and at three, two colours with action cards, two copies of each
    wild, the distinguishing variant and the deal between hands, their states adding up to
    the check's; the full-size games in the first run."""
    runs = check_plan(edition(name), CONFORM_STATES, CONFORM_GAMES)
    assert sum(run.states for run in runs) == CONFORM_STATES
    assert [run.games for run in runs] == [CONFORM_GAMES] + [0] * (len(runs) - 1)
    whole = [dataclasses.replace(parse_scale(run.scale), kinds=()) for run in runs]  # parts
    seen = {(s, run.players or 2, run.variant) for s, run in zip(whole, runs, strict=True)}
    micro = parse_scale("micro")
    assert runs[0].players is None  # the fewest seats; its games at every table size
    assert (micro, 2, None) in seen and (micro, 3, None) in seen
    assert (micro, 2, "distinguishing") in seen
    scales = [parse_scale(run.scale) for run in runs]
    assert any(s.colors == 2 and s.actions >= 1 for s in scales)
    assert any(s.wilds == 2 for s in scales)
    assert any(s.target > 1 for s in scales)
    parts = [s.kinds for s in scales if s.kinds and s.copies == 1 and s.colors == 1]
    if parts:  # a deck compared in parts (No Mercy's): together they hold every kind
        kept = {kind for part in parts for kind in part}
        dealt = {kind for kind, _ in edition(name).effects} | {"number"}
        assert dealt <= kept


def test_an_edition_of_one_colour_for_two_leaves_out_what_it_cannot_play() -> None:
    """A deck of one colour has no two-colour run, a table of two no run at three seats:
    their states go to the first run."""
    base = edition("classic")
    narrow = dataclasses.replace(
        base, colors=base.colors[:1], rules=dataclasses.replace(base.rules, max_players=2)
    )
    runs = check_plan(narrow, 1000, 2)
    assert [parse_scale(run.scale).colors for run in runs] == [1] * len(runs)
    assert all(run.players in (None, 2) for run in runs)
    assert sum(run.states for run in runs) == 1000


# -- the converse -----------------------------------------------------------------------------


def _awaiting(name: str = "classic") -> tuple[Any, GameState]:
    e = scale_edition(edition(name), parse_scale("micro,colors=2"))
    game = table(e, hands=[["red-1", "yellow-skip"], ["wild"]], top="red-reverse")
    return e, game


def test_the_mover_tries_every_card_it_does_not_hold_and_every_colour() -> None:
    """Cards from another hand, the draw pile and the discard pile, each by the mover; its
    own cards with no colour, each colour of the deck and one the deck lacks; moves by the
    other seat and by one past the table."""
    e, game = _awaiting()
    tries = not_offered(e, MoveTable.of(e, 2), game, legal_actions(e, game), 0)
    plays = {(a.player, a.card, a.color) for a in tries if isinstance(a, Play)}
    wild, top = ids(e, ["wild", "red-reverse"])
    under = game.draw_pile[0]
    for foreign in (wild, top, under):  # another hand's, the discard pile's, the draw pile's
        assert any(player == 0 and card == foreign for player, card, _ in plays)
    red_1 = ids(e, ["red-1"])[0]
    offered = {a.color for a in legal_actions(e, game) if isinstance(a, Play) and a.card == red_1}
    tried = {color for player, card, color in plays if (player, card) == (0, red_1)}
    assert tried | offered == {-1, 0, 1, 2}  # none, red and yellow (the deck's), green
    assert any(player == 1 for player, _, _ in plays)  # the wrong seat
    assert any(getattr(a, "player", None) == 2 for a in tries)  # no such seat
    assert not set(tries) & set(legal_actions(e, game))


@pytest.mark.parametrize("phase", [Phase.awaiting_reshuffle, Phase.dealing])
def test_a_shuffle_that_is_no_outcome_is_tried(phase: Phase) -> None:
    """Orders short, long, with a card twice and with a card from elsewhere: none is a
    reordering of what the table shuffles."""
    e, game = _awaiting()
    if phase == Phase.dealing:
        cards, game = e.faces.in_play, game._replace(phase=phase)
    else:
        game = game._replace(
            phase=phase, draw_pile=(), discard=(*game.draw_pile, *game.discard),
            owed=Owed(0, 1, Phase.drawn_card),
        )  # fmt: skip
        cards = tuple(sorted(game.discard[:-1]))
    orders = [a.order for a in false_shuffles(e, game) if isinstance(a, Reshuffle | Deal)]
    assert len(orders) >= 3
    lengths = {len(order) for order in orders}
    assert len(cards) - 1 in lengths and len(cards) + 1 in lengths
    assert all(Counter(order) != Counter(cards) for order in orders)
    same_length = [order for order in orders if len(order) == len(cards)]
    assert any(set(order) - set(cards) for order in same_length) or phase == Phase.dealing
    assert any(max(Counter(order).values()) > max(Counter(cards).values()) for order in orders)


class _Lenient(ReferenceAsAnEngine):
    """The reference as an implementation, with one fault of its own."""

    def __init__(self, e: Any, players: int, fault: str) -> None:
        super().__init__(e, players)
        self.fault = fault

    def step(self, state: GameState, action: Any) -> Any:
        stepped = super().step(state, action)
        if stepped.refused is None:
            return stepped
        if self.fault == "keeps-any-card" and isinstance(action, Keep | Play):
            held = action.card in state.hands[action.player] if action.player < 2 else True
            if not held and stepped.refused[1] == "Let's Play":
                return dataclasses.replace(stepped, refused=None, state=state)
        if self.fault == "wrong-rule" and stepped.refused[1] == "Let's Play":
            return dataclasses.replace(stepped, refused=("illegal", "Let's Play 1"))
        reshuffling = state.phase == Phase.awaiting_reshuffle
        if self.fault == "short-reshuffle" and reshuffling and isinstance(action, Reshuffle):
            pile = tuple(sorted(state.discard[:-1]))
            if len(action.order) < len(pile) and set(action.order) <= set(pile):
                took = state._replace(draw_pile=action.order, discard=state.discard[-1:])
                return dataclasses.replace(stepped, refused=None, state=took)
        return stepped


@pytest.mark.parametrize(
    ("fault", "scale", "what"),
    [
        ("keeps-any-card", "micro", "converse"),
        ("wrong-rule", "micro", "converse"),
        ("short-reshuffle", "micro", "converse"),
    ],
)
def test_an_implementation_that_accepts_or_refuses_otherwise_is_caught(
    fault: str, scale: str, what: str
) -> None:
    """Accepting a card the player does not hold, citing another rule for a refusal, or
    taking a shuffle of the wrong cards: each is a first difference of the converse."""
    report = conform(
        edition("classic"), scale=scale, games=0, max_states=3000,
        opener=lambda e, players: _Lenient(e, players, fault),
    )  # fmt: skip
    difference = report.to_json()["first_difference"]
    assert difference is not None and difference["what"] == what, difference
    assert difference["trace"]["steps"][-1] == difference["action"]


# -- corruption -------------------------------------------------------------------------------


def test_every_field_of_the_state_has_a_corruption() -> None:
    """The catalogue covers every field, an obligation's included; a field added to the
    state without one fails when the module is imported."""
    assert {c.field for c in STATE_CORRUPTIONS} == set(FIELDS)
    assert set(FIELDS) >= set(GameState._fields)
    assert {f"owed.{f}" for f in Owed._fields} | {
        f"challenge.{f}" for f in PendingChallenge._fields
    } <= set(FIELDS)


def test_a_run_corrupts_every_field_the_engine_holds_and_all_its_bookkeeping() -> None:
    """One conformance run of a few hundred states flags, in both implementations, every
    field of the state the engine's row holds (the cards set aside are the edition's
    constant there) and every slot of its own bookkeeping (`layout.HOLDS`)."""
    report = conform(edition("classic"), games=0, max_states=600)
    assert report.ok, report.to_json()["first_difference"]
    held = {f for f in FIELDS if f.split(".")[0] in CompiledRules.held_fields}
    bookkeeping = {f"[{slot}]" for slot, field in HOLDS.items() if field is None}
    assert set(report.fields_corrupted) == held | bookkeeping
    assert "set_aside" not in CompiledRules.held_fields and report.wrong_steps > 0


def test_verdicts_past_a_broken_gate_are_not_compared() -> None:
    """A broken type leaves nothing else to compare; broken seats nothing after them; a
    malformed obligation leaves the moves-offered invariants out."""
    assert gated(["type-ok", "card-conservation", "no-deadlock"]) == ("type-ok",)
    assert gated(["card-conservation", "seats-and-direction", "colour-in-force"]) == (
        "card-conservation", "seats-and-direction"
    )  # fmt: skip
    assert gated(["pending-well-formed", "no-deadlock", "colour-in-force"]) == (
        "pending-well-formed", "colour-in-force"
    )  # fmt: skip


class _WeakInvariants(ReferenceAsAnEngine):
    """The reference as an implementation whose invariants are the reference's, one weakened."""

    def __init__(self, e: Any, players: int, weak: str) -> None:
        super().__init__(e, players)
        self.weak = weak

    def state_broken(self, state: GameState) -> frozenset[str]:
        from unospec.checks.properties.invariants import violations

        found = {name for name, _ in violations(self.edition, state, kinds=("always",))}
        if self.weak == "leader" and state.leader == state.players:
            found.discard("seats-and-direction")
        return frozenset(found)

    def step_broken(
        self, state: GameState, action: Any, claimed: GameState, at: int
    ) -> frozenset[str]:
        from unospec.checks.engines.conformance.corruption import judged_with
        from unospec.checks.properties.invariants import violations
        from unospec.model.kernel import run

        after, fired = run(self.edition, state, action)
        outcome = type("O", (), {"fired": fired, "after": after})()
        fired, end = judged_with(outcome, at, claimed)  # type: ignore[arg-type]
        found = {n for n, _ in violations(self.edition, end, state, fired, kinds=("step",))}
        if self.weak == "amount-owed":
            found.discard("draws-are-owed")
        return frozenset(found)


@pytest.mark.parametrize(
    ("weak", "what"), [("leader", "verdicts"), ("amount-owed", "step-verdicts")]
)
def test_an_invariant_weakened_on_a_field_or_a_step_is_caught(weak: str, what: str) -> None:
    """A seat check blind to the leader passes every reachable state and fails the
    leader's corruption; a draw check blind to the amount passes every real step and fails
    a step handed a draw owed one more."""
    report = conform(
        edition("classic"), games=0, max_states=4000,
        opener=lambda e, players: _WeakInvariants(e, players, weak),
    )  # fmt: skip
    difference = report.to_json()["first_difference"]
    assert difference is not None and difference["what"] == what, difference
    assert ("leader" if weak == "leader" else "draw owed") in str(difference["reference"])


def test_every_wrong_step_is_judged_alike_by_the_engine() -> None:
    """Each way of making a step wrong applies somewhere in a short run, and the engine's
    step invariants judge it as the reference's do (else the run would not pass)."""
    report = conform(edition("express"), games=0, max_states=1200)
    assert report.ok, report.to_json()["first_difference"]
    assert report.wrong_steps >= len(STEP_CORRUPTIONS) * 10


# -- symmetry ---------------------------------------------------------------------------------


class _Canonical(ReferenceAsAnEngine):
    """The reference as an implementation with canonical forms: right, or forgetting to
    rename the colour in force."""

    def __init__(self, e: Any, players: int, forget_colour: bool) -> None:
        super().__init__(e, players)
        self.forget_colour = forget_colour

    def canonical(self, state: GameState) -> tuple[object, GameState]:
        from unospec.checks.engines.chance import normalize
        from unospec.checks.engines.symmetry import canonical, colour_renamings, rename

        renamings = colour_renamings(self.edition)
        normal = normalize(state)
        if not self.forget_colour:
            form = canonical(normal, renamings)[0]
            return form, form
        images = [rename(normal, r)._replace(color=normal.color) for r in renamings]
        return min(images), min(images)


@pytest.mark.parametrize("forget", [False, True])
def test_canonical_forms_are_held_to_the_reference(forget: bool) -> None:
    """Right forms pass at two colours; forms that rename every card but not the colour in
    force stand for no state of the orbit, and are caught."""
    report = conform(
        edition("classic"), scale="micro,colors=2,wilds=0", games=0, max_states=400,
        opener=lambda e, players: _Canonical(e, players, forget),
    )  # fmt: skip
    difference = report.to_json()["first_difference"]
    if not forget:
        assert report.ok and report.canonical_forms == report.states_compared, difference
    else:
        assert difference is not None and difference["what"] == "symmetry"


# -- the distinguishing variant ---------------------------------------------------------------


def _numbers(e: Any) -> list[int]:
    counts = [
        value
        for _, effect in e.effects
        for step in effect.steps
        for value in dataclasses.asdict(step).values()
        if type(value) is int
    ]
    points = [worth for _, worth in e.rules.points if isinstance(worth, int)]
    return [*counts, e.rules.uno_penalty, *points]


@pytest.mark.parametrize("name", EDITIONS)
def test_the_distinguishing_variant_gives_every_number_its_own_value(name: str) -> None:
    """Draw amounts, the UNO penalty and the points of each kind all differ, none is the
    plain draw of one card, and nothing else changes."""
    base, variant = edition(name), distinguishing(edition(name))
    numbers = _numbers(variant)
    assert len(numbers) == len(set(numbers)) and 1 not in numbers
    assert len(_numbers(base)) > len(set(_numbers(base)))  # the built-in repeats some
    assert variant.deck == base.deck and variant.colors == base.colors
    unchanged = dataclasses.replace(variant, effects=base.effects, rules=base.rules)
    assert unchanged == base
    wild_draw = next(step for _, e in variant.effects if (step := e.find(WildDraw)) is not None)
    assert wild_draw.offender_draws != wild_draw.draw


def test_a_difference_on_the_variant_writes_a_trace_that_replays_on_the_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The trace names the variant; replay plays it on the variant, where the draw the
    reference owes is the variant's (an implementation that owes the built-in amount
    parts from it there)."""

    class BuiltInPenalty(ReferenceAsAnEngine):
        def step(self, state: GameState, action: Any) -> Any:
            stepped = super().step(state, action)
            owed = stepped.state.owed if stepped.state is not None else None
            if owed is not None and owed.amount == 3:  # the variant's offender draws
                fixed = stepped.state._replace(owed=owed._replace(amount=4))
                return dataclasses.replace(stepped, state=fixed)
            return stepped

    report = conform(
        edition("classic"), games=0, max_states=3000, variant="distinguishing",
        opener=lambda e, players: BuiltInPenalty(e, players),
    )  # fmt: skip
    difference = report.to_json()["first_difference"]
    assert difference is not None and difference["trace"]["variant"] == "distinguishing"
    path = tmp_path / "variant.json"
    path.write_text(json.dumps(difference["trace"]), encoding="utf-8")
    assert parse_trace(path.read_text(), str(path)).variant == "distinguishing"
    assert main(["replay", str(path), "--format", "json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["final"]["owed"] is None or replayed["final"]["owed"]["amount"] != 4


def test_a_trace_naming_an_unknown_variant_is_refused(tmp_path: Path) -> None:
    """One line naming the key and the variants there are."""
    trace = {"edition": "classic", "players": 2, "variant": "lenient", "deck": [], "steps": []}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(trace), encoding="utf-8")
    assert main(["replay", str(path)]) == 2


@pytest.mark.full_conformance
@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.slow
def test_the_engine_agrees_on_every_run_of_the_check(name: str) -> None:
    """As `unospec check` runs it: every run of the plan, its states, moves not offered,
    corrupted states, wrong successors, canonical forms and the full-size games."""
    from unospec.checks.jobs.edition_checks import ConformancePlan

    plan = ConformancePlan(CONFORM_STATES, CONFORM_GAMES)
    for run in plan.runs(edition(name)):
        report = plan(edition(name), run)
        assert report["ok"], (run, report["first_difference"])
        compared = report["states_compared"]
        assert compared == run.states or (report["complete"] and compared < run.states)
        assert report["canonical_forms"] == compared


HOUSE_SCALES = (
    ("micro,hand=2,kinds=number+skip-everyone", 2),
    ("micro,colors=2,hand=2,kinds=number+discard-all", 2),
    ("micro,hand=2,kinds=number+number-0", 3),
    ("micro,hand=2,kinds=number+number-7", 3),
    ("micro,hand=2,kinds=number+wild-swap-hands+wild-reverse-draw-four", 3),
    ("micro,hand=2,kinds=number+swap-draw-two", 3),
)
"""Scales of the house cards' edition where each new primitive is played from a hand of two
(a hand of one plays its last card, whose effect never comes)."""


@pytest.mark.parametrize(("scale", "players"), HOUSE_SCALES)
def test_the_engine_plays_every_new_primitive_as_the_reference(scale: str, players: int) -> None:
    """On a user's edition of house cards, the engine agrees with the reference in every
    state of a scale where the card is played with its effect, moves not offered included
    (a swap naming each seat, a card naming a seat it does not act on)."""
    report = conform(edition(HOUSE_CARDS), scale=scale, players=players, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.complete and report.states_compared > 50


def test_the_engine_plays_an_edition_without_an_uno_call_as_the_reference() -> None:
    """`play.uno_call = "none"` (RLCard's UNO): the engine opens no window either, in every
    state of micro at two seats and in full-size games."""
    base = edition("classic")
    e = dataclasses.replace(base, rules=dataclasses.replace(base.rules, uno_call="none"))
    report = conform(e, scale="micro", players=2, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.complete and report.states_compared > 1000


@pytest.mark.parametrize("scale", ["micro", "micro,hand=3"])
def test_the_engine_plays_rlcards_rules_as_the_reference(scale: str) -> None:
    """RLCard's UNO (tests/editions/rlcard.toml): the last-resort Wild Draw Four, the drawn
    card played by its colour, the drawn wild played plain, in every state of the scale at
    two seats and in full-size games. With hands of three, a Wild Draw Four is held beside a
    playable card."""
    report = conform(edition(RLCARD), scale=scale, players=2, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.complete and report.states_compared > 250  # 281 at micro


@pytest.mark.parametrize(
    ("scale", "players"),
    [("micro", 2), ("micro,colors=2,kinds=number+draw-two,actions=2,hand=2,copies=2", 3)],
)
def test_the_engine_reshuffles_before_a_short_draw_as_the_reference(
    scale: str, players: int
) -> None:
    """`play.reshuffle_when = "before-a-short-draw"` (RLCard's UNO): the engine waits for
    the reshuffle before dealing a draw the pile is short of, and takes the pile's cards
    into it, in every state of micro (a Draw Two or Wild Draw Four on one or three cards
    left) and of a deck of Draw Twos at three seats, and in full-size games; the reference
    reaches that branch there."""
    report = conform(edition(SHORT_DRAW), scale=scale, players=players, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.complete and report.states_compared > 1000
    explored = explore_edition(
        edition(SHORT_DRAW), SHORT_DRAW, players=players, scale=scale, engine="reference"
    )
    (first,) = (b for b in MACHINE.branches if b.conditions == (reshuffles_first,))
    assert explored.exploration.fired[first.number] > 0


@pytest.mark.parametrize(
    ("scale", "players", "jump_in"),
    [
        ("micro", 2, False),
        ("micro,colors=2,kinds=number+draw-two,actions=2,hand=2,copies=2", 3, False),
        ("micro,colors=2,kinds=number+draw-two,actions=2,hand=2,copies=2", 2, True),
    ],
)
def test_the_engine_carries_out_a_last_cards_effect_as_the_reference(
    scale: str, players: int, jump_in: bool
) -> None:
    """`play.final_card_effects = "effects-apply-then-score"` (RLCard's UNO): the engine
    deals a last Draw Two's or Wild Draw Four's cards, reshuffling where the pile is short,
    and then ends and scores the hand, in every state of micro, of a deck of Draw Twos at
    three seats and, with jump-in, at two (a last Draw Two jumped in), and in full-size
    games; the reference takes each new transition there."""
    e = edition(LAST_CARD)
    if jump_in:
        e = dataclasses.replace(e, rules=dataclasses.replace(e.rules, jump_in="identical-card"))
    report = conform(e, scale=scale, players=players, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.complete and report.states_compared > 1000
    explored = explore_edition(e, LAST_CARD, players=players, scale=scale, engine="reference")
    fired = explored.exploration.fired
    event = "jump_in" if jump_in else "play"
    (last,) = (b for b in MACHINE.branches if b.event == event and last_card_draws in b.conditions)
    (over,) = (b for b in MACHINE.branches if b.conditions == (last_card_draw_dealt,))
    assert fired[last.number] > 0 and fired[over.number] > 0


@pytest.mark.parametrize(
    ("scale", "players", "rules"),
    [
        ("micro", 2, {}),
        ("micro", 2, {"stacking": "any-draw-card", "jump_in": "identical-card"}),
        ("micro,colors=2,kinds=number+draw-two,actions=2,hand=2,copies=2", 3, {}),
    ],
)
def test_the_engine_reshuffles_the_whole_discard_pile_as_the_reference(
    scale: str, players: int, rules: dict[str, str]
) -> None:
    """`play.reshuffle = "whole-discard-pile"` (RLCard's UNO): the engine takes the top card
    into the new draw pile too, leaves the discard pile empty and goes on matching the card
    that was on top until a card is played on it, in every state of micro (with stacking and
    jump-in too, which read the pile's top) and of a deck of Draw Twos at three seats, and
    in full-size games; the reference reaches play on the empty pile there."""
    base = edition(WHOLE_PILE)
    e = dataclasses.replace(base, rules=dataclasses.replace(base.rules, **rules))
    report = conform(e, scale=scale, players=players, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.complete and report.states_compared > 1000
    explored = explore_edition(e, WHOLE_PILE, players=players, scale=scale, engine="reference")
    emptied = [decode(state) for state in explored.exploration.states]
    emptied = [game for game in emptied if game.old_top >= 0]
    assert any(game.phase == Phase.awaiting_play and not game.discard for game in emptied)


@pytest.mark.parametrize("players", [2, 3])
def test_the_engine_carries_out_a_first_card_as_the_reference(players: int) -> None:
    """`setup.first_card = "played-by-the-dealer"` (RLCard's UNO): the engine carries out a
    first Skip, Reverse, Draw Two and wild as the dealer's play, each card's first effect,
    the dealer naming a first wild's colour, in every state of micro and in full-size games;
    the reference takes each of the flip's new transitions there."""
    e = edition(RLCARD)
    report = conform(e, scale="micro", players=players, games=2)
    assert report.ok, report.to_json()["first_difference"]
    assert report.complete and report.states_compared > 250
    explored = explore_edition(e, RLCARD, players=players, scale="micro", engine="reference")
    carried = (first_card_names_colour, first_card_draws, first_card_played)
    new = [b for b in MACHINE.branches if set(b.conditions) & set(carried)]
    new += [b for b in MACHINE.branches if b.event == "name_first_colour"]
    assert len(new) == 4
    assert all(explored.exploration.fired[b.number] > 0 for b in new)
