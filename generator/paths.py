"""Paths that configuration and data files name: inside the repository, or refused.

A file named by ``locales/languages.yaml`` (a seed page) or by a data file is
read and compared, and what differs is printed; a path that leads elsewhere
(``/proc/self/environ``, ``../../secrets``, a symlink out) would print another
file's contents into a CI log. Every such path is relative, has no ``..``, and
resolves (symlinks followed) inside the repository.

>>> inside_repository("tests/golden/nl.txt").name
'nl.txt'
>>> inside_repository("/etc/passwd")
Traceback (most recent call last):
...
ValueError: '/etc/passwd' is an absolute path; name a file of the repository, relative to it
>>> inside_repository("tests/../../secret")
Traceback (most recent call last):
...
ValueError: 'tests/../../secret' has a '..'; name a file of the repository, relative to it

Every other file a command reads from the project or writes into it (templates, assets, the
theme's folder, catalogs, approved texts, data, work files) is held to the same rule
(:func:`outside`, :func:`project_file`, :func:`project_tree`): after its symlinks are followed it
lies inside the project and outside its hidden folders, or the command refuses it in one line
before it reads it (so no message can print another file's contents). A symlink that stays
inside the project is fine.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath, PureWindowsPath

from generator.patience.errors import GolfError

PACKAGE = Path(__file__).resolve().parent
"""The ``generator`` package: its data is committed (or installed) and written only when a
command is told to in so many words."""

PROJECT_VARIABLE = "GOLF_PROJECT"
"""The environment variable that names the project folder (``--project DIR`` sets it)."""

PROJECT_FILES = ("mkdocs.yml", "locales/languages.yaml", "docs_src")
"""What makes a folder a project of the site: its configuration, languages and page sources."""


def is_project(folder: Path) -> bool:
    """Whether ``folder`` holds a site's project files (:data:`PROJECT_FILES`)."""
    return all((folder / name).exists() for name in PROJECT_FILES)


def find_project(start: Path | None = None, environ: Mapping[str, str] = os.environ) -> Path:
    """The project the commands work on (its ``mkdocs.yml``, ``docs_src/``, ``locales/``, the
    approved texts, ``_build/`` and ``site/``), not the package's location:

    1. the folder ``$GOLF_PROJECT`` names (``--project DIR``), as it is;
    2. else the nearest folder holding the project files, from ``start`` (the current folder)
       upward;
    3. else the checkout the package runs from, if it is one;
    4. else ``start``: a command that needs a project file then says which one is missing.

    The package's own data (``generator/data/``) is found beside its code (:data:`PACKAGE`),
    wherever it is installed.
    """
    named = environ.get(PROJECT_VARIABLE)
    if named:
        return Path(named).expanduser().resolve()
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if is_project(folder):
            return folder
    if is_project(PACKAGE.parent):
        return PACKAGE.parent
    return here


ROOT = find_project()
"""The project (see :func:`find_project`); in a checkout, the repository."""


def inside_repository(text: str, root: Path = ROOT) -> Path:
    """The file ``text`` names, relative to ``root``; :class:`ValueError` saying why if it
    is absolute, climbs with ``..`` or resolves (through a symlink) outside ``root``."""
    how = "name a file of the repository, relative to it"
    if (
        PurePosixPath(text).is_absolute()
        or PureWindowsPath(text).is_absolute()
        or PureWindowsPath(text).drive
        or text.startswith("~")
    ):
        raise ValueError(f"{text!r} is an absolute path; {how}")
    parts = PurePosixPath(text.replace("\\", "/")).parts
    if ".." in parts:
        raise ValueError(f"{text!r} has a '..'; {how}")
    if any(part.startswith(".") for part in parts):
        # .git/config, .env: a file of the checkout, but none of the project's own
        raise ValueError(f"{text!r} is inside a hidden folder or file; {how}")
    path = root / text
    why = outside(path, root)
    if why == "leads outside the project":
        raise ValueError(f"{text!r} leads outside the repository (a symlink); {how}")
    if why:
        raise ValueError(f"{text!r} {why}; {how}")
    return path


class OutsideError(GolfError):
    """A file a command would read or write lies outside the project (:func:`project_file`)."""


def outside(path: Path, root: Path = ROOT) -> str | None:
    """Why ``path``, once its symlinks are followed, is no file of the project at ``root``
    (``None``: it is one): it lies outside ``root``, or inside a hidden folder of it (``.git``,
    ``.env``). The one rule for every file a command reads from the project or writes into it.

    >>> outside(ROOT / "mkdocs.yml") is None, outside(Path("/etc/passwd"))
    (True, 'leads outside the project')
    >>> outside(ROOT / ".git" / "config")
    "leads into the project's hidden '.git'"
    """
    base = root.resolve()
    resolved = path.resolve()
    if not resolved.is_relative_to(base):
        return "leads outside the project"
    hidden = next((p for p in resolved.relative_to(base).parts if p.startswith(".")), None)
    if hidden is not None:
        return f"leads into the project's hidden {hidden!r}"
    return None


def project_file(path: Path, root: Path = ROOT, where: str | None = None) -> Path:
    """``path`` (a file or folder of the project at ``root``) if :func:`outside` finds nothing
    wrong, else :class:`OutsideError`, one line that names ``where`` (a ``file:line`` that named
    the path) or the path itself, and never reads the file.

    >>> try:
    ...     project_file(Path("/proc/self/environ"), where="mkdocs.yml:27")
    ... except OutsideError as error:
    ...     print(str(error).split("; ")[0])
    mkdocs.yml:27: '/proc/self/environ' leads outside the project
    """
    why = outside(path, root)
    if why is None:
        return path
    if where is None:
        shown_path = _relative(path, root)
        link = " (a symlink)" if path.is_symlink() else ""
        raise OutsideError(f"{shown_path}{link} {why}; {_RULE}")
    raise OutsideError(f"{where}: {_relative(path, root)!r} {why}; {_RULE}")


_RULE = "a command reads and writes only files of the project"


def _relative(path: Path, root: Path) -> str:
    """``path`` as messages name it: relative to ``root``'s project (or to the folder that holds
    the package, for its data), else as it is."""
    absolute = Path(os.path.abspath(path))
    for base in (root if root != PACKAGE else PACKAGE.parent, ROOT, PACKAGE.parent):
        if absolute.is_relative_to(base):
            return str(absolute.relative_to(base))
    return str(path)


def project_tree(folder: Path, root: Path = ROOT) -> None:
    """:func:`project_file` on ``folder`` and on every symlink in it, at any depth (a folder a
    symlink names is walked too, once): :class:`OutsideError` for the first that leads out.
    A folder that does not exist holds nothing to refuse."""
    todo = [folder]
    seen: set[Path] = set()
    while todo:
        top = todo.pop()
        if not top.exists() and not top.is_symlink():
            continue
        project_file(top, root)
        real = top.resolve()
        if real in seen or not real.is_dir():
            continue
        seen.add(real)
        for here, folders, files in os.walk(top, followlinks=False):
            for name in sorted((*folders, *files)):
                entry = Path(here, name)
                if entry.is_symlink():
                    project_file(entry, root)
                    if entry.is_dir():
                        todo.append(entry)


PROJECT_INPUTS = ("mkdocs.yml", "babel.cfg", "locales", "docs_src", "tests/golden", "_build")
"""What the commands read from the project (and ``_build/``, where they write their work): each
must be, and hold, nothing but files of the project (:func:`project_tree`). Not ``site/``: the
output folder may be a symlink (``build --site`` has its own rule)."""


def project_inputs(root: Path = ROOT) -> None:
    """:func:`project_tree` on :data:`PROJECT_INPUTS` and on the package's data (its own
    folder, wherever it is installed): :class:`OutsideError` before a command reads or writes
    anything."""
    for name in PROJECT_INPUTS:
        project_tree(root / name, root)
    project_tree(PACKAGE / "data", PACKAGE)


def in_package(path: Path) -> bool:
    """Whether ``path`` (a folder or file a command would write) lies inside the package.

    >>> in_package(PACKAGE / "data" / "census"), in_package(Path("_build/census"))
    (True, False)
    """
    return path.resolve().is_relative_to(PACKAGE)


def shown(text: str) -> str:
    """A message with the repository's (and the current folder's) absolute prefix taken off
    its paths: messages name files as the user's checkout does (``locales/nl/...:12``).

    >>> shown(f"{ROOT}/locales/nl/LC_MESSAGES/messages.po:12: bad")
    'locales/nl/LC_MESSAGES/messages.po:12: bad'
    """
    import os

    for base in (str(ROOT), os.getcwd()):
        if base and base != os.sep:
            text = text.replace(base + os.sep, "")
    return text


def checkout_files(root: Path) -> list[str]:
    """The files of the project's source tree at ``root``, relative: a git checkout's tracked
    and not ignored files (``git ls-files -co --exclude-standard``) or, in an unpacked sdist (no
    ``.git``), those its ``*.egg-info/SOURCES.txt`` lists. :class:`ValueError` if it is
    neither (what the tests and the mutation audit copy of the repository)."""
    import subprocess

    if (root / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "-co", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
        )
        if listed.returncode == 0:
            return listed.stdout.splitlines()
    for sources in sorted(root.glob("*.egg-info/SOURCES.txt")):
        return [name for name in sources.read_text(encoding="utf-8").splitlines() if name]
    raise ValueError(f"{root}: neither a git checkout nor an unpacked sdist")
