"""A strict reader of gettext ``.po`` and ``.pot`` files.

Babel's ``read_po`` is lenient: it truncates an unterminated string, accepts a
msgstr without its msgid and keeps one of two duplicates. This reader rejects
whatever ``msgfmt --check`` rejects (and a little more: ``tests/test_catalogs.py``),
with one line ``path:LINE: what is wrong`` naming the line of the
error, then hands back a Babel :class:`~babel.messages.catalog.Catalog`.

The grammar is GNU gettext's (``gettext-tools/src/po-lex.c``, ``po-gram.y``),
read line by line: comments (``#``, ``#.``, ``#:``, ``#,``, ``#|``), obsolete
entries (``#~``), the keywords ``msgctxt``, ``msgid``, ``msgid_plural``,
``msgstr`` and ``msgstr[N]`` in that order, each followed by one or more C
strings, continued by lines holding strings only.
"""

from __future__ import annotations

import codecs
import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural

from generator.patience import GolfError

PLURAL_SAMPLE = range(1001)
"""The counts a plural rule is compared on (gettext's own checks use 0..1000 too)."""

# GNU gettext's Plural-Forms headers, from gettext-tools/src/plural-table.c (the
# table msginit uses; the manual's node "Plural forms" lists the same). Babel's
# rules come from CLDR and differ for es, pt, pt_BR, it, ca, fr (CLDR adds a form
# for millions), he, lv and ga; a catalog may use either.
GNU_PLURAL_FORMS = {
    "ja": "nplurals=1; plural=0;",
    "vi": "nplurals=1; plural=0;",
    "ko": "nplurals=1; plural=0;",
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "sv": "nplurals=2; plural=(n != 1);",
    "da": "nplurals=2; plural=(n != 1);",
    "nb": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "he": "nplurals=2; plural=(n != 1);",
    "ca": "nplurals=2; plural=(n != 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "lv": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);",
    "ga": "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;",
    "ro": "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;",
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "pl": (
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
}

_ESCAPES = {
    ord("n"): b"\n",
    ord("t"): b"\t",
    ord("b"): b"\b",
    ord("r"): b"\r",
    ord("f"): b"\f",
    ord("v"): b"\v",
    ord("a"): b"\a",
    ord("\\"): b"\\",
    ord('"'): b'"',
}
_KEYWORD = re.compile(rb"(msgctxt|msgid_plural|msgid|msgstr)(?![A-Za-z0-9_$])[ \t]*")
_INDEX = re.compile(rb"\[[ \t]*([0-9]+)[ \t]*\][ \t]*")
_PLURAL_FORMS = re.compile(r"^\s*nplurals\s*=\s*([0-9]+)\s*;\s*plural\s*=\s*([^;]*?)\s*;\s*$")
_OCTAL = b"01234567"
_HEX = b"0123456789abcdefABCDEF"


class CatalogError(GolfError):
    """A catalog is unreadable or unsafe to use; the message starts with ``file:line:``."""


@dataclass
class _Field:
    keyword: str
    """``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr`` or ``msgstr[N]``."""
    line: int
    data: bytearray = field(default_factory=bytearray)


@dataclass
class _Entry:
    line: int
    comments: list[tuple[int, bytes]] = field(default_factory=list)
    fields: list[_Field] = field(default_factory=list)
    obsolete: bool = False
    raw: list[tuple[int, bytes]] = field(default_factory=list)
    """The file's lines from this entry's first to the next entry's."""

    def get(self, keyword: str) -> _Field | None:
        return next((f for f in self.fields if f.keyword == keyword), None)

    @property
    def msgid_line(self) -> int:
        found = self.get("msgid")
        return found.line if found else self.line

    @property
    def strs(self) -> list[_Field]:
        return [f for f in self.fields if f.keyword.startswith("msgstr")]


def _clip(text: str, size: int = 60) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


class _Parser:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: list[_Entry] = []
        self.current: _Entry | None = None
        self.last: _Field | None = None

    def fail(self, line: int, what: str) -> CatalogError:
        return CatalogError(f"{self.path}:{line}: {what}")

    # -- the grammar ---------------------------------------------------------

    def stage(self) -> str:
        """What the current entry has last: '' (nothing yet), or its last keyword."""
        if self.current is None or not self.current.fields:
            return ""
        keyword = self.current.fields[-1].keyword
        return "msgstr[]" if keyword.startswith("msgstr[") else keyword

    def finish(self) -> None:
        entry = self.current
        if entry is not None:
            stage = self.stage()
            if stage in ("msgctxt", "msgid", "msgid_plural"):
                what = {
                    "msgctxt": "msgctxt without msgid",
                    "msgid": "msgid without msgstr",
                    "msgid_plural": "msgid_plural without msgstr[0]",
                }[stage]
                raise self.fail(entry.msgid_line, what)
            if entry.fields:
                self.entries.append(entry)
        self.current = None
        self.last = None

    def comment(self, number: int, text: bytes) -> None:
        stage = self.stage()
        if stage in ("msgctxt", "msgid", "msgid_plural"):
            assert self.current is not None
            raise self.fail(
                number,
                f"a comment inside an entry (after the {stage} of line "
                f"{self.current.fields[-1].line}, before its msgstr)",
            )
        if stage:  # the entry is complete: this comment starts the next one
            self.finish()
        if self.current is None:
            self.current = _Entry(number)
        self.current.comments.append((number, text))
        self.last = None

    def keyword(self, number: int, keyword: str, index: int | None, obsolete: bool) -> _Field:
        stage = self.stage()
        name = keyword if index is None else f"{keyword}[{index}]"
        if keyword in ("msgctxt", "msgid") and stage in ("msgstr", "msgstr[]"):
            self.finish()
            stage = ""
        entry = self.current
        if keyword in ("msgctxt", "msgid") and stage in ("msgid", "msgid_plural"):
            assert entry is not None
            raise self.fail(
                entry.msgid_line, f"msgid without msgstr (a {keyword} follows on line {number})"
            )
        if entry is not None and entry.fields and entry.obsolete != obsolete:
            raise self.fail(number, "inconsistent use of #~ within one entry")
        expected = {
            "msgctxt": ("",),
            "msgid": ("", "msgctxt"),
            "msgid_plural": ("msgid",),
            "msgstr": ("msgid",),
        }[keyword]
        if index is not None:
            if stage == "msgid_plural":
                if index != 0:
                    raise self.fail(number, f"{name} where msgstr[0] is expected")
            elif stage == "msgstr[]":
                assert entry is not None
                previous = int(entry.fields[-1].keyword[7:-1])
                if index != previous + 1:
                    raise self.fail(
                        number,
                        f"{name} follows msgstr[{previous}]; expected msgstr[{previous + 1}]",
                    )
            elif stage == "msgid":
                raise self.fail(number, f"{name} without msgid_plural (use msgstr)")
            else:
                raise self.fail(number, f"{name} without msgid")
        elif stage not in expected:
            if keyword == "msgstr" and stage == "msgid_plural":
                raise self.fail(number, "msgid_plural needs msgstr[0], msgstr[1], ..., not msgstr")
            if keyword == "msgstr" and stage in ("", "msgctxt", "msgstr", "msgstr[]"):
                raise self.fail(number, "msgstr without msgid")
            if keyword == "msgid_plural" and stage in ("", "msgctxt"):
                raise self.fail(number, f"{keyword} without msgid")
            before = "msgstr" if stage == "msgstr[]" else stage
            raise self.fail(number, f"{keyword} after {before}: keywords in the wrong order")
        if entry is None:
            entry = self.current = _Entry(number)
        if not entry.fields:
            entry.obsolete = obsolete
        new = _Field(name, number)
        entry.fields.append(new)
        self.last = new
        return new

    # -- lines ---------------------------------------------------------------

    def strings(self, number: int, text: bytes, position: int, into: bytearray) -> None:
        """Append the C strings of ``text[position:]`` to ``into``; nothing else may follow.
        A string past :data:`MESSAGE_LIMIT` in any encoding is refused before it is read."""
        if len(into) + len(text) - position > 4 * MESSAGE_LIMIT:
            raise self.fail(
                number,
                f"a message of over {4 * MESSAGE_LIMIT:,} bytes from here: no message of the "
                f"site is that long (at most {MESSAGE_LIMIT:,} characters)",
            )
        count = 0
        while True:
            while position < len(text) and text[position] in b" \t":
                position += 1
            if position == len(text):
                break
            if text[position : position + 1] != b'"':
                junk = text[position:].decode("utf-8", "replace")
                raise self.fail(
                    number, f"unexpected text {_clip(junk, 30)!r} where a string should be"
                )
            position = self.string(number, text, position + 1, into)
            count += 1
        if not count:
            raise self.fail(number, "a keyword without its string")

    def string(self, number: int, text: bytes, position: int, into: bytearray) -> int:
        """Read one string whose opening quote is before ``position``; the position after it."""
        while position < len(text):
            byte = text[position]
            if byte == ord('"'):
                return position + 1
            if byte != ord("\\"):
                into.append(byte)
                position += 1
                continue
            position += 1
            code = text[position] if position < len(text) else None
            if code in _ESCAPES:
                into += _ESCAPES[code]
                position += 1
            elif code is not None and code in _OCTAL:
                end = position
                while end < len(text) and end - position < 3 and text[end] in _OCTAL:
                    end += 1
                value = int(text[position:end], 8)
                if value > 255:
                    raise self.fail(
                        number, f"octal escape \\{text[position:end].decode()} is over 255"
                    )
                into.append(value)
                position = end
            elif code == ord("x") and position + 1 < len(text) and text[position + 1] in _HEX:
                end = position + 1
                while end < len(text) and text[end] in _HEX:
                    end += 1
                value = int(text[position + 1 : end], 16)
                if value > 255:
                    raise self.fail(
                        number, f"hex escape \\{text[position:end].decode()} is over 255"
                    )
                into.append(value)
                position = end
            else:
                shown = chr(code) if code is not None and 32 < code < 127 else ""
                raise self.fail(
                    number,
                    f'invalid escape sequence \\{shown} (gettext knows \\n \\t \\r \\" \\\\'
                    " \\a \\b \\f \\v, octal and \\x hex)",
                )
        raise self.fail(number, f"unterminated string: {_clip(text.decode('utf-8', 'replace'))!r}")

    def line(self, number: int, raw: bytes) -> None:
        text = raw[:-1] if raw.endswith(b"\r") else raw
        text = text.lstrip(b" \t")
        obsolete = False
        if text.startswith(b"#~"):
            obsolete = True
            text = text[2:]
            if text.startswith(b"|"):  # the previous msgid of an obsolete entry
                self.previous(number, text[1:])
                self.comment(number, b"#~|" + text[1:])
                return
            text = text.lstrip(b" \t")
            if not text:
                return
        elif text.startswith(b"#"):
            if text.startswith(b"#|"):
                self.previous(number, text[2:])
            self.comment(number, text)
            return
        if not text.strip():
            return
        if text.startswith(b'"'):
            if self.last is None:
                raise self.fail(number, "a string without a keyword (msgid, msgstr, ...) before it")
            if self.current is not None and self.current.obsolete != obsolete:
                raise self.fail(number, "inconsistent use of #~ within one entry")
            self.strings(number, text, 0, self.last.data)
            return
        match = _KEYWORD.match(text)
        if not match:
            shown = text.decode("utf-8", "replace")
            raise self.fail(
                number,
                f"neither a comment, a keyword with its string nor a string: {_clip(shown, 40)!r}",
            )
        keyword = match.group(1).decode()
        position = match.end()
        index = None
        indexed = _INDEX.match(text, position)
        if indexed:
            if keyword != "msgstr":
                raise self.fail(number, f"{keyword} cannot have an index")
            index = int(indexed.group(1))
            position = indexed.end()
        target = self.keyword(number, keyword, index, obsolete)
        self.strings(number, text, position, target.data)

    def previous(self, number: int, text: bytes) -> None:
        """Check the syntax of a ``#|`` line (the previous msgctxt/msgid of a fuzzy entry)."""
        text = text.lstrip(b" \t")
        if not text:
            return
        match = _KEYWORD.match(text)
        position = 0
        if match and match.group(1) != b"msgstr":
            position = match.end()
        elif not text.startswith(b'"'):
            raise self.fail(number, "a #| line holds msgctxt, msgid or msgid_plural with a string")
        self.strings(number, text, position, bytearray())


@dataclass
class _Header:
    fields: dict[str, str]
    lines: dict[str, int]
    line: int


def _header(entries: list[_Entry], path: Path) -> tuple[_Entry, _Header]:
    headers = [e for e in entries if not e.obsolete and e.get("msgctxt") is None and _id(e) == b""]
    if not headers:
        raise CatalogError(
            f'{path}:1: no header entry (msgid "" with Content-Type, Plural-Forms, ...)'
        )
    entry = headers[0]
    text = bytes(entry.strs[0].data).decode("ascii", "replace")
    fields: dict[str, str] = {}
    lines: dict[str, int] = {}
    for part in text.split("\n"):
        name, sep, value = part.partition(":")
        if sep:
            fields[name.strip().lower()] = value.strip()
    for key in fields:
        needle = key.encode()
        lines[key] = entry.strs[0].line
        for number, raw in entry.raw:
            if raw.lower().lstrip(b' \t"').startswith(needle + b":"):
                lines[key] = number
                break
    return entry, _Header(fields, lines, entry.msgid_line)


def _id(entry: _Entry) -> bytes | None:
    found = entry.get("msgid")
    return bytes(found.data) if found else None


def plural_function(expression: str) -> Callable[[int], int]:
    """The plural rule ``expression`` (C syntax) as a function, parsed safely (never eval'd as given).

    >>> plural_function("(n != 1)")(1), plural_function("n%10==1 ? 0 : 1")(21)
    (0, 0)
    """
    return gettext.c2py(expression)


def _plural_rule(header: _Header, path: Path, locale: str | None) -> int | None:
    """Check ``Plural-Forms``; its nplurals, or None for a template without one."""
    value = header.fields.get("plural-forms")
    line = header.lines.get("plural-forms", header.line)
    if value is None:
        if locale is None:
            return None
        raise CatalogError(f"{path}:{header.line}: the header has no Plural-Forms")
    match = _PLURAL_FORMS.match(value)
    if not match:
        raise CatalogError(
            f"{path}:{line}: Plural-Forms {value!r} is not 'nplurals=N; plural=EXPRESSION;'"
            " (each part ended by ';', on one header line)"
        )
    nplurals, expression = int(match.group(1)), match.group(2)
    try:
        rule = plural_function(expression)
        forms = [rule(n) for n in PLURAL_SAMPLE]
    except (ValueError, ArithmeticError, RecursionError, TypeError) as error:
        raise CatalogError(
            f"{path}:{line}: invalid plural expression {expression!r}: {error}"
        ) from None
    if nplurals < 1:
        raise CatalogError(f"{path}:{line}: nplurals={nplurals}; a language has at least one form")
    bad = next((n for n, form in enumerate(forms) if not 0 <= form < nplurals), None)
    if bad is not None:
        raise CatalogError(
            f"{path}:{line}: the plural expression gives form {forms[bad]} for n={bad},"
            f" but nplurals={nplurals}"
        )
    if locale is not None:
        expected = expected_plural_forms(locale)
        if expected is None:
            raise CatalogError(f"{path}:{line}: unknown language {locale!r}")
        if not any(
            nplurals == count and forms == [rule_(n) for n in PLURAL_SAMPLE]
            for count, rule_ in expected
        ):
            babel = get_plural(locale)
            raise CatalogError(
                f"{path}:{line}: Plural-Forms is {value!r}; {locale} needs "
                f"{babel.plural_forms!r}"
                + (f" (or GNU's {gnu!r})" if (gnu := _gnu(locale)) else "")
            )
    return nplurals


def _gnu(locale: str) -> str | None:
    return GNU_PLURAL_FORMS.get(locale) or GNU_PLURAL_FORMS.get(locale.split("_")[0])


def expected_plural_forms(locale: str) -> list[tuple[int, Callable[[int], int]]] | None:
    """The (nplurals, rule) pairs a catalog of ``locale`` may use: Babel's (CLDR), GNU's; None if unknown."""
    try:
        Locale.parse(locale)
        babel = get_plural(locale)
    except (ValueError, UnknownLocaleError, TypeError):
        return None
    found = [(babel.num_plurals, plural_function(babel.plural_expr))]
    gnu = _gnu(locale)
    if gnu:
        match = _PLURAL_FORMS.match(gnu)
        assert match
        found.append((int(match.group(1)), plural_function(match.group(2))))
    return found


def _decode(path: Path, charset: str, data: bytes, line: int) -> str:
    try:
        return data.decode(charset)
    except UnicodeDecodeError:
        raise CatalogError(
            f"{path}:{line}: an escape sequence makes this string invalid {charset}"
        ) from None


def same_language(header: str, locale: str) -> bool:
    """Whether a catalog's ``Language:`` header fits the catalog of ``locale``: the same code,
    or, for a catalog of a language without a region, that language in some region (Poedit
    writes ``fr_FR`` for French).

    >>> same_language("fr_FR", "fr"), same_language("nl-BE", "nl"), same_language("de", "de")
    (True, True, True)
    >>> same_language("de", "nl"), same_language("pt", "pt_BR"), same_language("pt_PT", "pt_BR")
    (False, False, False)
    """
    header, locale = header.strip().replace("-", "_").lower(), locale.replace("-", "_").lower()
    return header == locale or ("_" not in locale and header.split("_", 1)[0] == locale)


def parse(data: bytes, path: Path, locale: str | None = None, domain: str = "messages") -> Catalog:
    """The catalog in ``data`` (the bytes of ``path``), checked; :class:`CatalogError` if broken.

    ``locale`` is the catalog's language (its Plural-Forms must suit it); None
    for a template (``.pot``), which needs no Plural-Forms.
    """
    parser = _Parser(path)
    raw_lines = data.split(b"\n")
    if raw_lines and raw_lines[-1] == b"":
        raw_lines.pop()
    for number, raw in enumerate(raw_lines, 1):
        parser.line(number, raw)
        if parser.current is not None:
            parser.current.raw.append((number, raw))
    parser.finish()
    return _build(parser.entries, raw_lines, path, locale, domain)


def _build(
    entries: list[_Entry], raw_lines: list[bytes], path: Path, locale: str | None, domain: str
) -> Catalog:
    seen: dict[tuple[bytes | None, bytes], int] = {}
    for entry in entries:
        msgid = _id(entry)
        if msgid is None:  # only comments: a stray comment block at the end
            continue
        ctxt = entry.get("msgctxt")
        identity = (bytes(ctxt.data) if ctxt else None, msgid)
        if identity in seen:
            raise CatalogError(
                f"{path}:{entry.msgid_line}: duplicate message {_clip(msgid.decode('utf-8', 'replace'))!r}"
                f" (first defined at line {seen[identity]})"
            )
        seen[identity] = entry.msgid_line
    header_entry, header = _header(entries, path)
    content_type = header.fields.get("content-type", "")
    charset_match = re.search(r"charset\s*=\s*([A-Za-z0-9_.:-]+)", content_type)
    if not charset_match:
        raise CatalogError(
            f"{path}:{header.lines.get('content-type', header.line)}: the header's Content-Type "
            "names no charset (write 'Content-Type: text/plain; charset=UTF-8')"
        )
    charset = charset_match.group(1)
    try:
        codec = codecs.lookup(charset)
    except LookupError:
        raise CatalogError(
            f"{path}:{header.lines['content-type']}: unknown charset {charset!r}"
        ) from None
    for number, raw in enumerate(raw_lines, 1):
        try:
            raw.decode(codec.name)
        except UnicodeDecodeError as error:
            raise CatalogError(
                f"{path}:{number}: not {charset} (byte 0x{raw[error.start]:02x} at column"
                f" {error.start + 1}), though the header says charset={charset}"
            ) from None
    nplurals = _plural_rule(header, path, locale)
    language = header.fields.get("language")
    if locale is not None and language and not same_language(language, locale):
        raise CatalogError(
            f"{path}:{header.lines['language']}: the header says Language: {language},"
            f" the catalog is {locale}'s"
        )
    catalog = Catalog(locale=locale, domain=domain, charset=codec.name)
    for entry in entries:
        msgid_field = entry.get("msgid")
        if msgid_field is None:
            continue
        if entry is header_entry:
            header_message = _message(entry, path, codec.name)
            catalog[""] = header_message
            # the header as written, which Babel's model of it would reorder and complete
            catalog.header_message = header_message  # type: ignore[attr-defined]
            continue
        message = _message(entry, path, codec.name)
        strs = entry.strs
        plural = entry.get("msgid_plural") is not None
        if plural and nplurals is not None and not entry.obsolete and len(strs) != nplurals:
            raise CatalogError(
                f"{path}:{strs[0].line}: {len(strs)} plural form(s) (msgstr[0..{len(strs) - 1}]),"
                f" but the header says nplurals={nplurals}"
            )
        if not entry.obsolete and "fuzzy" not in message.flags:
            _check_newlines(path, message, strs)
        if entry.obsolete:
            first = str(message.id[0] if isinstance(message.id, tuple) else message.id)
            key: str | tuple[str, str] = (
                first if message.context is None else (first, message.context)
            )
            catalog.obsolete[key] = message
        else:
            catalog[message.id] = message
    return catalog


def _check_newlines(path: Path, message: Message, strs: list[_Field]) -> None:
    ids = [str(i) for i in message.id] if isinstance(message.id, tuple) else [str(message.id)]
    string = message.string
    texts = [str(t) for t in string] if isinstance(string, tuple) else [str(string)]
    for form, (text, where) in enumerate(zip(texts, strs, strict=True)):
        source = ids[min(form, len(ids) - 1)]
        if not text:
            continue
        for end, test in (("begin", str.startswith), ("end", str.endswith)):
            if test(source, "\n") != test(text, "\n"):
                raise CatalogError(
                    f"{path}:{where.line}: msgid and {where.keyword} do not both {end} with '\\n'"
                )


CATALOG_LIMIT = 4 << 20
"""The most bytes a catalog may hold (the largest today: some 160 kB)."""
MESSAGE_LIMIT = 20_000
"""The most characters one message or translation may hold (the longest today: some 1,500): a
longer one is refused where it starts, before any check reads it."""


def _message(entry: _Entry, path: Path, charset: str) -> Message:
    def text(found: _Field | None) -> str:
        if found is None:
            return ""
        if len(found.data) > 4 * MESSAGE_LIMIT:  # past the limit in any encoding: not decoded
            raise _too_long(path, found, len(found.data), "bytes")
        decoded = _decode(path, charset, bytes(found.data), found.line)
        if len(decoded) > MESSAGE_LIMIT:
            raise _too_long(path, found, len(decoded), "characters")
        return decoded

    locations: list[tuple[str, int]] = []
    flags: list[str] = []
    auto: list[str] = []
    user: list[str] = []
    previous: list[str] = []
    for _number, raw in entry.comments:
        line = raw.decode(charset)
        if line.startswith("#:"):
            for location in line[2:].split():
                name, colon, at = location.rpartition(":")
                locations.append((name, int(at)) if colon and at.isdigit() else (location, 0))
        elif line.startswith("#,"):
            flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
        elif line.startswith("#."):
            auto.append(_comment_text(line[2:]))
        elif line.startswith("#|"):
            previous.append(line[2:].strip())
        elif not line.startswith("#~"):
            user.append(_comment_text(line[1:]))
    ctxt = entry.get("msgctxt")
    msgid = text(entry.get("msgid"))
    plural = entry.get("msgid_plural")
    strs = entry.strs
    if plural is not None:
        message_id: str | tuple[str, ...] = (msgid, text(plural))
        string: str | tuple[str, ...] = tuple(text(f) for f in strs)
    else:
        message_id, string = msgid, text(strs[0])
    message = Message(
        message_id,
        string,
        locations=locations,
        flags=flags,
        auto_comments=auto,
        user_comments=user,
        previous_id=_previous(previous, path, entry.line),
        lineno=entry.msgid_line,
        context=text(ctxt) if ctxt else None,
    )
    message.string_lines = tuple(f.line for f in strs)  # type: ignore[attr-defined]
    return message


def _too_long(path: Path, found: _Field, size: int, unit: str) -> CatalogError:
    return CatalogError(
        f"{path}:{found.line}: a {found.keyword} of {size:,} {unit}: no message of the site is "
        f"that long (at most {MESSAGE_LIMIT:,} characters)"
    )


def _comment_text(text: str) -> str:
    """A comment's text as GNU gettext keeps it: all after its mark but one space."""
    text = text.rstrip("\r")
    return text[1:] if text.startswith(" ") else text


def _previous(lines: list[str], path: Path, line: int) -> list[str]:
    """The previous msgid (and msgid_plural) of a fuzzy entry's ``#|`` lines, as Babel keeps them."""
    result: list[bytearray] = []
    target: bytearray | None = None
    for text in lines:
        keyword, _, rest = text.partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            target = bytearray()
            result.append(target)
            text = rest
        elif keyword == "msgctxt":
            target = bytearray()  # Babel keeps no previous context
            text = rest
        if target is not None:
            _Parser(path).strings(line, text.encode("utf-8"), 0, target)
    return [value.decode("utf-8") for value in result]


def read(path: Path, locale: str | None = None, domain: str = "messages") -> Catalog:
    """Read and check ``path``; :class:`CatalogError` (``path:line: ...``) if it is broken."""
    try:
        with path.open("rb") as handle:
            data = handle.read(CATALOG_LIMIT + 1)
    except FileNotFoundError:
        hint = f"; run 'python -m generator catalog init {locale}'" if locale else ""
        raise CatalogError(f"{path}:1: no such catalog{hint}") from None
    except OSError as error:
        raise CatalogError(f"{path}:1: cannot read: {error.strerror}") from None
    if len(data) > CATALOG_LIMIT:
        raise CatalogError(
            f"{path}:1: more than {CATALOG_LIMIT >> 20} MB: no catalog of the site is that large"
        )
    return parse(data, path, locale, domain)
