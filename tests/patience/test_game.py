"""The rules as the pages state them, played through the engine."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.patience import (
    FULL_DECK,
    SCORING,
    UNDO_LIMIT,
    Card,
    Deal,
    Game,
    IllegalMoveError,
    Move,
    Reason,
    Rules,
    Variant,
    deal_for_number,
)

C = Card.from_str


def make_deal(columns: list[str], waste: str, stock: list[str] | None = None) -> Deal:
    """A deal from the given columns and waste; the stock is the rest of the deck, or ``stock`` first."""
    cols = [[C(t) for t in column.split()] for column in columns]
    used = {card for column in cols for card in column} | {C(waste)}
    first = [C(t) for t in stock or []]
    rest = [card for card in FULL_DECK if card not in used and card not in first]
    return Deal(tuple(map(tuple, cols)), C(waste), (*first, *rest))


COLUMNS = [
    "2C 3C 4C 5C KD",
    "2D 3D 4D 5D QH",
    "2H 3H 4H 5H AS",
    "6C 7C 8C 9C 6D",
    "7D 8D 9D TD 6H",
    "TC JC QC KC 9H",
    "JD 7H 8H TH JH",
]


def game(rules: Rules = Rules.EASY, waste: str = "KS", stock: list[str] | None = None) -> Game:
    return Game(make_deal(COLUMNS, waste, stock), rules)


@pytest.mark.parametrize(
    ("rules", "waste", "card", "column", "reason"),
    [
        (Rules.EASY, "KS", "AS", 3, None),  # ace on king: Easy connects them
        (Rules.CLASSIC, "KS", "AS", 3, Reason.NOT_ADJACENT),
        (Rules.STRICT, "KS", "AS", 3, Reason.NOT_ADJACENT),
        (Rules.EASY, "KS", "QH", 2, None),
        (Rules.CLASSIC, "KS", "QH", 2, None),  # a queen on a king stays allowed
        (Rules.STRICT, "KS", "QH", 2, Reason.NOTHING_ON_KING),
        (Rules.EASY, "AC", "KD", 1, None),  # king on ace
        (Rules.CLASSIC, "AC", "KD", 1, Reason.NOT_ADJACENT),
        (Rules.STRICT, "QS", "KD", 1, None),  # a king on a queen is fine everywhere
        (Rules.EASY, "7S", "6D", 4, None),
        (Rules.EASY, "7S", "6H", 5, None),  # suit irrelevant
        (Rules.EASY, "8S", "6D", 4, Reason.NOT_ADJACENT),  # two ranks apart
        (Rules.EASY, "6S", "6D", 4, Reason.NOT_ADJACENT),  # same rank
        (Rules.EASY, "KS", "5C", 1, Reason.BLOCKED),  # covered card
        (Rules.EASY, "KS", "2C", 1, Reason.BLOCKED),
        (Rules.EASY, "KS", "QH", 1, Reason.NOT_THERE),  # not in that column
    ],
)
def test_removal_fits_one_rank_above_or_below(rules, waste, card, column, reason) -> None:  # type: ignore[no-untyped-def]
    g = game(rules, waste)
    move = Move.remove(column, C(card))
    assert g.refusal(move) == reason
    if reason is None:
        g.play(move)
        assert g.waste_card == C(card)
        assert g.column(column)[-1] != C(card)
    else:
        with pytest.raises(IllegalMoveError) as caught:
            g.play(move)
        assert caught.value.reason is reason


NOK = [Variant.NOTHING_ON_KING]


@pytest.mark.parametrize(
    ("rules", "waste", "card", "column", "reason"),
    [
        (
            Rules.CLASSIC,
            "KS",
            "QH",
            2,
            Reason.NOTHING_ON_KING,
        ),  # Classic allows it, the variant not
        (Rules.CLASSIC, "KS", "AS", 3, Reason.NOT_ADJACENT),
        (Rules.CLASSIC, "QS", "KD", 1, None),  # a king on a queen stays fine
        (Rules.CLASSIC, "7S", "6D", 4, None),
        (Rules.EASY, "KS", "AS", 3, Reason.NOTHING_ON_KING),  # no wrap onto a king any more
        (Rules.EASY, "KS", "QH", 2, Reason.NOTHING_ON_KING),
        (Rules.EASY, "AC", "KD", 1, None),  # but a king still goes on an ace
        (Rules.EASY, "KS", "6D", 4, Reason.NOT_ADJACENT),
        (Rules.STRICT, "KS", "QH", 2, Reason.NOTHING_ON_KING),
    ],
)
def test_nothing_on_king_variant_refuses_every_card_on_a_king(  # type: ignore[no-untyped-def]
    rules, waste, card, column, reason
) -> None:
    g = Game(make_deal(COLUMNS, waste), rules, variants=NOK)
    assert g.rules is rules and g.variants == frozenset(NOK)
    move = Move.remove(column, C(card))
    assert g.refusal(move) == reason
    assert (move in g.legal_moves()) == (reason is None)
    if reason is not None:
        with pytest.raises(IllegalMoveError) as caught:
            g.play(move)
        assert caught.value.reason is reason


def test_nothing_on_king_variant_draws_at_any_time_except_on_strict() -> None:
    for rules in (Rules.EASY, Rules.CLASSIC):
        g = Game(make_deal(COLUMNS, "7S"), rules, variants=NOK)
        assert g.has_removal()
        g.play(Move.draw(g.stock[0]))
    g = Game(make_deal(COLUMNS, "7S"), Rules.STRICT, variants=NOK)
    assert g.refusal(Move.draw(g.stock[0])) is Reason.MUST_REMOVE
    g = Game(make_deal(COLUMNS, "KS"), Rules.CLASSIC, variants=NOK)  # nothing fits a king
    assert not g.has_removal()
    assert g.legal_moves() == [Move.draw(g.stock[0])]


def test_removed_card_becomes_waste_and_frees_the_card_above() -> None:
    g = game(Rules.EASY, "7S")
    g.play(Move.remove(4, C("6D")))
    assert g.free_card(4) == C("9C")
    assert g.waste == [C("7S"), C("6D")]


def test_draw_any_time_on_easy_and_classic_but_not_strict() -> None:
    for rules in (Rules.EASY, Rules.CLASSIC):
        g = game(rules, "7S")
        assert g.has_removal()
        g.play(Move.draw(g.stock[0]))
    g = game(Rules.STRICT, "7S")
    assert g.refusal(Move.draw(g.stock[0])) is Reason.MUST_REMOVE
    g = game(Rules.STRICT, "AD")  # nothing fits an ace on strict rules here
    assert not g.has_removal()
    assert g.refusal(Move.draw(g.stock[0])) is None


def test_draw_takes_the_next_stock_card_once_and_scores_nothing() -> None:
    g = game(Rules.EASY, "7S")
    first, second = g.stock[:2]
    assert g.refusal(Move.draw(second)) is Reason.NOT_THERE
    g.play(Move.draw(first))
    assert g.waste_card == first and g.stock[0] == second
    assert g.score == SCORING.per_draw == 0


def test_the_stock_is_used_once() -> None:
    # The last stock card (10♠) fits the free 9♥ and J♥, so the game goes on
    # after the stock is used up, and another draw is refused for that reason.
    base = make_deal(COLUMNS, "KS")
    stock = [c for c in base.stock if c != C("TS")] + [C("TS")]
    g = Game(Deal(base.columns, base.waste, tuple(stock)), Rules.EASY)
    for _ in range(len(stock)):
        g.play(Move.draw(g.stock[0]))
    assert not g.stock and not g.is_over()
    assert g.refusal(Move.draw(stock[0])) is Reason.STOCK_EMPTY
    assert g.legal_moves() == [Move.remove(6, C("9H")), Move.remove(7, C("JH"))]


def test_won_when_tableau_is_empty_even_with_stock_left() -> None:
    # One chain down from the waste clears the tableau: column 7 first, free card first.
    chain = [Card((9 - i - 1) % 13 + 1, "CDHS"[i // 13]) for i in range(35)]
    columns = [" ".join(str(c) for c in reversed(chain[i : i + 5])) for i in range(0, 35, 5)]
    g = Game(make_deal(columns[::-1], "TS"), Rules.EASY)
    for column in range(7, 0, -1):
        for _ in range(5):
            card = g.free_card(column)
            assert card is not None
            g.play(Move.remove(column, card))
    assert g.is_won() and g.is_over() and not g.is_stuck()
    assert len(g.stock) == 16
    assert g.score == SCORING.won_score == 350
    assert g.legal_moves() == []
    assert g.refusal(Move.draw(g.stock[0])) is Reason.GAME_OVER


def test_stuck_when_stock_empty_and_nothing_fits_and_the_penalty() -> None:
    g = Game(deal_for_number(4), Rules.CLASSIC)
    while not g.is_over():
        g.play(g.legal_moves()[0])
    assert g.is_stuck() and not g.is_won()
    assert not g.stock and not g.has_removal()
    left = g.position().tableau_count
    assert g.score == max(0, 10 * g.removed - 10 * left)


@pytest.mark.parametrize(
    ("removed", "score"), [(35, 350), (31, 270), (30, 250), (25, 150), (17, 0), (0, 0)]
)
def test_scoring_examples_of_the_pages(removed: int, score: int) -> None:
    stuck = removed < 35
    assert SCORING.score(removed, 16, stuck=stuck) == score


def test_undo_restores_card_points_and_stuck_penalty_but_not_the_move_counter() -> None:
    g = Game(deal_for_number(4), Rules.CLASSIC)
    while not g.is_over():
        g.play(g.legal_moves()[0])
    assert g.is_stuck()
    stuck_score, count = g.score, g.move_count
    before = 10 * g.removed
    last = g.moves[-1]
    undone = g.undo()
    assert undone == last
    assert not g.is_stuck()  # the penalty goes with it
    expected = before - (10 if last.action == "remove" else 0)
    assert g.score == expected >= stuck_score
    assert g.move_count == count  # never goes down
    g.play(undone)
    assert g.is_stuck() and g.score == stuck_score and g.move_count == count + 1


def test_undo_limit_with_more_than_100_actions() -> None:
    g = Game(deal_for_number(1), Rules.EASY)
    for _ in range(60):  # 60 x (draw, undo, draw, undo) = 120 draws played, 120 undone
        g.play(Move.draw(g.stock[0]))
        g.undo()
    assert g.move_count == 60
    for _ in range(16):
        g.play(Move.draw(g.stock[0]))
    assert g.undoable == 16
    g = Game(deal_for_number(1), Rules.EASY)
    # 110 real actions need a longer game than one deal allows, so use raw pushes
    # of draws and their pops to count: the window is what matters.
    for i in range(110):
        g.push(Move.draw(g.deal.stock[i % 16]))
    assert g.undoable == UNDO_LIMIT
    for _ in range(UNDO_LIMIT):
        g.undo()
    with pytest.raises(IllegalMoveError) as caught:
        g.undo()
    assert caught.value.reason is Reason.NOTHING_TO_UNDO
    assert len(g.moves) == 10 and g.move_count == 110


def test_nothing_to_undo_at_the_start() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        Game(deal_for_number(1)).undo()
    assert caught.value.reason is Reason.NOTHING_TO_UNDO


def _snapshot(g: Game) -> tuple[object, ...]:
    return (g.position(), g.score, tuple(g.moves), g.is_won(), g.is_stuck(), g.key())


@settings(max_examples=60, deadline=None)
@given(
    number=st.integers(0, 26**7 - 1),
    rules=st.sampled_from(list(Rules)),
    choices=st.lists(st.integers(0, 100), max_size=60),
    undo_every=st.integers(2, 7),
)
def test_random_play_keeps_52_cards_undo_restores_and_score_never_negative(
    number: int, rules: Rules, choices: list[int], undo_every: int
) -> None:
    g = Game(deal_for_number(number), rules)
    for i, choice in enumerate(choices):
        position = g.position()
        cards = [c for column in position.columns for c in column] + g.waste + list(position.stock)
        assert sorted(cards) == sorted(FULL_DECK)
        assert g.score >= 0
        if i % undo_every == undo_every - 1 and g.undoable:
            before_undo = g.move_count
            g.undo()
            assert g.move_count == before_undo
            continue
        moves = g.legal_moves()
        if not moves:
            assert g.is_over()
            break
        before = _snapshot(g)
        move = moves[choice % len(moves)]
        g.play(move)
        count = g.move_count
        assert g.undo() == move
        assert _snapshot(g) == before
        assert g.move_count == count
        g.play(move)
