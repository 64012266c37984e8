"""A built page's text, in the form of the seed pages: one line per heading,
paragraph and list item, tables as ``| a | b |`` rows.

This is what the golden tests compare with ``tests/golden/*.txt``: the text a
reader sees on the page, taken from the HTML that MkDocs built.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

BLOCKS = {"h1", "h2", "h3", "h4", "p", "li", "tr"}


class _PageText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.depth = 0  # inside the article
        self.article_level = 0
        self.buffer: list[str] | None = None
        self.cells: list[str] | None = None
        self.cell: list[str] | None = None
        self.in_head = False
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "article" and "md-content__inner" in classes:
            self.article_level = 1
            return
        if not self.article_level:
            return
        if tag == "article":
            self.article_level += 1
        if self.skip or tag in {"svg", "script", "style"} or "headerlink" in classes:
            self.skip += 1
            return
        if tag == "thead":
            self.in_head = True
        elif tag == "tr":
            self.cells = []
        elif tag in {"td", "th"}:
            self.cell = []
        elif tag in BLOCKS and self.buffer is None:
            self.buffer = ["- "] if tag == "li" else []

    def handle_endtag(self, tag: str) -> None:
        if not self.article_level:
            return
        if self.skip:
            self.skip -= 1  # every tag inside a skipped one is counted in and out
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
        elif tag in BLOCKS and self.buffer is not None:
            text = _normal("".join(self.buffer))
            if text and text != "-":
                self.lines.append(text)
            self.buffer = None

    def handle_data(self, data: str) -> None:
        if not self.article_level or self.skip:
            return
        if self.cell is not None:
            self.cell.append(data)
        elif self.buffer is not None:
            self.buffer.append(data)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def page_text(html: str) -> str:
    """The page's text, one block per line, ending with a newline."""
    parser = _PageText()
    parser.feed(html)
    parser.close()
    return "\n".join(parser.lines) + "\n"
