"""The census files: a folder per rule set, its manifest, its shards of rows and their summaries.

A census folder (the committed one is ``generator/data/census/``) holds a folder
per rule set, named ``str(RuleSet)`` (``easy``, ``classic+nothing-on-king``)::

    easy/
        manifest.txt             how the census was made, and its shards in order
        1-100000.csv.gz          a shard: the rows of deals 1..100000
        1-100000.summary.txt     what a reviewer reads in a diff (see summary.py)

The manifest is ``key: value`` lines (at least :data:`MANIFEST_KEYS`), then a
``shard: A-B`` line per shard, in order, with no gaps::

    command: python -m generator census --from 1 --to 100000 --update-data
    rules: easy
    deals: 1-100000
    best: on
    solver: C search
    executor: local
    workers: 2
    made: 2026-12-01
    shard: 1-100000

A shard is gzip-compressed UTF-8 text: ``# rules:`` and ``# deals:`` lines, the
column header, and one row per deal, sorted by number, with no gaps::

    # rules: easy
    # deals: 1-2
    number,code,verdict,best_removals
    1,GO1-E-AAAAAAB,winnable,35
    2,GO1-E-AAAAAAC,unwinnable,31

``code`` is the deal code of that number (letter ``E`` for Easy-based rule
sets, ``C`` for the others), ``best_removals`` the most tableau cards that can
be removed (35 when winnable; empty when the census ran with ``--no-best``).
A row holds only what the deal and the rules decide: no timing, no count of
positions, so the same deals give the same bytes whoever solved them, on any
executor, with any version of the solver that is right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.paths import ROOT
from generator.patience.deal import TABLEAU_SIZE, Deal, DealCode
from generator.patience.errors import GolfError
from generator.patience.rules import Rules, RuleSet, Variant, deal_for

CENSUS_DIR = Path(__file__).resolve().parent.parent / "data" / "census"
"""Where the committed census lives."""
DEFAULT_CENSUS_OUT = Path("_build") / "census"
"""Where ``census`` writes without ``--out`` (under the current folder): never the committed data,
which only ``--update-data`` replaces."""
CENSUS_WORK = ROOT / "_build" / "census-work"
"""Where ``census --update-data`` keeps its partial files (never beside the committed data)."""

MANIFEST = "manifest.txt"
DATA_SUFFIX = ".csv.gz"
SUMMARY_SUFFIX = ".summary.txt"
PARTIAL_SUFFIX = ".partial"
COLUMNS_HEADER = "number,code,verdict,best_removals"
MANIFEST_KEYS = ("command", "rules", "deals", "best", "solver", "executor", "workers", "made")
"""The keys every manifest has, in this order (others may follow them)."""
SHARD_SIZE = 100_000
"""Deals per shard: a range is cut at the multiples of it (deals 1-100000, 100001-200000, ...)."""
VERDICTS = {"winnable": True, "unwinnable": False}
BEST_NONE = 255
""":attr:`Census.best` of a deal whose best removals were not computed."""

STANDARD_RULE_SETS = (
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.STRICT),
    RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
)
"""What ``census`` runs without ``--rules`` or ``--variant``."""

_ROOT = ROOT


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

    @property
    def verdict(self) -> str:
        return "winnable" if self.winnable else "unwinnable"

    def to_csv(self) -> str:
        """The row as a CSV line (without the line end).

        >>> CensusRow(2, "GO1-E-AAAAAAC", False, 31).to_csv()
        '2,GO1-E-AAAAAAC,unwinnable,31'
        """
        best = "" if self.best_removals is None else str(self.best_removals)
        return f"{self.number},{self.code},{self.verdict},{best}"


def where(path: Path) -> str:
    """``path`` as messages show it: relative to the repository when inside it."""
    try:
        return str(path.resolve().relative_to(_ROOT))
    except ValueError:
        return str(path)


def rules_letter(rule_set: RuleSet) -> str:
    """The deal code letter of a rule set: ``E`` for Easy-based ones, ``C`` for the others."""
    return "E" if rule_set.rules is Rules.EASY else "C"


def code_for(number: int, rule_set: RuleSet) -> str:
    """The deal code of deal ``number`` under ``rule_set``.

    >>> code_for(1, RuleSet.of(Rules.STRICT))
    'GO1-C-AAAAAAB'
    """
    return str(DealCode(rules_letter(rule_set), number))


def deal_of(number: int, rule_set: RuleSet) -> Deal:
    """Deal ``number`` as ``rule_set`` deals it: with its Jokers and empty waste, if it has them."""
    return deal_for(number, rule_set)


def parse_rule_set(text: str) -> RuleSet:
    """The rule set named ``text`` (``str(RuleSet)``); raise :class:`CensusError` if there is none.

    >>> str(parse_rule_set("classic+nothing-on-king"))
    'classic+nothing-on-king'
    >>> parse_rule_set("classic+wrap")
    Traceback (most recent call last):
    ...
    generator.census.format.CensusError: no such rule set: 'classic+wrap' (variant 'wrap' is unknown)
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


def shard_ranges(first: int, last: int, size: int = SHARD_SIZE) -> list[tuple[int, int]]:
    """Deals ``first``..``last`` cut at the multiples of ``size``.

    >>> shard_ranges(1, 250_000)
    [(1, 100000), (100001, 200000), (200001, 250000)]
    >>> shard_ranges(50_001, 60_000)
    [(50001, 60000)]
    """
    ranges = []
    start = first
    while start <= last:
        end = min(last, (start - 1) // size * size + size)
        ranges.append((start, end))
        start = end + 1
    return ranges


def shard_name(first: int, last: int) -> str:
    """A shard's name: its range (``1-100000``)."""
    return f"{first}-{last}"


def parse_range(text: str) -> tuple[int, int] | None:
    """``(first, last)`` of ``A-B`` (whole numbers, ``1 <= A <= B``); ``None`` if it is not one.

    >>> parse_range("3-5"), parse_range("5-3"), parse_range("03-5")
    ((3, 5), None, None)
    """
    match = re.fullmatch(r"([1-9][0-9]{0,17})-([1-9][0-9]{0,17})", text)
    if not match or int(match[1]) > int(match[2]):
        return None
    return int(match[1]), int(match[2])


def parse_header_line(text: str) -> tuple[str, str] | None:
    """``(key, value)`` of a ``# key: value`` line; ``None`` if it is not one."""
    match = re.fullmatch(r"# ([a-z][a-z0-9_-]*): (.*)", text)
    return (match[1], match[2].strip()) if match else None


def parse_key_line(text: str) -> tuple[str, str] | None:
    """``(key, value)`` of a ``key: value`` line (a manifest's or a summary's); ``None`` if not."""
    match = re.fullmatch(r"([a-z][a-z0-9 _-]*): (\S.*)", text)
    return (match[1], match[2].strip()) if match else None


ROW = re.compile(r"([1-9][0-9]*),GO1-([EC])-([A-Z]{7}),(winnable|unwinnable),([0-9]*)")
BASE26 = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789abcdefghijklmnop")
"""The code's letters as ``int(..., 26)`` digits: reading a code's number in C, not in a loop."""


def parse_row(text: str, rule_set: RuleSet, letter: str | None = None) -> CensusRow:
    """One CSV row; raise :class:`CensusError` (without the location) on a bad one.

    ``letter`` is ``rules_letter(rule_set)``, passed by callers reading many rows.
    """
    match = ROW.fullmatch(text)
    if match:
        number_text, code_letter, digits, verdict, best_text = match.groups()
        number = int(number_text)
        winnable = verdict == "winnable"
        best = int(best_text) if best_text else None
        if (
            code_letter == (letter or rules_letter(rule_set))
            and int(digits.translate(BASE26), 26) == number
            and (best is None or (best <= TABLEAU_SIZE and (best == TABLEAU_SIZE) == winnable))
        ):
            code = text[len(number_text) + 1 : len(number_text) + 14]
            return CensusRow(number, code, winnable, best)
    return _parse_row_slowly(text, rule_set)


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also takes "¹")."""
    return re.fullmatch(r"[0-9]+", text) is not None


def _parse_row_slowly(text: str, rule_set: RuleSet) -> CensusRow:
    """:func:`parse_row` field by field, to say what is wrong."""
    fields = text.split(",")
    if len(fields) != 4:
        raise CensusError(
            f"expected 4 fields ({COLUMNS_HEADER}), found {len(fields)} in {text[:80]!r}"
        )
    number_text, code, verdict, best_text = fields
    if not _whole(number_text) or int(number_text) < 1 or len(number_text) > 18:
        raise CensusError(f"deal number {number_text[:20]!r} is not a whole number from 1")
    number = int(number_text)
    try:
        expected = code_for(number, rule_set)
    except GolfError as error:
        raise CensusError(f"deal number {number}: {error}") from None
    if code != expected:
        raise CensusError(
            f"code {code[:20]!r} is not deal {number}'s code under {rule_set} ({expected})"
        )
    if verdict not in VERDICTS:
        raise CensusError(f"verdict {verdict[:20]!r} is not 'winnable' or 'unwinnable'")
    winnable = VERDICTS[verdict]
    best: int | None = None
    if best_text:
        if not _whole(best_text) or int(best_text) > TABLEAU_SIZE:
            raise CensusError(
                f"best_removals {best_text[:20]!r} is not a number from 0 to {TABLEAU_SIZE}"
            )
        best = int(best_text)
        if winnable != (best == TABLEAU_SIZE):
            raise CensusError(
                f"best_removals {best} contradicts verdict {verdict!r} "
                f"(a deal is winnable exactly when all {TABLEAU_SIZE} cards can be removed)"
            )
    return CensusRow(number, code, winnable, best)
