"""The topics an app opens (issue 48): every address of the built site's topic map, in every
language, served and opened from disk, opens its page with the topic's section at the top of
the view, under the header; and the play box's messages link to the rule that explains them.

What a person sees is measured: the topic's heading (right after its mark; a page's title right
before it) is on screen, its top below the header's bottom edge (not hidden under it) and within
a line or two of it, and it reads the title the map gives."""

from __future__ import annotations

import json
from typing import Any

import pytest

from generator.i18n.catalogs import shipped_languages, translations
from generator.i18n.words import Words
from generator.pages.recorded import load_reference_game
from generator.patience import Game, Move, Reason, Rules
from tests.browser.conftest import Site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-topics")]

READY = "html[data-golf-engine=ready]"
NEAR = 96
"""How far below the header's bottom edge a topic's heading may start (px): its own margin, at
most; a heading further down is not at the top of the view."""

WHERE = """(topic) => {
    const mark = document.getElementById(topic);
    if (!mark) return {error: 'no element with the id'};
    /* a section's heading follows its mark; a page's title comes right before its mark */
    const before = mark.previousElementSibling;
    const heading = before && before.tagName === 'H1' ? before : mark.nextElementSibling;
    if (!heading || !/^H[12]$/.test(heading.tagName)) return {error: 'no heading by the mark'};
    const header = document.querySelector('.md-header');
    const bottom = header ? header.getBoundingClientRect().bottom : 0;
    const box = heading.getBoundingClientRect();
    const end = document.scrollingElement.scrollHeight - innerHeight;
    return {top: box.top, bottom: box.bottom, header: bottom, height: innerHeight,
            title: heading.textContent.replace(/[ \\t\\n\\r\\f]+/g, ' ').replace(/^ | $/g, ''),
            at_end: scrollY >= end - 1};
}"""


def at_the_top(seen: dict[str, Any]) -> bool:
    """The heading is under the header, within :data:`NEAR` of it; or, where the page ends
    before it can come up so far (a short last section), the page is scrolled to its end and
    the heading is in view below the header."""
    if seen["top"] < seen["header"] - 1:
        return False
    return bool(
        seen["top"] <= seen["header"] + NEAR
        or (seen["at_end"] and seen["bottom"] <= seen["height"])
    )


def topic_map(site: Site) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site.root / "topics.json").read_text(encoding="utf-8"))
    return data


def where_each_topic_opens(page: Any, site: Site, code: str) -> list[str]:
    """Open every topic of a language; the problems a person would see."""
    problems = []
    for _topic, entry in sorted(topic_map(site)["topics"].items()):
        address = entry["addresses"][code]
        page.goto(site.url + address)
        page.wait_for_load_state("load")
        page.wait_for_timeout(50)  # the theme settles the scroll after load
        seen = page.evaluate(WHERE, address.split("#", 1)[1])
        if "error" in seen:
            problems.append(f"{address}: {seen['error']}")
            continue
        if not at_the_top(seen):
            problems.append(
                f"{address}: the heading {seen['title']!r} starts {seen['top']:.0f} px from "
                f"the top (the header ends at {seen['header']:.0f} px)"
            )
        if seen["title"] != entry["titles"][code]:
            problems.append(
                f"{address}: the heading reads {seen['title']!r}, the map {entry['titles'][code]!r}"
            )
    return problems


@pytest.mark.parametrize("where", ["served", "from-disk", "zensical"])
def test_every_topic_opens_at_its_section_in_every_language(
    context: Any, request: pytest.FixtureRequest, where: str
) -> None:
    """Served, opened from disk (an offline build), and built by Zensical (served)."""
    fixture = {"served": "site", "from-disk": "offline_site", "zensical": "zensical_site"}
    built: Site = request.getfixturevalue(fixture[where])
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    problems = []
    for language in topic_map(built)["languages"]:
        problems += where_each_topic_opens(page, built, language["code"])
    assert problems == []


def refused_column(game: Game) -> int:
    return next(
        n
        for n in range(1, 8)
        if game.refusal(Move.remove(n, game.column(n)[-1])) is Reason.NOT_ADJACENT
    )


@pytest.mark.parametrize("where", ["served", "from-disk"])
def test_a_refused_move_links_to_the_rule_that_explains_it(
    context: Any, site: Site, offline_site: Site, where: str
) -> None:
    """The reference deal played on the examples page of each language: a free card that does
    not fit is refused with the engine's reason, a link; following it opens the rules page of
    the same language with the section its topic names at the top of the view."""
    built = site if where == "served" else offline_site
    recorded = load_reference_game()
    game = Game(recorded.deal, Rules.EASY)
    column = refused_column(game)
    topics = topic_map(built)
    topic = topics["messages"][Reason.NOT_ADJACENT.value]["topic"]
    page = context.new_page()
    for language in shipped_languages():
        code = language.code
        page.goto(built.url + built.page_path(code, "examples"))
        page.wait_for_selector(READY)
        root = page.locator(f'[data-golf-play][data-board="deal-{recorded.code}"]')
        root.locator("[data-play-start] button").click()
        root.locator(f'svg.golf-playing g.card.free[data-column="{column}"]').click()
        link = root.locator("[data-play-message] a")
        assert link.text_content() == Words(translations(language)).reason(Reason.NOT_ADJACENT)
        link.click()
        page.wait_for_load_state("load")
        page.wait_for_timeout(50)
        expected = built.url + topics["topics"][topic]["addresses"][code]
        assert page.url == expected
        seen = page.evaluate(WHERE, topic)
        assert seen["title"] == topics["topics"][topic]["titles"][code]
        assert at_the_top(seen), seen


def test_a_bad_deal_code_links_to_the_deal_codes_rule(context: Any, site: Site) -> None:
    """The Solve page's message for a code that does not read links to the section on deal
    codes, in the page's language."""
    topics = topic_map(site)
    for language in shipped_languages():
        code = language.code
        page = context.new_page()
        page.goto(site.url + site.page_path(code, "solve"))
        page.wait_for_selector(READY)
        form = page.locator("[data-golf-solve] form")
        form.locator("input[name=code]").fill("GO2-E-AAAAAAB")
        form.locator("input[name=code]").press("Enter")
        link = page.locator("[data-golf-solve] [data-solve-error] a")
        link.wait_for()
        topic = topics["messages"]["code-prefix"]["topic"]
        assert link.get_attribute("href") is not None
        link.click()
        page.wait_for_load_state("load")
        assert page.url == site.url + topics["topics"][topic]["addresses"][code]
        page.close()
