"""Long computations in saved chunks, shared by the simulation and the tournament: the pool
that plays the chunks not saved yet with a progress line, and the rules of their outputs.

Each chunk is saved (atomically) by its worker as soon as it is done, so an interrupted run
(Ctrl-C, SIGTERM: exit 130 or 143, no traceback) loses no finished chunk and a rerun goes on
where it stopped; the workers end with their parent, however it ends.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from generator import bounded
from generator.atomic import die_with_parent, terminated_on_sigterm
from generator.patience.errors import Terminated


def _quiet_worker(parent: int) -> None:
    """A worker's first act: Ctrl-C is the parent's to handle; SIGTERM (what ending the pool
    sends) ends it; and it ends with its parent, killed or not, instead of meeting a closed
    pipe (a ``BrokenPipeError`` traceback for each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}m{seconds % 60:02d}s"


def play_chunks(
    label: str,
    unit: str,
    worker: Callable[[Any], int],
    todo: Sequence[Any],
    total: int,
    done: int,
    jobs: int,
    err: Any,
) -> None:
    """Give each of ``todo`` to ``worker`` (which returns how many ``unit`` it played) on
    ``jobs`` processes, ``done`` of ``total`` already saved, with a progress line on ``err``."""
    import multiprocessing

    start, played = time.monotonic(), 0
    with (
        terminated_on_sigterm(),
        multiprocessing.Pool(jobs, initializer=_quiet_worker, initargs=(os.getpid(),)) as pool,
    ):
        try:
            for count in pool.imap_unordered(worker, todo):
                played += count
                done += count
                elapsed = time.monotonic() - start
                rate = played / elapsed if elapsed else 0.0
                left = (total - done) / rate if rate else 0.0
                print(
                    f"\r{label}: {done}/{total} {unit}, {rate:.1f} {unit}/s, "
                    f"{clock(elapsed)} elapsed, {clock(left)} left ",
                    end="",
                    file=err,
                    flush=True,
                )
        except (KeyboardInterrupt, Terminated) as stopped:
            pool.terminate()
            how = "interrupted" if isinstance(stopped, KeyboardInterrupt) else "terminated"
            print(f"\n{label}: {how}; {done}/{total} {unit} saved, rerun to go on", file=err)
            raise
    print(file=err)


def committed_count(path: Path, key: str) -> int | None:
    """The count ``key`` of the figures at ``path`` (None: no file); :class:`OptionsError`
    if the file cannot be read or holds no such count."""
    from generator.sixcard.errors import OptionsError

    try:
        data = json.loads(bounded.read_text(path))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise OptionsError(f"{path}: cannot read the figures it holds: {error}") from None
    held = data.get(key) if isinstance(data, dict) else None
    if not isinstance(held, int) or isinstance(held, bool):
        raise OptionsError(f"{path}: no {key!r} count")
    return held


def outside_package(out: str | None, default: Path) -> Path:
    """``--out`` (or ``default``), refused inside the package: the committed figures are
    written only with ``--update-data``."""
    from generator.paths import in_package
    from generator.sixcard.errors import OptionsError

    path = Path(out) if out else default
    if in_package(path):
        raise OptionsError(
            f"--out {out}: that is inside the package; give --update-data to refresh the "
            "committed figures (leave out --out), or another file"
        )
    return path
