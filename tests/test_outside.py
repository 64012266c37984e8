"""Nothing outside the project is read, published or written (issue 33).

Every file a command reads from the project or writes into it lies, once its symlinks are
followed, inside the project and outside its hidden folders (:func:`generator.paths.outside`),
or the command refuses in one line and exits 1 before it builds, reads or writes anything.
The cases are data (``tests/data/outside_cases.yaml``), replayed on a project of the site's own
files run with ``--project`` from outside it; a git checkout that commits a symlink is refused
as well, without ``--project``. A symlink that stays inside the project is fine. Compressed and
large inputs are read with bounds (a bomb is one line), a census keeps its partial files under
``_build/`` and its workers die quietly with it, and ``serve`` says when the site is reachable
from other machines.
"""

from __future__ import annotations

import gzip
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.paths import PACKAGE, ROOT
from tests.test_check import run_check
from tests.test_packaging import copy_site_files

CASES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "data" / "outside_cases.yaml").read_text(encoding="utf-8")
)
"""A project's own files (as tests/test_packaging.py copies them)."""
TOKEN = "ghp_outside33secret"
SECRET_TEXT = f"GOLF_DEPLOY_TOKEN={TOKEN}\nroot:x:0:0:root:/root:/bin/bash\n"
RULE = "a command reads and writes only files of the project"
CODE = str(PACKAGE.parent)
"""The package under test, for the commands the tests run."""


def run(*args: str | Path, cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": CODE}
    env.pop("GOLF_PROJECT", None)
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder`` (symlinks as their targets, not followed)."""
    found: dict[str, bytes | str] = {}
    for here, folders, files in os.walk(folder, followlinks=False):
        for name in (*folders, *files):
            path = Path(here, name)
            key = path.relative_to(folder).as_posix()
            if path.is_symlink():
                found[key] = f"-> {os.readlink(path)}"
            elif path.is_file():
                found[key] = path.read_bytes()
            else:
                found[key] = "folder"
    return found


@pytest.fixture(scope="module")
def site_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site's own files, copied once."""
    return copy_site_files(tmp_path_factory.mktemp("site-files"))


def project_beside_a_secret(site_files: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    """A project (``tmp_path/project``), a secret file and a folder outside it."""
    project = tmp_path / "project"
    shutil.copytree(site_files, project)
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.txt"
    secret.write_text(SECRET_TEXT, encoding="utf-8")
    return project, secret, outside


def make_hostile(case: dict[str, Any], project: Path, secret: Path, outside: Path) -> None:
    links = case.get("links", [[case["link"], case["to"]]] if "link" in case else [])
    for name, to in links:
        link = project / name
        target = {"SECRET": secret, "OUTSIDE": outside}.get(to, to)
        if link.is_dir() and not link.is_symlink():
            shutil.rmtree(link)
        else:
            link.unlink(missing_ok=True)
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(target)
    if "edit" in case:
        edit = case["edit"]
        path = project / edit["file"]
        text = path.read_text(encoding="utf-8")
        assert text.count(edit["old"]) == 1, edit
        path.write_text(text.replace(edit["old"], edit["new"]), encoding="utf-8")


def assert_refused(
    done: subprocess.CompletedProcess[str], line: str, unchanged: dict[Path, dict[str, Any]]
) -> None:
    assert (done.returncode, done.stderr) == (1, line + "\n"), done.stderr[-3000:]
    assert TOKEN not in done.stdout + done.stderr
    for folder, before in unchanged.items():
        assert snapshot(folder) == before, f"{folder} changed"


@pytest.mark.parametrize("case", CASES, ids=[f"{c['kind']}, {c['how']}" for c in CASES])
def test_a_hostile_project_is_refused_in_one_line_before_anything_is_written(
    case: dict[str, Any], site_files: Path, tmp_path: Path
) -> None:
    project, secret, outside = project_beside_a_secret(site_files, tmp_path)
    make_hostile(case, project, secret, outside)
    before = {project: snapshot(project), outside: snapshot(outside)}
    # from outside the project, through --project
    done = run("--project", project, *case["command"], cwd=tmp_path, timeout=120)
    assert_refused(done, case["line"], before)


def test_symlinks_that_stay_inside_the_project_build(site_files: Path, tmp_path: Path) -> None:
    project, _, _ = project_beside_a_secret(site_files, tmp_path)
    css = project / "docs_src" / "assets" / "golf.css"
    own = project / "docs_src" / "styles" / "golf.css"
    own.parent.mkdir()
    css.rename(own)
    css.symlink_to(Path("..", "styles", "golf.css"))
    theme = project / "theme"
    (project / "docs_src" / "overrides").rename(theme)
    (project / "docs_src" / "overrides").symlink_to(Path("..", "theme"))
    done = run("--project", project, "build", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    for code in ("en", "nl", "de"):
        assert (project / "site" / code / "assets" / "golf.css").read_bytes() == own.read_bytes()


def git(*args: str, cwd: Path) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("/etc/passwd", "leads outside the project"),
        ("../../.git/config", "leads into the project's hidden '.git'"),
    ],
)
def test_a_git_checkout_with_a_committed_symlink_is_refused(
    site_files: Path, tmp_path: Path, target: str, why: str
) -> None:
    """An attacker's pull request needs no --project: git stores the symlink, a checkout makes it."""
    origin = tmp_path / "origin"
    shutil.copytree(site_files, origin)
    git("init", "-q", cwd=origin)
    git("add", "-A", cwd=origin)
    git("commit", "-q", "-m", "site", cwd=origin)
    css = origin / "docs_src" / "assets" / "golf.css"
    css.unlink()
    css.symlink_to(target)
    git("commit", "-q", "-am", "a nicer stylesheet", cwd=origin)
    git("clone", "-q", str(origin), "checkout", cwd=tmp_path)
    checkout = tmp_path / "checkout"
    assert (checkout / "docs_src" / "assets" / "golf.css").is_symlink()
    before = {checkout: snapshot(checkout)}
    line = f"error: docs_src/assets/golf.css (a symlink) {why}; {RULE}"
    for command in (["build"], ["check", "--only", "site"]):
        assert_refused(run(*command, cwd=checkout, timeout=120), line, before)


def test_the_package_data_is_held_to_the_same_rule(copy: Path, tmp_path: Path) -> None:
    """The data beside the package's code (a repository copy: its own package runs)."""
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET_TEXT, encoding="utf-8")
    data = copy / "generator" / "data" / "sources.yaml"
    data.unlink()
    data.symlink_to(secret)
    before = {copy / "generator" / "data": snapshot(copy / "generator" / "data")}
    done = run_check(copy, "values")
    line = f"error: generator/data/sources.yaml (a symlink) leads outside the project; {RULE}"
    assert_refused(done, line, before)


GIB = 1 << 30


def gzip_bomb(path: Path, size: int = GIB) -> None:
    """``size`` bytes of a JSON-looking text, gzipped (a GiB in about a MB)."""
    with gzip.open(path, "wb", compresslevel=9) as stream:
        stream.write(b'{"matches": {"x": [' + b" " * (1 << 20))
        chunk = b" " * (16 << 20)
        for _ in range(size // len(chunk)):
            stream.write(chunk)


def bounded_run(function: Any) -> tuple[Any, float, int]:
    """``function()``'s result, seconds and peak of memory allocated in Python (bytes)."""
    tracemalloc.start()
    start = time.monotonic()
    try:
        result = function()
    finally:
        seconds = time.monotonic() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return result, seconds, peak


def test_a_bomb_in_the_tournaments_rows_is_one_line_in_bounded_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.sixcard.tournament import deals_path
    from generator.twopath import tournament

    figures = tmp_path / "sixcard_tournament.json"
    shutil.copy2(tournament.DATA, figures)
    rows = deals_path(figures)
    gzip_bomb(rows)
    monkeypatch.setattr(tournament, "DATA", figures)
    problems, seconds, peak = bounded_run(lambda: list(tournament.sample_problems(seed=1)))
    assert problems == [f"{rows}: more than 64 MB when decompressed"]
    assert seconds < 20 and peak < 200 << 20, (seconds, peak)


def test_an_oversized_simulation_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.twopath import simulation

    data = tmp_path / "sixcard_simulation.json"
    with data.open("wb") as stream:
        stream.write(b'{"holes_per_configuration_and_player": ')
        stream.truncate(65 << 20)  # sparse: 65 MB on paper
    monkeypatch.setattr(simulation, "DATA", data)
    problems, seconds, peak = bounded_run(lambda: list(simulation.sample_problems(seed=1)))
    assert problems == [f"{data}: more than 64 MB"]
    assert seconds < 20 and peak < 200 << 20, (seconds, peak)


def test_census_update_data_keeps_its_partial_files_under_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from generator import cli
    from generator.census import runner
    from generator.census.format import CENSUS_DIR
    from generator.paths import in_package

    jobs: list[runner.CensusJob] = []
    monkeypatch.setattr(runner, "run_census", lambda job, **_: jobs.append(job) or 0)
    assert cli.main(["census", "--from", "1", "--to", "5", "--update-data"]) == 0
    (job,) = jobs
    assert job.folder == CENSUS_DIR
    assert job.work_folder.resolve().is_relative_to((ROOT / "_build").resolve())
    assert not in_package(job.work_folder)


def test_a_stopped_census_keeps_its_partial_file_in_its_work_folder(tmp_path: Path) -> None:
    from generator.census.runner import CensusJob, Stopped, census_command
    from generator.patience import Rules, RuleSet
    from tests.census.test_census import Quiet, committed_rows, rows_of

    strict = RuleSet.of(Rules.STRICT)
    out, work = tmp_path / "out", tmp_path / "_build" / "census-work"
    stop = threading.Event()

    class StopSoon(Quiet):
        def write(self, text: str) -> int:
            stop.set()
            return len(text)

    def job() -> CensusJob:
        return CensusJob(1, 300, (strict,), 1, out, True, "test", chunk=10, work=work)

    with pytest.raises(Stopped):
        census_command(job(), err=StopSoon(), stop=stop)
    assert not list(out.rglob("*.partial"))
    assert 4 < len((work / "strict" / "1-300.partial").read_text().splitlines()) < 304
    census_command(job(), err=Quiet())
    assert rows_of(out, strict) == committed_rows(strict, 300)
    assert not (work / "strict" / "1-300.partial").exists()


def test_a_killed_census_leaves_no_worker_traceback_and_resumes_to_the_same_rows(
    tmp_path: Path,
) -> None:
    from generator.patience import Rules, RuleSet
    from tests.census.test_census import committed_rows, rows_of

    strict = RuleSet.of(Rules.STRICT)
    command = [sys.executable, "-m", "generator", "census", "--from", "1", "--to", "3000"]
    command += ["--rules", "strict", "--workers", "2", "--out", str(tmp_path)]
    env = {**os.environ, "PYTHONPATH": CODE}
    partial = tmp_path / "strict" / "1-3000.partial"
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if partial.exists() and len(partial.read_text().splitlines()) > 100:
            break
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    # communicate returns once every writer of stderr, the workers too, has closed it
    _, err = process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert "Traceback" not in err and "BrokenPipeError" not in err, err[-3000:]
    resumed = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert rows_of(tmp_path, strict) == committed_rows(strict, 3000)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_on_every_interface_says_the_site_is_reachable_from_other_machines(
    site_files: Path, tmp_path: Path
) -> None:
    project, _, _ = project_beside_a_secret(site_files, tmp_path)
    env = {**os.environ, "PYTHONPATH": CODE}
    env.pop("GOLF_PROJECT", None)
    address = f"0.0.0.0:{free_port()}"
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", "--project", str(project), "serve", "--addr", address],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stderr is not None
        ready, _, _ = select.select([process.stderr], [], [], 60)
        first = process.stderr.readline() if ready else "(nothing in 60 s)"
    finally:
        process.terminate()
        process.communicate(timeout=60)
    assert first == (
        "serve: 0.0.0.0 is not a loopback address: the site is then reachable from other "
        "machines (the default, 127.0.0.1, is not)\n"
    )


# Each room's own guard, beside the command's check of every input (the same rule, for a caller
# that is not the command line): a project at tmp_path whose file leads out.


def hostile_folder(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """``tmp_path/project/<name>`` (a folder), and a secret file outside the project."""
    folder = tmp_path / "project" / name
    folder.mkdir(parents=True)
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET_TEXT, encoding="utf-8")
    return folder, secret


def test_the_pages_never_read_an_asset_that_leads_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.i18n.catalogs import languages
    from generator.paths import OutsideError
    from generator.site import render

    assets, secret = hostile_folder(tmp_path, "docs_src/assets")
    (assets / "golf-site.js").symlink_to(secret)
    monkeypatch.setattr(render, "ASSETS", assets)
    with pytest.raises(OutsideError, match=r"^docs_src/assets/golf-site\.js \(a symlink\) leads"):
        render.render_language(languages()[0])


def test_a_catalog_that_leads_out_is_never_read(tmp_path: Path) -> None:
    from generator.i18n.catalogs import Language, translations
    from generator.paths import OutsideError

    locales, secret = hostile_folder(tmp_path, "locales")
    (locales / "nl" / "LC_MESSAGES").mkdir(parents=True)
    (locales / "nl" / "LC_MESSAGES" / "messages.po").symlink_to(secret)
    language = Language("nl", "Nederlands", "nl", True, locales=locales)
    with pytest.raises(OutsideError, match=r"^locales/nl/LC_MESSAGES/messages\.po \(a symlink\)"):
        translations(language)


def test_approve_never_reads_or_writes_through_a_folder_that_leads_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.i18n.catalogs import languages
    from generator.paths import OutsideError
    from generator.site import approval

    approved, _ = hostile_folder(tmp_path, "docs_src/approved")
    outside = tmp_path / "outside"
    outside.mkdir()
    (approved / "nl").symlink_to(outside)
    monkeypatch.setattr(approval, "APPROVED", approved)
    with pytest.raises(OutsideError, match=r"^docs_src/approved/nl/index\.txt leads outside"):
        approval.approve(languages(), "nl", "index")
    assert not list(outside.iterdir())
    with pytest.raises(OutsideError, match=r"^docs_src/approved/nl/index\.txt leads outside"):
        list(approval.approved_problems(languages()[1], "index", "text"))
