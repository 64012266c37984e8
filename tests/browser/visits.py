"""One visit of a page at a width in a scheme, with every check made of it while it is open.

``test_pages.py`` opens every page of every language at every width in every scheme. For the
first language, the approved screenshots (``test_screenshots.py``) and the pictures'
colours and pixels (``test_drawn.py``) are of those same pages at those same widths and
schemes: :func:`first_language_visits` opens each of them once for the three tests (one load
instead of three), and each test asserts what its own checks found. The page's checks come
first, in the order ``test_pages.py`` has always made them; the screenshot to compare is taken
once they are done (after axe-core, which changes nothing that is drawn), and the pictures'
checks come last, before the links and the language switcher, which leave the page.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.i18n.catalogs import shipped_languages
from tests.browser.conftest import Site
from tests.browser.drawn import colour_problems, pixel_problems
from tests.browser.pagecheck import (
    SCHEMES,
    WIDTHS,
    Target,
    axe_problems,
    broken_links,
    opened,
    page_problems,
    switcher_problems,
    targets,
)


@dataclass
class Visit:
    target: Target
    scheme: str
    width: int
    problems: list[str] = field(default_factory=list)
    """What ``test_pages.py`` checks: palette, width, axe-core, requests, links, switcher."""
    requests: list[str] = field(default_factory=list)
    """The page's console errors and failed or outside requests (part of :attr:`problems`)."""
    look: list[str] | None = None
    """The comparison with the approved screenshot (None: no page type that is compared)."""
    drawn: list[str] | None = None
    """The pictures' colours and pixels (None: a page without pictures)."""


def visit(
    context: Any,
    site: Site,
    target: Target,
    code: str | None,
    scheme: str,
    width: int,
    screenshots: Path,
    look: tuple[str, bool] | None = None,
    counts: dict[str, int] | None = None,
) -> Visit:
    """Open ``target`` once and make ``test_pages.py``'s checks; with ``look`` (the approved
    screenshot's name, and whether to approve) compare its screenshot, with ``counts`` check
    its pictures (adding up how many parts each rule of :mod:`tests.browser.drawn` saw)."""
    made = Visit(target, scheme, width)
    with opened(context, site, target, width) as (page, recorder):
        found = page_problems(page, scheme, target.material)
        found += axe_problems(page, target.path)
        shot = screenshots / f"{target.name}-{width}-{scheme}.jpg"
        if look is None:
            page.screenshot(path=shot, full_page=True, quality=80)
        else:
            from PIL import Image

            from tests.browser.test_screenshots import compare, screenshot

            png = screenshot(page)
            made.look = compare(png, *look)
            # the screenshot of every page (test-screenshots/), from the same picture
            Image.open(io.BytesIO(png)).convert("RGB").save(shot, "JPEG", quality=80)
        if counts is not None:
            made.drawn = colour_problems(page, counts) + pixel_problems(page)
        last = (scheme, width) == (SCHEMES[-1], max(WIDTHS))
        if last:
            found += broken_links(page, site)
        made.requests = recorder.take()
        found += made.requests
        if last and target.material and code is not None:
            found += switcher_problems(page, site, target, recorder)
    made.problems = found
    return made


@dataclass
class Visits:
    """Every page of the first language at every width in every scheme, visited once."""

    visits: list[Visit]
    counts: dict[str, int]
    """How many parts each picture rule looked at, over every picture page."""


def first_language_visits(browser: Any, site: Site, screenshots: Path, approve: bool) -> Visits:
    """:func:`visit` of every page of the first language, each width and scheme, with the
    approved screenshots of ``test_screenshots.PAGES`` and the pictures of
    ``test_drawn.PICTURE_PAGES``."""
    from tests.browser.test_drawn import PICTURE_PAGES
    from tests.browser.test_screenshots import PAGES, name_of

    code = shipped_languages()[0].code
    looks = {
        f"{code}/{name}" if name.endswith(".html") else site.page_path(code, name): name
        for name in PAGES
    }
    pictures = {site.page_path(code, name) for name in PICTURE_PAGES}
    paths = {target.path for target in targets(site, code)}
    unvisited = sorted((set(looks) | pictures) - paths)
    assert not unvisited, f"the first language's pages lack {unvisited}"
    contexts = {scheme: browser.new_context(color_scheme=scheme) for scheme in SCHEMES}
    counts: dict[str, int] = {}
    found = []
    try:
        for target in targets(site, code):
            for scheme in SCHEMES:
                for width in WIDTHS:
                    name = looks.get(target.path)
                    look = None if name is None else (name_of(name, width, scheme), approve)
                    found.append(
                        visit(
                            contexts[scheme],
                            site,
                            target,
                            code,
                            scheme,
                            width,
                            screenshots,
                            look=look,
                            counts=counts if target.path in pictures else None,
                        )
                    )
    finally:
        for context in contexts.values():
            context.close()
    return Visits(found, counts)
