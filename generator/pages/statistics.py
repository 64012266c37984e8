"""What the statistics and sources pages show: the census and the literature.

Every figure of the statistics page comes from the census files
(``generator/data/census/``, read by :mod:`generator.census`) at build
time: the winnable share of each rule set with its 95% Wilson interval, the
best scores of the deals that cannot be won, and the census's own command. The
published figures it is compared with, and the sources page's bibliography,
come from ``generator/data/sources.yaml``. Nothing here knows how many deals
the census holds.

What the sentences say about these figures is checked by
:mod:`generator.pages.statistics_claims`. Where a figure cannot be derived (a
census file without best results, no census at all), a :class:`ClaimError`
names the claim, and ``check`` names the sentence that needs it.

>>> low, high = wilson(45, 100)
>>> round(low, 4), round(high, 4)
(0.3561, 0.5476)
"""

from __future__ import annotations

import datetime
import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from generator.census import (
    BEST_NONE,
    CENSUS_DIR,
    Census,
    available_census,
    load_census,
    parse_rule_set,
)
from generator.pages.claims import ClaimError
from generator.pages.errata import ErrataError, PageErrata, errata_by_page
from generator.pages.recorded import DATA_DIR, DataFileError, _Located
from generator.patience import SCORING, TABLEAU_SIZE, GolfError, Rules, RuleSet
from generator.patience.players import PLAYERS

SOURCES = DATA_DIR / "sources.yaml"
CONFIDENCE = 95
"""The confidence level of the intervals, in percent."""
Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

RELAX_ORDER = ("strict", "classic+nothing-on-king", "classic", "easy")
"""The rule sets from the strictest to the most relaxed, by their census names;
each one's winnable deals include the previous one's. Other rule sets (jokers,
empty waste) follow them on the page, in the order of their names."""

GAMES = ("patience", "sixcard")
COMMAND = re.compile(r"[\w][\w .,:=+/@-]*")
"""A command as the page shows it, in a code span: words, numbers, options (a census made
through another executor, or another tool, is shown like any other: no one command text is
demanded)."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``successes / trials``.

    >>> wilson(0, 10)[0], round(wilson(10, 10)[1], 12)
    (0.0, 1.0)
    """
    if trials <= 0:
        raise ValueError(f"no trials: {trials!r}")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rounds_to(low: float, high: float, percent: int) -> bool:
    """Whether some share in ``[low, high]`` rounds to the whole ``percent``.

    A published figure is a whole percent: it agrees with the census when the
    interval reaches the range of shares that round to it.

    >>> rounds_to(0.2540, 0.2610, 26), rounds_to(0.2650, 0.2700, 26)
    (True, False)
    """
    return low < (percent + 0.5) / 100 and high >= (percent - 0.5) / 100


# -- sources -----------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """A work of the literature, as ``sources.yaml`` records it."""

    key: str
    author: str | None
    title: str
    year: int | None
    publisher: str
    url: str | None
    game: str
    confirmed_by: tuple[str, ...]
    checked: bool
    """False for a work the project could not read (its bibliography confirmed only)."""


@dataclass(frozen=True)
class PublishedFigure:
    """A winnable share the literature publishes for a rule set."""

    rules: str
    """The rule set as the census names it (``str(RuleSet)``)."""
    rule_set: RuleSet
    percent: int
    source: Source
    line: int
    """Its line in ``sources.yaml``, for messages that say where."""


@dataclass(frozen=True)
class Literature:
    sources: tuple[Source, ...]
    figures: tuple[PublishedFigure, ...]
    path: Path

    def checked(self, game: str) -> list[Source]:
        return [s for s in self.sources if s.checked and s.game == game]

    @property
    def unchecked(self) -> list[Source]:
        return [s for s in self.sources if not s.checked]


def load_sources(path: Path = SOURCES) -> Literature:
    """Read ``sources.yaml``; a :class:`DataFileError` (``file:line: what``) if malformed."""
    data = _Located(path)
    top = data.mapping(data.data, "the file")
    sources: dict[str, Source] = {}
    for group, checked in (("sources", True), ("unchecked", False)):
        entries = data.mapping(data.field(top, group), group)
        for key, entry in entries.items():
            entry = data.mapping(entry, f"{group}: {key}")
            if key in sources:
                raise data.error(entry, f"source {key!r} is listed twice")
            sources[key] = _source(data, str(key), entry, checked)
    figures = []
    for item in data.mappings(top, "published_figures", "a published figure"):
        key = data.field(item, "source")
        if key not in sources or not sources[key].checked:
            raise data.error(
                item,
                f"source {key!r} is not a confirmed source of the file"
                + (" (it is under unchecked: not read)" if key in sources else ""),
            )
        quoted = item.get("quoted_from")
        if (
            not isinstance(quoted, list)
            or not quoted
            or any(address not in sources[key].confirmed_by for address in quoted)
        ):
            raise data.error(
                item,
                f"quoted_from must list the addresses the quote was read at, each one of "
                f"{key}'s confirmed_by, not {repr(quoted)[:120]}",
            )
        percent = data.field(item, "percent")
        if not isinstance(percent, int) or isinstance(percent, bool) or not 0 <= percent <= 100:
            raise data.error(item, f"percent must be a whole number from 0 to 100, not {percent!r}")
        rules = data.field(item, "rules")
        if not isinstance(rules, str):
            raise data.error(item, f"rules must be a rule set's name, not {rules!r}")
        try:
            rule_set = parse_rule_set(rules)
        except GolfError as error:
            raise data.error(item, str(error)) from None
        figures.append(PublishedFigure(rules, rule_set, percent, sources[key], data.line(item)))
    return Literature(tuple(sources.values()), tuple(figures), path)


ADDRESS = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[^\s\"'<>\\`]*)?")
"""An address the sources page may link to: http(s), a host name, and a path without blanks,
quotes, angle brackets, backslashes or backticks (each would end or break the link)."""


def address_problem(address: object) -> str | None:
    r"""What is wrong with ``address`` as a link of the sources page, if anything.

    >>> address_problem("https://www.pagat.com/draw/golf.html") is None
    True
    >>> address_problem('https://example.org/a" onclick="x')
    'not an http(s) address without blanks or quotes: \'https://example.org/a" onclick="x\''
    """
    if not isinstance(address, str) or not ADDRESS.fullmatch(address):
        return f"not an http(s) address without blanks or quotes: {address!r}"
    return None


def _source(data: _Located, key: str, entry: dict[str, Any], checked: bool) -> Source:
    def text(name: str, optional: bool = False) -> str | None:
        value = data.field(entry, name)
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            raise data.error(entry, f"{key}: {name} must be text, not {value!r}")
        hidden = [c for c in value if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")]
        if hidden:
            raise data.error(
                entry,
                f"{key}: {name} {value!r} holds an invisible character (U+{ord(hidden[0]):04X}); "
                "the sources page shows it",
            )
        return value

    year = data.field(entry, "year")
    if year is not None and (not isinstance(year, int) or isinstance(year, bool)):
        raise data.error(entry, f"{key}: year must be a year or null, not {year!r}")
    game = data.field(entry, "game")
    if game not in GAMES:
        raise data.error(entry, f"{key}: game must be one of {list(GAMES)}, not {game!r}")
    confirmed = data.field(entry, "confirmed_by")
    if not isinstance(confirmed, list) or not confirmed:
        raise data.error(entry, f"{key}: confirmed_by must list the addresses that confirmed it")
    for address in confirmed:
        problem = address_problem(address)
        if problem:
            raise data.error(confirmed, f"{key}: confirmed_by: {problem}")
    url = text("url", optional=True)
    if url is not None:
        problem = address_problem(url)
        if problem:
            raise data.error(entry, f"{key}: url: {problem}")
        hosts = {urlsplit(address).hostname for address in confirmed}
        shown_by = entry.get("url_shown_by")
        if shown_by is not None:
            if (
                not isinstance(shown_by, dict)
                or set(shown_by) != {"page", "shows"}
                or shown_by["page"] not in confirmed
            ):
                raise data.error(
                    entry,
                    f"{key}: url_shown_by must be {{page: one of its confirmed_by addresses, "
                    f"shows: the address that page links to}}, not {shown_by!r}",
                )
            if shown_by["shows"] != url:
                raise data.error(
                    entry,
                    f"{key}: url {url!r} is not the address its confirming page "
                    f"{shown_by['page']} shows ({shown_by['shows']!r})",
                )
        if url not in confirmed and urlsplit(url).hostname not in hosts and shown_by is None:
            raise data.error(
                entry,
                f"{key}: url {url!r} is on none of the hosts that confirmed the entry "
                f"({', '.join(sorted(str(host) for host in hosts))}): a link goes where the "
                "search confirmed the work; list the new address under confirmed_by, or name "
                "the confirming page that shows it (url_shown_by)",
            )
    return Source(
        key=key,
        author=text("author", optional=True),
        title=str(text("title")),
        year=year,
        publisher=str(text("publisher")),
        url=url,
        game=game,
        confirmed_by=tuple(confirmed),
        checked=checked,
    )


# -- the census --------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    """The winnable share of one rule set in the census, and what the literature says."""

    rule_set: RuleSet
    name: str
    """``str(rule_set)``: the census file's name."""
    deals: int
    winnable: int
    low: float
    high: float
    first: int
    last: int
    published: PublishedFigure | None
    agrees: bool | None
    """Whether the interval reaches the published whole percent (None: nothing published)."""

    @property
    def share(self) -> float:
        return self.winnable / self.deals


@dataclass(frozen=True)
class ScoreCount:
    score: int
    removed: int
    deals: int
    share: float
    """Of the deals that cannot be won."""


@dataclass(frozen=True)
class BestScores:
    """The best possible score of the deals one rule set cannot win."""

    name: str
    rule_set: RuleSet
    unwinnable: int
    scores: tuple[ScoreCount, ...]
    """From the best score down, one entry per score that occurs."""

    @property
    def best(self) -> ScoreCount:
        return self.scores[0]

    half_removed: int
    """The most cards that at least half of these deals let a player remove (their
    median best result, the higher one of the two middle deals)."""

    @property
    def shares(self) -> dict[int, float]:
        """Score -> share of the deals that cannot be won."""
        return {s.score: s.share for s in self.scores}

    @property
    def most_common(self) -> ScoreCount:
        """The best score that most of these deals allow (of two as common, the higher)."""
        return max(self.scores, key=lambda s: s.deals)


@dataclass(frozen=True)
class Step:
    """One relaxation: from a rule set to the next more relaxed one in :data:`RELAX_ORDER`."""

    stricter: Share
    relaxed: Share

    @property
    def gain(self) -> float:
        """How much the winnable share rises (a share: 0.19 is 19 percentage points)."""
        return self.relaxed.share - self.stricter.share


def _order(census: Census) -> tuple[int, str]:
    name = str(census.rule_set)
    return (RELAX_ORDER.index(name), "") if name in RELAX_ORDER else (len(RELAX_ORDER), name)


_LOADED: dict[tuple[object, ...], list[Census]] = {}
"""The census files last read, by folder and the files' names, sizes and times: a
build asks for the page's facts several times, and a full census takes a second
to read."""


def load_all_census(folder: Path = CENSUS_DIR) -> list[Census]:
    """Every census file present, the strictest rule set first (see :data:`RELAX_ORDER`)."""
    files = sorted(folder.glob("*.csv.gz")) if folder.is_dir() else []
    key = (folder.resolve(), *((f.name, f.stat().st_size, f.stat().st_mtime_ns) for f in files))
    if key not in _LOADED:
        found = [load_census(rule_set, folder) for rule_set in available_census(folder)]
        if not found:
            raise ClaimError("census-shares", f"no census file in {folder}")
        _LOADED.clear()
        _LOADED[key] = sorted(found, key=_order)
    return list(_LOADED[key])


def share_of(census: Census, figures: Sequence[PublishedFigure]) -> Share:
    if not len(census):
        raise ClaimError("census-shares", f"the census of {census.rule_set} has no deals")
    winnable = census.won
    low, high = wilson(winnable, len(census))
    name = str(census.rule_set)
    published = next((f for f in figures if f.rules == name), None)
    agrees = None if published is None else rounds_to(low, high, published.percent)
    return Share(
        census.rule_set,
        name,
        len(census),
        winnable,
        low,
        high,
        census.first,
        census.last,
        published,
        agrees,
    )


UNWON = bytes.maketrans(b"\x00\x01", b"\x01\x00")
"""``census.winnable.translate(UNWON)``: 1 where a deal cannot be won."""


def best_scores(census: Census) -> BestScores:
    """The distribution of the best score of the deals ``census`` cannot win."""
    name = str(census.rule_set)
    removed = Counter(itertools.compress(census.best, census.winnable.translate(UNWON)))
    if BEST_NONE in removed:
        index = next(
            i
            for i, (won, best) in enumerate(zip(census.winnable, census.best, strict=True))
            if not won and best == BEST_NONE
        )
        raise ClaimError(
            "best-scores",
            f"the census of {name} has no best result for deal {census.first + index} "
            f"({removed[BEST_NONE]} unwinnable deal(s) without one): run the census with the "
            "best mode",
        )
    unwinnable = sum(removed.values())
    scores: Counter[int] = Counter()
    lowest: dict[int, int] = {}
    for count, deals in removed.items():
        score = SCORING.stuck_score(count)
        scores[score] += deals
        lowest[score] = min(lowest.get(score, count), count)
    half, reached = BEST_NONE, 0
    for count in sorted(removed, reverse=True):  # from the most cards removed down
        half, reached = count, reached + removed[count]
        if 2 * reached >= unwinnable:
            break
    return BestScores(
        name,
        census.rule_set,
        unwinnable,
        tuple(
            ScoreCount(score, lowest[score], deals, deals / unwinnable)
            for score, deals in sorted(scores.items(), reverse=True)
        ),
        half,
    )


@dataclass(frozen=True)
class BestSummary:
    """What the page says of the best scores: Classic's, and the range of the main rule sets."""

    classic: BestScores
    main: tuple[BestScores, ...]
    """The rule sets of :data:`RELAX_ORDER` that have a census, the strictest first."""
    common_low: BestScores
    """Of ``main``, the one whose most common best score is that of the fewest deals."""
    common_high: BestScores
    half_low: BestScores
    """Of ``main``, the one with the fewest cards that half of its deals allow removing."""
    half_high: BestScores


def best_summary(best: Sequence[BestScores]) -> BestSummary:
    """The figures the page's sentences about the best scores name."""
    main = tuple(b for b in best if b.name in RELAX_ORDER)
    classic = next((b for b in main if b.name == "classic"), None)
    if classic is None:
        raise ClaimError("best-common", "no census of classic")
    empty = next((b.name for b in main if not b.scores), None)
    if empty is not None:
        raise ClaimError("best-common", f"the census of {empty} has no deal it cannot win")

    def share(b: BestScores) -> float:
        return b.most_common.share

    def half(b: BestScores) -> int:
        return b.half_removed

    return BestSummary(
        classic,
        main,
        min(main, key=share),
        max(main, key=share),
        min(main, key=half),
        max(main, key=half),
    )


def best_tables(best: Sequence[BestScores]) -> list[list[BestScores]]:
    """The best scores in tables narrow enough for a phone: the main rule sets of
    :data:`RELAX_ORDER`, then the variants of each rule set (Classic with one
    Joker, ...), a table for each rule set, in the page's order."""
    variants: dict[Rules, list[BestScores]] = {}
    for b in best:
        if b.name not in RELAX_ORDER:
            variants.setdefault(b.rule_set.rules, []).append(b)
    main = [b for b in best if b.name in RELAX_ORDER]
    return [table for table in (main, *variants.values()) if table]


@dataclass(frozen=True)
class Method:
    """How one census file was made, from its header."""

    rule_set: RuleSet
    name: str
    command: str
    solver: str
    workers: int
    made: datetime.date
    first: int
    last: int


def method_of(census: Census) -> Method:
    header = census.header
    missing = [k for k in ("command", "solver", "workers", "made", "deals") if not header.get(k)]
    if missing:
        raise ClaimError(
            "census-method",
            f"the census of {census.rule_set} has no {missing[0]!r} in its header",
        )
    if not COMMAND.fullmatch(header["command"]):
        raise ClaimError(
            "census-method",
            f"the census of {census.rule_set} has a command the page cannot show as it is: "
            f"{header['command']!r}",
        )
    deals = re.fullmatch(r"(\d+)-(\d+)", header["deals"])
    try:
        made = datetime.date.fromisoformat(header["made"])
    except ValueError:
        made = None
    if not deals or made is None or not header["workers"].isdigit():
        raise ClaimError(
            "census-method",
            f"the census of {census.rule_set} has a header the page cannot read: deals "
            f"{header['deals']!r}, made {header['made']!r}, workers {header['workers']!r}",
        )
    return Method(
        census.rule_set,
        str(census.rule_set),
        header["command"],
        header["solver"],
        int(header["workers"]),
        made,
        int(deals[1]),
        int(deals[2]),
    )


def statistics_page_facts(folder: Path = CENSUS_DIR, sources: Path = SOURCES) -> dict[str, Any]:
    """Everything the statistics and sources pages show."""
    try:
        literature = load_sources(sources)
    except DataFileError as error:
        raise ClaimError("published-figures", str(error)) from None
    all_census = load_all_census(folder)
    shares = [share_of(census, literature.figures) for census in all_census]
    relax = [s for s in shares if s.name in RELAX_ORDER]
    best = [best_scores(census) for census in all_census]
    steps = [Step(a, b) for a, b in itertools.pairwise(relax)]
    return {
        "census": all_census,
        "shares": shares,
        "compared": [s for s in shares if s.published is not None],
        "relax": relax,
        "steps": steps,
        "largest_step": max(steps, key=lambda step: step.gain) if steps else None,
        "best": best,
        "best_score_rows": sorted({c.score for b in best for c in b.scores}, reverse=True),
        "best_summary": best_summary(best),
        "best_tables": best_tables(best),
        "methods": [method_of(census) for census in all_census],
        "tableau": TABLEAU_SIZE,
        "confidence": CONFIDENCE,
        "literature": literature,
        "patience_sources": literature.checked("patience"),
        "sixcard_sources": literature.checked("sixcard"),
        "unchecked_sources": literature.unchecked,
        "errata": seed_errata(),
        **strategy_facts(),
    }


@dataclass(frozen=True)
class TipRow:
    """One player of :mod:`generator.patience.players` on the strategy file's deals: under each
    rule set of :data:`generator.strategy.RULE_SETS`, the deals won and the share's interval."""

    player: str
    won: tuple[int, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]


def seed_errata() -> list[PageErrata]:
    """The seed errata (``docs_src/seed_errata.yaml``) by page, as the sources page lists them."""
    try:
        return errata_by_page()
    except ErrataError as error:
        raise ClaimError("seed-errata", str(error)) from None


def strategy_facts() -> dict[str, Any]:
    """The strategy file (``generator/data/strategy.json``) as the statistics page shows it."""
    from generator.strategy import RULE_SETS, StrategyError, load_strategy

    try:
        strategy = load_strategy()
    except StrategyError as error:
        raise ClaimError("strategy-table", str(error)) from None
    rows = []
    for player in PLAYERS:
        won = tuple(strategy.result(r, player).won for r in RULE_SETS)
        bounds = [wilson(w, strategy.deals) for w in won]
        rows.append(TipRow(player, won, *(tuple(b[i] for b in bounds) for i in (0, 1))))
    return {
        "strategy": strategy,
        "strategy_rule_sets": [parse_rule_set(r) for r in RULE_SETS],
        "strategy_rows": rows,
        # "at most" a figure with one decimal of a percentage point: rounded up, never down
        "strategy_little": math.ceil(
            1000
            * max(
                abs(row.won[i] - rows[0].won[i]) / strategy.deals
                for row in rows
                if row.player in LITTLE
                for i in range(len(RULE_SETS))
            )
            - 1e-9
        )
        / 1000,
    }


LITTLE = ("kings-last", "save-twos")
"""The tips the page says are worth little (claim ``strategy-little`` checks it)."""
