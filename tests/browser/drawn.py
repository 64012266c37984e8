"""What a picture looks like to a visitor: its colours as the browser computes them, and its
pixels as the screen shows them.

Each :data:`RULES` entry names a kind of picture, a part of it (a card, a bar)
and what a visitor must be able to see of that part: its face in the page's own
background colour or the theme's colour, its ink readable against the face or
the page (WCAG: text 4.5:1, graphics 3:1). A stylesheet that does not apply
(last round's lost ``}``) leaves SVG shapes in the browser's default black:
faces are then not the page's colour and their text has no contrast at all.
"""

from __future__ import annotations

import colorsys
import io
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Rule:
    name: str
    picture: str
    """The pictures (a CSS selector)."""
    part: str
    """The parts of a picture the rule is about (a selector inside it; ``:scope``: the picture)."""
    select: str
    """The shapes or texts of a part whose paint is looked at."""
    paint: str = "fill"
    """``fill`` or ``stroke``."""
    equals: str | None = None
    """The colour the paint must be: ``page`` (the page's background) or ``primary`` (the theme's)."""
    against: str | None = None
    """What the paint must stand out from: ``page``, or ``face`` (the paint of ``face`` in the part)."""
    face: str | None = None
    ratio: float = 0.0
    """The contrast it needs against ``against``."""
    hue: str | None = None
    """What a reader must see the paint as (:func:`seen_as`): ``red``, or ``black`` (the page's
    text colour, black on a light page and near white on a dark one): a card's suit."""


CARD_FACES = [
    ("svg.golf-board", ".card:not(.blocked)", "rect"),
    ("svg.six-grid, svg.six-run", ".six-card.up", ".six-face"),
]

CORNERED = "svg.golf-board .card"
"""The cards whose corner (rank and suit) must show on screen: a face painted over its own
corner (a played card's button once was) leaves a card with nothing written on it."""

CORNER_INK = 0.04
"""The least share of a corner's pixels that are not the face's colour (a written corner:
about 15-30%)."""

RULES = [
    Rule("patience card face", "svg.golf-board", ".card:not(.blocked)", "rect", equals="page"),
    Rule(
        "patience card text",
        "svg.golf-board",
        ".card",
        "text",
        against="face",
        face="rect",
        ratio=4.5,
    ),
    Rule(
        "patience card edge", "svg.golf-board", ".card", "rect", "stroke", against="page", ratio=1.5
    ),
    Rule("patience red ink", "svg.golf-board", ".card.red", "text", hue="red"),
    # a Joker has no suit: its ink is the theme's (the clubs' and spades' rule leaves it out)
    Rule("patience black ink", "svg.golf-board", ".card.black:not(.card-JK)", "text", hue="black"),
    Rule("patience stock", "svg.golf-board", ".stock:not(.empty)", ".back", equals="primary"),
    Rule(
        "patience stock count",
        "svg.golf-board",
        ".stock:not(.empty)",
        ".count",
        against="face",
        face=".back",
        ratio=4.5,
    ),
    Rule(
        "patience free card",
        "svg.golf-board",
        ".card.free",
        "rect",
        "stroke",
        against="page",
        ratio=3,
    ),
    Rule("6-card face", "svg.six-grid, svg.six-run", ".six-card.up", ".six-face", equals="page"),
    Rule(
        "6-card corner",
        "svg.six-grid, svg.six-run",
        ".six-card.up",
        ".six-corner",
        against="face",
        face=".six-face",
        ratio=4.5,
    ),
    Rule(
        "6-card pip",
        "svg.six-grid, svg.six-run",
        ".six-card.up",
        ".six-pip",
        against="face",
        face=".six-face",
        ratio=3,
    ),
    Rule(
        "6-card red ink",
        "svg.six-grid, svg.six-run",
        ".six-card.up.red",
        ".six-corner, .six-pip",
        hue="red",
    ),
    Rule(
        "6-card black ink",
        "svg.six-grid, svg.six-run",
        ".six-card.up.black:not(.six-card-JK)",
        ".six-corner, .six-pip",
        hue="black",
    ),
    Rule("6-card back", "svg.six-grid", ".six-card.down", ".six-back", equals="primary"),
    Rule(
        "6-card back on the page",
        "svg.six-grid",
        ".six-card.down",
        ".six-back",
        against="page",
        ratio=3,
    ),
    Rule(
        "6-card pair",
        "svg.six-grid",
        ".six-card.pair",
        ".six-face, .six-back",
        "stroke",
        against="page",
        ratio=3,
    ),
    Rule("6-card score", "svg.six-grid", ":scope", ".six-score", against="page", ratio=4.5),
    Rule("chart bar", "svg.golf-chart", ":scope", ".bar", equals="primary"),
    Rule("chart bar on the page", "svg.golf-chart", ":scope", ".bar", against="page", ratio=3),
    Rule(
        "chart text",
        "svg.golf-chart",
        ":scope",
        ".label, .value, .tick, .heading, .subheading, .axis-label",
        against="page",
        ratio=4.5,
    ),
    Rule(
        "chart interval", "svg.golf-chart", ":scope", ".interval", "stroke", against="page", ratio=3
    ),
    Rule(
        "chart published figure", "svg.golf-chart", ":scope", ".published", against="page", ratio=3
    ),
]
"""What every kind of picture must show: data the test replays on every page with pictures."""

COLLECT = """rules => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const colour = value => { probe.style.color = ''; probe.style.color = value;
        return getComputedStyle(probe).color; };
    const page = getComputedStyle(document.body).backgroundColor;
    const primary = colour('var(--md-primary-fg-color)');
    probe.remove();
    const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const found = rules.map(rule => {
        const parts = [];
        for (const picture of document.querySelectorAll(rule.picture)) {
            if (!shown(picture)) continue;
            const within = rule.part === ':scope' ? [picture] : picture.querySelectorAll(rule.part);
            for (const part of within) {
                const face = rule.face && part.querySelector(rule.face);
                for (const e of part.querySelectorAll(rule.select)) {
                    if (!shown(e)) continue;
                    parts.push({
                        paint: getComputedStyle(e)[rule.paint],
                        face: face ? getComputedStyle(face).fill : null,
                        what: (part.getAttribute('class') || part.tagName) + ' ' +
                            (e.getAttribute('class') || e.tagName),
                    });
                }
            }
        }
        return parts;
    });
    return {page, primary, found};
}"""


def rgba(css: str) -> tuple[float, float, float, float]:
    """A computed colour (``rgb(1, 2, 3)``, ``rgba(1, 2, 3, 0.5)``) as four numbers."""
    inside = css[css.index("(") + 1 : css.rindex(")")].replace("/", ",")
    values = [float(v) for v in inside.replace(" ", ",").split(",") if v]
    return (*values[:3], values[3] if len(values) > 3 else 1.0)  # type: ignore[return-value]


def over(top: str, below: str) -> tuple[float, float, float]:
    """``top`` as it shows over the opaque ``below``."""
    r, g, b, a = rgba(top)
    r2, g2, b2, _ = rgba(below)
    return (r * a + r2 * (1 - a), g * a + g2 * (1 - a), b * a + b2 * (1 - a))


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def close(
    a: tuple[float, float, float], b: tuple[float, float, float], tolerance: float = 3
) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def seen_as(rgb: tuple[float, float, float]) -> str:
    """What a reader sees an opaque colour (0-255 channels) as: ``red`` (a saturated hue within
    15 degrees of red), ``black`` (a grey, from black to near white: the page's text colour in
    either scheme) or ``other``.

    >>> seen_as((198, 40, 40)), seen_as((255, 138, 128)), seen_as((0, 0, 0))
    ('red', 'red', 'black')
    >>> seen_as((226, 228, 233)), seen_as((0, 121, 107))
    ('black', 'other')
    """
    hue, lightness, saturation = colorsys.rgb_to_hls(*(v / 255 for v in rgb))
    if saturation <= 0.2 or lightness <= 0.1 or lightness >= 0.95:
        return "black"
    if (hue <= 15 / 360 or hue >= 345 / 360) and saturation >= 0.35:
        return "red"
    return "other"


def colour_problems(page: Any, counts: dict[str, int] | None = None) -> list[str]:
    """Every rule of :data:`RULES` on the shown page, by computed style; ``counts`` adds up how
    many parts each rule looked at."""
    collected = page.evaluate(COLLECT, [rule.__dict__ for rule in RULES])
    background = over(collected["page"], "rgb(255, 255, 255)")
    primary = over(collected["primary"], collected["page"])
    problems = []
    for rule, parts in zip(RULES, collected["found"], strict=True):
        if counts is not None:
            counts[rule.name] = counts.get(rule.name, 0) + len(parts)
        for part in parts:
            paint = part["paint"]
            if paint in ("none", "") or rgba(paint)[3] == 0:
                problems.append(f"{rule.name}: {part['what']} has no {rule.paint}")
                continue
            shown = over(paint, collected["page"])
            if rule.equals:
                wanted = background if rule.equals == "page" else primary
                if not close(shown, wanted):
                    problems.append(
                        f"{rule.name}: {part['what']} is {rule.paint} {paint}, not the "
                        f"{rule.equals} colour {collected[rule.equals]}"
                    )
            if rule.hue and seen_as(shown) != rule.hue:
                problems.append(
                    f"{rule.name}: {part['what']} is {rule.paint} {paint}, seen as "
                    f"{seen_as(shown)}, not {rule.hue}"
                )
            if rule.against:
                base = background
                if rule.against == "face":
                    base = over(part["face"] or "rgba(0, 0, 0, 0)", collected["page"])
                    shown = over(paint, f"rgb{tuple(round(v) for v in base)}")
                ratio = contrast(shown, base)
                if ratio < rule.ratio:
                    problems.append(
                        f"{rule.name}: {part['what']} ({rule.paint} {paint}) has contrast "
                        f"{ratio:.2f}:1 against its {rule.against}, not {rule.ratio}:1"
                    )
    return problems


FACES = """([selectors, corners]) => {
    const boxes = [];
    for (const [picture, part, face] of selectors) {
        for (const p of document.querySelectorAll(picture)) {
            for (const card of p.querySelectorAll(part)) {
                // a <use> of the card sheet is its face (what it shows is not in the document)
                const f = card.tagName === 'use' ? card : card.querySelector(face);
                if (!f) continue;
                const r = f.getBoundingClientRect();
                if (r.width < 8 || r.height < 8 || r.top < 0 || r.bottom > innerHeight) continue;
                // points just inside the left edge that show this face (not a card above it,
                // not its own text; a played card's button lies over it)
                const shows = e => e === f || (e && e.classList.contains('hit') && card.contains(e));
                // (a <use> is its texts too: its points lie right of the corner, where no text is)
                const x = card.tagName === 'use' ? r.left + r.width * 0.85 : r.left + 6;
                const points = [];
                for (let y = r.top + 6; y < r.bottom - 4; y += 3) {
                    if (shows(document.elementFromPoint(x, y))) points.push([x, y]);
                }
                // where its corner is written: the card's top left, which no card above covers
                const corner = [r.left + r.width * 0.08, r.top + r.height * 0.06,
                                r.left + r.width * 0.55, r.top + r.height * 0.25];
                const seen = shows(document.elementFromPoint(r.left + 2, r.top + r.height * 0.15));
                if (points.length) boxes.push([points, card.getAttribute('class'),
                                              card.matches(corners) && seen ? corner : null]);
            }
        }
    }
    return {boxes, page: getComputedStyle(document.body).backgroundColor};
}"""


PICTURES = "svg.golf-board, svg.six-grid, svg.six-run, svg.golf-chart"


STYLESHEET = Path(__file__).resolve().parents[2] / "docs_src" / "assets" / "golf.css"

PARTS = """pictures => [...document.querySelectorAll(pictures)].map(picture =>
    [...picture.querySelectorAll('[class]')].map(
        part => [part.tagName, part.getAttribute('class')]))"""
"""Per picture, its parts: each one's tag and classes."""


@cache
def styled_classes() -> frozenset[str]:
    """The classes that the pictures' stylesheet names in a selector."""
    css = re.sub(r"/\*.*?\*/", "", STYLESHEET.read_text(encoding="utf-8"), flags=re.S)
    selectors = re.findall(r"([^{}]+)\{", css)
    return frozenset(
        name for text in selectors for name in re.findall(r"\.(-?[_a-zA-Z][\w-]*)", text)
    )


def kinds_of(parts: list[list[str]]) -> set[str]:
    """A picture's kinds of part: each tag with those of its classes that the stylesheet styles
    (a card's own class, ``card-8S``, paints nothing of its own)."""
    styled = styled_classes()
    return {
        tag + "".join(f".{name}" for name in sorted(set(classes.split()) & styled))
        for tag, classes in parts
    }


def telling_pictures(kinds: list[set[str]]) -> list[int]:
    """The pictures the pixel check looks at: the first, the last, and every other one with a
    kind of part (:func:`kinds_of`) that no picture before it has. One page's pictures come from
    the same template and stylesheet, so a picture of kinds already seen shows the screen nothing
    new (the colour check still looks at every part of every picture).

    >>> telling_pictures([{"g.card"}, {"g.card"}, {"g.card", "g.blocked.card"}, {"g.card"}, {"g.card"}])
    [0, 2, 4]
    """
    seen: set[str] = set()
    chosen = []
    for number, parts in enumerate(kinds):
        if number in (0, len(kinds) - 1) or not seen.issuperset(parts):
            chosen.append(number)
        seen.update(parts)
    return chosen


def pixel_problems(page: Any, most: int = 6) -> list[str]:
    """The telling pictures (:func:`telling_pictures`) brought into view in turn; the faces of
    their cards as the screen shows them."""
    problems = []
    kinds = [kinds_of(parts) for parts in page.evaluate(PARTS, PICTURES)]
    for number in telling_pictures(kinds):
        page.evaluate(
            f"n => document.querySelectorAll({PICTURES!r})[n].scrollIntoView({{block: 'center'}})",
            number,
        )
        problems += faces_in_view(page, most)
    page.evaluate("window.scrollTo(0, 0)")
    return sorted(set(problems))


def faces_in_view(page: Any, most: int) -> list[str]:
    """The faces of the cards in view: pixels sampled just inside each face's left edge (where
    no text is) must be the page's background colour."""
    from PIL import Image

    found = page.evaluate(FACES, [[list(entry) for entry in CARD_FACES], CORNERED])
    if not found["boxes"]:
        return []
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    scale = shot.width / page.evaluate("innerWidth")
    wanted = over(found["page"], "rgb(255, 255, 255)")
    problems = []
    for points, what, corner in found["boxes"][:most]:
        samples = [shot.getpixel((round(x * scale), round(y * scale))) for x, y in points]
        wrong = [s for s in samples if not close(tuple(map(float, s)), wanted, 24)]  # type: ignore[arg-type]
        if len(wrong) * 2 > len(samples):
            x, y = points[0]
            problems.append(
                f"the card {what!r} at ({x:.0f}, {y:.0f}) shows {wrong[0]} on screen, "
                f"not its face's colour {tuple(round(v) for v in wanted)}"
            )
            continue
        if corner and corner_ink(shot, [v * scale for v in corner]) < CORNER_INK:
            problems.append(
                f"the card {what!r} at ({corner[0]:.0f}, {corner[1]:.0f}) shows no corner on "
                "screen: nothing is written where its rank and suit are"
            )
    return problems


def corner_ink(shot: Any, box: list[float]) -> float:
    """The share of the pixels in ``box`` (left, top, right, bottom) of the screenshot that
    differ clearly from the box's commonest colour (the face's)."""
    region = shot.crop(tuple(round(v) for v in box))
    pixels = [region.getpixel((x, y)) for y in range(region.height) for x in range(region.width)]
    if not pixels:
        return 0.0
    face = max(set(pixels), key=pixels.count)
    ink = [p for p in pixels if max(abs(a - b) for a, b in zip(p, face, strict=True)) > 60]
    return len(ink) / len(pixels)


def played_board_problems(page: Any, picture: str) -> list[str]:
    """The played board ``picture`` (a selector) brought into view: its cards' faces and
    corners as the screen shows them."""
    page.locator(picture).scroll_into_view_if_needed()
    return faces_in_view(page, most=60)


PLACES = """(selector) => {
    const svg = document.querySelector(selector);
    const ctm = svg.getScreenCTM();
    const at = (x, y) => {
        const p = svg.createSVGPoint();
        p.x = x; p.y = y;
        const s = p.matrixTransform(ctm);
        return [s.x, s.y];
    };
    const box = (node) => {
        const r = node.querySelector('rect').getBoundingClientRect();
        return [r.left, r.top, r.width, r.height];
    };
    const name = (g) => [...g.classList].find((c) => c.startsWith('card-')).slice(5);
    const columns = [...svg.querySelectorAll('g.column')].map((column) =>
        [...column.querySelectorAll('g.card')].map((g) => [name(g), box(g)]));
    const top = svg.querySelector('g.waste g.card, g.waste rect.empty');
    const waste = top ? [top.matches('g.card') ? name(top) : null, top.matches('g.card') ? box(top)
        : (() => { const r = top.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()] : null;
    const back = svg.querySelector('g.stock rect.back').getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    return {columns, waste, stock: [back.left, back.top, back.width, back.height],
            origin: at(0, 0), unit: at(1, 0)[0] - at(0, 0)[0], height: view.height};
}"""


def board_places_problems(page: Any, picture: str) -> list[str]:
    """Where each card of the played board ``picture`` (a selector) lies on screen, against
    where the board's picture places it (:mod:`generator.site.pictures`): a column's cards in
    its slot, each row ``OVERLAP`` lower; the waste card in the waste slot beside the stock,
    below the tableau; the stock in its slot. A card drawn elsewhere (the waste card over
    column 1) is named with where it is and where it belongs, in CSS pixels."""
    from generator.site.pictures import CARD_H, CARD_W, GAP, OVERLAP, STEP_X, TABLEAU_TOP

    seen = page.evaluate(PLACES, picture)
    ox, oy = seen["origin"]
    unit = seen["unit"]
    piles_y = seen["height"] - CARD_H - GAP

    def expected(x: float, y: float) -> list[float]:
        return [ox + x * unit, oy + y * unit, CARD_W * unit, CARD_H * unit]

    def off(box: list[float], want: list[float]) -> bool:
        return any(abs(a - b) > 1.5 for a, b in zip(box, want, strict=True))

    problems = []
    for number, column in enumerate(seen["columns"], start=1):
        for row, (card, box) in enumerate(column):
            want = expected(GAP + (number - 1) * STEP_X, TABLEAU_TOP + row * OVERLAP)
            if off(box, want):
                problems.append(
                    f"{card} (column {number}, row {row + 1}) is drawn at {_shown(box)}, "
                    f"its place is {_shown(want)}"
                )
    if seen["waste"] is None:
        problems.append("no waste card or empty waste slot is drawn")
    else:
        card, box = seen["waste"]
        want = expected(GAP + 3 * STEP_X, piles_y)
        if off(box, want):
            problems.append(
                f"the waste card {card or '(empty)'} is drawn at {_shown(box)}, "
                f"the waste slot is {_shown(want)}"
            )
    want = expected(GAP, piles_y)
    if off(seen["stock"], want):
        problems.append(
            f"the stock is drawn at {_shown(seen['stock'])}, its slot is {_shown(want)}"
        )
    return problems


def _shown(box: list[float]) -> str:
    left, top, width, height = box
    return f"({left:.0f}, {top:.0f}) {width:.0f}x{height:.0f}"
