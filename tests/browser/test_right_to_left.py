"""A right-to-left language as a reader sees it (issue 43): Arabic, previewed.

The Arabic catalog is a preview (``shipped: false``), built with ``build --preview ar``. Its
pages are laid out right to left (Material's ``dir="rtl"``), while every card, signed number,
range and deal code in the text reads left to right, as the app shows it, and the pictures keep
the app's columns from left to right with each card's corner inside the card. Read on screen:
the position of a card's rank against its suit's, and of each corner label against its card.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import Site, built, served

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-rtl")]

CARDS_IN_TEXT = r"""() => {
  const found = {checked: 0, backwards: []};
  const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
  const card = /(10|[2-9A-Z])([♣♦♥♠])/g;
  let node;
  while ((node = walker.nextNode())) {
    if (node.parentElement.closest('svg, script, style')) continue;
    let m;
    while ((m = card.exec(node.data))) {
      const rank = document.createRange(), suit = document.createRange();
      rank.setStart(node, m.index); rank.setEnd(node, m.index + m[1].length);
      suit.setStart(node, m.index + m[1].length); suit.setEnd(node, m.index + m[0].length);
      const a = rank.getClientRects()[0], b = suit.getClientRects()[0];
      if (!a || !b || a.width === 0) continue;
      found.checked++;
      if (!(a.right <= b.left + 1 && Math.abs(a.top - b.top) < 4)) found.backwards.push(m[0]);
    }
  }
  return found;
}"""
"""Every card written in the article's text (not the pictures): the rank must stand left of
its suit on one line, as ``A♣`` reads in the app."""

CORNERS = r"""() => {
  const found = {checked: 0, outside: [], columns: []};
  for (const board of document.querySelectorAll('svg.golf-board')) {
    for (const card of board.querySelectorAll('g.card')) {
      const face = card.querySelector('rect'), corner = card.querySelector('text');
      if (!face || !corner) continue;
      const f = face.getBoundingClientRect(), c = corner.getBoundingClientRect();
      found.checked++;
      if (c.left < f.left - 0.5 || c.right > f.right + 0.5) found.outside.push(corner.textContent);
    }
    const columns = [...board.querySelectorAll('g.column')].map(g => g.getBoundingClientRect().left);
    if (columns.some((x, i) => i > 0 && x <= columns[i - 1])) found.columns.push(columns);
  }
  return found;
}"""
"""Every patience card's corner label inside its card, and each board's columns from left to
right (column 1 leftmost, as in the app)."""


@pytest.fixture(scope="module")
def arabic(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site with the Arabic preview, as ``build --preview ar`` builds it, served."""
    out = tmp_path_factory.mktemp("rtl") / "site"
    with served(out) as url:
        yield Site(built(out, "--preview", "ar"), url)


@pytest.mark.parametrize("page_name", ["rules", "examples"])
def test_arabic_reads_right_to_left_and_its_cards_left_to_right(
    browser: Any, arabic: Site, page_name: str
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{arabic.url}{arabic.page_path('ar', page_name)}", wait_until="load")
        assert page.evaluate("getComputedStyle(document.querySelector('article')).direction") == (
            "rtl"
        )
        cards = page.evaluate(CARDS_IN_TEXT)
        assert cards["checked"] >= 10, cards
        assert cards["backwards"] == [], f"{len(cards['backwards'])} cards read backwards"
        drawn = page.evaluate(CORNERS)
        # the examples draw their cards as <use> copies of a card sheet, whose parts the page
        # cannot reach: their corners are the rules page's, drawn in place
        assert drawn["checked"] >= (35 if page_name == "rules" else 0), drawn
        assert drawn["outside"] == [], f"{len(drawn['outside'])} corners outside their cards"
        assert drawn["columns"] == [], drawn["columns"]
    finally:
        page.close()
