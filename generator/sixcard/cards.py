"""The cards of 6-Card Golf: the 52-card deck plus Jokers, in the patience engine's notation.

A card's notation is its rank (``A23456789TJQK``) followed by its suit
(``CDHS``), as in the patience engine; ``JK`` is a Joker (it has no suit).
With two decks the same card occurs twice: a card's identity within the
shuffled deck is its position, not its notation.

>>> Card.from_str("TS"), Card.from_str("JK")
(Card(rank=10, suit='S'), Card(rank=0, suit=''))
>>> str(Card.from_str("JK")), Card.from_str("JK").is_joker
('JK', True)
>>> len(make_deck()), len(make_deck(jokers=0)), len(make_deck(decks=2))
(54, 52, 108)
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.patience.errors import excerpt
from generator.sixcard.errors import SixCardCardError

RANKS = "A23456789TJQK"
"""Rank letters; a rank's number is its position plus one (ace 1, king 13)."""
SUITS = "CDHS"
"""Suit letters: clubs, diamonds, hearts, spades."""
JOKER_NOTATION = "JK"

JOKER_RANK = 0
"""A Joker's rank number (it has no suit)."""
ACE = 1
TWO = 2
JACK = 11
QUEEN = 12
KING = 13

STANDARD_DECK_SIZE = 52
"""The cards of one standard deck without Jokers."""
JOKERS_PER_DECK = 2
"""Jokers added to each deck ("gewoonlijk met 2 Jokers erbij")."""
DECK_WITH_JOKERS_SIZE = STANDARD_DECK_SIZE + JOKERS_PER_DECK
"""54: one deck with its two Jokers."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: ``rank`` 1 (ace) to 13 (king) with a suit from ``CDHS``, or a Joker (rank 0, no suit)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        joker = self.rank == JOKER_RANK and self.suit == ""
        normal = ACE <= self.rank <= KING and len(self.suit) == 1 and self.suit in SUITS
        if not (joker or normal):
            raise SixCardCardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def from_str(cls, text: object) -> Card:
        """Parse a card's notation, such as ``"8S"`` or ``"JK"``.

        >>> Card.from_str("1S")
        Traceback (most recent call last):
        ...
        generator.sixcard.errors.SixCardCardError: bad card: '1S' (rank A23456789TJQK, suit CDHS, like '8S'; or 'JK')
        """
        if text == JOKER_NOTATION:
            return JOKER
        if (
            not isinstance(text, str)
            or len(text) != 2
            or text[0] not in RANKS
            or text[1] not in SUITS
        ):
            raise SixCardCardError(
                f"bad card: {excerpt(text)} (rank {RANKS}, suit {SUITS}, like '8S'; or {JOKER_NOTATION!r})"
            )
        return cls(RANKS.index(text[0]) + 1, text[1])

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        return JOKER_NOTATION if self.is_joker else RANKS[self.rank - 1] + self.suit


JOKER = Card(JOKER_RANK, "")
"""The Joker (all Jokers are alike)."""

STANDARD_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in SUITS for rank in range(ACE, KING + 1)
)
"""The 52 cards without Jokers, clubs first, each suit from ace to king."""


def make_deck(decks: int = 1, jokers: int = JOKERS_PER_DECK) -> tuple[Card, ...]:
    """``decks`` standard decks, each with ``jokers`` Jokers, unshuffled."""
    return tuple(card for _ in range(decks) for card in (*STANDARD_DECK, *(JOKER,) * jokers))
