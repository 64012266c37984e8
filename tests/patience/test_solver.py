"""The solver against an independent search, the engine's own replay, and its recorded verdicts."""

import gzip
import json
import random
from pathlib import Path

import pytest

from generator.pages.recorded import load_reference_game, load_rules_examples
from generator.patience import (
    KING_RANK,
    SCORING,
    TABLEAU_SIZE,
    Deal,
    Game,
    GolfError,
    Rules,
    RuleSet,
    Variant,
    deal_for_number,
)
from generator.patience.solver import Solution, has_fast_search, solve

VERDICTS = Path(__file__).resolve().parents[2] / "generator" / "data" / "solver_verdicts.json.gz"
CENSUS_RULE_SETS = (
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.STRICT),
    RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
)

NOK = (Variant.NOTHING_ON_KING,)


def naive_winnable(deal: Deal, rules: Rules, variants: tuple[Variant, ...] = ()) -> bool:
    """Plain exhaustive search through the Game API: no pruning, no C, no shared code with the solver."""
    game = Game(deal, rules, variants=variants)
    dead: set[object] = set()

    def search() -> bool:
        if game.is_won():
            return True
        key = game.key()
        if key in dead:
            return False
        for move in game.legal_moves():
            game.push(move)
            won = search()
            game.pop()
            if won:
                return True
        dead.add(key)
        return False

    return search()


@pytest.mark.parametrize(
    ("number", "rules"),
    [(n, r) for n in (2, 5, 6) for r in (Rules.EASY, Rules.STRICT)] + [(6, Rules.CLASSIC)],
)
def test_verdict_agrees_with_a_naive_search_and_the_line_wins(number: int, rules: Rules) -> None:
    deal = deal_for_number(number)
    solution = solve(deal, rules)
    assert solution.winnable == naive_winnable(deal, rules)
    game = Game(deal, rules)
    for move in solution.moves:
        game.play(move)  # every move legal under these rules
    assert game.is_won() == solution.winnable


def test_c_and_python_searches_give_the_same_line() -> None:
    assert has_fast_search()
    cases = [(n, r) for n in range(7, 13) for r in (Rules.EASY, Rules.STRICT)]
    for number, rules in [*cases, (2, Rules.CLASSIC)]:
        a = solve(deal_for_number(number), rules, implementation="c")
        b = solve(deal_for_number(number), rules, implementation="python")
        assert (a.winnable, a.moves, a.positions) == (b.winnable, b.moves, b.positions)


def test_c_and_python_searches_give_the_same_line_with_nothing_on_king() -> None:
    assert has_fast_search()
    verdicts = set()
    for number, rules in [(n, Rules.CLASSIC) for n in (7, 9, 15, 38)] + [(12, Rules.EASY)]:
        a = solve(deal_for_number(number), rules, variants=NOK, implementation="c")
        b = solve(deal_for_number(number), rules, variants=NOK, implementation="python")
        assert (a.winnable, a.moves, a.positions) == (b.winnable, b.moves, b.positions)
        verdicts.add(a.winnable)
    assert verdicts == {True, False}  # both kinds of answer compared


def king_on_the_waste(number: int) -> Deal:
    """Deal ``number`` with its waste card swapped with the king last in deck order: a king to start on."""
    deck = list(deal_for_number(number).deck)
    king = max(i for i, card in enumerate(deck) if card.rank == KING_RANK)
    deck[TABLEAU_SIZE], deck[king] = deck[king], deck[TABLEAU_SIZE]
    return Deal.from_deck(deck)


SMALL_CASES = [deal_for_number(n) for n in (7, 15, 38)] + [king_on_the_waste(n) for n in (7, 15)]


@pytest.mark.parametrize("deal", SMALL_CASES, ids=lambda d: f"waste-{d.waste}")
def test_nothing_on_king_verdict_agrees_with_a_naive_search(deal: Deal) -> None:
    solution = solve(deal, Rules.CLASSIC, variants=NOK)
    assert solution.winnable == naive_winnable(deal, Rules.CLASSIC, NOK)
    game = Game(deal, Rules.CLASSIC, variants=NOK)
    for move in solution.moves:
        game.play(move)  # every move legal under classic + nothing-on-king
    assert game.is_won() == solution.winnable


def test_the_small_cases_tell_the_variant_from_classic_and_strict() -> None:
    """The cases above would catch a solver that ignored the variant or also restricted drawing."""
    ignores_variant = any(
        naive_winnable(d, Rules.CLASSIC) != naive_winnable(d, Rules.CLASSIC, NOK)
        for d in SMALL_CASES
    )
    restricts_drawing = any(
        naive_winnable(d, Rules.STRICT) != naive_winnable(d, Rules.CLASSIC, NOK)
        for d in SMALL_CASES
    )
    assert ignores_variant and restricts_drawing
    assert any(d.waste.rank == KING_RANK for d in SMALL_CASES)


def test_recorded_verdicts_of_the_reference_deal_and_the_examples() -> None:
    reference = load_reference_game()
    cases = [(reference.deal, reference.verdicts)]
    cases += [(e.deal, e.verdicts) for e in load_rules_examples().values()]
    for deal, verdicts in cases:
        for rules in Rules:
            assert solve(deal, rules).winnable == verdicts[rules.value], rules


def test_easy_not_classic_example_is_what_its_name_says() -> None:
    example = load_rules_examples()["easy_not_classic"]
    assert example.verdicts["easy"] and not example.verdicts["classic"]
    assert naive_winnable(example.deal, Rules.EASY)
    assert not naive_winnable(example.deal, Rules.CLASSIC)


def test_unknown_implementation_is_an_error() -> None:
    with pytest.raises(ValueError, match="'fortran'"):
        solve(deal_for_number(1), implementation="fortran")


def naive_best(deal: Deal, rule_set: RuleSet) -> int:
    """The most tableau cards any line removes, through the Game API: every line, no pruning."""
    return naive_best_from(Game(deal, rule_set))


def naive_best_from(game: Game) -> int:
    """The most tableau cards any line from where ``game`` is removes (every line, no pruning);
    ``game`` is left where it was."""
    memo: dict[object, int] = {}

    def best() -> int:
        key = game.key()
        if key not in memo:
            results = []
            for move in game.legal_moves():
                game.push(move)
                results.append(best())
                game.pop()
            memo[key] = max(results, default=game.removed)
        return memo[key]

    return best()


def replay_best(deal: Deal, rule_set: RuleSet, solution: Solution) -> Game:
    game = Game(deal, rule_set)
    for move in solution.moves:
        game.play(move)  # every move legal under these rules
    return game


STRICT = RuleSet.of(Rules.STRICT)


@pytest.mark.parametrize("number", [2, 4, 5, 10, 11])
def test_best_result_agrees_with_a_naive_search_and_its_line_ends_stuck(number: int) -> None:
    deal = deal_for_number(number)
    solution = solve(deal, STRICT, best=True)
    assert solution.best_removals == naive_best(deal, STRICT) < TABLEAU_SIZE
    game = replay_best(deal, STRICT, solution)
    assert game.is_stuck() and not game.legal_moves()
    assert game.removed == solution.best_removals
    assert SCORING.stuck_score(game.removed) == game.score


@pytest.mark.parametrize("implementation", ["c", "python"])
def test_best_result_of_classic_deals_replays(implementation: str) -> None:
    """Deals the classic rules cannot win: the line ends stuck after exactly the best removals."""
    classic = RuleSet.of(Rules.CLASSIC, NOK)
    results = []
    for number in (2, 4):
        deal = deal_for_number(number)
        solution = solve(deal, classic, best=True, implementation=implementation)
        game = replay_best(deal, classic, solution)
        assert not solution.winnable and game.is_stuck()
        assert game.removed == solution.best_removals
        results.append(solution.best_removals)
    assert all(r is not None and r < TABLEAU_SIZE for r in results)


def test_best_result_of_a_winnable_deal_is_35_and_absent_unless_asked() -> None:
    solution = solve(deal_for_number(1), Rules.EASY, best=True)
    assert solution.winnable and solution.best_removals == TABLEAU_SIZE
    assert solve(deal_for_number(2), Rules.STRICT).best_removals is None


VARIANT_SETS = [
    RuleSet.of(Rules.STRICT, [Variant.JOKERS_1]),
    RuleSet.of(Rules.STRICT, [Variant.JOKERS_2]),
    RuleSet.of(Rules.STRICT, [Variant.EMPTY_WASTE]),
    RuleSet.of(Rules.STRICT, [Variant.JOKERS_2, Variant.EMPTY_WASTE]),
]


@pytest.mark.parametrize("rule_set", VARIANT_SETS, ids=str)
def test_joker_and_empty_waste_deals_agree_with_a_naive_search(rule_set: RuleSet) -> None:
    verdicts = set()
    for number in range(1, 7):
        deal = deal_for_number(number, jokers=rule_set.jokers, empty_waste=rule_set.empty_waste)
        solution = solve(deal, rule_set, best=True)
        expected = naive_best(deal, rule_set)
        assert solution.best_removals == expected
        assert solution.winnable == (expected == TABLEAU_SIZE)
        game = replay_best(deal, rule_set, solution)
        assert game.removed == expected and (game.is_won() or game.is_stuck())
        verdicts.add(solution.winnable)
    # Two Jokers and the empty waste win deals 1-6 even under the strict rules; the others lose some.
    assert verdicts == ({True} if rule_set.jokers == 2 and rule_set.empty_waste else {True, False})


@pytest.mark.parametrize(
    "rule_set",
    [
        RuleSet.of(Rules.EASY, [Variant.JOKERS_1]),
        RuleSet.of(Rules.CLASSIC, [Variant.JOKERS_2, Variant.EMPTY_WASTE]),
        RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING, Variant.EMPTY_WASTE]),
    ],
    ids=str,
)
def test_joker_and_empty_waste_lines_win_in_the_game_and_c_agrees_with_python(
    rule_set: RuleSet,
) -> None:
    assert has_fast_search()
    for number in (1, 2, 3):
        deal = deal_for_number(number, jokers=rule_set.jokers, empty_waste=rule_set.empty_waste)
        a = solve(deal, rule_set, best=True, implementation="c")
        b = solve(deal, rule_set, best=True, implementation="python")
        assert (a.winnable, a.moves, a.positions, a.best_removals) == (
            b.winnable,
            b.moves,
            b.positions,
            b.best_removals,
        )
        game = replay_best(deal, rule_set, a)
        assert game.removed == a.best_removals
        assert game.is_won() == a.winnable


def test_a_deal_dealt_for_other_variants_is_refused() -> None:
    with pytest.raises(GolfError, match="Joker"):
        solve(deal_for_number(1), Rules.EASY, variants=[Variant.JOKERS_1])


def test_the_solver_reproduces_a_sample_of_its_recorded_verdicts() -> None:
    """Verdicts recorded before the pruning and the best result; the script checks all of them."""
    with gzip.open(VERDICTS, "rt", encoding="utf-8") as file:
        recorded = json.load(file)
    rule_sets = {str(r): r for r in CENSUS_RULE_SETS}
    sample = random.Random(10).sample(range(1, 2001), 15)
    for name, verdicts in recorded["verdicts"].items():
        for number in sample:
            won = solve(deal_for_number(number), rule_sets[name]).winnable
            assert "WU"[not won] == verdicts[number - 1], (name, number)
    assert "record 2000" in recorded["command"]
