import pytest

from generator.pages.recorded import load_reference_game
from generator.patience import (
    FULL_DECK,
    Card,
    CardError,
    Deal,
    DealCode,
    DealCodeError,
    DealError,
    deal_for_number,
    parse_card,
)
from generator.patience.deal import STARTING_DECK, shuffle_permutation, starting_deck_for


def test_card_notation_round_trips_for_the_whole_deck() -> None:
    assert len(set(FULL_DECK)) == 52
    for card in FULL_DECK:
        assert Card.from_str(str(card)) == card


@pytest.mark.parametrize("text", ["", "A", "1S", "AX", "ACE", "as", "10S", None])
def test_bad_card_notation_is_a_card_error_quoting_the_input(text: object) -> None:
    with pytest.raises(CardError, match=repr(text).replace("(", r"\(")):
        parse_card(text)


def test_deal_layout_is_7_columns_of_5_a_waste_card_and_16_in_the_stock() -> None:
    deal = deal_for_number(12345)
    assert [len(column) for column in deal.columns] == [5] * 7
    assert len(deal.stock) == 16
    assert sorted(deal.deck) == sorted(FULL_DECK)
    assert Deal.from_deck(deal.deck) == deal
    assert Deal.from_json(deal.to_json()) == deal


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("waste"), "missing key 'waste'"),
        (lambda d: d["columns"].pop(), "7 columns, not 6"),
        (lambda d: d["columns"][2].pop(), "column 3 has 4 cards"),
        (lambda d: d["stock"].pop(), "stock has 15 cards"),
        (lambda d: d["stock"].__setitem__(0, d["waste"]), "dealt twice"),
        (lambda d: d["columns"][0].__setitem__(1, "ZZ"), "column 1, card 2: bad card: 'ZZ'"),
        (lambda d: d.__setitem__("stock", "8S"), "stock: expected a list"),
    ],
)
def test_malformed_deals_say_what_is_wrong(change, message) -> None:  # type: ignore[no-untyped-def]
    data = deal_for_number(1).to_json()
    change(data)
    with pytest.raises(DealError, match=message):
        Deal.from_json(data)


def test_deal_json_ignores_extra_keys() -> None:
    data = {**deal_for_number(1).to_json(), "comment": "anything"}
    assert Deal.from_json(data) == deal_for_number(1)


@pytest.mark.parametrize(
    ("text", "letter", "number"),
    [
        ("GO1-E-AAAAAAB", "E", 1),
        ("GO1-C-AAAAAAB", "C", 1),
        ("GO1-N-AAAAAAB", "E", 1),
        ("GO1-E-AAAAABA", "E", 26),
        ("GO1-C-ZZZZZZZ", "C", 26**7 - 1),
    ],
)
def test_deal_codes(text: str, letter: str, number: int) -> None:
    code = DealCode.parse(text)
    assert (code.rules_letter, code.number) == (letter, number)
    assert DealCode.parse(str(code)) == code


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("GO2-E-AAAAAAB", "prefix 'GO2'"),
        ("GO1-X-AAAAAAB", "rules letter 'X'"),
        ("GO1-e-AAAAAAB", "rules letter 'e'"),
        ("GO1-E-AAAAAB", "deal number 'AAAAAB'"),
        ("GO1-E-AAAAAa1", "deal number 'AAAAAa1'"),
        ("GO1-E", "three parts"),
        ("", "three parts"),
    ],
)
def test_bad_deal_codes_name_the_bad_part(text: str, part: str) -> None:
    with pytest.raises(DealCodeError, match=part):
        DealCode.parse(text)


def test_deal_one_is_the_reference_deal_of_the_pages() -> None:
    assert deal_for_number(1) == load_reference_game().deal
    recorded = load_reference_game().deal
    assert " ".join(map(str, starting_deck_for(recorded, 1))) == " ".join(STARTING_DECK.split())


def test_shuffle_is_a_permutation_and_numbers_give_different_deals() -> None:
    for number in (0, 1, 2, 26**7 - 1):
        assert sorted(shuffle_permutation(number)) == list(range(52))
    deals = {deal_for_number(n).deck for n in range(2, 50)}
    assert len(deals) == 48
