"""The search a slice at a time (issue 31): the page's Solve and hint run it in slices of
positions, pausing and resuming (golfcore.c, "Pausing and resuming"); sliced in any way, it
gives exactly the whole search's result: the verdict, the best result, its line and the
positions searched. Through the page's WebAssembly module (golf_solve_begin, _step, _expanded,
_end, _cancel) and through the Python extension (_fastsolve.sliced), which builds the same C.

Each test was seen failing on a fault put into the pause on purpose (scripts/mutations.yaml,
the section of issue 31's search)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from generator.patience import Game, Rules, RuleSet, Variant, deal_for
from generator.patience.solver import (
    BEST_LINE,
    BEST_VALUE,
    NO_BEST,
    WIN_BUDGET,
    fits_table,
    search_arguments,
    solve,
)
from tests.patience.test_solver_search import random_case
from tests.wasm.module import Wasm, action_of

pytestmark = [pytest.mark.c_search, pytest.mark.xdist_group("wasm")]

RULE_SETS = [
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.STRICT),
    RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
    RuleSet.of(Rules.EASY, [Variant.JOKERS_2]),
    RuleSet.of(Rules.CLASSIC, [Variant.JOKERS_1, Variant.EMPTY_WASTE]),
    RuleSet.of(Rules.STRICT, [Variant.EMPTY_WASTE]),
]
"""The page's rule sets, and some with variants."""

SLOWEST = Path(__file__).resolve().parents[1] / "data" / "slowest_deals.yaml"
PAGE_RULE_SETS = {
    "easy": RuleSet.of(Rules.EASY),
    "classic": RuleSet.of(Rules.CLASSIC),
    "classic+nothing-on-king": RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
    "strict": RuleSet.of(Rules.STRICT),
}
"""The Solve page's four rule sets, by the names slowest_deals.yaml gives them."""

TINY = (1, 2, 7)
"""Budgets of a few positions: a pause at almost every position, everywhere in the search."""
TINY_STEPS = 2500
"""A tiny budget is tried where it takes at most this many slices (the module's calls cost)."""


@pytest.fixture(scope="module")
def wasm() -> Wasm:
    return Wasm()


def budgets(positions: int, steps: int = TINY_STEPS) -> list[int]:
    """The tiny budgets the search's size allows, and ordinary ones: a fifth and a third of
    it, and 5000 (about what the page's slice searches)."""
    tiny = [budget for budget in TINY if positions <= budget * steps]
    return [*tiny, max(1, positions // 5), max(1, positions // 3), 5000]


def most_slices(positions: int, budget: int) -> int:
    """More slices than this and the search does not end as the whole search did."""
    return positions // budget + 2


def check_slices(counts: list[int], budget: int, positions: int) -> None:
    """Each slice but the last searched exactly ``budget`` positions; they add up."""
    steps = [b - a for a, b in zip([0, *counts], counts, strict=False)]
    assert all(step == budget for step in steps[:-1]), (budget, steps[:10])
    assert 0 <= steps[-1] <= budget and counts[-1] == positions


class Stages:
    """Which stages of the search the sliced runs paused in (counted from the positions each
    best searched): the tests must not lose them unnoticed."""

    def __init__(self) -> None:
        self.won = self.best_line = self.unsearched = self.best_from_start = 0

    def add(self, positions: dict[int, int], won: bool) -> None:
        first = positions[NO_BEST]
        self.won += won
        if won:
            return
        self.best_line += positions[BEST_LINE] > first
        if BEST_VALUE in positions:
            self.unsearched += first > 0 and positions[BEST_VALUE] > first
            self.best_from_start += first == 0 and positions[BEST_VALUE] > 0


def test_a_sliced_search_is_the_whole_search(wasm: Wasm) -> None:
    """From the deal, every best, rule sets with and without variants: sliced into tiny and
    ordinary budgets, the result, line and positions are the whole search's, each slice but
    the last exactly its budget."""
    rng = random.Random(31)
    stages = Stages()
    slices = 0
    for rule_set in RULE_SETS:
        for number in [143, *rng.sample(range(1, 100_000), 8)]:
            game = wasm.new_game(number, rule_set)
            positions = {}
            for best in (NO_BEST, BEST_LINE, BEST_VALUE):
                whole = wasm.solve(game, best)
                positions[best] = whole[2]
                for budget in budgets(whole[2]):
                    got, counts = wasm.solve_sliced(
                        game, best, budget, most_slices(whole[2], budget)
                    )
                    assert got == whole, (number, str(rule_set), best, budget)
                    check_slices(counts, budget, whole[2])
                    slices += len(counts)
            stages.add(positions, whole[0])
            wasm("golf_free", game)
    assert stages.won >= 10 and stages.best_line >= 10 and stages.unsearched >= 10, vars(stages)
    assert slices > 100_000
    print(vars(stages), slices)


def games_under_way(rng: random.Random, count: int) -> Iterator[tuple[int, RuleSet, Game]]:
    """Games part way through, along a winning line or at random (the hint's positions)."""
    made = 0
    while made < count:
        rule_set = rng.choice(RULE_SETS)
        number = rng.randint(1, 100_000)
        deal = deal_for(number, rule_set)
        game = Game(deal, rule_set)
        line = solve(deal, rule_set).moves if made % 2 else []
        for i in range(rng.randint(1, 24)):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(line[i] if i < len(line) else rng.choice(legal))
        if not game.is_over():
            made += 1
            yield number, rule_set, game


def test_the_hints_search_sliced_is_the_whole_search(wasm: Wasm) -> None:
    """From a game under way (the hint's search), best 0 and 1: the same."""
    stages = Stages()
    for number, rule_set, game in games_under_way(random.Random(32), 60):
        handle = wasm.new_game(number, rule_set)
        wasm.run(handle, [action_of(move) for move in game.moves])
        positions = {}
        for best in (NO_BEST, BEST_LINE):
            whole = wasm.solve(handle, best)
            positions[best] = whole[2]
            for budget in budgets(whole[2]):
                got, counts = wasm.solve_sliced(handle, best, budget, most_slices(whole[2], budget))
                assert got == whole, (number, str(rule_set), game.moves, best, budget)
                check_slices(counts, budget, whole[2])
        stages.add(positions, whole[0])
        wasm("golf_free", handle)
    assert stages.won >= 10 and stages.best_line >= 10, vars(stages)


def native_cases(rng: random.Random) -> Iterator[tuple[bytes, int, bytes, bytes, bool]]:
    """Deals under the rule sets, and hand-made rank tables (tests/patience/
    test_solver_search.py's: any rank may fit any other), as _fastsolve takes them."""
    for rule_set in RULE_SETS:
        fits = fits_table(rule_set)
        for number in rng.sample(range(1, 100_000), 12):
            deal = deal_for(number, rule_set)
            yield search_arguments(deal, rule_set, fits)
    for seed in range(60):
        yield random_case(random.Random(seed), dense=seed % 6 == 5)


def test_the_native_sliced_search_is_the_whole_search() -> None:
    """The Python extension's build of the same C, best 2 (the census's) too, with tiny budgets
    on searches of up to some 100,000 positions."""
    from generator.patience._fastsolve import search, sliced

    stages = Stages()
    for case in native_cases(random.Random(33)):
        positions = {}
        for best in (NO_BEST, BEST_LINE, BEST_VALUE):
            whole = search(*case, best)
            positions[best] = whole[2]
            for budget in budgets(whole[2], steps=20_000):
                *got, counts = sliced(*case, best, budget, most_slices(whole[2], budget))
                assert tuple(got) == whole, (case, best, budget)
                check_slices(counts, budget, whole[2])
        stages.add(positions, whole[0])
    assert stages.won >= 10 and stages.best_line >= 10, vars(stages)
    assert stages.unsearched >= 10 and stages.best_from_start >= 3, vars(stages)
    print(vars(stages))


def test_a_cancelled_search_leaves_nothing_behind(wasm: Wasm) -> None:
    """Searches begun, stepped part way and cancelled, again and again: the module's memory
    stops growing, the last finished search's result stays, and the next search is the
    same as in a fresh module."""
    rule_set = RuleSet.of(Rules.CLASSIC)
    game = wasm.new_game(143, rule_set)
    kept = wasm.solve(game, BEST_LINE)

    def cancel_some(times: int) -> None:
        for best in (NO_BEST, BEST_LINE, BEST_VALUE) * times:
            handle = wasm("golf_solve_begin", game, best)
            assert handle
            assert wasm("golf_solve_step", handle, 30_000) == 0  # paused: the set grew
            wasm("golf_solve_cancel", handle)

    cancel_some(3)
    size = wasm.memory.data_len(wasm.store)
    cancel_some(40)
    assert wasm.memory.data_len(wasm.store) == size
    assert wasm.result() == kept
    fresh = Wasm()
    for best in (NO_BEST, BEST_LINE, BEST_VALUE):
        got, _counts = wasm.solve_sliced(game, best, 4000)
        assert got == fresh.solve(fresh.new_game(143, rule_set), best)
    wasm("golf_free", game)


def test_bad_input_and_no_memory_are_refused_as_before(wasm: Wasm) -> None:
    """A bad best, best 2 in a game under way, a budget below 0 and an end before the search
    is done say -2; a module out of memory says -1, sliced or not, at every later step too."""
    rule_set = RuleSet.of(Rules.EASY)
    game = wasm.new_game(143, rule_set)
    for best in (-1, 3):
        assert wasm("golf_solve", game, best) == -2
        assert wasm("golf_solve_begin", game, best) == 0 and wasm("golf_solve_error") == -2
    handle = wasm("golf_solve_begin", game, BEST_LINE)
    assert handle and wasm("golf_solve_error") == 0
    assert wasm("golf_solve_step", handle, -1) == -2
    assert wasm("golf_solve_step", handle, 10) == 0
    assert wasm("golf_solve_end", handle) == -2  # not done: refused, and freed
    under_way = wasm.new_game(143, rule_set)
    move = Game(deal_for(143, rule_set), rule_set).legal_moves()[0]
    wasm.run(under_way, [action_of(move)])
    assert wasm("golf_solve", under_way, BEST_VALUE) == -2
    assert wasm("golf_solve_begin", under_way, BEST_VALUE) == 0
    assert wasm("golf_solve_error") == -2

    classic = RuleSet.of(Rules.CLASSIC)
    # past the first search's budget: the sweep's 2.24 MB of labels do not fit in the megabyte
    assert solve(deal_for(143, classic), classic, best=True).positions > WIN_BUDGET
    starved = Wasm()
    hard = starved.new_game(143, classic)
    starved.store.set_limits(memory_size=starved.memory.data_len(starved.store) + (1 << 20))
    assert starved("golf_solve", hard, BEST_LINE) == -1
    assert starved.result() == (False, 0, 0, [])
    handle = starved("golf_solve_begin", hard, BEST_LINE)
    assert handle
    steps = [starved("golf_solve_step", handle, 100_000) for _ in range(15)]
    assert -1 in steps and steps[steps.index(-1) :] == [-1] * (15 - steps.index(-1))
    assert starved("golf_solve_end", handle) == -1
    assert starved.result() == (False, 0, 0, [])


def test_the_slowest_deals_search_what_their_list_says() -> None:
    """tests/data/slowest_deals.yaml, the Solve page's slowest deals of 1-1000 (for the browser
    test of its longest task), was made from these searches: each still takes the positions
    it says. When the search changes (issue 32), make the list again: the file names how."""
    entries = yaml.safe_load(SLOWEST.read_text(encoding="utf-8"))["deals"]
    numbers = [entry["number"] for entry in entries]
    assert len(set(numbers)) == len(numbers) == 20 and all(1 <= n <= 1000 for n in numbers)
    times = [entry["ms"] for entry in entries]
    assert times == sorted(times, reverse=True)
    for entry in entries:
        assert set(entry["positions"]) == set(PAGE_RULE_SETS)
        for name, positions in entry["positions"].items():
            rule_set = PAGE_RULE_SETS[name]
            solution = solve(deal_for(entry["number"], rule_set), rule_set, best=True)
            assert solution.positions == positions, (entry["number"], name)
