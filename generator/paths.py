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
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

ROOT = Path(__file__).resolve().parent.parent
"""The repository (the folder that holds ``generator/``)."""


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
    resolved = path.resolve()
    if not resolved.is_relative_to(root.resolve()):
        raise ValueError(f"{text!r} leads outside the repository (a symlink); {how}")
    return path


PACKAGE = Path(__file__).resolve().parent
"""The ``generator`` package: its data is committed (or installed) and written only when a
command is told to in so many words."""


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
