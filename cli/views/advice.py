"""What a result says to run next, in the command line's words: the commands (`unospec play`,
`check`, `baseline save`, `diff`) and the options (`--max-states`, `--scale`).

The checks give the data (the edition as a command names it, the game, the seed, the scale
an exploration stopped at); `told` puts the words in, after each check's own words and into
its JSON (`first_gap.command`), so that the text, the JSON and the review site say the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from unospec.checks.analyses.diff.report import DifferenceJson, DiffJson, StatesBound
from unospec.checks.jobs.advice import (
    BaselineAdvice,
    CheckGames,
    CompareWithBase,
    ExplorationBound,
    GamesFailed,
    PlayGame,
    SaveBaseline,
)
from unospec.model.wording import counted, shell_word

if TYPE_CHECKING:  # the check's results and jobs load numpy and the engines' jobs: `diff`
    # says its advice without them (issue 38's start-up), and `told_check` imports them
    from unospec.checks.analyses.diff import Difference, DiffReport
    from unospec.checks.jobs.baseline import BaselineRefused
    from unospec.checks.jobs.results import CheckResult, EditionReport, GamesData


def play_command(game: PlayGame) -> str:
    """The `unospec play` that plays a game of a check's sample again."""
    return f"unospec play {shell_word(game.edition)} --players {game.players} --seed {game.seed}"


def check_command(games: CheckGames) -> str:
    """The `unospec check` that plays an edition's random games again, and says why they
    fail."""
    command = f"unospec check {shell_word(games.edition)} --games {games.games}"
    return command + (f" --seed {games.seed}" if games.seed else "")


def save_command(save: SaveBaseline) -> str:
    """The `baseline save` that records what a check compares, where it reads it (with the
    defaults it would record the default games on the portfolio)."""
    words = ["unospec", "baseline", "save", save.edition]
    if save.folder is not None:
        words += ["--out", save.folder]
    if save.scale is not None:
        words += ["--scale", save.scale]
    if save.games is not None:
        words += ["--games", str(save.games)]
    if save.seed != 0:
        words += ["--seed", str(save.seed)]
    return " ".join(map(shell_word, words))


def diff_command(compared: CompareWithBase) -> str:
    """The `unospec diff` that shows what a variant changes from its base."""
    return f"unospec diff {shell_word(compared.base)} {shell_word(compared.variant)}"


def bound_advice(bound: ExplorationBound) -> str:
    """What to do about an exploration stopped at its bound (a scale that names its kinds
    already is not told to again).

    >>> bound_advice(ExplorationBound("micro,kinds=number+wild"))
    ': raise --max-states, or choose a smaller --scale; `--scale none` skips the exploration'
    """
    scale = bound.scale
    fewer = "" if "kinds=" in scale else f" (`{scale},kinds=K+K+...` keeps only those card kinds)"
    return (
        f": raise --max-states, or choose a smaller --scale{fewer}; `--scale none` skips the "
        "exploration"
    )


def games_advice(failed: GamesFailed) -> str:
    """The end of the random games' words when some failed: each failure with the game to
    play again, and the games not played."""
    out = ""
    if failed.first_gap:
        number, game = failed.first_gap
        out += (
            f"; {counted(failed.gaps, 'game', 'games')} hit a rule gap, the first game "
            f"{number} (`{play_command(game)}`): {failed.gap}"
        )
    if failed.played < failed.asked:
        out += f"; stopped after {failed.played} of {failed.asked} games"
    if failed.first_unfinished:  # a game that cannot end is a broken rule, as in `explore`
        number, game = failed.first_unfinished
        out += (
            f"; {failed.unfinished} games did not end, the first game {number} "
            f"(`{play_command(game)}`)"
        )
    return out


def baseline_advice(advice: BaselineAdvice) -> str:
    """How to make the saved baseline the check's again, after the check's words."""
    command = f"`{save_command(advice.save)}`"
    if advice.why == "older":
        return f": save it again with {command}"
    if advice.why == "newer":
        return f": check it with that unospec ({command} would replace it)"
    if advice.why == "changed":
        return f" (accept with {command})"
    when = "" if advice.passing else "once the other checks pass, "
    said = f"; {when}{command} makes one"
    if advice.base is not None:  # a baseline is one edition's: `diff` compares a variant
        base = advice.base
        said += (
            f"; {base.name}'s baseline ({base.path}) is not this variant's: "
            f"`{diff_command(base.compare)}` shows what the variant changes"
        )
    return said


def told_check(check: CheckResult) -> CheckResult:
    """`check` with its advice in words: after its own words, and where its JSON names a
    command (the first game that met a rule gap or did not end)."""
    from unospec.checks.jobs.results import BaselineCheck, ExplorationCheck, GamesCheck

    if isinstance(check, GamesCheck) and check.advice is not None:
        return replace(
            check,
            detail=check.detail + games_advice(check.advice),
            data=_with_commands(check.data, check.advice),
            advice=None,
        )
    if isinstance(check, ExplorationCheck) and check.advice is not None:
        return replace(check, detail=check.detail + bound_advice(check.advice), advice=None)
    if isinstance(check, BaselineCheck) and check.advice is not None:
        return replace(check, detail=check.detail + baseline_advice(check.advice), advice=None)
    return check


def _with_commands(data: GamesData, failed: GamesFailed) -> GamesData:
    told: GamesData = {**data}
    if failed.first_gap and data["first_gap"]:
        told["first_gap"] = {**data["first_gap"], "command": play_command(failed.first_gap[1])}
    if failed.first_unfinished and data["first_unfinished"]:
        command = play_command(failed.first_unfinished[1])
        told["first_unfinished"] = {**data["first_unfinished"], "command": command}
    return told


def told(report: EditionReport) -> EditionReport:
    """`report` with every check's advice in words (see `told_check`)."""
    return replace(report, checks=tuple(told_check(check) for check in report.checks))


def refusal_text(refused: BaselineRefused) -> str:
    """Why `baseline save` refused an edition, and what says more."""
    said = str(refused)
    if refused.games is not None:
        said += f"; `{check_command(refused.games)}` says why"
    if refused.bound is not None:
        said += bound_advice(refused.bound)
    return said


def told_difference(difference: Difference) -> DifferenceJson:
    """A difference's JSON, an exploration's count cut short at the bound said as such."""
    told = difference.to_json()
    if isinstance(difference.a, StatesBound):
        told["a"] = _cut_short(difference.a)
    if isinstance(difference.b, StatesBound):
        told["b"] = _cut_short(difference.b)
    return told


def _cut_short(states: StatesBound) -> str:
    return f"{states.words()} (the search stopped at --max-states)"


def told_diff(report: DiffReport) -> DiffJson:
    """`unospec diff`'s JSON document: the report's, the advice in it in words."""
    data = report.to_json()
    data["differences"] = [told_difference(d) for d in report.differences]
    return data
