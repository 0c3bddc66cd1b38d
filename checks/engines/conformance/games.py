"""Conformance game by game: whole random games the implementation plays are replayed by
the reference, step by step; each step must be legal there and reach the same state, and
the two must offer the same moves at every step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from unospec.checks.engines.chance import chance_outcomes
from unospec.checks.engines.conformance.adapter import (
    GameStep,
    Opener,
    Rules,
    comparable,
    encodes,
    masked,
    play_steps_of,
    untracked,
)
from unospec.checks.engines.conformance.chance_colours import RandomColours
from unospec.checks.engines.conformance.guard import EngineFailure
from unospec.checks.engines.conformance.kinds import Tally, kind_of
from unospec.checks.engines.conformance.report import (
    Difference,
    Found,
    Kind,
    Said,
    differing,
    refusal,
)
from unospec.editions import reference
from unospec.model.actions import Action, Deal
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, InputError, RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions, run
from unospec.model.moves import colour_at_random
from unospec.model.state import GameState
from unospec.model.trace import Trace, action_step
from unospec.model.vocabulary import Phase


@dataclass(frozen=True)
class GamesCompared:
    """What replaying an implementation's games found."""

    games: int = 0  # games replayed
    steps: int = 0
    engine: str = ""  # the implementation's name ("": none was opened)
    difference: Difference | None = None
    differences: tuple[Kind, ...] = ()  # every difference, by kind (`--all-differences`)
    plays: bool = True  # False: the implementation plays no games of its own
    cut_short: int = 0  # games that could not go on past a difference (`--all-differences`)
    untracked: frozenset[str] = frozenset()  # the state fields it keeps none of
    encodes: bool = True  # False: it cannot be put into a given state (`adapter.encodes`)
    colours_at_random: int = 0  # colours drawn at random, tallied (`chance_colours`)


def compare_games(
    base: Edition,
    players: int | None,
    games: int,
    seed: int,
    opener: Opener,
    max_steps: int,
    variant: str | None = None,
    all_differences: bool = False,
    guard: Callable[[Rules[Any]], Rules[Any]] = lambda rules: rules,
) -> GamesCompared:
    """Replay the implementation's random games through the reference, step by step (the
    games `unospec simulate` plays from `seed`); stop at the first difference (with
    `all_differences`, go on: the game from the reference's state, put into the
    implementation, and the games after it), or at once when the implementation plays no
    games of its own. `guard` wraps each implementation opened (`guard.guarded`)."""
    from unospec.checks.engines.simulate import game_plan

    opened: dict[int, Rules[Any]] = {}
    engine = ""
    played = steps = cut = 0
    tally = Tally()
    colours = RandomColours(base)
    first: Difference | None = None

    def found(difference: Difference) -> None:
        nonlocal first
        tally.add(kind_of(base, _found(difference)), partial(_same, difference))
        first = first or difference

    for number in range(games):
        seats, game_seed = game_plan(base, number, seed, players)
        rules = opened.get(seats) or opened.setdefault(seats, guard(opener(base, seats)))
        engine = engine or rules.name
        by_steps = play_steps_of(rules)
        try:
            if by_steps is not None:  # its own steps, each one or more of the reference's
                own = by_steps(game_seed, max_steps)
            elif not encodes(rules):  # its states cannot be stepped: its games must be steps
                raise InputError(
                    f"{rules.name}: expected play_steps from an engine that cannot be put "
                    "into a given state (encodes = False)"
                )
            else:
                actions = rules.play(game_seed, max_steps)
        except EngineFailure as failure:  # it could not even play: the game's failure
            played += 1
            found(_unplayed(base, seats, failure, variant))
            if not all_differences:
                break
            continue
        if by_steps is not None:
            if own is None:
                return _compared(played, steps, engine, first, tally, opened, plays=False)
            played += 1
            own_replay = StepsReplay(base, seats, rules, variant, colours, own[0].actions[0])
            on = found if all_differences else None  # each difference, the game going on
            difference, replayed = own_replay.run(own, on, game_seed, max_steps)
            steps += replayed
            cut += own_replay.cut_short
            if difference is not None and not all_differences:
                found(difference)
                break
            continue
        if actions is None:  # the implementation plays no games of its own
            return _compared(played, steps, engine, first, tally, opened, plays=False)
        played += 1
        replay = _Replay(base, seats, rules, actions, variant, tally, all_differences)
        difference, replayed = replay.run()
        steps += replayed
        cut += replay.cut_short
        first = first or difference
        if first is not None and not all_differences:
            break
    if first is None or all_differences:
        chance = colours.difference()  # the colours it drew at random, over all its games
        if chance is not None:
            found(chance)
    tallied = sum(colours.counts.values())
    return _compared(played, steps, engine, first, tally, opened, cut=cut, tallied=tallied)


def _compared(
    played: int,
    steps: int,
    engine: str,
    first: Difference | None,
    tally: Tally,
    opened: dict[int, Rules[Any]],
    *,
    plays: bool = True,
    cut: int = 0,
    tallied: int = 0,
) -> GamesCompared:
    """What the games compared, with what the implementations opened declare they keep."""
    return GamesCompared(
        played,
        steps,
        engine,
        first,
        tally.kinds(),
        plays=plays,
        cut_short=cut,
        untracked=frozenset().union(*(untracked(rules) for rules in opened.values())),
        encodes=all(encodes(rules) for rules in opened.values()),
        colours_at_random=tallied,
    )


def _same(difference: Difference) -> Difference:
    return difference


def _found(difference: Difference) -> Found:
    return Found(difference.what, difference.action, difference.reference, difference.engine,
                 None)  # fmt: skip


def _unplayed(
    edition: Edition, players: int, failure: EngineFailure, variant: str | None
) -> Difference:
    """A game `play` failed to give: the table before the deal, and no step."""
    ids = edition.faces.card_id
    trace = Trace(
        edition=reference(edition),
        players=players,
        deck=tuple(ids(c) for c in edition.faces.in_play),
        steps=(),
        variant=variant,
    )
    table = empty_table(edition, players)
    return Difference(failure.kind, table, None, "a game", failure.said, trace, edition)


@dataclass
class _Replay:
    """One game the implementation played (`actions`, its deal first) replayed by the
    reference: each difference counted in `tally`; after one (with `all_differences`), on
    from the reference's state, until a move of the implementation's game is one the
    reference refuses there (the game is then cut short: its moves were chosen in a state
    the reference never reached)."""

    edition: Edition
    players: int
    rules: Rules[Any]
    actions: list[Action]
    variant: str | None
    tally: Tally
    all_differences: bool
    cut_short: int = 0

    def trace(self, upto: int) -> Trace:
        ids = self.edition.faces.card_id
        deal = self.actions[0]
        assert isinstance(deal, Deal)
        return Trace(
            edition=reference(self.edition),
            players=self.players,
            deck=tuple(ids(c) for c in deal.order),
            steps=tuple(action_step(self.edition, a) for a in self.actions[1 : upto + 1]),
            variant=self.variant,
        )

    def run(self) -> tuple[Difference | None, int]:
        """The first difference in the game, and how many steps were compared."""
        edition, rules = self.edition, self.rules
        left_out = untracked(rules)  # the fields it keeps none of: not compared
        game = empty_table(edition, self.players)
        first: Difference | None = None
        parted = False  # a difference met: the implementation's moves are from its own state

        def part(what: str, action: Action, said: Said, engine: Said, upto: int) -> None:
            nonlocal first, parted

            def made() -> Difference:
                return Difference(what, game, action, said, engine, self.trace(upto), edition)

            found = Found(what, action, said, engine, None)
            kind = kind_of(edition, found)
            self.tally.add(kind, made)
            first = first or self.tally.firsts[kind]
            parted = True

        for i, action in enumerate(self.actions):
            compared = i + 1
            try:
                state = rules.encode(game)
                if not is_chance(game):
                    legal = legal_actions(edition, game)
                    offered = rules.legal(state)
                    if set(offered) != set(legal):
                        said = [action_step(edition, a) for a in sorted(legal, key=repr)]
                        engine = [action_step(edition, a) for a in sorted(offered, key=repr)]
                        part("game", action, said, engine, max(0, i - 1) if i else 0)
                        if not self.all_differences:
                            return first, compared
                stepped = rules.step(state, action)
                reached = None if stepped.refused is not None else rules.decode(stepped.state)
            except EngineFailure as failure:  # the implementation's failure at this step
                part(failure.kind, action, "an answer", failure.said, i)
                return first, compared  # nothing after it can be trusted
            try:
                after = run(edition, game, action)[0]
            except RuleGap as gap:
                if stepped.refused != ("gap", gap.rule):
                    part("game", action, f"no outcome: {gap}", refusal(stepped.refused), i)
                return first, compared  # the rules give no outcome: the game ends here
            except IllegalAction as illegal:
                if parted and self.all_differences:
                    self.cut_short += 1  # a move chosen in the implementation's own state
                    return first, i
                part("game", action, f"refused: {illegal}", refusal(stepped.refused), i)
                return first, compared
            if reached is None:
                part("game", action, "accepted", refusal(stepped.refused), i)
            elif comparable(masked(reached, after, left_out)) != comparable(after):
                ours, theirs = differing(edition, after, masked(reached, after, left_out))
                part("game", action, ours, theirs, i)
            if first is not None and not self.all_differences:
                return first, compared
            game = after  # on from the reference's state, put into the implementation
        return first, len(self.actions)


def replay_steps(
    edition: Edition,
    players: int,
    rules: Rules[Any],
    steps: list[GameStep],
    variant: str | None,
    colours: RandomColours | None = None,
    found: Callable[[Difference], None] | None = None,
    seed: int = 0,
    max_steps: int = 0,
) -> tuple[Difference | None, int]:
    """The first difference in one game the implementation played as its own steps (its
    deal first), and how many of the reference's steps were compared: before each step
    the moves it offered must be the reference's; each of the step's actions must be one
    the reference takes (a colour or a shuffle it drew at random, one of the reference's
    outcomes); and the state it reached must be the reference's, its untracked fields
    apart. The colours it drew at random are tallied in `colours`.
    With `found` (`--all-differences`), each difference is handed to it and the game goes
    on (`StepsReplay.resume`), up to `max_steps` of the reference's actions."""
    replay = StepsReplay(edition, players, rules, variant, colours, steps[0].actions[0])
    return replay.run(steps, found, seed, max_steps)


RESUME_WITHIN = 50
"""The most moves the reference makes alone, after a difference, to reach a state the
implementation can be put into (`StepsReplay.resume`)."""


@dataclass
class StepsReplay:
    """One game of an implementation's own steps replayed by the reference; `done`: the
    reference's actions taken so far (the deal first), which every trace replays."""

    edition: Edition
    players: int
    rules: Rules[Any]
    variant: str | None
    colours: RandomColours | None
    deal: Action
    done: list[Action] = field(default_factory=list)
    compared: int = 0
    at_random: tuple[GameState, Action, int] | None = None
    cut_short: bool = False  # a difference met, the game could not go on from it
    found: Callable[[Difference], None] | None = None  # each difference (`--all-differences`)
    first: Difference | None = None

    def trace(self, *extra: Action, upto: int | None = None) -> Trace:
        """The trace of the actions taken (the first `upto`), then `extra` (the differing
        one)."""
        assert isinstance(self.deal, Deal)
        ids = self.edition.faces.card_id
        return Trace(
            edition=reference(self.edition),
            players=self.players,
            deck=tuple(ids(c) for c in self.deal.order),
            steps=tuple(action_step(self.edition, a) for a in [*self.done[1:upto], *extra]),
            variant=self.variant,
        )

    def run(
        self,
        steps: list[GameStep],
        found: Callable[[Difference], None] | None,
        seed: int,
        max_steps: int,
    ) -> tuple[Difference | None, int]:
        """The game's first difference; with `found`, every one handed to it, the game
        resumed after each (`resume`) until it ends or cannot go on."""
        game = empty_table(self.edition, self.players)
        self.found = found
        resumed = 0
        while True:
            taken = len(self.done)
            difference, game = self.segment(game, steps)
            if difference is None:
                break
            if found is None:
                return difference, self.compared
            self.met(difference)
            resumed += 1
            more = self.resume(game, seed + resumed, max_steps, moved=len(self.done) > taken)
            if more is None:  # over, or cut short (`resume` says which)
                break
            game, steps = more
        if self.colours is not None and self.at_random is not None:
            state, action, upto = self.at_random
            self.colours.witness = (state, action, self.trace(upto=upto))
        return self.first, self.compared

    def met(self, difference: Difference) -> None:
        """`difference` handed on (`--all-differences`), the first kept."""
        self.first = self.first or difference
        if self.found is not None:
            self.found(difference)

    def segment(
        self, game: GameState, steps: list[GameStep]
    ) -> tuple[Difference | None, GameState]:
        """`steps` replayed from `game`: the first difference, and the reference's state
        then (after the actions of the step it took)."""
        edition, left_out = self.edition, untracked(self.rules)
        for step in steps:
            before = game
            if step.offered is not None and not is_chance(game):
                legal = legal_actions(edition, game)
                if set(step.offered) != set(legal):
                    ours = [action_step(edition, a) for a in sorted(legal, key=repr)]
                    theirs = [action_step(edition, a) for a in sorted(step.offered, key=repr)]
                    first = step.actions[0] if step.actions else None
                    parted = Difference("game", game, first, ours, theirs, self.trace(), edition)
                    if self.found is None:
                        return parted, game
                    self.met(parted)  # its moves are still compared: the game goes on
            for action in step.actions:
                self.compared += 1
                if self.colours is not None and colour_at_random(edition, game, action):
                    self.colours.drawn(action)
                    self.at_random = (game, action, len(self.done) + 1)
                try:
                    after = run(edition, game, action)[0]
                except (RuleGap, IllegalAction) as refused:
                    how = "no outcome" if isinstance(refused, RuleGap) else "refused"
                    said = f"{how}: {refused}"
                    trace = self.trace(action)
                    return Difference("game", game, action, said, "accepted", trace, edition), game
                self.done.append(action)
                game = after
            reached = comparable(masked(step.reached, game, left_out))
            if reached != comparable(game):
                fields = differing(edition, game, reached)
                last = step.actions[-1] if step.actions else None
                return Difference("game", before, last, *fields, self.trace(), edition), game
        return None, game

    def resume(
        self, game: GameState, seed: int, max_steps: int, moved: bool
    ) -> tuple[GameState, list[GameStep]] | None:
        """The game after a difference, on from the reference's state `game`: the reference
        moves alone (its first outcome of chance, its first legal move) until the
        implementation can be put into its state (`MoreRules.encodable`), within
        `RESUME_WITHIN` moves, and at least once when it has not `moved` since the last
        resumption (so that each goes further); then the implementation plays on from
        there (`MoreRules.play_steps_from`). None: the game is over, or it cannot go on
        (no such call, no such state within reach, a move refused, `max_steps` reached:
        `cut_short`)."""
        play_from = getattr(self.rules, "play_steps_from", None)
        encodable = getattr(self.rules, "encodable", lambda _: True)
        self.cut_short = True  # unless it goes on, or the game is over
        if play_from is None or not encodes(self.rules):
            return None
        for _ in range(RESUME_WITHIN):
            if len(self.done) >= max_steps:
                return None
            if moved and encodable(game):
                break
            if game.phase == Phase.game_over:
                self.cut_short = False
                return None
            action = _first_move(self.edition, game)
            if action is None:
                return None  # a rule gap: no outcome
            try:
                game = run(self.edition, game, action)[0]
            except (RuleGap, IllegalAction):
                return None
            self.done.append(action)
            moved = True
        else:
            return None
        if game.phase == Phase.game_over:
            self.cut_short = False
            return None
        try:
            steps = play_from(game, seed, max_steps - len(self.done))
        except EngineFailure:
            return None
        self.cut_short = False
        return (game, list(steps)) if steps else None


def _first_move(edition: Edition, game: GameState) -> Action | None:
    """The reference's first move in `game`: its first outcome of chance, its first legal
    move (None: none, the game over or a rule gap)."""
    try:
        if is_chance(game):
            return next(iter(chance_outcomes(edition, game))).action
        legal = legal_actions(edition, game)
    except (RuleGap, StopIteration):
        return None
    return legal[0] if legal else None
