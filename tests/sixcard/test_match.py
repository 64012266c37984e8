"""A match: the deal rotates clockwise, scores add up, the lowest total wins, ties are ties."""

from __future__ import annotations

import random

import pytest

from generator.sixcard import HOLES, Match, OptionsError
from generator.sixcard.players import GreedyPlayer, play_hole


def test_the_deal_rotates_clockwise_and_the_left_player_starts() -> None:
    match = Match(4, holes=6, first_dealer=2)
    assert match.holes == HOLES or match.holes == 6
    assert Match(4).holes == 9
    dealers, starters = [], []
    for _ in range(6):
        hole = match.start_hole()
        dealers.append(hole.dealer)
        starters.append(hole.current)
        play_hole(hole, GreedyPlayer(), random.Random(0))
    match.finish_hole()
    assert dealers == [2, 3, 0, 1, 2, 3]
    assert starters == [3, 0, 1, 2, 3, 0]
    assert match.is_over()
    with pytest.raises(OptionsError):
        match.start_hole()


def test_totals_add_up_the_holes() -> None:
    match = Match(3, holes=3, seed="t")
    scores = []
    for _ in range(3):
        hole = play_hole(match.start_hole(), GreedyPlayer(), random.Random(1))
        scores.append(hole.scores())
    match.finish_hole()
    assert match.results == scores
    assert match.totals() == tuple(sum(s[seat] for s in scores) for seat in range(3))


def test_lowest_total_wins_and_ties_are_reported() -> None:
    match = Match(3, holes=2)
    match.record((5, 3, 9))
    match.record((1, 3, -4))
    assert match.totals() == (6, 6, 5) and match.winners() == [2]
    tie = Match(3, holes=2)
    tie.record((5, 3, 9))
    tie.record((0, 2, 0))
    assert tie.winners() == [0, 1]  # both 5


def test_bad_matches() -> None:
    with pytest.raises(OptionsError):
        Match(3, holes=0)
    with pytest.raises(OptionsError):
        Match(3, first_dealer=5)
    match = Match(3, holes=1)
    match.start_hole()
    with pytest.raises(OptionsError, match="not over"):
        match.start_hole()


def test_the_match_is_over_once_its_last_hole_is_over() -> None:
    match = Match(3, holes=2, seed="o")
    first = play_hole(match.start_hole(), GreedyPlayer(), random.Random(2))
    assert not match.is_over()
    assert match.totals() == first.scores()  # a hole that is over counts at once
    last = match.start_hole()  # records the first hole
    assert match.results == [first.scores()] and not match.is_over()
    play_hole(last, GreedyPlayer(), random.Random(3))
    assert last.over and match.is_over()  # before finish_hole
    expected = tuple(a + b for a, b in zip(first.scores(), last.scores(), strict=True))
    assert match.totals() == expected
    assert match.winners() == [s for s, t in enumerate(expected) if t == min(expected)]
    with pytest.raises(OptionsError, match="over after 2 holes"):
        match.start_hole()  # records the last hole, then refuses a third
    assert match.results == [first.scores(), last.scores()] and match.current is None
    assert match.is_over() and match.totals() == expected
    with pytest.raises(OptionsError, match="no finished hole"):
        match.finish_hole()


def test_finish_hole_records_the_last_hole_once() -> None:
    match = Match(3, holes=1, seed="f")
    hole = play_hole(match.start_hole(), GreedyPlayer(), random.Random(4))
    assert match.is_over() and match.results == []
    match.finish_hole()
    assert match.results == [hole.scores()] and match.totals() == hole.scores()
    with pytest.raises(OptionsError, match="over after 1 holes"):
        match.record((1, 2, 3))


def test_a_hole_played_elsewhere_is_not_recorded_during_a_hole() -> None:
    match = Match(3, holes=3)
    match.start_hole()
    with pytest.raises(OptionsError, match="being played"):
        match.record((1, 2, 3))


def test_the_lowest_card_of_the_cut_deals_and_ties_cut_again() -> None:
    from generator.sixcard.match import cut_for_dealer

    recut = 0
    for seed in range(300):
        players = 2 + seed % 5
        cut = cut_for_dealer(players, seed)
        assert cut_for_dealer(players, seed) == cut  # the same seed, the same cut
        seats = list(range(players))
        for number, cards in enumerate(cut.rounds):
            assert [seat for seat, _card in cards] == seats
            assert not any(card.is_joker for _seat, card in cards)
            lowest = min(card.rank for _seat, card in cards)
            seats = [seat for seat, card in cards if card.rank == lowest]
            assert (len(seats) == 1) == (number == len(cut.rounds) - 1)
        recut += len(cut.rounds) > 1
        assert seats == [cut.dealer]
    assert recut  # ties happened and were cut again
    with pytest.raises(OptionsError):
        cut_for_dealer(1)
