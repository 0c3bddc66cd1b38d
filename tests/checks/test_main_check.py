"""The main job: checks as data, deterministic, and failing when the rules are broken."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from scenario import edition

from unospec.checks import main_check, simulate
from unospec.checks.main_check import check_edition, check_editions
from unospec.checks.random_play import play_random_game, record_game
from unospec.checks.replay import replay
from unospec.checks.results import CheckResult, EditionReport
from unospec.model import kernel, updates
from unospec.model.table import MACHINE, CompiledMachine
from unospec.model.trace import parse_trace


def test_a_builtin_edition_passes_every_check() -> None:
    """Express passes every check: schema, setup, random games, exploration, proofs, lint and
    its committed baseline."""
    report = check_edition(edition("express"), games=30, jobs=1, scale="pair")
    names = [
        "schema",
        "setup-conservation",
        "random-games",
        "exploration",
        "proofs",
        "lint",
        "baseline",
    ]
    assert [c.name for c in report.checks] == names
    assert report.checks[3].data["complete"] and report.checks[3].data["distinct_states"] > 100
    assert report.ok
    games = report.checks[2].data
    assert games["games"] == 30 and games["steps"] > 30 * 20
    assert games["violation"] is None


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    """Two processes find exactly what one process finds."""
    one = check_edition(edition("star-wars"), games=60, jobs=1, scale=None).checks[2].data
    two = check_edition(edition("star-wars"), games=60, jobs=2, scale=None).checks[2].data
    for timing in ("seconds", "games_per_second"):
        del one[timing], two[timing]
    assert one == two


def _with_update(branch_label: str, update: object) -> CompiledMachine:
    branches = tuple(
        dataclasses.replace(b, update=update) if b.label == branch_label else b
        for b in MACHINE.branches
    )
    by_event: dict[tuple[str, str], tuple[object, ...]] = {}
    for b in branches:
        by_event[(b.source, b.event)] = (*by_event.get((b.source, b.event), ()), b)
    return dataclasses.replace(MACHINE, branches=branches, by_event=by_event)  # type: ignore[arg-type]


def test_a_kernel_bug_that_creates_a_card_is_caught_with_a_replayable_trace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seeded bug (a caught player draws a copy of the top card from nowhere) fails the
    random-games check on card conservation, and the trace it gives replays legally on the
    correct kernel up to that step."""

    def buggy_catch(e, game, action):  # type: ignore[no-untyped-def]
        game = updates.owe_catch_penalty(e, game, action)
        hands = list(game.hands)
        hands[action.target] = tuple(sorted((*hands[action.target], game.top)))
        return game._replace(hands=tuple(hands))

    mutated = _with_update("uno_window --catch--> table_draws", buggy_catch)
    monkeypatch.setattr(kernel, "MACHINE", mutated)
    report = check_edition(edition("express"), games=40, jobs=1, scale=None)
    games = report.checks[2]
    assert not report.ok and not games.ok
    violation = games.data["violation"]
    assert violation["invariant"] == "card-conservation"
    monkeypatch.setattr(kernel, "MACHINE", MACHINE)
    trace = parse_trace(__import__("json").dumps(violation["trace"]))
    result = replay(edition("express"), trace)
    assert result.ok and result.steps == len(trace.steps)


def test_setup_that_cannot_deal_fails_the_setup_check() -> None:
    """Hands of 20 for up to 10 players need more cards than Express has (Set Up 2)."""
    e = edition("express")
    big = dataclasses.replace(e, rules=dataclasses.replace(e.rules, hand_size=20))
    result = check_edition(big, games=0, jobs=1, scale=None).checks[1]
    assert not result.ok
    assert result.data["undealable"] == [3, 4, 5, 6, 7, 8, 9, 10]


def test_behaviour_ignores_only_what_documents_an_edition() -> None:
    """The two NFL booklets word their readings differently but give the same deck and rules
    (their edition files cite the same sections); any rule or card change tells apart."""
    cowboys, players = edition("nfl-cowboys"), edition("nfl-players")
    assert cowboys != players and cowboys.behaviour() == players.behaviour()
    assert edition("classic").behaviour() != edition("express").behaviour()
    stricter = dataclasses.replace(cowboys.rules, uno_penalty=4)
    assert dataclasses.replace(cowboys, rules=stricter).behaviour() != cowboys.behaviour()
    fewer = dataclasses.replace(cowboys.deck[0], copies=cowboys.deck[0].copies + 1)
    deck = (fewer, *cowboys.deck[1:])
    assert dataclasses.replace(cowboys, deck=deck).behaviour() != cowboys.behaviour()


def test_an_edition_that_plays_like_one_checked_before_shares_its_runs() -> None:
    """A second edition with the same behaviour reports the first one's random games and
    exploration under its own name, exactly as its own run would find them."""
    first, second = check_editions(["nfl-cowboys", "nfl-players"], games=12, jobs=1, scale="pair")
    alone = check_edition(edition("nfl-players"), games=12, jobs=1, scale="pair")
    for name in ("random-games", "exploration"):
        shared = next(c for c in second.checks if c.name == name)
        own = next(c for c in alone.checks if c.name == name)
        assert shared.ok and shared.data["same_behaviour_as"] == first.name == "nfl-cowboys"
        assert shared.data["edition"] == "nfl-players"
        measured = {"seconds", "games_per_second", "states_per_second", "peak_memory_mb"}
        measured |= {"bytes_per_state", "same_behaviour_as"}
        assert _without(shared.data, measured) == _without(own.data, measured)


def _without(data: dict[str, object], keys: set[str]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k not in keys}


def test_a_failed_run_is_not_shared() -> None:
    """A twin's failing result is run again, so that its trace names the edition checked."""
    failed = CheckResult("random-games", False, "game 3 broke card-conservation", {})
    twin = EditionReport("nfl-cowboys", "spec/nfl-cowboys.toml", (failed,))
    report = check_edition(edition("nfl-players"), games=5, jobs=1, scale=None, same_as=twin)
    games = next(c for c in report.checks if c.name == "random-games")
    assert games.ok and "same_behaviour_as" not in games.data


def test_a_game_that_does_not_end_fails_the_check_and_names_its_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game still running at the step cap fails `random-games`, as a trap fails `explore`'s
    game-can-end: a rule that lets play go on forever is a bug (Let's Play: a hand ends when
    a player plays their last card). The game is named by a seed `unospec play` replays."""
    capped = functools.partial(simulate.run_games, max_steps=40)  # no game ends in 40 steps
    monkeypatch.setattr(main_check, "run_games", capped)
    report = check_edition(edition("classic"), games=3, jobs=1, scale=None)
    games = report.checks[2]
    assert not games.ok and not report.ok
    assert games.data["violation"] is None and games.data["first_unfinished"] == {
        "game": 0,
        "players": 2,
        "seed": 0,
    }
    assert (
        "3 games did not end, the first game 0 (`unospec play classic --players 2 --seed 0`)"
        in (games.detail)
    )


def test_the_seed_a_check_names_replays_the_same_game_in_unospec_play() -> None:
    """`unospec play --players P --seed S` plays the very game the check played as S."""
    classic = edition("classic")
    players, seed = simulate.game_plan(classic, 7, 0, None)
    record = play_random_game(classic, players, seed)
    _, final, history = record_game(classic, players, seed)
    assert record.finished and final.phase == "game_over"
    assert (len(history), final.winner) == (record.steps, record.winner)


def test_an_unfinished_game_is_reported_whatever_the_number_of_processes() -> None:
    """The first unfinished game is the lowest-numbered one, with two processes as with one."""
    classic = edition("classic")
    one, _ = simulate.run_games(classic, 120, jobs=1, check=False, max_steps=30)
    two, _ = simulate.run_games(classic, 120, jobs=2, check=False, max_steps=30)
    assert one.first_unfinished == two.first_unfinished == (0, 2, 0)
    assert one.finished == two.finished == 0
