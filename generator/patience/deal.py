"""Deals and deal codes.

A deal is 7 columns of 5 face-up cards, 1 waste card and 16 stock cards: one
52-card deck. Its *deck order* lists column 1 top to bottom, then columns 2 to
7, then the waste card, then the stock, first drawn first.

Two variants change the deal (:mod:`generator.patience.rules`, ``Variant``):
with ``jokers=1`` or ``jokers=2`` the deck holds one or two Jokers (``JK``)
too, so the stock has 17 or 18 cards; with ``empty-waste`` there is no waste
card and the card that would have been it is the first card of the stock
(``waste`` is ``None``, the stock one card longer). The deck order is the same
in both cases: columns, then the waste card if there is one, then the stock.

A deal code is ``GO1-<rules>-<7 letters>``: ``E`` Easy, ``C`` Classic (an old
``N`` is read as Easy), and a deal number written in base 26 with ``A`` as 0,
so ``AAAAAAB`` is deal 1. A code carries no variants.

>>> code = DealCode.parse("GO1-E-AAAAAAB")
>>> code.rules_letter, code.number
('E', 1)
>>> str(DealCode.parse("GO1-N-AAAAAAB"))
'GO1-E-AAAAAAB'
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.patience.cards import FULL_DECK, JOKER, JOKER_RANK, MAX_JOKERS, Card, parse_card
from generator.patience.errors import CardError, DealCodeError, DealError, excerpt

COLUMNS = 7
COLUMN_HEIGHT = 5
TABLEAU_SIZE = COLUMNS * COLUMN_HEIGHT
STOCK_SIZE = len(FULL_DECK) - TABLEAU_SIZE - 1
"""The stock of an ordinary deal (no Jokers, a waste card); see :meth:`Deal.stock_size`."""


def stock_size(jokers: int = 0, empty_waste: bool = False) -> int:
    """How many cards the stock holds: 16, plus one per Joker, plus one with an empty waste.

    >>> stock_size(), stock_size(jokers=2), stock_size(jokers=1, empty_waste=True)
    (16, 18, 18)
    """
    return STOCK_SIZE + jokers + int(empty_waste)


@dataclass(frozen=True)
class Deal:
    """The cards as dealt. ``columns[i][0]`` is the top (most covered) card of column ``i + 1``.

    ``waste`` is ``None`` for a deal with an empty waste (the ``empty-waste``
    variant). Every card of the 52 appears once; up to two Jokers may join them.
    """

    columns: tuple[tuple[Card, ...], ...]
    waste: Card | None
    stock: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.columns) != COLUMNS:
            raise DealError(f"a deal has {COLUMNS} columns, not {len(self.columns)}")
        for number, column in enumerate(self.columns, start=1):
            if len(column) != COLUMN_HEIGHT:
                raise DealError(f"column {number} has {len(column)} cards, not {COLUMN_HEIGHT}")
        deck = self.deck
        jokers = sum(card.rank == JOKER_RANK for card in deck)
        if jokers > MAX_JOKERS:
            raise DealError(f"a deal holds at most {MAX_JOKERS} Jokers, not {jokers}")
        expected = stock_size(jokers, self.waste is None)
        if len(self.stock) != expected:
            raise DealError(f"the stock has {len(self.stock)} cards, not {expected}")
        if len({(card.rank, card.suit) for card in deck}) != len(deck) - max(jokers - 1, 0):
            seen: set[Card] = set()
            for card in deck:
                if card in seen and not card.is_joker:
                    raise DealError(f"card {str(card)!r} is dealt twice")
                seen.add(card)

    @property
    def jokers(self) -> int:
        """How many Jokers the deal holds (0 to 2)."""
        return sum(card.is_joker for card in self.deck)

    @property
    def empty_waste(self) -> bool:
        """Whether the waste starts empty (the ``empty-waste`` variant)."""
        return self.waste is None

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards in deck order: columns 1-7 top to bottom, the waste card (if any), the stock."""
        waste = () if self.waste is None else (self.waste,)
        return (*(card for column in self.columns for card in column), *waste, *self.stock)

    @classmethod
    def from_deck(cls, deck: Sequence[Card], *, empty_waste: bool = False) -> Deal:
        """The deal whose deck order is ``deck``; with ``empty_waste`` the card after the columns starts the stock."""
        size = len(FULL_DECK) + sum(card.is_joker for card in deck)
        if len(deck) != size:
            raise DealError(f"a deck has {size} cards, not {len(deck)}")
        columns = tuple(
            tuple(deck[i : i + COLUMN_HEIGHT]) for i in range(0, TABLEAU_SIZE, COLUMN_HEIGHT)
        )
        if empty_waste:
            return cls(columns, None, tuple(deck[TABLEAU_SIZE:]))
        return cls(columns, deck[TABLEAU_SIZE], tuple(deck[TABLEAU_SIZE + 1 :]))

    @classmethod
    def from_json(cls, data: Any) -> Deal:
        """Read ``{"columns": [[5 cards] x 7], "waste": "AC", "stock": [16 cards]}``.

        ``"waste": null`` is a deal with an empty waste (its stock has one card
        more); Jokers (``"JK"``, at most 2) lengthen the stock by one each.
        Extra keys are ignored; anything else wrong raises :class:`DealError`
        saying what and where.
        """
        if not isinstance(data, Mapping):
            raise DealError(f"a deal is a JSON object, not {type(data).__name__}")
        for key in ("columns", "waste", "stock"):
            if key not in data:
                raise DealError(f"missing key {key!r}")
        columns = data["columns"]
        if not isinstance(columns, list):
            raise DealError("'columns' must be a list of 7 lists of cards")
        if len(columns) != COLUMNS:  # before reading the cards of a long list
            raise DealError(f"a deal has {COLUMNS} columns, not {len(columns)}")
        parsed_columns = tuple(
            _cards(column, f"column {number}") for number, column in enumerate(columns, start=1)
        )
        waste = None if data["waste"] is None else _card(data["waste"], "waste")
        stock = _cards(data["stock"], "stock")
        return cls(parsed_columns, waste, stock)

    def to_json(self) -> dict[str, Any]:
        """The deal in the notation :meth:`from_json` reads."""
        return {
            "columns": [[str(card) for card in column] for column in self.columns],
            "waste": None if self.waste is None else str(self.waste),
            "stock": [str(card) for card in self.stock],
        }

    def __str__(self) -> str:
        return json.dumps(self.to_json())


def _card(value: Any, where: str) -> Card:
    try:
        return parse_card(value)
    except CardError as error:
        raise DealError(f"{where}: {error}") from None


def _cards(values: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(values, list):
        raise DealError(f"{where}: expected a list of cards, got {excerpt(values)}")
    return tuple(_card(value, f"{where}, card {i}") for i, value in enumerate(values, start=1))


# --- deal codes -----------------------------------------------------------

CODE_PREFIX = "GO1"
CODE_LETTERS = 7
RULES_LETTERS = {"E": "easy", "C": "classic"}
"""Rule letters a code may carry, with the rule set each names."""
LEGACY_RULES_LETTERS = {"N": "E"}
"""Old rule letters and the letter they are read as."""
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_NUMBER = len(_ALPHABET) ** CODE_LETTERS - 1
"""The largest deal number a code can carry (``ZZZZZZZ``): 8,031,810,175."""


_DASHES = re.compile("[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]")


def typed_code(typed: str) -> str:
    """A code as people type it, written as the engine writes codes: every kind of dash (the en
    and em dashes of word processors and chat apps) made ``-``, spaces around the parts dropped
    and spaces between them read as a ``-``, the small letters a-z made capitals. What it gives
    may still be no code (:meth:`DealCode.parse` says what is wrong).

    >>> typed_code(" go1 – e – aaaaaab "), typed_code("GO1 E AAAAAAB")
    ('GO1-E-AAAAAAB', 'GO1-E-AAAAAAB')
    """
    text = _DASHES.sub("-", typed)
    text = re.sub(r"\s*-\s*", "-", text).strip()
    text = re.sub(r"\s+", "-", text)
    return re.sub("[a-z]+", lambda match: match.group().upper(), text)


@dataclass(frozen=True)
class DealCode:
    """A parsed deal code: the rules letter (``E`` or ``C``) and the deal number."""

    rules_letter: str
    number: int

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int):
            raise DealCodeError(f"a deal number is a whole number, not {self.number!r}")
        if not 0 <= self.number <= MAX_NUMBER:
            raise DealCodeError(
                f"deal number {self.number:,} is outside the codes' range 0 to {MAX_NUMBER:,}"
            )

    @classmethod
    def read(cls, typed: str) -> DealCode:
        """Read a code as a person types it (:func:`typed_code`): ``go1 e aaaaaab`` is
        ``GO1-E-AAAAAAB``. The page's script reads codes the same way (``normalise`` in
        ``golf-play.js``; ``tests/data/typed_codes.yaml`` holds both to it)."""
        if not isinstance(typed, str):
            raise DealCodeError(f"a deal code is text, not {type(typed).__name__}")
        return cls.parse(typed_code(typed))

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read ``GO1-E-AAAAAAB``; raise :class:`DealCodeError` naming the bad part.

        >>> DealCode.parse("GO1-X-AAAAAAB")
        Traceback (most recent call last):
        ...
        generator.patience.errors.DealCodeError: bad deal code 'GO1-X-AAAAAAB': rules letter 'X' is not one of E, C (or the old N)
        """
        if not isinstance(text, str):
            raise DealCodeError(f"a deal code is text, not {type(text).__name__}")
        parts = text.strip().split("-")
        if len(parts) != 3:
            raise DealCodeError(
                f"bad deal code {excerpt(text)}: expected three parts like '{CODE_PREFIX}-E-AAAAAAB'",
                "parts",
            )
        prefix, letter, digits = parts
        if prefix != CODE_PREFIX:
            raise DealCodeError(
                f"bad deal code {excerpt(text)}: prefix {excerpt(prefix, 20)} is not {CODE_PREFIX!r}",
                "prefix",
            )
        letter = LEGACY_RULES_LETTERS.get(letter, letter)
        if letter not in RULES_LETTERS:
            legacy = ", ".join(LEGACY_RULES_LETTERS)
            raise DealCodeError(
                f"bad deal code {excerpt(text)}: rules letter {excerpt(parts[1], 20)} is not one of "
                f"{', '.join(RULES_LETTERS)} (or the old {legacy})",
                "letter",
            )
        if len(digits) != CODE_LETTERS or any(ch not in _ALPHABET for ch in digits):
            raise DealCodeError(
                f"bad deal code {excerpt(text)}: deal number {excerpt(digits, 20)} is not "
                f"{CODE_LETTERS} capital letters A-Z",
                "digits",
            )
        number = 0
        for ch in digits:
            number = number * len(_ALPHABET) + _ALPHABET.index(ch)
        return cls(letter, number)

    def __str__(self) -> str:
        digits = []
        number = self.number
        for _ in range(CODE_LETTERS):
            number, digit = divmod(number, len(_ALPHABET))
            digits.append(_ALPHABET[digit])
        return f"{CODE_PREFIX}-{self.rules_letter}-{''.join(reversed(digits))}"


# --- dealing from a number ------------------------------------------------

_MASK64 = (1 << 64) - 1


def _splitmix64(state: int) -> Iterable[int]:
    """SplitMix64: a small, portable generator, so other tools can deal the same cards."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def shuffle_permutation(number: int, size: int = len(FULL_DECK)) -> list[int]:
    """The Fisher-Yates permutation of ``size`` positions (52, or 53 and 54 with Jokers) for deal ``number``.

    ``result[i]`` is the position in the starting deck of the card dealt at
    position ``i``. Random numbers come from SplitMix64 seeded with ``number``;
    ``j`` is drawn below ``i + 1`` by rejection, so there is no modulo bias.
    """
    order = list(range(size))
    randoms = iter(_splitmix64(number))
    for i in range(len(order) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - (1 << 64) % bound
        value = next(randoms)
        while value >= limit:
            value = next(randoms)
        j = value % bound
        order[i], order[j] = order[j], order[i]
    return order


STARTING_DECK = (
    "6S KD 2D AD 9S 3S 7S 9H 5S 2H 8C 7C 3C 4C 5D TD QS TC 4S 6C 6H JD 4H KC 6D AH"
    " 5C JC QC AS 3D 8S QH TS KH 8H JS 5H 7D 3H QD 4D 8D 2S JH KS 7H 2C 9C TH 9D AC"
)
"""The deck's order before it is shuffled.

The app's own shuffle is not published, so this engine uses its own
(:func:`shuffle_permutation`). Its starting order is the one for which deal
number 1 is the reference deal GO1-E-AAAAAAB, the deal the help pages show
(``generator/data/reference_game.yaml``); ``tests/patience/test_deal.py`` checks
that this still holds. Every other number deals a well-shuffled deck.
"""


@functools.cache
def _starting_cards() -> tuple[Card, ...]:
    """:data:`STARTING_DECK`'s cards (read once)."""
    return tuple(parse_card(text) for text in STARTING_DECK.split())


def deal_for_number(number: int, *, jokers: int = 0, empty_waste: bool = False) -> Deal:
    """The deal a code's number stands for, with ``jokers`` Jokers and an empty waste if asked.

    The deck is :data:`STARTING_DECK` followed by ``jokers`` Jokers, shuffled by
    :func:`shuffle_permutation` over its 52 + ``jokers`` positions; so without
    Jokers every number deals what it always dealt. With ``empty_waste`` the
    card that would be the waste card is the first card of the stock instead
    (the columns are the same).

    >>> deal = deal_for_number(1, jokers=2, empty_waste=True)
    >>> deal.waste is None, len(deal.stock), deal.jokers
    (True, 19, 2)
    >>> deal_for_number(1, empty_waste=True).stock[0] == deal_for_number(1).waste
    True
    """
    if not 0 <= jokers <= MAX_JOKERS:
        raise DealError(f"a deal holds 0 to {MAX_JOKERS} Jokers, not {jokers!r}")
    start = [*_starting_cards(), *[JOKER] * jokers]
    order = shuffle_permutation(number, len(start))
    return Deal.from_deck([start[i] for i in order], empty_waste=empty_waste)


def starting_deck_for(deal: Deal, number: int) -> tuple[Card, ...]:
    """The starting deck order under which deal ``number`` is ``deal`` (how ``STARTING_DECK`` is made)."""
    deck = deal.deck
    start: list[Card | None] = [None] * len(deck)
    for position, source in enumerate(shuffle_permutation(number, len(deck))):
        start[source] = deck[position]
    return tuple(card for card in start if card is not None)
