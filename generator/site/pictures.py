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

The same pictures draw every board of the site, the won game's stepper's too
(one per move): ``rows`` keeps a series of boards as tall as its tallest, so
that stepping through them moves nothing below, and ``searchable=False`` keeps
a picture out of the search index (``data-search-exclude``), where 48 boards of
card labels would be noise.

>>> from generator.patience import Game, deal_for_number
>>> svg = board(Game(deal_for_number(1)).position(), label=str, title="Start", desc="...")
>>> svg.count('class="card card-'), 'card-6H free' in svg
(36, True)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping

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

SHEET_ID = "golf-card-"
"""The ids of a card sheet's cards (:func:`card_sheet` with ``ids``): ``golf-card-6H``."""

TEXTS = frozenset({"title", "desc", "text"})
"""The elements of a picture that hold text."""


def spaced(svg: ET.Element) -> ET.Element:
    """``svg`` with a space before its first element and after each element that holds text.

    A search index (Material's, Zensical's) keeps a picture's text and none of its tags, and
    puts nothing where one element ends and the next begins: without these spaces the
    picture's title reaches the index glued to the sentence before it and each card's corner
    to the next (``Joker = -2.ace of spades, king of spadesA♠K♠``). Outside a ``<text>``, an
    SVG draws no text, and a picture that is an image (``role="img"``) is read by its title
    and description alone: it looks and sounds the same.

    >>> ET.tostring(spaced(ET.fromstring("<svg><title>T</title><g><text>A♠</text></g></svg>")),
    ...             encoding="unicode")
    '<svg> <title>T</title> <g><text>A♠</text> </g></svg>'
    """
    svg.text = " "
    for element in svg.iter():
        if element.tag.rpartition("}")[2] in TEXTS:
            element.tail = " "
    return svg


def _card(
    parent: ET.Element,
    card: Card,
    x: int,
    y: int,
    label: str,
    classes: list[str],
    from_sheet: bool = False,
) -> None:
    """Card ``card`` at (x, y): a group of its frame, corner and pip, or with ``from_sheet`` a
    ``<use>`` of the page's card sheet's copy (:func:`card_sheet` with ``ids``), which carries
    the classes a group would (the stylesheet paints the copy through them)."""
    colour = "red" if card.suit in RED_SUITS else "black"  # a Joker (no suit) is black
    names = " ".join(["card", f"card-{card}", *classes, colour])
    if from_sheet:
        ET.SubElement(
            parent,
            "use",
            {"href": f"#{SHEET_ID}{card}", "x": str(x), "y": str(y), "class": names},
        )
        return
    group = ET.SubElement(parent, "g", {"class": names})
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


def row_y(position: Position, rows: int = 1) -> int:
    """Where the stock and waste row starts: below the longest column, or ``rows`` cards (at
    least one card)."""
    longest = max(1, rows, *(len(column) for column in position.columns))
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
    rows: int = 1,
    searchable: bool = True,
    from_sheet: bool = False,
    described_by: str = "",
) -> str:
    """The position as an SVG picture; ``label`` gives each card's short form ("R♣").

    With an empty ``desc`` the picture is ``aria-hidden``: the text beside it
    (the page's snapshot) is what a screen reader reads instead; or, with ``described_by``
    (the id of that text, folded on the page), an image named by its title and described by
    that text. The picture
    is as tall as its longest column, or as ``rows`` cards if that is more;
    ``searchable=False`` keeps it out of the search index.

    >>> from dataclasses import replace
    >>> from generator.patience import Game, deal_for_number
    >>> won = replace(Game(deal_for_number(1)).position(), columns=((),) * 7)
    >>> [board(won, label=str, title="T", desc="", rows=n).split('"')[3] for n in (1, 5)]
    ['0 0 500 208', '0 0 500 304']
    """
    highlights = highlights or {}
    piles_y = row_y(position, rows)
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
    if not searchable:
        svg.set("data-search-exclude", "")
    if desc or described_by:
        svg.set("role", "img")
        if ident:  # named by its title, described by the position in words: a stop between
            svg.set("aria-labelledby", f"{ident}-title")
            svg.set("aria-describedby", described_by or f"{ident}-desc")
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
            _card(group, card, x, TABLEAU_TOP + row * OVERLAP, label(card), classes, from_sheet)

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
        _card(waste, top, waste_x, piles_y, label(top), classes, from_sheet)
    _caption(waste, waste_label, waste_x + CARD_W + 6, piles_y)
    return ET.tostring(spaced(svg), encoding="unicode")


def card_sheet(
    cards: tuple[Card, ...], *, label: Callable[[Card], str], title: str, ids: bool = False
) -> str:
    """Every card of ``cards`` drawn as the boards draw them, at the origin, in a hidden SVG:
    what the page's script copies onto a board it draws (docs_src/assets/golf-play.js); with
    ``ids`` each card is named ``golf-card-<card>`` for the boards drawn ``from_sheet``."""
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "golf-sheet",
            "aria-hidden": "true",
            "width": "0",
            "height": "0",
            "data-search-exclude": "",
        },
    )
    ET.SubElement(svg, "title").text = title
    for card in cards:
        _card(svg, card, 0, 0, label(card), [])
        if ids:
            svg[-1].set("id", f"{SHEET_ID}{card}")
    return ET.tostring(spaced(svg), encoding="unicode")
