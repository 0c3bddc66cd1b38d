"""The text view of `unospec stats`: one table of estimates per edition and table size, and
the comparison's table sorted by effect size, significant rows marked."""

from __future__ import annotations

from unospec.checks.analyses.stats.result import StatsResult


def _number(x: float) -> str:
    return f"{x:.4g}" if abs(x) < 1e5 else f"{x:.3e}"


def _interval(ci: tuple[float, float]) -> str:
    return f"[{_number(ci[0])}, {_number(ci[1])}]"


def stats_text(result: StatsResult) -> str:
    """Every estimate with its 95% interval and method, then the comparison (if any)."""
    out = [
        f"{' vs '.join(result.editions)}: {result.games} games per edition and table size, "
        f"policy {result.policy}, seed {result.seed}, {result.seconds:.1f} s"
        + (
            f" (played until mean game length was known within {result.until_precision:g})"
            if result.until_precision is not None
            else ""
        ),
    ]
    for edition, players, games, unfinished in result.unfinished:
        out += ["", f"{edition}, {players} players ({games - unfinished} of {games} games ended)"]
        rows = [e for e in result.metrics if (e.edition, e.players) == (edition, players)]
        width = max(len(e.name) for e in rows)
        for e in rows:
            out.append(
                f"  {e.name:<{width}}  {_number(e.value):>9}  {_interval(e.ci):<22}  {e.method}"
            )
    if result.comparison is not None:
        first, second = result.editions
        flagged = sum(d.significant for d in result.comparison)
        out += [
            "",
            f"{second} minus {first}: {flagged} of {len(result.comparison)} differences "
            f"significant after Holm's correction (family-wise level {result.alpha:g}; "
            "* marks them), sorted by effect size",
        ]
        width = max((len(d.metric) for d in result.comparison), default=6)
        for d in result.comparison:
            mark = "*" if d.significant else " "
            out.append(
                f"{mark} {d.metric:<{width}} {d.players}p  {_number(d.values[0]):>9} -> "
                f"{_number(d.values[1]):<9}  diff {_number(d.difference):>9} "
                f"{_interval(d.ci):<22} effect {d.effect_size:+.3f}  "
                f"p {d.p:.3g} (Holm {d.p_adjusted:.3g}), {d.test}"
            )
    out += [f"plot: {path}" for path in result.plots]
    return "\n".join(out)
