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

A Joker (the ``jokers`` variants) is ``JK``: rank :data:`JOKER_RANK` and no suit.

>>> joker = Card.from_str("JK")
>>> joker.is_joker, str(joker), joker == JOKER
(True, 'JK', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.patience.errors import CardError, excerpt

RANKS = "A23456789TJQK"
"""Rank letters; a rank's number is its position plus one (ace 1, king 13)."""
SUITS = "CDHS"
"""Suit letters: clubs, diamonds, hearts, spades."""

ACE = 1
KING = 13
JOKER_RANK = 0
"""A Joker's rank number (it has no suit): it stands for any card."""
JOKER_NOTATION = "JK"


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; ``rank`` 1 (ace) to 13 (king), ``suit`` one of ``CDHS``; or a Joker (rank 0, suit ``""``)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        joker = self.rank == JOKER_RANK and self.suit == ""
        normal = ACE <= self.rank <= KING and self.suit in SUITS and len(self.suit) == 1
        if not (joker or normal):
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def from_str(cls, text: object) -> Card:
        """Parse a card's notation, such as ``"8S"``.

        >>> Card.from_str("1S")
        Traceback (most recent call last):
        ...
        generator.patience.errors.CardError: bad card: '1S' (expected a rank A23456789TJQK and a suit CDHS, like '8S', or 'JK')
        """
        if text == JOKER_NOTATION:
            return JOKER
        if (
            not isinstance(text, str)
            or len(text) != 2
            or text[0] not in RANKS
            or text[1] not in SUITS
        ):
            raise CardError(
                f"bad card: {excerpt(text)} (expected a rank {RANKS} and a suit {SUITS}, like '8S', or {JOKER_NOTATION!r})"
            )
        return cls(RANKS.index(text[0]) + 1, text[1])

    @property
    def is_joker(self) -> bool:
        """Whether this is a Joker, which stands for any card."""
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        return JOKER_NOTATION if self.is_joker else RANKS[self.rank - 1] + self.suit


JOKER = Card(JOKER_RANK, "")
"""The Joker (all Jokers are alike; a deal holds at most :data:`MAX_JOKERS`)."""
MAX_JOKERS = 2


FULL_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in SUITS for rank in range(ACE, KING + 1)
)
"""The 52 cards, no jokers, clubs first, each suit from ace to king."""
