"""Pictures for the 6-Card Golf pages: pure functions from engine values to an SVG string.

Two kinds of picture:

- :func:`card_run`: a small row of card faces, about two text lines high, to
  stand inside a sentence or a list item (the runs ``A♠ K♠ Q♠ J♠``).
- :func:`grid_picture`: one player's grid (2x3, 2x2 or 3x3), each slot face up
  or face down, slots an example talks about highlighted (``pair``: a column
  pair, outlined and joined by a bracket), the column scores under the columns.

Every card is one ``<g>`` whose classes name it (``six-card six-card-KS up
black``; a Joker is ``six-card-JK``), so tests and styles can find it. Colours
come only from the ``.six-`` rules of ``docs_src/assets/golf.css`` (the
theme's colour variables), so the pictures follow light and dark mode; suits,
the Joker's star and the card backs are shapes: no fonts or images are loaded
and the only text drawn is what the caller passes (``label``,
``score_label``), so the page's language is the caller's. ``<title>`` and
``<desc>`` carry the caller's text alternative; ElementTree escapes every text.

The output is one line (no line break, no leading blank) and holds no
character Markdown reads as markup, so a picture can stand inline in a
Markdown list item; the same input gives the same bytes.

>>> from generator.sixcard.cards import Card
>>> run = card_run([Card.from_str(c) for c in ("AS", "KS")], label=str,
...                title="A<K", desc="", ident="run-1")
>>> run.count('class="six-card six-card-'), "A&lt;K" in run, "\\n" in run
(2, True, False)
>>> grid = [[Card.from_str(c) for c in row] for row in (["KS", "5D", "JK"], ["KH", "5C", "QS"])]
>>> svg = grid_picture(grid, label=str, title="t", desc="d", ident="g",
...                    face_up={(0, 0), (1, 2)}, highlights={(0, 0): "pair", (1, 0): "pair"})
>>> 'six-card six-card-KS up pair black' in svg, 'six-card six-card-5D down red' in svg
(True, True)
>>> svg.count('class="six-join six-join-pair"')
1
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection, Mapping, Sequence

from generator.site.mdtext import one_line
from generator.site.pictures import spaced
from generator.sixcard.cards import Card
from generator.sixcard.errors import GridError, SixCardError
from generator.sixcard.scoring import grid_layout

Slot = tuple[int, int]
"""(row, column), counted from 0, rows top to bottom."""

RED_SUITS = frozenset("DH")
JOINED = frozenset({"pair"})
"""Highlight classes whose slots in one column are joined by a bracket."""

# The grid picture, in SVG user units.
CARD_W, CARD_H = 60, 84
COL_GAP = 22
"""Room left of each column for the bracket that joins a pair."""
ROW_GAP = 12
TOP = 8
RIGHT = 8
SCORE_ROW = 32
"""Height of the line of column scores under the grid."""

# The small run, in SVG user units (drawn about two text lines high by the CSS).
RUN_W, RUN_H = 44, 60
RUN_GAP = 4
RUN_PAD = 2

_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
_CLASS = re.compile(r"[a-z][a-z0-9-]*")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_MARKDOWN_INERT = str.maketrans({ch: f"&#{ord(ch)};" for ch in "\\`*_[]|{}"})
"""Characters Markdown reads as markup, written as character references (the same text in SVG)."""


def _text(text: str) -> str:
    """Caller's text on one line, without the control characters XML cannot hold."""
    return one_line(_CONTROL.sub("", text)).strip()


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _star(points: int = 5, outer: float = 50, inner: float = 21) -> str:
    corners = []
    for i in range(2 * points):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append(f"{_num(radius * math.cos(angle))},{_num(radius * math.sin(angle))}")
    return " ".join(corners)


def _circle(cx: int, cy: int, r: int) -> str:
    """A circle as a path, clockwise on screen like every other part of a shape."""
    return f"M{cx - r} {cy}a{r} {r} 0 1 1 {2 * r} 0a{r} {r} 0 1 1 {-2 * r} 0Z"


# Each suit (and the Joker) as one shape in a box of -50..50 units around its centre: one
# element, its parts wound the same way, so a translucent colour is painted once (no seams).
_SHAPES: dict[str, list[tuple[str, dict[str, str]]]] = {
    "D": [("path", {"d": "M0 -50L38 0L0 50L-38 0Z"})],
    "H": [
        (
            "path",
            {
                "d": "M0 46C-22 26-50 6-50-18C-50-38-34-48-22-48C-10-48-2-40 0-30"
                "C2-40 10-48 22-48C34-48 50-38 50-18C50 6 22 26 0 46Z"
            },
        )
    ],
    "S": [
        (
            "path",
            {
                "d": "M0-50C-22-26-50-8-50 12C-50 30-34 38-22 38C-12 38-5 33-3 27"
                "C-5 38-11 45-20 50H20C11 45 5 38 3 27C5 33 12 38 22 38"
                "C34 38 50 30 50 12C50-8 22-26 0-50Z"
            },
        )
    ],
    "C": [
        (
            "path",
            {
                "d": _circle(0, -25, 22)
                + _circle(-24, 10, 22)
                + _circle(24, 10, 22)
                + "M-10-6H10L12 12H-12Z"
                + "M4 8C4 30 10 42 20 50H-20C-10 42-4 30-4 8Z"
            },
        )
    ],
    "": [("polygon", {"points": _star()})],
}


def _root(kind: str, width: int, height: int, title: str, desc: str, ident: str) -> ET.Element:
    if not isinstance(ident, str) or not _IDENT.fullmatch(ident):
        raise SixCardError(
            f"a picture's ident is a letter then letters, digits or '-', not {ident!r}"
        )
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {width} {height}",
            "width": str(width),
            "height": str(height),
            "class": kind,
            "id": ident,
            "role": "img",
            "aria-labelledby": f"{ident}-title",
        },
    )
    ET.SubElement(svg, "title", {"id": f"{ident}-title"}).text = _text(title)
    if _text(desc):
        svg.set("aria-describedby", f"{ident}-desc")
        ET.SubElement(svg, "desc", {"id": f"{ident}-desc"}).text = _text(desc)
    return svg


def _card_group(parent: ET.Element, card: Card, classes: Sequence[str]) -> ET.Element:
    colour = "red" if card.suit in RED_SUITS else "black"
    return ET.SubElement(
        parent, "g", {"class": " ".join(["six-card", f"six-card-{card}", *classes, colour])}
    )


def _rect(parent: ET.Element, x: float, y: float, w: float, h: float, rx: int, cls: str) -> None:
    ET.SubElement(
        parent,
        "rect",
        {
            "x": _num(x),
            "y": _num(y),
            "width": _num(w),
            "height": _num(h),
            "rx": str(rx),
            "class": cls,
        },
    )


def _pip(parent: ET.Element, card: Card, cx: float, cy: float, size: float) -> None:
    pip = ET.SubElement(
        parent,
        "g",
        {"class": "six-pip", "transform": f"translate({_num(cx)} {_num(cy)}) scale({size / 100})"},
    )
    for tag, attrs in _SHAPES[card.suit]:
        ET.SubElement(pip, tag, attrs)


def _label(parent: ET.Element, text: str, x: float, y: float, anchor: str) -> None:
    attrs = {"x": _num(x), "y": _num(y), "class": "six-corner"}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    ET.SubElement(parent, "text", attrs).text = _text(text)


def _back(parent: ET.Element, x: int, y: int) -> None:
    """A card back: the theme's colour, a frame and a lattice of small diamonds (no text)."""
    _rect(parent, x, y, CARD_W, CARD_H, 6, "six-back")
    _rect(parent, x + 5, y + 5, CARD_W - 10, CARD_H - 10, 3, "six-back-frame")
    diamonds = []
    for row in range(5):
        for col in range(3):
            cx = x + 15 + col * 15 + (7.5 if row % 2 else 0)
            cy = y + 14 + row * 14
            if cx > x + CARD_W - 12:
                continue
            diamonds.append(f"M{_num(cx)} {_num(cy - 5)}l4 5-4 5-4-5z")
    ET.SubElement(parent, "path", {"d": "".join(diamonds), "class": "six-back-pattern"})


def _output(svg: ET.Element) -> str:
    return ET.tostring(spaced(svg), encoding="unicode").translate(_MARKDOWN_INERT)


def card_run(
    cards: Sequence[Card],
    *,
    label: Callable[[Card], str],
    title: str,
    desc: str,
    ident: str,
) -> str:
    """A small inline row of card faces; ``label(card)`` is each card's corner text ("R♠").

    ``title`` is the text alternative (the cards' names in the page's language);
    ``desc`` is left out when empty.
    """
    if not cards:
        raise SixCardError("a run of cards needs at least one card")
    width = 2 * RUN_PAD + len(cards) * RUN_W + (len(cards) - 1) * RUN_GAP
    height = 2 * RUN_PAD + RUN_H
    svg = _root("six-run", width, height, title, desc, ident)
    for number, card in enumerate(cards):
        x = RUN_PAD + number * (RUN_W + RUN_GAP)
        group = _card_group(svg, card, ["up"])
        _rect(group, x, RUN_PAD, RUN_W, RUN_H, 5, "six-face")
        _label(group, label(card), x + RUN_W / 2, RUN_PAD + 23, "middle")
        _pip(group, card, x + RUN_W / 2, RUN_PAD + 43, 26)
    return _output(svg)


def _slots(name: str, slots: Collection[Slot], rows: int, columns: int) -> None:
    for slot in slots:
        row, column = slot
        if not (0 <= row < rows and 0 <= column < columns):
            raise GridError(
                f"{name} names slot {slot!r}, outside a grid of {rows} rows and {columns} columns"
            )


def grid_picture(
    grid: Sequence[Sequence[Card]],
    *,
    label: Callable[[Card], str],
    title: str,
    desc: str,
    ident: str,
    face_up: Collection[Slot] | None = None,
    highlights: Mapping[Slot, str] | None = None,
    scores: Sequence[int] | None = None,
    score_label: Callable[[int], str] | None = None,
) -> str:
    """One player's grid as an SVG picture.

    - ``face_up``: the (row, column) slots drawn face up; ``None``: all of them.
      A face-down slot is a card back: it shows nothing of its card.
    - ``highlights``: (row, column) -> a class name (``pair``, ``mark``) added to
      that card's element; slots of one column marked ``pair`` are joined by a
      bracket left of the column.
    - ``scores``: one score per column, drawn under it as ``score_label(score)``
      (default :class:`str`), so the caller chooses the digits and minus sign.
    """
    layout = grid_layout(grid)
    rows, columns = layout.rows, layout.columns
    up = (
        set(face_up)
        if face_up is not None
        else {(r, c) for r in range(rows) for c in range(columns)}
    )
    marks = dict(highlights or {})
    _slots("face_up", up, rows, columns)
    _slots("highlights", marks, rows, columns)
    for slot, cls in marks.items():
        if not isinstance(cls, str) or not _CLASS.fullmatch(cls):
            raise SixCardError(f"highlight of slot {slot!r} is not a class name: {cls!r}")
    if scores is not None and len(scores) != columns:
        raise GridError(f"{len(scores)} column scores for a grid of {columns} columns")

    width = COL_GAP + columns * (CARD_W + COL_GAP) - COL_GAP + RIGHT
    grid_bottom = TOP + rows * (CARD_H + ROW_GAP) - ROW_GAP
    height = grid_bottom + (SCORE_ROW if scores is not None else TOP)
    svg = _root("six-grid", width, height, title, desc, ident)

    def left(column: int) -> int:
        return COL_GAP + column * (CARD_W + COL_GAP)

    def top(row: int) -> int:
        return TOP + row * (CARD_H + ROW_GAP)

    for column in range(columns):
        joined: dict[str, list[int]] = {}
        for row in range(rows):
            if marks.get((row, column)) in JOINED:
                joined.setdefault(marks[(row, column)], []).append(row)
        for cls, joined_rows in sorted(joined.items()):
            if len(joined_rows) < 2:
                continue
            x = left(column)
            centres = [top(r) + CARD_H // 2 for r in joined_rows]
            d = f"M{x - 3} {centres[0]}H{x - 13}V{centres[-1]}H{x - 3}"
            d += "".join(f"M{x - 13} {y}H{x - 3}" for y in centres[1:-1])
            ET.SubElement(svg, "path", {"d": d, "class": f"six-join six-join-{cls}"})

    for row in range(rows):
        for column in range(columns):
            card = grid[row][column]
            x, y = left(column), top(row)
            shown = (row, column) in up
            classes = ["up" if shown else "down"]
            if (row, column) in marks:
                classes.append(marks[(row, column)])
            group = _card_group(svg, card, classes)
            if shown:
                _rect(group, x, y, CARD_W, CARD_H, 6, "six-face")
                _label(group, label(card), x + 6, y + 21, "start")
                _pip(group, card, x + CARD_W / 2, y + 54, 36)
            else:
                _back(group, x, y)

    if scores is not None:
        show = score_label or str
        for column, score in enumerate(scores):
            text = ET.SubElement(
                svg,
                "text",
                {
                    "x": _num(left(column) + CARD_W / 2),
                    "y": str(grid_bottom + 24),
                    "class": f"six-score six-score-{column + 1}",
                    "text-anchor": "middle",
                },
            )
            text.text = _text(show(score))
    return _output(svg)
