"""Simple deterministic players of Golf patience, each with or without one tip.

A player plays a game to its end: while some free card fits the waste card it
removes one, chosen by a fixed preference, and it draws only when none fits
(the rule PySolFC's help states: "When no more moves are possible, click on
the talon to deal a new card"). The base player takes the fitting card of the
leftmost column. Each tip changes only which fitting card is taken:

- ``tallest``: the card of the tallest column (of two as tall, the leftmost),
  the order the solver tries its removals in;
- ``kings-last``: a King only when no other card fits, since little or nothing
  can be played on a King (Aisleriot: "Remember that nothing can be played on
  to a King");
- ``save-twos``: a Two only onto an Ace and a Queen only onto a King when
  another card fits (PySolFC: "Save Twos for Aces and Queens for Kings");
- ``longest-run``: the card that begins the longest run of removals without a
  new card from the stock (Aisleriot: "Try to generate sequences where many
  cards can be removed without a new card from Stock"), looked for among the
  free cards as they are;
- ``all``: the four together: the longest run first, then ``save-twos``,
  ``kings-last`` and ``tallest`` to break ties.

A player never looks at the stock's cards before they are drawn nor at the
cards under the free ones. :func:`play` returns the game, so that its moves can
be replayed in the engine.

>>> from generator.patience.deal import deal_for_number
>>> game = play(deal_for_number(1), RuleSet.of(Rules.EASY), "base")
>>> game.is_over(), game.removed <= 35
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable

from generator.patience.cards import KING
from generator.patience.deal import COLUMNS, Deal
from generator.patience.game import Game, Move
from generator.patience.rules import Rules, RuleSet

TWO, QUEEN, ACE = 2, 12, 1

PLAYERS = ("base", "tallest", "kings-last", "save-twos", "longest-run", "all")
"""The players: ``base`` and the base player with each tip (``all``: every tip)."""

TIPS = PLAYERS[1:]

Key = Callable[[Game, Move], tuple[int, ...]]


def _column(move: Move) -> int:
    assert move.column is not None
    return move.column


def _tallest(game: Game, move: Move) -> tuple[int, ...]:
    return (-game.heights[_column(move) - 1],)


def _king(game: Game, move: Move) -> tuple[int, ...]:
    return (int(move.card.rank == KING),)


def _saved(game: Game, move: Move) -> tuple[int, ...]:
    waste = game.waste_card
    rank = waste.rank if waste is not None else 0
    spent = (move.card.rank == TWO and rank != ACE) or (move.card.rank == QUEEN and rank != KING)
    return (int(spent),)


def longest_run(game: Game) -> int:
    """The most cards that can be removed in a row from the position, without drawing
    (a search over the free cards only: what a player sees)."""
    best = 0
    for move in removals(game):
        game.push(move)
        best = max(best, 1 + longest_run(game))
        game.pop()
        if best == sum(game.heights):
            break
    return best


def _run(game: Game, move: Move) -> tuple[int, ...]:
    game.push(move)
    run = longest_run(game)
    game.pop()
    return (-run,)


KEYS: dict[str, tuple[Key, ...]] = {
    "base": (),
    "tallest": (_tallest,),
    "kings-last": (_king,),
    "save-twos": (_saved,),
    "longest-run": (_run,),
    "all": (_run, _saved, _king, _tallest),
}


def removals(game: Game) -> list[Move]:
    """The removals the rules allow now, in column order."""
    waste = game.waste_card
    accepts = game.rule_set.accepts_card
    found = []
    for n in range(1, COLUMNS + 1):
        card = game.free_card(n)
        if card is not None and accepts(waste, card):
            found.append(Move.remove(n, card))
    return found


def choose(game: Game, player: str) -> Move | None:
    """The move ``player`` plays now: a removal by its preference, else the draw (``None``:
    the game is over)."""
    if game.is_won():
        return None
    moves = removals(game)
    if moves:
        keys = KEYS[player]
        return min(moves, key=lambda m: (*(k(game, m) for k in keys), _column(m)))
    stock = game.stock
    return Move.draw(stock[0]) if stock else None


def play(deal: Deal, rule_set: RuleSet | Rules, player: str) -> Game:
    """``player``'s game of ``deal`` under ``rule_set``, played to its end."""
    if player not in KEYS:
        raise ValueError(f"no such player: {player!r} (known: {', '.join(PLAYERS)})")
    game = Game(deal, rule_set)
    while (move := choose(game, player)) is not None:
        game.play(move)
    return game
