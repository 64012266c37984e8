"""The browser checks can fail: a small site with one of each defect they look for, in a browser.

Each defect must be reported, and the page without it not: the checks of
``test_pages.py`` would otherwise pass on any site.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.browser.conftest import Site, served
from tests.browser.pagecheck import (
    MISSING,
    Target,
    axe_problems,
    broken_links,
    opened,
    page_problems,
    switcher_problems,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-pages")]

BROKEN = """<!doctype html>
<html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="https://fonts.example.com/css?family=Roboto">
<link rel="stylesheet" href="missing.css">
</head>
<body data-md-color-scheme="default">
<div class="md-header__option"><div class="md-select"><button>language</button>
<a class="md-select__link" hreflang="en" href="../../en/x/">English</a>
<a class="md-select__link" hreflang="nl" href="../../nl/">Nederlands</a></div></div>
<a href="../y/">fine</a> <a href="#here">fine</a> <a href="../y/#there">fine</a>
<a href="../nope/">broken</a> <a href="#nowhere">bad anchor</a> <a href="../y/#gone">bad anchor</a>
<div id="here" style="width: 2000px">wide</div>
<p style="color: #4cae4f; background: #fff">green on white, 2.8:1</p>
<div role="dialog"><input type="text" placeholder="a dialog without a name"></div>
<script>console.error("boom"); throw new Error("kaboom");</script>
</body></html>
"""

CLEAN = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Clean</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>a { display: inline-block; min-height: 24px; min-width: 24px; margin: 4px; }</style></head>
<body data-md-color-scheme="default"><main><h1>Clean</h1>
<div class="md-header__option"><div class="md-select"><button>language</button>
<a class="md-select__link" hreflang="en" href="../../en/y/">English</a>
<a class="md-select__link" hreflang="nl" href="../../nl/y/">Nederlands</a></div></div>
<a href="../x/">fine</a> <a href="#there">fine</a> <p id="there">there</p>
</main></body></html>
"""

SITEMAP = """<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>{url}en/sitemap.xml</loc></sitemap>
<sitemap><loc>{url}nl/sitemap.xml</loc></sitemap>
</sitemapindex>
"""


@pytest.fixture(scope="module")
def broken_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """``en/x/`` has every defect; ``en/y/`` (and ``nl/``'s copies) none."""
    root = tmp_path_factory.mktemp("broken-site")
    with served(root) as url:
        for code in ("en", "nl"):
            for name, text in (("x", BROKEN), ("y", CLEAN)):
                page = root / code / name / "index.html"
                page.parent.mkdir(parents=True)
                page.write_text(text.replace("../../en/x/", f"../../{code}/x/"), encoding="utf-8")
            (root / code / "index.html").write_text(CLEAN, encoding="utf-8")
            (root / code / "404.html").write_text(CLEAN, encoding="utf-8")
        (root / "sitemap.xml").write_text(SITEMAP.format(url=url), encoding="utf-8")
        yield Site(root, url)


def all_problems(context: Any, site: Site, target: Target, width: int, scheme: str) -> list[str]:
    with opened(context, site, target, width) as (page, recorder):
        found = page_problems(page, scheme, target.material)
        found += axe_problems(page, target.path)
        found += broken_links(page, site)
        found += recorder.take()
        found += switcher_problems(page, site, target, recorder)
    return found


def test_every_defect_is_reported(browser: Any, broken_site: Site) -> None:
    context = browser.new_context(color_scheme="dark")
    try:
        found = all_problems(context, broken_site, Target("en/x/", "x"), 390, "dark")
        clean = all_problems(context, broken_site, Target("en/y/", "y"), 390, "light")
        missing = Target(f"en/{MISSING}", "m", status=404, not_found=True)
        with opened(context, broken_site, missing, 1280) as (_, recorder):
            not_found = recorder.take()
        with opened(context, broken_site, Target("en/nope/", "n"), 1280) as (_, recorder):
            wrong_status = recorder.take()
    finally:
        context.close()
    text = "\n".join(found)
    url = broken_site.url
    for expected in [
        "data-md-color-scheme is 'default', not 'slate'",
        "scrolls sideways: ",
        "link '../nope/': ",
        "link '#nowhere': no element with id 'nowhere' on this page",
        f"link '../y/#gone': no element with id 'gone' on {url}en/y/",
        "request outside the site: https://fonts.example.com/css?family=Roboto",
        f"request answered 404: {url}en/x/missing.css",
        "console error: boom",
        "script error: kaboom",
        f"the switcher's 'nl' lands on {url}nl/, not {url}nl/x/",
        "axe color-contrast (serious): p: Fix any of the following: Element has insufficient color contrast of 2.8",
        'axe aria-dialog-name (serious): div[role="dialog"]',
    ]:
        assert expected in text, f"{expected!r} not reported; found:\n{text}"
    assert not [
        line for line in found if "fine" in line or "'#here'" in line or "../y/#there" in line
    ]
    assert clean == [], clean
    assert not_found == [], not_found
    assert "answered 404, not 200" in wrong_status
    assert f"request answered 404: {url}en/nope/" in wrong_status


def test_an_abandoned_request_is_forgiven_only_for_a_file_that_is_there(broken_site: Site) -> None:
    """A request the browser abandons while the test sends the tab on (the switcher's click: the
    page's search worker was still fetching its language script) is no failure of the page when
    the file is there; a missing file is reported all the same, and so is any abandoned request
    while the test is not moving the tab."""
    from tests.browser.pagecheck import Recorder

    @dataclass(frozen=True)
    class Request:
        url: str
        failure: str

    url = broken_site.url
    there = Request(url=f"{url}en/y/index.html?v=1", failure="net::ERR_ABORTED")
    missing = Request(url=f"{url}en/lunr.nl.min.js", failure="net::ERR_ABORTED")
    recorder = Recorder(broken_site)
    with recorder.leaving_page():
        for request in (there, missing):
            recorder._request(request)
            recorder._failed(request)
    assert recorder.take() == [f"request failed: {missing.url} (net::ERR_ABORTED)"]
    recorder._request(there)
    recorder._failed(there)
    assert recorder.take() == [f"request failed: {there.url} (net::ERR_ABORTED)"]
