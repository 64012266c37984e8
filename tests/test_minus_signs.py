"""One minus sign on the whole site: every negative number a page shows is written with the
minus sign U+2212 (``−2``), as the patience pages' score table writes ``−10``, never with the
hyphen-minus (``-2``).

Read: the text of every page of every language as a visitor sees or hears it (its text, the
pictures' titles, descriptions and drawn text, and the attributes a screen reader reads), not
its scripts, styles or other attributes. A hyphen that follows a letter or a digit joins
words or numbers, not a sign: the deal codes (``GO1-E-AAAAAAB``), the catalogs' ranges
(``2-9``, ``5-6 spelers``), dates (``2026-12-02``), card names (``Pik-9``), ``2x3-raster``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.i18n.catalogs import shipped_languages
from generator.site.build import build_site

HYPHEN_MINUS_NUMBER = re.compile(r"(?<![\w\-−.,/])-\d")
"""A hyphen-minus that is a number's sign: before a digit, after no letter, digit or joiner."""
READ_ATTRIBUTES = frozenset({"aria-label", "aria-valuetext", "alt", "title", "placeholder"})


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("minus") / "site"
    build_site(out)
    return out


class _ShownText(HTMLParser):
    """A page's text nodes and read attributes, outside ``<script>``, ``<style>``, ``<template>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style", "template"}:
            self.hidden += 1
        self.texts += [value for name, value in attrs if name in READ_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style", "template"} and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.texts.append(data)


def hyphen_minus_numbers(page: str) -> list[str]:
    """Each hyphen-minus written as a number's sign in ``page``, with a little context."""
    parser = _ShownText()
    parser.feed(page)
    found = []
    for text in parser.texts:
        found += [
            text[max(0, m.start() - 20) : m.end()] for m in HYPHEN_MINUS_NUMBER.finditer(text)
        ]
    return found


@pytest.mark.parametrize("code", [language.code for language in shipped_languages()])
def test_every_negative_number_has_the_minus_sign(site: Path, code: str) -> None:
    pages = sorted((site / code).rglob("*.html"))
    assert len(pages) >= 8
    problems = {
        page.relative_to(site).as_posix(): found
        for page in pages
        if (found := hyphen_minus_numbers(page.read_text(encoding="utf-8")))
    }
    assert problems == {}


@pytest.mark.parametrize(
    ("html", "found"),
    [
        ("<p>Heer=0, Joker=-2.</p>", ["Heer=0, Joker=-2"]),
        (
            '<svg><desc>scores: 0, 6, -2</desc><text x="-4">-2</text></svg>',
            ["scores: 0, 6, -2", "-2"],
        ),
        ('<span aria-label="Joker: -2"></span>', ["Joker: -2"]),
        ("<p>Joker = −2, (−4)</p>", []),
        ("<p>GO1-E-AAAAAAB, 2-9, 5-6 spelers, 2026-12-02, Pik-9, 2x3-raster</p>", []),
        ('<script>x = -2</script><style>a { margin: -2px }</style><p x="-2"></p>', []),
    ],
)
def test_the_check_tells_a_sign_from_a_joiner(html: str, found: list[str]) -> None:
    assert hyphen_minus_numbers(html) == found
