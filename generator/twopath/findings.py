"""What a two-path check finds: one value read from a page, and whether the second path agrees.

Every check of the room (:mod:`generator.twopath`) yields these; the room's ``run`` turns the
ones that disagree into problems and the others into the lines it verified.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One value read from a page: ``ok`` when the second path agrees."""

    check: str
    line: int
    """The page text's line (1-based), as in its approved text."""
    said: str
    """What the page says, as it says it."""
    truth: str
    """What the second path derives (for a problem: what the page should say)."""
    ok: bool
