"""A board's position in words is folded under it for the eye, and said in full to a screen
reader (issue 47, points 1 and 2: the rules page showed 15-19 lines of words under each of its
three boards, 29% of its words, to every reader).

The rules page of every language is opened at 390 px as a phone shows it: each board's words
are not shown, the fold's line is; the board is an image named by its title whose accessible
description, as Chromium computes it, is the position in words, the engine's; one tap on the
fold shows the words. The words a sighted reader sees on the page are those of the page with
its folds open less exactly the positions' words: nothing else is hidden, and they all are.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from generator.i18n.catalogs import shipped_languages, translations
from generator.i18n.words import POSITION_FOLD, Words
from generator.pages.recorded import load_reference_game
from generator.pages.sixcard import sixcard_page_facts
from generator.patience import Game
from tests.browser.conftest import Site
from tests.browser.pagecheck import WIDTHS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CODES = [language.code for language in shipped_languages()]

SEEN_WORDS = """() => {
  const root = document.querySelector('article');
  let words = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility({visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some(r => r.width > 0 && r.height > 0)) continue;
    words += node.textContent.split(/\\s+/).filter(Boolean).length;
  }
  return words;
}"""
"""How many words of the article a sighted reader sees (drawn text, folds as they are)."""


def words_of(code: str) -> Words:
    return Words(translations(next(lang for lang in shipped_languages() if lang.code == code)))


@pytest.mark.parametrize("code", CODES)
def test_the_rules_boards_fold_their_words_for_the_eye_alone(
    context: Any, site: Site, code: str
) -> None:
    words = words_of(code)
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    positions = {0: game.position()}
    for number, move in enumerate(recorded.moves, start=1):
        game.play(move)
        positions[number] = game.position()
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": WIDTHS[390]})
    page.goto(site.url + next(p for p in site.pages(code) if p.endswith("/rules/")))
    figures = page.locator("article figure.golf-figure")
    assert figures.count() == 3
    folded = page.evaluate(SEEN_WORDS)
    hidden = 0
    for index in range(figures.count()):
        figure = figures.nth(index)
        board = figure.locator("svg.golf-board")
        after = int(str(board.get_attribute("id")).split("-")[1])
        said = words.snapshot(positions[after])
        shown = figure.get_by_text(said, exact=True)
        fold = figure.locator("summary")
        assert shown.is_hidden(), f"{code}: the words of board {after} are shown unasked"
        assert fold.is_visible() and fold.inner_text() == words.t.gettext(POSITION_FOLD)
        # a screen reader: an image named by its title, described by the words, folded or not
        image = page.get_by_role("img", name=words.picture_title(after), exact=True)
        expect(image).to_have_accessible_description(said)
        hidden += len(said.split())
        fold.click()
        assert shown.is_visible(), f"{code}: a tap on the fold does not show board {after}'s words"
    unfolded = page.evaluate(SEEN_WORDS)
    assert folded == unfolded - hidden, (
        f"{code}: {folded} words shown with the folds closed, {unfolded} with them open: "
        f"the positions have {hidden}"
    )


@pytest.mark.parametrize("code", CODES)
def test_six_card_golf_opens_with_the_game_at_a_glance(context: Any, site: Site, code: str) -> None:
    """The 6-Card Golf page at 390 px: its title in the browser names the game; the short
    introduction is shown, the long one folded under it (one tap shows it), and the first rule's
    heading is in the first window."""
    t = translations(next(lang for lang in shipped_languages() if lang.code == code))
    six = sixcard_page_facts()["six"].size
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": WIDTHS[390]})
    page.goto(site.url + next(p for p in site.pages(code) if p.endswith("/six-card-golf/")))
    title = t.gettext("How to play %(six)s-Card Golf") % {"six": six}
    assert page.title().startswith(title), f"{code}: the page's title is {page.title()!r}"
    article = page.locator("article")
    # the fold right under the short introduction, under the title (and the page's topic's
    # mark: an empty block, docs/dev/topics.md)
    more = article.locator("h1 + .golf-topic + p + details")
    assert more.count() == 1
    assert article.locator("h1 + .golf-topic + p").is_visible()
    long_intro = more.locator("p")
    assert long_intro.is_hidden(), f"{code}: the long introduction is shown unasked"
    first_rule = article.locator("h2").first
    top = first_rule.evaluate("h => h.getBoundingClientRect().top")
    assert top < WIDTHS[390], f"{code}: the first rule's heading starts at {top} px"
    more.locator("summary").click()
    assert long_intro.is_visible()


@pytest.mark.parametrize("code", CODES)
def test_the_sources_show_the_works_and_fold_the_corrections(
    context: Any, site: Site, code: str
) -> None:
    """The sources page at 390 px: every work of the bibliography is shown; the places where a
    page corrects its seed are folded under one line, which shows them all, each with its seed
    words, in one tap."""
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": WIDTHS[390]})
    page.goto(site.url + next(p for p in site.pages(code) if p.endswith("/sources/")))
    article = page.locator("article")
    works = article.locator(":scope > ul > li")
    assert works.count() > 0
    for index in range(works.count()):
        assert works.nth(index).is_visible()
    fold = article.locator("details")
    assert fold.count() == 1
    places = fold.locator("li li")
    assert places.count() > 0
    assert all(places.nth(i).is_hidden() for i in range(places.count()))
    fold.locator("summary").click()
    assert all(places.nth(i).is_visible() for i in range(places.count()))
    box = places.first.evaluate("e => e.getBoundingClientRect().right")
    assert box <= 390, f"{code}: a correction runs past the window's edge ({box} px)"


@pytest.mark.parametrize("code", CODES)
def test_six_card_golf_tips_fold_their_measurement(context: Any, site: Site, code: str) -> None:
    """Each 6-Card Golf tip shows its advice; what it was measured to be worth is folded under
    it, one tap away (a language whose page is its seed's has no measurement to fold)."""
    language = next(lang for lang in shipped_languages() if lang.code == code)
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": WIDTHS[390]})
    page.goto(site.url + next(p for p in site.pages(code) if p.endswith("/six-card-golf/")))
    folds = page.locator("article li > details")
    if "six-card-golf" in language.seed_pages:
        assert folds.count() == 0
        return
    assert folds.count() > 0
    for index in range(folds.count()):
        fold = folds.nth(index)
        tip = fold.locator("xpath=..")
        assert tip.is_visible()
        words = fold.evaluate(
            "d => d.textContent.length - d.querySelector('summary').textContent.length"
        )
        assert words > 0
        assert fold.evaluate("d => !d.open"), (
            f"{code}: tip {index + 1}'s measurement is shown unasked"
        )
        fold.locator("summary").click()
        assert fold.evaluate("d => d.open && d.getBoundingClientRect().height > 40")


CUT_TABLES = """() => {
  const edge = document.querySelector('article').getBoundingClientRect().right;
  return [...document.querySelectorAll('article table')]
    .filter(t => t.checkVisibility() && t.getBoundingClientRect().right > edge + 1)
    .map(t => `${(t.querySelector('th') || t).textContent.trim()}: ` +
              `${Math.round(t.getBoundingClientRect().right - edge)} px past the edge`);
}"""
"""The article's shown tables that run past its right edge (a column cut, or scrolled to)."""


@pytest.mark.parametrize("code", CODES)
def test_no_table_is_cut_at_390_px(context: Any, site: Site, code: str) -> None:
    """Every table of every page, its folds open, fits a phone's width (issue 47: the statistics
    page's tables scrolled sideways with a column cut, 'Sha...')."""
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": WIDTHS[390]})
    cut = []
    for path in site.pages(code):
        page.goto(site.url + path)
        page.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")
        cut += [f"{path}: {table}" for table in page.evaluate(CUT_TABLES)]
    assert not cut, "\n".join(cut)


CHART_TEXT = """() => [...document.querySelectorAll('article svg.golf-chart')].flatMap(svg => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].filter(t => t.textContent.trim()).map(t =>
    [t.textContent.trim(), parseFloat(getComputedStyle(t).fontSize) * scale]);
})"""
"""Every text of the article's charts, with the size it is drawn at (CSS px)."""

LEAST_CHART_TEXT = 12
"""The smallest a chart's text may be drawn at 390 px (issue 47: about 6 px before)."""


@pytest.mark.parametrize("code", CODES)
def test_the_charts_text_reads_on_a_phone(context: Any, site: Site, code: str) -> None:
    """Every text of every chart on the statistics page is drawn at least LEAST_CHART_TEXT CSS px
    high at 390 px, its folds open."""
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": WIDTHS[390]})
    page.goto(site.url + next(p for p in site.pages(code) if p.endswith("/statistics/")))
    page.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")
    texts = page.evaluate(CHART_TEXT)
    assert texts, f"{code}: no chart text"
    small = [f"{text!r}: {size:.1f} px" for text, size in texts if size < LEAST_CHART_TEXT]
    assert not small, f"{code}: " + "; ".join(small[:10])
