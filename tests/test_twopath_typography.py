"""The second path reads numbers and sentences as any language writes them (issue 43).

The pages write numbers with Babel (CLDR): French groups digits with a narrow no-break space
(100 000), Polish with a no-break space, Swiss French with an apostrophe; French puts a
no-break space before a colon. The page text the second path reads writes every run of spaces
as one space, so the reader must read a number and a sentence back whatever space the language
wrote. The languages here are ones the project does not ship: a rule that holds for en, nl and
de only is a bug.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from generator.i18n.catalogs import Language
from generator.site.numbers import Numbers
from generator.site.pagetext import markdown_text
from generator.twopath.reader import Page

LOCALES = ("fr", "fr_CH", "pl", "ru", "pt_BR", "es", "sv", "ar", "hi", "nb", "de_CH", "en_IN")


class Catalog:
    """Translations that translate nothing, in ``code``'s locale (a catalog's Language header)."""

    def __init__(self, code: str) -> None:
        self.code = code

    def info(self) -> dict[str, str]:
        return {"language": self.code}

    def gettext(self, message: str) -> str:
        return message

    def pgettext(self, context: str, message: str) -> str:
        return message


def page_of(code: str, markdown: str) -> Page:
    language = Language(code, code, code, False)
    lines = markdown_text(markdown, pictures=True).splitlines()
    catalog: Any = Catalog(code)
    return Page(language, "test", markdown, lines, catalog)


@pytest.mark.parametrize("code", LOCALES)
def test_every_number_a_page_writes_reads_back_in_its_language(code: str) -> None:
    numbers = Numbers(code)
    values = [100_000, 1_234_567, 7, -10, 0]
    written = [numbers.number(v) for v in values]
    shares = [numbers.tenths(5.402), numbers.tenths(-0.24)]
    markdown = "Deals " + "; ".join(written + shares) + "."
    page = page_of(code, markdown)
    assert page.numbers(page.lines[0]) == [Decimal(v) for v in values] + [
        Decimal("5.4"),
        Decimal("-0.2"),
    ], (code, page.lines[0])


@pytest.mark.parametrize("code", LOCALES)
def test_a_percentage_reads_back_in_its_language(code: str) -> None:
    numbers = Numbers(code)
    page = page_of(code, f"They won {numbers.percent(0.2634)} of {numbers.number(100_000)}.")
    found = page.numbers(page.lines[0])
    assert found == [Decimal("26.3"), Decimal("100000")], (code, page.lines[0])


def test_a_sentence_with_a_no_break_space_before_its_colon_is_found() -> None:
    # French typography: "4 restantes : 270 points", U+00A0 before the colon, U+202F in 1 000
    page = page_of("fr", "Cartes restantes\u00a0: 4, soit 1\u202f000\u00a0points.")
    pattern = page.pattern(
        "Cartes restantes\u00a0: %(count)s, soit %(points)s\u00a0points.",
        count=page.number_pattern,
        points=page.number_pattern,
    )
    found = pattern.fullmatch(page.lines[0])
    assert found is not None, page.lines[0]
    assert page.number(found["points"]) == 1000


@pytest.mark.parametrize("code", ["fr", "pl", "ar"])
def test_the_two_path_checks_read_a_new_language_s_pages(code: str) -> None:
    """Every two-path check on the pages of a language being translated, read as if it were
    published: French (complete), Polish and Arabic (their interface, home and rules pages;
    English elsewhere), each page's numbers in the language's own digits, spaces and signs,
    Arabic's dual read as the count its form stands for (بطاقتان: two cards)."""
    import dataclasses

    from generator import twopath
    from generator.i18n.catalogs import languages
    from generator.site.build import render_all

    language = dataclasses.replace(
        next(lang for lang in languages() if lang.code == code), shipped=True
    )
    english = next(lang for lang in languages() if lang.code == "en")
    result = twopath.run(render_all([language, english]), [language, english])
    assert result.problems == []
    # every line the checks verify in English they find and verify in the translation
    verified = {
        code: {(page, line) for c, page, line in result.verified if c == code}
        for code in (code, "en")
    }
    assert verified[code] == verified["en"], sorted(verified["en"] ^ verified[code])[:10]
