"""The package as others get it: an sdist with the whole source tree (so its tests run), and a
wheel that, installed in a fresh venv, builds, checks and updates the catalogs of a project of
its own (its ``mkdocs.yml``, ``docs_src/``, ``locales/`` in a folder far from the package).

Both build with the registry's setuptools (pyproject.toml's build requirement), as pip does; the
venv installs the wheel's dependencies from the registry (pip's cache makes that quick).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from generator.paths import ROOT, checkout_files

pytestmark = pytest.mark.xdist_group("packaging")

SITE_FILES = ("mkdocs.yml", "babel.cfg", "docs_src", "locales", "tests/golden")
"""A project's own files: what a user of the installed package keeps (the seed pages that
locales/languages.yaml names live in tests/golden)."""


def copy_site_files(folder: Path) -> Path:
    """A project of its own in ``folder``: a copy of the checkout's :data:`SITE_FILES`."""
    for name in SITE_FILES:
        source, target = ROOT / name, folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copy2(source, target)
    return folder


def run(
    *command: str | Path, cwd: Path, timeout: int = 600, more_env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.pop("GOLF_PROJECT", None)
    env.pop("GOLF_NO_C_SEARCH", None)
    env.update(more_env or {})
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def built(kind: str, out: Path) -> Path:
    """``python -m build --<kind>`` of a clean copy of the checkout (no ``*.egg-info`` left by
    an editable install, whose SOURCES.txt setuptools would add to the sdist) into ``out``;
    the file it made."""
    tree = clean_tree(out.parent / f"{out.name}-tree")
    done = run(sys.executable, "-m", "build", f"--{kind}", "--outdir", out, tree, cwd=tree)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (made,) = out.iterdir()
    return made


def clean_tree(tree: Path) -> Path:
    """A copy of the checkout's files in ``tree``."""
    for name in checkout_files(ROOT):
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    return tree


def test_an_install_that_cannot_build_the_c_search_says_so_in_a_line(tmp_path: Path) -> None:
    """Without a working C compiler the wheel's build fails with one line that says why and
    how to go on (an optional extension used to fail without a word, and check then took
    hours); ``GOLF_NO_C_SEARCH=1`` builds a wheel without the C search, on purpose."""
    tree = clean_tree(tmp_path / "tree")
    command = (sys.executable, "-m", "build", "--wheel", "--outdir", tmp_path / "dist", tree)
    failed = run(*command, cwd=tree, more_env={"CC": "/bin/false"})
    assert failed.returncode != 0
    said = [
        line
        for line in (failed.stdout + failed.stderr).splitlines()
        if line.startswith("error: the solver's C search could not be built")
    ]
    assert len(said) == 1, failed.stdout[-2000:] + failed.stderr[-2000:]
    assert "apt install gcc python3-dev" in said[0] and "GOLF_NO_C_SEARCH=1" in said[0]
    assert not (tmp_path / "dist").exists() or not list((tmp_path / "dist").iterdir())
    skipped = run(*command, cwd=tree, more_env={"CC": "/bin/false", "GOLF_NO_C_SEARCH": "1"})
    assert skipped.returncode == 0, skipped.stdout[-2000:] + skipped.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").iterdir()
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if name.endswith((".so", ".pyd"))]


def test_the_sdist_holds_every_file_of_the_source_tree(tmp_path: Path) -> None:
    sdist = built("sdist", tmp_path / "dist")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    missing = sorted(set(checkout_files(ROOT)) - names)
    assert not missing, f"the sdist lacks {missing[:20]}"
    built_output = sorted(n for n in names if n.endswith((".so", ".mo")) or n.startswith("site/"))
    assert not built_output, f"the sdist holds built output: {built_output}"


def test_an_installed_wheel_works_on_a_project_of_its_own(tmp_path: Path) -> None:
    wheel = built("wheel", tmp_path / "dist")
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    installed = run(python, "-m", "pip", "install", "--quiet", wheel, cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr[-3000:]
    project = copy_site_files(tmp_path / "my-help-site")
    script = env / "bin" / "golf-docs"
    version = run(script, "--version", cwd=project)
    assert version.returncode == 0 and "golf-rules-generator" in version.stdout, version

    build = run(script, "build", cwd=project)
    assert build.returncode == 0, build.stderr[-3000:]
    assert (project / "site" / "nl" / "rules" / "index.html").is_file()
    package = Path(
        run(python, "-c", "import generator; print(generator.__file__)", cwd=tmp_path).stdout
    ).parent
    assert not (package.parent / "site").exists() and not (package.parent / "mkdocs.yml").exists()

    # the same from elsewhere, with --project; and a folder that is not a project is refused
    check = run(
        python, "-m", "generator", "--project", project, "check", "--only",
        "examples,catalogs,safety", cwd=tmp_path,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout[-3000:] + check.stderr[-3000:]
    refused = run(script, "--project", tmp_path, "build", cwd=project)
    assert refused.returncode == 2 and refused.stderr.startswith("error: --project "), refused
    for command in ("build", "check"):  # no project here nor above, no --project: one line
        lost = run(script, command, cwd=tmp_path)
        assert lost.returncode == 1, lost
        assert lost.stderr.startswith("error: no project here: ") and lost.stderr.count("\n") == 1
        assert "no mkdocs.yml" in lost.stderr and "--project DIR" in lost.stderr, lost.stderr

    before = {p: p.read_bytes() for p in (project / "locales").rglob("*.po*")}
    update = run(script, "catalog", "update", cwd=project)
    assert update.returncode == 0, update.stderr[-3000:]
    changed = [p for p, text in before.items() if p.read_bytes() != text]
    assert not changed, f"catalog update from the installed package changed {changed}"
