"""The translators' commands: ``python -m generator catalog extract|update|init|compile``.

``extract`` runs Babel's ``pybabel extract`` with this project's options, so the
``.pot`` always comes out the same way (sorted, file-level references without
line numbers, which would change on every edit); ``update`` merges it into
every catalog as ``pybabel update --previous`` would, keeping what Babel drops;
a refresh that changes nothing leaves the files untouched. Every file is written
as GNU gettext writes it (:mod:`generator.i18n.powriter`), so that a catalog
saved by ``msgcat``, ``msgmerge`` or Poedit comes through ``update`` unchanged.

Nothing is lost and nothing is half-written:

- before extracting, every template is parsed (with the i18n extension) and
  every module of ``generator/`` compiled: Babel's extractor skips a template
  it cannot parse, which would empty every catalog of that template's strings;
- every catalog is read strictly before anything is written, and each file is
  staged in a temporary folder and written over its catalog only when it reads
  back, through :mod:`generator.atomic` (a temporary file next to the catalog,
  fsynced, then renamed: a kill or a full disk leaves the old catalog whole);
- a string that leaves the ``.pot`` stays in its catalog as obsolete (``#~``)
  until a translator deletes it, and comes back if the string does; a changed
  string is fuzzy and keeps its previous English (``#| msgid``).

The source language has no catalog (its text is the templates' own).
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.dates import LOCALTZ
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.util import pathmatch

from generator import cache
from generator.atomic import write_bytes_atomic, write_text_atomic
from generator.i18n.catalogs import (
    DOMAIN,
    LOCALES,
    POT_FILE,
    ROOT,
    CatalogError,
    Language,
    is_source,
    languages,
    read_catalog,
    source_language,
)
from generator.i18n.powriter import po_text
from generator.paths import PACKAGE, project_tree

BABEL_CFG = ROOT / "babel.cfg"
KEYWORDS = ["-k", "N_", "-k", "NP_:1c,2", "-k", "NN_:1,2"]
SOURCE_ROOTS = tuple(dict.fromkeys((ROOT, PACKAGE.parent)))
"""Where ``babel.cfg``'s patterns are looked up: the project (its templates) and the folder
that holds the installed package (its Python modules); one folder in a checkout."""
_VOLATILE = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"$', re.MULTILINE)
_LOCALE_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_(?:[A-Z]{2}|[0-9]{3}))?")


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def _undated(path: Path) -> str:
    return _VOLATILE.sub("", path.read_text(encoding="utf-8"))


def _replace_if_changed(new: Path, old: Path) -> bool:
    """Write ``new`` over ``old`` unless they differ only in their dates; True if replaced.

    ``new`` is staged anywhere (a temporary folder); ``old`` is written atomically in its own
    folder (:func:`~generator.atomic.write_bytes_atomic`), never moved across file systems.
    """
    if old.exists() and _undated(new) == _undated(old):
        new.unlink()
        return False
    old.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(old, new.read_bytes())
    new.unlink()
    return True


def check_sources() -> None:
    """Compile every module of ``generator/`` and parse every template; CatalogError ``file:line:``.

    Babel's extractors skip what they cannot parse without a word, so a syntax
    error would silently drop its strings from the ``.pot`` and the catalogs.
    """
    for module in sorted(PACKAGE.rglob("*.py")):
        try:
            compile(module.read_bytes(), str(module), "exec", dont_inherit=True)
        except SyntaxError as error:
            raise CatalogError(f"{module}:{error.lineno or 1}: {error.msg}") from None
        except ValueError as error:  # null bytes
            raise CatalogError(f"{module}:1: {error}") from None
    import jinja2

    from generator.site.render import TEMPLATES, environment

    env = environment()
    for template in sorted(TEMPLATES.rglob("*.j2")):
        try:
            source = template.read_text(encoding="utf-8")
            env.parse(source, template.name, str(template))
        except UnicodeDecodeError as error:
            raise CatalogError(f"{template}:1: not UTF-8: {error.reason}") from None
        except jinja2.TemplateSyntaxError as error:
            raise CatalogError(f"{template}:{error.lineno}: {error.message}") from None


def extract_to(pot: Path) -> None:
    """Extract the messages of the templates and Python modules into ``pot`` (after :func:`check_sources`)."""
    check_sources()
    _pybabel(
        "extract",
        "-F",
        str(BABEL_CFG),
        *KEYWORDS,
        "-c",
        "TRANSLATORS:",
        "--add-location=file",  # GNU's file-level references (#: path), which Weblate links
        "--sort-output",
        "--project",
        "Golf rules",
        "--version",
        "0.1.0",
        "--msgid-bugs-address",
        "https://example.invalid/golf-rules/issues",
        "--copyright-holder",
        "The Golf rules authors",
        "-o",
        str(pot),
        *map(str, SOURCE_ROOTS),
    )
    _relative_references(pot)


def _relative_references(pot: Path) -> None:
    """Rewrite ``pot`` as GNU gettext writes it (:mod:`generator.i18n.powriter`), its ``#:``
    references as paths inside their folder of :data:`SOURCE_ROOTS`
    (``docs_src/templates/rules.md.j2``, ``generator/i18n/words.py``), sorted: Babel
    puts the folder it was given in front of each, and the templates and the modules are two
    folders when the package is installed."""
    prefixes = [f"{root}{os.sep}" for root in SOURCE_ROOTS]
    catalog = read_catalog(pot)
    for message in [*catalog, *catalog.obsolete.values()]:
        names = []
        for name, _line in message.locations:
            for prefix in prefixes:
                if name.startswith(prefix):
                    name = name[len(prefix) :]
                    break
            names.append(name.replace(os.sep, "/"))
        message.locations = [(name, None) for name in sorted(dict.fromkeys(names))]
    write_text_atomic(pot, po_text(catalog))
    read_catalog(pot)  # what we write must read back


def _extraction_sources() -> list[tuple[Path, str]]:
    """Every file ``babel.cfg`` maps to an extractor (a file Babel skips may be listed too):
    its folder of :data:`SOURCE_ROOTS` and its name there."""
    with BABEL_CFG.open(encoding="utf-8") as handle:
        method_map, _options = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    patterns = [pattern for pattern, _method in method_map]
    tops = {pattern.split("/", 1)[0] for pattern in patterns}
    if any(char in top for top in tops for char in "*?[") or not all("/" in p for p in patterns):
        tops = {"."}  # a pattern may match anywhere: look everywhere
    found = []
    for root in SOURCE_ROOTS:
        for top in sorted(tops):
            for folder, _dirs, files in os.walk(root / top):
                for name in files:
                    relative = Path(folder, name).relative_to(root).as_posix()
                    if any(pathmatch(pattern, relative) for pattern in patterns):
                        found.append((root, relative))
    return sorted(found)


def extracted(pot: Path) -> None:
    """:func:`extract_to` ``pot``, from :mod:`generator.cache` when the same sources were
    extracted before (the key is every file the extraction reads, and Babel's version)."""
    parts: list[str | Path] = [cache.versions("babel", "jinja2"), BABEL_CFG, Path(__file__)]
    for root, source in _extraction_sources():
        parts += [source, root / source]
    entry = cache.key(*parts)
    kept = cache.get("pot", entry)
    if kept is not None:
        write_bytes_atomic(pot, kept)
        return
    extract_to(pot)
    cache.put("pot", entry, pot.read_bytes())


def catalogs_to_update() -> list[Language]:
    """The languages that have (or get) a catalog: all but the source language."""
    return [language for language in languages() if not is_source(language)]


def extract(pot: Path = POT_FILE) -> bool:
    """Refresh the ``.pot``; True if it changed.

    Refuses (CatalogError, nothing written) while a template or module does not
    parse or a catalog does not read, so that ``catalog update`` (extract, then
    :func:`update` for each language) never writes half of its files.
    """
    project_tree(LOCALES)  # every catalog read and written is a file of the project
    for language in catalogs_to_update():
        if language.po_file.exists():
            read_catalog(language.po_file, language.code)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / pot.name
        extract_to(out)
        return _replace_if_changed(out, pot)


def _key(message: Message) -> object:
    first = message.id[0] if isinstance(message.id, list | tuple) else message.id
    return first if message.context is None else (first, message.context)


def merge(catalog: Catalog, template: Catalog) -> None:
    """Merge ``template`` into ``catalog`` as ``pybabel update`` does, losing nothing.

    Babel moves strings that left the template to ``catalog.obsolete`` and marks
    changed ones fuzzy with their previous msgid. Beyond that: an obsolete
    translation whose string is back in the template is revived, a fuzzy entry
    keeps its ``#| msgid`` through later updates, and no obsolete entry
    duplicates an active one (``msgfmt`` rejects that).
    """
    wanted = {_key(m) for m in template if m.id}
    for key, message in list(catalog.obsolete.items()):
        if key in wanted and catalog.get(message.id, message.context) is None:
            del catalog.obsolete[key]
            catalog[message.id] = message
    previous = {_key(m): m.previous_id for m in catalog if m.id and m.fuzzy and m.previous_id}
    catalog.update(template, update_header_comment=False, update_creation_date=False)
    for message in catalog:
        if message.id and message.fuzzy and not message.previous_id:
            message.previous_id = list(previous.get(_key(message), []))
    active = {_key(m) for m in catalog if m.id}
    for key in [k for k in catalog.obsolete if k in active]:
        del catalog.obsolete[key]


def _write(catalog: Catalog, path: Path, locale: str) -> None:
    """Write ``catalog`` to ``path`` as GNU gettext writes it, and read it back strictly."""
    write_text_atomic(path, po_text(catalog))
    read_catalog(path, locale)  # what we write must read back, strictly


def _new_catalog(code: str) -> Catalog:
    """A new language's catalog from the ``.pot``, as ``pybabel init`` makes it."""
    catalog = read_catalog(POT_FILE)
    locale = Locale.parse(code)
    catalog.locale = locale
    catalog.language_team = locale.english_name or code
    catalog.revision_date = datetime.now(LOCALTZ)
    catalog.fuzzy = False
    del catalog.header_message  # type: ignore[attr-defined]  # the new language's header, not the .pot's
    return catalog


def _merged(
    language: Language,
    template: Catalog,
    folder: Path,
    seed_tied: Mapping[tuple[str | None, str], str] | None = None,
) -> Path:
    """The language's catalog merged with ``template``, written (and read back) in ``folder``;
    ``seed_tied``: its messages to mark as bound to a seed page (None: leave the marks)."""
    if language.po_file.exists():
        catalog = read_catalog(language.po_file, language.code)
        merge(catalog, template)
    else:
        catalog = _new_catalog(language.code)
    if seed_tied is not None:
        mark_seed_tied(catalog, seed_tied)
    out = folder / language.code / language.po_file.name
    out.parent.mkdir(parents=True)
    _write(catalog, out, language.code)
    return out


def update(language: Language) -> bool:
    """Merge the ``.pot`` into a language's ``.po`` (new strings empty, changed ones fuzzy).

    True if the file changed; the source language has no catalog (False).
    """
    if is_source(language):
        return False
    with tempfile.TemporaryDirectory() as tmp:
        return _replace_if_changed(
            _merged(language, read_catalog(POT_FILE), Path(tmp)), language.po_file
        )


SEED_MARK = "seed-tied:"
"""The start of the translator comments that mark a message of a page held to a seed page:
each one short line, which no tool wraps (GNU msgcat and polib wrap a long comment, and the
mark would then not read back as one)."""
ERRATA_FILE = "docs_src/seed_errata.yaml"

SeedTied = Mapping[str, Mapping[tuple[str | None, str], str]]
"""{language code: {(context, msgid): the seed-tied page's note}}."""


def mark_seed_tied(catalog: Catalog, marks: Mapping[tuple[str | None, str], str]) -> None:
    """Give each message of ``marks`` its translator comment (``# seed-tied: ...``: the page
    must read as a seed page, and a change is an erratum), and take it from every other, the
    obsolete ones too (a message no page shows is on no seed page)."""
    for message in catalog.obsolete.values():
        message.user_comments = [c for c in message.user_comments if not c.startswith(SEED_MARK)]
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else str(message.id[0])
        key = (message.context, msgid)
        kept = [c for c in message.user_comments if not c.startswith(SEED_MARK)]
        note = marks.get(key)
        message.user_comments = kept + (
            [f"{SEED_MARK} {note}", f"{SEED_MARK} a correction is an erratum in {ERRATA_FILE}"]
            if note
            else []
        )


def relayout(language: Language) -> None:
    """Write a language's catalog back in the project's layout (GNU gettext's), strings as
    they are; a catalog that does not read is left to the checks to name."""
    catalog = read_catalog(language.po_file, language.code)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / language.po_file.name
        _write(catalog, out, language.code)
        _replace_if_changed(out, language.po_file)


def update_all(seed_tied: SeedTied | None = None) -> list[tuple[Language, bool]]:
    """:func:`update` for every catalog: all are merged and read back before any is replaced;
    ``seed_tied``: the messages of each language's seed-tied pages, marked for the translator
    (:func:`mark_seed_tied`)."""
    template = read_catalog(POT_FILE)
    with tempfile.TemporaryDirectory() as tmp:
        staged = [
            (
                language,
                _merged(
                    language,
                    template,
                    Path(tmp),
                    # a language with no seed-tied page loses any mark (msgmerge's fuzzy
                    # guess of a new message brought a German page's mark into fr, ar, pl)
                    None if seed_tied is None else seed_tied.get(language.code, {}),
                ),
            )
            for language in catalogs_to_update()
        ]
        return [(language, _replace_if_changed(out, language.po_file)) for language, out in staged]


def check_code(code: str) -> None:
    """Refuse a locale code that is not a new translation's: CatalogError, one line."""
    where = LOCALES / "languages.yaml"
    if not _LOCALE_CODE.fullmatch(code):
        raise CatalogError(
            f"{where}:1: {code!r} is not a locale identifier (like 'nl', 'pt_BR', 'sr_Latn')"
        )
    try:
        Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        raise CatalogError(f"{where}:1: {code!r} is not a language Babel knows") from None
    if code == source_language():
        raise CatalogError(
            f"{where}:1: {code!r} is the source language: its text is the templates' own,"
            " it has no catalog"
        )


def init(code: str, start_from: str | None = None) -> Path:
    """Start a new language's catalog from the ``.pot``; ``start_from``: a listed language whose
    translations it starts with (a regional variant: ``fr_CA`` from ``fr``), each marked fuzzy
    for the translator to confirm, plural forms where both languages have as many."""
    check_code(code)
    po = LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.exists():
        raise CatalogError(f"{po}:1: the catalog exists already; use 'catalog update'")
    catalog = _new_catalog(code)
    if start_from is not None:
        _start_from(catalog, start_from)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / po.name
        _write(catalog, out, code)
        po.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(po, out.read_bytes())
    return po


def _start_from(catalog: Catalog, code: str) -> None:
    """Fill ``catalog`` with the translations of the listed language ``code``, each fuzzy."""
    from generator.i18n.catalogs import languages

    source = next((language for language in languages() if language.code == code), None)
    if source is None or is_source(source) or not source.po_file.is_file():
        raise CatalogError(
            f"{LOCALES / 'languages.yaml'}:1: --from {code!r}: no catalog of a listed language "
            "to start from"
        )
    other = read_catalog(source.po_file, source.code)
    forms = catalog.num_plurals
    for message in catalog:
        if not message.id:
            continue
        found = other.get(message.id, context=message.context)
        if found is None or not found.string:
            continue
        strings = found.string
        if isinstance(strings, tuple | list):
            if len(strings) != forms:
                continue  # another plural rule: the translator writes the forms anew
            strings = tuple(strings)
        message.string = strings
        message.flags.add("fuzzy")


def compile_all(out: Path) -> list[Path]:
    """Compile every catalog into ``out/<code>/LC_MESSAGES/messages.mo`` (the build does not need this)."""
    compiled = [
        (language, read_catalog(language.po_file, language.code))
        for language in catalogs_to_update()
    ]
    written = []
    for language, catalog in compiled:
        mo = out / language.code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        write_bytes_atomic(mo, buffer.getvalue())
        written.append(mo)
    return written
