"""Conformance game by game: whole random games the implementation plays are replayed by
the reference, step by step; each step must be legal there and reach the same state, and
the two must offer the same moves at every step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
from unospec.checks.engines.conformance.report import Difference, Said, differing, refusal
from unospec.editions import reference
from unospec.model.actions import Action, Deal
from unospec.model.edition import Edition
from unospec.model.errors import IllegalAction, InputError, RuleGap
from unospec.model.kernel import empty_table, is_chance, legal_actions, run
from unospec.model.moves import colour_at_random
from unospec.model.state import GameState
from unospec.model.trace import Trace, action_step


@dataclass(frozen=True)
class GamesCompared:
    """What replaying an implementation's games found."""

    games: int = 0  # games replayed
    steps: int = 0
    engine: str = ""  # the implementation's name ("": none was opened)
    difference: Difference | None = None
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
) -> GamesCompared:
    """Replay the implementation's random games through the reference, step by step (the
    games `unospec simulate` plays from `seed`); stop at the first difference, or at once
    when the implementation plays no games of its own."""
    from unospec.checks.engines.simulate import game_plan

    opened: dict[int, Rules[Any]] = {}
    engine = ""
    played = steps = 0
    colours = RandomColours(base)
    for number in range(games):
        seats, game_seed = game_plan(base, number, seed, players)
        rules = opened.get(seats) or opened.setdefault(seats, opener(base, seats))
        engine = engine or rules.name
        by_steps = play_steps_of(rules)
        if by_steps is not None:  # its own steps, each one or more of the reference's
            own = by_steps(game_seed, max_steps)
            if own is None:
                break
            played += 1
            difference, replayed = replay_steps(base, seats, rules, own, variant, colours)
            steps += replayed
            if difference is not None:
                left_out = untracked(rules)
                return GamesCompared(played, steps, engine, difference, left_out, encodes(rules))
            continue
        if not encodes(rules):  # its states cannot be stepped: its games must be its steps
            raise InputError(
                f"{rules.name}: expected play_steps from an engine that cannot be put into a "
                "given state (encodes = False)"
            )
        actions = rules.play(game_seed, max_steps)
        if actions is None:  # the implementation plays no games of its own
            break
        played += 1
        difference, replayed = _replay_game(base, seats, rules, actions, variant)
        steps += replayed
        if difference is not None:
            return GamesCompared(
                played, steps, engine, difference, untracked(rules), encodes(rules)
            )
    left_out = frozenset().union(*(untracked(rules) for rules in opened.values()))
    encoded = all(encodes(rules) for rules in opened.values())
    tallied = sum(colours.counts.values())
    found = colours.difference()
    return GamesCompared(played, steps, engine, found, left_out, encoded, tallied)


def replay_steps(
    edition: Edition,
    players: int,
    rules: Rules[Any],
    steps: list[GameStep],
    variant: str | None,
    colours: RandomColours | None = None,
) -> tuple[Difference | None, int]:
    """The first difference in one game the implementation played as its own steps (its
    deal first), and how many of the reference's steps were compared: before each step
    the moves it offered must be the reference's; each of the step's actions must be one
    the reference takes (a colour or a shuffle it drew at random, one of the reference's
    outcomes); and the state it reached must be the reference's, its untracked fields
    apart. The colours it drew at random are tallied in `colours`."""
    deal = steps[0].actions[0]
    assert isinstance(deal, Deal)
    ids, left_out = edition.faces.card_id, untracked(rules)
    done: list[Action] = []

    def trace(upto: int | None = None) -> Trace:
        return Trace(
            edition=reference(edition),
            players=players,
            deck=tuple(ids(c) for c in deal.order),
            steps=tuple(action_step(edition, a) for a in done[1:upto]),
            variant=variant,
        )

    game = empty_table(edition, players)
    compared = 0
    at_random: tuple[GameState, Action, int] | None = None
    for step in steps:
        before = game
        if step.offered is not None and not is_chance(game):
            legal = legal_actions(edition, game)
            if set(step.offered) != set(legal):
                ours = [action_step(edition, a) for a in sorted(legal, key=repr)]
                theirs = [action_step(edition, a) for a in sorted(step.offered, key=repr)]
                first = step.actions[0] if step.actions else None
                parted = Difference("game", game, first, ours, theirs, trace(), edition)
                return parted, compared
        for action in step.actions:
            compared += 1
            done.append(action)
            if colours is not None and colour_at_random(edition, game, action):
                colours.drawn(action)
                at_random = (game, action, len(done))
            try:
                game = run(edition, game, action)[0]
            except (RuleGap, IllegalAction) as refused:
                how = "no outcome" if isinstance(refused, RuleGap) else "refused"
                said = f"{how}: {refused}"
                parted = Difference("game", game, action, said, "accepted", trace(), edition)
                return parted, compared
        reached = comparable(masked(step.reached, game, left_out))
        if reached != comparable(game):
            fields = differing(edition, game, reached)
            last = step.actions[-1] if step.actions else None
            parted = Difference("game", before, last, *fields, trace(), edition)
            return parted, compared
    if colours is not None and at_random is not None:
        state, action, upto = at_random
        colours.witness = (state, action, trace(upto))
    return None, compared


def _replay_game(
    edition: Edition, players: int, rules: Rules[Any], actions: list[Action], variant: str | None
) -> tuple[Difference | None, int]:
    """The first difference in one game the implementation played (`actions`, its deal
    first), and how many steps were compared (`variant`: the variant `edition` is, which
    the trace names)."""
    game = empty_table(edition, players)
    deal = actions[0]
    assert isinstance(deal, Deal)
    ids, left_out = edition.faces.card_id, untracked(rules)

    def trace(upto: int) -> Trace:
        return Trace(
            edition=reference(edition),
            players=players,
            deck=tuple(ids(c) for c in deal.order),
            steps=tuple(action_step(edition, a) for a in actions[1 : upto + 1]),
            variant=variant,
        )

    def parted(action: Action, said: Said, engine: Said, upto: int) -> Difference:
        return Difference("game", game, action, said, engine, trace(upto), edition)

    for i, action in enumerate(actions):
        compared = i + 1
        state = rules.encode(game)
        if not is_chance(game):
            legal = legal_actions(edition, game)
            offered = rules.legal(state)
            if set(offered) != set(legal):
                said = [action_step(edition, a) for a in sorted(legal, key=repr)]
                engine = [action_step(edition, a) for a in sorted(offered, key=repr)]
                return parted(action, said, engine, max(0, i - 1) if i else 0), compared
        stepped = rules.step(state, action)
        try:
            after = run(edition, game, action)[0]
        except RuleGap as gap:
            if stepped.refused == ("gap", gap.rule):
                return None, compared  # both stop here: the rules give no outcome
            return parted(action, f"no outcome: {gap}", refusal(stepped.refused), i), compared
        except IllegalAction as illegal:
            refused = f"refused: {illegal}"
            return parted(action, refused, refusal(stepped.refused), i), compared
        if stepped.refused is not None:
            return parted(action, "accepted", refusal(stepped.refused), i), compared
        reached = comparable(masked(rules.decode(stepped.state), after, left_out))
        if reached != comparable(after):
            ours, theirs = differing(edition, after, reached)
            return parted(action, ours, theirs, i), compared
        game = after
    return None, len(actions)
