"""What the browser tests look at on a page: what it requests and logs, its links, its width, its switcher."""

from __future__ import annotations

import contextlib
import re
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlsplit

import yaml

from generator.i18n.catalogs import source_language
from tests.browser.conftest import ROOT, Site

WIDTHS = {390: 844, 1280: 800}
"""The widths a page is opened at (a phone, a desktop), with the window's height."""

SCHEMES = ("light", "dark")
"""The colour schemes a page is opened in (the browser's ``prefers-color-scheme``)."""


def material_schemes() -> dict[str, str]:
    """Material's ``data-md-color-scheme`` for each colour scheme, from ``mkdocs.yml``'s palette."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    found = {}
    for palette in config["theme"]["palette"]:
        for scheme in SCHEMES:
            if palette.get("media") == f"(prefers-color-scheme: {scheme})":
                found[scheme] = palette["scheme"]
    assert set(found) == set(SCHEMES), f"mkdocs.yml has no palette for each of {SCHEMES}"
    return found


@dataclass(frozen=True)
class Target:
    """A page to open."""

    path: str
    """Its path below the site (``nl/rules/``; ``""`` the site's root)."""
    name: str
    """Its screenshots' name."""
    status: int = 200
    """The status the server answers the page itself with (404 for a missing page)."""
    lands_on: str | None = None
    """The path the page sends the browser on to (the root's ``index.html``), if any."""
    material: bool = True
    """A page of Material's theme (palette, language switcher), not one of the plain root pages."""
    not_found: bool = False
    """A 404 page: its switcher goes to the other language's home page (there is no same page)."""


MISSING = "no/such/page/"
"""A path no site has: the server answers it with the 404 page, at a depth."""


def targets(site: Site, code: str | None) -> list[Target]:
    """Every page of a language (its sitemap, its 404 page direct and for a missing page), or
    with ``code`` None the root's pages (``index.html``, ``404.html``)."""
    if code is None:
        return [
            Target("", "root-index", lands_on=f"{source_language()}/"),
            Target("404.html", "root-404", material=False),
            Target(MISSING, "root-missing", status=404, material=False),
        ]
    pages = [Target(path, path.rstrip("/").replace("/", "-")) for path in site.pages(code)]
    return [
        *pages,
        Target(f"{code}/404.html", f"{code}-404", not_found=True),
        Target(f"{code}/{MISSING}", f"{code}-missing", status=404, not_found=True),
    ]


SAMPLE = ("", "rules", "solve", "won-game")
"""The pages of each language opened in a build opened from disk (``""`` the home page), with
its 404 page: a sample, since the served build's tests open every page. The solve page loads
the engine's module from disk (:func:`engine_ready`) and solves a deal there."""


def disk_targets(site: Site, code: str | None) -> list[Target]:
    """The sample of a build opened from disk: a language's :data:`SAMPLE` and 404 page, or with
    ``code`` None the root's ``index.html`` (on to the source language) and ``404.html``."""
    kind = "offline" if site.offline else "disk"
    if code is None:
        return [
            Target("index.html", f"{kind}-root-index", lands_on=site.page_path(source_language())),
            Target("404.html", f"{kind}-root-404", material=False),
        ]
    pages = [
        Target(site.page_path(code, name), f"{kind}-{code}-{name or 'index'}") for name in SAMPLE
    ]
    return [*pages, Target(f"{code}/404.html", f"{kind}-{code}-404", not_found=True)]


def is_inside(site: Site, url: str) -> bool:
    """A URL the page may request: the site's, or inline data (``data:``, ``blob:``, ``about:``)."""
    return url.startswith(site.url) or urlsplit(url).scheme in ("data", "blob", "about")


@dataclass
class Recorder:
    """Everything a page does wrong while it is open: console errors, failed or outside requests."""

    site: Site
    expected: dict[str, int] = field(default_factory=dict)
    """Documents allowed a status of 400 or more (a missing page's 404)."""
    problems: list[str] = field(default_factory=list)
    pending: set[Any] = field(default_factory=set)
    """The requests the page has made that have not finished or failed yet."""
    visit: int = 0
    """Which visit of the tab this is: :func:`opened` counts them."""
    started: dict[Any, int] = field(default_factory=dict)
    """The visit each request was made in. A request of an earlier visit (a search worker's
    script of the page the switcher went on to) may be abandoned, and reported failed, only
    once the next visit has begun: that is no failure of the page now open."""
    redirecting: str | None = None
    """A page that sends the browser on by itself (the root's ``index.html``): its own
    document's request may be abandoned by its redirect before it has finished loading."""
    leaving: bool = False
    """The test is taking the tab to another page (the switcher's click, the back button): a
    late request of the page it leaves (its search worker's language script) may be abandoned
    then. That is no failure as long as the file asked for is there; one that is not still is."""

    def attach(self, page: Any) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))
        page.on("request", self._request)
        page.on("requestfinished", self._finished)
        page.on("requestfailed", self._failed)
        page.on("response", self._response)
        page.route(lambda url: not is_inside(self.site, url), self._outside)

    def take(self) -> list[str]:
        problems, self.problems = self.problems, []
        return problems

    def _console(self, message: Any) -> None:
        if message.type == "error" and not (
            # the browser's own line for a response of 400 or more: _response judges those
            message.text.startswith("Failed to load resource: the server responded with a status")
            and message.location.get("url") in self.expected
        ):
            self.problems.append(f"console error: {message.text} ({message.location.get('url')})")

    def settle(self, page: Any, seconds: float = 10.0) -> None:
        """Wait until every request the page made has finished (its scripts fetch the search index
        and the sitemaps after the load event): leaving earlier would abandon them."""
        deadline = time.monotonic() + seconds
        page.wait_for_timeout(50)
        while self.pending and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        for request in self.pending:
            self.problems.append(f"request unfinished after {seconds} s: {request.url}")
        self.pending.clear()

    def _finished(self, request: Any) -> None:
        self.pending.discard(request)
        self.started.pop(request, None)

    def _request(self, request: Any) -> None:
        self.pending.add(request)
        self.started[request] = self.visit

    def _failed(self, request: Any) -> None:
        self.pending.discard(request)
        if self.started.pop(request, self.visit) != self.visit:
            return
        if request.url == self.redirecting and request.failure == "net::ERR_ABORTED":
            return
        if self.leaving and request.failure == "net::ERR_ABORTED" and self.serves(request.url):
            return
        if is_inside(self.site, request.url):
            self.problems.append(f"request failed: {request.url} ({request.failure})")

    def serves(self, url: str) -> bool:
        """Whether ``url`` is a file of the site (not an outside URL, not a missing file)."""
        if not url.startswith(self.site.url):
            return False
        return self.site.file_of(urlsplit(self.site.path_of(url)).path) is not None

    @contextmanager
    def leaving_page(self) -> Iterator[None]:
        """While the test sends the tab on: see :attr:`leaving`."""
        self.leaving = True
        try:
            yield
        finally:
            self.leaving = False

    def _response(self, response: Any) -> None:
        if response.status >= 400 and self.expected.get(response.url) != response.status:
            self.problems.append(f"request answered {response.status}: {response.url}")

    def _outside(self, route: Any) -> None:
        self.problems.append(f"request outside the site: {route.request.url}")
        route.abort()


_TABS: weakref.WeakKeyDictionary[Any, tuple[Any, Recorder]] = weakref.WeakKeyDictionary()
"""One tab per browser context, reused from visit to visit (a new tab is a new renderer)."""


@contextmanager
def opened(context: Any, site: Site, target: Target, width: int) -> Iterator[tuple[Any, Recorder]]:
    """``target`` open in the context's tab, ``width`` px wide, its requests settled.

    The recorder holds the problems of the loading so far, a wrong status or landing place
    included; the caller takes them when it has done with the page. Afterwards the tab goes to
    ``about:blank`` and what happens meanwhile is dropped: a request the browser abandons when
    the test moves on is no failure of the page, nor of the next one.
    """
    page, recorder = _TABS.get(context) or (None, None)
    if page is None or recorder is None or page.is_closed() or recorder.site != site:
        page, recorder = context.new_page(), Recorder(site)
        recorder.attach(page)
        _TABS[context] = (page, recorder)
    page.set_viewport_size({"width": width, "height": WIDTHS[width]})
    url = site.url + target.path
    recorder.expected = {urldefrag(url).url: target.status} if target.status != 200 else {}
    recorder.redirecting = url if target.lands_on is not None else None
    try:
        response = page.goto(url, wait_until="load")
        if response is None or response.status != target.status:
            status = None if response is None else response.status
            recorder.problems.append(f"answered {status}, not {target.status}")
        if target.lands_on is not None:
            from playwright.sync_api import TimeoutError as PlaywrightTimeout

            try:
                page.wait_for_url(site.url + target.lands_on, wait_until="load", timeout=10_000)
            except PlaywrightTimeout:
                recorder.problems.append(f"lands on {page.url}, not {site.url + target.lands_on}")
        recorder.settle(page)
        engine_ready(page, recorder)
        yield page, recorder
    finally:
        page.goto("about:blank", wait_until="load")
        recorder.take()
        recorder.pending.clear()
        recorder.visit += 1


ENGINE_PAGES = "[data-golf-play], [data-golf-solve]"
"""What plays or solves in the page: where golf-play.js loads the engine's module."""


def engine_ready(page: Any, recorder: Recorder) -> None:
    """On a page that plays or solves, wait until golf-play.js has loaded the engine
    (``html[data-golf-engine=ready]``), so that what is looked at is the page as its visitor
    uses it; a module that does not load is a problem of the page."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if not page.query_selector(ENGINE_PAGES):
        return
    try:
        page.wait_for_selector("html[data-golf-engine=ready]", state="attached", timeout=10_000)
    except PlaywrightTimeout:
        recorder.problems.append("the engine's module did not load (no data-golf-engine=ready)")


def page_problems(page: Any, scheme: str, material: bool) -> list[str]:
    """A shown page's width (no sideways scrolling) and, on a page of Material's theme, its palette
    (the one of ``scheme``)."""
    problems = []
    wanted = material_schemes()[scheme]
    shown = page.evaluate("document.body.dataset.mdColorScheme")
    if material and shown != wanted:
        problems.append(f"data-md-color-scheme is {shown!r}, not {wanted!r}")
    width, window = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if width > window:
        problems.append(f"scrolls sideways: {width} px wide in a {window} px window")
    return problems


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is not None and (name == "id" or (tag == "a" and name == "name")):
                self.ids.add(value)


@cache
def ids_of(file: Path) -> frozenset[str]:
    """The ids (and ``<a name>``) of a built page, as served (before any script runs)."""
    parser = _Ids()
    parser.feed(file.read_text(encoding="utf-8"))
    return frozenset(parser.ids)


LINKS_AND_IDS = """() => ({
    links: [...document.querySelectorAll('a[href]')].map(a => [a.getAttribute('href'), a.href]),
    ids: [...document.querySelectorAll('[id], a[name]')].map(e => e.id || e.getAttribute('name')),
})"""


def broken_links(page: Any, site: Site) -> list[str]:
    """Every ``a[href]`` into the site that has no built file, or whose ``#id`` is not on its page."""
    found = page.evaluate(LINKS_AND_IDS)
    here = urldefrag(page.url).url
    own_ids = set(found["ids"])
    problems = []
    for raw, url in found["links"]:
        if not url.startswith(site.url):
            continue
        address, fragment = urldefrag(url)
        fragment = unquote(fragment)
        if site.on_disk and urlsplit(address).path.endswith("/"):
            problems.append(
                f"link {raw!r}: {address} is a folder, which a browser shows as a listing"
            )
        if address == here:
            if fragment and fragment not in own_ids:
                problems.append(f"link {raw!r}: no element with id {fragment!r} on this page")
            continue
        file = site.file_of(urlsplit(site.path_of(address)).path)
        if file is None:
            problems.append(f"link {raw!r}: {address} is not a page or file of the site")
        elif fragment and fragment not in ids_of(file):
            problems.append(f"link {raw!r}: no element with id {fragment!r} on {address}")
    return problems


def switcher_landing(site: Site, target: Target, code: str) -> str:
    """Where the language switcher must take a visitor of ``target`` who picks ``code``."""
    if target.not_found:
        return site.url + site.page_path(code)
    _, _, rest = target.path.partition("/")
    return f"{site.url}{code}/{rest}"


def switcher_problems(page: Any, site: Site, target: Target, recorder: Recorder) -> list[str]:
    """Pick every other language in the switcher as a visitor does (open it, click); check where
    each lands. Going back between the languages, the page is left on the last one picked. Each
    page's requests settle before the next navigation (which would abandon them)."""
    own = target.path.split("/")[0]
    codes = page.eval_on_selector_all(
        "a.md-select__link[hreflang]", "links => links.map(a => a.hreflang)"
    )
    problems = []
    if sorted(codes) != sorted(site.languages()):
        problems.append(f"the switcher offers {codes}, not every language {site.languages()}")
    for number, code in enumerate(other for other in codes if other != own):
        if number:
            # a late request of the landed page (its favicon) that leaving abandons is forgiven
            # for a file the site has (Recorder.leaving)
            with recorder.leaving_page():
                page.go_back(wait_until="load")
            recorder.settle(page)
        page.locator(".md-header__option .md-select > button").focus()
        with recorder.leaving_page(), page.expect_navigation(wait_until="load"):
            page.locator(f"a.md-select__link[hreflang={code!r}]").click()
        recorder.settle(page)
        wanted = switcher_landing(site, target, code)
        # the landed page may name its state in the fragment (the stepper's #move-0)
        if urldefrag(page.url).url != wanted:
            problems.append(f"the switcher's {code!r} lands on {page.url}, not {wanted}")
    return problems


class _Headings(HTMLParser):
    """The text of a page's ``<h2>`` headings, without their permalinks (``a.headerlink``)."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[str] = []
        self._in_heading = False
        self._in_permalink = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "h2":
            self._in_heading = True
            self.headings.append("")
        elif tag == "a" and "headerlink" in (dict(attrs).get("class") or "").split():
            self._in_permalink = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "h2":
            self._in_heading = False
        elif tag == "a":
            self._in_permalink = False

    def handle_data(self, data: str) -> None:
        if self._in_heading and not self._in_permalink:
            self.headings[-1] += data


def search_word(file: Path) -> str:
    """A word to search for that is on a built page: the longest word of its ``<h2>`` headings."""
    headings = _Headings()
    headings.feed(file.read_text(encoding="utf-8"))
    words = [word for text in headings.headings for word in re.findall(r"[^\W\d_]+", text)]
    assert words, f"{file} has no <h2> heading with a word"
    return max(words, key=len)


def search_results(page: Any, word: str, seconds: float = 10.0) -> list[str]:
    """Type ``word`` into Material's search box (shown in the header at a desktop width) as a
    visitor does; the addresses of the results it shows (none after ``seconds``)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # the browser fixture's

    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(word, delay=20)
    try:
        page.wait_for_selector(".md-search-result__link", timeout=seconds * 1000)
    except PlaywrightTimeout:
        return []
    found: list[str] = page.eval_on_selector_all(
        ".md-search-result__link", "links => links.map(a => a.href)"
    )
    return found


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, pinned in ``package-lock.json`` (``npm ci``)."""

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
"""The rules axe runs: WCAG 2.2 A and AA, and its best practices."""

FAILING_IMPACTS = ("moderate", "serious", "critical")
"""What fails: the issue asks for no serious or critical violation; moderate ones (a page
without a main landmark, content outside landmarks) fail too, since none is left."""

AXE_ALLOWED = ROOT / "tests" / "browser" / "axe_allowed.yaml"
"""The violations the site cannot fix, each with its reason: the only ones the test allows."""


@dataclass(frozen=True)
class AllowedViolation:
    rule: str
    target: str
    """The element as axe names it (a CSS selector)."""
    pages: str
    """The pages it is allowed on (a glob of paths below the site, ``*/won-game/``)."""
    reason: str


@cache
def axe_allowed() -> tuple[AllowedViolation, ...]:
    entries = yaml.safe_load(AXE_ALLOWED.read_text(encoding="utf-8")) or []
    found = []
    for number, entry in enumerate(entries, 1):
        if set(entry) != {"rule", "target", "pages", "reason"} or not str(entry["reason"]).strip():
            raise AssertionError(
                f"{AXE_ALLOWED.name}: entry {number} needs exactly rule, target, pages, reason"
            )
        found.append(AllowedViolation(**{key: str(value) for key, value in entry.items()}))
    return tuple(found)


@cache
def axe_source() -> str:
    if not AXE.is_file():
        import pytest

        pytest.fail(
            "the accessibility checks need axe-core: run 'npm ci' in the repository (.ci/run does)",
            pytrace=False,
        )
    return AXE.read_text(encoding="utf-8")


def axe_problems(page: Any, path: str, used: set[AllowedViolation] | None = None) -> list[str]:
    """axe-core's moderate, serious and critical WCAG 2.2 AA and best-practice violations on the shown page, one line per
    element, less those :data:`AXE_ALLOWED` lists for this page (added to ``used``)."""
    from fnmatch import fnmatchcase

    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    result = page.evaluate(
        # preload: false, or axe fetches every stylesheet again by XMLHttpRequest (for its
        # CSSOM rules), which a page opened from disk (file://) refuses with console errors
        """tags => axe.run(document, {runOnly: {type: 'tag', values: tags},
            resultTypes: ['violations'], preload: false})""",
        AXE_TAGS,
    )
    problems = []
    for violation in result["violations"]:
        if violation["impact"] not in FAILING_IMPACTS:
            continue
        for node in violation["nodes"]:
            target = " ".join(map(str, node["target"]))
            allowed = [
                entry
                for entry in axe_allowed()
                if entry.rule == violation["id"]
                and entry.target == target
                and fnmatchcase(path, entry.pages)
            ]
            if allowed:
                if used is not None:
                    used.update(allowed)
                continue
            summary = " ".join((node.get("failureSummary") or "").split())
            problems.append(
                f"axe {violation['id']} ({violation['impact']}): {target}: {summary[:300]}"
            )
    return problems


SETTLE_MS = 10_000
"""How long a key's outcome may take to show (Material's drawer slides in before its link takes
the focus): the test waits for the outcome itself, and only a check that is failing waits this long."""


def settled(page: Any, expression: str) -> None:
    """Wait until ``expression`` holds in the page, or :data:`SETTLE_MS` has passed (the checks
    after it then say what is wrong)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(expression, timeout=SETTLE_MS)
