"""The players of several strengths: legal, deterministic, blind to what their seat cannot see,
and each habit of the strong player doing what its tip's reversal says."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

from generator.sixcard import Action, Hole, Layout, Options
from generator.sixcard.players import ALL_PLAYERS, ThresholdPlayer
from generator.sixcard.strong import (
    FOLLOWS_EVERY_TIP,
    NEUTRAL,
    REVERSED,
    Habits,
    Reckoning,
    Setting,
    StrongPlayer,
    unseen_cards,
)

from .helpers import grid, hole_with

VARIANTS = [
    Options(),
    Options(jokers=REVERSED),
    Options(layout=Layout.FOUR),
    Options(layout=Layout.NINE),
    Options(knock=True),
    Options(peek=True, layout=Layout.FOUR),
    Options(wild_twos=True),
]


def played(name: str, options: Options, players: int, seed: int) -> Hole:
    hole = Hole(players, options, seed=seed, dealer=seed % players)
    player, rng = ALL_PLAYERS[name](), random.Random(seed)
    while not hole.over:
        action = player.choose(hole, rng)
        assert hole.refusal(action) is None, (name, options, action)
        hole.play(action)
    return hole


@pytest.mark.parametrize("name", list(ALL_PLAYERS))
def test_every_player_plays_legal_holes_of_every_variant_the_same_way_twice(name: str) -> None:
    for options, seed in itertools.product(VARIANTS, range(2)):
        players = options.layout.players.start
        first = played(name, options, players, seed)
        again = played(name, options, players, seed)
        assert first.over and first.actions == again.actions


def test_knocking_is_each_players_own_decision() -> None:
    knocked = Counter()
    for name in ALL_PLAYERS:
        for seed in range(12):
            hole = played(name, Options(knock=True), 2, seed)
            knocked[name] += any(a.kind == "knock" for a in hole.actions)
    # every player knocks in some of these holes, by its own rule
    assert all(knocked[name] for name in ALL_PLAYERS), knocked


def swapped_hidden(hole: Hole, seat: int, seed: int) -> Hole:
    """``hole`` with every card ``seat`` cannot see shuffled among those places."""
    hidden = [(s, i) for s in range(hole.players) for i in range(len(hole.grids[s]))]
    hidden = [
        (s, i)
        for s, i in hidden
        if not hole.face_up[s][i] and not (s == seat and i in hole.known[s])
    ]
    cards = [hole.grids[s][i] for s, i in hidden] + list(hole.stock)
    random.Random(seed).shuffle(cards)
    for (s, i), card in zip(hidden, cards, strict=False):
        hole.grids[s][i] = card
    hole.stock = cards[len(hidden) :]
    return hole


@pytest.mark.parametrize("name", ["threshold", "greedy", "strong"])
def test_a_player_decides_on_what_its_seat_sees_only(name: str) -> None:
    """The same position with the unseen cards moved among the unseen places: the same
    decision (the stock and the face-down cards are not peeked at)."""
    for seed in range(20):
        hole = Hole(3, Options(), seed=seed)
        rng = random.Random(seed)
        player = ALL_PLAYERS[name]()
        for _ in range(seed % 7 + 2):  # a few turns in
            hole.play(player.choose(hole, rng))
        choice = player.choose(hole, random.Random(1))
        for other in range(3):
            moved = swapped_hidden(hole, hole.current, seed * 10 + other)
            assert player.choose(moved, random.Random(1)) == choice


def test_the_unseen_cards_are_the_decks_less_what_the_seat_has_seen() -> None:
    grids = [grid("AS 2S 3S", "4S 6S 7S"), grid("9S QC 3D", "TC 8D 5H")]
    hole = hole_with(grids, discard="9H")  # both turn up row 1, columns 1 and 2
    view = hole.view(1)
    unseen = unseen_cards(view, hole.deck)
    deck = Counter(card.rank for card in hole.deck)
    seen = Counter([1, 2, 9, 12, 9])  # AS 2S (seat 0), 9S QC (its own), the 9H discard
    assert unseen == deck - seen
    blind = unseen_cards(view, hole.deck, watch=REVERSED)
    assert blind == deck - Counter([9, 12])


def test_a_columns_expected_score_is_every_way_its_unknown_card_can_fall() -> None:
    unseen = Counter({9: 2, 13: 1, 5: 1})
    reckoning = Reckoning(Options(), unseen, FOLLOWS_EVERY_TIP)
    # a 9 above an unknown card: 2/4 a 9 (the pair, 0), 1/4 a King (9), 1/4 a 5 (14)
    assert reckoning.column((9,), 1) == pytest.approx(0.5 * 0 + 0.25 * 9 + 0.25 * 14)
    # two unknown cards: 16 equally likely falls
    falls = [(a, b) for a in (9, 9, 13, 5) for b in (9, 9, 13, 5)]
    by_rules = {(9, 9): 0, (13, 13): 0, (5, 5): 0}
    want = sum(
        by_rules.get((a, b), (0 if a == 13 else a) + (0 if b == 13 else b)) for a, b in falls
    )
    assert reckoning.column((), 2) == pytest.approx(want / 16)


def strong_choice(hole: Hole, **habits: Setting) -> Action:
    return StrongPlayer(replace(FOLLOWS_EVERY_TIP, **habits)).choose(hole, random.Random(0))


def test_the_joker_habit_takes_a_joker_from_the_discard_pile_and_its_reversal_never_does() -> None:
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("9S QC 3D", "TC 8D 5H")]
    hole = hole_with(grids, discard="JK")
    assert strong_choice(hole) == Action.draw_discard(1)
    assert strong_choice(hole, jokers=REVERSED) == Action.draw_stock(1)


def test_the_high_cards_habit_replaces_the_highest_and_its_reversal_the_least_helped() -> None:
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("QS 4C 3D", "TC 8D 5H")]
    hole = hole_with(grids, discard="AH", turned_up=[[(1, 1), (1, 2)], [(1, 1), (1, 2)]])
    hole.play(Action.draw_discard(1))
    assert strong_choice(hole) == Action.replace(1, 1, 1)  # the Queen out
    assert strong_choice(hole, high_first=REVERSED) == Action.replace(1, 1, 2)  # the 4 out


def test_the_pairs_habit_keeps_a_pair_and_its_reversal_breaks_it() -> None:
    # seat 1 has a pair of 8s in column 1 and a face-up 3; it holds a 2 drawn from the pile
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("8C 3C 4D", "8D KD 5H")]
    up = [[(1, 1), (1, 2)], [(1, 1), (2, 1)]]
    hole = hole_with(grids, discard="2H", turned_up=up)
    hole.play(Action.draw_discard(1))
    assert strong_choice(hole) != Action.replace(1, 1, 1)
    assert strong_choice(hole, pairs=REVERSED) in (Action.replace(1, 1, 1), Action.replace(1, 2, 1))


def test_the_kings_habit_keeps_a_king_and_its_reversal_replaces_it() -> None:
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("KC 3C 4D", "9D QD 5H")]
    up = [[(1, 1), (1, 2)], [(1, 1), (1, 2)]]
    hole = hole_with(grids, discard="AH", turned_up=up)
    hole.play(Action.draw_discard(1))
    assert strong_choice(hole) != Action.replace(1, 1, 1)
    assert strong_choice(hole, kings=REVERSED) == Action.replace(1, 1, 1)


def test_going_out_only_when_hard_to_beat_and_its_reversal_whenever() -> None:
    # seat 1 has low cards face up and one face-down card, and holds a 5 from the stock: its
    # best move for its own grid ends the hole (the 5 for the face-down card, or turning that
    # card up), but seat 0's grid (Kings, Aces, twos, all but one face up) is far lower
    grids = [grid("KS KH AS", "AC 2S 2H"), grid("AH 2C 3D", "4D AD QH")]
    hole = hole_with(grids, discard="4C", stock=["5C"])
    for seat in range(2):  # turn up all but the last card of both grids
        for slot in range(5):
            hole.face_up[seat][slot] = True
    hole.play(Action.draw_stock(1))
    cautious = strong_choice(hole)
    eager = strong_choice(hole, end_when_ahead=REVERSED)
    assert cautious.kind == "replace" and (cautious.row, cautious.column) != (2, 3), cautious
    assert eager in (Action.discard(1, 2, 3), Action.replace(1, 2, 3)), eager


def test_the_threshold_player_follows_its_two_lines() -> None:
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("QS 4C 3D", "TC 8D 5H")]
    threshold = ThresholdPlayer()
    for discard, takes in (("2H", True), ("AH", True), ("3H", False), ("JK", True)):
        hole = hole_with(grids, discard=discard)
        want = Action.draw_discard(1) if takes else Action.draw_stock(1)
        assert threshold.choose(hole, random.Random(0)) == want
    hole = hole_with(grids, discard="9H", stock=["4S"])
    hole.play(Action.draw_stock(1))
    assert threshold.choose(hole, random.Random(0)) == Action.replace(1, 1, 1)  # 4 for the Q
    hole = hole_with(grids, discard="9H", stock=["6D"])
    hole.play(Action.draw_stock(1))
    assert threshold.choose(hole, random.Random(0)).kind == "discard"


# -- the neutral habits: a player indifferent to the tip, not its opposite ------------------


def test_the_neutral_high_cards_habit_takes_the_first_place_that_helps_whatever_it_replaces() -> (
    None
):
    # seat 1 shows an 8, a 4 and a Queen in its top row and holds an Ace from the pile: the
    # Queen's place helps most, the 4's least of the three, the 8's first in slot order
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("8C 4C QS", "TC 8D 5H")]
    hole = hole_with(grids, discard="AH", turned_up=[[(1, 1), (1, 2)], [(1, 1), (1, 2)]])
    hole.face_up[1][2] = True
    hole.play(Action.draw_discard(1))
    assert strong_choice(hole) == Action.replace(1, 1, 3)
    assert strong_choice(hole, high_first=REVERSED) == Action.replace(1, 1, 2)
    assert strong_choice(hole, high_first=NEUTRAL) == Action.replace(1, 1, 1)


def test_the_neutral_high_cards_habit_turns_a_card_up_when_the_tips_player_would() -> None:
    # seat 1 shows a 9 and a 2 and draws an 8: it would help in the 9's place, a little, but
    # the tip's player turns a card up instead
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("9C 2C 3D", "TC 8C 5H")]
    hole = hole_with(grids, discard="4H", stock=["8D"])
    hole.play(Action.draw_stock(1))
    follows = strong_choice(hole)
    assert follows.kind == "discard"
    assert strong_choice(hole, high_first=NEUTRAL) == follows


def test_the_neutral_pairs_habit_scores_a_made_pair_but_reckons_no_chance_of_one() -> None:
    unseen = Counter({9: 2, 13: 1, 5: 1})
    neutral = Reckoning(Options(), unseen, Habits(pairs=NEUTRAL))
    follows = Reckoning(Options(), unseen, FOLLOWS_EVERY_TIP)
    reversed_ = Reckoning(Options(), unseen, Habits(pairs=REVERSED))
    # a made pair scores its 0, as the rules say (reversed: its two cards' points)
    assert neutral.column((9, 9), 0) == follows.column((9, 9), 0) == 0
    assert reversed_.column((9, 9), 0) == 18
    # a 9 above an unknown card: the 9 and the unknown card's mean (9, 9, King 0, 5), where
    # the tip's player counts the 2 in 4 chance of the pair
    assert neutral.column((9,), 1) == pytest.approx(9 + (9 + 9 + 0 + 5) / 4)
    assert follows.column((9,), 1) == pytest.approx(0.5 * 0 + 0.25 * 9 + 0.25 * 14)


def test_the_neutral_pairs_habit_turns_cards_up_in_slot_order() -> None:
    # seat 1 shows a 4 (row 1) and a 5 (row 2, column 3) and discards a 9 drawn from the stock
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("8C 4C QS", "TC 8D 5H")]
    hole = hole_with(
        grids, discard="AH", stock=["9D"], turned_up=[[(1, 1), (1, 2)], [(1, 2), (2, 3)]]
    )
    hole.play(Action.draw_stock(1))
    assert strong_choice(hole) == Action.discard(1, 1, 3)  # the 5's partner: it may pair
    assert strong_choice(hole, pairs=NEUTRAL) == Action.discard(1, 1, 1)


def test_the_neutral_joker_habit_judges_a_joker_on_the_pile_as_any_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("9S QC 3D", "TC 8D 5H")]
    hole = hole_with(grids, discard="JK")
    # as played, a Joker helps more than a stock card: every player but the reversed one takes it
    assert strong_choice(hole, jokers=NEUTRAL) == Action.draw_discard(1)
    # a Joker reckoned worse than a stock card: only the tip's player still takes it
    real = StrongPlayer._placing

    def joker_worse(self: StrongPlayer, *args: object, **kwargs: object) -> object:
        choice = real(self, *args, **kwargs)  # type: ignore[arg-type]
        return replace(choice, change=99.0) if args[4] == 0 else choice

    monkeypatch.setattr(StrongPlayer, "_placing", joker_worse)
    assert strong_choice(hole) == Action.draw_discard(1)
    assert strong_choice(hole, jokers=NEUTRAL) == Action.draw_stock(1)
    assert strong_choice(hole, jokers=REVERSED) == Action.draw_stock(1)


def test_the_neutral_watch_habit_counts_what_lies_face_up_now_not_the_buried_discards() -> None:
    grids = [grid("AS 2S 3S", "4S 6S 7S"), grid("9S QC 3D", "TC 8D 5H")]
    hole = hole_with(grids, discard="9H", stock=["KD"])
    hole.play(Action.draw_stock(1))
    hole.play(Action.discard(1, 2, 1))  # the King onto the 9; seat 1 turns up its Ten
    view = hole.view(0)
    deck = Counter(card.rank for card in hole.deck)
    own = [1, 2]  # seat 0's AS 2S
    others = [9, 12, 10]  # seat 1's 9S QC and its Ten
    assert unseen_cards(view, hole.deck) == deck - Counter([*own, *others, 9, 13])
    assert unseen_cards(view, hole.deck, NEUTRAL) == deck - Counter([*own, *others, 13])
    assert unseen_cards(view, hole.deck, REVERSED) == deck - Counter(own)


def test_the_neutral_end_habit_goes_out_below_the_opponents_grid_as_it_stands() -> None:
    # seat 1 holds a 5 with one face-down card left; going out leaves it below seat 0's grid as
    # it stands, but not below it after seat 0's last turn (its Queen replaced)
    grids = [grid("QS 2H AS", "AC 2S 3H"), grid("AH 2C 3D", "4D AD QH")]
    hole = hole_with(grids, discard="4C", stock=["5C"])
    for seat in range(2):
        for slot in range(5):
            hole.face_up[seat][slot] = True
    hole.play(Action.draw_stock(1))
    cautious = strong_choice(hole)
    assert cautious.kind == "replace" and (cautious.row, cautious.column) != (2, 3), cautious
    neutral = strong_choice(hole, end_when_ahead=NEUTRAL)
    assert neutral in (Action.discard(1, 2, 3), Action.replace(1, 2, 3)), neutral


def test_the_neutral_kings_habit_is_the_tips_player() -> None:
    unseen = Counter({13: 2, 9: 1, 5: 1})
    neutral = Reckoning(Options(), unseen, Habits(kings=NEUTRAL))
    follows = Reckoning(Options(), unseen, FOLLOWS_EVERY_TIP)
    for known, unknown in (((13,), 1), ((5, 13), 0), ((), 2)):
        assert neutral.column(known, unknown) == follows.column(known, unknown)
    assert neutral.value(13) == 0 and neutral.mean == follows.mean
