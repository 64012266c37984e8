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

import gzip
import re
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.patience.deal import TABLEAU_SIZE, DealCode
from generator.patience.errors import GolfError
from generator.patience.rules import Rules, RuleSet, Variant

CENSUS_DIR = Path(__file__).resolve().parent.parent / "data" / "census"
"""Where the committed census files live."""

SUFFIX = ".csv.gz"
COLUMNS_HEADER = "number,code,verdict,best_removals,cpu_ms,nodes"
HEADER_KEYS = ("command", "rules", "deals", "solver", "workers", "made")
"""The comment keys every census file has (others may follow)."""
VERDICTS = {"winnable": True, "unwinnable": False}

_ROOT = Path(__file__).resolve().parents[2]


class CensusError(GolfError):
    """A census file (or its name) could not be read: the message names ``file:line``."""


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Census:
    """A census file: its rule set, its ``# key: value`` header and its rows, sorted by number."""

    rule_set: RuleSet
    header: dict[str, str]
    rows: tuple[CensusRow, ...]
    path: Path

    @property
    def first(self) -> int:
        return self.rows[0].number if self.rows else 0

    @property
    def last(self) -> int:
        return self.rows[-1].number if self.rows else 0


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


def parse_row(text: str, rule_set: RuleSet) -> CensusRow:
    """One CSV row; raise :class:`CensusError` (without the location) on a bad one."""
    fields = text.split(",")
    if len(fields) != 6:
        raise CensusError(f"expected 6 fields, found {len(fields)} in {text!r}")
    number_text, code, verdict, best_text, cpu_text, nodes_text = fields
    if not number_text.isdigit() or int(number_text) < 1:
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
        if not best_text.isdigit() or int(best_text) > TABLEAU_SIZE:
            raise CensusError(
                f"best_removals {best_text!r} is not a number from 0 to {TABLEAU_SIZE}"
            )
        best = int(best_text)
        if winnable != (best == TABLEAU_SIZE):
            raise CensusError(
                f"best_removals {best} contradicts verdict {verdict!r} "
                f"(a deal is winnable exactly when all {TABLEAU_SIZE} cards can be removed)"
            )
    if not re.fullmatch(r"\d+\.\d", cpu_text):
        raise CensusError(f"cpu_ms {cpu_text!r} is not milliseconds with one decimal")
    if not nodes_text.isdigit():
        raise CensusError(f"nodes {nodes_text!r} is not a whole number")
    return CensusRow(number, code, winnable, best, float(cpu_text), int(nodes_text))


def read_lines(path: Path) -> Iterator[tuple[int, str]]:
    """The numbered lines of the gzip text file ``path``; damage raises :class:`CensusError`."""
    try:
        with gzip.open(path, "rt", encoding="utf-8", newline="") as stream:
            for number, line in enumerate(stream, start=1):
                yield number, line.rstrip("\n").rstrip("\r")
    except FileNotFoundError:
        raise CensusError(f"{where(path)}:1: no such census file") from None
    except (OSError, EOFError, zlib.error) as error:
        raise CensusError(f"{where(path)}:1: not a complete gzip file ({error})") from None
    except UnicodeDecodeError:
        raise CensusError(f"{where(path)}:1: not UTF-8 text") from None


def parse_census(lines: Iterable[tuple[int, str]], rule_set: RuleSet, path: Path) -> Census:
    """A census from numbered lines (what :func:`read_lines` gives); checks everything."""
    name = where(path)
    header: dict[str, str] = {}
    rows: list[CensusRow] = []
    seen_columns = False
    last_line = 0
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
            row = parse_row(text, rule_set)
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
    return Census(rule_set, header, tuple(rows), path)


def _check_header(header: dict[str, str], rule_set: RuleSet, name: str) -> None:
    def line_of(key: str) -> int:
        return list(header).index(key) + 1

    if header["rules"] != str(rule_set):
        raise CensusError(
            f"{name}:{line_of('rules')}: rules {header['rules']!r} where the file name says "
            f"{str(rule_set)!r}"
        )
    match = re.fullmatch(r"(\d+)-(\d+)", header["deals"])
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise CensusError(
            f"{name}:{line_of('deals')}: deals {header['deals']!r} is not a range like '1-500'"
        )
    if not header["command"].startswith("python -m generator census"):
        raise CensusError(
            f"{name}:{line_of('command')}: command {header['command']!r} is not a census command"
        )


def load_census(rule_set: RuleSet | Rules, folder: Path = CENSUS_DIR) -> Census:
    """The census of ``rule_set`` in ``folder``; raise :class:`CensusError` naming ``file:line``."""
    rule_set = RuleSet.of(rule_set)
    path = folder / file_name(rule_set)
    return parse_census(read_lines(path), rule_set, path)
