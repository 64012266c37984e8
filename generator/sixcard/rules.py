"""The rules of 6-Card Golf and its family as values: grids, numbers, variants (why an action
is refused: :class:`~generator.sixcard.errors.Reason`, beside the error that carries it).

Every number the rules page states can be read here:

>>> [CARD_VALUES[rank] for rank in range(1, 14)]
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0]
>>> JOKER_VALUE, JOKER_PAIR_MINUS_FOUR, KNOCK_PENALTY, FACE_UP_AT_START
(-2, -4, 10, 2)
>>> Layout.SIX.rows, Layout.SIX.columns, Layout.SIX.players
(2, 3, range(2, 7))
>>> Layout.FOUR.players, Layout.NINE.players
(range(3, 8), range(3, 7))
>>> HOLES, LONG_MATCH_HOLES, DOUBLE_DECK_FROM_PLAYERS
(9, 18, 5)
>>> Options().decks_for(4), Options().decks_for(5), Options(double_deck=True).decks_for(2)
(1, 2, 2)
>>> Options(decks=1).decks_for(6), Options(decks=2).decks_for(2)
(1, 2)

The defaults that depend on the grid: 2 cards turned up at the start of a 4- or
6-card hole, 3 in 9-Card Golf; in 9-Card Golf only three alike cancel a column.

>>> [Options(layout=layout).start_cards for layout in Layout]
[2, 2, 3]
>>> Options(layout=Layout.NINE).column_rule, Options(layout=Layout.NINE, face_up_at_start=2).start_cards
(<ColumnMatch.THREE_ALIKE: 'three-alike'>, 2)
>>> Options().row_rule, Options(row_rule=True).row_rule
(<RowRule.NONE: 'none'>, <RowRule.PAIRS: 'pairs'>)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from generator.sixcard.cards import (
    ACE,
    JOKER_RANK,
    JOKERS_PER_DECK,
    KING,
    TWO,
    Card,
    make_deck,
)
from generator.sixcard.errors import OptionsError

CARD_VALUES: dict[int, int] = {
    **{rank: rank for rank in range(ACE, 10)},
    10: 10,
    11: 10,
    12: 10,
    KING: 0,
    JOKER_RANK: -2,
}
"""Points per rank: ace 1, 2-9 face value, 10/jack/queen 10, king 0, Joker (rank 0) -2."""
JOKER_VALUE = CARD_VALUES[JOKER_RANK]
"""A Joker's points: -2."""
WILD_TWO_VALUE = -2
"""A two's points under the wild-twos variant (instead of +2)."""
JOKER_PAIR_MINUS_FOUR = 2 * JOKER_VALUE
"""A Joker pair in a column under the tips' other reading: the two Jokers keep their -2 each."""
PAIR_SCORE = 0
"""What a column pair (two cards of the same rank in one column) scores together."""
KNOCK_PENALTY = 10
"""Knock variant: the points the player who ended the hole gets when not strictly lowest."""
FACE_UP_AT_START = 2
"""Cards each player turns up (or, peeking, looks at) at the start of a 4- or 6-card hole."""
NINE_CARD_FACE_UP_AT_START = 3
"""Cards each player turns up at the start of a 9-card hole: published rules of 9-Card Golf
turn up three of the nine (the Heuchert family rules, http://9cardgolf.ironsheep.biz/
family-rules.html: "each player turns any three of their layout cards face-up")."""
HOLES = 9
"""Holes in a match by default."""
LONG_MATCH_HOLES = 18
"""The longer match the page mentions."""
DOUBLE_DECK_FROM_PLAYERS = 5
"""From this many players a second deck is added (the page: 'for 5 or 6 players')."""
TURN_LIMIT = 40
"""The project's own limit (the page has none): when every player has had this many turns
and no one has ended the hole, the hole ends at once; see :mod:`generator.sixcard.hole`."""


class Layout(enum.Enum):
    """A grid: rows x columns and the players it is played by; the value is its name."""

    SIX = "6-card"
    FOUR = "4-card"
    NINE = "9-card"

    @property
    def rows(self) -> int:
        return 3 if self is Layout.NINE else 2

    @property
    def columns(self) -> int:
        return 2 if self is Layout.FOUR else 3

    @property
    def size(self) -> int:
        return self.rows * self.columns

    @property
    def players(self) -> range:
        """The player counts the page gives: 6-card 2-6, 4-card 3-7, 9-card 3-6."""
        return {Layout.SIX: range(2, 7), Layout.FOUR: range(3, 8), Layout.NINE: range(3, 7)}[self]

    @property
    def face_up_at_start(self) -> int:
        """The cards each player turns up at the start by default: 3 in 9-card golf, else 2."""
        return NINE_CARD_FACE_UP_AT_START if self is Layout.NINE else FACE_UP_AT_START

    @classmethod
    def of_shape(cls, rows: int, columns: int) -> Layout | None:
        """The layout of a ``rows`` x ``columns`` grid, if the family has one."""
        for layout in cls:
            if (layout.rows, layout.columns) == (rows, columns):
                return layout
        return None


class JokerPair(enum.Enum):
    """What two Jokers in one column score: 0 (the rule: a pair cancels) or -4 (the tips)."""

    ZERO = "zero"
    MINUS_FOUR = "minus-four"


class ColumnMatch(enum.Enum):
    """Which alike cards cancel in a column of three (9-Card Golf); in a column of two a pair
    is the whole column, and both values score it alike.

    - ``THREE_ALIKE`` (the 9-card default): only three cards of one rank cancel the column;
      two alike and another card all score their points. This is the rule published
      descriptions of 9-Card Golf give, for instance the Heuchert family rules
      (http://9cardgolf.ironsheep.biz/family-rules.html) and potatoplayer.com's ("make all
      3 cards in a column the same rank and they're removed").
    - ``PAIRS``: any two cards of one rank in the column score 0, the third card its points.
    """

    THREE_ALIKE = "three-alike"
    PAIRS = "pairs"


class RowRule(enum.Enum):
    """The house rule by which cards in one ROW cancel as well as in a column.

    - ``NONE`` (the default): rows do not cancel.
    - ``PAIRS``: any cards of the same rank in one row score 0 (``row_rule=True``).
    - ``WHOLE_ROW``: a row cancels only when all its cards are of one rank.

    A :class:`RowRule` is false only for ``NONE``, so ``if options.row_rule`` still reads.
    """

    NONE = "none"
    PAIRS = "pairs"
    WHOLE_ROW = "whole-row"

    def __bool__(self) -> bool:
        return self is not RowRule.NONE


@dataclass(frozen=True)
class Options:
    """The variant played. The defaults are the page's 6-Card Golf.

    - ``jokers``: two Jokers per deck (False: the no-Jokers variant, 52 cards).
    - ``double_deck``: two decks whatever the player count (they are used anyway
      from :data:`DOUBLE_DECK_FROM_PLAYERS` players); the same as ``decks=2``.
    - ``decks``: how many decks, 1 or 2; ``None`` (the default): one, and a second
      from :data:`DOUBLE_DECK_FROM_PLAYERS` players on. With ``decks=1``, more players
      may play as long as the cards suffice (:meth:`check_players`).
    - ``wild_twos``: a two scores :data:`WILD_TWO_VALUE`.
    - ``joker_pair``: :class:`JokerPair`.
    - ``row_rule``: :class:`RowRule` (``True`` and ``False`` are read as ``PAIRS`` and ``NONE``).
    - ``column_match``: :class:`ColumnMatch`, for columns of three; ``None`` (the default):
      ``THREE_ALIKE``, the published 9-card rule (:attr:`column_rule`).
    - ``face_up_at_start``: the cards each player turns up at the start; ``None`` (the
      default): the layout's, :attr:`Layout.face_up_at_start` (3 in 9-card, else 2).
    - ``knock``: a player may knock instead of taking a turn; see :data:`KNOCK_PENALTY`.
    - ``peek``: players look at their start cards instead of turning them up.

    Options that cannot be played raise :class:`OptionsError`:

    >>> Options(decks=3)
    Traceback (most recent call last):
    ...
    generator.sixcard.errors.OptionsError: decks is 1 or 2 (or None: a second deck from 5 players), not 3
    """

    layout: Layout = Layout.SIX
    jokers: bool = True
    double_deck: bool = False
    wild_twos: bool = False
    joker_pair: JokerPair = JokerPair.ZERO
    row_rule: RowRule = RowRule.NONE
    knock: bool = False
    peek: bool = False
    decks: int | None = None
    column_match: ColumnMatch | None = None
    face_up_at_start: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.row_rule, bool):  # the older form: True, the pairs rule
            object.__setattr__(self, "row_rule", RowRule.PAIRS if self.row_rule else RowRule.NONE)
        if not isinstance(self.row_rule, RowRule):
            raise OptionsError(f"row_rule is a RowRule, not {self.row_rule!r}")
        if self.column_match is not None and not isinstance(self.column_match, ColumnMatch):
            raise OptionsError(f"column_match is a ColumnMatch or None, not {self.column_match!r}")
        if self.decks is not None and (isinstance(self.decks, bool) or self.decks not in (1, 2)):
            raise OptionsError(
                f"decks is 1 or 2 (or None: a second deck from {DOUBLE_DECK_FROM_PLAYERS} "
                f"players), not {self.decks!r}"
            )
        if self.double_deck and self.decks == 1:
            raise OptionsError("double_deck means two decks, not decks=1")
        up = self.face_up_at_start
        if up is not None and (
            isinstance(up, bool) or not isinstance(up, int) or not 0 <= up < self.layout.size
        ):
            raise OptionsError(
                f"{self.layout.value} golf turns up 0 to {self.layout.size - 1} cards at the "
                f"start, not {up!r}"
            )

    @property
    def start_cards(self) -> int:
        """The cards each player turns up (or, peeking, looks at) at the start of a hole."""
        if self.face_up_at_start is None:
            return self.layout.face_up_at_start
        return self.face_up_at_start

    @property
    def column_rule(self) -> ColumnMatch:
        """Which alike cards cancel a column of three: :attr:`column_match`, by default
        ``THREE_ALIKE``."""
        return ColumnMatch.THREE_ALIKE if self.column_match is None else self.column_match

    def decks_for(self, players: int) -> int:
        """How many decks ``players`` players use: :attr:`decks` if given, else two by
        choice or from 5 players on."""
        if self.decks is not None:
            return self.decks
        return 2 if self.double_deck or players >= DOUBLE_DECK_FROM_PLAYERS else 1

    def deck(self, players: int) -> tuple[Card, ...]:
        """The unshuffled cards for ``players`` players."""
        return make_deck(self.decks_for(players), JOKERS_PER_DECK if self.jokers else 0)

    def check_players(self, players: int) -> None:
        """Raise :class:`OptionsError` unless ``players`` may play this grid with these decks.

        >>> Options(decks=1).check_players(6)
        >>> Options(layout=Layout.NINE, decks=1).check_players(6)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        generator.sixcard.errors.OptionsError: 1 deck(s) of 54 cards are too few for 6 players ...
        """
        if isinstance(players, bool) or players not in self.layout.players:
            first, last = self.layout.players[0], self.layout.players[-1]
            raise OptionsError(
                f"{self.layout.value} golf is for {first} to {last} players, not {players!r}"
            )
        dealt = players * self.layout.size
        cards = len(self.deck(players))
        if cards < dealt + 2:
            raise OptionsError(
                f"{self.decks_for(players)} deck(s) of {cards} cards are too few for {players} "
                f"players of {self.layout.value} golf: they deal {dealt} and need 2 more to "
                f"start a stock and a discard pile"
            )

    def value(self, card: Card) -> int:
        """A card's points on its own (no pairing)."""
        if self.wild_twos and card.rank == TWO:
            return WILD_TWO_VALUE
        return CARD_VALUES[card.rank]

    def cancels(self, card: Card) -> bool:
        """Whether ``card`` scores 0 when paired (Jokers do not under :attr:`JokerPair.MINUS_FOUR`)."""
        return not (card.is_joker and self.joker_pair is JokerPair.MINUS_FOUR)

    def deck_mean(self, players: int = 4) -> Fraction:
        """The exact mean points of one card of the deck (what an unseen card is worth on average).

        >>> float(Options().deck_mean()), float(Options(jokers=False).deck_mean())
        (5.481481481481482, 5.769230769230769)
        """
        deck = self.deck(players)
        return Fraction(sum(self.value(card) for card in deck), len(deck))


DEFAULT_OPTIONS = Options()
