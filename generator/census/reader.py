"""Reading a census: a rule set's manifest and its shards, combined, every line checked.

:func:`load_census` reads a rule set's folder and refuses a malformed one with a
:class:`~generator.census.format.CensusError` naming ``file:line``;
:func:`available_census` lists the rule sets that have one. A shard once read
is kept, column by column, in :mod:`generator.cache` under the checksum of its
bytes and of the reading code, so the next process does not parse 100,000 rows
again; any other bytes are parsed and checked in full.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import sys
import zlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from generator import bounded, cache
from generator.census.format import (
    BASE26,
    BEST_NONE,
    CENSUS_DIR,
    COLUMNS_HEADER,
    DATA_SUFFIX,
    MANIFEST,
    MANIFEST_KEYS,
    ROW,
    SUMMARY_SUFFIX,
    CensusError,
    CensusRow,
    code_for,
    parse_key_line,
    parse_range,
    parse_row,
    parse_rule_set,
    rules_letter,
    shard_name,
    where,
)
from generator.patience.deal import TABLEAU_SIZE
from generator.patience.rules import Rules, RuleSet


@dataclass(frozen=True)
class Manifest:
    """A rule set's manifest: its ``key: value`` header and its shards' ranges, in order."""

    path: Path
    header: dict[str, str]
    shards: tuple[tuple[int, int], ...]
    lines: dict[str, int]
    """The line of each header key; ``shard A-B`` for each shard."""

    @property
    def first(self) -> int:
        return self.shards[0][0]

    @property
    def last(self) -> int:
        return self.shards[-1][1]

    def shard_path(self, first: int, last: int, suffix: str = DATA_SUFFIX) -> Path:
        return self.path.parent / f"{shard_name(first, last)}{suffix}"


def read_manifest(folder: Path, rule_set: RuleSet) -> Manifest:
    """The manifest of ``rule_set``'s folder ``folder``; :class:`CensusError` naming the line."""
    path = folder / MANIFEST
    name = where(path)
    try:
        text = bounded.read_bytes(path).decode("utf-8")
    except FileNotFoundError:
        raise CensusError(f"{name}:1: no census manifest here") from None
    except UnicodeDecodeError:
        raise CensusError(f"{name}:1: not UTF-8 text") from None
    header: dict[str, str] = {}
    lines: dict[str, int] = {}
    shards: list[tuple[int, int]] = []
    count = 0
    for count, line in enumerate(text.splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        pair = parse_key_line(line)
        if pair is None or any(ord(c) < 32 or 127 <= ord(c) < 160 for c in line):
            raise CensusError(f"{name}:{count}: expected 'key: value', found {line[:80]!r}")
        key, value = pair
        if key == "shard":
            span = parse_range(value)
            expected = shards[-1][1] + 1 if shards else None
            if span is None or (expected is not None and span[0] != expected):
                raise CensusError(
                    f"{name}:{count}: shard {value[:40]!r} is not the range after "
                    f"{shard_name(*shards[-1]) if shards else 'nothing'} (shards follow each "
                    "other in order, with no gaps)"
                )
            shards.append(span)
            lines[f"shard {value}"] = count
            continue
        if key in header:
            raise CensusError(f"{name}:{count}: {key!r} given twice")
        header[key] = value
        lines[key] = count
    missing = [key for key in MANIFEST_KEYS if key not in header]
    if missing:
        raise CensusError(
            f"{name}:{count + 1}: the manifest lacks '{missing[0]}: ...' "
            f"(needs {', '.join(MANIFEST_KEYS)})"
        )
    if header["rules"] != str(rule_set):
        raise CensusError(
            f"{name}:{lines['rules']}: rules {header['rules'][:40]!r} in the folder of "
            f"{str(rule_set)!r}"
        )
    if not shards:
        raise CensusError(f"{name}:{count + 1}: no 'shard: A-B' line")
    deals = parse_range(header["deals"])
    if deals != (shards[0][0], shards[-1][1]):
        raise CensusError(
            f"{name}:{lines['deals']}: deals {header['deals'][:40]!r}, but the shards hold "
            f"{shards[0][0]}-{shards[-1][1]}"
        )
    return Manifest(path, header, tuple(shards), lines)


@dataclass(frozen=True)
class Shard:
    """One shard's rows, column by column, and the SHA-256 of its row lines."""

    path: Path
    first: int
    winnable: bytes
    best: bytes
    digest: str

    @property
    def last(self) -> int:
        return self.first + len(self.winnable) - 1


def shard_lines(data: bytes, path: Path) -> str:
    """The text of the gzip-compressed shard ``data`` (read from ``path``)."""
    try:
        raw = bounded.gunzip(data, path)
    except (OSError, EOFError, zlib.error) as error:
        raise CensusError(f"{where(path)}:1: not a complete gzip file ({error})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise CensusError(f"{where(path)}:{line}: not UTF-8 text") from None


_ROWS = re.compile("^" + ROW.pattern + "$", re.MULTILINE)
_VERDICT_BYTE = {"winnable": 1, "unwinnable": 0}
_BEST_BYTE = {"": BEST_NONE, **{str(n): n for n in range(TABLEAU_SIZE + 1)}}
_VERDICT_BEST = {("winnable", ""), ("unwinnable", ""), ("winnable", str(TABLEAU_SIZE))} | {
    ("unwinnable", str(n)) for n in range(TABLEAU_SIZE)
}
"""The verdict and best removals that go together."""


def parse_shard(text: str, rule_set: RuleSet, first: int, last: int, path: Path) -> Shard:
    """The shard of deals ``first``..``last`` in ``text``; checks every line."""
    name = where(path)
    head = f"# rules: {rule_set}\n# deals: {shard_name(first, last)}\n{COLUMNS_HEADER}\n"
    if not text.startswith(head):
        for number, (want, got) in enumerate(
            itertools.zip_longest(head.splitlines(), text.split("\n", 3)[:3]), 1
        ):
            if want != got:
                raise CensusError(
                    f"{name}:{number}: expected {want!r} (the shard {shard_name(first, last)} of "
                    f"{rule_set}), found {(got or '')[:80]!r}"
                )
    body = text[len(head) :]
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    quick = _parse_quickly(body, rule_set, first, last)
    if quick is not None:
        return Shard(path, first, quick[0], quick[1], digest)
    winnable, best = bytearray(), bytearray()
    letter = rules_letter(rule_set)
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        raise CensusError(f"{name}:{len(lines) + 3}: the last line has no line end (cut short?)")
    expected = first
    for number, line in enumerate(lines, 4):
        try:
            row = parse_row(line, rule_set, letter)
        except CensusError as error:
            raise CensusError(f"{name}:{number}: {error}") from None
        if row.number != expected:
            raise CensusError(
                f"{name}:{number}: deal {row.number} where deal {expected} belongs "
                "(rows are sorted by number, one per deal, with no gaps)"
            )
        expected += 1
        winnable.append(row.winnable)
        best.append(BEST_NONE if row.best_removals is None else row.best_removals)
    if expected != last + 1:
        raise CensusError(
            f"{name}:{len(lines) + 4}: the rows end at {expected - 1 if lines else 'no deal'}, "
            f"the shard is deals {shard_name(first, last)}"
        )
    return Shard(path, first, bytes(winnable), bytes(best), digest)


def _parse_quickly(
    body: str, rule_set: RuleSet, first: int, last: int
) -> tuple[bytes, bytes] | None:
    """The columns of a well-formed shard body, a column at a time; ``None`` if it is not one
    (:func:`parse_shard` then says what is wrong, line by line). It accepts nothing the slow
    path refuses."""
    if not body.endswith("\n"):
        return None
    found = _ROWS.findall(body)
    if len(found) != last - first + 1 or body.count("\n") != len(found):
        return None
    numbers, letters, digits, verdicts, bests = zip(*found, strict=True)
    expected = range(first, last + 1)
    if (
        list(map(int, numbers)) != list(expected)
        or set(letters) != {rules_letter(rule_set)}
        or list(map(int, (d.translate(BASE26) for d in digits), itertools.repeat(26)))
        != list(expected)
        or not set(zip(verdicts, bests, strict=True)) <= _VERDICT_BEST
    ):
        return None
    return bytes(map(_VERDICT_BYTE.__getitem__, verdicts)), bytes(
        map(_BEST_BYTE.__getitem__, bests)
    )


def read_shard(
    path: Path, rule_set: RuleSet, first: int, last: int, cache_dir: Path | None = None
) -> Shard:
    """The shard in ``path`` (deals ``first``..``last``), through the cache when given one."""
    try:
        data = bounded.read_bytes(path)
    except FileNotFoundError:
        raise CensusError(f"{where(path)}:1: no such shard (the manifest lists it)") from None
    key = _cache_key(data, rule_set, first, last) if cache_dir is not None else ""
    if cache_dir is not None:
        kept = _cached(cache_dir, key, path, first, last)
        if kept is not None:
            return kept
    shard = parse_shard(shard_lines(data, path), rule_set, first, last, path)
    if cache_dir is not None:
        meta = json.dumps({"digest": shard.digest, "count": len(shard.winnable)}).encode()
        cache.put(
            "census",
            f"{rule_set}.{shard_name(first, last)}.{key}",
            meta + b"\n" + shard.winnable + shard.best,
            cache_dir,
            replaces=f"{rule_set}.{shard_name(first, last)}.",
        )
    return shard


def _cache_key(data: bytes, rule_set: RuleSet, first: int, last: int) -> str:
    here = Path(__file__).parent
    engine = here.parent / "patience"
    return cache.key(
        data,
        str(rule_set),
        shard_name(first, last),
        sys.byteorder,
        Path(__file__),
        here / "format.py",
        engine / "deal.py",
        engine / "rules.py",
    )


def _cached(cache_dir: Path, key: str, path: Path, first: int, last: int) -> Shard | None:
    rule_set = path.parent.name
    data = cache.get("census", f"{rule_set}.{shard_name(first, last)}.{key}", cache_dir)
    if data is None:
        return None
    try:
        head, _, columns = data.partition(b"\n")
        meta = json.loads(head)
        count = int(meta["count"])
        if count != last - first + 1 or len(columns) != 2 * count:
            return None
        return Shard(path, first, columns[:count], columns[count:], str(meta["digest"]))
    except (ValueError, KeyError, TypeError):
        return None


@dataclass(frozen=True)
class Census:
    """A rule set's census: its manifest's header and its shards' rows, combined, by number.

    Deal ``first + i`` is row ``i`` of every column.
    """

    rule_set: RuleSet
    header: dict[str, str]
    path: Path
    """The rule set's folder."""
    first: int
    winnable: bytes
    """1 where the deal is winnable, 0 where not."""
    best: bytes
    """The best removals (0-35), :data:`BEST_NONE` where not computed."""
    shards: tuple[Shard, ...] = ()

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
        )

    @cached_property
    def rows(self) -> tuple[CensusRow, ...]:
        return tuple(self.row(index) for index in range(len(self)))

    def located(self, index: int) -> tuple[Path, int]:
        """The shard file and line that hold row ``index``."""
        number = self.first + index
        for shard in self.shards:
            if shard.first <= number <= shard.last:
                return shard.path, number - shard.first + 4
        return self.path / MANIFEST, 1


def load_census(
    rule_set: RuleSet | Rules, folder: Path = CENSUS_DIR, cache_dir: Path | None = None
) -> Census:
    """The census of ``rule_set`` in ``folder`` (which holds a folder per rule set); raise
    :class:`CensusError` naming ``file:line``.

    The committed census (``folder`` is :data:`CENSUS_DIR`) goes through
    :mod:`generator.cache` unless ``cache_dir`` says otherwise; other folders are
    read in full.
    """
    rule_set = RuleSet.of(rule_set)
    if cache_dir is None and folder.resolve() == CENSUS_DIR.resolve():
        cache_dir = cache.CACHE_DIR
    manifest = read_manifest(folder / str(rule_set), rule_set)
    shards = tuple(
        read_shard(manifest.shard_path(first, last), rule_set, first, last, cache_dir)
        for first, last in manifest.shards
    )
    return Census(
        rule_set,
        manifest.header,
        manifest.path.parent,
        manifest.first,
        b"".join(shard.winnable for shard in shards),
        b"".join(shard.best for shard in shards),
        shards,
    )


def available_census(folder: Path = CENSUS_DIR) -> list[RuleSet]:
    """The rule sets with a census (a folder with a manifest) in ``folder``, sorted by name.

    A folder with a manifest whose name is not a rule set raises :class:`CensusError`.
    """
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob(f"*/{MANIFEST}")):
        try:
            found.append(parse_rule_set(path.parent.name))
        except CensusError as error:
            raise CensusError(
                f"{where(path)}:1: the folder name is not a rule set: {error}"
            ) from None
    return sorted(found, key=str)


def stray_files(folder: Path, rule_set: RuleSet) -> list[Path]:
    """Files in ``rule_set``'s census folder that its manifest does not list (a shard left from
    another range is never read, and must not seem to be)."""
    manifest = read_manifest(folder / str(rule_set), rule_set)
    listed = {manifest.path.name} | {
        manifest.shard_path(first, last, suffix).name
        for first, last in manifest.shards
        for suffix in (DATA_SUFFIX, SUMMARY_SUFFIX)
    }
    return sorted(p for p in manifest.path.parent.iterdir() if p.name not in listed)
