"""What a process works out from files, kept in ``_build/cache/`` for the next process.

Each entry is the result of a pure function (a page's text from its Markdown,
the messages extracted from the sources, a census file's columns) filed under
the checksum of everything the result depends on: its input bytes, the source
of the code that computes it and the versions of the libraries it uses. A
different input is a different key, so an entry is never stale; it is only
ever unused, and each kind keeps its newest :data:`KEEP` entries.

Nothing depends on the cache: a read-only checkout, a full disk or a damaged
entry (each holds the checksum of its bytes) only means the work is done
again (``GOLF_NO_CACHE=1`` turns it off; ``0`` or empty leaves it on; ``GOLF_CACHE_DIR`` puts
it elsewhere).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import os
import platform
import time
from pathlib import Path

from generator.atomic import write_bytes_atomic
from generator.paths import ROOT

CACHE_DIR = ROOT / "_build" / "cache"
KEEP = 200
"""How many entries of one kind are kept (the newest)."""
OFF = "GOLF_NO_CACHE"
DIR_VARIABLE = "GOLF_CACHE_DIR"
"""Set to a folder, the cache lives there instead of :data:`CACHE_DIR` (the test suite shares
one among the copies of the project its tests make: an entry is filed under the checksum of its
inputs, so copies with the same bytes share it)."""


def key(*parts: bytes | str | Path) -> str:
    """The checksum of ``parts``: bytes and text as they are, a path by its bytes."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.read_bytes() if isinstance(part, Path) else part
        data = data.encode("utf-8") if isinstance(data, str) else data
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()[:40]


@functools.cache  # what is installed does not change while a process runs
def versions(*distributions: str) -> str:
    """Python's version and the installed versions of ``distributions``, for a key."""
    found = [f"python={platform.python_implementation()}-{platform.python_version()}"]
    for name in distributions:
        try:
            found.append(f"{name}={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name}=?")
    return ",".join(found)


def folder_for(kind: str) -> Path:
    """Where entries of ``kind`` live (``$GOLF_CACHE_DIR`` or ``_build/cache/``), even with the
    cache turned off: for a tool that needs a folder of its own (zig's)."""
    return Path(os.environ.get(DIR_VARIABLE) or CACHE_DIR) / kind


def _folder(kind: str, cache_dir: Path | None) -> Path | None:
    if os.environ.get(OFF, "") not in ("", "0"):
        return None
    return (cache_dir or Path(os.environ.get(DIR_VARIABLE) or CACHE_DIR)) / kind


def get(kind: str, entry: str, cache_dir: Path | None = None) -> bytes | None:
    """The bytes kept as ``entry`` of ``kind``; ``None`` if there are none."""
    folder = _folder(kind, cache_dir)
    if folder is None:
        return None
    try:
        data = (folder / entry).read_bytes()
    except OSError:
        return None
    checksum, _, payload = data.partition(b"\n")
    if checksum != _checksum(kind, entry, payload):
        return None  # damaged (or not written by this module): worked out again
    with contextlib.suppress(OSError):
        os.utime(folder / entry)  # used: among the newest again
    return payload


def _checksum(kind: str, entry: str, payload: bytes) -> bytes:
    """The checksum an entry starts with: of its bytes, and of its kind and name (an entry
    copied under another name is not that entry)."""
    digest = hashlib.sha256(f"{kind}/{entry}\0".encode())
    digest.update(payload)
    return digest.hexdigest()[:32].encode()


def put(
    kind: str, entry: str, data: bytes, cache_dir: Path | None = None, replaces: str = ""
) -> None:
    """Keep ``data`` as ``entry`` of ``kind`` (written whole or not at all).

    ``replaces``: the other entries whose names start with it are dropped (what
    was kept of an earlier version of the same file).
    """
    folder = _folder(kind, cache_dir)
    if folder is None:
        return
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(folder / entry, _checksum(kind, entry, data) + b"\n" + data)
        if replaces:
            for old in folder.iterdir():
                if old.name.startswith(replaces) and old.name != entry:
                    old.unlink(missing_ok=True)
        entries = []
        for path in folder.iterdir():
            if not path.name.startswith("."):
                entries.append(path)
            elif time.time() - path.stat().st_mtime > 3600:
                path.unlink(missing_ok=True)  # a writer killed mid-way an hour ago or more
        if len(entries) > KEEP:
            entries.sort(key=lambda path: path.stat().st_mtime_ns)
            for old in entries[: len(entries) - KEEP]:
                old.unlink(missing_ok=True)
