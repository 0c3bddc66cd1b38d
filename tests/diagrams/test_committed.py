"""The committed diagrams in diagrams/ match what the code draws today."""

from __future__ import annotations

from pathlib import Path

import pytest

from unospec.cli import main
from unospec.commands.diagram import REGENERATE
from unospec.diagrams.pictures import every_picture

RENDERED = Path(__file__).resolve().parents[2] / "diagrams"


def test_no_committed_diagram_is_stale() -> None:
    """Each committed DOT file equals the DOT drawn now from the machine and the editions."""
    stale = []
    for picture in every_picture():
        path = RENDERED / f"{picture.stem}.dot"
        if not path.exists() or path.read_text(encoding="utf-8") != picture.dot:
            stale.append(path.name)
    assert not stale, f"stale or missing in {RENDERED}: {', '.join(stale)}; run `{REGENERATE}`"


def test_every_committed_diagram_is_still_drawn_and_has_its_pictures() -> None:
    """No committed diagram is left over from a removed edition, and each has SVG and PNG."""
    stems = {p.stem for p in every_picture()}
    committed = {p.stem for p in RENDERED.glob("*.dot")}
    assert committed <= stems, f"delete {sorted(committed - stems)} from {RENDERED}"
    for stem in sorted(committed):
        for ext in ("svg", "png"):
            assert (RENDERED / f"{stem}.{ext}").exists(), f"{stem}.{ext}: run `{REGENERATE}`"


STATS_COMMAND = ["stats", "classic", "express", "--jobs", "2", "--plots"]
"""How diagrams/stats/ was drawn (the README's tour shows its forest plot)."""


@pytest.mark.slow
def test_the_committed_plots_of_play_are_drawn_again_byte_for_byte(tmp_path: Path) -> None:
    """The plots are deterministic (fixed fonts, no dates; the same games for a seed), so
    the committed ones are what `unospec stats classic express --plots DIR` draws today."""
    assert main([*STATS_COMMAND, str(tmp_path)]) == 0
    committed = sorted(p.name for p in (RENDERED / "stats").iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) == committed
    drawn = {n: (tmp_path / n).read_bytes() for n in committed}
    stale = [n for n in committed if drawn[n] != (RENDERED / "stats" / n).read_bytes()]
    assert not stale, f"stale: {stale}; run `unospec {' '.join(STATS_COMMAND)} diagrams/stats`"
