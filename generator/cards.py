"""The cards of both games called Golf: one value type, one notation, one Joker.

A card's notation is its rank (``A23456789TJQK``) followed by its suit
(``CDHS``): ``AC`` is the ace of clubs, ``TS`` the ten of spades. ``JK`` is a
Joker: rank :data:`JOKER_RANK` and no suit.

>>> card = Card.from_str("TS")
>>> card.rank, card.suit, str(card)
(10, 'S', 'TS')
>>> joker = Card.from_str("JK")
>>> joker.is_joker, str(joker), joker == JOKER
(True, 'JK', True)
>>> len(STANDARD_DECK)
52

The patience engine (:mod:`generator.patience.cards`) and the 6-Card Golf engine
(:mod:`generator.sixcard.cards`) both use this :class:`Card`; each reads a
notation with its own error and words (``parse_card`` there), passing
:meth:`Card.from_str` a ``complaint``. This module imports neither engine: a bad
notation read here without a complaint is a :class:`CardNotationError`.

>>> Card.from_str("1S")
Traceback (most recent call last):
...
generator.cards.CardNotationError: bad card: '1S'
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from dataclasses import dataclass

RANKS = "A23456789TJQK"
"""Rank letters; a rank's number is its position plus one (ace 1, king 13)."""
SUITS = "CDHS"
"""Suit letters: clubs, diamonds, hearts, spades."""
JOKER_NOTATION = "JK"
"""A Joker's notation (it has no suit)."""

JOKER_RANK = 0
"""A Joker's rank number (it has no suit)."""
ACE = 1
TWO = 2
JACK = 11
QUEEN = 12
KING = 13


class CardNotationError(ValueError):
    """A card's notation or its rank and suit could not be read (the engines raise their own errors)."""


Complaint = Callable[[object], Exception]
"""What a reader of notations raises for a bad one: given the text, the error to raise."""

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 40


def _complaint(text: object) -> Exception:
    return CardNotationError(f"bad card: {_REPR.repr(text)}")


def is_notation(text: object) -> bool:
    """Whether ``text`` is a card's notation (``8S``, ``TC``, ``JK``)."""
    return text == JOKER_NOTATION or (
        isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS
    )


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card: ``rank`` 1 (ace) to 13 (king) with a suit from ``CDHS``, or a Joker
    (rank 0, suit ``""``)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        joker = self.rank == JOKER_RANK and self.suit == ""
        normal = ACE <= self.rank <= KING and len(self.suit) == 1 and self.suit in SUITS
        if not (joker or normal):
            raise CardNotationError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def from_str(cls, text: object, complaint: Complaint = _complaint) -> Card:
        """Read a card's notation, such as ``"8S"`` or ``"JK"``; raise ``complaint(text)`` if it is not one."""
        if not is_notation(text):
            raise complaint(text)
        assert isinstance(text, str)
        if text == JOKER_NOTATION:
            return JOKER
        return cls(RANKS.index(text[0]) + 1, text[1])

    @property
    def is_joker(self) -> bool:
        """Whether this is a Joker."""
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        return JOKER_NOTATION if self.is_joker else RANKS[self.rank - 1] + self.suit


JOKER = Card(JOKER_RANK, "")
"""The Joker (all Jokers are alike)."""

STANDARD_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in SUITS for rank in range(ACE, KING + 1)
)
"""The 52 cards without Jokers, clubs first, each suit from ace to king."""


NO_CARD_BYTE = 0xFF
"""The C cores' byte for no card."""


def card_byte(card: Card | None) -> int:
    """A card as both C cores write it (``golfcore.h``, ``sixcore.c``): rank << 2 | suit (clubs,
    diamonds, hearts, spades), a Joker 0, no card 0xff.

    >>> card_byte(Card(1, "C")), card_byte(Card(13, "S")), card_byte(JOKER), card_byte(None)
    (4, 55, 0, 255)
    """
    if card is None:
        return NO_CARD_BYTE
    return 0 if card.is_joker else card.rank << 2 | SUITS.index(card.suit)


def card_of_byte(code: int) -> Card | None:
    """The card of a C core's byte (:func:`card_byte`); ``None`` for no card.

    >>> card_of_byte(55), card_of_byte(0), card_of_byte(255)
    (Card(rank=13, suit='S'), Card(rank=0, suit=''), None)
    """
    if code == NO_CARD_BYTE:
        return None
    return JOKER if code == 0 else Card(code >> 2, SUITS[code & 3])
