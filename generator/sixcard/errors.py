"""The 6-Card Golf engine's errors, under the project's common root :class:`GolfError`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.cards import CardNotationError
from generator.patience.errors import GolfError

if TYPE_CHECKING:
    from generator.sixcard.rules import Reason


class SixCardError(GolfError):
    """Root of every error of the 6-Card Golf engine."""


class SixCardCardError(SixCardError, CardNotationError):
    """A card's notation could not be read (``8S``, ``TC``, ``JK``): :func:`generator.sixcard.cards.parse_card`."""


class GridError(SixCardError):
    """A grid is not 2x3, 2x2 or 3x3 cards, or holds cards the decks do not."""


class OptionsError(SixCardError):
    """A game set-up the rules do not allow: player count, deck count, holes."""


class IllegalActionError(SixCardError):
    """An action the rules refuse; ``reason`` says why, for the catalogs to put into words."""

    def __init__(self, message: str, reason: Reason) -> None:
        super().__init__(message)
        self.reason = reason
