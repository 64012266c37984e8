"""Two paths for the published figures: each parsed from its source's quoted words.

``generator/data/sources.yaml`` keeps, for each published figure, the sentence of its
source that states it (``quote``, as the addresses in ``quoted_from`` show it) and the
words of that sentence that give the figure (``states``). The figure is read from those
words here, and the pages must say what the quote says.

A figure is credited only to a work the project read: its ``source`` is an entry under
``sources`` (one under ``unchecked`` was not read), and each of its ``quoted_from``
addresses, whose text was read and shows the quote, is one of that entry's
``confirmed_by`` (:func:`attribution_problems`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import yaml

from generator.bounded import compose_yaml, load_yaml
from generator.paths import PACKAGE
from generator.twopath.findings import Finding
from generator.twopath.reader import Page, repeats_agree
from generator.twopath.statistics import (
    _alternation,
    _names,
    census_rows,
    rule_set_of,
    tenth,
    wilson,
)
from generator.twopath.wording import NUMBER_WORDS

SOURCES = PACKAGE / "data" / "sources.yaml"
WORDS = NUMBER_WORDS
"""Numbers written as words in the sources' English."""


class QuoteError(Exception):
    pass


def figure_in(states: str) -> int:
    """The one number the words give (``about 26%`` -> 26; ``nine "holes"`` -> 9)."""
    digits = re.findall(r"\d+", states)
    words = [WORDS[w] for w in re.findall(r"[a-z]+", states.lower()) if w in WORDS]
    found = [int(d) for d in digits] + words
    if len(found) != 1:
        raise QuoteError(f"{states!r} gives {len(found)} numbers, not one")
    return found[0]


@cache
def _data() -> Any:
    return load_yaml(SOURCES)


def _line(key: str, value: Any) -> int:
    lines = SOURCES.read_text(encoding="utf-8").splitlines()
    needle = f"{key}: {value}"
    return next((n for n, line in enumerate(lines, 1) if needle in line), 1)


def _item_lines() -> dict[tuple[str, int], dict[str, int]]:
    """(section, index) -> {key: its line} for each figure of ``published_figures`` and
    ``published_scoring``, from the file's composed nodes (``_line`` finds text, these the
    figure's own keys)."""
    node = compose_yaml(SOURCES)
    found: dict[tuple[str, int], dict[str, int]] = {}
    if not isinstance(node, yaml.MappingNode):
        return found
    for key, value in node.value:
        if not isinstance(value, yaml.SequenceNode):
            continue
        for index, item in enumerate(value.value):
            lines = {"": item.start_mark.line + 1}
            if isinstance(item, yaml.MappingNode):
                lines |= {str(k.value): k.start_mark.line + 1 for k, _v in item.value}
            found[(str(key.value), index)] = lines
    return found


def _at(lines: dict[str, int], field: str) -> str:
    return f"generator/data/sources.yaml:{lines.get(field, lines.get('', 1))}"


def attribution_problems() -> list[str]:
    """Each figure credited to an entry the file does not mark as read, or whose
    ``quoted_from`` is not one of that entry's ``confirmed_by`` addresses (one line each, at
    the figure's ``source`` or ``quoted_from`` line)."""
    data = _data()
    data = data if isinstance(data, dict) else {}
    read: dict[Any, Any] = data["sources"] if isinstance(data.get("sources"), dict) else {}
    unread: dict[Any, Any] = data["unchecked"] if isinstance(data.get("unchecked"), dict) else {}
    located = _item_lines()
    problems: list[str] = []
    for section, kind in (("published_figures", "rules"), ("published_scoring", "what")):
        figures = data.get(section)
        for index, figure in enumerate(figures if isinstance(figures, list) else []):
            if not isinstance(figure, dict):
                continue
            lines = located.get((section, index), {})
            name = f"the figure of {figure.get(kind)}"
            key = figure.get("source")
            if not isinstance(key, str) or key not in read:
                what = (
                    "an entry this file marks as not read (under unchecked)"
                    if isinstance(key, str) and key in unread
                    else "no entry of this file"
                )
                problems.append(
                    f"{_at(lines, 'source')}: {name} is credited to {repr(key)[:80]}, {what}: a figure may be "
                    "credited only to an entry under sources, a work the project read"
                )
                continue
            entry = read[key] if isinstance(read[key], dict) else {}
            confirmed = entry.get("confirmed_by")
            confirmed = confirmed if isinstance(confirmed, list) else []
            quoted = figure.get("quoted_from")
            if not isinstance(quoted, list) or not quoted:
                problems.append(
                    f"{_at(lines, 'source')}: {name} names no address its quote was read at "
                    f"(quoted_from: one or more of {key}'s confirmed_by)"
                )
                continue
            for address in quoted:
                if address not in confirmed:
                    problems.append(
                        f"{_at(lines, 'quoted_from')}: {name}: {str(address)[:120]!r} is not one of "
                        f"{key}'s confirmed_by addresses: a quote is confirmed by an address "
                        "that was read"
                    )
    return problems


def quoted_figures() -> tuple[dict[str, int], list[str]]:
    """What each quote states: {figure key: number} (``rules`` for a winnable share,
    ``scoring:<what>`` for the traditional scoring), and the problems with the quotes."""
    figures: dict[str, int] = {}
    problems: list[str] = []
    data = _data() or {}
    entries = [("rules", f, f.get("rules")) for f in data.get("published_figures") or []]
    entries += [("scoring", f, f.get("what")) for f in data.get("published_scoring") or []]
    for kind, figure, key in entries:
        where = f"generator/data/sources.yaml:{_line('rules' if kind == 'rules' else 'what', key)}"
        quote, states = figure.get("quote"), figure.get("states")
        value = figure.get("percent" if kind == "rules" else "value")
        if not isinstance(quote, str) or not isinstance(states, str):
            problems.append(
                f"{where}: the figure of {key} quotes no sentence of its source (quote, states)"
            )
            continue
        if " ".join(states.split()) not in " ".join(quote.split()):
            problems.append(f"{where}: {states!r} is not words of the quote")
            continue
        try:
            stated = figure_in(states)
        except QuoteError as error:
            problems.append(f"{where}: {error}")
            continue
        if stated != value:
            problems.append(
                f"{where}: the figure of {key} is {value}, its source's words say {stated}: {states!r}"
            )
        figures[f"{kind}:{key}" if kind == "scoring" else str(key)] = stated
    return figures, problems


def data_problems() -> list[str]:
    """The quotes' own problems, their attributions, and the engine's traditional scoring
    against its quotes."""
    from dataclasses import fields

    from generator.patience.rules import TRADITIONAL_SCORING

    figures, problems = quoted_figures()
    problems += attribution_problems()
    for field in fields(TRADITIONAL_SCORING):
        key = f"scoring:{field.name}"
        engine = getattr(TRADITIONAL_SCORING, field.name)
        where = f"generator/data/sources.yaml:{_line('what', field.name)}"
        if key not in figures:
            problems.append(
                f"{where}: no quote states the traditional scoring's {field.name} ({engine} in the engine)"
            )
        elif figures[key] != engine:
            problems.append(
                f"{where}: the engine's traditional scoring has {field.name} = {engine} "
                f"(generator/patience/rules.py), its source says {figures[key]}"
            )
    return problems


def sources_page(page: Page) -> Iterator[Finding]:
    """The sources page's list of the published shares: ``93% (Easy), ...``."""
    name = "published-quotes"
    figures, _problems = quoted_figures()
    names = {page.words.rule_set(rule_set_of(key)): key for key in figures if ":" not in key}
    pair = re.compile(rf"(?P<percent>\d+)\s*%\s*\((?P<rules>{_alternation(names)})\)")
    seen = set()
    for number, text in enumerate(page.lines, 1):
        for match in pair.finditer(text):
            key = names[match["rules"]]
            seen.add(key)
            yield Finding(
                name,
                number,
                match.group(0),
                f"the source says {figures[key]}% for {key}",
                int(match["percent"]) == figures[key],
            )
        par = figures.get("scoring:par")
        deals = figures.get("scoring:deals")
        template = page.t(
            "The rules of Golf patience and its traditional strict form (nothing on a "
            "King, no wrap-around, no redeal), the traditional scoring with a par of "
            "%(par)s over %(deals)s deals, and the winnable shares the statistics page "
            "compares with the census: %(figures)s. The article does not say who computed"
            " them or how."
        )
        scoring = page.pattern(template, par=r"\d+", deals=r"\d+").search(text)
        if scoring and par is not None and deals is not None:
            yield Finding(
                name,
                number,
                f"{scoring['par']}, {scoring['deals']}",
                f"the source gives a par of {par} over {deals} deals",
                (int(scoring["par"]), int(scoring["deals"])) == (par, deals),
            )
    for key in sorted(set(names.values()) - seen):
        yield Finding(name, 1, "", f"the page does not give the published figure for {key}", False)
    # each work's entry: its author, title, publisher and year as the data file has them
    data = _data() or {}
    works = {**(data.get("sources") or {}), **(data.get("unchecked") or {})}
    for key, work in works.items():
        title = str(work.get("title", ""))
        at = next(
            (
                n
                for n, text in enumerate(page.lines, 1)
                if title
                and (
                    text.startswith(f"- {title}.")
                    or (text.startswith("- ") and f": {title}." in text)
                )
            ),
            None,
        )
        if at is None:
            yield Finding(name, 1, "", f"the page does not list the work {key} ({title!r})", False)
            continue
        text = page.lines[at - 1]
        parts = [str(work[k]) for k in ("author", "publisher", "year") if work.get(k) is not None]
        missing = [part for part in parts if part not in text]
        yield Finding(
            name,
            at,
            text[:80],
            f"generator/data/sources.yaml gives {key} as {', '.join(parts)}"
            + (f" (missing: {', '.join(missing)})" if missing else ""),
            not missing,
        )


def statistics_published(page: Page) -> Iterator[Finding]:
    """The statistics page's comparisons: the published figure as quoted, the census's
    share and interval, and whether they agree."""
    name = "published-on-statistics"
    figures, _problems = quoted_figures()
    rows = census_rows()
    names = _names(page)
    alternation = _alternation(names)
    percent = rf"{page.number_pattern}\s*%"
    agree = page.pattern(
        page.t(
            "%(rules)s: the article “%(source)s” gives %(percent)s; the census finds "
            "%(share)s (%(interval)s). They agree: the interval holds shares that round "
            "to %(percent)s."
        ),
        rules=alternation,
        percent=percent,
        share=percent,
    )
    disagree = page.pattern(
        page.t(
            "%(rules)s: the article “%(source)s” gives %(percent)s; the census finds "
            "%(share)s (%(interval)s). They do not agree: no share in the interval rounds"
            " to %(percent)s."
        ),
        rules=alternation,
        percent=percent,
        share=percent,
    )
    seen = set()
    for number, text in enumerate(page.lines, 1):
        item = text[2:] if text.startswith("- ") else text
        match = agree.fullmatch(item) or disagree.fullmatch(item)
        if not match:
            continue
        key = names[match["rules"]]
        seen.add(key)
        r = rows[key]
        low, high = wilson(r.won, r.deals)
        published = figures.get(key)
        agrees = (
            published is not None and low * 100 <= published + 0.5 and high * 100 >= published - 0.5
        )
        said: tuple[object, ...] = (
            int(page.number(match["percent"])),
            page.number(match["share"]),
            bool(agree.fullmatch(item)),
        )
        if not repeats_agree(match):
            said = (None, *said[1:])  # the sentence names two different figures
        from fractions import Fraction

        truth = (published, tenth(Fraction(r.won, r.deals)), agrees)
        yield Finding(
            name,
            number,
            item[:90],
            f"the source says {published}%, the census {truth[1]}%, which {'agree' if agrees else 'do not agree'}",
            said == truth,
        )
    for key in sorted(k for k in figures if ":" not in k and k not in seen):
        yield Finding(
            name,
            1,
            "",
            f"the page does not compare the census with the published figure for {key}",
            False,
        )
