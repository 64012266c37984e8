"""Claims: the sentences a page states, played in a game's engine.

Each page's claims live beside its facts (``patience_claims.py``,
``sixcard_claims.py``). A sentence of a template names its claims in a comment
right before it, which never reaches a catalog::

    {# CLAIM: queen-on-king #}
    - {% trans %}Queen on a King: the strict rules allow no card at all on a King; ...{% endtrans %}

and each claim keeps the English sentences it was written for. ``check`` (and so
``build``) runs every claim and reports a failing one at the template line of its
sentence; a sentence whose English text changed while its claim did not is
reported too, so that no sentence changes its meaning without someone looking at
the claim that backs it (the catalogs then mark its translations fuzzy).

A claim sets up the situation, plays it in the engine, and compares what the
engine does with what the sentence says, stated once more in the claim's own
terms. It returns the list of what it found wrong; empty means the sentence holds.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.patience.errors import GolfError

Facts = dict[str, Any]
Play = Callable[[Facts], list[str]]


class ClaimError(GolfError):
    """The page's facts cannot be derived: a claim's situation no longer exists."""

    def __init__(self, claim: str, message: str) -> None:
        super().__init__(f"{message} (claim {claim!r})")
        self.claim = claim


@dataclass(frozen=True)
class Claim:
    name: str
    sentences: tuple[str, ...]
    """The English sentences (msgids, placeholders as they are) it was written for."""
    play: Play
    file: Path
    line: int
    """Where it is written, for messages about the claim itself."""


class Claims(dict[str, Claim]):
    """One page's claims by name, and the function that gives the page's facts."""

    def __init__(self, facts: Callable[[], Facts]) -> None:
        super().__init__()
        self.facts = facts

    def claim(self, name: str, *sentences: str) -> Callable[[Play], Play]:
        """Register a claim backing ``sentences``; the function gets the page's facts."""

        def register(play: Play) -> Play:
            file = Path(inspect.getfile(play))
            self[name] = Claim(name, sentences, play, file, play.__code__.co_firstlineno)
            return play

        return register


def first_of(items: Iterable[Any], claim_name: str, what: str) -> Any:
    """The first of ``items``; a :class:`ClaimError` naming the claim if there is none."""
    for item in items:
        return item
    raise ClaimError(claim_name, f"the engine gives no {what}")
