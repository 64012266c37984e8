"""Writing a file whole or not at all: the one way the project writes a file.

Every file the generator writes (catalogs, the ``.pot``, approved texts, census
and simulation data, compiled ``.mo`` files, the cache, the site's marker and
root pages) goes through :func:`atomic_file`: the bytes go to a temporary file
*in the target's own folder* (whatever ``TMPDIR`` says: a rename across file
systems is a copy onto the target), which is flushed and fsynced, then
``os.replace``\\ d over the target. A kill, a full disk or a crash mid-write
leaves the old file byte for byte as it was; the temporary file is removed on
any error, and one left by a killed process (its pid is in its name) is swept
by the next write of the same file.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

from generator.paths import ROOT

TEMPORARY_SUFFIX = ".golf-tmp"
"""How a temporary file's name ends (``.<name>.<pid>.<random>.golf-tmp``; in ``.gitignore``)."""

_CHUNK = 1 << 20

_os_write = os.write
"""``os.write``, looked up here so that a test can make the disk full."""


def shown(path: Path | str) -> str:
    """``path`` as messages show it: relative to the repository or the current folder when
    inside one of them, else as given (never an absolute path the generator made up)."""
    path = Path(path)
    for base in (ROOT, Path.cwd()):
        with contextlib.suppress(ValueError, OSError):
            return str(Path(os.path.abspath(path)).relative_to(base.resolve())) or "."
    return str(path)


def temporary_name(path: Path) -> Path:
    """A fresh temporary file's path for ``path``: the same folder, the writer's pid in it."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMPORARY_SUFFIX}")


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` is running (a zombie counts as gone)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[-1].split()[0] != b"Z"
    except OSError:
        return True


PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """A worker process's first act: end (SIGTERM, as a stopped pool ends it) when ``parent``
    dies, instead of meeting a closed pipe later (a ``BrokenPipeError`` traceback for each
    worker of a killed census). On Linux the kernel sends the signal; everywhere a thread polls
    the parent's pid (an orphan is adopted by another process), and a parent gone before this
    ran is seen at once."""
    import ctypes
    import signal
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(143)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(143)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _sweep(path: Path) -> None:
    """Remove the temporary files of ``path`` whose writer is no longer running."""
    with contextlib.suppress(OSError):
        for left in path.parent.glob(f".{path.name}.*{TEMPORARY_SUFFIX}"):
            pid = left.name[len(path.name) + 2 :].split(".", 1)[0]
            if pid.isdigit() and int(pid) != os.getpid() and not pid_alive(int(pid)):
                left.unlink(missing_ok=True)


class _Sink:
    """The temporary file, as a binary file object (``write``, ``flush``) for writers that want one."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def write(self, data: bytes | bytearray | memoryview) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            done += _os_write(self.fd, view[done : done + _CHUNK])
        return done

    def flush(self) -> None:
        """Nothing is buffered: every write goes to the file at once."""

    def writable(self) -> bool:
        return True


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[_Sink]:
    """A binary file object whose bytes become ``path`` when the block ends without an error.

    On an error (or a kill) ``path`` is left as it was and the temporary file is removed.
    A new file gets the mode ``open`` would give it; a replaced one keeps its own.
    """
    path = Path(path)
    _sweep(path)
    temporary = temporary_name(path)
    fd = -1
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, os.stat(path).st_mode & 0o7777)
        yield _Sink(fd)
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(temporary, path)
    except BaseException as error:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and error.filename in (None, str(temporary)):
            error.filename, error.filename2 = str(path), None  # the file asked for, not ours
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where a folder can be opened and synced)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` as ``path``, whole or not at all (:func:`atomic_file`)."""
    with atomic_file(path) as sink:
        sink.write(data)


def write_text_atomic(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` as ``path``, whole or not at all (:func:`atomic_file`)."""
    write_bytes_atomic(path, text.encode(encoding))


@contextlib.contextmanager
def terminated_on_sigterm() -> Iterator[None]:
    """While the block runs, SIGTERM raises :class:`~generator.patience.errors.Terminated` (so
    that every ``finally`` runs: the workers are stopped, a staging folder removed, a run's
    saved chunks said); only in the main thread."""
    import signal
    import threading

    from generator.patience.errors import Terminated

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM does not cut the cleanup
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
