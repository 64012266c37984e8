"""The plain build served without a site URL, the plain and the offline build opened from
disk, search offline, and what a visitor chooses kept from language to language.

Opened from disk (``file://``, as an app's bundled help often is), a sample of
each build's pages (every language's home, rules, solve and won-game page and its 404
page, the root's ``index.html`` and ``404.html``) must pass the served pages'
checks: no console or script error, no failed or outside request, the palette
asked for, no sideways scrolling, every link into the site to a file (not a
folder: a browser shows a folder opened from disk as a listing) and every
``#id`` on its page, the first language's switcher to the same page. The offline build's
search finds, in every language, a word of the rules page. The palette a
visitor chooses holds in the other languages (Material keeps it in local
storage, scoped by ``docs_src/overrides/main.html``), and the switcher keeps the
won-game stepper's ``#move-N``. axe-core and the screenshots are the served site's
(``tests/browser/test_pages.py``): these builds differ from it in their links only.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import urldefrag

import pytest

from generator.i18n.catalogs import shipped_languages
from tests.browser.conftest import Site
from tests.browser.pagecheck import (
    Recorder,
    Target,
    broken_links,
    disk_targets,
    material_schemes,
    opened,
    page_problems,
    search_results,
    search_word,
    switcher_problems,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-disk")]

CODES = [language.code for language in shipped_languages()]

VISITS = (("light", 390), ("dark", 1280))
"""The schemes and widths the pages of a build opened from disk are opened at, in turn."""


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    made = browser.new_context(color_scheme="light")
    yield made
    made.close()


@pytest.mark.parametrize("build", ["disk_site", "offline_site"])
def test_build_opened_from_disk(
    request: pytest.FixtureRequest, contexts: dict[str, Any], build: str
) -> None:
    """A sample of each build's pages opened from disk, each once, narrow and light or wide and
    dark in turn (the served build's test opens every page in each), with its links; the
    switcher on the first language's pages (the others' switcher links are among the links).
    axe-core and the screenshots are the served build's (tests/browser/test_pages.py, every
    page at every width in every scheme): these builds differ from it in their links only."""
    site: Site = request.getfixturevalue(build)
    problems = []
    for code in [None, *CODES]:
        for number, target in enumerate(disk_targets(site, code)):
            scheme, width = VISITS[number % len(VISITS)]
            with opened(contexts[scheme], site, target, width) as (page, recorder):
                found = page_problems(page, scheme, target.material)
                found += broken_links(page, site)
                found += recorder.take()
                if target.material and code == CODES[0]:
                    found += switcher_problems(page, site, target, recorder)
                found += recorder.take()
            problems += [f"{target.path} at {width} px, {scheme}: {p}" for p in found]
    assert not problems, "\n".join(problems)


def test_plain_build_served_without_a_site_url(contexts: dict[str, Any], plain_site: Site) -> None:
    """The plain build served as the README serves it (``python -m http.server -d site``): no
    site URL, so every sitemap is empty. Each language's sample pages pass the served pages'
    checks, and their switcher lands on the same page in every other language (Material's script
    looked the page up in the empty sitemaps and landed on the home page). Its markup is the
    served build's but for the links: axe-core runs on that one."""
    problems = []
    for code in CODES:
        for number, target in enumerate(disk_targets(plain_site, code)):
            target = replace(target, name=target.name.replace("disk-", "plain-", 1))
            scheme, width = VISITS[number % len(VISITS)]
            with opened(contexts[scheme], plain_site, target, width) as (page, recorder):
                found = page_problems(page, scheme, target.material)
                found += broken_links(page, plain_site)
                found += recorder.take()
                if target.material:
                    found += switcher_problems(page, plain_site, target, recorder)
                found += recorder.take()
            problems += [f"{target.path} at {width} px, {scheme}: {p}" for p in found]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", CODES)
def test_offline_search_finds_the_rules_page(context: Any, offline_site: Site, code: str) -> None:
    """Typed into the search box of the offline build's home page, a word of the rules page's
    headings gives a result that leads to the rules page."""
    rules = offline_site.page_path(code, "rules")
    file = offline_site.file_of(rules)
    assert file is not None, f"the offline build has no {rules}"
    word = search_word(file)
    home = Target(offline_site.page_path(code), f"offline-{code}-search")
    with opened(context, offline_site, home, 1280) as (page, recorder):
        found = search_results(page, word)
        problems = recorder.take()
    if offline_site.url + rules not in {urldefrag(url).url for url in found}:
        problems.append(f"searching {word!r} found {found}, nothing on {rules}")
    assert not problems, "\n".join(problems)


def scheme_problems(page: Any, scheme: str, where: str) -> list[str]:
    shown = page.evaluate("document.body.dataset.mdColorScheme")
    wanted = material_schemes()[scheme]
    return [] if shown == wanted else [f"{where}: the palette is {shown!r}, not {wanted!r}"]


def switch_language(page: Any, recorder: Recorder, code: str) -> None:
    """Pick ``code`` in the language switcher as a visitor does (the mouse on it, click); the new
    page's requests settled."""
    page.locator(".md-header__option .md-select > button").hover()
    with recorder.leaving_page(), page.expect_navigation(wait_until="load"):
        page.locator(f"a.md-select__link[hreflang={code!r}]").click()
    recorder.settle(page)


def toggle_palette(page: Any) -> None:
    page.locator("[data-md-component=palette] label:not([hidden])").click()


@pytest.mark.parametrize("build", ["site", "plain_site", "disk_site", "offline_site"])
def test_chosen_palette_holds_in_every_language(
    request: pytest.FixtureRequest, context: Any, build: str
) -> None:
    """Dark chosen on one language's rules page is dark on the others' (through the switcher),
    and light chosen there is light back on the first: served, and opened from disk."""
    site: Site = request.getfixturevalue(build)
    first, *others = CODES
    start = Target(site.page_path(first, "rules"), f"palette-{build}")
    with opened(context, site, start, 1280) as (page, recorder):
        problems = scheme_problems(page, "light", f"{first} before the toggle")
        toggle_palette(page)
        problems += scheme_problems(page, "dark", f"{first} after the toggle")
        for code in others:
            switch_language(page, recorder, code)
            problems += scheme_problems(page, "dark", f"{page.url}, dark chosen on {first}")
        toggle_palette(page)
        switch_language(page, recorder, first)
        problems += scheme_problems(page, "light", f"{page.url}, light chosen on {others[-1]}")
        with recorder.leaving_page():
            page.reload(wait_until="load")
        recorder.settle(page)
        problems += scheme_problems(page, "light", f"{page.url} reloaded")
        problems += recorder.take()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("build", ["site", "plain_site", "disk_site", "offline_site"])
def test_switcher_keeps_the_stepper_move(
    request: pytest.FixtureRequest, context: Any, build: str
) -> None:
    """The won game shown at a move (loaded at move 12, stepped to 13) is at that move in the
    other languages, picked in the switcher."""
    site: Site = request.getfixturevalue(build)
    first, *others = CODES
    start = Target(f"{site.page_path(first, 'won-game')}#move-12", f"stepper-lang-{build}")
    problems = []
    with opened(context, site, start, 1280) as (page, recorder):
        page.focus("[data-stepper] [data-stepper-next]")
        page.keyboard.press("ArrowRight")
        for code in others:
            switch_language(page, recorder, code)
            wanted = f"{site.url}{site.page_path(code, 'won-game')}#move-13"
            if page.url != wanted:
                problems.append(f"the switcher's {code!r} lands on {page.url}, not {wanted}")
            shown = page.evaluate("document.querySelector('[data-stepper-slider]').value")
            if shown != "13":
                problems.append(f"{page.url}: the stepper shows move {shown}, not 13")
        problems += recorder.take()
    assert not problems, "\n".join(problems)
