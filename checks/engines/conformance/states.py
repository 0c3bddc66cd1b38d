"""Conformance state by state: every state of the reference's exploration at a scale is
encoded into the implementation and decoded back; the two must agree on the state, on its
legal moves, on the state reached by every move and every chance outcome (or on the
refusal, and the rule it cites), on the moves and shuffles it does not offer (`converse`),
on every invariant's verdict where the implementation checks them, in states and steps
made wrong too (`corruption`), and on canonical forms where it has them (`symmetry`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from unospec.checks.engines.chance import Outcome, chance_outcomes, normalize, outcomes
from unospec.checks.engines.conformance.adapter import Rules, comparable, masked, untracked
from unospec.checks.engines.conformance.converse import (
    MoveTable,
    converse,
    not_offered,
    unplayed,
)
from unospec.checks.engines.conformance.corruption import (
    FIELDS,
    STATE_CORRUPTIONS,
    STEP_CORRUPTIONS,
    WrongStep,
    gated,
    judged_with,
)
from unospec.checks.engines.conformance.guard import EngineFailure
from unospec.checks.engines.conformance.kinds import Tally, kind_of
from unospec.checks.engines.conformance.probe import (
    EngineOutcome,
    Probe,
    Tried,
    arranged,
    probe,
)
from unospec.checks.engines.conformance.report import (
    Difference,
    Found,
    Kind,
    differing,
    refusal,
    state_json,
)
from unospec.checks.engines.conformance.symmetry import CanonicalForms
from unospec.checks.engines.counterexample import concrete_trace
from unospec.checks.engines.symmetry import colour_renamings, least_form
from unospec.checks.properties.invariants import violations
from unospec.editions import reference
from unospec.model.actions import Action, Deal
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions
from unospec.model.state import GameState
from unospec.model.trace import Trace, action_step

CORRUPT_EVERY = 4
"""One state in this many is also judged corrupted (the next corruption of the catalogue in
turn, and the next step made wrong), besides the corruptions of fields not yet flagged,
which every state tries until each is."""


@dataclass(frozen=True)
class StatesCompared:
    """What the comparison of a scale's states found."""

    states: int = 0
    steps: int = 0
    moves_refused: int = 0  # plausible moves and shuffles not offered, refused by both
    complete: bool = True  # every state compared (no bound reached)
    difference: Difference | None = None
    canonical_forms: int = 0  # states whose canonical forms were compared
    fields_corrupted: tuple[str, ...] = ()  # fields of the state flagged corrupted by both
    corruptions: int = 0  # corrupted states judged by both
    wrong_steps: int = 0  # steps handed a wrong successor, judged by both
    differences: tuple[Kind, ...] = ()  # every difference, by kind (`--all-differences`)
    invariants_judged: int = 0  # states whose invariants' verdicts were compared
    calls: frozenset[str] = frozenset()  # the optional calls the implementation answered
    states_skipped: int = 0  # states it has no form for (`MoreRules.encodable`)
    steps_skipped: int = 0  # steps that are not one of its (`MoreRules.compares_step`)


@dataclass
class _Comparison:
    """One scale's comparison under way: the edition, the implementation, what it found."""

    edition: Edition
    rules: Rules[Any]
    table: MoveTable
    forms: CanonicalForms
    states: int = 0
    steps: int = 0
    moves_refused: int = 0
    corruptions: int = 0
    wrong_steps: int = 0
    flagged: set[str] = field(default_factory=set)  # fields whose corruption was flagged
    bookkept: set[str] = field(default_factory=set)  # bookkeeping the implementation rejected
    held: frozenset[str] = frozenset(FIELDS)  # the fields the implementation holds
    tally: Tally = field(default_factory=Tally)
    invariants_judged: int = 0
    calls: set[str] = field(default_factory=set)  # optional calls it answered (not None)
    states_skipped: int = 0
    steps_skipped: int = 0
    left_out: frozenset[str] = frozenset()  # the fields it keeps none of (`untracked`)

    def result(self, complete: bool, difference: Difference | None) -> StatesCompared:
        return StatesCompared(
            self.states,
            self.steps,
            self.moves_refused,
            complete,
            difference,
            self.forms.compared,
            tuple(sorted(self.flagged | {f"[{name}]" for name in self.bookkept})),
            self.corruptions,
            self.wrong_steps,
            self.tally.kinds(),
            self.invariants_judged,
            frozenset(self.calls),
            self.states_skipped,
            self.steps_skipped,
        )


def compare_states(
    edition: Edition,
    players: int,
    rules: Rules[Any],
    scale: str,
    max_states: int | None,
    variant: str | None = None,
    all_differences: bool = False,
) -> StatesCompared:
    """Breadth first over the reference's states of `edition` (scaled at `scale`), up to
    colour renaming, each compared; stop at the first difference (`all_differences`: go
    on over the remaining states, each difference counted by its kind), or once the first
    `max_states` states found are compared.
    `variant` names the variant `edition` is (its traces say so)."""
    renamings = colour_renamings(edition)
    run = _Comparison(
        edition, rules, MoveTable.of(edition, players), CanonicalForms(edition, renamings)
    )
    run.left_out = untracked(rules)
    held = getattr(rules, "held_fields", None)
    if held is not None:
        run.held = frozenset(f for f in FIELDS if f.split(".")[0] in held)
    first = least_form(normalize(empty_table(edition, players)), renamings)
    parents: dict[GameState, tuple[GameState | None, Outcome | None]] = {first: (None, None)}
    frontier = [first]
    complete = True
    earliest: Difference | None = None
    encodable = getattr(rules, "encodable", None)
    while frontier:
        following: list[GameState] = []
        for game in frontier:
            tried = list(_tried(edition, game))
            children = [
                None if problem else least_form(normalize(outcome.after, game), renamings)
                for outcome, problem in tried
            ]
            if encodable is not None and not encodable(game):
                run.states_skipped += 1  # no form for it: explored through, not compared
                found = None
            else:
                run.states += 1
                found = _compare_one(run, game, tried, children)
            if found is not None:

                def difference(found: Found = found, game: GameState = game) -> Difference:
                    path = _path(parents, game)
                    trace = _trace_to(edition, players, path, found.last, scale, variant)
                    return Difference(found.what, game, found.action, found.reference,
                                      found.engine, trace, edition)  # fmt: skip

                kind = kind_of(edition, found)
                run.tally.add(kind, difference)
                earliest = earliest or run.tally.firsts[kind]
                if not all_differences:
                    return run.result(complete, earliest)
            for (outcome, _), child in zip(tried, children, strict=True):
                if child is None or child in parents:
                    continue
                if max_states is not None and len(parents) >= max_states:
                    complete = False  # the states found so far are compared, no more
                    break
                parents[child] = (game, outcome)
                following.append(child)
        frontier = following
    return run.result(complete, earliest)


def _compare_one(
    run: _Comparison, game: GameState, tried: Tried, children: list[GameState | None]
) -> Found | None:
    """`game` compared, the implementation's failure in it a difference too."""
    try:
        return _compare_state(run, game, tried, children)
    except EngineFailure as failure:  # the implementation's failure in this state
        edition = run.edition
        last = None if failure.action is None else _outcome_of(edition, game, failure.action)
        return Found(failure.kind, failure.action, "an answer", failure.said, last)


def _compare_state(
    run: _Comparison, game: GameState, tried: Tried, children: list[GameState | None]
) -> Found | None:
    edition, rules = run.edition, run.rules
    legal = () if is_chance(game) else legal_actions(edition, game)
    tries = not_offered(edition, run.table, game, legal, run.states)
    if not getattr(rules, "refuses", True):
        tries = []  # it refuses no move (`MoreRules.refuses`): no converse to compare
    compares = getattr(rules, "compares_step", None)
    if compares is not None:  # only the steps that are one of its (`MoreRules.compares_step`)
        kept = [
            i for i, (o, p) in enumerate(tried) if p is None and compares(game, o.action, o.after)
        ]
        run.steps_skipped += len(tried) - len(kept)
        tried, children = [tried[i] for i in kept], [children[i] for i in kept]
    found = probe(rules, game, tried, tries)
    run.calls |= {call for call, answer in (("state_broken", found.broken),
                  ("canonical", found.canonical)) if answer is not None}  # fmt: skip
    if comparable(masked(found.decoded, game, run.left_out)) != comparable(game):
        said, decoded = state_json(edition, game), state_json(edition, found.decoded)
        return Found("state", None, said, decoded, None)
    judged = violations(edition, game, legal=legal, kinds=("always",))
    broken = frozenset(name for name, _ in judged)
    if found.broken is not None:
        run.invariants_judged += 1
        if found.broken != broken:
            return Found("verdicts", None, sorted(broken), sorted(found.broken), None)
    if found.legal is not None and set(found.legal) != set(legal):
        extra = sorted(set(found.legal) - set(legal), key=repr)
        missing = sorted(set(legal) - set(found.legal), key=repr)
        action = (extra or missing)[0]
        return Found(
            "legal",
            action,
            [action_step(edition, a) for a in sorted(legal, key=repr)],
            [action_step(edition, a) for a in sorted(found.legal, key=repr)],
            _outcome_of(edition, game, action),
        )
    differs = _compare_outcomes(run, game, tried, children, found)
    if differs is not None:
        return differs
    if found.canonical is not None:
        differs = run.forms.of_state(rules, game, found.canonical, run.states)
        if differs is not None:
            return differs
    differs = _corrupted(run, game, tried, checks=found.broken is not None)
    if differs is not None:
        return differs
    differs, checked = converse(edition, game, tries, found.refused)
    run.moves_refused += checked
    return differs


def _compare_outcomes(
    run: _Comparison,
    game: GameState,
    tried: Tried,
    children: list[GameState | None],
    found: Probe,
) -> Found | None:
    """Each of the reference's outcomes (or refusals) against the implementation's."""
    for i, (outcome, problem) in enumerate(tried):
        run.steps += 1
        engine = found.outcomes[i] if i < len(found.outcomes) else None
        if engine is not None and engine.after is not None and run.left_out:
            after = masked(engine.after, outcome.after, run.left_out)
            engine = dataclasses.replace(engine, after=after)
        difference = _compare_outcome(run.edition, game, outcome, problem, engine)
        if difference is not None:
            return difference
        if problem is not None:
            break
        child = children[i]
        if engine is not None and engine.key is not None and child is not None:
            difference = run.forms.of_outcome(child, engine.key, outcome)
            if difference is not None:
                return difference
    if len(found.outcomes) > len(tried) and not any(p for _, p in tried):
        many = f"{len(tried)} outcomes", f"{len(found.outcomes)} outcomes"
        return Found("outcome", None, *many, None)
    return None


def _compare_outcome(
    edition: Edition,
    game: GameState,
    outcome: Outcome,
    problem: Exception | None,
    engine: EngineOutcome | None,
) -> Found | None:
    """The reference's `outcome` (or its refusal, `problem`) against what the implementation
    says of the same step (`engine`; None: it gives no outcome there)."""
    action = outcome.action
    if engine is None:
        return Found("outcome", action, "an outcome", "none", outcome)
    if problem is not None:
        expected = ("gap" if isinstance(problem, RuleGap) else "illegal", _rule_of(problem))
        if engine.refused != expected:
            said = f"{refusal(expected)}: {problem}"
            return Found("outcome", action, said, refusal(engine.refused), outcome)
        return None
    if engine.refused is not None or engine.after is None:
        return Found("outcome", action, "accepted", refusal(engine.refused), outcome)
    if comparable(engine.after) != comparable(outcome.after):
        ours, theirs = differing(edition, outcome.after, engine.after)
        return Found("outcome", action, ours, theirs, outcome)
    if engine.broken is not None:
        checked = violations(edition, outcome.after, game, outcome.fired, kinds=("step",))
        named = frozenset(name for name, _ in checked)
        if named != engine.broken:
            return Found("step-verdicts", action, sorted(named), sorted(engine.broken), outcome)
    return None


def _corrupted(run: _Comparison, game: GameState, tried: Tried, checks: bool) -> Found | None:
    """The corruptions this state is judged under (see `CORRUPT_EVERY`), by both; the
    corrupted states only where the implementation `checks` state invariants (one that
    does not is never handed a state no game reaches)."""
    turn = run.states // CORRUPT_EVERY
    due = run.states % CORRUPT_EVERY == 1
    catalogue = STATE_CORRUPTIONS
    chosen = [c for c in catalogue if c.field not in run.flagged and c.field in run.held]
    if due:
        chosen.append(catalogue[turn % len(catalogue)])
    if not checks:
        chosen = []
    for corruption in chosen:
        differs = _judge_corrupted_state(run, game, corruption.field, corruption.how,
                                         corruption.make(run.edition, game))  # fmt: skip
        if differs is not None:
            return differs
    differs = _judge_bookkeeping(run, game, due) if checks else None
    if differs is not None or not due:
        return differs
    return _judge_wrong_step(run, game, tried, STEP_CORRUPTIONS[turn % len(STEP_CORRUPTIONS)])


def _judge_corrupted_state(
    run: _Comparison, game: GameState, field_name: str, how: str, broken: GameState | None
) -> Found | None:
    """Both judge `broken`, `game` with `field_name` made wrong `how`, alike."""
    if broken is None:
        return None
    if field_name not in run.held:
        return None  # the implementation holds no such field: nothing to judge
    theirs_all = run.rules.state_broken(run.rules.encode(broken))
    if theirs_all is None:
        return None  # it checks no invariant
    ours = gated(name for name, _ in violations(run.edition, broken, kinds=("always",)))
    run.corruptions += 1
    theirs = gated(theirs_all)
    if ours != theirs:
        said = f"{field_name}: {how}: {list(ours)}"
        return Found("verdicts", None, said, f"{field_name}: {how}: {list(theirs)}", None)
    if ours:
        run.flagged.add(field_name)
    return None


def _judge_bookkeeping(run: _Comparison, game: GameState, due: bool) -> Found | None:
    """The implementation's own bookkeeping made wrong (`MoreRules.bookkeeping_corruptions`),
    each way until its type invariant has rejected each, then one in turn where `due`: it
    rejects each."""
    corrupt = getattr(run.rules, "bookkeeping_corruptions", None)
    if corrupt is None or (not due and run.bookkept):
        return None
    corrupted = corrupt(run.rules.encode(game))
    if len(run.bookkept) == len(corrupted):
        corrupted = corrupted[run.states % len(corrupted) :][:1]
    for name, row in corrupted:
        theirs = run.rules.state_broken(row)
        if theirs is None:
            return None
        run.corruptions += 1
        if "type-ok" not in theirs:
            said = f"[{name}]: its own bookkeeping wrong: ['type-ok']"
            return Found("verdicts", None, said, f"[{name}]: {sorted(theirs)}", None)
        run.bookkept.add(name)
    return None


def _judge_wrong_step(
    run: _Comparison, game: GameState, tried: Tried, wrong: WrongStep
) -> Found | None:
    """The first outcome `wrong` applies to, made wrong and handed to both: they judge the
    step alike (`MoreRules.step_broken`)."""
    judge = getattr(run.rules, "step_broken", None)
    if judge is None:
        return None
    for outcome, problem in tried:
        if problem is not None:
            return None
        made_wrong = wrong.make(run.edition, game, outcome)
        if made_wrong is None:
            continue
        at, claimed = made_wrong
        fired, after = judged_with(outcome, at, claimed)
        judged = violations(run.edition, after, game, fired, kinds=("step",))
        ours = frozenset(name for name, _ in judged)
        theirs = judge(run.rules.encode(arranged(game, outcome)), outcome.action, claimed, at)
        run.wrong_steps += 1
        if ours != theirs:
            said = f"{wrong.how}: {sorted(ours)}"
            return Found("step-verdicts", outcome.action, said, f"{wrong.how}: {sorted(theirs)}",
                         outcome)  # fmt: skip
        return None
    return None


def _rule_of(problem: Exception) -> str:
    """The rule a refusal of the reference cites."""
    return str(getattr(problem, "rule", ""))


def _tried(edition: Edition, game: GameState) -> Iterator[tuple[Outcome, Exception | None]]:
    """Every outcome the reference gives in `game`, or the move it refuses (with why)."""
    if is_chance(game):
        found = chance_outcomes(edition, game)
        while True:
            try:
                yield next(found), None
            except StopIteration:
                return
            except RuleGap as gap:  # every order of a shuffle meets it: the first stands
                action = getattr(gap, "action", None)
                if action is not None:
                    yield Outcome(action, (), game, ()), gap
                return
        return
    for action in legal_actions(edition, game):
        try:
            listed = list(outcomes(edition, game, action))
        except (IllegalAction, RuleGap) as problem:
            yield Outcome(action, (), game, ()), problem
            continue
        for outcome in listed:
            yield outcome, None


def _outcome_of(edition: Edition, game: GameState, action: Action) -> Outcome:
    """The reference's first outcome of `action` in `game`, or an unplayed one."""
    try:
        return next(outcomes(edition, game, action))
    except Exception:  # refused or no outcome: the step ends the trace as is
        return unplayed(action)


def _path(
    parents: dict[GameState, tuple[GameState | None, Outcome | None]], game: GameState
) -> list[Outcome]:
    path = []
    while True:
        parent, outcome = parents[game]
        if parent is None or outcome is None:
            break
        path.append(outcome)
        game = parent
    return path[::-1]


def _trace_to(
    edition: Edition,
    players: int,
    path: list[Outcome],
    last: Outcome | None,
    scale: str,
    variant: str | None,
) -> Trace:
    """The trace of `path` and, when given, the differing step after it."""
    steps = [*path, last] if last is not None else path
    if not steps or not isinstance(steps[0].action, Deal):  # at the first table, before a deal
        deck = edition.faces.in_play
        return Trace(
            edition=reference(edition),
            players=players,
            deck=tuple(edition.faces.card_id(c) for c in deck),
            steps=tuple(action_step(edition, step.action) for step in steps),
            scale=scale,
            variant=variant,
        )
    trace = concrete_trace(edition, players, steps, base=reference(edition), scale=scale)
    return dataclasses.replace(trace, edition=reference(edition), variant=variant)
