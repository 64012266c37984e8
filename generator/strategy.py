"""The tips of Golf patience measured: each simple player of :mod:`generator.patience.players`
on the census's deals, under each rule set, into ``generator/data/strategy.json``.

The file records, for each rule set and each player, which deals of the range the player
wins (a bit per deal, in hexadecimal: the first deal is the lowest bit) and how many, the
command that made it, when, and the words of the help pages the tips come from (the
``sources`` block, each quote as its page shows it, read at the address given). The
statistics page reads it (:mod:`generator.pages.statistics`); its claims and the two-path
check count the bits again, and a test replays a sample of the deals.

>>> wins_of(bytes([1, 0, 1]))
'5'
>>> won_deals('5', 1, 3)
[1, 3]
"""

from __future__ import annotations

import datetime
import json
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from generator.atomic import shown, write_text_atomic
from generator.census.format import parse_rule_set
from generator.patience.deal import deal_for_number
from generator.patience.errors import GolfError
from generator.patience.players import PLAYERS, play
from generator.patience.rules import RuleSet

STRATEGY_FILE = Path(__file__).parent / "data" / "strategy.json"
RULE_SETS = ("easy", "classic", "classic+nothing-on-king")
"""The rule sets measured, by their census names."""
CHUNK = 500


class StrategyError(GolfError):
    """A strategy file that cannot be read: ``file: what``."""


def wins_of(won: Sequence[int] | bytes) -> str:
    """Which deals were won (one flag per deal, the first deal first), as a hexadecimal number
    whose lowest bit is the first deal."""
    value = sum(1 << i for i, flag in enumerate(won) if flag)
    return format(value, "x")


def won_deals(wins: str, first: int, last: int) -> list[int]:
    """The deal numbers ``wins`` (:func:`wins_of`) marks won, for deals ``first`` to ``last``."""
    value = int(wins, 16)
    return [first + i for i in range(last - first + 1) if value >> i & 1]


def play_chunk(rule_set: str, player: str, first: int, last: int) -> bytes:
    """Whether ``player`` wins each deal from ``first`` to ``last`` (a byte per deal)."""
    rules = parse_rule_set(rule_set)
    return bytes(
        int(play(deal_for_number(n), rules, player).is_won()) for n in range(first, last + 1)
    )


@dataclass(frozen=True)
class Result:
    """One player under one rule set."""

    rule_set: str
    player: str
    won: int
    wins: str


@dataclass(frozen=True)
class Strategy:
    """A strategy file, read."""

    first: int
    last: int
    command: str
    made: datetime.date
    results: dict[tuple[str, str], Result]
    sources: dict[str, dict[str, str]]
    path: Path

    @property
    def deals(self) -> int:
        return self.last - self.first + 1

    def result(self, rule_set: str, player: str) -> Result:
        return self.results[(rule_set, player)]

    def rule_set(self, name: str) -> RuleSet:
        return parse_rule_set(name)


def load_strategy(path: Path = STRATEGY_FILE) -> Strategy:
    """Read a strategy file; a :class:`StrategyError` naming the file and what is wrong."""
    where = shown(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise StrategyError(f"{where}: cannot read it ({error.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise StrategyError(f"{where}: not JSON ({error})") from None
    try:
        first, last = (int(x) for x in str(data["deals"]).split("-"))
        results = {}
        for rule_set in RULE_SETS:
            for player in PLAYERS:
                row = data["results"][rule_set][player]
                wins = str(row["wins"])
                won = int(row["won"])
                if len(won_deals(wins, first, last)) != won or int(wins, 16) >> (last - first + 1):
                    raise StrategyError(
                        f"{where}: {rule_set} {player}: {won} won, the deals marked won differ"
                    )
                results[(rule_set, player)] = Result(rule_set, player, won, wins)
        made = datetime.date.fromisoformat(str(data["made"]))
        sources = {
            str(k): {str(a): str(b) for a, b in v.items()} for k, v in data["sources"].items()
        }
        command = str(data["command"])
    except StrategyError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise StrategyError(f"{where}: malformed ({type(error).__name__}: {error})") from None
    return Strategy(first, last, command, made, results, sources, path)


SOURCES = {
    "aisleriot": {
        "title": "Golf",
        "publisher": "GNOME Aisleriot (help/C/golf.xml)",
        "url": "https://github.com/GNOME/aisleriot/blob/30f4013d891c18ba091e8ccb60dee341c672dc6f/help/C/golf.xml",
        "quote": "Remember that nothing can be played on to a King.  Try to generate "
        "sequences where many cards can be removed without a new card from Stock.",
    },
    "pysolfc": {
        "title": "Golf",
        "publisher": "PySolFC (html-src/rules/golf.html)",
        "url": "https://github.com/shlomif/PySolFC/blob/806e3a51538383a110716cc04402dc68b34d94b0/html-src/rules/golf.html",
        "quote": "Save Twos for Aces and Queens for Kings.",
    },
}
"""The help pages the tips come from, each quote as the page at its address writes it
(read with the project's search tool on 2026-12-04)."""


def _tasks(first: int, last: int) -> Iterator[tuple[str, str, int, int]]:
    for rule_set in RULE_SETS:
        for player in PLAYERS:
            for start in range(first, last + 1, CHUNK):
                yield rule_set, player, start, min(last, start + CHUNK - 1)


def measure(
    first: int,
    last: int,
    executor: Executor | None,
    command: str,
    out: Path = STRATEGY_FILE,
    err: TextIO = sys.stderr,
) -> Strategy:
    """Play every player on deals ``first`` to ``last`` under each rule set and write ``out``
    (whole or not at all); progress on ``err``."""
    if not 1 <= first <= last:
        raise StrategyError(f"deals {first}-{last}: need 1 <= first <= last")
    tasks = list(_tasks(first, last))
    started = time.monotonic()
    flags: dict[tuple[str, str], dict[int, bytes]] = {}
    if executor is None:
        done = ((task, play_chunk(*task)) for task in tasks)
    else:
        futures: list[tuple[tuple[str, str, int, int], Future[bytes]]] = [
            (task, executor.submit(play_chunk, *task)) for task in tasks
        ]
        done = ((task, future.result()) for task, future in futures)
    for count, (task, result) in enumerate(done, 1):
        flags.setdefault(task[:2], {})[task[2]] = result
        print(
            f"strategy: {count}/{len(tasks)} chunks ({task[0]}, {task[1]}, deals "
            f"{task[2]}-{task[3]}), {time.monotonic() - started:.0f} s",
            file=err,
            flush=True,
        )
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for (rule_set, player), chunks in flags.items():
        won = b"".join(chunks[start] for start in sorted(chunks))
        results.setdefault(rule_set, {})[player] = {"won": sum(won), "wins": wins_of(won)}
    data = {
        "command": command,
        "made": datetime.date.today().isoformat(),
        "deals": f"{first}-{last}",
        "players": list(PLAYERS),
        "note": "wins: a hexadecimal number, bit i set when deal first+i was won",
        "sources": SOURCES,
        "results": results,
    }
    write_text_atomic(out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return load_strategy(out)
