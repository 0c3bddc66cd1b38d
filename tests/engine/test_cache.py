"""The compiled engine's cache: keyed on every source it was compiled from, refused when a
file in it changed, and a failed compile is one line naming the cause."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from unospec.checks.engines.compiled import cache, warm
from unospec.cli import main


def test_the_cache_folder_changes_with_any_compiled_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba looks only at a function's own file; the folder's name is a digest of every
    engine source the compiled code depends on, so a change to any of them (here the rules,
    then the machine tables' layout) compiles afresh instead of loading stale code."""
    copy = tmp_path / "engine"
    shutil.copytree(cache.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "ENGINE", copy)
    first = cache.sources_digest()
    rules = copy / "rules.py"
    rules.write_text(rules.read_text() + "\n# changed\n")
    second = cache.sources_digest()
    tables = copy / "tables.py"
    tables.write_text(tables.read_text().replace("M_DIMS,", "M_DIMS,  # changed", 1))
    third = cache.sources_digest()
    assert len({first, second, third}) == 3
    driver = copy / "exploration.py"  # a driver, no compiled code: editing it keeps the cache
    driver.write_text(driver.read_text() + "\n# changed\n")
    assert cache.sources_digest() == third


def test_every_module_the_compiled_code_imports_is_keyed_on() -> None:
    """What compiled code imports from the engine is compiled itself or a constant module."""
    import ast

    keyed = {p.stem for p in cache.compiled_sources()}
    for path in cache.compiled_sources():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "unospec.checks.engines.compiled."
            ):
                assert node.module.rsplit(".", 1)[1] in keyed, (path.name, node.module)


def _fake_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "engine-cache"
    folder.mkdir()
    (folder / "rules.play_card-1.py311.nbi").write_bytes(b"index")
    (folder / "rules.play_card-1.py311.1.nbc").write_bytes(b"compiled code")
    monkeypatch.setattr(cache, "folder", lambda: folder)
    monkeypatch.setattr(warm, "_location", lambda: folder)
    warm._write_manifest()
    return folder


def test_a_changed_cache_file_is_noticed_and_the_cache_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A truncated or overwritten cache file could crash the process where numba reads it:
    the manifest written after a compile says it changed, and `load` removes the folder
    before anything is loaded from it."""
    folder = _fake_cache(tmp_path, monkeypatch)
    assert json.loads((folder / warm.MANIFEST).read_text()).keys() == {
        "rules.play_card-1.py311.nbi",
        "rules.play_card-1.py311.1.nbc",
    }
    assert not warm._manifest_broken()
    (folder / "rules.play_card-1.py311.1.nbc").write_bytes(b"compiled cod")
    assert warm._manifest_broken()
    rebuilt: list[bool] = []
    monkeypatch.setattr(cache, "rebuild", lambda: rebuilt.append(True))
    monkeypatch.setattr(warm, "_import_all", lambda: None)
    warm.load()
    assert rebuilt == [True]


def test_a_cache_numba_cannot_read_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba's reading of a damaged file raises pickle's errors, not its own: they are
    taken for a broken cache, which is removed and compiled again."""
    folder = _fake_cache(tmp_path, monkeypatch)
    (folder / warm.MANIFEST).unlink()  # a cache never completed: `load` compiles it all
    rebuilt: list[bool] = []
    tries: list[int] = []

    def compile_all(progress: object) -> None:
        tries.append(1)
        if len(tries) == 1:
            raise warm._CacheUnreadable("pickle data was truncated")

    monkeypatch.setattr(cache, "rebuild", lambda: rebuilt.append(True))
    monkeypatch.setattr(warm, "_import_all", lambda: None)
    monkeypatch.setattr(warm, "_compile_all", compile_all)
    warm.load()
    assert rebuilt == [True] and len(tries) == 2


def test_a_failed_compile_is_one_line_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from numba.core.errors import TypingError

    def broken(dispatcher: object) -> None:
        raise TypingError("No implementation of function getitem found\nDuring: typing")

    monkeypatch.setattr(warm, "_LOADED", set())  # as in a fresh process
    monkeypatch.setattr(warm, "_manifest_broken", lambda: False)
    monkeypatch.setattr(warm, "_fresh", lambda: True)
    monkeypatch.setattr(warm, "_ready", broken)
    assert main(["simulate", "classic", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "failed to build with numba: TypingError" in err
    assert "No implementation of function getitem found" in err


def test_a_failed_pipeline_stage_is_named_with_its_cause() -> None:
    """numba's first line names only the stage that failed; the next names the cause."""
    from numba.core.errors import TypingError

    error = TypingError(
        "Failed in nopython mode pipeline (step: nopython frontend)\n"
        "NameError: name '_record' is not defined\nDuring: Pass nopython_type_inference"
    )
    message = warm._compile_failure(error)
    assert "(step: nopython frontend): NameError: name '_record' is not defined" in message
    assert "During" not in message and "\n" not in message


def test_a_second_load_in_one_process_checks_nothing_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A library caller runs command after command in one process: the engine loaded once
    is in memory, and a later `load` neither digests the cache files nor imports."""
    warm.load()

    def again(*args: object) -> bool:
        raise AssertionError("the cache was checked again")

    monkeypatch.setattr(warm, "_manifest_broken", again)
    monkeypatch.setattr(warm, "_import_all", again)
    warm.load()


def test_a_warm_load_reads_no_compiled_function() -> None:
    """A command reads from the cache only the functions Python calls, when it calls them:
    each one's cached code holds its callees' (`jit.compiled`)."""
    import subprocess
    import sys

    script = (
        "from unospec.checks.engines.compiled import warm\n"
        "from unospec.checks.engines.compiled.jit import DECLARED\n"
        "warm.load()\n"
        "from unospec.checks.engines.compiled.states import fingerprint\n"
        "import numpy as np\n"
        "fingerprint(np.zeros(2, dtype=np.uint64), 2)\n"
        "print(sorted(d.py_func.__name__ for d in DECLARED if d.overloads), len(DECLARED))\n"
    )
    warm.load()  # the cache complete, as after an install
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    read, declared = out.rsplit(" ", 1)
    assert read == "['fingerprint']" and int(declared) > 100
