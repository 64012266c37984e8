"""Cards, ranks and suits: the shared :class:`~generator.cards.Card`, read with the patience engine's errors.

A card's notation is its rank (``A23456789TJQK``) followed by its suit
(``CDHS``): ``AC`` is the ace of clubs, ``TS`` the ten of spades. The card type
and its notation are :mod:`generator.cards`, the same for both games; this module
names them for the patience engine and reads notations with its
:class:`~generator.patience.errors.CardError`.

>>> card = parse_card("TS")
>>> card.rank, card.suit
(10, 'S')
>>> str(card)
'TS'
>>> len(FULL_DECK)
52

A Joker (the ``jokers`` variants) is ``JK``: rank :data:`JOKER_RANK` and no suit.

>>> joker = parse_card("JK")
>>> joker.is_joker, str(joker), joker == JOKER
(True, 'JK', True)
"""

from __future__ import annotations

from generator.cards import (
    ACE,
    JOKER,
    JOKER_NOTATION,
    JOKER_RANK,
    KING,
    RANKS,
    SUITS,
    Card,
)
from generator.cards import STANDARD_DECK as FULL_DECK
from generator.patience.errors import CardError, excerpt

__all__ = [
    "ACE",
    "FULL_DECK",
    "JOKER",
    "JOKER_NOTATION",
    "JOKER_RANK",
    "KING",
    "MAX_JOKERS",
    "RANKS",
    "SUITS",
    "Card",
    "parse_card",
]

MAX_JOKERS = 2
"""The most Jokers a deal holds (all Jokers are alike)."""


def bad_card(text: object) -> CardError:
    """The patience engine's error for a bad notation ``text``."""
    return CardError(
        f"bad card: {excerpt(text)} (expected a rank {RANKS} and a suit {SUITS}, like '8S', "
        f"or {JOKER_NOTATION!r})"
    )


def parse_card(text: object) -> Card:
    """Read a card's notation, such as ``"8S"``; :class:`CardError` if it is not one.

    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    generator.patience.errors.CardError: bad card: '1S' (expected a rank A23456789TJQK and a suit CDHS, like '8S', or 'JK')
    """
    return Card.from_str(text, bad_card)
