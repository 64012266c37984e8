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

from generator.i18n.catalogs import shipped_languages
from tests.browser.conftest import ROOT, Site, in_first_language_group
from tests.browser.drawn import RULES, colour_problems, pixel_problems
from tests.browser.pagecheck import SCHEMES, WIDTHS, Target, opened

pytestmark = [pytest.mark.browser]

PICTURE_PAGES = ("rules", "examples", "won-game", "statistics", "six-card-golf")
"""The pages that hold pictures."""

CSS = ROOT / "docs_src" / "assets" / "golf.css"


# the first language's group: the pages are opened once for test_pages.py and this test
@in_first_language_group
def test_every_picture_draws(first_language_visits: Any) -> None:
    """Each page of :data:`PICTURE_PAGES` at each width in each scheme, as ``test_pages.py``
    opens it (``first_language_visits``: one load of each page for both)."""
    problems = []
    seen_pages = set()
    for seen in first_language_visits.visits:
        if seen.drawn is None:
            continue
        seen_pages.add((seen.target.path, seen.width, seen.scheme))
        found = seen.drawn + seen.requests
        problems += [f"{seen.target.path} at {seen.width} px, {seen.scheme}: {p}" for p in found]
    wanted = len(PICTURE_PAGES) * len(WIDTHS) * len(SCHEMES)
    assert len(seen_pages) == wanted, f"{len(seen_pages)} pages looked at, not {wanted}"
    counts = first_language_visits.counts
    unseen = [rule.name for rule in RULES if not counts.get(rule.name)]
    assert not unseen, f"no page has a part for the rules {unseen}: a picture's classes changed?"
    assert not problems, "\n".join(problems[:60])


def broken_css(route: Any, css: str) -> None:
    route.fulfill(status=200, content_type="text/css", body=css)


@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("lost brace", ["6-card face:", "6-card corner:", "chart bar:", "chart text:"]),
        ("no face colour", ["patience card face:", "patience card text:", "shows"]),
        # red ink black from a tablet's width up, which a contrast alone passes (issue 45)
        ("red ink black when wide", ["patience red ink:", "seen as black, not red"]),
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
    elif case == "red ink black when wide":
        css += "\n@media (min-width: 700px) { .card.red { --golf-card-ink: #000000; } }\n"
    else:
        css = css.replace(
            "  fill: var(--golf-card-face, var(--md-default-bg-color));\n",
            "",
            1,
        )
    code = shipped_languages()[0].code
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
