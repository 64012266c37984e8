"""The players, weakest first: each sees only what its seat may see (:class:`View`), and each
ends the hole and knocks by a rule of its own.

- :class:`RandomPlayer` picks uniformly among :meth:`Hole.legal_actions` (knocking too).
- :class:`ThresholdPlayer` plays a two-line rule of thumb: take the top discard if it is
  worth :data:`TAKE_AT` points or fewer, keep a stock card worth :data:`KEEP_AT` or fewer
  (in place of its highest face-up card above it, else of a face-down card), else discard it
  and turn up a face-down card. It ends the hole whenever that rule leads there, and knocks
  when at most one of its cards is unseen and the others score :data:`THRESHOLD_KNOCK_AT` or
  less.
- :class:`GreedyPlayer` values an unseen card at the deck's mean
  (:meth:`Options.deck_mean`) and the grid by the scoring rule with unseen
  cards never pairing. It takes the top discard when putting it somewhere
  lowers that value and the card is low (:data:`LOW_CARD` points or less) or
  makes a column pair; otherwise it draws from the stock. It puts a drawn card
  where it lowers the value most (a pair, or a low card in place of a high or
  unseen one); if nowhere, it discards a stock card and turns up a face-down
  card, preferring one whose column partner is face up. It ends the hole (turns
  up its last face-down card) only when ahead: when its grid's score is lower
  than every other grid's value as it sees them; otherwise it puts the card on
  a face-up slot instead. It knocks (knock variant) when at most one of its cards
  is unseen and its grid's value (an unseen card at the deck's mean) is lower than
  every other grid's value by :data:`KNOCK_MARGIN` or more. (It used to wait for
  every card to be known, which without peeking only happens once it has gone out:
  it never knocked.)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from generator.sixcard.cards import Card
from generator.sixcard.hole import Action, Hole, View
from generator.sixcard.rules import ColumnMatch, Options

TAKE_AT = 2
"""The threshold player takes the top discard worth this many points or fewer."""
KEEP_AT = 4
"""The threshold player keeps a stock card worth this many points or fewer."""
THRESHOLD_KNOCK_AT = 4
"""The threshold player knocks with at most one card unseen and the others scoring this or less."""
LOW_CARD = 4
"""The greedy player takes a discard worth this many points or fewer (if it helps)."""
KNOCK_MARGIN = 5
"""The greedy player knocks only this far ahead of every other grid's value."""


class Player(Protocol):
    name: str

    def choose(self, hole: Hole, rng: random.Random) -> Action:
        """The action of the seat to move (``hole.current``)."""


class RandomPlayer:
    """Any legal action, uniformly."""

    name = "random"

    def choose(self, hole: Hole, rng: random.Random) -> Action:
        return rng.choice(hole.legal_actions())


def estimate(
    cells: Sequence[Card | None], rows: int, columns: int, options: Options, unseen: float
) -> float:
    """A grid's expected score with each unseen card worth ``unseen`` and never pairing.

    Known cards cancel as the column rule says (:attr:`Options.column_rule`: in a column
    of three, by default only three alike); the row rule is not counted.
    """
    total = 0.0
    alike = rows if options.column_rule is ColumnMatch.THREE_ALIKE else 2
    for c in range(columns):
        column = [cells[r * columns + c] for r in range(rows)]
        known = [card for card in column if card is not None]
        ranks = [card.rank for card in known]
        for card in known:
            paired = ranks.count(card.rank) >= alike and options.cancels(card)
            total += 0 if paired else options.value(card)
        total += unseen * (len(column) - len(known))
    return total


class GreedyPlayer:
    """Keeps low cards, builds column pairs, ends the hole only when ahead (see the module)."""

    name = "greedy"

    def choose(self, hole: Hole, rng: random.Random) -> Action:
        view = hole.view(hole.current)
        unseen = _deck_mean(hole.options, hole.players)
        rows, columns = hole.rows, hole.columns
        seat = view.seat
        own = list(view.own)
        now = estimate(own, rows, columns, view.options, unseen)

        def others_best() -> float:
            return min(
                estimate(grid, rows, columns, view.options, unseen)
                for s, grid in enumerate(view.grids)
                if s != seat
            )

        if view.hand is None:
            if (
                view.options.knock
                and not view.ending
                and own.count(None) <= 1
                and now + KNOCK_MARGIN <= others_best()
            ):
                return Action.knock(seat)
            top = view.top_discard
            if top is not None:
                gain, _ = self._best_place(view, own, top, now, unseen, others_best)
                ranks = [card.rank for card in own if card is not None]
                helps = gain > 0 and (view.options.value(top) <= LOW_CARD or top.rank in ranks)
                if helps:
                    return Action.draw_discard(seat)
            return Action.draw_stock(seat)

        gain, slot = self._best_place(view, own, view.hand, now, unseen, others_best)
        if slot is not None and (gain > 0 or view.hand_from_discard):
            return Action.replace(seat, slot // columns + 1, slot % columns + 1)
        if not view.hand_from_discard:
            down = [i for i in range(rows * columns) if not view.face_up[seat][i]]
            ends = len(down) == 1 and not view.ending
            if not ends or now < others_best():
                # Prefer a face-down card whose column has a face-up card: it may pair.
                def partner_up(i: int) -> bool:
                    return any(view.face_up[seat][r * columns + i % columns] for r in range(rows))

                choice = max(down, key=lambda i: (partner_up(i), -i))
                return Action.discard(seat, choice // columns + 1, choice % columns + 1)
        # Must place the card without ending the hole: on the least bad face-up slot.
        _, slot = self._best_place(view, own, view.hand, now, unseen, others_best, any_slot=True)
        assert slot is not None
        return Action.replace(seat, slot // columns + 1, slot % columns + 1)

    @staticmethod
    def _best_place(
        view: View,
        own: list[Card | None],
        card: Card,
        now: float,
        unseen: float,
        others_best: Callable[[], float],
        any_slot: bool = False,
    ) -> tuple[float, int | None]:
        """The best gain from putting ``card`` in a slot, and the slot.

        A slot whose filling would end the hole counts only when that leaves the
        player ahead; with ``any_slot`` such a slot never counts.
        """
        rows, columns = view.options.layout.rows, view.options.layout.columns
        face_up = view.face_up[view.seat]
        last_down = face_up.count(False) == 1 and not view.ending
        best: tuple[float, int | None] = (float("-inf"), None)
        for i in range(len(own)):
            trial = list(own)
            trial[i] = card
            score = estimate(trial, rows, columns, view.options, unseen)
            if last_down and not face_up[i] and (any_slot or not score < others_best()):
                continue
            if now - score > best[0]:
                best = (now - score, i)
        return best


@functools.cache
def _deck_mean(options: Options, players: int) -> float:
    return float(options.deck_mean(players))


class ThresholdPlayer:
    """A two-line rule of thumb (see the module)."""

    name = "threshold"

    def choose(self, hole: Hole, rng: random.Random) -> Action:
        view = hole.view(hole.current)
        seat, columns = view.seat, hole.columns
        own = view.own
        value = view.options.value
        if view.hand is None:
            if (
                view.options.knock
                and not view.ending
                and own.count(None) <= 1
                and estimate(own, hole.rows, columns, view.options, 0.0) <= THRESHOLD_KNOCK_AT
            ):
                return Action.knock(seat)
            top = view.top_discard
            if top is not None and value(top) <= TAKE_AT:
                return Action.draw_discard(seat)
            return Action.draw_stock(seat)
        card = view.hand
        down = [i for i in range(len(own)) if not view.face_up[seat][i]]
        if view.hand_from_discard or value(card) <= KEEP_AT:
            higher = [
                i
                for i, known in enumerate(own)
                if view.face_up[seat][i] and known is not None and value(known) > value(card)
            ]
            if higher:
                slot = max(higher, key=lambda i: (value(own[i]), -i))  # type: ignore[arg-type]
            elif down:
                slot = down[0]
            else:  # nothing higher and nothing face down: its highest card
                slot = max(range(len(own)), key=lambda i: (value(own[i]), -i))  # type: ignore[arg-type]
            return Action.replace(seat, slot // columns + 1, slot % columns + 1)
        if down:
            return Action.discard(seat, down[0] // columns + 1, down[0] % columns + 1)
        slot = max(range(len(own)), key=lambda i: (value(own[i]), -i))  # type: ignore[arg-type]
        if value(own[slot]) > value(card):  # type: ignore[arg-type]
            return Action.replace(seat, slot // columns + 1, slot % columns + 1)
        # every card up and none higher: the rule has no move that leaves the grid as it is
        return Action.replace(seat, slot // columns + 1, slot % columns + 1)


def _players() -> dict[str, Callable[[], Player]]:
    from generator.sixcard.strong import StrongPlayer

    return {
        "random": RandomPlayer,
        "threshold": ThresholdPlayer,
        "greedy": GreedyPlayer,
        "strong": StrongPlayer,
    }


ALL_PLAYERS: dict[str, Callable[[], Player]] = _players()
"""Every player by name, weakest first (by the tournament's committed table)."""
PLAYERS: dict[str, Callable[[], Player]] = {
    "greedy": GreedyPlayer,
    "random": RandomPlayer,
}
"""The players of the simulation (:mod:`generator.sixcard.simulate`) by name."""


def play_hole(hole: Hole, player: Player, rng: random.Random) -> Hole:
    """Play ``hole`` to its end with ``player`` in every seat; return it."""
    while not hole.over:
        hole.play(player.choose(hole, rng))
    return hole
