"""Two editions judged by play alone: the joint search's verdict on them, with its shortest
distinguishing trace, the reason in words, and the bound searched.

`readings` judges each alternative reading this way (after its safety check), and `diff`
each rule difference (`rules`): one wording of what the search concludes, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from unospec.checks.analyses.diff.evidence import evidence
from unospec.checks.analyses.diff.report import DistinguishingTrace
from unospec.checks.analyses.diff.untested import scaled_away
from unospec.checks.engines.joint_search import SearchBound, distinguish
from unospec.model.edition import Edition


@dataclass(frozen=True)
class Judged:
    """What the joint search concludes about two editions: `changes` (with the trace),
    `equivalent` (every state searched, and play at the scale tests every difference), or
    `undecided` (the bound reached first, or a difference play there cannot test), and why."""

    verdict: str
    reason: str
    trace: DistinguishingTrace | None
    searched: SearchBound


def judged(a: Edition, b: Edition, scale: str, players: int, max_states: int) -> Judged:
    """`a` and `b` (as played: `data.as_played`) told apart, or not, by the joint search at
    `scale` with `players` at the table."""
    path, how, searched = distinguish(a, b, scale=scale, players=players, max_states=max_states)
    if path:
        trace = evidence(a, b, path, how, searched["scale"], players)
        at = (
            "right after the deal"
            if trace["step"] is None or trace["step"] < 0
            else (f"at step {trace['step']}")
        )
        return Judged("changes", f"{how} {at}", trace, searched)
    untested = scaled_away(a, b, searched["scale"], next_hand_played=searched["next_hand_played"])
    if searched["complete"] and untested:
        paths = ", ".join(item["path"] for item in untested)
        reason = f"no run tells them apart at {searched['scale']}, whose play cannot test {paths}"
        return Judged("undecided", reason, None, searched)
    if searched["complete"]:
        reason = f"no run tells them apart at {searched['scale']}, {players} players"
        return Judged("equivalent", reason, None, searched)
    reason = f"none found in {searched['states']} states at {searched['scale']}" + (
        f": {how}" if how else ""
    )
    if searched["left_out"]:
        reason += f" (which leaves out the kinds only one deals: {', '.join(searched['left_out'])})"
    return Judged("undecided", reason, None, searched)
