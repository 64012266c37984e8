"""Two paths for the statistics page: the census rows counted again, each figure re-rounded.

The census files are read here with :mod:`gzip` and :mod:`csv` (not the census reader
of :mod:`generator.census`); each share is the exact fraction of the rows,
rounded half to even with :mod:`decimal` to the page's one decimal; the interval is
Wilson's, worked out here from its formula; a best score is the engine's score of a
game stuck after that many removals (:data:`~generator.patience.rules.SCORING`).
"""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from statistics import NormalDist
from typing import Any

from generator import cache as kept_files
from generator.bounded import read_gzip
from generator.i18n.words import CHART_BAR, CHART_BEST_BAR, CHART_BEST_TITLE
from generator.paths import PACKAGE
from generator.patience.deal import TABLEAU_SIZE
from generator.patience.rules import SCORING, Rules, RuleSet, Variant
from generator.twopath.findings import Finding
from generator.twopath.reader import Page, ReadError

CENSUS = PACKAGE / "data" / "census"
NAME = "census-figures"
RELAX = ("strict", "classic+nothing-on-king", "classic", "easy")
"""The rule sets in the order each allows more than the one before (the page's charts)."""
TENTH = Decimal("0.1")


@dataclass(frozen=True, eq=False)
class Rows:
    """What the two paths need of a census file's rows."""

    rule_set: str
    header: dict[str, str]
    first: int
    last: int
    deals: int
    contiguous: bool
    """Whether the rows' deal numbers run from ``first`` to ``last`` without a gap or repeat."""
    won: int
    best: dict[int, int]
    """Best removals -> how many of the deals that cannot be won reach at best that many."""

    @property
    def lost(self) -> int:
        return sum(self.best.values())

    def scores(self) -> Counter[int]:
        found: Counter[int] = Counter()
        for removed, count in self.best.items():
            found[SCORING.score(removed, 0, stuck=True)] += count
        return found


@cache
def census_rows() -> dict[str, Rows]:
    """Every census file's rows, read here (kept in :mod:`generator.cache` under the file's
    checksum and this module's, so an unchanged file is not read again)."""
    found = {}
    for manifest in sorted(CENSUS.glob("*/manifest.txt")):
        shards = [
            manifest.parent / f"{line.split(': ', 1)[1]}.csv.gz"
            for line in manifest.read_text(encoding="utf-8").splitlines()
            if line.startswith("shard: ")
        ]
        path = manifest.parent
        entry = kept_files.key(manifest, *shards, Path(__file__))
        kept = kept_files.get("twopath-census", entry)
        if kept is not None:
            with contextlib.suppress(ValueError, KeyError, TypeError):
                data = json.loads(kept)
                found[data["name"]] = Rows(
                    data["name"],
                    data["header"],
                    data["first"],
                    data["last"],
                    data["deals"],
                    data["contiguous"],
                    data["won"],
                    {int(k): v for k, v in data["best"].items()},
                )
                continue
        rows = _read_rows(path)
        found[rows.rule_set] = rows
        kept_files.put(
            "twopath-census",
            entry,
            json.dumps(
                {
                    "name": rows.rule_set,
                    "header": rows.header,
                    "first": rows.first,
                    "last": rows.last,
                    "deals": rows.deals,
                    "contiguous": rows.contiguous,
                    "won": rows.won,
                    "best": rows.best,
                }
            ).encode(),
        )
    return found


def _read_rows(path: Path) -> Rows:
    """One rule set's census folder: its manifest's ``key: value`` lines, and its shards' rows
    (gzip and csv, nothing of the census reader)."""
    name = path.name
    header: dict[str, str] = {}
    shards = []
    for line in (path / "manifest.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or ": " not in line:
            continue
        key, _, value = line.partition(": ")
        if key == "shard":
            shards.append(path / f"{value}.csv.gz")
        else:
            header[key.strip()] = value.strip()
    numbers, best, won = [], [], 0
    for shard in shards:
        with io.StringIO(read_gzip(shard).decode("utf-8"), newline="") as handle:
            body = [line for line in handle if not line.startswith("#")]
        for row in csv.DictReader(body):
            numbers.append(int(row["number"]))
            if row["verdict"] == "winnable":
                won += 1
            else:
                best.append(int(row["best_removals"]))
    contiguous = bool(numbers) and numbers == list(range(numbers[0], numbers[-1] + 1))
    return Rows(
        name,
        header,
        numbers[0] if numbers else 0,
        numbers[-1] if numbers else 0,
        len(numbers),
        contiguous,
        won,
        dict(Counter(best)),
    )


def rule_set_of(name: str) -> RuleSet:
    rules, *variants = name.split("+")
    return RuleSet.of(Rules(rules), [Variant(v) for v in variants])


def tenth(share: Fraction) -> Decimal:
    """A share as a percentage with one decimal, rounded half to even."""
    exact = Decimal(share.numerator * 100) / Decimal(share.denominator)
    return exact.quantize(TENTH, rounding=ROUND_HALF_EVEN)


Z = NormalDist().inv_cdf(0.975)


def wilson(successes: int, trials: int) -> tuple[float, float]:
    p = successes / trials
    z2 = Z * Z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def float_tenth(share: float) -> Decimal:
    return Decimal(repr(share * 100)).quantize(TENTH, rounding=ROUND_HALF_EVEN)


def _names(page: Page) -> dict[str, str]:
    return {page.words.rule_set(rule_set_of(name)): name for name in census_rows()}


def _cells(text: str) -> list[str]:
    return [c.strip() for c in text.strip().strip("|").split("|")] if text.startswith("|") else []


def _alternation(names: dict[str, str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


def statistics_page(page: Page) -> Iterator[Finding]:
    rows = census_rows()
    if not rows:
        raise ReadError(f"no census files in {CENSUS}")
    names = _names(page)
    shown: set[str] = set()
    interval_of = {}
    for name, r in rows.items():
        low, high = wilson(r.won, r.deals)
        interval_of[name] = (float_tenth(low), float_tenth(high))
    # the table of winnable shares: its heading's confidence level is the intervals'
    level = round(100 * (2 * NormalDist().cdf(Z) - 1))
    heading = page.pattern(page.t("%(level)s%% interval"), level=r"\d+")
    for number, text in enumerate(page.lines, 1):
        cells = _cells(text)
        if len(cells) == 5 and (found := heading.fullmatch(cells[4])):
            yield Finding(
                NAME,
                number,
                cells[4],
                f"the intervals are {level}% intervals",
                int(found["level"]) == level,
            )
        if len(cells) != 5 or cells[0] not in names:
            continue
        name = names[cells[0]]
        shown.add(name)
        r = rows[name]
        low_shown, high_shown = interval_of[name]
        truth: tuple[object, ...] = (
            r.deals,
            r.won,
            tenth(Fraction(r.won, r.deals)),
            low_shown,
            high_shown,
        )
        got: tuple[object, ...] = (
            page.number(cells[1]),
            page.number(cells[2]),
            page.number(cells[3]),
            *page.range_numbers(cells[4]),
        )
        yield Finding(
            NAME,
            number,
            text,
            f"the census rows give {r.deals} deals, {r.won} winnable, "
            f"{truth[2]}% ({low_shown}%–{high_shown}%)",
            got == truth,
        )
    missing = sorted(set(rows) - shown)
    if missing:
        yield Finding(
            NAME, 1, "", f"the table has no row for the census files {', '.join(missing)}", False
        )
    alternation = _alternation(names)
    # the chart of winnable shares
    bar = page.pattern(
        page.t(CHART_BAR),
        rules=alternation,
        share=rf"{page.number_pattern}\s*%?",
        interval=r"[^);]+",
    )
    for number, text in enumerate(page.lines, 1):
        if not text.startswith("[picture] "):
            continue
        for match in bar.finditer(text):
            name = names[match["rules"]]
            r = rows[name]
            said: tuple[object, ...] = (
                page.number(match["share"]),
                *page.numbers(match["interval"]),
            )
            truth = (tenth(Fraction(r.won, r.deals)), *interval_of[name])
            yield Finding(
                NAME,
                number,
                match.group(0),
                f"the census rows give {truth[0]}% ({truth[1]}%–{truth[2]}%)",
                said == truth,
            )
    yield from _best_tables(page, rows, names)
    yield from _best_charts(page, rows, names, alternation)
    yield from _sentences(page, rows, names, alternation)
    yield from _methods(page, rows, names, alternation)


@cache
def _best_shares(r: Rows) -> dict[int, Decimal]:
    scores = r.scores()
    return {score: tenth(Fraction(count, r.lost)) for score, count in scores.items()}


def _best_tables(page: Page, rows: dict[str, Rows], names: dict[str, str]) -> Iterator[Finding]:
    head = page.pattern(
        page.t("%(rules)s (%(count)s)"), rules=_alternation(names), count=page.number_pattern
    )
    best_score = page.t("Best score")
    columns: list[str] = []
    seen = 0
    for number, text in enumerate(page.lines, 1):
        cells = _cells(text)
        if not cells:
            columns = []
            continue
        if cells[0] == best_score:
            columns = []
            for cell in cells[1:]:
                match = head.fullmatch(cell)
                if not match:
                    yield Finding(
                        NAME, number, cell, "not a rule set of the census with its count", False
                    )
                    continue
                name = names[match["rules"]]
                columns.append(name)
                yield Finding(
                    NAME,
                    number,
                    cell,
                    f"{rows[name].lost} deals cannot be won",
                    page.number(match["count"]) == rows[name].lost,
                )
            continue
        if not columns or len(cells) != len(columns) + 1 or set(cells[0]) <= set("-|: "):
            continue
        score = int(page.number(cells[0]))
        for name, cell in zip(columns, cells[1:], strict=True):
            seen += 1
            truth = _best_shares(rows[name]).get(score)
            said = None if cell == "–" else page.number(cell)
            yield Finding(
                NAME,
                number,
                cell,
                f"{'no deal' if truth is None else f'{truth}% of the deals'} of {name} that cannot be won score at best {score}",
                said == truth,
            )
    if not seen:
        yield Finding(NAME, 1, "", "no table of best scores on the page", False)


def _best_charts(
    page: Page, rows: dict[str, Rows], names: dict[str, str], alternation: str
) -> Iterator[Finding]:
    title = page.pattern(page.t(CHART_BEST_TITLE), rules=alternation)
    bar = page.pattern(
        page.t(CHART_BEST_BAR), share=rf"{page.number_pattern}\s*%?", score=page.number_pattern
    )
    for number, text in enumerate(page.lines, 1):
        if not text.startswith("[picture] "):
            continue
        match = title.search(text)
        if not match:
            continue
        name = names[match["rules"]]
        r = rows[name]
        rest = text[match.end() :]
        counts = page.numbers(rest.split(":")[1] if ":" in rest else rest)
        yield Finding(
            NAME,
            number,
            text[:80],
            f"{r.lost} deals of {name} cannot be won",
            bool(counts) and counts[0] == r.lost,
        )
        shares = _best_shares(r)
        for item in bar.finditer(rest):
            score = int(page.number(item["score"]))
            said = page.number(item["share"])
            yield Finding(
                NAME,
                number,
                item.group(0),
                f"{shares.get(score)}% of them score at best {score}",
                shares.get(score) == said,
            )


def _half(r: Rows) -> int:
    """The most removals that at least half of the deals that cannot be won reach."""
    ordered = sorted((n for n, count in r.best.items() for _ in range(count)), reverse=True)
    return ordered[(len(ordered) + 1) // 2 - 1]


def _mode(r: Rows) -> tuple[int, Decimal]:
    scores = r.scores()
    score, count = max(scores.items(), key=lambda item: (item[1], item[0]))
    return score, tenth(Fraction(count, r.lost))


def _sentences(
    page: Page, rows: dict[str, Rows], names: dict[str, str], alternation: str
) -> Iterator[Finding]:
    number_ = page.number_pattern
    percent = rf"{number_}\s*%"
    patterns = {
        "step": page.pattern(
            page.t(
                "The largest step is from %(stricter)s to %(relaxed)s: the share of "
                "winnable deals rises by %(points)s percentage points."
            ),
            stricter=alternation,
            relaxed=alternation,
            points=number_,
        ),
        "common": page.pattern(
            page.t(
                "Under %(rules)s, the most common best score of a deal that cannot be won"
                " is %(score)s points: %(removed)s of the %(tableau)s tableau cards "
                "removed. It is the best that %(share)s of these deals allow."
            ),
            rules=alternation,
            score=number_,
            removed=r"\d+",
            tableau=r"\d+",
            share=percent,
        ),
        "common4": page.pattern(
            page.t(
                "%(score)s points is the most common best score under each of the four "
                "rule sets charted below, from %(low)s of the deals that cannot be won "
                "(%(low_rules)s) to %(high)s (%(high_rules)s)."
            ),
            score=number_,
            low=percent,
            high=percent,
            low_rules=alternation,
            high_rules=alternation,
        ),
        "opening": page.pattern(
            page.t("%(rules)s: %(share)s of deals can be won."), rules=alternation, share=percent
        ),
        "half": page.pattern(
            page.t(
                "Half of the deals that cannot be won under %(rules)s let you remove "
                "%(half)s cards or more. Under the four rule sets charted below, that "
                "figure runs from %(low)s cards (%(low_rules)s) to %(high)s "
                "(%(high_rules)s)."
            ),
            rules=alternation,
            half=r"\d+",
            low=r"\d+",
            high=r"\d+",
            low_rules=alternation,
            high_rules=alternation,
        ),
    }
    found = set()
    four = [rows[name] for name in RELAX if name in rows]
    shares = {r.rule_set: Fraction(r.won, r.deals) for r in four}
    opened = []
    for number, text in enumerate(page.lines, 1):
        for kind, pattern in patterns.items():
            match = pattern.fullmatch(text[2:] if kind == "opening" and text[:2] == "- " else text)
            if not match:
                continue
            found.add(kind)
            if kind == "step":
                gains = [
                    (shares[b.rule_set] - shares[a.rule_set], a.rule_set, b.rule_set)
                    for a, b in itertools.pairwise(four)
                ]
                gain, stricter, relaxed = max(gains)
                said = (
                    names[match["stricter"]],
                    names[match["relaxed"]],
                    page.number(match["points"]),
                )
                truth = (stricter, relaxed, tenth(gain))
                yield Finding(
                    NAME,
                    number,
                    text,
                    f"the largest step is {stricter} to {relaxed}, {truth[2]} points",
                    said == truth,
                )
            elif kind == "opening":
                r = rows[names[match["rules"]]]
                opened.append(r.rule_set)
                truth_o = tenth(Fraction(r.won, r.deals))
                yield Finding(
                    NAME,
                    number,
                    text,
                    f"the census rows give {truth_o}% of {r.deals} deals of {r.rule_set} winnable",
                    page.number(match["share"]) == truth_o,
                )
            elif kind == "common":
                r = rows[names[match["rules"]]]
                score, share = _mode(r)
                removed = next(
                    n for n in range(TABLEAU_SIZE + 1) if SCORING.score(n, 0, stuck=True) == score
                )
                said_c: tuple[object, ...] = (
                    page.number(match["score"]),
                    int(match["removed"]),
                    int(match["tableau"]),
                    page.number(match["share"]),
                )
                truth_c = (score, removed, TABLEAU_SIZE, share)
                yield Finding(
                    NAME,
                    number,
                    text,
                    f"the most common best score is {score} ({removed} removed, {share}%)",
                    said_c == truth_c,
                )
            elif kind == "common4":
                modes = {r.rule_set: _mode(r) for r in four}
                low = min(modes, key=lambda n: modes[n][1])
                high = max(modes, key=lambda n: modes[n][1])
                same = len({m[0] for m in modes.values()}) == 1
                said_4: tuple[object, ...] = (
                    page.number(match["score"]),
                    page.number(match["low"]),
                    names[match["low_rules"]],
                    page.number(match["high"]),
                    names[match["high_rules"]],
                )
                truth_4 = (modes[low][0], modes[low][1], low, modes[high][1], high)
                yield Finding(
                    NAME, number, text, f"most common: {modes}", same and said_4 == truth_4
                )
            else:
                r = rows[names[match["rules"]]]
                halves = {x.rule_set: _half(x) for x in four}
                low = min(halves, key=lambda n: (halves[n], RELAX.index(n)))
                high = max(halves, key=lambda n: (halves[n], -RELAX.index(n)))
                said_h: tuple[object, ...] = (
                    int(match["half"]),
                    int(match["low"]),
                    names[match["low_rules"]],
                    int(match["high"]),
                    names[match["high_rules"]],
                )
                truth_h = (_half(r), halves[low], low, halves[high], high)
                yield Finding(
                    NAME, number, text, f"half the deals reach: {halves}", said_h == truth_h
                )
    if "opening" in found and opened != list(reversed(RELAX)):
        yield Finding(
            NAME,
            1,
            "",
            f"the page opens with {', '.join(opened)}; the census's rule sets are, from the "
            f"most relaxed, {', '.join(reversed(RELAX))}",
            False,
        )
    for kind in sorted(set(patterns) - found):
        yield Finding(NAME, 1, "", f"the sentence '{kind}' of the census is not on the page", False)


def _methods(
    page: Page, rows: dict[str, Rows], names: dict[str, str], alternation: str
) -> Iterator[Finding]:
    forms = page.forms(
        "%(rules)s: deals %(deals)s, solved with the %(solver)s by %(count)s worker "
        "process on %(made)s, with the command %(command)s.",
        "%(rules)s: deals %(deals)s, solved with the %(solver)s by %(count)s worker "
        "processes on %(made)s, with the command %(command)s.",
    )
    method = page.pattern(
        *forms, rules=alternation, count=r"\d+", command=r"python -m generator census[^<]*?"
    )
    seen = set()
    for number, text in enumerate(page.lines, 1):
        item = text[2:] if text.startswith("- ") else text
        match = method.fullmatch(item)
        if not match:
            continue
        name = names[match["rules"]]
        seen.add(name)
        r = rows[name]
        first, last = (int(n) for n in page.range_numbers(match["deals"]))
        contiguous = r.contiguous
        command = r.header.get("command", "")
        frm = re.search(r"--from (\d+)", command)
        to = re.search(r"--to (\d+)", command)
        ran = (int(frm.group(1)) if frm else None, int(to.group(1)) if to else None)
        gaps = "contiguous" if contiguous else "with gaps"
        truth = f"the rows run {r.first}-{r.last} ({gaps}); the header's command is {command!r}"
        ok = (
            contiguous
            and (first, last) == (r.first, r.last)
            and ran == (first, last)
            and match["command"] == command
            and int(match["count"]) == int(r.header.get("workers", "0") or 0)
        )
        yield Finding(NAME, number, item[:100], truth, ok)
    for name in sorted(set(rows) - seen):
        yield Finding(NAME, 1, "", f"no line says how the census of {name} was made", False)


__all__ = ["Path", "census_rows", "statistics_page"]


STRATEGY = PACKAGE / "data" / "strategy.json"
TIP_NAMES = {
    "base": "No tip",
    "tallest": "The tallest column first",
    "kings-last": "Kings last",
    "save-twos": "Twos for Aces, Queens for Kings",
    "longest-run": "The longest run first",
    "all": "All four tips",
}
"""The strategy table's row headings (English msgids) and the players they name."""


def strategy_table(page: Page) -> Iterator[Finding]:
    """Each row of the tips' table: its shares and intervals are the strategy file's bits
    counted again (``json``, not the file's reader), re-rounded to one decimal."""
    data = json.loads(STRATEGY.read_text(encoding="utf-8"))
    first, last = (int(x) for x in data["deals"].split("-"))
    deals = last - first + 1
    order = ["easy", "classic", "classic+nothing-on-king"]
    rows = {page.t(english): player for player, english in TIP_NAMES.items()}
    shown = set()
    last_row = 0
    for number, text in enumerate(page.lines, 1):
        cells = _cells(text)
        if len(cells) != 4 or cells[0] not in rows:
            continue
        player = rows[cells[0]]
        shown.add(player)
        last_row = number
        truth: list[Decimal] = []
        for rule_set in order:
            won = _strategy_won(data, rule_set, player)
            low, high = wilson(won, deals)
            truth += [tenth(Fraction(won, deals)), float_tenth(low), float_tenth(high)]
        said = [n for cell in cells[1:] for n in page.range_numbers(cell)]
        yield _strategy_finding(number, text, truth, said)
    for player in sorted(set(TIP_NAMES) - shown):
        yield Finding("strategy-table", 1, "", f"the tips' table has no row for {player}", False)
    if last_row:
        yield from _strategy_sentences(page, data, deals, last_row)


def _strategy_won(data: dict[str, Any], rule_set: str, player: str) -> int:
    """The deals ``player`` won under ``rule_set``: the set bits of the strategy file's mask."""
    return bin(int(data["results"][rule_set][player]["wins"], 16)).count("1")


def _strategy_finding(number: int, text: str, truth: list[Any], said: list[Any]) -> Finding:
    return Finding(
        "strategy-table",
        number,
        text,
        f"the strategy file's bits give {', '.join(map(str, truth))}",
        said == truth,
    )


def _strategy_sentences(
    page: Page, data: dict[str, Any], deals: int, last_row: int
) -> Iterator[Finding]:
    """The two sentences after the table: the first ends on Easy's shares of the tallest
    column, the longest run and no tip; the second's figure is the largest change, in points rounded up to a tenth,
    of Kings last and Twos for Aces, Queens for Kings from no tip, under any rule set."""

    def won(rule_set: str, player: str) -> int:
        return _strategy_won(data, rule_set, player)

    easy = [tenth(Fraction(won("easy", p), deals)) for p in ("tallest", "longest-run", "base")]
    change = max(
        abs(won(r, p) - won(r, "base"))
        for r in ("easy", "classic", "classic+nothing-on-king")
        for p in ("kings-last", "save-twos")
    )
    # the page's "at most": the largest change rounded up to a tenth of a point
    expected = [easy, [Decimal(math.ceil(Fraction(change * 1000, deals))) / 10]]
    for offset, truth in enumerate(expected, 1):
        number = last_row + offset
        text = page.lines[number - 1] if number <= len(page.lines) else ""
        said = page.numbers(text)[-len(truth) :]
        yield _strategy_finding(number, text, truth, said)
