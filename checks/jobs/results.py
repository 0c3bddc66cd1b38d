"""Check results as data: what the CLI renders as text or JSON, and what tests assert on.

Each check of an edition is a `CheckResult` of its own kind (`GamesCheck`, `LintCheck`, ...),
whose `data` is that check's JSON document; a check can also carry advice (`advice`): what
to run next, as data the command line words (the words of the check, `detail`, come first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, TypedDict

from unospec.checks.analyses.lint import LintReportJson
from unospec.checks.analyses.proofs import ProofReportJson
from unospec.checks.engines.conformance import ConformanceJson
from unospec.checks.engines.explore_job import ExplorationJson
from unospec.checks.engines.simulate import FirstGame, FirstViolation
from unospec.checks.jobs.advice import BaselineAdvice, ExplorationBound, GamesFailed
from unospec.checks.jobs.baseline import GamesFingerprint
from unospec.model.edition import Reading


class SchemaData(TypedDict):
    total_cards: int
    in_play: int
    set_aside: int


class SetupData(TypedDict):
    deals: int
    violations: int
    undealable: list[int]  # table sizes the deck cannot deal


class GamesData(TypedDict):
    """The random games' statistics (`simulation_json`, its first violation as `violation`),
    their fingerprint, and the transitions they never fired."""

    edition: str
    games: int
    players: list[int] | None
    finished_games: int
    seconds: float
    games_per_second: float
    steps: int
    hands: int
    mean_turns: float
    median_turns: float
    first_player_win_share: float
    player_zero_game_share: float
    reshuffles_per_game: float
    draw_shortfalls: int
    interrupted: bool
    invariants_checked: bool
    invariant_violations: int | None
    rule_gaps: list[str]
    first_gap: FirstGame | None
    unfinished_games: int
    first_unfinished: FirstGame | None
    rules_fired: dict[str, int]
    fingerprint: GamesFingerprint
    never_fired: list[str]
    violation: FirstViolation | None
    same_behaviour_as: NotRequired[str]  # the edition whose games these are (a twin's)


class ExplorationData(ExplorationJson):
    """The portfolio's explorations (`portfolio_json`), and what the check adds: the cards
    left to draw after the deal at the tightest scale, the transitions that could fire but
    never did, and the bound it stopped at (when it did)."""

    draw_pile_after_deal: int
    fireable_never_fired: list[str]
    max_states: NotRequired[int | None]
    same_behaviour_as: NotRequired[str]


class ConformanceData(ConformanceJson):
    """The conformance check's document: its runs' totals (`scale` and `scale_settings`
    list the runs' own, separated by ';'; `players` is the first run's), each run's own
    document, and the twin it is shared with."""

    runs: list[ConformanceJson]
    same_behaviour_as: NotRequired[str]


class BaselineData(TypedDict):
    """The changes the saved baseline does not record; whether one was `saved` (absent: it
    was), or the `format` of one this unospec cannot compare; the `new_proofs` the machine
    grew since it was saved, all proved (absent: none)."""

    differences: list[str]
    saved: NotRequired[bool]
    format: NotRequired[int]
    new_proofs: NotRequired[list[str]]


CheckData = (
    SchemaData
    | SetupData
    | GamesData
    | ExplorationData
    | ConformanceData
    | ProofReportJson
    | LintReportJson
    | BaselineData
)


class CheckJson(TypedDict):
    name: str
    ok: bool
    detail: str
    data: CheckData


@dataclass(frozen=True)
class CheckResult:
    """One named check of one edition: whether it passed, and what it found."""

    name: str
    ok: bool
    detail: str
    data: CheckData

    def to_json(self) -> CheckJson:
        return {"name": self.name, "ok": self.ok, "detail": self.detail, "data": self.data}


@dataclass(frozen=True)
class SchemaCheck(CheckResult):
    data: SchemaData


@dataclass(frozen=True)
class SetupCheck(CheckResult):
    data: SetupData


@dataclass(frozen=True)
class GamesCheck(CheckResult):
    data: GamesData
    advice: GamesFailed | None = None


@dataclass(frozen=True)
class ExplorationCheck(CheckResult):
    data: ExplorationData
    advice: ExplorationBound | None = None


@dataclass(frozen=True)
class ConformanceCheck(CheckResult):
    data: ConformanceData


@dataclass(frozen=True)
class ProofsCheck(CheckResult):
    data: ProofReportJson


@dataclass(frozen=True)
class LintCheck(CheckResult):
    data: LintReportJson


@dataclass(frozen=True)
class BaselineCheck(CheckResult):
    data: BaselineData
    advice: BaselineAdvice | None = None

    @property
    def noted(self) -> bool:
        """No baseline saved: nothing was compared, a note rather than a pass."""
        return self.data.get("saved") is False


class InterpretationJson(TypedDict):
    """A reading the edition chose where its booklet is unclear."""

    id: str
    section: str
    chosen: Reading
    alternatives: list[Reading]
    decides: str | None


class EditionJson(TypedDict):
    name: str
    source: str
    reference: str
    ok: bool
    checks: list[CheckJson]
    interpretations: list[InterpretationJson]


@dataclass(frozen=True)
class EditionReport:
    """Every check of one edition."""

    name: str
    source: str
    checks: tuple[CheckResult, ...]
    interpretations: tuple[InterpretationJson, ...] = ()
    reference: str = ""  # how a command names it: its built-in name, else its file

    @property
    def command_name(self) -> str:
        """The edition as an argument of another `unospec` command."""
        return self.reference or self.name

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def games(self) -> GamesData | None:
        return next((c.data for c in self.checks if isinstance(c, GamesCheck)), None)

    @property
    def exploration(self) -> ExplorationData | None:
        return next((c.data for c in self.checks if isinstance(c, ExplorationCheck)), None)

    @property
    def proofs(self) -> ProofReportJson | None:
        return next((c.data for c in self.checks if isinstance(c, ProofsCheck)), None)

    @property
    def lint(self) -> LintReportJson | None:
        return next((c.data for c in self.checks if isinstance(c, LintCheck)), None)

    def to_json(self) -> EditionJson:
        return {
            "name": self.name,
            "source": self.source,
            "reference": self.command_name,
            "ok": self.ok,
            "checks": [check.to_json() for check in self.checks],
            "interpretations": list(self.interpretations),
        }
