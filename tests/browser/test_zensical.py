"""The browser's core checks on the site Zensical builds (``build --builder zensical``): links,
the language switcher, search, no request outside the site; and its 404 page for a missing page
deep down, styled and leading on.

Served with a site URL, every page of the first language and the root's open once (1280 px,
light): no console or script error, no failed or outside request, the palette asked for, no
sideways scrolling, every link into the site to a built file and its ``#id`` on that page; its
home, rules and 404 pages also go through the switcher (the same page in every other language).
One language, to keep CI within its time: the Zensical site is built twice (served, offline)
and the others' pages are the same templates. Zensical's search is its own
(a dialog its script draws in a shadow root, opened by the header's ``.md-search__button``): a
word of each language's rules page finds that page, served and, built ``--offline``, from disk.
The MkDocs site's checks (every width and scheme, axe-core, screenshots) are ``test_pages.py``
and ``test_on_disk.py``; the pages' texts under Zensical are ``tests/test_zensical.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urldefrag

import pytest

from generator.i18n.catalogs import shipped_languages, translations
from tests.browser.conftest import Site
from tests.browser.pagecheck import (
    MISSING,
    Target,
    broken_links,
    disk_targets,
    opened,
    page_problems,
    search_word,
    switcher_problems,
    targets,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-zensical")]

CODES = [language.code for language in shipped_languages()]

HEADER_GREEN = "rgb(46, 125, 50)"
"""The header's colour, ``--md-primary-fg-color`` of ``docs_src/assets/golf.css``: styled."""


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    made = browser.new_context(color_scheme="light")
    yield made
    made.close()


SWITCHED = ("", "rules/", "404.html")
"""The pages of the first language whose switcher is tried (each try opens two more pages)."""


def test_the_pages_link_switch_and_ask_nothing_outside(context: Any, zensical_site: Site) -> None:
    """The root's pages and every page of the first language (the heavier checks on one language:
    the others' pages open through its switcher, and their links are read by
    ``tests/test_zensical.py``)."""
    problems = []
    first = CODES[0]
    for code in (None, first):
        for target in targets(zensical_site, code):
            with opened(context, zensical_site, target, 1280) as (page, recorder):
                found = page_problems(page, "light", target.material)
                found += broken_links(page, zensical_site)
                found += recorder.take()
                if code and target.path in {f"{first}/{path}" for path in SWITCHED}:
                    found += switcher_problems(page, zensical_site, target, recorder)
                    found += recorder.take()
            problems += [f"{target.path or '/'}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


def styled_problems(page: Any) -> list[str]:
    shown = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    return [] if shown == HEADER_GREEN else [f"the header is {shown}, not {HEADER_GREEN}: unstyled"]


@pytest.mark.parametrize("code", CODES)
def test_a_missing_page_deep_down_shows_the_styled_404_page(
    context: Any, zensical_site: Site, code: str
) -> None:
    """Its links (the home page's, both games' rules pages') lead to built pages; its search
    button opens Zensical's search."""
    site = zensical_site
    target = Target(f"{code}/{MISSING}", f"zensical-{code}-missing", status=404, not_found=True)
    wanted = [
        site.page_path(code),
        site.page_path(code, "rules"),
        site.page_path(code, "six-card-golf"),
    ]
    with opened(context, site, target, 390) as (page, recorder):
        problems = styled_problems(page)
        links = page.eval_on_selector_all(
            "article a[href]", "links => links.map(a => [a.href, a.textContent.trim()])"
        )
        problems += [
            f"no link to {site.url + path}"
            for path in wanted
            if site.url + path not in {href for href, text in links if text}
        ]
        problems += broken_links(page, site)
        button = page.locator("article [data-golf-search]")
        if not button.is_visible():
            problems.append("no search button")
        else:
            button.click()
            if not search_opens(page):
                problems.append("the search button does not open the search")
        problems += recorder.take()
    assert not problems, "\n".join(problems)


def search_box(page: Any) -> Any:
    """Zensical's search input (in its dialog's shadow root, which Playwright's selectors enter)."""
    box = page.locator("dialog[open] input[role=combobox]")
    box.wait_for(state="visible", timeout=5_000)
    return box


def search_opens(page: Any) -> bool:
    """Whether Zensical's search box shows (within 5 s)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        search_box(page)
    except PlaywrightTimeout:
        return False
    return True


def zensical_search(page: Any, word: str, seconds: float = 10.0) -> list[str]:
    """Open Zensical's search with the header's button and type ``word`` as a visitor does; the
    addresses of the results it lists (none after ``seconds``)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.locator(".md-search__button").click()
    search_box(page).press_sequentially(word, delay=20)
    try:
        page.wait_for_selector("dialog[open] a[role=option]", timeout=seconds * 1000)
    except PlaywrightTimeout:
        return []
    # the dialog searches as it is typed into: a shorter word's results may come first, and be
    # replaced; the results are read once the list and the dialog's count have stood still for
    # half a second (CI: 2 results listed while the dialog counted the last word's 1)
    seen: tuple[list[str], str] | None = None
    still = 0
    for _ in range(int(seconds * 10)):
        now = (
            page.eval_on_selector_all(
                "dialog[open] a[role=option]", "links => links.map(a => a.href)"
            ),
            dialog_words(page)["status"],
        )
        still = still + 1 if now == seen else 0
        seen = now
        if still == 5:
            break
        page.wait_for_timeout(100)
    return list(seen[0]) if seen else []


@pytest.mark.parametrize(
    ("build", "code"),
    [*(("zensical_site", code) for code in CODES), ("zensical_offline_site", CODES[0])],
)
def test_search_finds_the_rules_page(
    request: pytest.FixtureRequest, context: Any, build: str, code: str
) -> None:
    """A word of the rules page's headings, typed into the home page's search, gives a result on
    the rules page: served in every language, and offline from disk (``file://``) in one."""
    site: Site = request.getfixturevalue(build)
    rules = site.page_path(code, "rules")
    file = site.file_of(rules)
    assert file is not None, f"no {rules}"
    word = search_word(file)
    with opened(context, site, Target(site.page_path(code), f"zensical-{code}-search"), 1280) as (
        page,
        recorder,
    ):
        found = zensical_search(page, word)
        problems = recorder.take()
    if site.url + rules not in {urldefrag(url).url for url in found}:
        problems.append(f"searching {word!r} found {found}, nothing on {rules}")
    assert not problems, "\n".join(problems)


def test_the_offline_build_opened_from_disk(context: Any, zensical_offline_site: Site) -> None:
    """The first language's sample pages and 404 page, and the root's: no error, nothing
    outside, every link to a file (not a folder), the 404 page styled; the home page's switcher."""
    site = zensical_offline_site
    # as MkDocs' hook does (Material's script would fetch the sitemap beside each, which file://
    # refuses; main.html's script also takes them off from disk, so the browser sees no error
    # either way): zensical_finish takes them out of the HTML
    problems = [
        f"{page.relative_to(site.root)}: <link rel=alternate>"
        for page in sorted(site.root.rglob("*.html"))
        if 'rel="alternate"' in page.read_text(encoding="utf-8")
    ]
    for code in [None, CODES[0]]:
        for target in disk_targets(site, code):
            with opened(context, site, target, 1280) as (page, recorder):
                found = page_problems(page, "light", target.material)
                found += broken_links(page, site)
                if target.not_found:
                    found += styled_problems(page)
                found += recorder.take()
                if code and target.path == site.page_path(code):
                    found += switcher_problems(page, site, target, recorder)
                    found += recorder.take()
            problems += [f"{target.path}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


DIALOG_WORDS = """dialog => {
    const said = [dialog.getAttribute('aria-label')];
    for (const e of dialog.querySelectorAll('[aria-label], [placeholder]')) {
        said.push(e.getAttribute('aria-label'), e.getAttribute('placeholder'));
    }
    const status = dialog.querySelector('[role=status]');
    return {said: said.filter(Boolean), status: status ? status.textContent : null,
            text: dialog.textContent};
}"""
"""What Zensical's search dialog says: its name, its controls' labels and placeholders, its
status line (how many results), its text."""


def dialog_words(page: Any) -> dict[str, Any]:
    words: dict[str, Any] = page.locator("dialog[open]").evaluate(DIALOG_WORDS)
    return words


@pytest.mark.parametrize("code", CODES)
def test_the_search_dialog_speaks_the_page_s_language(
    context: Any, zensical_site: Site, code: str
) -> None:
    """Zensical's dialog names itself, its box, its buttons and its results in the page's
    language (the catalog's words), counts the results in it, and says so when there are none;
    on the Dutch and German pages no English word of it is left."""
    language = next(lang for lang in shipped_languages() if lang.code == code)
    t = translations(language)
    rules = zensical_site.page_path(code, "rules")
    file = zensical_site.file_of(rules)
    assert file is not None, f"no {rules}"
    target = Target(zensical_site.page_path(code), f"zensical-{code}-dialog")
    with opened(context, zensical_site, target, 1280) as (page, recorder):
        found = zensical_search(page, search_word(file))
        words = dialog_words(page)
        problems = [] if found else ["the search found nothing"]
        for name in ("Search", "Close search", "Search results"):
            wanted = t.pgettext("search dialog", name)
            if wanted not in words["said"]:
                problems.append(f"no control is named {wanted!r} ({name}): {words['said']}")
        count = t.ngettext("%(count)s result", "%(count)s results", len(found)) % {
            "count": len(found)
        }
        if words["status"] != count:
            problems.append(f"the dialog says {words['status']!r}, not {count!r}")
        box = search_box(page)
        box.fill("")
        box.press_sequentially("qqxqzv", delay=20)
        none = t.pgettext("search dialog", "No results")
        # the dialog searches as it is typed into: wait for its answer, up to 10 s
        deadline = 100
        while dialog_words(page)["status"] != none and deadline:
            page.wait_for_timeout(100)
            deadline -= 1
        words_none = dialog_words(page)
        if words_none["status"] != none:
            problems.append(f"for no result the dialog says {words_none['status']!r}, not {none!r}")
        if code != "en":
            names = ("Search", "Close search", "Search results", "No results", "Filters")
            # an English word left is one the catalog translates otherwise ("Filters" is Dutch too)
            english = {n for n in names if t.pgettext("search dialog", n) != n}
            left = sorted(english & set(words["said"] + words_none["said"]))
            left += [
                w for w in ("results", "No results") if w in words_none["text"] + words["text"]
            ]
            if left:
                problems.append(f"English left in the dialog: {left}")
        problems += recorder.take()
    assert not problems, "\n".join(problems)
