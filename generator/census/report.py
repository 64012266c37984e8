"""What a census run shows: a progress bar while it runs, a report when it ends."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TextIO

SLOWEST = 5
"""How many of a run's slowest solves its report lists."""


class Progress:
    """A progress bar on a stream: deals done, rate and an estimate of the time left."""

    def __init__(self, total: int, err: TextIO, label: str = "census") -> None:
        self.total, self.err, self.label = total, err, label
        self.done = 0
        self.start = time.perf_counter()
        self.shown = 0.0
        self.tty = err.isatty()

    def add(self, count: int, note: str = "") -> None:
        self.done += count
        now = time.perf_counter()
        if now - self.shown < (0.2 if self.tty else 10.0) and self.done < self.total:
            return
        self.shown = now
        seconds = now - self.start
        rate = self.done / seconds if seconds > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        width = 24
        filled = width * self.done // self.total if self.total else width
        bar = "#" * filled + "-" * (width - filled)
        text = (
            f"{self.label} [{bar}] {self.done}/{self.total} deals, {rate:.0f}/s, "
            f"{_clock(seconds)} elapsed, {_clock(left)} left {note}"
        ).rstrip()
        if self.tty:
            self.err.write(f"\r{text}\x1b[K")
            if self.done >= self.total:
                self.err.write("\n")
        else:
            self.err.write(text + "\n")
        self.err.flush()


def _clock(seconds: float) -> str:
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02}:{second:02}" if hours else f"{minute}:{second:02}"


@dataclass
class RunReport:
    """What one rule set's run did: its census in short, how many deals it solved now, the times."""

    rule_set: str
    folder: str
    deals: str
    count: int
    won: int
    solved_now: int
    wall_seconds: float
    cpu_seconds_now: float
    workers: int
    executor: str = "local"
    skipped: bool = False
    slowest: list[tuple[float, str, int]] = field(default_factory=list)
    """The run's slowest solves: CPU milliseconds (the solving thread's), deal code, positions."""

    def lines(self) -> list[str]:
        if self.skipped:
            return [
                f"{self.rule_set}: {self.folder} already holds deals {self.deals}: nothing to do"
            ]
        cpu = self.cpu_seconds_now
        per_core = self.solved_now / cpu if cpu else 0.0
        lines = [
            f"{self.rule_set}: {self.count} deals ({self.solved_now} solved in this run), "
            f"winnable {self.won / self.count:.1%}, {per_core:.0f} deals/s per core, "
            f"CPU {cpu:.1f} s in this run, wall {self.wall_seconds:.1f} s, "
            f"{self.workers} worker(s) ({self.executor})",
        ]
        lines += [
            f"  slow: {code} {self.rule_set} {ms:.1f} ms {nodes} positions"
            for ms, code, nodes in sorted(self.slowest, key=lambda s: (-s[0], s[1]))
        ]
        return lines
