"""The 404 pages and the sitemaps: built once without a site URL and once with one."""

import posixpath
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import generator.site.build
from generator.cli import main
from generator.i18n.catalogs import Language, shipped_languages
from generator.site.build import (
    SiteError,
    build_site,
    configured_site_url,
    language_links,
    site_url_of,
)

SITE_URL = "https://example.org/help/"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site built without a site URL: every link relative."""
    out = tmp_path_factory.mktemp("plain") / "site"
    build_site(out)
    return out


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site built with ``--site-url https://example.org/help`` (no trailing slash: it is added)."""
    out = tmp_path_factory.mktemp("served") / "site"
    assert main(["build", "--site", str(out), "--site-url", SITE_URL.rstrip("/")]) == 0
    return out


class Links(HTMLParser):
    """Every URL of a page, by kind: stylesheets, scripts, switcher links, other links."""

    def __init__(self) -> None:
        super().__init__()
        self.stylesheets: list[str] = []
        self.scripts: list[str] = []
        self.switcher: list[str] = []
        self.anchors: list[str] = []
        self.alternates: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attrs}
        if tag == "link" and a.get("rel") == "stylesheet":
            self.stylesheets.append(a["href"])
        elif tag == "link" and a.get("rel") == "alternate":
            self.alternates.append(a["href"])
        elif tag == "script" and "src" in a:
            self.scripts.append(a["src"])
        elif tag == "a" and "md-select__link" in a.get("class", ""):
            self.switcher.append(a["href"])
        elif tag == "a" and "href" in a:
            self.anchors.append(a["href"])


def links_of(page: Path) -> Links:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def is_external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme or parts.netloc) and not url.startswith(SITE_URL)


def target(site: Path, page: Path, url: str, site_url: str | None) -> Path:
    """The file ``url`` (in ``page``, of the site built into ``site``) leads to; fails on a bad URL."""
    assert not url.startswith("//"), f"{page}: {url!r} is protocol-relative (a host named ..?)"
    path = urlsplit(url).path
    if url.startswith(SITE_URL):
        path = "/" + url[len("https://example.org") :].lstrip("/")
    if path.startswith("/"):
        assert site_url is not None, f"{page}: root-relative {url!r} in a site built without a URL"
        path = posixpath.normpath(path)  # /help/nl/../en/ is /help/en/, as a browser reads it
        root = urlsplit(site_url).path
        assert path.startswith(root), f"{page}: {url!r} is outside {root!r}"
        relative = path[len(root) :]
    else:
        folder = page.parent.relative_to(site).as_posix()
        relative = posixpath.normpath(posixpath.join(folder, path))
        assert not relative.startswith(".."), f"{page}: {url!r} leaves the site"
    file = site / relative
    if url.endswith("/") or file.is_dir():
        file = file / "index.html"
    return file


def assert_resolves(site: Path, page: Path, urls: list[str], site_url: str | None) -> None:
    for url in urls:
        if is_external(url) or url.startswith("#"):
            continue
        file = target(site, page, url, site_url)
        assert file.is_file(), f"{page.relative_to(site)}: {url!r} leads to no file ({file})"


@pytest.mark.parametrize(("which", "site_url"), [("plain", None), ("served", SITE_URL)])
def test_every_404_page_links_files_that_exist(
    which: str, site_url: str | None, request: pytest.FixtureRequest
) -> None:
    site: Path = request.getfixturevalue(which)
    codes = [lang.code for lang in shipped_languages()]
    for code in codes:
        page = site / code / "404.html"
        links = links_of(page)
        local_css = [url for url in links.stylesheets if not is_external(url)]
        assert len(local_css) >= 2  # Material's stylesheet and golf.css
        assert any(url.endswith("assets/golf.css") for url in local_css)
        assert links.scripts
        assert_resolves(site, page, local_css + links.scripts + links.anchors, site_url)
        if site_url is not None:
            # root-relative, to the language's folder under the URL's path
            assert all(u.startswith(f"/help/{code}/") for u in local_css + links.scripts)
        # the switcher leads to every language's home page
        assert len(links.switcher) == len(codes)
        homes = {target(site, page, url, site_url) for url in links.switcher}
        assert homes == {site / other / "index.html" for other in codes}
        assert_resolves(site, page, links.alternates, site_url)


@pytest.mark.parametrize("which", ["plain", "served"])
def test_no_protocol_relative_dot_dot_anywhere(which: str, request: pytest.FixtureRequest) -> None:
    site: Path = request.getfixturevalue(which)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        assert "//.." not in page.read_text(encoding="utf-8"), page


@pytest.mark.parametrize(("which", "site_url"), [("plain", None), ("served", SITE_URL)])
def test_the_root_404_page_links_every_language(
    which: str, site_url: str | None, request: pytest.FixtureRequest
) -> None:
    site: Path = request.getfixturevalue(which)
    page = site / "404.html"
    links = links_of(page)
    assert links.anchors
    assert_resolves(site, page, links.anchors, site_url)
    homes = {target(site, page, url, site_url) for url in links.anchors}
    assert homes == {site / lang.code / "index.html" for lang in shipped_languages()}


def test_language_names_are_escaped_in_the_root_pages() -> None:
    odd = Language(code="xx", name='<b>A & "B"</b>', theme_language="en", shipped=False)
    assert language_links([odd], "/help/") == (
        '<a href="/help/xx/" hreflang="xx">&lt;b&gt;A &amp; &quot;B&quot;&lt;/b&gt;</a>'
    )


def test_other_pages_keep_relative_switcher_links(plain: Path) -> None:
    page = plain / "nl" / "rules" / "index.html"
    links = links_of(page)
    assert "../../en/rules/" in links.switcher
    assert_resolves(plain, page, links.switcher + links.alternates + links.stylesheets, None)


def page_urls(site: Path, code: str) -> set[str]:
    """The URL of every page of a language's site, from its built files."""
    root = site / code
    folders = [page.parent.relative_to(root).as_posix() for page in root.rglob("index.html")]
    return {
        f"{SITE_URL}{code}/" + ("" if folder == "." else f"{folder}/")
        for folder in folders
        if folder != "search"
    }


def test_sitemaps_list_every_page_under_the_site_url(served: Path) -> None:
    for lang in shipped_languages():
        tree = ET.parse(served / lang.code / "sitemap.xml")
        locs = {loc.text for loc in tree.iter(f"{SITEMAP}loc")}
        assert locs == page_urls(served, lang.code)
        assert f"{SITE_URL}{lang.code}/" in locs
    nl = {loc.text for loc in ET.parse(served / "nl" / "sitemap.xml").iter(f"{SITEMAP}loc")}
    assert f"{SITE_URL}nl/rules/" in nl
    assert f"{SITE_URL}nl/six-card-golf/" in nl
    index = ET.parse(served / "sitemap.xml")
    assert [loc.text for loc in index.iter(f"{SITEMAP}loc")] == [
        f"{SITE_URL}{lang.code}/sitemap.xml" for lang in shipped_languages()
    ]


def test_without_a_site_url_the_sitemaps_are_empty(plain: Path) -> None:
    for lang in shipped_languages():
        tree = ET.parse(plain / lang.code / "sitemap.xml")
        assert list(tree.iter(f"{SITEMAP}loc")) == []
    assert not (plain / "sitemap.xml").exists()


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://example.org/help", "https://example.org/help/"),
        ("http://localhost:8000/", "http://localhost:8000/"),
        (" https://example.org ", "https://example.org/"),
    ],
)
def test_site_urls_are_normalised(given: str, expected: str) -> None:
    assert site_url_of(given, "--site-url") == expected


@pytest.mark.parametrize(
    "bad",
    ["ftp://example.org/", "example.org/help/", "https:///help/", "https://a b/", "http://[::1"],
)
def test_a_bad_site_url_is_one_line_and_builds_nothing(
    bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert main(["build", "--site", str(out), "--site-url", bad]) == 1
    err = capsys.readouterr().err
    assert err == f"error: --site-url: {bad!r} is not an http or https URL with a host " + (
        "(like 'https://example.org/help/')\n"
    )
    assert not out.exists()


def test_mkdocs_yml_site_url_is_read_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    yml = tmp_path / "mkdocs.yml"
    monkeypatch.setattr(generator.site.build, "MKDOCS_YML", yml)
    yml.write_text("site_name: Golf\n# site_url: https://example.org/\n", encoding="utf-8")
    assert configured_site_url() is None
    yml.write_text("site_name: Golf\nsite_url: ''\n", encoding="utf-8")
    assert configured_site_url() is None
    yml.write_text("site_name: Golf\nsite_url: https://example.org/golf\n", encoding="utf-8")
    assert configured_site_url() == "https://example.org/golf/"
    yml.write_text("site_name: Golf\n\nsite_url: mailto:me@example.org\n", encoding="utf-8")
    with pytest.raises(SiteError, match=rf"^{yml}:3: site_url: 'mailto:me@example.org' is not"):
        configured_site_url()


def png_pixel(png: bytes, x: int, y: int) -> tuple[int, int, int]:
    """The colour of one pixel of an 8-bit RGB or RGBA PNG (what Chromium writes)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, header = 8, b"", b""
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        header = body if kind == b"IHDR" else header
        data += body if kind == b"IDAT" else b""
        pos += 12 + length
    width, _, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    size = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(data), width * size
    previous = bytearray(stride)
    for row in range(y + 1):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + guess) & 0xFF
        previous = line
    r, g, b = previous[x * size : x * size + 3]
    return r, g, b


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs chromium")
def test_a_404_page_opened_from_disk_is_styled(plain: Path, tmp_path: Path) -> None:
    shot = tmp_path / "404.png"
    subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--window-size=800,400",
            f"--screenshot={shot}",
            (plain / "nl" / "404.html").as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    # the site's green header bar across the top, #2e7d32 (golf.css); unstyled, the page shows
    # a giant black logo there
    r, g, b = png_pixel(shot.read_bytes(), 400, 20)
    assert max(abs(r - 0x2E), abs(g - 0x7D), abs(b - 0x32)) <= 8, (r, g, b)
