"""The colours a picture is drawn in: the site's stylesheet read as a browser reads it.

A card's colour is not in its SVG: the picture gives its elements classes and
``docs_src/assets/golf.css`` gives those classes a ``fill``, through the theme's
colour variables (Material's, set per colour scheme on the page's ``<body>``). So
the second path reads the stylesheets here, with nothing of the code that wrote
them: each rule's selectors are matched against the element and its ancestors
(descendant and child combinators, types, classes, ids and attributes; a selector
with any other pseudo-class, ``:hover`` or ``:not(...)``, is a state or an
exception that a picture at rest does not take, and is left out), the cascade
picks the most specific declaration (then the last), ``fill`` and the custom
properties are inherited, and ``var(...)`` is resolved from the element's own
custom properties. The page around the picture is Material's: ``<html>``, the
``<body>`` that carries the scheme, the article (``.md-typeset``).

A colour is read as a browser paints it (:func:`colour`), blended over what lies
under it, and named for what a reader sees (:func:`kind`): red, or the page's
text colour (black on a light page, near white on a dark one), or another hue.

>>> sheet = Stylesheet.parse(".a .b { fill: #c62828; } .a .b.c { fill: none; }")
>>> svg = Element("svg", {"class": "a"}, Element("body"))
>>> text = Element("text", {"class": "b"}, svg)
>>> sheet.computed(text, "fill"), kind(colour("#c62828"))
('#c62828', 'red')
"""

from __future__ import annotations

import colorsys
import importlib.util
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from generator.twopath.reader import ReadError

INHERITED = frozenset({"fill", "visibility"})
"""The properties read here that a child takes from its parent (custom properties too)."""
READ = frozenset({"fill", "display", "visibility"})
"""The properties the pictures are read by (and every custom property)."""

_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_SIMPLE = re.compile(
    r"""(?P<type>\*|[a-zA-Z][\w-]*)
      | \.(?P<cls>-?[_a-zA-Z][\w-]*)
      | \#(?P<id>-?[_a-zA-Z][\w-]*)
      | \[\s*(?P<attr>[\w:-]+)\s*(?:=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[\w-]+))\s*)?\]
      | (?P<pseudo>::?[\w-]+(?:\([^)]*\))?)""",
    re.VERBOSE,
)
_BRACES = re.compile(r"[{}]")
_VAR = re.compile(r"var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*(?:\([^()]*\))*[^()]*))?\)")


@dataclass(eq=False)
class Element:
    """One element as a selector sees it: its tag, attributes and parent."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    parent: Element | None = None
    classes: frozenset[str] = field(init=False)
    styles: dict[tuple[int, int], tuple[dict[str, str], tuple[object, ...]]] = field(
        init=False, repr=False
    )
    """Its style by (style sheet, the element at the top of its chain): computed once."""
    signatures: dict[int, tuple[object, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.classes = frozenset(self.attrs.get("class", "").split())
        self.styles, self.signatures = {}, {}

    def reclass(self, classes: str) -> None:
        """Give the element other classes (as a script does), before any style is read."""
        self.attrs = {**self.attrs, "class": classes}
        self.classes = frozenset(classes.split())

    def chain(self) -> Iterator[Element]:
        """The element and its ancestors, nearest first."""
        node: Element | None = self
        while node is not None:
            yield node
            node = node.parent


@dataclass(frozen=True)
class Compound:
    """A compound selector: every part must hold for one element."""

    tag: str | None
    classes: frozenset[str]
    ids: frozenset[str]
    attrs: tuple[tuple[str, str | None], ...]
    root: bool

    def matches(self, element: Element) -> bool:
        if self.tag is not None and self.tag != element.tag:
            return False
        if self.root and element.parent is not None:
            return False
        if not self.classes <= element.classes:
            return False
        if self.ids and element.attrs.get("id") not in self.ids:
            return False
        for name, value in self.attrs:
            if name not in element.attrs or (value is not None and element.attrs[name] != value):
                return False
        return True


@dataclass(frozen=True)
class Selector:
    """A complex selector, read right to left: its compounds and the combinators between."""

    compounds: tuple[Compound, ...]
    combinators: tuple[str, ...]
    """Between compound ``i`` and ``i + 1``: ``" "`` (descendant) or ``">"`` (child)."""
    specificity: tuple[int, int, int]

    def matches(self, element: Element) -> bool:
        return self._match(len(self.compounds) - 1, element)

    def _match(self, index: int, element: Element) -> bool:
        if not self.compounds[index].matches(element):
            return False
        if index == 0:
            return True
        parent = element.parent
        if self.combinators[index - 1] == ">":
            return parent is not None and self._match(index - 1, parent)
        while parent is not None:
            if self._match(index - 1, parent):
                return True
            parent = parent.parent
        return False


@dataclass(frozen=True)
class Rule:
    selector: Selector
    order: int
    declarations: tuple[tuple[str, str], ...]


def _selector(text: str) -> Selector | None:
    """A complex selector, or None for one a picture at rest never matches (or not read here)."""
    tokens = re.split(r"\s*(>)\s*|\s+", text.strip())
    compounds: list[Compound] = []
    combinators: list[str] = []
    pending = " "
    ids = classes = types = 0
    for token in tokens:
        if token is None or token == "":
            continue
        if token == ">":
            pending = ">"
            continue
        if token in ("+", "~"):
            return None
        tag: str | None = None
        found_classes: set[str] = set()
        found_ids: set[str] = set()
        attrs: list[tuple[str, str | None]] = []
        root = False
        position = 0
        for match in _SIMPLE.finditer(token):
            if match.start() != position:
                return None
            position = match.end()
            if match["type"]:
                tag = None if match["type"] == "*" else match["type"].lower()
                types += match["type"] != "*"
            elif match["cls"]:
                found_classes.add(match["cls"])
                classes += 1
            elif match["id"]:
                found_ids.add(match["id"])
                ids += 1
            elif match["attr"]:
                value = match["dq"] if match["dq"] is not None else match["sq"]
                attrs.append((match["attr"], value if value is not None else match["bare"]))
                classes += 1
            elif match["pseudo"] == ":root":
                root = True
                classes += 1
            else:  # a state (:hover), an exception (:not) or a pseudo-element: not read here
                return None
        if position != len(token):
            return None
        if compounds:
            combinators.append(pending)
        pending = " "
        compounds.append(
            Compound(tag, frozenset(found_classes), frozenset(found_ids), tuple(attrs), root)
        )
    if not compounds:
        return None
    return Selector(tuple(compounds), tuple(combinators), (ids, classes, types))


def _split(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside parentheses and quotes."""
    parts, depth, quote, start = [], 0, "", 0
    for index, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


class Stylesheet:
    """Rules of one or more style sheets, in their order (later sheets after earlier ones)."""

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules
        self._cache: dict[tuple[object, ...], dict[str, str]] = {}
        self._resolved: dict[tuple[tuple[object, ...], str], str] = {}
        compounds = [c for rule in rules for c in rule.selector.compounds]
        self._classes = frozenset(c for compound in compounds for c in compound.classes)
        self._ids = frozenset(i for compound in compounds for i in compound.ids)
        self._attrs = frozenset(name for compound in compounds for name, _ in compound.attrs)
        self._attrs |= READ | {"style"}
        self._attr_names = sorted(self._attrs)
        # each rule filed under what its last compound needs of the element: a class, or a tag
        self._by_class: dict[str, list[Rule]] = {}
        self._by_tag: dict[str | None, list[Rule]] = {}
        for rule in rules:
            last = rule.selector.compounds[-1]
            if last.classes:
                self._by_class.setdefault(min(last.classes), []).append(rule)
            else:
                self._by_tag.setdefault(last.tag, []).append(rule)

    def _signature(self, node: Element) -> tuple[object, ...]:
        """What a selector of these rules can tell of one element."""
        found = node.signatures.get(id(self))
        if found is None:
            attrs = node.attrs
            found = (
                node.tag,
                node.classes & self._classes,
                attrs.get("id") if attrs.get("id") in self._ids else None,
                tuple((k, attrs[k]) for k in self._attr_names if k in attrs),
            )
            node.signatures[id(self)] = found
        return found

    def _candidates(self, element: Element) -> list[Rule]:
        found = [*self._by_tag.get(None, ()), *self._by_tag.get(element.tag, ())]
        for name in element.classes & self._classes:
            found += self._by_class.get(name, ())
        return sorted(found, key=lambda rule: rule.order)

    @classmethod
    def parse(cls, *texts: str, custom_only: tuple[bool, ...] = ()) -> Stylesheet:
        """The rules of ``texts`` that set a property read here; a sheet whose ``custom_only``
        is true gives only its custom properties (the theme's colour variables). Rules inside
        an at-rule are read only from an ``@media`` for every screen: a picture is read as
        a screen shows it at no particular width."""
        rules: list[Rule] = []
        for number, text in enumerate(texts):
            only_custom = number < len(custom_only) and custom_only[number]
            for prelude, body in _blocks(_COMMENT.sub("", text)):
                declarations = []
                for declaration in _split(body, ";"):
                    name, colon, value = declaration.partition(":")
                    name, value = name.strip(), value.strip()
                    if not colon or not name:
                        continue
                    value = re.sub(r"\s*!important$", "", value)
                    if name.startswith("--") or (name in READ and not only_custom):
                        declarations.append((name, value))
                if not declarations:
                    continue
                for text_selector in _split(prelude, ","):
                    selector = _selector(text_selector)
                    if selector is not None:
                        rules.append(Rule(selector, len(rules), tuple(declarations)))
        return cls(rules)

    def _own(self, element: Element) -> dict[str, str]:
        """The declared values of the properties read here, by the cascade (no inheritance)."""
        won: dict[str, tuple[tuple[int, int, int], int, str]] = {}
        for rule in self._candidates(element):
            if not rule.selector.matches(element):
                continue
            rank = rule.selector.specificity
            for name, value in rule.declarations:
                if name not in won or (rank, rule.order) >= won[name][:2]:
                    won[name] = (rank, rule.order, value)
        values = {name: value for name, (_rank, _order, value) in won.items()}
        # a presentation attribute (fill="none") counts below every rule, a style attribute above
        for name in READ:
            if name in element.attrs and name not in values:
                values[name] = element.attrs[name]
        for declaration in _split(element.attrs.get("style", ""), ";"):
            name, colon, value = declaration.partition(":")
            if colon and (name.strip() in READ or name.strip().startswith("--")):
                values[name.strip()] = value.strip()
        return values

    def style(self, element: Element, top: Element | None = None) -> dict[str, str]:
        """Every property read here as the element gets it: its own, else inherited; and
        ``hidden`` (``"1"``) when it or an ancestor has ``display: none``. ``top``: the
        element at the top of its chain, if the caller knows it."""
        return self._style(element, id(top) if top is not None else self._top(element))[0]

    @staticmethod
    def _top(element: Element) -> int:
        node = element
        while node.parent is not None:
            node = node.parent
        return id(node)

    def _style(self, element: Element, top: int) -> tuple[dict[str, str], tuple[object, ...]]:
        """The element's style and its key: its signature after its parent's key (the styles
        of elements alike in everything a selector reads are worked out once)."""
        memo = (id(self), top)
        kept = element.styles.get(memo)
        if kept is not None:
            return kept
        if element.parent is not None:
            inherited, parent_key = self._style(element.parent, top)
        else:
            inherited, parent_key = {}, ()
        key = (parent_key, self._signature(element))
        found = self._cache.get(key)
        if found is None:
            found = {
                name: value
                for name, value in inherited.items()
                if name in INHERITED or name.startswith("--") or name == "hidden"
            }
            found.update(self._own(element))
            if found.get("display", "").strip() == "none":
                found["hidden"] = "1"
            self._cache[key] = found
        element.styles[memo] = (found, key)
        return found, key

    def computed(self, element: Element, name: str, top: Element | None = None) -> str:
        """The property's value with every ``var(...)`` resolved ('' if it has none)."""
        style, key = self._style(element, id(top) if top is not None else self._top(element))
        found = self._resolved.get((key, name))
        if found is None:
            found = self._resolved[(key, name)] = resolve(style.get(name, ""), style)
        return found


def resolve(value: str, style: dict[str, str], depth: int = 0) -> str:
    """``value`` with its ``var(--name, fallback)`` replaced from ``style``."""
    if depth > 20:
        raise ReadError(f"the colour variables refer to each other without end: {value!r}")

    def one(match: re.Match[str]) -> str:
        found = style.get(match.group(1))
        if found is None:
            if match.group(2) is None:
                raise ReadError(f"the style sheets give no value to {match.group(1)}")
            found = match.group(2)
        return resolve(found, style, depth + 1)

    return _VAR.sub(one, value).strip()


def _blocks(text: str) -> Iterator[tuple[str, str]]:
    """(selector list, declarations) of every rule of ``text``, and of the rules inside an
    ``@media`` for every screen (``screen``, ``all``); other at-rules are left out."""
    depth, start, prelude = 0, 0, ""
    for brace in _BRACES.finditer(text):
        index, char = brace.start(), brace.group(0)
        if char == "{":
            if depth == 0:
                prelude, start = text[start:index].strip(), index + 1
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                if not prelude.startswith("@"):
                    yield prelude, text[start:index]
                elif _every_screen(prelude):
                    yield from _blocks(text[start:index])
                start = index + 1
            elif depth < 0:
                raise ReadError("a style sheet closes a block it never opened")


def _every_screen(prelude: str) -> bool:
    """Whether an at-rule's block holds on every screen (``@media screen``, ``@media all``)."""
    at, _, queries = prelude.partition(" ")
    return at == "@media" and any(q.strip() in ("screen", "all") for q in queries.split(","))


# -- colours ------------------------------------------------------------------------

RGBA = tuple[float, float, float, float]

NAMED = {
    "black": (0.0, 0.0, 0.0, 1.0),
    "white": (1.0, 1.0, 1.0, 1.0),
    "red": (1.0, 0.0, 0.0, 1.0),
    "transparent": (0.0, 0.0, 0.0, 0.0),
    "none": (0.0, 0.0, 0.0, 0.0),
}


def _number(text: str, scale: float) -> float:
    text = text.strip()
    if text.endswith("%"):
        return float(text[:-1]) / 100
    if text.endswith("deg"):
        return float(text[:-3]) / 360
    return float(text) / scale


@cache
def colour(text: str) -> RGBA:
    """A CSS colour as (red, green, blue, alpha), each 0 to 1 (``none`` is transparent)."""
    text = text.strip().lower()
    if text in NAMED:
        return NAMED[text]
    if text.startswith("#") and len(text) in (4, 5, 7, 9):
        digits = text[1:]
        if len(digits) in (3, 4):
            digits = "".join(c * 2 for c in digits)
        try:
            parts = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
        except ValueError:
            raise ReadError(f"{text!r} is not a colour") from None
        return (parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else 1.0)
    match = re.fullmatch(r"(rgba?|hsla?)\((.*)\)", text)
    if match:
        args = [a for a in re.split(r"[\s,/]+", match.group(2).strip()) if a]
        if len(args) not in (3, 4):
            raise ReadError(f"{text!r} is not a colour")
        alpha = _number(args[3], 1) if len(args) == 4 else 1.0
        if match.group(1).startswith("rgb"):
            red, green, blue = (_number(a, 255) for a in args[:3])
        else:
            hue = _number(args[0], 360)
            saturation, lightness = _number(args[1], 100), _number(args[2], 100)
            red, green, blue = colorsys.hls_to_rgb(hue % 1, lightness, saturation)
        return (red, green, blue, alpha)
    raise ReadError(f"{text!r} is not a colour read here")


def over(top: RGBA, under: RGBA) -> RGBA:
    """``top`` painted over ``under`` (``under`` opaque)."""
    alpha = top[3]
    return (
        top[0] * alpha + under[0] * (1 - alpha),
        top[1] * alpha + under[1] * (1 - alpha),
        top[2] * alpha + under[2] * (1 - alpha),
        1.0,
    )


def contrast(a: RGBA, b: RGBA) -> float:
    """WCAG's contrast ratio of two opaque colours."""

    def luminance(c: RGBA) -> float:
        def channel(v: float) -> float:
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def kind(paint: RGBA) -> str:
    """What a reader sees a painted (opaque) colour as: 'red', 'black' (a grey from black to
    near white: the page's text colour in either scheme) or 'other'."""
    hue, lightness, saturation = colorsys.rgb_to_hls(*paint[:3])
    if saturation <= 0.2 or lightness <= 0.1 or lightness >= 0.95:
        return "black"
    if (hue <= 15 / 360 or hue >= 345 / 360) and saturation >= 0.35:
        return "red"
    return "other"


# -- the site's sheets ----------------------------------------------------------------

SCHEMES = ("default", "slate")
"""Material's two colour schemes, as ``mkdocs.yml`` offers them."""


def page_around(scheme: str) -> Element:
    """The page a picture stands in, as Material lays it out: the article of the body of the
    scheme (``data-md-color-scheme``), its palette ``custom`` (``mkdocs.yml``)."""
    html = Element("html")
    body = Element(
        "body",
        {
            "data-md-color-scheme": scheme,
            "data-md-color-primary": "custom",
            "data-md-color-accent": "custom",
        },
        html,
    )
    return Element("article", {"class": "md-content__inner md-typeset"}, body)


def theme_sheets() -> list[Path]:
    """Material's own style sheets (its colour variables), as the installed theme ships them."""
    spec = importlib.util.find_spec("material")
    if spec is None or spec.origin is None:
        raise ReadError("the theme (mkdocs-material) is not installed")
    folder = Path(spec.origin).parent / "templates" / "assets" / "stylesheets"
    found = sorted(folder.glob("main.*.min.css")) + sorted(folder.glob("palette.*.min.css"))
    if len(found) != 2:
        raise ReadError(f"{folder}: no main and palette style sheets of the theme")
    return found


@cache
def site_sheet(golf_css: Path) -> Stylesheet:
    """Material's colour variables, then the site's own sheet (``docs_src/assets/golf.css``)."""
    theme = [path.read_text(encoding="utf-8") for path in theme_sheets()]
    return Stylesheet.parse(
        *theme, golf_css.read_text(encoding="utf-8"), custom_only=(True,) * len(theme)
    )
