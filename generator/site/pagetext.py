"""A built page's text, in the form of the seed pages: one line per heading,
paragraph and list item, tables as ``| a | b |`` rows.

This is what the golden tests compare with ``tests/golden/*.txt``: the text a
reader sees on the page, taken from the HTML that MkDocs built. With
``pictures=True`` each picture (an ``<svg>``) adds a line with its text
alternative, ``[picture] <title>: <desc>``, where it stands on the page, and each item of a
board's legend (``<ul class="golf-legend">``) a line ``[legend] <text>``: what
the approved texts in ``docs_src/approved/`` hold, so that a reviewer reads
everything a visitor reads (or hears); a fold's summary (``<summary class="golf-fold">``,
what a reader taps to show a board's position in words, a tip's measurement) is a line
``[fold] <text>``, and what it folds lines of its own. A figure's caption, a button and a
form control's label and a group of controls' legend are lines of their own; what is drawn for
the eye only (``aria-hidden="true"``, the text alternative beside it says it) is left out.
"""

from __future__ import annotations

import contextlib
import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
from mkdocs.utils.meta import get_data

from generator import cache
from generator.site.placeholders import for_search, join_pictures, split_pictures

BLOCKS = {
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "li",
    "tr",
    "figcaption",
    "button",
    "label",
    "summary",
    "legend",
}
PICTURE = "[picture]"
"""The start of a picture's line."""
LEGEND = "[legend]"
"""The start of a line of a board's legend (part of the picture, like its text alternative)."""
FOLD = "[fold]"
"""The start of the line of a board's fold (``<summary class="golf-fold" data-search-exclude>``), what a reader taps
to show the position in words under the picture: part of the picture, like its legend."""


class _PageText(HTMLParser):
    def __init__(self, pictures: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.pictures = pictures
        self.lines: list[str] = []
        self.depth = 0  # inside the article
        self.article_level = 0
        self.buffer: list[str] | None = None
        self.cells: list[str] | None = None
        self.cell: list[str] | None = None
        self.in_head = False
        self.skip = 0
        # The picture being read: its <title> and <desc>, and which of them the text goes to.
        self.picture: dict[str, list[str]] | None = None
        self.picture_part: str | None = None
        self.lists: list[int | None] = []
        """The lists we are in: a counter for a numbered one, None for bullets."""
        self.pending: list[str] = []
        """Picture lines of pictures inside a block, written after the block's line."""
        self.legend = 0
        """Inside a legend: its list's depth (1), else 0."""
        self.fold: list[str] | None = None
        """The text of a fold's summary inside a block (a tip's measurement folded in its list
        item): a line of its own after the block's, not words of the block's."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "article" and "md-content__inner" in classes:
            self.article_level = 1
            return
        if not self.article_level:
            return
        if tag == "article":
            self.article_level += 1
        if tag == "svg" and not self.skip:
            self.picture = {"title": [], "desc": []}
        elif self.picture is not None and self.skip == 1 and tag in {"title", "desc"}:
            self.picture_part = tag  # the svg's own title and desc, not a card's
        hidden = dict(attrs).get("aria-hidden") == "true"
        if self.skip or tag in {"svg", "script", "style"} or "headerlink" in classes or hidden:
            self.skip += 1
            return
        if tag == "thead":
            self.in_head = True
        elif tag == "tr":
            self.cells = []
        elif tag in {"td", "th"}:
            self.cell = []
        elif tag in {"ol", "ul"}:
            start = dict(attrs).get("start")
            self.lists.append((int(start) - 1 if start else 0) if tag == "ol" else None)
            if "golf-legend" in classes or self.legend:
                self.legend += 1
        elif tag == "summary" and "golf-fold" in classes and self.buffer is not None:
            self.fold = []
        elif tag in BLOCKS and self.buffer is None:
            if tag == "summary" and "golf-fold" in classes:
                self.buffer = [f"{FOLD} "] if self.pictures else None
            elif self.legend:
                self.buffer = [f"{LEGEND} "] if self.pictures else None
            else:
                self.buffer = [self._marker()] if tag == "li" else []

    def handle_endtag(self, tag: str) -> None:
        if not self.article_level:
            return
        if self.skip:
            self.skip -= 1  # every tag inside a skipped one is counted in and out
            if self.skip == 1:
                self.picture_part = None
            elif self.skip == 0 and self.picture is not None:
                self._picture_line(self.picture)
                self.picture = None
            return
        if tag == "article":
            self.article_level -= 1
        elif tag in {"td", "th"} and self.cell is not None and self.cells is not None:
            self.cells.append(_normal("".join(self.cell)))
            self.cell = None
        elif tag == "tr" and self.cells is not None:
            self.lines.append("| " + " | ".join(self.cells) + " |")
            if self.in_head:
                self.lines.append("|" + "---|" * len(self.cells))
            self.cells = None
        elif tag == "thead":
            self.in_head = False
        elif tag in {"ol", "ul"} and self.lists:
            self.lists.pop()
            self.legend = max(0, self.legend - 1)
        elif tag == "summary" and self.fold is not None:
            if self.pictures:
                self.pending.append(f"{FOLD} {_normal(''.join(self.fold))}")
            self.fold = None
        elif tag in BLOCKS and self.buffer is not None:
            text = _normal("".join(self.buffer))
            if text and text != "-":
                self.lines.append(text)
            self.buffer = None
            self.lines.extend(self.pending)
            self.pending = []

    def handle_data(self, data: str) -> None:
        if not self.article_level:
            return
        if self.skip:
            if self.picture is not None and self.picture_part is not None:
                self.picture[self.picture_part].append(data)
            return
        if self.fold is not None:
            self.fold.append(data)
        elif self.cell is not None:
            self.cell.append(data)
        elif self.buffer is not None:
            self.buffer.append(data)

    def _marker(self) -> str:
        if self.lists and self.lists[-1] is not None:
            self.lists[-1] += 1
            return f"{self.lists[-1]}. "
        return "- "

    def _picture_line(self, picture: dict[str, list[str]]) -> None:
        if not self.pictures:
            return
        title, desc = (_normal("".join(picture[part])) for part in ("title", "desc"))
        line = f"{PICTURE} {title}: {desc}" if desc else f"{PICTURE} {title}"
        (self.pending if self.buffer is not None else self.lines).append(line)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def page_text(html: str, *, pictures: bool = False) -> str:
    """The page's text, one block per line, ending with a newline.

    ``pictures``: add a ``[picture] <title>: <desc>`` line for each picture
    (the seed pages have none, so the golden comparison leaves them out).
    """
    parser = _PageText(pictures)
    parser.feed(html)
    parser.close()
    return "\n".join(parser.lines) + "\n"


def without_pictures(text: str) -> str:
    """``text`` (as :func:`page_text` gives it) without its picture, legend and fold lines."""
    return "".join(
        line
        for line in text.splitlines(keepends=True)
        if not line.startswith((PICTURE + " ", LEGEND + " ", FOLD + " "))
    )


def markdown_text(source: str, *, pictures: bool = False) -> str:
    """The text of a generated Markdown page as MkDocs renders it (front matter left out).

    Kept in :mod:`generator.cache` under the checksum of the page, of the code
    that reads it and of the libraries' versions: an unchanged page is not
    converted again in the next process.
    """
    entry = cache.key(source, str(pictures), _CODE_KEY)
    kept = cache.get("page-text", entry)
    if kept is not None:
        with contextlib.suppress(UnicodeDecodeError):  # (a writer with a bug): work it out
            return kept.decode("utf-8")
    text = _markdown_text(source, pictures=pictures)
    cache.put("page-text", entry, text.encode("utf-8"))
    return text


_CODE_KEY = cache.key(
    cache.versions("markdown", "mkdocs"),
    Path(__file__),
    Path(__file__).with_name("placeholders.py"),
)


MARKDOWN_EXTENSIONS = ["tables", "md_in_html"]
"""The Markdown extensions the pages are written with, as mkdocs.yml lists them (a fold that
holds Markdown, ``<details markdown="1">``, is md_in_html's): the page's text is read as the
site renders it."""


def _markdown_text(source: str, *, pictures: bool) -> str:
    content, _meta = get_data(source)
    content, svgs = split_pictures(content)
    # a picture's text alternative is its <title> and <desc>: the drawing need not be parsed
    light = [for_search(svg) for svg in svgs]
    html = join_pictures(markdown.markdown(content, extensions=MARKDOWN_EXTENSIONS), light)
    return page_text(f'<article class="md-content__inner">{html}</article>', pictures=pictures)
