"""An exhaustive solver: proves a deal winnable (with a winning line) or unwinnable.

The search is a depth-first search over compact positions: the 7 column
heights, how many stock cards are drawn and the waste card's *rank* (its suit
decides nothing), packed into one integer. Every move removes or draws a card,
so no position repeats on a line, and the positions searched without success
are remembered as dead. Removals are tried before the draw, from the tallest
column first.

A position is also dead, without searching it, when a card left on the tableau
can never be removed: every card it could go onto (a fitting rank under the
rule set, that can be the waste card while it is free: not under it in its
column, nor above the card right above it, and the deal's waste card only for
the cards free at the start) is already buried in the waste. Each tableau card
keeps a count of such cards still to come (its *hopes*); burying a card lowers
the counts of the cards it could have taken. And it is dead when a set of
ranks (a, a+2, a+4, ...) has more tableau cards than cards still to come that
they fit onto: each card needs a carrier of its own, since a card on the waste
carries only the card that covers it.

The *best result* (``best=True``) of a deal that cannot be won is found by a
second search, branch and bound: a position is dead once no line from it can
remove more cards than the best stuck line found so far, bounded by the cards
that must stay (a card that can never be removed, and all it covers; or what a
set of ranks lacks carriers for).

Without the strict draw rule the best result comes from one sweep over the tableau's shapes
(:mod:`.sweep`; golfcore.c's comment says why it is exact): the first search is given
:data:`WIN_BUDGET` positions, and when it finds no win within them, or proves there is none,
the sweep gives the verdict and the best result. A line, when asked, comes from today's
searches: the first search taken up again (whole) when the sweep found a win, else the second
search started knowing the value, which ends at the first stuck line that reaches it.

A census asks the best result without its line (:func:`verdict`, ``BEST_VALUE``; no line is
returned, not even a winning one). Under the strict rules any position reached counts (a line
goes on from it until stuck, and removed cards never come back), so the second search starts
from the most the first search reached, counts every position it reaches, and ends as soon as
it reaches 34 (the first search proved 35 out of reach), or is not needed at all. The
positions a search reports count the sweep's nodes too.

The search runs in C (``_fastsolve.c``) when that extension is built, and in
Python otherwise; both implement the same algorithm and return the same line,
which the tests check. The rules reach both only as a table of which rank fits
onto which, taken from :meth:`RuleSet.accepts_card` (ranks 1..13, a Joker 14,
the empty waste 0), and whether drawing waits until nothing fits; so a variant
needs nothing of the search itself beyond the deal's cards.

>>> from generator.patience.deal import deal_for_number
>>> result = solve(deal_for_number(1), Rules.EASY)
>>> result.winnable, len(result.moves) > 0
(True, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from generator.patience.cards import JOKER, KING, SUITS, Card
from generator.patience.deal import COLUMN_HEIGHT, COLUMNS, TABLEAU_SIZE, Deal
from generator.patience.game import Move
from generator.patience.rules import Rules, RuleSet, Variant
from generator.patience.sweep import sweep

SearchResult = tuple[bool, list[int], int, int]
"""Won, the line (deck positions in the order they reach the waste), positions expanded, best removals."""
Search = Callable[[bytes, int, bytes, bytes, bool, int], SearchResult]
NO_BEST, BEST_LINE, BEST_VALUE = 0, 1, 2
"""What the search's last argument asks beyond the verdict: nothing; the best result and a line
that reaches it; or the best result alone (what a census asks: found with less searching)."""


NO_C_SEARCH_ENV = "GOLF_NO_C_SEARCH"
"""Set (to anything but empty), the solver leaves the C search unused, as on a machine where
the package was installed without a C compiler (what the tests of that case run as)."""


def _load_fast_search() -> Search | None:
    """The C search, or ``None`` when the extension is not built (no C compiler at install)
    or :data:`NO_C_SEARCH_ENV` is set."""
    if os.environ.get(NO_C_SEARCH_ENV):
        return None
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
EMPTY = 0
"""The search's rank of the empty waste."""
JOKER_SEARCH_RANK = KING + 1
"""The search's rank of a Joker (the engine's Joker rank is 0, the search's empty waste)."""
_RANKS = JOKER_SEARCH_RANK + 1
_SET_LENGTH = 7
WIN_BUDGET = 20_000
"""Without the strict draw rule, the first search's positions before it pauses and the sweep
(:mod:`.sweep`) gives the best result and the verdict (golfcore.c's WIN_BUDGET)."""


class _OutOfBudget(Exception):
    """The first search has searched its :data:`WIN_BUDGET` positions."""


@dataclass
class Solution:
    """The verdict: ``moves`` is a winning line when ``winnable``.

    With ``best``, a deal that cannot be won has ``moves`` ending stuck after
    ``best_removals`` tableau cards, the most any line removes; otherwise
    ``moves`` is empty and ``best_removals`` is ``None``. A winnable deal has
    ``best_removals`` 35.
    """

    winnable: bool
    moves: list[Move] = field(default_factory=list)
    positions: int = 0
    """How many positions the search expanded."""
    best_removals: int | None = None


def c_search_problem() -> str | None:
    """Why the built C search cannot be trusted: it was compiled with other rule values than
    the engine's (:mod:`generator.patience.cvalues`), a rule changed since; None if it was not
    (or it is not built)."""
    if _search_c is None:
        return None
    from generator.patience import _fastsolve
    from generator.patience.cvalues import c_values

    built = getattr(_fastsolve, "rule_values", None)
    found = tuple(built()) if built is not None else ()
    differ = [
        f"{name.removeprefix('GOLF_RULE_').lower()} {found[n] if n < len(found) else '?'}, "
        f"the engine's {value}"
        for n, (name, value) in enumerate(c_values())
        if n >= len(found) or found[n] != value
    ]
    if not differ:
        return None
    return (
        f"the C search was compiled with other rule values than the engine's ({'; '.join(differ)}): "
        "compile it again (python -m generator compile, or pip install -e .)"
    )


def has_fast_search() -> bool:
    """Whether the C search is built; without it the solver runs in Python, far slower."""
    return _search_c is not None


def search_rank(card: Card | None) -> int:
    """A card's rank in the search: 1..13, a Joker 14, the empty waste (``None``) 0."""
    if card is None:
        return EMPTY
    return JOKER_SEARCH_RANK if card.is_joker else card.rank


def _card_of(rank: int) -> Card | None:
    """A card of search rank ``rank`` (its suit decides nothing)."""
    if rank == EMPTY:
        return None
    return JOKER if rank == JOKER_SEARCH_RANK else Card(rank, SUITS[0])


def fits_table(rules: Rules | RuleSet) -> bytes:
    """``table[w * 15 + r]`` is 1 when a card of search rank ``r`` may go onto waste rank ``w``.

    From :meth:`RuleSet.accepts_card`; row 0 is the empty waste, column 0 no card. Built
    anew at each call (a test may change the rules; a census builds it once per chunk and
    passes it to :func:`verdict`).
    """
    rule_set = RuleSet.of(rules)
    table = bytearray(_RANKS * _RANKS)
    for w in range(_RANKS):
        for r in range(1, _RANKS):
            card = _card_of(r)
            assert card is not None
            table[w * _RANKS + r] = rule_set.accepts_card(_card_of(w), card)
    return bytes(table)


def solve(
    deal: Deal,
    rules: Rules | RuleSet = Rules.EASY,
    *,
    variants: Iterable[Variant] = (),
    best: bool = False,
    implementation: str = "auto",
) -> Solution:
    """Search every line of ``deal`` under ``rules`` and ``variants``; return a winning line or prove there is none.

    With ``best``, a deal that cannot be won also gets its best possible
    result: the most tableau cards any line removes, and a line that does.
    ``implementation`` is ``"c"``, ``"python"`` or ``"auto"`` (C when built).
    """
    rule_set = RuleSet.of(rules, variants)
    rule_set.check_deal(deal)
    search: Search
    if implementation == "python" or (implementation == "auto" and _search_c is None):
        search = _search_python
    elif implementation in ("c", "auto") and _search_c is not None:
        search = _search_c
    else:
        raise ValueError(f"no such solver implementation here: {implementation!r}")
    won, line, expanded, removals = search(
        *search_arguments(deal, rule_set), BEST_LINE if best else NO_BEST
    )
    moves = [_move(deal, t) for t in line]
    return Solution(won, moves, expanded, removals if best else None)


SearchArguments = tuple[bytes, int, bytes, bytes, bool]
"""What both searches take before ``best``: the tableau's ranks column by column, the waste's
rank, the stock's ranks, the fits table and whether a draw waits until nothing fits."""


def search_arguments(deal: Deal, rule_set: RuleSet, fits: bytes | None = None) -> SearchArguments:
    """``deal`` under ``rule_set`` as the searches (C and Python) take it; ``fits`` is
    ``fits_table(rule_set)``, passed by a caller solving many deals."""
    return (
        bytes(search_rank(card) for column in deal.columns for card in column),
        search_rank(deal.waste),
        bytes(search_rank(card) for card in deal.stock),
        fits if fits is not None else fits_table(rule_set),
        rule_set.draw_only_when_blocked,
    )


def verdict(
    deal: Deal, rule_set: RuleSet, *, best: bool = False, fits: bytes | None = None
) -> tuple[bool, int | None, int]:
    """:func:`solve` without the line: whether ``deal`` can be won, its best removals (with
    ``best``; else ``None``) and the positions searched (what a census needs, and no more).
    ``fits`` is ``fits_table(rule_set)``, passed by a caller solving many deals."""
    search = _search_c or _search_python
    won, _line, expanded, removals = search(
        *search_arguments(deal, rule_set, fits), BEST_VALUE if best else NO_BEST
    )
    return won, (removals if best else None), expanded


def _move(deal: Deal, position: int) -> Move:
    """The move that brings the card at search ``position`` onto the waste (35 is the waste itself)."""
    if position > TABLEAU_SIZE:
        return Move.draw(deal.stock[position - TABLEAU_SIZE - 1])
    column, row = divmod(position, COLUMN_HEIGHT)
    return Move.remove(column + 1, deal.columns[column][row])


def _search_python(
    tableau: bytes, waste_rank: int, stock: bytes, fits: bytes, strict_draw: bool, best: int
) -> SearchResult:
    """The reference search; ``_fastsolve.c`` is a line-for-line port of it."""
    rank = [*tableau, waste_rank, *stock]
    fit_rows = [fits[w * _RANKS : (w + 1) * _RANKS] for w in range(_RANKS)]
    hopes = [0] * TABLEAU_SIZE
    watchers: list[list[int]] = [[] for _ in rank]
    for x in range(TABLEAU_SIZE):
        for t in range(len(rank)):
            if t == x or not fit_rows[rank[t]][rank[x]]:
                continue
            if t // COLUMN_HEIGHT == x // COLUMN_HEIGHT and t < TABLEAU_SIZE and t != x + 1:
                continue  # under x, or above the card right above x: buried before x is free
            if t == TABLEAU_SIZE and x % COLUMN_HEIGHT != COLUMN_HEIGHT - 1:
                continue  # the waste card takes only a card free at the start
            watchers[t].append(x)
            hopes[x] += 1
    possible = all(hopes)
    # Every tableau card needs a carrier of its own: a card it fits onto, not
    # yet buried (a card carries only the one card that covers it on the
    # waste). So for a set of ranks, the cards still to come that fit a rank of
    # the set (its supply) must be at least its tableau cards (its need). The
    # sets: ranks a, a+2, ... (1..13, on from 13 to 1), up to 7 of them; each
    # set once, and none whose supply counts its own need.
    slack: list[int] = []
    need_sets: list[list[int]] = [[] for _ in range(_RANKS)]
    supply_sets: list[list[int]] = [[] for _ in range(_RANKS)]
    seen: list[int] = []
    for a in range(1, KING + 1):
        members = 0
        for length in range(1, _SET_LENGTH + 1):
            members |= 1 << ((a - 1 + 2 * (length - 1)) % KING + 1)
            carriers = 0
            for c in range(_RANKS):
                for r in range(1, _RANKS):
                    if members >> r & 1 and fit_rows[c][r]:
                        carriers |= 1 << c
            if members in seen or members & ~carriers == 0:
                continue
            seen.append(members)
            for r in range(_RANKS):
                if members >> r & 1:
                    need_sets[r].append(len(slack))
                if carriers >> r & 1:
                    supply_sets[r].append(len(slack))
            supply = sum(carriers >> rank[t] & 1 for t in range(len(rank)))
            need = sum(members >> rank[x] & 1 for x in range(TABLEAU_SIZE))
            slack.append(supply - need)
            possible = possible and slack[-1] >= 0
    heights = [COLUMN_HEIGHT] * COLUMNS
    dead: set[int] = set()
    line: list[int] = []
    expanded = 0
    most = 0  # the most removed at a position searched
    reach = 0  # the most removed at a position reached, searched or not
    best_removals = -1
    best_line: list[int] = []
    value_only = best == BEST_VALUE  # the best result without its line: any position counts
    cap = TABLEAU_SIZE  # the most the second search may find
    unsearched: list[tuple[int, int, int, int, int]] = []
    """Positions the first search left, with ``value_only``: (hkey, drawn, top, left, bound)."""
    hopes_at_start = list(hopes)
    slack_at_start = list(slack)

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

    def bury_supply(t: int) -> bool:
        """Burying card ``t`` takes it from the supply: whether a set is left short."""
        short = False
        for i in supply_sets[rank[t]]:
            slack[i] -= 1
            short = short or slack[i] < 0
        return short

    def unbury_supply(t: int) -> None:
        for i in supply_sets[rank[t]]:
            slack[i] += 1

    def remove_need(x: int, d: int) -> None:
        for i in need_sets[rank[x]]:
            slack[i] += d

    def column_order() -> list[int]:
        return sorted(range(COLUMNS), key=heights.__getitem__, reverse=True)

    def search(hkey: int, drawn: int, top: int, waste: int, left: int) -> bool:
        nonlocal expanded, most, reach
        if expanded >= limit:
            raise _OutOfBudget
        key = hkey | drawn << _STOCK_SHIFT | waste << _WASTE_SHIFT
        if key in dead:
            return False
        expanded += 1
        most = max(most, TABLEAU_SIZE - left)
        fit = fit_rows[waste]
        removed_any = False
        for c in column_order():
            h = heights[c]
            x = c * COLUMN_HEIGHT + h - 1
            if not h or not fit[rank[x]]:
                continue
            removed_any = True
            line.append(x)
            if left == 1:
                return True
            reach = max(reach, TABLEAU_SIZE - left + 1)
            heights[c] = h - 1
            remove_need(x, 1)
            dead_end = bury(top) | bury_supply(top)
            if dead_end and value_only:
                note_unsearched(hkey - (1 << c * _HEIGHT_BITS), drawn, x, left - 1)
            if not dead_end and search(hkey - (1 << c * _HEIGHT_BITS), drawn, x, rank[x], left - 1):
                return True
            unbury(top)
            unbury_supply(top)
            remove_need(x, -1)
            heights[c] = h
            line.pop()
        if drawn < len(stock) and not (strict_draw and removed_any and waste != EMPTY):
            t = TABLEAU_SIZE + 1 + drawn
            line.append(t)
            dead_end = bury(top) | bury_supply(top)
            if dead_end and value_only:
                note_unsearched(hkey, drawn + 1, t, left)
            if not dead_end and search(hkey, drawn + 1, t, rank[t], left):
                return True
            unbury(top)
            unbury_supply(top)
            line.pop()
        dead.add(key)
        return False

    def must_stay() -> int:
        """The fewest tableau cards that must stay: in each column, its topmost
        stranded card and the cards under it (they are *blocked*); and the most a
        set of ranks lacks carriers for among the other cards (the blocked ones
        never reach the waste: they need no carrier and carry none)."""
        blocked = 0
        short = slack
        for c in range(COLUMNS):
            for x in reversed(range(c * COLUMN_HEIGHT, c * COLUMN_HEIGHT + heights[c])):
                if not hopes[x]:
                    blocked += x - c * COLUMN_HEIGHT + 1
                    short = list(short) if short is slack else short
                    for y in range(c * COLUMN_HEIGHT, x + 1):
                        for i in need_sets[rank[y]]:
                            short[i] += 1
                        for i in supply_sets[rank[y]]:
                            short[i] -= 1
                    break
        return blocked + max([0, *(-v for v in short)])

    def note_unsearched(hkey: int, drawn: int, top: int, left: int) -> None:
        """Keep a position the first search leaves (a card in it can never be removed) if it
        might beat what that search has reached so far (called with its counts in place)."""
        bound = min(TABLEAU_SIZE - must_stay(), TABLEAU_SIZE - 1)
        if bound > reach and bound > most:
            unsearched.append((hkey, drawn, top, left, bound))

    def set_up(hkey: int, drawn: int, top: int) -> None:
        """The counts of a kept position, as the search along any line to it leaves them: every
        card that went to the waste is buried but its top; every removed card needs no carrier."""
        hopes[:] = hopes_at_start
        slack[:] = slack_at_start
        for c in range(COLUMNS):
            heights[c] = hkey >> c * _HEIGHT_BITS & 7
            for x in range(c * COLUMN_HEIGHT + heights[c], (c + 1) * COLUMN_HEIGHT):
                remove_need(x, 1)
                if x != top:
                    bury(x)
                    bury_supply(x)
        for t in range(TABLEAU_SIZE, TABLEAU_SIZE + 1 + drawn):
            if t != top:
                bury(t)
                bury_supply(t)

    def search_best(hkey: int, drawn: int, top: int, waste: int, left: int) -> None:
        nonlocal expanded, best_removals, best_line
        key = hkey | drawn << _STOCK_SHIFT | waste << _WASTE_SHIFT
        if key in dead:
            return
        expanded += 1
        if value_only:  # a line goes on from here until stuck, and removed cards never come back
            best_removals = max(best_removals, TABLEAU_SIZE - left)
        bound = min(TABLEAU_SIZE - must_stay(), cap)
        if bound > best_removals:
            fit = fit_rows[waste]
            moved = False
            for c in column_order():
                if bound <= best_removals:
                    break
                h = heights[c]
                x = c * COLUMN_HEIGHT + h - 1
                if not h or not fit[rank[x]]:
                    continue
                moved = True
                line.append(x)
                heights[c] = h - 1
                remove_need(x, 1)
                bury(top)
                bury_supply(top)
                search_best(hkey - (1 << c * _HEIGHT_BITS), drawn, x, rank[x], left - 1)
                unbury(top)
                unbury_supply(top)
                remove_need(x, -1)
                heights[c] = h
                line.pop()
            if (
                drawn < len(stock)
                and not (strict_draw and moved and waste != EMPTY)
                and bound > best_removals
            ):
                t = TABLEAU_SIZE + 1 + drawn
                moved = True
                line.append(t)
                bury(top)
                bury_supply(top)
                search_best(hkey, drawn + 1, t, rank[t], left)
                unbury(top)
                unbury_supply(top)
                line.pop()
            if not moved and not value_only and TABLEAU_SIZE - left > best_removals:  # stuck, best
                best_removals = TABLEAU_SIZE - left
                best_line = list(line)
        dead.add(key)

    hkey = sum(COLUMN_HEIGHT << c * _HEIGHT_BITS for c in range(COLUMNS))
    sweeps = not strict_draw and best != NO_BEST  # the best result from the sweep
    limit = WIN_BUDGET if sweeps else 1 << 62
    try:
        won, proved = possible and search(hkey, 0, TABLEAU_SIZE, waste_rank, TABLEAU_SIZE), True
    except _OutOfBudget:
        won, proved = False, False
    if won:
        return True, line if best != BEST_VALUE else [], expanded, TABLEAU_SIZE
    if best == NO_BEST:
        return False, [], expanded, -1
    if sweeps:
        fewest, swept = sweep(rank, fit_rows, len(stock), stop_at_one=proved)
        set_up(hkey, 0, TABLEAU_SIZE)
        line.clear()
        dead.clear()
        if fewest == 0 and best == BEST_LINE:
            # the line: the first search, whole (the C search takes it up where it paused)
            expanded, limit = 0, 1 << 62
            won = search(hkey, 0, TABLEAU_SIZE, waste_rank, TABLEAU_SIZE)
            return won, line, expanded + swept, TABLEAU_SIZE
        expanded += swept
        if fewest == 0 or best == BEST_VALUE:
            return fewest == 0, [], expanded, TABLEAU_SIZE - fewest
        # the line: the second search, knowing the value, stops at the first line reaching it
        best_removals = TABLEAU_SIZE - fewest - 1
        cap = TABLEAU_SIZE - fewest
        search_best(hkey, 0, TABLEAU_SIZE, waste_rank, TABLEAU_SIZE)
        return False, best_line, expanded, best_removals
    heights[:] = [COLUMN_HEIGHT] * COLUMNS
    line.clear()
    if best == BEST_LINE:
        dead.clear()
        best_removals = most - 1  # phase 1 reached a position with ``most`` cards removed
        search_best(hkey, 0, TABLEAU_SIZE, waste_rank, TABLEAU_SIZE)
        return False, best_line, expanded, best_removals
    # the value alone: the first search reached ``reach`` removed and found no win
    best_removals = max(reach, most)
    cap = TABLEAU_SIZE - 1
    if best_removals < cap and not possible:  # no first search: the second from the start
        search_best(hkey, 0, TABLEAU_SIZE, waste_rank, TABLEAU_SIZE)
    elif best_removals < cap:
        # every position reached is one the first search searched (it reached no more than
        # best_removals there, nor from there but through positions it left) or lies past one
        # it left: search those, the most promising first, keeping the positions it searched
        for kept_hkey, drawn, top, left, bound in sorted(unsearched, key=lambda u: (-u[4], u[3])):
            if bound <= best_removals:
                break
            set_up(kept_hkey, drawn, top)
            search_best(kept_hkey, drawn, top, rank[top], left)
    return False, [], expanded, best_removals
