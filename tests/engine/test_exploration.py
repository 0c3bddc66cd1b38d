"""Exhaustive exploration on the engine finds what the reference explorer finds: the same
states (up to colour renaming), transitions, depth, rules fired and verdicts, with the
pinned counts of the model manifest (tests/checks/test_explorer.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from scenario import edition, edition_file

from unospec.checks.engines import explorer as reference
from unospec.checks.engines.compiled.exploration import EngineExploration as explore_result
from unospec.checks.engines.compiled.exploration import explore
from unospec.model.scale import parse_scale, scale_edition

MANIFEST = {
    # (edition, scale): distinct states with symmetry, without, depth, transitions without
    ("classic", "micro"): (27817, 27817, 18, 60338),
    ("classic", "pair"): (301, 601, 12, 1106),
    ("express", "micro"): (31648, 31648, 17, 70450),
    ("nfl-cowboys", "pair"): (2593, 5185, 16, 10798),
    ("star-wars", "pair"): (2085, 4169, 16, 8382),
    ("super-bowl-lvii", "pair"): (1995, 3989, 16, 8002),
    ("classic", "micro,wilds=0,target=2"): (2596, 2596, 40, 4776),
    ("nfl-cowboys", "pair,target=6"): (10274, 20544, 20, 43192),
}


@pytest.mark.parametrize(("name", "scale"), list(MANIFEST))
def test_the_pinned_counts_hold_on_the_engine(name: str, scale: str) -> None:
    reduced, full, depth, transitions = MANIFEST[(name, scale)]
    e = scale_edition(edition(name), parse_scale(scale))
    with_symmetry, without = explore(e, 2), explore(e, 2, symmetry=False)
    assert with_symmetry.complete and without.complete
    assert with_symmetry.stuck == without.stuck == []
    assert (with_symmetry.distinct_states, without.distinct_states) == (reduced, full)
    assert with_symmetry.unreduced_states == full
    assert with_symmetry.depth == without.depth == depth
    assert without.transitions == transitions
    assert 0 < with_symmetry.collision_probability < 1e-6


@pytest.mark.parametrize(("name", "scale"), [("nfl-cowboys", "pair"), ("express", "pair")])
def test_the_engine_and_the_reference_explorer_agree(name: str, scale: str) -> None:
    """Counts, depth, the transitions fired and how often, the phases met, the states
    checked and expanded."""
    e = scale_edition(edition(name), parse_scale(scale))
    mine, theirs = explore(e, 2), reference.explore(e, 2)
    assert mine.distinct_states == theirs.distinct_states
    assert (mine.transitions, mine.depth, mine.unreduced_states) == (
        theirs.transitions,
        theirs.depth,
        theirs.unreduced_states,
    )
    assert mine.fired == theirs.fired and mine.phases == theirs.phases
    assert (mine.expanded, mine.state_checked) == (theirs.expanded, theirs.state_checked)


def test_a_path_is_walked_again_to_the_state_the_search_kept() -> None:
    """Parents and the visited table rebuild the path to any state: walked again, each
    step reaches the state kept (its canonical form)."""
    from unospec.checks.engines.chance import normalize
    from unospec.checks.engines.symmetry import canonical, colour_renamings

    e = scale_edition(edition("nfl-cowboys"), parse_scale("pair"))
    x = explore(e, 2)
    states = x.path_states(x.distinct_states - 1)
    assert len(states) == len(x.path(x.distinct_states - 1)) >= x.depth
    renamings = colour_renamings(e)
    assert canonical(normalize(states[-1]), renamings)[0] == canonical(states[-1], renamings)[0]


def test_every_state_is_walked_again_to_the_fingerprint_kept_under_its_id() -> None:
    """With no outcome position stored, `walk` finds each step's outcome in the visited
    table: for every state, the last row walked packs to the fingerprint the table holds
    under that state's id, and each step's position names an outcome that exists."""
    import numpy as np

    from unospec.checks.engines.compiled import search as k
    from unospec.checks.engines.compiled.exploration import Scratch
    from unospec.checks.engines.compiled.states import canonical, fingerprint, normalize

    e = scale_edition(edition("nfl-cowboys"), parse_scale("pair"))
    x = explore(e, 2)
    scratch = Scratch.of(x.program)
    for state in range(x.distinct_states):
        rows, steps = x.walked(state)
        assert len(steps) == len(rows) - 1 == len(x.path(state)) - 1
        assert all(step >= 0 for step in steps)
        row = rows[-1].copy()
        normalize(x.program.M, row, scratch.counts)
        canonical(
            row, x.program.spec, x.program.renamings, x.program.renaming_count, scratch.words,
            scratch.images, scratch.row, scratch.counts, scratch.mapped,
        )  # fmt: skip
        fp = fingerprint(scratch.words, x.program.words)
        slot = k.slot_of(x.keys, fp)
        assert x.keys[slot] == fp and x.ids[slot] == state
    assert np.count_nonzero(x.keys) == x.distinct_states


def test_the_fingerprints_use_all_their_bits_and_the_probes_stay_short() -> None:
    """A fingerprint's 63 bits are all hash: its low bits are the visited table's slot.
    Compiled, a uint64 unified with the literal 1 once made it a float64, which kept 53
    bits (the low ten almost always 0): the probes then started from a twentieth of the
    slots and walked 124 slots on average at a load of one half."""
    import numpy as np

    from unospec.checks.engines.compiled import search as k
    from unospec.checks.engines.compiled.states import fingerprint

    words = np.random.default_rng(7).integers(0, 1 << 63, (4096, 3)).astype(np.uint64)
    fps = np.array([fingerprint(row, 3) for row in words])
    assert len(np.unique(fps & 1023)) > 950  # about 1,004 of 1,024 for a uniform hash
    x = explore(scale_edition(edition("classic"), parse_scale("micro")), 2, symmetry=False)
    held = np.flatnonzero(x.keys)
    size = len(x.keys)
    span = size >> k.SHARD_BITS if size >= k.SHARDED_FROM else size
    displacement = (held - (x.keys[held] & (size - 1))) & (span - 1)
    assert displacement.mean() < 2.0  # about 1.0 for linear probing at a load of one half


@pytest.mark.parametrize("bound", [1, 2, 50])
def test_a_bound_of_n_states_counts_exactly_n_each_checked(bound: int) -> None:
    e = scale_edition(edition("classic"), parse_scale("micro"))
    x = explore(e, 2, max_states=bound)
    assert x.stopped == "max-states" and x.distinct_states == bound
    assert x.state_checked == bound and x.violation is None and x.stuck is None


def _visited(x: explore_result) -> dict[int, int]:
    """The visited table as fingerprint -> id. Where a fingerprint lies in it is not
    compared: several workers grow the table before a batch (`claim`), one worker in the
    middle of one, and a growth re-inserts the states in slot order, so a cluster of
    fingerprints with one home slot may come out in another order."""
    held = x.keys != 0
    return dict(zip(x.keys[held].tolist(), x.ids[held].tolist(), strict=True))


def _same_search(one: explore_result, many: explore_result) -> None:
    assert (many.distinct_states, many.transitions, many.depth) == (
        one.distinct_states,
        one.transitions,
        one.depth,
    )
    assert (many.state_checked, many.expanded, many.stopped) == (
        one.state_checked,
        one.expanded,
        one.stopped,
    )
    assert many.fired == one.fired and many.phases == one.phases and many.stuck == one.stuck
    assert (many.parents == one.parents).all()
    assert _visited(many) == _visited(one)
    last = one.distinct_states - 1
    assert many.steps(last) == one.steps(last)
    assert str(many.violation) == str(one.violation)


@pytest.mark.parametrize("bound", [None, 4321])
@pytest.mark.slow
def test_workers_sharing_each_level_find_exactly_what_one_finds(
    monkeypatch: pytest.MonkeyPatch, bound: int | None
) -> None:
    """`--jobs`: three workers, with chunks of 7 states and buffers of 64 records so that
    they wait on one another often, number the states, count the rules fired and stop at
    the bound exactly as one worker does."""
    from unospec.checks.engines.compiled import exploration

    e = scale_edition(edition("nfl-cowboys"), parse_scale("pair,target=6"))
    one = explore(e, 2, max_states=bound)
    monkeypatch.setattr(exploration, "CHUNK", 7)
    monkeypatch.setattr(exploration, "RECORDS", 64)
    many = explore(e, 2, max_states=bound, jobs=3)
    _same_search(one, many)
    assert one.complete == (bound is None)


@pytest.mark.slow
@pytest.mark.parametrize(("jobs", "chunk"), [(2, 3), (3, 1), (4, 2)])
def test_workers_stop_at_the_violation_one_worker_finds_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int, chunk: int
) -> None:
    """Express without a Skip's points: the first move the rules give no outcome for is the
    same, found in the same state, whichever worker met it first in time, and explained
    from that worker's own scratch (not the first worker's)."""
    from unospec.checks.engines.compiled import exploration
    from unospec.editions import load_edition

    gapped = edition_file(tmp_path, "express", "gapped", ("skip = 20\n", ""))
    e = scale_edition(load_edition(str(gapped)), parse_scale("micro"))
    one = explore(e, 2, symmetry=False)
    monkeypatch.setattr(exploration, "CHUNK", chunk)
    monkeypatch.setattr(exploration, "RECORDS", 16)
    many = explore(e, 2, symmetry=False, jobs=jobs)
    assert one.violation is not None and "no outcome in the rules" in str(one.violation)
    _same_search(one, many)


SHARDS_OF_FOUR = """
import json
from unospec.checks.engines.compiled import exploration
from unospec.checks.engines.compiled import search as k
from unospec.editions import load_edition
from unospec.model.scale import parse_scale, scale_edition

k.SHARD_BITS = 11  # the first table in shards of 4 slots: they fill up
full = {"claim": 0, "merge": 0}
claim, merge = k.claim, k.merge

def counted_claim(*args):
    got = claim(*args)
    full["claim"] += got == k.SHARD_FULL
    return got

def counted_merge(*args):
    got = merge(*args)
    full["merge"] += bool(got == k.GROW and args[1][k.X_SHARD_FULL])
    return got

k.claim, k.merge = counted_claim, counted_merge
e = scale_edition(load_edition("nfl-cowboys"), parse_scale("pair"))
runs = [exploration.explore(e, 2, jobs=jobs) for jobs in (1, 2)]
held = [sorted(zip(r.keys[r.keys != 0].tolist(), r.ids[r.keys != 0].tolist())) for r in runs]
print(json.dumps({
    "states": [r.distinct_states for r in runs],
    "same_parents": runs[0].parents.tolist() == runs[1].parents.tolist(),
    "held": [len(h) for h in held],
    "same_table": held[0] == held[1],
    "full": full,
}))
"""


@pytest.mark.slow
def test_a_full_shard_grows_the_table_and_one_or_two_workers_find_the_same() -> None:
    """Each worker inserts only into the visited table's shards it owns (`search.claim`),
    probing within a shard; when one fills, the single worker's merge asks for a bigger
    table, and the workers' lookups are taken back (`unclaim`), the table grown, and looked
    up again. With shards of 4 slots (plain Python, so the shard size can be patched), both
    happen, and the states, parents and table are those of a search that never filled one."""
    found = subprocess.run(
        [sys.executable, "-c", SHARDS_OF_FOUR],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        check=True,
    )
    seen = json.loads(found.stdout)
    assert seen["full"]["claim"] >= 1 and seen["full"]["merge"] >= 1
    assert seen["states"] == [2593, 2593] and seen["held"] == [2593, 2593]
    assert seen["same_parents"] and seen["same_table"]


def test_the_frontier_lives_in_a_mapped_file_and_is_not_counted_per_state() -> None:
    """Store less: the frontier's rows go to a mapped temporary file (grown and copied as an
    array is), and `bytes_per_state` counts the visited table and the per-state arrays
    alone: 12 bytes a slot at a load of at most three quarters, 4 a state for its parent and
    a bit for whether it is final (no outcome position: `walk` finds it again)."""
    import mmap

    import numpy as np

    from unospec.checks.engines.compiled.exploration import _on_disk, _resized

    def memory(array: np.ndarray) -> object:
        while isinstance(array.base, np.ndarray):
            array = array.base
        return array.base.obj if isinstance(array.base, memoryview) else array.base

    rows = _on_disk((3, 2), np.uint64)
    assert isinstance(memory(rows), mmap.mmap) and not rows.any()
    rows[:] = [[1, 2], [3, 4], [5, 6]]
    grown = _resized(rows, 5, _on_disk)
    assert isinstance(memory(grown), mmap.mmap)
    assert grown.tolist() == [[1, 2], [3, 4], [5, 6], [0, 0], [0, 0]]
    x = explore(scale_edition(edition("classic"), parse_scale("micro")), 2)
    slots = 1 << (4 * x.distinct_states // 3).bit_length()
    assert x.distinct_states == 27817
    per_state = 4 + 1 / 8
    assert per_state <= x.bytes_per_state - 12 * slots / x.distinct_states <= per_state * 1.26
