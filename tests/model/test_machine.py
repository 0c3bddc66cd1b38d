"""The turn-flow machine is the one source of truth: its structure, and the kernel against it."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from scenario import (
    CALL_OUT_OF_PLACE,
    CALL_WITH_PLAY,
    DRAW_ENDS_TURN,
    EMPTY_HANDED,
    HAIL_MARY_AFTER_CHALLENGE,
    HAIL_MARY_NO_CALL,
    HAIL_MARY_PENALTY,
    HAIL_MARY_TAKEN_BACK,
    HOUSE_CARDS,
    LAST_CARD,
    LAST_CARD_CHALLENGED,
    RACE_READINGS_4,
    RESHUFFLE_AT_ONCE,
    RLCARD,
    SHORT_DRAW,
    SHORTFALL_ENDS_HAND,
    SHORTFALL_WAITS,
    card,
    color,
    edition,
    first_turned_up,
    new_card_edition,
    play,
    table,
)
from statemachine import State, StateMachine

from unospec.checks.engines.random_play import choose
from unospec.editions import builtin_names
from unospec.model.actions import (
    NOBODY,
    Accept,
    CallUno,
    Deal,
    Draw,
    JumpIn,
    Keep,
    NameLoser,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.edition import Edition
from unospec.model.kernel import (
    Fired,
    empty_table,
    is_chance,
    legal_actions,
    random_outcome,
    run,
)
from unospec.model.machine import TurnFlow
from unospec.model.state import GameState
from unospec.model.table import MACHINE, MachineDefinitionError, compile_machine

EDITIONS = builtin_names()


def test_every_phase_is_reachable_and_only_game_over_is_final() -> None:
    """The compiled machine has one initial phase, one final phase and no trap phase."""
    assert MACHINE.initial == "dealing"
    assert MACHINE.final == {"game_over"}
    sources = {b.source for b in MACHINE.branches}
    assert set(MACHINE.phases) - sources == {"game_over"}


def test_the_table_is_read_from_the_class_not_restated() -> None:
    """Every compiled branch is a transition of `TurnFlow`, in the library's own order."""
    declared = [
        (t.source.id, str(t.event), t.target.id) for s in TurnFlow.states for t in s.transitions
    ]
    assert [(b.source, b.event, b.target) for b in MACHINE.branches] == declared


def test_an_automatic_phase_left_by_another_event_is_refused() -> None:
    """A phase the table leaves by itself may be left by its automatic event alone."""

    class Small(StateMachine):
        start = State(initial=True)
        auto = State()
        end = State(final=True)
        go = start.to(auto)
        tick = auto.to(end)
        skip = auto.to(end)

    with pytest.raises(MachineDefinitionError, match="auto must be left by 'tick' alone"):
        compile_machine(
            Small, automatic={"auto": "tick"}, same_step={}, steps={}, window_phases=frozenset()
        )


def test_branches_of_one_event_must_share_their_guards() -> None:
    """All transitions of one event from one phase have the same guard (validators)."""

    def legal(edition: object, game: object, action: object) -> None:
        """A guard."""

    class Small(StateMachine):
        start = State(initial=True)
        end = State(final=True)
        go = start.to(end, cond=lambda: False, validators=legal) | start.to(end)

    with pytest.raises(MachineDefinitionError, match="disagree on their guards"):
        compile_machine(Small, automatic={}, same_step={}, steps={}, window_phases=frozenset())


def test_a_step_event_missing_from_its_phase_is_refused() -> None:
    """The kernel's step table may only name events the machine declares from that phase."""

    class Small(StateMachine):
        start = State(initial=True)
        end = State(final=True)
        go = start.to(end)

    with pytest.raises(MachineDefinitionError, match="'jump' is not declared from start"):
        compile_machine(
            Small,
            automatic={},
            same_step={},
            steps={("start", Play): "jump"},
            window_phases=frozenset(),
        )


def _random_games(
    name: str | Edition, games: int, seed: int
) -> list[list[tuple[GameState, tuple[Fired, ...]]]]:
    """For each of some random games: (state after, fired transitions) for every step."""
    e = edition(name) if isinstance(name, str) else name
    rng = random.Random(seed)
    played = []
    for number in range(games):
        game = empty_table(e, e.rules.min_players + number % 4)
        steps = []
        while game.phase != "game_over" and len(steps) < 3000:
            if is_chance(game):
                action = random_outcome(e, game, rng)
            else:
                action = choose(game, legal_actions(e, game), rng)
            game, fired = run(e, game, action)
            steps.append((game, fired))
        played.append(steps)
    return played


def _rare_runs() -> list[tuple[Fired, ...]]:
    """Transitions that random play seldom reaches, driven from hand-built states."""
    runs = []
    e = edition("express")
    order = [f for f in e.faces.in_play if not e.faces.ignored_at_flip[f]]
    ignored = [f for f in e.faces.in_play if e.faces.ignored_at_flip[f]]
    order = order[:50] + ignored[:6] + order[50:] + ignored[6:]
    runs.append(run(e, empty_table(e, 10), Deal(tuple(order)))[1])  # no number left: redeal
    n = edition("nfl-cowboys")
    hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary"]]
    called = play(n, table(n, hands, top="blue-9"), Play(0, card(n, "blue-1")), CallUno(0))
    runs.append(run(n, called, Play(2, card(n, "wild-hail-mary"), color("red")))[1])
    hands[2].append("green-2")  # with a card to keep, a wrong guess sends play on
    called = play(n, table(n, hands, top="blue-9"), Play(0, card(n, "blue-1")), CallUno(0))
    runs.append(run(n, called, Play(2, card(n, "wild-hail-mary"), color("red")))[1])
    hands[2].append("green-3")  # a right guess sheds down to one card
    called = play(n, table(n, hands, top="blue-9"), Play(0, card(n, "blue-1")), CallUno(0))
    thrown, fired = run(n, called, Play(2, card(n, "wild-hail-mary"), color("blue")))
    runs += [fired, run(n, thrown, Keep(2, card(n, "green-3")))[1]]
    everything = [e.faces.card_id(face) for face in e.faces.in_play]
    everything.remove("red-1")
    stuck = table(e, [everything[:20], everything[20:]], top="red-1")
    runs.append(run(e, stuck, Draw(0))[1])  # nothing anywhere to draw: the turn passes
    k = edition("classic-stacking")  # a Wild Draw Four passed on with another
    wd4 = card(k, "wild-draw-four")
    for second in (["wild-draw-four", "red-2"], ["wild-draw-four"]):  # the last card or not
        played = play(k, table(k, [["wild-draw-four", "red-1"], second], top="red-9"))
        played = play(k, played, Play(0, wd4, color("blue")))
        named = color("green") if len(second) > 1 else -1  # a last card names no colour
        runs.append(run(k, played, Play(1, wd4, named))[1])
    a = dataclasses.replace(k, rules=dataclasses.replace(k.rules, stacking="any-draw-card"))
    played = play(
        a, table(a, [["wild-draw-four", "red-1"], ["red-draw-two", "red-2"]], top="red-9")
    )
    played = play(a, played, Play(0, wd4, color("red")))
    runs.append(run(a, played, Play(1, card(a, "red-draw-two")))[1])  # a Draw Two on it
    j = edition("classic-jump-in")  # a last card jumped in on its twin ends the hand
    twin = table(j, [["red-1", "blue-2"], ["red-5"]], top="red-5")
    runs.append(run(j, twin, JumpIn(1, card(j, "red-5")))[1])
    rl = edition(RLCARD)  # a drawn wild played as a plain one (RLCard's UNO)
    drawn = play(rl, table(rl, [["blue-1", "green-2"], ["red-3"]], top="red-9", draw=["wild"]))
    drawn = play(rl, drawn, Draw(0))
    runs.append(run(rl, drawn, Play(0, card(rl, "wild"), color("blue")))[1])
    r = edition(SHORT_DRAW)  # a Draw Two with one card left: reshuffled before it is dealt
    short = table(r, [["red-draw-two", "red-1", "red-2"], ["blue-3"]], top="red-9",
                  draw=["green-5"], rest="discard")  # fmt: skip
    runs.append(run(r, short, Play(0, card(r, "red-draw-two")))[1])
    f = edition(LAST_CARD)  # a last Draw Two: its draw is dealt, then the hand is over
    last = table(f, [["red-draw-two"], ["blue-3", "blue-4"]], top="red-9")
    runs.append(run(f, last, Play(0, card(f, "red-draw-two")))[1])
    fj = dataclasses.replace(f, rules=dataclasses.replace(f.rules, jump_in="identical-card"))
    twin = table(fj, [["red-1", "blue-2"], ["red-draw-two"]], top="red-draw-two")
    runs.append(run(fj, twin, JumpIn(1, card(fj, "red-draw-two")))[1])  # jumped in last
    w = edition(LAST_CARD_CHALLENGED)  # a last Wild Draw Four: answered, then the score
    waits = table(w, [["wild-draw-four"], ["blue-3", "blue-4"]], top="red-9")
    answered = run(w, waits, Play(0, card(w, "wild-draw-four"), color("blue")))[0]
    runs.append(run(w, answered, Accept(1))[1])
    for first in ("red-skip", "blue-draw-two", "wild"):  # a first card carried out (RLCard)
        dealt, fired = run(rl, empty_table(rl, 3), Deal(first_turned_up(rl, 3, first)))
        runs.append(fired)
    runs.append(run(rl, dealt, Pick(2, color("green")))[1])  # the dealer names its colour
    at_once = edition(RESHUFFLE_AT_ONCE)  # the pile's last card drawn: reshuffled at once
    hands = [["blue-3", "red-5"], ["yellow-1", "yellow-2"]]
    last_one = table(at_once, hands, top="blue-9", draw=["green-1"], rest="discard")
    runs.append(run(at_once, last_one, Draw(0))[1])
    ends = edition(DRAW_ENDS_TURN)  # a draw by choice ends the turn
    runs.append(run(ends, table(ends, hands, top="blue-9", draw=["green-1"]), Draw(0))[1])
    w = edition(CALL_WITH_PLAY)  # UNO called with the play of the second-last card
    runs.append(run(w, table(w, hands, top="blue-9"), Play(0, card(w, "blue-3"), uno=True))[1])
    sw = edition("star-wars")  # ... and the call lapsing: its player lost the race
    sw = dataclasses.replace(sw, rules=dataclasses.replace(sw.rules, uno_window=w.rules.uno_window))
    raced = table(sw, [["wild-favorite-line", "red-5"], ["yellow-1"]], top="blue-9")
    raced = play(sw, raced, Play(0, card(sw, "wild-favorite-line"), color("red"), uno=True))
    runs.append(run(sw, raced, NameLoser(0))[1])
    for m in (edition(EMPTY_HANDED), _last_card_effects(edition(EMPTY_HANDED))):
        empty = table(m, [["red-draw-two"], ["yellow-1"]], top="red-9")
        empty = empty._replace(draw_pile=(), discard=(card(m, "red-9"),))  # nothing anywhere
        drew_nothing, fired = run(m, empty, Draw(0))  # drew nothing: may still play
        runs += [fired, run(m, drew_nothing, Play(0, card(m, "red-draw-two")))[1]]
    miscall = edition(CALL_OUT_OF_PLACE)  # UNO called with nobody just down to one card
    calm = table(miscall, [["blue-3", "red-5"], ["yellow-1", "yellow-2"]], top="blue-9")
    runs.append(run(miscall, calm, CallUno(1))[1])
    ends = edition(SHORTFALL_ENDS_HAND)  # a Draw Two no card is left for: the hand ends
    short = table(ends, [["red-draw-two", "red-1"], ["yellow-1"]], top="red-9")
    short = short._replace(draw_pile=(), discard=(card(ends, "red-9"),))
    waiting, fired = run(ends, short, Play(0, card(ends, "red-draw-two")))
    runs += [fired, run(ends, waiting, Reshuffle((card(ends, "red-9"),)))[1]]  # one of two
    waits = edition(SHORTFALL_WAITS)  # the rest of that Draw Two waits for cards
    short = table(waits, [["red-draw-two", "red-1", "red-2"], ["yellow-1"]], top="red-9")
    short = short._replace(draw_pile=(), discard=(card(waits, "red-9"),))
    waiting, fired = run(waits, short, Play(0, card(waits, "red-draw-two")))
    owing, short_fired = run(waits, waiting, Reshuffle((card(waits, "red-9"),)))
    runs += [fired, short_fired, run(waits, owing, Play(0, card(waits, "red-1")))[1]]
    o = edition(RACE_READINGS_4)  # every player quoted: the table names no loser
    race = table(o, [["wild-favorite-line", "red-1", "red-2"], ["yellow-1"]], top="red-9")
    race = play(o, race, Play(0, card(o, "wild-favorite-line"), color("blue")))
    runs.append(run(o, race, NameLoser(NOBODY))[1])
    for name in (HAIL_MARY_PENALTY, HAIL_MARY_TAKEN_BACK):  # a wrong guess's own branches
        h = edition(name)
        hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-2"]]
        called = play(h, table(h, hands, top="blue-9"), Play(0, card(h, "blue-1")), CallUno(0))
        runs.append(run(h, called, Play(2, card(h, "wild-hail-mary"), color("red")))[1])
        # thrown before the call (`trigger`): each branch of the throw from the window
        w = _hail_mary_thrown_before_the_call(h)
        for thrower, named in (
            (["wild-hail-mary"], "red"),  # the thrower's last card
            (["wild-hail-mary", "green-2"], "red"),  # a wrong guess
            (["wild-hail-mary", "green-2", "green-3"], "blue"),  # a right one sheds
            (["wild-hail-mary", "green-2"], "blue"),  # a right one, nothing to shed
        ):
            hands = [["blue-1", "blue-2"], ["red-4", "red-5"], thrower]
            window = play(w, table(w, hands, top="blue-9"), Play(0, card(w, "blue-1")))
            runs.append(run(w, window, Play(2, card(w, "wild-hail-mary"), color(named)))[1])
    n = edition(HAIL_MARY_NO_CALL)  # a thrower left with one card calls no UNO
    for w in (n, _hail_mary_thrown_before_the_call(n)):
        hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-2"]]
        window = play(w, table(w, hands, top="blue-9"), Play(0, card(w, "blue-1")))
        if w is n:
            window = play(w, window, CallUno(0))
        runs.append(run(w, window, Play(2, card(w, "wild-hail-mary"), color("red")))[1])
    hands = [["blue-1", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-2", "green-3"]]
    called = play(n, table(n, hands, top="blue-9"), Play(0, card(n, "blue-1")), CallUno(0))
    thrown = play(n, called, Play(2, card(n, "wild-hail-mary"), color("blue")))
    runs.append(run(n, thrown, Keep(2, card(n, "green-2")))[1])
    s = edition(HAIL_MARY_AFTER_CHALLENGE)  # the throw's chance back once the draw is dealt
    hands = [["wild-draw-four", "blue-2"], ["red-4", "red-5"], ["wild-hail-mary", "green-2"]]
    called = play(s, table(s, hands, top="yellow-9"), Play(0, card(s, "wild-draw-four"), 0))
    runs.append(run(s, play(s, called, CallUno(0)), Accept(1))[1])
    return runs


def _hail_mary_thrown_before_the_call(e: Edition) -> Edition:
    """`e` whose Hail Mary may be thrown before the UNO call as well as after it."""
    changed = e.effect_of("wild-hail-mary").replaced(trigger="whenever-a-player-holds-one-card")
    effects = tuple((k, changed if k == "wild-hail-mary" else v) for k, v in e.effects)
    return dataclasses.replace(e, effects=effects)


def _last_card_effects(e: Edition) -> Edition:
    """`e` carrying out a last card's effect, its draw dealt (RLCard's UNO)."""
    rules = dataclasses.replace(e.rules, final_card_effects="effects-apply-then-score")
    return dataclasses.replace(e, rules=rules)


@pytest.mark.slow
def test_kernel_phase_changes_are_exactly_the_declared_transitions(tmp_path: Path) -> None:
    """Every phase change the kernel makes is a declared transition, and every declared
    transition is made by the kernel in some game: each fired branch starts in the phase
    the state was in and leaves it in the branch's target (the next branch's start, or the
    step's result). The cards no built-in has come from users' files."""
    fired_numbers: set[int] = set()
    for name in (*EDITIONS, new_card_edition(tmp_path), HOUSE_CARDS):
        for steps in _random_games(name, games=6, seed=7):
            for after, fired in steps:
                phases = [step.before.phase for step in fired] + [after.phase]
                for step, start, end in zip(fired, phases, phases[1:], strict=False):
                    assert (start, end) == (step.branch.source, step.branch.target), step
                fired_numbers.update(step.branch.number for step in fired)
    for fired in _rare_runs():
        fired_numbers.update(step.branch.number for step in fired)
    never = [b.label for b in MACHINE.branches if b.number not in fired_numbers]
    assert never == []


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.slow
def test_library_runtime_and_kernel_agree_on_every_transition(name: str) -> None:
    """Driving python-statemachine's own runtime with the kernel's events gives the same
    phase and the same state after every transition of random games."""
    e = edition(name)
    checked = 0
    for steps in _random_games(name, games=2, seed=11):
        runtime = TurnFlow()
        for final, fired in steps:
            for i, step in enumerate(fired):
                assert runtime.current_state_value == step.before.phase
                result = runtime.send(
                    step.branch.event, edition=e, game=step.before, action=step.action
                )
                after = fired[i + 1].before if i + 1 < len(fired) else final
                assert runtime.current_state_value == after.phase
                expected = after._replace(phase=step.before.phase)
                assert (result if result is not None else step.before) == expected
                checked += 1
    assert checked > 100
