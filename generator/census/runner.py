"""``python -m generator census``: solve a range of deals under each rule set, shard by shard.

The driver streams: a shard's rows go to ``<range>.partial`` as the tasks
return them, in any order; when the shard is complete its rows are written out
in deal order (``<range>.csv.gz``, atomically) with its summary, and the
partial file goes. Only one shard's columns (two bytes a deal) are held at a
time, so memory does not grow with the range. A rerun of the same command
skips the complete shards and the rows of the partial one, whichever executor
made them; a killed run loses at most the rows being solved. The manifest is
written last, once every shard is there.

Tasks go to any :class:`concurrent.futures.Executor` (:mod:`.executors`); a
task solves a chunk of deal numbers and returns, per deal, the verdict, the
best result, the solving thread's CPU time (``time.thread_time``: right on
Dask's threads too) and the positions searched. Only verdict and best result
reach the rows; the times and counts go to the report.
"""

from __future__ import annotations

import contextlib
import datetime
import gzip
import hashlib
import heapq
import os
import re
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from generator.atomic import atomic_file, shown, write_text_atomic
from generator.census.executors import open_executor
from generator.census.format import (
    BEST_NONE,
    COLUMNS_HEADER,
    DATA_SUFFIX,
    MANIFEST,
    PARTIAL_SUFFIX,
    SHARD_SIZE,
    SUMMARY_SUFFIX,
    CensusError,
    code_for,
    deal_of,
    parse_header_line,
    parse_row,
    parse_rule_set,
    shard_name,
    shard_ranges,
    where,
)
from generator.census.reader import Shard, read_manifest, read_shard
from generator.census.report import SLOWEST, Progress, RunReport
from generator.census.summary import Summary, differences, read_summary
from generator.patience.deal import MAX_NUMBER
from generator.patience.rules import RuleSet
from generator.patience.solver import NO_FAST_SEARCH, fits_table, has_fast_search, verdict

UNSOLVED = 2
"""A shard column's value for a deal not solved yet."""
_SHARD_FILE = re.compile(r"[1-9][0-9]*-[1-9][0-9]*(\.csv\.gz|\.summary\.txt|\.partial)")


class Stopped(Exception):
    """The run was asked to stop (Ctrl-C or SIGTERM); everything solved is in the partial files."""


@dataclass(frozen=True)
class CensusJob:
    """What a census run is asked to do: deals ``first``..``last`` under each rule set, into
    ``folder``, on ``workers`` workers of ``executor`` (``local`` or ``dask``, at ``scheduler``),
    with the best result or not; ``command`` is the command line the manifests record,
    ``chunk`` the deals per task (``None``: chosen)."""

    first: int
    last: int
    rule_sets: tuple[RuleSet, ...]
    workers: int
    folder: Path
    best: bool
    command: str
    chunk: int | None = None
    keep_larger: bool = False
    """Refuse to replace a census that holds deals this run does not (``--update-data``: the
    committed census is replaced only by at least as much)."""
    executor: str = "local"
    scheduler: str | None = None
    shard_size: int = SHARD_SIZE
    work: Path | None = None
    """Where the partial files go (``<work>/<rules>/<range>.partial``); ``None``: beside the
    shards. ``--update-data`` gives ``_build/census-work/``: never beside committed data."""

    @property
    def work_folder(self) -> Path:
        return self.work if self.work is not None else self.folder

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.last:
            raise CensusError(f"bad range {self.first}-{self.last}: need 1 <= --from <= --to")
        if self.last > MAX_NUMBER:
            raise CensusError(
                f"bad range {self.first}-{self.last}: --to is past the last deal number a code "
                f"can carry ({MAX_NUMBER})"
            )
        if self.shard_size < 1:
            raise CensusError(f"shard size {self.shard_size}: need at least 1")


Result = tuple[int, bool, int | None, float, int]
"""A solved deal: number, winnable, best removals (or ``None``), CPU milliseconds, positions."""


def solve_chunk(rule_set_name: str, numbers: tuple[int, ...], best: bool) -> list[Result]:
    """A task: solve deals ``numbers`` under the rule set named ``rule_set_name``.

    Module-level and given plain values, so any executor can ship it (a Dask worker imports
    this module). CPU time is the solving thread's own.
    """
    rule_set = parse_rule_set(rule_set_name)
    fits = fits_table(rule_set)
    found = []
    for number in numbers:
        deal = deal_of(number, rule_set)
        start = time.thread_time()
        winnable, best_removals, nodes = verdict(deal, rule_set, best=best, fits=fits)
        found.append((number, winnable, best_removals, (time.thread_time() - start) * 1000, nodes))
    return found


def census_command(
    job: CensusJob,
    *,
    err: TextIO,
    stop: threading.Event | None = None,
    executor: Executor | str | None = "open",
) -> list[RunReport]:
    """Solve ``job``'s deals under each rule set into its folder; resumable.

    ``executor``: an executor of the caller's (any :class:`~concurrent.futures.Executor`;
    ``None``: in this process), or by default the one ``job.executor`` names, opened here.
    When ``stop`` is set (the CLI sets it on Ctrl-C and SIGTERM) the run stops, raising
    :class:`Stopped` and losing nothing solved.
    """
    stop = stop or threading.Event()
    if job.keep_larger:
        for rule_set in job.rule_sets:
            _refuse_less(job.folder / str(rule_set), job.first, job.last, rule_set)
    job.folder.mkdir(parents=True, exist_ok=True)
    with _only_run(job.folder), contextlib.ExitStack() as stack:
        pool: Executor | None
        if isinstance(executor, str):
            pool = None
            opened = False
        else:
            pool, opened = executor, True
        reports = []
        for rule_set in job.rule_sets:
            folder = job.folder / str(rule_set)
            if _complete(folder, job.first, job.last, rule_set, err):
                reports.append(
                    RunReport(
                        str(rule_set),
                        where(folder),
                        f"{job.first}-{job.last}",
                        0,
                        0,
                        0,
                        0.0,
                        0.0,
                        job.workers,
                        job.executor,
                        skipped=True,
                    )
                )
                continue
            if not opened:
                # every file it would write through refused before a worker starts (a pool
                # ended as soon as it was made has been seen to hang under load)
                work = job.work_folder / str(rule_set)
                for path in (folder, work, *work.glob(f"*{PARTIAL_SUFFIX}")):
                    _own(path)
                pool = stack.enter_context(open_executor(job.executor, job.workers, job.scheduler))
                opened = True
            reports.append(_run_rule_set(job, rule_set, err, stop, pool))
        return reports


@contextlib.contextmanager
def _only_run(folder: Path) -> Iterator[None]:
    """Hold a lock on ``folder`` itself (no file is left there); :class:`CensusError` at once if
    another run holds it."""
    import fcntl

    handle = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise CensusError(
                f"{where(folder)}: another census run is writing into this folder; wait for it "
                "to finish (then run the same command to go on), or give another --out"
            ) from None
        yield
    finally:
        os.close(handle)  # releases the lock


def _refuse_less(folder: Path, first: int, last: int, rule_set: RuleSet) -> None:
    """Raise :class:`CensusError` if the census in ``folder`` holds a deal outside ``first``..``last``."""
    if not (folder / MANIFEST).exists():
        return
    manifest = read_manifest(folder, rule_set)
    if first > manifest.first or last < manifest.last:
        raise CensusError(
            f"{where(folder)} holds deals {manifest.first}-{manifest.last}; deals {first}-{last} "
            f"would replace it with fewer: run over at least {manifest.first}-{manifest.last}, "
            "or write elsewhere with --out DIR (and without --update-data)"
        )


def _complete(folder: Path, first: int, last: int, rule_set: RuleSet, err: TextIO) -> bool:
    """Whether the census in ``folder`` holds exactly ``first``..``last`` already."""
    if not (folder / MANIFEST).exists():
        return False
    manifest = read_manifest(folder, rule_set)
    if (manifest.first, manifest.last) == (first, last):
        return True
    print(
        f"census: {where(folder)} holds deals {manifest.first}-{manifest.last}; its manifest is "
        f"replaced when deals {first}-{last} are complete",
        file=err,
    )
    return False


def _own(path: Path) -> None:
    """Refuse to write through a symbolic link (a resume truncates and appends)."""
    if path.is_symlink():
        raise CensusError(
            f"{shown(path)} is a symbolic link (to {where(path)}); a census writes only files "
            "of its own"
        )


@dataclass
class _Tally:
    """What a rule set's run has done so far, for its report."""

    solved: int = 0
    cpu_ms: float = 0.0
    won: int = 0
    count: int = 0

    def __post_init__(self) -> None:
        self.slowest: list[tuple[float, int, int]] = []

    def add(self, result: Result) -> None:
        number, _, _, cpu_ms, nodes = result
        self.solved += 1
        self.cpu_ms += cpu_ms
        item = (cpu_ms, -number, nodes)
        if len(self.slowest) < SLOWEST:
            heapq.heappush(self.slowest, item)
        else:
            heapq.heappushpop(self.slowest, item)


def _run_rule_set(
    job: CensusJob, rule_set: RuleSet, err: TextIO, stop: threading.Event, pool: Executor | None
) -> RunReport:
    folder = job.folder / str(rule_set)
    _own(folder)
    folder.mkdir(exist_ok=True)
    header = {
        "command": job.command,
        "rules": str(rule_set),
        "deals": f"{job.first}-{job.last}",
        "best": "on" if job.best else "off",
        "solver": "C search" if has_fast_search() else "Python search",
        "executor": job.executor,
        "workers": str(job.workers),
    }
    ranges = shard_ranges(job.first, job.last, job.shard_size)
    work = job.work_folder / str(rule_set)
    if job.work is not None:
        _own(work)
        work.mkdir(parents=True, exist_ok=True)
    todo = sum(_left(folder, work, first, last) for first, last in ranges)
    progress = Progress(todo, err, label=str(rule_set))
    tally = _Tally()
    run = _RuleSetRun(job, rule_set, folder, work, header, pool, stop, progress, tally, err)
    start = time.perf_counter()
    for first, last in ranges:
        shard = _run_shard(run, (first, last))
        tally.won += shard.winnable.count(1)
        tally.count += len(shard.winnable)
    wall = time.perf_counter() - start
    _write_manifest(folder, {**header, "made": datetime.date.today().isoformat()}, ranges)
    return RunReport(
        str(rule_set),
        where(folder),
        f"{job.first}-{job.last}",
        tally.count,
        tally.won,
        tally.solved,
        wall,
        tally.cpu_ms / 1000,
        job.workers,
        job.executor,
        slowest=[(ms, code_for(-n, rule_set), nodes) for ms, n, nodes in tally.slowest],
    )


def _left(folder: Path, work: Path, first: int, last: int) -> int:
    """About how many deals of shard ``first``..``last`` are still to solve (for the progress)."""
    name = shard_name(first, last)
    if (folder / f"{name}{DATA_SUFFIX}").exists():
        return 0
    partial = work / f"{name}{PARTIAL_SUFFIX}"
    if not partial.exists() or partial.is_symlink():
        return last - first + 1
    with partial.open("rb") as stream:
        rows = sum(1 for line in stream if line[:1].isdigit() and line.endswith(b"\n"))
    return max(0, last - first + 1 - rows)


@dataclass
class _RuleSetRun:
    """What every shard of one rule set's run shares."""

    job: CensusJob
    rule_set: RuleSet
    folder: Path
    work: Path
    header: dict[str, str]
    pool: Executor | None
    stop: threading.Event
    progress: Progress
    tally: _Tally
    err: TextIO


def _run_shard(run: _RuleSetRun, span: tuple[int, int]) -> Shard:
    """Shard ``span`` of ``run``: reused when it is complete, else solved on from its partial
    file and written whole, with its summary."""
    job, rule_set, folder, tally = run.job, run.rule_set, run.folder, run.tally
    first, last = span
    name = shard_name(first, last)
    path = folder / f"{name}{DATA_SUFFIX}"
    summary_path = folder / f"{name}{SUMMARY_SUFFIX}"
    partial = run.work / f"{name}{PARTIAL_SUFFIX}"
    for written in (path, summary_path, partial):
        _own(written)
    if path.exists():
        shard = read_shard(path, rule_set, first, last)
        _keep_summary(shard, str(rule_set), summary_path)
        return shard
    size = last - first + 1
    winnable = bytearray([UNSOLVED]) * size
    best = bytearray([BEST_NONE]) * size
    partial_header = {"rules": str(rule_set), "deals": name, "best": run.header["best"]}
    if partial.exists():
        solved = _read_partial(partial, rule_set, first, last, partial_header, winnable, best)
        if solved and solved < size:
            print(
                f"census: {where(partial)}: {solved} deals already solved, going on", file=run.err
            )
    numbers = [first + i for i in range(size) if winnable[i] == UNSOLVED]
    chunk = job.chunk or max(1, min(100, len(numbers) // (job.workers * 20) or 1))
    tasks = [tuple(numbers[i : i + chunk]) for i in range(0, len(numbers), chunk)]
    with partial.open("a", encoding="utf-8") as stream:
        if stream.tell() == 0:
            stream.write("".join(f"# {k}: {v}\n" for k, v in partial_header.items()))
            stream.write(COLUMNS_HEADER + "\n")
            stream.flush()
        for results in _results(str(rule_set), tasks, job.best, run.pool, run.stop, job.workers):
            lines = []
            for result in results:
                number, won, removals, _, _ = result
                winnable[number - first] = won
                best[number - first] = BEST_NONE if removals is None else removals
                lines.append(_row_text(number, rule_set, won, removals))
                tally.add(result)
            stream.write("".join(lines))
            stream.flush()
            run.progress.add(len(results))
    shard = _write_shard(path, rule_set, first, winnable, best)
    _keep_summary(shard, str(rule_set), summary_path)
    partial.unlink()
    return shard


def _row_text(number: int, rule_set: RuleSet, won: bool, removals: int | None) -> str:
    verdict_text = "winnable" if won else "unwinnable"
    best_text = "" if removals is None else str(removals)
    return f"{number},{code_for(number, rule_set)},{verdict_text},{best_text}\n"


def _results(
    rule_set: str,
    tasks: list[tuple[int, ...]],
    best: bool,
    pool: Executor | None,
    stop: threading.Event,
    workers: int,
) -> Iterator[list[Result]]:
    """Each task's results as they come, with a few tasks per worker in flight (not all: a
    range of millions would hold millions of futures); :class:`Stopped` when ``stop`` is set."""
    if pool is None:
        for task in tasks:
            if stop.is_set():
                raise Stopped
            yield solve_chunk(rule_set, task, best)
        return
    pending: set[Future[list[Result]]] = set()
    queue = iter(tasks)
    in_flight = max(4, 4 * workers)
    try:
        while True:
            for task in queue:
                pending.add(pool.submit(solve_chunk, rule_set, task, best))
                if len(pending) >= in_flight:
                    break
            if not pending:
                return
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            if stop.is_set():
                raise Stopped
            for future in done:
                yield future.result()
    finally:
        for future in pending:
            future.cancel()


def _read_partial(
    partial: Path,
    rule_set: RuleSet,
    first: int,
    last: int,
    header: dict[str, str],
    winnable: bytearray,
    best: bytearray,
) -> int:
    """Fill the columns from ``partial``; a last line cut short by a kill is dropped from the
    file. Return how many rows it held."""
    name = where(partial)
    data = partial.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        with partial.open("r+b") as stream:
            stream.truncate(keep)
        data = data[:keep]
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise CensusError(f"{name}:1: not UTF-8 text; delete it to start again") from None
    seen_columns = False
    count = 0
    for line_number, text in enumerate(lines, start=1):
        if not seen_columns:
            if text == COLUMNS_HEADER:
                seen_columns = True
                continue
            pair = parse_header_line(text)
            if pair is None:
                raise CensusError(f"{name}:{line_number}: not a census header line: {text[:80]!r}")
            key, value = pair
            if key in header and value != header[key]:
                raise CensusError(
                    f"{name}:{line_number}: a run with {key} {value[:40]!r} was interrupted here, "
                    f"this one has {key} {header[key]!r}; finish that run or delete the file"
                )
            continue
        try:
            row = parse_row(text, rule_set)
        except CensusError as error:
            raise CensusError(f"{name}:{line_number}: {error}") from None
        if not first <= row.number <= last or winnable[row.number - first] != UNSOLVED:
            raise CensusError(
                f"{name}:{line_number}: deal {row.number} is outside {first}-{last} or "
                "repeated; delete the file to start again"
            )
        winnable[row.number - first] = row.winnable
        best[row.number - first] = BEST_NONE if row.best_removals is None else row.best_removals
        count += 1
    return count


def _write_shard(
    path: Path, rule_set: RuleSet, first: int, winnable: bytes | bytearray, best: bytes | bytearray
) -> Shard:
    """Write a complete shard atomically, its rows in deal order, a block at a time."""
    last = first + len(winnable) - 1
    digest = hashlib.sha256()
    head = f"# rules: {rule_set}\n# deals: {shard_name(first, last)}\n{COLUMNS_HEADER}\n"
    with atomic_file(path) as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as stream:
        stream.write(head.encode())
        for start in range(0, len(winnable), 10_000):
            block = "".join(
                _row_text(
                    first + i,
                    rule_set,
                    bool(winnable[i]),
                    None if best[i] == BEST_NONE else best[i],
                )
                for i in range(start, min(len(winnable), start + 10_000))
            ).encode()
            digest.update(block)
            stream.write(block)
    return Shard(path, first, bytes(winnable), bytes(best), digest.hexdigest())


def _keep_summary(shard: Shard, rules: str, path: Path) -> None:
    """Write the shard's summary, or, if one is there, require it to agree with the rows."""
    summary = Summary.of_columns(rules, shard.first, shard.winnable, shard.best, shard.digest)
    if not path.exists():
        summary.write(path)
        return
    said, lines = read_summary(path)
    problems = differences(said, lines, summary, path)
    if problems:
        raise CensusError(
            f"{problems[0]}; the shard and its summary disagree: delete both to solve it again"
        )


def _write_manifest(folder: Path, header: dict[str, str], ranges: list[tuple[int, int]]) -> None:
    """Write the manifest (atomically), then remove the shard files it no longer lists."""
    lines = [
        f"# The census of {header['rules']}: its shards in order. Made by the command below;",
        "# python -m generator check compares each shard with its summary.",
        *(f"{key}: {value}" for key, value in header.items()),
        *(f"shard: {shard_name(first, last)}" for first, last in ranges),
    ]
    write_text_atomic(folder / MANIFEST, "".join(line + "\n" for line in lines))
    listed = {
        f"{shard_name(first, last)}{suffix}"
        for first, last in ranges
        for suffix in (DATA_SUFFIX, SUMMARY_SUFFIX)
    }
    for path in folder.iterdir():
        if _SHARD_FILE.fullmatch(path.name) and path.name not in listed and not path.is_dir():
            path.unlink()


def run_census(job: CensusJob, *, out: TextIO, err: TextIO) -> int:
    """``python -m generator census``: run, stop cleanly on Ctrl-C or SIGTERM, print the report."""
    if not has_fast_search():
        print(f"census: {NO_FAST_SEARCH}", file=err, flush=True)
    stop = threading.Event()
    previous = {
        sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        reports = census_command(job, err=err, stop=stop)
    except Stopped:
        print(
            f"census: stopped; every deal solved so far is kept in {where(job.work_folder)}/*/"
            f"*{PARTIAL_SUFFIX}: run the same command again to go on",
            file=err,
        )
        return 130
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    for report in reports:
        for line in report.lines():
            print(line, file=out)
    return 0


def write_census(
    folder: Path,
    rule_set: RuleSet,
    first: int,
    winnable: bytes,
    best: bytes,
    header: dict[str, str],
    shard_size: int = SHARD_SIZE,
) -> None:
    """Write a whole census of ``rule_set`` (deals ``first``.. with these columns) into
    ``folder``'s folder for it: shards, summaries, and the manifest with ``header``'s keys
    (what a conversion or a test makes without solving)."""
    place = folder / str(rule_set)
    place.mkdir(parents=True, exist_ok=True)
    last = first + len(winnable) - 1
    ranges = shard_ranges(first, last, shard_size)
    for a, b in ranges:
        columns = slice(a - first, b - first + 1)
        shard = _write_shard(
            place / f"{shard_name(a, b)}{DATA_SUFFIX}",
            rule_set,
            a,
            winnable[columns],
            best[columns],
        )
        Summary.of_columns(str(rule_set), a, shard.winnable, shard.best, shard.digest).write(
            place / f"{shard_name(a, b)}{SUMMARY_SUFFIX}"
        )
    _write_manifest(place, {"rules": str(rule_set), "deals": f"{first}-{last}", **header}, ranges)
