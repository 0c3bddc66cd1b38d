"""`variant_of`: an edition file names the edition it derives from, and the commands that
compare two editions take that one when given one."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from unospec import editions
from unospec.checks.jobs import main_check
from unospec.cli import main
from unospec.diagrams.pictures import every_picture
from unospec.editions import (
    base_edition,
    builtin_names,
    builtin_path,
    load_edition,
    reference,
)
from unospec.model.edition import Edition

COPY_OF_CLASSIC = """\
format = 1
name = "base"
title = "a house edition"
total_cards = 108
"""


def _write_pair(tmp_path: Path) -> Path:
    """A folder `house/` holding a copy of classic and, one level down, a variant of it whose
    `variant_of` is a path relative to the variant's own file (not to the working folder)."""
    text = builtin_path("classic").read_text(encoding="utf-8")
    house = tmp_path / "house"
    (house / "variants").mkdir(parents=True)
    (house / "base.toml").write_text(text.replace('name = "classic"', 'name = "base"'))
    variant = text.replace('name = "classic"', 'name = "variant"\nvariant_of = "../base.toml"')
    variant = variant.replace("target = 500", "target = 200")
    path = house / "variants" / "variant.toml"
    path.write_text(variant)
    return path


def test_a_relative_variant_of_is_read_beside_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write_pair(tmp_path)
    monkeypatch.chdir(tmp_path)  # neither the variant's folder nor the base's
    base = base_edition(load_edition(str(path)))
    assert base is not None and base.name == "base"
    assert Path(base.source).resolve() == (tmp_path / "house" / "base.toml").resolve()


def test_a_base_up_a_folder_is_named_without_the_detour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`variant_of = "../base.toml"` in `house/variants/variant.toml`: the base is named
    `house/base.toml` wherever a command names it (the check suggested
    `unospec diff house/variants/../base.toml ...`)."""
    path = _write_pair(tmp_path)
    monkeypatch.chdir(tmp_path)
    base = base_edition(load_edition(str(path.relative_to(tmp_path))))
    assert base is not None and reference(base) == str(Path("house", "base.toml"))


@pytest.mark.slow
def test_diff_of_one_edition_compares_it_with_its_base(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`diff VARIANT` is `diff BASE VARIANT`: the base is `a`, and the change is the one
    the variant's file makes (Keeping Score's target, 500 -> 200)."""
    path = _write_pair(tmp_path)
    args = ["--format", "json", "--max-states", "100"]
    assert main(["diff", str(path), *args]) == 1
    alone = json.loads(capsys.readouterr().out)
    assert main(["diff", str(tmp_path / "house" / "base.toml"), str(path), *args]) == 1
    assert json.loads(capsys.readouterr().out) == alone
    assert (alone["a"], alone["b"]) == ("base", "variant")
    changes = [(d["path"], d["a"], d["b"]) for d in alone["differences"]]
    assert ("scoring.target", 500, 200) in changes


def test_one_edition_without_a_base_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "classic"]) == 2
    assert main(["diagram", "classic", "--diff", "--format", "dot"]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert errors == [
        "unospec: error: diff: expected a second edition: classic names no edition it is a "
        "variant of (variant_of)",
        "unospec: error: diagram --diff: expected OTHER: classic names no edition it is a "
        "variant of (variant_of)",
    ]


def test_diagram_diff_alone_draws_against_the_base(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagram", "express", "--diff", "--format", "dot"]) == 0
    alone = capsys.readouterr().out
    assert main(["diagram", "express", "--diff", "classic", "--format", "dot"]) == 0
    assert capsys.readouterr().out == alone
    assert alone.startswith('digraph "express-vs-classic"')


def test_all_diagrams_diff_each_edition_against_the_base_its_file_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No edition name in the code: nfl-players said to derive from nfl-cowboys is drawn
    against it, and a built-in without `variant_of` gets no diff picture."""
    real = editions.load_edition

    def rebased(name: str) -> Edition:
        edition = real(name)
        return replace(edition, variant_of="nfl-cowboys") if name == "nfl-players" else edition

    monkeypatch.setattr(editions, "load_edition", rebased)
    bases = {name: rebased(name).variant_of for name in builtin_names()}
    assert None in bases.values() and len(set(bases.values())) == 3  # every case is covered
    drawn = {p.stem for p in every_picture() if "-vs-" in p.stem}
    assert "nfl-players-vs-nfl-cowboys" in drawn
    assert drawn == {f"{name}-vs-{base}" for name, base in bases.items() if base}


def test_variant_of_documents_and_does_not_play() -> None:
    """Two editions that differ only in what they say they derive from behave alike."""
    express = load_edition("express")
    assert express.variant_of == "classic"
    assert express.behaviour().variant_of is None


def test_a_report_of_variants_adds_the_bases_not_listed(tmp_path: Path) -> None:
    """`report FILE` compares the file with its base: the base joins the list, once, by its
    built-in name or its file, and not when an edition of its name is listed already."""
    path = _write_pair(tmp_path)
    base = str(tmp_path / "house" / "base.toml")
    listed, added = editions.with_bases([str(path)])
    assert listed == str(path) and Path(added).resolve() == Path(base).resolve()
    assert editions.with_bases([str(path), base]) == [str(path), base]
    assert editions.with_bases(["express", "nfl-cowboys"]) == ["express", "nfl-cowboys", "classic"]
    assert editions.with_bases(["classic", "express"]) == ["classic", "express"]


def test_a_copy_that_kept_its_base_name_does_not_stand_in_for_the_base(tmp_path: Path) -> None:
    """A copy of classic whose `name` was left "classic" names classic as its base: the base
    still joins the list (it was silently left out, so `report FILE` compared the variant with
    nothing), and the report refuses the two pages of one name."""
    text = builtin_path("classic").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(
        text.replace("total_cards = 108", 'variant_of = "classic"\ntotal_cards = 108').replace(
            "target = 500", "target = 300"
        ),
        encoding="utf-8",
    )
    assert editions.with_bases([str(path)]) == [str(path), "classic"]
    assert editions.with_bases([str(path), "classic"]) == [str(path), "classic"]
    assert main(["report", str(path), "--out", str(tmp_path / "site")]) == 2


def test_check_report_refuses_a_name_clash_before_the_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check FILE --report DIR` with a copy that kept its base's name: the clash is refused
    before a minute of checks is spent on it, as an unwritable DIR is (it was refused only
    once every check had run, and their results were lost)."""
    text = builtin_path("classic").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("total_cards = 108", 'variant_of = "classic"\ntotal_cards = 108'))

    def no_checks(*args: object, **kwargs: object) -> None:
        raise AssertionError("the checks ran before the clash was refused")

    monkeypatch.setattr(main_check, "check_editions", no_checks)
    assert main(["check", str(path), "--report", str(tmp_path / "site")]) == 2
    [error] = capsys.readouterr().err.splitlines()
    assert error.startswith(f"unospec: error: {path}: name: expected a name no other edition")
    assert error.endswith(f"found 'classic', the name of {builtin_path('classic')} too")
