"""The page's WebAssembly module (generator/site/wasm.py) run from Python with wasmtime: what the
differential tests drive beside the Python engine."""

from __future__ import annotations

import functools
import struct
from collections.abc import Sequence

import wasmtime

from generator.cards import card_byte as card_code
from generator.cards import card_of_byte as card_of
from generator.patience import Card, Deal, Move, Reason, Rules, RuleSet, Variant
from generator.site.wasm import wasm_module

RULES = {Rules.EASY: 0, Rules.CLASSIC: 1, Rules.STRICT: 2}
VARIANT_BITS = {
    Variant.NOTHING_ON_KING: 1,
    Variant.JOKERS_1: 2,
    Variant.JOKERS_2: 4,
    Variant.EMPTY_WASTE: 8,
}
REMOVE, DRAW, UNDO = 0, 1, 2

Result = tuple[bool, int, int, list[int]]
"""A search's result as the module gives it: won, best removals, positions searched, line."""


def variant_bits(rule_set: RuleSet) -> int:
    return sum(VARIANT_BITS[variant] for variant in rule_set.variants)


ENGINE = wasmtime.Engine()


@functools.cache
def _module() -> wasmtime.Module:
    return wasmtime.Module(ENGINE, wasm_module())


class Wasm:
    """One instance of the module, its exports as methods (``wasm.golf_new(...)``)."""

    def __init__(self) -> None:
        self.store = wasmtime.Store(ENGINE)
        self.instance = wasmtime.Instance(self.store, _module(), [])
        exports = self.instance.exports(self.store)
        self.memory = exports["memory"]
        assert isinstance(self.memory, wasmtime.Memory)
        exports["_initialize"](self.store)
        self._exports = exports
        self.state_size = int(self("golf_state_size"))  # type: ignore[call-overload]
        self._room = 0
        self._buffer = 0

    def __call__(self, name: str, *args: object) -> object:
        return self._exports[name](self.store, *args)

    def read(self, address: int, size: int) -> bytes:
        return bytes(self.memory.read(self.store, address, address + size))

    def write(self, address: int, data: bytes) -> None:
        self.memory.write(self.store, data, address)

    def text(self, address: int) -> str:
        data = self.read(address, 64)
        return data[: data.index(0)].decode("ascii")

    def new_game(self, number: int, rule_set: RuleSet) -> int:
        game = self("golf_new", RULES[rule_set.rules], variant_bits(rule_set), float(number))
        assert isinstance(game, int) and game, (number, str(rule_set))
        return game

    def deck(self, game: int) -> list[Card | None]:
        size = 36 + int(self("golf_stock_length", game))  # type: ignore[call-overload]
        return [card_of(int(self("golf_card", game, i))) for i in range(size)]  # type: ignore[call-overload]

    def run(self, game: int, actions: Sequence[tuple[int, int, int]]) -> list[tuple[int, ...]]:
        """Play ``actions`` ((kind, column, card byte) each); the state after each."""
        data = b"".join(bytes(action) for action in actions)
        size = self.state_size * 4 * len(actions)
        if size > self._room:  # the buffers grow as needed, and stay
            if self._buffer:
                self("golf_release", self._buffer)
            self._room = max(size, 2 * self._room, 4096)
            self._buffer = int(self("golf_alloc", self._room + self._room // 4))  # type: ignore[call-overload]
        actions_at = self._buffer + self._room
        self.write(actions_at, data)
        self("golf_run", game, actions_at, len(actions), self._buffer)
        values = struct.unpack(f"<{self.state_size * len(actions)}i", self.read(self._buffer, size))
        n = self.state_size
        return [tuple(values[i : i + n]) for i in range(0, len(values), n)]

    def redeal(self, game: int, number: int, rule_set: RuleSet) -> None:
        status = self(
            "golf_redeal", game, RULES[rule_set.rules], variant_bits(rule_set), float(number)
        )
        assert status == 0, (number, str(rule_set))

    def result(self) -> Result:
        """What golf_result_* give: won, best removals, positions searched, the line."""
        length = int(self("golf_result_length"))  # type: ignore[call-overload]
        return (
            bool(self("golf_result_won")),
            int(self("golf_result_best")),  # type: ignore[call-overload]
            int(self("golf_result_expanded")),  # type: ignore[call-overload]
            [int(self("golf_result_move", i)) for i in range(length)],  # type: ignore[call-overload]
        )

    def solve(self, game: int, best: int) -> Result:
        """The whole search in one call (golf_solve)."""
        status = self("golf_solve", game, best)
        assert status == 0, status
        return self.result()

    def solve_sliced(
        self, game: int, best: int, budget: int, max_slices: int = 10**9
    ) -> tuple[Result, list[int]]:
        """The search a slice of ``budget`` positions at a time (golf_solve_begin, _step until
        done, _end); its result, and the positions searched after each slice (AssertionError
        past ``max_slices``: a search that no longer ends)."""
        handle = self("golf_solve_begin", game, best)
        assert handle, self("golf_solve_error")
        counts = []
        while True:
            status = self("golf_solve_step", handle, budget)
            counts.append(int(self("golf_solve_expanded", handle)))  # type: ignore[call-overload]
            if status == 1:
                break
            assert status == 0, status
            assert len(counts) < max_slices, f"more than {max_slices} slices"
        status = self("golf_solve_end", handle)
        assert status == 0, status
        return self.result(), counts

    def reason(self, code: int) -> Reason | None:
        name = self.text(int(self("golf_reason_name", code)))  # type: ignore[call-overload]
        return Reason(name) if name else None


def action_of(move: Move | None) -> tuple[int, int, int]:
    """A move as golf_run takes it; ``None`` is an undo."""
    if move is None:
        return (UNDO, 0, 0)
    if move.action == "draw":
        return (DRAW, 0, card_code(move.card))
    assert move.column is not None
    return (REMOVE, move.column, card_code(move.card))


def deal_of(deck: Sequence[Card | None]) -> Deal:
    empty = deck[35] is None
    cards = [card for card in deck if card is not None]
    return Deal.from_deck(cards, empty_waste=empty)
