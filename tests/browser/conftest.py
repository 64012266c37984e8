"""The browser tests' fixtures: the site built once and served on localhost, the plain and the
offline build opened from disk, and one headless Chromium.

The site is built with ``python -m generator build --site <temp> --site-url
http://127.0.0.1:<port>/`` (the port is bound first), so every language's
``sitemap.xml`` lists its pages and the 404 pages link root-relative, as on a
deployment. A small static server answers from a thread; a missing path gets
its language's ``404.html`` (the root ``404.html`` outside the languages) with
status 404, as a web server set up as the README says would. The plain build
(``python -m generator build``) and the offline one (``--offline``) are opened
from disk (``file://``), as an app's bundled help often is.

The Zensical site (``--builder zensical``) is built the same way, served with a site URL and
built offline to open from disk (:func:`zensical_site`, :func:`zensical_offline_site`).

Chromium is Debian's (``apt-get install chromium``, which ``.ci/run`` does),
driven by Playwright for Python through ``executable_path``: Playwright's own
browser download is never used. ``CHROMIUM=/path/to/chromium`` picks another.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-screenshots"
"""Where every page's screenshots go, one per page, width and colour scheme (overwritten per run)."""

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Chromium's own connections (updates, sync, safe browsing lists) would be outside
    # requests, which the closed network refuses: turn them off.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

Test = TypeVar("Test")

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def chromium_path() -> str:
    """Debian's Chromium (or ``$CHROMIUM``); fails the test with how to install it."""
    wanted = os.environ.get("CHROMIUM")
    found = wanted if wanted else shutil.which("chromium") or shutil.which("chromium-browser")
    if not found or not Path(found).exists():
        pytest.fail(
            "the browser tests need Chromium: 'apt-get install chromium' (Debian/Ubuntu), or set "
            "CHROMIUM=/path/to/chromium; skip them with: python -m pytest -m 'not browser'",
            pytrace=False,
        )
    return found


class _SiteHandler(SimpleHTTPRequestHandler):
    """Static files; a missing path gets its language's ``404.html`` (else the root's), status 404."""

    def do_GET(self) -> None:
        if self._missing():
            self._not_found()
        else:
            super().do_GET()

    def do_HEAD(self) -> None:
        if self._missing():
            self._not_found(body=False)
        else:
            super().do_HEAD()

    def _missing(self) -> bool:
        path = Path(self.translate_path(self.path))
        return not (path.is_file() or (path.is_dir() and (path / "index.html").is_file()))

    def _not_found(self, body: bool = True) -> None:
        root = Path(self.directory)
        first = unquote(urlsplit(self.path).path).strip("/").split("/")[0]
        page = root / first / "404.html" if first else root / "404.html"
        if not page.is_file():
            page = root / "404.html"
        data = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _HrefLangs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.codes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs).get("hreflang")
        if tag == "a" and found:
            self.codes.append(found)


@dataclass(frozen=True)
class Site:
    root: Path
    """The built site's folder (the one that holds ``index.html``, ``en/``, ...)."""
    url: str
    """Where it is served, ``http://127.0.0.1:<port>/``, or opened from disk, ``file:///...``."""
    offline: bool = False
    """Built with ``--offline`` (every page an ``.html`` file, no directory URLs)."""

    @property
    def on_disk(self) -> bool:
        """Opened from disk (``file://``), where a browser shows a folder as a listing."""
        return self.url.startswith("file:")

    def languages(self) -> list[str]:
        """The language codes, from the root sitemap index (a build with a site URL), else from
        the links of the root ``index.html``."""
        if not (self.root / "sitemap.xml").is_file():
            links = _HrefLangs()
            links.feed((self.root / "index.html").read_text(encoding="utf-8"))
            return links.codes
        index = ET.parse(self.root / "sitemap.xml").getroot()
        return [self.path_of(loc.text or "").split("/")[0] for loc in index.iter(f"{SITEMAP}loc")]

    def page_path(self, code: str, name: str = "") -> str:
        """The path of a language's page by its name (``rules``; ``""`` its home page) as a link
        names it: its folder when served, the folder's ``index.html`` from disk, the page's
        ``.html`` file in an offline build."""
        if self.offline:
            return f"{code}/{name or 'index'}.html"
        folder = f"{code}/{name}/" if name else f"{code}/"
        return f"{folder}index.html" if self.on_disk else folder

    def pages(self, code: str) -> list[str]:
        """The paths (``nl/rules/``) of every page of a language, from its sitemap."""
        urlset = ET.parse(self.root / code / "sitemap.xml").getroot()
        return [self.path_of(loc.text or "") for loc in urlset.iter(f"{SITEMAP}loc")]

    def path_of(self, url: str) -> str:
        """A URL of the site as a path below the site, without the leading ``/``."""
        if not url.startswith(self.url):
            raise AssertionError(f"{url!r} is not a URL of the site {self.url!r}")
        return url[len(self.url) :]

    def file_of(self, path: str) -> Path | None:
        """The built file a path below the site (no query, no fragment) is served from, if any."""
        target = self.root / unquote(path)
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection early (a tab closed mid-download) is no error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def served(root: Path) -> Iterator[str]:
    """Serve the folder ``root`` (made or filled later) on localhost from a thread; yields its URL."""
    server = _Server(("127.0.0.1", 0), functools.partial(_SiteHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def built(out: Path, *options: str) -> Path:
    """``python -m generator build --site out *options`` (the README's command); fails the test
    with the build's output when it fails."""
    build = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--site", str(out), *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if build.returncode != 0:
        pytest.fail(f"the site did not build:\n{build.stdout}{build.stderr}", pytrace=False)
    return out


@contextmanager
def chromium_on_a_site(site: Path | None = None) -> Iterator[tuple[Any, str]]:
    """For the benchmarks (``scripts/bench_*.py``): a headless Chromium and the URL of a site
    served on localhost, ``site`` (a built one) or one built for the run."""
    import tempfile

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = site or Path(tmp) / "site"
        with served(root) as url:
            if site is None:
                built(root, "--site-url", url)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS
                )
                try:
                    yield browser, url
                finally:
                    browser.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site, built once per session with the README's build command, served on localhost."""
    out = tmp_path_factory.mktemp("browser") / "site"
    with served(out) as url:
        yield Site(built(out, "--site-url", url), url)


@pytest.fixture(scope="session")
def disk_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The site of a plain ``python -m generator build`` (relative links, directory URLs),
    opened from disk."""
    out = built(tmp_path_factory.mktemp("disk") / "site")
    return Site(out, f"{out.as_uri()}/")


@pytest.fixture(scope="session")
def plain_site(disk_site: Site) -> Iterator[Site]:
    """The plain build (no site URL: empty sitemaps, relative links) served by a static server on
    localhost, as the README's ``python -m http.server -d site`` serves it."""
    with served(disk_site.root) as url:
        yield Site(disk_site.root, url)


@pytest.fixture(scope="session")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The site of ``python -m generator build --offline``, opened from disk."""
    out = built(tmp_path_factory.mktemp("offline") / "site", "--offline")
    return Site(out, f"{out.as_uri()}/", offline=True)


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site built once per session by Zensical (``build --builder zensical``) with a site
    URL, served on localhost as :func:`site` is."""
    out = tmp_path_factory.mktemp("zensical") / "site"
    with served(out) as url:
        yield Site(built(out, "--site-url", url, "--builder", "zensical"), url)


@pytest.fixture(scope="session")
def zensical_offline_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The site of ``build --offline --builder zensical``, opened from disk."""
    out = built(
        tmp_path_factory.mktemp("zensical-offline") / "site", "--offline", "--builder", "zensical"
    )
    return Site(out, f"{out.as_uri()}/", offline=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole session (Playwright gives it a fresh user-data-dir)."""
    executable = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            "the browser tests need Playwright for Python: python -m pip install -e '.[test]' "
            "(never 'playwright install': the tests drive Debian's chromium)",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser context (the browser's own colour scheme, light), closed after the test."""
    made = browser.new_context()
    yield made
    made.close()


@pytest.fixture
def contexts(browser: Any) -> Iterator[dict[str, Any]]:
    """A browser context per colour scheme (``light``, ``dark``): Material keeps the palette it
    shows in the page's local storage, so light and dark do not share one."""
    from tests.browser.pagecheck import SCHEMES

    made = {scheme: browser.new_context(color_scheme=scheme) for scheme in SCHEMES}
    yield made
    for context in made.values():
        context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The screenshot folder (emptied at the run's start by ``tests/conftest.py``'s
    ``pytest_configure``)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


def first_language_group() -> list[pytest.MarkDecorator]:
    """The marks of the xdist group of the first language's pages in ``test_pages.py``, for the
    approved screenshots and the pictures' checks too: they share :func:`first_language_visits`
    (one load of each page), so they must run on the same worker."""
    from generator.i18n.catalogs import shipped_languages

    return [
        pytest.mark.xdist_group("browser-pages"),
        pytest.mark.xdist_group(f"browser-pages-{shipped_languages()[0].code}"),
    ]


def in_first_language_group(test: Test) -> Test:
    """``test`` marked with :func:`first_language_group`."""
    for mark in first_language_group():
        test = mark(test)
    return test


@pytest.fixture(scope="session")
def first_language_visits(
    browser: Any, site: Site, screenshots: Path, request: pytest.FixtureRequest
) -> Any:
    """Every page of the first language at every width in every scheme, opened once for the
    checks of ``test_pages.py``, ``test_screenshots.py`` and ``test_drawn.py``
    (:mod:`tests.browser.visits`)."""
    from tests.browser.visits import first_language_visits as visited

    approve = bool(request.config.getoption("--approve-screenshots"))
    return visited(browser, site, screenshots, approve)
