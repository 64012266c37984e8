"""The npm tools the checks run (pinned in ``package-lock.json``, installed by ``npm ci``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def npm_tool(name: str, what: str) -> Path:
    """``node_modules/.bin/<name>``; fails the test saying how to install it when it is missing."""
    found = ROOT / "node_modules" / ".bin" / name
    if not found.exists() or shutil.which("node") is None:
        pytest.fail(
            f"the {what} checks need node and {name}: run 'npm ci' in the repository "
            "(.ci/run does)",
            pytrace=False,
        )
    return found
