"""Tests that start a Dask cluster run it in a Python process of their own.

A cluster leaves threads behind in the process that ran it (Dask's event loop), and a later
test in the same pytest worker suffers: processes forked from it (check's workers) were seen
to hang in CI, and tracemalloc, which counts every thread's allocations, measured theirs.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).parents[2]


def in_a_python_of_its_own(module: str, scenario: str, tmp_path: Path) -> None:
    """Run ``scenario``, a function of the test module ``module``, as
    ``python -m MODULE SCENARIO DIR`` from the repository (see :func:`main`); its exit code
    must be 0, and its output is shown if it is not."""
    done = subprocess.run(
        [sys.executable, "-m", module, scenario, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]


def main(scenarios: dict[str, Callable[[Path], None]]) -> None:
    """A test file's ``__main__``: run the scenario its arguments name in their folder."""
    scenarios[sys.argv[1]](Path(sys.argv[2]))
