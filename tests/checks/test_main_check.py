"""The main job: checks as data, deterministic, and failing when the rules are broken."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from scenario import edition, edition_file, proved

from unospec.checks.analyses.proofs import prove
from unospec.checks.engines import simulate
from unospec.checks.engines.random_play import play_random_game, record_game
from unospec.checks.engines.replay import replay
from unospec.checks.jobs import edition_checks, main_check, workload
from unospec.checks.jobs.baseline import (
    FIELDS,
    FORMAT,
    baseline_path,
    compare,
    fingerprint,
    games_fingerprint,
    new_proofs,
)
from unospec.checks.jobs.baseline import load as load_baseline
from unospec.checks.jobs.baseline_check import baseline_check, to_save
from unospec.checks.jobs.main_check import check_edition, check_editions
from unospec.checks.jobs.results import CheckResult, EditionReport
from unospec.cli import main
from unospec.editions import builtin_path, load_edition
from unospec.model import kernel, moves, updates
from unospec.model.actions import Play
from unospec.model.table import MACHINE, CompiledMachine
from unospec.model.trace import parse_trace
from unospec.views.advice import save_command, told, told_check
from unospec.views.runs import check_text


@pytest.mark.slow
def test_a_builtin_edition_passes_every_check() -> None:
    """Express passes every check: schema, setup, random games, exploration, proofs, lint and
    its committed baseline."""
    report = check_edition(edition("express"), games=30, jobs=1, scale="pair")
    names = [
        "schema",
        "setup-conservation",
        "random-games",
        "exploration",
        "conformance",
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


@pytest.mark.slow
def test_results_do_not_depend_on_the_number_of_processes() -> None:
    """Two processes find exactly what one process finds."""
    one = check_edition(edition("star-wars"), games=60, jobs=1, scale=None).checks[2].data
    two = check_edition(edition("star-wars"), games=60, jobs=2, scale=None).checks[2].data
    for timing in ("seconds", "games_per_second"):
        del one[timing], two[timing]
    assert one == two


@pytest.mark.parametrize("names", [["express", "classic"], ["express"]])
@pytest.mark.slow
def test_editions_on_a_pool_find_what_one_process_finds(names: list[str]) -> None:
    """Every edition's exploration and chunks of games share one pool and finish in any
    order (a single edition's exploration uses the pool's processes itself); each report is
    still exactly what checking on one process finds."""
    one = check_editions(names, games=120, jobs=1, scale="pair")
    two = check_editions(names, games=120, jobs=2, scale="pair")
    measured = {"seconds", "games_per_second", "states_per_second", "peak_memory_mb"}
    measured.add("bytes_per_state")
    for alone, shared in zip(one, two, strict=True):
        assert [c.name for c in alone.checks] == [c.name for c in shared.checks]
        for a, b in zip(alone.checks, shared.checks, strict=True):
            if a.name in ("random-games", "exploration", "conformance"):
                assert _without(a.data, measured) == _without(b.data, measured), a.name
            elif a.name != "proofs":  # its data holds the queries' times
                assert a == b
    assert [r.name for r in two] == names and all(r.ok for r in two)
    assert all(r.checks[2].data["games"] == 120 for r in two)


@pytest.mark.parametrize("names", [["express", "classic"], ["express"]])
@pytest.mark.slow
def test_the_progress_bar_hears_of_each_exploration_and_every_game(names: list[str]) -> None:
    """Each edition's exploration and conformance check (0 then 1 of 1) and games (up to all
    of them) are told to the progress callback."""
    heard: dict[str, tuple[int, int]] = {}

    def progress(label: str, done: int, total: int) -> None:
        heard[label] = (done, total)

    check_editions(names, games=60, jobs=2, scale="pair", progress=progress)
    expected = {}
    for name in names:
        expected[f"{name}: exploration"] = (1, 1)
        expected[f"{name}: conformance"] = (6, 6)  # the runs of its plan
        expected[f"{name}: 60 games"] = (60, 60)
    assert heard == expected


def _with_update(branch_label: str, update: object) -> CompiledMachine:
    branches = tuple(
        dataclasses.replace(b, update=update) if b.label == branch_label else b
        for b in MACHINE.branches
    )
    by_event: dict[tuple[str, str], tuple[object, ...]] = {}
    for b in branches:
        by_event[(b.source, b.event)] = (*by_event.get((b.source, b.event), ()), b)
    return dataclasses.replace(MACHINE, branches=branches, by_event=by_event)  # type: ignore[arg-type]


@pytest.mark.slow
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
    report = check_edition(edition("express"), games=40, jobs=1, scale=None, engine="reference")
    games = report.checks[2]
    assert not report.ok and not games.ok
    violation = games.data["violation"]
    assert violation["invariant"] == "card-conservation"
    monkeypatch.setattr(kernel, "MACHINE", MACHINE)
    trace = parse_trace(__import__("json").dumps(violation["trace"]))
    result = replay(edition("express"), trace)
    assert result.ok and result.steps == len(trace.steps)


@pytest.mark.slow
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
    renamed = dataclasses.replace(cowboys, card_names=(("wild-hail-mary", "Hail Mary!"),))
    assert renamed != cowboys and renamed.behaviour() == cowboys.behaviour()  # a picture's word
    assert edition("classic").behaviour() != edition("express").behaviour()
    stricter = dataclasses.replace(cowboys.rules, uno_penalty=4)
    assert dataclasses.replace(cowboys, rules=stricter).behaviour() != cowboys.behaviour()
    fewer = dataclasses.replace(cowboys.deck[0], copies=cowboys.deck[0].copies + 1)
    deck = (fewer, *cowboys.deck[1:])
    assert dataclasses.replace(cowboys, deck=deck).behaviour() != cowboys.behaviour()


@pytest.mark.slow
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


@pytest.mark.slow
def test_baseline_save_records_a_twin_as_its_own_run_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`baseline save` plays a twin's games and explores its states once, for both; each file
    is the one its edition saved alone would write."""
    names = ["nfl-cowboys", "nfl-players"]
    ran: list[list[int]] = []
    run = workload.run
    monkeypatch.setattr(
        workload, "run", lambda work, which, *rest: ran.append(which) or run(work, which, *rest)
    )
    both = main_check.fingerprints_now([edition(n) for n in names], "pair", games=12, jobs=1)
    assert ran == [[0]]  # the twin's long work ran once
    for name, shared in zip(names, both, strict=True):
        (alone,) = main_check.fingerprints_now([edition(name)], "pair", games=12, jobs=1)
        assert shared == alone and isinstance(shared, dict) and shared["edition"] == name


def _without(data: dict[str, object], keys: set[str]) -> dict[str, object]:
    """`data` without `keys`, in the documents it holds too (a conformance check's runs)."""

    def kept(value: object) -> object:
        if isinstance(value, dict):
            return _without(value, keys)
        if isinstance(value, list):
            return [kept(item) for item in value]
        return value

    return {k: kept(v) for k, v in data.items() if k not in keys}


@pytest.mark.slow
def test_a_failed_run_is_not_shared() -> None:
    """A twin's failing result is run again, so that its trace names the edition checked."""
    failed = CheckResult("random-games", False, "game 3 broke card-conservation", {})
    twin = EditionReport("nfl-cowboys", "spec/nfl-cowboys.toml", (failed,))
    report = check_edition(edition("nfl-players"), games=5, jobs=1, scale=None, same_as=twin)
    games = next(c for c in report.checks if c.name == "random-games")
    assert games.ok and "same_behaviour_as" not in games.data


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_a_game_that_does_not_end_fails_the_check_and_names_its_seed(
    monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """A game still running at the step cap fails `random-games`, as a trap fails `explore`'s
    game-can-end: a rule that lets play go on forever is a bug (Let's Play: a hand ends when
    a player plays their last card). The game is named by a seed `unospec play` replays."""
    monkeypatch.setattr(workload, "MAX_STEPS", 40)  # no game ends in 40 steps
    report = told(check_edition(edition("classic"), games=30, jobs=jobs, scale=None))
    games = report.checks[2]
    assert not games.ok and not report.ok
    assert games.data["games"] == simulate.ENOUGH_UNFINISHED  # it stops there: a game that
    # does not end costs 200,000 steps, and a never-ending edition took over half an hour
    assert games.data["violation"] is None and games.data["first_unfinished"] == {
        "game": 0,
        "players": 2,
        "seed": 0,
        "command": "unospec play classic --players 2 --seed 0",
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
    _, final, history, _ = record_game(classic, players, seed)
    assert record.finished and final.phase == "game_over"
    assert (len(history), final.winner) == (record.steps, record.winner)


@pytest.mark.slow
def test_an_unfinished_game_is_reported_whatever_the_number_of_processes() -> None:
    """The first unfinished game is the lowest-numbered one, with two processes as with one."""
    classic = edition("classic")
    one, _ = simulate.run_games(classic, 120, jobs=1, check=False, max_steps=30)
    two, _ = simulate.run_games(classic, 120, jobs=2, check=False, max_steps=30)
    assert one.first_unfinished == two.first_unfinished == (0, 2, 0)
    assert one.finished == two.finished == 0
    for jobs in (1, 2):  # stopping early plays the same games with any number of processes
        few, _ = simulate.run_games(
            classic, 120, jobs=jobs, check=False, max_steps=30, enough_unfinished=4
        )
        assert (few.games, few.unfinished) == (4, 4)


def _short_catch_penalty(e, game, action):  # type: ignore[no-untyped-def]
    """A seeded bug: a caught player draws one card fewer than the UNO penalty."""
    game = updates.owe_catch_penalty(e, game, action)
    return game._replace(owed=game.owed._replace(amount=game.owed.amount - 1))


@pytest.mark.slow
def test_a_wrong_count_breaks_draws_are_owed_and_changes_the_baseline_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A caught player drawing one card too few keeps every card accounted for (Calling UNO:
    the penalty is a count, not a place). `draws-are-owed` breaks on it; and with the
    invariants off, the same seed plays other games, which the baseline's games section
    names."""
    express = edition("express")
    right, _ = simulate.run_games(express, 40, jobs=1, check=False, engine="reference")
    mutated = _with_update("uno_window --catch--> table_draws", _short_catch_penalty)
    monkeypatch.setattr(kernel, "MACHINE", mutated)
    checked, _ = simulate.run_games(express, 40, jobs=1, engine="reference")
    assert checked.first_violation is not None
    assert checked.first_violation[1] == "draws-are-owed"
    wrong, _ = simulate.run_games(express, 40, jobs=1, check=False, engine="reference")
    assert wrong.violations == 0 and not wrong.gaps and wrong.finished == 40
    assert wrong.fired[_branch("uno_window --catch--> table_draws")] > 0
    proofs = prove(express)
    saved = fingerprint(express, proofs, None, games_fingerprint(right, 0))
    differences = compare(saved, fingerprint(express, proofs, None, games_fingerprint(wrong, 0)))
    assert any(d.startswith("games.steps: was ") for d in differences)
    assert any(d.startswith("games.turns_digest: was ") for d in differences)
    assert all(d.startswith("games.") for d in differences)


@pytest.mark.slow
def test_games_are_compared_only_when_the_same_games_were_played() -> None:
    """A check run with another number of games or seed has nothing to compare its games with;
    the rest of the fingerprint is still compared."""
    express = edition("express")
    proofs = prove(express)
    forty, _ = simulate.run_games(express, 40, jobs=1)
    thirty, _ = simulate.run_games(express, 30, jobs=1)
    saved = fingerprint(express, proofs, None, games_fingerprint(forty, 0))
    assert compare(saved, fingerprint(express, proofs, None, games_fingerprint(thirty, 0))) == []
    assert compare(saved, fingerprint(express, proofs, None, games_fingerprint(forty, 1))) == []
    assert compare(saved, fingerprint(express, proofs, None, None)) == []


def test_a_baseline_names_the_transitions_an_exploration_stopped_or_started_firing() -> None:
    """The exploration section records the transitions fired at least once, by label, and
    the check names each one gained or lost; a parameter the edition dropped or added is
    named too, not passed over."""
    express = edition("express")
    proofs = prove(express)
    explored = {
        "scale": "micro",
        "players": 2,
        "distinct_states": 10,
        "transitions": 12,
        "depth": 3,
        "coverage": {"t1": 4, "t0": 0, "t2": 1},
    }
    saved = fingerprint(express, proofs, explored)
    assert saved["exploration"]["fired"] == ["t1", "t2"]
    now = fingerprint(express, proofs, {**explored, "coverage": {"t1": 4, "t0": 2, "t2": 0}})
    assert compare(saved, now) == ["exploration.fired: no longer t2", "exploration.fired: now t0"]
    old = {"parameters": {"rules": {"uno_penalty": 2}}, "exploration": None}
    new = {"parameters": {"rules": {"draw_shortfall": "lapse"}}, "exploration": None}
    assert compare(old, new) == [
        'parameters.rules.draw_shortfall (play.draw_shortfall in the edition file): new, "lapse"',
        "parameters.rules.uno_penalty (play.uno_penalty in the edition file): was 2, now missing",
    ]


def test_a_proof_the_machine_grew_is_no_difference_unless_it_fails() -> None:
    """A proof query the saved baseline does not name is a transition `TurnFlow` grew since:
    proved, it is listed apart (`new_proofs`), not a change; refuted, it is a difference. A
    query the baseline names and the check no longer makes is one too."""
    express = edition("express")
    now = fingerprint(express, prove(express), None)
    grown = sorted(now["proofs"])[:2]
    saved = {**now, "proofs": {k: v for k, v in now["proofs"].items() if k not in grown}}
    assert compare(saved, now) == []
    assert new_proofs(saved, now) == grown
    refuted = {**now, "proofs": {**now["proofs"], grown[0]: "refuted"}}
    assert compare(saved, refuted) == [f'proofs.{grown[0]}: new, "refuted"']
    assert new_proofs(saved, refuted) == grown[1:]
    assert compare(now, saved) == [f'proofs.{g}: was "proved", now missing' for g in grown]


@pytest.mark.slow
def test_express_plays_the_games_its_committed_baseline_records() -> None:
    """The committed baseline's games are the games the check plays by default (Express, the
    quickest edition; `unospec check` compares the other editions' games the same way)."""
    express = edition("express")
    saved = load_baseline(express)
    assert saved is not None and saved["games"]["games"] == main_check.DEFAULT_GAMES
    report = check_edition(express, jobs=2, scale=None)
    baseline = report.checks[-1]
    assert baseline.ok and f"{main_check.DEFAULT_GAMES} random games (seed 0)" in baseline.detail


@pytest.mark.slow
def test_baseline_save_refuses_games_that_fail(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A baseline records what passing checks conclude: with a kernel bug that creates a card,
    `baseline save` writes nothing and exits 1."""

    def buggy_catch(e, game, action):  # type: ignore[no-untyped-def]
        game = updates.owe_catch_penalty(e, game, action)
        return game._replace(hands=tuple((*h, h[0]) if h else h for h in game.hands))

    mutated = _with_update("uno_window --catch--> table_draws", buggy_catch)
    monkeypatch.setattr(kernel, "MACHINE", mutated)
    argv = ["baseline", "save", "express", "--out", str(tmp_path), "--games", "40"]
    assert main([*argv, "--engine", "reference", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["written"] == [] and data["not_saved"] == ["express"]
    assert (
        "express: its random games fail; `unospec check express --games 40` says why"
        in (data["refused"])
    )
    assert not list(tmp_path.iterdir())


def _branch(label: str) -> int:
    return next(b.number for b in MACHINE.branches if b.label == label)


@pytest.mark.slow
def test_a_move_offered_then_refused_fails_the_games_with_a_trace_ending_in_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the legal moves list a card that `apply` refuses (Let's Play: a card must match),
    the random games report `offered-moves-accepted` instead of crashing; the trace ends
    with the refused move, which a replay finds illegal."""
    listed = moves.plays

    def plays(e, game, player, cards):  # type: ignore[no-untyped-def]
        offered = listed(e, game, player, cards)
        ids = {m.card for m in offered}
        return (*offered, *(Play(player, c) for c in cards if c not in ids and not e.faces.wild[c]))

    monkeypatch.setattr(moves, "plays", plays)
    games = check_edition(
        edition("express"), games=5, jobs=1, scale=None, engine="reference"
    ).checks[2]
    assert not games.ok
    violation = games.data["violation"]
    assert violation["invariant"] == "offered-moves-accepted"
    trace = parse_trace(json.dumps(violation["trace"]))
    assert trace.steps[-1]["action"] == "play"
    monkeypatch.undo()
    result = replay(edition("express"), trace)
    assert result.first_illegal is not None
    assert result.first_illegal["step"] == len(trace.steps) - 1


@pytest.mark.slow
def test_a_few_games_on_two_processes_play_as_on_one() -> None:
    """Eight games on two processes are split finer than one chunk of 50 (so both work; the
    speed-up is measured, not asserted here): the statistics are still those of one process."""
    classic = edition("classic")
    one, _ = simulate.run_games(classic, 8, jobs=1, check=False)
    two, _ = simulate.run_games(classic, 8, jobs=2, check=False)
    assert (one.games, one.steps, one.turns, one.fired) == (
        two.games,
        two.steps,
        two.turns,
        two.fired,
    )


def test_the_accept_command_records_what_the_baseline_recorded() -> None:
    """The command a failed baseline check offers saves the same sample it compares: a
    baseline of 100 games at `pair` is re-saved with those, not with the defaults
    (`DEFAULT_GAMES` games on the portfolio), which would stop comparing the games at all."""
    classic = edition("classic")
    saved = {"exploration": {"scale": "pair"}, "games": {"games": 100, "seed": 7}}
    assert save_command(to_save(classic, saved)) == (
        "unospec baseline save classic --scale pair --games 100 --seed 7"
    )
    defaults = {
        "exploration": {"scale": main_check.portfolio_text(classic)},
        "games": {"games": main_check.DEFAULT_GAMES, "seed": 0},
    }
    assert save_command(to_save(classic, defaults)) == "unospec baseline save classic"
    assert save_command(to_save(classic, {"games": None})).endswith("classic --games 0")


@pytest.mark.slow
def test_a_refused_baseline_does_not_stop_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`baseline save A B`: A's games fail (no card of its deck can start the discard pile,
    Set Up 4), so A is not saved; B still is (it once stopped at A)."""
    old = '["skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    new = '["number", "skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    stuck = edition_file(
        tmp_path,
        "express",
        "stuck",
        *[(f"{k} = {old}", f"{k} = {new}") for k in ("first_flip_ignores", "chosen")],
    )
    out = tmp_path / "baselines"
    argv = ["baseline", "save", str(stuck), "express", "--games", "3", "--out", str(out)]
    assert main([*argv, "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["not_saved"] == ["stuck"] and [r["edition"] for r in data["refusals"]] == ["stuck"]
    assert data["refused"] == data["refusals"][0]["reason"]
    assert data["written"] == [str(out / "express.json")]
    assert sorted(p.name for p in out.iterdir()) == ["express.json"]


@pytest.mark.slow
def test_check_reads_baselines_saved_elsewhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`baseline save --out DIR` then `check --baselines DIR` compares with what was saved
    there (check only looked beside the edition file); a changed penalty (Calling UNO) then
    fails it, and the accept command writes where check reads."""
    folder = tmp_path / "kept"
    argv = ["--games", "3", "--scale", "none"]
    assert main(["baseline", "save", "express", "--out", str(folder), "--games", "3"]) == 0
    capsys.readouterr()
    assert main(["check", "express", *argv, "--baselines", str(folder), "--format", "json"]) == 0
    [report] = json.loads(capsys.readouterr().out)["editions"]
    assert report["checks"][-1]["detail"] == (
        "unchanged: deck, parameters, readings, proofs, findings, 3 random games (seed 0) (not "
        "compared, as this check ran otherwise: exploration at micro;pair,hand=2,copies=2,"
        "target=2)"
    )
    changed = edition_file(tmp_path, "express", "express", ("uno_penalty = 2", "uno_penalty = 3"))
    code = main(["check", str(changed), *argv, "--baselines", str(folder), "--format", "json"])
    [report] = json.loads(capsys.readouterr().out)["editions"]
    assert code == 1 and not report["checks"][-1]["ok"]
    assert f"--out {folder} --games 3`)" in report["checks"][-1]["detail"]


@pytest.mark.slow
def test_a_baseline_without_games_passes_a_check_that_plays_some(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A baseline saved with `--games 0` records no games; a check that plays some compares
    the rest and passes (it raised a KeyError on the missing sample)."""
    folder = tmp_path / "kept"
    assert main(["baseline", "save", "express", "--out", str(folder), "--games", "0"]) == 0
    capsys.readouterr()
    argv = ["check", "express", "--games", "3", "--scale", "none", "--baselines", str(folder)]
    assert main([*argv, "--format", "json"]) == 0
    [report] = json.loads(capsys.readouterr().out)["editions"]
    assert report["checks"][-1]["detail"] == (  # and it says what it could not compare
        "unchanged: deck, parameters, readings, proofs, findings (not compared, as this check "
        "ran otherwise: exploration at micro;pair,hand=2,copies=2,target=2)"
    )


def test_setup_counts_the_deals_it_made(tmp_path: Path) -> None:
    """Hands of 20 (Set Up 2) deal to 2-5 players only: the check counts the 200 deals it
    made for those and names the rest as undealable (it claimed 450 deals for 2-10)."""
    big = edition_file(tmp_path, "classic", "big", ("hand_size = 7", "hand_size = 20"))
    result = edition_checks.setup_conservation(load_edition(str(big)), 0)
    assert not result.ok and result.data["undealable"] == [6, 7, 8, 9, 10]
    assert result.detail == (
        "200 deals for 2-5 players; cannot deal for 6-10 players (6 hands of 20 and a first "
        "card need 121 cards; the deck has 108)"
    )
    assert result.data["deals"] == 200


def test_the_counts_that_cannot_be_dealt_are_one_range(tmp_path: Path) -> None:
    """Each undealable table size has its own numbers in the words (`16 hands of 7 ... need
    113 cards`), so they were listed one by one: for players.max = 1000, a detail of some
    80,000 characters. They are one run of counts, with the fewest's words as the example."""
    crowd = edition_file(tmp_path, "classic", "crowd", ("max = 10", "max = 1000"))
    result = edition_checks.setup_conservation(load_edition(str(crowd)), 0)
    assert result.data["undealable"] == list(range(16, 1001))
    assert result.detail.endswith(
        "; cannot deal for 16-1000 players (16 hands of 7 and a first card need 113 cards; "
        "the deck has 108)"
    )


def test_no_baseline_is_offered_for_saving_only_once_the_checks_pass(tmp_path: Path) -> None:
    """`baseline save` refuses an edition whose checks fail, so the check names the command
    as what to run once they pass, not as if it would work now; and the command records the
    games the check ran, though failed games leave none in the fingerprint (it said
    `--games 0`, which would switch the games' comparison off)."""
    express = edition("express")
    default = {"exploration": None, "games": {"games": main_check.DEFAULT_GAMES, "seed": 0}}
    failing = told_check(baseline_check(express, {"games": None}, default, tmp_path, False))
    command = f"`unospec baseline save express --out {tmp_path}`"
    assert failing.detail.endswith(f"; once the other checks pass, {command} makes one")
    passing = told_check(baseline_check(express, {}, default, tmp_path, True))
    assert passing.detail.endswith(f"); {command} makes one")
    other = {"exploration": {"scale": "pair"}, "games": {"games": 40, "seed": 3}}
    failing = told_check(baseline_check(express, {"games": None}, other, tmp_path, False))
    assert "--scale pair --games 40 --seed 3` makes one" in failing.detail


def test_a_baseline_names_every_field_a_fingerprint_writes() -> None:
    """`load` requires what `fingerprint` writes: a field it wrote but `load` did not require
    would, when missing, read as a change the edition made."""
    written = fingerprint(edition("express"), proved("express"), None)
    assert set(written) == {"format", *FIELDS}


def _saved_with(key: str, value: object) -> bytes:
    """Express's committed baseline with one field's value replaced (as by hand)."""
    saved = json.loads(baseline_path(edition("express")).read_text(encoding="utf-8"))
    return json.dumps({**saved, key: value}, indent=1, sort_keys=True).encode()


def _line_of_key(key: str) -> int:
    text = _saved_with(key, "x").decode()
    return text[: text.index(f'\n "{key}"')].count("\n") + 2


@pytest.mark.parametrize(
    ("content", "line", "found"),
    [
        (b"{bad", ":1: (file): ", "found bad JSON ("),
        (b"[1, 2]", ":1: format: ", "found not an object"),
        (b'{"format": "2"}', ":1: format: ", 'found format "2"'),  # JSON's quotes
        (b"{}", ":1: format: ", "found no format"),  # it said "format None"
        (b"\xfc\xfd", ":1: (file): ", "found byte 0xfc"),
        (b'{"format": %d,\n "games": {"count": 3}}' % FORMAT, ":2: games.games: ", "found null"),
        (b'{"format": %d,\n "exploration": 5}' % FORMAT, ":2: exploration: ", "found 5"),
        (b'{"format": %d}' % FORMAT, ":1: edition: ", "found no edition"),  # not 8 made-up
        (_saved_with("proofs", "x"), f":{_line_of_key('proofs')}: proofs: ", 'found "x"'),
        (_saved_with("findings", {}), f":{_line_of_key('findings')}: findings: ", "found {}"),
    ],
)
@pytest.mark.slow
def test_a_baseline_that_is_not_one_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, line: str, found: str
) -> None:
    """A truncated or hand-edited baseline file is one line naming it, exit 2 (it raised a
    traceback from the JSON decoder, or from `compare` on a sample without its count)."""
    (tmp_path / "express.json").write_bytes(content)
    argv = ["check", "express", "--games", "0", "--scale", "none", "--baselines", str(tmp_path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(
        f"unospec: error: {tmp_path / 'express.json'}{line}"
    )
    assert "expected a baseline written by `unospec baseline save`" in err and found in err


@pytest.mark.slow
def test_a_folder_where_a_baseline_belongs_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`express.json` a folder: one line naming it, exit 2 (it passed as "no baseline")."""
    (tmp_path / "express.json").mkdir()
    argv = ["check", "express", "--games", "0", "--scale", "none", "--baselines", str(tmp_path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == (
        f"unospec: error: {tmp_path / 'express.json'}: cannot read the baseline "
        "(not a regular file)\n"
    )


def test_a_baselines_folder_that_does_not_exist_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistyped `--baselines` folder exits 2; it passed as "no baseline saved"."""
    missing = tmp_path / "nope"
    assert (
        main(["check", "express", "--games", "0", "--scale", "none", "--baselines", str(missing)])
        == 2
    )
    assert "--baselines: expected a folder of saved baselines, found no such folder" in (
        capsys.readouterr().err
    )


def test_an_exploration_that_leaves_no_draw_pile_says_so(tmp_path: Path) -> None:
    """Five players at `micro` hold all but one of Express's six cards, the first card is
    that one (Set Up 2-4): nothing is left to draw, so the check says no draw was explored
    (it passed saying nothing; a ten-player edition explored a million states that way)."""
    five = edition_file(tmp_path, "express", "five", ("min = 2\nmax = 10", "min = 5\nmax = 5"))
    result = edition_checks.exploration_check(load_edition(str(five)), "micro", 1)
    assert result.ok and result.data["draw_pile_after_deal"] == 0
    assert result.detail.startswith("scale micro (no draw pile after the deal; ")
    express = edition_checks.exploration_check(edition("express"), "micro", 1)
    assert express.data["draw_pile_after_deal"] == 3 and "no draw" not in express.detail


@pytest.mark.slow
def test_a_baseline_of_an_earlier_format_is_to_be_saved_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A baseline saved before the fingerprint's layout changed (format 1: the deck by rank
    set) fails with the command that saves it again, instead of thirteen made-up changes."""
    (tmp_path / "express.json").write_text('{"format": 1, "deck": {}}', encoding="utf-8")
    argv = ["check", "express", "--games", "5", "--scale", "none", "--baselines", str(tmp_path)]
    assert main([*argv, "--format", "json"]) == 1
    [report] = json.loads(capsys.readouterr().out)["editions"]
    baseline = report["checks"][-1]
    assert baseline["detail"] == (  # what this check ran: the old file's fields mean other things
        f"saved in format 1; this unospec writes format {FORMAT}: save it again with "
        f"`unospec baseline save express --out {tmp_path} --games 5`"
    )
    (tmp_path / "express.json").write_text('{"format": 99}', encoding="utf-8")
    assert main([*argv, "--format", "json"]) == 1
    [report] = json.loads(capsys.readouterr().out)["editions"]
    assert report["checks"][-1]["detail"].startswith(  # not "save it again": it is newer
        f"saved in format 99 by a newer unospec, which this one (format {FORMAT}) cannot read: "
        "check "
        "it with that unospec (`unospec baseline save express"
    )


def test_two_editions_of_one_name_cannot_save_over_each_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's copy still named `express`, saved with the built-in into one folder, would
    overwrite its baseline (both printed "saved ..."): refused before any work."""
    copy = tmp_path / "mine.toml"
    copy.write_text(
        builtin_path("express").read_text(encoding="utf-8").replace("max = 10", "max = 9"),
        encoding="utf-8",
    )
    out = tmp_path / "kept"
    assert main(["baseline", "save", "express", str(copy), "--out", str(out)]) == 2
    assert "both saving to " in capsys.readouterr().err and not out.exists()


@pytest.mark.slow
def test_a_variant_without_a_baseline_is_a_note_that_points_to_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A variant of express (UNO penalty 4, Calling UNO) checked against a folder holding
    only express's baseline: a baseline is one edition's, so there is none to hold it to.
    The text says "note", not "ok", and names the `diff` that compares it with its base."""
    folder = tmp_path / "kept"
    assert main(["baseline", "save", "express", "--out", str(folder), "--games", "5",
                 "--scale", "pair"]) == 0  # fmt: skip
    variant = edition_file(
        tmp_path,
        "express",
        "harsh",
        ("uno_penalty = 2", "uno_penalty = 4"),
        ('variant_of = "classic"', 'variant_of = "express"'),
    )
    capsys.readouterr()
    argv = ["check", str(variant), "--games", "5", "--scale", "none", "--baselines", str(folder)]
    assert main(argv) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "baseline:" in x)
    assert line.startswith("  note  baseline: no baseline saved")
    assert line.endswith(f"`unospec diff express {variant}` shows what the variant changes")
    assert main([*argv, "--format", "json"]) == 0
    [report] = json.loads(capsys.readouterr().out)["editions"]
    assert report["checks"][-1]["data"] == {"differences": [], "saved": False}


@pytest.mark.slow
def test_baseline_save_takes_its_options_before_the_editions_too(tmp_path: Path) -> None:
    """As in `check`, options may come before the editions (`--games 3 express` left
    `express` unrecognised, since `save` had already been read with no edition)."""
    folder = tmp_path / "kept"
    argv = ["baseline", "save", "--games", "3", "--scale", "pair", "--out", str(folder), "express"]
    assert main(argv) == 0
    assert load_baseline(edition("express"), folder) is not None


@pytest.mark.slow
def test_an_exploration_at_its_bound_fails_the_check_and_says_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's edition can reach millions of states at micro: `check` stops its
    exploration at `--max-states` and fails it as unfinished (a check that did not look at
    every state cannot pass), naming the ways out. Micro is the smallest preset, so a
    smaller scale is one with fewer card kinds, and the hint says how. The partial graph is
    not compared with the saved baseline, whose exploration was complete: the other fields
    still are."""
    argv = ["check", "express", "--games", "3", "--max-states", "400", "--format", "json"]
    assert main(argv) == 1
    [report] = json.loads(capsys.readouterr().out)["editions"]
    checks = {c["name"]: c for c in report["checks"]}
    exploration = checks["exploration"]
    assert not exploration["ok"] and exploration["data"]["stopped"] == "max-states"
    assert exploration["data"]["distinct_states"] == 400
    assert exploration["detail"].endswith(
        "the exploration at micro stopped at the bound of 400 states, unfinished: "
        "raise --max-states, or choose a smaller --scale (`micro,kinds=K+K+...` keeps only "
        "those card kinds); `--scale none` skips the exploration"
    )
    assert checks["baseline"]["ok"], checks["baseline"]["detail"]
    assert "exploration" not in checks["baseline"]["detail"].split("(")[0]


def test_the_default_bound_lets_every_builtin_exploration_finish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The bound is for users' editions: the largest built-in exploration at micro
    (nfl-cowboys, 170,730 states: benchmarks/README.md) is well inside it, and each
    command's `--help` states the number the code uses."""
    assert main_check.DEFAULT_MAX_STATES >= 5 * 170_730
    for command in (["check"], ["lint"], ["report"], ["baseline", "save"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        assert f"(default: {main_check.DEFAULT_MAX_STATES:,})" in capsys.readouterr().out


def test_baseline_save_refuses_an_unfinished_exploration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A baseline records what a complete check concludes: an exploration stopped at
    `--max-states` would record part of the graph, which every later check would differ
    from. Nothing is written, exit 1."""
    argv = ["baseline", "save", "express", "--out", str(tmp_path), "--games", "3"]
    assert main([*argv, "--max-states", "400", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["not_saved"] == ["express"]
    assert "stopped at the bound of 400 states" in data["refused"]
    assert not list(tmp_path.iterdir())


@pytest.mark.slow
def test_baseline_save_says_when_it_wrote_into_an_installed_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After a plain `pip install .`, a built-in edition's baseline is saved beside the
    installed edition file, where `check` reads it, not into the repository: the line says
    so, and how to reach the repository's copy. A folder elsewhere gets no such word."""
    installed = tmp_path / "lib" / "site-packages" / "unospec" / "spec" / "baselines"
    argv = ["baseline", "save", "express", "--games", "2", "--scale", "pair"]
    assert main([*argv, "--out", str(installed)]) == 0
    assert capsys.readouterr().out.strip().endswith("`pip install -e .`, or with --out)")
    assert main([*argv, "--out", str(tmp_path / "kept")]) == 0
    assert capsys.readouterr().out.strip() == f"saved {tmp_path / 'kept' / 'express.json'}"


@pytest.mark.slow
def test_checks_dead_rules_say_what_they_rest_on_as_lint_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Lint inside `check` (and so on the review site) says how many random games and which
    exploration a never-fired rule rests on, cut short at `--max-states` or not, in the very
    words of `unospec lint` with the same options (it said "in random games and exploration",
    even when the exploration had stopped after 1,000 states)."""
    options = ["--games", "5", "--max-states", "1000", "--format", "json"]

    def dead(data: dict[str, object]) -> set[str]:
        findings = data["findings"]
        assert isinstance(findings, list)
        return {f["message"] for f in findings if f["family"] == "dead-rule"}

    assert main(["lint", "express", *options]) == 0
    linted = dead(json.loads(capsys.readouterr().out))
    assert main(["check", "express", "--jobs", "1", *options]) == 1  # stopped at the bound
    (report,) = json.loads(capsys.readouterr().out)["editions"]
    (checked,) = [c["data"] for c in report["checks"] if c["name"] == "lint"]
    assert dead(checked) == linted
    unfired = [m for m in linted if "never fired" in m]  # the others: switched off by the file
    assert unfired
    assert all(
        "5 random games and exploring scale micro (the first 1,000 states)" in m for m in unfired
    )


@pytest.mark.slow
def test_the_commands_a_check_suggests_quote_a_path_with_a_space(tmp_path: Path) -> None:
    """A file in a folder whose name has a space: the `unospec play ...`, `show` and
    `baseline save` commands the check prints name it quoted, so they can be pasted into a
    shell (they split the path in two)."""
    folder = tmp_path / "my editions"
    folder.mkdir()
    path = edition_file(folder, "express", "too-many", ("max = 10", "max = 12"))
    [report] = map(told, check_editions([str(path)], games=12, seed=0, jobs=1, scale=None))
    text = check_text([report])
    quoted = f"'{path}'"
    games = next(c for c in report.checks if c.name == "random-games")
    assert games.data["first_gap"]["command"].startswith(f"unospec play {quoted} --players 12")
    assert f"`unospec show {quoted}`" in text
    assert f"`unospec baseline save {quoted} " in text
    assert f"`unospec diff classic {quoted}`" in text
