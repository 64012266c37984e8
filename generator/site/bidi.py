"""Cards, numbers and codes in right-to-left text.

A page in a right-to-left language (Arabic, Hebrew, Persian: Babel's CLDR ``text_direction``)
writes its sentences from right to left, and the Unicode bidirectional algorithm lays out each
run of neutral characters by the text around it: ``A♣`` becomes ``♣A``, ``10♠`` becomes
``♠10``, ``−2`` becomes ``2−`` and a deal code's parts change places. Each such run of the
page's text is set in a left-to-right isolate (U+2066 ... U+2069), so that it reads as it
does in the app while the sentence around it stays right to left. Pictures are drawn in
left-to-right coordinates and are left alone (``golf.css`` sets their direction); so are tags
and their attributes, and scripts. A left-to-right language's page is returned as it is.

>>> isolate_runs("خذ A♣ ثم 10♠ (−2)، الكود GO1-E-AAAAAAB")
'خذ \\u2066A♣\\u2069 ثم \\u206610♠\\u2069 (\\u2066−2\\u2069)، الكود \\u2066GO1-E-AAAAAAB\\u2069'
>>> isolate_runs('<svg><text>A♣</text></svg> <span title="A♣">A♣</span>')
'<svg><text>A♣</text></svg> <span title="A♣">\\u2066A♣\\u2069</span>'
"""

from __future__ import annotations

import re
from functools import cache

from babel.core import Locale, UnknownLocaleError

LRI, PDI = "\u2066", "\u2069"
"""Left-to-right isolate and pop directional isolate."""

RUN = re.compile(
    r"(?<![\w\u2066])"
    r"(?:"
    r"[A-Z]{2}\d-[A-Z]-[A-Z]{7}"  # a deal code (GO1-E-AAAAAAB)
    r"|(?:10|[2-9A-Z])[♣♦♥♠](?:\s*[–-]\s*(?:10|[2-9A-Z])[♣♦♥♠])?"  # a card, or a range of cards
    r"|[−+]\d[\d.,\u00a0\u202f]*"  # a signed number
    r"|\d[\d.,\u00a0\u202f]*\s*[–-]\s*\d[\d.,\u00a0\u202f]*"  # a range of numbers
    r")"
    r"(?![\w])"
)
"""A run that reads left to right inside any text."""

_SKIPPED = re.compile(r"<(svg|script|style)\b.*?</\1>|<[^<>]*>", re.DOTALL | re.IGNORECASE)
"""What is not running text: a picture, a script or a style sheet whole, or a tag."""


@cache
def right_to_left(locale: str) -> bool:
    """Whether the language is written from right to left (CLDR's character order)."""
    try:
        return Locale.parse(locale.replace("-", "_")).text_direction == "rtl"
    except (ValueError, UnknownLocaleError):
        return False


def isolate_runs(text: str) -> str:
    """``text`` (a page's Markdown or HTML) with each card, signed number, range and deal code
    of its running text in a left-to-right isolate; pictures, scripts and tags untouched."""
    parts: list[str] = []
    position = 0
    for skipped in _SKIPPED.finditer(text):
        parts.append(RUN.sub(_isolated, text[position : skipped.start()]))
        parts.append(skipped.group(0))
        position = skipped.end()
    parts.append(RUN.sub(_isolated, text[position:]))
    return "".join(parts)


def _isolated(match: re.Match[str]) -> str:
    return f"{LRI}{match.group(0)}{PDI}"


def for_language(text: str, locale: str) -> str:
    """``text`` as :func:`isolate_runs` gives it in a right-to-left language, else unchanged."""
    return isolate_runs(text) if right_to_left(locale) else text
