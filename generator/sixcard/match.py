"""A match: holes dealt in turn clockwise, cumulative scores, lowest total wins.

Hole ``k`` (from 0) is dealt by seat ``(first_dealer + k) % players`` from the
seed ``f"{seed}/{k}"``. Ties are reported as ties: :meth:`Match.winners` lists
every seat with the lowest total (the page leaves breaking them to the players).

The first dealer is chosen by cutting (:func:`cut_for_dealer`): each player cuts
a card and the lowest card deals.

A hole counts as soon as it is over: :meth:`Match.is_over`, :meth:`Match.totals`
and :meth:`Match.winners` include the current hole once it is over, whether or
not :meth:`Match.finish_hole` has recorded it into :attr:`Match.results` yet.

>>> match = Match(3, holes=1, seed=5)
>>> hole = match.start_hole()
>>> hole.dealer, hole.current
(0, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.sixcard.cards import Card
from generator.sixcard.errors import OptionsError
from generator.sixcard.hole import Hole, check_seats
from generator.sixcard.rules import DEFAULT_OPTIONS, HOLES, Options


@dataclass(frozen=True)
class Cut:
    """The cut for the first dealer: each round's cards by seat (the seats still tied cut
    again), and the seat that deals."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


def cut_for_dealer(players: int, seed: int | str = 0, options: Options = DEFAULT_OPTIONS) -> Cut:
    """The first dealer, chosen by cutting: every player cuts a card of the shuffled deck
    (``random.Random(seed)``, the Jokers left out: they have no rank), Ace low, King high;
    the lowest card deals; players tied for the lowest cut again.

    >>> cut = cut_for_dealer(4, seed=1)
    >>> min(cut.rounds[-1], key=lambda cut: cut[1].rank)[0] == cut.dealer
    True
    """
    options.check_players(players)
    rng = random.Random(seed)
    seats = list(range(players))
    rounds = []
    while True:
        deck = [card for card in options.deck(players) if not card.is_joker]
        rng.shuffle(deck)
        cards = tuple(zip(seats, deck, strict=False))
        rounds.append(cards)
        lowest = min(card.rank for _seat, card in cards)
        seats = [seat for seat, card in cards if card.rank == lowest]
        if len(seats) == 1:
            return Cut(tuple(rounds), seats[0])


class Match:
    """``holes`` holes (:data:`HOLES` by default) for ``players`` players."""

    def __init__(
        self,
        players: int,
        options: Options = DEFAULT_OPTIONS,
        holes: int = HOLES,
        seed: int | str = 0,
        first_dealer: int = 0,
    ) -> None:
        check_seats(options, players, first_dealer)
        if isinstance(holes, bool) or not isinstance(holes, int) or holes < 1:
            raise OptionsError(f"a match has at least 1 hole, not {holes!r}")
        self.players = players
        self.options = options
        self.holes = holes
        self.seed = seed
        self.first_dealer = first_dealer
        self.results: list[tuple[int, ...]] = []
        """Each finished hole's scores, by seat."""
        self.current: Hole | None = None

    def dealer_of(self, number: int) -> int:
        """The seat that deals hole ``number`` (from 0): the deal rotates clockwise."""
        return (self.first_dealer + number) % self.players

    def start_hole(self) -> Hole:
        """Deal the next hole, recording the previous one (which must be over) if not yet done."""
        if self.current is not None and not self.current.over:
            raise OptionsError("the current hole is not over")
        if self.current is not None:
            self.finish_hole()
        if self.is_over():
            raise OptionsError(f"the match is over after {self.holes} holes")
        number = len(self.results)
        self.current = Hole(
            self.players, self.options, f"{self.seed}/{number}", self.dealer_of(number)
        )
        return self.current

    def finish_hole(self) -> None:
        """Record the current hole's scores (it must be over)."""
        if self.current is None or not self.current.over:
            raise OptionsError("no finished hole to record")
        self.results.append(self.current.scores())
        self.current = None

    def record(self, scores: tuple[int, ...]) -> None:
        """Record a hole played elsewhere (its scores by seat)."""
        if self.current is not None:
            raise OptionsError("a hole of this match is being played: finish it first")
        if len(scores) != self.players:
            raise OptionsError(f"a hole's scores are {self.players} numbers, not {len(scores)}")
        if self.is_over():
            raise OptionsError(f"the match is over after {self.holes} holes")
        self.results.append(tuple(scores))

    def scores(self) -> list[tuple[int, ...]]:
        """Each hole's scores by seat: :attr:`results` and the current hole if it is over."""
        if self.current is not None and self.current.over:
            return [*self.results, self.current.scores()]
        return list(self.results)

    def is_over(self) -> bool:
        """Whether every hole is over (the last one counts before :meth:`finish_hole`)."""
        return len(self.scores()) >= self.holes

    def totals(self) -> tuple[int, ...]:
        """Each seat's cumulative score, the current hole's included once it is over."""
        holes = self.scores()
        return tuple(sum(hole[seat] for hole in holes) for seat in range(self.players))

    def winners(self) -> list[int]:
        """The seats with the lowest total (more than one: a tie)."""
        totals = self.totals()
        return [seat for seat, total in enumerate(totals) if total == min(totals)]
