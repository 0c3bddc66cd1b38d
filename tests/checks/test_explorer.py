"""The explorer: pinned state counts (a model manifest), symmetry soundness, mutations caught.

Like the TLA+ examples' manifests and stateright's tests, the counts below are what the
explorer finds for these configurations; a change in them is a change in the rules' state
space and must be explained.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from scenario import UNDER_THE_PILE, edition, edition_file

from unospec.checks.engines import explorer
from unospec.checks.engines.chance import normalize
from unospec.checks.engines.codec import encode
from unospec.checks.engines.counterexample import regression_test
from unospec.checks.engines.explore_job import run_exploration, write_counterexample
from unospec.checks.engines.explorer import explore, successors
from unospec.checks.engines.replay import edition_for, replay
from unospec.checks.engines.symmetry import canonical, colour_renamings
from unospec.checks.jobs.main_check import check_edition
from unospec.checks.properties import invariants
from unospec.editions import builtin_path, load_edition
from unospec.model import kernel, moves, updates
from unospec.model.actions import Deal, Play
from unospec.model.errors import InputError, RuleGap
from unospec.model.scale import fitting_scale, parse_scale, scale_edition
from unospec.model.scoring import hand_points, hand_winner
from unospec.model.table import MACHINE
from unospec.model.trace import parse_trace

# (edition, scale, players) -> distinct states with symmetry, without, BFS depth. The scales
# with a target above the points of one hand's cards play several hands (Keeping Score), so
# scoring, the next hand's leader and the deal between hands are explored too. The counts
# fell on 2026-11-27 (classic pair 673 -> 601 without symmetry) when a draw that finds no
# card anywhere stopped reopening the UNO window of a player who already had one card.
MANIFEST = {
    ("classic", "pair", 2): (301, 601, 12),
    ("express", "pair", 2): (305, 609, 12),
    ("nfl-cowboys", "pair", 2): (2593, 5185, 16),
    ("star-wars", "pair", 2): (2085, 4169, 16),
    ("super-bowl-lvii", "pair", 2): (1995, 3989, 16),
    ("express", "micro", 2): (31648, 31648, 17),
    ("classic", "micro,wilds=0,target=2", 2): (2596, 2596, 40),
    ("nfl-cowboys", "pair,target=6", 2): (10274, 20544, 20),
}


@functools.cache
def _explore(name: str, scale: str, players: int, symmetry: bool) -> Any:
    """The (deterministic) exploration, once per process: the pinned counts and the
    symmetry check read the same ones. Call it with the kernel unpatched."""
    return explore(scale_edition(edition(name), parse_scale(scale)), players, symmetry=symmetry)


@pytest.mark.parametrize(("name", "scale", "players"), list(MANIFEST))
@pytest.mark.slow
def test_pinned_state_counts_and_verdicts(name: str, scale: str, players: int) -> None:
    """Each configuration explores completely, breaks no invariant, can always end, and
    has the pinned number of distinct states with and without symmetry reduction."""
    reduced, full, depth = MANIFEST[(name, scale, players)]
    with_symmetry = _explore(name, scale, players, True)
    without = _explore(name, scale, players, False)
    assert with_symmetry.complete and without.complete
    assert with_symmetry.stuck == without.stuck == []
    assert len(without.sources) == len(without.targets) == without.transitions
    assert (len(with_symmetry.states), len(without.states)) == (reduced, full)
    assert with_symmetry.depth == without.depth == depth


@pytest.mark.parametrize(
    ("name", "scale", "players"), [k for k in MANIFEST if k[1].startswith("pair")]
)
@pytest.mark.slow
def test_symmetry_reduction_is_sound(name: str, scale: str, players: int) -> None:
    """With colour symmetry the explorer reaches the same phases and transitions, reaches the
    same verdict, and its orbits add up to exactly the states found without it."""
    with_symmetry = _explore(name, scale, players, True)
    without = _explore(name, scale, players, False)
    assert with_symmetry.unreduced_states == len(without.states)
    assert with_symmetry.phases == without.phases
    assert set(with_symmetry.fired) == set(without.fired)
    assert (with_symmetry.violation is None) == (without.violation is None)
    assert (with_symmetry.stuck == []) == (without.stuck == [])


def _mutated(label: str, update: Callable[..., Any], machine: Any = MACHINE) -> Any:
    branches = tuple(
        dataclasses.replace(b, update=update) if b.label == label else b for b in machine.branches
    )
    by_event: dict[tuple[str, str], tuple[Any, ...]] = {}
    for branch in branches:
        key = (branch.source, branch.event)
        by_event[key] = (*by_event.get(key, ()), branch)
    return dataclasses.replace(machine, branches=branches, by_event=by_event)


def _payout_from_nowhere(e, game, action):  # type: ignore[no-untyped-def]
    """A challenge whose loser also receives a copy of the top card, out of nowhere."""
    game = updates.judge_challenge(e, game, action)
    assert game.owed is not None
    hands = list(game.hands)
    hands[game.owed.player] = tuple(sorted((*hands[game.owed.player], game.top)))
    return game._replace(hands=tuple(hands))


def _window_left_open(e, game, action):  # type: ignore[no-untyped-def]
    """Closing the UNO window that forgets to close it."""
    return game


def _scores_below_zero(e, game, action):  # type: ignore[no-untyped-def]
    """Scoring that takes the hand's points away from its winner, below zero: a score the
    explorer's packing cannot hold (it crashed on it instead of reporting the bug)."""
    scored = updates.score_hand(e, game, action)
    return scored._replace(scores=tuple(-1 - s for s in scored.scores))


MUTANTS = {
    "payout-from-nowhere": (
        "awaiting_challenge --challenge--> table_draws",
        _payout_from_nowhere,
        "card-conservation",
    ),
    "window-left-open": (
        "uno_window --close_window--> awaiting_play",
        _window_left_open,
        "pending-well-formed",
    ),
}


@pytest.fixture
def mutant(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    label, update, invariant = MUTANTS[request.param]
    monkeypatch.setattr(kernel, "MACHINE", _mutated(label, update))
    yield invariant


@pytest.mark.parametrize("mutant", list(MUTANTS), indirect=True)
def test_a_seeded_bug_is_caught_with_a_shortest_replayable_counterexample(
    mutant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kernel with a seeded bug breaks the invariant about it; the counterexample trace
    replays to the same violation, and its regression test fails until the bug is gone."""
    report = run_exploration("nfl-cowboys", scale="pair", engine="reference")
    assert not report.ok and report.trace is not None
    violation = report.exploration.violation
    assert violation is not None and violation.invariant == mutant
    assert report.replayed is not None and report.replayed["violation"]["invariant"] == mutant
    assert report.table and all(row["changes"] for row in report.table)
    # the table the steps start from, in full: scale pair deals one card each, then turns up
    # the next (Set Up), so the trace's deck reads hand 0, hand 1, top
    deck = report.trace.deck
    assert [line for line in report.dealt if line.startswith(("hand", "top"))] == [
        f"hand 0: {deck[0]}",
        f"hand 1: {deck[1]}",
        f"top {deck[2]}",
    ]
    source = regression_test(report.trace, violation.invariant, violation.message)
    namespace: dict[str, Any] = {"__file__": "regression_test.py"}  # as pytest loads it
    exec(compile(source, "regression_test.py", "exec"), namespace)
    test = next(v for k, v in namespace.items() if k.startswith("test_"))
    with pytest.raises(AssertionError):
        test()  # the bug is still there
    monkeypatch.setattr(kernel, "MACHINE", MACHINE)
    test()  # without the bug the trace replays cleanly


def test_a_state_the_packing_cannot_hold_is_reported_not_crashed_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A scoring bug that leaves negative scores (Keeping Score only adds points): the
    explorer packs such a state another way and reports the broken step with a trace that
    replays to a violation at that step (it crashed with `struct.error`)."""
    label = "hand_over --score [game_is_won]--> game_over"
    monkeypatch.setattr(kernel, "MACHINE", _mutated(label, _scores_below_zero))
    report = run_exploration("nfl-cowboys", scale="pair", engine="reference")
    violation = report.exploration.violation
    assert violation is not None and violation.invariant == "scores-only-grow"
    assert report.trace is not None and report.replayed is not None
    replayed = report.replayed["violation"]
    assert replayed is not None and replayed["step"] == len(report.trace.steps) - 1
    assert "non-negative" in replayed["message"] or replayed["invariant"] == "scores-only-grow"


def _direction_broken_when_dealt_a_wild_draw(e, game, action):  # type: ignore[no-untyped-def]
    """A deal that sets an impossible direction when hand 0 holds a Wild Draw Four."""
    dealt = updates.deal_cards(e, game, action)
    holds = any(e.faces.wild_draw[c] for c in dealt.hands[0])
    return dealt._replace(direction=5 if holds else 1)


def _plays_give_a_point(e, game, action):  # type: ignore[no-untyped-def]
    """A play that gives everyone a point (Keeping Score adds points only as a hand ends)."""
    played = updates.play_card(e, game, action)
    return played._replace(scores=tuple(s + 1 for s in played.scores))


def test_a_broken_state_of_a_level_beats_a_broken_step_into_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Some deals leave a broken direction (a state invariant, at the deal); from the others
    the first play gives points though no hand ended (a step invariant, one step later).
    Breadth first, the deal alone is the shortest witness, though a step of the deal level
    may be expanded before a broken state of that level (the explorer reported the longer
    trace)."""
    machine = _mutated("dealing --deal--> first_flip", _direction_broken_when_dealt_a_wild_draw)
    for label in [b.label for b in MACHINE.branches if b.event == "play"]:
        machine = _mutated(label, _plays_give_a_point, machine)
    monkeypatch.setattr(kernel, "MACHINE", machine)
    report = run_exploration("classic", engine="reference")
    violation = report.exploration.violation
    assert violation is not None and violation.invariant == "seats-and-direction"
    assert report.trace is not None and report.trace.steps == ()


def test_a_search_stopped_early_still_checks_every_state_it_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--max-states 200` stops before the broken deals are expanded: it once said every
    invariant held of the 200 states it counted, though some broke one."""
    machine = _mutated("dealing --deal--> first_flip", _direction_broken_when_dealt_a_wild_draw)
    monkeypatch.setattr(kernel, "MACHINE", machine)
    full = run_exploration("classic", engine="reference").exploration
    assert full.violation is not None and full.violation.parent < 200 < len(full.states)
    partial = run_exploration("classic", max_states=200, engine="reference").exploration
    assert partial.stopped == "max-states" and len(partial.states) == 200
    assert partial.violation is not None
    assert partial.violation.invariant == "seats-and-direction"


@pytest.mark.parametrize("bound", [1, 2, 3])
def test_a_bound_of_n_states_counts_exactly_n(bound: int) -> None:
    """`--max-states N` keeps exactly N distinct states, each checked: a bound of 1 is the
    empty table alone, with no move tried from it (a bound compared with > would keep one
    state too many)."""
    x = run_exploration("classic", max_states=bound).exploration
    assert x.stopped == "max-states" and x.distinct_states == bound
    assert x.state_checked == bound and x.violation is None
    if bound == 1:
        assert (x.transitions, x.expanded) == (0, 0)


def test_a_shorter_counterexample_does_not_exist() -> None:
    """Breadth first: the broken state is at the depth of the counterexample (the first deal
    and then one step per trace step), and no state above that depth breaks anything."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernel, "MACHINE", _mutated(*MUTANTS["payout-from-nowhere"][:2]))
        report = run_exploration("nfl-cowboys", scale="pair", engine="reference")
    x = report.exploration
    assert x.violation is not None and report.trace is not None
    depth = len(x.path(x.violation.parent)) - 1 + (x.violation.state is not None)
    assert depth == 1 + len(report.trace.steps)
    # `depth` is that of the deepest state counted: the broken one's, or the next level's
    # when some of it was found before the search stopped
    assert depth in (x.depth, x.depth - 1)
    deepest = max(len(x.path(i)) - 1 for i in range(len(x.states)))
    assert deepest == x.depth


def _scores_replaced(e, game, action):  # type: ignore[no-untyped-def]
    """Scoring that forgets earlier hands: the winner's score becomes this hand's points."""
    scored = updates.score_hand(e, game, action)
    winner, points = hand_winner(game), hand_points(e, game)
    return scored._replace(scores=tuple(points if p == winner else 0 for p in range(game.players)))


@pytest.mark.parametrize("name", ["classic", "nfl-cowboys"])
@pytest.mark.slow
def test_scoring_across_hands_is_explored_and_a_bug_in_it_caught(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a target above one hand's points the explorer plays on to the next deal
    (Keeping Score), so a scoring bug that only shows from the second hand on is caught,
    by `score-is-the-hand` (the winner's score is not the old one plus the hand's points),
    or `scores-only-grow` where a score also falls, with a trace that replays it; a one-hand
    scale cannot see it."""
    scale = next(s for n, s, _ in MANIFEST if n == name and "target=" in s)
    carry_on = "hand_over --score--> dealing"
    x = _explore(name, scale, 2, False)
    assert x.fired[next(b.number for b in MACHINE.branches if b.label == carry_on)] > 0
    mutant = MACHINE
    for label in (carry_on, "hand_over --score [game_is_won]--> game_over"):
        mutant = _mutated(label, _scores_replaced, mutant)
    monkeypatch.setattr(kernel, "MACHINE", mutant)
    one_hand = run_exploration(name, scale=scale.partition(",target=")[0], engine="reference")
    assert one_hand.ok
    report = run_exploration(name, scale=scale, engine="reference")
    assert report.exploration.violation is not None
    found = report.exploration.violation.invariant
    assert found in ("score-is-the-hand", "scores-only-grow")  # both, where a score falls
    assert report.replayed is not None
    assert report.replayed["violation"]["invariant"] == found


@pytest.mark.slow
def test_a_game_whose_hands_score_nothing_is_found_unable_to_end(tmp_path: Path) -> None:
    """Hands that score nothing never bring the target nearer. The explorer forgets the
    count of hands played, so it finishes such an edition and reports that the game cannot
    end, instead of finding a new state in every hand without end."""
    text = builtin_path("express").read_text()
    points = text.index("[scoring.points]")
    table = text[points : text.index("[deck]")]
    free = re.sub(r"(?m)^([a-z-]+) = .*$", r"\1 = 0", table)
    (tmp_path / "free.toml").write_text(text.replace(table, free))
    report = run_exploration(  # three kinds of card: as telling as all of them, 6x faster
        str(tmp_path / "free.toml"), scale="micro,target=0,kinds=number+skip+wild",
        max_states=100_000,
    )  # fmt: skip
    x = report.exploration
    assert x.complete and x.violation is None
    assert x.stuck and x.stuck[0] == 0 and not report.ok  # not from the first table on
    # the witness is a deal after which the game cannot end (it was none at all)
    assert report.stuck is not None and report.stuck.trace.steps == ()
    assert report.to_json()["progress"]["witness"]["trace"]["deck"]
    # the regression test written with the trace fails until the game can end again
    trace_file, test_file = write_counterexample(report, tmp_path / "out")
    assert trace_file.suffix == ".json" and test_file.name == "test_express_game_can_end.py"
    namespace: dict[str, Any] = {"__file__": str(test_file)}
    exec(compile(test_file.read_text(), str(test_file), "exec"), namespace)
    test = next(v for k, v in namespace.items() if k.startswith("test_"))
    with pytest.raises(AssertionError):
        test()
    (tmp_path / "free.toml").write_text(text)  # hands score again (Keeping Score)
    test()


@pytest.mark.slow
def test_whether_the_game_can_end_is_settled_by_a_playout_or_a_whole_search(
    tmp_path: Path,
) -> None:
    """From a deal of classic the game can end (a playout ends it); from a deal of hands
    that score nothing (Keeping Score) it cannot (the whole search from it says so); with
    no playouts and too small a search, nothing is settled."""
    from unospec.checks.engines.can_end import can_end_from

    text = builtin_path("express").read_text()
    table = text[text.index("[scoring.points]") : text.index("[deck]")]
    (tmp_path / "free.toml").write_text(
        text.replace(table, re.sub(r"(?m)^([a-z-]+) = .*$", r"\1 = 0", table))
    )
    # three kinds of card: the whole search from a deal is 1.7 s, not 10 s with every kind
    free_scale = parse_scale("micro,target=0,kinds=number+skip+wild")
    free = scale_edition(load_edition(str(tmp_path / "free.toml")), free_scale)
    classic = scale_edition(edition("classic"), parse_scale("micro"))
    for e, can in ((classic, True), (free, False)):
        table = kernel.empty_table(e, 2)
        dealt = kernel.apply(e, table, kernel.random_outcome(e, table, random.Random(1)))
        assert can_end_from(e, 2, dealt) is can
    assert can_end_from(free, 2, dealt, playouts=0, max_states=10) is None


@pytest.mark.slow
def test_a_playout_with_no_move_leaves_the_question_to_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A playout that meets a state with no move stops there (it raised IndexError); the
    whole search then answers."""
    from unospec.checks.engines import can_end

    monkeypatch.setattr(can_end, "legal_actions", lambda e, game: ())
    classic = scale_edition(edition("classic"), parse_scale("micro"))
    table = kernel.empty_table(classic, 2)
    dealt = kernel.apply(classic, table, kernel.random_outcome(classic, table, random.Random(1)))
    assert can_end.can_end_from(classic, 2, dealt) is True


def test_jobs_zero_means_one_process_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in `check` and `simulate`: `--jobs 0` asks for every core."""
    asked: list[int] = []
    monkeypatch.setattr(explorer.os, "cpu_count", lambda: 3)
    monkeypatch.setattr(explorer, "_pool", lambda e, r, jobs: asked.append(jobs))
    x = explore(scale_edition(edition("classic"), parse_scale("pair")), 2, jobs=0)
    assert asked == [3] and x.complete


def test_max_states_stops_cleanly_with_partial_statistics() -> None:
    """`max_states` ends the exploration early, marked as stopped, with what it counted."""
    x = explore(scale_edition(edition("nfl-cowboys"), parse_scale("micro")), 2, max_states=500)
    assert x.stopped == "max-states" and not x.complete
    assert len(x.states) == 500 and x.transitions > 0


def test_max_states_stops_inside_a_deal_with_more_outcomes_than_that(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With four colours, twelve coloured action cards and two wilds can be turned over
    and ignored before the first number card (Set Up 4), in any order of any subset: the
    deal alone has millions of outcomes. The explorer stops among them at the bound,
    rather than after listing them all (which took minutes)."""
    from unospec.checks.engines import chance

    runs = []

    def counted(*args: Any) -> Any:
        runs.append(1)
        assert len(runs) < 1000, "the deal is being listed in full"
        return kernel.run(*args)

    monkeypatch.setattr(chance, "run", counted)
    x = explore(scale_edition(edition("classic"), parse_scale("colors=4")), 2, max_states=10)
    assert x.stopped == "max-states" and len(x.states) == 10
    assert x.parents == [-1] + [0] * 9  # every state found is an outcome of the first deal


def test_trace_names_its_scale_and_replays_from_json() -> None:
    """A counterexample trace records the scale, so replay rebuilds the same scaled deck."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernel, "MACHINE", _mutated(*MUTANTS["payout-from-nowhere"][:2]))
        report = run_exploration("express", scale="pair", engine="reference")
        assert report.trace is not None
        text = json.dumps(report.trace.to_json())
        trace = parse_trace(text)
        assert trace.scale == "pair"
        result = replay(edition_for(trace, None, None), trace)
    assert result.violation is not None


def _wilds_never_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded kernel bug: wild cards are never offered as moves, so two players who both
    hold one can never go out. Only `matching-cards-offered` notices it (a plain Wild always
    matches), and it is left out here: a rule that traps the game in a way no invariant
    describes is what the progress check is for."""
    listed = moves.plays

    def plays(e: Any, game: Any, player: int, cards: tuple[int, ...]) -> Any:
        moves = listed(e, game, player, cards)
        return tuple(m for m in moves if not e.faces.faces[m.card].is_wild)

    selected = invariants._selected
    monkeypatch.setattr(
        invariants,
        "_selected",
        lambda kinds, skip, began: selected(kinds, skip | {"matching-cards-offered"}, began),
    )

    monkeypatch.setattr(moves, "plays", plays)


def _game_can_end(e: Any, game: Any) -> bool:
    """Search every state reachable from `game` for the end of the game: the check that the
    explorer's backward marking must agree with, done forwards and on its own."""
    seen = {encode(normalize(game))}
    frontier = [normalize(game)]
    while frontier:
        state = frontier.pop()
        if state.phase in MACHINE.final:
            return True
        for outcome in successors(e, state):
            after = normalize(outcome.after, state)
            if encode(after) not in seen:
                seen.add(encode(after))
                frontier.append(after)
    return False


@pytest.mark.slow
def test_a_game_that_cannot_end_is_found_with_a_witness(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No invariant catches a rule that can trap the game forever; the progress check does,
    and its witness reaches a state from which the game truly cannot end (searched forwards
    here), while the states it calls able to end truly can."""
    _wilds_never_played(monkeypatch)
    report = run_exploration("classic", engine="reference")
    x = report.exploration
    assert x.complete and x.violation is None and not report.ok
    assert x.stuck and 0 < len(x.stuck) < len(x.states)
    e = x.edition
    assert not _game_can_end(e, x.state(x.stuck[0]))
    assert _game_can_end(e, x.state(next(i for i in range(len(x.states)) if i not in x.stuck)))
    assert report.stuck is not None
    replayed = replay(e, report.stuck.trace)
    assert replayed.ok and replayed.violation is None
    renamings = colour_renamings(e)  # the explorer keeps states up to colour renaming
    assert canonical(normalize(replayed.final), renamings)[0] == x.state(x.stuck[0])
    progress = report.to_json()["progress"]
    assert progress["ok"] is False and progress["stuck_states"] == len(x.stuck)


def _offers_cards_that_do_not_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded kernel bug: the legal moves also list number cards that do not match, which
    `apply` then refuses (Let's Play: a card must match by number, colour or symbol)."""
    listed = moves.plays

    def plays(e: Any, game: Any, player: int, cards: tuple[int, ...]) -> Any:
        moves = listed(e, game, player, cards)
        offered = {m.card for m in moves}
        extra = [Play(player, c) for c in cards if c not in offered and not e.faces.wild[c]]
        return (*moves, *extra)

    monkeypatch.setattr(moves, "plays", plays)


def test_a_move_offered_then_refused_is_found_with_a_trace_that_replays_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The explorer reports `offered-moves-accepted` instead of crashing, its trace leads to a
    state that offers the refused move, and its regression test passes once the bug is gone."""
    _offers_cards_that_do_not_match(monkeypatch)
    report = run_exploration("express", scale="pair", engine="reference")
    data = report.to_json()
    assert data["violation"]["invariant"] == "offered-moves-accepted"
    assert "does not match" in data["violation"]["message"]
    verdicts = {i["name"]: i["ok"] for i in data["invariants"]}
    assert verdicts["offered-moves-accepted"] is False and data["stopped"] == "violation"
    trace = report.trace
    assert trace is not None
    found = replay(edition_for(trace, None, None), trace)
    assert found.violation is not None
    assert found.violation["invariant"] == "offered-moves-accepted"
    monkeypatch.undo()
    assert replay(edition_for(trace, None, None), trace).ok


def test_a_move_that_crashes_the_kernel_is_a_violation_not_a_crash() -> None:
    """An effect that fails an internal assertion is reported like a refused move, naming
    the exception, with a trace to the state that offers it."""

    def crashes(e: Any, game: Any, action: Any) -> Any:
        raise AssertionError("seeded")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            kernel, "MACHINE", _mutated("choosing_color --choose_color--> resolving", crashes)
        )
        report = run_exploration("express", scale="pair", engine="reference")
        assert report.trace is not None
        again = replay(edition_for(report.trace, None, None), report.trace).violation
    violation = report.to_json()["violation"]
    assert violation["invariant"] == "offered-moves-accepted"
    assert violation["message"].endswith("crashes the kernel: AssertionError: seeded")
    assert again is not None and again["message"] == violation["message"]


def _nothing_starts(folder: Path) -> Path:
    """Express whose first flip ignores numbers too (Set Up 4, read to the extreme): no card
    of the deck can start the discard pile."""
    old = '["skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    new = '["number", "skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    text = builtin_path("express").read_text(encoding="utf-8").replace(old, new)
    assert text.count(new) == 2  # the parameter and the reading that decides it
    path = folder / "nothing-starts.toml"
    path.write_text(text.replace('name = "express"', 'name = "nothing-starts"'), "utf-8")
    return path


def test_a_deal_no_card_can_follow_is_a_gap_found_at_the_first_deal(tmp_path: Path) -> None:
    """With nothing to start the discard pile, every deal would be dealt again forever (a
    game once ran to the 200,000-step cap). The kernel calls it a gap of Set Up 4; the
    explorer reports `rules-give-an-outcome` at the empty table, with the deal as its
    witness, and the trace replays to the same finding."""
    path = _nothing_starts(tmp_path)
    e = scale_edition(edition(str(path)), parse_scale("micro"))
    with pytest.raises(RuleGap, match=r"never begin a hand \(Set Up 4\)"):
        kernel.apply(e, kernel.empty_table(e, 2), Deal(e.faces.in_play))
    report = run_exploration(str(path))
    violation = report.to_json()["violation"]
    assert violation["invariant"] == "rules-give-an-outcome"
    assert "the deal has no outcome" in violation["message"]
    assert report.trace is not None and report.trace.steps == ()
    again = replay(edition_for(report.trace, None, None), report.trace)
    assert not again.ok and again.violation is not None
    assert again.violation["invariant"] == "rules-give-an-outcome"


NUMBERS_AND_WILDS = """\
format = 1
name = "plain"
title = "Numbers and wilds"
total_cards = 12

[players]
min = 2
max = 2
provenance = "stated"
why = "Two players."

[setup]
hand_size = 3
first_flip_ignores = ["wild"]
ignored_flip_goes = "discard-pile"
flip_exhausted = "redeal"
next_leader = "rotate-left"

[play]
after_drawing = "drawn-card-only"
reshuffle = "keep-top-card"
draw_shortfall = "draw-what-remains"
empty_handed_draw = "turn-passes"
uno_penalty = 2

[scoring]
game_end = "target-score"
target = 100

[scoring.points]
number = "face-value"
wild = 25

[deck]
colors = ["red", "blue"]

[[deck.cards]]
kind = "number"
ranks = [1, 2, 3, 4]
copies = 1
provenance = "stated"
why = "One of each number per colour."

[[deck.cards]]
kind = "wild"
copies = 4
provenance = "stated"
why = "Four wilds."

[cards.wild]
section = "Wild card"
effect = "wild"
"""


def test_a_scale_too_small_to_deal_is_fitted_for_the_checks_and_named_for_explore(
    tmp_path: Path,
) -> None:
    """A deck of numbers and wilds is two cards at `micro`, too few for two hands and a first
    card (Set Up). `explore` refuses and names a scale that deals; `check`, `lint` and
    `baseline` explore that scale and say so, and that it leaves no card to draw (they all
    failed with the error)."""
    path = tmp_path / "plain.toml"
    path.write_text(NUMBERS_AND_WILDS, encoding="utf-8")
    with pytest.raises(InputError, match=r"2 cards cannot deal .* try --scale micro,copies=2$"):
        run_exploration(str(path))
    report = run_exploration(str(path), fit=True)
    assert report.scale == "micro,copies=2" and report.ok
    result = check_edition(edition(str(path)), games=2, jobs=1)
    explored = next(c for c in result.checks if c.name == "exploration")
    assert explored.ok and explored.data["draw_pile_after_deal"] == 0
    assert explored.detail.startswith(
        "scale micro,copies=2 (micro cannot deal the hands; no draw pile after the deal; "
    )


def test_a_deck_without_the_scales_ranks_is_explored_at_its_lowest(tmp_path: Path) -> None:
    """Classic without its 1s (a house deck of 0 and 2-9) has no number card at `micro`'s
    rank 1: `check` explores its lowest rank instead (it failed, blaming a `--scale` nobody
    gave). A deck of no number card at all cannot be scaled, and says so."""
    no_ones = edition_file(
        tmp_path,
        "classic",
        "no-ones",
        ("ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9]", "ranks = [2, 3, 4, 5, 6, 7, 8, 9]"),
        ("total_cards = 108", "total_cards = 100"),
    )
    report = run_exploration(str(no_ones), fit=True)
    assert report.scale == "micro,ranks=2-2" and report.ok
    assert fitting_scale(edition("classic"), 2, "micro") == "micro"  # it has 1s: unchanged
    numberless = edition_file(
        tmp_path,
        "classic",
        "numberless",
        (
            "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9]\ncopies = 2",
            "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9]\ncopies = 0",
        ),
        ("ranks = [0]\ncopies = 1", "ranks = [0]\ncopies = 0"),
        ("total_cards = 108", "total_cards = 32"),
    )
    with pytest.raises(InputError, match="deck: expected number cards, which every scaled deck"):
        run_exploration(str(numberless), fit=True)


@pytest.mark.slow
def test_a_deck_line_of_no_copies_is_a_deck_without_that_card(tmp_path: Path) -> None:
    """`copies = 0` is the house rule "no Wild Draw Four": the deck, the scaled deck and the
    exploration are those of the file without the line (the scaled deck used to deal one,
    so the challenge was explored in an edition without the card)."""
    line = 'kind = "wild-draw-four"\ncopies = 4'
    none = edition_file(tmp_path, "classic", "none", (line, line.replace("4", "0")))
    text = none.read_text(encoding="utf-8").replace("total_cards = 108", "total_cards = 104")
    none.write_text(text, encoding="utf-8")
    start = text.index(line.replace("4", "0")) - len("[[deck.cards]]\n")
    end = text.index("\n[", start + 1) + 1
    gone = tmp_path / "gone.toml"
    gone.write_text(text[:start] + text[end:], encoding="utf-8")
    zero, removed = (load_edition(str(p)) for p in (none, gone))
    assert zero.faces.faces == removed.faces.faces and zero.faces.in_play == removed.faces.in_play
    micro = parse_scale("micro")
    assert scale_edition(zero, micro).faces.faces == scale_edition(removed, micro).faces.faces
    explored = [explore(scale_edition(e, micro), 2) for e in (zero, removed)]
    assert len(explored[0].states) == len(explored[1].states) < 28_057  # classic's count


def test_ignored_first_cards_put_under_the_pile_are_flipped_one_by_one(tmp_path: Path) -> None:
    """With the reading that an ignored first card goes under the draw pile (Set Up 4), the
    explorer still turns the ignored cards over one by one, so the rule that moves them runs
    (it skipped them, as the pile holds the same cards either way, and a seeded bug in that
    rule went unseen)."""
    bottom = edition_file(tmp_path, "classic", "bottom", *UNDER_THE_PILE)
    x = run_exploration(str(bottom)).exploration
    assert x.complete
    ignored = next(b for b in MACHINE.branches if b.target == b.source == "first_flip")
    assert x.fired[ignored.number] > 0


def test_a_stopped_search_says_in_how_many_states_each_invariant_was_checked(
    tmp_path: Path,
) -> None:
    """Classic without a value for the Wild Draw Four (Keeping Score) has a rule gap one
    state past 224: stopped at 224, the search tried the moves of only some of the states it
    counted, so it must not call `rules-give-an-outcome` checked in all of them (it did).
    The state invariants were checked in every state counted."""
    unscored = edition_file(tmp_path, "classic", "unscored", ("wild-draw-four = 50\n", ""))
    report = run_exploration(str(unscored), max_states=224).to_json()
    counted, tried = report["distinct_states"], report["expanded_states"]
    assert report["stopped"] == "max-states" and 0 < tried < counted == 224
    checked = {i["name"]: (i["ok"], i["states_checked"]) for i in report["invariants"]}
    assert checked["rules-give-an-outcome"] == (True, tried)
    assert checked["card-conservation"] == (True, counted)
    broken = run_exploration(str(unscored), max_states=225).to_json()
    assert broken["stopped"] == "violation" and broken["depth"] == report["depth"]
    assert broken["violation"]["invariant"] == "rules-give-an-outcome"
    whole = run_exploration("classic", scale="pair").to_json()
    assert whole["complete"] and whole["expanded_states"] == whole["distinct_states"]
    assert {i["states_checked"] for i in whole["invariants"]} == {whole["distinct_states"]}


def test_the_step_table_names_every_field_a_step_changed() -> None:
    """A counterexample's table shows only what changed, and all of it: for each field of the
    state, a step that changes that field alone has a row that says so (the owed draw of a
    challenge, and the challenge settled, were missing from a card-conservation trace)."""
    from unospec.checks.engines.counterexample import changes
    from unospec.checks.engines.random_play import record_game
    from unospec.model.state import Owed, PendingChallenge

    e = edition("nfl-cowboys")
    game = record_game(e, 3, seed=5).trace
    before = replay(e, dataclasses.replace(game, steps=game.steps[:6])).final
    assert before is not None and before.owed is None and before.challenge is None
    other = {
        "phase": "game_over",
        "hands": (before.hands[0][1:], *before.hands[1:]),
        "draw_pile": before.draw_pile[1:],
        "discard": (*before.discard, before.draw_pile[0]),
        "set_aside": (before.draw_pile[0],),
        "color": -1 if before.color >= 0 else 0,
        "direction": -before.direction,
        "current": (before.current + 1) % 3,
        "actor": (before.actor + 1) % 3,
        "drawn": before.draw_pile[0],
        "owed": Owed(1, 5, "awaiting_play"),
        "challenge": PendingChallenge(0, 1, before.hands[0][0], True, False),
        "special": before.hands[0][0],
        "window": 2,
        "scores": (10, 0, 0),
        "hands_played": before.hands_played + 1,
        "leader": (before.leader + 1) % 3,
        "winner": 1,
        "out": 0b100,
        "old_top": before.draw_pile[0],
        "debts": (0, 3, 0),
        "out_of_play": (before.draw_pile[0],),
    }
    assert set(other) == set(before._fields)
    for name, value in other.items():
        after = before._replace(**{name: value})
        assert changes(e, before, after), name
        assert changes(e, after, before), name  # and back: a pending thing settled
    assert changes(e, before, before) == []
