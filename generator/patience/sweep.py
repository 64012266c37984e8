"""The best result of a deal in one sweep over its tableau's shapes (without the strict draw rule).

The pure-Python twin of golfcore.c's sweep (its comment "the best result in one sweep" says why
it is exact), written apart from it: the tests hold the C code to this on small cases, for the
verdict, the best result and the nodes swept.

Phase ``p`` is the time while ``W_p`` (the deal's waste card for ``p = 0``, then the stock in
drawing order) or a tableau card removed onto it tops the waste. A node is the 7 column heights
and where the waste card came from: a column (the card right above that column's gap) or the
phase's own card (``START``). A player may always draw, so reaching a node at phase ``p`` keeps
every option of reaching it later: each node keeps only the earliest phase it is reached at.
Every removal lowers the index ``sum(h[c] * 6**c)``, so taking the nodes reached from the
highest index down meets each one after every node that leads to it.

>>> aces = [1] * 35 + [1] * 17  # a deal of Aces, none goes onto another Ace
>>> fits = [[int(w != 1 and r != 0) for r in range(15)] for w in range(15)]
>>> sweep(aces, fits, 16, stop_at_one=False)  # only the root: nothing comes off
(35, 1)
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from generator.patience.deal import COLUMN_HEIGHT, COLUMNS, TABLEAU_SIZE

START = COLUMNS
"""The label of a node whose waste card is its phase's own card (labels 0..6: a column)."""
NEVER = 1 << 8
"""No phase: the node is not reached that way."""


def _heights(index: int) -> list[int]:
    return [index // 6**c % 6 for c in range(COLUMNS)]


def sweep(
    rank: Sequence[int], fits: Sequence[Sequence[int]], stock_size: int, *, stop_at_one: bool
) -> tuple[int, int]:
    """The fewest tableau cards left at a node reached (0: the deal can be won), and the nodes swept.

    ``rank`` is the deck's search ranks (tableau 0..34, the waste 35, then the stock), ``fits[w][r]``
    whether rank ``r`` goes onto waste rank ``w``. The sweep stops at the first node with no card
    left, or with ``stop_at_one`` (the deal is known unwinnable) at the first with one left.
    """
    phase_rank = rank[TABLEAU_SIZE : TABLEAU_SIZE + 1 + stock_size]
    root = 6**COLUMNS - 1
    labels: dict[int, list[int]] = {root: [NEVER] * COLUMNS + [0]}
    waiting = [-root]
    fewest, swept = TABLEAU_SIZE, 0
    while waiting:
        index = -heapq.heappop(waiting)
        label = labels.pop(index)
        heights = _heights(index)
        swept += 1
        left = sum(heights)
        if left < fewest:
            fewest = left
            if left == 0 or (stop_at_one and left == 1):
                break
        # the earliest phase at which the node's waste card is its phase's own: a draw ends a chain
        start = min([label[START]] + [phase + 1 for phase in label[:COLUMNS] if phase < NEVER])
        for target in range(COLUMNS):
            if not heights[target]:
                continue
            card = rank[target * COLUMN_HEIGHT + heights[target] - 1]
            # onto a phase's own card: the first one from ``start`` on that takes it
            earliest = next(
                (p for p in range(start, len(phase_rank)) if fits[phase_rank[p]][card]), NEVER
            )
            # onto the card a chain removed last, in the same phase
            for column, phase in enumerate(label[:COLUMNS]):
                gone = column * COLUMN_HEIGHT + heights[column]
                if phase < earliest and fits[rank[gone]][card]:
                    earliest = phase
            if earliest == NEVER:
                continue
            lower = index - 6**target
            if lower not in labels:
                labels[lower] = [NEVER] * (COLUMNS + 1)
                heapq.heappush(waiting, -lower)
            labels[lower][target] = min(labels[lower][target], earliest)
    return fewest, swept
