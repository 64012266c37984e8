"""Part ``census``: the census's summaries, a sample of its rows re-solved, and samples of the
6-Card Golf simulation and tournament played again."""

from __future__ import annotations

import os
import re

from generator.check.common import (
    Problems,
)

SEED_VARIABLE = "GOLF_CENSUS_SEED"
"""Set it to replay the 6-Card Golf simulation's sample a failed check drew."""


def check_census() -> Problems:
    """The census: every shard's summary against its rows, then a sample of every shard
    re-solved (drawn from the shard's digest and a salt: $GOLF_CENSUS_SALT, else random); and
    the 6-Card Golf simulation's sample (seed from $GOLF_CENSUS_SEED, else random)."""
    from generator.census.verify import SALT_VARIABLE, sample_problems, summary_problems

    salt = os.environ.get(SALT_VARIABLE) or None
    if salt is not None and not re.fullmatch(r"[0-9a-f]{1,64}", salt):
        yield f"${SALT_VARIABLE}: {salt[:40]!r} is not a salt (1 to 64 hexadecimal digits)"
        return
    problems = list(summary_problems())
    yield from problems
    if not problems:
        from generator.census.verify import PURE_PYTHON_ROWS
        from generator.patience.solver import has_fast_search

        yield from sample_problems(salt=salt, rows=None if has_fast_search() else PURE_PYTHON_ROWS)
    seed = os.environ.get(SEED_VARIABLE, "")
    if seed and not seed.isdigit():
        yield f"${SEED_VARIABLE}: {seed[:40]!r} is not a whole number"
        return
    from generator.twopath.simulation import sample_problems as simulation_sample
    from generator.twopath.tournament import sample_problems as tournament_sample

    yield from simulation_sample(seed=int(seed) if seed else None)
    yield from tournament_sample(seed=int(seed) if seed else None)
