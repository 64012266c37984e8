"""A stopped ``six-card simulate`` (issue 46, point 6): Ctrl-C, SIGTERM or SIGKILL leaves no
traceback and no worker behind, and the next run goes on from the chunks saved. Before, each
worker of a run sent SIGTERM printed a ``BrokenPipeError`` traceback and the pool went on."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.paths import ROOT

HOLES = "500"  # per configuration and player: ten chunks of 500, a few seconds on two jobs


def simulate(tmp_path: Path) -> list[str]:
    return [
        sys.executable, "-m", "generator", "six-card", "simulate", "--holes", HOLES,
        "--jobs", "2", "--out", str(tmp_path / "out.json"), "--work", str(tmp_path / "work"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("sig", "status"),
    [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGKILL, -signal.SIGKILL)],
    ids=["SIGTERM", "SIGINT", "SIGKILL"],
)
def test_a_stopped_simulation_leaves_no_traceback_and_resumes(
    tmp_path: Path, sig: signal.Signals, status: int
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        simulate(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # as a terminal's Ctrl-C finds it: a suite started as a shell's background job inherits
        # SIGINT ignored, and the simulation would run to its end (exit 0)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    work = tmp_path / "work"
    while process.poll() is None and not (work.is_dir() and any(work.glob("*.json"))):
        time.sleep(0.05)  # the suite's time limit bounds the wait
    process.send_signal(sig)
    # communicate returns once every writer of stderr, the workers too, has closed it: a worker
    # left behind would hold it open
    _, err = process.communicate(timeout=120)
    assert process.returncode == status, err[-2000:]
    assert "Traceback" not in err and "BrokenPipeError" not in err, err[-3000:]
    if sig != signal.SIGKILL:
        assert re.search(r"(interrupted|terminated); \d+/\d+ holes saved, rerun to go on", err)
    resumed = subprocess.run(simulate(tmp_path), capture_output=True, text=True, env=env)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    saved = re.match(r"simulate: (\d+)/(\d+) holes already saved", resumed.stderr)
    assert saved and int(saved.group(1)) > 0, resumed.stderr[:500]
