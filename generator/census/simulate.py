"""The census runner measured at scale without the CPU: a stand-in solve, and what a run keeps a
Dask cluster doing, measured on its scheduler.

- :class:`StandIn` is a task that does not solve: for each deal it takes the cost measured
  for it (a sample of real solves' CPU milliseconds, :func:`measure_costs`, cycled over the
  deal numbers) and the committed census's verdict and best result, and sleeps for the sum
  of the costs. So a cluster of a hundred threads on a two-core machine is kept as busy as
  a real one would be, and the rows it writes are the committed ones where the committed
  census has them.
- :class:`generator.census.inflight.InFlight` is a scheduler plugin: how many tasks were in
  flight at most and on average, how many ran, and how long they computed.

``scripts/bench_census_cluster.py`` drives the runner with both; ``tests/census`` too.
"""

from __future__ import annotations

import gzip
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.atomic import write_bytes_atomic
from generator.census.format import (
    BEST_NONE,
    CENSUS_DIR,
    CensusError,
    deal_of,
    parse_rule_set,
    where,
)
from generator.census.reader import load_census
from generator.census.tasks import Result, pack
from generator.patience.rules import RuleSet
from generator.patience.solver import fits_table, verdict

_COSTS: dict[str, tuple[float, ...]] = {}
_ROWS: dict[tuple[str, str], tuple[int, bytes, bytes]] = {}


def _time_deals(job: tuple[str, int, int]) -> list[float]:
    name, first, last = job
    rule_set = parse_rule_set(name)
    fits = fits_table(rule_set)
    costs = []
    for number in range(first, last + 1):
        deal = deal_of(number, rule_set)
        start = time.thread_time()
        verdict(deal, rule_set, best=True, fits=fits)
        costs.append((time.thread_time() - start) * 1000)
    return costs


def measure_costs(rule_set: RuleSet, first: int, last: int, workers: int, command: str) -> bytes:
    """The CPU milliseconds of the census's solve (verdict and best result) of each deal
    ``first``..``last``, timed in the solving thread on ``workers`` processes: a costs file's
    bytes (gzip; ``# `` header lines with the command, then one cost a line)."""
    blocks = [(str(rule_set), a, min(last, a + 199)) for a in range(first, last + 1, 200)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        costs = [cost for block in pool.map(_time_deals, blocks) for cost in block]
    head = f"# made by: {command}\n# rules: {rule_set}\n# deals: {first}-{last}\n"
    body = "".join(f"{cost:.3f}\n" for cost in costs)
    return gzip.compress((head + body).encode(), mtime=0)


def write_costs(path: Path, data: bytes) -> None:
    write_bytes_atomic(path, data)


def read_costs(path: Path) -> tuple[float, ...]:
    """A costs file's costs, in deal order; :class:`CensusError` naming ``file:line`` if it is
    not one."""
    try:
        text = gzip.decompress(path.read_bytes()).decode("ascii")
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise CensusError(f"{where(path)}:1: not a gzip file of costs ({error})") from None
    costs = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("# "):
            continue
        try:
            cost = float(line)
        except ValueError:
            cost = -1.0
        if not 0 <= cost < 3_600_000:
            raise CensusError(f"{where(path)}:{number}: not a cost in milliseconds: {line[:40]!r}")
        costs.append(cost)
    if not costs:
        raise CensusError(f"{where(path)}:1: no costs")
    return tuple(costs)


@dataclass(frozen=True)
class StandIn:
    """A census task that sleeps for each deal's measured cost instead of solving it.

    Deal ``n`` costs the sample's ``(n - first) % len``-th cost and gets the committed
    census's row ``(n - 1) % len + 1`` (``census``: the folder of a census holding the rule
    set). ``packed``: return a :class:`~generator.census.tasks.Solved`, as this tree's runner
    takes; else the list of results f2dfb61's runner took.
    """

    costs: str
    census: str = str(CENSUS_DIR)
    packed: bool = True
    sleep: bool = True
    """``False``: report the costs without sleeping them (a test of how tasks are sized)."""

    def __call__(self, rule_set_name: str, numbers: Sequence[int], best: bool) -> Any:
        costs = self._costs()
        first, winnable, best_column = self._rows(rule_set_name)
        results: list[Result] = []
        for number in numbers:
            index = (number - first) % len(winnable)
            removals = best_column[index] if best else BEST_NONE
            cost = costs[(number - first) % len(costs)]
            results.append(
                (
                    number,
                    bool(winnable[index]),
                    None if removals == BEST_NONE else removals,
                    cost,
                    0,
                )
            )
        if self.sleep:
            time.sleep(sum(result[3] for result in results) / 1000)
        if not self.packed:
            return results
        return pack(parse_rule_set(rule_set_name), numbers, results)

    def _costs(self) -> tuple[float, ...]:
        if self.costs not in _COSTS:
            _COSTS[self.costs] = read_costs(Path(self.costs))
        return _COSTS[self.costs]

    def _rows(self, rule_set_name: str) -> tuple[int, bytes, bytes]:
        key = (self.census, rule_set_name)
        if key not in _ROWS:
            census = load_census(parse_rule_set(rule_set_name), Path(self.census))
            _ROWS[key] = (census.first, bytes(census.winnable), bytes(census.best))
        return _ROWS[key]
