"""A part of ``check`` that passed is not run again for the same inputs
(:mod:`generator.check.results`): so every file a part reads must be among the inputs it names,
and any change to one of them must run it again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cache
from generator.check import results
from generator.check.parts import PARTS, Part
from generator.i18n.catalogs import ROOT

READS = r"""
import json, os, sys
from pathlib import Path
root = Path.cwd().resolve()
opened = {}
part_now = [None]
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)) and part_now[0]:
        path = Path(os.fsdecode(args[0]))
        opened.setdefault(part_now[0], set()).add(str(path if path.is_absolute() else root / path))
sys.addaudithook(hook)
from generator.check import PARTS
from generator.i18n.catalogs import languages
for name in sys.argv[1:]:
    part_now[0] = name
    list(PARTS[name].run(languages(), None))
print(json.dumps({name: sorted(paths) for name, paths in opened.items()}))
"""
"""Runs the named parts in one process, each file opened noted under the part that opened it."""


def files_read(parts: list[str]) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", READS, *parts],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**__import__("os").environ, cache.OFF: "1"},
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def unnamed_reads(part: Part, paths: list[str]) -> list[str]:
    """The repository's files among ``paths`` that ``part`` does not name as its inputs (the
    build's own folder and the installed package's metadata aside)."""
    found = []
    for text in paths:
        path = Path(text).resolve()
        if not path.is_relative_to(ROOT) or not path.is_file():
            continue
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(("_build/", "__editable__")) or ".egg-info/" in relative:
            continue
        if "__pycache__" in relative:
            continue
        if not any(relative == entry or relative.startswith(entry + "/") for entry in part.reads):
            found.append(relative)
    return sorted(found)


def test_every_part_reads_only_the_inputs_it_names() -> None:
    """The census (a 40-second sample) and the site (MkDocs in other processes) aside; the
    census names the engine and the languages, which its sample is drawn from."""
    parts = ["examples", "values", "pages", "catalogs", "safety", "sixcard-core"]
    read = files_read(parts)
    assert set(read) == set(parts)
    assert {name: unnamed_reads(PARTS[name], read[name]) for name in parts} == {
        name: [] for name in parts
    }


def test_a_file_a_part_does_not_name_is_caught() -> None:
    narrow = Part("pages", PARTS["pages"].run, ("generator",), "")
    found = unnamed_reads(narrow, [str(ROOT / "tests" / "golden" / "nl.txt")])
    assert found == ["tests/golden/nl.txt"]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.delenv(cache.OFF, raising=False)
    monkeypatch.delenv(cache.DIR_VARIABLE, raising=False)
    root = tmp_path / "project"
    (root / "data").mkdir(parents=True)
    (root / "data" / "a.txt").write_text("one", encoding="utf-8")
    (root / "other.txt").write_text("else", encoding="utf-8")
    return root


def test_a_pass_is_remembered_for_the_same_bytes_and_no_others(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    part = Part("p", PARTS["safety"].run, ("data",), "")
    assert not results.passed_before(part, project)
    results.remember(part, results.key(part, project))
    assert results.passed_before(part, project)
    (project / "other.txt").write_text("changed", encoding="utf-8")  # not an input
    assert results.passed_before(part, project)
    (project / "data" / "a.txt").write_text("two", encoding="utf-8")
    assert not results.passed_before(part, project)
    (project / "data" / "a.txt").write_text("one", encoding="utf-8")
    assert results.passed_before(part, project)
    (project / "data" / "b.txt").write_text("", encoding="utf-8")  # a new file is an input
    assert not results.passed_before(part, project)
    (project / "data" / "b.txt").unlink()
    monkeypatch.setenv("GOLF_SOMETHING", "1")  # the project's variables change what runs
    assert not results.passed_before(part, project)


def test_a_replayed_sample_is_never_remembered(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    part = Part("census", PARTS["census"].run, ("data",), "")
    results.remember(part, results.key(part, project))
    monkeypatch.setenv("GOLF_CENSUS_SALT", "ab")
    assert results.key(part, project) is None
    assert not results.passed_before(part, project)


def test_no_cache_turns_it_off(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    part = Part("p", PARTS["safety"].run, ("data",), "")
    results.remember(part, results.key(part, project))
    monkeypatch.setenv(cache.OFF, "1")
    assert not results.passed_before(part, project)
