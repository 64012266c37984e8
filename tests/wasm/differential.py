"""Random action sequences played on the Python engine's Game and on the page's WebAssembly
module side by side (tests/wasm/test_differential.py, scripts/wasm_differential.py).

A sequence starts at a deal number under a rule set with variants, and each action is, at
random: a legal move, a removal of a random card from a random column (mostly refused: not
there, blocked, not one rank away, nothing on a King), a draw of the stock's next card or of
another card, or an undo; a few sequences follow the solver's winning line instead, with
undos and refused moves between, so that won games come up too. After every action the
state of both must be the same: the refusal (or none), the 7 heights, the cards drawn, the
waste's top card, score, move counter, undos left, won, stuck and removed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from generator.patience import (
    FULL_DECK,
    JOKER,
    Game,
    IllegalMoveError,
    Move,
    Reason,
    Rules,
    RuleSet,
    Variant,
    deal_for,
)
from generator.patience.deal import MAX_NUMBER
from generator.patience.solver import solve
from tests.wasm.module import Wasm, action_of, card_code

REASON_CODES = {reason: code for code, reason in enumerate(Reason, start=1)}
"""rules.py's Reason in its order, as golfcore.h numbers them (0: not refused)."""

RULE_SETS = [
    RuleSet.of(rules, [v for v in extra if v is not None])
    for rules in Rules
    for extra in itertools.product(
        (None, Variant.NOTHING_ON_KING),
        (None, Variant.JOKERS_1, Variant.JOKERS_2),
        (None, Variant.EMPTY_WASTE),
    )
]
"""Every rule set with every combination of variants: 36."""


def state(game: Game, refusal: Reason | None) -> tuple[int, ...]:
    """What golf_run writes after an action, read off the Python game."""
    won, stuck = game.is_won(), game.is_stuck()
    return (
        0 if refusal is None else REASON_CODES[refusal],
        *game.heights,
        game.drawn,
        card_code(game.waste_card),
        game.score,
        game.move_count,
        game.undoable,
        int(won),
        int(stuck),
        game.removed,
    )


def apply(game: Game, move: Move | None) -> Reason | None:
    """Play ``move`` (``None``: undo) on the Python game; its refusal, if any."""
    try:
        if move is None:
            game.undo()
        else:
            game.play(move)
    except IllegalMoveError as error:
        return error.reason
    return None


def random_move(game: Game, rng: random.Random) -> Move | None:
    """An action chosen at random: legal or not, undo (``None``) among them."""
    roll = rng.random()
    if roll < 0.55 and (legal := game.legal_moves()):
        return rng.choice(legal)
    if roll < 0.75:
        card = rng.choice((*FULL_DECK, JOKER))
        return Move.remove(rng.randint(1, 7), card)
    if roll < 0.82:
        stock = game.stock
        card = stock[0] if stock and rng.random() < 0.6 else rng.choice(FULL_DECK)
        return Move.draw(card)
    if roll < 0.86:  # a free card onto whatever the waste is
        column = rng.randint(1, 7)
        free = game.free_card(column)
        return Move.remove(column, free if free is not None else rng.choice(FULL_DECK))
    return None


@dataclass
class Counts:
    sequences: int = 0
    actions: int = 0
    refused: int = 0
    undos: int = 0
    won: int = 0
    stuck: int = 0


Sequence = tuple[int, RuleSet, list[Move | None], list[tuple[int, ...]]]
"""A deal number, its rule set, the actions (``None``: undo) and the Python game's state after each."""


class _Record:
    """A sequence as it is played on the Python game: its actions, and the state after each."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.actions: list[Move | None] = []
        self.states: list[tuple[int, ...]] = []

    def act(self, move: Move | None) -> Reason | None:
        refusal = apply(self.game, move)
        self.actions.append(move)
        self.states.append(state(self.game, refusal))
        return refusal


def sequences(seed: int, count: int) -> Iterator[Sequence]:
    """``count`` random sequences, played on the Python engine as they are made."""
    rng = random.Random(seed)
    for _ in range(count):
        rule_set = rng.choice(RULE_SETS)
        number = rng.randint(0, 3000) if rng.random() < 0.5 else rng.randint(0, MAX_NUMBER)
        game = Game(deal_for(number, rule_set), rule_set)
        record = _Record(game)
        act = record.act
        if rng.random() < 0.03:
            solution = solve(game.deal, rule_set)
            for move in solution.moves if solution.winnable else ():
                while rng.random() < 0.2:  # an aside, and back onto the line
                    extra = random_move(game, rng)
                    if extra is None and game.moves:  # an undo, and the move again
                        again = game.moves[-1]
                        act(None)
                        act(again)
                    elif act(extra) is None and extra is not None:
                        act(None)  # a legal aside taken back
                act(move)
            length = rng.randint(0, 5)
        else:
            length = rng.choice((rng.randint(1, 10), rng.randint(1, 10), rng.randint(20, 70)))
        for _ in range(length):
            act(random_move(game, rng))
        yield number, rule_set, record.actions, record.states


def compare(seed: int, count: int, wasm: Wasm | None = None) -> Counts:
    """Play ``count`` sequences both ways; raise AssertionError at the first difference."""
    wasm = wasm or Wasm()
    game = wasm.new_game(0, RULE_SETS[0])
    counts = Counts()
    for number, rule_set, actions, expected in sequences(seed, count):
        wasm.redeal(game, number, rule_set)
        got = wasm.run(game, [action_of(move) for move in actions])
        for i, (mine, theirs) in enumerate(zip(expected, got, strict=True)):
            if mine != theirs:
                raise AssertionError(
                    f"deal {number} under {rule_set}, action {i + 1} ({actions[i]}) of "
                    f"{actions[: i + 1]}: Python {mine}, wasm {theirs}"
                )
        counts.sequences += 1
        counts.actions += len(actions)
        counts.refused += sum(1 for s in expected if s[0])
        counts.undos += sum(1 for move in actions if move is None)
        counts.won += any(s[13] for s in expected)
        counts.stuck += any(s[14] for s in expected)
    return counts
