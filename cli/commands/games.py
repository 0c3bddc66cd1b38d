"""`unospec editions`, `show`, `play`, `replay` and `simulate`: editions and their games."""

from __future__ import annotations

import argparse
import dataclasses
from typing import TypedDict

from unospec.commands.common import (
    FAILED,
    INTERRUPTED,
    OK,
    emit,
    progress_bar,
    trace_format_needs_out,
    writable,
    write_trace,
)
from unospec.model.trace import TraceJson
from unospec.model.vocabulary import Phase


class EditionRow(TypedDict):
    """A built-in edition, as `unospec editions` lists it."""

    name: str
    title: str
    seed: str | None
    variant_of: str | None
    total_cards: int


class EditionsJson(TypedDict):
    editions: list[EditionRow]


class PlayJson(TypedDict):
    """`unospec play`'s JSON document: the game, its log in words and its trace."""

    edition: str
    players: int
    seed: int
    finished: bool
    gap: str | None  # the rule gap the game stopped at, if any
    winner: int
    scores: list[int]
    hands: int
    steps: int  # after the first deal, as `replay` counts them
    log: list[str]
    trace: TraceJson


def editions(args: argparse.Namespace) -> int:
    from unospec.editions import builtin_names, load_edition

    editions = [load_edition(name) for name in builtin_names()]
    rows: list[EditionRow] = [
        {
            "name": e.name,
            "title": e.title,
            "seed": e.seed,
            "variant_of": e.variant_of,
            "total_cards": e.total_cards,
        }
        for e in editions
    ]
    text = "\n".join(
        f"{r['name']:<16} {r['total_cards']:>4} cards  {r['title']}"
        + (f"  (seed {r['seed']})" if r["seed"] else "")
        for r in rows
    )
    listed: EditionsJson = {"editions": rows}
    emit(args, listed, text)
    return OK


def show(args: argparse.Namespace) -> int:
    from unospec.editions import load_edition
    from unospec.views.edition import edition_json, edition_text

    if args.resolved:
        return show_resolved(args)
    edition = load_edition(args.edition)
    emit(args, edition_json(edition), edition_text(edition))
    return OK


def show_resolved(args: argparse.Namespace) -> int:
    """`show --resolved`: the edition as a complete edition file (a delta merged onto its
    bases), to read what a delta comes to, or to save as a file of its own."""
    from unospec.editions import resolved_data
    from unospec.editions.toml_writer import dumps

    data = resolved_data(args.edition)
    note = f"# {args.edition}, every key written (unospec show --resolved)\n"
    emit(args, data, note + dumps(data).rstrip("\n"))
    return OK


def play(args: argparse.Namespace) -> int:
    from unospec.checks.engines.simulate import record_game
    from unospec.editions import load_edition, reference_in
    from unospec.model.kernel import run
    from unospec.narrate import narrate

    edition = load_edition(args.edition)
    if args.players is None:
        args.players = edition.rules.min_players
    trace_format_needs_out(args)
    out = writable(args.trace_out) if args.trace_out else None
    trace, final, history, gap = record_game(edition, args.players, args.seed, engine=args.engine)
    log: list[str] = []
    for before, action, _ in history:
        after, fired = run(edition, before, action)
        log.extend(narrate(edition, action, fired, after))
    finished = final.phase == Phase.game_over
    if gap:
        log.append(f"stopped: the rules give no outcome here: {gap}")
    elif not finished:
        steps = f"{len(history):,} steps (the deal and {len(trace.steps):,} after it)"
        log.append(f"stopped: the game did not end in {steps}")
    trace = dataclasses.replace(trace, extra={"seed": args.seed})
    if out:
        stored = dataclasses.replace(trace, edition=reference_in(trace.edition, out.parent))
        write_trace(out, stored, args.trace_format, edition)
    data: PlayJson = {
        "edition": edition.name,
        "players": args.players,
        "seed": args.seed,
        "finished": finished,
        "gap": gap,
        "winner": final.winner,
        "scores": list(final.scores),
        "hands": final.hands_played,
        "steps": len(trace.steps),  # after the first deal, as `replay` counts them
        "log": log,
        "trace": trace.to_json(),
    }
    emit(args, data, "\n".join(log))
    return OK if finished else FAILED


def replay(args: argparse.Namespace) -> int:
    from unospec.checks.engines.replay import edition_for, replay
    from unospec.model.trace_formats import read_trace_file
    from unospec.views.runs import replay_text

    trace = read_trace_file(args.trace)  # unospec's own format or ITF, told by content
    edition = edition_for(trace, args.trace, args.edition)
    result = replay(edition, trace)
    emit(args, result.to_json(), replay_text(result))
    return OK if result.ok else FAILED


def simulate(args: argparse.Namespace) -> int:
    from unospec.checks.engines.simulate import run_games, simulation_json
    from unospec.editions import load_edition
    from unospec.model.wording import shell_word
    from unospec.views.runs import simulate_text

    edition = load_edition(args.edition)
    if args.single_hand:
        import dataclasses

        rules = dataclasses.replace(edition.rules, game_end="single-hand")
        edition = dataclasses.replace(edition, rules=rules)
    if args.players is not None:
        edition.require_players(args.players)
    check = not args.no_invariants
    with progress_bar() as progress:
        tally, seconds = run_games(
            edition, args.games, seed=args.seed, players=args.players, jobs=args.jobs,
            check=check, policy=args.policy, progress=progress, partial_on_interrupt=True,
            engine=args.engine,
        )  # fmt: skip
    data = simulation_json(edition, tally, seconds, check, args.players)
    for first in (data["first_unfinished"], data["first_gap"]):
        if first and args.policy == "mixed" and not args.single_hand:  # as `play` plays
            first["command"] = (
                f"unospec play {shell_word(args.edition)} --players {first['players']} "
                f"--seed {first['seed']}"
            )
    emit(args, data, simulate_text(data))
    if tally.interrupted:
        return INTERRUPTED
    failed = (
        data["invariant_violations"]
        or data["rule_gaps"]
        or data["first_unfinished"]
        or tally.games < args.games
    )
    return FAILED if failed else OK
