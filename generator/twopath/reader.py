"""Reading a rendered page back: its text lines, its pictures and its language's words.

A sentence is found by its translation: the language's form of an English message,
its placeholders turned into named groups (:meth:`Page.pattern`). Numbers are read
with the locale's own symbols (Babel's CLDR data), cards from their short forms as
the language writes them (``R♣`` in Dutch) or from the pictures' drawn cards
(``class="card card-KC"``), which name every card the same way in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cached_property
from typing import Any

from babel.core import Locale
from babel.numbers import get_decimal_symbol, get_group_symbol

from generator.i18n.catalogs import PERCENT, Language, translations
from generator.i18n.words import SHORT_RANKS, SUIT_SYMBOLS, Words
from generator.patience.cards import Card
from generator.site.numbers import locale_of
from generator.site.pagetext import markdown_text

SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_ISOLATES = dict.fromkeys(range(0x2066, 0x206A))
"""The directional isolates (LRI, RLI, FSI, PDI), deleted by :meth:`str.translate`."""
_ANY_SPACE = re.compile(r"(?:\\\s)+|(?:[\u00a0\u202f\u2009])+")
"""A run of spaces as :func:`re.escape` writes them (``\\ ``), or no-break spaces (left as they
are by it)."""


class ReadError(Exception):
    """The page does not hold what a two-path check looks for."""


@dataclass
class Page:
    language: Language
    name: str
    markdown: str
    lines: list[str]
    translations: Any = field(repr=False)

    @classmethod
    def of(cls, language: Language, name: str, markdown: str) -> Page:
        # a right-to-left page sets its cards and numbers in directional isolates
        # (generator/site/bidi.py): formatting characters, no text to read
        text = markdown_text(markdown, pictures=True).translate(_ISOLATES)
        return cls(
            language,
            name,
            markdown,
            text.splitlines(),
            translations(language, fallback_warning=False),
        )

    # -- words --------------------------------------------------------------

    @cached_property
    def words(self) -> Words:
        return Words(self.translations)

    def t(self, message: str, context: str | None = None) -> str:
        """A message as the page text shows it: translated, each run of spaces one space (the
        page text writes a no-break space before a French colon as a space)."""
        if context is None:
            return _spaced(str(self.translations.gettext(message)))
        return _spaced(str(self.translations.pgettext(context, message)))

    def forms(
        self, singular: str, plural: str | None = None, context: str | None = None
    ) -> list[str]:
        """Every form the language has of a message (one, or each plural form)."""
        if plural is None:
            return [self.t(singular, context)]
        catalog = getattr(self.translations, "_catalog", {})
        key = f"{context}\x04{singular}" if context else singular
        found = []
        for index in range(6):
            text = catalog.get((key, index))
            if text is None:
                break
            found.append(str(text))
        return [_spaced(f) for f in found if f] or [singular, plural]

    def pattern(self, *forms: str, **groups: str) -> re.Pattern[str]:
        """A regular expression matching any of ``forms``, each ``%(name)s`` a named group
        (``groups[name]``, else any text, as little as possible); ``%%`` a percent sign."""
        alternatives = []
        for form in forms:
            parts: list[str] = []
            seen: set[str] = set()
            position = 0
            for match in PERCENT.finditer(form):
                parts.append(re.escape(form[position : match.start()]))
                position = match.end()
                if match.group("literal"):
                    parts.append("%")
                elif match.group("name"):
                    name = match.group("name")
                    if name in seen:  # read again, compared by the caller (:func:`repeats`)
                        count = sum(n.split("__")[0] == name for n in seen) + 1
                        seen.add(f"{name}__{count}")
                        parts.append(f"(?P<{name}__{count}>{groups.get(name, '.+?')})")
                    else:
                        seen.add(name)
                        parts.append(f"(?P<{name}>{groups.get(name, '.+?')})")
                else:
                    parts.append("%")
            parts.append(re.escape(form[position:]))
            # the page text writes every run of spaces as one space (a no-break space before a
            # French colon, a narrow one in a number): a translation's spaces match any
            alternatives.append(_ANY_SPACE.sub(r"\\s+", "".join(parts)))
        # the same group names in several alternatives: one pattern per alternative
        return _Alternatives([re.compile(a) for a in alternatives])  # type: ignore[return-value]

    # -- numbers and cards ----------------------------------------------------

    @cached_property
    def locale(self) -> Locale:
        return Locale.parse(locale_of(self.translations).replace("-", "_"))

    @cached_property
    def group_symbol(self) -> str:
        """The pattern of the locale's group symbol (CLDR's, Babel's): any space where it is
        a space (French's narrow no-break space, Polish's no-break space), since the page
        text writes every space as a space."""
        group = get_group_symbol(self.locale)
        return r"[^\S\n]" if group.isspace() else re.escape(group)

    @cached_property
    def number_pattern(self) -> str:
        group, decimal = self.group_symbol, re.escape(get_decimal_symbol(self.locale))
        # the grouping sizes of the language's pattern: 3 and 3 mostly, 3 then 2 in India's
        # languages (1,00,000)
        primary, secondary = self.locale.decimal_formats[None].grouping
        primary, secondary = min(primary, 9), min(secondary, 9)  # 1000 is "no grouping"
        grouped = rf"\d{{1,{secondary}}}(?:{group}\d{{{secondary}}})*{group}\d{{{primary}}}"
        return rf"[-−]?{grouped}(?:{decimal}\d+)?(?!\d)|[-−]?\d+(?:{decimal}\d+)?"

    def number(self, text: str) -> Decimal:
        """A number as the language writes it (``100.000``, ``13,4``, ``−10``, ``100 000``)."""
        clean = re.sub(self.group_symbol, "", text.strip().rstrip("%").strip())
        clean = clean.replace("−", "-").replace(get_decimal_symbol(self.locale), ".")
        try:
            return Decimal(clean)
        except InvalidOperation:
            raise ReadError(f"{text!r} is not a number in {self.language.code}") from None

    def numbers(self, text: str) -> list[Decimal]:
        return [self.number(m.group(0)) for m in re.finditer(self.number_pattern, text)]

    def counted(self, text: str, singular: str, plural: str) -> list[Decimal]:
        """The numbers of ``text``, where it renders the plural message (``singular``,
        ``plural``) in a form that writes no number (Arabic's dual, "بطاقتان", two cards: a
        form used for one count alone may leave out ``%(count)s``) that count first."""
        forms = self.forms(singular, plural)
        rule = getattr(self.translations, "plural", None)
        for index, form in enumerate(forms):
            if "%(count)s" in form or not callable(rule) or len(forms) < 2:
                continue
            if self.pattern(form).search(text):
                counts = [n for n in range(0, 1001) if rule(n) == index]
                if len(counts) == 1:
                    return [Decimal(counts[0]), *self.numbers(text)]
        return self.numbers(text)

    def range_numbers(self, text: str) -> list[Decimal]:
        """The numbers of a range or interval (``1–100 000``, ``25,0%–27,5%``): each side read
        apart, since the range's dash (the catalogs' ``separator`` ``–``) stands where a space
        would join two numbers into one in a language that groups digits with spaces."""
        dash = self.t("–", "separator")
        return [n for side in text.split(dash) for n in self.numbers(side)]

    @cached_property
    def short_ranks(self) -> dict[str, int]:
        shorts = {str(rank): rank for rank in range(2, 11)}
        shorts.update({self.words.p(marked): rank for rank, marked in SHORT_RANKS.items()})
        return shorts

    @cached_property
    def short_card(self) -> str:
        """A regular expression for a card's short form in this language (``R♣``, ``10♠``)."""
        ranks = "|".join(sorted(map(re.escape, self.short_ranks), key=len, reverse=True))
        return rf"(?:{ranks})[♣♦♥♠]"

    def card(self, short: str) -> Card:
        rank, suit = short[:-1], SUIT_OF_SYMBOL.get(short[-1])
        if rank not in self.short_ranks or suit is None:
            raise ReadError(f"{short!r} is not a card in {self.language.code}")
        return Card(self.short_ranks[rank], suit)

    # -- lines ------------------------------------------------------------------

    def line_of(self, needle: str, start: int = 1) -> int:
        """The first line (1-based, from ``start``) holding ``needle``; ``start`` if none. The
        page text writes every run of spaces as one space (a picture's title, read from the
        drawing, keeps its no-break spaces): so is the needle read."""
        needle = re.sub(r"\s+", " ", needle.translate(_ISOLATES)).strip()
        for number in range(start, len(self.lines) + 1):
            if needle in self.lines[number - 1]:
                return number
        return start

    def picture_lines(self) -> list[int]:
        return [n for n, line in enumerate(self.lines, 1) if line.startswith("[picture] ")]


def _spaced(text: str) -> str:
    """``text`` with each run of spaces (no-break ones too) one space, as the page text writes
    it; a space alone (a separator) stays."""
    return text if text.isspace() else re.sub(r"\s+", " ", text)


def repeats_agree(match: re.Match[str]) -> bool:
    """Whether every placeholder the sentence shows twice shows the same text twice."""
    found = match.groupdict()
    return all(
        value == found.get(key.split("__")[0]) for key, value in found.items() if "__" in key
    )


class _Alternatives:
    """Several patterns tried in turn (one per form of a message)."""

    def __init__(self, patterns: list[re.Pattern[str]]) -> None:
        self.patterns = patterns

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        found = [m for p in self.patterns if (m := p.search(text, pos))]
        return min(found, key=lambda m: m.start()) if found else None

    def match(self, text: str) -> re.Match[str] | None:
        return next((m for p in self.patterns if (m := p.match(text))), None)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return next((m for p in self.patterns if (m := p.fullmatch(text))), None)

    def finditer(self, text: str) -> list[re.Match[str]]:
        found = [m for p in self.patterns for m in p.finditer(text)]
        return sorted(found, key=lambda m: m.start())


# -- pictures -----------------------------------------------------------------

SVG = re.compile(r"<svg\b(?P<attrs>[^>]*)>(?P<body>.*?)</svg>", re.DOTALL)
ATTR = re.compile(r'(?<![a-zA-Z_:-])([a-zA-Z_:-]+)="([^"]*)"')


def svgs(markdown: str, css_class: str) -> list[tuple[dict[str, str], str]]:
    """Every ``<svg>`` of the class: (its attributes, its content), in page order."""
    found = []
    for match in SVG.finditer(markdown):
        attrs = dict(ATTR.findall(match.group("attrs")))
        if css_class in attrs.get("class", "").split():
            found.append((attrs, match.group("body")))
    return found


def element_text(body: str, tag: str) -> str:
    match = re.search(rf"<{tag}\b[^>]*>(.*?)</{tag}>", body, re.DOTALL)
    return _unescape(match.group(1)) if match else ""


def _unescape(text: str) -> str:
    import html

    return html.unescape(re.sub(r"<[^>]+>", "", text))
