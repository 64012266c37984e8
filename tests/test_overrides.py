"""The theme overrides (``docs_src/overrides/``) under both template engines: Jinja2, which MkDocs
renders them with, and MiniJinja, which Zensical renders them with (the ``minijinja`` package
of PyPI, as Zensical 0.0.73 sets it up: no Python string methods, no autoescaping).

Each case gives both engines the same data, each in the shape its builder hands it: MkDocs a
navigation object that is a list of its items (pages and sections with attributes), Zensical
plain maps (its navigation a map that holds the items, a loop over it gives its keys). The
theme's own templates are stood in for by the least that the overrides extend and include.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

import jinja2
import minijinja
import pytest

from generator.i18n.catalogs import ROOT

OVERRIDES = ROOT / "docs_src" / "overrides"

STUBS = {
    # the theme's base.html: the blocks the overrides fill, the partials its header includes
    "base.html": (
        "{% block extrahead %}{% endblock %}\n"
        '{% include "partials/alternate.html" %}\n'
        '{% include "partials/search.html" %}\n'
        "{% block content %}{% endblock %}\n"
    ),
    **{
        f".icons/material/{name}.svg": f"<svg>{name}</svg>"
        for name in ("translate", "magnify", "arrow-left", "close")
    },
}


def source(name: str) -> str | None:
    if name in STUBS:
        return STUBS[name]
    path = OVERRIDES / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


# -- MkDocs' shapes: objects with attributes --------------------------------


@dataclass
class Page:
    title: str
    url: str
    children: None = None


@dataclass
class Section:
    title: str
    children: list[Page]


class Navigation:
    """Like ``mkdocs.structure.nav.Navigation``: its ``items``, and a loop over it gives them."""

    def __init__(self, items: list[Page | Section]) -> None:
        self.items = items

    def __iter__(self) -> Iterator[Page | Section]:
        return iter(self.items)


class Lang:
    """The theme's ``lang.t``: a translation by key (here the key itself, marked)."""

    def t(self, key: str) -> str:
        return f"T({key})"


NAV = [
    ("Golf", ""),
    ("Golf patience", [("The rules", "rules/"), ("Examples", "examples/")]),
    ("Golf, the card game", [("How to play", "six-card-golf/")]),
]
"""The navigation as (title, url) for a page, (title, [pages]) for a section."""


def mkdocs_nav() -> Navigation:
    return Navigation(
        [
            Page(title, target)
            if isinstance(target, str)
            else Section(title, [Page(*child) for child in target])
            for title, target in NAV
        ]
    )


def zensical_nav() -> dict[str, Any]:
    """The map Zensical 0.0.73 hands the templates (its keys as ``{{ nav }}`` prints them)."""

    def page(title: str, url: str) -> dict[str, Any]:
        return {"title": title, "url": url, "children": [], "meta": {}}

    items = [
        page(title, target)
        if isinstance(target, str)
        else {"title": title, "url": None, "children": [page(*c) for c in target], "meta": None}
        for title, target in NAV
    ]
    return {"items": items, "pages": [], "homepage": items[0], "hash": 1}


def config(site_url: str | None, builder: str, offline: bool = False) -> dict[str, Any]:
    return {
        "site_url": site_url,
        "use_directory_urls": not offline,
        "theme": {"icon": {}},
        "extra": {
            "alternate": [
                {"name": "English", "lang": "en", "link": "../en/"},
                {"name": "Nederlands", "lang": "nl", "link": "../nl/"},
            ],
            "not_found": "404 - Not found",
            "not_found_lead": "Go on here:",
            **({"generator_builder": builder} if builder == "zensical" else {}),
        },
    }


# -- the engines --------------------------------------------------------------


def url_jinja2(context: Any, value: str) -> str:
    """MkDocs' ``url`` filter, for a page's link: ``base_url`` before it."""
    return f"{context['base_url']}/{value}"


def url_minijinja(state: Any, value: str) -> str:
    return f"{state.lookup('base_url')}/{value}"


def render_jinja2(name: str, context: dict[str, Any]) -> str:
    env = jinja2.Environment(loader=jinja2.FunctionLoader(source))  # MkDocs: no autoescape
    env.filters["url"] = jinja2.pass_context(url_jinja2)
    return env.get_template(name).render(context)


def render_minijinja(name: str, context: dict[str, Any]) -> str:
    env = minijinja.Environment(
        loader=source, pycompat=False, auto_escape_callback=lambda name: False
    )
    env.add_filter("url", minijinja.pass_state(url_minijinja))
    return str(env.render_template(name, **context))


def rendered(name: str, base_url: str, page: str | None, site_url: str | None, **more: Any) -> str:
    """``name`` rendered by both engines with the same data; fails unless they agree."""
    shared = {"base_url": base_url, "lang": Lang(), "features": []}
    jinja = render_jinja2(
        name,
        {
            **shared,
            "page": Page("A page", page) if page is not None else None,
            "nav": mkdocs_nav(),
            "config": config(site_url, "mkdocs", **more),
        },
    )
    mini = render_minijinja(
        name,
        {
            **shared,
            # Zensical's 404 page is a map without a url
            "page": {"title": "A page", "url": page} if page is not None else {"toc": []},
            "nav": zensical_nav(),
            "config": config(site_url, "mkdocs", **more),
        },
    )
    assert _lines(mini) == _lines(jinja)
    return jinja


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def scope(text: str, page_url: str) -> str:
    """Where ``__md_scope`` (main.html) points, seen from ``page_url``."""
    found = re.search(r'__md_scope = new URL\("([^"]*)"', text)
    assert found, "no __md_scope"
    return urljoin(page_url, found[1])


def switcher(text: str, page_url: str) -> dict[str, str]:
    """The language switcher's links (partials/alternate.html), resolved from ``page_url``."""
    return {
        lang: urljoin(page_url, href)
        for href, lang in re.findall(r'<a href="([^"]*)" hreflang="([^"]*)"', text)
    }


# -- the cases ---------------------------------------------------------------

HOST = "http://example.org"


@pytest.mark.parametrize(
    ("base_url", "page", "at"),
    [
        (".", "", "/help/nl/"),  # the home page
        ("..", "rules/", "/help/nl/rules/"),
        ("../..", "a/b/", "/help/nl/a/b/"),
    ],
)
@pytest.mark.parametrize("site_url", [None, f"{HOST}/help/nl/"])
def test_a_page_scopes_to_the_languages_folder_and_switches_to_the_same_page(
    base_url: str, page: str, at: str, site_url: str | None
) -> None:
    text = rendered("main.html", base_url, page, site_url)
    here = HOST + at
    assert scope(text, here) == f"{HOST}/help/"
    assert switcher(text, here) == {code: f"{HOST}/help/{code}/{page}" for code in ("en", "nl")}


@pytest.mark.parametrize("base_url", ["/help/nl/", "/help/nl"])  # MkDocs', Zensical's
def test_the_404_page_with_a_site_url(base_url: str) -> None:
    text = rendered("404.html", base_url, None, f"{HOST}/help/nl/")
    missing = f"{HOST}/help/nl/no/such/page/"  # a server shows it for any missing page
    assert scope(text, missing) == f"{HOST}/help/"
    assert switcher(text, missing) == {code: f"{HOST}/help/{code}/" for code in ("en", "nl")}


@pytest.mark.parametrize("offline", [False, True])
def test_the_404_page_without_a_site_url(offline: bool) -> None:
    """Both builders hand it ``/``; the page makes every link relative to its own folder."""
    text = rendered("404.html", "/", None, None, offline=offline)
    page = f"{HOST}/help/nl/404.html"
    assert scope(text, page) == f"{HOST}/help/"
    home = "index.html" if offline else ""
    assert switcher(text, page) == {code: f"{HOST}/help/{code}/{home}" for code in ("en", "nl")}
    lead_on = re.findall(r'<li><a href="([^"]*)">([^<]*)</a></li>', text)
    assert [(urljoin(page, href), title) for href, title in lead_on] == [
        (f"{HOST}/help/nl/", "Golf"),
        (f"{HOST}/help/nl/rules/", "The rules"),
        (f"{HOST}/help/nl/examples/", "Examples"),
        (f"{HOST}/help/nl/six-card-golf/", "How to play"),
    ]


def test_the_search_partial_is_the_builders_own() -> None:
    """Material's search box for MkDocs, Zensical's button for Zensical (its script draws the
    rest); each dialog has a name."""

    def search(builder: str) -> str:
        context = {
            "base_url": ".",
            "lang": Lang(),
            "features": [],
            "config": config(None, builder),
        }
        text = render_jinja2("partials/search.html", context)
        assert _lines(render_minijinja("partials/search.html", context)) == _lines(text)
        return text

    material, zensical = search("mkdocs"), search("zensical")
    assert 'class="md-search__input"' in material and "md-search__button" not in material
    assert 'class="md-search__button"' in zensical and "md-search__input" not in zensical
    for text in (material, zensical):
        assert 'role="dialog" aria-label="T(search)"' in text
