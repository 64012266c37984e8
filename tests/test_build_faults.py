"""``build --site`` replaces only a site it built (keeping hidden entries and a symlink); a
killed build leaves no worker running and no staging folder behind."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import cli
from generator.atomic import TEMPORARY_SUFFIX, pid_alive
from generator.i18n.catalogs import ROOT
from generator.site.build import MARKER, STAGING_PREFIX, SiteError, build_site, check_target


def main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = cli.main(list(args))
    return status, capsys.readouterr().err


@pytest.mark.parametrize("replace", [False, True])
def test_build_refuses_a_plain_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    replace: bool,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("notes.txt").write_text("mine")
    status, err = main(capsys, "build", "--site", "notes.txt", *["--replace"] * replace)
    assert status == 1
    assert err.count("\n") == 1 and err.startswith("error: notes.txt is a file"), err
    assert "even with --replace" in err
    assert Path("notes.txt").read_text() == "mine"


def test_build_refuses_a_folder_it_did_not_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("docs").mkdir()
    Path("docs/README.md").write_text("mine")
    status, err = main(capsys, "build", "--site", "docs")
    assert status == 1
    assert err == (
        "error: docs is not a site this command built (no .golf-site); "
        "give --replace to replace it\n"
    )
    assert [p.name for p in Path("docs").iterdir()] == ["README.md"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]  # no staging folder


def test_a_folder_with_the_marker_or_empty_is_replaced_without_asking(tmp_path: Path) -> None:
    built = tmp_path / "built"
    built.mkdir()
    (built / MARKER).write_text("x")
    (built / "index.html").write_text("old")
    (tmp_path / "empty").mkdir()
    assert check_target(built) == built
    assert check_target(tmp_path / "empty") == tmp_path / "empty"
    with pytest.raises(SiteError, match="holds the repository"):
        check_target(ROOT.parent, replace=True)


def test_replace_keeps_hidden_entries_and_a_symlinked_site(tmp_path: Path) -> None:
    pages = tmp_path / "gh-pages"
    (pages / ".git" / "refs").mkdir(parents=True)
    (pages / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n")
    (pages / ".nojekyll").write_text("")
    (pages / "README.md").write_text("an old page")
    link = tmp_path / "site"
    link.symlink_to(pages)
    with pytest.raises(SiteError, match="is not a site this command built"):
        build_site(link)
    build_site(link, replace=True)
    assert link.is_symlink() and link.resolve() == pages.resolve()
    assert (pages / ".git" / "HEAD").read_text() == "ref: refs/heads/gh-pages\n"
    assert (pages / ".git" / "refs").is_dir() and (pages / ".nojekyll").is_file()
    assert not (pages / "README.md").exists()
    assert (pages / MARKER).is_file() and (pages / "en" / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gh-pages", "site"]


# -- a killed build ----------------------------------------------------------------


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_bytes().rsplit(b")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != b"Z":
                found.add(int(stat.parent.name))
    return found


@contextlib.contextmanager
def started_build(site: Path) -> Iterator[tuple[subprocess.Popen[bytes], set[int]]]:
    """A build of ``site`` in a subprocess, once its workers run: (process, workers); its
    stderr goes to ``site``'s folder (``build.err``); what is left running is killed after."""
    with (site.parent / "build.err").open("wb") as err:
        build = subprocess.Popen(
            [sys.executable, "-m", "generator", "build", "--site", str(site)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    workers: set[int] = set()
    try:
        workers = _workers_of(build)
        yield build, workers
    finally:
        for pid in {build.pid, *workers}:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        build.wait()


def _workers_of(build: subprocess.Popen[bytes]) -> set[int]:
    deadline = time.monotonic() + 30
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2 and build.poll() is None:
        time.sleep(0.1)
        workers = children(build.pid)
    assert workers, "the build started no worker"
    time.sleep(1)  # the workers are at work
    return workers | children(build.pid)


def gone_within(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(pid_alive(p) for p in pids):
        time.sleep(0.1)
    return {p for p in pids if pid_alive(p)}


def staging_folders(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob(f"{STAGING_PREFIX}*"))


def test_sigterm_stops_the_workers_removes_staging_and_exits_143(tmp_path: Path) -> None:
    with started_build(tmp_path / "site") as (build, workers):
        assert staging_folders(tmp_path)
        build.terminate()
        assert build.wait(timeout=20) == 143
        assert gone_within(workers, 5) == set()
    assert (tmp_path / "build.err").read_bytes() == b"error: terminated\n"
    assert staging_folders(tmp_path) == [] and not (tmp_path / "site").exists()


def test_sigkill_leaves_no_worker_and_the_next_build_no_staging(tmp_path: Path) -> None:
    with started_build(tmp_path / "site") as (build, workers):
        build.kill()
        build.wait(timeout=10)
        assert gone_within(workers, 5) == set()
    assert staging_folders(tmp_path)  # a killed process cleans nothing: the next build does
    again = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--site", str(tmp_path / "site")],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert staging_folders(tmp_path) == []
    assert (tmp_path / "site" / MARKER).is_file()


def test_staging_folders_are_ignored_by_git(tmp_path: Path) -> None:
    """By the repository's .gitignore, in a repository of its own (an unpacked sdist has no
    .git of its own)."""
    names = [f"site/../{STAGING_PREFIX}123-abcd/", f"locales/.messages.po.1.ab{TEMPORARY_SUFFIX}"]
    shutil.copy(ROOT / ".gitignore", tmp_path / ".gitignore")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", *(n.replace("site/../", "") for n in names)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert ignored.stdout.count("\n") == 2, ignored
