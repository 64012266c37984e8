"""The census keeps a cluster busy: a window of a few tasks per worker thread that holds on every
executor, tasks sized by work and not by the workers, and on a Dask cluster of more worker
threads than this machine has cores, every thread at work (counted on the scheduler).

The Dask test runs the stand-in solve (``generator.census.simulate.StandIn``): it sleeps for
each deal's measured cost (``tests/data/census-costs-classic.txt.gz``) and answers the
committed census's rows, so sixteen threads are kept busy on two cores and the rows written
can be held to the committed ones."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from generator.census import CENSUS_DIR
from generator.census.runner import CensusJob, census_command
from generator.census.simulate import StandIn, read_costs
from generator.census.tasks import FIRST_TASK, window
from generator.patience import Rules, RuleSet
from tests.census.own_python import in_a_python_of_its_own, main

CLASSIC = RuleSet.of(Rules.CLASSIC)
COSTS = Path(__file__).parents[1] / "data" / "census-costs-classic.txt.gz"


class Quiet:
    def __init__(self) -> None:
        self.text: list[str] = []

    def write(self, text: str) -> int:
        self.text.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def committed_rows(first: int, last: int) -> list[str]:
    text = gzip.decompress((CENSUS_DIR / "classic" / "1-100000.csv.gz").read_bytes())
    return text.decode().splitlines()[2 + first : 3 + last]


def rows_of(folder: Path) -> list[str]:
    found = []
    for path in sorted(folder.glob("*.csv.gz"), key=lambda p: int(p.name.split("-")[0])):
        found += gzip.decompress(path.read_bytes()).decode().splitlines()[3:]
    return found


class Held(Executor):
    """An executor of ``threads`` worker threads whose tasks finish only when :meth:`release`
    says, so the run's waits time out again and again while nothing comes back."""

    def __init__(self, threads: int) -> None:
        self._threads = threads
        self.waiting: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []
        self.lock = threading.Lock()
        self.peak = 0
        self.submitted: list[Sequence[int]] = []
        self.rule_sets: list[str] = []

    def threads(self) -> int:
        return self._threads

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self.lock:
            self.waiting.append((future, fn, args))
            self.submitted.append(args[1])
            self.rule_sets.append(args[0])
            self.peak = max(self.peak, len(self.waiting))
        return future

    def release(self) -> bool:
        with self.lock:
            if not self.waiting:
                return False
            future, fn, args = self.waiting.pop(0)
        future.set_result(fn(*args))
        return True


def job(folder: Path, last: int, **more: Any) -> CensusJob:
    return CensusJob(1, last, (CLASSIC,), more.pop("workers", None), folder, True, "test", **more)


def test_the_window_holds_while_nothing_comes_back(tmp_path: Path) -> None:
    """Tasks in flight never pass two per worker thread, however long they take (f2dfb61's
    loop submitted one more each time its wait timed out: a shard went out whole)."""
    threads = 3
    held = Held(threads)
    run = threading.Thread(
        daemon=True,
        target=census_command,
        args=(job(tmp_path, 400, chunk=10, task=StandIn(str(COSTS), sleep=False)),),
        kwargs={"err": Quiet(), "executor": held},
    )
    run.start()
    time.sleep(1.5)  # several of the run's waits time out with every task held
    assert held.peak == window(threads)
    while run.is_alive():
        if not held.release():
            time.sleep(0.01)
        assert held.peak <= window(threads)
    run.join()
    assert len(held.submitted) == 400 // 10
    assert rows_of(tmp_path / "classic") == committed_rows(1, 400)


def sizes(threads: int, folder: Path, seconds: float) -> list[Sequence[int]]:
    held = Held(threads)
    run = threading.Thread(
        daemon=True,
        target=census_command,
        args=(job(folder, 20_000, task=StandIn(str(COSTS), sleep=False), task_seconds=seconds),),
        kwargs={"err": Quiet(), "executor": held},
    )
    run.start()
    while run.is_alive():
        if not held.release():
            time.sleep(0.001)
    run.join()
    return held.submitted


def test_tasks_hold_about_the_seconds_asked_whatever_the_threads(tmp_path: Path) -> None:
    """A task holds about ``task_seconds`` of the rule set's measured cost, on 4 threads as on
    64: sized by work, not by dividing the deals among the workers."""
    costs = read_costs(COSTS)
    for seconds in (0.5, 2.0):
        few = sizes(4, tmp_path / f"few-{seconds}", seconds)
        many = sizes(64, tmp_path / f"many-{seconds}", seconds)
        # the first wave (a window of FIRST_TASK deals each) before any cost is known
        assert {len(task) for task in few[: window(4)]} == {FIRST_TASK}
        assert {len(task) for task in many[: window(64)]} == {FIRST_TASK}
        later = [many[window(64) : -1], few[window(4) : -1]]
        worth = [sum(costs[(n - 1) % len(costs)] for n in task) / 1000 for task in later[0]]
        assert len(worth) > 5
        assert seconds / 2 < sum(worth) / len(worth) < seconds * 2, worth
        # then the sizes follow the costs come back, not the threads
        typical = [sorted(len(t) for t in tasks)[len(tasks) // 2] for tasks in later]
        assert 0.8 < typical[0] / typical[1] < 1.25, typical


def test_a_cluster_of_more_threads_than_cores_is_kept_busy(tmp_path: Path) -> None:
    """On a LocalCluster of more worker processes than this machine has cores (4 threads each),
    reached through its scheduler's address as a real cluster is, the run asks the scheduler
    how many threads it has, says so, and keeps at least that many tasks in flight and at most
    two per thread, counted on the scheduler; every worker computes; the rows are the
    committed ones. f2dfb61's runner kept 8 in flight on two cores (4 per local core)."""
    pytest.importorskip("distributed")
    in_a_python_of_its_own(__name__, "kept_busy", tmp_path)


def kept_busy(tmp_path: Path) -> None:
    import logging

    import dask
    from distributed import LocalCluster

    from generator.census.executors import TRIM
    from generator.census.inflight import InFlight

    processes = len(os.sched_getaffinity(0)) + 2
    threads = 4 * processes
    with LocalCluster(
        n_workers=processes,
        threads_per_worker=4,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster:
        plugin = InFlight()
        cluster.scheduler.add_plugin(plugin)
        err = Quiet()
        census_command(
            job(
                tmp_path,
                10_000,
                executor="dask",
                scheduler=cluster.scheduler_address,
                task=StandIn(str(COSTS)),
                task_seconds=0.25,
            ),
            err=err,
        )
    said = "".join(err.text)
    assert f"census: {threads} worker thread(s) (asked of the scheduler at " in said
    trim = dask.config.get("distributed.nanny.pre-spawn-environ")[TRIM]  # Dask's own default
    assert f"census: {processes} worker(s) run with {TRIM}={trim} (Dask's nanny sets it)" in said
    assert threads <= plugin.peak <= window(threads), (plugin.peak, threads)
    assert len(plugin.workers) == processes and min(plugin.workers.values()) >= 4
    assert rows_of(tmp_path / "classic") == committed_rows(1, 10_000)
    manifest = (tmp_path / "classic" / "manifest.txt").read_text()
    assert f"workers: {threads}\n" in manifest


def test_the_next_tasks_go_out_while_a_shard_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing a shard is off the path that feeds the workers: while the first shard's write
    is held, the tasks of the next shards and of the next rule set go out and come back; then
    every shard is written, in deal order, as committed."""
    import generator.census.runner as runner

    easy = RuleSet.of(Rules.EASY)
    writing, go_on = threading.Event(), threading.Event()
    real = runner._write_shard

    def held_write(path: Path, *args: Any) -> Any:
        if not writing.is_set():
            writing.set()
            assert go_on.wait(30)
        return real(path, *args)

    monkeypatch.setattr(runner, "_write_shard", held_write)
    held = Held(2)
    run = threading.Thread(
        daemon=True,
        target=census_command,
        args=(
            CensusJob(
                1,
                300,
                (CLASSIC, easy),
                None,
                tmp_path,
                True,
                "test",
                chunk=10,
                shard_size=100,
                task=StandIn(str(COSTS), sleep=False),
            ),
        ),
        kwargs={"err": Quiet(), "executor": held},
    )
    run.start()
    while not writing.wait(0.001):
        held.release()
    before = len(held.submitted)
    released, deadline = 0, time.monotonic() + 20
    while released < 40 and time.monotonic() < deadline:  # while the write waits
        if held.release():
            released += 1
        else:
            time.sleep(0.001)
    go_on.set()
    assert released == 40 and len(held.submitted) >= before + 30, (released, before)
    sent = list(zip(held.rule_sets[before:], held.submitted[before:], strict=True))
    assert ("classic", range(291, 301)) in sent and ("easy", range(1, 11)) in sent
    while run.is_alive():
        if not held.release():
            time.sleep(0.001)
    run.join()
    assert rows_of(tmp_path / "classic") == committed_rows(1, 300)
    text = gzip.decompress((CENSUS_DIR / "easy" / "1-100000.csv.gz").read_bytes()).decode()
    assert rows_of(tmp_path / "easy") == text.splitlines()[3:303]


def test_the_local_clusters_workers_start_without_the_trim_threshold(tmp_path: Path) -> None:
    """``--executor dask`` without a scheduler starts its workers without Dask's
    MALLOC_TRIM_THRESHOLD_, which makes the search's solves 15-17% dearer, and says nothing."""
    pytest.importorskip("distributed")
    in_a_python_of_its_own(__name__, "no_trim", tmp_path)


def no_trim(tmp_path: Path) -> None:
    from generator.census.executors import DaskExecutor, _trim_threshold, open_executor

    with open_executor("dask", 2) as executor:
        assert isinstance(executor, DaskExecutor)
        assert set(executor.client.run(_trim_threshold).values()) == {None}
        assert executor.advice() == []


def test_the_simulation_benchmark_runs_as_the_readme_says() -> None:
    """``scripts/bench_census_cluster.py simulate``, small: its table, the workers busy, the
    first shard's rows the committed ones."""
    pytest.importorskip("distributed")
    script = Path(__file__).parents[2] / "scripts" / "bench_census_cluster.py"
    command = [sys.executable, str(script), "simulate", "--threads", "4", "--processes", "2"]
    done = subprocess.run(
        [*command, "--deals", "3000", "--shards", "2"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    header, row = done.stdout.splitlines()[-2:]
    assert header.split()[:3] == ["runner", "wall", "s"]
    assert row.startswith("this tree") and row.endswith("the committed rows"), row


if __name__ == "__main__":
    main({"kept_busy": kept_busy, "no_trim": no_trim})
