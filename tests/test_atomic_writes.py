"""Every file is written whole or not at all, next to itself whatever TMPDIR is: a kill or a
full disk mid-write leaves the old file byte for byte (:mod:`generator.atomic`)."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import generator.atomic
from generator.atomic import TEMPORARY_SUFFIX, write_bytes_atomic
from generator.i18n import catalog_cli
from generator.i18n.catalogs import ROOT, languages
from generator.site import approval


@contextlib.contextmanager
def file_size_limit(limit: int) -> Iterator[None]:
    """A disk that fills after ``limit`` bytes of any one file: the kernel cuts the write that
    passes it and fails the next (EFBIG), whatever writes it (RLIMIT_FSIZE)."""
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


@pytest.fixture
def other_tmpdir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """TMPDIR on another file system than the target's where there is one (tmpfs /dev/shm)."""
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else tmp_path
    folder = base / f"golf-tmpdir-{os.getpid()}-{tmp_path.name}"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr("tempfile.tempdir", str(folder))
    yield folder
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def moves(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Path, Path]]:
    """Every ``os.rename``/``os.replace``: (source, target)."""
    seen: list[tuple[Path, Path]] = []
    for name in ("rename", "replace"):
        real = getattr(os, name)

        def spy(src: Any, dst: Any, *args: Any, _real: Any = real, **kwargs: Any) -> None:
            seen.append((Path(os.fsdecode(src)), Path(os.fsdecode(dst))))
            _real(src, dst, *args, **kwargs)

        monkeypatch.setattr(os, name, spy)
    return seen


def nl_copy(tmp_path: Path) -> Any:
    """The Dutch language with its catalog copied under ``tmp_path`` (and touched, so that an
    update writes it)."""
    import dataclasses

    nl = next(language for language in languages() if language.code == "nl")
    copy = dataclasses.replace(nl, locales=tmp_path / "locales")
    copy.po_file.parent.mkdir(parents=True)
    copy.po_file.write_bytes(nl.po_file.read_bytes() + b"\n\n")
    return copy


def test_catalog_update_writes_next_to_the_catalog_whatever_tmpdir(
    tmp_path: Path, other_tmpdir: Path, moves: list[tuple[Path, Path]]
) -> None:
    nl = nl_copy(tmp_path)
    assert catalog_cli.update(nl) is True
    onto = [(src, dst) for src, dst in moves if dst == nl.po_file]
    assert onto, "the catalog was not written by a rename"
    assert all(src.parent == nl.po_file.parent for src, _ in onto), onto
    assert sorted(p.name for p in nl.po_file.parent.iterdir()) == ["messages.po"]


def test_compile_writes_each_mo_next_to_itself(
    tmp_path: Path, other_tmpdir: Path, moves: list[tuple[Path, Path]]
) -> None:
    compiled = catalog_cli.compile_all(tmp_path / "out")
    for mo in compiled:
        assert [src.parent for src, dst in moves if dst == mo] == [mo.parent]


def test_a_full_disk_mid_move_leaves_the_catalog_whole(tmp_path: Path, other_tmpdir: Path) -> None:
    """The merged catalog is staged in TMPDIR (another file system): moving it over the
    catalog was a copy onto it, cut where the disk filled."""
    po = tmp_path / "nl" / "messages.po"
    po.parent.mkdir()
    old = b'msgid ""\nmsgstr ""\n' + b"# old\n" * 2000
    po.write_bytes(old)
    new = other_tmpdir / "messages.po"
    new.write_bytes(b'msgid ""\nmsgstr ""\n' + b"# the merged catalog\n" * 2000)
    with file_size_limit(4096), pytest.raises(OSError) as raised:
        catalog_cli._replace_if_changed(new, po)
    assert raised.value.errno == errno.EFBIG
    assert po.read_bytes() == old
    assert sorted(p.name for p in po.parent.iterdir()) == ["messages.po"]


def test_a_full_disk_mid_write_keeps_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "data.json"
    target.write_bytes(b"the old data\n")
    written: list[int] = []

    def full(fd: int, data: Any) -> int:
        if sum(written) >= 100:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(min(len(data), 60))
        return os.write(fd, bytes(data[:60]))

    monkeypatch.setattr(generator.atomic, "_os_write", full)
    with pytest.raises(OSError, match="No space left"):
        write_bytes_atomic(target, b"x" * 10_000)
    assert sum(written) >= 100  # it failed mid-write, not before
    assert target.read_bytes() == b"the old data\n"
    assert [p.name for p in tmp_path.iterdir()] == ["data.json"]


def test_a_killed_writer_leaves_a_temporary_the_next_write_sweeps(tmp_path: Path) -> None:
    target = tmp_path / "data.json"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    left = tmp_path / f".data.json.{dead.stdout.strip()}.abcd{TEMPORARY_SUFFIX}"
    left.write_bytes(b"half")
    write_bytes_atomic(target, b"whole")
    assert [p.name for p in tmp_path.iterdir()] == ["data.json"]


def test_approve_on_a_full_disk_leaves_the_approved_text_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    approved = tmp_path / "approved"
    (approved / "nl").mkdir(parents=True)
    text = approved / "nl" / "index.txt"
    old = approval.approved_path("nl", "index").read_bytes() + b"an older line\n"
    text.write_bytes(old)
    monkeypatch.setattr(approval, "APPROVED", approved)
    with file_size_limit(len(old) // 3), pytest.raises(OSError):
        approval.approve(languages(), "nl", "index")
    assert text.read_bytes() == old
    assert [p.name for p in (approved / "nl").iterdir()] == ["index.txt"]


WRITERS = re.compile(
    r"write_text|write_bytes|open\(.*[\"'][wax]|shutil\.move|os\.replace|\.rename\(|"
    r"NamedTemporaryFile|mkstemp"
)
APPENDS = {"generator/census/runner.py"}
"""The census's ``.partial`` journal is appended to and cut back to its last whole row on
resume (its own recovery); nothing else writes outside :mod:`generator.atomic`."""


def test_every_writer_goes_through_the_one_helper() -> None:
    found = []
    for module in sorted((ROOT / "generator").rglob("*.py")):
        name = module.relative_to(ROOT).as_posix()
        if name == "generator/atomic.py":
            continue
        for number, line in enumerate(module.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if not WRITERS.search(code) or "_atomic" in code:
                continue
            if name in APPENDS and 'open("a"' in code:
                continue
            found.append(f"{name}:{number}: {line.strip()}")
    allowed = {  # the swap of a whole site folder: renames within one folder, by design
        # and a language Zensical built moved into the staged site: within the staging folder
        "generator/site/build.py": (
            'target.rename(staging / "old-site")',
            "built.rename(target)",
            "site_dir.rename(destination)",
        ),
    }
    found = [f for f in found if not any(f.endswith(a) for a in allowed.get(f.split(":")[0], ()))]
    assert found == []
