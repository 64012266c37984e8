"""The 6-Card Golf engine's errors, under the project's common root :class:`GolfError`."""

from __future__ import annotations

import enum

from generator.cards import CardNotationError
from generator.patience.errors import GolfError


class SixCardError(GolfError):
    """Root of every error of the 6-Card Golf engine."""


class SixCardCardError(SixCardError, CardNotationError):
    """A card's notation could not be read (``8S``, ``TC``, ``JK``): :func:`generator.sixcard.cards.parse_card`."""


class GridError(SixCardError):
    """A grid is not 2x3, 2x2 or 3x3 cards, or holds cards the decks do not."""


class OptionsError(SixCardError):
    """A game set-up the rules do not allow: player count, deck count, holes."""


class Reason(enum.Enum):
    """Why the engine refuses an action. The words for each belong in the catalogs."""

    NOT_YOUR_TURN = "not-your-turn"
    """An action by a player whose turn it is not."""
    DRAW_FIRST = "draw-first"
    """Replacing or discarding before drawing a card."""
    ALREADY_DRAWN = "already-drawn"
    """Drawing (or knocking) while holding the card already drawn this turn."""
    ANTI_STALL = "anti-stall"
    """Discarding a card taken from the discard pile: it must go into the grid."""
    NOT_FACE_DOWN = "not-face-down"
    """Discarding and turning up a card that is already face up."""
    NO_SUCH_SLOT = "no-such-slot"
    """A row or column outside the grid."""
    NO_KNOCKING = "no-knocking"
    """A knock when the knock variant is not played."""
    ALREADY_ENDING = "already-ending"
    """A knock when the hole is already ending (someone went out or knocked)."""
    HOLE_OVER = "hole-over"
    """Any action after the hole ended."""


class IllegalActionError(SixCardError):
    """An action the rules refuse; ``reason`` says why, for the catalogs to put into words."""

    def __init__(self, message: str, reason: Reason) -> None:
        super().__init__(message)
        self.reason = reason
