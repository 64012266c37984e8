"""``python -m generator census``: solve a range of deals under each rule set, shard by shard.

The driver is one loop that feeds the workers (:func:`_run_all`). Every rule set's shards
are one stream of tasks (:mod:`.tasks`: each about two seconds of solving, sized by what
the rule set's deals have cost so far), and the loop keeps :func:`~.tasks.window` of them in
flight: a few per worker thread, the threads asked of a Dask cluster's scheduler. A task's
rows go to its shard's ``<range>.partial`` as they come back, in any order; when a shard's
last task is back its columns go to a writer thread, which writes the shard in deal order
(``<range>.csv.gz``, atomically) with its summary and removes the partial file, while the
loop goes on feeding the next shard's and the next rule set's tasks. A rule set's manifest
is written after its last shard.

Memory holds the columns (two bytes a deal) of the shards with tasks in flight or waiting
for the writer, a few at a time, so it does not grow with the range. A rerun of the same
command skips the complete shards and the rows of the partial ones, whichever executor
made them; a killed run loses at most the rows being solved.

Tasks go to any :class:`concurrent.futures.Executor` (:mod:`.executors`). Only verdict and
best result reach the rows; the CPU times (``time.thread_time``, the solving thread's own)
and the positions searched go to the report.
"""

from __future__ import annotations

import contextlib
import datetime
import gzip
import hashlib
import heapq
import math
import os
import queue
import re
import shlex
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, TypeVar

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
    parse_header_line,
    parse_row,
    shard_name,
    shard_ranges,
    where,
)
from generator.census.reader import Shard, read_manifest, read_shard
from generator.census.report import SLOWEST, Progress, RunReport
from generator.census.summary import Summary, differences, read_summary
from generator.census.tasks import (
    TASK_SECONDS,
    Sizer,
    Solved,
    numbers_of,
    row_text,
    solve_chunk,
    window,
)
from generator.patience.deal import MAX_NUMBER
from generator.patience.rules import RuleSet
from generator.patience.solver import NO_FAST_SEARCH, has_fast_search

UNSOLVED = 2
"""A shard column's value for a deal not solved yet."""
Tag = TypeVar("Tag")
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
    workers: int | None
    """Local: the pool's processes; Dask: a local cluster's processes, or with ``scheduler`` the
    worker threads to feed (``None``: every core; with ``scheduler``, asked of it)."""
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
    task_seconds: float = TASK_SECONDS
    """About how many CPU seconds of solving a task holds (:class:`~.tasks.Sizer`)."""
    task: Callable[[str, Sequence[int], bool], Solved] = solve_chunk
    """What a task runs (module-level, so any executor can ship it): the solve, or the
    stand-in of :mod:`generator.census.simulate`."""

    @property
    def work_folder(self) -> Path:
        return self.work if self.work is not None else self.folder

    @property
    def processes(self) -> int:
        """The local pool's or local cluster's processes: ``workers``, else every core."""
        return self.workers or len(os.sched_getaffinity(0))

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
        if self.workers is not None and self.workers < 1:
            raise CensusError(f"--workers {self.workers}: need at least 1")
        if not 0 < self.task_seconds <= 3600:
            raise CensusError(
                f"--task-seconds {self.task_seconds:g}: need more than 0, at most 3600"
            )


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
        reports: dict[RuleSet, RunReport] = {}
        todo = []
        for rule_set in job.rule_sets:
            folder = job.folder / str(rule_set)
            if _complete(folder, job.first, job.last, rule_set, err):
                reports[rule_set] = RunReport(
                    str(rule_set),
                    where(folder),
                    f"{job.first}-{job.last}",
                    0,
                    0,
                    0,
                    0.0,
                    0.0,
                    job.workers or 0,
                    job.executor,
                    skipped=True,
                )
            else:
                todo.append(rule_set)
        if todo:
            pool: Executor | None
            if isinstance(executor, str):
                # every file it would write through refused before a worker starts (a pool
                # ended as soon as it was made has been seen to hang under load)
                for rule_set in todo:
                    work = job.work_folder / str(rule_set)
                    for path in (
                        job.folder / str(rule_set),
                        work,
                        *work.glob(f"*{PARTIAL_SUFFIX}"),
                    ):
                        _own(path)
                pool = stack.enter_context(
                    open_executor(job.executor, job.processes, job.scheduler)
                )
            else:
                pool = executor
            threads = _Threads(job, pool, err)
            runs = [_start_rule_set(job, rule_set, threads.now) for rule_set in todo]
            for run in _run_all(job, runs, pool, threads, stop, err):
                reports[run.rule_set] = run.report()
        return [reports[rule_set] for rule_set in job.rule_sets]


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


class _Threads:
    """How many worker threads the run feeds: told (``--workers`` with ``--scheduler``), else
    asked of the executor (a Dask cluster's scheduler, again every :data:`ASK_EVERY` seconds:
    a cluster can grow or shrink), else the job's workers. A Dask run says how many it uses,
    and again when the number changes."""

    ASK_EVERY = 5.0

    def __init__(self, job: CensusJob, pool: Executor | None, err: TextIO) -> None:
        self.job, self.err = job, err
        ask = getattr(pool, "threads", None)
        self.ask = ask if callable(ask) and not (job.scheduler and job.workers) else None
        self.source = (
            "in this process"
            if pool is None
            else f"told by --workers {job.workers}"
            if self.ask is None and job.scheduler
            else getattr(pool, "where", "the executor's")
        )
        self.count = 1 if pool is None else job.processes
        self.asked = -math.inf
        self.said = False
        self.now()
        if not self.said and job.executor == "dask":
            self.say()
        advice = getattr(pool, "advice", None)
        if callable(advice):
            for line in advice():
                print(line, file=err, flush=True)

    def now(self) -> int:
        if self.ask is not None and time.monotonic() - self.asked >= self.ASK_EVERY:
            self.asked = time.monotonic()
            count = int(self.ask())
            if count != self.count or not self.said:
                self.count = count
                if self.job.executor == "dask":
                    self.say()
        return max(1, self.count)

    def say(self) -> None:
        self.said = True
        if self.count < 1:
            print(f"census: no worker threads yet ({self.source}): waiting", file=self.err)
            return
        print(
            f"census: {self.count} worker thread(s) ({self.source}): up to "
            f"{window(self.count)} tasks in flight, each about "
            f"{self.job.task_seconds:g} s of solving",
            file=self.err,
            flush=True,
        )


@dataclass
class _RuleSetRun:
    """One rule set's run: its shards, its tasks' sizes, its tally, its report."""

    job: CensusJob
    rule_set: RuleSet
    folder: Path
    work: Path
    header: dict[str, str]
    ranges: list[tuple[int, int]]
    sizer: Sizer
    start: float
    shards_left: int = 0
    solved: int = 0
    cpu_ms: float = 0.0
    won: int = 0
    count: int = 0
    end: float = 0.0

    def __post_init__(self) -> None:
        self.shards_left = len(self.ranges)
        self.slowest: list[tuple[float, int, int]] = []

    def took(self, solved: Solved) -> None:
        self.sizer.measured(solved)
        self.solved += len(solved.numbers)
        self.cpu_ms += solved.cpu_ms
        for item in solved.slowest:
            if len(self.slowest) < SLOWEST:
                heapq.heappush(self.slowest, item)
            else:
                heapq.heappushpop(self.slowest, item)

    def report(self) -> RunReport:
        return RunReport(
            str(self.rule_set),
            where(self.folder),
            f"{self.job.first}-{self.job.last}",
            self.count,
            self.won,
            self.solved,
            self.end - self.start,
            self.cpu_ms / 1000,
            int(self.header["workers"]),
            self.job.executor,
            slowest=[(ms, code_for(-n, self.rule_set), nodes) for ms, n, nodes in self.slowest],
        )


def _start_rule_set(job: CensusJob, rule_set: RuleSet, threads: Callable[[], int]) -> _RuleSetRun:
    folder = job.folder / str(rule_set)
    _own(folder)
    folder.mkdir(exist_ok=True)
    work = job.work_folder / str(rule_set)
    if job.work is not None:
        _own(work)
        work.mkdir(parents=True, exist_ok=True)
    header = {
        "command": job.command,
        "rules": str(rule_set),
        "deals": f"{job.first}-{job.last}",
        "best": "on" if job.best else "off",
        "solver": "C search" if has_fast_search() else "Python search",
        "executor": job.executor,
        "workers": str(threads()),
    }
    ranges = shard_ranges(job.first, job.last, job.shard_size)
    sizer = Sizer(job.task_seconds, job.chunk)
    return _RuleSetRun(job, rule_set, folder, work, header, ranges, sizer, time.perf_counter())


@dataclass
class _Shard:
    """A shard being solved: its columns, its partial file, its tasks out."""

    run: _RuleSetRun
    first: int
    last: int
    winnable: bytearray
    best: bytearray
    stream: TextIO
    out: int = 0
    """Tasks submitted and not come back."""
    all_out: bool = False
    """Every deal of it is in a task submitted."""

    def take(self, solved: Solved) -> None:
        numbers = solved.numbers
        if isinstance(numbers, range):
            where_ = slice(numbers.start - self.first, numbers.stop - self.first)
            self.winnable[where_] = solved.winnable
            self.best[where_] = solved.best
        else:
            for i, number in enumerate(numbers):
                self.winnable[number - self.first] = solved.winnable[i]
                self.best[number - self.first] = solved.best[i]
        self.stream.write(solved.rows)
        self.stream.flush()
        self.out -= 1
        self.run.took(solved)


class _Writer:
    """A thread that writes what is complete (shards, summaries, manifests) in the order it is
    given, off the path that feeds the workers; its first error is raised in the driver."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._loop, name="census-writer", daemon=True)
        self.thread.start()

    def put(self, job: Callable[[], None]) -> None:
        self.jobs.put(job)

    def _loop(self) -> None:
        while (job := self.jobs.get()) is not None:
            if self.error is None:
                try:
                    job()
                except BaseException as error:  # handed to the driver
                    self.error = error

    def check(self) -> None:
        if self.error is not None:
            raise self.error

    def close(self) -> None:
        """Write everything given so far, then end."""
        self.jobs.put(None)
        self.thread.join()


def _run_all(
    job: CensusJob,
    runs: list[_RuleSetRun],
    pool: Executor | None,
    threads: _Threads,
    stop: threading.Event,
    err: TextIO,
) -> list[_RuleSetRun]:
    """Solve every rule set's shards as one stream of tasks: the next shard's and the next rule
    set's tasks go out while a shard is written."""
    todo = sum(_left(run.folder, run.work, a, b) for run in runs for a, b in run.ranges)
    progress = Progress(todo, err)
    writer = _Writer()
    open_shards: list[_Shard] = []
    calls = (
        (shard, (str(shard.run.rule_set), numbers, job.best))
        for shard, numbers in _tasks(runs, writer, err, open_shards)
    )
    try:
        flow = _flow(pool, job.task, calls, lambda: window(threads.now()), stop, writer.check)
        with contextlib.closing(flow):
            for shard, solved in flow:
                shard.take(solved)
                progress.add(len(solved.numbers))
                if shard.all_out and shard.out == 0:
                    open_shards.remove(shard)
                    _finish(shard, writer)
    finally:
        for shard in open_shards:
            shard.stream.close()
        writer.close()
    writer.check()
    return runs


def _flow(
    pool: Executor | None,
    task: Callable[..., Solved],
    calls: Iterator[tuple[Tag, tuple[Any, ...]]],
    room: Callable[[], int],
    stop: threading.Event,
    each_pass: Callable[[], None] = lambda: None,
) -> Generator[tuple[Tag, Solved], None, None]:
    """``task(*arguments)`` for each ``(tag, arguments)`` of ``calls``, with ``room()`` tasks
    in flight at most, counted before each is submitted (not all: a range of millions would
    hold millions of futures); each answer with its tag as it comes back. :class:`Stopped`
    when ``stop`` is set; ``each_pass`` is called at every pass (the writer's error)."""
    executor = pool if pool is not None else _InProcess()
    pending: dict[Future[Solved], Tag] = {}
    exhausted = False
    try:
        while True:
            each_pass()
            while not exhausted and len(pending) < room():
                item = next(calls, None)
                if item is None:
                    exhausted = True
                    break
                tag, arguments = item
                pending[executor.submit(task, *arguments)] = tag
            if not pending:
                return
            done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            if stop.is_set():
                raise Stopped
            for future in done:
                yield pending.pop(future), future.result()
    finally:
        for future in pending:
            future.cancel()


class _InProcess(Executor):
    """Tasks run at once in this process (a local run on one worker)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def _tasks(
    runs: list[_RuleSetRun], writer: _Writer, err: TextIO, open_shards: list[_Shard]
) -> Iterator[tuple[_Shard, Sequence[int]]]:
    """Every task of the run, rule set by rule set, shard by shard, each sized when it is due
    (so it follows what the rule set's tasks have cost so far). A complete shard is checked,
    and a shard whose deals are all solved written, by ``writer``."""
    for run in runs:
        for first, last in run.ranges:
            shard = _open_shard(run, first, last, writer, err)
            if shard is None:
                continue
            open_shards.append(shard)
            unsolved = [first + i for i, won in enumerate(shard.winnable) if won == UNSOLVED]
            at = 0
            while at < len(unsolved):
                numbers = unsolved[at : at + run.sizer.size()]
                at += len(numbers)
                shard.all_out = at >= len(unsolved)
                shard.out += 1
                yield shard, numbers_of(numbers)
            if not unsolved:
                open_shards.remove(shard)
                shard.all_out = True
                _finish(shard, writer)


def _open_shard(
    run: _RuleSetRun, first: int, last: int, writer: _Writer, err: TextIO
) -> _Shard | None:
    """Shard ``first``..``last`` of ``run`` to solve on from its partial file; ``None`` when it
    is complete (``writer`` then reads it and checks its summary)."""
    rule_set = run.rule_set
    name = shard_name(first, last)
    path = run.folder / f"{name}{DATA_SUFFIX}"
    summary_path = run.folder / f"{name}{SUMMARY_SUFFIX}"
    partial = run.work / f"{name}{PARTIAL_SUFFIX}"
    for written in (path, summary_path, partial):
        _own(written)
    if path.exists():

        def keep() -> None:
            shard = read_shard(path, rule_set, first, last)
            _keep_summary(shard, str(rule_set), summary_path)
            _counted(run, shard)

        writer.put(keep)
        return None
    size = last - first + 1
    winnable = bytearray([UNSOLVED]) * size
    best = bytearray([BEST_NONE]) * size
    partial_header = {"rules": str(rule_set), "deals": name, "best": run.header["best"]}
    if partial.exists():
        solved = _read_partial(partial, rule_set, first, last, partial_header, winnable, best)
        if solved and solved < size:
            print(f"census: {where(partial)}: {solved} deals already solved, going on", file=err)
    stream = partial.open("a", encoding="utf-8")
    if stream.tell() == 0:
        stream.write("".join(f"# {k}: {v}\n" for k, v in partial_header.items()))
        stream.write(COLUMNS_HEADER + "\n")
        stream.flush()
    return _Shard(run, first, last, winnable, best, stream)


def _finish(shard: _Shard, writer: _Writer) -> None:
    """Hand a shard whose deals are all solved to ``writer``: written whole in deal order, with
    its summary, then its partial file removed."""
    shard.stream.close()
    run = shard.run
    name = shard_name(shard.first, shard.last)
    winnable, best = bytes(shard.winnable), bytes(shard.best)

    def write() -> None:
        written = _write_shard(
            run.folder / f"{name}{DATA_SUFFIX}", run.rule_set, shard.first, winnable, best
        )
        _keep_summary(written, str(run.rule_set), run.folder / f"{name}{SUMMARY_SUFFIX}")
        (run.work / f"{name}{PARTIAL_SUFFIX}").unlink()
        _counted(run, written)

    writer.put(write)


def _counted(run: _RuleSetRun, shard: Shard) -> None:
    """In the writer: count a written or kept shard; after a rule set's last, its manifest."""
    run.won += shard.winnable.count(1)
    run.count += len(shard.winnable)
    run.shards_left -= 1
    if run.shards_left == 0:
        _write_manifest(
            run.folder, {**run.header, "made": datetime.date.today().isoformat()}, run.ranges
        )
        run.end = time.perf_counter()


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


def results(
    rule_set: str,
    tasks: Iterable[Sequence[int]],
    best: bool,
    pool: Executor | None,
    stop: threading.Event,
    threads: int,
) -> Iterator[Solved]:
    """Each task's answer as it comes, with :func:`~generator.census.tasks.window` tasks in
    flight at most; :class:`Stopped` when ``stop`` is set."""
    calls = ((None, (rule_set, numbers, best)) for numbers in tasks)
    with contextlib.closing(_flow(pool, solve_chunk, calls, lambda: window(threads), stop)) as flow:
        for _, solved in flow:
            yield solved


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
                row_text(
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
    if not job.keep_larger:
        print(
            f"check it where it is: python -m generator check --census {shlex.quote(str(job.folder))}",
            file=out,
        )
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
