"""Pictures of positions: pure functions from a position to an SVG string.

The picture draws the 7 columns (each card face with its short form, the free
card of each column marked), the waste card and the stock with its count.
Cards an example talks about carry a highlight class (``refused``,
``blocked``, ``move``, ``target``). Colours come from the site's CSS
(``docs_src/assets/golf.css``, the theme's own colour variables), so the
pictures follow light and dark mode; no fonts or images are loaded.

Every card is one ``<g>`` whose classes name it (``card card-6H``), so tests
and styles can find it. The picture is as tall as its longest column, so short
columns leave no gap. Its ``<title>`` names it; with a ``desc`` the picture is
an image described by it, without one the picture is hidden from screen readers
(``aria-hidden``): the page's visible text beside it is its one text alternative.

:func:`text_board` draws the same board as HTML text (a table of card short
forms, one column per tableau column), small enough to repeat for every move of
a game: the won game's stepper.

>>> from generator.patience import Game, deal_for_number
>>> svg = board(Game(deal_for_number(1)).position(), label=str, title="Start", desc="...")
>>> svg.count('class="card card-'), 'card-6H free' in svg
(36, True)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping

from markupsafe import Markup, escape

from generator.patience import COLUMNS, Card, Position

CARD_W, CARD_H = 60, 84
GAP = 10
OVERLAP = 24
STEP_X = CARD_W + GAP
TABLEAU_TOP = GAP
WIDTH = GAP + COLUMNS * STEP_X
RED_SUITS = {"D", "H"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

Highlights = Mapping[Card, str]
"""Cards to highlight, with the class saying why: refused, blocked, move, target."""


def _card(parent: ET.Element, card: Card, x: int, y: int, label: str, classes: list[str]) -> None:
    colour = "red" if card.suit in RED_SUITS else "black"  # a Joker (no suit) is black
    group = ET.SubElement(
        parent, "g", {"class": " ".join(["card", f"card-{card}", *classes, colour])}
    )
    ET.SubElement(
        group,
        "rect",
        {"x": str(x), "y": str(y), "width": str(CARD_W), "height": str(CARD_H), "rx": "6"},
    )
    corner = ET.SubElement(group, "text", {"x": str(x + 5), "y": str(y + 19), "class": "corner"})
    corner.text = label
    pip = ET.SubElement(
        group,
        "text",
        {
            "x": str(x + CARD_W // 2),
            "y": str(y + CARD_H - 18),
            "class": "pip",
            "text-anchor": "middle",
        },
    )
    pip.text = SUIT_SYMBOLS.get(card.suit, str(card))  # a Joker shows "JK"


def _frame(x: int, y: int) -> dict[str, str]:
    return {"x": str(x), "y": str(y), "width": str(CARD_W), "height": str(CARD_H), "rx": "6"}


def row_y(position: Position) -> int:
    """Where the stock and waste row starts: below the longest column (one card for none)."""
    longest = max(1, *(len(column) for column in position.columns))
    return TABLEAU_TOP + (longest - 1) * OVERLAP + CARD_H + 2 * GAP


def _caption(parent: ET.Element, text: str, x: int, y: int) -> None:
    if text:
        caption = ET.SubElement(
            parent, "text", {"x": str(x), "y": str(y + CARD_H // 2 + 5), "class": "caption"}
        )
        caption.text = text


def board(
    position: Position,
    *,
    label: Callable[[Card], str],
    title: str,
    desc: str,
    stock_label: str = "",
    waste_label: str = "",
    highlights: Highlights | None = None,
    ident: str = "",
) -> str:
    """The position as an SVG picture; ``label`` gives each card's short form ("R♣").

    With an empty ``desc`` the picture is ``aria-hidden``: the text beside it
    (the page's snapshot) is what a screen reader reads instead.
    """
    highlights = highlights or {}
    piles_y = row_y(position)
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {WIDTH} {piles_y + CARD_H + GAP}",
            "class": "golf-board",
        },
    )
    if ident:
        svg.set("id", ident)
    if desc:
        svg.set("role", "img")
        if ident:
            svg.set("aria-labelledby", f"{ident}-title {ident}-desc")
    else:
        svg.set("aria-hidden", "true")
    title_el = ET.SubElement(svg, "title", {"id": f"{ident}-title"} if ident else {})
    title_el.text = title
    if desc:
        desc_el = ET.SubElement(svg, "desc", {"id": f"{ident}-desc"} if ident else {})
        desc_el.text = desc

    tableau = ET.SubElement(svg, "g", {"class": "tableau"})
    for number, column in enumerate(position.columns):
        x = GAP + number * STEP_X
        group = ET.SubElement(tableau, "g", {"class": f"column column-{number + 1}"})
        ET.SubElement(
            group,
            "rect",
            {
                "x": str(x),
                "y": str(TABLEAU_TOP),
                "width": str(CARD_W),
                "height": str(CARD_H),
                "rx": "6",
                "class": "slot",
            },
        )
        for row, card in enumerate(column):
            classes = ["free"] if row == len(column) - 1 else []
            if card in highlights:
                classes.append(highlights[card])
            _card(group, card, x, TABLEAU_TOP + row * OVERLAP, label(card), classes)

    stock = ET.SubElement(svg, "g", {"class": "stock" + (" empty" if not position.stock else "")})
    ET.SubElement(
        stock,
        "rect",
        {
            "x": str(GAP),
            "y": str(piles_y),
            "width": str(CARD_W),
            "height": str(CARD_H),
            "rx": "6",
            "class": "back",
        },
    )
    count = ET.SubElement(
        stock,
        "text",
        {
            "x": str(GAP + CARD_W // 2),
            "y": str(piles_y + CARD_H // 2 + 7),
            "class": "count",
            "text-anchor": "middle",
        },
    )
    count.text = str(position.stock_count)
    _caption(stock, stock_label, GAP + CARD_W + 6, piles_y)

    waste = ET.SubElement(svg, "g", {"class": "waste"})
    waste_x = GAP + 3 * STEP_X
    if position.waste is None:  # the empty waste (variant empty-waste): an empty frame
        ET.SubElement(waste, "rect", _frame(waste_x, piles_y) | {"class": "empty", "fill": "none"})
    else:
        top = position.waste
        classes = ["top"] + ([highlights[top]] if top in highlights else [])
        _card(waste, top, waste_x, piles_y, label(top), classes)
    _caption(waste, waste_label, waste_x + CARD_W + 6, piles_y)
    return ET.tostring(svg, encoding="unicode")


SHORT_CLASSES = {"move": "m", "target": "t", "refused": "x", "blocked": "b"}
"""The highlight classes of :func:`text_board` (short: the board repeats for every move)."""


def _text_card(card: Card, label: str, classes: list[str]) -> str:
    if card.suit in RED_SUITS:
        classes = ["r", *classes]
    attribute = f' class="{" ".join(classes)}"' if classes else ""
    return f"<td{attribute}>{escape(label)}</td>"


def text_board(
    position: Position,
    *,
    label: Callable[[Card], str],
    piles: str,
    highlights: Highlights | None = None,
) -> Markup:
    """The position as HTML text: a table whose columns are the tableau's, then the piles.

    Each card is a table cell holding its short form (``label``), with class
    ``r`` for a red card, ``f`` for a free one and a highlight's short class
    (:data:`SHORT_CLASSES`); rows stop at the longest column. ``piles`` is the
    stock and waste in words, shown beside a small stock and the waste card:
    the text a screen reader reads with the table, the board's one text
    alternative. The stock's count and the waste card are drawn for the eye
    only (``aria-hidden``), since ``piles`` says them.

    >>> from generator.patience import Game, deal_for_number
    >>> html = text_board(Game(deal_for_number(1)).position(), label=str, piles="Stock: 16.")
    >>> html.count("<td"), html.count("<tr>")
    (35, 6)
    """
    highlights = highlights or {}
    longest = max(0, *(len(column) for column in position.columns))
    head = "".join(f'<th scope="col">{number}</th>' for number in range(1, COLUMNS + 1))
    rows = [f"<thead><tr>{head}</tr></thead>"]
    for depth in range(longest):
        cells = []
        for column in position.columns:
            if depth >= len(column):
                cells.append("<td></td>")
                continue
            card = column[depth]
            classes = ["f"] if depth == len(column) - 1 else []
            if card in highlights:
                classes.append(SHORT_CLASSES[highlights[card]])
            cells.append(_text_card(card, label(card), classes))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    assert position.waste is not None, "a text board shows a game with a waste card"
    waste_classes = (
        [SHORT_CLASSES[highlights[position.waste]]] if position.waste in highlights else []
    )
    stock = f'<span class="golf-stock{" e" if not position.stock else ""}">{position.stock_count}</span>'
    red = ["r"] if position.waste.suit in RED_SUITS else []
    waste_class = " ".join(["golf-waste", *red, *waste_classes])
    waste = f'<span class="{waste_class}">{escape(label(position.waste))}</span>'
    return Markup(
        f'<table class="golf-tableau">{rows[0]}<tbody>{"".join(rows[1:])}</tbody></table>'
        f'<p class="golf-piles"><span aria-hidden="true">{stock}{waste}</span> {escape(piles)}</p>'
    )
