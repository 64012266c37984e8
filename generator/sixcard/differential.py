"""The C core (:mod:`generator.sixcard.ccore`, the page's WebAssembly module) played beside the
Python engine, the reference: the same seeded holes through both, held to the same deal, legal
actions, cards, scores and players' moves.

Where the strong player's two moves differ, they must be a tie in its own reckoning
(:meth:`~generator.sixcard.strong.StrongPlayer.values`, within :data:`TIE`): the two engines add
the same numbers in the same order, so a difference is either such a tie, broken by a last bit,
or a fault. Ties are counted; the hole goes on with the Python engine's move in both.

Hole ``i`` of a run has options, players, dealer and seats from :func:`hole_setup`: every option
the page describes that changes play comes round (Jokers or none, two Jokers in a column, the
knock variant, peeking, wild twos, the row rules, 4- and 9-card grids, both column rules), for
2 to 4 players, with the strong player (its habits too: the hints play them) and the greedy one.

>>> run_holes(range(3)).holes
3
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.sixcard.ccore import Core, CoreHole
from generator.sixcard.errors import SixCardError
from generator.sixcard.hole import Hole
from generator.sixcard.players import GreedyPlayer
from generator.sixcard.rules import ColumnMatch, JokerPair, Layout, Options, RowRule
from generator.sixcard.scoring import card_scores
from generator.sixcard.strong import HABITS, SETTINGS, Habits, StrongPlayer

TIE = 1e-9
"""How far apart two moves' values may be and still be a tie (the issue's bound)."""


class DifferentialError(SixCardError):
    """The C core and the Python engine parted: one line naming the hole and what differed."""


@dataclass
class Counts:
    """What a run compared."""

    holes: int = 0
    actions: int = 0
    decisions: int = 0
    ties: int = 0
    options: set[str] = field(default_factory=set)

    def add(self, other: Counts) -> None:
        self.holes += other.holes
        self.actions += other.actions
        self.decisions += other.decisions
        self.ties += other.ties
        self.options |= other.options


Seat = tuple[str, Habits]


def hole_setup(index: int) -> tuple[Options, int, int, int | str, list[Seat]]:
    """Hole ``index``'s options, players, dealer, seed and seats (a player and its habits)."""
    rng = random.Random(f"sixcard-differential/{index}")
    layout = (Layout.SIX, Layout.SIX, Layout.FOUR, Layout.NINE)[index % 4]
    options = Options(
        layout=layout,
        jokers=index % 3 != 2,
        joker_pair=(JokerPair.ZERO, JokerPair.MINUS_FOUR)[index // 3 % 2],
        knock=index % 5 in (1, 3),
        peek=index % 7 == 4,
        wild_twos=index % 11 == 6,
        row_rule=(RowRule.NONE, RowRule.NONE, RowRule.PAIRS, RowRule.WHOLE_ROW)[index // 4 % 4]
        if index % 3 == 0
        else RowRule.NONE,
        column_match=(None, ColumnMatch.PAIRS)[index // 2 % 2],
    )
    players = rng.choice([n for n in (2, 3, 4) if n in layout.players])
    dealer = rng.randrange(players)
    seed: int | str = rng.getrandbits(rng.choice((16, 40, 70))) if index % 2 else f"d/{index}"
    seats: list[Seat] = []
    for _ in range(players):
        if rng.random() < 0.25:
            seats.append(("greedy", Habits()))
        elif rng.random() < 0.5:
            seats.append(("strong", Habits()))
        else:
            name = rng.choice(HABITS)
            seats.append(("strong", Habits(**{name: rng.choice(SETTINGS[1:])})))
    return options, players, dealer, seed, seats


def _describe(options: Options) -> set[str]:
    found = {
        options.layout.value,
        f"jokers={options.jokers}",
        f"joker-pair={options.joker_pair.value}",
    }
    found |= {f"knock={options.knock}", f"peek={options.peek}", f"wild_twos={options.wild_twos}"}
    return found | {f"row={options.row_rule.value}", f"column={options.column_rule.value}"}


def play_both(index: int, core: Core) -> Counts:
    """Play hole ``index`` through both engines; :class:`DifferentialError` where they part."""
    options, players, dealer, seed, seats = hole_setup(index)
    reference = Hole(players, options, seed, dealer)
    hole = CoreHole(players, options, seed, dealer, core=core)
    counts = Counts(holes=1, options=_describe(options))
    name = f"hole {index} ({players} players, seed {seed!r}, {options})"
    no_choice = random.Random(0)
    while True:
        state = hole.state()
        at = f"{name}, action {counts.actions}"
        same = (
            [list(grid) for grid in state.grids] == reference.grids
            and [list(up) for up in state.face_up] == reference.face_up
            and state.top_discard == reference.top_discard
            and state.stock == len(reference.stock)
            and state.current == reference.current
            and state.hand == reference.hand
            and state.over == reference.over
        )
        if not same:
            raise DifferentialError(f"{at}: the position differs")
        if reference.over:
            break
        if hole.legal_actions() != reference.legal_actions():
            raise DifferentialError(f"{at}: the legal actions differ")
        player, habits = seats[reference.current]
        if player == "greedy":
            wanted = GreedyPlayer().choose(reference, no_choice)
            got = hole.choose("greedy")
        else:
            strong = StrongPlayer(habits)
            wanted = strong.choose(reference, no_choice)
            got = hole.choose("strong", habits)
        counts.decisions += 1
        if got != wanted:
            values = strong.values(reference) if player == "strong" else {}
            if not (
                got in values and wanted in values and abs(values[got] - values[wanted]) <= TIE
            ):
                raise DifferentialError(f"{at}: {player} plays {wanted} in Python, {got} in C")
            counts.ties += 1
        reference.play(wanted)
        refused = hole.play(wanted)
        if refused is not None:
            raise DifferentialError(f"{at}: C refuses {wanted} ({refused.value})")
        counts.actions += 1
    if state.scores != reference.scores():
        raise DifferentialError(
            f"{name}: the scores differ: {state.scores} in C, {reference.scores()} in Python"
        )
    if state.ended_by != reference.ended_by or state.ender != reference.ender:
        raise DifferentialError(f"{name}: the hole ends otherwise")
    for seat in range(players):
        points = [p for row in card_scores(reference.grid(seat), options) for p in row]
        for slot, card in enumerate(reference.grids[seat]):
            expected = 0 if state.cancelled[seat][slot] else options.value(card)
            if points[slot] != expected:
                raise DifferentialError(
                    f"{name}: seat {seat}'s card {card} at slot {slot} scores {points[slot]} in "
                    f"Python; the C core has it {'' if state.cancelled[seat][slot] else 'not '}"
                    "cancelled"
                )
    return counts


def run_holes(indexes: Iterable[int]) -> Counts:
    """Play holes ``indexes`` through both engines; their counts."""
    core = Core()
    counts = Counts()
    for index in indexes:
        counts.add(play_both(index, core))
    return counts
