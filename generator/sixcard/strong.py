"""The strong player: it remembers what it has seen and decides by expected score.

**What it knows.** Only what its seat may know (:meth:`Hole.view`): its own
face-up and peeked cards, every grid's face-up cards, the whole discard pile
(every card on it lay face up) and the card in its hand. The cards it has not
seen are the decks' cards less those; an unknown card (one of its own face-down
cards, an opponent's, the next stock card) is worth, to it, one drawn from
those unseen cards. So a Queen it has seen twice is less likely to turn up,
and the value of a face-down card follows the cards played (the page's tip
"watch the opponents' visible grids").

**How it values a grid.** A column's expected score: every way its unknown
cards can fall (each independently from the unseen cards' ranks) scored by
the rules (:func:`~generator.sixcard.scoring.score_grid`, so pairs, Jokers,
wild twos and the 9-card column follow the options); a grid's value is the
sum of its columns (the row rule, a house rule, is left out of its reckoning).

**A turn** (an expectimax of one turn). Before drawing it compares the top
discard, placed where it lowers the grid's value most (it must be placed: the
anti-stall rule), with a stock card: the expected best of placing it or
discarding it and turning up a face-down card. With a card in hand it does the
best of those. Each move also counts what the card it leaves on the discard pile is worth
to the next player (how much more that player gains by taking it than by drawing from the
stock), shared over the opponents; and turning a card up counts :data:`TURN_UP_VALUE` beyond
its expected points. Turning up prefers a face-down card whose column partner is face up
(it may pair).

**Ending the hole** (and knocking, in the knock variant). A move that turns up
or fills its last face-down card ends the hole; it makes it only when its grid
is hard to beat in one last turn: its expected score (plus, in the knock
variant, the penalty times the chance of not being strictly lowest) below
every opponent's expected score after that opponent's best last turn (the same
one-turn reckoning, on the opponent's grid as the seat sees it). Otherwise it
puts the card on the face-up slot where it costs least. It knocks when the
same test holds for its grid as it stands.

**Habits** (:class:`Habits`): each of the page's tips the player follows can be
reversed, or made neutral (a player indifferent to the tip), one at a time, to measure what
the tip is worth against its opposite and against a player who ignores it
(:mod:`generator.sixcard.tournament`).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Final, Literal

from generator.sixcard.cards import JOKER, KING, Card
from generator.sixcard.hole import Action, Hole, View
from generator.sixcard.rules import KNOCK_PENALTY, Options, RowRule
from generator.sixcard.scoring import score_grid

RANK_CARDS: dict[int, Card] = {0: JOKER, **{rank: Card(rank, "S") for rank in range(1, 14)}}
"""A card of each rank (suits never score)."""
TURN_UP_VALUE = -2.0
"""What turning a face-down card up is worth beyond its expected points (a known card can be
replaced when it is high, a face-down one only blindly): chosen by play, strong against greedy
over 400 duplicate deals, 0: +0.83, -1: +1.57, -2: +1.87, -3: +1.80 points per hole
(``tests/sixcard`` does not depend on it; the committed tournament does)."""
NO_LOOK_AHEAD = -1
"""The key of the opponents' expected scores as their grids stand (no rank is -1)."""
PICTURE_VALUE = 10
"""What a King is worth to a player that does not keep Kings (a picture card's points)."""


FOLLOWS: Final = "follows"
REVERSED: Final = "reversed"
NEUTRAL: Final = "neutral"
Setting = Literal["follows", "reversed", "neutral"]
"""How the player takes one tip: follows it, does its opposite, or is indifferent to it."""
SETTINGS: tuple[Setting, ...] = (FOLLOWS, REVERSED, NEUTRAL)


@dataclass(frozen=True)
class Habits:
    """The tips the strong player follows; each can be reversed (its opposite, an extreme) or
    neutral (a player indifferent to the tip, not its opponent), one at a time (the page's
    words in :data:`generator.sixcard.tournament.TIPS`). Every tip followed is the strong
    player of the committed tournament, move for move."""

    pairs: Setting = FOLLOWS
    """Give column pairs priority: it reckons a column by the rules' scoring, so a pair it may
    still make (a face-down card under a 9) counts with its chance, and it turns up a face-down
    card whose column partner is face up. Reversed: it reckons a pair as its two cards' points,
    so it neither seeks pairs nor keeps them. Neutral: the strong player gives pairs no bonus
    beyond their points already (a made pair is reckoned at the 0 it scores), so "pairs valued
    as points" would be the player that follows the tip; the neutral player instead knows the
    rule but does not play for pairs: a column whose cards are all known scores by the rules
    (a pair it has made or can make now counts 0), a column with unknown cards is its known
    cards' points plus each unknown card's mean, with no chance of a pair, and it turns up its
    face-down cards in slot order."""
    kings: Setting = FOLLOWS
    """Keep Kings: it reckons a King at its points (0), so it keeps Kings. Reversed: it reckons
    a King as a picture card (10), so it replaces them. Neutral: a King judged by its points
    only, which is the player that follows the tip (keeping Kings is what their 0 points
    mean): the same moves, so the tournament plays no neutral match for it."""
    jokers: Setting = FOLLOWS
    """Take a Joker from the discard pile, always. Reversed: it never takes one from there.
    Neutral: it judges a Joker on the pile as any other card, by the expected change of its
    grid against a stock card's."""
    high_first: Setting = FOLLOWS
    """Replace high cards first: it puts a card where it helps most. Reversed: of the places
    where a card helps, it takes the one where it helps least. Neutral: it decides, as the
    player that follows the tip, whether to put the card in its grid or turn a card up, and
    puts it in the first place in slot order (row by row) where it helps, whatever the card it
    replaces: slot order says nothing of a card's points, and it is deterministic, so the
    player's reckoning of a stock card before drawing is what it then does with it (a random
    place would make the two differ)."""
    watch: Setting = FOLLOWS
    """Watch the visible grids and the discards: it reckons the unseen cards as the decks less
    every card it has seen. Reversed: the decks less its own cards only. Neutral: what a
    casual player sees on the table now: the decks less its own cards, every grid's face-up
    cards and the top discard, not the discards buried under it."""
    end_when_ahead: Setting = FOLLOWS
    """End the hole only when hard to beat: its expected score below every opponent's after
    that opponent's best last turn. Reversed: it ends it whenever a move allows. Neutral: it
    ends it when its expected score is below every opponent's expected score as the grid
    stands (no look-ahead to their last turn)."""


FOLLOWS_EVERY_TIP = Habits()
HABITS: list[str] = [field.name for field in fields(Habits)]
"""The habits in their order (the C core's, two bits each: :mod:`generator.sixcard.ccore`)."""


def hint(hole: Hole, tips: Sequence[str] = HABITS) -> tuple[Action, str | None]:
    """The hint for the seat to move: the strong player's action, and the first tip of ``tips``
    (habits, in the page's order) that the action follows: the first whose player with that
    habit reversed would act otherwise. Which tip applies is decided by play, not by words:
    the C core's hint (``six_hint``) is held to this one."""
    chosen = StrongPlayer().choose(hole, random.Random(0))
    for habit in tips:
        reversed_habit: dict[str, Setting] = {habit: REVERSED}
        other = StrongPlayer(replace(FOLLOWS_EVERY_TIP, **reversed_habit))
        if other.choose(hole, random.Random(0)) != chosen:
            return chosen, habit
    return chosen, None


def added(values: Iterable[float]) -> float:
    """The values added one after another, left to right, as ``sum`` added floats before Python
    3.12; from 3.12 on, ``sum`` compensates its rounding, so the same reckoning came out a last
    bit apart, a tie between two moves fell the other way, and a committed tournament row
    played on 3.11 replayed otherwise on 3.12 (its CI: tip-pairs-neutral, deal 3557). The
    player's choices are the same on every Python.

    >>> added([0.1, 0.2, 0.3]) == (0.1 + 0.2) + 0.3
    True
    """
    total = 0.0
    for value in values:
        total += value
    return total


@functools.cache
def _column_points(options: Options, rows: int, ranks: tuple[int, ...]) -> int:
    """The points of a column holding cards of ``ranks`` (sorted), by the rules' own scoring:
    a grid of the layout with that column first and cards of other ranks beside it."""
    layout = options.layout
    filler = [rank for rank in range(1, 14) if rank not in ranks]
    grid = [
        [RANK_CARDS[ranks[r]]]
        + [
            RANK_CARDS[filler[(r * layout.columns + c) % len(filler)]]
            for c in range(1, layout.columns)
        ]
        for r in range(rows)
    ]
    return score_grid(grid, options).columns[0]


@functools.cache
def _plain_options(options: Options) -> Options:
    """The options as the player reckons columns: without the row rule."""
    return replace(options, row_rule=RowRule.NONE) if options.row_rule else options


_POINTS: dict[tuple[Options, Habits], dict[tuple[int, ...], float]] = {}
"""Column points by sorted ranks, per options and habits (they never change in a process)."""


class Reckoning:
    """The expected scores of columns for one decision: the unseen cards' ranks and a cache."""

    def __init__(self, options: Options, unseen: Counter[int], habits: Habits) -> None:
        self.options = _plain_options(options)
        self.rows = options.layout.rows
        total = sum(unseen.values())
        self.odds = [(rank, count / total) for rank, count in sorted(unseen.items()) if count]
        self.habits = habits
        self.known_points = _POINTS.setdefault((self.options, habits), {})
        self.cache: dict[tuple[tuple[int, ...], int], float] = {}
        self.opponents: dict[int | None, list[tuple[float, float]]] = {}
        """Each opponent's expected score after its last turn and its spread, by the rank
        left on the discard pile (:data:`NO_LOOK_AHEAD`: as its grid stands)."""
        self.giving: dict[int, float] = {}
        """What a rank left on the discard pile is worth to the next player."""
        self.next_stock: float | None = None
        """The next player's expected gain from a stock card."""
        self.mean = added(self.value(rank) * p for rank, p in self.odds)
        self.variance = added((self.value(rank) - self.mean) ** 2 * p for rank, p in self.odds)

    def value(self, rank: int) -> float:
        """A card's own points as the player reckons them."""
        if rank == KING and self.habits.kings == REVERSED:
            return PICTURE_VALUE
        return self.options.value(RANK_CARDS[rank])

    def points(self, ranks: tuple[int, ...]) -> float:
        """A column's points as the player reckons them (``ranks`` sorted, all known)."""
        known = self.known_points.get(ranks)
        if known is not None:
            return known
        if self.habits.pairs == REVERSED:
            value = float(sum(self.value(rank) for rank in ranks))
        else:
            value = float(_column_points(self.options, self.rows, ranks))
            if (
                self.habits.kings == REVERSED
            ):  # a King pair still cancels; a lone King is a picture card
                value += PICTURE_VALUE * (ranks.count(KING) == 1)
        self.known_points[ranks] = value
        return value

    def column(self, known: tuple[int, ...], unknown: int) -> float:
        """The expected points of a column with cards of ``known`` ranks (sorted) and
        ``unknown`` cards."""
        key = (known, unknown)
        value = self.cache.get(key)
        if value is not None:
            return value
        if unknown == 0:
            value = self.points(known)
        elif self.habits.pairs == NEUTRAL:  # no chance of a pair reckoned
            value = sum(self.value(rank) for rank in known) + unknown * self.mean
        else:
            value = 0.0
            for fall in itertools.product(self.odds, repeat=unknown):
                p = 1.0
                ranks = list(known)
                for rank, odds in fall:
                    p *= odds
                    ranks.append(rank)
                value += p * self.points(tuple(sorted(ranks)))
        self.cache[key] = value
        return value


class Grid:
    """A grid as one seat sees it: ranks by slot (``None``: unknown), row by row, and for
    each slot the rest of its column."""

    def __init__(self, ranks: list[int | None], rows: int, columns: int) -> None:
        self.ranks = ranks
        self.rows = rows
        self.columns = columns
        self.others: list[tuple[tuple[int, ...], int]] = []
        """For each slot: the ranks of the other known cards of its column, and how many
        others are unknown."""
        for slot in range(len(ranks)):
            c = slot % columns
            cells = [ranks[r * columns + c] for r in range(rows) if r * columns + c != slot]
            known = tuple(rank for rank in cells if rank is not None)
            self.others.append((known, len(cells) - len(known)))
        self.unknown = sum(rank is None for rank in ranks)
        self.values: dict[int, float] = {}
        """Column values, for the one :class:`Reckoning` a grid is used with."""

    def column_value(self, reckoning: Reckoning, c: int) -> float:
        value = self.values.get(c)
        if value is not None:
            return value
        cells = [self.ranks[r * self.columns + c] for r in range(self.rows)]
        known = tuple(sorted(rank for rank in cells if rank is not None))
        value = self.values[c] = reckoning.column(known, len(cells) - len(known))
        return value

    def value(self, reckoning: Reckoning) -> float:
        return added(self.column_value(reckoning, c) for c in range(self.columns))

    def change(self, reckoning: Reckoning, slot: int, rank: int) -> float:
        """How much the grid's expected value changes when a card of ``rank`` goes to ``slot``."""
        known, unknown = self.others[slot]
        after = reckoning.column(tuple(sorted((*known, rank))), unknown)
        return after - self.column_value(reckoning, slot % self.columns)


def _ranks(cells: Sequence[Card | None]) -> list[int | None]:
    return [None if card is None else card.rank for card in cells]


def unseen_cards(view: View, hole_deck: Sequence[Card], watch: Setting = FOLLOWS) -> Counter[int]:
    """The ranks of the cards ``view``'s seat has not seen (:attr:`Habits.watch`: reversed,
    only its own grid and hand count as seen; neutral, what lies face up on the table now, its
    own grid and hand, every grid's face-up cards and the top discard)."""
    unseen = Counter(card.rank for card in hole_deck)
    seen: list[Card] = []
    grids = (view.own,) if watch == REVERSED else view.grids
    for grid in grids:
        seen += [card for card in grid if card is not None]
    if watch == FOLLOWS:
        seen += view.discards
    elif watch == NEUTRAL and view.top_discard is not None:
        seen.append(view.top_discard)
    if view.hand is not None:
        seen.append(view.hand)
    for card in seen:
        unseen[card.rank] -= 1
    return Counter({rank: count for rank, count in unseen.items() if count > 0})


@dataclass(frozen=True)
class Choice:
    """A decision and its expected change of the grid's value."""

    change: float
    action: Action
    left: int | None = None
    """The rank the move leaves on the discard pile (``None``: a card nobody has seen)."""


class StrongPlayer:
    """Remembers what it has seen and decides by expected score (see the module)."""

    name = "strong"

    def __init__(self, habits: Habits = FOLLOWS_EVERY_TIP) -> None:
        self.habits = habits

    # -- what the seat sees -------------------------------------------------

    def choose(self, hole: Hole, rng: random.Random) -> Action:
        view = hole.view(hole.current)
        unseen = unseen_cards(view, hole.deck, self.habits.watch)
        if not unseen:  # every card seen (a tiny deck): reckon with the deck as it is
            unseen = Counter(card.rank for card in hole.deck)
        reckoning = Reckoning(view.options, unseen, self.habits)
        rows, columns = hole.rows, hole.columns
        grids = [Grid(_ranks(cells), rows, columns) for cells in view.grids]
        mine = grids[view.seat]
        if view.hand is None:
            return self._before_drawing(view, reckoning, grids, mine)
        rank, from_discard = view.hand.rank, view.hand_from_discard
        return self._placing(view, reckoning, grids, mine, rank, from_discard).action

    def values(self, hole: Hole) -> dict[Action, float]:
        """What the player reckons each move it weighs is worth now (lower is better): before
        drawing, the top discard placed at its best and a stock card's expected best; with a
        card in hand, each replacement and the discard-and-turn, with what the card left on the
        discard pile gives the opponents. Two moves the player finds equally good are a tie
        here (the differential test of the C core reads it); knocking and ending the hole are
        decided by a test, not a value, and are not in it."""
        view = hole.view(hole.current)
        unseen = unseen_cards(view, hole.deck, self.habits.watch) or Counter(
            card.rank for card in hole.deck
        )
        reckoning = Reckoning(view.options, unseen, self.habits)
        grids = [Grid(_ranks(cells), hole.rows, hole.columns) for cells in view.grids]
        mine, seat, columns = grids[view.seat], view.seat, hole.columns
        if view.hand is None:
            found = {}
            top = view.top_discard
            if top is not None:
                take = self._placing(view, reckoning, grids, mine, top.rank, True)
                found[Action.draw_discard(seat)] = take.change
            stock = 0.0
            for rank, odds in reckoning.odds:
                stock += odds * self._placing(view, reckoning, grids, mine, rank, False).change
            found[Action.draw_stock(seat)] = stock
            return found
        rank = view.hand.rank
        found = {}
        for slot in range(len(mine.ranks)):
            change = mine.change(reckoning, slot, rank)
            giving = self._giving(view, reckoning, grids, mine.ranks[slot])
            found[Action.replace(seat, slot // columns + 1, slot % columns + 1)] = change + giving
            if not view.hand_from_discard and not view.face_up[seat][slot]:
                turn = TURN_UP_VALUE + self._giving(view, reckoning, grids, rank)
                found[Action.discard(seat, slot // columns + 1, slot % columns + 1)] = turn
        return found

    # -- the decisions ------------------------------------------------------

    def _before_drawing(
        self, view: View, reckoning: Reckoning, grids: list[Grid], mine: Grid
    ) -> Action:
        seat = view.seat
        if (
            view.options.knock
            and not view.ending
            and self._hard_to_beat(
                view,
                reckoning,
                grids,
                mine.value(reckoning),
                None if view.top_discard is None else view.top_discard.rank,
            )
        ):
            return Action.knock(seat)
        top = view.top_discard
        take = None
        if top is not None and not (top.is_joker and self.habits.jokers == REVERSED):
            take = self._placing(view, reckoning, grids, mine, top.rank, True)
        stock = 0.0
        for rank, odds in reckoning.odds:
            stock += odds * self._placing(view, reckoning, grids, mine, rank, False).change
        always = self.habits.jokers == FOLLOWS and top is not None and top.is_joker
        if take is not None and (take.change < stock or always):
            return Action.draw_discard(seat)
        return Action.draw_stock(seat)

    def _placing(
        self,
        view: View,
        reckoning: Reckoning,
        grids: list[Grid],
        mine: Grid,
        rank: int,
        from_discard: bool,
    ) -> Choice:
        """The best thing to do with a card of ``rank`` in hand."""
        seat = view.seat
        face_up = view.face_up[seat]
        columns = mine.columns
        down = [i for i, up in enumerate(face_up) if not up]
        last = len(down) == 1 and not view.ending
        choices: list[Choice] = []
        ending: list[Choice] = []
        for slot in range(len(face_up)):
            left = mine.ranks[slot]
            change = mine.change(reckoning, slot, rank) + self._giving(view, reckoning, grids, left)
            action = Action.replace(seat, slot // columns + 1, slot % columns + 1)
            choice = Choice(change, action, left)
            (ending if last and not face_up[slot] else choices).append(choice)
        if not from_discard and down:
            # turning up leaves the expected value as it is; prefer a card whose column
            # partner is face up (it may pair)
            def partner_up(i: int) -> bool:
                return any(face_up[r * columns + i % columns] for r in range(mine.rows))

            neutral = self.habits.pairs == NEUTRAL  # slot order: no pair sought
            slot = down[0] if neutral else max(down, key=lambda i: (partner_up(i), -i))
            action = Action.discard(seat, slot // columns + 1, slot % columns + 1)
            choice = Choice(
                TURN_UP_VALUE + self._giving(view, reckoning, grids, rank), action, rank
            )
            (ending if last else choices).append(choice)
        if ending:
            best_end = min(ending, key=lambda choice: choice.change)
            final = mine.value(reckoning) + mine_change(mine, reckoning, best_end, rank)
            if self.habits.end_when_ahead == REVERSED:
                return best_end  # it goes out as soon as a move allows
            if self._hard_to_beat(view, reckoning, grids, final, best_end.left):
                choices.append(best_end)
        if not choices:  # a 1-slot grid cannot happen; keep the engine's rules
            choices = ending
        best = min(choices, key=lambda choice: choice.change)
        if self.habits.high_first == FOLLOWS:
            return best
        if self.habits.high_first == NEUTRAL:
            if best.action.kind != "replace":
                return best  # it turns a card up, as the player that follows the tip would
            places = [c for c in choices if c.action.kind == "replace" and c.change < 0]
            if places:
                return min(places, key=lambda c: (c.action.row, c.action.column))
            return best
        helping = [choice for choice in choices if choice.change < 0]
        if helping:
            return max(helping, key=lambda choice: choice.change)
        return min(choices, key=lambda choice: choice.change)

    def _giving(
        self, view: View, reckoning: Reckoning, grids: list[Grid], left: int | None
    ) -> float:
        """What leaving a card of rank ``left`` on the discard pile is worth to the opponents:
        how much more the next player gains by taking it than by drawing from the stock,
        shared over the opponents (``None``: a card turned up from face down, reckoned as a
        stock card, so worth nothing more)."""
        if left is None:
            return 0.0
        cached = reckoning.giving.get(left)
        if cached is not None:
            return cached
        nxt = grids[(view.seat + 1) % len(grids)]
        if reckoning.next_stock is None:
            reckoning.next_stock = self._last_turn_gain(reckoning, nxt, None)
        stock = reckoning.next_stock
        taking = min(nxt.change(reckoning, slot, left) for slot in range(len(nxt.ranks)))
        value = max(0.0, stock - taking) / (len(grids) - 1)
        reckoning.giving[left] = value
        return value

    def _hard_to_beat(
        self,
        view: View,
        reckoning: Reckoning,
        grids: list[Grid],
        final: float,
        left_on_top: int | None,
    ) -> bool:
        """Whether a grid worth ``final`` is expected to stay below every opponent's after
        each one's best last turn (with the knock variant's penalty times the chance of
        not being strictly lowest)."""
        look_ahead = self.habits.end_when_ahead != NEUTRAL
        key = left_on_top if look_ahead else NO_LOOK_AHEAD
        after = reckoning.opponents.get(key)
        if after is None:
            after = []
            for seat, grid in enumerate(grids):
                if seat == view.seat:
                    continue
                now = grid.value(reckoning)
                gain = self._last_turn_gain(reckoning, grid, left_on_top) if look_ahead else 0.0
                after.append((now + gain, math.sqrt(grid.unknown * reckoning.variance + 1.0)))
            reckoning.opponents[key] = after
        expected = final
        if view.options.knock:
            lowest = 1.0
            for mean, spread in after:
                lowest *= _normal_above(mean, spread, final)
            expected += KNOCK_PENALTY * (1.0 - lowest)
        return all(expected < mean for mean, _ in after)

    @staticmethod
    def _last_turn_gain(reckoning: Reckoning, grid: Grid, top: int | None) -> float:
        """An opponent's expected change from one turn: the best of the top discard and a
        stock card, each put where it helps most (or a stock card discarded)."""

        def best(rank: int, may_discard: bool) -> float:
            changes = [grid.change(reckoning, slot, rank) for slot in range(len(grid.ranks))]
            return min([*changes, 0.0] if may_discard else changes)

        stock = added(odds * best(rank, True) for rank, odds in reckoning.odds)
        if top is None:
            return stock
        return min(stock, best(top, False))


def mine_change(mine: Grid, reckoning: Reckoning, choice: Choice, rank: int) -> float:
    """The change of the grid's own value by ``choice`` (without what it gives away)."""
    if choice.action.kind == "discard":
        return 0.0
    slot = (choice.action.row - 1) * mine.columns + choice.action.column - 1
    return mine.change(reckoning, slot, rank)


def _normal_above(mean: float, spread: float, score: float) -> float:
    """The chance that a score spread normally about ``mean`` ends strictly above ``score``
    (scores are whole numbers: above ``score + 0.5``)."""
    return 0.5 * math.erfc((score + 0.5 - mean) / (spread * math.sqrt(2.0)))
