"""No command writes into the committed (or installed) data unless told to in so many words:
``census``, ``strategy`` and ``six-card simulate`` write to their ``--out`` (by default under the current
folder), and ``--update-data`` refuses to replace a file with less than it holds."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_check import repository_copy

DATA = "generator/data"


def checksums(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return repository_copy(tmp_path_factory.mktemp("no-overwrite"))


def run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(copy)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def errors(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("error: ")]


COMMANDS = {
    "census without --out": (
        ["census", "--from", "1", "--to", "3", "--rules", "strict"],
        0,
        None,
    ),
    "census with fewer deals into the data": (
        ["census", "--from", "1", "--to", "3", "--rules", "strict", "--update-data"],
        1,
        "error: generator/data/census/strict holds deals 1-100000; deals 1-3 would "
        "replace it with fewer",
    ),
    "census --out the data folder": (
        ["census", "--from", "1", "--to", "3", "--rules", "strict", "--out", f"{DATA}/census"],
        1,
        f"error: --out {DATA}/census: that is the package's committed data; give --update-data",
    ),
    "census --out the data folder, another way": (
        ["census", "--from", "1", "--to", "3", "--out", "./generator/../generator/data/census/."],
        1,
        "error: --out generator/../generator/data/census: that is the package's committed data",
    ),
    "census past the last deal code": (
        ["census", "--from", "8031810170", "--to", "8031810176", "--rules", "strict"],
        1,
        "error: bad range 8031810170-8031810176: --to is past the last deal number a code can "
        "carry (8031810175)",
    ),
    "strategy without --out": (["strategy", "--from", "1", "--to", "3", "--workers", "1"], 0, None),
    "strategy with fewer deals into the data": (
        ["strategy", "--from", "1", "--to", "3", "--workers", "1", "--update-data"],
        1,
        "error: generator/data/strategy.json holds deals 1-10000; --from 1 --to 3 would "
        "replace it with fewer",
    ),
    "strategy --out the data file": (
        ["strategy", "--from", "1", "--to", "3", "--out", f"{DATA}/strategy.json"],
        1,
        f"error: --out {DATA}/strategy.json: that is inside the package",
    ),
    "simulate without --out": (["six-card", "simulate", "--holes", "4", "--jobs", "1"], 0, None),
    "simulate with fewer holes into the data": (
        ["six-card", "simulate", "--holes", "4", "--jobs", "1", "--update-data"],
        1,
        "error: generator/data/sixcard_simulation.json holds 20000 holes per configuration and "
        "player; --holes 4 would replace it with fewer",
    ),
    "simulate --work in the data folder": (
        ["six-card", "simulate", "--holes", "4", "--jobs", "1", "--work", DATA],
        1,
        f"error: --work {DATA}: that is inside the package",
    ),
    "simulate --out the data file": (
        ["six-card", "simulate", "--holes", "4", "--out", f"{DATA}/sixcard_simulation.json"],
        1,
        f"error: --out {DATA}/sixcard_simulation.json: that is inside the package",
    ),
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_leaves_the_committed_data_byte_identical(copy: Path, name: str) -> None:
    args, status, refused = COMMANDS[name]
    before = checksums(copy / DATA)
    result = run(copy, *args)
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr
    assert checksums(copy / DATA) == before
    if refused is None:
        written = (
            copy / "_build" / {"census": "census", "strategy": "strategy.json"}.get(args[0], "")
        )
        assert written.exists()
    else:
        assert len(errors(result)) == 1 and errors(result)[0].startswith(refused), result.stderr


def test_the_default_outputs_are_under_the_current_folder(copy: Path) -> None:
    run(copy, "census", "--from", "1", "--to", "3", "--rules", "strict")
    run(copy, "six-card", "simulate", "--holes", "4", "--jobs", "1")
    assert (copy / "_build" / "census" / "strict" / "1-3.csv.gz").is_file()
    assert (copy / "_build" / "census" / "strict" / "manifest.txt").is_file()
    assert (copy / "_build" / "sixcard_simulation.json").is_file()


def test_a_second_census_run_into_the_same_folder_stops_at_once(copy: Path) -> None:
    from generator.census.runner import _only_run

    folder = copy / "_build" / "busy"
    folder.mkdir(parents=True)
    with _only_run(folder):
        result = run(copy, "census", "--from", "1", "--to", "3", "--out", str(folder))
    assert result.returncode == 1
    assert errors(result) == [
        "error: _build/busy: another census run is writing into this folder; wait for it to "
        "finish (then run the same command to go on), or give another --out"
    ]
    assert list(folder.iterdir()) == []


def test_a_census_never_writes_through_a_symlinked_partial_file(copy: Path) -> None:
    """A resume truncates and appends its ``.partial`` file: one that is a link into the
    committed data is refused before anything is written."""
    before = checksums(copy / DATA)
    folder = copy / "_build" / "linked"
    folder.mkdir(parents=True)
    (folder / "strict").mkdir()
    (folder / "strict" / "1-3.partial").symlink_to(
        copy / DATA / "census" / "strict" / "1-100000.csv.gz"
    )
    result = run(
        copy, "census", "--from", "1", "--to", "3", "--rules", "strict", "--out", str(folder)
    )
    assert result.returncode == 1
    assert errors(result) == [
        "error: _build/linked/strict/1-3.partial is a symbolic link (to "
        "generator/data/census/strict/1-100000.csv.gz); a census writes only files of its own"
    ]
    assert checksums(copy / DATA) == before


def test_a_simulation_chunk_it_did_not_write_is_one_line(copy: Path) -> None:
    work = copy / "_build" / "chunks"
    assert (
        run(
            copy, "six-card", "simulate", "--holes", "4", "--jobs", "1", "--work", str(work)
        ).returncode
        == 0
    )
    chunk = sorted(work.glob("*.json"))[0]
    for text in ("garbage", '{"holes": 5}', '{"holes": [[1]]}'):
        chunk.write_text(text, encoding="utf-8")
        result = run(
            copy, "six-card", "simulate", "--holes", "4", "--jobs", "1", "--work", str(work)
        )
        assert result.returncode == 1, result.stderr
        assert "internal error" not in result.stderr
        assert errors(result)[0].startswith(
            f"error: {chunk.relative_to(copy)}: not a chunk this command wrote"
        )
