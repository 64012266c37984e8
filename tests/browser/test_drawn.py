"""The pictures as a visitor sees them: cards with light faces and readable ink, backs, bars
and labels in the theme's colours, in light and dark, on a phone and a desktop.

Every page with pictures, in the first language (the pictures and the stylesheet are the same
in every language), is checked by :mod:`tests.browser.drawn`: the computed colours of every
picture's parts (:data:`~tests.browser.drawn.RULES`) and pixels of the card faces in the
screenshot. The same checks must report a stylesheet with last round's lost ``}`` and one that
no longer paints the patience cards' faces.
"""

from __future__ import annotations

from typing import Any

import pytest

from generator.i18n.catalogs import languages
from tests.browser.conftest import ROOT, Site
from tests.browser.drawn import RULES, colour_problems, pixel_problems
from tests.browser.pagecheck import SCHEMES, WIDTHS, Target, opened

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PICTURE_PAGES = ("rules", "examples", "won-game", "statistics", "six-card-golf")
"""The pages that hold pictures."""

CSS = ROOT / "docs_src" / "assets" / "golf.css"


def test_every_picture_draws(contexts: dict[str, Any], site: Site) -> None:
    code = languages()[0].code
    problems = []
    counts: dict[str, int] = {}
    for name in PICTURE_PAGES:
        target = Target(site.page_path(code, name), f"drawn-{name}")
        for scheme in SCHEMES:
            for width in WIDTHS:
                with opened(contexts[scheme], site, target, width) as (page, recorder):
                    found = colour_problems(page, counts) + pixel_problems(page)
                    found += recorder.take()
                problems += [f"{target.path} at {width} px, {scheme}: {p}" for p in found]
    unseen = [rule.name for rule in RULES if not counts.get(rule.name)]
    assert not unseen, f"no page has a part for the rules {unseen}: a picture's classes changed?"
    assert not problems, "\n".join(problems[:60])


def broken_css(route: Any, css: str) -> None:
    route.fulfill(status=200, content_type="text/css", body=css)


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("lost brace", ["6-card face:", "6-card corner:", "chart bar:", "chart text:"]),
        ("no face colour", ["patience card face:", "patience card text:", "shows"]),
    ],
)
def test_a_broken_stylesheet_is_seen(
    browser: Any, site: Site, case: str, expected: list[str]
) -> None:
    """The site with golf.css broken as a careless edit would: each check reports it."""
    css = CSS.read_text(encoding="utf-8")
    if case == "lost brace":
        at = css.index("cursor: default;\n}") + len("cursor: default;\n")
        css = css[:at] + css[at + 2 :]
    else:
        css = css.replace(
            "  fill: var(--md-default-bg-color);\n  stroke: var(--md-default-fg-color--light);\n  stroke-width: 1.5;\n",
            "",
            1,
        )
    code = languages()[0].code
    problems = []
    for scheme in SCHEMES:
        context = browser.new_context(color_scheme=scheme)
        try:
            context.route("**/assets/golf.css", lambda route: broken_css(route, css))
            for name in ("rules", "statistics", "six-card-golf"):
                target = Target(site.page_path(code, name), f"broken-{name}")
                with opened(context, site, target, 1280) as (page, _):
                    problems += colour_problems(page) + pixel_problems(page)
        finally:
            context.close()
    text = "\n".join(problems)
    for wanted in expected:
        assert wanted in text, f"{case}: {wanted!r} not reported; found:\n{text[:3000]}"
