"""The search index Material builds: a picture's text stands apart from the sentence around it.

Material's search plugin keeps the text of every element and none of its tags, and puts no
space where one element ends and the next begins: a picture whose parts touch (``<title>``,
``<desc>``, each card's corner) would reach the index glued to the sentence before it and
its parts to each other (``Joker = -2.schoppen aas, ...A♠R♠``), so a search for ``A♠`` or
for the word before the picture finds nothing.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.i18n.catalogs import shipped_languages
from generator.site.build import build_site

CARD_LABEL = re.compile(r"(?<=[^\s(>])(?:10|[2-9]|[A-Z])[♠♣♥♦]")
"""A card's short form (``A♠``, ``10♥``) right after a letter, digit or stop: glued on."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("search") / "site"
    build_site(out)
    return out


class _PictureTexts(HTMLParser):
    """The texts of each searchable picture of a page, in order: its title, its description,
    each ``<text>`` it draws (pictures marked ``data-search-exclude``, or inside such an
    element, are left out, as the search plugin leaves them out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pictures: list[list[str]] = []
        self.stack: list[bool] = []  # per open element: excluded from search
        self.piece: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        excluded = (bool(self.stack) and self.stack[-1]) or any(
            name == "data-search-exclude" for name, _ in attrs
        )
        self.stack.append(excluded)
        if excluded:
            return
        if tag == "svg":
            self.pictures.append([])
        elif tag in {"title", "desc", "text"} and self.pictures:
            self.piece = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # an empty element (<rect/>) holds no text

    def handle_endtag(self, tag: str) -> None:
        if self.stack:
            self.stack.pop()
        if self.piece is not None and tag in {"title", "desc", "text"}:
            text = re.sub(r"[ \t\r\n]+", " ", "".join(self.piece)).strip(" ")  # not U+00A0
            if text:
                self.pictures[-1].append(text)
            self.piece = None

    def handle_data(self, data: str) -> None:
        if self.piece is not None:
            self.piece.append(data)


def picture_texts(page: str) -> list[list[str]]:
    parser = _PictureTexts()
    parser.feed(page)
    return [texts for texts in parser.pictures if texts]


def index_texts(site: Path, code: str) -> dict[Path, str]:
    """Each page's text in ``<code>/search/search_index.json``, by the page's file."""
    docs = json.loads((site / code / "search" / "search_index.json").read_text("utf-8"))["docs"]
    texts: dict[Path, list[str]] = {}
    for doc in docs:
        page = doc["location"].partition("#")[0]
        texts.setdefault(site / code / page / "index.html", []).append(doc["text"])
    return {page: " ".join(parts) for page, parts in texts.items()}


def glued(site: Path, code: str) -> list[str]:
    """Where a page's index text has a picture's text not set apart by spaces: from what stands
    before the picture, between its parts, from what follows; and any card label glued on."""
    problems = []
    for page, text in index_texts(site, code).items():
        where = page.relative_to(site).as_posix()
        problems += [
            f"{where}: card label glued on: {text[max(0, m.start() - 30) : m.end() + 10]!r}"
            for m in CARD_LABEL.finditer(text)
        ]
        if not page.is_file():
            continue
        for texts in picture_texts(page.read_text(encoding="utf-8")):
            parts = r"[ \t\r\n]+".join(re.escape(html.escape(part, quote=False)) for part in texts)
            if not re.search(rf"(?:^|[ \t\r\n>]){parts}(?:$|[ \t\r\n<])", text):
                problems.append(f"{where}: a picture's text not set apart: {texts[:3]!r}...")
    return problems


@pytest.mark.parametrize("code", [language.code for language in shipped_languages()])
def test_no_picture_text_is_glued_to_its_neighbours_in_the_index(site: Path, code: str) -> None:
    pictures = [
        texts
        for page in (site / code).rglob("index.html")
        for texts in picture_texts(page.read_text(encoding="utf-8"))
    ]
    assert len(pictures) >= 10, "the pages have fewer searchable pictures than they show"
    assert glued(site, code) == []


def test_the_check_sees_a_glued_picture(site: Path, tmp_path: Path) -> None:
    """The index as it was before the pictures spaced their parts: the sentence's last word
    and the picture's title touch, and so do the card labels."""
    copy = tmp_path / "site"
    (copy / "nl" / "search").mkdir(parents=True)
    page = copy / "nl" / "six-card-golf" / "index.html"
    page.parent.mkdir()
    page.write_text(
        '<p>Joker = -2.<svg class="six-run"><title>schoppen aas, schoppen heer</title>'
        "<g><text>A♠</text></g><g><text>R♠</text></g></svg></p>",
        encoding="utf-8",
    )
    index = {"docs": [{"location": "six-card-golf/", "text": ""}]}
    for text, found in [
        ("<p>Joker = -2. schoppen aas, schoppen heer A♠ R♠ </p>", False),
        ("<p>Joker = -2.schoppen aas, schoppen heer A♠ R♠ </p>", True),
        ("<p>Joker = -2. schoppen aas, schoppen heerA♠R♠</p>", True),
    ]:
        index["docs"][0]["text"] = text
        (copy / "nl" / "search" / "search_index.json").write_text(json.dumps(index), "utf-8")
        assert bool(glued(copy, "nl")) is found, text
