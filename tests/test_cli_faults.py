"""A full disk or a read-only folder is one error line, exit 1; messages print in any locale."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator import cli
from generator.i18n import catalog_cli
from generator.i18n.catalogs import ROOT


def main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = cli.main(list(args))
    return status, capsys.readouterr().err


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Make folders read-only for this process (root ignores chmod): creating, opening for
    writing, renaming or removing anything in them raises PermissionError, as the kernel would."""
    folders: list[Path] = []

    def blocked(path: Any) -> bool:
        if isinstance(path, int):
            return False
        full = Path(os.path.abspath(os.fsdecode(path)))
        return any(full.parent == f or f in full.parents for f in folders)

    def deny(path: Any) -> OSError:
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))

    real_open, real_io_open = os.open, io.open

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and blocked(path):
            raise deny(path)
        return real_open(path, flags, *args, **kwargs)

    def io_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wax+") and blocked(file):
            raise deny(file)
        return real_io_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(io, "open", io_open)
    monkeypatch.setattr("builtins.open", io_open)
    for name in ("mkdir", "unlink", "rmdir"):
        real = getattr(os, name)

        def one(path: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            if blocked(path):
                raise deny(path)
            return _real(path, *args, **kwargs)

        monkeypatch.setattr(os, name, one)
    for name in ("rename", "replace"):
        real = getattr(os, name)

        def two(src: Any, dst: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            for path in (src, dst):
                if blocked(path):
                    raise deny(path)
            return _real(src, dst, *args, **kwargs)

        monkeypatch.setattr(os, name, two)
    return folders.append


def test_build_into_a_read_only_folder_is_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    read_only: Any,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("ro").mkdir()
    read_only(tmp_path / "ro")
    status, err = main(capsys, "build", "--site", "ro/site")
    assert (status, err) == (1, "error: ro: Permission denied\n")


def test_catalog_update_into_a_read_only_checkout_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, read_only: Any
) -> None:
    read_only(ROOT / "locales")
    before = {p: p.read_bytes() for p in (ROOT / "locales").rglob("*.po*")}
    # the .pot as extracted differs from the committed one: it must be written
    monkeypatch.setattr(catalog_cli, "_undated", lambda path: str(path))
    status, err = main(capsys, "catalog", "update")
    assert (status, err) == (1, "error: locales/messages.pot: Permission denied\n")
    assert {p: p.read_bytes() for p in (ROOT / "locales").rglob("*.po*")} == before


# -- any locale ----------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_messages_print_in_any_locale(encoding: str) -> None:
    """``check --coverage`` prints '…' (not in Latin-1), as ``check`` prints a problem's ♣."""
    result = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--coverage"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding, "LC_ALL": "C"},
        capture_output=True,
        timeout=120,
    )
    assert b"Traceback" not in result.stderr and b"internal error" not in result.stderr, (
        result.stderr
    )
    assert result.returncode in (0, 1)
    assert b"\\u2026" in result.stdout
