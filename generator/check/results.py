"""Parts that passed, remembered for the same inputs: ``check`` and ``build`` do not run a part
again whose files, libraries and ``$GOLF_`` variables are byte for byte those it last passed
with (``check --fresh`` runs every part anyway).

A part's key is the checksum of everything :attr:`generator.check.parts.Part.reads` names (each
file's path and bytes, the built C search included), the installed versions of the libraries
the pages are made with, Python's version and every ``$GOLF_`` variable. A different input is a
different key, so a remembered pass is never stale: a change anywhere a part reads runs it
again. Only passes are remembered (a part with problems runs again, to say them); they live in
:mod:`generator.cache` (``_build/cache/``; ``GOLF_NO_CACHE=1`` turns it off).

The census part draws a new random sample each run; a pass is remembered for the census files
and the solver it was drawn from (the same bytes were sampled once, with a 99% chance of
catching a falsified shard), never when ``$GOLF_CENSUS_SALT`` or ``$GOLF_CENSUS_SEED`` replays
a sample.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from generator import cache
from generator.check.parts import Part
from generator.paths import ROOT

KIND = "check-passed"
LIBRARIES = (
    "jinja2",
    "babel",
    "markdown",
    "mkdocs",
    "mkdocs-material",
    "pymdown-extensions",
    "pyyaml",
    "zensical",
)
REPLAYS = ("GOLF_CENSUS_SALT", "GOLF_CENSUS_SEED")
"""Variables that replay a sample: a part run with one set is neither skipped nor remembered."""
SKIPPED_PARTS = ("__pycache__",)
SKIPPED_SUFFIXES = (".pyc", ".pyo")


def _files(entry: str, root: Path) -> list[Path]:
    path = root / entry
    if path.is_file():
        return [path]
    if not path.is_dir():
        return []
    return sorted(
        found
        for found in path.rglob("*")
        if found.is_file()
        and not any(part in SKIPPED_PARTS or part.endswith(".egg-info") for part in found.parts)
        and not found.name.endswith(SKIPPED_SUFFIXES)
    )


def key(part: Part, root: Path = ROOT) -> str | None:
    """The checksum of everything ``part``'s result depends on; None where it is never
    remembered (a replayed sample, or a file that cannot be read)."""
    if any(os.environ.get(name) for name in REPLAYS):
        return None
    variables = sorted(
        f"{name}={value}"
        for name, value in os.environ.items()
        if name.startswith("GOLF_") and name not in (cache.OFF, cache.DIR_VARIABLE)
    )
    parts: list[str | bytes | Path] = [part.name, cache.versions(*LIBRARIES), *variables]
    try:
        for entry in part.reads:
            for path in _files(entry, root):
                parts += [path.relative_to(root).as_posix(), path]
        return cache.key(*parts)
    except OSError:
        return None


def passed_before(part: Part, root: Path = ROOT) -> bool:
    """Whether ``part`` passed before with the inputs it has now."""
    entry = key(part, root)
    return entry is not None and cache.get(KIND, entry) is not None


def remember(part: Part, entry: str | None) -> None:
    """``part`` passed with the inputs whose key is ``entry`` (taken before it ran)."""
    if entry is not None:
        cache.put(KIND, entry, time.strftime("%Y-%m-%dT%H:%M:%S").encode())
