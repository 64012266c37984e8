"""Scoring a grid: card points, column pairs, the variants.

The rule: every card scores its points (:data:`~generator.sixcard.rules.CARD_VALUES`),
except that cards of the same RANK in one column cancel: they score 0 together
(a jack and a queen do not pair; two Jokers do). Column scores add up.

The project's choices, where the page leaves a case open:

- **9-Card Golf** (three cards a column): by default only three alike cancel a
  column, as published rules have it (see :class:`ColumnMatch`); two alike and another
  card score their
  points (two 7s and a 9: 23). With :attr:`ColumnMatch.PAIRS` a pair inside the
  column scores 0 and the third card its points (two 7s and a 9: 9).
- **Joker pair -4** (:attr:`JokerPair.MINUS_FOUR`): Jokers never cancel, they keep
  their -2 each; so a Joker pair is -4 and three Jokers in a 3x3 column -6.
- **Wild twos**: two twos in a column are a pair like any other and score 0.
- **Row rule** (house rule, :class:`RowRule`): cards of the same rank in one ROW
  cancel as well (``PAIRS``), or a row cancels only when all its cards are of one
  rank (``WHOLE_ROW``). Cancelling is not subtraction: a card cancelled twice (by its column and by
  its row) still scores 0, once. ``columns`` then holds, for each column, the
  sum of its cards' points after both kinds of cancelling, so the columns
  always add up to the score.

>>> from generator.sixcard.cards import Card
>>> grid = [[Card.from_str(c) for c in row] for row in (["KS", "5D", "JK"], ["KH", "5C", "QS"])]
>>> score_grid(grid)
GridScore(score=8, columns=(0, 0, 8))
>>> nine = [[Card.from_str(c) for c in row] for row in (["7S", "KS", "KD"], ["7H", "KH", "2C"], ["9D", "KC", "2D"])]
>>> score_grid(nine), score_grid(nine, Options(column_match=ColumnMatch.PAIRS))
(GridScore(score=27, columns=(23, 0, 4)), GridScore(score=9, columns=(9, 0, 0)))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.sixcard.cards import Card
from generator.sixcard.errors import GridError
from generator.sixcard.rules import DEFAULT_OPTIONS, ColumnMatch, Layout, Options, RowRule

Grid = Sequence[Sequence[Card]]
"""Rows top to bottom, each row's cards left to right."""


@dataclass(frozen=True)
class GridScore:
    """A grid's score and its column scores, left to right (they add up to ``score``)."""

    score: int
    columns: tuple[int, ...]


def grid_layout(grid: Grid) -> Layout:
    """The layout of ``grid``; :class:`GridError` if it is not 2x3, 2x2 or 3x3."""
    rows = len(grid)
    widths = {len(row) for row in grid}
    layout = Layout.of_shape(rows, widths.pop()) if len(widths) == 1 else None
    if layout is None:
        shape = " ".join(str(len(row)) for row in grid) or "none"
        raise GridError(
            f"a grid is 2x3, 2x2 or 3x3 cards (rows top to bottom), not {rows} row(s) of {shape}"
        )
    return layout


def _cancelled_in(line: Sequence[Card], options: Options, alike: int) -> list[bool]:
    """Which cards of ``line`` cancel: those of a rank held ``alike`` times or more."""
    counts = Counter(card.rank for card in line)
    return [counts[card.rank] >= alike and options.cancels(card) for card in line]


def card_scores(grid: Grid, options: Options = DEFAULT_OPTIONS) -> tuple[tuple[int, ...], ...]:
    """Each card's points after cancelling, in the grid's shape."""
    layout = grid_layout(grid)
    cancelled = [[False] * layout.columns for _ in range(layout.rows)]
    whole_column = options.column_rule is ColumnMatch.THREE_ALIKE
    for c in range(layout.columns):
        column = [row[c] for row in grid]
        for r, gone in enumerate(
            _cancelled_in(column, options, len(column) if whole_column else 2)
        ):
            cancelled[r][c] = cancelled[r][c] or gone
    if options.row_rule:
        alike = layout.columns if options.row_rule is RowRule.WHOLE_ROW else 2
        for r, row in enumerate(grid):
            for c, gone in enumerate(_cancelled_in(row, options, alike)):
                cancelled[r][c] = cancelled[r][c] or gone
    return tuple(
        tuple(0 if cancelled[r][c] else options.value(card) for c, card in enumerate(row))
        for r, row in enumerate(grid)
    )


def score_grid(grid: Grid, options: Options = DEFAULT_OPTIONS) -> GridScore:
    """The score of a grid turned face up: a pure function of its cards and the options.

    >>> from generator.sixcard.cards import Card
    >>> jacks = [[Card.from_str(c) for c in row] for row in (["JS", "KD"], ["JH", "KC"])]
    >>> score_grid(jacks).score
    0
    """
    points = card_scores(grid, options)
    columns = tuple(sum(row[c] for row in points) for c in range(len(points[0])))
    return GridScore(sum(columns), columns)


def paired_columns(grid: Grid) -> int:
    """How many columns hold a pair (two or more cards of one rank), whatever they score."""
    layout = grid_layout(grid)
    count = 0
    for c in range(layout.columns):
        ranks = [row[c].rank for row in grid]
        count += len(set(ranks)) < len(ranks)
    return count
