"""The CLI's JSON is unchanged: every command with a JSON output, run on the built-in editions
and on an edition file, prints (and writes) what the code at the capture's commit printed,
byte for byte once volatile values (times, rates, memory, installed paths) are normalised.

The invocations and their exit codes are in `commands.toml`, the outputs beside it; both come
from `capture.py` (see its docstring: regenerate only for a deliberate change of the JSON).
Each invocation runs in-process through the console script's entry point,
`unospec.__main__.run` (its argv in `sys.argv`), in a fresh folder holding a copy of
`inputs/`, as `capture.py` ran the command in a subprocess.

Recaptured on purpose since, each time with the keys that moved and why (nothing else did):
- card effects became compositions of primitives (issue 35): a card parameter's key path
  gained the primitive's name (`cards.draw-two.draw` is `cards.draw-two.draw.count`), in
  `show`'s `decides` and `keys`, `lint`'s `key` and `interpretation.decides`, `check`'s
  interpretations and the SARIF locations' lines (the built-in files are rewritten in the
  list syntax, so a finding's line moved);
- `TurnFlow` grew transitions for cards no built-in edition has (a wild that makes the next
  player draw, such as a Wild Reverse Draw Four; a Swap Hands' `choosing_target` phase; a
  hand a Discard All empties): every key that lists or counts the machine's transitions
  gained them (`rules_fired`, `coverage`, `fired`, `never_fired`, `dead-rule` findings, the
  card-conservation proof queries and their counts, the "N of M transitions fired" details),
  and `check`'s baseline detail and `new_proofs` name their proof queries, proved, which the
  saved baselines predate;
- conformance's converse tries more moves not offered (a play naming a player, for a card
  that acts on none): `moves_refused` and the details that count them grew;
- `TurnFlow` grew the house rules' and No Mercy's transitions (issue 35: drawing until
  playable, `draws_on`; stacking, `awaiting_stack` and `stack`; a Color Roulette's
  `picking_colour` and `pick`; jump-in, `jump_in`): the keys that list or count the
  machine's transitions gained them as above, `lint` reports each as a `dead-rule` the
  edition's parameters or deck rule out, and the proofs gained their conservation queries,
  all proved (no earlier query's verdict moved; every explored state count is the same);
- the state gained the owed draw's `until` and `stackable` and the challenge's `stake`:
  conformance corrupts them too (`corruptions`, `fields_corrupted`), and its converse tries
  a jump-in of each card (`moves_refused`); `editions` lists the four built-in house rules;
- the mercy rule (issue 35: `play.elimination`): `TurnFlow` grew `draw_owed [eliminates]`
  and `resolve [one_player_left]`, which the keys that list or count the machine's
  transitions gained as above (a `dead-rule` finding each, settled off by
  `play.elimination`, and a conservation query each, proved); the state gained `out`, the
  players out of the game, which conformance corrupts too (`fields_corrupted`,
  `corruptions`); `editions` lists `no-mercy`. No explored state count moved.
- RLCard's reshuffle before a short draw (`play.reshuffle_when`): `TurnFlow` grew
  `draw_owed [reshuffles_first]`, which the keys that list or count the machine's
  transitions gained as above (a `dead-rule` finding each, settled off by
  `play.reshuffle_when`, and a conservation query each, proved). No explored state count,
  game or other finding moved.
- RLCard's drawn wild played plain (`play.drawn_wild`): `TurnFlow` grew `play_drawn
  [plays_drawn_wild_plain]`, which the keys that list or count the machine's transitions
  gained as above (a `dead-rule` finding each, settled off by `play.drawn_wild`, and a
  conservation query each, proved). No explored state count, game or other finding moved.
- RLCard's last card (`play.final_card_effects`): `TurnFlow` grew `play [last_card_draws
  and plays_last_card]`, the same for `jump_in`, and `resolve [last_card_draw_dealt]`,
  which the keys that list or count the machine's transitions gained as above (a
  `dead-rule` finding each, settled off by `play.final_card_effects`, and a conservation
  query each, proved). No explored state count, game or other finding moved.
- RLCard's reshuffle of the whole discard pile (`play.reshuffle = "whole-discard-pile"`):
  the state gained `old_top`, the card play matches while such a reshuffle has left the
  pile empty, which conformance corrupts too (`fields_corrupted`, `corruptions`). No
  explored state count, game or other finding moved.
- RLCard's first card (`setup.first_card = "played-by-the-dealer"`, a card's
  `first_effect`): `TurnFlow` grew `flip [first_card_names_colour]`, `flip
  [first_card_draws]`, `flip [first_card_played]` and the phase `first_colour` with
  `name_first_colour [dealer_names_colour]`, which the keys that list or count the
  machine's transitions gained as above (a `dead-rule` finding each, settled off by
  `setup.first_card`, and a conservation query each, proved; `check`'s `new_proofs` name
  them, which the saved baselines predate). No explored state count, game or other finding
  moved.
- The reshuffle the moment the draw pile empties (`play.reshuffle_when =
  "as-soon-as-the-draw-pile-empties"`): `TurnFlow` grew `draw_owed [empties_the_pile]`, which
  the keys that list or count the machine's transitions gained as above (75 transitions; a
  `dead-rule` note settled off by `play.reshuffle_when`, a conservation query, proved). No
  explored state count, game or other finding moved.
- A player who draws nothing playing from their hand (`play.empty_handed_draw =
  "player-may-play-from-hand"`): `TurnFlow` grew `draw_owed [draws_nothing_plays_from_hand]`,
  `play_drawn [plays_last_card_after_drawing_nothing]` and `play_drawn [last_card_draws and
  plays_last_card_after_drawing_nothing]` (78 transitions), listed and counted as above
  (`dead-rule` notes settled off by `play.empty_handed_draw`, and by
  `play.final_card_effects` for the last; conservation queries, proved). No explored state
  count, game or other finding moved.
- Issue 36's last readings and issue 37's conformance (98 transitions): a last card that
  waits for a decision (`play.final_card_effects`) guards the last-card transitions with
  `not last_card_waits`, so every key that names `play [plays_last_card]` and `play_drawn
  [plays_last_card_after_drawing_nothing]` names them so (`rules_fired`, `coverage`,
  `fired`, `never_fired`, the conservation queries, `lint`'s findings and SARIF results);
  `TurnFlow` grew `resolve [last_card_settled]` and `draw_owed [throw_comes_back]`, listed
  and counted as above (a `dead-rule` note each, settled off by `play.final_card_effects`
  and the Hail Mary's `pending_challenge`; a conservation query each, proved); the state
  gained `out_of_play` (a Hail Mary's `shed_cards`), which conformance corrupts too
  (`fields_corrupted`, `corruptions`), and the converse tries a Hail Mary keep of the whole
  hand (`moves_refused`); conformance's JSON gained `all_differences`, `differences`,
  `parts` and `known`; `show` and `lint` of the NFL files gained the `decides` of two Hail
  Mary readings; `editions` lists `rlcard-uno`. No explored state count, game or other
  finding moved.
- 2026-11-30 (issues 37 and 38): `diff` gained `rules` (each rule difference judged on its
  own, with its trace); every exploration's `bytes_per_state` fell (the frontier's rows
  live in a mapped file, the per-state arrays grow by a quarter, the visited table fills to
  three quarters). No explored state count, trace, game or finding moved.
- 2026-11-30, later (issue 38): every exploration's `bytes_per_state` fell again (no
  outcome position kept per state: a trace's steps are found again in the visited table;
  the final flags are bits). No explored state count, trace, game or finding moved.

In-process, the suite's conftest makes `check`'s conformance compare 300 states and one
game instead of 20,000 and five, unless a test is marked `full_conformance`: these are, and
the invocations of `check` give --conform-states, so that they run as the CLI runs them.
"""

from __future__ import annotations

import difflib
import json
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from golden_json import HERE, INPUTS, manifest, normalise, written_golden

pytestmark = [pytest.mark.slow, pytest.mark.full_conformance]

RUNS = manifest()


def _run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    """`unospec ARGV` in this process: its exit code."""
    from unospec.__main__ import run

    monkeypatch.setattr(sys, "argv", ["unospec", *argv])
    try:
        run()
    except SystemExit as stop:
        code = stop.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    raise AssertionError("unospec.__main__.run returned without exiting")


def _compare(label: str, golden: str, produced: str) -> list[str]:
    """A unified diff of the golden file against what was produced, normalised (empty when
    they agree). JSON on one line is reindented for the diff only."""
    expected = (HERE / golden).read_text(encoding="utf-8")
    got = normalise(produced)
    if got == expected:
        return []
    return [
        f"{label}: differs from {golden}",
        *difflib.unified_diff(
            _readable(expected), _readable(got), f"golden/{golden}", "now", lineterm="", n=2
        ),
    ]


def _readable(text: str) -> list[str]:
    """Lines to diff: one-line JSON is reindented, so that a diff points at the value."""
    lines = text.splitlines()
    if len(lines) == 1:
        try:
            return json.dumps(json.loads(lines[0]), indent=1).splitlines()
        except ValueError:
            pass
    return lines


@pytest.mark.parametrize("invocation", RUNS, ids=[run["name"] for run in RUNS])
def test_json_unchanged(
    invocation: dict[str, Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    shutil.copytree(INPUTS, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    code = _run(invocation["argv"], monkeypatch)
    out, err = capsys.readouterr()
    name = invocation["name"]
    problems = _compare(f"{name}: stdout", invocation["stdout"], out)
    for written in invocation["writes"]:
        path = tmp_path / written
        if not path.exists():
            problems.append(f"{name}: wrote no {written}")
            continue
        golden = written_golden(name, written)
        problems += _compare(f"{name}: {written}", golden, path.read_text(encoding="utf-8"))
    if code != invocation["exit_code"]:
        problems.insert(0, f"{name}: exit code {code}, expected {invocation['exit_code']}")
    if problems:
        command = "unospec " + shlex.join(invocation["argv"])
        stderr = ["stderr (its end):", err[-2000:]] if err.strip() else []
        pytest.fail("\n".join([command, *problems, *stderr]), pytrace=False)
