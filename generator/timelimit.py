"""Time limits: a claim or a two-path check that never returns costs one line, not a hang.

``check`` (and so ``build``) plays every claim and runs every second-path check; one that
loops forever (a claim's situation that can never end, an engine change that makes a loop
endless) would hold the build, ``check`` and the tests until they were killed.
:func:`time_limit` runs a block with a limit: past it, the block is stopped with
:class:`TimeLimitExceeded`, whose message names what was stopped, and the caller reports it
as one problem line.

The limit counts the running thread's **CPU time** (``pthread_getcpuclockid``), so a busy
machine, where a block gets a small share of a core, does not make it fire; a block that
waits (on a process, a lock, a pipe) uses no CPU, so a wall-clock ceiling of
:data:`WALL_FACTOR` times the limit stops it too. A watchdog thread watches the clock and
stops the block by raising an exception in its thread (``PyThreadState_SetAsyncExc``), which
works in any thread (a worker process's, a Dask worker's thread, pytest's) and leaves the
process's signals alone (pytest-timeout keeps SIGALRM for the tests' own limits). Python
checks for such an exception between bytecodes: a block stuck inside one call of C code
(the solver's C search) stops when that call returns.

>>> with time_limit(5, "a quick sum"):
...     total = sum(range(10))
>>> total
45
"""

from __future__ import annotations

import ctypes
import threading
import time
from types import TracebackType

from generator.patience.errors import GolfError

CLAIM_SECONDS = 10.0
"""The CPU seconds one claim (or one page's facts) may take: the slowest takes about 1.1 s
(the examples' facts, 2026-12-03)."""
CHECK_SECONDS = 60.0
"""The CPU seconds one second-path check of one page may take (the slowest: a few seconds)."""
WALL_FACTOR = 20.0
"""The wall-clock ceiling, as a multiple of the CPU limit, for a block that waits."""
_POLL = 0.05


class TimeLimitExceeded(GolfError):
    """A block ran past its time limit and was stopped; the message names it."""


class _Expired(BaseException):
    """Raised inside the stopped block: a BaseException, so that a block's own ``except
    Exception`` does not swallow it and go on."""


def _thread_clock(ident: int) -> int | None:
    """The clock of thread ``ident``'s CPU time (None where the platform has none)."""
    try:
        return time.pthread_getcpuclockid(ident)
    except (AttributeError, OSError):
        return None


def _raise_in(ident: int, exception: type[BaseException] | None) -> None:
    """Raise ``exception`` in thread ``ident`` at its next bytecode (None: clear a pending one)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(ident), ctypes.py_object(exception) if exception else ctypes.c_void_p()
    )


class time_limit:
    """Run the ``with`` block with a limit of ``seconds`` of its thread's CPU time (and
    ``WALL_FACTOR`` times as much wall-clock time); past it the block stops with
    :class:`TimeLimitExceeded`: ``"<what> did not finish within <seconds> s"``."""

    def __init__(self, seconds: float, what: str) -> None:
        self.seconds = seconds
        self.what = what
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._fired = False
        self._ident = 0

    def __enter__(self) -> time_limit:
        self._ident = threading.get_ident()
        clock = _thread_clock(self._ident)
        cpu_start = time.clock_gettime(clock) if clock is not None else 0.0
        wall_start = time.monotonic()

        def watch() -> None:
            while not self._done.wait(_POLL):
                cpu = time.clock_gettime(clock) - cpu_start if clock is not None else 0.0
                wall = time.monotonic() - wall_start
                if (
                    cpu > self.seconds
                    or wall > self.seconds * WALL_FACTOR
                    or (clock is None and wall > self.seconds)
                ):
                    with self._lock:
                        if not self._done.is_set():
                            self._fired = True
                            _raise_in(self._ident, _Expired)
                    return

        threading.Thread(target=watch, name=f"time limit: {self.what}", daemon=True).start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        with self._lock:
            self._done.set()
            if self._fired:
                _raise_in(self._ident, None)  # not yet delivered: it never will be
        if self._fired and (kind is None or issubclass(kind, _Expired)):
            raise TimeLimitExceeded(
                f"{self.what} did not finish within {self.seconds:g} s"
            ) from None
