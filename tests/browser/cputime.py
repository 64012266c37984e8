"""What a page's threads spend, in CPU time rather than by the clock.

The CI machine is shared: another process holding the CPU makes any task of the page's main
thread long by the clock (tasks of 300-400 ms came in CI while the search ran in a worker and
the main thread only drew the result). Chromium's trace gives each task its thread time
(``tdur``, the CPU the thread used), which a busy machine does not lengthen, next to its wall
time (``dur``). The tests that promise "never holds the page" and "ready within a second on a
phone" read the thread time; the clock's figures are printed beside it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

CATEGORIES = ["toplevel", "disabled-by-default-devtools.timeline"]
"""``toplevel`` holds every task a thread runs (``RunTask``) with both of its durations."""

MAIN = "CrRendererMain"
"""The thread that runs a page's scripts, layout and paint: a task of it over 50 ms holds the
page (clicks, keys and scrolling wait for it)."""


@dataclass(frozen=True)
class Task:
    thread: str
    start_us: int
    wall_ms: float
    cpu_ms: float


@dataclass
class Trace:
    tasks: list[Task] = field(default_factory=list)

    def of(self, thread: str = MAIN) -> list[Task]:
        return [task for task in self.tasks if task.thread == thread]

    def longest(self, thread: str = MAIN) -> Task | None:
        return max(self.of(thread), key=lambda task: task.cpu_ms, default=None)

    def cpu_ms(self, thread: str = MAIN) -> float:
        return sum(task.cpu_ms for task in self.of(thread))

    def wall_ms(self, thread: str = MAIN) -> float:
        return sum(task.wall_ms for task in self.of(thread))


def read(events: list[dict[str, Any]]) -> Trace:
    """The outermost tasks of every named thread (a nested ``RunTask`` is part of its outer
    one's time)."""
    names = {
        (event["pid"], event["tid"]): event["args"]["name"]
        for event in events
        if event.get("ph") == "M" and event.get("name") == "thread_name"
    }
    runs = sorted(
        (
            event
            for event in events
            if event.get("name") == "RunTask" and event.get("ph") == "X" and "tdur" in event
        ),
        key=lambda event: (event["pid"], event["tid"], event["ts"], -event.get("dur", 0)),
    )
    trace = Trace()
    ends: dict[tuple[int, int], int] = {}
    for event in runs:
        thread = (event["pid"], event["tid"])
        if event["ts"] < ends.get(thread, -1):
            continue  # inside the task before it
        ends[thread] = event["ts"] + event.get("dur", 0)
        trace.tasks.append(
            Task(names.get(thread, "?"), event["ts"], event["dur"] / 1000, event["tdur"] / 1000)
        )
    return trace


@contextmanager
def traced(page: Any) -> Iterator[Trace]:
    """Trace the browser while the block runs; the trace is filled in when the block ends."""
    browser = page.context.browser
    browser.start_tracing(page=page, categories=CATEGORIES)
    trace = Trace()
    try:
        yield trace
    finally:
        data = json.loads(browser.stop_tracing())
        events = data["traceEvents"] if isinstance(data, dict) else data
        trace.tasks.extend(read(events).tasks)
