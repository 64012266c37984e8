"""Pictures kept out of the Markdown parser: placeholders in, SVG back after.

Python-Markdown reads an inline ``<svg>`` as raw HTML, tag by tag, which costs
more than the rest of a page. The build replaces every picture by a short HTML
comment before Markdown sees the page and puts the picture back into the HTML
that Markdown makes (the MkDocs hook, :mod:`generator.site.mkdocs_hook`, and
:func:`generator.site.pagetext.markdown_text`). A comment is raw HTML that
Markdown passes through as it is, inline or as a block, so the page comes out
as if Markdown had read the picture itself.

>>> text, pictures = split_pictures('A run <svg class="x"><title>A</title></svg>.')
>>> text
'A run <!--golf-picture-0-->.'
>>> join_pictures("<p>A run <!--golf-picture-0-->.</p>", pictures)
'<p>A run <svg class="x"><title>A</title></svg>.</p>'
"""

from __future__ import annotations

import re

SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
PLACEHOLDER = re.compile(r"<!--golf-picture-(\d+)-->")


def split_pictures(markdown: str) -> tuple[str, list[str]]:
    """``markdown`` with each ``<svg>...</svg>`` replaced by a placeholder, and the pictures.

    The pictures are made by ElementTree (:mod:`generator.site.pictures`): no
    picture holds another ``<svg>``, and translations reach the page escaped,
    so no text can open one or forge a placeholder.
    """
    pictures: list[str] = []

    def keep(match: re.Match[str]) -> str:
        pictures.append(match.group(0))
        return f"<!--golf-picture-{len(pictures) - 1}-->"

    return SVG.sub(keep, markdown), pictures


EMPTY_ELEMENT = re.compile(r"<[a-zA-Z][^<>]*/>")
ATTRIBUTES = re.compile(r"<([a-zA-Z][\w:-]*)\s[^<>]*>")


def for_search(svg: str) -> str:
    """``svg`` as the search index reads it, for less: without attributes and empty elements.

    Material's search plugin keeps a picture's text (its title, description and
    card labels) and none of its tags; it parses every attribute of every tag
    to find that out. This keeps the elements (so that ``<style>`` is still
    skipped) and their text, in order, and drops what cannot add text. An
    attribute the search reads (``data-search-exclude``) keeps the picture whole.

    >>> for_search('<svg class="b"><title>A</title><rect x="1"/><text x="2">7♥</text></svg>')
    '<svg><title>A</title><text>7♥</text></svg>'
    """
    if "data-search-exclude" in svg:
        return svg
    return ATTRIBUTES.sub(r"<\1>", EMPTY_ELEMENT.sub("", svg))


def join_pictures(html: str, pictures: list[str]) -> str:
    """``html`` with each placeholder replaced by its picture."""
    if not pictures:
        return html
    return PLACEHOLDER.sub(lambda match: pictures[int(match.group(1))], html)
