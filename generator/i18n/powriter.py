"""Write a catalog as GNU gettext writes it (``msgcat``, ``msgmerge``, Poedit, Weblate).

The translators' tools re-wrap every entry they save the way GNU gettext's
``write-po.c`` does, so a catalog written any other way (Babel wraps at spaces
only, its own way) changes in every review: each edit made in Poedit or Weblate
is wrapped back by the next ``catalog update``. This writer makes the file that
``msgcat`` makes of the same catalog, byte for byte:

- strings are wrapped at 79 columns where Unicode's line breaking algorithm
  (UAX #14, as GNU's ``ulc_width_linebreaks`` applies it) allows a break: after
  a space, after a hyphen unless a digit follows, before an opening bracket
  after a space, never inside an escape sequence, before the ``\\n`` that ends a
  string or inside a ``python-format`` directive; a string that needs more than
  one line starts with ``msgid ""``;
- comments are written as they are, one line each (never wrapped);
- the ``#:`` references are filled to 79 columns, flags are listed fuzzy first,
  then the format flags in GNU's order;
- an obsolete entry keeps its translator comments and ``fuzzy``, its previous
  msgid as ``#~|`` lines; an untranslated one is dropped, and an untranslated
  entry is not fuzzy, as in GNU's files.

``tests/test_gnu_wrapping.py`` compares it with ``msgcat`` (GNU gettext 0.21, with
libunistring 1.0) on every catalog, on the cases in ``tests/data/gnu_wrapping/`` and on
each pair of line breaking classes and each character's class. One difference is known: of
some 4,800 random entries, msgcat left one ``python-brace-format`` line unbroken (a long
word, a no-break space, then ``{brace}``) where this writer breaks it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

from babel.messages.catalog import Catalog, Message

PAGE_WIDTH = 79
"""GNU gettext's default page width (``msgcat -w``)."""

FORMAT_FLAGS = (
    "c",
    "objc",
    "cplusplus",
    "python",
    "python-brace",
    "java",
    "java-printf",
    "csharp",
    "javascript",
    "scheme",
    "lisp",
    "elisp",
    "librep",
    "rust",
    "go",
    "ruby",
    "sh",
    "awk",
    "lua",
    "object-pascal",
    "smalltalk",
    "qt",
    "qt-plural",
    "kde",
    "kde-kuit",
    "boost",
    "tcl",
    "perl",
    "perl-brace",
    "php",
    "gcc-internal",
    "gfc-internal",
    "ycp",
)
"""The format flags in the order GNU lists them (``format_language`` in ``message.c``)."""

_ESCAPES = {
    "\a": "\\a",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\v": "\\v",
    "\\": "\\\\",
    '"': '\\"',
}

# Line breaking classes of UAX #14 (LineBreak.txt) for the characters catalogs of
# European languages hold; every other character gets its class from its general
# category (:func:`_class`).
_CLASSES: dict[str, str] = {
    " ": "SP",
    "\t": "BA",
    "!": "EX",
    '"': "QU",
    "'": "QU",
    "(": "OP",
    ")": "CP",
    "[": "OP",
    "]": "CP",
    "{": "OP",
    "}": "CL",
    ",": "IS",
    ".": "IS",
    ":": "IS",
    ";": "IS",
    "?": "EX",
    "/": "SY",
    "-": "HY",
    "%": "PO",
    "$": "PR",
    "+": "PR",
    "\\": "PR",
    "|": "BA",
    "\u00a0": "GL",  # no-break space
    "\u00ab": "QU",  # «
    "\u00bb": "QU",  # »
    "\u00ad": "BA",  # soft hyphen
    "\u00b0": "PO",  # °
    "\u00b1": "PR",  # ±
    "\u00b4": "BB",  # ´
    "\u00a1": "OP",  # ¡
    "\u00bf": "OP",  # ¿
    "\u00a2": "PO",  # ¢
    "\u00a3": "PR",
    "\u00a5": "PR",
    "\u00a7": "AI",
    "\u00b6": "AI",
    "\u00d7": "AI",  # ×
    "\u00f7": "AI",
    "\u2010": "BA",  # hyphen
    "\u2011": "GL",  # non-breaking hyphen
    "\u2012": "BA",
    "\u2013": "BA",  # en dash
    "\u2014": "B2",  # em dash
    "\u2018": "QU",
    "\u2019": "QU",
    "\u201a": "OP",  # ‚
    "\u201b": "QU",
    "\u201c": "QU",
    "\u201d": "QU",
    "\u201e": "OP",  # „
    "\u201f": "QU",
    "\u2015": "AL",  # horizontal bar
    "\u2027": "BA",
    "\u2031": "PO",
    "\u2033": "PO",
    "\u2034": "PO",
    "\u2035": "PO",
    "\u2036": "PO",
    "\u2037": "PO",
    "\u203c": "NS",  # ‼
    "\u203d": "NS",  # ‽
    "\u2047": "NS",
    "\u2048": "NS",
    "\u2049": "NS",
    "\u2056": "BA",
    "\u2058": "BA",
    "\u2059": "BA",
    "\u205a": "BA",
    "\u205b": "BA",
    "\u205d": "BA",
    "\u205e": "BA",
    "\u2103": "PO",  # ℃
    "\u2109": "PO",  # ℉
    "\u2213": "PR",
    "\u22ef": "IN",
    "\u2024": "IN",
    "\u2025": "IN",
    "\u2026": "IN",  # …
    "\u2030": "PO",  # ‰
    "\u2032": "PO",
    "\u2039": "QU",
    "\u203a": "QU",
    "\u2044": "IS",
    "\u2060": "WJ",
    "\u202f": "GL",  # narrow no-break space
    "\u2007": "GL",  # figure space
    "\u200b": "ZW",
    "\u200d": "ZWJ",
    "\ufeff": "WJ",
    "\u20ac": "PR",  # €
    "\u2116": "PR",  # №
    "\u2212": "PR",  # minus sign
    "\u3001": "CL",
    "\u3002": "CL",
    "\uff0c": "CL",
    "\uff0e": "CL",
}


def _class(char: str) -> str:
    """The character's line breaking class (AI and the like resolved to AL, as GNU does)."""
    known = _CLASSES.get(char)
    if known is not None:
        return "AL" if known == "AI" else known
    category = unicodedata.category(char)
    if category in ("Mn", "Mc", "Me"):
        return "CM"
    if category == "Nd":
        return "NU"
    if category == "Zs":
        return "BA"
    if category == "Ps":
        return "OP"
    if category == "Pe":
        return "CL"
    if category in ("Pi", "Pf"):
        return "QU"
    if category == "Pd":
        return "BA"
    if category == "Sc":
        return "PR"
    if category == "Cc":
        return "CM"
    if unicodedata.east_asian_width(char) in ("W", "F") and category.startswith(("L", "S", "P")):
        return "ID"
    return "AL"


def _width(char: str) -> int:
    if unicodedata.category(char) in ("Mn", "Me", "Cf") or char == "\u200b":
        return 0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return 2
    return 1


_CLOSING = frozenset({"CL", "CP", "EX", "IS", "SY", "WJ"})
_LETTERS = frozenset({"AL", "HL"})
_IDEOGRAPHS = frozenset({"ID", "H2", "H3", "JL", "JV", "JT", "EB", "EM"})


def _pair(before: str, after: str) -> str:
    """UAX #14's pair table as GNU's line breaker has it (``D``: a break may come between the
    two, ``I``: only after spaces between them, ``P``: never), measured against ``msgcat``
    0.21 with libunistring 1.0 (``tests/test_gnu_wrapping.py``). GNU breaks after a full
    stop or comma before a letter: UAX #14's LB29 is not applied, so that ``<P>Text.</P>``
    can break."""
    if before == "OP" or after in _CLOSING:
        return "P"  # LB14, LB11, LB13
    if (before == "QU" and after == "OP") or (before == "CL" and after == "NS"):
        return "P"  # LB15, LB16 (GNU breaks ``) ‼``, after the space)
    if before == "B2" and after == "B2":
        return "P"  # LB17
    if before in ("WJ", "GL", "BB", "QU") or after in ("QU", "BA", "HY", "NS", "ZWJ"):
        return "I"  # LB11, LB12, LB21, LB19
    if before == "ZW":
        return "D"  # LB8
    if after == "GL":
        return "D" if before in ("BA", "HY") else "I"  # LB12a
    if after == "IN":
        return "I"  # LB22
    if after == "NU":
        return "I" if before in {"HY", "IS", "NU", "PO", "PR", "SY", "CP", *_LETTERS} else "D"
    if after in _LETTERS:
        hebrew = after == "HL" and before == "SY"  # LB21b
        return "I" if hebrew or before in {"NU", "PO", "PR", "CP", *_LETTERS} else "D"
    if after == "OP":
        return "I" if before in {"PO", "PR", "NU", *_LETTERS} else "D"  # LB25, LB30
    if after == "PO":
        return "I" if before in {"CL", "CP", "NU", *_LETTERS, *_IDEOGRAPHS} else "D"  # LB25, LB24
    if after == "PR":
        return "I" if before in {"CL", "CP", "NU", *_LETTERS} else "D"  # LB25, LB24
    if after in _IDEOGRAPHS:
        return "I" if before == "PR" or (before, after) == ("EB", "EM") else "D"  # LB23a, LB30b
    if after == "RI":
        return "I" if before == "RI" else "D"
    return "D"  # LB31


def _possible_breaks(text: str) -> list[bool]:
    """For each character of ``text``, whether a line may break before it."""
    result = [False] * len(text)
    before: str | None = None  # the class of the last character that is not a space
    spaces = False
    for index, char in enumerate(text):
        cls = _class(char)
        if cls == "SP":
            spaces = before is not None
            continue
        if cls == "CM" and before is not None and not spaces:
            continue  # LB9: a combining mark takes the class of its base
        if cls == "CM":
            cls = "AL"  # LB10
        if before is not None:
            action = _pair(before, cls)
            result[index] = action == "D" or (action == "I" and spaces)
        before = cls
        spaces = False
    return result


_PYTHON_DIRECTIVE = re.compile(
    r"%(?:\([^)]*\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrs%]"
)


_BRACE_DIRECTIVE = re.compile(r"\{\{|\}\}|\{[^{}]*\}")


def _directive_insides(text: str, flags: set[str]) -> set[int]:
    """The positions in ``text`` inside a format directive (after its ``%`` or ``{``), for the
    first format its flags name that GNU reads directives of; none from an invalid ``%`` on
    (or one that mixes named and unnamed arguments), where GNU stops reading them."""
    inside: set[int] = set()
    if "python-format" in flags:
        kinds = set()
        at = text.find("%")
        while at >= 0:
            match = _PYTHON_DIRECTIVE.match(text, at)
            if match is None:
                break
            if not match.group().endswith("%"):
                kinds.add("(" in match.group())
                if len(kinds) > 1:
                    break  # named and unnamed arguments: GNU stops at the first that mixes
            inside.update(range(match.start() + 1, match.end()))
            at = text.find("%", match.end())
    elif "python-brace-format" in flags:
        for match in _BRACE_DIRECTIVE.finditer(text):
            inside.update(range(match.start() + 1, match.end()))
    return inside


def _portions(value: str) -> Iterator[str]:
    """``value`` cut after each newline (the last piece may be empty only if ``value`` is)."""
    start = 0
    while True:
        end = value.find("\n", start)
        if end < 0 or end == len(value) - 1:
            yield value[start:]
            return
        yield value[start : end + 1]
        start = end + 1


def wrap(
    keyword: str, value: str, prefix: str = "", *, flags: Iterable[str] = (), wrapped: bool = True
) -> list[str]:
    """``keyword "value"`` as GNU gettext writes it, each line starting with ``prefix``
    (``flags``: the entry's, which say what format directives not to break)."""
    inside = _directive_insides(value, set(flags))
    after_break = len(prefix) + 1  # a continuation line starts with its quote
    lines: list[str] = []
    first = True
    offset = 0
    portions = list(_portions(value))
    for number, portion in enumerate(portions):
        chars: list[str] = []
        prohibited: list[bool] = []
        for at, char in enumerate(portion, start=offset):
            escaped = _ESCAPES.get(char)
            if escaped is not None:
                chars += escaped
                prohibited += [at in inside, True]
            else:
                chars.append(char)
                prohibited.append(at in inside)
        offset += len(portion)
        if portion.endswith("\n"):
            prohibited[-2] = True  # not before the newline that ends the portion
        escaped_text = "".join(chars)
        width = (PAGE_WIDTH if wrapped else 1 << 30) - 1 - after_break
        possible = [
            can and not no
            for can, no in zip(_possible_breaks(escaped_text), prohibited, strict=True)
        ]
        while True:
            start = (len(prefix) + len(keyword) + 1 if first else len(prefix)) + 1 - after_break
            breaks = _fill(escaped_text, possible, width, start)
            more = number < len(portions) - 1
            if first and chars and (more or start > width or any(breaks)):
                lines.append(f'{prefix}{keyword} ""')
                first = False
                continue
            break
        pieces = []
        begin = 0
        for index, brk in enumerate(breaks):
            if brk:
                pieces.append(escaped_text[begin:index])
                begin = index
        pieces.append(escaped_text[begin:])
        for piece in pieces:
            head = f"{prefix}{keyword} " if first else prefix
            lines.append(f'{head}"{piece}"')
            first = False
    return lines


def _fill(text: str, possible: list[bool], width: int, start: int) -> list[bool]:
    """Where to break ``text`` (at most ``width`` columns a line, the first starting at
    ``start``): GNU's ``ulc_width_linebreaks``, a greedy fill of the possible breaks."""
    breaks = [False] * len(text)
    last: int | None = None
    column = start
    piece = 0
    for index, char in enumerate(text):
        if possible[index]:
            if last is not None and column + piece > width:
                breaks[last] = True
                column = 0
            last = index
            column += piece
            piece = 0
        piece += _width(char)
    if last is not None and column + piece > width:
        breaks[last] = True
    return breaks


def _references(message: Message) -> list[str]:
    names: list[str] = []
    for filename, lineno in message.locations:
        name = filename.replace("\\", "/")
        if " " in name or "\t" in name:
            name = f"\u2068{name}\u2069"
        names.append(f"{name}:{lineno}" if lineno else name)
    if not names:
        return []
    lines = []
    line = "#:"
    for name in dict.fromkeys(names):
        if len(line) > 2 and len(line) + 1 + len(name) > PAGE_WIDTH:
            lines.append(line)
            line = "#:"
        line += f" {name}"
    lines.append(line)
    return lines


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, list | tuple) else [message.string]
    return any(strings)


def _flags(message: Message, *, obsolete: bool = False) -> list[str]:
    flags = set(message.flags)
    if obsolete:
        flags &= {"fuzzy"}
    if not _translated(message):
        flags.discard("fuzzy")  # an untranslated entry is not fuzzy (GNU drops the flag)
    order = ["fuzzy"]
    for name in FORMAT_FLAGS:
        order += [f"{name}-format", f"no-{name}-format"]
    ordered = [flag for flag in order if flag in flags]
    ordered += sorted(flag for flag in flags if flag not in order)
    return [f"#, {', '.join(ordered)}"] if ordered else []


def _comment(mark: str, text: str) -> str:
    return f"{mark} {text}" if text else mark


def _entry(catalog: Catalog, message: Message, *, obsolete: bool = False) -> list[str]:
    lines = [_comment("#", comment) for comment in message.user_comments]
    if not obsolete:
        lines += [_comment("#.", comment) for comment in message.auto_comments]
        lines += _references(message)
    lines += _flags(message, obsolete=obsolete)
    wrapped = "no-wrap" not in message.flags
    prefix = "#~ " if obsolete else ""

    def field(keyword: str, value: str, prefix: str = prefix) -> list[str]:
        return wrap(keyword, value, prefix, flags=message.flags, wrapped=wrapped)

    if message.previous_id:
        previous = list(message.previous_id)
        mark = "#~| " if obsolete else "#| "
        lines += field("msgid", previous[0], mark)
        if len(previous) > 1:
            lines += field("msgid_plural", previous[1], mark)
    if message.context is not None:
        lines += field("msgctxt", message.context)
    if isinstance(message.id, list | tuple):
        lines += field("msgid", message.id[0])
        lines += field("msgid_plural", message.id[1])
        strings = message.string if isinstance(message.string, list | tuple) else [message.string]
        count = max(catalog.num_plurals, len(strings)) if not obsolete else len(strings)
        for index in range(count):
            text = strings[index] if index < len(strings) else ""
            lines += field(f"msgstr[{index}]", text or "")
    else:
        lines += field("msgid", message.id)
        lines += field("msgstr", str(message.string or ""))
    return lines


def po_text(catalog: Catalog, *, obsolete: bool = True) -> str:
    """The catalog as GNU gettext writes it: its header (as it was read, when it was read
    from a file: :func:`generator.i18n.pofile.read` keeps it), messages, then the obsolete
    ones."""
    blocks = []
    kept = getattr(catalog, "header_message", None)
    for message in catalog:
        if message.id:
            lines = _entry(catalog, message)
        elif kept is not None:
            lines = _entry(catalog, kept)
        else:
            header = catalog.header_comment
            lines = [*header.splitlines(), *_entry(catalog, message)]
        blocks.append("\n".join(lines) + "\n")
    if obsolete:
        for message in catalog.obsolete.values():
            if not _translated(message):
                continue  # nothing to keep: GNU drops an untranslated obsolete entry
            blocks.append("\n".join(_entry(catalog, message, obsolete=True)) + "\n")
    return "\n".join(blocks)
