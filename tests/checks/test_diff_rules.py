"""`diff`'s rule differences: each rule two editions differ in, on its own, with the shortest
trace that tells a from a with only that rule set to b's value (issue 37, section 3)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from scenario import edition, edition_file

from unospec.checks.analyses.diff import diff
from unospec.checks.analyses.diff.report import RuleJson
from unospec.checks.analyses.readings.alternatives import Unplayable, edited
from unospec.checks.engines.chance import normalize
from unospec.checks.engines.counterexample import concrete_trace
from unospec.checks.engines.explorer import successors
from unospec.checks.engines.joint_search import observed
from unospec.checks.engines.replay import replay
from unospec.editions import reference
from unospec.model.edition import Edition
from unospec.model.kernel import empty_table
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.state import GameState
from unospec.model.trace import parse_trace
from unospec.views.findings import diff_text

TESTS = Path(__file__).parents[1] / "editions"


def _edited(a: Edition, rule: RuleJson) -> Edition:
    """`a` with the rule's paths set to b's values, built apart from the diff's own build."""
    other = edited(reference(a), dict(zip(rule["paths"], rule["b"], strict=True)))
    assert not isinstance(other, Unplayable), other
    return other


def _seen(edition: Edition, game: GameState | None) -> object:
    return None if game is None else observed(edition, game)


def _parts_at_its_last_step(a: Edition, other: Edition, rule: RuleJson) -> None:
    """The rule's trace, replayed on the reference of both editions: alike before its last
    step, told apart by it (refused in one, or leaving states that differ)."""
    trace_json = rule["trace"]
    assert trace_json is not None and trace_json["trace"] is not None
    trace = parse_trace(json.dumps(trace_json["trace"]))
    scale = parse_scale(trace_json["trace"]["scale"] or "micro")
    sides = [scale_edition(e, scale) for e in (a, other)]
    ends = [replay(side, trace) for side in sides]
    if ends[0].ok and ends[1].ok:
        assert _seen(sides[0], ends[0].final) != _seen(sides[1], ends[1].final), rule["paths"]
    else:
        assert ends[0].ok != ends[1].ok, rule["paths"]  # legal in one only
    if trace.steps:
        before = dataclasses.replace(trace, steps=trace.steps[:-1])
        alike = [replay(side, before) for side in sides]
        assert all(end.ok for end in alike)
        assert _seen(sides[0], alike[0].final) == _seen(sides[1], alike[1].final)


def test_rlcard_against_classic_gives_each_rule_its_own_trace() -> None:
    """Every rule RLCard's UNO departs from classic by is listed on its own, and each
    departure that shows at `micro` has a trace that parts the two at its last step: a
    reshuffle that keeps the top card, a two-player Reverse that acts as a Skip, an UNO call,
    compulsory play, the first card. A single hand against a target is not tested by play
    there, and says so."""
    a, b = edition("rlcard-uno"), edition("classic")
    report = diff(a, b)
    rules = {tuple(rule["paths"]): rule for rule in report.rules}
    for paths in [
        ("play.reshuffle",),
        ("cards.reverse.reverse.with_two_players",),
        ("play.uno_call",),
        ("play.may_draw",),
        ("setup.first_card",),
        ("play.final_card_effects",),
    ]:
        rule = rules[paths]
        assert rule["verdict"] == "changes", paths
        assert rule["sections"][0] == "RLCard's UNO: rlcard/games/uno/round.py"
        _parts_at_its_last_step(a, _edited(a, rule), rule)
    assert rules[("play.reshuffle",)]["a"] == ["whole-discard-pile"]
    assert rules[("play.reshuffle",)]["b"] == ["keep-top-card"]
    assert rules[("play.uno_call",)]["b"] == ["required"]  # classic's by default
    assert rules[("scoring.game_end",)]["verdict"] == "undecided"
    assert "cannot test scoring.game_end" in rules[("scoring.game_end",)]["reason"]
    wild_draw_four = next(p for p in rules if p[0] == "cards.wild-draw-four.effect")
    assert "cards.wild-draw-four.wild-draw.bluff" in wild_draw_four  # changes with its card
    assert all(rule["verdict"] != "not-separable" for rule in report.rules)
    assert report.to_json()["rules"] == report.rules
    text = diff_text(report.to_json())
    assert "  rules: 18 (" in text
    assert "    play.reshuffle: whole-discard-pile -> keep-top-card" in text
    assert "no difference found at this scale (281 states searched)" in text


def test_two_editions_that_differ_in_two_rules_give_two_entries() -> None:
    """Classic against a test edition that changes two of its rules: two entries, each with
    the trace of its own rule (the reshuffle refused where it would keep the top card, the
    UNO window opened where a call is required)."""
    a = edition("classic")
    b = edition(str(TESTS / "whole-pile-no-uno-call.toml"))
    report = diff(a, b, max_states=50_000)
    assert [rule["paths"] for rule in report.rules] == [["play.reshuffle"], ["play.uno_call"]]
    for rule in report.rules:
        assert rule["verdict"] == "changes" and rule["steps"]
        _parts_at_its_last_step(a, _edited(a, rule), rule)


def test_a_rule_no_edition_of_a_takes_on_its_own_is_not_separable() -> None:
    """A draw by choice that ends the turn (draw-ends-turn) is refused in RLCard's UNO, where
    no one draws by choice: listed as not separable, with the schema's one line, not
    dropped."""
    report = diff(
        edition("rlcard-uno"), edition(str(TESTS / "draw-ends-turn.toml")), max_states=20_000
    )
    rule = next(r for r in report.rules if r["paths"] == ["play.draw_by_choice"])
    assert rule["verdict"] == "not-separable" and rule["trace"] is None
    assert rule["reason"].startswith("play.draw_by_choice: expected no draw by choice")
    assert "\n" not in rule["reason"]
    assert f"      not separable: {rule['reason']}" in diff_text(report.to_json())


def test_editions_alike_in_their_rules_list_none(tmp_path: Path) -> None:
    """An edition against itself, and a copy that writes the same rules another way (a Skip
    whose effect is a word, not a list), have no rule difference to list."""
    assert diff(edition("express"), edition("express"), scale="pair").rules == []
    copy = edition_file(tmp_path, "express", "my-express", ('effect = ["skip"]', 'effect = "skip"'))
    assert diff(edition("express"), edition(str(copy)), scale="pair").rules == []


def test_a_trace_through_a_first_draw_two_deals_the_cards_it_drew() -> None:
    """RLCard's first Draw Two makes player 0 draw two as the hand is dealt (round.py,
    perform_top_card). A trace through such a deal and a later draw puts the first card's
    two under the flip, and the later draw's cards under those: replayed, it reaches the
    states the search reached (the deal's outcome names only the hands and the flip)."""
    scaled = scale_edition(edition("rlcard-uno"), parse_scale("micro,colors=2"))
    start = normalize(empty_table(scaled, 2))
    checked = 0
    for deal in successors(scaled, start):
        labels = [step.branch.label for step in deal.fired]
        if not any("first_card_draws" in label for label in labels):
            continue
        after = normalize(deal.after)
        for move in successors(scaled, after):
            if not move.drawn:
                continue
            trace = concrete_trace(scaled, 2, [deal, move], base="rlcard-uno", scale=None)
            ended = replay(scaled, trace)
            assert ended.ok and ended.final is not None
            assert normalize(ended.final) == normalize(move.after)
            checked += 1
        if checked >= 5:
            break
    assert checked
