"""The census: every deal of a range of numbers solved under a rule set, kept as data.

An application of the engine and its solver (:mod:`generator.patience`), in a
room of its own; the pages read it (:mod:`generator.pages.statistics`).

- :mod:`~generator.census.format`: the files: rows, shards, names, the data folder;
- :mod:`~generator.census.summary`: the small text summary beside each data file;
- :mod:`~generator.census.reader`: :func:`load_census` (a rule set's shards combined);
- :mod:`~generator.census.executors`: where the solving runs (a local process pool, Dask);
- :mod:`~generator.census.runner`: ``python -m generator census`` (streaming, resumable);
- :mod:`~generator.census.report`: the progress bar and the report of a run;
- :mod:`~generator.census.verify`: ``check``'s seeded sample and the full re-verification.
"""

from generator.census.format import (
    BEST_NONE,
    CENSUS_DIR,
    DEFAULT_CENSUS_OUT,
    STANDARD_RULE_SETS,
    CensusError,
    CensusRow,
    code_for,
    deal_of,
    parse_rule_set,
    where,
)
from generator.census.reader import Census, available_census, load_census

__all__ = [
    "BEST_NONE",
    "CENSUS_DIR",
    "DEFAULT_CENSUS_OUT",
    "STANDARD_RULE_SETS",
    "Census",
    "CensusError",
    "CensusRow",
    "available_census",
    "code_for",
    "deal_of",
    "load_census",
    "parse_rule_set",
    "where",
]
