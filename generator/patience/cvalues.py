"""The rule values the engine's C core (``golfcore.c``) is compiled with, taken from the engine
itself: each is defined once, in :mod:`generator.patience.rules` or
:mod:`generator.patience.deal`, and reaches C as a ``-D`` flag of the compiler (``setup.py``
for the solver's extension, :mod:`generator.site.wasm` for the page's module).

``golfcore.h`` refuses to compile without them, and holds its array sizes to them
(``_Static_assert``); the extension reports the values it was compiled with
(``_fastsolve.rule_values()``), and ``check`` compares them with these
(:func:`generator.patience.solver.c_search_problem`), so a C core built before a rule changed
is named, not trusted. This module imports nothing but the engine (``setup.py`` imports it
before anything is installed).

>>> dict(c_values())["GOLF_RULE_PER_CARD_LEFT_WHEN_STUCK"] == SCORING.per_card_left_when_stuck
True
"""

from __future__ import annotations

from generator.patience.deal import COLUMN_HEIGHT, COLUMNS, STOCK_SIZE
from generator.patience.rules import SCORING, UNDO_LIMIT


def c_values() -> list[tuple[str, int]]:
    """``(macro, value)`` for every rule value of the C core, in a fixed order."""
    return [
        ("GOLF_RULE_PER_REMOVAL", SCORING.per_removal),
        ("GOLF_RULE_PER_DRAW", SCORING.per_draw),
        ("GOLF_RULE_PER_CARD_LEFT_WHEN_STUCK", SCORING.per_card_left_when_stuck),
        ("GOLF_RULE_SCORE_FLOOR", SCORING.floor),
        ("GOLF_RULE_UNDO_LIMIT", UNDO_LIMIT),
        ("GOLF_RULE_COLUMNS", COLUMNS),
        ("GOLF_RULE_HEIGHT", COLUMN_HEIGHT),
        ("GOLF_RULE_STOCK", STOCK_SIZE),
    ]


def compiler_flags() -> list[str]:
    """The values as a C compiler's ``-D`` flags."""
    return [f"-D{name}={value}" for name, value in c_values()]
