"""The census: every deal of a range of numbers solved under a rule set, one row per deal.

The data live in ``generator/data/census/``, one gzip-compressed text file per
rule set, named ``<rule set>.csv.gz`` (``str(RuleSet)``: ``easy.csv.gz``,
``classic+nothing-on-king.csv.gz``). A file starts with ``# key: value``
comment lines (at least ``command``, ``rules``, ``deals``, ``solver``,
``workers`` and ``made``), then a CSV header and one row per deal, sorted by
number, with no gaps between the first and the last deal::

    # command: python -m generator census --from 1 --to 2 --rules easy
    # rules: easy
    # deals: 1-2
    # solver: C search
    # workers: 1
    # made: 2026-11-30
    number,code,verdict,best_removals,cpu_ms,nodes
    1,GO1-E-AAAAAAB,winnable,35,0.3,51
    2,GO1-E-AAAAAAC,unwinnable,31,1.2,880

``code`` is the deal code of that number (letter ``E`` for Easy-based rule
sets, ``C`` for the others), ``best_removals`` the most tableau cards that can
be removed (35 when winnable; empty when the census ran without the best
mode), ``cpu_ms`` the solve's process CPU time in milliseconds and ``nodes``
the positions searched.

:func:`load_census` reads a file and refuses a malformed one with a
:class:`CensusError` naming ``file:line``; :func:`available_census` lists the
rule sets that have a file.
"""

from __future__ import annotations

import contextlib
import datetime
import gzip
import itertools
import json
import multiprocessing
import os
import random
import re
import signal
import sys
import threading
import time
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from multiprocessing.pool import Pool
from pathlib import Path
from typing import TextIO

from generator import bounded, cache
from generator.atomic import atomic_file, shown
from generator.patience.deal import MAX_NUMBER, TABLEAU_SIZE, Deal, DealCode, deal_for
from generator.patience.errors import GolfError
from generator.patience.rules import Rules, RuleSet, Variant
from generator.patience.solver import NO_FAST_SEARCH, has_fast_search, solve

CENSUS_DIR = Path(__file__).resolve().parent.parent / "data" / "census"
DEFAULT_CENSUS_OUT = Path("_build") / "census"
"""Where ``census`` writes without ``--out`` (under the current folder): never the committed data,
which only ``--update-data`` replaces."""
"""Where the committed census files live."""

SUFFIX = ".csv.gz"
COLUMNS_HEADER = "number,code,verdict,best_removals,cpu_ms,nodes"
HEADER_KEYS = ("command", "rules", "deals", "solver", "workers", "made")
"""The comment keys every census file has (others may follow)."""
VERDICTS = {"winnable": True, "unwinnable": False}

_ROOT = Path(__file__).resolve().parents[2]


class CensusError(GolfError):
    """A census file (or its name) could not be read: the message names ``file:line``."""


@dataclass(frozen=True, slots=True)
class CensusRow:
    """One deal's result under one rule set."""

    number: int
    code: str
    winnable: bool
    best_removals: int | None
    """The most tableau cards removable (35 when winnable); ``None`` when not computed."""
    cpu_ms: float
    nodes: int

    @property
    def verdict(self) -> str:
        return "winnable" if self.winnable else "unwinnable"

    def to_csv(self) -> str:
        """The row as a CSV line (without the line end)."""
        best = "" if self.best_removals is None else str(self.best_removals)
        return f"{self.number},{self.code},{self.verdict},{best},{self.cpu_ms:.1f},{self.nodes}"


BEST_NONE = 255
""":attr:`Census.best` of a deal whose best removals were not computed."""


@dataclass(frozen=True)
class Census:
    """A census file: its rule set, its ``# key: value`` header and its rows, sorted by number.

    The rows are kept column by column (a full census is 100,000 rows): deal
    ``first + i`` is row ``i`` of every column. :attr:`rows` makes the row
    objects when asked.
    """

    rule_set: RuleSet
    header: dict[str, str]
    path: Path
    first: int
    """The first deal's number (0 when there are no rows)."""
    winnable: bytes
    """1 where the deal is winnable, 0 where not."""
    best: bytes
    """The best removals (0-35), :data:`BEST_NONE` where not computed."""
    cpu_ms: array[float]
    """The solve times (``array('d')``)."""
    nodes: array[int]
    """The positions searched (``array('Q')``)."""

    @classmethod
    def of_rows(
        cls, rule_set: RuleSet, header: dict[str, str], rows: Sequence[CensusRow], path: Path
    ) -> Census:
        """A census from row objects (sorted by number, with no gaps)."""
        return cls(
            rule_set,
            header,
            path,
            rows[0].number if rows else 0,
            bytes(row.winnable for row in rows),
            bytes(BEST_NONE if row.best_removals is None else row.best_removals for row in rows),
            array("d", (row.cpu_ms for row in rows)),
            array("Q", (row.nodes for row in rows)),
        )

    def __len__(self) -> int:
        return len(self.winnable)

    @property
    def last(self) -> int:
        return self.first + len(self) - 1 if len(self) else 0

    @property
    def won(self) -> int:
        """How many of the deals are winnable."""
        return self.winnable.count(1)

    def row(self, index: int) -> CensusRow:
        """Row ``index`` (0 is deal :attr:`first`)."""
        number = self.first + index
        best = self.best[index]
        return CensusRow(
            number,
            code_for(number, self.rule_set),
            bool(self.winnable[index]),
            None if best == BEST_NONE else best,
            self.cpu_ms[index],
            self.nodes[index],
        )

    @cached_property
    def rows(self) -> tuple[CensusRow, ...]:
        return tuple(self.row(index) for index in range(len(self)))


def where(path: Path) -> str:
    """``path`` as messages show it: relative to the repository when inside it."""
    try:
        return str(path.resolve().relative_to(_ROOT))
    except ValueError:
        return str(path)


def file_name(rule_set: RuleSet) -> str:
    """The census file name of ``rule_set``: ``classic+nothing-on-king.csv.gz``."""
    return f"{rule_set}{SUFFIX}"


def rules_letter(rule_set: RuleSet) -> str:
    """The deal code letter of a rule set: ``E`` for Easy-based ones, ``C`` for the others."""
    return "E" if rule_set.rules is Rules.EASY else "C"


def code_for(number: int, rule_set: RuleSet) -> str:
    """The deal code of deal ``number`` under ``rule_set``.

    >>> code_for(1, RuleSet.of(Rules.STRICT))
    'GO1-C-AAAAAAB'
    """
    return str(DealCode(rules_letter(rule_set), number))


def parse_rule_set(text: str) -> RuleSet:
    """The rule set named ``text`` (``str(RuleSet)``); raise :class:`CensusError` if there is none.

    >>> str(parse_rule_set("classic+nothing-on-king"))
    'classic+nothing-on-king'
    >>> parse_rule_set("classic+wrap")
    Traceback (most recent call last):
    ...
    generator.patience.census.CensusError: no such rule set: 'classic+wrap' (variant 'wrap' is unknown)
    """
    name, *variant_names = text.split("+")
    try:
        rules = Rules(name)
    except ValueError:
        raise CensusError(f"no such rule set: {text!r} (rules {name!r} are unknown)") from None
    variants = []
    for variant_name in variant_names:
        try:
            variants.append(Variant(variant_name))
        except ValueError:
            raise CensusError(
                f"no such rule set: {text!r} (variant {variant_name!r} is unknown)"
            ) from None
    rule_set = RuleSet.of(rules, variants)
    if str(rule_set) != text:
        raise CensusError(f"no such rule set: {text!r} (its own name is {str(rule_set)!r})")
    return rule_set


def available_census(folder: Path = CENSUS_DIR) -> list[RuleSet]:
    """The rule sets with a census file in ``folder``, sorted by name.

    A ``*.csv.gz`` file whose name is not a rule set raises :class:`CensusError`.
    """
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            found.append(parse_rule_set(path.name[: -len(SUFFIX)]))
        except CensusError as error:
            raise CensusError(
                f"{where(path)}:1: the file name is not a rule set: {error}"
            ) from None
    return sorted(found, key=str)


def parse_header_line(text: str) -> tuple[str, str] | None:
    """``(key, value)`` of a ``# key: value`` line; ``None`` if it is not one."""
    match = re.fullmatch(r"# ([a-z][a-z0-9_-]*): (.*)", text)
    return (match[1], match[2].strip()) if match else None


_ROW = re.compile(
    r"([1-9][0-9]*),GO1-([EC])-([A-Z]{7}),(winnable|unwinnable),([0-9]*),([0-9]+\.[0-9]),([0-9]{1,18})"
)
_BASE26 = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789abcdefghijklmnop")
"""The code's letters as ``int(..., 26)`` digits: reading a code's number in C, not in a loop."""


def parse_row(text: str, rule_set: RuleSet, letter: str | None = None) -> CensusRow:
    """One CSV row; raise :class:`CensusError` (without the location) on a bad one.

    ``letter`` is ``rules_letter(rule_set)``, passed by callers reading many rows.
    """
    match = _ROW.fullmatch(text)
    if match:
        number_text, code_letter, digits, verdict, best_text, cpu_text, nodes_text = match.groups()
        number = int(number_text)
        winnable = verdict == "winnable"
        best = int(best_text) if best_text else None
        if (
            code_letter == (letter or rules_letter(rule_set))
            and int(digits.translate(_BASE26), 26) == number
            and (best is None or (best <= TABLEAU_SIZE and (best == TABLEAU_SIZE) == winnable))
        ):
            code = text[len(number_text) + 1 : len(number_text) + 14]
            return CensusRow(number, code, winnable, best, float(cpu_text), int(nodes_text))
    return _parse_row_slowly(text, rule_set)


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also takes "¹" and
    other scripts' digits)."""
    return re.fullmatch(r"[0-9]+", text) is not None


def _parse_row_slowly(text: str, rule_set: RuleSet) -> CensusRow:
    """:func:`parse_row` field by field, to say what is wrong."""
    fields = text.split(",")
    if len(fields) != 6:
        raise CensusError(f"expected 6 fields, found {len(fields)} in {text!r}")
    number_text, code, verdict, best_text, cpu_text, nodes_text = fields
    if not _whole(number_text) or int(number_text) < 1:
        raise CensusError(f"deal number {number_text!r} is not a whole number from 1")
    number = int(number_text)
    expected = code_for(number, rule_set)
    if code != expected:
        raise CensusError(
            f"code {code!r} is not deal {number}'s code under {rule_set} ({expected})"
        )
    if verdict not in VERDICTS:
        raise CensusError(f"verdict {verdict!r} is not 'winnable' or 'unwinnable'")
    winnable = VERDICTS[verdict]
    best: int | None = None
    if best_text:
        if not _whole(best_text) or int(best_text) > TABLEAU_SIZE:
            raise CensusError(
                f"best_removals {best_text!r} is not a number from 0 to {TABLEAU_SIZE}"
            )
        best = int(best_text)
        if winnable != (best == TABLEAU_SIZE):
            raise CensusError(
                f"best_removals {best} contradicts verdict {verdict!r} "
                f"(a deal is winnable exactly when all {TABLEAU_SIZE} cards can be removed)"
            )
    if not re.fullmatch(r"[0-9]+\.[0-9]", cpu_text):
        raise CensusError(f"cpu_ms {cpu_text!r} is not milliseconds with one decimal")
    if not _whole(nodes_text) or len(nodes_text) > 18:
        raise CensusError(f"nodes {nodes_text!r} is not a whole number below 10**18")
    return CensusRow(number, code, winnable, best, float(cpu_text), int(nodes_text))


def read_lines(path: Path) -> Iterator[tuple[int, str]]:
    """The numbered lines of the gzip text file ``path``; damage raises :class:`CensusError`."""
    return enumerate(_text_lines(_census_bytes(path), path), 1)


def _census_bytes(path: Path) -> bytes:
    """The compressed bytes of the census file ``path`` (bounded: :mod:`generator.bounded`)."""
    try:
        return bounded.read_bytes(path)
    except FileNotFoundError:
        raise CensusError(f"{where(path)}:1: no such census file") from None


def _text_lines(data: bytes, path: Path) -> list[str]:
    """The lines of the gzip-compressed UTF-8 text ``data`` (read from ``path``)."""
    try:
        data = bounded.gunzip(data, path)
    except (OSError, EOFError, zlib.error) as error:
        raise CensusError(f"{where(path)}:1: not a complete gzip file ({error})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise CensusError(f"{where(path)}:{line}: not UTF-8 text") from None
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def parse_census(lines: Iterable[tuple[int, str]], rule_set: RuleSet, path: Path) -> Census:
    """A census from numbered lines (what :func:`read_lines` gives); checks everything."""
    name = where(path)
    header: dict[str, str] = {}
    rows: list[CensusRow] = []
    seen_columns = False
    last_line = 0
    letter = rules_letter(rule_set)
    for line_number, text in lines:
        last_line = line_number
        if not seen_columns:
            if text == COLUMNS_HEADER:
                seen_columns = True
                missing = [key for key in HEADER_KEYS if key not in header]
                if missing:
                    raise CensusError(
                        f"{name}:{line_number}: the header lacks '# {missing[0]}: ...' "
                        f"(needs {', '.join(HEADER_KEYS)})"
                    )
                _check_header(header, rule_set, name)
                continue
            pair = parse_header_line(text)
            if pair is None:
                raise CensusError(
                    f"{name}:{line_number}: expected a '# key: value' line or the column "
                    f"header {COLUMNS_HEADER!r}, found {text!r}"
                )
            if pair[0] in header:
                raise CensusError(f"{name}:{line_number}: header key {pair[0]!r} given twice")
            header[pair[0]] = pair[1]
            continue
        try:
            row = parse_row(text, rule_set, letter)
        except CensusError as error:
            raise CensusError(f"{name}:{line_number}: {error}") from None
        expected = rows[-1].number + 1 if rows else int(header["deals"].split("-")[0])
        if row.number != expected:
            raise CensusError(
                f"{name}:{line_number}: deal {row.number} where deal {expected} belongs "
                "(rows are sorted by number, one per deal, with no gaps)"
            )
        rows.append(row)
    if not seen_columns:
        raise CensusError(f"{name}:{last_line + 1}: no column header {COLUMNS_HEADER!r}")
    last = int(header["deals"].split("-")[1])
    if not rows or rows[-1].number != last:
        ended = rows[-1].number if rows else "no deal"
        raise CensusError(
            f"{name}:{last_line + 1}: the rows end at {ended}, the header says deals {header['deals']}"
        )
    return Census.of_rows(rule_set, header, rows, path)


def _check_header(header: dict[str, str], rule_set: RuleSet, name: str) -> None:
    def line_of(key: str) -> int:
        return list(header).index(key) + 1

    if header["rules"] != str(rule_set):
        raise CensusError(
            f"{name}:{line_of('rules')}: rules {header['rules']!r} where the file name says "
            f"{str(rule_set)!r}"
        )
    match = re.fullmatch(r"([0-9]+)-([0-9]+)", header["deals"])
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise CensusError(
            f"{name}:{line_of('deals')}: deals {header['deals']!r} is not a range like '1-500'"
        )
    if not header["command"].startswith("python -m generator census"):
        raise CensusError(
            f"{name}:{line_of('command')}: command {header['command']!r} is not a census command"
        )


def load_census(
    rule_set: RuleSet | Rules, folder: Path = CENSUS_DIR, cache_dir: Path | None = None
) -> Census:
    """The census of ``rule_set`` in ``folder``; raise :class:`CensusError` naming ``file:line``.

    A file once read is kept, column by column, in ``cache_dir`` (by default
    :mod:`generator.cache`'s folder for the committed files, none for other
    folders) under the checksum of its bytes and of this module: the next
    process reads the same bytes' columns from there instead of parsing 100,000
    rows again. Any other bytes are parsed and checked in full.
    """
    rule_set = RuleSet.of(rule_set)
    path = folder / file_name(rule_set)
    if cache_dir is None and folder.resolve() == CENSUS_DIR.resolve():
        cache_dir = cache.CACHE_DIR
    data = _census_bytes(path)
    key = _cache_key(data, rule_set) if cache_dir is not None else ""
    if cache_dir is not None:
        cached = _cached(cache_dir, key, rule_set, path)
        if cached is not None:
            return cached
    lines = _text_lines(data, path)
    census = _parse_quickly(lines, rule_set, path) or parse_census(
        enumerate(lines, 1), rule_set, path
    )
    if cache_dir is not None:
        _keep(cache_dir, key, census)
    return census


_ROWS = re.compile("^" + _ROW.pattern + "$", re.MULTILINE)
_VERDICT_BYTE = {"winnable": 1, "unwinnable": 0}
_BEST_BYTE = {"": BEST_NONE, **{str(n): n for n in range(TABLEAU_SIZE + 1)}}
_VERDICT_BEST = {("winnable", ""), ("unwinnable", ""), ("winnable", str(TABLEAU_SIZE))} | {
    ("unwinnable", str(n)) for n in range(TABLEAU_SIZE)
}
"""The verdict and best removals that go together."""


def _parse_quickly(lines: list[str], rule_set: RuleSet, path: Path) -> Census | None:
    """:func:`parse_census` of a well-formed file, a column at a time; ``None`` if the file is
    not one (:func:`parse_census` then says what is wrong).

    It accepts no file :func:`parse_census` refuses, and gives the same census.
    """
    try:
        at = lines.index(COLUMNS_HEADER)
    except ValueError:
        return None
    header: dict[str, str] = {}
    for text in lines[:at]:
        pair = parse_header_line(text)
        if pair is None or pair[0] in header:
            return None
        header[pair[0]] = pair[1]
    if any(key not in header for key in HEADER_KEYS):
        return None
    try:
        _check_header(header, rule_set, where(path))
    except CensusError:
        return None
    first, last = (int(part) for part in header["deals"].split("-"))
    body = lines[at + 1 :]
    found = _ROWS.findall("\n".join(body))
    if not body or len(found) != len(body) or len(body) != last - first + 1:
        return None  # a line that is not a row, or rows missing
    numbers, letters, digits, verdicts, bests, cpus, nodes = zip(*found, strict=True)
    expected = range(first, last + 1)
    if (
        list(map(int, numbers)) != list(expected)
        or set(letters) != {rules_letter(rule_set)}
        or list(map(int, (d.translate(_BASE26) for d in digits), itertools.repeat(26)))
        != list(expected)
        or not set(zip(verdicts, bests, strict=True)) <= _VERDICT_BEST
    ):
        return None
    return Census(
        rule_set,
        header,
        path,
        first,
        bytes(map(_VERDICT_BYTE.__getitem__, verdicts)),
        bytes(map(_BEST_BYTE.__getitem__, bests)),
        array("d", map(float, cpus)),
        array("Q", map(int, nodes)),
    )


def _cache_key(data: bytes, rule_set: RuleSet) -> str:
    """The checksum of a census file's bytes, its rule set and the code that reads it (this
    module, the deal codes' and the rule sets')."""
    here = Path(__file__).parent
    return cache.key(
        data, str(rule_set), sys.byteorder, Path(__file__), here / "deal.py", here / "rules.py"
    )


def _entry(key: str, rule_set: RuleSet) -> str:
    return f"{rule_set}.{key}"


def _cached(cache_dir: Path, key: str, rule_set: RuleSet, path: Path) -> Census | None:
    """The census kept under ``key``; ``None`` if there is none (or it is damaged)."""
    data = cache.get("census", _entry(key, rule_set), cache_dir)
    if data is None:
        return None
    try:
        head, _, columns = data.partition(b"\n")
        meta = json.loads(head)
        header, first, count = dict(meta["header"]), int(meta["first"]), int(meta["count"])
        cpu_ms, nodes = array("d"), array("Q")
        if len(columns) != count * (2 + cpu_ms.itemsize + nodes.itemsize):
            return None
        at = 2 * count
        cpu_ms.frombytes(columns[at : at + count * cpu_ms.itemsize])
        nodes.frombytes(columns[at + count * cpu_ms.itemsize :])
        return Census(
            rule_set, header, path, first, columns[:count], columns[count:at], cpu_ms, nodes
        )
    except (ValueError, KeyError, TypeError):
        return None


def _keep(cache_dir: Path, key: str, census: Census) -> None:
    """Keep ``census`` under ``key`` (replacing what was kept of its file before)."""
    meta = {"header": census.header, "first": census.first, "count": len(census)}
    data = b"".join(
        [
            json.dumps(meta).encode() + b"\n",
            census.winnable,
            census.best,
            census.cpu_ms.tobytes(),
            census.nodes.tobytes(),
        ]
    )
    rule_set = census.rule_set
    cache.put("census", _entry(key, rule_set), data, cache_dir, replaces=f"{rule_set}.")


# -- the census command ------------------------------------------------------------

STANDARD_RULE_SETS = (
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.STRICT),
    RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
)
"""What ``census`` runs without ``--rules`` or ``--variant``."""

PARTIAL = ".partial"
SLOWEST = 5


class Stopped(Exception):
    """The run was asked to stop (Ctrl-C or SIGTERM); everything solved is in the ``.partial`` file."""


def solve_number(number: int, rule_set: RuleSet, best: bool) -> CensusRow:
    """Solve deal ``number`` under ``rule_set``, timing the solve in process CPU time."""
    deal = deal_of(number, rule_set)
    start = time.process_time()
    winnable, best_removals, nodes = _solve(deal, rule_set, best)
    cpu_ms = (time.process_time() - start) * 1000
    return CensusRow(number, code_for(number, rule_set), winnable, best_removals, cpu_ms, nodes)


def deal_of(number: int, rule_set: RuleSet) -> Deal:
    """Deal ``number`` as ``rule_set`` deals it: with its Jokers and empty waste, if it has them."""
    return deal_for(number, rule_set)


def _solve(deal: Deal, rule_set: RuleSet, best: bool) -> tuple[bool, int | None, int]:
    """The one place the census calls the solver: verdict, best removals (or ``None``), nodes."""
    if best:
        solution = solve(deal, rule_set, best=True)
        assert solution.best_removals is not None, "solve(best=True) answers the best result"
        return solution.winnable, solution.best_removals, solution.positions
    found = solve(deal, rule_set)
    return found.winnable, None, found.positions


def _solve_chunk(task: tuple[RuleSet, tuple[int, ...], bool]) -> list[CensusRow]:
    rule_set, numbers, best = task
    return [solve_number(number, rule_set, best) for number in numbers]


def _worker_start() -> None:
    # Ctrl-C reaches the whole process group: the parent alone decides to stop;
    # SIGTERM (what Pool.terminate sends) must end a worker, whatever it inherited.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Progress:
    """A progress bar on a stream: deals done, rate and an estimate of the time left."""

    def __init__(self, total: int, err: TextIO, label: str = "census") -> None:
        self.total, self.err, self.label = total, err, label
        self.done = 0
        self.start = time.perf_counter()
        self.shown = 0.0
        self.tty = err.isatty()

    def add(self, count: int, note: str = "") -> None:
        self.done += count
        now = time.perf_counter()
        if now - self.shown < (0.2 if self.tty else 10.0) and self.done < self.total:
            return
        self.shown = now
        seconds = now - self.start
        rate = self.done / seconds if seconds > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        width = 24
        filled = width * self.done // self.total if self.total else width
        bar = "#" * filled + "-" * (width - filled)
        text = (
            f"{self.label} [{bar}] {self.done}/{self.total} deals, {rate:.0f}/s, "
            f"{_clock(seconds)} elapsed, {_clock(left)} left {note}"
        ).rstrip()
        if self.tty:
            self.err.write(f"\r{text}\x1b[K")
            if self.done >= self.total:
                self.err.write("\n")
        else:
            self.err.write(text + "\n")
        self.err.flush()


def _clock(seconds: float) -> str:
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02}:{second:02}" if hours else f"{minute}:{second:02}"


@dataclass
class RunReport:
    """What one rule set's run did: its complete census, how many deals it solved now, the wall time."""

    census: Census
    solved_now: int
    wall_seconds: float
    cpu_seconds_now: float
    workers: int
    skipped: bool = False

    def lines(self) -> list[str]:
        census = self.census
        name = str(census.rule_set)
        if self.skipped:
            return [
                f"{name}: {where(self.census.path)} already holds deals "
                f"{self.census.header['deals']}: nothing to do"
            ]
        cpu = sum(census.cpu_ms) / 1000
        per_core = len(census) / cpu if cpu else 0.0
        lines = [
            f"{name}: {len(census)} deals ({self.solved_now} solved in this run), "
            f"winnable {census.won / len(census):.1%}, {per_core:.0f} deals/s per core, "
            f"CPU {cpu:.1f} s in all ({self.cpu_seconds_now:.1f} s in this run), "
            f"wall {self.wall_seconds:.1f} s, {self.workers} core(s)",
        ]
        order = sorted(range(len(census)), key=lambda i: (-census.cpu_ms[i], i))
        slowest = [census.row(index) for index in order[:SLOWEST]]
        lines += [
            f"  slow: {row.code} {name} {row.cpu_ms:.1f} ms {row.nodes} nodes" for row in slowest
        ]
        return lines


@dataclass(frozen=True)
class CensusJob:
    """What a census run is asked to do: deals ``first``..``last`` under each rule set, into
    ``folder``, on ``workers`` processes, with the best result or not; ``command`` is the
    command line its files' headers record, ``chunk`` the deals per task (``None``: chosen)."""

    first: int
    last: int
    rule_sets: tuple[RuleSet, ...]
    workers: int
    folder: Path
    best: bool
    command: str
    chunk: int | None = None
    keep_larger: bool = False
    """Refuse to replace a file that holds deals this run does not (``--update-data``: the
    committed census is replaced only by at least as much)."""

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.last:
            raise CensusError(f"bad range {self.first}-{self.last}: need 1 <= --from <= --to")
        if self.last > MAX_NUMBER:
            raise CensusError(
                f"bad range {self.first}-{self.last}: --to is past the last deal number a code "
                f"can carry ({MAX_NUMBER})"
            )


def census_command(
    job: CensusJob, *, err: TextIO, stop: threading.Event | None = None
) -> list[RunReport]:
    """Solve ``job``'s deals under each rule set into its folder; resumable.

    Rows go to ``<file>.partial`` as they come; a rerun skips what is there.
    When ``stop`` is set (the CLI sets it on Ctrl-C and SIGTERM) the run stops
    between chunks and raises :class:`Stopped`, losing nothing solved. The
    ``.csv.gz`` appears (atomically) only once its range is complete.
    """
    stop = stop or threading.Event()
    if job.keep_larger:
        for rule_set in job.rule_sets:
            _refuse_less(job.folder / file_name(rule_set), job.first, job.last, rule_set)
    job.folder.mkdir(parents=True, exist_ok=True)
    with _only_run(job.folder):
        return _census_locked(job, err, stop)


@contextlib.contextmanager
def _only_run(folder: Path) -> Iterator[None]:
    """Hold a lock on ``folder`` itself (no file is left there); :class:`CensusError` at once if
    another run holds it."""
    import fcntl

    handle = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise CensusError(
                f"{where(folder)}: another census run is writing into this folder; wait for it "
                "to finish (then run the same command to go on), or give another --out"
            ) from None
        yield
    finally:
        os.close(handle)  # releases the lock


def _census_locked(job: CensusJob, err: TextIO, stop: threading.Event) -> list[RunReport]:
    reports = []
    pool = None
    try:
        for rule_set in job.rule_sets:
            path = job.folder / file_name(rule_set)
            done = _complete(path, job.first, job.last, rule_set, err)
            if done is not None:
                reports.append(RunReport(done, 0, 0.0, 0.0, job.workers, skipped=True))
                continue
            if job.workers > 1 and pool is None:
                pool = multiprocessing.get_context("fork").Pool(job.workers, _worker_start)
            reports.append(_run_one(job, rule_set, err, stop, pool))
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return reports


def _refuse_less(path: Path, first: int, last: int, rule_set: RuleSet) -> None:
    """Raise :class:`CensusError` if the census at ``path`` holds a deal outside ``first``..``last``."""
    if not path.exists():
        return
    census = parse_census(read_lines(path), rule_set, path)
    if first > census.first or last < census.last:
        raise CensusError(
            f"{where(path)} holds deals {census.first}-{census.last}; deals {first}-{last} would "
            f"replace it with fewer: run over at least {census.first}-{census.last}, or write "
            "elsewhere with --out DIR (and without --update-data)"
        )


def _complete(path: Path, first: int, last: int, rule_set: RuleSet, err: TextIO) -> Census | None:
    """The census at ``path`` if it holds exactly ``first``..``last``; else ``None``."""
    if not path.exists():
        return None
    census = parse_census(read_lines(path), rule_set, path)
    if (census.first, census.last) == (first, last):
        return census
    print(
        f"census: {where(path)} holds deals {census.header['deals']}; it is replaced when "
        f"deals {first}-{last} are complete",
        file=err,
    )
    return None


def _run_one(
    job: CensusJob,
    rule_set: RuleSet,
    err: TextIO,
    stop: threading.Event,
    pool: Pool | None,
) -> RunReport:
    first, last, workers, best = job.first, job.last, job.workers, job.best
    path = job.folder / file_name(rule_set)
    partial = path.with_name(path.name + PARTIAL)
    for written in (partial, path):
        if written.is_symlink():  # a resume truncates and appends: never through a link
            raise CensusError(
                f"{shown(written)} is a symbolic link (to {where(written)}); a census writes "
                "only files of its own"
            )
    best_text = "on" if best else "off"
    header = {
        "command": job.command,
        "rules": str(rule_set),
        "deals": f"{first}-{last}",
        "solver": "C search" if has_fast_search() else "Python search",
        "workers": str(workers),
        "best": best_text,
    }
    rows = _read_partial(partial, rule_set, header) if partial.exists() else {}
    todo = [n for n in range(first, last + 1) if n not in rows]
    size = job.chunk or max(1, min(100, len(todo) // (workers * 20) or 1))
    tasks = [(rule_set, tuple(todo[i : i + size]), best) for i in range(0, len(todo), size)]
    progress = Progress(len(todo), err, label=str(rule_set))
    if rows and todo:
        print(f"census: {where(partial)}: {len(rows)} deals already solved, going on", file=err)
    start = time.perf_counter()
    cpu_now = 0.0
    with partial.open("a", encoding="utf-8") as stream:
        if not rows and stream.tell() == 0:
            stream.write("".join(f"# {key}: {value}\n" for key, value in header.items()))
            stream.write(COLUMNS_HEADER + "\n")
            stream.flush()
        for found in _results(tasks, pool, stop):
            stream.write("".join(row.to_csv() + "\n" for row in found))
            stream.flush()
            for row in found:
                rows[row.number] = row
                cpu_now += row.cpu_ms / 1000
            progress.add(len(found))
    wall = time.perf_counter() - start
    final = {**header, "made": datetime.date.today().isoformat()}
    _write_final(path, final, [rows[n] for n in range(first, last + 1)])
    partial.unlink()
    census = load_census(rule_set, path.parent)
    return RunReport(census, len(todo), wall, cpu_now, workers)


def _results(
    tasks: list[tuple[RuleSet, tuple[int, ...], bool]], pool: Pool | None, stop: threading.Event
) -> Iterator[list[CensusRow]]:
    """Each chunk's rows as they come; raise :class:`Stopped` when ``stop`` is set."""
    if pool is None:
        for task in tasks:
            if stop.is_set():
                raise Stopped
            yield _solve_chunk(task)
        return
    results = pool.imap_unordered(_solve_chunk, tasks)
    for _ in tasks:
        while True:
            if stop.is_set():
                raise Stopped
            try:
                found = results.next(timeout=0.1)
            except multiprocessing.TimeoutError:
                continue
            break
        yield found


def _read_partial(partial: Path, rule_set: RuleSet, header: dict[str, str]) -> dict[int, CensusRow]:
    """The rows already in ``partial``; a last line cut short by a kill is dropped from the file."""
    name = where(partial)
    data = partial.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        with partial.open("r+b") as stream:
            stream.truncate(keep)
        data = data[:keep]
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise CensusError(f"{name}:1: not UTF-8 text; delete it to start again") from None
    rows: dict[int, CensusRow] = {}
    seen_columns = False
    for line_number, text in enumerate(lines, start=1):
        if not seen_columns:
            if text == COLUMNS_HEADER:
                seen_columns = True
                continue
            pair = parse_header_line(text)
            if pair is None:
                raise CensusError(f"{name}:{line_number}: not a census header line: {text!r}")
            key, value = pair
            if key in ("rules", "deals", "best") and value != header[key]:
                raise CensusError(
                    f"{name}:{line_number}: a run with {key} {value!r} was interrupted here, "
                    f"this one has {key} {header[key]!r}; finish that run or delete the file"
                )
            continue
        try:
            row = parse_row(text, rule_set)
        except CensusError as error:
            raise CensusError(f"{name}:{line_number}: {error}") from None
        first, last = (int(part) for part in header["deals"].split("-"))
        if not first <= row.number <= last or row.number in rows:
            raise CensusError(
                f"{name}:{line_number}: deal {row.number} is outside {header['deals']} or "
                "repeated; delete the file to start again"
            )
        rows[row.number] = row
    return rows


def _write_final(path: Path, header: dict[str, str], rows: list[CensusRow]) -> None:
    """Write the census atomically: a temporary file in the same folder, then a rename."""
    text = "".join(f"# {key}: {value}\n" for key, value in header.items())
    text += COLUMNS_HEADER + "\n" + "".join(row.to_csv() + "\n" for row in rows)
    with atomic_file(path) as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as stream:
        stream.write(text.encode("utf-8"))


def run_census(job: CensusJob, *, out: TextIO, err: TextIO) -> int:
    """``python -m generator census``: run, stop cleanly on Ctrl-C or SIGTERM, print the report."""
    if not has_fast_search():
        print(f"census: {NO_FAST_SEARCH}", file=err, flush=True)
    stop = threading.Event()
    previous = {
        sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        reports = census_command(job, err=err, stop=stop)
    except Stopped:
        print(
            f"census: stopped; every deal solved so far is kept in {where(job.folder)}/*{PARTIAL}: "
            "run the same command again to go on",
            file=err,
        )
        return 130
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    for report in reports:
        for line in report.lines():
            print(line, file=out)
    return 0


# -- the sample check ----------------------------------------------------------------

SEED_VARIABLE = "GOLF_CENSUS_SEED"
"""Set it to replay the sample a failed census check drew."""
SAMPLE_BUDGET_MS = 600.0
"""About how much recorded solve time the sample check re-spends, over all files."""


def sample_problems(
    folder: Path = CENSUS_DIR, seed: int | None = None, budget_ms: float = SAMPLE_BUDGET_MS
) -> Iterator[str]:
    """Re-solve a random sample of every census file's rows; one ``file:line`` problem per difference.

    The sample depends only on ``seed`` and the data: rows are drawn at random
    until their recorded solve times add up to ``budget_ms`` (split between the
    files). Verdict and nodes are compared, and best removals where recorded.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    replay = f"sample seed {seed}: {SEED_VARIABLE}={seed} python -m generator check --only census"
    try:
        rule_sets = available_census(folder)
        censuses = [load_census(rule_set, folder) for rule_set in rule_sets]
    except CensusError as error:
        yield str(error)
        return
    chooser = random.Random(seed)
    for census in censuses:
        name = where(census.path)
        spent = 0.0
        order = list(range(len(census)))
        chooser.shuffle(order)
        for index in order:
            if spent >= budget_ms / len(censuses):
                break
            row = census.row(index)
            spent += row.cpu_ms
            winnable, best, nodes = _solve(
                deal_of(row.number, census.rule_set), census.rule_set, True
            )
            line = len(census.header) + 2 + index
            if winnable != row.winnable:
                yield (
                    f"{name}:{line}: {row.code} is recorded {row.verdict} on {census.rule_set}, "
                    f"the solver says {'winnable' if winnable else 'unwinnable'} ({replay})"
                )
            elif row.best_removals is not None and best is not None and best != row.best_removals:
                yield (
                    f"{name}:{line}: {row.code} is recorded with best_removals {row.best_removals} "
                    f"on {census.rule_set}, the solver finds {best} ({replay})"
                )
            elif nodes != row.nodes:
                yield (
                    f"{name}:{line}: {row.code} is recorded with {row.nodes} nodes on "
                    f"{census.rule_set}, the solver searches {nodes}: the search changed, run the "
                    f"census again ({census.header['command']}) ({replay})"
                )
