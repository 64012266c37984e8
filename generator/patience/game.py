"""A game in progress: moves, refusals, win and stuck, score and undo.

>>> from generator.patience.deal import DealCode, deal_for_number
>>> game = Game(deal_for_number(1), Rules.EASY)
>>> game.refusal(Move.remove(1, Card.from_str("6H")))
<Reason.NOT_ADJACENT: 'not-adjacent'>
>>> game.refusal(Move.remove(1, Card.from_str("TS")))
<Reason.BLOCKED: 'blocked'>
>>> game.play(Move.draw(Card.from_str("8S")))
>>> game.play(Move.remove(5, Card.from_str("9C")))
>>> str(game.waste_card), game.score, game.move_count
('9C', 10, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from generator.patience.cards import Card, parse_card
from generator.patience.deal import COLUMN_HEIGHT, COLUMNS, TABLEAU_SIZE, Deal
from generator.patience.errors import CardError, GolfError, IllegalMoveError, Reason
from generator.patience.rules import SCORING, UNDO_LIMIT, Rules, RuleSet, Scoring, Variant

Action = Literal["draw", "remove"]


@dataclass(frozen=True, slots=True)
class Move:
    """A draw from the stock, or the removal of ``card`` from ``column`` (1 to 7)."""

    action: Action
    card: Card
    column: int | None = None

    @classmethod
    def draw(cls, card: Card) -> Move:
        return cls("draw", card)

    @classmethod
    def remove(cls, column: int, card: Card) -> Move:
        return cls("remove", card, column)

    @classmethod
    def from_json(cls, data: Any) -> Move:
        """Read ``{"action": "draw", "card": "8S"}`` or ``{"action": "remove", "column": 5, "card": "9C"}``."""
        if not isinstance(data, dict):
            raise GolfError(f"a move is a JSON object, not {data!r}")
        action = data.get("action")
        try:
            card = parse_card(data.get("card"))
        except CardError as error:
            raise GolfError(f"move {data!r}: {error}") from None
        if action == "draw":
            return cls.draw(card)
        if action == "remove":
            column = data.get("column")
            if (
                not isinstance(column, int)
                or isinstance(column, bool)
                or not 1 <= column <= COLUMNS
            ):
                raise GolfError(f"move {data!r}: column must be a number from 1 to {COLUMNS}")
            return cls.remove(column, card)
        raise GolfError(f"move {data!r}: action must be 'draw' or 'remove'")

    def to_json(self) -> dict[str, Any]:
        if self.action == "draw":
            return {"action": "draw", "card": str(self.card)}
        return {"action": "remove", "column": self.column, "card": str(self.card)}

    def __str__(self) -> str:
        if self.action == "draw":
            return f"draw {self.card}"
        return f"{self.card} from column {self.column}"


@dataclass(frozen=True)
class Position:
    """A snapshot of the table: what the pages show as a board."""

    columns: tuple[tuple[Card, ...], ...]
    waste: Card | None
    """The waste card on top; ``None`` while the waste is empty (``empty-waste``, before the first card)."""
    stock: tuple[Card, ...]

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def free_cards(self) -> tuple[Card | None, ...]:
        """The last (free) card of each column; ``None`` for an empty column."""
        return tuple(column[-1] if column else None for column in self.columns)

    @property
    def tableau_count(self) -> int:
        return sum(len(column) for column in self.columns)


class Game:
    """One game of a deal under a rule set and its ``variants`` (:class:`Variant`).

    ``rules`` may be a :class:`Rules` or a :class:`RuleSet`; ``rule_set`` is it
    with ``variants`` added, the one the game plays by, and ``rules`` its
    :class:`Rules`. The deal must be dealt for the variants (its Jokers, its
    waste card or empty waste: :meth:`RuleSet.check_deal`), else
    :class:`~generator.patience.errors.DealError`.

    With ``empty-waste`` the waste starts empty (:attr:`waste_card` is
    ``None``): any free card may go onto it, and a draw is allowed under every
    rule set. A Joker fits any card and takes any card (see
    :mod:`generator.patience.rules`).

    :meth:`play` checks a move and raises :class:`IllegalMoveError` with a
    :class:`Reason`; :meth:`push` applies a move without checks and :meth:`pop`
    takes the last one back exactly. :meth:`undo` is the app's undo: at most the
    last :data:`UNDO_LIMIT` actions, and the move counter never goes down.
    """

    def __init__(
        self,
        deal: Deal,
        rules: Rules | RuleSet = Rules.EASY,
        scoring: Scoring = SCORING,
        *,
        variants: Iterable[Variant] = (),
    ) -> None:
        self.rule_set = RuleSet.of(rules, variants)
        self.rule_set.check_deal(deal)
        self.deal = deal
        self.rules = self.rule_set.rules
        self.variants = self.rule_set.variants
        self.scoring = scoring
        self.heights = [COLUMN_HEIGHT] * COLUMNS
        self.drawn = 0
        self.waste: list[Card] = [] if deal.waste is None else [deal.waste]
        self.moves: list[Move] = []
        self.move_count = 0
        """The app's move counter: every action played counts, undo does not lower it."""
        self.undoable = 0
        """How many of the last actions :meth:`undo` may still take back."""
        self._undo_stack: list[int] = []

    # -- the position ------------------------------------------------------

    @property
    def waste_card(self) -> Card | None:
        """The card on top of the waste; ``None`` while the waste is empty."""
        return self.waste[-1] if self.waste else None

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, next to be drawn first."""
        return self.deal.stock[self.drawn :]

    @property
    def removed(self) -> int:
        return TABLEAU_SIZE - sum(self.heights)

    def column(self, number: int) -> tuple[Card, ...]:
        """The cards still in column ``number`` (1-7), top to bottom."""
        return self.deal.columns[number - 1][: self.heights[number - 1]]

    def free_card(self, number: int) -> Card | None:
        height = self.heights[number - 1]
        return self.deal.columns[number - 1][height - 1] if height else None

    def position(self) -> Position:
        return Position(
            tuple(self.column(n) for n in range(1, COLUMNS + 1)), self.waste_card, self.stock
        )

    def key(self) -> tuple[tuple[int, ...], int, int]:
        """A hashable key of what decides the rest of the game (the waste card's suit does not).

        The waste's rank is ``0`` for a Joker and ``-1`` for the empty waste.
        """
        waste = self.waste_card
        return tuple(self.heights), self.drawn, -1 if waste is None else waste.rank

    # -- the end -----------------------------------------------------------

    def is_won(self) -> bool:
        return not any(self.heights)

    def has_removal(self) -> bool:
        """Whether some free card fits the waste card."""
        waste = self.waste_card
        return any(
            self.rule_set.accepts_card(waste, card)
            for card in map(self.free_card, range(1, COLUMNS + 1))
            if card is not None
        )

    def is_stuck(self) -> bool:
        """Stock empty, tableau not cleared, and no free card fits."""
        return not self.stock and not self.is_won() and not self.has_removal()

    def is_over(self) -> bool:
        return self.is_won() or self.is_stuck()

    @property
    def score(self) -> int:
        draws = len(self.moves) - self.removed
        return self.scoring.score(self.removed, draws, stuck=self.is_stuck())

    # -- moves -------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move :meth:`play` accepts now: removals in column order, then the draw."""
        if self.is_over():
            return []
        moves = [
            Move.remove(n, card)
            for n in range(1, COLUMNS + 1)
            if (card := self.free_card(n)) is not None
            and self.rule_set.accepts_card(self.waste_card, card)
        ]
        if self.stock and not (moves and self.rule_set.draw_waits(self.waste_card)):
            moves.append(Move.draw(self.stock[0]))
        return moves

    def refusal(self, move: Move) -> Reason | None:
        """Why :meth:`play` would refuse ``move``; ``None`` when it is legal."""
        if self.is_over():
            return Reason.GAME_OVER
        if move.action == "draw":
            if not self.stock:
                return Reason.STOCK_EMPTY
            if self.rule_set.draw_waits(self.waste_card) and self.has_removal():
                return Reason.MUST_REMOVE
            return None if move.card == self.stock[0] else Reason.NOT_THERE
        if move.column is None or not 1 <= move.column <= COLUMNS:
            return Reason.NOT_THERE
        column = self.column(move.column)
        if move.card not in column:
            return Reason.NOT_THERE
        if move.card != column[-1]:
            return Reason.BLOCKED
        return self.rule_set.refusal_card(self.waste_card, move.card)

    def play(self, move: Move) -> None:
        """Play ``move`` if the rules allow it; raise :class:`IllegalMoveError` if not."""
        reason = self.refusal(move)
        if reason is not None:
            waste = self.waste_card
            onto = "the empty waste" if waste is None else repr(str(waste))
            raise IllegalMoveError(
                f"illegal move: {str(move)!r} onto {onto} ({reason.value})",
                reason,
            )
        self.push(move)

    def push(self, move: Move) -> None:
        """Apply ``move`` without checking it."""
        if move.action == "draw":
            self.drawn += 1
        else:
            assert move.column is not None
            self.heights[move.column - 1] -= 1
        self.waste.append(move.card)
        self.moves.append(move)
        self._undo_stack.append(self.undoable)
        self.undoable = min(UNDO_LIMIT, self.undoable + 1)
        self.move_count += 1

    def pop(self) -> Move:
        """Take back the last move exactly, move counter included."""
        move = self.moves.pop()
        self.waste.pop()
        if move.action == "draw":
            self.drawn -= 1
        else:
            assert move.column is not None
            self.heights[move.column - 1] += 1
        self.undoable = self._undo_stack.pop()
        self.move_count -= 1
        return move

    def undo(self) -> Move:
        """The app's undo: the card goes back, so do its points and any stuck penalty.

        At most the last :data:`UNDO_LIMIT` actions can be undone, and the move
        counter does not go down.
        """
        if not self.undoable:
            raise IllegalMoveError("nothing to undo", Reason.NOTHING_TO_UNDO)
        count, undoable = self.move_count, self.undoable
        move = self.pop()
        self.move_count, self.undoable = count, undoable - 1
        return move
