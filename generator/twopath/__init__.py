"""Two paths for every value a page shows: what the rendered page says, read back and
re-derived from the engine and the data by code that shares nothing with the facts layer.

The facts layer (:mod:`generator.pages`, :mod:`generator.site.numbers`, the pictures)
computes each number, card, score, verdict and percentage once, for the page. This room
reads the *rendered* page of every language back (its text as the approved texts hold
it, and its pictures' drawn cards and figures) and derives each value again:

- ``examples-lines`` (examples page): every deal board is the deal its code deals; each
  verdict cell is proved (a "no" by the solver, a "yes, in N moves" by replaying the
  data's line for that rule set and counting it); the shown line, read from the page, is
  that line, move by move;
- ``won-game-replay`` (won game page, rules page boards): the moves read from the boards
  replayed in the engine from the deal of the code the page names; each board, score,
  count and the end sentence compared with the engine's position;
- ``solve-answer`` (Solve page): the answer it shows for its own deal before its script runs,
  each verdict solved again (a win replayed and counted, a "no" by the solver with its best
  line's cards), the line's title and the deal's score;
- ``letters-<page>`` (the pages that draw patience boards): the legend that says which card
  the jack's, queen's and king's short forms stand for, each short form read as the page's
  cards are and its name as the engine's cards are named;
- ``stuck-scores`` (rules page): each stuck example's points scored by the engine;
- ``census-figures`` (statistics page): the census rows read again (gzip and csv, not the
  census reader), each count and share re-counted and re-rounded (``decimal``, half to
  even) and compared with the tables, the charts' text and the sentences;
- ``strategy-table`` (statistics page): the tips' table, each share and interval counted again
  from the bits of ``generator/data/strategy.json`` (read with :mod:`json`), and the
  figures of the two sentences after it;
- ``sixcard-grids`` (6-Card Golf page): each grid picture re-scored from its own drawn
  cards by the engine's scorer, compared with its column scores and its title;
- ``published-quotes`` (sources and statistics pages): each published figure parsed from
  its source's quoted sentence (``generator/data/sources.yaml``) and compared with what
  the pages say the source gives;
- ``seed-errata`` (sources page): each place where a page differs from its seed, found again
  in the seed file (its line holds the quoted words), the corrected page's approved text and
  ``docs_src/seed_errata.yaml`` (read with :mod:`yaml`), its reason's numbers the English
  reason's;
- ``drawn-<page>`` (every page with pictures): each picture read as it is drawn
  (:mod:`generator.twopath.pictures`): every card's corner, pip and colour, every board's
  columns, waste and stock against the engine's position, every 6-Card Golf grid's cells
  and scores against the engine's scorer, every chart bar's length against the census.

:func:`run` returns every problem (``file:line: what``, the file and line being the
page's approved text, where the value stands) and the lines it verified, which
``approve`` names as the backing of a changed value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from generator.i18n.catalogs import ROOT, Language
from generator.timelimit import CHECK_SECONDS, TimeLimitExceeded, time_limit
from generator.twopath.findings import Finding
from generator.twopath.reader import Page

Check = Callable[[Page], Iterable[Finding]]


@dataclass
class Result:
    problems: list[str] = field(default_factory=list)
    verified: dict[tuple[str, str, int], set[str]] = field(default_factory=dict)
    """(language code, page, line) -> the two-path checks that verified a value there."""
    counts: dict[str, int] = field(default_factory=dict)
    """Check name -> how many values it compared."""


def approved_file(code: str, page: str) -> str:
    return f"docs_src/approved/{code}/{page}.txt"


def checks() -> dict[str, tuple[str, Check]]:
    """Every two-path check: name -> (the page it reads, the check)."""
    from generator.twopath import errata, patience, pictures, sixcard, sources, statistics

    return {
        "examples-lines": ("examples", patience.examples_page),
        "won-game-replay": ("won-game", patience.won_game_page),
        "rules-boards": ("rules", patience.rules_page),
        "census-figures": ("statistics", statistics.statistics_page),
        "strategy-table": ("statistics", statistics.strategy_table),
        "sixcard-grids": ("six-card-golf", sixcard.sixcard_page),
        "published-quotes": ("sources", sources.sources_page),
        "seed-errata": ("sources", errata.errata_list),
        "published-on-statistics": ("statistics", sources.statistics_published),
        "drawn-examples": ("examples", pictures.examples_pictures),
        "drawn-won-game": ("won-game", pictures.won_game_pictures),
        "drawn-rules": ("rules", pictures.rules_pictures),
        "solve-answer": ("solve", patience.solve_page),
        "letters-rules": ("rules", patience.card_letters),
        "letters-examples": ("examples", patience.card_letters),
        "letters-won-game": ("won-game", patience.card_letters),
        "letters-solve": ("solve", patience.card_letters),
        "drawn-solve": ("solve", pictures.solve_pictures),
        "drawn-six-card-golf": ("six-card-golf", pictures.sixcard_pictures),
        "drawn-statistics": ("statistics", pictures.statistics_pictures),
    }


def run(
    rendered: dict[str, dict[str, str]],
    languages: list[Language],
    pages: set[str] | None = None,
) -> Result:
    """Every two-path check on every shipped (or seed-tied) language's rendered pages
    (``pages``: only those pages' checks)."""
    from generator.twopath import sources

    result = Result()
    result.problems.extend(sources.data_problems())
    for language in languages:
        if not (language.shipped or language.seed_pages) or language.code not in rendered:
            continue
        read: dict[str, Page] = {}
        for name, (page_name, check) in checks().items():
            if pages is not None and page_name not in pages:
                continue
            source = rendered[language.code].get(f"{page_name}.md")
            if source is None:
                result.problems.append(
                    f"{approved_file(language.code, page_name)}:1: no such page to check "
                    f"(two-path {name})"
                )
                continue
            page = read.get(page_name) or Page.of(language, page_name, source)
            read[page_name] = page
            count = 0
            try:
                with time_limit(
                    CHECK_SECONDS, f"the two-path check {name} of the {page_name} page"
                ):
                    findings = list(check(page))
            except TimeLimitExceeded as error:
                result.problems.append(f"{approved_file(language.code, page_name)}:1: {error}")
                continue
            except Exception as error:  # a page the reader cannot follow is a problem too
                findings = [
                    Finding(
                        name, 1, "", f"cannot read the page: {type(error).__name__}: {error}", False
                    )
                ]
            for finding in findings:
                count += 1
                key = (language.code, page_name, finding.line)
                if finding.ok:
                    result.verified.setdefault(key, set()).add(name)
                    continue
                said = f"says {finding.said!r}" if finding.said else "does not say it"
                result.problems.append(
                    f"{approved_file(language.code, page_name)}:{finding.line}: the "
                    f"{language.code} {page_name} page {said}; {finding.truth} "
                    f"(two-path {name})"
                )
            result.counts[name] = result.counts.get(name, 0) + count
    # problems on a line make it unverified, whatever else agreed on it
    for problem in result.problems:
        where, _, _ = problem.partition(": ")
        path, _, line = where.rpartition(":")
        parts = path.split("/")
        if len(parts) == 4 and line.isdigit():
            result.verified.pop((parts[2], parts[3].removesuffix(".txt"), int(line)), None)
    return result


__all__ = ["ROOT", "Finding", "Result", "checks", "run"]
