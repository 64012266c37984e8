"""Building the help site: every language's pages, then one MkDocs site per language.

Everything is built in a staging folder next to ``site/`` and moved into place
only when every language has built cleanly, so a failed build leaves the
previous site untouched and no half-written output.
"""

from __future__ import annotations

import html
import logging
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from generator.i18n.catalogs import (
    ROOT,
    CatalogError,
    Language,
    languages,
    source_language,
    translations,
)
from generator.i18n.words import (
    DARK_MODE,
    LIGHT_MODE,
    NAV_CARD_GAME,
    NAV_PATIENCE,
    SITE_DESCRIPTION,
    SITE_NAME,
    Translations,
)
from generator.patience import GolfError
from generator.site.mdtext import OneLine
from generator.site.render import page_facts, render_language

MKDOCS_YML = ROOT / "mkdocs.yml"
SITE = ROOT / "site"


class SiteError(GolfError):
    """MkDocs refused to build a language's site."""


@dataclass(frozen=True)
class BuiltLanguage:
    language: Language
    site_dir: Path


def write_pages(pages: dict[str, str], docs_dir: Path) -> list[Path]:
    """Write rendered pages into ``docs_dir``; files whose text is unchanged are not touched."""
    changed = []
    docs_dir.mkdir(parents=True, exist_ok=True)
    for name, markdown in pages.items():
        path = docs_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != markdown:
            path.write_text(markdown, encoding="utf-8")
            changed.append(path)
    return changed


def language_config(
    language: Language,
    all_languages: list[Language],
    docs_dir: Path,
    site_dir: Path,
    t: Translations | None = None,
    site_url: str | None = None,
) -> dict[str, Any]:
    """The MkDocs configuration of one language: the shared ``mkdocs.yml`` with its paths and language set.

    ``site_url`` is the whole site's URL (checked by :func:`site_url_of`); the
    language's site is at ``site_url/<code>/``. Without it the configuration has
    no ``site_url`` (whatever ``mkdocs.yml`` says: :func:`build_site` reads that).
    """
    config: dict[str, Any] = yaml.safe_load(MKDOCS_YML.read_text(encoding="utf-8"))
    config["docs_dir"] = str(docs_dir)
    config["site_dir"] = str(site_dir)
    t = OneLine(t if t is not None else translations(language, fallback_warning=False))
    config["site_name"] = _config_text(t.gettext(SITE_NAME), language, SITE_NAME)
    described = config.get("site_description")
    if described != SITE_DESCRIPTION:
        raise SiteError(f"{MKDOCS_YML}:1: site_description must be {SITE_DESCRIPTION!r}")
    config["site_description"] = _config_text(t.gettext(SITE_DESCRIPTION), language, described)
    for scheme in config["theme"].get("palette", []):
        toggle = scheme.get("toggle", {})
        if toggle.get("name") not in (DARK_MODE, LIGHT_MODE):
            raise SiteError(
                f"{MKDOCS_YML}:1: a palette toggle is named {toggle.get('name')!r}, "
                f"not {DARK_MODE!r} or {LIGHT_MODE!r} (the words the catalogs translate)"
            )
        toggle["name"] = _config_text(t.gettext(toggle["name"]), language, toggle["name"])
    config["theme"]["language"] = language.theme_language
    config["theme"]["custom_dir"] = str(ROOT / config["theme"]["custom_dir"])
    config["nav"] = [
        page if section is None else {_config_text(t.gettext(section), language, section): page}
        for section, page in NAV
    ]
    config.pop("site_url", None)
    if site_url:
        config["site_url"] = f"{site_url}{language.code}/"
    config.setdefault("extra", {})["alternate"] = [
        {
            "name": other.name,
            # the <link rel="alternate"> of every page: the other language's home page, a full
            # URL when the site's is known, else relative (MkDocs' url filter fits it to the page)
            "link": f"{site_url}{other.code}/" if site_url else f"../{other.code}/",
            "lang": other.code,
        }
        for other in all_languages
    ]
    return config


def site_url_of(value: object, where: str) -> str:
    """``value`` as the site's URL: http or https with a host, ending with ``/``.

    ``where`` starts the error message (``--site-url``, ``mkdocs.yml:12: site_url``).
    """
    text = value.strip() if isinstance(value, str) else ""
    try:
        parts = urlsplit(text)
        valid = (
            parts.scheme in ("http", "https")
            and bool(parts.hostname)
            and not parts.query
            and not parts.fragment
            and not any(c.isspace() or c in CONFIG_UNSAFE for c in text)
        )
    except ValueError:
        valid = False
    if not valid:
        raise SiteError(
            f"{where}: {value!r} is not an http or https URL with a host "
            "(like 'https://example.org/help/')"
        )
    return text if text.endswith("/") else f"{text}/"


def configured_site_url() -> str | None:
    """The ``site_url`` of ``mkdocs.yml`` (checked, ending with ``/``), or None when it has none."""
    text = MKDOCS_YML.read_text(encoding="utf-8")
    value = yaml.safe_load(text).get("site_url")
    if value is None or value == "":
        return None
    line = next((n for n, row in enumerate(text.splitlines(), 1) if row.startswith("site_url:")), 1)
    return site_url_of(value, f"{MKDOCS_YML}:{line}: site_url")


NAV: list[tuple[str | None, str | list[str]]] = [
    (None, "index.md"),
    (NAV_PATIENCE, ["rules.md", "won-game.md", "statistics.md", "sources.md"]),
    (NAV_CARD_GAME, ["six-card-golf.md"]),
]
"""The site's navigation: a section title (a catalog message) and its pages, each game apart."""

CONFIG_UNSAFE = set('<>&"')
"""Characters a string that goes into the MkDocs configuration may not hold: Material's
templates print the site name without escaping in some places and escaped in others."""


def _config_text(value: str, language: Language, msgid: str) -> str:
    """A translation that goes into the MkDocs configuration: text without markup characters."""
    unsafe = sorted(CONFIG_UNSAFE & set(value))
    if unsafe:
        raise CatalogError(
            f"{language.po_file}:{_msgid_line(language.po_file, msgid)}: the translation of "
            f"{msgid!r} may not contain {' '.join(unsafe)} (it goes into every page's header): "
            f"{value!r}"
        )
    return value


def _msgid_line(path: Path, msgid: str) -> int:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    quoted = f'msgid "{msgid}"'
    return next((n for n, line in enumerate(lines, 1) if line.strip() == quoted), 1)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _mkdocs_warnings() -> Iterator[_Collect]:
    handler = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


def mkdocs_build(config_file: Path, label: str) -> None:
    """Build one MkDocs site, strictly; raise :class:`SiteError` with MkDocs' warnings."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    with _mkdocs_warnings() as warnings:
        try:
            config = load_config(str(config_file))
            build(config)
        except (MkDocsException, SystemExit) as error:
            detail = "; ".join(warnings.messages) or str(error)
            raise SiteError(f"{MKDOCS_YML}:1: the {label} site did not build: {detail}") from None
    if warnings.messages:
        raise SiteError(
            f"{MKDOCS_YML}:1: the {label} site built with warnings: {'; '.join(warnings.messages)}"
        )


REDIRECT = """<!doctype html>
<html lang="{lang}">
<head><meta charset="utf-8"><title>Golf</title>
<meta http-equiv="refresh" content="0; url={lang}/"></head>
<body>{links}</body>
</html>
"""


NOT_FOUND = """<!doctype html>
<html lang="{lang}">
<head><meta charset="utf-8"><title>Golf: 404 - Not found</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>404 - Not found</h1>
<p>{links}</p>
</body>
</html>
"""
"""The root ``404.html``: what a web server shows for a missing page outside the languages' folders."""

SITEMAP_INDEX = """<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{sitemaps}
</sitemapindex>
"""


def language_links(all_languages: list[Language], root: str) -> str:
    """A link to every language's home page, ``root`` (``""`` or a path ending with ``/``) before its code."""
    return " ".join(
        f'<a href="{html.escape(root)}{lang.code}/" hreflang="{lang.code}">{html.escape(lang.name)}</a>'
        for lang in all_languages
    )


def write_root_files(out: Path, all_languages: list[Language], site_url: str | None) -> None:
    """The root folder's ``index.html`` and ``404.html``, and with a site URL a sitemap index.

    Without a site URL the links are relative (the site works from any folder and
    from disk); with one, the 404 page's links are root-relative, since a server
    shows that page for a missing page at any depth.
    """
    source = source_language()
    (out / "index.html").write_text(
        REDIRECT.format(lang=source, links=language_links(all_languages, "")), encoding="utf-8"
    )
    root = urlsplit(site_url).path if site_url else ""
    (out / "404.html").write_text(
        NOT_FOUND.format(lang=source, links=language_links(all_languages, root)), encoding="utf-8"
    )
    if site_url:
        sitemaps = "\n".join(
            f"<sitemap><loc>{html.escape(site_url)}{lang.code}/sitemap.xml</loc></sitemap>"
            for lang in all_languages
        )
        (out / "sitemap.xml").write_text(SITEMAP_INDEX.format(sitemaps=sitemaps), encoding="utf-8")


class BuildRefused(GolfError):
    """``check`` found problems: the site is not built, ``site/`` stays as it was."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s); the site was not built")
        self.problems = problems


VERIFIED_BEFORE_BUILD = ["examples", "pages", "catalogs", "safety"]
"""What ``build`` verifies before it writes anything: ``check`` less the site build itself."""


def build_site(
    site: Path = SITE, *, verify: bool = True, site_url: str | None = None
) -> list[BuiltLanguage]:
    """Render and build every language into ``site/<code>/``; replace ``site`` only on success.

    With ``verify`` (the default), the build first runs the checks of
    :data:`VERIFIED_BEFORE_BUILD` and publishes nothing if one fails: the site
    only ever says what ``check`` passes.

    ``site_url`` (``--site-url``; else ``mkdocs.yml``'s ``site_url``, if any) is
    where the site will be served: each language's ``sitemap.xml`` then lists its
    pages, and the 404 pages link their styles and scripts root-relative to that
    URL's path. Without it the sitemaps are empty and every link is relative.
    """
    site_url = site_url_of(site_url, "--site-url") if site_url is not None else None
    site_url = site_url or configured_site_url()
    if verify:
        from generator.check import run_checks

        problems = run_checks(VERIFIED_BEFORE_BUILD)
        if problems:
            raise BuildRefused(problems)
    facts = page_facts()
    all_languages = languages()
    site.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".site-build-", dir=site.parent))
    try:
        built = []
        for language in all_languages:
            t = translations(language)
            docs_dir = staging / "docs" / language.code
            site_dir = staging / "site" / language.code
            write_pages(render_language(language, facts, t), docs_dir)
            config_file = staging / f"mkdocs-{language.code}.yml"
            config = language_config(language, all_languages, docs_dir, site_dir, t, site_url)
            config_file.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
            mkdocs_build(config_file, language.code)
            built.append(BuiltLanguage(language, site / language.code))
        write_root_files(staging / "site", all_languages, site_url)
        old = staging / "old-site"
        if site.exists():
            site.rename(old)
        (staging / "site").rename(site)
        return built
    finally:
        shutil.rmtree(staging, ignore_errors=True)
