"""The 6-Card Golf engine's C core (``sixcore.c``, the page's WebAssembly module) called from
Python, through ``wasmtime`` (the Bytecode Alliance's WebAssembly runtime, a dependency).

It is what the page runs, run outside the browser: the differential test holds it to the Python
engine (the reference), and the tournament's margin is measured through it
(``tests/wasm/test_sixcard_differential.py``, ``scripts/bench_sixcard_wasm.py``).

>>> hole = CoreHole(2, seed=7)
>>> reference = Hole(2, seed=7)
>>> hole.grids() == [list(reference.grids[seat]) for seat in range(2)]
True
>>> hole.choose() == StrongPlayer().choose(reference, random.Random(0))
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

import wasmtime

from generator.cards import card_of_byte as card_of
from generator.sixcard.cards import Card
from generator.sixcard.cvalues import SIXCARD_WASM
from generator.sixcard.errors import OptionsError, Reason
from generator.sixcard.hole import Action, Hole, check_seats
from generator.sixcard.rules import DEFAULT_OPTIONS, ColumnMatch, JokerPair, Options, RowRule
from generator.sixcard.strong import FOLLOWS_EVERY_TIP, HABITS, SETTINGS, Habits, StrongPlayer
from generator.wasmbuild import WasmSpec, build

__all__ = ["CoreHole", "Hole", "StrongPlayer", "random"]

KINDS = ("draw-stock", "draw-discard", "replace", "discard", "knock")
"""Action kinds by their number in the C core (``kind << 4 | slot``)."""
REASONS = tuple(Reason)
"""Refusals by their number in the C core, from 1."""
PLAYERS = {"strong": 0, "greedy": 1}
ROW_RULES = {RowRule.NONE: 0, RowRule.PAIRS: 1, RowRule.WHOLE_ROW: 2}
ENDED_BY = (None, "out", "knock", "limit")
MAX_SEED_TEXT = 200


def grid_card(code: int) -> Card:
    """A card of a grid (never none)."""
    card = card_of(code)
    if card is None:
        raise OptionsError("the C core gave a grid slot without a card")
    return card


def option_bits(options: Options) -> int:
    """The C core's option flags."""
    return (
        options.jokers * 1
        | options.wild_twos * 2
        | (options.joker_pair is JokerPair.MINUS_FOUR) * 4
        | options.knock * 8
        | options.peek * 16
        | (options.column_rule is ColumnMatch.PAIRS) * 32
    )


def habit_bits(habits: Habits) -> int:
    """The strong player's habits as the C core reads them: two bits a tip."""
    return sum(
        SETTINGS.index(getattr(habits, name)) << 2 * index for index, name in enumerate(HABITS)
    )


def seed_key(seed: int) -> list[int]:
    """Python's key words for ``random.Random(seed)`` of an int: its 32-bit words, low first."""
    n = abs(seed)
    words = []
    while True:
        words.append(n & 0xFFFFFFFF)
        n >>= 32
        if not n:
            return words


@functools.cache
def _module(spec: WasmSpec) -> tuple[wasmtime.Engine, wasmtime.Module]:
    # Compiled serially: check plays the core in the build's forked workers, and wasmtime's
    # parallel compiler waits for ever in a process forked from one that had used it (its
    # threads are not forked). The module is small: 0.03-0.04 s either way.
    config = wasmtime.Config()
    config.parallel_compilation = False
    engine = wasmtime.Engine(config)
    return engine, wasmtime.Module(engine, build(spec))


class Core:
    """One instance of the module (``spec``: another build of it, such as a mutated one), its
    exports as methods."""

    def __init__(self, spec: WasmSpec = SIXCARD_WASM) -> None:
        engine, module = _module(spec)
        self.store = wasmtime.Store(engine)
        instance = wasmtime.Instance(self.store, module, [])
        self.exports = instance.exports(self.store)
        memory = self.exports["memory"]
        assert isinstance(memory, wasmtime.Memory)
        self.memory = memory
        self._call("_initialize")
        self.io = int(self("six_io"))

    def _call(self, name: str, *args: int) -> object:
        function = self.exports[name]
        assert isinstance(function, wasmtime.Func)
        return function(self.store, *args)

    def __call__(self, name: str, *args: int) -> int:
        result = self._call(name, *args)
        assert isinstance(result, int)
        return result

    def read(self, size: int) -> bytes:
        return bytes(self.memory.read(self.store, self.io, self.io + size))

    def write(self, data: bytes) -> None:
        self.memory.write(self.store, data, self.io)


@dataclass(frozen=True)
class State:
    """The position as the C core gives it to the page."""

    current: int
    hand: Card | None
    from_discard: bool
    over: bool
    ender: int | None
    ended_by: str | None
    stock: int
    discards: int
    top_discard: Card | None
    rebuilds: int
    grids: tuple[tuple[Card, ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    known: tuple[tuple[bool, ...], ...]
    cancelled: tuple[tuple[bool, ...], ...]
    """The slots that score 0 by the scoring rules (a column pair, three alike), the grid turned up."""
    scores: tuple[int, ...]
    columns: tuple[tuple[int, ...], ...]
    turns: tuple[int, ...]


class CoreHole:
    """A hole played by the C core: the same deal as :class:`Hole` for the same seed (an int,
    or a str of at most 200 bytes), the same rules, and its players."""

    def __init__(
        self,
        players: int,
        options: Options = DEFAULT_OPTIONS,
        seed: int | str = 0,
        dealer: int = 0,
        core: Core | None = None,
    ) -> None:
        check_seats(options, players, dealer)
        self.core = core or Core()
        self.players = players
        self.options = options
        self.columns = options.layout.columns
        shape = (
            players,
            dealer,
            options.layout.rows,
            options.layout.columns,
            options.decks_for(players),
            options.start_cards,
            option_bits(options),
            ROW_RULES[options.row_rule],
        )
        if isinstance(seed, str):
            text = seed.encode()
            if len(text) > MAX_SEED_TEXT:
                raise OptionsError(f"a seed's text is at most {MAX_SEED_TEXT} bytes")
            self.core.write(text)
            made = self.core("six_new_text", *shape, len(text))
        else:
            key = seed_key(seed)
            self.core.write(b"".join(word.to_bytes(4, "little") for word in key))
            made = self.core("six_new", *shape, len(key))
        if not made:
            raise OptionsError(f"the C core refused the hole {shape!r}")

    def action_of(self, code: int, player: int) -> Action:
        kind = KINDS[code >> 4]
        if kind in ("replace", "discard"):
            slot = code & 15
            return Action(player, kind, slot // self.columns + 1, slot % self.columns + 1)  # type: ignore[arg-type]
        return Action(player, kind)  # type: ignore[arg-type]

    def code_of(self, action: Action) -> int:
        kind = KINDS.index(action.kind)
        if action.kind in ("replace", "discard"):
            rows = self.options.layout.rows
            if not (1 <= action.row <= rows and 1 <= action.column <= self.columns):
                return kind << 4 | 15
            return kind << 4 | (action.row - 1) * self.columns + action.column - 1
        return kind << 4

    def state(self) -> State:
        size = self.core("six_state")
        data = self.core.read(size)
        players, rows, cols = data[0], data[1], data[2]
        slots = rows * cols
        at = 13
        grids: list[tuple[Card, ...]] = []
        up, known, cancelled = [], [], []
        for _ in range(players):
            cells = data[at : at + 2 * slots]
            grids.append(tuple(grid_card(cells[2 * i]) for i in range(slots)))
            up.append(tuple(bool(cells[2 * i + 1] & 1) for i in range(slots)))
            known.append(tuple(bool(cells[2 * i + 1] & 2) for i in range(slots)))
            cancelled.append(tuple(bool(cells[2 * i + 1] & 4) for i in range(slots)))
            at += 2 * slots
        scores, columns, turns = [], [], []
        for _ in range(players):
            values = [
                int.from_bytes(data[at + 2 * i : at + 2 * i + 2], "little", signed=True)
                for i in range(cols + 1)
            ]
            scores.append(values[0])
            columns.append(tuple(values[1:]))
            turns.append(data[at + 2 * (cols + 1)])
            at += 2 * (cols + 1) + 1
        return State(
            current=data[3],
            hand=card_of(data[4]),
            from_discard=bool(data[5]),
            over=bool(data[6]),
            ender=None if data[7] == 0xFF else data[7],
            ended_by=ENDED_BY[data[8]],
            stock=data[9],
            discards=data[10],
            top_discard=card_of(data[11]),
            rebuilds=data[12],
            grids=tuple(grids),
            face_up=tuple(up),
            known=tuple(known),
            cancelled=tuple(cancelled),
            scores=tuple(scores),
            columns=tuple(columns),
            turns=tuple(turns),
        )

    def grids(self) -> list[list[Card]]:
        return [list(grid) for grid in self.state().grids]

    @property
    def current(self) -> int:
        return self.state().current

    @property
    def over(self) -> bool:
        return self.state().over

    def legal_actions(self) -> list[Action]:
        seat = self.current
        count = self.core("six_legal")
        return [self.action_of(code, seat) for code in self.core.read(count)]

    def refusal(self, action: Action) -> Reason | None:
        reason = self.core("six_refusal", action.player, self.code_of(action))
        return None if reason == 0 else REASONS[reason - 1]

    def play(self, action: Action) -> Reason | None:
        """Play ``action``; the reason it is refused (and nothing played), or ``None``."""
        reason = self.core("six_play", action.player, self.code_of(action))
        return None if reason == 0 else REASONS[reason - 1]

    def choose(self, player: str = "strong", habits: Habits = FOLLOWS_EVERY_TIP) -> Action:
        """The action of the seat to move by ``player`` (``strong`` with ``habits``, or ``greedy``)."""
        seat = self.current
        code = self.core("six_choose", PLAYERS[player], habit_bits(habits))
        if code < 0:
            raise OptionsError("the hole is over")
        return self.action_of(code, seat)

    def hint(self, tips: Sequence[tuple[str, str]]) -> tuple[Action, int | None]:
        """The strong player's action, and the index in ``tips`` (each a habit's name and the
        setting of the player without it) of the first tip whose player would act otherwise."""
        seat = self.current
        self.core.write(bytes(HABITS.index(name) | SETTINGS.index(s) << 4 for name, s in tips))
        code = self.core("six_hint", len(tips))
        if code < 0:
            raise OptionsError("no hint: the hole is over or a tip is not one of the habits")
        tip = code >> 8
        return self.action_of(code & 0xFF, seat), (tip - 1 if tip else None)

    def play_out(self, seats: Sequence[str]) -> int:
        """Play the hole to its end with each seat's player; the number of actions."""
        self.core.write(bytes(PLAYERS[name] for name in seats).ljust(8, b"\0"))
        count = self.core("six_play_out")
        if count < 0:
            raise OptionsError("the C core refused its own player's action")
        return count
