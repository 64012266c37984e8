"""The search itself on hand-made rank tables, against a brute force that shares no code with it.

The tables stand for rules the engine does not have (any rank may fit onto any
other), with Jokers (rank 14), the empty waste (rank 0) and stocks of 16 to 19
cards, so the pruning is tried on far more kinds of positions than real deals give.
"""

import random
import sys
from collections.abc import Callable

import pytest

from generator.patience.solver import (
    BEST_LINE,
    BEST_VALUE,
    EMPTY,
    JOKER_SEARCH_RANK,
    NO_BEST,
    SearchResult,
    _search_c,
    _search_python,
    search_arguments,
)

RANKS = 15
TABLEAU = 35


def brute_best(tableau: bytes, waste: int, stock: bytes, fits: bytes, strict: bool) -> int:
    """The most tableau cards any line removes (35: won), by trying every line; no pruning."""
    memo: dict[tuple[tuple[int, ...], int, int], int] = {}

    def best(heights: tuple[int, ...], drawn: int, top: int) -> int:
        key = (heights, drawn, top)
        if key not in memo:
            results = []
            for c, h in enumerate(heights):
                if h and fits[top * RANKS + tableau[c * 5 + h - 1]]:
                    lower = (*heights[:c], h - 1, *heights[c + 1 :])
                    results.append(best(lower, drawn, tableau[c * 5 + h - 1]))
                    if results[-1] == TABLEAU:
                        return TABLEAU  # won: nothing beats it
            if drawn < len(stock) and not (strict and results and top != EMPTY):
                results.append(best(heights, drawn + 1, stock[drawn]))
            memo[key] = max(results, default=TABLEAU - sum(heights))
        return memo[key]

    return best((5,) * 7, 0, waste)


def replay(
    tableau: bytes, waste: int, stock: bytes, fits: bytes, strict: bool, line: list[int]
) -> int:
    """Play ``line`` (deck positions) checking every move is legal; the tableau cards removed, and whether stuck."""
    heights = [5] * 7
    drawn, top = 0, waste
    for position in line:
        fitting = [
            c
            for c in range(7)
            if heights[c] and fits[top * RANKS + tableau[c * 5 + heights[c] - 1]]
        ]
        if position > TABLEAU:
            assert position == TABLEAU + 1 + drawn, "draws come in stock order"
            assert not (strict and fitting and top != EMPTY), "a draw the strict rules forbid"
            top, drawn = stock[drawn], drawn + 1
        else:
            c = position // 5
            assert position == c * 5 + heights[c] - 1, "only a free card is removed"
            assert c in fitting, "the card fits the waste"
            top, heights[c] = tableau[position], heights[c] - 1
    return TABLEAU - sum(heights)


def is_stuck(tableau: bytes, stock: bytes, fits: bytes, line: list[int], waste: int) -> bool:
    heights, drawn, top = [5] * 7, 0, waste
    for position in line:
        if position > TABLEAU:
            top, drawn = stock[drawn], drawn + 1
        else:
            heights[position // 5] -= 1
            top = tableau[position]
    fitting = any(h and fits[top * RANKS + tableau[c * 5 + h - 1]] for c, h in enumerate(heights))
    return not fitting and drawn == len(stock)


def random_case(rng: random.Random, dense: bool) -> tuple[bytes, int, bytes, bytes, bool]:
    """Random ranks (Jokers too), waste (empty sometimes), stock size and fits table."""
    stock_size = rng.choice((16, 17, 18, 19))
    ranks = [rng.randint(1, 13) for _ in range(TABLEAU + stock_size)]
    for _ in range(rng.randint(0, 2)):
        ranks[rng.randrange(len(ranks))] = JOKER_SEARCH_RANK
    waste = rng.choice((EMPTY, rng.randint(1, 13), JOKER_SEARCH_RANK))
    density = 0.97 if dense else rng.choice((0.04, 0.07, 0.1))
    table = bytearray(RANKS * RANKS)
    for w in range(RANKS):
        for r in range(1, RANKS):
            joker = JOKER_SEARCH_RANK in (w, r)
            table[w * RANKS + r] = w == EMPTY or joker or rng.random() < density
    return bytes(ranks[:TABLEAU]), waste, bytes(ranks[TABLEAU:]), bytes(table), rng.random() < 0.3


CASES = [random_case(random.Random(seed), dense=seed % 6 == 5) for seed in range(36)]
Searcher = Callable[[bytes, int, bytes, bytes, bool, int], SearchResult]


def searchers() -> list[Searcher]:
    """The Python search and the C search (where it is built: tests/conftest.py skips the tests
    that compare the two without it)."""
    return [_search_python] if _search_c is None else [_search_python, _search_c]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_search_finds_the_best_result_of_a_brute_force(index: int) -> None:
    """Each search there is (the Python one, and the C one where it is built) finds the brute
    force's best result, with a line that replays to it."""
    sys.setrecursionlimit(10_000)
    tableau, waste, stock, fits, strict = CASES[index]
    expected = brute_best(tableau, waste, stock, fits, strict)
    for search in searchers():
        won, line, _positions, best = search(tableau, waste, stock, fits, strict, BEST_LINE)
        assert (won, best) == (expected == TABLEAU, expected)
        assert replay(tableau, waste, stock, fits, strict, line) == best
        assert is_stuck(tableau, stock, fits, line, waste) or won
        plain = search(tableau, waste, stock, fits, strict, NO_BEST)
        assert plain[0] == won
        assert plain[1] == (line if won else [])
        value = search(tableau, waste, stock, fits, strict, BEST_VALUE)
        assert (value[0], value[1], value[3]) == (won, [], expected)  # the value: no line


@pytest.mark.parametrize("index", range(len(CASES)))
def test_c_and_python_find_the_same_line_in_the_same_positions(index: int) -> None:
    """On the brute force's cases, the C search takes the Python search's line, its positions
    and its best result (tests/conftest.py skips this where the C search is not built)."""
    sys.setrecursionlimit(10_000)
    tableau, waste, stock, fits, strict = CASES[index]
    assert _search_c is not None, "the C search is not built"
    answers = [
        [search(tableau, waste, stock, fits, strict, how) for how in (BEST_LINE, BEST_VALUE)]
        for search in (_search_python, _search_c)
    ]
    assert answers[0] == answers[1]


def test_the_random_cases_cover_what_they_are_for() -> None:
    """Both verdicts, Jokers, the empty waste, every stock size and the strict draw among the cases."""
    results = [brute_best(*case) for case in CASES]
    assert TABLEAU in results and len({r for r in results if r < TABLEAU}) >= 10
    assert any(JOKER_SEARCH_RANK in t + s for t, _, s, _, _ in CASES)
    assert {w for _, w, _, _, _ in CASES} >= {EMPTY, JOKER_SEARCH_RANK}
    assert {len(s) for _, _, s, _, _ in CASES} == {16, 17, 18, 19}
    assert any(strict for *_, strict in CASES) and not all(strict for *_, strict in CASES)


def test_a_card_that_fits_nothing_leaves_the_cards_under_it() -> None:
    """A hand-made table: nothing fits a 13 but the empty waste; the best result stops above each 13."""
    tableau = bytes([1, 2, 13, 4, 5] + [1, 2, 3, 4, 5] * 6)
    stock = bytes(range(1, 13)) + bytes([1, 2, 3, 4])
    fits = bytes(
        int((w != 13 and r != 13) or w == EMPTY) for w in range(RANKS) for r in range(RANKS)
    )
    for search in searchers():
        won, line, _, best = search(tableau, 5, stock, fits, False, BEST_LINE)
        assert (won, best) == (False, 32)  # the 13 and the two cards under it stay
        assert replay(tableau, 5, stock, fits, False, line) == 32
        assert search(tableau, 5, stock, fits, False, BEST_VALUE)[::3] == (False, 32)


def test_a_bad_table_is_refused() -> None:
    assert _search_c is not None
    good = CASES[0]
    with pytest.raises(ValueError, match="16 to 19 stock ranks"):
        _search_c(good[0], good[1], good[2][:15], good[3], False, False)
    with pytest.raises(ValueError, match="15x15"):
        _search_c(good[0], 15, good[2], good[3], False, False)
    with pytest.raises(ValueError, match=r"1\.\.14"):
        _search_c(bytes(35), good[1], good[2], good[3], False, False)
    with pytest.raises(ValueError, match="best 0, 1 or 2"):
        _search_c(good[0], good[1], good[2], good[3], False, 3)


REAL_DEALS = {
    "strict": range(1, 61),
    "classic": (192, 342),
    "classic+nothing-on-king": (310,),
}
"""Real deals the census has solved whose first search runs and finds no win (most random tables
above fail the counts at once): the best value alone then starts from what that search reached."""


@pytest.mark.parametrize("name", sorted(REAL_DEALS))
def test_the_best_value_alone_is_the_census_and_the_same_in_c_and_python(name: str) -> None:
    """The committed census is the oracle (made by the line-finding search): the value alone
    agrees with it on every deal, and C and Python search the same positions for it."""
    from generator.census.format import deal_of, parse_rule_set
    from generator.census.reader import load_census
    from generator.patience.solver import fits_table

    sys.setrecursionlimit(10_000)
    rule_set = parse_rule_set(name)
    census = load_census(rule_set)
    fits = fits_table(rule_set)
    searched = 0
    for number in REAL_DEALS[name]:
        row = census.row(number - census.first)
        deal = deal_of(number, rule_set)
        case = search_arguments(deal, rule_set, fits)
        answers = [search(*case, BEST_VALUE) for search in searchers()]
        for won, line, _, best in answers:
            assert (won, best) == (row.winnable, row.best_removals), number
            assert line == [] or won
        assert answers[0] == answers[1], number
        searched += not row.winnable and searchers()[1](*case, NO_BEST)[2] > 0
    assert searched >= len(REAL_DEALS[name]) // 2  # the first search ran on most of them
