"""What the 6-Card Golf rules page shows, asked of its engine and its simulation.

:func:`sixcard_page_facts` collects every number the page states that is a rule
or a consequence of one, from :mod:`generator.sixcard`, and the numbers it
claims of play from ``generator/data/sixcard_page.yaml`` (checked against the
simulation by :mod:`generator.pages.sixcard_claims`). Nothing is checked here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.bounded import load_yaml
from generator.i18n.numerals import signed
from generator.pages.claims import ClaimError
from generator.sixcard import evidence
from generator.sixcard.cards import (
    ACE,
    DECK_WITH_JOKERS_SIZE,
    JACK,
    JOKER_RANK,
    JOKERS_PER_DECK,
    KING,
    QUEEN,
    STANDARD_DECK_SIZE,
    TWO,
    Card,
    parse_card,
)
from generator.sixcard.hole import Hole
from generator.sixcard.players import GreedyPlayer, play_hole
from generator.sixcard.rules import (
    CARD_VALUES,
    DOUBLE_DECK_FROM_PLAYERS,
    FACE_UP_AT_START,
    HOLES,
    JOKER_PAIR_MINUS_FOUR,
    KNOCK_PENALTY,
    LONG_MATCH_HOLES,
    PAIR_SCORE,
    WILD_TWO_VALUE,
    Layout,
    Options,
)
from generator.sixcard.scoring import GridScore, paired_columns, score_grid

PAGE_DATA = Path(__file__).resolve().parent.parent / "data" / "sixcard_page.yaml"


@dataclass(frozen=True)
class Values:
    """The points of the cards the page names."""

    ace: int
    ten: int
    jack: int
    queen: int
    king: int
    joker: int


def page_data() -> dict[str, Any]:
    data = load_yaml(PAGE_DATA)
    if not isinstance(data, dict):
        raise ClaimError("six-face-down", f"{PAGE_DATA}:1: expected a mapping")
    return data


def _grid(*rows: str) -> list[list[Card]]:
    return [[parse_card(text) for text in row.split()] for row in rows]


@dataclass(frozen=True)
class GridExample:
    """A grid the page draws: its cards (rows), which slots are face up (0-based), its score."""

    cards: tuple[tuple[Card, ...], ...]
    face_up: frozenset[tuple[int, int]]
    score: GridScore | None = None


def _start_example() -> GridExample:
    """The first player's grid of a dealt hole (4 players, seed 1): two cards turned up."""
    hole = Hole(4, Options(), seed=1, dealer=0)
    seat = hole.current
    grid = hole.grid(seat)
    columns = len(grid[0])
    up = frozenset(divmod(i, columns) for i, face in enumerate(hole.face_up[seat]) if face)
    return GridExample(grid, up)


def _scored_example() -> GridExample:
    """A grid at the end of a hole played by greedy players: the first (seed from 1, seat
    from 0) with exactly one column pair, a Joker and a score above zero."""
    for seed in range(1, 200):
        hole = play_hole(
            Hole(4, Options(), seed=seed, dealer=0), GreedyPlayer(), random.Random(seed)
        )
        for seat in range(hole.players):
            grid = hole.grid(seat)
            score = score_grid(grid)
            joker = any(card.is_joker for row in grid for card in row)
            if paired_columns(grid) == 1 and joker and score.score > 0:
                every = frozenset((r, c) for r in range(len(grid)) for c in range(len(grid[0])))
                return GridExample(grid, every, score)
    raise ClaimError("six-pairs", "no played hole ends with the grid the page draws")


def _scored(*rows: str) -> GridExample:
    cards = tuple(tuple(row) for row in _grid(*rows))
    every = frozenset((r, c) for r in range(len(cards)) for c in range(len(cards[0])))
    return GridExample(cards, every, score_grid(cards))


def sixcard_page_facts() -> dict[str, Any]:
    """Everything the 6-Card Golf page shows, as engine values."""
    face = [rank for rank in range(TWO, JACK) if CARD_VALUES[rank] == rank]
    ten_rank = min(rank for rank in range(TWO, KING) if CARD_VALUES[rank] == CARD_VALUES[JACK])
    face_to = max(rank for rank in face if rank < ten_rank)
    players = {layout: layout.players for layout in Layout}
    # Two Jacks in one column, or in two columns (Kings, worth nothing, beside them).
    jacks_together = _scored("JS KS KD", "JH KH KC")
    jacks_apart = _scored("JS JH KD", "KS KH KC")
    together = jacks_together.score.score if jacks_together.score else None
    apart = jacks_apart.score.score if jacks_apart.score else None
    tournament = evidence.load(evidence.TOURNAMENT)
    return {
        "holes": HOLES,
        "long_holes": LONG_MATCH_HOLES,
        "six": Layout.SIX,
        "four": Layout.FOUR,
        "nine": Layout.NINE,
        "nine_up": Layout.NINE.face_up_at_start,
        **{f"{layout.name.lower()}_min": players[layout].start for layout in Layout},
        **{f"{layout.name.lower()}_max": players[layout].stop - 1 for layout in Layout},
        "deck": STANDARD_DECK_SIZE,
        "deck_with_jokers": DECK_WITH_JOKERS_SIZE,
        "jokers": JOKERS_PER_DECK,
        "double_from": DOUBLE_DECK_FROM_PLAYERS,
        "double_decks": Options().decks_for(DOUBLE_DECK_FROM_PLAYERS),
        "face_up": FACE_UP_AT_START,
        "face_from": face[0],
        "face_to": face_to,
        "ten_rank": ten_rank,
        "value": Values(
            ace=CARD_VALUES[ACE],
            ten=CARD_VALUES[ten_rank],
            jack=CARD_VALUES[JACK],
            queen=CARD_VALUES[QUEEN],
            king=CARD_VALUES[KING],
            joker=CARD_VALUES[JOKER_RANK],
        ),
        "value_run": [Card(ACE, "S"), Card(KING, "S"), Card(QUEEN, "S"), Card(JACK, "S")],
        "pair_score": PAIR_SCORE,
        "knock_penalty": signed(KNOCK_PENALTY),
        "joker_pair": JOKER_PAIR_MINUS_FOUR,
        "wild_two": WILD_TWO_VALUE,
        "plain_two": signed(CARD_VALUES[TWO]),
        "jacks": {"together": together, "apart": apart},
        "face_down_about": page_data()["face_down_about"],
        "face_down_cards": tournament["strong_face_down"]["turned_up"]["units"],
        "tip_worth": page_data().get("tip_worth", {}),
        "tip_deals": tournament["deals_per_match"],
        "grids": {
            "start": _start_example(),
            "scored": _scored_example(),
            "jacks_together": jacks_together,
            "jacks_apart": jacks_apart,
        },
    }
