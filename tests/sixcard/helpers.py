"""Set up holes with chosen cards, written from the dealing rule (not from the engine)."""

from __future__ import annotations

from collections import Counter

from generator.sixcard import DEFAULT_OPTIONS, Card, Hole, Options


def cards(*texts: str) -> list[Card]:
    return [Card.from_str(text) for text in texts]


def grid(*rows: str) -> list[list[Card]]:
    """``grid("KS 5D JK", "KH 5C QS")``: rows top to bottom."""
    return [cards(*row.split()) for row in rows]


def hole_with(
    grids: list[list[list[Card]]],
    options: Options = DEFAULT_OPTIONS,
    dealer: int = 0,
    discard: str | None = None,
    stock: list[str] | None = None,
    turned_up: list[list[tuple[int, int]]] | None = None,
) -> Hole:
    """A hole whose seat ``s`` holds ``grids[s]``, ``discard`` starting the pile and
    ``stock`` (first drawn first) on top of the remaining cards.

    The rule: the deal is one card at a time clockwise from the dealer's left,
    each player's k-th card to slot k (row by row).
    """
    players = len(grids)
    flat = [[card for row in g for card in row] for g in grids]
    size = len(flat[0])
    order = [flat[(dealer + 1 + i) % players][i // players] for i in range(players * size)]
    rest = Counter(options.deck(players))
    rest.subtract(order)
    first = cards(*([discard] if discard else []), *(stock or []))
    rest.subtract(first)
    remaining = sorted(rest.elements())
    if discard is None:
        first.insert(0, remaining.pop())
    up = turned_up or [[(1, 1), (1, 2)] for _ in range(players)]
    return Hole(
        players, options, seed=0, dealer=dealer, turned_up=up, cards=[*order, *first, *remaining]
    )
