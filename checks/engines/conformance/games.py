"""Conformance game by game: whole random games the implementation plays are replayed by
the reference, step by step; each step must be legal there and reach the same state, and
the two must offer the same moves at every step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from unospec.checks.engines.conformance.adapter import Opener, Rules, comparable
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
from unospec.model.errors import IllegalAction, RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions, run
from unospec.model.trace import Trace, action_step


@dataclass(frozen=True)
class GamesCompared:
    """What replaying an implementation's games found."""

    games: int = 0  # games replayed
    steps: int = 0
    engine: str = ""  # the implementation's name ("": none was opened)
    difference: Difference | None = None
    differences: tuple[Kind, ...] = ()  # every difference, by kind (`--all-differences`)
    plays: bool = True  # False: the implementation plays no games of its own
    cut_short: int = 0  # games left after a difference, at a move the reference refuses


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
    first: Difference | None = None
    for number in range(games):
        seats, game_seed = game_plan(base, number, seed, players)
        rules = opened.get(seats) or opened.setdefault(seats, guard(opener(base, seats)))
        engine = engine or rules.name
        try:
            actions = rules.play(game_seed, max_steps)
        except EngineFailure as failure:  # it could not even play: the game's failure
            played += 1
            found = _unplayed(base, seats, failure, variant)
            tally.add(kind_of(base, _found(found)), partial(_same, found))
            first = first or found
            if not all_differences:
                break
            continue
        if actions is None:  # the implementation plays no games of its own
            return GamesCompared(played, steps, engine, first, tally.kinds(), plays=False)
        played += 1
        replay = _Replay(base, seats, rules, actions, variant, tally, all_differences)
        difference, replayed = replay.run()
        steps += replayed
        cut += replay.cut_short
        first = first or difference
        if first is not None and not all_differences:
            break
    return GamesCompared(played, steps, engine, first, tally.kinds(), cut_short=cut)


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
            elif comparable(reached) != comparable(after):
                ours, theirs = differing(edition, after, reached)
                part("game", action, ours, theirs, i)
            if first is not None and not self.all_differences:
                return first, compared
            game = after  # on from the reference's state, put into the implementation
        return first, len(self.actions)
