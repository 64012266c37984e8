"""Long computations in saved chunks, shared by the simulation and the tournament: the pool
that plays the chunks not saved yet with a progress line, and the rules of their outputs.

Each chunk is saved (atomically) by its worker as soon as it is done, so an interrupted run
(Ctrl-C) loses no finished chunk and a rerun goes on where it stopped.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from generator import bounded


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C


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
    with multiprocessing.Pool(jobs, initializer=_quiet_worker) as pool:
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
        except KeyboardInterrupt:
            pool.terminate()
            print(f"\n{label}: interrupted; {done}/{total} {unit} saved, rerun to go on", file=err)
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
