"""Text renderings of results. JSON is the results' own `to_json`; this is for people."""

from __future__ import annotations

import json
from typing import Any

from unospec.checks.engines.replay import ReplayResult
from unospec.checks.jobs.results import EditionReport
from unospec.editions import reference
from unospec.editions.schema import RULE_KEYS, toml_value
from unospec.model.cards import WILD_KINDS, Face
from unospec.model.edition import Edition
from unospec.model.effects import effect_name
from unospec.model.vocabulary import Phase
from unospec.model.wording import (
    challenge_words,
    counted,
    how_named,
    owed_words,
    seats,
    shell_word,
    span,
)


def edition_json(edition: Edition) -> dict[str, Any]:
    """Everything `unospec show` says about an edition."""
    deck: list[dict[str, Any]] = []
    for entry in edition.deck:
        for face, count in entry.faces(edition.colors):
            row = {"card": face.card_id, "count": count, "provenance": entry.provenance}
            if entry.foil:
                row["set_aside"] = True
            deck.append(row)
    rules = edition.rules
    return {
        "name": edition.name,
        "title": edition.title,
        "seed": edition.seed,
        "variant_of": edition.variant_of,
        "source": edition.source,
        "total_cards": edition.total_cards,
        "in_play_cards": edition.in_play_count,
        "set_aside_cards": edition.set_aside_count,
        "hand_size": rules.hand_size,
        "players": [rules.min_players, rules.max_players],
        "players_provenance": edition.players_provenance,
        "target_score": rules.target_score,
        "colors": list(edition.colors),
        "deck": deck,
        "cards": {
            kind: {
                "effect": effect_name(effect),  # as the edition file names it
                **vars(effect),
                "section": dict(edition.sections).get(kind, ""),
                "name": edition.card_name(kind),
            }
            for kind, effect in edition.effects
        },
        "rules": {
            "first_flip_ignores": sorted(rules.first_flip_ignores),
            "ignored_flip_goes": rules.ignored_flip_goes,
            "flip_exhausted": rules.flip_exhausted,
            "next_leader": rules.next_leader,
            "after_drawing": rules.after_drawing,
            "reshuffle": rules.reshuffle,
            "draw_shortfall": rules.draw_shortfall,
            "empty_handed_draw": rules.empty_handed_draw,
            "uno_penalty": rules.uno_penalty,
            "game_end": rules.game_end,
        },
        "points": dict(rules.points),
        "interpretations": [
            {
                "id": i.id,
                "section": i.section,
                "question": i.question,
                "chosen": _plain(i.chosen),
                "alternatives": [_plain(a) for a in i.alternatives],
                "decides": i.decides,
                "why": i.why,
            }
            for i in edition.interpretations
        ],
    }


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def edition_text(edition: Edition) -> str:
    data = edition_json(edition)
    out = [
        f"{edition.title} ({edition.name})",
        f"  from {edition.source}"
        + (f", booklet {edition.seed}" if edition.seed else "")
        + (f", a variant of {edition.variant_of}" if edition.variant_of else ""),
        f"  {edition.total_cards} cards: {edition.in_play_count} in play, "
        f"{edition.set_aside_count} set aside",
        f"  {seats(*data['players'])} players ({edition.players_provenance}), "
        f"hands of {edition.rules.hand_size}, "
        + (
            "a game is one hand"
            if edition.rules.game_end == "single-hand"
            else f"game to {edition.rules.target_score} points"
        ),
        "",
        "Deck:",
    ]
    for entry in edition.deck:
        faces = entry.faces(edition.colors)
        count = sum(n for _, n in faces)
        what = _entry_name(entry.kind, entry.ranks, faces)
        aside = ", set aside" if entry.foil else ""
        out.append(f"  {count:4d}  {what:<38} {entry.provenance}{aside}: {entry.why}")
    out += ["", "Card rules ([cards.KIND] in the file):"]
    for kind, card in data["cards"].items():
        params = ", ".join(
            f"{k} = {toml_value(v)}" for k, v in card.items() if k not in ("section", "name")
        )
        printed = dict(edition.card_names).get(kind)  # the file's own `name`, if it gives one
        if printed:
            params = f"name = {toml_value(printed)}, {params}"
        out.append(f"  {kind:<20} {params}  [{card['section']}]")
    out += ["", "Rules:"]
    out += [f"  {RULE_KEYS[key]:<26} {toml_value(value)}" for key, value in data["rules"].items()]
    points = ", ".join(f"{k} = {toml_value(v)}" for k, v in data["points"].items())
    out += [f"  {'scoring.points':<26} {points}", "", "Interpretations (reading chosen; else):"]
    for i in edition.interpretations:
        alternatives = "; ".join(toml_value(a) for a in i.alternatives)
        out.append(f"  [{i.section}] {i.id}: {toml_value(i.chosen)}  (else: {alternatives})")
        out.append(f"      {i.question}")
    if not edition.interpretations:  # not a heading over nothing: say where the questions are
        lint = f"unospec lint {shell_word(reference(edition))}"
        out.append(f"  none recorded (`{lint}` asks the open questions)")
    return "\n".join(out)


def _entry_name(kind: str, ranks: tuple[int, ...], faces: list[tuple[Face, int]]) -> str:
    per = faces[0][1] if faces else 0
    if ranks:
        return f"number {span(sorted(ranks))}, {per} per colour and rank"
    if kind in WILD_KINDS:
        return kind
    return f"{kind}, {per} per colour"


def check_text(reports: list[EditionReport]) -> str:
    out: list[str] = []
    for report in reports:
        out.append(f"{'PASS' if report.ok else 'FAIL'}  {report.name}  ({report.source})")
        for check in report.checks:
            status = (
                "FAIL" if not check.ok else "note" if check.data.get("saved") is False else "ok  "
            )
            out.append(f"  {status}  {check.name}: {check.detail}")
            if check.name == "proofs":
                refuted = [q["name"] for q in check.data["queries"] if q["verdict"] != "proved"]
                out += [f"          refuted: {name}" for name in refuted]
            if check.name == "lint":
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
            + "".join(f"; {words}" for words in _pending(ending))
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
    if result.ok:
        out.append("ok: every step is legal")
    recorded = result.recorded  # the trace file's own words: one line, cut short
    if recorded is not None:  # its shape is checked as the trace is read
        said = f"{recorded['invariant']}: {recorded['message']}"
        out.append(f"  written for: {_short(' '.join(said.split()), 300)}")
    return "\n".join(out)


def explore_text(data: dict[str, Any]) -> str:
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
        out += _trace_rows(violation["dealt"], violation["steps"])
    if progress and not progress["ok"]:
        out += ["", f"The game cannot end from {progress['stuck_states']} of the states: from "
                "each, no sequence of moves and shuffles reaches the end of the game."]  # fmt: skip
        witness = progress["witness"]
        if witness:
            out.append("Shortest trace to one of them (the table as dealt, then what changed):")
            out += _trace_rows(witness["dealt"], witness["steps"])
    out += [f"  written: {path}" for path in data.get("written", [])]
    return "\n".join(out)


def _trace_rows(dealt: list[str], steps: list[dict[str, Any]]) -> list[str]:
    """A trace as a table: the deal in full, then each step with only what it changed."""
    rows = [f"  deal  {'table':<9} {'deal':<28} {'; '.join(dealt)}"]
    for row in steps:
        who = "table" if row["player"] is None else f"player {row['player']}"
        rows.append(f"  {row['step']:>3}  {who:<9} {row['action']:<28} {'; '.join(row['changes'])}")
    return rows


def _parting_rows(parting: dict[str, Any] | None, a: str, b: str) -> list[str]:
    """The step at which two editions part: who did what, then what it does in each."""
    if not parting:
        return []
    who = "table" if parting.get("player") is None else f"player {parting['player']}"
    rows = [f"    {parting.get('step', '?'):>3}  {who:<9} {parting.get('action', '')}"]
    for side, name in (("a", a), ("b", b)):
        rows.append(f"           in {name}: {'; '.join(parting[side]) or 'nothing changes'}")
    return rows


def _pending(table: dict[str, Any]) -> list[str]:
    """What a replayed table still owes (`pending` in `checks.replay`), in the words a
    counterexample's steps use."""
    out = []
    owed, challenge = table.get("owed"), table.get("challenge")
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


def _shares(data: dict[str, Any]) -> str:
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


def conform_text(data: dict[str, Any]) -> str:
    """A conformance report, for people."""
    scale = f"scale {data['scale']}" if data["scale"] else "no scale"
    portion = "every state" if data["complete"] else "the first states, breadth first"
    head = (
        f"{data['edition']}: the {data['engine'] or 'compiled'} engine "
        f"{'agrees with' if data['ok'] else 'differs from'} the reference kernel"
    )
    out = [
        head,
        f"  {scale}, {data['players']} players ({portion}): "
        f"{counted(data['states_compared'], 'state', 'states')}, "
        f"{counted(data['steps_compared'], 'step', 'steps')} compared, "
        f"{counted(data['moves_refused'], 'move', 'moves')} not offered refused by both",
        f"  {counted(data['games'], 'full-size game', 'full-size games')} replayed step by step",
    ]
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
    if data.get("written"):
        out.append(f"  written: {data['written']}")
    return "\n".join(out)


def simulate_text(data: dict[str, Any]) -> str:
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
        f"{counted(data['invariant_violations'], 'violation', 'violations')}"
        if data["invariants_checked"]
        else "  invariants off",
    ]
    if data["first_violation"]:
        v = data["first_violation"]
        out.append(f"  first: game {v['game']} broke {v['invariant']}: {v['message']}")
    out += [f"  rule gap: {gap}" for gap in data["rule_gaps"]]
    if data.get("first_gap"):
        g = data["first_gap"]
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


def prove_text(data: dict[str, Any]) -> str:
    """Proof verdicts, for people: the refuted ones with their counterexamples."""
    queries = data["queries"]
    counts = {v: sum(q["verdict"] == v for q in queries) for v in ("proved", "refuted", "unknown")}
    out = [
        f"{data['edition']}: {len(queries)} queries in {data['seconds']} s: "
        f"{counts['proved']} proved, {counts['refuted']} refuted, {counts['unknown']} unknown"
    ]
    conservation = [q for q in queries if q["name"].startswith("card-conservation")]
    if conservation and all(q["verdict"] == "proved" for q in conservation):
        out.append(
            f"  proved   card-conservation: init and all {len(conservation) - 1} transitions"
        )
    for q in queries:
        if q["name"].startswith("card-conservation") and q["verdict"] == "proved":
            continue
        mark = {"proved": "proved  ", "refuted": "REFUTED ", "unknown": "unknown "}[q["verdict"]]
        out.append(f"  {mark} {q['name']}  [{q['section']}]  {q['claim']}")
        for key, value in (q["witness"] or {}).items():
            out.append(f"             {key}: {_short(value)}")
        if q["verdict"] == "proved" and q.get("detail"):
            for key, value in q["detail"].items():
                out.append(f"             {key}: {_short(value)}")
    return "\n".join(out)


def _worded(kind: str, path: str, a: object, b: object) -> tuple[object, object]:
    """A finding is found or not, a transition can fire or not: words, not True/False."""
    words = {
        "finding": ("found", "not found"),
        "transition": ("can fire", "cannot fire"),
        "exploration": ("fires", "never fires"),  # the transitions fired at a scale
    }
    if kind in words and isinstance(a, bool) and isinstance(b, bool):
        yes, no = words[kind]
        return (yes if a else no), (yes if b else no)
    return a, b


def _change(a: object, b: object, width: int = 60) -> str:
    """``a -> b``; when both are too long to show whole, only what differs: the keys of two
    objects whose values differ, or the items one list has and the other lacks (the shared
    part once cut the one differing item off both sides).

    >>> _change(["skip", "reverse", "draw-two"], ["skip", "reverse", "draw-two", "wild"], 20)
    'adds [wild], the rest the same'
    >>> _change(["skip", "reverse", "draw-two", "wild"], ["skip", "reverse"], 20)
    'drops [draw-two, wild], the rest the same'
    """
    whole = f"{_short(a, width)} -> {_short(b, width)}"
    if len(_words(a)) <= width and len(_words(b)) <= width:
        return whole
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
        return "; ".join(f"{k}: {_change(a.get(k), b.get(k), width)}" for k in keys)
    if isinstance(a, list) and isinstance(b, list):
        only_a = [x for x in a if x not in b]
        only_b = [x for x in b if x not in a]
        if only_b and not only_a:
            return f"adds {_short(only_b, width)}, the rest the same"
        if only_a and not only_b:
            return f"drops {_short(only_a, width)}, the rest the same"
        if only_a or only_b:
            return f"{_short(only_a, width)} -> {_short(only_b, width)} (the rest the same)"
    return whole


def _without_game(witness: Any) -> Any:
    """A witness without its game, which `_game_line` tells apart: its deck and steps
    would fill the witness line's width before the facts it shows."""
    if isinstance(witness, dict) and isinstance(witness.get("game"), dict):
        return {k: v for k, v in witness.items() if k != "game"} | {
            k: v for k, v in witness["game"].items() if k != "trace"
        }
    return witness


def _game_line(witness: Any) -> list[str]:
    """Where a witness game's trace is, for a reader of the text who wants to replay it."""
    game = witness.get("game") if isinstance(witness, dict) else None
    if not isinstance(game, dict) or not isinstance(game.get("trace"), dict):
        return []
    steps = len(game["trace"].get("steps", []))
    return [
        f"      game: a trace of {steps} steps, in `--format json` as witness.game.trace, "
        "for `unospec replay`"
    ]


def _short(value: object, width: int = 200) -> str:
    """`value` in words, cut after the last whole word that fits in `width`.

    >>> _short("chosen: standard-108; alternatives: [one, two]", 30)
    'chosen: standard-108; ...'
    """
    text = _words(value)
    if len(text) <= width:
        return text
    cut = text[: width - 3]
    space = cut.rfind(" ")
    return (cut[:space] if space > 0 else cut) + " ..."


def _words(value: object) -> str:
    """A value for people, not Python: nothing is "absent", a table is ``key: value; ...``.

    >>> _words({"chosen": "same", "alternatives": ["rotate-left"], "why": None})
    'chosen: same; alternatives: [rotate-left]; why: absent'
    >>> _words({"foil": True, "stacking": [False]})
    'foil: true; stacking: [false]'
    """
    if value is None:
        return "absent"
    if isinstance(value, bool):  # as edition files spell it (TOML)
        return "true" if value else "false"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_words(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_words(item) for item in value) + "]"
    return str(value)


def lint_text(data: dict[str, Any]) -> str:
    """Findings grouped by severity, worded as a review for the booklet's author."""
    findings = data["findings"]
    out = [f"Review of {data['edition']}: {len(findings)} findings"]
    titles = {
        "error": "Contradictions (the booklet says two things that cannot both hold)",
        "warning": "Gaps and ambiguities (the booklet leaves the outcome open, or a rule "
        "never fired)",
        "info": "Worth knowing",
    }
    for severity, title in titles.items():
        group = [f for f in findings if f["severity"] == severity]
        if not group:
            continue
        out += ["", f"{title}: {len(group)}"]
        for f in group:
            out.append(f"  - [{f['section']}] {f['message']}  ({f['family']})")
            if f["interpretation"]:
                reading = f["interpretation"]
                others = ", ".join(_words(a) for a in reading["alternatives"])
                out.append(
                    f"      reading chosen: {_words(reading['chosen'])}; alternatives: {others}"
                )
            if f["witness"] and severity != "info":
                out.append(f"      witness: {_short(_without_game(f['witness']))}")
                out += _game_line(f["witness"])
            elif f["witness"] and "what it does" in f["witness"]:  # a noted dead rule
                out.append(f"      what it does: {f['witness']['what it does']}")
    return "\n".join(out)


def diff_text(data: dict[str, Any]) -> str:
    """A diff, for people: each difference, then the behavioural evidence or the bound."""
    verdict = (
        "are equivalent"
        if data["equivalent"]
        else "are not shown to differ, nor equivalent: the search stopped first"
        if data.get("undecided")
        else "differ"
    )
    out = [f"{data['a']} and {data['b']} {verdict}"]
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for d in data["differences"]:
        by_kind.setdefault(d["kind"], []).append(d)
    for kind, items in by_kind.items():
        out.append(f"  {kind}: {len(items)}")
        out += [
            f"    {d['path']}: {_change(*_worded(kind, d['path'], d['a'], d['b']))}"
            + (f" ({_short(d['detail'], 160)})" if d.get("detail") else "")
            for d in items
        ]
    found = data["distinguishing_trace"]
    bound = data["bound"]
    where = f"{bound.get('players')} players at scale {bound.get('scale')}"
    if found and found.get("trace"):
        steps = found["trace"]["steps"]
        at = f"at step {found['step']}" if found["step"] >= 0 else "right after the deal"
        out.append(f"  behaviour: {how_named(found['how'], data['a'], data['b'])} {at} ({where}):")
        if "dealt" in found:  # the table as dealt, then what each step changed
            out += ["  " + row for row in _trace_rows(found["dealt"], found["steps"])]
            out += _parting_rows(found.get("parting"), data["a"], data["b"])
        else:
            out += [f"    {i:>3}  {json.dumps(step)}" for i, step in enumerate(steps)]
        for side in ("a", "b"):
            r = found["replay"][side]
            state = (
                "illegal: " + r["first_illegal"]["reason"]
                if r["first_illegal"]
                else (
                    f"phase {r['phase']}, next player {r['current']}, hands {r['hands']}"
                    + "".join(f", {words}" for words in _pending(r))
                )
            )
            out.append(f"    replayed on {data[side]}: {state}")
        if found.get("parting") is None:  # told in words above otherwise
            for name, values in found.get("fields", {}).items():
                out.append(f"    {name}: {_change(values['a'], values['b'])}")
    elif found:
        out.append(f"  behaviour: {how_named(found['how'], data['a'], data['b'])}")
    else:
        states = f"{bound.get('states')} states"
        searched = f"any of the {states}" if bound.get("complete") else f"the first {states}"
        out.append(
            f"  behaviour: no difference in {searched} of the shared deck, to depth "
            f"{bound.get('depth')} ({where})"
        )
    if bound.get("left_out"):
        out.append(f"    not played (in one deck only): {', '.join(bound['left_out'])}")
    if bound.get("scaled_away"):
        deck_counts = [d for d in bound["scaled_away"] if d["path"].startswith("deck.")]
        deck_counts = [d for d in deck_counts if d["path"] != "deck.colours"]  # a list, not a count
        counts = [d["path"].removeprefix("deck.") for d in deck_counts]
        alike = [
            f"{d['path']} ({_change(d['a'], d['b'])})"
            for d in bound["scaled_away"]
            if d not in deck_counts
        ] + ([f"how many cards: {', '.join(counts)}"] if counts else [])
        out.append(f"    not tested by play at this scale: {'; '.join(alike)}")
        away = {d["path"] for d in bound["scaled_away"]}
        if "scoring.target" in away:
            out.append(
                "      (`--scale ...,target=0` keeps each edition's own target, at the cost of "
                "more states)"
            )
        if "setup.hand_size" in away:
            out.append(
                "      (a scale deals both editions hands of its own size: play cannot show it)"
            )
    if bound.get("capped"):
        most = bound["capped"][0]["most_drawn"]
        amounts = "; ".join(f"{d['path']} ({_change(d['a'], d['b'])})" for d in bound["capped"])
        out.append(
            f"    not told apart by play at this scale: {amounts}: no draw here takes more than "
            f"{counted(most, 'card', 'cards')}, so both draw every card there is (a larger "
            "--scale deals more)"
        )
    if bound.get("players_not_compared"):
        sizes = span(bound["players_not_compared"])
        out.append(f"    not compared: tables of {sizes} players (`--players N` compares one)")
    return "\n".join(out)
