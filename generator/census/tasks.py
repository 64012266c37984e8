"""A census task: what a worker solves, what it sends back, and how much work one holds.

A task is a run of deal numbers of one shard under one rule set. The worker solves them and
packs the answer (:class:`Solved`): the rows already formatted for the partial file, the two
columns as bytes, the CPU time and the task's slowest deals. So the driver does no work per
deal: it appends text and copies bytes, and keeps up with a cluster of many threads.

Tasks are sized by work, never by dividing the deals among the workers: a rule set's first
tasks hold :data:`FIRST_TASK` deals; after that each holds about ``task_seconds`` (default
:data:`TASK_SECONDS`) of CPU at the rule set's cost per deal measured so far in the run
(:class:`Sizer`). Long enough that the scheduler's cost per task (a few milliseconds) is
lost in it; short enough that a shard is many tasks and a stopped run loses little.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Sequence
from dataclasses import dataclass

from generator.census.format import BEST_NONE, code_for, deal_of, parse_rule_set
from generator.census.report import SLOWEST
from generator.patience.rules import RuleSet
from generator.patience.solver import fits_table, verdict

TASK_SECONDS = 2.0
"""About how many CPU seconds of solving a task holds (the issue's 1-5 s)."""
FIRST_TASK = 8
"""The deals in a rule set's tasks before any of them has come back with its cost."""
MAX_TASK = 50_000
"""The most deals in one task, however cheap the rule set's deals are."""
PER_THREAD = 2
"""Tasks in flight per worker thread: one solving, one waiting for it."""

Result = tuple[int, bool, int | None, float, int]
"""A solved deal: number, winnable, best removals (or ``None``), CPU milliseconds, positions."""


def window(threads: int) -> int:
    """How many tasks a run keeps in flight on ``threads`` worker threads."""
    return PER_THREAD * max(1, threads)


@dataclass(frozen=True)
class Solved:
    """A task's answer, packed on the worker."""

    numbers: Sequence[int]
    """The deals solved, in the order of the columns (a ``range`` when they follow on)."""
    winnable: bytes
    best: bytes
    """Best removals, :data:`~generator.census.format.BEST_NONE` where not asked."""
    rows: str
    """The partial file's rows for these deals (``number,code,verdict,best_removals``)."""
    cpu_ms: float
    slowest: tuple[tuple[float, int, int], ...]
    """The task's slowest solves: (CPU milliseconds, minus the deal number, positions)."""


def row_text(number: int, rule_set: RuleSet, won: bool, removals: int | None) -> str:
    verdict_text = "winnable" if won else "unwinnable"
    best_text = "" if removals is None else str(removals)
    return f"{number},{code_for(number, rule_set)},{verdict_text},{best_text}\n"


def pack(rule_set: RuleSet, numbers: Sequence[int], results: Sequence[Result]) -> Solved:
    """The answer of a task that solved ``numbers`` into ``results`` (in that order)."""
    slowest: list[tuple[float, int, int]] = []
    for number, _, _, cpu_ms, nodes in results:
        item = (cpu_ms, -number, nodes)
        if len(slowest) < SLOWEST:
            heapq.heappush(slowest, item)
        else:
            heapq.heappushpop(slowest, item)
    return Solved(
        numbers,
        bytes(int(won) for _, won, _, _, _ in results),
        bytes(BEST_NONE if best is None else best for _, _, best, _, _ in results),
        "".join(row_text(n, rule_set, won, best) for n, won, best, _, _ in results),
        sum(result[3] for result in results),
        tuple(slowest),
    )


def solve_chunk(rule_set_name: str, numbers: Sequence[int], best: bool) -> Solved:
    """A task: solve deals ``numbers`` under the rule set named ``rule_set_name``.

    Module-level and given plain values, so any executor can ship it (a Dask worker imports
    this module). CPU time is the solving thread's own (``time.thread_time``: right on Dask's
    threads too).
    """
    rule_set = parse_rule_set(rule_set_name)
    fits = fits_table(rule_set)
    found = []
    for number in numbers:
        deal = deal_of(number, rule_set)
        start = time.thread_time()
        winnable, best_removals, nodes = verdict(deal, rule_set, best=best, fits=fits)
        found.append((number, winnable, best_removals, (time.thread_time() - start) * 1000, nodes))
    return pack(rule_set, numbers, found)


class Sizer:
    """How many deals a rule set's next task holds: :data:`FIRST_TASK` until a task has come
    back, then ``seconds`` of CPU at the mean cost per deal measured so far; or ``fixed``."""

    def __init__(self, seconds: float = TASK_SECONDS, fixed: int | None = None) -> None:
        self.seconds, self.fixed = seconds, fixed
        self.deals = 0
        self.cpu_ms = 0.0

    def measured(self, solved: Solved) -> None:
        self.deals += len(solved.numbers)
        self.cpu_ms += solved.cpu_ms

    def size(self) -> int:
        if self.fixed is not None:
            return self.fixed
        if not self.deals:
            return FIRST_TASK
        per_deal = max(self.cpu_ms / self.deals, 1e-3)
        return max(1, min(MAX_TASK, round(self.seconds * 1000 / per_deal)))


def numbers_of(numbers: list[int]) -> Sequence[int]:
    """``numbers`` as a ``range`` when they follow on (a few bytes to ship, whatever the size)."""
    if numbers and numbers[-1] - numbers[0] == len(numbers) - 1:
        return range(numbers[0], numbers[-1] + 1)
    return tuple(numbers)
