"""Set up holes with chosen cards, written from the dealing rule (not from the engine)."""

from __future__ import annotations

from generator.pages.sixcard_claims.situations import hole_with
from generator.sixcard import Card

__all__ = ["cards", "grid", "hole_with"]


def cards(*texts: str) -> list[Card]:
    return [Card.from_str(text) for text in texts]


def grid(*rows: str) -> list[list[Card]]:
    """``grid("KS 5D JK", "KH 5C QS")``: rows top to bottom."""
    return [cards(*row.split()) for row in rows]
