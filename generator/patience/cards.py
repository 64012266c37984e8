"""Cards, ranks and suits: small value types with a two-letter notation.

A card's notation is its rank (``A23456789TJQK``) followed by its suit
(``CDHS``): ``AC`` is the ace of clubs, ``TS`` the ten of spades.

>>> card = Card.from_str("TS")
>>> card.rank, card.suit
(10, 'S')
>>> str(card)
'TS'
>>> len(FULL_DECK)
52
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.patience.errors import CardError

RANKS = "A23456789TJQK"
"""Rank letters; a rank's number is its position plus one (ace 1, king 13)."""
SUITS = "CDHS"
"""Suit letters: clubs, diamonds, hearts, spades."""

ACE = 1
KING = 13


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; ``rank`` 1 (ace) to 13 (king), ``suit`` one of ``CDHS``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not ACE <= self.rank <= KING or self.suit not in SUITS or len(self.suit) != 1:
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def from_str(cls, text: object) -> Card:
        """Parse a card's notation, such as ``"8S"``.

        >>> Card.from_str("1S")
        Traceback (most recent call last):
        ...
        generator.patience.errors.CardError: bad card: '1S' (expected a rank from A23456789TJQK and a suit from CDHS, like '8S')
        """
        if (
            not isinstance(text, str)
            or len(text) != 2
            or text[0] not in RANKS
            or text[1] not in SUITS
        ):
            raise CardError(
                f"bad card: {text!r} (expected a rank from {RANKS} and a suit from {SUITS}, like '8S')"
            )
        return cls(RANKS.index(text[0]) + 1, text[1])

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit


FULL_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in SUITS for rank in range(ACE, KING + 1)
)
"""The 52 cards, no jokers, clubs first, each suit from ace to king."""
