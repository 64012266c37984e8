"""The engine's errors: one root, :class:`GolfError`, so callers can catch them all."""

from __future__ import annotations

import enum
import reprlib
import traceback
from pathlib import Path

from generator.cards import CardNotationError


class GolfError(ValueError):
    """Root of every error the engine raises on bad input or an illegal action."""


class CardError(GolfError, CardNotationError):
    """A card's notation could not be read (:func:`generator.patience.cards.parse_card`)."""


class DealCodeError(GolfError):
    """A deal code such as ``GO1-E-AAAAAAB`` could not be read; ``part`` names what is wrong
    with it (one of :data:`PARTS`, as the page's code reader tells a visitor), or None for a
    value that is no code at all."""

    PARTS = ("parts", "prefix", "letter", "digits")
    """The three parts missing, the prefix, the rules letter, the deal number's letters: the
    page's messages ``code_parts`` ... ``code_digits`` (generator/i18n/words.py)."""

    def __init__(self, message: str, part: str | None = None) -> None:
        super().__init__(message)
        self.part = part


class DealError(GolfError):
    """A deal is not 7 columns of 5, 1 waste card and 16 stock cards of one 52-card deck
    (with the variants: up to 2 Jokers more, or no waste card and one stock card more),
    or it does not fit the variants it is played under."""


class RuleSetError(GolfError):
    """Variants that cannot go together, such as ``jokers=1`` and ``jokers=2``."""


class Reason(enum.Enum):
    """Why the engine refuses an action. The words for each live in the catalogs."""

    NOT_ADJACENT = "not-adjacent"
    """A free card that is not one rank above or below the waste card."""
    BLOCKED = "blocked"
    """A card still covered by another card of its column."""
    NOTHING_ON_KING = "nothing-on-king"
    """Strict rules and the ``nothing-on-king`` variant: no card at all may go onto a king."""
    NOT_THERE = "not-there"
    """A card that is not where the move takes it from: not (or no longer) in the
    named column, or not the next card of the stock."""
    STOCK_EMPTY = "stock-empty"
    """A draw when the stock has no cards left."""
    MUST_REMOVE = "must-remove"
    """Strict rules: a draw while a free card fits the waste card."""
    GAME_OVER = "game-over"
    """Any move after the game is won or stuck."""
    NOTHING_TO_UNDO = "nothing-to-undo"
    """An undo with no action left in the undo history."""


class IllegalMoveError(GolfError):
    """A move the rules refuse; ``reason`` says why, for the catalogs to put into words."""

    def __init__(self, message: str, reason: Reason) -> None:
        super().__init__(message)
        self.reason = reason


class Terminated(BaseException):  # a signal, as KeyboardInterrupt is: not an Exception
    """SIGTERM reached a command that stops cleanly on it (``build``): it exits 143."""


PACKAGE = Path(__file__).resolve().parent.parent
"""The ``generator`` package: where an internal error's place is looked for."""


def internal_error(error: BaseException) -> str:
    """One line for an unexpected exception: its type, message and where in the generator it rose."""
    where = ""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename).resolve()
        if path.is_relative_to(PACKAGE):
            where = f" (at {path.relative_to(PACKAGE.parent)}:{frame.lineno})"
            break
    message = " ".join(str(error).split())
    return f"internal error: {type(error).__name__}: {message}{where}"


EXCERPT = 60
"""About how many characters of an input value an error message quotes."""


class _Repr(reprlib.Repr):
    """``reprlib``'s bounded repr, its texts inside lists and objects clipped as :func:`excerpt` does."""

    def repr_str(self, x: str, level: int) -> str:
        return excerpt(x, self.maxstring)


_REPR = _Repr()
_REPR.maxlevel = 2
_REPR.maxdict = _REPR.maxlist = _REPR.maxtuple = 4
_REPR.maxstring = _REPR.maxother = 20


def excerpt(value: object, limit: int = EXCERPT) -> str:
    r"""``value`` as ``!r`` shows it, clipped to about ``limit`` characters with ``…``.

    An error message quotes input with this, so a long or strange text stays one
    short line (control characters escaped as ``repr`` escapes them):

    >>> print(excerpt("8S"), excerpt(None), excerpt("A" * 100, 10), excerpt("a\nb"))
    '8S' None 'AAAAAAAAAA'… 'a\nb'
    >>> print(excerpt("\x00" * 100, 20))
    '\x00\x00\x00\x00'…
    >>> print(excerpt([["AS"] * 9] * 9))
    [['AS', 'AS', 'AS', 'AS', ...], ['AS', 'AS', 'AS', 'AS', ...…
    """
    if not isinstance(value, str):
        text = _REPR.repr(value)
        return text if len(text) <= limit else text[:limit] + "…"
    size = min(len(value), limit)
    text = repr(value[:size])
    while len(text) > limit + 2:  # escapes make the repr longer than the text: quote less
        size = max(1, min(size - 1, size * limit // len(text)))
        text = repr(value[:size])
        if size == 1:
            break
    return text + "…" if size < len(value) else text
