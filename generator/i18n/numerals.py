"""A number's sign as every page writes it: the one place that decides it.

A negative number is written with the minus sign U+2212 (``−2``), never with the
hyphen-minus (``-2``), which is a hyphen: it joins words and numbers (``2-9``,
``GO1-E-AAAAAAB``, ``Pik-9``), and a line may break after it. The patience pages'
seed writes ``−10`` so; every number the pages, the pictures and their text
alternatives show comes through here (the sentences' values in
:func:`generator.site.mdtext.format_text`, the grids' scores, the score table,
Babel's numbers in :class:`generator.site.numbers.Numbers`).

>>> integer(-2), integer(0), integer(7)
('−2', '0', '7')
>>> signed(10), signed(-10), signed(0)
('+10', '−10', '0')
>>> integer(-1000, lambda n: f"{n:,}")
'−1,000'
>>> minus_signs("Joker=-2, (-4); 2-9, 5-6, GO1-E-AAAAAAB, Pik-9")
'Joker=−2, (−4); 2-9, 5-6, GO1-E-AAAAAAB, Pik-9'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

MINUS = "\u2212"
"""The minus sign (U+2212)."""

Number = TypeVar("Number", int, float)


def integer(value: Number, magnitude: Callable[[Number], str] = str) -> str:
    """``value`` with the minus sign if it is negative; ``magnitude`` writes its digits
    (default :class:`str`; :class:`~generator.site.numbers.Numbers` gives Babel's)."""
    return f"{MINUS}{magnitude(-value)}" if value < 0 else magnitude(value)


def signed(value: int) -> str:
    """A value written next to its opposite, its sign always shown: ``+10``, ``0``, ``−10``."""
    return f"+{value}" if value > 0 else integer(value)


SIGN = re.compile(r"(?<![\w\-−.,/])-(?=\d)")
"""A hyphen-minus written as a number's sign: before a digit, after no letter, digit or joiner."""


def minus_signs(text: str) -> str:
    """``text`` (written by hand, as the seed pages are) with each hyphen-minus that is a
    number's sign as the minus sign; a hyphen between words or numbers stays."""
    return SIGN.sub(MINUS, text)
