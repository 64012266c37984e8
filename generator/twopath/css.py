"""The colours a picture is drawn in: the site's stylesheet read as a browser reads it.

A card's colour is not in its SVG: the picture gives its elements classes and
``docs_src/assets/golf.css`` gives those classes a ``fill``, through the theme's
colour variables (Material's, set per colour scheme on the page's ``<body>``). So
the second path reads the stylesheets here, with nothing of the code that wrote
them: each rule's selectors are matched against the element and its ancestors
(descendant and child combinators, types, classes, ids, attributes, ``:root``,
``:not(...)`` of compounds and ``:hover``), the cascade picks the most important
declaration (``!important`` first, then a style attribute, then the most specific,
then the last), ``fill`` and the custom properties are inherited, and ``var(...)``
is resolved from the element's own custom properties. The page around the picture
is Material's: ``<html>``, the ``<body>`` that carries the scheme, the article
(``.md-typeset``).

A reader meets conditions the stylesheet may name: the window's width, the system's
colour-scheme preference and other ``@media`` features, the pointer over a picture.
A :class:`View` is one set of them; :meth:`Stylesheet.views` gives every view a
picture looks different in (each colour scheme, each side of every width a condition
names, each value of every other feature named, at rest and hovered) and the pictures
are read in each. A rule that paints (``fill`` or a custom property) behind a selector
or condition read here as neither true nor false (a sibling combinator, another
pseudo-class, ``@supports``, an unknown media feature) is refused, naming the sheet's
line: what it would paint is unknown. (Animations and transitions are not read.)

A colour is read as a browser paints it (:func:`colour`), blended over what lies
under it, and named for what a reader sees (:func:`kind`): red, or the page's
text colour (black on a light page, near white on a dark one), or another hue.

>>> sheet = Stylesheet.parse(".a .b { fill: #c62828; } .a .b.c { fill: none; }").under(View("default"))
>>> svg = Element("svg", {"class": "a"}, Element("body"))
>>> text = Element("text", {"class": "b"}, svg)
>>> sheet.computed(text, "fill"), kind(colour("#c62828"))
('#c62828', 'red')
"""

from __future__ import annotations

import colorsys
import importlib.util
import re
from collections.abc import Iterable, Iterator
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
      | (?P<pseudo>::?[\w-]+(?:\((?:[^()]|\([^()]*\))*\))?)""",
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
    states: frozenset[str] = frozenset()
    """The user-action pseudo-classes it asks for (``hover``): they hold in a view that is in
    that state (:class:`View`), on the element read and its ancestors."""
    nots: tuple[Compound, ...] = ()
    """The compounds of its ``:not(...)``: none of them may hold."""

    def matches(self, element: Element, states: frozenset[str] = frozenset()) -> bool:
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
        if not self.states <= states:
            return False
        return not any(other.matches(element, states) for other in self.nots)


@dataclass(frozen=True)
class Selector:
    """A complex selector, read right to left: its compounds and the combinators between."""

    compounds: tuple[Compound, ...]
    combinators: tuple[str, ...]
    """Between compound ``i`` and ``i + 1``: ``" "`` (descendant) or ``">"`` (child)."""
    specificity: tuple[int, int, int]

    def matches(self, element: Element, states: frozenset[str] = frozenset()) -> bool:
        return self._match(len(self.compounds) - 1, element, states)

    def _match(self, index: int, element: Element, states: frozenset[str]) -> bool:
        if not self.compounds[index].matches(element, states):
            return False
        if index == 0:
            return True
        parent = element.parent
        if self.combinators[index - 1] == ">":
            return parent is not None and self._match(index - 1, parent, states)
        while parent is not None:
            if self._match(index - 1, parent, states):
                return True
            parent = parent.parent
        return False


@dataclass(frozen=True)
class Rule:
    selector: Selector
    order: int
    declarations: tuple[tuple[str, str, bool], ...]
    """(property, value, ``!important``)."""
    media: tuple[MediaQueries, ...] = ()
    """The ``@media`` conditions it stands in (all must hold)."""


STATES = frozenset({"hover"})
"""The user-action pseudo-classes read: the pointer over the element (:class:`View`)."""
UNREAD = "not read by the second path"


class Unread(ValueError):
    """A selector or condition that the second path cannot decide (with the reason)."""


def _selector(text: str) -> Selector:
    """A complex selector; :class:`Unread` for one not read here (a sibling combinator, a
    pseudo-class other than ``:root``, ``:hover`` and ``:not(...)`` of compounds, a
    pseudo-element)."""
    tokens = _split_selector(text.strip())
    compounds: list[Compound] = []
    combinators: list[str] = []
    pending = " "
    specificity = (0, 0, 0)
    for token in tokens:
        if token == ">":
            pending = ">"
            continue
        if token in ("+", "~"):
            raise Unread(f"the combinator {token!r}")
        compound, weight = _compound(token)
        specificity = _add(specificity, weight)
        if compounds:
            combinators.append(pending)
        pending = " "
        compounds.append(compound)
    if not compounds:
        raise Unread("an empty selector")
    return Selector(tuple(compounds), tuple(combinators), specificity)


def _split_selector(text: str) -> list[str]:
    """A selector's compounds and ``>``, ``+``, ``~`` combinators (outside parentheses)."""
    tokens: list[str] = []
    current, depth = "", 0
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        if depth == 0 and (char.isspace() or char in ">+~"):
            if current:
                tokens.append(current)
                current = ""
            if char in ">+~":
                tokens.append(char)
            continue
        current += char
    if current:
        tokens.append(current)
    return tokens


def _add(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _compound(token: str) -> tuple[Compound, tuple[int, int, int]]:
    """One compound selector and its specificity."""
    tag: str | None = None
    found_classes: set[str] = set()
    found_ids: set[str] = set()
    attrs: list[tuple[str, str | None]] = []
    states: set[str] = set()
    nots: list[Compound] = []
    root = False
    ids = classes = types = 0
    position = 0
    for match in _SIMPLE.finditer(token):
        if match.start() != position:
            break
        position = match.end()
        pseudo = match["pseudo"]
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
        elif pseudo == ":root":
            root = True
            classes += 1
        elif pseudo[1:] in STATES:
            states.add(pseudo[1:])
            classes += 1
        elif pseudo.startswith(":not(") and pseudo.endswith(")"):
            # :not() counts as its most specific argument (Selectors level 4)
            heaviest = (0, 0, 0)
            for argument in _split(pseudo[5:-1], ","):
                parts = _split_selector(argument.strip())
                if len(parts) != 1:
                    raise Unread(f"{pseudo} (a :not() of more than one compound)")
                compound, weight = _compound(parts[0])
                nots.append(compound)
                heaviest = max(heaviest, weight)
            ids, classes, types = _add((ids, classes, types), heaviest)
        else:
            raise Unread(f"the pseudo-class or pseudo-element {pseudo!r}")
    if position != len(token):
        raise Unread(f"the selector {token!r}")
    compound = Compound(
        tag,
        frozenset(found_classes),
        frozenset(found_ids),
        tuple(attrs),
        root,
        frozenset(states),
        tuple(nots),
    )
    return compound, (ids, classes, types)


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
    """Rules of one or more style sheets, in their order (later sheets after earlier ones).

    A sheet as parsed holds every rule, under whatever ``@media`` condition it stands;
    :meth:`under` gives the sheet a reader sees in one :class:`View` (the rules whose
    conditions hold, the user-action states of the view); only that sheet computes styles.
    """

    def __init__(self, rules: list[Rule], states: frozenset[str] | None = None) -> None:
        self.rules = rules
        self.states = states
        """The view's user-action states; None for a sheet as parsed (not yet in a view)."""
        self._views: dict[tuple[frozenset[int], frozenset[str]], Stylesheet] = {}
        self._by_view: dict[View, Stylesheet] = {}
        self._cache: dict[tuple[object, ...], dict[str, str]] = {}
        self._resolved: dict[tuple[tuple[object, ...], str], str] = {}
        compounds = [c for rule in rules for c in _every_compound(rule.selector.compounds)]
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

    def under(self, view: View) -> Stylesheet:
        """The sheet as a reader sees it in ``view``: the rules whose ``@media`` conditions
        hold there, matched in the view's user-action states (views that keep the same rules
        share one sheet, and its computed styles)."""
        found = self._by_view.get(view)
        if found is not None:
            return found
        kept = frozenset(
            index
            for index, rule in enumerate(self.rules)
            if all(queries.hold(view) for queries in rule.media)
        )
        states = view.states
        found = self._views.get((kept, states))
        if found is None:
            found = Stylesheet([self.rules[index] for index in sorted(kept)], states)
            self._views[(kept, states)] = found
        self._by_view[view] = found
        return found

    def views(self, elements: Iterable[Element] = (), schemes: tuple[str, ...] = ()) -> list[View]:
        """Every view ``elements`` (and their ancestors; none given: any element) look
        different in: each colour scheme of ``schemes`` (Material's, on the page's ``<body>``;
        default both) with each value of every ``@media`` feature that the rules that may
        match them ask about (a width each side of every width they name), and each
        user-action state, at rest and not, if such a rule asks for one. Views that keep the
        same of those rules are given once (the first: the plain view)."""
        relevant = self._relevant(elements)
        features: dict[str, set[object]] = {}
        for index in relevant:
            for queries in self.rules[index].media:
                for name, values in queries.features().items():
                    features.setdefault(name, set()).update(values)
        names = sorted(features)
        choices: list[list[object]] = [sorted(features[name]) for name in names]  # type: ignore[type-var]
        stateful = any(
            compound.states
            for index in relevant
            for compound in _every_compound(self.rules[index].selector.compounds)
        )
        found: dict[tuple[str, frozenset[int], frozenset[str]], View] = {}
        for scheme in schemes or SCHEMES:
            for states in (frozenset(), STATES) if stateful else (frozenset(),):
                plain = [View(scheme, states)]  # first: a view alike is named as plainly
                for view in plain + [
                    View(scheme, states, tuple(zip(names, values, strict=True)))
                    for values in _product(choices)
                ]:
                    kept = frozenset(
                        index
                        for index in relevant
                        if all(queries.hold(view) for queries in self.rules[index].media)
                    )
                    found.setdefault((scheme, kept, states), view)
        return list(found.values())

    def _relevant(self, elements: Iterable[Element]) -> frozenset[int]:
        """The rules that may match one of ``elements`` or their ancestors (all, if none)."""
        index = {id(rule): number for number, rule in enumerate(self.rules)}
        seen: set[int] = set()
        found: set[int] = set()
        given = False
        for element in elements:
            given = True
            for node in element.chain():
                if id(node) in seen:
                    break
                seen.add(id(node))
                found.update(index[id(rule)] for rule in self._candidates(node))
        return frozenset(found) if given else frozenset(range(len(self.rules)))

    def __hash__(self) -> int:  # a sheet is itself (functools.cache keys on it)
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other

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
    def parse(
        cls, *texts: str, custom_only: tuple[bool, ...] = (), names: tuple[str, ...] = ()
    ) -> Stylesheet:
        """The rules of ``texts`` that set a property read here; a sheet whose ``custom_only``
        is true gives only its custom properties (the theme's colour variables). Rules inside
        ``@media`` keep its condition (:meth:`under` decides it); other at-rules' rules are not
        rules of the page (``@keyframes``, ``@font-face``, ``@page``) or not read here.

        A rule of a sheet not ``custom_only`` that sets a property read here with a selector
        or condition read here as neither true nor false is a :class:`ReadError` naming the
        sheet's line (``names``: each sheet's name): what it would paint is unknown."""
        rules: list[Rule] = []
        for number, text in enumerate(texts):
            only_custom = number < len(custom_only) and custom_only[number]
            name = names[number] if number < len(names) else f"style sheet {number + 1}"
            for line, media, prelude, body in _blocks(_COMMENT.sub(_blank, text)):
                declarations = []
                for declaration in _split(body, ";"):
                    prop, colon, value = declaration.partition(":")
                    prop, value = prop.strip(), value.strip()
                    if not colon or not prop:
                        continue
                    important = bool(re.search(r"!\s*important\s*$", value, re.IGNORECASE))
                    value = re.sub(r"\s*!\s*important\s*$", "", value, flags=re.IGNORECASE)
                    if prop.startswith("--") or (prop in READ and not only_custom):
                        declarations.append((prop, value, important))
                if not declarations:
                    continue
                try:
                    conditions = tuple(MediaQueries.parse(query) for query in media)
                except Unread as why:
                    if only_custom:
                        continue
                    raise ReadError(f"{name}:{line}: {why} is {UNREAD}") from None
                for text_selector in _split(prelude, ","):
                    try:
                        selector = _selector(text_selector)
                    except Unread as why:
                        if only_custom or not _paints(declarations):
                            continue  # a state or an exception that shows or hides: not read
                        raise ReadError(
                            f"{name}:{line}: {text_selector.strip()!r}: {why} is {UNREAD}; "
                            "the pictures' colours would be unknown"
                        ) from None
                    rules.append(Rule(selector, len(rules), tuple(declarations), conditions))
        return cls(rules)

    def _own(self, element: Element) -> dict[str, str]:
        """The declared values of the properties read here, by the cascade (no inheritance)."""
        if self.states is None:
            raise ValueError("a sheet is read in a view: Stylesheet.under(view)")
        # the cascade's order: !important, then a style attribute over the rules, then
        # specificity, then the later rule; a presentation attribute (fill="none") below all
        Rank = tuple[bool, bool, tuple[int, int, int], int]
        won: dict[str, tuple[Rank, str]] = {}

        def offer(name: str, rank: Rank, value: str) -> None:
            if name not in won or rank >= won[name][0]:
                won[name] = (rank, value)

        for rule in self._candidates(element):
            if rule.selector.matches(element, self.states):
                for name, value, important in rule.declarations:
                    offer(name, (important, False, rule.selector.specificity, rule.order), value)
        for declaration in _split(element.attrs.get("style", ""), ";"):
            name, colon, value = declaration.partition(":")
            name = name.strip()
            if colon and (name in READ or name.startswith("--")):
                important = bool(re.search(r"!\s*important\s*$", value, re.IGNORECASE))
                value = re.sub(r"\s*!\s*important\s*$", "", value, flags=re.IGNORECASE)
                offer(name, (important, True, (0, 0, 0), 0), value.strip())
        values = {name: value for name, (_rank, value) in won.items()}
        for name in READ:
            if name in element.attrs and name not in values:
                values[name] = element.attrs[name]
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


def _blank(comment: re.Match[str]) -> str:
    """A comment as the lines it spanned (so that a rule's line is the file's)."""
    return "\n" * comment.group(0).count("\n")


def _blocks(
    text: str, media: tuple[str, ...] = (), offset: int = 0, lines: str | None = None
) -> Iterator[tuple[int, tuple[str, ...], str, str]]:
    """(line, conditions, selector list, declarations) of every rule of ``text``: those
    inside a conditional at-rule (``@media``, ``@supports``) with its condition (outermost
    first); the rules of ``@keyframes``, ``@font-face``, ``@page`` and the like are not the
    page's elements' and are left out."""
    whole = text if lines is None else lines
    depth, start, prelude, opened = 0, 0, "", 0
    for brace in _BRACES.finditer(text):
        index, char = brace.start(), brace.group(0)
        if char == "{":
            if depth == 0:
                prelude, start, opened = text[start:index].strip(), index + 1, index
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                line = whole.count("\n", 0, offset + opened) + 1
                body = text[start:index]
                if not prelude.startswith("@"):
                    yield line, media, prelude, body
                elif prelude.split(None, 1)[0].lower() in CONDITIONAL:
                    yield from _blocks(body, (*media, prelude), offset + start, whole)
                start = index + 1
            elif depth < 0:
                raise ReadError("a style sheet closes a block it never opened")


CONDITIONAL = ("@media", "@supports", "@container", "@layer", "@scope", "@document")
"""The at-rules whose rules are the page's under a condition (the rest hold no style rules
of the page's elements)."""


@dataclass(frozen=True)
class View:
    """A page as one reader sees it: Material's colour scheme (on ``<body>``), the user-action
    states the element read is in (:data:`STATES`: the pointer over it), and the value of each
    ``@media`` feature (the window's ``width`` in CSS pixels, ``prefers-color-scheme`` …)."""

    scheme: str
    states: frozenset[str] = frozenset()
    features: tuple[tuple[str, object], ...] = ()

    def feature(self, name: str) -> object:
        return dict(self.features).get(name, DEFAULTS.get(name))

    def words(self) -> str:
        """The view's conditions in words, for a problem ('' for a plain page).

        >>> View("slate", STATES, (("width", 1280), ("prefers-color-scheme", "dark"))).words()
        ', 1280 px wide, prefers-color-scheme: dark, the pointer over it'
        """
        said = []
        for name, value in self.features:
            said.append(f"{value} px wide" if name == "width" else f"{name}: {value}")
        if self.states:
            said.append("the pointer over it")
        return "".join(f", {words}" for words in said)


DEFAULTS: dict[str, object] = {"width": 1280}
"""A feature's value in a view that does not name it."""
FEATURES: dict[str, tuple[object, ...]] = {
    "prefers-color-scheme": ("light", "dark"),
    "prefers-reduced-motion": ("no-preference", "reduce"),
    "prefers-contrast": ("no-preference", "more", "less", "custom"),
    "forced-colors": ("none", "active"),
    "hover": ("hover", "none"),
    "any-hover": ("hover", "none"),
    "pointer": ("fine", "coarse", "none"),
    "any-pointer": ("fine", "coarse", "none"),
    "scripting": ("enabled", "none"),
    "orientation": ("portrait", "landscape"),
    "color-gamut": ("srgb", "p3"),
    "resolution": (1.0, 2.0, 3.0),
}
"""The discrete ``@media`` features read, each with the values a reader's screen may have."""
WIDTHS = (320, 1920)
"""The narrowest and widest windows read, besides each side of every width a condition names."""
_LENGTH = re.compile(r"\s*(\d+(?:\.\d+)?|\.\d+)\s*(px|em|rem)\s*")
_RESOLUTION = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(dppx|x|dpi)\s*")


@dataclass(frozen=True)
class MediaQueries:
    """An at-rule's condition: a list of media queries, any of which holding suffices."""

    queries: tuple[tuple[bool, str, tuple[tuple[str, str], ...]], ...]
    """Each: (``not``, media type, its (feature, value) conditions, all of which must hold)."""

    @classmethod
    def parse(cls, prelude: str) -> MediaQueries:
        """``@media screen and (min-width: 60em), print`` read; :class:`Unread` for another
        at-rule or a feature or form not read here."""
        at, _, text = prelude.partition(" ")
        if at.lower() != "@media":
            raise Unread(f"the condition {prelude!r}")
        queries = []
        for query in _split(text, ","):
            words = query.strip().lower()
            negated = words.startswith("not ")
            words = re.sub(r"^(?:not|only)\s+", "", words)
            kind = "all"
            conditions = []
            for part in re.split(r"\s+and\s+", words):
                part = part.strip()
                if part in ("all", "screen", "print"):
                    kind = part
                    continue
                found = re.fullmatch(r"\(\s*([a-z-]+)\s*(?::\s*([^()]+?))?\s*\)", part)
                if not found:
                    raise Unread(f"the media query {query.strip()!r}")
                name, value = found.group(1), (found.group(2) or "").strip()
                if not _known(name, value):
                    raise Unread(f"the media feature {part!r}")
                conditions.append((name, value))
            queries.append((negated, kind, tuple(conditions)))
        return cls(tuple(queries))

    def hold(self, view: View) -> bool:
        """Whether the condition holds in ``view`` (a screen, never print)."""
        for negated, kind, conditions in self.queries:
            holds = kind != "print" and all(_holds(n, v, view) for n, v in conditions)
            if holds != negated:
                return True
        return False

    def features(self) -> dict[str, set[object]]:
        """The values of each feature it names that a view must try."""
        found: dict[str, set[object]] = {}
        for _negated, _kind, conditions in self.queries:
            for name, value in conditions:
                if name.endswith("width"):
                    edge = round(_pixels(value))
                    found.setdefault("width", set()).update({*WIDTHS, edge - 1, edge, edge + 1})
                elif name.endswith("resolution"):
                    found.setdefault("resolution", set()).update(FEATURES["resolution"])
                else:
                    found.setdefault(name, set()).update(FEATURES[name])
        return found


def _known(name: str, value: str) -> bool:
    if name in ("width", "min-width", "max-width"):
        return _LENGTH.fullmatch(value) is not None
    if name in ("resolution", "min-resolution", "max-resolution"):
        return _RESOLUTION.fullmatch(value) is not None
    return name in FEATURES and (value == "" or value in FEATURES[name])


def _pixels(value: str) -> float:
    found = _LENGTH.fullmatch(value)
    assert found is not None
    number = float(found.group(1))
    return number if found.group(2) == "px" else number * 16  # a media query's em: 16 px


def _dppx(value: str) -> float:
    found = _RESOLUTION.fullmatch(value)
    assert found is not None
    number = float(found.group(1))
    return number / 96 if found.group(2) == "dpi" else number


def _holds(name: str, value: str, view: View) -> bool:
    if name.endswith("width"):
        width = float(view.feature("width"))  # type: ignore[arg-type]
        edge = _pixels(value)
        return {"min-width": width >= edge, "max-width": width <= edge}.get(name, width == edge)
    if name.endswith("resolution"):
        dppx = float(view.feature("resolution") or 1.0)  # type: ignore[arg-type]
        edge = _dppx(value)
        return {"min-resolution": dppx >= edge, "max-resolution": dppx <= edge}.get(
            name, dppx == edge
        )
    seen = view.feature(name) or FEATURES[name][0]
    if value == "":  # (hover): true unless the feature's value is its "none"
        return seen not in ("none", "no-preference")
    return seen == value


def _product(choices: list[list[object]]) -> Iterator[tuple[object, ...]]:
    if not choices:
        yield ()
        return
    for value in choices[0]:
        for rest in _product(choices[1:]):
            yield (value, *rest)


def _every_compound(compounds: tuple[Compound, ...]) -> Iterator[Compound]:
    for compound in compounds:
        yield compound
        yield from _every_compound(compound.nots)


def _paints(declarations: list[tuple[str, str, bool]]) -> bool:
    """Whether a rule sets a colour (``fill`` or a custom property): what a picture is
    painted in, which the second path must know."""
    return any(name == "fill" or name.startswith("--") for name, _value, _important in declarations)


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
    sheets = theme_sheets()
    theme = [path.read_text(encoding="utf-8") for path in sheets]
    return Stylesheet.parse(
        *theme,
        golf_css.read_text(encoding="utf-8"),
        custom_only=(True,) * len(theme),
        names=(*(path.name for path in sheets), _shown(golf_css)),
    )


def _shown(path: Path) -> str:
    """A path as a problem names it: relative to the repository when inside it."""
    from generator.paths import ROOT

    try:
        return path.resolve().relative_to(ROOT.resolve()).as_posix()
    except ValueError:
        return str(path)
