"""Two paths for the sources page's list of seed errata: each place read back from the page and
found again in the seed file, the page it corrects and the errata file.

``docs_src/seed_errata.yaml`` is read here with :mod:`yaml` (not the errata reader of
:mod:`generator.pages.errata`), each seed file line by line, and the corrected page's approved
text (``docs_src/approved/<code>/<page>.txt``, which ``check`` holds equal to the rendered page).
For every place the sources page lists (``seed-errata``):

- under the heading of its page and language, its line of the seed file holds the words the
  sources page quotes as the text's, once;
- the words the sources page quotes as the page's are the erratum's, and the corrected page holds
  them (an addition: the seed's words followed by them);
- the numbers of its reason, in the page's language, are the English reason's (a translation
  cannot change a fact; the English reason's facts are the claim's the erratum names, which
  ``check`` plays);

and every erratum of the file is listed once.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from babel import Locale

from generator.bounded import load_yaml
from generator.i18n.catalogs import ROOT, languages
from generator.twopath.findings import Finding
from generator.twopath.reader import Page

ERRATA = ROOT / "docs_src" / "seed_errata.yaml"
NAME = "seed-errata"
PAGE_NAMES = {"rules": "Golf patience", "six-card-golf": "Golf, the card game"}
"""The names the sources page gives the seed pages (its headings): the messages of the
English page."""
_ENGLISH_NUMBER = re.compile(r"[-−]?\d+(?:\.\d+)?")


def _errata() -> list[dict[str, Any]]:
    found = load_yaml(ERRATA) if ERRATA.exists() else None
    return [e for e in found or [] if isinstance(e, dict)]


def _seed_pages() -> dict[str, tuple[str, str]]:
    """Seed file -> (language code, page), from ``locales/languages.yaml``."""
    pages = {}
    for language in languages():
        for page, path in language.seed_pages.items():
            pages[Path(path).resolve().relative_to(ROOT).as_posix()] = (language.code, page)
    return pages


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").split("\n")
    except OSError:
        return []


def _plain(text: str) -> str:
    """``text`` with its minus signs as hyphen-minus: the site writes a sign as U+2212, the
    seeds and an erratum may write either."""
    return text.replace("\u2212", "-")


def _numbers(page: Page, text: str) -> Counter[str]:
    return Counter(str(n).replace("−", "-") for n in page.numbers(text))


def _unquoted(
    current: dict[str, Any] | None, expected: list[str], number: int
) -> Iterator[Finding]:
    """A finding for each line of the erratum's page words the page did not quote."""
    for words in expected if current is not None else []:
        yield Finding(
            NAME,
            number,
            f"line {current.get('line') if current else '?'}: {words[:50]!r}",
            "the page does not quote these words of the erratum",
            False,
        )


def errata_list(page: Page) -> Iterator[Finding]:
    """The sources page's errata, each compared with the files it quotes."""
    errata = _errata()
    seed_pages = _seed_pages()
    heading_of = {}
    for seed_file, (code, name) in seed_pages.items():
        language = Locale.parse(code).get_display_name(page.locale) or code
        heading_of[seed_file] = page.t("%(page)s, in %(language)s") % {
            "page": page.t(PAGE_NAMES.get(name, name)),
            "language": language,
        }
    start = page.pattern(page.t("Line %(line)s:"), line=r"\d+")
    seed_words = page.pattern(page.t("The text: “%(words)s”"), words=".+")
    page_words = page.pattern(page.t("The page: “%(words)s”"), words=".+")
    added_words = page.pattern(page.t("The page adds: “%(words)s”"), words=".+")
    listed: Counter[int] = Counter()
    heading = ""
    current: dict[str, Any] | None = None
    expected: list[str] = []  # the current erratum's page words still to be quoted, by line
    for number, text in enumerate(page.lines, 1):
        item = text.removeprefix("- ")
        opened = start.match(item)
        if opened or text in heading_of.values():
            yield from _unquoted(current, expected, number)
            current, expected = None, []
        if text in heading_of.values():
            heading = text
            continue
        if opened:
            current = None
            quoted = seed_words.search(item, opened.end())
            if quoted is None:
                yield Finding(NAME, number, item[:60], "a place without the text's words", False)
                continue
            # the site writes the seed's hyphen-minus signs as minus signs
            said_line, said_seed = int(opened["line"]), quoted["words"].replace("−", "-")
            matches = [
                (i, e)
                for i, e in enumerate(errata)
                if e.get("line") == said_line
                and _plain(str(e.get("seed"))) == said_seed
                and heading_of.get(str(e.get("seed_file"))) == heading
            ]
            if len(matches) != 1:
                yield Finding(
                    NAME,
                    number,
                    f"line {said_line}: {said_seed[:50]!r} under {heading!r}",
                    "no erratum of docs_src/seed_errata.yaml quotes these words of this page's "
                    "text at this line",
                    False,
                )
                continue
            index, current = matches[0]
            listed[index] += 1
            seed, words = _plain(str(current["seed"])), _plain(str(current["page"]))
            if current.get("kind") == "addition":  # its added words, a quote for each line
                expected = [ln.strip() for ln in words[len(seed) :].split("\n") if ln.strip()]
            else:
                expected = [words]
            lines = _lines(ROOT / str(current["seed_file"]))
            held = (
                _plain(lines[said_line - 1]).count(said_seed) if 1 <= said_line <= len(lines) else 0
            )
            yield Finding(
                NAME,
                number,
                f"line {said_line}: {said_seed[:50]!r}",
                f"{current['seed_file']}:{said_line} holds these words {held} times, not once",
                held == 1,
            )
            reason = item[opened.end() : quoted.start()]
            english = Counter(
                str(Decimal(n.replace("−", "-")))
                for n in _ENGLISH_NUMBER.findall(str(current.get("reason")))
            )
            english_reason = str(current.get("reason"))
            if page.t(english_reason, "seed erratum") == english_reason:
                # not translated yet (a preview): the English reason, its numbers English's
                shown = Counter(
                    str(Decimal(n.replace("−", "-"))) for n in _ENGLISH_NUMBER.findall(reason)
                )
            else:
                shown = _numbers(page, reason)
            yield Finding(
                NAME,
                number,
                ", ".join(sorted(shown.elements())) or "no number",
                "its reason's numbers are the English reason's: "
                + (", ".join(sorted(english.elements())) or "none"),
                shown == english,
            )
            continue
        if current is None:
            continue
        addition = current.get("kind") == "addition"
        found = (added_words if addition else page_words).fullmatch(item)
        if found is None:
            continue
        said = found["words"].replace("−", "-")
        words = _plain(str(current["page"]))
        code, name = seed_pages.get(str(current["seed_file"]), ("", ""))
        approved = ROOT / "docs_src" / "approved" / code / f"{name}.txt"
        # the page writes a minus sign where the seed (and its errata) have a hyphen
        text_of_page = "\n".join(_lines(approved)).replace("−", "-")
        wanted = expected.pop(0) if expected else ""
        ok = said == wanted and words in text_of_page
        yield Finding(
            NAME,
            number,
            said[:60],
            f"the erratum's words are {wanted[:60]!r}, and {approved.relative_to(ROOT)} "
            + ("holds them" if words in text_of_page else "does not hold the erratum's page words"),
            ok,
        )
        if not expected:
            current = None
    yield from _unquoted(current, expected, len(page.lines))
    for index, erratum in enumerate(errata):
        if listed[index] != 1:
            yield Finding(
                NAME,
                1,
                "",
                f"the page lists the erratum of {erratum.get('seed_file')} line "
                f"{erratum.get('line')} {listed[index]} times, not once",
                False,
            )
