"""``python -m generator build --builder zensical``: the site Zensical builds, without and with a
site URL, read as MkDocs' is read: every page's text is its approved text, the search index holds
the pictures' text and not their drawing, the 404 pages lead on, the sitemaps list the pages.

The browser's checks of the Zensical site are ``tests/browser/test_zensical.py``.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

import generator.site.build
from generator.cli import build_parser, main
from generator.i18n.catalogs import shipped_languages
from generator.site import build
from generator.site.approval import approved_problems, page_names
from generator.site.build import SiteError, build_site
from generator.site.pagetext import page_text
from tests.test_notfound import (
    SITE_URL,
    SITEMAP,
    Links,
    assert_resolves,
    links_of,
    page_urls,
    target,
)

pytestmark = pytest.mark.xdist_group("zensical")


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Zensical site built without a site URL: every link relative."""
    out = tmp_path_factory.mktemp("zensical-plain") / "site"
    build_site(out, builder="zensical")
    return out


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Zensical site built with ``--site-url https://example.org/help/``."""
    out = tmp_path_factory.mktemp("zensical-served") / "site"
    build_site(out, site_url=SITE_URL, builder="zensical")
    return out


def page_file(site: Path, code: str, page: str) -> Path:
    return site / code / ("index.html" if page == "index" else f"{page}/index.html")


def test_every_title_is_the_page_s_then_the_site_s_name(plain: Path) -> None:
    """Each page's ``<title>`` as MkDocs with Material writes it: its title (its front matter's,
    else its heading), then the site's name; the home page (whose heading is the site's name)
    the site's name alone."""
    from mkdocs.utils.meta import get_data

    from generator.site.render import render_language

    wrong = []
    for language in shipped_languages():
        rendered = render_language(language)
        for page in page_names():
            html = page_file(plain, language.code, page).read_text(encoding="utf-8")
            title = re.search(r"<title>(.*?)</title>", html, re.S)
            heading = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)
            assert title and heading, f"{language.code}/{page}: no title or no heading"
            name = re.sub(r"<[^>]+>", "", heading.group(1)).strip()
            meta_title = get_data(rendered[f"{page}.md"])[1].get("title")
            name = str(meta_title) if meta_title else name
            site = re.search(
                r'class="md-header__topic"[^>]*>\s*<span class="md-ellipsis">\s*(.*?)\s*<', html
            )
            assert site, f"{language.code}/{page}: no site name in the header"
            said = unescape(title.group(1).strip())
            expected = (
                unescape(site.group(1))
                if page == "index"
                else f"{unescape(name)} - {unescape(site.group(1))}"
            )
            # Zensical writes a title's no-break spaces (French "Golf\u202f?") as spaces; a title
            # is one line, where the two read alike
            if re.sub(r"\s+", " ", said) != re.sub(r"\s+", " ", expected):
                wrong.append(f"{language.code}/{page}: {said!r}, not {expected!r}")
    assert not wrong, wrong


def test_every_page_reads_as_its_approved_text(plain: Path) -> None:
    """What ``check``'s ``pages`` part holds MkDocs' pages to: ``docs_src/approved/``."""
    problems = []
    for language in shipped_languages():
        for page in page_names():
            html = page_file(plain, language.code, page).read_text(encoding="utf-8")
            problems += approved_problems(language, page, page_text(html, pictures=True))
    assert not problems, "\n".join(problems)


class _Pictures(HTMLParser):
    """The text of every ``<title>`` inside an ``<svg>`` of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.titles: list[str] = []
        self._depth = 0
        self._title: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._depth += tag == "svg"
        if tag == "title" and self._depth:
            self._title = ""

    def handle_endtag(self, tag: str) -> None:
        self._depth -= tag == "svg"
        if tag == "title" and self._title is not None:
            self.titles.append(" ".join(self._title.split()))
            self._title = None

    def handle_data(self, data: str) -> None:
        if self._title is not None:
            self._title += data


DRAWING = ("<svg", "<rect", "<path", "<style", "viewBox", 'class="card')
"""What of a picture's drawing a search index must not hold."""


def index_problems(site: Path, code: str) -> list[str]:
    """Where ``<code>/search.json`` lacks a picture's title of the rules page, or holds drawing."""
    items = json.loads((site / code / "search.json").read_text(encoding="utf-8"))["items"]
    text = " ".join(" ".join(str(item["text"]).split()) for item in items)
    pictures = _Pictures()
    pictures.feed(page_file(site, code, "rules").read_text(encoding="utf-8"))
    assert pictures.titles, "the rules page has no picture"
    problems = [f"no picture titled {title!r}" for title in pictures.titles if title not in text]
    problems += [f"drawing in the index: {bit!r}" for bit in DRAWING if bit in text]
    return problems


@pytest.mark.parametrize("code", [language.code for language in shipped_languages()])
def test_the_search_index_holds_the_pictures_text_not_their_drawing(plain: Path, code: str) -> None:
    """What the MkDocs hook gives Material's index (``placeholders.for_search``), Zensical's
    index holds without a hook."""
    assert index_problems(plain, code) == []


def test_the_index_check_sees_a_drawing(plain: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "en" / "rules").mkdir(parents=True)
    rules = page_file(plain, "en", "rules").read_text(encoding="utf-8")
    (site / "en" / "rules" / "index.html").write_text(rules, encoding="utf-8")
    index = json.loads((plain / "en" / "search.json").read_text(encoding="utf-8"))
    index["items"][0]["text"] += '<svg viewBox="0 0 1 1"><rect/></svg>'
    (site / "en" / "search.json").write_text(json.dumps(index), encoding="utf-8")
    assert "drawing in the index: '<svg'" in index_problems(site, "en")


@pytest.mark.parametrize(("which", "site_url"), [("plain", None), ("served", SITE_URL)])
def test_every_404_page_leads_on_by_links_that_resolve(
    which: str, site_url: str | None, request: pytest.FixtureRequest
) -> None:
    """Styles, scripts, navigation, switcher: relative without a site URL (Zensical made its
    navigation's root-relative), root-relative to the URL's path with one. The page's own list
    leads to every page of the language."""
    site: Path = request.getfixturevalue(which)
    codes = [lang.code for lang in shipped_languages()]
    for code in codes:
        page = site / code / "404.html"
        links = links_of(page)
        local_css = [url for url in links.stylesheets if url.startswith(("/", "."))]
        assert any(url.endswith("assets/golf.css") for url in local_css)
        assert links.scripts
        assert_resolves(site, page, local_css + links.scripts + links.anchors, site_url)
        if site_url is not None:
            assert all(u.startswith(f"/help/{code}/") for u in local_css + links.scripts)
        homes = {target(site, page, url, site_url) for url in links.switcher}
        assert homes == {site / other / "index.html" for other in codes}
        led_to = {target(site, page, url, site_url) for url in lead_on_links(page)}
        assert led_to == {page_file(site, code, name) for name in page_names()}


def lead_on_links(page: Path) -> list[str]:
    """The links of a 404 page's own list (``ul.golf-lead-on``, up to its search button)."""
    text = page.read_text(encoding="utf-8")
    found = Links()
    found.feed(text.split('class="golf-lead-on"', 1)[1].split("data-golf-search", 1)[0])
    return found.anchors


@pytest.mark.parametrize(("which", "site_url"), [("plain", None), ("served", SITE_URL)])
def test_every_link_of_every_page_leads_to_a_file(
    which: str, site_url: str | None, request: pytest.FixtureRequest
) -> None:
    """Styles, scripts, links, the switcher's and ``<link rel="alternate">``'s of every page of
    every language (the browser opens the first language's)."""
    site: Path = request.getfixturevalue(which)
    pages = sorted(site.glob("*/**/index.html"))
    assert len(pages) == len(shipped_languages()) * len(page_names())
    for page in pages:
        links = links_of(page)
        assert links.stylesheets and links.scripts and links.anchors and links.switcher, page
        urls = links.stylesheets + links.scripts + links.anchors + links.switcher
        assert_resolves(site, page, urls + links.alternates, site_url)


def test_sitemaps_list_every_page_under_the_site_url(served: Path, plain: Path) -> None:
    for lang in shipped_languages():
        locs = {
            loc.text for loc in ET.parse(served / lang.code / "sitemap.xml").iter(f"{SITEMAP}loc")
        }
        assert locs == page_urls(served, lang.code)
        assert list(ET.parse(plain / lang.code / "sitemap.xml").iter(f"{SITEMAP}loc")) == []


def test_without_zensical_the_build_is_one_line_and_publishes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(generator.site.build, "find_spec", lambda name: None)
    out = tmp_path / "site"
    assert main(["build", "--builder", "zensical", "--site", str(out)]) == 1
    assert capsys.readouterr().err == (
        "error: --builder zensical: Zensical is not installed; pip install '.[zensical]'\n"
    )
    assert sorted(tmp_path.iterdir()) == []


def test_a_zensical_warning_is_one_line_without_colour(tmp_path: Path) -> None:
    """Zensical's strict mode (``strict: true`` in mkdocs.yml) stops at a link to no page; its
    message, drawn in colour as a box, is one line naming the file and the line."""
    en = next(lang for lang in shipped_languages() if lang.code == "en")
    rendered = build.render_all([en])
    rendered["en"]["sources.md"] += "\n[A link](no-such-page.md)\n"
    lines = rendered["en"]["sources.md"].count("\n")
    jobs = build.stage_languages(tmp_path, [en], rendered, None, False, builder="zensical")
    with pytest.raises(SiteError) as failed:
        build.zensical_build(*jobs[0])
    message = str(failed.value)
    assert message.startswith(f"{build.MKDOCS_YML}:1: the en site did not build with Zensical: ")
    assert f"sources.md:{lines}:" in message and "page does not exist" in message
    assert "\n" not in message and "\x1b" not in message


def test_the_command_line_offers_the_builders_the_build_knows() -> None:
    commands = next(a for a in build_parser()._actions if a.dest == "command")
    option = next(a for a in commands.choices["build"]._actions if a.dest == "builder")
    assert tuple(option.choices) == build.BUILDERS
    assert option.default == build.BUILDERS[0] == "mkdocs"
