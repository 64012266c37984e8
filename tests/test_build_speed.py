"""What makes the build fast changes nothing on the pages; the offline site; the configs it writes."""

import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import jinja2
import markdown
import pytest
import yaml

import generator.site.build as build
import generator.site.render as render
from generator.check import run_checks
from generator.cli import main
from generator.i18n.catalogs import ROOT, shipped_languages, translations
from generator.i18n.words import NOT_FOUND_TITLE
from generator.site.pagetext import MARKDOWN_EXTENSIONS
from generator.site.placeholders import join_pictures, split_pictures


def test_pictures_out_of_markdown_make_the_same_html() -> None:
    """Markdown of a page with placeholders, pictures put back, is Markdown of the page itself."""
    for language in shipped_languages():
        for name, text in build.render_all([language])[language.code].items():
            if not name.endswith(".md"):
                continue
            kept, pictures = split_pictures(text)
            assert "<svg" not in kept
            assert len(pictures) == text.count("<svg")
            whole = markdown.markdown(text, extensions=MARKDOWN_EXTENSIONS)
            parts = join_pictures(markdown.markdown(kept, extensions=MARKDOWN_EXTENSIONS), pictures)
            assert parts == whole, (language.code, name)


def test_a_placeholder_the_page_did_not_make_stays_as_it_is() -> None:
    assert join_pictures("<p><!--golf-picture-0--></p>", []) == "<p><!--golf-picture-0--></p>"


def _tree(folder: Path) -> dict[str, bytes]:
    # sitemap.xml.gz holds the time it was written
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.suffix != ".gz"
    }


def test_a_bare_mkdocs_build_of_a_written_config_makes_the_same_site(tmp_path: Path) -> None:
    """The configs hold relative paths and no hook: `mkdocs build -f` (or Zensical) reads them
    from anywhere, and the hook (placeholders, theme cache) changes no byte of the site."""
    from mkdocs.commands.build import build as mkdocs
    from mkdocs.config import load_config

    all_languages = shipped_languages()
    nl = next(lang for lang in all_languages if lang.code == "nl")
    staging = tmp_path / "staging"
    (config_file, code), *_ = build.stage_languages(
        staging, [nl], build.render_all([nl]), None, offline=False
    )
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    assert (config["docs_dir"], config["site_dir"]) == ("docs/nl", "site/nl")
    assert (staging / config["theme"]["custom_dir"]).resolve() == ROOT / "docs_src" / "overrides"
    assert config["theme"]["variant"] == "classic"
    assert "hooks" not in config
    moved = tmp_path / "moved"  # relative paths: the staging folder can move
    shutil.move(staging, moved)
    config_file = moved / config_file.name
    config["theme"]["custom_dir"] = str(ROOT / "docs_src" / "overrides")
    config_file.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    mkdocs(load_config(str(config_file)))
    bare = _tree(moved / "site" / "nl")
    shutil.rmtree(moved / "site")
    build.mkdocs_build(config_file, code)
    hooked = _tree(moved / "site" / "nl")
    assert "rules/index.html" in bare
    assert bare.keys() == hooked.keys()
    assert [name for name in bare if bare[name] != hooked[name]] == []


def test_the_theme_is_compiled_once_per_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    en = next(lang for lang in shipped_languages() if lang.code == "en")
    jobs = build.stage_languages(tmp_path, [en], build.render_all([en]), None, offline=False)
    compiled: list[str | None] = []
    real = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: Any, name: str | None = None, *a: Any) -> Any:
        compiled.append(name)
        return real(self, source, name, *a)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    monkeypatch.setattr(build, "THEME_CACHE", type(build.THEME_CACHE)())
    build.mkdocs_build(*jobs[0])
    assert "main.html" in compiled and "404.html" in compiled
    compiled.clear()
    build.mkdocs_build(*jobs[0])
    assert compiled == []


def test_check_renders_every_language_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = render.render_language

    def counting(language: Any, *args: Any, **kwargs: Any) -> dict[str, str]:
        calls.append(language.code)
        return real(language, *args, **kwargs)

    monkeypatch.setattr(render, "render_language", counting)
    monkeypatch.setattr(build, "render_language", counting)
    assert run_checks(["pages", "site"]) == []
    assert sorted(calls) == sorted(lang.code for lang in shipped_languages())


# -- the offline site ---------------------------------------------------------


SOURCE_URLS = {
    entry["url"]
    for entry in yaml.safe_load((ROOT / "generator/data/sources.yaml").read_text(encoding="utf-8"))[
        "sources"
    ].values()
    if entry.get("url")
}
"""The only outside addresses a page may name: the sources page's links to its sources."""


class _Urls(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if tag == "a" and name == "href" and value in SOURCE_URLS:
                continue  # a link a reader may follow, not a request the page makes
            if name in ("href", "src") and value:
                self.urls.append(value)
            if name == "content" and value and "url=" in value:
                self.urls.append(value.split("url=", 1)[1])


@pytest.fixture(scope="module")
def offline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("offline") / "site"
    assert main(["build", "--offline", "--site", str(out)]) == 0
    return out


def test_every_link_of_the_offline_site_names_a_file_in_it(offline: Path) -> None:
    pages = sorted(offline.rglob("*.html"))
    assert offline / "index.html" in pages and offline / "nl" / "rules.html" in pages
    for page in pages:
        parser = _Urls()
        parser.feed(page.read_text(encoding="utf-8"))
        assert parser.urls, page
        for url in parser.urls:
            assert not re.match(r"(https?:)?//", url), (page, url)  # nothing from outside
            path = url.split("#")[0].split("?")[0]
            if not path or url.startswith(("mailto:", "data:", "javascript:")):
                continue
            target = (page.parent / path).resolve()
            assert target.is_file(), (page.relative_to(offline), url)


def test_the_offline_site_searches_without_a_server(offline: Path) -> None:
    for language in shipped_languages():
        folder = offline / language.code
        index = (folder / "search" / "search_index.js").read_text(encoding="utf-8")
        assert index.startswith("var __index = {")
        page = (folder / "rules.html").read_text(encoding="utf-8")
        assert '<script src="assets/iframe-worker/shim.js"></script>' in page
        assert "unpkg.com" not in page
        # Material's script would fetch the sitemap.xml beside each, refused from file://
        for name in ("rules.html", "404.html"):
            assert 'rel="alternate"' not in (folder / name).read_text(encoding="utf-8")
    shipped = (offline / "en" / "assets" / "iframe-worker" / "shim.js").read_bytes()
    assert shipped == build.OFFLINE_SHIM.read_bytes()


def test_the_404_heading_is_in_the_page_s_language(offline: Path) -> None:
    headings = set()
    for language in shipped_languages():
        page = (offline / language.code / "404.html").read_text(encoding="utf-8")
        expected = translations(language, fallback_warning=False).gettext(NOT_FOUND_TITLE)
        assert f"<h1>{expected}</h1>" in page
        headings.add(expected)
    assert len(headings) == len(shipped_languages())  # every language has its own words


def test_offline_and_a_site_url_do_not_go_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert (
        main(["build", "--offline", "--site-url", "https://example.org/", "--site", str(out)]) == 1
    )
    assert capsys.readouterr().err == (
        "error: --offline: a site opened from disk has no site URL; leave out --site-url\n"
    )
    assert not out.exists()


def test_the_theme_listing_key_changes_with_any_file_name(tmp_path: Path) -> None:
    from generator.site import mkdocs_hook

    theme = tmp_path / "theme"
    (theme / "partials").mkdir(parents=True)
    (theme / "main.html").write_text("x")
    roots = (str(theme), str(tmp_path / "missing"))
    before = mkdocs_hook._file_names(roots)
    (theme / "main.html").write_text("changed")  # a file's text: the same names
    assert mkdocs_hook._file_names(roots) == before
    stamp = (theme / "partials").stat().st_mtime_ns
    (theme / "partials" / "new.html").write_text("y")  # a name added, its folder's time put back
    os.utime(theme / "partials", ns=(stamp, stamp))
    added = mkdocs_hook._file_names(roots)
    assert added != before
    (theme / "partials" / "new.html").rename(theme / "partials" / "old.html")
    assert mkdocs_hook._file_names(roots) not in (before, added)
    (tmp_path / "missing").mkdir()
    (tmp_path / "missing" / "main.html").write_text("x")  # the same name in another root
    assert mkdocs_hook._file_names(roots) not in (before, added)


def test_the_build_lists_the_theme_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built twice in fresh processes' state, the theme's files are listed once, and the site is
    the same."""
    from generator import cache

    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")

    monkeypatch.delenv(cache.DIR_VARIABLE, raising=False)
    en = next(lang for lang in shipped_languages() if lang.code == "en")
    jobs = build.stage_languages(tmp_path / "s", [en], build.render_all([en]), None, offline=False)
    overrides = tmp_path / "overrides"  # a copy: files are added to it below
    shutil.copytree(ROOT / "docs_src" / "overrides", overrides)
    config = yaml.safe_load(jobs[0][0].read_text(encoding="utf-8"))
    config["theme"]["custom_dir"] = str(overrides)
    jobs[0][0].write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    listings: list[object] = []
    real = jinja2.Environment.list_templates

    def counting(self: jinja2.Environment, *args: Any, **kwargs: Any) -> list[str]:
        listings.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "list_templates", counting)
    trees = []
    for _ in range(2):
        monkeypatch.setattr(build, "THEME_FILES", {})  # a new process
        build.mkdocs_build(*jobs[0])
        trees.append(_tree(tmp_path / "s" / "site" / "en"))
    assert len(listings) == 1 and trees[0] == trees[1]
    # a file added to the overrides (its folder's time put back, as tar and rsync do) is listed
    stamp = overrides.stat().st_mtime_ns
    (overrides / "golf-test-added.txt").write_text("added")
    os.utime(overrides, ns=(stamp, stamp))
    monkeypatch.setattr(build, "THEME_FILES", {})
    build.mkdocs_build(*jobs[0])
    assert len(listings) == 2
    assert (tmp_path / "s" / "site" / "en" / "golf-test-added.txt").exists()
