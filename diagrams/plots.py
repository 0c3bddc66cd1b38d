"""Plots of `unospec stats`, per table size: how long games last, which seat wins, which
cards are played and end hands, and how two editions differ, each as SVG and PNG.

Drawn from a `StatsResult` alone on matplotlib's Agg canvas, in a fixed style set inside an
`rc_context` (no pyplot, no global state changed). Byte-stable: one result draws the same
bytes every time (no date, no version, a fixed font, size and hash salt). matplotlib is
imported only when a plot is drawn: importing it takes half a second, too long for `--help`.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Collection
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unospec.model.errors import InputError

if TYPE_CHECKING:  # the result's package loads the engine and scipy; drawing reads fields
    from typing import TypeAlias

    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

    from unospec.checks.analyses.stats.result import Difference, Estimate, StatsResult

    Index: TypeAlias = dict[tuple[str, str, int], Estimate]

PLOTS = ("game-length", "win-share", "card-kinds", "differences")
"""The plots of each table size, in the order they are drawn: files `{plot}-{players}p.svg`
and `.png`; `differences` only for a comparison of two editions."""

DPI = 110
INK = "#1b1b1b"
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
"""Okabe and Ito's palette, readable with any colour vision; line styles and hatches tell
the editions apart in greyscale too."""
LINES = ("-", "--", ":", "-.")
HATCHES = ("", "//", "..", "xx")
STYLE: dict[RcKeyType, Any] = {
    "font.family": "DejaVu Sans",  # ships with matplotlib: the same glyphs everywhere
    "font.size": 9.0,
    "svg.fonttype": "none",  # text stays text: searchable, and read by screen readers
    "svg.hashsalt": "unospec",  # the ids of clip paths and hatches, fixed
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlesize": 10.0,
    "legend.fontsize": 8.0,
    "errorbar.capsize": 2.5,
}
LINEAR = 10.0
"""The forest plot's axis is linear within this many percent of 0, logarithmic beyond."""
LONGEST = 0.995
"""The game-length plot ends where this share of each edition's games has ended."""


def draw_plots(
    result: StatsResult,
    folder: Path,
    only: Collection[str] = PLOTS,
    formats: Collection[str] = ("svg", "png"),
) -> tuple[Path, ...]:
    """Draw the plots of `result` into `folder` (made if missing) and return the files
    written, the SVG then the PNG of each: every plot, or `only` those named (`PLOTS`). A
    plot with nothing to show (no such metric) is left out. The report asks for the SVG
    alone (`formats`): the PNG costs as much again."""
    unknown = sorted(set(only) - set(PLOTS))
    if unknown:
        raise ValueError(f"'only' must name plots among {', '.join(PLOTS)} (got {unknown})")
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    index = {(e.name, e.edition, e.players): e for e in result.metrics}
    titles = plot_descriptions(result)
    written: list[Path] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with rc_context(STYLE):
            for stem, plot, players in _plan(result, index):
                if plot not in only:
                    continue
                figure = Figure(figsize=(7.5, 4.0), dpi=DPI, layout="constrained")
                FigureCanvasAgg(figure)
                DRAW[plot](figure, result, index, players)
                written += _save(figure, folder / stem, titles[stem], "png" in formats)
    except OSError as error:  # a read-only folder, a name too long for the system
        raise InputError(f"{folder}: cannot write the plots here ({error.strerror})") from None
    return tuple(written)


def plot_descriptions(result: StatsResult) -> dict[str, str]:
    """One sentence per plot `draw_plots` draws, by file stem: its alt text and SVG title."""
    index = {(e.name, e.edition, e.players): e for e in result.metrics}
    names, first, second = " and ".join(result.editions), result.editions[0], result.editions[-1]
    each = " per edition" if len(result.editions) > 1 else ""
    games = f"{result.games:,} games{each} played by the {result.policy} policy"
    said = {}
    for stem, plot, p in _plan(result, index):
        means = ", ".join(
            f"{name} {index[('turns_per_game.mean', name, p)].value:.1f}"
            for name in result.editions
            if ("turns_per_game.mean", name, p) in index
        )
        rows = _rows(result, p)
        said[stem] = {
            "game-length": f"Share of games by length in turns at {p} players for {names} "
            f"({games})" + (f"; mean turns per game: {means}." if means else "."),
            "win-share": f"Share of games won by each seat at {p} players for {names}, with "
            f"95% intervals, against a fair share of {1 / p:.0%} ({games}).",
            "card-kinds": f"Plays per game of each card kind and the share of hands each kind "
            f"ends, at {p} players for {names}, with 95% intervals ({games}).",
            "differences": f"Differences of {second} minus {first} at {p} players in "
            f"{len(rows)} metrics, in percent of {first}'s value with 95% intervals; "
            f"{sum(d.significant for d in rows)} significant after Holm's correction.",
        }[plot]
    return said


def _plan(result: StatsResult, index: Index) -> list[tuple[str, str, int]]:
    """What to draw: (file stem, plot, players) of each plot with something to show."""
    plan = []
    for p in result.players:
        has = {
            "game-length": bool(_lengths(result, p)),
            "win-share": any(("win_share.seat_0", e, p) in index for e in result.editions),
            "card-kinds": bool(_kinds(index, p)),
            "differences": bool(_rows(result, p)) and len(result.editions) > 1,
        }
        plan += [(f"{plot}-{p}p", plot, p) for plot in PLOTS if has[plot]]
    return plan


def _save(figure: Figure, stem: Path, title: str, png_too: bool = True) -> list[Path]:
    """Both formats, without the date and version matplotlib would stamp, laid out once
    (for the PNG, as it is drawn first); the SVG gets a `<title>`, which browsers and
    screen readers show."""
    svg, png = io.BytesIO(), io.BytesIO()
    if png_too:
        figure.savefig(png, format="png", dpi=DPI, metadata={"Software": None, "Title": title})
        figure.set_layout_engine("none")  # keep that layout: it costs as much as a drawing
    figure.savefig(svg, format="svg", metadata={"Date": None, "Creator": None, "Title": title})
    data = svg.getvalue()
    start = data.index(b">", data.index(b"<svg")) + 1
    if not data[start:].lstrip().startswith(b"<title>"):  # matplotlib < 3.10 wrote none
        data = data[:start] + f"\n <title>{escape(title)}</title>".encode() + data[start:]
    stem.with_suffix(".svg").write_bytes(data)
    if not png_too:
        return [stem.with_suffix(".svg")]
    stem.with_suffix(".png").write_bytes(png.getvalue())
    return [stem.with_suffix(".svg"), stem.with_suffix(".png")]


def _lengths(result: StatsResult, players: int) -> list[tuple[int, str, list[tuple[int, int]]]]:
    """Each edition's game lengths at `players`: (its number, name, (turns, games) pairs)."""
    found = []
    for i, name in enumerate(result.editions):
        for d in result.distributions:
            if (d.metric, d.edition, d.players) == ("turns_per_game", name, players):
                found.append((i, name, list(zip(d.values, d.counts, strict=True))))
    return [f for f in found if sum(c for _, c in f[2])]


def _game_length(figure: Figure, result: StatsResult, index: Index, players: int) -> None:
    """Step histograms on shared bins of whole turns, each edition's mean a vertical line in
    its colour and line style."""
    from matplotlib.ticker import PercentFormatter

    ax = figure.subplots()
    lengths = _lengths(result, players)
    low = min(pairs[0][0] for _, _, pairs in lengths)
    high = max(_quantile(pairs, LONGEST) for _, _, pairs in lengths)
    width = max(1, math.ceil((high - low + 1) / 40))
    bins = math.ceil((high - low + 1) / width)
    edges = [low - 0.5 + width * k for k in range(bins + 1)]
    hidden = 0
    for i, name, pairs in lengths:
        total = sum(c for _, c in pairs)
        shares = [0.0] * bins
        for turns, count in pairs:
            if turns > high:
                hidden += count
            else:
                shares[(turns - low) // width] += count / total
        colour, line = COLOURS[i % len(COLOURS)], LINES[i % len(LINES)]
        mean = index.get(("turns_per_game.mean", name, players))
        label = name + (f" (mean {mean.value:.1f})" if mean else "")
        ax.stairs(shares, edges, linewidth=1.6, label=label, color=colour, linestyle=line)
        if mean:
            ax.axvline(mean.value, linewidth=1.0, color=colour, linestyle=line)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
    ax.set_ylim(bottom=0)
    ax.set_xlabel(
        f"turns per game (bins of {width})"
        + (f"; {hidden:,} games longer than {high:,} turns not shown" if hidden else "")
    )
    ax.set_ylabel("share of games")
    ax.set_title(f"Game length at {players} players: {' vs '.join(result.editions)}")
    ax.legend(title="vertical lines: means", frameon=False)


def _quantile(pairs: list[tuple[int, int]], q: float) -> int:
    total, seen = sum(c for _, c in pairs), 0
    for value, count in pairs:
        seen += count
        if seen >= q * total:
            return value
    return pairs[-1][0]


def _grouped(
    ax: Axes, result: StatsResult, index: Index, players: int, metrics: list[str], across: bool
) -> None:
    """One group per metric, one bar per edition, each with its 95% interval (a missing
    estimate leaves a gap); bars `across` the plot (horizontal) or upright."""
    step = 0.8 / len(result.editions)
    for i, name in enumerate(result.editions):
        at = [k - 0.4 + step * (i + 0.5) for k in range(len(metrics))]
        found = [index.get((m, name, players)) for m in metrics]
        values = [e.value if e else math.nan for e in found]
        error = [
            [e.value - e.ci[0] if e else 0.0 for e in found],
            [e.ci[1] - e.value if e else 0.0 for e in found],
        ]
        colour, hatch = COLOURS[i % len(COLOURS)], HATCHES[i % len(HATCHES)]
        if across:
            ax.barh(at, values, step, xerr=error, label=name, color=colour, hatch=hatch,
                    edgecolor=INK, linewidth=0.6)  # fmt: skip
        else:
            ax.bar(at, values, step, yerr=error, label=name, color=colour, hatch=hatch,
                   edgecolor=INK, linewidth=0.6)  # fmt: skip


def _win_share(figure: Figure, result: StatsResult, index: Index, players: int) -> None:
    from matplotlib.ticker import PercentFormatter

    ax = figure.subplots()
    seats = [f"win_share.seat_{s}" for s in range(players)]
    _grouped(ax, result, index, players, seats, across=False)
    ax.axhline(
        1 / players, color=INK, linestyle="--", linewidth=1.0, label=f"fair share (1/{players})"
    )
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("share of games won (95% interval)")
    ax.set_title(f"Wins by seat at {players} players: {' vs '.join(result.editions)}")
    figure.legend(frameon=False, loc="outside lower center", ncols=len(result.editions) + 1)


def _kinds(index: Index, players: int) -> list[str]:
    """The card kinds measured at `players`, in the order their metrics come."""
    kinds: dict[str, None] = {}
    for name, _, p in index:
        head, _, rest = name.partition(".")
        if p == players and head == "plays_per_game" and rest.endswith(".mean"):
            kinds[rest.removesuffix(".mean")] = None
    return list(kinds)


def _card_kinds(figure: Figure, result: StatsResult, index: Index, players: int) -> None:
    """Plays per game on a log scale (number cards outnumber the rest many times), beside
    the share of hands each kind ends."""
    from matplotlib.ticker import FuncFormatter, LogLocator, PercentFormatter

    kinds = _kinds(index, players)
    figure.set_size_inches(8.5, 1.6 + 0.2 * len(kinds) * max(2, len(result.editions)))
    plays, endings = figure.subplots(1, 2, sharey=True)
    played = [f"plays_per_game.{k}.mean" for k in kinds]
    _grouped(plays, result, index, players, played, across=True)
    _grouped(endings, result, index, players, [f"hand_endings.{k}.share" for k in kinds], True)
    measured = [index.get((m, e, players)) for m in played for e in result.editions]
    positive = [x for e in measured if e for x in (e.value, e.ci[0]) if x > 0]
    if positive:
        plays.set_xscale("log")
        plays.set_xlim(left=min(positive) / 2)
        plays.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        plays.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}"))
    plays.set_yticks(range(len(kinds)), kinds)
    plays.invert_yaxis()
    plays.set_xlabel("plays per game (log scale, 95% interval)")
    endings.set_xlabel("share of hands a card of the kind ends (95% interval)")
    endings.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    endings.set_xlim(left=0)
    handles, labels = plays.get_legend_handles_labels()
    figure.legend(handles, labels, frameon=False, loc="outside lower center", ncols=len(labels))
    figure.suptitle(f"Card kinds at {players} players: {' vs '.join(result.editions)}")


def _rows(result: StatsResult, players: int) -> list[Difference]:
    return [d for d in result.comparison or () if d.players == players]


def _relative(d: Difference) -> tuple[float, float, float] | None:
    """The difference and its interval in percent of the first edition's value (None where
    that value is 0: no percentage of it)."""
    base = abs(d.values[0])
    numbers = (d.difference, *d.ci)
    if base == 0 or not all(map(math.isfinite, (base, *numbers))):
        return None
    x, low, high = (100 * n / base for n in numbers)
    return x, low, high


def _differences(figure: Figure, result: StatsResult, index: Index, players: int) -> None:
    """A forest plot: a row per metric in the comparison's order (by effect size), filled
    where the difference is significant after Holm's correction, open where it is not."""
    from matplotlib.lines import Line2D
    from matplotlib.ticker import PercentFormatter

    first, second = result.editions[:2]
    rows = _rows(result, players)
    figure.set_size_inches(8.0, 1.5 + 0.22 * len(rows))
    ax = figure.subplots()
    shown = [_relative(d) for d in rows]
    reach = max([LINEAR, *(abs(v) for r in shown if r for v in r)]) * 1.4
    for y, (d, r) in enumerate(zip(rows, shown, strict=True)):
        face = INK if d.significant else "white"
        if r is None:  # from 0: no percentage, an arrow at the edge says which way
            side = math.copysign(reach / 1.2, d.difference or 1.0)
            ax.plot(side, y, marker=">" if side > 0 else "<", color=INK, markerfacecolor=face)
            continue
        ax.hlines(y, r[1], r[2], color=INK, linewidth=1.2)
        ax.plot(r[0], y, marker="o", color=INK, markerfacecolor=face, markersize=5)
    ax.axvline(0, color=INK, linewidth=0.8)
    ax.set_xscale("symlog", linthresh=LINEAR)
    ax.set_xlim(-reach, reach)
    ax.xaxis.set_major_formatter(PercentFormatter(100.0, decimals=0))
    labels = [
        f"{d.metric}: {d.difference:+.3g}" + (" from 0" if r is None else "")
        for d, r in zip(rows, shown, strict=True)
    ]
    ax.set_yticks(range(len(rows)), labels)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.grid(axis="x", color="#d0d0d0", linewidth=0.5)
    ax.set_xlabel(
        f"{second} minus {first}, in % of {first}'s value, with its 95% interval\n"
        f"(scale linear within \u00b1{LINEAR:.0f}%, logarithmic beyond)"
    )
    ax.set_title(f"{second} against {first} at {players} players (label: the difference)")
    marks = [Line2D([], [], marker="o", color=INK, linestyle="", markerfacecolor=face)
             for face in (INK, "white")]  # fmt: skip
    words = ["significant after Holm's correction", "not significant"]
    figure.legend(marks, words, frameon=False, loc="outside lower center", ncols=2)


DRAW: dict[str, Callable[[Figure, StatsResult, Index, int], None]] = {
    "game-length": _game_length,
    "win-share": _win_share,
    "card-kinds": _card_kinds,
    "differences": _differences,
}
