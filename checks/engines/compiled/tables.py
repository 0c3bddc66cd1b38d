"""The engine's tables, generated: the turn flow from the compiled `TurnFlow`, the edition
from its parameters. Nothing here restates the flow.

The compiled code is generic over these arrays: it is handed them on every call, so a change
to the machine or an edition changes what the engine does without a recompile, and no compile
cache can hold a stale copy of them (see `jit`).

`TWINS` pairs every guard, condition, effect and move lister of the reference with the
engine's twin; `machine_tables` refuses a machine that names a function without one, so a
rule added to the reference cannot be skipped silently by the engine.

Why one module of this length: it is one concept, the generated layout of the machine and
of an edition as the arrays the compiled code reads, with the twin maps that layout needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from unospec.checks.engines.compiled import vocabulary as v
from unospec.model import branches as b
from unospec.model import legality as g
from unospec.model import sections
from unospec.model import updates as u
from unospec.model.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    Deal,
    Draw,
    JumpIn,
    Keep,
    NameLoser,
    Pass,
    Pick,
    Play,
    Reshuffle,
)
from unospec.model.edition import Edition
from unospec.model.errors import InputError, InternalError
from unospec.model.flows import requirements_of, resumption_of, rule_info, settlement_of
from unospec.model.legality import LAST_CARD_DECISIONS
from unospec.model.moves import LISTERS
from unospec.model.primitives import Step, parameters, turns
from unospec.model.primitives.hail_mary import puts_cards_out_of_play
from unospec.model.table import MACHINE, CompiledMachine

Array = npt.NDArray[np.int64]

ACTION_KIND: dict[type, int] = {
    Play: v.A_PLAY,
    Draw: v.A_DRAW,
    Pass: v.A_PASS,
    Challenge: v.A_CHALLENGE,
    Accept: v.A_ACCEPT,
    CallUno: v.A_UNO,
    Catch: v.A_CATCH,
    Keep: v.A_KEEP,
    NameLoser: v.A_LOSER,
    Reshuffle: v.A_RESHUFFLE,
    Deal: v.A_DEAL,
    Pick: v.A_PICK,
    JumpIn: v.A_JUMP_IN,
}
"""Each action type of the reference, and the engine's kind number for it."""

VALIDATOR_TWINS: dict[Callable[..., Any], int] = {
    g.check_deal: v.V_DEAL,
    g.check_play: v.V_PLAY,
    g.check_play_drawn: v.V_PLAY_DRAWN,
    g.check_victim: v.V_VICTIM,
    g.check_uno: v.V_UNO,
    g.check_catch: v.V_CATCH,
    g.check_hail_mary: v.V_HAIL_MARY,
    g.check_color: v.V_COLOR,
    g.check_keep: v.V_KEEP,
    g.check_loser: v.V_LOSER,
    g.check_reshuffle: v.V_RESHUFFLE,
    g.check_target: v.V_TARGET,
    g.check_draw: v.V_DRAW,
    g.check_pass: v.V_PASS,
    g.check_stack: v.V_STACK,
    g.check_taker: v.V_TAKER,
    g.check_pick: v.V_PICK,
    g.check_jump_in: v.V_JUMP_IN,
    g.check_first_colour: v.V_FIRST_COLOUR,
    g.check_call_out_of_place: v.V_CALL_OUT_OF_PLACE,
}
_PLAYED = (v.C_PLAYS_LAST_CARD, v.C_PLAYS_WILD, v.C_PLAYS_DRAW_CARD)
CONDITION_TWINS: dict[Callable[..., Any], int] = {
    b.plays_last_card: v.C_PLAYS_LAST_CARD,
    b.plays_wild: v.C_PLAYS_WILD,
    b.plays_draw_card: v.C_PLAYS_DRAW_CARD,
    b.no_number_card_left: v.C_NO_NUMBER_CARD_LEFT,
    b.flips_ignored_card: v.C_FLIPS_IGNORED_CARD,
    b.resolves_by_loser: v.C_RESOLVES_BY_LOSER,
    b.challenge_pending: v.C_CHALLENGE_PENDING,
    b.opens_uno_window: v.C_OPENS_UNO_WINDOW,
    b.pile_runs_out: v.C_PILE_RUNS_OUT,
    b.nothing_to_draw: v.C_NOTHING_TO_DRAW,
    b.guess_sheds_cards: v.C_GUESS_SHEDS_CARDS,
    b.wrong_guess_taken_back: v.C_WRONG_GUESS_TAKEN_BACK,
    b.wrong_guess_draws_penalty: v.C_WRONG_GUESS_DRAWS_PENALTY,
    b.thrower_left_one_card_calls_no_uno: v.C_THROWER_LEFT_ONE_CARD_CALLS_NO_UNO,
    b.shed_down_to_one_calls_no_uno: v.C_SHED_DOWN_TO_ONE_CALLS_NO_UNO,
    b.game_is_won: v.C_GAME_IS_WON,
    b.hand_emptied: v.C_HAND_EMPTIED,
    b.asks_target: v.C_ASKS_TARGET,
    b.draws_on: v.C_DRAWS_ON,
    b.may_stack: v.C_MAY_STACK,
    b.stacks: v.C_STACKS,
    b.asks_pick: v.C_ASKS_PICK,
    b.jumps_in: v.C_JUMPS_IN,
    b.eliminates: v.C_ELIMINATES,
    b.one_player_left: v.C_ONE_PLAYER_LEFT,
    b.plays_drawn_wild_plain: v.C_PLAYS_DRAWN_WILD_PLAIN,
    b.reshuffles_first: v.C_RESHUFFLES_FIRST,
    b.last_card_draws: v.C_LAST_CARD_DRAWS,
    b.last_card_draw_dealt: v.C_LAST_CARD_DRAW_DEALT,
    b.last_card_waits: v.C_LAST_CARD_WAITS,
    b.last_card_settled: v.C_LAST_CARD_SETTLED,
    b.first_card_names_colour: v.C_FIRST_CARD_NAMES_COLOUR,
    b.first_card_draws: v.C_FIRST_CARD_DRAWS,
    b.first_card_played: v.C_FIRST_CARD_PLAYED,
    b.dealer_names_colour: v.C_DEALER_NAMES_COLOUR,
    b.empties_the_pile: v.C_EMPTIES_THE_PILE,
    b.nobody_loses: v.C_NOBODY_LOSES,
    b.draws_nothing_plays_from_hand: v.C_DRAWS_NOTHING_PLAYS_FROM_HAND,
    b.plays_last_card_after_drawing_nothing: v.C_PLAYS_LAST_CARD_AFTER_DRAWING_NOTHING,
    b.draws_by_choice: v.C_DRAWS_BY_CHOICE,
    b.called_with_the_play: v.C_CALLED_WITH_THE_PLAY,
    b.called_in_vain: v.C_CALLED_IN_VAIN,
    b.draw_falls_short: v.C_DRAW_FALLS_SHORT,
    b.draw_waits_for_cards: v.C_DRAW_WAITS_FOR_CARDS,
    b.cards_for_what_waits: v.C_CARDS_FOR_WHAT_WAITS,
    b.calls_out_of_place: v.C_CALLS_OUT_OF_PLACE,
    **dict(
        zip(
            b.JUMPED_IN,
            (v.C_PLAYS_LAST_CARD, v.C_ASKS_TARGET, v.C_PLAYS_DRAW_CARD),
            strict=True,
        )
    ),  # each as the play it tests
    **{
        condition: twin
        for stacked in (b.STACKED_ON_DRAW, b.STACKED_ON_WILD_DRAW)
        for condition, twin in zip(stacked, _PLAYED, strict=True)
    },  # each as the play it tests
}
"""`branches.resumes(phase)` makes one condition per phase: each is the engine's C_RESUMES,
with the phase as its argument."""
UPDATE_TWINS: dict[Callable[..., Any], int] = {
    u.deal_cards: v.U_DEAL_CARDS,
    u.set_flipped_card_aside: v.U_SET_FLIPPED_CARD_ASIDE,
    u.keep_for_redeal: v.U_KEEP_FOR_REDEAL,
    u.turn_up_first_card: v.U_TURN_UP_FIRST_CARD,
    u.play_card: v.U_PLAY_CARD,
    u.name_color: v.U_NAME_COLOR,
    u.owe_one_card: v.U_OWE_ONE_CARD,
    u.draw_what_the_pile_has: v.U_DRAW_WHAT_THE_PILE_HAS,
    u.pass_empty_handed: v.U_PASS_EMPTY_HANDED,
    u.reshuffle_discard: v.U_RESHUFFLE_DISCARD,
    u.pass_turn: v.U_PASS_TURN,
    u.judge_challenge: v.U_JUDGE_CHALLENGE,
    u.accept_draw: v.U_ACCEPT_DRAW,
    u.open_window: v.U_OPEN_WINDOW,
    u.close_window: v.U_CLOSE_WINDOW,
    u.draw_and_reopen_the_throw: v.U_DRAW_AND_REOPEN_THE_THROW,
    u.owe_catch_penalty: v.U_OWE_CATCH_PENALTY,
    u.throw_hail_mary: v.U_THROW_HAIL_MARY,
    u.throw_hail_mary_for_a_penalty: v.U_THROW_HAIL_MARY_FOR_A_PENALTY,
    u.discard_down_to_one: v.U_DISCARD_DOWN_TO_ONE,
    u.owe_loser_penalty: v.U_OWE_LOSER_PENALTY,
    u.score_hand: v.U_SCORE_HAND,
    u.swap_hands: v.U_SWAP_HANDS,
    u.stack_card: v.U_STACK_CARD,
    u.take_the_stack: v.U_TAKE_THE_STACK,
    u.pick_colour: v.U_PICK_COLOUR,
    u.eliminate_the_drawer: v.U_ELIMINATE_THE_DRAWER,
    u.play_plain_wild: v.U_PLAY_PLAIN_WILD,
    u.play_first_card: v.U_PLAY_FIRST_CARD,
    u.name_first_colour: v.U_NAME_FIRST_COLOUR,
    u.draw_the_pile_out: v.U_DRAW_THE_PILE_OUT,
    u.draw_nothing: v.U_DRAW_NOTHING,
    u.owe_one_card_ending_the_turn: v.U_OWE_ONE_CARD_ENDING_THE_TURN,
    u.owe_caller_penalty: v.U_OWE_CALLER_PENALTY,
    u.end_the_hand_unscored: v.U_END_THE_HAND_UNSCORED,
    u.owe_the_rest_later: v.U_OWE_THE_REST_LATER,
    u.owe_what_waits: v.U_OWE_WHAT_WAITS,
}
LISTER_TWINS: dict[Callable[..., Any], int] = {
    LISTERS["play"]: v.L_TURN_PLAYS,
    LISTERS["draw"]: v.L_DRAW_ONE,
    LISTERS["play_drawn"]: v.L_DRAWN_CARD_PLAYS,
    LISTERS["pass_turn"]: v.L_PASS_TURN,
    LISTERS["challenge"]: v.L_CHALLENGE,
    LISTERS["accept"]: v.L_ACCEPT,
    LISTERS["name_loser"]: v.L_NAME_LOSER,
    LISTERS["keep"]: v.L_KEEP,
    LISTERS["uno"]: v.L_CALL_UNO,
    LISTERS["catch"]: v.L_CATCH,
    LISTERS["stack"]: v.L_STACK,
    LISTERS["pick"]: v.L_PICK,
    LISTERS["jump_in"]: v.L_JUMP_INS,
    LISTERS["name_first_colour"]: v.L_FIRST_COLOUR,
    LISTERS["call_out_of_place"]: v.L_CALLS_OUT_OF_PLACE,
}


def cited_rule(edition: Edition, rule: int) -> str:
    """The booklet section a refusal's rule number names (see `vocabulary.REFUSAL`)."""
    if rule >= v.CARD_RULE:
        return edition.section_of(edition.faces.card_id(rule - v.CARD_RULE))
    return str(getattr(sections, v.RULE_SECTIONS[rule]))


class EngineCoverageError(InputError):
    """The engine has no twin of something the reference would run: a machine function, an
    effect or a reading. Reported as one line (exit 2) rather than run wrong."""


class MachineTwinError(InternalError):
    """The machine names a function the engine has no twin of: a bug to fix in the engine,
    raised when the tables are built (so every test that uses the engine fails)."""


# The slots of the machine tables passed to the compiled code, in this order.
(
    M_DIMS,  # phases, events, branches
    M_GROUP_START,  # [phase * events + event]: first entry in M_GROUP_BRANCHES, or -1
    M_GROUP_LEN,
    M_GROUP_BRANCHES,  # branch numbers, each group's in the order the machine tries them
    M_BR_TARGET,  # [branch number]
    M_BR_UPDATE,
    M_BR_COND_START,  # into M_COND_*
    M_BR_COND_LEN,
    M_COND_ID,
    M_COND_ARG,
    M_COND_EXPECT,  # 1: must hold, 0: must not (python-statemachine's `unless`)
    M_GROUP_VAL_START,  # into M_VALS, per group
    M_GROUP_VAL_LEN,
    M_VALS,
    M_AUTOMATIC,  # [phase]: the event the table fires by itself there, or -1
    M_SAME_STEP,
    M_WINDOW,  # [phase]: 1 in an UNO window phase
    M_CHANCE,  # [phase]: 1 where the next step is a shuffle
    M_FINAL,
    M_STEP_EVENT,  # [phase * ACTION_KINDS + kind]: the event a recorded step fires, or -1
    M_LISTER_START,  # [phase]: into M_LISTERS
    M_LISTER_LEN,
    M_LISTERS,
    M_NAMED_PHASE,  # [vocabulary.PH_*]: the phase's number
    M_NAMED_EVENT,  # [vocabulary.EV_*]: the event's number
    M_BR_EVENT,  # [branch number]
    M_BR_SOURCE,
    M_BR_SNAPSHOT,  # [branch number]: 1 where a step invariant reads the row before or after it
) = range(28)


@dataclass(frozen=True)
class MachineTables:
    """The turn flow as the compiled code reads it, and the names behind its numbers."""

    phases: tuple[str, ...]
    events: tuple[str, ...]
    arrays: Array  # the tables laid end to end (see `flat`)

    @property
    def phase_ids(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.phases)}


def _ints(values: list[int] | tuple[int, ...]) -> Array:
    return np.array(values if values else [0], dtype=np.int64)[: max(1, len(values))]


def machine_tables(
    machine: CompiledMachine = MACHINE,
    *,
    automatic: Mapping[str, str] | None = None,
    same_step: Mapping[str, str] | None = None,
    steps: Mapping[tuple[str, type], str] | None = None,
    window_phases: AbstractSet[str] | None = None,
) -> MachineTables:
    """Number the machine's phases and events, and lay out its transitions, guards and
    conditions for the compiled code. MachineTwinError names any function without a twin,
    or a phase or event the rule bodies need that the machine does not have. The keyword
    arguments are the machine module's protocol tables (`compile_machine` takes the same);
    by default, the machine's own."""
    protocol = machine.protocol
    # the machine's own tables are keyed by enum members, which are their ids as strings
    automatic_of = cast(Mapping[str, str], protocol.automatic if automatic is None else automatic)
    same_step_of = cast(Mapping[str, str], protocol.same_step if same_step is None else same_step)
    steps_of = cast(Mapping[tuple[str, type], str], protocol.steps if steps is None else steps)
    windows: AbstractSet[str] = protocol.window_phases if window_phases is None else window_phases
    phases: tuple[str, ...] = machine.phases
    events: tuple[str, ...] = tuple(dict.fromkeys(branch.event for branch in machine.branches))
    chance = {phase for phase, step in steps_of if step in (Deal, Reshuffle)}
    phase_id = {name: i for i, name in enumerate(phases)}
    event_id = {name: i for i, name in enumerate(events)}
    n_ph, n_ev, n_br = len(phases), len(events), len(machine.branches)
    missing: list[str] = []

    def twin(table: dict[Callable[..., Any], int], function: Callable[..., Any]) -> int:
        found = table.get(function)
        if found is None:
            missing.append(getattr(function, "__qualname__", repr(function)))
            return -1
        return found

    group_start, group_len = [-1] * (n_ph * n_ev), [0] * (n_ph * n_ev)
    val_start, val_len = [0] * (n_ph * n_ev), [0] * (n_ph * n_ev)
    group_branches: list[int] = []
    vals: list[int] = []
    for (source, event), group in machine.by_event.items():
        key = phase_id[source] * n_ev + event_id[event]
        group_start[key], group_len[key] = len(group_branches), len(group)
        group_branches.extend(branch.number for branch in group)
        val_start[key], val_len[key] = len(vals), len(group[0].validators)
        vals.extend(twin(VALIDATOR_TWINS, check) for check in group[0].validators)
    target, update = [0] * n_br, [v.NO_UPDATE] * n_br
    cond_start, cond_len = [0] * n_br, [0] * n_br
    cond_id: list[int] = []
    cond_arg: list[int] = []
    cond_expect: list[int] = []
    for branch in machine.branches:
        n = branch.number
        target[n] = phase_id[branch.target]
        if branch.update is not None:
            update[n] = twin(UPDATE_TWINS, branch.update)
        cond_start[n] = len(cond_id)
        for expected, conditions in ((1, branch.conditions), (0, branch.unless)):
            for condition in conditions:
                resumed = resumption_of(condition)
                if resumed is not None:
                    cond_id.append(v.C_RESUMES)
                    cond_arg.append(phase_id[resumed])
                else:
                    cond_id.append(twin(CONDITION_TWINS, condition))
                    cond_arg.append(0)
                cond_expect.append(expected)
        cond_len[n] = len(cond_id) - cond_start[n]
    automatic_ids, same_step_ids = [-1] * n_ph, [-1] * n_ph
    for table, fill in ((automatic_of, automatic_ids), (same_step_of, same_step_ids)):
        for phase_name, event_name in table.items():
            fill[phase_id[phase_name]] = event_id[event_name]
    step_event = [-1] * (n_ph * v.ACTION_KINDS)
    for (phase_name, step), event_name in steps_of.items():
        step_event[phase_id[phase_name] * v.ACTION_KINDS + ACTION_KIND[step]] = event_id[event_name]
    lister_start, lister_len = [0] * n_ph, [0] * n_ph
    listers: list[int] = []
    for phase_name in phases:  # the player steps STEPS accepts in each phase, in its order
        lister_start[phase_id[phase_name]] = len(listers)
        for (source_name, step), event_name in steps_of.items():
            if source_name == phase_name and step not in (Deal, Reshuffle):
                listers.append(twin(LISTER_TWINS, LISTERS[event_name]))
        lister_len[phase_id[phase_name]] = len(listers) - lister_start[phase_id[phase_name]]
    named_phases = [phase_id.get(name, -1) for name in v.NAMED_PHASES]
    named_events = [event_id.get(name, -1) for name in v.NAMED_EVENTS]
    missing += [f"phase '{n}'" for n, i in zip(v.NAMED_PHASES, named_phases, strict=True) if i < 0]
    missing += [f"event '{n}'" for n, i in zip(v.NAMED_EVENTS, named_events, strict=True) if i < 0]
    if missing:
        raise MachineTwinError(
            "the compiled engine has no twin of what the turn-flow machine names: "
            + ", ".join(missing)
        )
    arrays = flat(
        _ints([n_ph, n_ev, n_br]),
        _ints(group_start),
        _ints(group_len),
        _ints(group_branches),
        _ints(target),
        _ints(update),
        _ints(cond_start),
        _ints(cond_len),
        _ints(cond_id),
        _ints(cond_arg),
        _ints(cond_expect),
        _ints(val_start),
        _ints(val_len),
        _ints(vals),
        _ints(automatic_ids),
        _ints(same_step_ids),
        _ints([int(p in windows) for p in phases]),
        _ints([int(p in chance) for p in phases]),
        _ints([int(p in machine.final) for p in phases]),
        _ints(step_event),
        _ints(lister_start),
        _ints(lister_len),
        _ints(listers),
        _ints(named_phases),
        _ints(named_events),
        _ints([event_id[branch.event] for branch in machine.branches]),
        _ints([phase_id[branch.source] for branch in machine.branches]),
        _ints(snapshot_branches(machine, update)),
    )
    return MachineTables(phases, events, arrays)


def snapshot_branches(machine: CompiledMachine, update: list[int]) -> list[int]:
    """Per branch, 1 where a step invariant reads the row before or after it (its event in
    `properties.snapshot_events`, or the first card turned up): `rules.fire` keeps a copy
    of the row there, and nowhere else, so a step pays for the rows its checks read."""
    from unospec.checks.engines.compiled.properties import snapshot_events

    read = snapshot_events()
    return [
        int(branch.event in read or update[branch.number] == v.U_PLAY_FIRST_CARD)
        for branch in machine.branches
    ]


GATED: frozenset[Callable[..., Any]] = frozenset(
    {
        b.plays_drawn_wild_plain,
        b.eliminates,
        b.one_player_left,
        b.opens_uno_window,
        b.reshuffles_first,
        b.may_stack,
        b.stacks,
        b.jumps_in,
        b.last_card_draws,
        b.last_card_draw_dealt,
        b.last_card_settled,
        b.asks_target,
        b.asks_pick,
        b.first_card_names_colour,
        b.first_card_draws,
        b.first_card_played,
        b.nobody_loses,
    }
)
"""Conditions whose own code cannot hold unless the edition allows it: each reads the rule
that settles it first (`flows.settled_by`), or, without one, the played card's effect for
the step it requires (`flows.requires`), a card of the deck. Where the edition rules one
out (`rules_out`), it holds in no state at all, reached or not, so the engine drops its
branches from the edition's program (`pruned`): for most editions, the house rules' and the
newer cards' branches, which every play and draw would otherwise try. A test holds each to
the reference: no state of an edition that rules a condition out satisfies it."""


def rules_out(edition: Edition, condition: Callable[..., Any]) -> bool:
    """Whether `edition` rules out the gated `condition`: its settlement says it never holds,
    or no card of the deck has a step it requires."""
    if rule_info(condition).settled_by is not None:
        settled = settlement_of(condition, edition)
        return settled is not None and not settled[0]
    needed = requirements_of(condition)
    steps = (step for effect in edition.faces.effects for step in effect.steps)
    return bool(needed) and not any(isinstance(step, needed) for step in steps)


def pruned(arrays: Array, machine: CompiledMachine, edition: Edition) -> Array:
    """The machine tables `arrays` for `edition`: each event's branches in the order the
    machine tries them, without those whose condition the edition rules out (`GATED`). The
    reference tries those in vain: it fires the same branch in every state."""
    dead = {
        branch.number
        for branch in machine.branches
        if any(c in GATED and rules_out(edition, c) for c in branch.conditions)
    }
    if not dead:
        return arrays
    kept = arrays.copy()
    lengths, branches = int(kept[M_GROUP_LEN]), int(kept[M_GROUP_BRANCHES])
    starts = int(kept[M_GROUP_START])
    for key in range(lengths - starts):
        start, length = int(kept[starts + key]), int(kept[lengths + key])
        if start < 0:
            continue
        group = [int(n) for n in kept[branches + start : branches + start + length]]
        alive = [n for n in group if n not in dead]
        if alive and len(alive) < len(group):
            kept[branches + start : branches + start + len(alive)] = alive
            kept[lengths + key] = len(alive)
    return kept


def flat(*tables: Array) -> Array:
    """Tables laid end to end in one array, after a header whose slot `i` is where table `i`
    starts: the compiled code reads `T[T[SLOT] + i]`. One array compiles far faster than a
    tuple of them (numba passes each array of a tuple as a struct of seven fields)."""
    offsets = np.cumsum([len(tables)] + [len(t) for t in tables[:-1]])
    return np.concatenate([offsets.astype(np.int64), *tables]).astype(np.int64)


# The slots of the edition tables passed to the compiled code, in this order.
E_FACES, E_RULES, E_DECK, E_COLORS, E_IN_PLAY = range(5)

_READINGS_PLAYED: dict[str, tuple[str, ...]] = {
    "flip_exhausted": ("redeal", "hand-cannot-start"),
    "reshuffle": ("keep-top-card", "whole-discard-pile"),
    "draw_shortfall": ("draw-what-remains", "hand-ends-unscored", "obligation-waits-for-cards"),
    "empty_handed_draw": ("turn-passes", "player-may-play-from-hand"),
    "ignored_flip_goes": ("discard-pile", "bottom-of-draw-pile"),
    "after_drawing": ("drawn-card-only", "any-matching-card"),
    "next_leader": ("rotate-left", "same"),
    "game_end": ("target-score", "single-hand"),
    "drawing": ("one-card", "until-playable"),
    "drawn_playable": ("may-keep", "must-play", "must-play-by-colour"),
    "may_draw": ("any-time", "without-a-playable-card"),
    "draw_by_choice": ("the-new-card-may-be-played", "the-turn-ends"),
    "stacking": v.STACKING,
    "jump_in": ("none", "identical-card"),
    "uno_call": ("required", "none"),
    "uno_window": (
        "from-the-resolved-play-until-the-next-players-first-action",
        "while-playing-the-second-last-card",
    ),
    "drawn_wild": ("as-printed", "plain-wild"),
    "reshuffle_when": (
        "when-a-draw-needs-a-card",
        "before-a-short-draw",
        "as-soon-as-the-draw-pile-empties",
    ),
    "final_card_effects": ("hand-ends-at-once", "effects-apply-then-score"),
    "first_card": ("plain-card", "played-by-the-dealer"),
    "first_wild_colour": ("named-by-the-dealer", "at-random"),
    "drawn_wild_colour": ("named-by-its-player", "at-random"),
    "challenge_judges": v.CHALLENGE_JUDGES,
    "uno_call_out_of_place": ("has-no-effect", "the-caller-draws-the-penalty"),
}
"""Every reading of `Rules` the engine plays (the schema's READINGS, as the engine has them);
a test holds the two equal."""


def _reading(edition: Edition, key: str, value: str, played: tuple[str, ...]) -> str:
    if value not in played:
        raise EngineCoverageError(
            f"{edition.source}: {key}: the compiled engine plays {', '.join(played)}, "
            f"found {value!r}; it cannot run this edition"
        )
    return value


def _face_row(edition: Edition, face: int) -> list[int]:
    """One face's row: what the card is, what its effect's statements say (read generically,
    never by primitive), and its steps as `primitives.TWINS` lays them out."""
    faces = edition.faces
    shown = faces.faces[face]
    effect = faces.effect[face]
    row = [0] * v.FACE_FIELDS
    row[v.F_COLOR] = faces.color[face]
    row[v.F_SYMBOL] = sorted(set(faces.symbol)).index(faces.symbol[face])
    row[v.F_WILD] = int(faces.wild[face])
    row[v.F_IGNORED] = int(faces.ignored_at_flip[face])
    row[v.F_POINTS] = faces.points[face]
    draws = effect.draws
    row[v.F_DRAW] = draws[2] if draws is not None else 0
    row[v.F_OWES] = int(effect.owes is not None)
    row[v.F_OWED] = effect.owes if effect.owes is not None else int(effect.asks("pick"))
    row[v.F_ASKS_COLOUR] = int(effect.asks("colour"))
    row[v.F_ASKS_LOSER] = int(effect.asks("loser"))
    row[v.F_LAST_WAITS] = int(any(effect.asks(d) for d in LAST_CARD_DECISIONS))
    row[v.F_ASKS_TARGET] = int(effect.asks("target"))
    row[v.F_AIMS] = effect.aims if effect.aims is not None else -1
    row[v.F_KIND] = edition.kinds.index(shown.kind)
    row[v.F_ASKS_PICK] = int(effect.asks("pick"))
    row[v.F_LAST_RESORT] = int(effect.last_resort)
    said = effect.statements
    for players, seats, flips in ((3, v.F_TURN_SEATS, v.F_TURN_FLIPS),
                                  (2, v.F_TURN_SEATS_TWO, v.F_TURN_FLIPS_TWO)):  # fmt: skip
        turn = turns(said, 1, players)[-1]
        row[seats], row[flips] = turn.seats, int(turn.direction < 0)
    owing = next(  # the draw it owes at once, or a Color Roulette's one card at a time
        (i for i, step in enumerate(said) if step.owes is not None or step.asks == "pick"), None
    )
    for players, seats, flips in ((3, v.F_OWED_SEATS, v.F_OWED_FLIPS),
                                  (2, v.F_OWED_SEATS_TWO, v.F_OWED_FLIPS_TWO)):  # fmt: skip
        if owing is not None:
            turn = turns(said, 1, players)[owing]
            row[seats], row[flips] = turn.seats, int(turn.direction < 0)
    if len(effect.steps) > v.MAX_STEPS:
        raise EngineCoverageError(
            f"{edition.source}: {shown.kind}: the compiled engine plays effects of up to "
            f"{v.MAX_STEPS} steps, found {len(effect.steps)}"
        )
    row[v.F_STEPS] = len(effect.steps)
    for i, step in enumerate(effect.steps):
        number, a, b = _step(edition, shown.kind, step, row)
        at = v.F_STEPS + 1 + i * v.STEP_FIELDS
        row[at : at + v.STEP_FIELDS] = [number, a, b]
        row[v.F_HAS] |= 1 << number
    _first_effect_row(edition, face, row)
    return row


FIRST_EFFECT_TWINS = frozenset({"skip", "reverse", "draw", "skip-everyone", "name-colour"})
"""The steps the engine carries out in a first effect (`rules.play_first_card`): those the
schema allows one (`schema.FIRST_EFFECT_STEPS`; a test holds the two equal)."""


def _first_effect_row(edition: Edition, face: int, row: list[int]) -> None:
    """The face's first effect (`setup.first_card`) in its `row`, where the edition carries
    it out: what its statements say, from the dealer, and its steps. EngineCoverageError: a
    step the engine does not carry out in a first effect, or more than it lays out."""
    faces = edition.faces
    if edition.rules.first_card != "played-by-the-dealer" or faces.ignored_at_flip[face]:
        return  # never carried out: the pile starts with it as a plain card, or never
    kind = faces.faces[face].kind
    first = faces.first_effect[face]
    said = first.statements
    row[v.F_FIRST_ASKS_COLOUR] = int(first.asks("colour"))
    row[v.F_FIRST_OWES] = int(first.owes is not None)
    row[v.F_FIRST_OWED] = first.owes if first.owes is not None else 0
    owing = next((i for i, step in enumerate(said) if step.owes is not None), None)
    for players, fields in (
        (3, (v.F_FIRST_TURN_SEATS, v.F_FIRST_TURN_FLIPS, v.F_FIRST_OWED_SEATS,
             v.F_FIRST_OWED_FLIPS)),
        (2, (v.F_FIRST_TURN_SEATS_TWO, v.F_FIRST_TURN_FLIPS_TWO, v.F_FIRST_OWED_SEATS_TWO,
             v.F_FIRST_OWED_FLIPS_TWO)),
    ):  # fmt: skip
        found = turns(said, 1, players)
        seats, flips, owed_seats, owed_flips = fields
        row[seats], row[flips] = found[-1].seats, int(found[-1].direction < 0)
        if owing is not None:
            row[owed_seats] = found[owing].seats
            row[owed_flips] = int(found[owing].direction < 0)
    if len(first.steps) > v.MAX_STEPS:
        raise EngineCoverageError(
            f"{edition.source}: {kind}: the compiled engine plays first effects of up to "
            f"{v.MAX_STEPS} steps, found {len(first.steps)}"
        )
    row[v.F_FIRST_STEPS] = len(first.steps)
    scratch = list(row)  # a first effect's step sets none of the card's own fields
    for i, step in enumerate(first.steps):
        if step.NAME not in FIRST_EFFECT_TWINS:
            raise EngineCoverageError(
                f"{edition.source}: {kind}: the compiled engine does not carry out "
                f"{step.NAME} in a first effect"
            )
        at = v.F_FIRST_STEPS + 1 + i * v.STEP_FIELDS
        row[at : at + v.STEP_FIELDS] = list(_step(edition, kind, step, scratch))


def _step(edition: Edition, kind: str, step: Step, row: list[int]) -> tuple[int, int, int]:
    """A step's twin number and its two kept parameters; its other parameters written into
    the face's `row` (`primitives.TWINS`). EngineCoverageError: no twin, or a reading the
    engine does not play."""
    from unospec.checks.engines.compiled.primitives import READINGS_PLAYED, TWINS

    twin = TWINS.get(type(step))
    if twin is None:
        raise EngineCoverageError(
            f"{edition.source}: {kind}: the compiled engine has no twin of the primitive "
            f"{step.NAME}"
        )
    for parameter in parameters(type(step)):
        if parameter.kind == "reading":
            key = f"{step.NAME}.{parameter.name}"
            _reading(edition, key, getattr(step, parameter.name), READINGS_PLAYED[key])
    number, encode = twin
    a, b = encode(step, row)
    return number, a, b


def edition_tables(edition: Edition) -> Array:
    """The edition's faces, rules and deck as the compiled code reads them;
    EngineCoverageError names a reading or effect the engine does not play."""
    rules = edition.rules
    for name, played in _READINGS_PLAYED.items():
        _reading(edition, name, getattr(rules, name), played)
    faces = edition.faces
    face_rows = [_face_row(edition, face) for face in range(len(faces.faces))]
    rule_row = [0] * v.RULE_FIELDS
    rule_row[v.R_HAND_SIZE] = rules.hand_size
    rule_row[v.R_MIN_PLAYERS] = rules.min_players
    rule_row[v.R_MAX_PLAYERS] = rules.max_players
    rule_row[v.R_BOTTOM_OF_PILE] = int(rules.ignored_flip_goes == "bottom-of-draw-pile")
    rule_row[v.R_ANY_MATCHING] = int(rules.after_drawing == "any-matching-card")
    rule_row[v.R_UNO_PENALTY] = rules.uno_penalty
    rule_row[v.R_ROTATE_LEADER] = int(rules.next_leader == "rotate-left")
    rule_row[v.R_SINGLE_HAND] = int(rules.game_end == "single-hand")
    rule_row[v.R_TARGET] = rules.target_score
    rule_row[v.R_FACES] = len(faces.faces)
    rule_row[v.R_IN_PLAY] = len(faces.in_play)
    rule_row[v.R_COLORS] = len(edition.color_indices)
    rule_row[v.R_UNTIL_PLAYABLE] = int(rules.drawing == "until-playable")
    rule_row[v.R_MUST_PLAY] = int(rules.drawn_playable != "may-keep")
    rule_row[v.R_BY_COLOUR] = int(rules.drawn_playable == "must-play-by-colour")
    rule_row[v.R_DRAWN_WILD_PLAIN] = int(rules.drawn_wild == "plain-wild")
    rule_row[v.R_DRAW_WITHOUT] = int(rules.may_draw == "without-a-playable-card")
    rule_row[v.R_STACKING] = v.STACKING.index(rules.stacking)
    rule_row[v.R_JUMP_IN] = int(rules.jump_in == "identical-card")
    rule_row[v.R_NO_UNO_CALL] = int(rules.uno_call == "none")
    rule_row[v.R_ELIMINATION] = rules.elimination
    rule_row[v.R_RESHUFFLE_FIRST] = int(rules.reshuffle_when == "before-a-short-draw")
    rule_row[v.R_LAST_CARD_EFFECTS] = int(rules.final_card_effects == "effects-apply-then-score")
    rule_row[v.R_WHOLE_PILE] = int(rules.reshuffle == "whole-discard-pile")
    rule_row[v.R_FIRST_CARD_PLAYED] = int(rules.first_card == "played-by-the-dealer")
    rule_row[v.R_FIRST_COLOUR_AT_RANDOM] = int(rules.first_wild_colour == "at-random")
    rule_row[v.R_DRAWN_COLOUR_AT_RANDOM] = int(rules.drawn_wild_colour == "at-random")
    rule_row[v.R_HAND_CANNOT_START] = int(rules.flip_exhausted == "hand-cannot-start")
    rule_row[v.R_RESHUFFLE_AT_ONCE] = int(
        rules.reshuffle_when == "as-soon-as-the-draw-pile-empties"
    )
    from_hand = rules.empty_handed_draw == "player-may-play-from-hand"
    rule_row[v.R_FROM_HAND_WHEN_EMPTY] = int(from_hand)
    rule_row[v.R_DRAW_ENDS_TURN] = int(rules.draw_by_choice == "the-turn-ends")
    rule_row[v.R_CALL_WITH_PLAY] = int(rules.uno_window == "while-playing-the-second-last-card")
    rule_row[v.R_CHALLENGE_JUDGES] = v.CHALLENGE_JUDGES.index(rules.challenge_judges)
    caller_draws = rules.uno_call_out_of_place == "the-caller-draws-the-penalty"
    rule_row[v.R_CALLER_DRAWS] = int(caller_draws)
    rule_row[v.R_SHORT_DRAW_ENDS_HAND] = int(rules.draw_shortfall == "hand-ends-unscored")
    rule_row[v.R_SHORT_DRAW_WAITS] = int(rules.draw_shortfall == "obligation-waits-for-cards")
    rule_row[v.R_THROW_AFTER_CHALLENGE] = int(g.throw_waits_for_the_challenge(edition))
    rule_row[v.R_OUT_OF_PLAY] = int(puts_cards_out_of_play(edition))
    in_play = [0] * len(faces.faces)  # the set-aside cards never enter a row
    for card in faces.in_play:
        in_play[card] += 1
    return flat(
        _ints([x for row in face_rows for x in row]),
        _ints(rule_row),
        _ints(list(faces.in_play)),
        _ints(list(edition.color_indices)),
        _ints(in_play),
    )
