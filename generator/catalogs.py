"""The gettext catalogs: languages, loading ``.po`` files, placeholder checks.

Catalogs are read straight from the ``.po`` files and compiled in memory, so a
build never needs (or leaves) ``.mo`` files, and an edit to a ``.po`` file shows
up in the next build.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from generator.engine import GolfError

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
LANGUAGES_FILE = LOCALES / "languages.yaml"
DOMAIN = "messages"
POT_FILE = LOCALES / f"{DOMAIN}.pot"

log = logging.getLogger(__name__)
PLACEHOLDER = re.compile(r"%(?:\((?P<name>[^)]*)\))?(?P<flags>[#0 +-]*)(?P<type>[a-zA-Z%])?")


class CatalogError(GolfError):
    """A catalog is unreadable or unsafe to use; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    theme_language: str
    shipped: bool
    locales: Path = LOCALES
    golden: Path | None = None
    """The text the rules page must read exactly like, if any."""

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
        return CatalogError(f"{path}:{node.start_mark.line + 1}: {message}")

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
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CatalogError(f"{path}:1: cannot read the languages list: {error.strerror}") from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        raise CatalogError(f"{path}:{line}: not valid YAML: {error.problem}") from None
    except yaml.YAMLError as error:
        raise CatalogError(f"{path}:1: not valid YAML: {error}") from None
    if root is None:
        raise CatalogError(f"{path}:1: empty; expected 'source' and 'languages'")
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
        name = text(fields["name"][1], "name")
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
        if "golden" in fields:
            golden_node = fields["golden"][1]
            golden = ROOT / text(golden_node, "golden")
            if not golden.is_file():
                raise fail(golden_node, f"golden file {str(golden_node.value)!r} does not exist")
        result.append(Language(code, name, theme_language, shipped, golden=golden))

    source_node = top["source"][1]
    source = value(source_node)
    if source not in seen:
        shown = source if not isinstance(source, yaml.Node) else "a list or mapping"
        raise fail(source_node, f"source {shown!r} is not one of the languages ({', '.join(seen)})")
    return result


def source_language(path: Path = LANGUAGES_FILE) -> str:
    return str(yaml.safe_load(path.read_text(encoding="utf-8"))["source"])


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=locale, abort_invalid=True)
    except OSError as error:
        raise CatalogError(f"{path}:1: cannot read: {error.strerror}") from None
    except Exception as error:  # babel's PoFileError and friends
        line = getattr(error, "lineno", 1)
        raise CatalogError(f"{path}:{line}: not a valid .po file: {error}") from None


def placeholders(text: str) -> list[str]:
    """The ``%(name)s`` placeholders of ``text``, in order; bare ``%s`` as ``''``, ``%%`` skipped."""
    found = []
    for match in PLACEHOLDER.finditer(text):
        if match.group("type") == "%":
            continue
        found.append(f"{match.group('name') or ''}:{match.group('type') or '?'}")
    return found


def message_strings(message: Message) -> tuple[list[str], list[str]]:
    """A message's source strings and translations, each as a list (plural forms too)."""
    ids = list(message.id) if isinstance(message.id, list | tuple) else [message.id]
    strs = list(message.string) if isinstance(message.string, list | tuple) else [message.string]
    return [str(i) for i in ids], [str(s) for s in strs]


def placeholder_problems(path: Path, catalog: Catalog) -> Iterator[str]:
    """``file:line: ...`` for each translation whose placeholders differ from its msgid's."""
    for message in catalog:
        if not message.id:
            continue
        ids, strs = message_strings(message)
        expected = sorted(set(placeholders(ids[-1])) | set(placeholders(ids[0])))
        for form, text in enumerate(strs):
            if not text:
                continue
            got = placeholders(text)
            bad = [p for p in got if p not in expected]
            missing = [p for p in expected if p not in got]
            # A plural form may leave out %(count)s ("one card"), nothing else.
            if len(strs) > 1:
                missing = [p for p in missing if not p.startswith("count:")]
            if bad or missing:
                what = []
                if bad:
                    what.append("unknown " + ", ".join(f"%({p.split(':')[0]})" for p in bad))
                if missing:
                    what.append("missing " + ", ".join(f"%({p.split(':')[0]})s" for p in missing))
                form_text = f" (plural form {form})" if len(strs) > 1 else ""
                yield (
                    f"{path}:{message.lineno}: placeholders of {ids[0]!r}{form_text}: "
                    + "; ".join(what)
                )


def translations(language: Language, *, fallback_warning: bool = True) -> Translations:
    """The language's translations, compiled in memory from its ``.po`` file.

    Raises :class:`CatalogError` on a broken placeholder. A message without a
    translation falls back to the English source; for a language not shipped
    in full that is logged as a warning (``check`` treats it as an error for the
    shipped ones).
    """
    catalog = read_catalog(language.po_file, language.code)
    problems = list(placeholder_problems(language.po_file, catalog))
    if problems:
        raise CatalogError(problems[0])
    missing = [m for m in catalog if m.id and (not all(message_strings(m)[1]) or m.fuzzy)]
    if missing and fallback_warning:
        log.warning(
            "%s: %d message(s) untranslated or fuzzy; English is used for them",
            language.po_file,
            len(missing),
        )
    for message in missing:
        message.string = "" if not isinstance(message.id, list | tuple) else ["", ""]
        message.flags.discard("fuzzy")
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer, domain=DOMAIN)
