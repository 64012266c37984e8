"""The numbers of the rules page, and scoring examples worked by hand from the rules."""

from __future__ import annotations

import pytest

from generator.sixcard import (
    CARD_VALUES,
    DECK_WITH_JOKERS_SIZE,
    DEFAULT_OPTIONS,
    DOUBLE_DECK_FROM_PLAYERS,
    FACE_UP_AT_START,
    HOLES,
    JOKER_PAIR_MINUS_FOUR,
    JOKER_VALUE,
    KNOCK_PENALTY,
    LONG_MATCH_HOLES,
    STANDARD_DECK_SIZE,
    Card,
    ColumnMatch,
    GridError,
    JokerPair,
    Layout,
    Options,
    OptionsError,
    RowRule,
    SixCardCardError,
    make_deck,
    paired_columns,
    parse_card,
    score_grid,
)

from .helpers import grid


def scored(g: list[list[Card]], options: Options = DEFAULT_OPTIONS) -> tuple[int, tuple[int, ...]]:
    result = score_grid(g, options)
    return result.score, result.columns


def test_the_page_numbers_are_values() -> None:
    assert [CARD_VALUES[r] for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0]
    assert JOKER_VALUE == -2 and JOKER_PAIR_MINUS_FOUR == -4 and KNOCK_PENALTY == 10
    assert FACE_UP_AT_START == 2 and HOLES == 9 and LONG_MATCH_HOLES == 18
    assert STANDARD_DECK_SIZE == 52 and DECK_WITH_JOKERS_SIZE == 54
    assert DOUBLE_DECK_FROM_PLAYERS == 5


def test_decks() -> None:
    assert len(make_deck()) == 54 and len(set(make_deck())) == 53  # 52 cards + the Joker twice
    assert len(Options(jokers=False).deck(4)) == 52
    assert [Options().decks_for(n) for n in range(2, 8)] == [1, 1, 1, 2, 2, 2]
    assert len(Options().deck(5)) == 108 and len(Options(double_deck=True).deck(2)) == 108
    assert len(Options(double_deck=True, jokers=False).deck(3)) == 104


def test_decks_as_an_option() -> None:
    assert [Options(decks=1).decks_for(n) for n in range(2, 7)] == [1] * 5
    assert [Options(decks=2).decks_for(n) for n in range(2, 7)] == [2] * 5
    assert Options(double_deck=True, decks=2).decks_for(2) == 2
    # One deck is enough for 5 or 6 players of 6-card golf: 6 x 6 + 2 = 38 <= 54.
    Options(decks=1).check_players(5)
    Options(decks=1).check_players(6)
    Options(decks=1, jokers=False).check_players(6)
    Options(layout=Layout.FOUR, decks=1).check_players(7)
    Options(layout=Layout.NINE, decks=1).check_players(5)  # 45 + 2 <= 54
    # Not for 6 players of 9-card golf: 54 dealt, 2 more needed.
    with pytest.raises(OptionsError, match=r"^1 deck\(s\) of 54 cards are too few for 6 players"):
        Options(layout=Layout.NINE, decks=1).check_players(6)
    Options(layout=Layout.NINE, decks=1, jokers=False).check_players(5)  # 47 <= 52
    with pytest.raises(OptionsError, match="52 cards are too few for 6 players"):
        Options(layout=Layout.NINE, decks=1, jokers=False).check_players(6)
    Options(layout=Layout.NINE).check_players(6)  # two decks by default from 5 players
    for bad in (0, 3, True, "2"):
        with pytest.raises(OptionsError, match="decks is 1 or 2"):
            Options(decks=bad)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="double_deck"):
        Options(double_deck=True, decks=1)


def test_card_notation() -> None:
    assert str(Card.from_str("JK")) == "JK" and Card.from_str("JK").is_joker
    assert [str(Card.from_str(t)) for t in ("8S", "TC", "KH", "AD")] == ["8S", "TC", "KH", "AD"]
    for bad in ("1S", "JX", "", "KK", 5, None, "jk", "8SS"):
        with pytest.raises(SixCardCardError):
            parse_card(bad)


def test_layouts_and_player_counts() -> None:
    assert [(lay.rows, lay.columns) for lay in Layout] == [(2, 3), (2, 2), (3, 3)]
    assert list(Layout.SIX.players) == [2, 3, 4, 5, 6]
    assert list(Layout.FOUR.players) == [3, 4, 5, 6, 7]
    assert list(Layout.NINE.players) == [3, 4, 5, 6]
    Options(layout=Layout.FOUR).check_players(7)
    Options(layout=Layout.NINE).check_players(6)
    for layout, players in [(Layout.SIX, 1), (Layout.SIX, 7), (Layout.FOUR, 2), (Layout.NINE, 7)]:
        with pytest.raises(OptionsError, match="players"):
            Options(layout=layout).check_players(players)


def test_the_pages_example_grid() -> None:
    # K K pair: 0; 5 5 pair: 0; Joker -2 + queen 10 = 8.
    assert scored(grid("KS 5D JK", "KH 5C QS")) == (8, (0, 0, 8))


def test_same_rank_not_same_value_pairs() -> None:
    # Jack and queen are both 10 but do not pair: 20; ace 1 + two 2 = 3.
    assert scored(grid("JS AC", "QH 2D")) == (23, (20, 3))
    # Two jacks in one column 0, in different columns 20 (kings score 0 beside them).
    assert score_grid(grid("JS KC KD", "JH KH AS")).score == 1  # 0 + 0 (K pair) + 0+1
    assert score_grid(grid("JS JH KD", "KC QH KS")).score == 30  # 10+0, 10+10, 0+0 pair


def test_value_table_by_columns() -> None:
    # 3+4=7, 9+T=19, A+8=9.
    assert scored(grid("3C 9D AH", "4S TC 8S")) == (35, (7, 19, 9))
    # Negative totals: Joker+K, Joker+K, K+A.
    assert scored(grid("JK JK KS", "KH KD AC")) == (-3, (-2, -2, 1))


def test_joker_pair_zero_or_minus_four() -> None:
    g = grid("JK 2C", "JK 3D")
    assert scored(g) == (5, (0, 5))
    assert scored(g, Options(joker_pair=JokerPair.MINUS_FOUR)) == (1, (-4, 5))


def test_wild_twos() -> None:
    # -2 + 5, 3 + -2.
    assert scored(grid("2C 3D", "5H 2S"), Options(wild_twos=True)) == (4, (3, 1))
    # Two twos in one column still pair to 0; the lone two -2 with an ace 1.
    assert scored(grid("2C 2D", "2H AS"), Options(wild_twos=True)) == (-1, (0, -1))
    assert scored(grid("2C 2D", "2H AS")) == (3, (0, 3))


def test_nine_card_columns() -> None:
    # By default (the published 9-card rule) only three alike cancel a column:
    # 5 5 9 = 19, 5 9 9 = 23, 7 7 4 = 18.
    g = grid("5C 5D 7H", "5H 9S 7S", "9C 9D 4S")
    assert scored(g) == (60, (19, 23, 18))
    assert scored(grid("7S KS AC", "7H KH AD", "9D KC AH")) == (23, (23, 0, 0))
    # With column pairs a pair in a three-card column scores 0, the third card its value.
    pairs = Options(layout=Layout.NINE, column_match=ColumnMatch.PAIRS)
    assert scored(g, pairs) == (18, (9 + 0, 5 + 0, 4))
    assert scored(g, Options(column_match=ColumnMatch.THREE_ALIKE)) == (60, (19, 23, 18))
    # Three alike score 0 either way; three Jokers: 0 by the rule, -6 when Jokers keep their -2.
    three = grid("QC JK AC", "QD JK AD", "QH JK AH")
    for column_match in (None, ColumnMatch.PAIRS, ColumnMatch.THREE_ALIKE):
        options = Options(layout=Layout.NINE, column_match=column_match)
        assert scored(three, options) == (0, (0, 0, 0))
        minus_four = Options(column_match=column_match, joker_pair=JokerPair.MINUS_FOUR)
        assert scored(three, minus_four) == (-6, (0, -6, 0))
    assert Options(layout=Layout.NINE).column_rule is ColumnMatch.THREE_ALIKE


def test_two_row_columns_are_a_pair_whatever_the_column_match() -> None:
    g = grid("5C 9D", "5H 8S")
    for column_match in (None, ColumnMatch.PAIRS, ColumnMatch.THREE_ALIKE):
        assert scored(g, Options(column_match=column_match)) == (17, (0, 17))


def test_row_rule() -> None:
    g = grid("5C 5D KH", "5H 3S QS")
    # Columns only: 5 5 pair 0; 5+3 = 8; K 0 + Q 10 = 10.
    assert scored(g) == (18, (0, 8, 10))
    # Row rule: 5C and 5D of the top row cancel too; 5C, cancelled twice, is still just 0.
    assert scored(g, Options(row_rule=RowRule.PAIRS)) == (13, (0, 3, 10))
    assert Options(row_rule=True) == Options(row_rule=RowRule.PAIRS)  # the older form
    assert Options(row_rule=False).row_rule is RowRule.NONE and not RowRule.NONE
    # The whole-row rule: two 5s of a row of three do not cancel.
    assert scored(g, Options(row_rule=RowRule.WHOLE_ROW)) == (18, (0, 8, 10))
    assert scored(grid("5C 5D", "5H 3S"), Options(row_rule=RowRule.WHOLE_ROW)) == (3, (0, 3))
    # A row of three alike in 9-card golf cancels whole.
    g9 = grid("8C 8D 8H", "AC 2C 3C", "4C 6C 7C")
    assert scored(g9, Options(row_rule=True)) == (1 + 4 + 2 + 6 + 3 + 7, (5, 8, 10))
    assert scored(g9, Options(row_rule=RowRule.WHOLE_ROW)) == (1 + 4 + 2 + 6 + 3 + 7, (5, 8, 10))
    # Two alike in a row of three: the pairs rule cancels them, the whole-row rule does not.
    g9 = grid("8C 8D AH", "AC 2C 3C", "4C 6C 7C")
    assert scored(g9, Options(row_rule=RowRule.PAIRS)) == (1 + 1 + 4 + 2 + 6 + 3 + 7, (5, 8, 11))
    assert scored(g9, Options(row_rule=RowRule.WHOLE_ROW)) == (40, (13, 16, 11))
    with pytest.raises(OptionsError, match="row_rule"):
        Options(row_rule="pairs")  # type: ignore[arg-type]


def test_bad_grids() -> None:
    for bad in (grid("KS"), grid("KS 5D JK"), grid("KS 5D", "KH"), grid("KS KS KS KS")):
        with pytest.raises(GridError):
            score_grid(bad)


def test_paired_columns_counts_pairs_whatever_they_score() -> None:
    assert paired_columns(grid("JK KS 2C", "JK KH 3C")) == 2
    assert paired_columns(grid("5C 5D 7H", "5H 9S 7S", "9C 9D 4S")) == 3


def test_deck_mean() -> None:
    # 4 x (1+...+9) + 12 x 10 + 4 x 0 - 2 x 2 = 296 over 54 cards; 300 over 52.
    assert Options().deck_mean() == pytest.approx(296 / 54)
    assert Options(jokers=False).deck_mean() == pytest.approx(300 / 52)
