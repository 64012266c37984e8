"""A hole: the deal, the turn, each refusal, the end, knock, the stock, the limit."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.sixcard import (
    KNOCK_PENALTY,
    TURN_LIMIT,
    Action,
    Hole,
    IllegalActionError,
    Layout,
    Options,
    OptionsError,
    Reason,
)

from .helpers import cards, grid, hole_with


def test_deal_one_card_at_a_time_clockwise_from_the_dealers_left() -> None:
    for players, dealer in [(3, 0), (4, 2), (2, 1)]:
        hole = Hole(players, seed=11, dealer=dealer)
        # The shuffle is random.Random(seed).shuffle of the unshuffled deck.
        deck = list(Options().deck(players))
        random.Random(11).shuffle(deck)
        assert list(hole.deck) == deck
        for seat in range(players):
            k = (seat - dealer - 1) % players  # how many seats after the dealer's left
            expected = [deck[k + players * i] for i in range(6)]
            assert [c for row in hole.grid(seat) for c in row] == expected
        assert hole.discard == [deck[players * 6]]
        assert hole.stock[-1] == deck[players * 6 + 1]  # the next card drawn
        assert len(hole.stock) == len(deck) - players * 6 - 1
        assert hole.current == (dealer + 1) % players  # left of the dealer starts


def test_two_cards_up_or_peeked() -> None:
    hole = Hole(4, seed=3)
    assert [up.count(True) for up in hole.face_up] == [2, 2, 2, 2]
    peek = Hole(4, Options(peek=True), seed=3)
    assert [up.count(True) for up in peek.face_up] == [0, 0, 0, 0]
    assert [len(known) for known in peek.known] == [2, 2, 2, 2]
    view = peek.view(0)
    assert sum(card is not None for card in view.own) == 2
    assert all(card is None for card in view.grids[1])  # others' peeked cards stay unknown
    assert sum(card is not None for card in Hole(4, seed=3).view(0).grids[1]) == 2


def test_two_decks_for_five_players_or_by_choice() -> None:
    assert len(Hole(5).deck) == 108 and len(Hole(4).deck) == 54
    assert len(Hole(2, Options(double_deck=True)).deck) == 108
    assert len(Hole(4, Options(jokers=False)).deck) == 52


def test_nine_card_golf_turns_up_three_at_the_start_and_others_two() -> None:
    # Published rules turn up three cards in 9-card golf; 4- and 6-card golf two.
    for layout, players, up in [(Layout.SIX, 4, 2), (Layout.FOUR, 3, 2), (Layout.NINE, 3, 3)]:
        hole = Hole(players, Options(layout=layout), seed=6)
        assert [row.count(True) for row in hole.face_up] == [up] * players
        peeked = Hole(players, Options(layout=layout, peek=True), seed=6)
        assert not any(any(row) for row in peeked.face_up)
        assert [len(known) for known in peeked.known] == [up] * players
    chosen = Hole(3, Options(layout=Layout.NINE, face_up_at_start=2), seed=6)
    assert [row.count(True) for row in chosen.face_up] == [2, 2, 2]
    assert [row.count(True) for row in Hole(2, Options(face_up_at_start=0)).face_up] == [0, 0]
    named = Hole(3, Options(layout=Layout.NINE), turned_up=[[(1, 1), (2, 2), (3, 3)]] * 3)
    assert [i for i, up in enumerate(named.face_up[0]) if up] == [0, 4, 8]
    with pytest.raises(OptionsError, match="turns up 3 different slots"):
        Hole(3, Options(layout=Layout.NINE), turned_up=[[(1, 1), (3, 3)]] * 3)
    with pytest.raises(OptionsError, match="turns up 3 different slots"):
        Hole(3, Options(layout=Layout.NINE), turned_up=[[(1, 1), (1, 1), (3, 3)]] * 3)
    for slots in ([(1, 1), (1, 2), (1, 3)], [(1, 1), (1, 1), (1, 2)]):
        with pytest.raises(OptionsError, match="turns up 2 different slots"):
            Hole(3, turned_up=[slots] * 3)
    with pytest.raises(OptionsError, match="slots of 3 players"):
        Hole(3, turned_up=[[(1, 1), (1, 2)]] * 2)
    for bad in (-1, 6, True, "2"):
        with pytest.raises(OptionsError, match="turns up 0 to 5 cards"):
            Options(face_up_at_start=bad)  # type: ignore[arg-type]


def test_bad_setups() -> None:
    with pytest.raises(OptionsError):
        Hole(7)
    with pytest.raises(OptionsError):
        Hole(3, dealer=3)
    with pytest.raises(OptionsError):
        Hole(3, turned_up=[[(1, 1), (1, 1)]] * 3)
    with pytest.raises(OptionsError):
        Hole(2, cards=cards("KS") * 54)


def refused(hole: Hole, action: Action, reason: Reason) -> None:
    assert hole.refusal(action) is reason
    before = (list(hole.stock), list(hole.discard), hole.hand, hole.current)
    with pytest.raises(IllegalActionError) as raised:
        hole.play(action)
    assert raised.value.reason is reason
    assert (list(hole.stock), list(hole.discard), hole.hand, hole.current) == before
    assert action not in hole.legal_actions()


def three() -> Hole:
    g = grid("KS 5D JK", "KH 5C QS")
    return hole_with([g, grid("AS 2S 3S", "4S 6S 7S"), grid("AH 2H 3H", "4H 6H 7H")], stock=["9D"])


def test_each_refusal() -> None:
    hole = three()
    assert hole.current == 1
    refused(hole, Action.draw_stock(0), Reason.NOT_YOUR_TURN)
    refused(hole, Action.replace(1, 1, 1), Reason.DRAW_FIRST)
    refused(hole, Action.discard(1, 2, 1), Reason.DRAW_FIRST)
    refused(hole, Action.knock(1), Reason.NO_KNOCKING)
    hole.play(Action.draw_stock(1))
    assert str(hole.hand) == "9D"
    refused(hole, Action.draw_stock(1), Reason.ALREADY_DRAWN)
    refused(hole, Action.draw_discard(1), Reason.ALREADY_DRAWN)
    refused(hole, Action.replace(1, 3, 1), Reason.NO_SUCH_SLOT)
    refused(hole, Action.replace(1, 1, 4), Reason.NO_SUCH_SLOT)
    refused(hole, Action.discard(1, 1, 1), Reason.NOT_FACE_DOWN)  # turned up at the start
    hole.play(Action.discard(1, 2, 3))
    assert str(hole.top_discard) == "9D" and hole.face_up[1][5]
    assert hole.current == 2
    hole.play(Action.draw_discard(2))
    refused(hole, Action.discard(2, 2, 1), Reason.ANTI_STALL)
    hole.play(Action.replace(2, 2, 1))
    assert str(hole.top_discard) == "4H" and str(hole.grid(2)[1][0]) == "9D"
    assert hole.face_up[2][3]


def test_knock_refused_while_ending() -> None:
    hole = hole_with(
        [grid("AS 2S 3S", "4S 6S 7S")] * 1
        + [grid("AH 2H 3H", "4H 6H 7H")]
        + [grid("AC 2C 3C", "4C 6C 7C")],
        options=Options(knock=True),
    )
    hole.play(Action.knock(1))
    assert hole.ending and hole.ender == 1 and hole.ended_by == "knock"
    refused(hole, Action.knock(2), Reason.ALREADY_ENDING)
    assert Action.knock(2) not in hole.legal_actions()


def turn_up_all(hole: Hole, seat: int) -> None:
    """Seat ``seat`` draws from the stock and turns up face-down cards until it is out;
    the others replace their top-left card (so they keep face-down cards)."""
    while not hole.ending:
        mover = hole.current
        hole.play(Action.draw_stock(mover))
        if mover == seat:
            slot = hole.face_up[seat].index(False)
            hole.play(Action.discard(seat, slot // hole.columns + 1, slot % hole.columns + 1))
        else:
            hole.play(Action.replace(mover, 1, 1))


def test_the_hole_ends_after_one_last_turn_each() -> None:
    hole = Hole(4, seed=5, dealer=3, turned_up=[[(1, 1), (1, 2)]] * 4)
    turn_up_all(hole, 2)
    assert hole.ender == 2 and hole.ended_by == "out" and hole.current == 3
    assert all(hole.face_up[2])
    for seat in (3, 0, 1):
        assert not hole.over and hole.current == seat
        hole.play(Action.draw_stock(seat))
        hole.play(Action.replace(seat, 1, 1))
    assert hole.over and hole.current == 1
    assert all(all(up) for up in hole.face_up)  # every card turned up for the scoring
    refused(hole, Action.draw_stock(2), Reason.HOLE_OVER)
    assert hole.legal_actions() == []


def test_going_out_in_a_last_turn_changes_nothing() -> None:
    hole = Hole(3, seed=8, turned_up=[[(1, 1), (1, 2)]] * 3)
    turn_up_all(hole, 1)
    # Seat 2 turns up a card in its last turn; seat 0 then plays the last turn.
    hole.play(Action.draw_stock(2))
    hole.play(Action.discard(2, 2, 3))
    assert hole.ender == 1 and not hole.over
    hole.play(Action.draw_discard(0))
    hole.play(Action.replace(0, 2, 2))
    assert hole.over


def turn_up_only(hole: Hole) -> None:
    """Play to the end, every seat drawing from the stock and turning up a face-down card
    (the grids' cards do not change)."""
    while not hole.over:
        seat = hole.current
        hole.play(Action.draw_stock(seat))
        slot = hole.face_up[seat].index(False)
        hole.play(Action.discard(seat, slot // hole.columns + 1, slot % hole.columns + 1))


LOW = "KS KH AC/KC KD AD"  # K K 0, K K 0, A A 0: 0
LOW2 = "JK QS 5C/JK QH 5H"  # Joker pair 0, Q Q 0, 5 5 0: 0
MID = "4S 7S 2C/QC 9D 3D"  # 4+10, 7+9, 2+3: 35
MID2 = "8S 8H 6C/TC TD 6D"  # 8+10, 8+10, 6 6 0: 36


def test_knock_penalty_unless_strictly_lowest() -> None:
    for seats, knocker_score in [
        ([MID, LOW, MID2], 0),  # strictly lowest: no penalty
        ([LOW2, LOW, MID], 0 + KNOCK_PENALTY),  # tied for lowest is not strictly lowest
        ([LOW, MID, MID2], 35 + KNOCK_PENALTY),  # not lowest
    ]:
        hole = hole_with([grid(*g.split("/")) for g in seats], options=Options(knock=True))
        hole.play(Action.knock(1))
        assert hole.turns[1] == 1  # the knock was seat 1's turn
        turn_up_only(hole)
        assert hole.turns == [1, 1, 1]  # one last turn each, then over
        others = {0: seats[0], 2: seats[2]}
        expected = {LOW: 0, LOW2: 0, MID: 35, MID2: 36}
        assert hole.scores()[1] == knocker_score
        for seat, g in others.items():
            assert hole.scores()[seat] == expected[g]


def test_going_out_not_lowest_penalised_only_in_the_knock_variant() -> None:
    # Seat 1 (5 5 pair 0, 9+Q 19, 2+3 5: 24) goes out first; the others have 0.
    for options, penalty in [(Options(), 0), (Options(knock=True), KNOCK_PENALTY)]:
        seats = [LOW, "5S 9S 2C/5D QC 3D", LOW2]
        hole = hole_with([grid(*g.split("/")) for g in seats], options=options)
        turn_up_only(hole)
        assert hole.ender == 1 and hole.ended_by == "out"
        assert hole.scores() == (0, 24 + penalty, 0)


def test_the_stock_is_rebuilt_from_the_discard_pile() -> None:
    hole = Hole(3, seed=2, turned_up=[[(1, 1), (1, 2)]] * 3)
    deck = Counter(hole.deck)
    while hole.rebuilds == 0:
        seat = hole.current
        hole.play(Action.draw_stock(seat))
        was_last = not hole.stock
        discard_before = len(hole.discard) + 1
        hole.play(Action.replace(seat, 1, 1))
        if was_last:
            assert len(hole.discard) == 1 and len(hole.stock) == discard_before - 1
    assert Counter(hole.cards_in_play()) == deck
    assert hole.rebuilds == 1 and not hole.over


def test_two_players_swapping_forever_meet_the_turn_limit() -> None:
    hole = Hole(2, seed=4, turned_up=[[(1, 1), (1, 2)]] * 2)
    while not hole.over:
        seat = hole.current
        hole.play(Action.draw_discard(seat))
        hole.play(Action.replace(seat, 1, 1))
    assert hole.ended_by == "limit" and hole.ender is None
    assert hole.turns == [TURN_LIMIT, TURN_LIMIT]
    assert all(all(up) for up in hole.face_up)


def test_nine_card_hole_ends_with_nine_up() -> None:
    hole = Hole(3, Options(layout=Layout.NINE), seed=1, turned_up=[[(1, 1), (2, 2), (3, 3)]] * 3)
    turn_up_all(hole, 1)
    assert hole.face_up[1].count(True) == 9 and hole.face_up[2].count(True) < 9
