"""The variants jokers=1|2 and empty-waste, played through the engine.

The expected answers come from an independent reading of the rules as the
issue states them (:func:`fits`), not from the engine's rule tables: a Joker
stands for any card (it may be removed onto any waste card, and any card onto a
Joker on the waste); nothing at all goes onto a King under the strict rules and
``nothing-on-king`` (a Joker neither); the empty waste takes any card, and a
draw onto it is allowed under every rule set.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.patience import (
    FULL_DECK,
    JOKER,
    SCORING,
    Card,
    Deal,
    DealCode,
    DealError,
    Game,
    IllegalMoveError,
    Move,
    Reason,
    Rules,
    RuleSet,
    RuleSetError,
    Variant,
    deal_for,
    deal_for_number,
)
from generator.patience.deal import STARTING_DECK

C = Card.from_str
RANK_LETTERS = "A23456789TJQK"
DATA = Path(__file__).parent / "data" / "deals_without_variants.txt"
NOK = Variant.NOTHING_ON_KING
JOKER_VARIANT = {1: Variant.JOKERS_1, 2: Variant.JOKERS_2}


# --- an independent reading of the rules ------------------------------------


def _rank(text: str) -> int:
    return RANK_LETTERS.index(text[0]) + 1


def _fits_ignoring_king(rules: Rules, waste: str, card: str) -> bool:
    if waste == "JK" or card == "JK":
        return True
    w, c = _rank(waste), _rank(card)
    return abs(w - c) == 1 or (rules is Rules.EASY and {w, c} == {1, 13})


def _king_forbids(rules: Rules, nothing_on_king: bool, waste: str) -> bool:
    return (rules is Rules.STRICT or nothing_on_king) and waste[0] == "K"


def fits(rules: Rules, nothing_on_king: bool, waste: str | None, card: str) -> bool:
    """Whether ``card`` may be removed onto ``waste`` (``None``: the empty waste)."""
    if waste is None:
        return True
    return not _king_forbids(rules, nothing_on_king, waste) and _fits_ignoring_king(
        rules, waste, card
    )


def expected_reason(
    rules: Rules, nothing_on_king: bool, waste: str | None, card: str
) -> Reason | None:
    """The refusal the rules page would give: a card that only the King rule stops is ``nothing-on-king``."""
    if fits(rules, nothing_on_king, waste, card):
        return None
    assert waste is not None
    if _king_forbids(rules, nothing_on_king, waste) and _fits_ignoring_king(rules, waste, card):
        return Reason.NOTHING_ON_KING
    return Reason.NOT_ADJACENT


# --- situations -------------------------------------------------------------


def situation(waste: str | None, free: str, jokers: int) -> Deal:
    """A deal whose waste is ``waste`` (``None``: empty) and whose column 1 ends with ``free``."""
    pool = [*FULL_DECK, *[JOKER] * jokers]
    for text in (waste, free):
        if text is not None:
            pool.remove(C(text))
    column1 = (*pool[:4], C(free))
    rest = pool[4:]
    columns = (column1, *(tuple(rest[i : i + 5]) for i in range(0, 30, 5)))
    return Deal(columns, None if waste is None else C(waste), tuple(rest[30:]))


def variants_for(deal: Deal, nothing_on_king: bool) -> list[Variant]:
    variants = [NOK] if nothing_on_king else []
    if deal.jokers:
        variants.append(JOKER_VARIANT[deal.jokers])
    if deal.waste is None:
        variants.append(Variant.EMPTY_WASTE)
    return variants


def check_removal(rules: Rules, nothing_on_king: bool, waste: str | None, free: str) -> None:
    jokers = [waste, free].count("JK")
    deal = situation(waste, free, max(jokers, 1) if "JK" in (waste, free) else 0)
    game = Game(deal, RuleSet.of(rules, variants_for(deal, nothing_on_king)))
    move = Move.remove(1, C(free))
    reason = expected_reason(rules, nothing_on_king, waste, free)
    assert game.refusal(move) == reason
    assert (move in game.legal_moves()) == (reason is None)
    if reason is None:
        game.play(move)
        assert game.waste_card == C(free) and game.score == SCORING.per_removal
        assert game.pop() == move and str(game.waste_card) == str(waste)
    else:
        with pytest.raises(IllegalMoveError) as raised:
            game.play(move)
        assert raised.value.reason == reason


RULE_CASES = [(rules, nok) for rules in Rules for nok in (False, True)]


@pytest.mark.parametrize(("rules", "nothing_on_king"), RULE_CASES)
@pytest.mark.parametrize("rank", RANK_LETTERS)
def test_a_joker_on_the_waste_takes_every_card(
    rules: Rules, nothing_on_king: bool, rank: str
) -> None:
    check_removal(rules, nothing_on_king, "JK", rank + "S")


@pytest.mark.parametrize(("rules", "nothing_on_king"), RULE_CASES)
@pytest.mark.parametrize("rank", RANK_LETTERS)
def test_a_joker_goes_onto_every_card_but_a_forbidden_king(
    rules: Rules, nothing_on_king: bool, rank: str
) -> None:
    check_removal(rules, nothing_on_king, rank + "H", "JK")


@pytest.mark.parametrize(("rules", "nothing_on_king"), RULE_CASES)
def test_a_joker_goes_onto_a_joker(rules: Rules, nothing_on_king: bool) -> None:
    check_removal(rules, nothing_on_king, "JK", "JK")


@pytest.mark.parametrize(("rules", "nothing_on_king"), RULE_CASES)
@pytest.mark.parametrize("card", [r + "D" for r in RANK_LETTERS] + ["JK"])
def test_the_empty_waste_takes_every_card(rules: Rules, nothing_on_king: bool, card: str) -> None:
    check_removal(rules, nothing_on_king, None, card)


def test_the_independent_reading_agrees_with_the_answers_the_rules_page_gives() -> None:
    """The reading above is the rules page's for ordinary cards (a check of the test itself)."""
    assert fits(Rules.EASY, False, "KS", "AH") and not fits(Rules.CLASSIC, False, "KS", "AH")
    assert fits(Rules.CLASSIC, False, "KS", "QH") and not fits(Rules.STRICT, False, "KS", "QH")
    assert expected_reason(Rules.STRICT, False, "KS", "QH") is Reason.NOTHING_ON_KING
    assert expected_reason(Rules.STRICT, False, "KS", "AH") is Reason.NOT_ADJACENT
    assert expected_reason(Rules.EASY, True, "KS", "AH") is Reason.NOTHING_ON_KING


@pytest.mark.parametrize("rules", list(Rules))
def test_a_draw_onto_the_empty_waste_is_allowed_under_every_rule_set(rules: Rules) -> None:
    deal = situation(None, "5C", 0)
    game = Game(deal, rules, variants=[Variant.EMPTY_WASTE])
    draw = Move.draw(deal.stock[0])
    assert game.waste_card is None and game.refusal(draw) is None
    assert draw in game.legal_moves()
    assert len(game.legal_moves()) == 7 + 1  # every free card fits the empty waste, and the draw
    game.play(draw)
    assert game.waste_card == deal.stock[0] and game.score == 0 and not game.is_over()
    game.undo()
    assert game.waste_card is None and game.waste == [] and game.move_count == 1


def test_strict_rules_refuse_a_draw_while_a_card_fits_a_joker() -> None:
    deal = situation("JK", "5C", 1)
    game = Game(deal, Rules.STRICT, variants=[Variant.JOKERS_1])
    assert game.refusal(Move.draw(deal.stock[0])) is Reason.MUST_REMOVE
    assert all(move.action == "remove" for move in game.legal_moves())


def test_the_empty_waste_is_part_of_the_position_and_its_key() -> None:
    deal = deal_for_number(5, empty_waste=True)
    game = Game(deal, Rules.CLASSIC, variants=[Variant.EMPTY_WASTE])
    assert game.position().waste is None and game.position().stock == deal.stock
    start_key = game.key()
    game.play(Move.remove(3, deal.columns[2][-1]))
    assert game.position().waste == deal.columns[2][-1] and game.key() != start_key
    game.pop()
    assert game.key() == start_key


def test_an_illegal_move_onto_the_empty_waste_says_so() -> None:
    game = Game(situation(None, "5C", 0), Rules.EASY, variants=[Variant.EMPTY_WASTE])
    with pytest.raises(IllegalMoveError, match="onto the empty waste") as raised:
        game.play(Move.remove(1, C("KD")))  # not in column 1
    assert raised.value.reason is Reason.NOT_THERE


# --- whole games: stuck and won detection, score, undo -----------------------


def _free_cards(game: Game) -> list[tuple[int, Card]]:
    return [(n, card) for n in range(1, 8) if (card := game.free_card(n)) is not None]


@pytest.mark.parametrize("jokers", [0, 1, 2])
@pytest.mark.parametrize("empty_waste", [False, True])
@pytest.mark.parametrize(("rules", "nothing_on_king"), RULE_CASES)
def test_random_games_follow_the_independent_reading_to_the_end(
    jokers: int, empty_waste: bool, rules: Rules, nothing_on_king: bool
) -> None:
    rng = random.Random(f"{jokers}{empty_waste}{rules}{nothing_on_king}")
    for number in (3, 11):
        deal = deal_for_number(number, jokers=jokers, empty_waste=empty_waste)
        game = Game(deal, RuleSet.of(rules, variants_for(deal, nothing_on_king)))
        while True:
            waste = None if game.waste_card is None else str(game.waste_card)
            fitting = [
                Move.remove(n, card)
                for n, card in _free_cards(game)
                if fits(rules, nothing_on_king, waste, str(card))
            ]
            may_draw = bool(game.stock) and not (
                rules is Rules.STRICT and waste is not None and fitting
            )
            expected = fitting + ([Move.draw(game.stock[0])] if may_draw else [])
            won, stuck = game.removed == 35, not fitting and not game.stock and game.removed < 35
            assert (game.is_won(), game.is_stuck()) == (won, stuck)
            if won or stuck:
                assert game.legal_moves() == []
                left = 35 - game.removed
                assert game.score == max(0, 10 * game.removed - (10 * left if stuck else 0))
                break
            assert game.legal_moves() == expected
            game.play(rng.choice(expected))
        count = game.move_count
        game.undo()
        assert not game.is_over() and game.move_count == count


# --- deals ------------------------------------------------------------------


def _data_lines() -> list[dict[str, object]]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize("recorded", _data_lines(), ids=lambda line: str(line["code"]))
def test_deals_without_variants_are_dealt_as_before_the_variants(
    recorded: dict[str, object],
) -> None:
    number = DealCode.parse(str(recorded["code"])).number
    deal = deal_for_number(number)
    assert deal == Deal.from_json(recorded)
    assert deal_for(number, RuleSet.of(Rules.STRICT, [NOK])) == deal


def _reference_deck(number: int, jokers: int) -> list[str]:
    """The spec, read independently: SplitMix64 seeded with the number, Fisher-Yates from the end."""
    mask = (1 << 64) - 1
    deck = [*STARTING_DECK.split(), *["JK"] * jokers]
    order = list(range(len(deck)))
    state = number

    def next_random() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    for i in range(len(order) - 1, 0, -1):
        limit = (1 << 64) - (1 << 64) % (i + 1)
        value = next_random()
        while value >= limit:
            value = next_random()
        j = value % (i + 1)
        order[i], order[j] = order[j], order[i]
    return [deck[i] for i in order]


@pytest.mark.parametrize("jokers", [1, 2])
@pytest.mark.parametrize("number", [0, 1, 2, 777, 26**7 - 1])
def test_deals_with_jokers_shuffle_the_longer_deck(jokers: int, number: int) -> None:
    deal = deal_for_number(number, jokers=jokers)
    deck = [str(card) for card in deal.deck]
    assert deck == _reference_deck(number, jokers)
    assert len(deck) == 52 + jokers and deck.count("JK") == jokers == deal.jokers
    assert sorted(card for card in deal.deck if not card.is_joker) == sorted(FULL_DECK)
    assert len(deal.stock) == 16 + jokers and deal.waste is not None
    assert Deal.from_json(deal.to_json()) == deal
    assert deal_for(number, RuleSet.of(Rules.EASY, [JOKER_VARIANT[jokers]])) == deal


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_an_empty_waste_moves_the_waste_card_to_the_top_of_the_stock(jokers: int) -> None:
    for number in (1, 9, 4242):
        usual = deal_for_number(number, jokers=jokers)
        empty = deal_for_number(number, jokers=jokers, empty_waste=True)
        assert empty.waste is None and empty.columns == usual.columns
        assert empty.stock == (usual.waste, *usual.stock) and len(empty.stock) == 17 + jokers
        assert empty.deck == usual.deck
        assert empty.to_json()["waste"] is None and Deal.from_json(empty.to_json()) == empty
        variants = [Variant.EMPTY_WASTE, *([JOKER_VARIANT[jokers]] if jokers else [])]
        assert deal_for(number, RuleSet.of(Rules.CLASSIC, variants)) == empty


def test_deals_with_jokers_differ_from_number_to_number() -> None:
    for jokers in (1, 2):
        assert len({deal_for_number(n, jokers=jokers).deck for n in range(2, 30)}) == 28


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("waste", None), "the stock has 16 cards, not 17"),
        (lambda d: d.update(waste=None, stock=[*d["stock"], "JK"]), "has 17 cards, not 18"),
        (lambda d: d["stock"].__setitem__(0, "JK"), "the stock has 16 cards, not 17"),
        (lambda d: d["stock"].extend(["JK"] * 3), "at most 2 Jokers, not 3"),
        (lambda d: d.update(stock=["JK", *d["stock"][:-1], d["stock"][0]]), "'.*' is dealt twice"),
        (lambda d: d.__setitem__("waste", "KJ"), "waste: bad card: 'KJ'"),
        (lambda d: d.__setitem__("waste", ""), "waste: bad card: ''"),
    ],
)
def test_malformed_deals_with_variants_say_what_is_wrong(change, message) -> None:  # type: ignore[no-untyped-def]
    data = deal_for_number(1).to_json()
    change(data)
    with pytest.raises(DealError, match=message):
        Deal.from_json(data)


def test_a_joker_may_stand_anywhere_and_the_waste_may_be_null() -> None:
    data = deal_for_number(1).to_json()
    data["stock"].append(data["waste"])
    data["waste"] = None
    data["stock"].append(data["columns"][0][0])
    data["columns"][0][0] = "JK"
    data["stock"].append("JK")
    deal = Deal.from_json(data)
    assert deal.waste is None and deal.jokers == 2 and len(deal.stock) == 19
    assert deal.columns[0][0] == JOKER and deal.to_json() == data


@pytest.mark.parametrize("jokers", [-1, 3])
def test_deal_for_number_refuses_a_joker_count_out_of_range(jokers: int) -> None:
    with pytest.raises(DealError, match=f"0 to 2 Jokers, not {jokers}"):
        deal_for_number(1, jokers=jokers)


# --- rule sets ----------------------------------------------------------------


def test_jokers_1_and_jokers_2_exclude_each_other() -> None:
    with pytest.raises(RuleSetError, match="'jokers=1' and 'jokers=2' exclude each other"):
        RuleSet.of(Rules.EASY, [Variant.JOKERS_1, Variant.JOKERS_2])


def test_a_rule_set_says_its_jokers_and_empty_waste() -> None:
    rule_set = RuleSet.of(Rules.CLASSIC, [Variant.JOKERS_2, Variant.EMPTY_WASTE, NOK])
    assert (rule_set.jokers, rule_set.empty_waste) == (2, True)
    assert str(rule_set) == "classic+empty-waste+jokers=2+nothing-on-king"
    assert (RuleSet.of(Rules.EASY).jokers, RuleSet.of(Rules.EASY).empty_waste) == (0, False)


@pytest.mark.parametrize(
    ("deal", "variants", "message"),
    [
        (deal_for_number(4, jokers=1), [], "holds 1 Joker.* deal 0"),
        (deal_for_number(4), [Variant.JOKERS_2], "holds 0 Joker.* deal 2"),
        (deal_for_number(4, jokers=2), [Variant.JOKERS_1], "holds 2 Joker.* deal 1"),
        (deal_for_number(4, empty_waste=True), [], "has no waste card"),
        (deal_for_number(4), [Variant.EMPTY_WASTE], "has a waste card"),
    ],
)
def test_a_game_refuses_a_deal_dealt_for_other_variants(
    deal: Deal, variants: list[Variant], message: str
) -> None:
    with pytest.raises(DealError, match=message):
        Game(deal, Rules.EASY, variants=variants)


def test_a_game_takes_a_rule_set() -> None:
    rule_set = RuleSet.of(Rules.CLASSIC, [NOK])
    game = Game(deal_for_number(2), rule_set)
    assert game.rules is Rules.CLASSIC and game.rule_set == rule_set
    with_jokers = Game(deal_for_number(2, jokers=1), rule_set, variants=[Variant.JOKERS_1])
    assert with_jokers.rule_set == RuleSet.of(Rules.CLASSIC, [NOK, Variant.JOKERS_1])
