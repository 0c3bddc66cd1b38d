"""Text views of conclusions: proofs, lint findings and edition diffs.

They read typed data, as `views.runs` does: the result (proofs, lint) or its JSON document (diff).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from unospec.model.scale import NO_SCALE
from unospec.model.wording import (
    counted,
    how_named,
    span,
)
from unospec.views.runs import parting_rows, pending_rows, trace_rows
from unospec.views.words import short, words

if TYPE_CHECKING:  # the results' types only, not the analyses (nor the engine) behind them
    from unospec.checks.analyses.diff.report import DifferenceJson, DiffJson
    from unospec.checks.analyses.lint import LintReport
    from unospec.checks.analyses.lint.finding import Witness
    from unospec.checks.analyses.proofs import ProofReport
    from unospec.checks.analyses.readings.report import EstimateJson, MeasureJson, ReadingsJson


def prove_text(report: ProofReport) -> str:
    """Proof verdicts, for people: the refuted ones with their counterexamples."""
    from unospec.checks.analyses.proofs.result import Claim

    queries = report.queries
    counts = {v: sum(q.verdict == v for q in queries) for v in ("proved", "refuted", "unknown")}
    out = [
        f"{report.edition}: {len(queries)} queries in {round(report.seconds, 3)} s: "
        f"{counts['proved']} proved, {counts['refuted']} refuted, {counts['unknown']} unknown"
    ]
    conservation = [q for q in queries if q.asserts == Claim.CARD_CONSERVATION]
    if conservation and all(q.verdict == "proved" for q in conservation):
        out.append(
            f"  proved   card-conservation: init and all {len(conservation) - 1} transitions"
        )
    for q in queries:
        if q.asserts == Claim.CARD_CONSERVATION and q.verdict == "proved":
            continue
        mark = {"proved": "proved  ", "refuted": "REFUTED ", "unknown": "unknown "}[q.verdict]
        out.append(f"  {mark} {q.name}  [{q.section}]  {q.claim}")
        for key, value in (q.witness or {}).items():
            out.append(f"             {key}: {short(value)}")
        if q.verdict == "proved" and q.detail:
            for key, value in q.detail.items():
                out.append(f"             {key}: {short(value)}")
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
    whole = f"{short(a, width)} -> {short(b, width)}"
    if len(words(a)) <= width and len(words(b)) <= width:
        return whole
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
        return "; ".join(f"{k}: {_change(a.get(k), b.get(k), width)}" for k in keys)
    if isinstance(a, list) and isinstance(b, list):
        only_a = [x for x in a if x not in b]
        only_b = [x for x in b if x not in a]
        if only_b and not only_a:
            return f"adds {short(only_b, width)}, the rest the same"
        if only_a and not only_b:
            return f"drops {short(only_a, width)}, the rest the same"
        if only_a or only_b:
            return f"{short(only_a, width)} -> {short(only_b, width)} (the rest the same)"
    return whole


def _without_game(witness: Witness) -> Witness:
    """A witness without its game, which `_game_line` tells apart: its deck and steps
    would fill the witness line's width before the facts it shows."""
    game = witness.get("game")
    if isinstance(game, dict):
        return {k: v for k, v in witness.items() if k != "game"} | {
            k: v for k, v in game.items() if k != "trace"
        }
    return witness


def _game_line(witness: Witness) -> list[str]:
    """Where a witness game's trace is, for a reader of the text who wants to replay it."""
    game = witness.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("trace"), dict):
        return []
    steps = len(game["trace"].get("steps", []))
    return [
        f"      game: a trace of {steps} steps, in `--format json` as witness.game.trace, "
        "for `unospec replay`"
    ]


def lint_text(report: LintReport) -> str:
    """Findings grouped by severity, worded as a review for the booklet's author."""
    findings = report.findings
    out = [f"Review of {report.edition}: {len(findings)} findings"]
    titles = {
        "error": "Contradictions (the booklet says two things that cannot both hold)",
        "warning": "Gaps and ambiguities (the booklet leaves the outcome open, or a rule "
        "never fired)",
        "info": "Worth knowing",
    }
    for severity, title in titles.items():
        group = [f for f in findings if f.severity == severity]
        if not group:
            continue
        out += ["", f"{title}: {len(group)}"]
        for f in group:
            out.append(f"  - [{f.section}] {f.message}  ({f.family})")
            if f.interpretation:
                reading = f.interpretation
                others = ", ".join(words(a) for a in reading["alternatives"])
                out.append(
                    f"      reading chosen: {words(reading['chosen'])}; alternatives: {others}"
                )
            if f.witness and severity != "info":
                out.append(f"      witness: {short(_without_game(f.witness))}")
                out += _game_line(f.witness)
            elif f.witness and "what it does" in f.witness:  # a noted dead rule
                out.append(f"      what it does: {f.witness['what it does']}")
    return "\n".join(out)


def diff_text(data: DiffJson) -> str:
    """A diff, for people: each difference, then the behavioural evidence or the bound."""
    unexplored = data["bound"].get("scale") == NO_SCALE
    verdict = (
        "are equivalent"
        if data["equivalent"]
        else "are not shown to differ, nor equivalent: their behaviour was not explored "
        f"(--scale {NO_SCALE})"
        if data.get("undecided") and unexplored
        else "are not shown to differ, nor equivalent: the search stopped first"
        if data.get("undecided")
        else "differ"
    )
    out = [f"{data['a']} and {data['b']} {verdict}"]
    by_kind: dict[str, list[DifferenceJson]] = {}
    for d in data["differences"]:
        by_kind.setdefault(d["kind"], []).append(d)
    for kind, items in by_kind.items():
        out.append(f"  {kind}: {len(items)}")
        out += [
            f"    {d['path']}: {_change(*_worded(kind, d['path'], d['a'], d['b']))}"
            + (f" ({short(d['detail'], 160)})" if d.get("detail") else "")
            for d in items
        ]
    found = data["distinguishing_trace"]
    bound = data["bound"]
    where = f"{bound.get('players')} players at scale {bound.get('scale')}"
    trace, replays, step = (
        (found["trace"], found["replay"], found["step"]) if found else (None,) * 3
    )
    if found and trace and replays is not None and step is not None:
        at = f"at step {step}" if step >= 0 else "right after the deal"
        out.append(f"  behaviour: {how_named(found['how'], data['a'], data['b'])} {at} ({where}):")
        if "dealt" in found and "steps" in found:  # the table as dealt, then each step's changes
            out += ["  " + row for row in trace_rows(found["dealt"], found["steps"])]
            out += parting_rows(found.get("parting"), data["a"], data["b"])
        else:
            out += [f"    {i:>3}  {json.dumps(each)}" for i, each in enumerate(trace["steps"])]
        for name, r in ((data["a"], replays["a"]), (data["b"], replays["b"])):
            illegal = r["first_illegal"]
            state = (
                "illegal: " + illegal["reason"]
                if illegal
                else (
                    f"phase {r['phase']}, next player {r['current']}, hands {r['hands']}"
                    + "".join(f", {words}" for words in pending_rows(r))
                )
            )
            out.append(f"    replayed on {name}: {state}")
        if found.get("parting") is None:  # told in words above otherwise
            for field, values in found.get("fields", {}).items():
                out.append(f"    {field}: {_change(values['a'], values['b'])}")
    elif found:
        out.append(f"  behaviour: {how_named(found['how'], data['a'], data['b'])}")
    elif unexplored:
        out.append(f"  behaviour: not explored (--scale {NO_SCALE}), nor the state counts")
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
    out += _rules_text(data)
    return "\n".join(out)


def _rules_text(data: DiffJson) -> list[str]:
    """Each rule difference on its own: its paths and values, the sections cited, and the
    shortest trace telling a apart from a with only that rule set to b's value (told as the
    behaviour section tells its own), or why there is none."""
    rules = data.get("rules") or []
    if not rules:
        return []
    a, edited = data["a"], f"{data['a']} with {data['b']}'s rule"
    counts: dict[str, int] = {}
    for rule in rules:
        counts[rule["verdict"]] = counts.get(rule["verdict"], 0) + 1
    summary = ", ".join(f"{n} {verdict}" for verdict, n in counts.items())
    out = [
        f"  rules: {len(rules)} ({summary}; each is {a} with only that rule set to "
        f"{data['b']}'s value, played against {a})"
    ]
    for rule in rules:
        for i, (path, va, vb) in enumerate(zip(rule["paths"], rule["a"], rule["b"], strict=True)):
            out.append(f"    {'' if i == 0 else '+ '}{path}: {_change(va, vb)}")
        if rule["sections"]:
            out.append(f"      cited: {'; '.join(rule['sections'])}")
        found = rule["trace"]
        if rule["verdict"] == "changes" and found and found["step"] is not None:
            at = f"at step {found['step']}" if found["step"] >= 0 else "right after the deal"
            steps = f" ({counted(rule['steps'], 'step', 'steps')})" if rule["steps"] else ""
            out.append(f"      {how_named(found['how'], a, edited)} {at}{steps}:")
            if "dealt" in found and "steps" in found:
                out += ["      " + row for row in trace_rows(found["dealt"], found["steps"])]
                out += ["    " + row for row in parting_rows(found.get("parting"), a, edited)]
            if found.get("parting") is None:
                for field, values in found.get("fields", {}).items():
                    out.append(f"        {field}: {_change(values['a'], values['b'])}")
        elif rule["verdict"] == "equivalent":
            out.append(
                f"      no difference found at this scale ({rule['states']} states searched)"
            )
        elif rule["verdict"] == "not-separable":
            out.append(f"      not separable: {rule['reason']}")
        else:
            out.append(f"      {rule['verdict']}: {rule['reason']}")
    return out


def readings_text(data: ReadingsJson) -> str:
    """Each recorded reading, then each alternative's verdict: for one that changes the
    game, its distinguishing trace in words and the effect on game length and points."""
    counts: dict[str, int] = {}
    for reading in data["readings"]:
        for alternative in reading["alternatives"]:
            counts[alternative["verdict"]] = counts.get(alternative["verdict"], 0) + 1
    if not data["readings"]:
        return f"{data['edition']}: no recorded interpretation, so no reading to play"
    summary = ", ".join(f"{n} {verdict}" for verdict, n in counts.items())
    out = [
        f"{data['edition']}: {len(data['readings'])} readings, alternatives: {summary} "
        f"({data['players']} players at scale {data['scale']})"
    ]
    for reading in data["readings"]:
        out.append(f"  [{reading['section']}] {reading['id']}: {reading['question']}")
        out.append(f"    chosen: {_reading_value(reading['chosen'])}")
        for alternative in reading["alternatives"]:
            value = _reading_value(alternative["value"])
            out.append(f"    {value}: {alternative['verdict']}: {alternative['reason']}")
            trace = alternative["trace"]
            if alternative["verdict"] == "changes" and trace and "dealt" in trace:
                out += ["    " + row for row in trace_rows(trace["dealt"], trace["steps"])]
                out += ["  " + row for row in parting_rows(trace.get("parting"), "chosen", value)]
            stats = alternative["stats"]
            if stats is not None:
                out += _measured("game length (turns)", stats["turns_per_game"])
                out += _measured("points per hand", stats["points_per_hand"])
    return "\n".join(out)


def _reading_value(value: object) -> str:
    return f"[{', '.join(map(str, value))}]" if isinstance(value, list) else str(value)


def _measured(name: str, measure: MeasureJson) -> list[str]:
    def shown(e: EstimateJson) -> str:
        return f"{e['value']:.2f} [{e['low']:.2f}, {e['high']:.2f}]"

    d = measure["difference"]
    return [
        f"      {name}: {shown(measure['chosen'])} as chosen, {shown(measure['alternative'])} "
        f"so; difference {d['value']:+.2f} [{d['low']:+.2f}, {d['high']:+.2f}], "
        f"p = {measure['p']:.3g} ({measure['test']})"
    ]
