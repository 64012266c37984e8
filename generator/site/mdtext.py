"""Text for Markdown pages: whatever a catalog holds reaches the page as text.

The pages are Markdown, rendered to HTML by MkDocs. A translation is untrusted
text, so before it goes into a page every character that HTML or Markdown would
read as markup is escaped, and every line break is folded into a space (a
translation cannot start a new paragraph, heading or list):

>>> print(markdown_text("**bold** [x](javascript:alert(1)) <b> & | a_b_c"))
\\*\\*bold\\*\\* \\[x\\](javascript:alert(1)) &lt;b&gt; &amp; \\| a\\_b\\_c
>>> print(markdown_text("# not a heading\\n\\n## nor this"))
\\# not a heading ## nor this
>>> print(markdown_text("12. not a list item"))
12\\. not a list item

:class:`Text` is a value that escapes itself the same way when a template puts
it into a page (Jinja calls ``__html__``), and :func:`format_text` puts values
into a translated sentence: the sentence is escaped, each value is escaped as
text unless it is :class:`~markupsafe.Markup` that the generator itself made.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

from markupsafe import Markup, escape

from generator.i18n.numerals import integer


class _Translations(Protocol):
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str | object: ...


_INLINE = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        "\\": "\\\\",
        "`": "\\`",
        "*": "\\*",
        "_": "\\_",
        "[": "\\[",
        "]": "\\]",
        "|": "\\|",
        "{": "\\{",
        "}": "\\}",
    }
)
_BREAKS = re.compile(r"(?<![ \t])[ \t]*[\r\n\f\v]+[ \t\r\n\f\v]*")  # from a run's start
"""Line breaks and the blanks around them (not no-break spaces, which are text)."""
_BLOCK_START = re.compile(r"^([ \t]*)(?:([#>]|[+\-*](?=[ \t+\-*]|$))|(\d+)([.)])(?=[ \t]|$))")
"""What would open a heading, quote, list or rule at the start of a block."""


def one_line(text: str) -> str:
    """``text`` with every line break (and the blanks around it) folded into one space."""
    return _BREAKS.sub(" ", text)


def markdown_text(text: str) -> str:
    """``text`` escaped so that Markdown and HTML read it as plain text, on one line."""
    escaped = one_line(text).translate(_INLINE)
    return _BLOCK_START.sub(_escape_block_start, escaped, count=1)


_PLACEHOLDER = re.compile(r"%(?:\([^)%]*\))?[#0 +-]*[a-zA-Z%]")  # no % in a name: linear


def _markdown_pattern(sentence: str) -> str:
    """A %-format sentence escaped like :func:`markdown_text`, its placeholders kept as they are."""
    parts = _PLACEHOLDER.split(one_line(sentence))
    holders = _PLACEHOLDER.findall(one_line(sentence))
    escaped = "".join(
        part.translate(_INLINE) + (holders[i] if i < len(holders) else "")
        for i, part in enumerate(parts)
    )
    return _BLOCK_START.sub(_escape_block_start, escaped, count=1)


def _escape_block_start(match: re.Match[str]) -> str:
    blank, marker, digits, dot = match.groups()
    if marker:
        return f"{blank}\\{marker}"
    return f"{blank}{digits}\\{dot}"


_ESCAPED = re.compile(r"\\([\\`*_\[\]|{}#>+\-.)])")
"""A backslash escape :func:`markdown_text` (or :func:`format_text`) adds."""


def html_text(value: object) -> Markup:
    """``value`` as text for inside an HTML block (``<details>``), where Markdown reads
    no backslash escapes: a page's sentence (:func:`format_text`'s Markdown-safe
    :class:`~markupsafe.Markup`) loses its backslashes, anything else is escaped for HTML.

    >>> html_text(format_text("*%(card)s* <b>", {"card": "10_x"}))
    Markup('*10_x* &lt;b&gt;')
    >>> html_text(Text("# a_b"))
    Markup('# a_b')
    """
    if isinstance(value, Markup):
        return Markup(_ESCAPED.sub(r"\1", str(value)))
    return escape(str(value))  # str() of a Text is a plain str: escaped for HTML, not Markdown


class Text(str):
    """A plain string that escapes itself for a Markdown page.

    >>> from markupsafe import escape
    >>> escape(Text("*a* <b>"))
    Markup('\\\\*a\\\\* &lt;b&gt;')
    """

    __slots__ = ()

    def __html__(self) -> str:
        return markdown_text(self)


def _as_value(value: object) -> object:
    if isinstance(value, Markup):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return Markup(integer(value))  # digits and the minus sign: nothing to escape
    return Text(str(value))


def format_text(sentence: str, values: Mapping[str, object]) -> Markup:
    """A translated sentence with its values put in, as Markdown-safe text.

    The sentence and every value are escaped (numbers and the generator's own
    :class:`~markupsafe.Markup` excepted), then the start of the result is
    escaped once more, since a value may be what starts the block. A negative
    number gets the minus sign (:mod:`generator.i18n.numerals`).

    >>> format_text("%(n)s. %(card_name)s", {"n": 3, "card_name": "# x"})
    Markup('3\\\\. \\\\# x')
    >>> format_text("Joker=%(joker)s", {"joker": -2})
    Markup('Joker=−2')
    """
    escaped = Markup(_markdown_pattern(sentence)) % {k: _as_value(v) for k, v in values.items()}
    return Markup(_BLOCK_START.sub(_escape_block_start, str(escaped), count=1))


class OneLine:
    """Translations whose every string is on one line (see :func:`one_line`).

    Strings from a catalog go into page text, picture titles and the site's
    configuration: a line break in a translation must not start a new block.
    """

    def __init__(self, translations: _Translations) -> None:
        self.t = translations

    def gettext(self, message: str) -> str:
        return one_line(self.t.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return one_line(self.t.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return one_line(str(self.t.pgettext(context, message)))
