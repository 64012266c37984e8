"""Every page of every language in a real browser: 390 and 1280 px wide, light and dark.

A page fails on a console or script error, a failed request (or one answered
400 or more, but for a missing page's own 404), a request outside the site,
horizontal scrolling, a palette that is not the one asked for, a link into the
site that has no file or whose ``#id`` is not on its page, and a language
switcher that does not land on the same page in the other language. The pages
come from the built sitemaps, so a new page is opened without a change here.
Screenshots: ``test-screenshots/<page>-<width>-<scheme>.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.i18n.catalogs import shipped_languages
from tests.browser.conftest import Site
from tests.browser.pagecheck import (
    MISSING,
    SCHEMES,
    WIDTHS,
    Target,
    material_schemes,
    opened,
    settled,
    targets,
)
from tests.browser.visits import visit

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-pages")]

CODES = [None, *(language.code for language in shipped_languages())]
"""``None`` for the root's own pages (``index.html``, ``404.html``), then every language."""


def ids(code: str | None) -> str:
    return code or "root"


@pytest.mark.parametrize(
    "code",
    # a group each: the languages' pages run side by side on the workers (each builds the site)
    [
        pytest.param(code, marks=pytest.mark.xdist_group(f"browser-pages-{ids(code)}"))
        for code in CODES
    ],
    ids=ids,
)
def test_every_page_width_and_scheme(
    contexts: dict[str, Any],
    site: Site,
    screenshots: Path,
    request: pytest.FixtureRequest,
    code: str | None,
) -> None:
    """Every page at every width in every scheme, with axe-core's WCAG 2.2 AA rules; its links
    and its language switcher once. The first language's pages are opened once for this test,
    the approved screenshots' and the pictures' (``first_language_visits``)."""
    if code == shipped_languages()[0].code:
        visits = request.getfixturevalue("first_language_visits").visits
    else:
        visits = [
            visit(contexts[scheme], site, target, code, scheme, width, screenshots)
            for target in targets(site, code)
            for scheme in SCHEMES
            for width in WIDTHS
        ]
    problems = []
    for seen in visits:
        where = f"{seen.target.path or '/'} at {seen.width} px, {seen.scheme}"
        problems += [f"{where}: {problem}" for problem in seen.problems]
    assert not problems, "\n".join(problems)


def test_palette_toggle_switches_the_scheme(contexts: dict[str, Any], site: Site) -> None:
    """The header's toggle turns the light page dark and back (Material's palette form)."""
    schemes = material_schemes()
    target = targets(site, shipped_languages()[0].code)[0]
    with opened(contexts["light"], site, target, max(WIDTHS)) as (page, recorder):
        problems = []
        for scheme in ("dark", "light"):
            page.locator("[data-md-component=palette] label:not([hidden])").click()
            shown = page.evaluate("document.body.dataset.mdColorScheme")
            if shown != schemes[scheme]:
                problems.append(
                    f"after the toggle, data-md-color-scheme is {shown!r}, not {schemes[scheme]!r}"
                )
        problems += recorder.take()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", [language.code for language in shipped_languages()])
def test_a_404_page_leads_on(contexts: dict[str, Any], site: Site, code: str) -> None:
    """A missing page, deep down, shows its language's 404 page, which leads on: to the
    language's home page and both games' rules pages (by their nav titles, followed), and to
    the search, which its button opens."""
    target = Target(f"{code}/{MISSING}", f"{code}-404-leads-on", status=404, not_found=True)
    wanted = [
        site.page_path(code),
        site.page_path(code, "rules"),
        site.page_path(code, "six-card-golf"),
    ]
    with opened(contexts["light"], site, target, 390) as (page, recorder):
        links = page.eval_on_selector_all(
            "article a[href]", "links => links.map(a => [a.href, a.textContent.trim()])"
        )
        problems = [
            f"no link to {site.url + path}"
            for path in wanted
            if site.url + path not in {href for href, text in links if text}
        ]
        button = page.locator("article [data-golf-search]")
        if not button.is_visible():
            problems.append("no search button")
        else:
            button.click()
            settled(page, "document.activeElement.classList.contains('md-search__input')")
            if not page.evaluate("document.activeElement.classList.contains('md-search__input')"):
                problems.append("the search button does not open the search")
        problems += recorder.take()
    assert not problems, "\n".join(problems)
