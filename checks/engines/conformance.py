"""Conformance: an implementation of the rules held to the reference, state by state.

The compiled engine is trusted only where this says it agrees with the reference kernel:

- **States.** Every state of the reference's exploration at a scale is encoded into the
  implementation and decoded back; the two must agree on the state, on its legal moves, on
  the state reached by every move and every chance outcome (or on the refusal, and the kind
  of refusal), and on every invariant's verdict where the implementation checks them.
- **The reference against itself.** In each state, every plausible move that is *not*
  offered (each card in hand with each colour, draws, passes, answers to a Wild Draw, UNO
  calls and catches for every seat, the special wilds' moves) must be refused by the
  reference, and by the implementation.
- **Games.** Whole random games the implementation plays are replayed by the reference,
  step by step: each step must be legal there, reach the same state, and the two must offer
  the same moves at every step.

Any implementation can be checked: it only has to provide the `Rules` calls (an app's own
engine, say, wrapped in an adapter); `compiled.adapter.CompiledRules` is the compiled
engine's. The first difference comes with a trace that `unospec replay` reads, ending at
the step where the two part.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from unospec.checks.engines.chance import Outcome, chance_outcomes, minus, normalize, outcomes
from unospec.checks.engines.counterexample import concrete_trace
from unospec.checks.engines.symmetry import canonical, colour_renamings
from unospec.checks.properties.invariants import INVARIANTS, violations
from unospec.editions import reference
from unospec.model.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    Keep,
    NameLoser,
    Pass,
    Play,
)
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions, run
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.state import GameState, Owed
from unospec.model.table import MACHINE
from unospec.model.trace import Trace, action_step
from unospec.model.vocabulary import Phase

INVARIANT_ORDER = tuple(invariant.name for invariant in INVARIANTS)

GAMES = 5
"""Full-size games `unospec check` replays per edition (`unospec conform --games`)."""
MAX_STEPS = 200_000


class Stepped(Protocol):
    """What an implementation says of one step."""

    @property
    def state(self) -> Any:
        """The state reached, or None when refused."""

    @property
    def refused(self) -> tuple[str, str] | None:
        """("illegal" | "gap" | "broken", the rule it cites), or None."""

    @property
    def broken(self) -> frozenset[str] | None:
        """The step invariants it finds broken; None: it checks none."""


S = TypeVar("S")


class Rules(Protocol[S]):
    """An implementation of the rules, as conformance calls it (one per edition and table
    size). States are the implementation's own values (`S`); `encode` and `decode` convert.

    - `encode(game)`: the reference `GameState` as the implementation's state;
    - `decode(state)`: back to a `GameState` (the order of the cards under the discard
      pile's top may be any: no rule reads it);
    - `legal(state)`: the moves players may make (as reference `Action`s; none when the
      next step is a shuffle);
    - `step(state, action)`: the state it leads to, or its refusal (illegal, or no outcome:
      a gap), and the step invariants it finds broken (None: it checks none);
    - `state_broken(state)`: the state invariants it finds broken (None: it checks none);
    - `play(seed, max_steps)`: every action of a random game it plays from `seed`, the first
      deal included (None: it plays none).
    """

    name: str

    def encode(self, game: GameState) -> S: ...

    def decode(self, state: S) -> GameState: ...

    def legal(self, state: S) -> list[Action]: ...

    def step(self, state: S, action: Action) -> Stepped: ...

    def state_broken(self, state: S) -> frozenset[str] | None: ...

    def play(self, seed: int, max_steps: int) -> list[Action] | None: ...


Opener = Callable[[Edition, int], "Rules[Any]"]
"""Opens an implementation for an edition at a table of that many players."""


def compiled(edition: Edition, players: int) -> Rules[Any]:
    """The compiled engine (`unospec.checks.engines.compiled`)."""
    from unospec.checks.engines.compiled.adapter import CompiledRules

    return CompiledRules(edition, players)


@dataclass
class Difference:
    """Where the implementation and the reference first part."""

    what: str  # state, verdicts, legal, outcome, step-verdicts, converse, game
    state: GameState
    action: Action | None
    reference: Any
    engine: Any
    trace: Trace


@dataclass
class ConformanceReport:
    """What `unospec conform` found for one edition."""

    edition: str
    scale: str | None
    players: int
    engine: str
    states_compared: int = 0
    steps_compared: int = 0
    moves_refused: int = 0  # plausible moves checked refused (the converse)
    games: int = 0
    first_difference: Difference | None = None
    seconds: float = 0.0
    complete: bool = True  # every state of the scale compared (no bound reached)
    difference_edition: Edition | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return self.first_difference is None

    def to_json(self) -> dict[str, Any]:
        difference = self.first_difference
        return {
            "edition": self.edition,
            "ok": self.ok,
            "engine": self.engine,
            "scale": self.scale,
            "scale_settings": str(parse_scale(self.scale)) if self.scale else None,
            "players": self.players,
            "states_compared": self.states_compared,
            "steps_compared": self.steps_compared,
            "moves_refused": self.moves_refused,
            "games": self.games,
            "complete": self.complete,
            "seconds": round(self.seconds, 3),
            "first_difference": None
            if difference is None
            else {
                "what": difference.what,
                "state": _shown_state(self.difference_edition, difference.state),
                "action": _shown_action(self.difference_edition, difference.action),
                "reference": difference.reference,
                "engine": difference.engine,
                "trace": difference.trace.to_json(),
            },
        }


def conform(
    base: Edition,
    *,
    scale: str | None = "micro",
    players: int | None = None,
    games: int = GAMES,
    seed: int = 0,
    opener: Opener = compiled,
    max_states: int | None = None,
    max_steps: int = MAX_STEPS,
) -> ConformanceReport:
    """Hold an implementation (`opener`, by default the compiled engine) to the reference:
    every state of `base` at `scale` (None: none), then `games` full-size random games;
    stop at the first difference."""
    from unospec.model.scale import fitting_scale, require_dealable

    started = time.perf_counter()
    seats = base.rules.min_players if players is None else players
    base.require_players(seats)
    fitted = fitting_scale(base, seats, scale) if scale else None
    rules: Rules[Any] | None = None
    report = ConformanceReport(base.name, fitted, seats, "")
    if fitted is not None:
        scaled = scale_edition(base, parse_scale(fitted))
        require_dealable(scaled, seats, fitted, base)
        rules = opener(scaled, seats)
        report.engine = rules.name
        _states(report, scaled, seats, rules, fitted, max_states)
    if report.ok and games:
        _games(report, base, players, games, seed, opener, max_steps)
    report.seconds = time.perf_counter() - started
    return report


# -- states -------------------------------------------------------------------------------------


def _states(
    report: ConformanceReport,
    edition: Edition,
    players: int,
    rules: Rules[Any],
    scale: str,
    max_states: int | None,
) -> None:
    """Breadth first over the reference's states (up to colour renaming), each compared."""
    renamings = colour_renamings(edition)
    first = canonical(normalize(empty_table(edition, players)), renamings)[0]
    parents: dict[GameState, tuple[GameState | None, Outcome | None]] = {first: (None, None)}
    frontier = [first]
    while frontier:
        following: list[GameState] = []
        for game in frontier:
            report.states_compared += 1
            tried = list(_tried(edition, game))
            found = _compare_state(edition, rules, game, tried, report)
            if found is not None:
                what, action, said, engine_said, last = found
                path = _path(parents, game)
                trace = _trace_to(edition, players, path, last, scale)
                report.first_difference = Difference(what, game, action, said, engine_said, trace)
                report.difference_edition = edition
                return
            for outcome, problem in tried:
                if problem is not None:
                    continue
                child = canonical(normalize(outcome.after, game), renamings)[0]
                if child not in parents:
                    parents[child] = (game, outcome)
                    following.append(child)
                    if max_states is not None and len(parents) >= max_states:
                        report.complete = False
                        frontier = []
                        break
            if not report.complete:
                following = []
                break
        frontier = following


Found = tuple[str, Action | None, Any, Any, Outcome | None]
"""(what differs, the action, what the reference says, what the engine says, the outcome
that ends the trace: the differing step, or None when the state itself differs)."""


@dataclass
class Probe:
    """A state as an implementation sees it: decoded back, its state invariants' verdicts
    (None: it checks none), its legal moves (None in a chance phase), what each of the
    reference's outcomes leads to there (refusal, state, step verdicts), and whether it
    refuses each move tried."""

    decoded: GameState
    broken: frozenset[str] | None
    legal: list[Action] | None
    outcomes: list[tuple[tuple[str, str] | None, GameState | None, frozenset[str] | None]]
    refused: list[bool]  # per move tried


def probe(
    rules: Rules[Any], game: GameState, tried: list[tuple[Outcome, Exception | None]],
    tries: list[Action],
) -> Probe:  # fmt: skip
    """Ask `rules` everything about `game` (the compiled engine answers in one call)."""
    fast = getattr(rules, "probe_state", None)
    if fast is not None:
        found = fast(game, tries)
        return Probe(found.decoded, found.broken, found.legal, found.outcomes, found.refused)
    state = rules.encode(game)
    outcomes: list[tuple[tuple[str, str] | None, GameState | None, frozenset[str] | None]] = []
    for outcome, _ in tried:
        stepped = rules.step(rules.encode(_arranged(game, outcome)), outcome.action)
        after = None if stepped.refused else rules.decode(stepped.state)
        outcomes.append((stepped.refused, after, stepped.broken))
        if stepped.refused:
            break
    return Probe(
        decoded=rules.decode(state),
        broken=rules.state_broken(state),
        legal=None if is_chance(game) else rules.legal(state),
        outcomes=outcomes,
        refused=[rules.step(state, action).refused is not None for action in tries],
    )


def _arranged(game: GameState, outcome: Outcome) -> GameState:
    """The state an outcome's step begins from: the cards it draws on top of the pile."""
    if not outcome.drawn or is_chance(game):
        return game
    pile = game.draw_pile
    return game._replace(draw_pile=outcome.drawn + minus(pile, outcome.drawn))


def _compare_state(
    edition: Edition,
    rules: Rules[Any],
    game: GameState,
    tried: list[tuple[Outcome, Exception | None]],
    report: ConformanceReport,
) -> Found | None:
    legal = () if is_chance(game) else legal_actions(edition, game)
    tries = _not_offered(edition, game, legal)
    found = probe(rules, game, tried, tries)
    if comparable(found.decoded) != comparable(game):
        return "state", None, _fields(edition, game), _fields(edition, found.decoded), None
    said = frozenset(name for name, _ in violations(edition, game, legal=legal, kinds=("always",)))
    if found.broken is not None and found.broken != said:
        return "verdicts", None, sorted(said), sorted(found.broken), None
    if found.legal is not None and set(found.legal) != set(legal):
        extra = sorted(set(found.legal) - set(legal), key=repr)
        missing = sorted(set(legal) - set(found.legal), key=repr)
        action = (extra or missing)[0]
        return (
            "legal",
            action,
            [action_step(edition, a) for a in sorted(legal, key=repr)],
            [action_step(edition, a) for a in sorted(found.legal, key=repr)],
            _outcome_of(edition, game, action),
        )
    for i, (outcome, problem) in enumerate(tried):
        report.steps_compared += 1
        engine = found.outcomes[i] if i < len(found.outcomes) else ("missing", None, None)
        difference = _compare_outcome(edition, game, outcome, problem, engine)
        if difference is not None:
            return difference
        if problem is not None:
            break
    if len(found.outcomes) > len(tried) and not any(p for _, p in tried):
        return "outcome", None, f"{len(tried)} outcomes", f"{len(found.outcomes)} outcomes", None
    if report.states_compared % CORRUPTED_EVERY == 1:
        found_broken = _corrupted_verdicts(edition, rules, game)
        if found_broken is not None:
            return found_broken
    return _converse(edition, game, tries, found.refused, report)


CORRUPTED_EVERY = 16
"""One state in this many is also judged corrupted, several ways: the invariants' verdicts
on states that break them must agree too, not only on the reachable states, which pass."""


def corruptions(game: GameState) -> Iterator[tuple[str, GameState]]:
    """`game` broken in ways both an implementation and the reference can hold: a card
    lost, a card made twice, a direction that is none, an UNO window or a draw where none
    can be, a colour of no deck, a winner before the game is over."""
    if game.hands and game.hands[0]:
        yield "a card lost", game._replace(hands=(game.hands[0][1:], *game.hands[1:]))
    if game.discard:
        hand = tuple(sorted((*game.hands[0], game.discard[-1])))
        yield "a card twice", game._replace(hands=(hand, *game.hands[1:]))
    yield "no direction", game._replace(direction=2)
    if len(game.hands[game.current]) != 1:
        yield "a window for a player of several cards", game._replace(window=game.current)
    if game.owed is None and game.phase == Phase.awaiting_play:
        yield "a draw left over", game._replace(owed=Owed(game.current, 1, Phase.awaiting_play))
    yield "a colour of no deck", game._replace(color=7)
    if game.winner < 0 and game.phase not in MACHINE.final:
        yield "a winner too soon", game._replace(winner=0)


def _corrupted_verdicts(edition: Edition, rules: Rules[Any], game: GameState) -> Found | None:
    """The first invariant each corruption of `game` breaks, by both."""
    for how, broken in corruptions(game):
        said = [name for name, _ in violations(edition, broken, kinds=("always",))]
        engine_said = rules.state_broken(rules.encode(broken))
        if engine_said is None:
            return None
        first = next((name for name in INVARIANT_ORDER if name in engine_said), None)
        if (said[0] if said else None) != first:
            verdicts = (sorted(said), sorted(engine_said))
            return "verdicts", None, f"{how}: {verdicts[0]}", f"{how}: {verdicts[1]}", None
    return None


def _compare_outcome(
    edition: Edition,
    game: GameState,
    outcome: Outcome,
    problem: Exception | None,
    engine: tuple[Any, GameState | None, frozenset[str] | None],
) -> Found | None:
    action = outcome.action
    refused, reached, broken = engine
    if refused == "missing":
        return "outcome", action, "an outcome", "none", outcome
    if problem is not None:
        said = ("gap" if isinstance(problem, RuleGap) else "illegal", str(problem))
        if refused is None or refused[0] != said[0]:
            return "outcome", action, f"refused ({said[0]}): {said[1]}", _refusal(refused), outcome
        return None
    if refused is not None or reached is None:
        return "outcome", action, "accepted", _refusal(refused), outcome
    if comparable(reached) != comparable(outcome.after):
        differs = _differing(edition, outcome.after, reached)
        return "outcome", action, differs["reference"], differs["engine"], outcome
    if broken is not None:
        checked = violations(edition, outcome.after, game, outcome.fired, kinds=("step",))
        named = frozenset(name for name, _ in checked)
        if named != broken:
            return "step-verdicts", action, sorted(named), sorted(broken), outcome
    return None


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


def plausible_moves(edition: Edition, game: GameState) -> list[Action]:
    """Every move a player might try now, legal or not: each card in each hand with each
    colour of the deck, none, and a colour the deck lacks; draws, passes, answers to a Wild
    Draw, UNO calls, catches of every seat, a kept card after a Hail Mary, a special wild's
    loser."""
    seats = range(game.players)
    outside = [c for c in range(len(COLORS)) if c not in edition.color_indices][:1]
    colours = (-1, *edition.color_indices, *outside)  # and one colour the deck lacks
    moves: list[Action] = []
    for player in seats:
        for card in dict.fromkeys(game.hands[player]):
            moves.extend(Play(player, card, colour) for colour in colours)
            moves.append(Keep(player, card))
        moves += [Draw(player), Pass(player), Challenge(player), Accept(player)]
        moves += [CallUno(player), NameLoser(player)]
        moves.extend(Catch(player, target) for target in seats)
    return moves


def _not_offered(edition: Edition, game: GameState, legal: tuple[Action, ...]) -> list[Action]:
    """The plausible moves of `game` the reference does not offer (none in a shuffle's
    phase, nor once the game is over)."""
    if is_chance(game) or game.phase in MACHINE.final:
        return []
    offered = set(legal)
    return [action for action in plausible_moves(edition, game) if action not in offered]


def _converse(
    edition: Edition,
    game: GameState,
    tries: list[Action],
    engine: list[bool],
    report: ConformanceReport,
) -> Found | None:
    """Every plausible move not offered is refused, by the reference and the engine."""
    for action, refused in zip(tries, engine, strict=True):
        report.moves_refused += 1
        try:
            run(edition, game, action)
        except IllegalAction:
            pass
        except RuleGap as gap:
            return "converse", action, f"no outcome (not offered): {gap}", "-", _unplayed(action)
        else:
            return "converse", action, "accepted, though not offered", "-", _unplayed(action)
        if not refused:
            return "converse", action, "refused", "accepted", _unplayed(action)
    return None


def _unplayed(action: Action) -> Outcome:
    return Outcome(action, (), empty_table_placeholder(), ())


def empty_table_placeholder() -> GameState:
    """An Outcome's `after` for a step no one could take (never read)."""
    return GameState(
        Phase.dealing, (), (), (), (), -1, 1, 0, 0, -1, None, None, -1, -1, (), 0, 0, -1
    )


def _outcome_of(edition: Edition, game: GameState, action: Action) -> Outcome:
    """The reference's first outcome of `action` in `game`, or an unplayed one."""
    try:
        return next(outcomes(edition, game, action))
    except Exception:  # refused or no outcome: the step ends the trace as is
        return _unplayed(action)


# -- games --------------------------------------------------------------------------------------


def _games(
    report: ConformanceReport,
    base: Edition,
    players: int | None,
    games: int,
    seed: int,
    opener: Opener,
    max_steps: int,
) -> None:
    """Replay the implementation's random games through the reference, step by step."""
    from unospec.checks.engines.simulate import game_plan

    opened: dict[int, Rules[Any]] = {}
    for number in range(games):
        seats, game_seed = game_plan(base, number, seed, players)
        rules = opened.get(seats) or opened.setdefault(seats, opener(base, seats))
        report.engine = report.engine or rules.name
        actions = rules.play(game_seed, max_steps)
        if actions is None:  # the implementation plays no games of its own
            return
        report.games += 1
        found = _replay_game(base, seats, rules, actions, report)
        if found is not None:
            report.first_difference = found
            report.difference_edition = base
            return


def _replay_game(
    edition: Edition,
    players: int,
    rules: Rules[Any],
    actions: list[Action],
    report: ConformanceReport,
) -> Difference | None:
    game = empty_table(edition, players)
    deal = actions[0]
    assert isinstance(deal, Deal)
    ids = edition.faces.card_id

    def trace(upto: int) -> Trace:
        return Trace(
            edition=reference(edition),
            players=players,
            deck=tuple(ids(c) for c in deal.order),
            steps=tuple(action_step(edition, a) for a in actions[1 : upto + 1]),
        )

    for i, action in enumerate(actions):
        report.steps_compared += 1
        state = rules.encode(game)
        if not is_chance(game):
            legal = legal_actions(edition, game)
            offered = rules.legal(state)
            if set(offered) != set(legal):
                return Difference(
                    "game", game, action,
                    [action_step(edition, a) for a in sorted(legal, key=repr)],
                    [action_step(edition, a) for a in sorted(offered, key=repr)],
                    trace(max(0, i - 1) if i else 0),
                )  # fmt: skip
        stepped = rules.step(state, action)
        try:
            after = run(edition, game, action)[0]
        except RuleGap as gap:
            if stepped.refused is not None and stepped.refused[0] == "gap":
                return None  # both stop here: the rules give no outcome
            return Difference("game", game, action, f"no outcome: {gap}",
                              _refusal(stepped.refused) if stepped.refused else "accepted",
                              trace(i))  # fmt: skip
        except IllegalAction as illegal:
            return Difference("game", game, action, f"refused: {illegal}", "played", trace(i))
        if stepped.refused is not None:
            return Difference("game", game, action, "accepted", _refusal(stepped.refused),
                              trace(i))  # fmt: skip
        reached = comparable(rules.decode(stepped.state))
        if reached != comparable(after):
            differs = _differing(edition, after, reached)
            return Difference("game", game, action, differs["reference"], differs["engine"],
                              trace(i))  # fmt: skip
        game = after
    return None


# -- words --------------------------------------------------------------------------------------


def comparable(game: GameState) -> GameState:
    """What two implementations must agree on: everything, the order of the cards under the
    discard pile's top apart (no rule reads it: a reshuffle takes them in any order)."""
    discard = game.discard
    if len(discard) < 3:
        return game
    return game._replace(discard=(*sorted(discard[:-1]), discard[-1]))


def _fields(edition: Edition, game: GameState) -> dict[str, Any]:
    ids = edition.faces.card_id

    def shown(name: str, value: Any) -> Any:
        if name in ("draw_pile", "discard", "set_aside"):
            return [ids(card) for card in value]
        if name == "hands":
            return [[ids(card) for card in hand] for hand in value]
        if name in ("drawn", "special") and value >= 0:
            return ids(value)
        if hasattr(value, "_asdict"):
            return {k: (ids(v) if k == "card" else v) for k, v in value._asdict().items()}
        return value

    return {name: shown(name, value) for name, value in zip(GameState._fields, game, strict=True)}


def _differing(edition: Edition, said: GameState, engine: GameState) -> dict[str, Any]:
    a, b = _fields(edition, comparable(said)), _fields(edition, comparable(engine))
    keys = [k for k in a if a[k] != b[k]]
    return {"reference": {k: a[k] for k in keys}, "engine": {k: b[k] for k in keys}}


def _refusal(refused: tuple[str, str] | None) -> str:
    if refused is None:
        return "accepted"
    how, rule = refused
    return f"refused ({how}) citing {rule}"


def _shown_state(edition: Edition | None, game: GameState) -> dict[str, Any] | None:
    return _fields(edition, game) if edition is not None else None


def _shown_action(edition: Edition | None, action: Action | None) -> dict[str, Any] | None:
    if edition is None or action is None:
        return None
    return action_step(edition, action)


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
    edition: Edition, players: int, path: list[Outcome], last: Outcome | None, scale: str
) -> Trace:
    """The trace of `path` and, when given, the differing step after it."""
    steps = [*path, last] if last is not None else path
    if not steps or not isinstance(steps[0].action, Deal):  # the first table itself differs
        deck = edition.faces.in_play
        return Trace(
            edition=reference(edition),
            players=players,
            deck=tuple(edition.faces.card_id(c) for c in deck),
            steps=(),
            scale=scale,
        )
    trace = concrete_trace(edition, players, steps, base=reference(edition), scale=scale)
    return dataclasses.replace(trace, edition=reference(edition))
