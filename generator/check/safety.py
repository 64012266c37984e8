"""Part ``safety``: no translation adds markup or invisible characters its English text does
not have."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import partial

from generator.check.common import (
    Problems,
    clip,
    limited,
    rel,
)
from generator.i18n.catalogs import (
    Language,
    is_source,
    message_strings,
    read_catalog,
    string_line,
)
from generator.patience import GolfError

MARKUP = [
    (re.compile(r"<\s*/?\s*[a-zA-Z!?]"), "an HTML tag"),
    (re.compile(r"[<>]"), "an angle bracket"),
    (re.compile(r"javascript\s*:", re.IGNORECASE), "a javascript: link"),
    (re.compile(r"\bdata\s*:[^ ]*base64", re.IGNORECASE), "a data: URL"),
    (re.compile(r"\bon[a-z]+\s*=", re.IGNORECASE), "an event handler"),
    (re.compile(r"\]\s*[(\[]|^\s*\[[^\]]*\]:", re.MULTILINE), "a Markdown link"),
    (re.compile(r"!\["), "a Markdown image"),
    (re.compile(r"&#?[a-zA-Z0-9]+;"), "an HTML entity"),
    (re.compile(r"<https?:", re.IGNORECASE), "an autolink"),
    (re.compile(r"\{[%{#]"), "template syntax"),
    (re.compile(r"\*\*|__|~~|(?<![\w*])\*(?=\S)|(?<!\w)_(?=\S)"), "Markdown emphasis"),
    (re.compile(r"`"), "Markdown code"),
    (re.compile(r"\|"), "a table cell separator"),
    (re.compile(r"\\"), "a backslash escape"),
    (re.compile(r"[\r\n]"), "a line break"),
    (
        re.compile(r"^\s*(?:#|>|[-+*]\s|\d+[.)]\s)"),
        "a heading, quote or list marker at the start",
    ),
    (re.compile(r"^(?: {4}|[ ]{0,3}\t)"), "leading blanks (Markdown reads them as a code block)"),
]
"""Markup a translation may hold only where its English text holds the same (as Weblate's
``md-text`` and ``safe-html`` checks): kind of markup -> how it is found."""


def markup_problems(source: str, translation: str) -> list[str]:
    """The kinds of markup ``translation`` has more of than ``source``."""
    return [
        what
        for pattern, what in MARKUP
        if len(pattern.findall(translation)) > len(pattern.findall(source))
    ]


def invisible(text: str) -> list[str]:
    r"""The invisible characters of ``text``: controls, format characters (bidi controls, zero-width
    spaces and joiners, the soft hyphen, the byte order mark: Unicode categories Cc and Cf) and the
    line and paragraph separators (U+2028, U+2029; U+0085 is a control), as ``U+XXXX NAME``.

    >>> invisible("Quel\u200blen \u202egolf\u202c\tok")
    ['U+200B ZERO WIDTH SPACE', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'U+202C POP DIRECTIONAL FORMATTING', 'U+0009 <control>']
    """
    return [
        f"U+{ord(c):04X} {unicodedata.name(c, '<control>')}"
        for c in text
        if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") or c in BLANK_LOOKING
    ]


BLANK_LOOKING = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0"
    + "".join(map(chr, range(0x180B, 0x1810)))
    + "".join(map(chr, range(0xFE00, 0xFE10)))
)
"""Characters outside Cc and Cf that show nothing either: the combining grapheme joiner, the
Hangul fillers, the Khmer inherent vowels, the blank Braille pattern, the variation selectors."""


def invisible_problems(source: str, translation: str) -> list[str]:
    """The invisible characters ``translation`` has more of than ``source`` (a line break is
    :data:`MARKUP`'s), each once."""
    have = Counter(invisible(source))
    extra = Counter(c for c in invisible(translation) if not c.startswith(("U+000A", "U+000D")))
    return sorted(extra - have)


def check_safety(languages: list[Language]) -> Problems:
    for language in languages:
        yield from limited(
            partial(_safety, language), f"the safety checks of {language.code}", language.po_file
        )


def _safety(language: Language) -> Problems:
    """One catalog's translations: no markup, no invisible character the English lacks."""
    if is_source(language):
        return  # the English is the templates' own: no catalog
    try:
        catalog = read_catalog(language.po_file, language.code)
    except GolfError as error:  # part catalogs says it too; check says it once
        yield str(error)
        return
    for message in catalog:
        if not message.id:
            continue
        ids, strs = message_strings(message)
        for form, text in enumerate(strs):
            where = f"{rel(language.po_file)}:{string_line(message, form)}"
            for what in markup_problems(" ".join(ids), text):
                yield (
                    f"{where}: the translation of {clip(ids[0], 50)!r} adds {what} the "
                    f"English text does not have: {clip(text, 80)!r}"
                )
            hidden = invisible_problems(" ".join(ids), text)
            if hidden:
                yield (
                    f"{where}: the translation of {clip(ids[0], 50)!r} holds an invisible "
                    f"character the English text does not have ({', '.join(hidden)}): "
                    f"{clip(text, 80)!r}; delete it: nobody sees it, browsers act on it"
                )
