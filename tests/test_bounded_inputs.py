"""A gzip bomb or a YAML alias bomb costs one error line, not the machine's memory
(:mod:`generator.bounded`)."""

from __future__ import annotations

import gzip
import time
import tracemalloc
from pathlib import Path

import pytest

from generator.bounded import InputError, compose_yaml, load_yaml
from generator.i18n.catalogs import ROOT


def gzip_bomb(path: Path, megabytes: int) -> None:
    """``megabytes`` MB of zeros, gzip-compressed (some 100 kB a 100 MB)."""
    with gzip.open(path, "wb", compresslevel=9) as stream:
        block = b"0" * (1 << 20)
        for _ in range(megabytes):
            stream.write(block)


def test_a_gzip_bomb_census_is_one_line_in_bounded_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.census import load_census
    from generator.patience import Rules
    from generator.twopath.statistics import _read_rows

    folder = tmp_path / "classic"
    folder.mkdir()
    (folder / "manifest.txt").write_text(
        "command: x\nrules: classic\ndeals: 1-3\nbest: on\nsolver: C search\n"
        "executor: local\nworkers: 1\nmade: 2026-12-01\nshard: 1-3\n"
    )
    bomb = folder / "1-3.csv.gz"
    gzip_bomb(bomb, 200)
    monkeypatch.chdir(tmp_path)
    for read in (lambda: load_census(Rules.CLASSIC, tmp_path), lambda: _read_rows(folder)):
        tracemalloc.start()
        try:
            with pytest.raises(InputError) as raised:
                read()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert str(raised.value) == "classic/1-3.csv.gz: more than 64 MB when decompressed"
        assert peak < 160 << 20, f"{peak >> 20} MB"


LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(8)
)
"""Ten to the ninth x's in nine lines."""


def test_a_yaml_alias_bomb_is_one_line_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.pages.recorded import _Located

    bomb = tmp_path / "examples.yaml"
    bomb.write_text(LAUGHS)
    monkeypatch.chdir(tmp_path)
    start = time.process_time()  # CPU time: a busy machine does not stretch it
    for read in (load_yaml, compose_yaml, _Located):
        with pytest.raises(InputError, match=r"^examples\.yaml:1: .*may not use YAML aliases"):
            read(bomb)
    assert time.process_time() - start < 2


def test_a_huge_yaml_file_is_refused_before_it_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "sources.yaml"
    big.write_bytes(b"# padding\n" * (1 << 20))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=r"^sources\.yaml: more than 8 MB$"):
        load_yaml(big)


def test_no_committed_yaml_uses_an_alias() -> None:
    for path in [
        *sorted((ROOT / "generator" / "data").glob("*.yaml")),
        ROOT / "mkdocs.yml",
        ROOT / "locales" / "languages.yaml",
    ]:
        compose_yaml(path)
