"""The command line's grammar: every command, its arguments, and what each accepts.

Parsing imports no rules code, so that `unospec --help` and a bad argument answer at once.

Why one module of this length: it is one concept, the parser of fourteen commands and the
argument types they share; split, a command's options would sit apart from their types.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn

from unospec import __version__
from unospec.diagrams.pictures import FORMATS as DIAGRAM_FORMATS
from unospec.model.distinguishing import VARIANTS
from unospec.model.errors import InputError

DESCRIPTION = "a formal, executable specification of the UNO editions, and a checker for them"


class UsageError(InputError):
    """A bad command line: reported as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors raised as UsageError instead of printed."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """A value outside the choices, worded as every other error: expected, found."""
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(str, action.choices))
            raise argparse.ArgumentError(action, f"expected one of {choices}, found {value!r}")


def build_parser() -> argparse.ArgumentParser:
    """Every command, its arguments and their types."""
    parser = _Parser(prog="unospec", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"unospec {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(
        name: str, help: str, formats: tuple[str, ...] = ("text", "json")
    ) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument("--format", choices=formats, default="text")
        return sub

    command("editions", "list the built-in editions")
    show = command("show", "an edition's deck, parameters and interpretations")
    show.add_argument("edition", help="a built-in edition name or an edition file")
    show.add_argument(
        "--resolved",
        action="store_true",
        help="print the edition file with every key written (a delta merged onto its bases)",
    )
    play = command("play", "one whole game between random players, as a readable log")
    play.add_argument("edition")
    play.add_argument(
        "--players", type=_players, default=None, help="default: the fewest the edition allows"
    )
    play.add_argument("--seed", type=_integer, default=0)
    _engine(play)
    play.add_argument(
        "--trace-out", type=output_path, metavar="FILE", help="also write the game as a trace"
    )
    _trace_format(play, "--trace-out")
    replay = command("replay", "check a recorded game step by step")
    replay.add_argument("trace", help="a trace file (JSON)")
    replay.add_argument("--edition", help="check against this edition instead of the trace's")
    explore = command("explore", "every reachable state of a scaled edition, invariants in each")
    explore.add_argument("edition")
    explore.add_argument(
        "--players", type=_players, default=None, help="default: the fewest the edition allows"
    )
    explore.add_argument(
        "--scale",
        type=_scales,
        default="micro",
        help="a preset or key=value list; several separated by ';', or 'portfolio'",
    )
    explore.add_argument("--max-states", type=_positive, default=None)
    explore.add_argument("--no-symmetry", action="store_true")
    explore.add_argument("--jobs", type=_jobs, default=1)
    _engine(explore)
    explore.add_argument(
        "--out",
        type=output_path,
        default="counterexamples",
        help="where a counterexample's trace and test go",
    )
    _trace_format(explore, "the counterexample's trace in --out")
    explore.add_argument(
        "--storyboard",
        type=output_path,
        metavar="FILE.svg",
        help="also draw a counterexample as a storyboard",
    )
    prove = command("prove", "Z3 proofs about an edition, each proved, refuted or unknown")
    prove.add_argument("edition")
    lint = command(
        "lint",
        "consistency analysis: a booklet's defects and gaps as findings",
        formats=("text", "json", "sarif"),
    )
    lint.add_argument("editions", nargs="+")
    lint.add_argument("--games", type=_games, default=100, help="random games for rule coverage")
    _optional_scale(lint, "exploration scale for rule coverage")
    _state_bound(lint)
    diff = command("diff", "what changed in behaviour between two editions, with evidence")
    diff.add_argument("a", help="an edition name or file")
    diff.add_argument(
        "b",
        nargs="?",
        help="an edition name or file (default: compare the edition A is a variant of with A)",
    )
    diff.add_argument(
        "--scale",
        type=_scale_or_none,
        default="micro",
        help="the scale both are explored at ('none': the files, proofs and findings only)",
    )
    diff.add_argument(
        "--players", type=_players, default=None, help="default: the fewest both editions allow"
    )
    diff.add_argument(
        "--max-states",
        type=_positive,
        default=200_000,
        help="states searched for a difference before the verdict is undecided, and explored "
        "in each edition to count its states (default: 200,000)",
    )
    diff.add_argument(
        "--trace-out", type=output_path, metavar="FILE", help="write the distinguishing trace"
    )
    _trace_format(diff, "--trace-out")
    readings = command(
        "readings", "which of an edition's recorded ambiguities change the game, and by how much"
    )
    readings.add_argument("edition")
    readings.add_argument(
        "--scale",
        type=_scales,
        default=READINGS_SCALES,
        help="the scales each alternative is played at, in turn until one tells the readings "
        f"apart (a ;-separated list; default: {READINGS_SCALES})",
    )
    readings.add_argument(
        "--players", type=_players, default=None, help="default: the fewest the edition allows"
    )
    readings.add_argument(
        "--games",
        type=_at_least(0, MAX_GAMES),
        default=200,  # readings.report.GAMES (held to it by a test)
        help="random games per side of a reading that changes the game (0: no statistics)",
    )
    readings.add_argument("--seed", type=_integer, default=0)
    readings.add_argument(
        "--max-states",
        type=_positive,
        default=50_000,  # readings.report.MAX_STATES (held to it by a test)
        help="states each alternative is explored and searched for a difference in",
    )
    readings.add_argument("--jobs", type=_jobs, default=0)
    baseline_help = "verification baselines: save what the checks conclude"
    actions = commands.add_parser("baseline", help=baseline_help, description=baseline_help)
    actions.add_argument("--format", choices=("text", "json"), default="text")
    # an action of its own parser, so that options may come before the editions, as in check
    baseline = actions.add_subparsers(dest="action", required=True, metavar="action").add_parser(
        "save", help="save each edition's baseline", description=baseline_help
    )
    baseline.add_argument("--format", choices=("text", "json"), default=argparse.SUPPRESS)
    baseline.add_argument("editions", nargs="*", help="names or files (default: every built-in)")
    baseline.add_argument(
        "--out", type=output_path, help="the folder to write to (default: beside each file)"
    )
    baseline.add_argument(
        "--scale",
        type=_scales,
        default="portfolio",
        help="the exploration's scales (default: the portfolio)",
    )
    _state_bound(baseline)
    baseline.add_argument(
        "--games", type=_games, default=None, help="random games to record (0: none)"
    )
    baseline.add_argument("--seed", type=_integer, default=0)
    _engine(baseline)
    report = command("report", "a static review site of editions, to open in a browser")
    report.add_argument("editions", nargs="*", help="names or files (default: every built-in)")
    report.add_argument("--out", type=output_path, required=True, metavar="DIR")
    report.add_argument("--games", type=_games, default=None, help="random games per edition")
    _optional_scale(report, "the exploration's scale")
    _state_bound(report)
    report.add_argument("--diff-scale", type=_scale, default="micro", help="the comparisons' scale")
    report.add_argument("--seed", type=_integer, default=0)
    report.add_argument("--jobs", type=_jobs, default=0)
    diagram = commands.add_parser(
        "diagram",
        help="rule diagrams: turn flows, edition diffs, decks, storyboards",
        description="rule diagrams: turn flows, edition diffs, decks, storyboards",
    )
    add_diagram_arguments(diagram)
    check = command("check", "the main job: every check of every edition")
    check.add_argument("editions", nargs="*", help="names or files (default: every built-in)")
    check.add_argument("--games", type=_games, default=None, help="random games per edition")
    check.add_argument("--seed", type=_integer, default=0)
    check.add_argument("--jobs", type=_jobs, default=0, help="processes (default: one per core)")
    _optional_scale(check, "the exploration's scale")
    _state_bound(check)
    check.add_argument(
        "--report", type=output_path, metavar="DIR", help="also write the review site there"
    )
    check.add_argument(
        "--conform-states",
        type=_games,
        default=None,
        help="states the conformance check compares, shared among its runs (default 16,000; "
        "0 skips it)",
    )
    _engine(check)
    check.add_argument(
        "--baselines",
        type=output_path,
        metavar="DIR",
        help="the saved baselines (`baseline save --out DIR`; default: beside each file)",
    )
    conform = command(
        "conform", "the compiled engine checked state by state against the reference kernel"
    )
    conform.add_argument("edition")
    conform.add_argument(
        "--scale",
        type=_scale_or_none,
        default="micro",
        help="the scale whose every state is compared ('none': games only)",
    )
    conform.add_argument(
        "--players", type=_players, default=None, help="default: the fewest the edition allows"
    )
    conform.add_argument(
        "--games", type=_games, default=5, help="full-size games replayed step by step"
    )
    conform.add_argument("--seed", type=_integer, default=0)
    conform.add_argument(
        "--max-states", type=_positive, default=None, help="compare at most this many states"
    )
    conform.add_argument(
        "--variant",
        choices=sorted(VARIANTS),
        default=None,
        help="hold the engine to this variant of the edition (distinguishing: every numeric "
        "parameter its own value)",
    )
    conform.add_argument(
        "--trace-out", type=output_path, metavar="FILE", help="write the first difference's trace"
    )
    conform.add_argument(
        "--engine",
        default="compiled",
        metavar="NAME",
        help="the implementation held to the reference: compiled (default), reference, an "
        "entry point of the group unospec.engines, or package.module:factory",
    )
    _trace_format(conform, "--trace-out")
    conform.add_argument(
        "--all-differences", action="store_true",
        help="go on past the first difference: every difference, grouped by kind",
    )  # fmt: skip
    conform.add_argument(
        "--known", type=output_path, metavar="FILE", default=None,
        help="accepted differences (the JSON of a run with --all-differences, or --known-out's):"
        " exit 0 unless a difference is new; implies --all-differences",
    )  # fmt: skip
    conform.add_argument(
        "--known-out", type=output_path, metavar="FILE", default=None,
        help="write the differences found as a --known file",
    )  # fmt: skip
    conform.add_argument(
        "--step-timeout", type=_seconds, metavar="SECONDS", default=None,
        help="stop an implementation's call that takes longer (Unix only)",
    )  # fmt: skip
    simulate = command("simulate", "many random games of the real deck, as statistics")
    simulate.add_argument("edition")
    simulate.add_argument("--games", type=_at_least(1, MAX_GAMES), required=True)
    simulate.add_argument("--players", type=_players, default=None)
    simulate.add_argument("--seed", type=_integer, default=0)
    simulate.add_argument("--jobs", type=_jobs, default=1)
    simulate.add_argument("--no-invariants", action="store_true")
    _engine(simulate)
    # random_play.POLICIES; spelled out so that parsing arguments imports no rules code
    simulate.add_argument(
        "--policy", choices=("mixed", "eager", "random", "heuristic"), default="mixed"
    )
    simulate.add_argument(
        "--single-hand", action="store_true", help="a game is one hand (the scoring reading)"
    )
    stats = command("stats", "statistics of many games, with 95%% intervals; two compared")
    stats.add_argument("edition")
    stats.add_argument("other", nargs="?", default=None, help="compared with the first")
    # stats_job.DEFAULT_GAMES and DEFAULT_POLICY, spelled out: parsing imports no rules code
    stats.add_argument(
        "--games", type=_at_least(2, MAX_GAMES), default=10_000, help="per edition and table size"
    )
    stats.add_argument(
        "--players", type=_players, nargs="+", default=None,
        help="table sizes (default: 4, or as near as the edition seats)",
    )  # fmt: skip
    stats.add_argument(
        "--policy", choices=("heuristic", "random", "eager", "mixed"), default="heuristic"
    )
    stats.add_argument("--seed", type=_integer, default=0)
    stats.add_argument("--jobs", type=_jobs, default=1)
    stats.add_argument(
        "--cluster", metavar="ADDRESS", default=None,
        help="run the chunks on a Dask cluster: local:N, or tcp://HOST:PORT of a scheduler",
    )  # fmt: skip
    stats.add_argument(
        "--plots", type=output_path, metavar="DIR", help="draw the plots (SVG and PNG) here"
    )
    stats.add_argument(
        "--single-hand", action="store_true", help="a game is one hand (the scoring reading)"
    )
    stats.add_argument(
        "--until-precision", type=_precision, metavar="X", default=None,
        help="stop once each mean game length is known within X of itself (--games: the most)",
    )  # fmt: skip
    return parser


def _precision(text: str) -> float:
    """An argument type: a relative precision, a number between 0 and 1 (0.01: 1%)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, found {text!r}") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1, found {text}")
    return value


def _seconds(text: str) -> float:
    """An argument type: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, found {text!r}") from None
    if not 0 < value < 1e6:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, found {text}")
    return value


def _at_least(least: int | None, most: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number no less than `least` (None: any), and no more than
    `most` when given."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None
        if least is not None and value < least:
            raise argparse.ArgumentTypeError(
                f"expected a number of at least {least}, found {value}"
            )
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"expected a number of at most {most}, found {value}")
        return value

    return whole_number


def output_path(text: str) -> str:
    """An argument type: a file or folder to write (an empty one would mean the default)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a path, found ''")
    return text


def _scale(text: str) -> str:
    """An argument type: a scale (see `unospec.model.scale`), checked before any work starts
    (an empty one once skipped the exploration without a word)."""
    from unospec.model.scale import parse_scale

    if not text.strip():
        raise argparse.ArgumentTypeError("expected a scale such as micro, found ''")
    try:
        parse_scale(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _scales(text: str) -> str:
    """An argument type: a scale, a `;`-separated list of them, or `portfolio` (see
    `unospec.model.scale`), checked before any work starts."""
    from unospec.model.scale import check_scale_list

    if not text.strip():
        raise argparse.ArgumentTypeError("expected a scale such as micro, found ''")
    try:
        check_scale_list(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _engine(parser: argparse.ArgumentParser) -> None:
    """`--engine`: the compiled engine (the default), or the reference kernel itself (to
    tell an engine bug from a rule bug; much slower)."""
    parser.add_argument(
        "--engine",
        choices=("compiled", "reference"),
        default="compiled",
        help="run on the compiled engine (default) or the reference kernel",
    )


def _trace_format(parser: argparse.ArgumentParser, what: str) -> None:
    """`--trace-format`: the format `what` is written in, unospec's own (the default) or ITF,
    the Informal Trace Format of Apalache and Quint (`unospec.model.trace_formats`, spelled
    out here so that parsing imports no rules code)."""
    parser.add_argument(
        "--trace-format",
        choices=("unospec", "itf"),
        default="unospec",
        help=f"the format of {what}: unospec's own (default) or itf (Apalache's and Quint's)",
    )


def _optional_scale(parser: argparse.ArgumentParser, what: str) -> None:
    """`--scale`, the portfolio by default, for a command whose exploration `none` skips."""
    parser.add_argument(
        "--scale",
        type=_scales_or_none,
        default="portfolio",
        help=f"{what}: a scale, scales separated by ';', or 'portfolio' ('none' skips it)",
    )


def _state_bound(parser: argparse.ArgumentParser) -> None:
    """`--max-states` for a command whose exploration is one check among others: it stops
    there unfinished, and says so (`main_check.DEFAULT_MAX_STATES`; None here, so that
    parsing arguments imports no rules code)."""
    parser.add_argument(
        "--max-states",
        type=_positive,
        default=None,
        help="states explored before the exploration stops unfinished (default: 10,000,000)",
    )


def _scale_or_none(text: str) -> str:
    """A scale, or `none` for no exploration."""
    return text if text == "none" else _scale(text)


def _scales_or_none(text: str) -> str:
    """Scales, or `none` for no exploration."""
    return text if text == "none" else _scales(text)


READINGS_SCALES = "micro;micro,colors=2,wilds=0"
"""`readings`' scales: every card at `micro`, then the coloured cards in two colours (a
reading of matching plays alike in one; with the wilds too, the deals of two colours are
more than the search's bound)."""
MAX_JOBS = 256
"""More processes than this only fork: the machines this runs on have a few cores."""
MAX_GAMES = 10**8
"""About a day of games on one core; more would only fill memory with their plan."""

_integer = _at_least(None)  # a seed
_players = _at_least(2)  # no edition seats fewer (Set Up: 2 or more)
_positive = _at_least(1)  # a limit of no states at all would stop before the first
_jobs = _at_least(0, MAX_JOBS)
_games = _at_least(0, MAX_GAMES)


def add_diagram_arguments(parser: argparse.ArgumentParser) -> None:
    """The `diagram` command's arguments, on the parser `unospec.cli` made for it."""
    parser.add_argument("edition", nargs="?", help="a built-in edition name or an edition file")
    parser.add_argument(
        "--out",
        type=output_path,
        metavar="DIR",
        help="the folder to write into (default: here; dot and mermaid text go to stdout)",
    )
    parser.add_argument(
        "--format",
        choices=DIAGRAM_FORMATS,
        default=None,
        help="svg (the default), png, dot or mermaid; --all writes svg, png and dot, or the "
        "one format given (mermaid: the turn flows and diffs, not the decks)",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--diff",
        metavar="OTHER",
        nargs="?",
        const="",
        help="EDITION against OTHER in one diagram (default: the edition EDITION is a "
        "variant of, its file's variant_of)",
    )
    what.add_argument("--deck", action="store_true", help="the deck composition instead")
    what.add_argument("--trace", metavar="TRACE.json", help="a trace drawn as a storyboard")
    what.add_argument(
        "--all",
        action="store_true",
        help="every built-in edition's turn flow and deck, and its diff against the edition "
        "it is a variant of",
    )
