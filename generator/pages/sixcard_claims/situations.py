"""What the sections' claims share: the registry they register in, the grids and holes they
set up and play in the engine, the words the sentences state the engine's values in, and the
simulation's verdicts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from generator.pages.claims import Claims, Words
from generator.pages.sixcard import sixcard_page_facts
from generator.sixcard import evidence
from generator.sixcard.cards import Card, parse_card
from generator.sixcard.hole import Hole
from generator.sixcard.players import RandomPlayer, play_hole
from generator.sixcard.rules import DEFAULT_OPTIONS, Layout, Options
from generator.sixcard.scoring import score_grid

CLAIMS = Claims(sixcard_page_facts)
claim = CLAIMS.claim
Facts = dict[str, Any]


def grid(*rows: str) -> list[list[Card]]:
    return [[parse_card(text) for text in row.split()] for row in rows]


def hole_with(
    grids: list[list[list[Card]]],
    options: Options = DEFAULT_OPTIONS,
    dealer: int = 0,
    discard: str | None = None,
    stock: list[str] | None = None,
    turned_up: list[list[tuple[int, int]]] | None = None,
) -> Hole:
    """A hole whose seat ``s`` holds ``grids[s]``, ``discard`` starting the pile and
    ``stock`` (first drawn first) on top of the remaining cards, set up from the dealing
    rule, not from the engine's dealing: one card at a time clockwise from the dealer's left,
    each player's k-th card to slot k (row by row)."""
    players = len(grids)
    flat = [[card for row in g for card in row] for g in grids]
    size = len(flat[0])
    order = [flat[(dealer + 1 + i) % players][i // players] for i in range(players * size)]
    rest = Counter(options.deck(players))
    rest.subtract(order)
    first = [parse_card(text) for text in ([discard] if discard else []) + (stock or [])]
    rest.subtract(first)
    remaining = sorted(rest.elements())
    if discard is None:
        first.insert(0, remaining.pop())
    up = turned_up or [[(1, 1), (1, 2)] for _ in range(players)]
    return Hole(
        players, options, seed=0, dealer=dealer, turned_up=up, cards=[*order, *first, *remaining]
    )


def said_value(facts: Facts, card: Card) -> int:
    """A card's points as the page's values list gives them."""
    value = facts["value"]
    if card.is_joker:
        return int(value.joker)
    if card.rank == 1:
        return int(value.ace)
    if facts["face_from"] <= card.rank <= facts["face_to"]:
        return card.rank
    if facts["ten_rank"] <= card.rank <= 12:
        return int(value.ten)
    return int(value.king)


def column_score(cards: list[str], options: Options = DEFAULT_OPTIONS) -> int:
    """The score of a 2x3 grid whose first column holds ``cards`` and whose other columns
    hold two Kings of different columns' rows (worth nothing, never pairing with the first)."""
    top, bottom = cards
    return score_grid(grid(f"{top} KS KD", f"{bottom} KH KC"), options).columns[0]


def slot(hole: Hole, index: int) -> tuple[int, int]:
    """The (row, column) of grid slot ``index``, counted from 1 as the engine counts them."""
    row, column = divmod(index, hole.columns)
    return row + 1, column + 1


def seeded_holes(options: Options, players: int, count: int = 30) -> list[Hole]:
    """Holes played to their end by random legal players, from fixed seeds."""
    done = []
    for seed in range(count):
        hole = Hole(players, options, seed=seed, dealer=seed % players)
        done.append(play_hole(hole, RandomPlayer(), random.Random(seed)))
    return done


# -- the values the sentences state in words, measured in the engine ----------------

WINS = Words("score that wins", {"lowest": "lowest", "highest": "highest"}, reads="extreme")
TURNS = Words(
    "direction of play",
    {"clockwise": "clockwise", "anticlockwise": "anticlockwise"},
    reads="turning",
)
MAY = Words("permission", {True: "may", False: "may NOT"}, reads="permission")
MORE_TURNS = Words(
    "more turns per player", {1: "one more turn", 2: "two more turns"}, reads="count"
)


def direction(players: int, before: int, after: int) -> str:
    if after == (before + 1) % players:
        return "clockwise"
    return "anticlockwise" if after == (before - 1) % players else "neither"


def grid_shape(layout: Layout) -> tuple[int, int]:
    shape = Hole(layout.players.start, Options(layout=layout), seed=3).grid(0)
    return len(shape), len(shape[0])


def verdict_of(name: str) -> evidence.Verdict:
    return next(v for v in evidence.judge() if v.claim == name)
