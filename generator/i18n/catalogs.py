"""The gettext catalogs: languages, loading ``.po`` files, placeholder checks.

Catalogs are read straight from the ``.po`` files (strictly, by
:mod:`generator.i18n.pofile`) and compiled in memory, so a build never needs (or
leaves) ``.mo`` files, and an edit to a ``.po`` file shows up in the next build.
The source language (English) has no catalog: its text is the templates' own.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.support import Translations

from generator import cache
from generator.bounded import compose_yaml, load_yaml, yaml_error
from generator.i18n.pofile import PLURAL_SAMPLE, plural_function, read
from generator.i18n.pofile import CatalogError as CatalogError  # raised by everything here
from generator.paths import ROOT as ROOT  # the project: see generator.paths.find_project
from generator.paths import inside_repository, project_file

LOCALES = ROOT / "locales"
LANGUAGES_FILE = LOCALES / "languages.yaml"
DOMAIN = "messages"
POT_FILE = LOCALES / f"{DOMAIN}.pot"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    theme_language: str
    shipped: bool
    locales: Path = LOCALES
    golden: Path | None = None
    """The text the rules page must read exactly like, if any."""
    goldens: tuple[tuple[str, Path], ...] = ()
    """Other pages' seed texts: (page name, file)."""

    @property
    def seed_pages(self) -> dict[str, Path]:
        """Every page that must read exactly like a seed page: {page name: its text}."""
        seeds = dict(self.goldens)
        if self.golden is not None:
            seeds.setdefault("rules", self.golden)
        return seeds

    @property
    def po_file(self) -> Path:
        return self.locales / self.code / "LC_MESSAGES" / f"{DOMAIN}.po"


LOCALE_ID = re.compile(r"[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_(?:[A-Z]{2}|[0-9]{3}))?")
"""A gettext locale identifier: language, then optional script and region (``nl``, ``pt_BR``)."""
THEME_LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")
_KEYS = {"code": True, "name": True, "theme_language": True, "shipped": True, "golden": False}
"""The keys of a language entry, and whether each is required."""


def _theme_has_language(theme_language: str) -> bool:
    """Whether Material for MkDocs (or the site's override folder) translates its interface."""
    from importlib.resources import files

    name = f"{theme_language}.html"
    material = files("material") / "templates" / "partials" / "languages" / name
    override = ROOT / "docs_src" / "overrides" / "partials" / "languages" / name
    return material.is_file() or override.is_file()


def languages(path: Path = LANGUAGES_FILE) -> list[Language]:
    """The site's languages, in the file's order; the file is read strictly.

    Raises :class:`CatalogError` (``file:line: what``) on anything the build
    could stumble over later: a missing, unknown or repeated key, a repeated
    or unknown language code, ``shipped`` that is not a boolean, a theme
    language Material has no translation for, a missing golden file, a
    ``source`` that is not one of the codes.
    """
    from babel import Locale, UnknownLocaleError

    def fail(node: yaml.Node, message: str) -> CatalogError:
        return CatalogError(f"{shown_path(path)}:{node.start_mark.line + 1}: {message}")

    def value(node: yaml.Node) -> object:
        if not isinstance(node, yaml.ScalarNode):
            return node  # a list or mapping where a scalar belongs: reported by its caller
        return yaml.constructor.SafeConstructor().construct_object(node)

    def mapping(node: yaml.Node, what: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise fail(node, f"{what}: expected a mapping")
        result: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            key = str(value(key_node))
            if key in result:
                raise fail(key_node, f"duplicate key {key!r}")
            result[key] = (key_node, value_node)
        return result

    def text(node: yaml.Node, key: str) -> str:
        found = value(node)
        if not isinstance(found, str) or not found.strip():
            shown = found if not isinstance(found, yaml.Node) else "a list or mapping"
            raise fail(node, f"{key} must be a non-empty text, not {shown!r}")
        return found

    try:
        root = compose_yaml(path)
    except OSError as error:
        raise CatalogError(
            f"{shown_path(path)}:1: cannot read the languages list: {error.strerror}"
        ) from None
    except yaml.YAMLError as error:
        line, what = yaml_error(error)
        raise CatalogError(f"{shown_path(path)}:{line}: {what}") from None
    if root is None:
        raise CatalogError(f"{shown_path(path)}:1: empty; expected 'source' and 'languages'")
    top = mapping(root, "the file")
    for key, (key_node, _) in top.items():
        if key not in ("source", "languages"):
            raise fail(key_node, f"unknown key {key!r} (known: source, languages)")
    for key in ("source", "languages"):
        if key not in top:
            raise fail(root, f"missing key {key!r}")
    entries = top["languages"][1]
    if not isinstance(entries, yaml.SequenceNode) or not entries.value:
        raise fail(entries, "languages: expected a list of languages")

    result: list[Language] = []
    seen: dict[str, int] = {}
    for entry in entries.value:
        fields = mapping(entry, "a language")
        for key, (key_node, _) in fields.items():
            if key not in _KEYS:
                known = ", ".join(_KEYS)
                raise fail(key_node, f"unknown key {key!r} in a language (known: {known})")
        for key, required in _KEYS.items():
            if required and key not in fields:
                raise fail(entry, f"a language is missing key {key!r}")
        code_node = fields["code"][1]
        code = text(code_node, "code")
        if not LOCALE_ID.fullmatch(code):
            raise fail(code_node, f"code {code!r} is not a locale identifier like 'nl' or 'pt_BR'")
        try:
            Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            raise fail(code_node, f"code {code!r} is not a locale Babel knows") from None
        if code in seen:
            raise fail(code_node, f"language {code!r} is listed twice (first at line {seen[code]})")
        seen[code] = code_node.start_mark.line + 1
        name_node = fields["name"][1]
        name = text(name_node, "name")
        hidden = [c for c in name if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")]
        if hidden or name != name.strip():
            what = f"U+{ord(hidden[0]):04X}" if hidden else "blanks at its ends"
            raise fail(
                name_node,
                f"name {name!r} holds an invisible character ({what}); the switcher shows it",
            )
        theme_node = fields["theme_language"][1]
        theme_language = text(theme_node, "theme_language")
        if not THEME_LANGUAGE.fullmatch(theme_language):
            raise fail(
                theme_node,
                f"theme_language {theme_language!r} is not a language code like 'de' or 'pt-BR'",
            )
        if not _theme_has_language(theme_language):
            raise fail(
                theme_node,
                f"theme_language {theme_language!r} has no translation in Material for MkDocs "
                f"(no partials/languages/{theme_language}.html)",
            )
        shipped_node = fields["shipped"][1]
        shipped = value(shipped_node)
        if not isinstance(shipped, bool):
            shown = shipped if not isinstance(shipped, yaml.Node) else "a list or mapping"
            raise fail(shipped_node, f"shipped must be true or false, not {shown!r}")
        golden = None
        goldens: list[tuple[str, Path]] = []
        if "golden" in fields:
            golden_node = fields["golden"][1]
            if isinstance(golden_node, yaml.MappingNode):
                places = [(text(k, "golden page"), v) for k, v in golden_node.value]
            else:
                places = [("rules", golden_node)]
            for page, node in places:
                try:
                    seed_path = inside_repository(text(node, "golden"), ROOT)
                    is_file = seed_path.is_file()
                except ValueError as error:
                    raise fail(node, f"golden file {error}") from None
                except OSError as error:  # a name too long, ...
                    raise fail(node, f"golden file: {error.strerror or error}") from None
                if not is_file:
                    raise fail(node, f"golden file {str(node.value)!r} does not exist")
                goldens.append((page, seed_path))
            golden = dict(goldens).get("rules")
        result.append(
            Language(code, name, theme_language, shipped, golden=golden, goldens=tuple(goldens))
        )

    source_node = top["source"][1]
    source = value(source_node)
    if source not in seen:
        shown = source if not isinstance(source, yaml.Node) else "a list or mapping"
        raise fail(source_node, f"source {shown!r} is not one of the languages ({', '.join(seen)})")
    return result


def shipped_languages(path: Path = LANGUAGES_FILE) -> list[Language]:
    """The languages the built site publishes (``shipped: true``), in the file's order; the
    others are previewed with ``serve --lang`` or ``build --preview``."""
    return [language for language in languages(path) if language.shipped]


def source_language(path: Path = LANGUAGES_FILE) -> str:
    """The language the templates are written in; it has no catalog."""
    return str(load_yaml(path)["source"])


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """Read a ``.po`` (``locale`` its language) or the ``.pot`` (no locale), strictly.

    The one way into a catalog: what ``msgfmt --check`` rejects is a
    :class:`CatalogError` ``path:line: what is wrong``; so is a Plural-Forms
    header wrong for the language.
    """
    return read(path, locale, DOMAIN)


PERCENT = re.compile(
    r"%(?:(?P<literal>%)|\((?P<name>[A-Za-z_][A-Za-z0-9_]*)\)[#0 +-]*[0-9]*(?:\.[0-9]+)?"
    r"(?P<type>[diouxXeEfFgGcrsa]))?"
)
"""A ``%``: ``%%``, or a placeholder ``%(name)s`` (flags, width, precision allowed); else a bare ``%``."""
DIGITS = re.compile(r"\d+")
"""A run of digits, of any script (``str`` patterns match every Unicode decimal digit)."""
SUITS = "♣♦♥♠♧♢♡♤"
"""Suit symbols, filled and outlined; the playing cards of Unicode's block U+1F0A0-U+1F0FF count
as suits too (:func:`_facts`)."""
COUNT = "count"
"""The placeholder of a plural message that holds its number (``{% trans count=... %}``)."""


def placeholders(text: str) -> list[str]:
    """The placeholders of ``text`` exactly as written (flags, width and precision included), in
    order; ``%%`` and a bare ``%`` skipped.

    >>> placeholders("%(count)s cards, 100%% sure, %(score)+d points, %(share).1s")
    ['%(count)s', '%(score)+d', '%(share).1s']
    """
    return [m.group(0) for m in PERCENT.finditer(text) if m.group("type")]


def string_line(message: Message, form: int = 0) -> int:
    """The line of a message's ``msgstr`` (``msgstr[form]``), where a translator edits it; its
    msgid's line for a message not read by :mod:`generator.i18n.pofile`."""
    lines: tuple[int, ...] = getattr(message, "string_lines", ())
    return lines[form] if form < len(lines) else int(message.lineno or 1)


def shown_path(path: Path) -> str:
    """``path`` as messages show it: relative to the repository (else to the current folder)."""
    for base in (ROOT, Path.cwd()):
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            continue
    return str(path)


def bare_percent(text: str) -> int | None:
    """The index of the first ``%`` that is neither ``%%`` nor a placeholder, if any.

    >>> bare_percent("50%% off"), bare_percent("50% off"), bare_percent("%(n)s %s")
    (None, 2, 6)
    """
    for match in PERCENT.finditer(text):
        if not match.group("literal") and not match.group("type"):
            return match.start()
    return None


def _facts(text: str) -> tuple[set[str], set[str]]:
    """The digit runs (of any script, superscripts and circled digits too) and suit symbols of
    ``text`` outside its placeholders.

    >>> sorted(_facts("%(n)s: ３５, ٣, 2², ①, 7♣")[0])
    ['2²', '7', '٣', '①', '３５']
    """
    plain = PERCENT.sub(" ", text)
    runs = [""]
    for character in plain:
        # a digit of any script, and any other number: Roman Ⅻ, CJK 十, ½, ⑩
        if unicodedata.numeric(character, None) is not None or DIGITS.match(character):
            runs[-1] += character
        elif runs[-1]:
            runs.append("")
    suits = {c for c in plain if c in SUITS or 0x1F0A0 <= ord(c) <= 0x1F0FF}
    return {run for run in runs if run}, suits


def message_strings(message: Message) -> tuple[list[str], list[str]]:
    """A message's source strings and translations, each as a list (plural forms too)."""
    ids = list(message.id) if isinstance(message.id, list | tuple) else [message.id]
    strs = list(message.string) if isinstance(message.string, list | tuple) else [message.string]
    return [str(i) for i in ids], [str(s) for s in strs]


def single_forms(catalog: Catalog) -> set[int]:
    """The plural forms the catalog's rule uses for exactly one count (form 0 of ``n != 1``)."""
    rule = plural_function(catalog.plural_expr)
    uses: dict[int, int] = {}
    for n in PLURAL_SAMPLE:
        form = rule(n)
        uses[form] = uses.get(form, 0) + 1
    return {form for form, count in uses.items() if count == 1}


def placeholder_problems(path: Path, catalog: Catalog) -> Iterator[str]:
    """``file:line: ...`` for each translation that breaks the placeholder rules.

    Every msgstr (and plural form) keeps exactly the placeholders of its msgid
    (and msgid_plural), by name and type, in any order; only a plural form the
    rule uses for a single count (Dutch and German form 0: n == 1) may leave out
    ``%(count)s``, as gettext allows. A literal ``%`` is written ``%%``. A digit
    or a suit symbol (♣♦♥♠) appears in a translation only where its msgid has
    the same digits or symbol: numbers and cards come from the placeholders.
    Fuzzy entries are skipped (the build does not use them).
    """
    singles = single_forms(catalog)
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids, strs = message_strings(message)
        plural = message.pluralizable
        expected = {p for i in ids for p in placeholders(i)}
        digits: set[str] = set()
        suits: set[str] = set()
        for source in ids:
            found_digits, found_suits = _facts(source)
            digits |= found_digits
            suits |= found_suits
        for form, text in enumerate(strs):
            if not text:
                continue
            where = f"{shown_path(path)}:{string_line(message, form)}"  # where it is edited
            what_form = f" (plural form {form})" if plural else ""
            subject = f"{_clip(ids[0])!r}{what_form}"
            at = bare_percent(text)
            if at is not None:
                yield (
                    f"{where}: a bare '%' in the translation of {subject}: "
                    f"{_clip(text[max(0, at - 20) : at + 20])!r}; write '%%' for a percent sign"
                )
                continue
            got = placeholders(text)
            unknown = sorted(set(got) - expected)
            missing = sorted(expected - set(got))
            if plural and form in singles:
                missing = [p for p in missing if not p.startswith(f"%({COUNT})")]
            if unknown or missing:
                what = []
                if unknown:
                    what.append("unknown " + ", ".join(unknown))
                if missing:
                    what.append("missing " + ", ".join(missing))
                yield f"{where}: placeholders of {subject}: " + "; ".join(what)
            found_digits, found_suits = _facts(text)
            extra = sorted(found_digits - digits) + sorted(found_suits - suits)
            if extra:
                yield (
                    f"{where}: the translation of {subject} writes {', '.join(extra)}, which its"
                    " msgid does not have: numbers and cards come from the placeholders"
                )


def _clip(text: str, size: int = 60) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def is_source(language: Language) -> bool:
    """Whether ``language`` is the source language (no catalog: the templates' own text)."""
    return language.code == source_language()


def translations(language: Language, *, fallback_warning: bool = True) -> Translations:
    """The language's translations, compiled in memory from its ``.po`` file.

    The source language has no catalog: its translations are the identity.
    Raises :class:`CatalogError` on a broken catalog or placeholder. A message
    without a translation falls back to the English source; for a language not
    shipped in full that is logged as a warning (``check`` treats it as an
    error for the shipped ones).
    """
    if is_source(language):
        return Translations(fp=None, domain=DOMAIN)
    # a symlink out is refused before a line of it is read (the project: the locales' folder's)
    project_file(language.po_file, language.locales.parent)
    try:
        po = language.po_file.read_bytes()
    except OSError:
        po = None  # read_catalog says what is wrong
    entry = cache.key(po or b"", language.code, _CODE, cache.versions("babel"))
    kept = cache.get("mo", entry) if po is not None else None
    if kept is not None:
        count, _, mo = kept.partition(b"\n")
        try:
            compiled = Translations(fp=io.BytesIO(mo), domain=DOMAIN)
            _warn_missing(language, int(count), fallback_warning)
            return compiled
        except Exception:  # bytes gettext cannot read (a writer with a bug): compile again
            pass
    catalog = read_catalog(language.po_file, language.code)
    problems = list(placeholder_problems(language.po_file, catalog))
    if problems:
        raise CatalogError(problems[0])
    missing = [m for m in catalog if m.id and (not all(message_strings(m)[1]) or m.fuzzy)]
    _warn_missing(language, len(missing), fallback_warning)
    for message in missing:
        message.string = "" if not isinstance(message.id, list | tuple) else ["", ""]
        message.flags.discard("fuzzy")
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    if po is not None:
        cache.put("mo", entry, b"%d\n" % len(missing) + buffer.getvalue())
    buffer.seek(0)
    return Translations(fp=buffer, domain=DOMAIN)


_CODE = cache.key(Path(__file__), Path(__file__).with_name("pofile.py"))
"""What compiling a catalog depends on besides the catalog: the code that reads it."""


def _warn_missing(language: Language, count: int, fallback_warning: bool) -> None:
    if count and fallback_warning:
        log.warning(
            "%s: %d message(s) untranslated or fuzzy; English is used for them",
            shown_path(language.po_file),
            count,
        )
