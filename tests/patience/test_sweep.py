"""The best result in one sweep (issue 32): the C search held to its Python twin, sliced as the
page slices it, and to the committed census on a sample of every census file.

golfcore.c's sweep and generator/patience/sweep.py are written apart; the searches around them
(the first search paused at its budget, then the sweep, then the line) are the same algorithm
in C and in Python, so the two give the same verdict, best result, line and positions. The
census (generator/data/census/, made by the searches before the sweep) is the oracle.
"""

from __future__ import annotations

import random
import sys

import pytest

from generator.census.format import deal_of, parse_rule_set
from generator.census.reader import load_census
from generator.patience.solver import (
    BEST_LINE,
    BEST_VALUE,
    NO_BEST,
    WIN_BUDGET,
    _search_c,
    _search_python,
    fits_table,
    search_arguments,
)
from tests.patience.test_solver_search import is_stuck, replay

pytestmark = pytest.mark.c_search

Case = tuple[bytes, int, bytes, bytes, bool]

PAUSED_WON, PAUSED_LOST, PROVED = "paused, won", "paused, lost", "proved unwinnable"
SWEPT = {
    "easy": {80: PAUSED_WON, 115: PROVED},
    "classic": {262: PAUSED_WON, 207: PAUSED_LOST, 146: PROVED, 1103: PROVED},
    "classic+nothing-on-king": {303: PAUSED_LOST, 260: PROVED, 310: PROVED},
    "easy+jokers=1": {330: PAUSED_WON},
    "easy+jokers=2": {157: PAUSED_LOST},
    "classic+jokers=1": {78: PAUSED_LOST},
    "classic+jokers=2": {179: PROVED},
    "easy+empty-waste": {223: PAUSED_WON},
    "classic+empty-waste": {257: PAUSED_WON, 146: PROVED},
}
"""Deals of each rule set without the strict rule where the sweep decides, and how they come
to it: the first search paused at its budget (the sweep then finds a win, or none), or the
first search proved no win within its budget (the sweep stops at 34: at 1103 and 310 before
its end). The smallest such sweeps of deals 1-400 (1-1500 for a stop at 34), so that the
Python twin takes seconds."""

LINES = {"classic": (262, 207, 146)}
"""Deals whose line (best 1) the two searches must also find alike."""


def case_of(name: str, number: int) -> Case:
    rule_set = parse_rule_set(name)
    deal = deal_of(number, rule_set)
    return search_arguments(deal, rule_set)


def way_in(case: Case, won: bool) -> str:
    """How the search came to its sweep: what the first search alone did."""
    assert _search_c is not None
    first_won, _, first_positions, _ = _search_c(*case, NO_BEST)
    if first_positions > WIN_BUDGET:
        return PAUSED_WON if won else PAUSED_LOST
    assert not first_won, "won within the budget: no sweep"
    return PROVED


@pytest.mark.parametrize(
    ("name", "number"), [(name, number) for name in SWEPT for number in SWEPT[name]]
)
def test_the_c_sweep_is_its_python_twin(name: str, number: int) -> None:
    """Best 2 (the census's): C and Python give the same verdict, best result and positions
    (the sweep's nodes among them), the committed census's verdict and best result."""
    assert _search_c is not None
    sys.setrecursionlimit(10_000)
    case = case_of(name, number)
    row = load_census(parse_rule_set(name)).row(number - 1)
    c_answer = _search_c(*case, BEST_VALUE)
    assert c_answer == _search_python(*case, BEST_VALUE)
    won, line, positions, best = c_answer
    assert (won, best) == (row.winnable, row.best_removals) and line == []
    assert way_in(case, won) == SWEPT[name][number]
    assert positions > WIN_BUDGET or SWEPT[name][number] == PROVED


@pytest.mark.parametrize(("name", "number"), [(n, d) for n in LINES for d in LINES[n]])
def test_the_line_after_the_sweep_is_the_same_in_c_and_python(name: str, number: int) -> None:
    """Best 1: the line (the first search's, taken up again, when won; else the second
    search's, knowing the value) is legal, reaches the best result and ends stuck; the same in
    C and Python."""
    assert _search_c is not None
    sys.setrecursionlimit(10_000)
    case = case_of(name, number)
    answer = _search_c(*case, BEST_LINE)
    assert answer == _search_python(*case, BEST_LINE)
    won, line, _, best = answer
    assert best == load_census(parse_rule_set(name)).row(number - 1).best_removals
    assert replay(*case, line) == best
    assert won or is_stuck(case[0], case[2], case[3], line, case[1])


def check_slices(counts: list[int], budget: int, positions: int) -> None:
    """Each slice but the last searched exactly ``budget`` positions; they add up."""
    steps = [b - a for a, b in zip([0, *counts], counts, strict=False)]
    assert all(step == budget for step in steps[:-1]), (budget, steps[:10])
    assert 0 < steps[-1] <= budget and counts[-1] == positions


def test_a_sliced_sweep_is_the_whole_search() -> None:
    """The page's slices: a step gives back after its budget of positions, inside the sweep
    too, and the result is the whole search's (best 1 and 2; classic deals of each way in)."""
    from generator.patience._fastsolve import search, sliced

    inside = 0
    for number in SWEPT["classic"]:
        case = case_of("classic", number)
        for best in (BEST_LINE, BEST_VALUE):
            whole = search(*case, best)
            for budget in (1, 997, 5000, WIN_BUDGET, 50_000):
                *got, counts = sliced(*case, best, budget, whole[2] // budget + 2)
                assert tuple(got) == whole, (number, best, budget)
                check_slices(counts, budget, whole[2])
                inside += sum(WIN_BUDGET < count < whole[2] for count in counts)
    assert inside > 100  # slices ended inside the sweep (or after it)


CENSUS_FILES = [
    "easy",
    "classic",
    "strict",
    "classic+nothing-on-king",
    "easy+jokers=1",
    "easy+jokers=2",
    "classic+jokers=1",
    "classic+jokers=2",
    "strict+jokers=1",
    "strict+jokers=2",
    "easy+empty-waste",
    "classic+empty-waste",
    "strict+empty-waste",
]
SAMPLE = 40


@pytest.mark.parametrize("name", CENSUS_FILES)
def test_the_best_results_are_the_census(name: str) -> None:
    """A sample of each committed census file (the whole is census-verify's), and the deals
    above where the sweep decides: the census's search gives each row's verdict and best
    result."""
    from generator.patience.solver import verdict

    rule_set = parse_rule_set(name)
    census = load_census(rule_set)
    fits = fits_table(rule_set)
    numbers = random.Random(name).sample(range(census.first, census.last + 1), SAMPLE)
    for number in [*numbers, *SWEPT.get(name, ())]:
        row = census.row(number - census.first)
        won, best, _ = verdict(deal_of(number, rule_set), rule_set, best=True, fits=fits)
        assert (won, best) == (row.winnable, row.best_removals), number
