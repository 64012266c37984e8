"""Numbers and dates as a page's language writes them, with Babel (CLDR).

>>> Numbers("nl").percent(0.2634), Numbers("en").percent(0.2634), Numbers("de").percent(0.2634)
('26,3%', '26.3%', '26,3\\xa0%')
>>> Numbers("de").number(100000), Numbers("en").number(100000), Numbers("nl").number(-10)
('100.000', '100,000', '−10')
>>> Numbers("nl").interval(0.25, 0.275)
'25,0%–27,5%'
>>> Numbers("de").date(datetime.date(2026, 11, 30)), Numbers("nl").span(1, 100000)
('30. November 2026', '1–100.000')
"""

from __future__ import annotations

import datetime

from babel.core import Locale, UnknownLocaleError
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent

from generator.i18n.numerals import integer
from generator.patience import GolfError

DECIMALS = 1
"""Shares with one decimal: the census's intervals are a few tenths of a percent wide."""


class Numbers:
    """Number formats of one locale (a catalog's ``Language`` header, ``en`` without one)."""

    def __init__(self, locale: str, range_separator: str = "–") -> None:
        self.range_separator = range_separator
        """Between the ends of a range (the catalogs' ``separator`` ``–``)."""
        try:
            self.locale = Locale.parse(locale.replace("-", "_"))
        except (ValueError, UnknownLocaleError):
            raise GolfError(f"no number formats for the language {locale!r}") from None
        whole = self.locale.percent_formats[None].pattern.split(";")[0]
        last = whole.rfind("0")
        self.percent_pattern = whole[: last + 1] + "." + "0" * DECIMALS + whole[last + 1 :]
        self.whole_pattern = whole

    def number(self, value: int) -> str:
        """A whole number with the language's grouping: ``100,000``, ``100.000``, ``−10``
        (the minus sign, :mod:`generator.i18n.numerals`, not Babel's hyphen-minus)."""
        return integer(value, lambda digits: format_decimal(digits, locale=self.locale))

    def percent(self, share: float) -> str:
        """A share (0..1) as a percentage with one decimal: ``26.3%``, ``26,3 %``."""
        return format_percent(share, format=self.percent_pattern, locale=self.locale)

    def whole_percent(self, percent: int) -> str:
        """A whole percent as published (``26%``, ``26 %``)."""
        return format_percent(percent / 100, format=self.whole_pattern, locale=self.locale)

    def points(self, share: float) -> str:
        """A difference of shares in percentage points, with one decimal: ``19.4``, ``19,4``."""
        return integer(
            share * 100, lambda digits: format_decimal(digits, format="#,##0.0", locale=self.locale)
        )

    def tenths(self, value: float) -> str:
        """A number rounded to a tenth: ``5.4``, ``5,4``, ``−0.2``.

        >>> Numbers("de").tenths(5.3995), Numbers("en").tenths(2.0), Numbers("nl").tenths(-0.24)
        ('5,4', '2.0', '−0,2')
        """
        return integer(
            round(value, 1),
            lambda digits: format_decimal(digits, format="#,##0.0", locale=self.locale),
        )

    def date(self, day: datetime.date) -> str:
        """A date as the language writes it in a sentence: ``30 November 2026``, ``30. November 2026``."""
        return format_date(day, format="long", locale=self.locale)

    def span(self, first: int, last: int) -> str:
        """A range of whole numbers: ``1–100,000``."""
        return f"{self.number(first)}{self.range_separator}{self.number(last)}"

    def interval(self, low: float, high: float) -> str:
        """An interval of shares: ``25.0%–27.5%``."""
        return f"{self.percent(low)}{self.range_separator}{self.percent(high)}"


def locale_of(translations: object) -> str:
    """The language of compiled translations (their ``Language`` header); ``en`` without one."""
    info = getattr(translations, "info", None)
    language = info().get("language") if callable(info) else None
    return str(language) if language else "en"
