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


def languages(path: Path = LANGUAGES_FILE) -> list[Language]:
    """The site's languages, source language first."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        result = [
            Language(
                item["code"],
                item["name"],
                item["theme_language"],
                bool(item["shipped"]),
                golden=ROOT / item["golden"] if item.get("golden") else None,
            )
            for item in data["languages"]
        ]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as error:
        raise CatalogError(f"{path}:1: cannot read the languages list: {error}") from None
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
