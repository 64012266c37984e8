"""The solver against an independent search, the engine's own replay, and its recorded verdicts."""

import pytest

from generator.pages.recorded import load_reference_game, load_rules_examples
from generator.patience import KING_RANK, TABLEAU_SIZE, Deal, Game, Rules, Variant, deal_for_number
from generator.patience.solver import has_fast_search, solve

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
    if not has_fast_search():
        pytest.fail("the C search is not built: run 'pip install -e .' (it needs a C compiler)")
    cases = [(n, r) for n in range(7, 13) for r in (Rules.EASY, Rules.STRICT)]
    for number, rules in [*cases, (2, Rules.CLASSIC)]:
        a = solve(deal_for_number(number), rules, implementation="c")
        b = solve(deal_for_number(number), rules, implementation="python")
        assert (a.winnable, a.moves, a.positions) == (b.winnable, b.moves, b.positions)


def test_c_and_python_searches_give_the_same_line_with_nothing_on_king() -> None:
    if not has_fast_search():
        pytest.fail("the C search is not built: run 'pip install -e .' (it needs a C compiler)")
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
