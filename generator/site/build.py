"""Building the help site: every language's pages, then one MkDocs site per language.

Everything is built in a staging folder next to ``site/`` (``.golf-build-<pid>-<random>``,
removed on any exit; one a killed build left is swept by the next build once its pid is
gone) and moved into place only when every language has built cleanly, so a failed build
leaves the previous site untouched and no half-written output. A built site holds
:data:`MARKER`; a folder without it (and not empty) is replaced only when asked
(``--replace``), a file never. The hidden entries at the top of the folder it replaces
(``.git``, ``.nojekyll``) are carried over, as MkDocs keeps them; a symlinked site folder
stays a symlink (its target is replaced).

The worker processes die with the build: each asks the kernel for SIGTERM when its parent
dies (Linux) and watches its parent's pid (elsewhere); on SIGTERM the build stops its
workers, removes its staging folder and exits 143 (:class:`Terminated`).

The pages are rendered once; the languages' MkDocs builds run in worker
processes, one per core, while this process runs ``check``'s parts on the same
rendered pages. Each worker compiles the theme's templates once for all the
languages it builds (:data:`THEME_CACHE`), and the pictures stay out of the
Markdown parser (:mod:`generator.site.placeholders`), both through the MkDocs
hook :mod:`generator.site.mkdocs_hook`. The configurations written to the
staging folder hold paths relative to themselves (as Zensical wants them) and
no hook: ``mkdocs build -f`` on one of them builds the same pages.

This module is the one place that knows the builders (:data:`BUILDERS`): MkDocs
with Material (the default) and Zensical (``build --builder zensical``, the
``zensical`` extra). Each builds one language's configuration into its folder and
raises :class:`SiteError` with one line; Zensical runs as a subprocess and ignores
hooks, so :func:`zensical_build` does the hook's page work on the HTML it wrote
(:func:`zensical_finish`).
"""

from __future__ import annotations

import contextlib
import html
import logging
import multiprocessing
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from generator.atomic import (
    die_with_parent,
    pid_alive,
    shown,
    terminated_on_sigterm,
    write_text_atomic,
)
from generator.bounded import load_yaml, read_yaml_text
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
    NOT_FOUND_LEAD,
    NOT_FOUND_TITLE,
    SITE_DESCRIPTION,
    SITE_NAME,
    Translations,
)
from generator.patience import GolfError
from generator.site.config import check_config
from generator.site.jinja_cache import CompiledTemplates
from generator.site.mdtext import OneLine
from generator.site.render import page_facts, render_language
from generator.site.wasm import write_wasm
from generator.site.zensical_search import search_words, translate_bundle

MKDOCS_YML = ROOT / "mkdocs.yml"
SITE = ROOT / "site"
HOOK = Path(__file__).with_name("mkdocs_hook.py")
OFFLINE_SHIM = ROOT / "docs_src" / "vendor" / "iframe-worker" / "shim.js"
"""Material's Web Worker shim for ``file://`` (iframe-worker 1.0.4, MIT), shipped instead of
fetched: the offline site's search works from disk and asks nothing of the internet."""
OFFLINE_SHIM_PAGE = "assets/iframe-worker/shim.js"
"""Where an offline build puts :data:`OFFLINE_SHIM` in each language's site."""


THEME_CACHE = CompiledTemplates("jinja-theme")
"""The theme's compiled templates (:class:`~generator.site.jinja_cache.CompiledTemplates`)."""

THEME_FILES: dict[tuple[Any, ...], list[str]] = {}
"""The theme's static files MkDocs copies, listed once per process (by the hook) for ``build``."""


Submit = Callable[..., "Future[Any]"]
"""Runs a function (and its arguments, all picklable) in a worker process: ``pool.submit``."""
Rendered = dict[str, dict[str, str]]
"""Every language's rendered pages, by language code (:func:`render_all`)."""
Finish = Callable[[Rendered | None], list[str]]
"""Finishes the checks, given the rendered pages (None: they could not be rendered), and
returns every problem found."""
Checks = Callable[[Submit | None], Finish]
"""What runs while the site builds: started at once with the function that runs work in the
build's worker processes (None if there are none), so that it can start work there before the
pages are rendered; it returns the function that finishes it."""


class SiteError(GolfError):
    """The builder (MkDocs or Zensical) refused to build a language's site."""


BUILDERS = ("mkdocs", "zensical")
"""The builders ``build --builder`` takes, the default first: each has a function that builds
one language's configuration into its folder (:func:`builder_function`)."""
ZENSICAL_MISSING = "--builder zensical: Zensical is not installed; pip install '.[zensical]'"


ALTERNATE_LINK = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]*">\s*')
"""A page's ``<link rel="alternate">`` to another language, as Material and Zensical write it."""

MARKER = ".golf-site"
"""The file every built site holds: a folder that has it is one ``build`` may replace."""
MARKER_TEXT = "A help site built by 'python -m generator build'; the next build replaces it.\n"
STAGING_PREFIX = ".golf-build-"
"""How a staging folder's name starts: ``.golf-build-<pid>-<random>`` (in ``.gitignore``)."""


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
            write_text_atomic(path, markdown)
            changed.append(path)
    return changed


def language_config(
    language: Language,
    all_languages: list[Language],
    docs_dir: Path,
    site_dir: Path,
    t: Translations | None = None,
    site_url: str | None = None,
    *,
    config_dir: Path | None = None,
    offline: bool = False,
) -> dict[str, Any]:
    """The MkDocs configuration of one language: the shared ``mkdocs.yml`` with its paths and language set.

    ``site_url`` is the whole site's URL (checked by :func:`site_url_of`); the
    language's site is at ``site_url/<code>/``. Without it the configuration has
    no ``site_url`` (whatever ``mkdocs.yml`` says: :func:`build_site` reads that).
    With ``config_dir`` (the folder the configuration is written to) its paths
    are relative to that folder, as Zensical reads them. ``offline`` adds
    Material's ``offline`` plugin: the site works opened from disk, search included.
    """
    check_config(MKDOCS_YML)  # an allow-list, before MkDocs or anything of ours reads it
    config: dict[str, Any] = load_yaml(MKDOCS_YML)
    if "copyright" in config:  # Material writes it into every page as it is: text, escaped
        config["copyright"] = html.escape(config["copyright"])
    config["docs_dir"] = _path_in_config(docs_dir, config_dir)
    config["site_dir"] = _path_in_config(site_dir, config_dir)
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
    config["theme"]["custom_dir"] = _path_in_config(check_config_paths(), config_dir)
    config["nav"] = [
        page if section is None else {_config_text(t.gettext(section), language, section): page}
        for section, page in NAV
    ]
    config.pop("site_url", None)
    if site_url:
        config["site_url"] = f"{site_url}{language.code}/"
    extra = config.setdefault("extra", {})
    home = "index.html" if offline else ""
    extra["alternate"] = [
        {
            "name": other.name,
            # the <link rel="alternate"> of every page: the other language's home page, a full
            # URL when the site's is known, else relative (MkDocs' url filter fits it to the page)
            "link": f"{site_url}{other.code}/" if site_url else f"../{other.code}/{home}",
            "lang": other.code,
        }
        for other in all_languages
    ]
    # Zensical's search dialog's words (zensical_finish writes them into its script; MkDocs
    # and Material read no such key)
    extra["generator_search_words"] = search_words(t, language.code)
    extra["not_found"] = _config_text(t.gettext(NOT_FOUND_TITLE), language, NOT_FOUND_TITLE)
    extra["not_found_lead"] = _config_text(t.gettext(NOT_FOUND_LEAD), language, NOT_FOUND_LEAD)
    if offline:
        # Material's offline plugin turns directory URLs off and inlines the search index
        # into a script; the Web Worker shim it would fetch from unpkg.com is shipped instead.
        config["plugins"] = [*config.get("plugins", []), "offline"]
        extra["polyfills"] = [OFFLINE_SHIM_PAGE]
        extra["generator_offline"] = True  # the hook leaves out <link rel="alternate">
    return config


CONFIG_PATHS = (("theme", "custom_dir"), ("extra_css",), ("extra_javascript",))
"""The keys of ``mkdocs.yml`` that name files: the theme's override folder (relative to the
project) and the site's own stylesheets and scripts (relative to the docs folder, whose
``assets/`` are ``docs_src/assets/``)."""


def check_config_paths(config_file: Path = MKDOCS_YML) -> Path:
    """The theme's override folder ``config_file`` names, once every path it names is a file of
    the project (:func:`generator.paths.inside_repository`, :func:`generator.paths.project_tree`:
    the folder and every symlink in it): else :class:`SiteError` naming the key's line. A
    stylesheet or script is a file of the site: no URL, no absolute path, no ``..``."""
    from generator.bounded import compose_yaml
    from generator.paths import OutsideError, inside_repository, project_tree

    node = compose_yaml(config_file)

    def value(keys: tuple[str, ...]) -> yaml.Node | None:
        here: yaml.Node | None = node
        for key in keys:
            if not isinstance(here, yaml.MappingNode):
                return None
            here = next((v for k, v in here.value if k.value == key), None)
        return here

    name = shown(config_file)
    custom_dir = ROOT / "docs_src" / "overrides"
    for keys in CONFIG_PATHS:
        found = value(keys)
        items = found.value if isinstance(found, yaml.SequenceNode) else [found]
        for item in items:
            if item is None:
                continue
            where = f"{name}:{item.start_mark.line + 1}: {'.'.join(keys)}"
            if not isinstance(item, yaml.ScalarNode) or not item.value:
                raise SiteError(f"{where}: not a path")
            text = str(item.value)
            if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", text):
                raise SiteError(f"{where}: {text!r} is a URL; the site loads only its own files")
            base = ROOT if keys[0] == "theme" else ROOT / "docs_src"
            try:
                path = inside_repository(text, base)
                project_tree(path)
            except ValueError as error:
                raise SiteError(f"{where}: {error}") from None
            except OutsideError as error:
                raise SiteError(f"{where}: {error}") from None
            except OSError as error:  # a name too long, ...
                raise SiteError(f"{where}: {error.strerror or error}") from None
            if keys[0] == "theme":
                custom_dir = path
    return custom_dir


def _path_in_config(path: Path, config_dir: Path | None) -> str:
    """``path`` as a configuration written to ``config_dir`` names it (relative when it can)."""
    if config_dir is None:
        return str(path)
    return Path(os.path.relpath(path, config_dir)).as_posix()


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
    text = read_yaml_text(MKDOCS_YML)
    value = load_yaml(MKDOCS_YML, text=text).get("site_url")
    if value is None or value == "":
        return None
    line = next((n for n, row in enumerate(text.splitlines(), 1) if row.startswith("site_url:")), 1)
    return site_url_of(value, f"{MKDOCS_YML}:{line}: site_url")


NAV: list[tuple[str | None, str | list[str]]] = [
    (None, "index.md"),
    (
        NAV_PATIENCE,
        ["rules.md", "examples.md", "solve.md", "won-game.md", "statistics.md", "sources.md"],
    ),
    (NAV_CARD_GAME, ["six-card-golf.md", "six-card-golf-play.md"]),
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
    """Build one MkDocs site, strictly, with the generator's hook; raise :class:`SiteError` with MkDocs' warnings."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    with _mkdocs_warnings() as warnings:
        try:
            config = load_config(str(config_file), hooks=[str(HOOK)])
            build(config)
        except (MkDocsException, SystemExit) as error:
            detail = "; ".join(warnings.messages) or str(error)
            raise SiteError(f"{MKDOCS_YML}:1: the {label} site did not build: {detail}") from None
    if warnings.messages:
        raise SiteError(
            f"{MKDOCS_YML}:1: the {label} site built with warnings: {'; '.join(warnings.messages)}"
        )


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
"""A terminal's colour code: Zensical 0.0.73 colours its messages even with ``NO_COLOR`` set."""
ZENSICAL_WARNING = re.compile(r"^Warning: (?P<what>.+)$")
ZENSICAL_WHERE = re.compile(r"\[ (?P<where>\S+:\d+(?::\d+)?) \]")


def zensical_messages(stderr: str, failed: bool) -> list[str]:
    """Zensical's warnings in its ``stderr`` (each drawn as a box around the line it is about),
    as ``file:line:column: what``; with none, if it ``failed``, its last line (an exception's)."""
    lines = [ANSI.sub("", line).rstrip() for line in stderr.splitlines()]
    found = []
    for number, line in enumerate(lines):
        warning = ZENSICAL_WARNING.match(line)
        if warning:
            where = next(
                (
                    m["where"]
                    for m in map(ZENSICAL_WHERE.search, lines[number + 1 : number + 3])
                    if m
                ),
                None,
            )
            found.append(f"{where}: {warning['what']}" if where else warning["what"])
    if found or not failed:
        return found
    last = next((line.strip() for line in reversed(lines) if line.strip()), "")
    return [re.sub(r"^[A-Za-z.]*(Error|Exception): ", "", last)] if last else []


def zensical_build(config_file: Path, label: str) -> None:
    """Build one language's site with Zensical (``python -m zensical build``, strict as the
    configuration says), then do what the MkDocs hook does on the pages (:func:`zensical_finish`);
    raise :class:`SiteError` with Zensical's warnings or its error, on one line.

    Zensical keeps a cache (``.cache``) in the configuration's folder: each language has its
    own (:func:`stage_languages`), so that builds running side by side share none, and each
    starts in a fresh folder (no ``--clean``, nothing to clean). The built site is then moved
    to ``extra.generator_site_dir`` (relative to the configuration).
    """
    if find_spec("zensical") is None:
        raise SiteError(ZENSICAL_MISSING)
    result = subprocess.run(
        [sys.executable, "-m", "zensical", "build", "-f", str(config_file)],
        cwd=config_file.parent,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )
    messages = zensical_messages(result.stderr, result.returncode != 0)
    if result.returncode != 0:
        detail = "; ".join(messages) or f"exit status {result.returncode}"
        raise SiteError(f"{MKDOCS_YML}:1: the {label} site did not build with Zensical: {detail}")
    if messages:
        raise SiteError(
            f"{MKDOCS_YML}:1: the {label} site built with warnings (Zensical): {'; '.join(messages)}"
        )
    zensical_finish(config_file)


ROOT_RELATIVE = re.compile(r'(?P<attribute>\b(?:href|src)=")/(?!/)')


def zensical_finish(config_file: Path) -> None:
    """What the MkDocs hook (:mod:`generator.site.mkdocs_hook`) does to the pages, which
    Zensical (it runs no hook) leaves undone, done on the site it built from ``config_file``:

    - an offline build's pages lose their ``<link rel="alternate">`` (Material's script fetches
      the sitemap beside each, which ``file://`` refuses);
    - without a site URL the 404 page's links that Zensical makes root-relative (its
      navigation's, its logo's: Zensical's macros see the page's own ``base_url``, ``/``, not
      the ``.`` that ``404.html`` sets) are made relative to its folder, as MkDocs makes them;
    - its search dialog's words, English in its script, are the page's language's
      (:mod:`generator.site.zensical_search`).

    The hook's other work (the pictures kept out of the Markdown parser, the search index
    given their text without their drawing) only saves time: Zensical's search index holds the
    same text without it.
    """
    config = load_yaml(config_file)
    site_dir = config_file.parent / config["site_dir"]
    if "offline" in config.get("plugins", []):
        for page in site_dir.rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            kept = ALTERNATE_LINK.sub("", text)
            if kept != text:
                write_text_atomic(page, kept)
    not_found = site_dir / "404.html"
    if not config.get("site_url") and not_found.is_file():
        text = not_found.read_text(encoding="utf-8")
        write_text_atomic(not_found, ROOT_RELATIVE.sub(r"\g<attribute>./", text))
    words = config["extra"].get("generator_search_words")
    if words:
        translate_bundle(site_dir, words)
    moved_to = config["extra"].get("generator_site_dir")
    if moved_to:
        destination = config_file.parent / moved_to
        destination.parent.mkdir(parents=True, exist_ok=True)
        site_dir.rename(destination)


def builder_function(name: str) -> Callable[[Path, str], None]:
    """The function that builds one language's configuration with the builder ``name``
    (one of :data:`BUILDERS`), read when called (a test may replace it)."""
    if name == "zensical":
        return zensical_build
    if name == "mkdocs":
        return mkdocs_build
    raise SiteError(f"--builder: no builder {name!r} (builders: {', '.join(BUILDERS)})")


REDIRECT = """<!DOCTYPE html>
<html lang="{lang}">
<head><meta charset="utf-8"><title>Golf</title>
<script>location.replace("{lang}/" + (location.protocol === "file:" ? "index.html" : "{home}"))</script>
<meta http-equiv="refresh" content="0; url={lang}/{home}"></head>
<body>{links}{on_disk}</body>
</html>
"""
"""The root ``index.html``: on to the source language's home page; opened from disk (``file://``,
where a folder shows as a listing) its ``index.html``, whatever the build."""


ROOT_WORDS = {
    "title": "Golf: 404 - Not found",
    "heading": "404 - Not found",
    "lead": "This page is not on the site. Go on in your language:",
    "languages": "Languages",
}
"""The words of the root ``404.html``, in the source language (it serves every language):
approved in every language's ``site.txt`` (:mod:`generator.site.othertexts`)."""
NOT_FOUND = """<!DOCTYPE html>
<html lang="{lang}">
<head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>{heading}</h1>
<p>{lead}</p>
<nav aria-label="{languages}"><p>{links}</p></nav></main>{on_disk}
</body>
</html>
"""
"""The root ``404.html``: what a web server shows for a missing page outside the languages' folders."""

ON_DISK_LINKS = """<script>
if (location.protocol === "file:") {
  for (const link of document.links) {
    if (link.protocol === "file:" && link.pathname.endsWith("/")) link.pathname += "index.html";
  }
}
</script>"""
"""Opened from disk (``file://``), a link to a folder names its ``index.html``: a browser shows a
folder opened from disk as a listing. The theme's pages do the same (``docs_src/overrides/main.html``)."""

SITEMAP_INDEX = """<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{sitemaps}
</sitemapindex>
"""


def language_links(all_languages: list[Language], root: str, home: str = "") -> str:
    """A link to every language's home page, ``root`` (``""`` or a path ending with ``/``) before
    its code, ``home`` (``index.html`` for a site opened from disk) after it."""
    return " ".join(
        f'<a href="{html.escape(root)}{lang.code}/{home}" hreflang="{lang.code}">'
        f"{html.escape(lang.name)}</a>"
        for lang in all_languages
    )


def write_root_files(
    out: Path, all_languages: list[Language], site_url: str | None, *, offline: bool = False
) -> None:
    """The root folder's ``index.html`` and ``404.html``, and with a site URL a sitemap index.

    Without a site URL the links are relative (the site works from any folder and
    from disk); with one, the 404 page's links are root-relative, since a server
    shows that page for a missing page at any depth. ``offline`` links each
    language's ``index.html``, not its folder: a browser shows a folder opened
    from disk as a listing.
    """
    source = source_language()
    codes = [language.code for language in all_languages]
    # a site of other languages alone (``bundle --lang nl``) opens at its first
    first = source if source in codes else codes[0]
    home = "index.html" if offline else ""
    write_text_atomic(
        out / "index.html",
        REDIRECT.format(
            lang=first,
            home=home,
            links=language_links(all_languages, "", home),
            on_disk=ON_DISK_LINKS,
        ),
    )
    root = urlsplit(site_url).path if site_url else ""
    write_text_atomic(
        out / "404.html",
        NOT_FOUND.format(
            lang=source,
            links=language_links(all_languages, root, home),
            on_disk=ON_DISK_LINKS,
            **{name: html.escape(text) for name, text in ROOT_WORDS.items()},
        ),
    )
    if site_url:
        sitemaps = "\n".join(
            f"<sitemap><loc>{html.escape(site_url)}{lang.code}/sitemap.xml</loc></sitemap>"
            for lang in all_languages
        )
        write_text_atomic(out / "sitemap.xml", SITEMAP_INDEX.format(sitemaps=sitemaps))


class BuildRefused(GolfError):
    """``check`` found problems: the site is not built, ``site/`` stays as it was."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s); the site was not built")
        self.problems = problems


def build_site(
    site: Path = SITE,
    *,
    site_url: str | None = None,
    offline: bool = False,
    rendered: dict[str, dict[str, str]] | None = None,
    checks: Checks | None = None,
    replace: bool = False,
    builder: str = BUILDERS[0],
    preview: Sequence[str] = (),
    only: Sequence[str] = (),
) -> list[BuiltLanguage]:
    """Render and build every language into ``site/<code>/``; replace ``site`` only on success.

    ``preview`` (``--preview``): languages of ``locales/languages.yaml`` that are not shipped,
    built too, for a translator to look at (untranslated strings in English, marked); a code the
    file does not list is refused before anything is built.

    ``checks`` (what ``python -m generator build`` passes:
    :func:`generator.check.build_verified`) runs while the languages build, and the
    build publishes nothing if it returns problems (:class:`BuildRefused`): the site
    only ever says what ``check`` passes. This room does not know the checks: they
    sit above it.

    ``site_url`` (``--site-url``; else ``mkdocs.yml``'s ``site_url``, if any) is
    where the site will be served: each language's ``sitemap.xml`` then lists its
    pages, and the 404 pages link their styles and scripts root-relative to that
    URL's path. Without it the sitemaps are empty and every link is relative.

    ``offline`` (``--offline``) builds a site to open from disk: every link names
    its ``.html`` file and search works from ``file://``. It has no site URL
    (``mkdocs.yml``'s is left out; ``--site-url`` with it is an error).

    ``rendered`` is every language's rendered pages, by language code, when the
    caller has them (``check`` does); otherwise they are rendered here.
    ``checks`` is given a function that runs work in the build's worker processes
    (or None).

    ``site`` must be absent, empty or a site a build made (it holds :data:`MARKER`)
    unless ``replace``; a file is refused either way (:func:`check_target`).

    ``builder`` (``--builder``, one of :data:`BUILDERS`) builds each language: MkDocs with
    Material, or Zensical (refused at once, nothing built, when it is not installed).

    ``only`` (language codes): build just these languages, a site of their own (its language
    switcher names no other); ``bundle`` builds a language's archive so.
    """
    builder_function(builder)  # an unknown builder is refused before anything is built
    if builder == "zensical" and find_spec("zensical") is None:
        raise SiteError(ZENSICAL_MISSING)
    if offline and site_url is not None:
        raise SiteError("--offline: a site opened from disk has no site URL; leave out --site-url")
    site_url = site_url_of(site_url, "--site-url") if site_url is not None else None
    if not offline:
        site_url = site_url or configured_site_url()
    target = check_target(site, replace=replace)
    target.parent.mkdir(parents=True, exist_ok=True)
    sweep_staging(target.parent)
    with terminated_on_sigterm(), _staging(target.parent) as staging:
        with _workers() as submit:
            finish = checks(submit) if checks else None
            try:
                # an unshipped language is not published: it is left out, switcher and all,
                # unless a translator asks to preview it
                all_languages = site_languages_with(preview)
                if only:
                    all_languages = [lang for lang in all_languages if lang.code in only]
                ts: dict[str, Translations] = {
                    lang.code: translations(lang) for lang in all_languages
                }
                if rendered is None:
                    rendered = render_all(all_languages, ts)
                jobs = stage_languages(
                    staging, all_languages, rendered, site_url, offline, ts, builder=builder
                )
            except GolfError:
                # say what ``check`` says of it: where, and everything else that is wrong
                problems = finish(None) if finish else []
                if problems:
                    raise BuildRefused(list(dict.fromkeys(problems))) from None
                raise
            problems = build_languages(jobs, submit, finish, rendered, builder=builder)
        if problems:
            raise BuildRefused(list(dict.fromkeys(problems)))  # each said once
        built = staging / "site"
        # every topic read back from the pages just built: the map an app opens them by
        from generator.site.topics import write_topic_map

        refused = write_topic_map(built, all_languages, offline=offline)
        if refused:
            raise BuildRefused(refused)
        write_root_files(built, all_languages, site_url, offline=offline)
        write_text_atomic(built / MARKER, MARKER_TEXT)
        if target.is_dir():
            _carry_hidden(target, built)
            target.rename(staging / "old-site")
        built.rename(target)
        return [BuiltLanguage(language, site / language.code) for language in all_languages]


def site_languages_with(preview: Sequence[str] = ()) -> list[Language]:
    """The shipped languages and the unshipped ones named in ``preview``, in the file's order;
    a code the file does not list is a :class:`SiteError`."""
    listed = languages()
    codes = {language.code for language in listed}
    unknown = [code for code in preview if code not in codes]
    if unknown:
        raise SiteError(
            f"--preview {unknown[0]}: locales/languages.yaml lists no such language "
            f"(it lists {', '.join(sorted(codes))})"
        )
    return [language for language in listed if language.shipped or language.code in preview]


def is_built_site(folder: Path) -> bool:
    """Whether ``folder`` holds :data:`MARKER` (a build made it)."""
    return (folder / MARKER).is_file()


def check_target(site: Path, *, replace: bool = False) -> Path:
    """The folder the build replaces for ``site`` (a symlink's target: the link stays);
    SiteError when ``site`` is a file, holds the repository or the current folder, or is a
    folder with files but no :data:`MARKER` and ``replace`` is not given."""
    target = Path(os.path.realpath(site)) if site.is_symlink() else Path(os.path.abspath(site))
    name = shown(site)
    if target.exists() and not target.is_dir():
        raise SiteError(
            f"{name} is a file, not a folder: the site is built into a folder "
            "(a file is not replaced, even with --replace)"
        )
    for kept in (ROOT, Path.cwd()):
        real = Path(os.path.realpath(target))
        if real == kept.resolve() or real in kept.resolve().parents:
            raise SiteError(
                f"{name} holds {shown(kept) if kept != ROOT else 'the repository'}: "
                "it is not replaced by a site"
            )
    if not replace and target.is_dir() and not is_built_site(target) and any(target.iterdir()):
        raise SiteError(
            f"{name} is not a site this command built (no {MARKER}); give --replace to replace it"
        )
    return target


def _carry_hidden(old: Path, new: Path) -> None:
    """The hidden entries at the top of ``old`` (``.git``, ``.nojekyll``; not the marker) into
    ``new``, as hard links where the file system has them: ``old`` keeps them until the swap."""
    for entry in sorted(old.iterdir()):
        if not entry.name.startswith(".") or entry.name == MARKER or (new / entry.name).exists():
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.copytree(entry, new / entry.name, symlinks=True, copy_function=_link_or_copy)
        elif entry.is_symlink():
            os.symlink(os.readlink(entry), new / entry.name)
        else:
            _link_or_copy(str(entry), str(new / entry.name))


def _link_or_copy(source: str, destination: str) -> None:
    try:
        os.link(source, destination)
    except OSError:
        shutil.copy2(source, destination)


def sweep_staging(folder: Path) -> list[Path]:
    """Remove the staging folders in ``folder`` that builds no longer running left; the removed."""
    removed = []
    with contextlib.suppress(OSError):
        for left in folder.glob(f"{STAGING_PREFIX}*"):
            pid = left.name[len(STAGING_PREFIX) :].split("-", 1)[0]
            if left.is_dir() and pid.isdigit() and not pid_alive(int(pid)):
                shutil.rmtree(left, ignore_errors=True)
                removed.append(left)
    return removed


@contextlib.contextmanager
def _staging(folder: Path) -> Iterator[Path]:
    """A new staging folder in ``folder``, named with this process's pid; removed on any exit."""
    staging = folder / f"{STAGING_PREFIX}{os.getpid()}-{secrets.token_hex(4)}"
    try:
        staging.mkdir()
    except OSError as error:  # said of the folder asked for, not of our name in it
        raise OSError(error.errno, error.strerror, str(folder)) from None
    try:
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _worker_start(parent: int) -> None:
    """A worker's first act: die with the build (a killed build leaves no worker running).

    On Linux the kernel sends SIGTERM when the parent dies; everywhere a thread polls the
    parent's pid (an orphan is adopted by another process), and a parent gone before this
    ran is seen at once.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the build's handler, inherited by fork
    die_with_parent(parent)


@contextlib.contextmanager
def _workers() -> Iterator[Submit | None]:
    """A function that runs work in worker processes, one per core (forked from this one, so
    that they start at once); None where there is one core or no fork. The workers die with
    this process (:func:`_worker_start`) and are stopped at once when the block fails."""
    context = (
        multiprocessing.get_context("fork")
        if "fork" in multiprocessing.get_all_start_methods()
        else None
    )
    count = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    count = count or 1  # the cores this process may use (a container's, not the machine's)
    if count < 2 or context is None:
        yield None
        return
    pool = ProcessPoolExecutor(
        count, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
    )
    # forked now, from this thread: the kernel's parent-death signal follows the forking thread
    pool.submit(os.getpid)
    try:
        yield pool.submit
    except BaseException as error:
        if not isinstance(error, Exception):  # Terminated, Ctrl-C: stop the work in hand too
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                with contextlib.suppress(OSError, AttributeError):
                    process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def render_all(
    all_languages: list[Language], ts: dict[str, Translations] | None = None
) -> dict[str, dict[str, str]]:
    """Every language's pages (:func:`generator.site.render.render_language`), by language code;
    ``ts``: their translations, when the caller has read them."""
    facts = page_facts()
    ts = ts if ts is not None else {}
    return {
        language.code: render_language(
            language, facts, ts.get(language.code) or translations(language)
        )
        for language in all_languages
    }


def stage_languages(
    staging: Path,
    all_languages: list[Language],
    rendered: dict[str, dict[str, str]],
    site_url: str | None,
    offline: bool,
    ts: dict[str, Translations] | None = None,
    *,
    builder: str = BUILDERS[0],
) -> list[tuple[Path, str]]:
    """Each language's pages and MkDocs configuration in ``staging``: ``(config file, code)``;
    ``ts``: the languages' translations, when the caller has read them. For Zensical each
    configuration has a folder of its own (``zensical-<code>/mkdocs.yml``) that holds its pages
    and the site it builds (Zensical wants them inside it) and its cache: the languages build
    side by side, sharing none. :func:`zensical_build` moves the site to ``site/<code>``
    (``extra.generator_site_dir``)."""
    jobs = []
    for language in all_languages:
        site_dir = staging / "site" / language.code
        if builder == "zensical":
            # Zensical wants docs_dir and site_dir inside the configuration's folder
            config_file = staging / f"zensical-{language.code}" / "mkdocs.yml"
            docs_dir, built_dir = config_file.parent / "docs", config_file.parent / "site"
        else:
            config_file = staging / f"mkdocs-{language.code}.yml"
            docs_dir, built_dir = staging / "docs" / language.code, site_dir
        write_pages(rendered[language.code], docs_dir)
        write_wasm(docs_dir)
        if offline:
            write_pages({OFFLINE_SHIM_PAGE: OFFLINE_SHIM.read_text(encoding="utf-8")}, docs_dir)
        config = language_config(
            language,
            all_languages,
            docs_dir,
            built_dir,
            (ts or {}).get(language.code),
            site_url=site_url,
            config_dir=config_file.parent,
            offline=offline,
        )
        if builder == "zensical":
            # where zensical_build moves the site it built; the search partial Zensical's
            config["extra"]["generator_site_dir"] = _path_in_config(site_dir, config_file.parent)
            config["extra"]["generator_builder"] = builder
        write_text_atomic(config_file, yaml.safe_dump(config, allow_unicode=True))
        jobs.append((config_file, language.code))
    return jobs


def build_languages(
    jobs: list[tuple[Path, str]],
    submit: Submit | None = None,
    finish: Finish | None = None,
    rendered: Rendered | None = None,
    *,
    builder: str = BUILDERS[0],
) -> list[str]:
    """Build each ``(config file, label)`` with ``builder``, through ``submit`` if given.

    ``finish`` (given ``rendered``) runs meanwhile; its problems are returned
    (they say more than a failed build, so they win). Otherwise the first
    language that failed raises its :class:`SiteError`.
    """
    if submit is None:
        problems = finish(rendered) if finish else []
        if not problems:
            for config_file, label in jobs:
                builder_function(builder)(config_file, label)
        return problems
    futures: list[Future[None]] = [
        submit(_build_language, builder, config_file, label) for config_file, label in jobs
    ]
    problems = finish(rendered) if finish else []
    failures = [future.exception() for future in futures]
    if problems:
        return problems
    for failure in failures:
        if failure is not None:
            raise failure
    return []


def _build_language(builder: str, config_file: Path, label: str) -> None:
    """One language's build in a worker process (it reads the builder's function when it runs)."""
    builder_function(builder)(config_file, label)
