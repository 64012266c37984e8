"""Census data a reviewer can trust: summaries checked, a sample drawn by ``check``, and a full
re-verification.

- :func:`summary_problems`: every shard's summary equals what its rows give, and a
  census folder holds no file its manifest does not list.
- :func:`sample_problems`: ``check`` re-solves a sample of every shard, drawn from the
  shard's digest and a salt of its own (random per run unless
  ``$GOLF_CENSUS_SALT`` replays one): never from what the file says of itself. The
  sample is large enough that a falsification of :data:`FALSIFIED` of one shard's
  rows (0.5%) is caught with probability at least :data:`CAUGHT` (99%) per run
  (:func:`sample_size`: the exact hypergeometric count).
- :func:`verify_census`: ``python -m generator census-verify``, every row re-solved
  through the census runner (every core, progress, resumable), then compared.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import TextIO

from generator.census.executors import open_executor
from generator.census.format import (
    BEST_NONE,
    CENSUS_DIR,
    SHARD_SIZE,
    SUMMARY_SUFFIX,
    CensusError,
    shard_ranges,
    where,
)
from generator.census.reader import (
    Census,
    available_census,
    load_census,
    read_manifest,
    stray_files,
)
from generator.census.runner import CensusJob, census_command, results
from generator.census.summary import Summary, differences, read_summary
from generator.census.tasks import TASK_SECONDS
from generator.patience.rules import RuleSet

SALT_VARIABLE = "GOLF_CENSUS_SALT"
"""Set it to replay the sample a failed census check drew."""
FALSIFIED = 0.005
"""The share of one shard's rows whose falsification the sample must catch..."""
CAUGHT = 0.99
"""... with at least this probability per run."""


def sample_size(rows: int, falsified: float = FALSIFIED, caught: float = CAUGHT) -> int:
    """The fewest rows to draw (without replacement) from ``rows`` so that, when
    ``ceil(falsified * rows)`` of them are false, at least one is drawn with probability
    ``caught``: the hypergeometric chance of missing them all, worked out exactly.

    >>> sample_size(100_000), sample_size(10_000), sample_size(100)
    (915, 878, 99)
    """
    bad = max(1, math.ceil(falsified * rows))
    miss = 1.0
    for drawn in range(rows - bad + 1):
        if miss <= 1 - caught:
            return drawn
        miss *= (rows - bad - drawn) / (rows - drawn)
    return rows - bad + 1 if rows - bad + 1 <= rows else rows


def summary_problems(folder: Path = CENSUS_DIR) -> Iterator[str]:
    """One ``file:line`` problem per summary that does not say what its shard's rows give, and
    per file a manifest does not list."""
    try:
        rule_sets = available_census(folder)
    except CensusError as error:
        yield str(error)
        return
    for rule_set in rule_sets:
        try:
            census = load_census(rule_set, folder)
            strays = stray_files(folder, rule_set)
        except CensusError as error:
            yield str(error)
            continue
        for path in strays:
            yield (
                f"{where(path)}:1: not listed in {where(census.path / 'manifest.txt')}: a census "
                "folder holds only its manifest's shards and their summaries"
            )
        for shard in census.shards:
            path = shard.path.with_name(shard.path.name.removesuffix(".csv.gz") + SUMMARY_SUFFIX)
            found = Summary.of_columns(
                str(rule_set), shard.first, shard.winnable, shard.best, shard.digest
            )
            try:
                said, lines = read_summary(path)
            except CensusError as error:
                yield str(error)
                continue
            yield from differences(said, lines, found, path)


PURE_PYTHON_ROWS = 16
"""The rows drawn from each shard where the C search is not built: the pure-Python solver is
about 100 times slower, and the full sample (about 900 rows a shard) would take ``check`` some
3 hours; 16 rows a shard take it minutes, and catch a shard with 0.5% of its rows falsified
about one time in 13 instead of 99 in 100 (``check`` says so)."""


def _draw(census: Census, salt: str, rows: int | None = None) -> list[int]:
    """The rows ``check`` re-solves, shard by shard: drawn by a generator seeded with the
    shard's digest and ``salt``; :func:`sample_size` of each, or ``rows``."""
    indexes = []
    offset = 0
    for shard in census.shards:
        seed = hashlib.sha256(f"{shard.digest}:{salt}".encode()).digest()
        chooser = random.Random(int.from_bytes(seed, "big"))
        count = len(shard.winnable)
        size = sample_size(count) if rows is None else min(rows, count)
        indexes += sorted(offset + i for i in chooser.sample(range(count), size))
        offset += count
    return indexes


def sample_problems(
    folder: Path = CENSUS_DIR,
    salt: str | None = None,
    workers: int | None = None,
    executor: Executor | str | None = "open",
    rows: int | None = None,
) -> Iterator[str]:
    """Re-solve ``check``'s sample of every census shard; one ``file:line`` problem per row the
    solver does not agree with. ``salt`` (random when ``None``) and the shards' digests alone
    choose the rows; ``rows`` a shard if given (:data:`PURE_PYTHON_ROWS`), else enough to catch
    a falsified 0.5% of a shard 99 times in 100."""
    salt = salt if salt is not None else f"{random.SystemRandom().getrandbits(64):016x}"
    replay = f"sample salt {salt}: {SALT_VARIABLE}={salt} python -m generator check --only census"
    try:
        censuses = [load_census(rule_set, folder) for rule_set in available_census(folder)]
    except CensusError as error:
        yield str(error)
        return
    workers = workers or len(os.sched_getaffinity(0))
    with _executor(executor, workers) as pool:
        for census in censuses:
            drawn = _draw(census, salt, rows)
            numbers = [census.first + i for i in drawn]
            chunk = max(1, min(50, len(numbers) // (workers * 8) or 1))
            tasks = [tuple(numbers[i : i + chunk]) for i in range(0, len(numbers), chunk)]
            found: dict[int, tuple[bool, int | None]] = {}
            for solved in results(
                str(census.rule_set), tasks, True, pool, threading.Event(), workers
            ):
                found.update(
                    (number, (bool(won), None if best == BEST_NONE else best))
                    for number, won, best in zip(
                        solved.numbers, solved.winnable, solved.best, strict=True
                    )
                )
            for number in numbers:
                yield from _disagreement(census, number, found[number], replay)


def _executor(executor: Executor | str | None, workers: int):  # type: ignore[no-untyped-def]
    import contextlib

    if isinstance(executor, str):
        return open_executor("local", workers)
    return contextlib.nullcontext(executor)


def _disagreement(
    census: Census, number: int, result: tuple[bool, int | None], replay: str
) -> Iterator[str]:
    index = number - census.first
    path, line = census.located(index)
    row = census.row(index)
    winnable, best = result
    if winnable != row.winnable:
        yield (
            f"{where(path)}:{line}: {row.code} is recorded {row.verdict} on {census.rule_set}, "
            f"the solver says {'winnable' if winnable else 'unwinnable'} ({replay})"
        )
    elif census.best[index] != BEST_NONE and best != row.best_removals:
        yield (
            f"{where(path)}:{line}: {row.code} is recorded with best_removals {row.best_removals} "
            f"on {census.rule_set}, the solver finds {best} ({replay})"
        )


def verify_census(
    folder: Path,
    rule_sets: list[RuleSet],
    work: Path,
    *,
    workers: int | None,
    executor: str,
    scheduler: str | None,
    err: TextIO,
    out: TextIO,
    stop: threading.Event | None = None,
    task_seconds: float = TASK_SECONDS,
) -> int:
    """Re-solve every row of ``folder``'s census (of ``rule_sets``, or all) into ``work``
    (resumable: run it again to go on), then compare row by row; print one ``file:line`` per
    difference. 0 when every row holds, 1 if not."""
    rule_sets = rule_sets or available_census(folder)
    if not rule_sets:
        raise CensusError(f"{where(folder)}: no census to verify")
    wrong = 0
    for rule_set in rule_sets:
        manifest = read_manifest(folder / str(rule_set), rule_set)
        size = _shard_size_of(manifest.shards, manifest.first, manifest.last)
        job = CensusJob(
            manifest.first,
            manifest.last,
            (rule_set,),
            workers,
            work,
            manifest.header["best"] == "on",
            f"python -m generator census-verify --rules {rule_set}",
            executor=executor,
            scheduler=scheduler,
            shard_size=size,
            task_seconds=task_seconds,
        )
        (report,) = census_command(job, err=err, stop=stop)
        recorded = load_census(rule_set, folder)
        solved = load_census(rule_set, work)
        differing = [
            i
            for i in range(len(recorded))
            if (recorded.winnable[i], recorded.best[i]) != (solved.winnable[i], solved.best[i])
        ]
        for index in differing[:20]:
            path, line = recorded.located(index)
            mine, theirs = recorded.row(index), solved.row(index)
            print(
                f"{where(path)}:{line}: {mine.code} is recorded {mine.verdict} "
                f"(best {mine.best_removals}); re-solved: {theirs.verdict} "
                f"(best {theirs.best_removals})",
                file=out,
            )
        wrong += len(differing)
        print(
            f"{rule_set}: {len(recorded)} rows re-solved, {len(differing)} differ"
            + (
                f" (CPU {report.cpu_seconds_now:.1f} s, wall {report.wall_seconds:.1f} s)"
                if not report.skipped
                else " (solved in an earlier run)"
            ),
            file=out,
        )
    return 1 if wrong else 0


def _shard_size_of(shards: tuple[tuple[int, int], ...], first: int, last: int) -> int:
    """The shard size that cuts ``first``..``last`` into ``shards`` (so the re-solved shards
    line up with the recorded ones); :data:`SHARD_SIZE` if none does."""
    for size in (SHARD_SIZE, shards[0][1] - shards[0][0] + 1, shards[0][1]):
        if size >= 1 and tuple(shard_ranges(first, last, size)) == shards:
            return size
    return SHARD_SIZE
