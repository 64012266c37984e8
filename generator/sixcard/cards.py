"""The cards of 6-Card Golf: the 52-card deck plus Jokers, in the notation both games share.

A card's notation is its rank (``A23456789TJQK``) followed by its suit
(``CDHS``), as in the patience engine; ``JK`` is a Joker (it has no suit). The
card type is :class:`generator.cards.Card`, the same for both games; this module
reads notations with the 6-Card Golf engine's
:class:`~generator.sixcard.errors.SixCardCardError` and makes its decks.
With two decks the same card occurs twice: a card's identity within the
shuffled deck is its position, not its notation.

>>> parse_card("TS"), parse_card("JK")
(Card(rank=10, suit='S'), Card(rank=0, suit=''))
>>> str(parse_card("JK")), parse_card("JK").is_joker
('JK', True)
>>> len(make_deck()), len(make_deck(jokers=0)), len(make_deck(decks=2))
(54, 52, 108)
"""

from __future__ import annotations

from generator.cards import (
    ACE,
    JACK,
    JOKER,
    JOKER_NOTATION,
    JOKER_RANK,
    KING,
    QUEEN,
    RANKS,
    STANDARD_DECK,
    SUITS,
    TWO,
    Card,
)
from generator.patience.errors import excerpt
from generator.sixcard.errors import SixCardCardError

__all__ = [
    "ACE",
    "DECK_WITH_JOKERS_SIZE",
    "JACK",
    "JOKER",
    "JOKERS_PER_DECK",
    "JOKER_NOTATION",
    "JOKER_RANK",
    "KING",
    "QUEEN",
    "RANKS",
    "STANDARD_DECK",
    "STANDARD_DECK_SIZE",
    "SUITS",
    "TWO",
    "Card",
    "make_deck",
    "parse_card",
]

STANDARD_DECK_SIZE = 52
"""The cards of one standard deck without Jokers."""
JOKERS_PER_DECK = 2
"""Jokers added to each deck ("gewoonlijk met 2 Jokers erbij")."""
DECK_WITH_JOKERS_SIZE = STANDARD_DECK_SIZE + JOKERS_PER_DECK
"""54: one deck with its two Jokers."""


def bad_card(text: object) -> SixCardCardError:
    """The 6-Card Golf engine's error for a bad notation ``text``."""
    return SixCardCardError(
        f"bad card: {excerpt(text)} (rank {RANKS}, suit {SUITS}, like '8S'; or {JOKER_NOTATION!r})"
    )


def parse_card(text: object) -> Card:
    """Read a card's notation, such as ``"8S"`` or ``"JK"``; :class:`SixCardCardError` if it is not one.

    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    generator.sixcard.errors.SixCardCardError: bad card: '1S' (rank A23456789TJQK, suit CDHS, like '8S'; or 'JK')
    """
    return Card.from_str(text, bad_card)


def make_deck(decks: int = 1, jokers: int = JOKERS_PER_DECK) -> tuple[Card, ...]:
    """``decks`` standard decks, each with ``jokers`` Jokers, unshuffled."""
    return tuple(card for _ in range(decks) for card in (*STANDARD_DECK, *(JOKER,) * jokers))
