"""Text views of runs: the main check, replay, explore, conform and simulate.

JSON is each result's own typed document (`to_json`); these read the same document, so the
text and the JSON of a command never disagree.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from unospec.model.trace import shown
from unospec.model.vocabulary import Phase
from unospec.model.wording import (
    challenge_words,
    counted,
    owed_words,
    shell_word,
)
from unospec.views.words import short

if TYPE_CHECKING:  # the results' types only: `replay` loads neither the engine nor the checks
    from unospec.checks.analyses.diff.report import Parting
    from unospec.checks.engines.conformance import ConformanceJson
    from unospec.checks.engines.counterexample import StepRow
    from unospec.checks.engines.explore_job import ExplorationJson
    from unospec.checks.engines.replay import Pending, ReplayResult
    from unospec.checks.engines.simulate import SimulationJson
    from unospec.checks.jobs.results import EditionReport


def check_text(reports: list[EditionReport]) -> str:
    """Every check of every edition, with what each says to run next (`advice.told`)."""
    from unospec.checks.jobs.results import BaselineCheck, LintCheck, ProofsCheck
    from unospec.views.advice import told

    out: list[str] = []
    for report in map(told, reports):
        out.append(f"{'PASS' if report.ok else 'FAIL'}  {report.name}  ({report.source})")
        for check in report.checks:
            noted = isinstance(check, BaselineCheck) and check.noted
            status = "FAIL" if not check.ok else "note" if noted else "ok  "
            out.append(f"  {status}  {check.name}: {check.detail}")
            if isinstance(check, ProofsCheck):
                refuted = [q["name"] for q in check.data["queries"] if q["verdict"] != "proved"]
                out += [f"          refuted: {name}" for name in refuted]
            if isinstance(check, LintCheck):
                errors = [f for f in check.data["findings"] if f["severity"] == "error"]
                out += [f"          [{f['section']}] {f['message']}" for f in errors]
        chosen = len(report.interpretations)
        if chosen:
            out.append(
                f"  note  {counted(chosen, 'interpretation', 'interpretations')} chosen "
                f"(see `unospec show {shell_word(report.command_name)}`)"
            )
    passed = sum(r.ok for r in reports)
    out.append(f"{passed} of {len(reports)} editions pass")
    return "\n".join(out)


def replay_text(result: ReplayResult) -> str:
    out = [
        f"{result.reference or result.edition}: {counted(result.steps, 'step', 'steps')} "
        f"replayed, phase {result.phase}"
    ]
    for bluff in result.bluffs:
        out.append(f"  step {bluff['step']}: player {bluff['player']} bluffed with {bluff['card']}")
    ending = result.ending()
    if ending:
        who = (
            f"player {ending['winner']} has won"
            if ending["winner"] >= 0
            else f"the table to deal a hand player {ending['leader']} leads"
            if result.phase == Phase.dealing
            else "the table to shuffle"
            if result.phase == Phase.awaiting_reshuffle
            else f"player {ending['current']} to move"
        )
        out.append(
            f"  ends: {who}; hands {ending['hands']}, scores {ending['scores']}"
            + "".join(f"; {words}" for words in pending_rows(ending))
        )
    if result.first_illegal:
        illegal = result.first_illegal
        out.append(f"ILLEGAL step {illegal['step']}: {illegal['reason']}")
    if result.violation:
        v = result.violation
        if v["invariant"] == "rules-give-an-outcome":  # the move is legal; the rules stop there
            at = "the deal" if v["step"] < 0 else f"step {v['step']}"
            out.append(f"NO OUTCOME at {at}: {v['message']}")
        else:
            out.append(f"INVARIANT {v['invariant']} broken after step {v['step']}: {v['message']}")
    held = result.recorded_states  # an ITF trace's states, each held to the reference's
    if held is not None and held["difference"] is not None:
        d = held["difference"]
        at = "the deal" if d["step"] < 0 else f"step {d['step']}"
        out.append(
            f"DIFFERENT state after {at} (states[{d['state']}]): {d['path']}: the trace records "
            f"{shown(d['recorded'])}, the rules give {shown(d['reference'])}"
        )
    if result.ok:
        out.append("ok: every step is legal")
    if held is not None and held["difference"] is None:
        compared = counted(held["compared"], "recorded state", "recorded states")
        out.append(f"  {compared} compared: each is the rules' state")
    recorded = result.recorded  # the trace file's own words: one line, cut short
    if recorded is not None:  # its shape is checked as the trace is read
        said = f"{recorded['invariant']}: {recorded['message']}"
        out.append(f"  written for: {short(' '.join(said.split()), 300)}")
    return "\n".join(out)


def explore_text(data: ExplorationJson) -> str:
    """An exploration's statistics, coverage and (if any) its counterexample, for people."""
    complete = "complete" if data["complete"] else f"stopped ({data['stopped'] or 'violation'})"
    out = [
        f"{data['edition']} at scale {data['scale']}, {data['players']} players, "
        f"symmetry {'on' if data['symmetry'] else 'off'}: {complete}",
        f"  {counted(data['distinct_states'], 'distinct state', 'distinct states')} "
        f"({data['unreduced_states']} without symmetry), "
        f"{counted(data['transitions'], 'transition', 'transitions')}, depth {data['depth']}",
        f"  {data['seconds']} s, {data['states_per_second']} states/s, peak memory "
        f"{data['peak_memory_mb']} MB ("
        + (
            f"~{data['bytes_per_state']} bytes per state)"
            if data["bytes_per_state"]
            else "too few states to measure the memory per state)"  # RSS grows in pages
        ),
    ]
    if data.get("fingerprint_collision_probability") is not None:
        out.append(
            f"  fingerprints: the chance of a collision is about "
            f"{data['fingerprint_collision_probability']:.1e} (TLC's optimistic estimate)"
        )
    for each in data.get("portfolio") or []:
        out.append(
            f"  scale {each['scale']}: {counted(each['distinct_states'], 'state', 'states')}, "
            f"{counted(each['transitions'], 'transition', 'transitions')}, depth {each['depth']}"
            + ("" if each["complete"] else ", incomplete")
        )
    out.append("Invariants:")
    states = data["distinct_states"]
    out += [
        f"  {'ok  ' if i['ok'] else 'FAIL'}  {i['name']}"
        + (
            f"  (checked in {i['states_checked']} of the {states} states: the search stopped)"
            if i["ok"] and i["states_checked"] < states
            else ""
        )
        for i in data["invariants"]
    ]
    progress = data["progress"]
    if progress is None:
        out.append("Progress: not checked (the exploration did not finish)")
    else:
        out.append(f"Progress:\n  {'ok  ' if progress['ok'] else 'FAIL'}  {progress['name']}")
    fired = sum(1 for n in data["coverage"].values() if n)
    out.append(f"Rule coverage: {fired} of {len(data['coverage'])} transitions fired")
    out += [f"  never fired: {label}" for label in data["never_fired"]]
    violation = data["violation"]
    if violation:
        out += [
            "",
            f"VIOLATION of {violation['invariant']}: {violation['message']}",
            "Shortest trace (the table as dealt, then only what changed at each step):",
        ]
        out += trace_rows(violation["dealt"], violation["steps"])
    if progress and not progress["ok"]:
        out += ["", f"The game cannot end from {progress['stuck_states']} of the states: from "
                "each, no sequence of moves and shuffles reaches the end of the game."]  # fmt: skip
        witness = progress["witness"]
        if witness:
            out.append("Shortest trace to one of them (the table as dealt, then what changed):")
            out += trace_rows(witness["dealt"], witness["steps"])
    out += [f"  written: {path}" for path in data.get("written", [])]
    return "\n".join(out)


def trace_rows(dealt: list[str], steps: list[StepRow]) -> list[str]:
    """A trace as a table: the deal in full, then each step with only what it changed."""
    rows = [f"  deal  {'table':<9} {'deal':<28} {'; '.join(dealt)}"]
    for row in steps:
        who = "table" if row["player"] is None else f"player {row['player']}"
        rows.append(f"  {row['step']:>3}  {who:<9} {row['action']:<28} {'; '.join(row['changes'])}")
    return rows


def parting_rows(parting: Parting | None, a: str, b: str) -> list[str]:
    """The step at which two editions part: who did what, then what it does in each."""
    if not parting:
        return []
    who = "table" if parting.get("player") is None else f"player {parting['player']}"
    rows = [f"    {parting.get('step', '?'):>3}  {who:<9} {parting.get('action', '')}"]
    for changed, name in ((parting["a"], a), (parting["b"], b)):
        rows.append(f"           in {name}: {'; '.join(changed) or 'nothing changes'}")
    return rows


def pending_rows(table: Pending) -> list[str]:
    """What a replayed table still owes (`pending` in `checks.replay`), in the words a
    counterexample's steps use."""
    out = []
    owed, challenge = table["owed"], table["challenge"]
    if owed:
        out.append(owed_words(owed["player"], owed["amount"]))
    if challenge:
        out.append(challenge_words(challenge["guilty"]))
    return out


def _span(players: list[int] | None) -> str:
    if players is None:  # interrupted before the first game
        return "any table"
    low, high = players
    return f"{low} players" if low == high else f"{low} to {high} players in turn"


def _shares(data: SimulationJson) -> str:
    """Who wins, as shares of what was won: with no hand or game won, a share of 0% would
    read as a player who always lost."""
    hands = (
        f"the player who leads a hand wins {data['first_player_win_share']:.1%} of hands"
        if data["hands"]
        else "no hand was won"
    )
    games = (
        f"player 0 wins {data['player_zero_game_share']:.1%} of games"
        if data["finished_games"]
        else "no game finished"
    )
    return f"{hands}; {games}"


SKIPPED = {
    "no-scale": "no scale given (--scale none): the state comparison was not run",
    "no-encode": "the engine cannot be put into a given state (its encodes is False): "
    "its games only are compared",
    "no-form": "the engine can be put into none of this scale's states (its encodable "
    "says no to each): they are counted below",
    "no-invariants": "the engine checks no invariant (its state_broken returns None)",
    "no-step-judge": "the engine has no step_broken",
    "no-canonical": "the engine has no canonical forms",
    "no-games": "--games 0",
    "plays-none": "the engine plays no games of its own (its play returns None)",
    "stopped": "not run: a difference came first (--all-differences goes on)",
}
"""Why a part of the comparison was skipped, in words (`conformance.report.Part`)."""

PART_UNITS = {
    "states": ("compared", "compared"),
    "steps": ("compared", "compared"),
    "converse": ("move not offered refused by both", "moves not offered refused by both"),
    "invariants": ("state whose invariants were judged alike",
                   "states whose invariants were judged alike"),
    "corrupted states": ("corrupted state judged alike", "corrupted states judged alike"),
    "wrong successors": ("wrong successor judged alike", "wrong successors judged alike"),
    "canonical forms": ("canonical form", "canonical forms"),
    "games": ("full-size game replayed step by step", "full-size games replayed step by step"),
}  # fmt: skip

NOT_COMPARED = {
    "states without a form": "  states skipped: {count:,} that the {engine} engine cannot be put "
    "into (its encodable says no): explored through, not compared",
    "steps not one of its": "  steps skipped: {count:,} that are not one step of the {engine} "
    "engine's (its compares_step says no): not compared",
}
"""The parts that count what was skipped, not compared (`MoreRules.encodable`,
`compares_step`), in words."""


def conform_text(data: ConformanceJson) -> str:
    """A conformance report, for people: what each part compared, or why it was skipped;
    the first difference; every kind of difference with `--all-differences`; the known
    ones seen and not seen with `--known`."""
    variant = f" (its {data['variant']} variant)" if data["variant"] else ""
    found = data.get("differences") or []
    known = data.get("known")
    agrees = data["first_difference"] is None
    verdict = (
        "agrees with" if agrees else "differs only as known from" if data["ok"] else "differs from"
    )
    engine = data["engine"] or "compiled"
    out = [f"{data['edition']}{variant}: the {engine} engine {verdict} "
           "the reference kernel"]  # fmt: skip
    if data["scale"]:
        portion = "every state" if data["complete"] else "the first states, breadth first"
        out.append(f"  scale {data['scale']}, {data['players']} players ({portion})")
    fields = [field for field in data["fields_corrupted"] if not field.startswith("[")]
    skipped: dict[str, list[str]] = {}  # each reason once, with the parts it skipped
    for part in data.get("parts") or []:
        name = part["part"]
        if part["skipped"] is not None:
            names = skipped.setdefault(part["skipped"], [])
            if not names:
                out.append(part["skipped"])  # its line, written once every part is known
            names.append(name)
            continue
        if name in NOT_COMPARED:
            out.append(NOT_COMPARED[name].format(count=part["compared"], engine=engine))
            continue
        one, many = PART_UNITS.get(name, (name, name))
        line = f"  {name}: {counted(part['compared'], one, many)}"
        if name == "corrupted states" and part["compared"]:
            own = len(data["fields_corrupted"]) - len(fields)
            line += f" ({len(fields)} fields of the state and {own} of the engine's own made wrong)"
        out.append(line)
    out = [
        f"  {', '.join(skipped[line])}: skipped: {SKIPPED.get(line, line)}"
        if line in skipped
        else line
        for line in out
    ]
    if data.get("games_cut_short"):
        cut = counted(data.get("games_cut_short", 0), "game", "games")
        out.append(f"  {cut} stopped at a difference, unable to go on past it")
    if data.get("colours_at_random"):
        drawn = counted(data.get("colours_at_random", 0), "colour", "colours")
        out.append(f"  {drawn} drawn at random, tallied against equal chances of each")
    if data.get("untracked"):
        out.append(f"  left out (the engine keeps no such field): {', '.join(data['untracked'])}")
    difference = data["first_difference"]
    if difference is not None:
        action = difference["action"]
        out.append(f"  first difference ({difference['what']}):")
        if action is not None:
            out.append(f"    step: {json.dumps(action)}")
        out.append(f"    reference: {json.dumps(difference['reference'])}")
        out.append(f"    engine:    {json.dumps(difference['engine'])}")
        steps = len(difference["trace"]["steps"])
        out.append(f"    trace: the deal and {counted(steps, 'step', 'steps')} (`--trace-out`)")
    if data.get("all_differences"):
        out.append(f"  {counted(len(found), 'kind of difference', 'kinds of difference')}:")
        listed = set(known["seen"]) if known else set()
        for each in found:
            mark = "known" if each["kind"] in listed else "NEW  " if known else ""
            steps = len(each["trace"]["steps"])
            out.append(
                f"    {mark + ' ' if mark else ''}{each['count']:>6} x {each['kind']}  "
                f"(first: the deal and {counted(steps, 'step', 'steps')})"
            )
    if known is not None:
        out.append(
            f"  known ({known['file']}): {len(known['seen'])} seen, {len(known['new'])} new, "
            f"{len(known['not_seen'])} not seen any more"
        )
        out += [f"    not seen any more: {kind}" for kind in known["not_seen"]]
    if data.get("written"):
        out.append(f"  written: {data['written']}")
    return "\n".join(out)


def simulate_text(data: SimulationJson) -> str:
    """A simulation's statistics, for people."""
    out = [
        ("INTERRUPTED: partial results\n" if data["interrupted"] else "")
        + f"{data['edition']}: {counted(data['games'], 'game', 'games')} of "
        f"{_span(data['players'])} "
        f"({data['finished_games']} finished) in "
        f"{data['seconds']} s, {data['games_per_second']} games/s",
        f"  {counted(data['hands'], 'hand', 'hands')}, {counted(data['steps'], 'step', 'steps')}; "
        "turns per hand: mean "
        f"{data['mean_turns']}, median {data['median_turns']}",
        "  " + _shares(data),
        f"  {data['reshuffles_per_game']} reshuffles per game, "
        f"{counted(data['draw_shortfalls'], 'draw', 'draws')} short of cards",
        f"  invariants checked after every step: "
        f"{counted(data['invariant_violations'] or 0, 'violation', 'violations')}"
        if data["invariants_checked"]
        else "  invariants off",
    ]
    if data["first_violation"]:
        v = data["first_violation"]
        out.append(f"  first: game {v['game']} broke {v['invariant']}: {v['message']}")
    out += [f"  rule gap: {gap}" for gap in data["rule_gaps"]]
    g = data["first_gap"]
    if g:
        shows = f": `{g['command']}` shows it" if "command" in g else ""
        out.append(f"  first met in game {g['game']} ({g['players']} players){shows}")
    if data["first_unfinished"]:
        u = data["first_unfinished"]
        shows = (
            f"`{u['command']}` shows it"
            if "command" in u
            else "`unospec play` plays whole games with the mixed policy, not this one"
        )
        out.append(
            f"  game {u['game']} did not end ({u['players']} players, seed {u['seed']}; {shows})"
        )
    out.append("Rules fired:")
    out += [f"  {count:>9}  {label}" for label, count in data["rules_fired"].items()]
    return "\n".join(out)
