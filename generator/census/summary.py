"""The small text summary beside each census shard: what a reviewer reads in a diff.

The shards are gzip, so a diff of one shows nothing readable; its summary,
``<range>.summary.txt``, says in a few lines what it holds::

    # The rows of 1-100000.csv.gz in short; python -m generator check compares them.
    rules: easy
    deals: 1-100000
    winnable: 92944
    unwinnable: 7056
    best 34: 3120
    best 33: 1712
    rows sha256: 3f5c...

``best N`` counts the unwinnable deals whose best result removes N tableau
cards (only the counts that are not 0, from the most removed down; ``best
none`` counts the rows without one); ``rows sha256`` is the SHA-256 of the
row lines as stored (the bytes after the column header, line ends included).
``check`` reads every shard, computes its summary and compares it with the
file, line by line; a flipped verdict changes ``winnable`` (and the digest),
so the reviewer sees it, and ``check`` refuses a summary that hides it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from generator import bounded
from generator.atomic import write_text_atomic
from generator.census.format import (
    BEST_NONE,
    DATA_SUFFIX,
    CensusError,
    parse_key_line,
    parse_range,
    shard_name,
    where,
)


@dataclass(frozen=True)
class Summary:
    """A shard in short: its rule set, range, counts and the digest of its rows."""

    rules: str
    first: int
    last: int
    winnable: int
    best: tuple[tuple[int | None, int], ...]
    """``(best removals, count)`` of the unwinnable deals, most removed first, ``None`` last."""
    digest: str

    @classmethod
    def of_columns(
        cls, rules: str, first: int, winnable: bytes, best: bytes, digest: str
    ) -> Summary:
        """The summary of a shard's columns (:class:`~generator.census.reader.Shard`)."""
        counts = Counter(b for won, b in zip(winnable, best, strict=True) if not won)
        ordered = sorted((b for b in counts if b != BEST_NONE), reverse=True)
        pairs: list[tuple[int | None, int]] = [(b, counts[b]) for b in ordered]
        if BEST_NONE in counts:
            pairs.append((None, counts[BEST_NONE]))
        return cls(rules, first, first + len(winnable) - 1, winnable.count(1), tuple(pairs), digest)

    @property
    def deals(self) -> int:
        return self.last - self.first + 1

    def lines(self) -> list[str]:
        """The summary file's lines."""
        name = shard_name(self.first, self.last)
        return [
            f"# The rows of {name}{DATA_SUFFIX} in short; python -m generator check compares them.",
            f"rules: {self.rules}",
            f"deals: {name}",
            f"winnable: {self.winnable}",
            f"unwinnable: {self.deals - self.winnable}",
            *(f"best {'none' if b is None else b}: {count}" for b, count in self.best),
            f"rows sha256: {self.digest}",
        ]

    def write(self, path: Path) -> None:
        write_text_atomic(path, "".join(line + "\n" for line in self.lines()))


def read_summary(path: Path) -> tuple[Summary, dict[str, int]]:
    """The summary in ``path`` and the line of each of its keys; :class:`CensusError` naming
    ``file:line`` if it is not one."""
    name = where(path)
    try:
        text = bounded.read_bytes(path).decode("utf-8")
    except FileNotFoundError:
        raise CensusError(
            f"{name}:1: no summary beside the shard (python -m generator census writes one)"
        ) from None
    except UnicodeDecodeError:
        raise CensusError(f"{name}:1: not UTF-8 text") from None
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    best: list[tuple[int | None, int]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        pair = parse_key_line(line)
        if pair is None:
            raise CensusError(f"{name}:{number}: expected 'key: value', found {line[:80]!r}")
        key, value = pair
        if key in lines:
            raise CensusError(f"{name}:{number}: {key!r} given twice")
        lines[key] = number
        if key.startswith("best "):
            removals = key[5:]
            if not (removals == "none" or removals.isdecimal()) or not value.isdecimal():
                raise CensusError(f"{name}:{number}: {line[:80]!r} is not 'best N: count'")
            best.append((None if removals == "none" else int(removals), int(value)))
        else:
            values[key] = value
    for key in ("rules", "deals", "winnable", "unwinnable", "rows sha256"):
        if key not in values:
            raise CensusError(f"{name}:{len(text.splitlines()) + 1}: no {key!r} line")
    deals = parse_range(values["deals"])
    if deals is None or not values["winnable"].isdecimal():
        raise CensusError(
            f"{name}:{lines['deals']}: deals {values['deals'][:40]!r} or winnable "
            f"{values['winnable'][:20]!r} is not a range and a count"
        )
    summary = Summary(
        values["rules"],
        deals[0],
        deals[1],
        int(values["winnable"]),
        tuple(best),
        values["rows sha256"],
    )
    if values["unwinnable"] != str(summary.deals - summary.winnable):
        raise CensusError(
            f"{name}:{lines['unwinnable']}: unwinnable {values['unwinnable'][:20]!r} and "
            f"winnable {summary.winnable} do not add up to the {summary.deals} deals"
        )
    return summary, lines


def differences(said: Summary, lines: dict[str, int], found: Summary, path: Path) -> list[str]:
    """Where the summary in ``path`` (``said``) differs from its shard's rows (``found``)."""
    name = where(path)
    problems = []
    said_lines, found_lines = said.lines(), found.lines()
    if said_lines == found_lines:
        return []
    for key, mine, theirs in (
        ("rules", said.rules, found.rules),
        ("deals", shard_name(said.first, said.last), shard_name(found.first, found.last)),
        ("winnable", said.winnable, found.winnable),
        ("rows sha256", said.digest, found.digest),
    ):
        if mine != theirs:
            problems.append(
                f"{name}:{lines.get(key, 1)}: the summary says {key} {mine}, the rows of "
                f"{shard_name(found.first, found.last)}{DATA_SUFFIX} give {theirs}"
            )
    if said.best != found.best:
        problems.append(
            f"{name}:{min((v for k, v in lines.items() if k.startswith('best ')), default=1)}: "
            "the summary's best results differ from the rows': "
            + ", ".join(f"best {'none' if b is None else b}: {n}" for b, n in found.best)
        )
    return problems or [f"{name}:1: the summary is not written as the rows give it"]
