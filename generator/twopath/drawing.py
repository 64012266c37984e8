"""A picture read as it is drawn: where each card lies, what its corner and pip show, in
which colour, how long each bar is.

The SVG is read from the page as the page carries it (:mod:`xml.etree.ElementTree`),
with nothing of the code that drew it, and no class name stands in for what is drawn:

- a **card** is a group (``<g>``) holding a rectangle with what is drawn on it: a card
  face has a text in its top half, its corner (rank and suit, ``R♣``), and a pip in its
  lower half, a suit symbol written as text (``♣``) or drawn as a shape; a card back is
  a painted rectangle with nothing written on it; the stock is a rectangle with a number
  on it, the cards it holds;
- a **pip drawn as a shape** is read by its geometry (:func:`shape_suit`): three round
  lobes are a club, a point at the top over a flat foot a spade, a point at the bottom
  under two lobes a heart, four straight sides a diamond, ten straight sides round a
  centre the Joker's star;
- a **colour** is the ``fill`` the site's style sheets give the corner and the pip
  (:mod:`generator.twopath.css`), in both colour schemes, painted over the card's face;
- **places** come from the coordinates, transforms applied: a card's column is the
  column of rectangles it lies in, its row its height in the column;
- a ``<use>`` is drawn as a browser draws it: a copy of the element it names (any
  ``<svg>`` of the page may hold it) moved by its ``x`` and ``y``, the copy's style
  inheriting from the ``<use>``; a ``<use>`` of an element the page does not have, or of
  one that holds the ``<use>`` itself, draws nothing and is a problem of the page.

Class names are read where the style sheets read them (a card's colour) and otherwise only
to tell which picture it is (the ``<svg>``'s class, ``id`` and ``<title>``) and, on the card
sheet, which card the page's script takes from it (``.card-KC``).
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache

from generator.i18n.catalogs import ROOT
from generator.twopath import css
from generator.twopath.reader import ReadError

SVG_TAG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
GOLF_CSS = ROOT / "docs_src" / "assets" / "golf.css"
SUIT_OF = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SYMBOL_OF = {suit: symbol for symbol, suit in SUIT_OF.items()}

Matrix = tuple[float, float, float, float, float, float]
"""An affine transform (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f."""
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Point = tuple[float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` applied inside it (``m`` the outer transform)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, point: Point) -> Point:
    a, b, c, d, e, f = m
    x, y = point
    return (a * x + c * y + e, b * x + d * y + f)


def transform(text: str) -> Matrix:
    """An SVG ``transform`` attribute as one matrix."""
    found = IDENTITY
    for name, args_text in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        args = [float(a) for a in re.split(r"[\s,]+", args_text.strip()) if a]
        if name == "translate":
            step: Matrix = (1, 0, 0, 1, args[0], args[1] if len(args) > 1 else 0)
        elif name == "scale":
            step = (args[0], 0, 0, args[1] if len(args) > 1 else args[0], 0, 0)
        elif name == "rotate" and len(args) == 1:
            cos, sin = math.cos(math.radians(args[0])), math.sin(math.radians(args[0]))
            step = (cos, sin, -sin, cos, 0, 0)
        elif name == "matrix" and len(args) == 6:
            step = (args[0], args[1], args[2], args[3], args[4], args[5])
        else:
            raise ReadError(f"a transform not read here: {name}({args_text})")
        found = _times(found, step)
    if re.sub(r"\w+\s*\([^)]*\)", "", text).strip(" ,"):
        raise ReadError(f"a transform not read here: {text!r}")
    return found


# -- the tree ----------------------------------------------------------------------------


@dataclass(eq=False)
class Node:
    """One drawn element: its tag, attributes, children, transform and style element."""

    tag: str
    attrs: dict[str, str]
    matrix: Matrix
    style: css.Element
    children: list[Node] = field(default_factory=list)
    text: str = ""
    order: int = 0

    def iter(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.iter()

    def number(self, name: str) -> float:
        try:
            return float(self.attrs.get(name, "0"))
        except ValueError:
            raise ReadError(
                f"<{self.tag} {name}={self.attrs.get(name)!r}> is not a number"
            ) from None

    @cached_property
    def box(self) -> tuple[float, float, float, float]:
        """A rectangle's (left, top, width, height) as drawn (transforms applied)."""
        x, y = self.number("x"), self.number("y")
        w, h = self.number("width"), self.number("height")
        corners = [apply(self.matrix, p) for p in ((x, y), (x + w, y + h))]
        (x0, y0), (x1, y1) = corners
        return (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    @cached_property
    def anchor(self) -> Point:
        """A text's anchor point as drawn."""
        return apply(self.matrix, (self.number("x"), self.number("y")))


@dataclass(eq=False)
class Picture:
    """One ``<svg>`` of a page: its attributes, title, description and drawing."""

    attrs: dict[str, str]
    title: str
    desc: str
    root: Node
    sheet: css.Stylesheet

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @cached_property
    def views(self) -> list[css.View]:
        """Every view the pictures look different in (:meth:`css.Stylesheet.views`)."""
        return self.sheet.views(node.style for node in self.root.iter())

    def paint(self, node: Node, view: css.View, name: str = "fill") -> str:
        self.root.style.parent = _around(view.scheme)
        return self.sheet.under(view).computed(node.style, name, _top(view.scheme))

    def shown(self, node: Node, view: css.View) -> bool:
        """Whether nothing hides the element (``display: none`` on it or an ancestor,
        ``visibility: hidden``)."""
        self.root.style.parent = _around(view.scheme)
        style = self.sheet.under(view).style(node.style, _top(view.scheme))
        return not (
            style.get("hidden") or style.get("visibility", "").strip() in ("hidden", "collapse")
        )

    def background(self, view: css.View) -> css.RGBA:
        """The page's colour behind the picture."""
        return _background(self.sheet.under(view), view.scheme)


@cache
def _background(sheet: css.Stylesheet, scheme: str) -> css.RGBA:
    return css.colour(css.resolve("var(--md-default-bg-color)", sheet.style(_around(scheme))))


@cache
def _around(scheme: str) -> css.Element:
    return css.page_around(scheme)


@cache
def _top(scheme: str) -> css.Element:
    return next(e for e in _around(scheme).chain() if e.parent is None)


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


@lru_cache(maxsize=4)
def pictures(markdown: str) -> tuple[Picture, ...]:
    """Every ``<svg>`` of a page, in page order, parsed (the last few pages' kept)."""
    sheet = css.site_sheet(GOLF_CSS)
    elements = []
    for match in SVG_TAG.finditer(markdown):
        try:
            elements.append(ET.fromstring(match.group(0)))
        except ET.ParseError as error:
            raise ReadError(f"a picture that is not well-formed SVG: {error}") from None
    named = {e.attrib["id"]: e for svg in elements for e in svg.iter() if "id" in e.attrib}
    found = []
    for element in elements:
        counter = iter(range(1_000_000))
        root = _node(element, IDENTITY, None, counter, named, ())
        title = "".join(element.findtext("{http://www.w3.org/2000/svg}title") or "")
        desc = "".join(element.findtext("{http://www.w3.org/2000/svg}desc") or "")
        found.append(Picture(dict(element.attrib), title.strip(), desc.strip(), root, sheet))
    return tuple(found)


def _node(
    element: ET.Element,
    outer: Matrix,
    parent: css.Element | None,
    counter: Iterator[int],
    named: dict[str, ET.Element],
    using: tuple[str, ...],
) -> Node:
    tag = _local(element.tag)
    attrs = dict(element.attrib)
    matrix = _times(outer, transform(attrs["transform"])) if "transform" in attrs else outer
    style = css.Element(tag, attrs, parent)
    node = Node(tag, attrs, matrix, style, order=next(counter))
    if tag == "text":  # its words, those of its tspans too
        node.text = "".join(element.itertext()).strip()
    node.children = [_node(child, matrix, style, counter, named, using) for child in element]
    if tag == "use":
        href = attrs.get("href", attrs.get("{http://www.w3.org/1999/xlink}href", ""))
        target = named.get(href.removeprefix("#")) if href.startswith("#") else None
        if target is None or href in using:
            what = "an element the page does not have" if target is None else "itself"
            raise ReadError(f"a <use> of {href!r}, {what}: it draws nothing")
        moved = _times(matrix, (1.0, 0.0, 0.0, 1.0, node.number("x"), node.number("y")))
        node.children = [_node(target, moved, style, counter, named, (*using, href))]
    return node


# -- shapes ---------------------------------------------------------------------------------


@dataclass
class Outline:
    """One subpath, sampled: its points, whether it is all straight and whether all arcs."""

    points: list[Point]
    straight: bool = True
    arcs: bool = True
    closed: bool = False


_PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
SAMPLES = 12


def outlines(d: str) -> list[Outline]:
    """A path's ``d`` as its subpaths, each sampled along its curves."""
    tokens = _PATH_TOKEN.findall(d)
    found: list[Outline] = []
    current: Outline | None = None
    x = y = start_x = start_y = 0.0
    last_control: Point | None = None
    command = ""
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.isalpha():
            command = token
            index += 1
            if command in "Zz":
                if current is not None:
                    current.closed = True
                    current.points.append((start_x, start_y))
                x, y = start_x, start_y
                continue
        elif not command:
            raise ReadError(f"a path that starts with a number: {d[:40]!r}")
        upper = command.upper()
        count = _ARGS[upper]
        args = [float(t) for t in tokens[index : index + count]]
        if len(args) != count or any(t.isalpha() for t in tokens[index : index + count]):
            raise ReadError(f"a path command {command} short of numbers: {d[:40]!r}")
        index += count
        relative = command.islower()
        if upper == "M":
            x, y = (x + args[0], y + args[1]) if relative else (args[0], args[1])
            start_x, start_y = x, y
            current = Outline([(x, y)])
            found.append(current)
            command = "l" if relative else "L"  # further pairs are lines
            last_control = None
            continue
        if current is None:
            raise ReadError(f"a path draws before it moves: {d[:40]!r}")
        if upper in ("H", "V", "L"):
            if upper == "H":
                nx, ny = (x + args[0] if relative else args[0]), y
            elif upper == "V":
                nx, ny = x, (y + args[0] if relative else args[0])
            else:
                nx, ny = (x + args[0], y + args[1]) if relative else (args[0], args[1])
            current.points.append((nx, ny))
            current.arcs = False
            last_control = None
        elif upper in ("C", "S", "Q", "T"):
            offset = (x, y) if relative else (0.0, 0.0)
            pairs = [(args[i] + offset[0], args[i + 1] + offset[1]) for i in range(0, count, 2)]
            reflected = (
                (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            )
            if upper == "S" or upper == "T":
                pairs = [reflected, *pairs]
            if upper in ("C", "S"):
                (c1, c2, end) = pairs
                controls = [(x, y), c1, c2, end]
            else:
                (c1, end) = pairs
                controls = [(x, y), c1, end]
            current.points += [_bezier(controls, i / SAMPLES) for i in range(1, SAMPLES + 1)]
            current.straight = current.arcs = False
            last_control = controls[-2]
            nx, ny = end
        else:  # an arc
            rx, ry, rotation, large, sweep, ex, ey = args
            if relative:
                ex, ey = x + ex, y + ey
            current.points += _arc((x, y), (ex, ey), rx, ry, rotation, bool(large), bool(sweep))
            current.straight = False
            last_control = None
            nx, ny = ex, ey
        x, y = nx, ny
    return found


def _bezier(controls: list[Point], t: float) -> Point:
    points = controls
    while len(points) > 1:
        points = [
            (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            for a, b in itertools.pairwise(points)
        ]
    return points[0]


def _arc(
    start: Point, end: Point, rx: float, ry: float, rotation: float, large: bool, sweep: bool
) -> list[Point]:
    """Points along an elliptical arc (the SVG's endpoint form, its centre worked out)."""
    if start == end:
        return []
    if rx == 0 or ry == 0:
        return [end]
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (start[0] - end[0]) / 2, (start[1] - end[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    rx, ry = abs(rx), abs(ry)
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    root = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        root = -root
    cx1, cy1 = root * rx * y1 / ry, -root * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (start[0] + end[0]) / 2
    cy = sin * cx1 + cos * cy1 + (start[1] + end[1]) / 2

    def angle(ux: float, uy: float) -> float:
        return math.atan2(uy, ux)

    theta = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
    delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    points = []
    for i in range(1, SAMPLES + 1):
        t = theta + delta * i / SAMPLES
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        points.append((cos * ex - sin * ey + cx, sin * ex + cos * ey + cy))
    return points


def shape_outlines(node: Node) -> list[Outline]:
    """The subpaths of every shape drawn by ``node`` and inside it, in the node's own units."""
    found: list[Outline] = []
    for element in node.iter():
        if element.tag == "path":
            found += outlines(element.attrs.get("d", ""))
        elif element.tag in ("polygon", "polyline"):
            numbers = [
                float(n) for n in re.split(r"[\s,]+", element.attrs.get("points", "").strip()) if n
            ]
            points = list(zip(numbers[::2], numbers[1::2], strict=False))
            if points:
                found.append(
                    Outline([*points, points[0]], closed=element.tag == "polygon", arcs=False)
                )
        elif element.tag in ("circle", "ellipse"):
            cx, cy = element.number("cx"), element.number("cy")
            r = element.number("r")
            rx = element.number("rx") if element.tag == "ellipse" else r
            ry = element.number("ry") if element.tag == "ellipse" else r
            points = [
                (
                    cx + rx * math.cos(2 * math.pi * i / SAMPLES),
                    cy + ry * math.sin(2 * math.pi * i / SAMPLES),
                )
                for i in range(SAMPLES + 1)
            ]
            found.append(Outline(points, straight=False, arcs=True, closed=True))
        elif element.tag == "rect" and element is not node:
            x, y, w, h = (element.number(k) for k in ("x", "y", "width", "height"))
            found.append(
                Outline(
                    [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)],
                    closed=True,
                    arcs=False,
                )
            )
    return found


def _tip(points: list[Point], top: bool) -> bool:
    """Whether the shape ends in a point at its top (or bottom): its few points nearest that
    edge lie in a narrow band across, not along a flat foot or over two lobes."""
    ys = [p[1] for p in points]
    xs = [p[0] for p in points]
    height, width = max(ys) - min(ys), max(xs) - min(xs)
    edge = min(ys) if top else max(ys)
    near = [p[0] for p in points if abs(p[1] - edge) <= 0.04 * height]
    return max(near) - min(near) <= 0.12 * width


def shape_suit(node: Node) -> str | None:
    """The suit a pip drawn as shapes shows: ``C``, ``D``, ``H``, ``S``, ``""`` for the
    Joker's star, None for a shape that is none of them."""
    parts = [o for o in shape_outlines(node) if len(o.points) > 1]
    if not parts:
        return None
    rounds = [o for o in parts if o.arcs and o.closed]
    if len(rounds) == 3:
        return "C"
    if len(parts) != 1:
        return None
    outline = parts[0]
    points = outline.points
    corners = _corners(points) if outline.straight else []
    if outline.straight and len(corners) == 4 and _tip(points, True) and _tip(points, False):
        return "D"
    if outline.straight and len(corners) == 10 and _star(corners):
        return ""
    if outline.straight:
        return None
    top, bottom = _tip(points, True), _tip(points, False)
    if top and not bottom:
        return "S"
    if bottom and not top:
        return "H"
    return None


def _corners(points: list[Point]) -> list[Point]:
    """The distinct vertices of a closed straight outline."""
    found: list[Point] = []
    for point in points:
        if not any(abs(point[0] - p[0]) < 1e-6 and abs(point[1] - p[1]) < 1e-6 for p in found):
            found.append(point)
    return found


def _star(corners: list[Point]) -> bool:
    """Ten vertices alternating between two distances from their centre: a five-pointed star."""
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    radii = [math.hypot(p[0] - cx, p[1] - cy) for p in corners]
    outer, inner = radii[0::2], radii[1::2]
    return (
        max(outer) - min(outer) < 0.05 * max(outer)
        and max(inner) - min(inner) < 0.05 * max(outer)
        and max(inner) < 0.7 * min(outer)
    )


def drawn_box(node: Node) -> tuple[float, float, float, float]:
    """The box the shapes of ``node`` cover as drawn (transforms applied)."""
    points = [apply(node.matrix, p) for o in shape_outlines(node) for p in o.points]
    if not points:
        return (0.0, 0.0, 0.0, 0.0)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


# -- cards ------------------------------------------------------------------------------------


@dataclass
class Drawn:
    """Something drawn like a card: a face (``corner`` and ``pips``), a back, or the stock."""

    kind: str
    """``face``, ``back`` or ``stock``."""
    box: tuple[float, float, float, float]
    group: Node
    outline: Node
    corner: Node | None = None
    pips: list[Node] = field(default_factory=list)
    count: int = 0
    """The stock's number."""

    @property
    def x(self) -> float:
        return self.box[0]

    @property
    def y(self) -> float:
        return self.box[1]


def _inside(point: Point, box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    return x - 0.5 <= point[0] <= x + w + 0.5 and y - 0.5 <= point[1] <= y + h + 0.5


def cards(picture: Picture) -> list[Drawn]:
    """Every card face, card back and stock the picture draws, in drawing order."""
    found = []
    for group in picture.root.iter():
        if group.tag != "g":
            continue
        rects = [c for c in group.children if c.tag == "rect"]
        if not rects:
            continue
        outline = rects[0]
        box = outline.box
        texts = [c for c in group.children if c.tag == "text" and c.text and _inside(c.anchor, box)]
        shapes = [c for c in group.children if c.tag in ("g", "path", "polygon", "use", "circle")]
        if texts and all(t.text.isdigit() for t in texts) and not shapes:
            found.append(Drawn("stock", box, group, outline, count=int(texts[0].text)))
            continue
        if texts:
            middle = box[1] + box[3] / 2
            upper = sorted((t for t in texts if t.anchor[1] < middle), key=lambda t: t.anchor[1])
            lower = [t for t in texts if t.anchor[1] >= middle]
            pips = lower + [
                s for s in shapes if s.tag != "g" or not any(r.tag == "rect" for r in s.children)
            ]
            found.append(Drawn("face", box, group, outline, upper[0] if upper else None, pips))
            continue
        paint = picture.paint(outline, picture.views[0])
        if paint and css.colour(paint)[3] > 0:
            found.append(Drawn("back", box, group, outline))
    return found


def pip_suit(picture: Picture, pip: Node) -> str | None:
    """The suit a pip shows (``""``: the Joker), read from its text or its shape."""
    if pip.tag == "text":
        if pip.text in SUIT_OF:
            return SUIT_OF[pip.text]
        return "" if pip.text == "JK" else None
    return shape_suit(pip)


def pip_box(pip: Node) -> tuple[float, float, float, float]:
    if pip.tag == "text":
        x, y = pip.anchor
        return (x, y, 0.0, 0.0)
    return drawn_box(pip)


def colours(picture: Picture, face: Drawn, part: Node) -> list[tuple[css.View, str, float]]:
    """In every view (:attr:`Picture.views`): what a reader sees ``part`` painted in on the
    card's face (red, black, other, or 'not drawn'), and its least contrast with the face."""
    found = []
    for view in picture.views:
        if not picture.shown(part, view):
            found.append((view, "not drawn", 1.0))
            continue
        painted = [
            picture.paint(n, view)
            for n in part.iter()
            if n.tag in ("path", "polygon", "circle") or (n is part and n.tag == "text")
        ]
        seen, ratio = _seen(
            tuple(painted), picture.paint(face.outline, view), picture.background(view)
        )
        found.append((view, seen, ratio))
    return found


@cache
def _seen(fills: tuple[str, ...], face: str, page: css.RGBA) -> tuple[str, float]:
    """What paints ``fills`` on a face painted ``face`` over ``page`` look like together."""
    face_paint = css.over(css.colour(face or "black"), page)
    kinds = set()
    worst = 21.0
    for fill in fills or ("",):
        painted = css.colour(fill or "black")
        if painted[3] == 0:
            kinds.add("not drawn")
            continue
        seen = css.over(painted, face_paint)
        kinds.add(css.kind(seen))
        worst = min(worst, css.contrast(seen, face_paint))
    return "/".join(sorted(kinds)), worst
