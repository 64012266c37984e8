"""An exhaustive solver: proves a deal winnable (with a winning line) or unwinnable.

The search is a depth-first search over compact positions: the 7 column
heights, how many stock cards are drawn and the waste card's *rank* (its suit
decides nothing), packed into one integer. Every move removes or draws a card,
so no position repeats on a line, and the positions searched without success
are remembered as dead. Removals are tried before the draw, from the tallest
column first.

A position is also dead, without searching it, when a card left on the tableau
can never be removed: every card it could go onto (a fitting rank under the
rule set, not lying above it in its own column) is already buried in the waste.
Each tableau card keeps a count of such cards still to come (its *hopes*);
burying a card lowers the counts of the cards it could have taken.

The search runs in C (``_fastsolve.c``) when that extension is built, and in
Python otherwise; both implement the same algorithm and return the same line,
which the tests check. The rules reach both only as a table of which rank fits
onto which, taken from :meth:`RuleSet.accepts`, and whether drawing waits
until nothing fits; so a variant such as ``nothing-on-king`` needs nothing of
the search itself.

>>> from generator.patience.deal import deal_for_number
>>> result = solve(deal_for_number(1), Rules.EASY)
>>> result.winnable, len(result.moves) > 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from generator.patience.cards import KING
from generator.patience.deal import COLUMN_HEIGHT, COLUMNS, STOCK_SIZE, TABLEAU_SIZE, Deal
from generator.patience.game import Move
from generator.patience.rules import Rules, RuleSet, Variant

SearchResult = tuple[bool, list[int], int]
Search = Callable[[bytes, int, bytes, bytes, bool], SearchResult]


def _load_fast_search() -> Search | None:
    """The C search, or ``None`` when the extension is not built (no C compiler at install)."""
    try:
        from generator.patience._fastsolve import search
    except ImportError:
        return None
    return search  # type: ignore[no-any-return]


_search_c = _load_fast_search()

NO_FAST_SEARCH = (
    "the C search is not built (no C compiler at install time?): solving in pure Python, "
    "about 30x slower; install gcc and run 'pip install -e .' again"
)
"""What to tell a user whose solver runs without the C search."""

_HEIGHT_BITS = 3
_STOCK_SHIFT = COLUMNS * _HEIGHT_BITS
_WASTE_SHIFT = _STOCK_SHIFT + 5
_RANKS = KING + 1


@dataclass
class Solution:
    """The verdict: ``moves`` is a winning line when ``winnable``, else empty."""

    winnable: bool
    moves: list[Move] = field(default_factory=list)
    positions: int = 0
    """How many positions the search expanded."""


def has_fast_search() -> bool:
    """Whether the C search is built; without it the solver runs in Python, far slower."""
    return _search_c is not None


def fits_table(rules: Rules | RuleSet) -> bytes:
    """``table[w * 14 + r]`` is 1 when a card of rank ``r`` may go onto waste rank ``w``."""
    return bytes(
        int(bool(w and r) and rules.accepts(w, r)) for w in range(_RANKS) for r in range(_RANKS)
    )


def solve(
    deal: Deal,
    rules: Rules | RuleSet = Rules.EASY,
    *,
    variants: Iterable[Variant] = (),
    implementation: str = "auto",
) -> Solution:
    """Search every line of ``deal`` under ``rules`` and ``variants``; return a winning line or prove there is none.

    ``implementation`` is ``"c"``, ``"python"`` or ``"auto"`` (C when built).
    """
    rule_set = RuleSet.of(rules, variants)
    search: Search
    if implementation == "python" or (implementation == "auto" and _search_c is None):
        search = _search_python
    elif implementation in ("c", "auto") and _search_c is not None:
        search = _search_c
    else:
        raise ValueError(f"no such solver implementation here: {implementation!r}")
    tableau = bytes(card.rank for column in deal.columns for card in column)
    stock = bytes(card.rank for card in deal.stock)
    won, line, expanded = search(
        tableau, deal.waste.rank, stock, fits_table(rule_set), rule_set.draw_only_when_blocked
    )
    return Solution(won, [_move(deal, t) for t in line], expanded)


def _move(deal: Deal, position: int) -> Move:
    """The move that brings the card at deck ``position`` onto the waste."""
    if position > TABLEAU_SIZE:
        return Move.draw(deal.deck[position])
    return Move.remove(position // COLUMN_HEIGHT + 1, deal.deck[position])


def _search_python(
    tableau: bytes, waste_rank: int, stock: bytes, fits: bytes, strict_draw: bool
) -> SearchResult:
    """The reference search; ``_fastsolve.c`` is a line-for-line port of it."""
    rank = [*tableau, waste_rank, *stock]
    fit_rows = [fits[w * _RANKS : (w + 1) * _RANKS] for w in range(_RANKS)]
    hopes = [0] * TABLEAU_SIZE
    watchers: list[list[int]] = [[] for _ in rank]
    for x in range(TABLEAU_SIZE):
        for t in range(len(rank)):
            above_x = t // COLUMN_HEIGHT == x // COLUMN_HEIGHT and t < x
            if t != x and fit_rows[rank[t]][rank[x]] and not above_x:
                watchers[t].append(x)
                hopes[x] += 1
    heights = [COLUMN_HEIGHT] * COLUMNS
    dead: set[int] = set()
    line: list[int] = []
    expanded = 0

    def bury(t: int) -> bool:
        stranded = False
        for x in watchers[t]:
            hopes[x] -= 1
            if not hopes[x] and heights[x // COLUMN_HEIGHT] > x % COLUMN_HEIGHT:
                stranded = True
        return stranded

    def unbury(t: int) -> None:
        for x in watchers[t]:
            hopes[x] += 1

    def search(hkey: int, drawn: int, top: int, waste: int, left: int) -> bool:
        nonlocal expanded
        key = hkey | drawn << _STOCK_SHIFT | waste << _WASTE_SHIFT
        if key in dead:
            return False
        expanded += 1
        fit = fit_rows[waste]
        removed_any = False
        for c in sorted(range(COLUMNS), key=heights.__getitem__, reverse=True):
            h = heights[c]
            x = c * COLUMN_HEIGHT + h - 1
            if not h or not fit[rank[x]]:
                continue
            removed_any = True
            line.append(x)
            if left == 1:
                return True
            heights[c] = h - 1
            if not bury(top) and search(
                hkey - (1 << c * _HEIGHT_BITS), drawn, x, rank[x], left - 1
            ):
                return True
            unbury(top)
            heights[c] = h
            line.pop()
        if drawn < STOCK_SIZE and not (strict_draw and removed_any):
            t = TABLEAU_SIZE + 1 + drawn
            line.append(t)
            if not bury(top) and search(hkey, drawn + 1, t, rank[t], left):
                return True
            unbury(top)
            line.pop()
        dead.add(key)
        return False

    hkey = sum(COLUMN_HEIGHT << c * _HEIGHT_BITS for c in range(COLUMNS))
    won = all(hopes) and search(hkey, 0, TABLEAU_SIZE, waste_rank, TABLEAU_SIZE)
    return won, line if won else [], expanded
