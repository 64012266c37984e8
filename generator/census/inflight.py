"""What a census run keeps a Dask cluster doing, measured on its scheduler: a plugin that counts
the tasks in flight (waiting, queued or processing) at each change, the tasks computed and
their compute time (the workers' busy time). Used by ``scripts/bench_census_cluster.py``
and ``tests/census``; it needs the ``dask`` extra."""

from __future__ import annotations

import threading
import time
from typing import Any

from distributed.diagnostics.plugin import SchedulerPlugin

ACTIVE = frozenset({"waiting", "queued", "processing", "no-worker"})
"""The scheduler's states of a task that is in flight: submitted and not finished."""


class InFlight(SchedulerPlugin):  # type: ignore[misc, unused-ignore]
    """A Dask scheduler plugin (``scheduler.add_plugin``): the tasks in flight, counted at each
    change, and the tasks computed with their compute time (the workers' busy time)."""

    name = "golf-census-in-flight"

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.peak = 0
        self.done = 0
        self.busy = 0.0
        self.first_start = float("inf")
        self.last_stop = 0.0
        self.counts: list[tuple[float, int]] = []
        """(time, tasks in flight) at each change."""
        self.workers: dict[str, int] = {}
        """The tasks each worker computed."""

    def transition(self, key: Any, start: str, finish: str, *args: Any, **kwargs: Any) -> None:
        with self.lock:
            was, becomes = start in ACTIVE, finish in ACTIVE
            if was != becomes:
                self.now += 1 if becomes else -1
                self.peak = max(self.peak, self.now)
                self.counts.append((time.time(), self.now))
            if start == "processing" and finish == "memory":
                self.done += 1
                worker = str(kwargs.get("worker", "?"))
                self.workers[worker] = self.workers.get(worker, 0) + 1
                for startstop in kwargs.get("startstops", ()):
                    if startstop.get("action") == "compute":
                        self.busy += startstop["stop"] - startstop["start"]
                        self.first_start = min(self.first_start, startstop["start"])
                        self.last_stop = max(self.last_stop, startstop["stop"])

    def mean_in_flight(self, since: float, until: float) -> float:
        """The tasks in flight on average from ``since`` to ``until`` (time.time())."""
        total, held, at = 0.0, 0, since
        for moment, count in self.counts:
            if moment > until:
                break
            if moment > at:
                total += held * (moment - at)
                at = moment
            held = count
        total += held * max(0.0, until - at)
        return total / (until - since) if until > since else 0.0
