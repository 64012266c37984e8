"""Where a census solves: any :class:`concurrent.futures.Executor`; a local pool or Dask.

The runner (:mod:`generator.census.runner`) only submits tasks and collects their
results, so anything shaped like an executor can run it: :func:`open_executor`
makes the two this project ships,

- ``local``: a process pool on this machine (``multiprocessing``, forked
  workers that ignore Ctrl-C and end with the run; none with one worker: the
  tasks then run in this process);
- ``dask``: a ``distributed.Client``'s executor on the scheduler at
  ``--scheduler ADDRESS`` (``tcp://host:8786``), or on a local cluster of
  ``--workers`` processes when no address is given (``pip install
  'golf-rules-generator[dask]'``; every worker needs this package installed).

Both say how many tasks they solve at once (``threads()``): the local pool its processes,
Dask its cluster's worker threads, asked of the scheduler; the runner keeps a few tasks per
thread in flight (:func:`generator.census.tasks.window`).

The rows do not depend on the executor: a task returns each deal's verdict and
best result, and the runner writes them in deal order.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from multiprocessing.pool import Pool
from typing import Any

from generator.atomic import die_with_parent
from generator.census.format import CensusError

EXECUTORS = ("local", "dask")


def worker_start(parent: int) -> None:
    """A local worker's first act: Ctrl-C reaches the whole process group, and the parent alone
    decides to stop; SIGTERM (what ending the pool sends) must end a worker, whatever it
    inherited; and the worker ends with its parent (a killed census leaves no worker to meet
    the closed pipe with a ``BrokenPipeError`` traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


class PoolExecutor(Executor):
    """A ``multiprocessing`` pool as an :class:`~concurrent.futures.Executor`, which, unlike
    :class:`~concurrent.futures.ProcessPoolExecutor`, can end its workers at once (a stopped
    census does not wait for the chunks being solved)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.where = f"a local pool of {workers} processes"
        self._pool: Pool = multiprocessing.get_context("fork").Pool(
            workers, worker_start, (os.getpid(),)
        )

    def threads(self) -> int:
        """Its worker processes, each solving one task at a time."""
        return self.workers

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        self._pool.apply_async(
            fn, args, kwargs, callback=future.set_result, error_callback=future.set_exception
        )
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._pool.terminate()
        self._pool.join()


@contextlib.contextmanager
def open_executor(
    kind: str, workers: int, scheduler: str | None = None
) -> Iterator[Executor | None]:
    """The executor ``kind`` names (:data:`EXECUTORS`), shut down on leaving; ``None`` for a
    local run on one worker (the tasks then run in the caller's process)."""
    if kind == "local":
        if scheduler is not None:
            raise CensusError("--scheduler is for --executor dask")
        if workers <= 1:
            yield None
            return
        pool = PoolExecutor(workers)
        try:
            yield pool
        finally:
            pool.shutdown()
        return
    if kind != "dask":
        raise CensusError(f"no such executor: {kind!r} (known: {', '.join(EXECUTORS)})")
    with _dask(workers, scheduler) as executor:
        yield executor


class DaskExecutor(Executor):
    """A ``distributed.Client``'s executor that can say how many worker threads its cluster
    has (:meth:`threads`: asked of the scheduler, so it follows a cluster that grows)."""

    def __init__(self, client: Any, where: str) -> None:
        self.client, self.where = client, where
        self._executor = client.get_executor(pure=False)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = self._executor.submit(fn, *args, **kwargs)
        return future

    def threads(self) -> int:
        """The worker threads of every worker the scheduler knows now."""
        return sum(self.client.nthreads().values())

    def advice(self) -> list[str]:
        """What the run should say of the workers: whether they were started with Dask's
        :data:`TRIM` (asked of each)."""
        found = self.client.run(_trim_threshold)
        low = sorted({value for value in found.values() if value is not None})
        if not low:
            return []
        return [
            f"census: {len(found)} worker(s) run with {TRIM}={', '.join(low)} (Dask's nanny sets "
            "it), which costs each solve 15-17% more CPU; start them without it "
            "(docs/dev/census.md, 'On a cluster')"
        ]

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._executor.shutdown(wait=False)


TRIM = "MALLOC_TRIM_THRESHOLD_"
"""What Dask's nanny sets in every worker's environment (65536, ``distributed.nanny.pre-spawn-
environ``): glibc then hands freed memory back at once, and the search, which allocates its
tables anew for each deal, page-faults them in again: the solves took 15-17% more CPU in such a
worker (1,500 classic deals: 6.3-6.6 s, 5.2-5.4 s without it). The local cluster's workers start
without it."""


def _trim_threshold() -> str | None:
    """On a worker: its :data:`TRIM`, if set below the 128 MiB the census is happy with."""
    value = os.environ.get(TRIM)
    return value if value is not None and (not value.isdigit() or int(value) < 1 << 27) else None


def _worker_environ() -> dict[str, Any]:
    """Dask's environment for new workers, less :data:`TRIM` (``None`` unsets it)."""
    import dask

    environ = dask.config.get("distributed.nanny.pre-spawn-environ", default={}) or {}
    return {**dict(environ), TRIM: None}


@contextlib.contextmanager
def _without(name: str) -> Iterator[None]:
    """``name`` out of this process's environment while the local cluster's workers start (a
    nanny in this process reads it from there, and an earlier cluster may have left it)."""
    kept = os.environ.pop(name, None)
    try:
        yield
    finally:
        if kept is not None:
            os.environ[name] = kept


@contextlib.contextmanager
def _dask(workers: int, scheduler: str | None) -> Iterator[Executor]:
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise CensusError(
            "--executor dask needs Dask: pip install 'golf-rules-generator[dask]'"
        ) from None
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            with (
                dask.config.set({"distributed.nanny.pre-spawn-environ": _worker_environ()}),
                _without(TRIM),
            ):
                cluster = stack.enter_context(
                    LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",
                        silence_logs=logging.ERROR,
                    )
                )
            client = stack.enter_context(
                Client(cluster, set_as_default=False)  # type: ignore[no-untyped-call, unused-ignore]
            )
        else:
            try:
                client = stack.enter_context(
                    Client(scheduler, set_as_default=False, timeout="20s")  # type: ignore[no-untyped-call, unused-ignore]
                )
            except (OSError, TimeoutError, ValueError) as error:
                raise CensusError(
                    f"--scheduler {scheduler}: no Dask scheduler answers there ({error})"
                ) from None
        executor = DaskExecutor(
            client,
            f"asked of the scheduler at {scheduler}"
            if scheduler
            else f"a local Dask cluster of {workers} processes",
        )
        try:
            yield executor
        finally:
            executor.shutdown(wait=False)
