"""Properties over any sequence of legal actions (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.sixcard import (
    CARD_VALUES,
    Action,
    Card,
    ColumnMatch,
    Hole,
    JokerPair,
    Layout,
    Options,
    score_grid,
)

LAYOUT_PLAYERS = {Layout.SIX: [2, 4, 6], Layout.FOUR: [3, 7], Layout.NINE: [3, 5]}

options_strategy = st.builds(
    Options,
    layout=st.sampled_from(list(Layout)),
    jokers=st.booleans(),
    double_deck=st.booleans(),
    wild_twos=st.booleans(),
    joker_pair=st.sampled_from(list(JokerPair)),
    knock=st.booleans(),
    peek=st.booleans(),
    column_match=st.sampled_from([None, *ColumnMatch]),
)


def independent_score(rows: tuple[tuple[Card, ...], ...], options: Options) -> int:
    """Column by column, from the rules: cards of one rank in a column score 0 (in a column
    of three, only three alike unless column pairs are played), others their points
    (Jokers keep -2 each when a Joker pair is worth -4)."""
    total = 0
    alike = 2 if options.column_match is ColumnMatch.PAIRS else len(rows)
    for c in range(len(rows[0])):
        column = [row[c] for row in rows]
        for card in column:
            same = sum(1 for other in column if other.rank == card.rank)
            if card.rank == 0 and options.joker_pair is JokerPair.MINUS_FOUR:
                total += -2
            elif same >= alike:
                total += 0
            elif card.rank == 2 and options.wild_twos:
                total += -2
            else:
                total += CARD_VALUES[card.rank]
    return total


def play_out(hole: Hole, rng: random.Random, stall: float) -> list[tuple[int, bool, Action]]:
    """Play random legal actions; with probability ``stall`` a seat swaps the discard into a
    face-up slot (the endless loop the turn limit must stop). Returns (seat, ending, action)."""
    deck = Counter(hole.deck)
    log = []
    while not hole.over:
        legal = hole.legal_actions()
        assert legal
        action = rng.choice(legal)
        if rng.random() < stall:
            seat = hole.current
            if hole.hand is None:
                action = Action.draw_discard(seat)
            else:
                up = [i for i, u in enumerate(hole.face_up[seat]) if u] or [0]
                slot = rng.choice(up)
                action = Action.replace(seat, slot // hole.columns + 1, slot % hole.columns + 1)
        assert hole.refusal(action) is None
        log.append((hole.current, hole.ending, action))
        hole.play(action)
        assert Counter(hole.cards_in_play()) == deck
        assert len(hole.actions) < 10_000
    return log


@settings(max_examples=200, deadline=None)
@given(options_strategy, st.integers(0, 2), st.integers(0, 10**9), st.sampled_from([0, 0.5, 0.97]))
def test_legal_play_conserves_the_deck_ends_and_gives_one_last_turn(
    options: Options, pick: int, seed: int, stall: float
) -> None:
    counts = LAYOUT_PLAYERS[options.layout]
    players = counts[pick % len(counts)]
    hole = Hole(players, options, seed=seed, dealer=seed % players)
    log = play_out(hole, random.Random(seed), stall)
    assert hole.over and all(all(up) for up in hole.face_up)
    turn_ends = [
        (seat, ending) for seat, ending, a in log if a.kind in ("replace", "discard", "knock")
    ]
    if hole.ended_by == "limit":
        assert hole.ender is None and all(t >= 40 for t in hole.turns)
        assert not any(ending for _, ending in turn_ends)
    else:
        assert hole.ender is not None
        after = [seat for seat, ending in turn_ends if ending]
        assert after == [(hole.ender + k) % players for k in range(1, players)]
    for seat in range(players):
        assert hole.grid_scores()[seat].score == independent_score(hole.grid(seat), options)
        assert sum(hole.grid_scores()[seat].columns) == hole.grid_scores()[seat].score


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(Layout)),
    st.data(),
    st.booleans(),
    st.sampled_from(list(JokerPair)),
)
def test_score_is_the_column_by_column_sum(
    layout: Layout, data: st.DataObject, wild: bool, pair: JokerPair
) -> None:
    column_match = data.draw(st.sampled_from([None, *ColumnMatch]))
    options = Options(layout=layout, wild_twos=wild, joker_pair=pair, column_match=column_match)
    deck = list(options.deck(5))
    picks = data.draw(st.permutations(range(len(deck))))[: layout.size]
    flat = [deck[i] for i in picks]
    rows = tuple(
        tuple(flat[r * layout.columns : (r + 1) * layout.columns]) for r in range(layout.rows)
    )

    assert score_grid(rows, options).score == independent_score(rows, options)
