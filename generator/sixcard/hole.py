"""A hole of 6-Card Golf (or 4- or 9-card): the deal, the turns, the end, the scores.

**The deal.** The cards (:meth:`Options.deck`) are shuffled by
``random.Random(seed).shuffle`` (the Mersenne Twister with ``shuffle``'s
``_randbelow``: the same order on every Python 3 since 3.2; an ``int`` or
``str`` seed). Players are seats ``0`` to ``n - 1`` clockwise; the deal goes one
card at a time clockwise starting with the player left of the dealer
(``dealer + 1``), each player's ``k``-th card going to slot ``k`` of the grid
(rows top to bottom, each left to right). The next card starts the discard
pile face up; the rest is the stock. Every player turns
:attr:`Options.start_cards` cards face up (by default 2 in a 4- or 6-card hole,
:data:`FACE_UP_AT_START`, and 3 in 9-Card Golf, as published rules have it),
chosen at random from the same generator unless ``turned_up`` names them (peek
variant: the player only looks at them; they stay face down, and so count as
face down until turned or replaced). The player left of the dealer starts. ``cards`` replaces the
shuffle by a given order of the same cards (to replay or set up a deal).

**A turn.** Draw from the stock or take the top discard; then either replace
any grid card with it (the old card goes face up onto the discard pile, the
new one lies face up), or, only for a card drawn from the stock, discard it and
turn one face-down card up. A card taken from the discard pile may not be
discarded (:attr:`Reason.ANTI_STALL`). Knock variant: instead of drawing, a
player may knock.

**The end.** The hole ends when a player's grid is all face up (or, knock
variant, a player knocks); every other player then gets exactly one more turn,
clockwise; then every card is turned up and scored (:func:`score_grid`). The
player who ended the hole gets nothing by default; in the knock variant the
player who ended it, by knocking or by turning up his last card (the page says
so of "the player who ended the hole"), gets :data:`KNOCK_PENALTY` points unless
his grid score is STRICTLY lower than every other player's: a tie for lowest
is not lowest and is penalised.

**The stock running out** (the page does not say; a common rule): when the
stock's last card has been drawn, at the end of that turn the discard pile
except its top card is shuffled (with the hole's generator) into a new stock.
So the stock is never empty when a player is to draw (the set-up always leaves
at least 2 cards outside the grids).

**The turn limit** (the project's own choice, not the page's): any sequence of
legal actions must end, but two players could swap the same discard forever.
So when every player has had :data:`TURN_LIMIT` turns and no one has ended the
hole, the hole ends at once: no last turns, every grid turned up and scored,
no one ended it (``ended_by == "limit"``, no knock penalty).

>>> hole = Hole(3, seed=1)
>>> hole.current, hole.dealer, len(hole.stock), len(hole.discard)
(1, 0, 35, 1)
>>> hole.refusal(Action.replace(1, 1, 1))
<Reason.DRAW_FIRST: 'draw-first'>
>>> hole.play(Action.draw_discard(1))
>>> hole.refusal(Action.discard(1, 1, 1))
<Reason.ANTI_STALL: 'anti-stall'>
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from generator.sixcard.cards import Card
from generator.sixcard.errors import IllegalActionError, OptionsError, Reason
from generator.sixcard.rules import (
    DEFAULT_OPTIONS,
    KNOCK_PENALTY,
    TURN_LIMIT,
    Options,
)
from generator.sixcard.scoring import GridScore, score_grid

Kind = Literal["draw-stock", "draw-discard", "replace", "discard", "knock"]
EndedBy = Literal["out", "knock", "limit"]


@dataclass(frozen=True, slots=True)
class Action:
    """One action of ``player``: a draw, a replacement or a discard-and-turn of
    the slot at ``row``, ``column`` (both from 1), or a knock."""

    player: int
    kind: Kind
    row: int = 0
    column: int = 0

    @classmethod
    def draw_stock(cls, player: int) -> Action:
        return cls(player, "draw-stock")

    @classmethod
    def draw_discard(cls, player: int) -> Action:
        return cls(player, "draw-discard")

    @classmethod
    def replace(cls, player: int, row: int, column: int) -> Action:
        """Put the drawn card at ``row``, ``column``; the card there goes to the discard pile."""
        return cls(player, "replace", row, column)

    @classmethod
    def discard(cls, player: int, row: int, column: int) -> Action:
        """Discard the card drawn from the stock and turn up the face-down card at ``row``, ``column``."""
        return cls(player, "discard", row, column)

    @classmethod
    def knock(cls, player: int) -> Action:
        return cls(player, "knock")

    def __str__(self) -> str:
        if self.kind in ("replace", "discard"):
            return f"player {self.player}: {self.kind} r{self.row}c{self.column}"
        return f"player {self.player}: {self.kind}"


@dataclass(frozen=True)
class View:
    """What ``seat`` knows: its own grid (``None`` for a card it has not seen), the other
    grids as everyone sees them, the top discard, the card in hand (its own turn only)."""

    seat: int
    grids: tuple[tuple[Card | None, ...], ...]
    """Every seat's grid, slots row by row; ``None``: face down and unknown to ``seat``."""
    face_up: tuple[tuple[bool, ...], ...]
    top_discard: Card | None
    discards: tuple[Card, ...]
    """The discard pile, top card last: every card on it lay face up, so any player may
    remember it (a rebuilt stock takes all but the top card out of sight again)."""
    hand: Card | None
    hand_from_discard: bool
    ending: bool
    """Whether someone has ended the hole: these are last turns."""
    options: Options

    @property
    def own(self) -> tuple[Card | None, ...]:
        return self.grids[self.seat]


def check_seats(options: Options, players: int, dealer: int) -> None:
    """Raise :class:`OptionsError` unless ``players`` may play ``options`` and ``dealer`` is
    one of their seats (a hole's, a match's first dealer, the C core's hole)."""
    options.check_players(players)
    if not 0 <= dealer < players:
        raise OptionsError(f"the dealer is a seat from 0 to {players - 1}, not {dealer!r}")


class Hole:
    """One hole for ``players`` players under ``options``, dealt by ``dealer`` from ``seed``.

    :meth:`play` checks an action and raises :class:`IllegalActionError` with a
    :class:`Reason`; :meth:`refusal` says why an action would be refused;
    :meth:`legal_actions` lists every action :meth:`play` accepts now.
    """

    def __init__(
        self,
        players: int,
        options: Options = DEFAULT_OPTIONS,
        seed: int | str = 0,
        dealer: int = 0,
        turned_up: Sequence[Sequence[tuple[int, int]]] | None = None,
        cards: Sequence[Card] | None = None,
    ) -> None:
        check_seats(options, players, dealer)
        self.players = players
        self.options = options
        self.rows = options.layout.rows
        self.columns = options.layout.columns
        self.dealer = dealer
        self.rng = random.Random(seed)
        deck = list(options.deck(players))
        self.rng.shuffle(deck)
        if cards is not None:
            if sorted(cards) != sorted(deck):
                raise OptionsError(f"the cards given are not the {len(deck)} cards of the decks")
            deck = list(cards)
        self.deck: tuple[Card, ...] = tuple(deck)
        """The shuffled deck, first dealt first."""
        size = options.layout.size
        self.grids: list[list[Card]] = [[] for _ in range(players)]
        self.deal_order: list[int] = []
        """The seat each dealt card went to, in dealing order."""
        for index in range(players * size):
            seat = (dealer + 1 + index) % players
            self.grids[seat].append(deck[index])
            self.deal_order.append(seat)
        self.discard: list[Card] = [deck[players * size]]
        """The discard pile, top card last."""
        self.stock: list[Card] = deck[players * size + 1 :][::-1]
        """The stock, top card last (the next drawn is ``stock[-1]``)."""
        self.face_up = [[False] * size for _ in range(players)]
        self.known: list[set[int]] = [set() for _ in range(players)]
        """The face-down slots each player has looked at (peek variant)."""
        self.revealed: list[Card] = []
        """Every card that lay face down after the start and was turned up, in order
        (by a discard-and-turn, by being replaced, or at the end)."""
        start = options.start_cards
        if turned_up is not None and len(turned_up) != players:
            raise OptionsError(
                f"turned_up names the slots of {players} players, not {len(turned_up)}"
            )
        for seat in range(players):
            if turned_up is None:
                slots = self.rng.sample(range(size), start)
            else:
                slots = [self._index(r, c) for r, c in turned_up[seat]]
                if len(slots) != start or len(set(slots)) != start or -1 in slots:
                    raise OptionsError(
                        f"player {seat} turns up {start} different slots of the grid, not "
                        f"{list(turned_up[seat])!r}"
                    )
            for slot in slots:
                if options.peek:
                    self.known[seat].add(slot)
                else:
                    self.face_up[seat][slot] = True
        self.cutter = (dealer - 1) % players
        """The seat that cuts the shuffled deck: the player to the dealer's right (seats go
        clockwise, so the player to the dealer's left is ``dealer + 1``)."""
        self.current = (dealer + 1) % players
        self.hand: Card | None = None
        self.hand_from_discard = False
        self.turns = [0] * players
        """Turns completed by each seat."""
        self.ender: int | None = None
        self.ended_by: EndedBy | None = None
        self.last_turns: list[int] = []
        """The seats still owed their last turn, in order."""
        self.last_turns_taken: list[int] = []
        self.over = False
        self.rebuilds = 0
        """How often the stock was rebuilt from the discard pile."""
        self.actions: list[Action] = []

    # -- the position ------------------------------------------------------

    def _index(self, row: int, column: int) -> int:
        if not (1 <= row <= self.rows and 1 <= column <= self.columns):
            return -1
        return (row - 1) * self.columns + column - 1

    def grid(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """Seat ``seat``'s cards, rows top to bottom, face up or not."""
        cards = self.grids[seat]
        return tuple(
            tuple(cards[r * self.columns : (r + 1) * self.columns]) for r in range(self.rows)
        )

    def face_down_count(self, seat: int) -> int:
        return self.face_up[seat].count(False)

    @property
    def top_discard(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def ending(self) -> bool:
        return self.ender is not None

    def cards_in_play(self) -> list[Card]:
        """Stock, discard pile, grids and the card in hand: always the whole deck."""
        cards = [*self.stock, *self.discard, *(c for grid in self.grids for c in grid)]
        return cards if self.hand is None else [*cards, self.hand]

    def view(self, seat: int) -> View:
        """What ``seat`` may know now."""
        grids = tuple(
            tuple(
                card if self.face_up[s][i] or (s == seat and i in self.known[s]) else None
                for i, card in enumerate(self.grids[s])
            )
            for s in range(self.players)
        )
        return View(
            seat,
            grids,
            tuple(tuple(up) for up in self.face_up),
            self.top_discard,
            tuple(self.discard),
            self.hand if seat == self.current else None,
            self.hand_from_discard,
            self.ending,
            self.options,
        )

    # -- the end -----------------------------------------------------------

    def grid_scores(self) -> tuple[GridScore, ...]:
        """Each seat's grid score as if turned up now (the hole's result once it is over)."""
        return tuple(score_grid(self.grid(seat), self.options) for seat in range(self.players))

    def scores(self) -> tuple[int, ...]:
        """Each seat's hole score: the grid score plus any knock penalty."""
        grid = [score.score for score in self.grid_scores()]
        result = list(grid)
        if self.options.knock and self.ender is not None:
            others = [grid[s] for s in range(self.players) if s != self.ender]
            if not grid[self.ender] < min(others):
                result[self.ender] += KNOCK_PENALTY
        return tuple(result)

    def _finish(self) -> None:
        for seat in range(self.players):
            for slot, up in enumerate(self.face_up[seat]):
                if not up:
                    self.face_up[seat][slot] = True
                    self.revealed.append(self.grids[seat][slot])
        self.over = True

    # -- actions -----------------------------------------------------------

    def refusal(self, action: Action) -> Reason | None:
        """Why :meth:`play` would refuse ``action``; ``None`` when it is legal."""
        if self.over:
            return Reason.HOLE_OVER
        if action.player != self.current:
            return Reason.NOT_YOUR_TURN
        if action.kind in ("draw-stock", "draw-discard", "knock"):
            if self.hand is not None:
                return Reason.ALREADY_DRAWN
            if action.kind == "knock":
                if not self.options.knock:
                    return Reason.NO_KNOCKING
                if self.ending:
                    return Reason.ALREADY_ENDING
            return None
        if self.hand is None:
            return Reason.DRAW_FIRST
        slot = self._index(action.row, action.column)
        if slot < 0:
            return Reason.NO_SUCH_SLOT
        if action.kind == "discard":
            if self.hand_from_discard:
                return Reason.ANTI_STALL
            if self.face_up[self.current][slot]:
                return Reason.NOT_FACE_DOWN
        return None

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`play` accepts now."""
        if self.over:
            return []
        seat = self.current
        if self.hand is None:
            actions = [Action.draw_stock(seat), Action.draw_discard(seat)]
            if self.options.knock and not self.ending:
                actions.append(Action.knock(seat))
            return actions
        slots = [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.columns + 1)]
        actions = [Action.replace(seat, r, c) for r, c in slots]
        if not self.hand_from_discard:
            actions += [
                Action.discard(seat, r, c)
                for r, c in slots
                if not self.face_up[seat][self._index(r, c)]
            ]
        return actions

    def play(self, action: Action) -> None:
        """Play ``action`` if the rules allow it; raise :class:`IllegalActionError` if not."""
        reason = self.refusal(action)
        if reason is not None:
            raise IllegalActionError(f"illegal action: {str(action)!r} ({reason.value})", reason)
        self.actions.append(action)
        seat = self.current
        if action.kind == "draw-stock":
            self.hand, self.hand_from_discard = self.stock.pop(), False
            return
        if action.kind == "draw-discard":
            self.hand, self.hand_from_discard = self.discard.pop(), True
            return
        if action.kind == "knock":
            self._start_ending(seat, "knock")
            self._end_turn()
            return
        assert self.hand is not None
        slot = self._index(action.row, action.column)
        if action.kind == "replace":
            old = self.grids[seat][slot]
            if not self.face_up[seat][slot]:
                self.revealed.append(old)
            self.grids[seat][slot] = self.hand
            self.discard.append(old)
        else:
            self.discard.append(self.hand)
            self.revealed.append(self.grids[seat][slot])
        self.face_up[seat][slot] = True
        self.known[seat].discard(slot)
        self.hand = None
        if not self.ending and all(self.face_up[seat]):
            self._start_ending(seat, "out")
        self._end_turn()

    def _start_ending(self, seat: int, how: EndedBy) -> None:
        self.ender, self.ended_by = seat, how
        self.last_turns = [(seat + k) % self.players for k in range(1, self.players)]

    def _end_turn(self) -> None:
        seat = self.current
        self.turns[seat] += 1
        if self.last_turns and self.last_turns[0] == seat and self.ender != seat:
            self.last_turns_taken.append(self.last_turns.pop(0))
            if not self.last_turns:
                self._finish()
                return
        if not self.ending and min(self.turns) >= TURN_LIMIT:
            self.ended_by = "limit"
            self._finish()
            return
        if not self.stock:
            top = self.discard.pop()
            self.stock, self.discard = self.discard, [top]
            self.rng.shuffle(self.stock)
            self.rebuilds += 1
        self.current = (seat + 1) % self.players
