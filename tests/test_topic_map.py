"""The topic map the build writes (issue 48), read from built sites: it validates against its
schema, every address opens its topic in every language, served and offline; a heading reworded in
a catalog keeps every address; a retired topic opens its successor; and the archives an app ships
(``bundle``) hold the offline site and its map within their budget."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from generator.i18n.catalogs import shipped_languages, translations
from generator.i18n.words import APP_MESSAGES
from generator.site import bundle
from generator.site.build import build_site, render_all, site_languages_with
from generator.site.render import PAGES
from generator.site.topicmark import topic_mark
from generator.site.topics import MAP_NAME, TOPICS_YAML, load_topics, page_problems, topic_map
from tests.test_topics import LISTED, retire, validate


@pytest.fixture(scope="module")
def rendered() -> dict[str, dict[str, str]]:
    return render_all(site_languages_with())


@pytest.fixture(scope="module")
def sites(
    tmp_path_factory: pytest.TempPathFactory, rendered: dict[str, dict[str, str]]
) -> dict[str, Path]:
    """The site built served (folders) and offline (files), from the same rendered pages."""
    out = tmp_path_factory.mktemp("topics")
    build_site(out / "served", rendered=rendered)
    build_site(out / "offline", rendered=rendered, offline=True)
    return {"served": out / "served", "offline": out / "offline"}


def built_map(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / MAP_NAME).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("kind", ["served", "offline"])
def test_the_built_topic_map_validates_and_every_address_is_in_its_page(
    sites: dict[str, Path], kind: str
) -> None:
    """The map validates against ``docs_src/topics.schema.json``; it lists every topic of the
    list and every app message; each address names a built file that holds the topic's mark
    once, right before a heading (a page's: right after its title) that reads the map's
    title."""
    data = built_map(sites[kind])
    validate(data)
    assert data["offline"] is (kind == "offline")
    assert set(data["topics"]) == set(LISTED.topics) | set(LISTED.retired)
    assert set(data["messages"]) == set(APP_MESSAGES)
    for name, message in data["messages"].items():
        assert message["topic"] == LISTED.messages[name], name
        assert (message["msgid"], message.get("msgid_plural")) == APP_MESSAGES[name], name
    codes = [language.code for language in shipped_languages()]
    assert [language["code"] for language in data["languages"]] == codes
    for topic, entry in data["topics"].items():
        assert set(entry["addresses"]) == set(codes) == set(entry["titles"]), topic
        for code, address in entry["addresses"].items():
            path, fragment = address.split("#")
            file = sites[kind] / path
            file = file / "index.html" if path.endswith("/") or not path else file
            assert fragment == topic
            html = file.read_text(encoding="utf-8")
            mark = str(topic_mark(topic)).strip()
            assert html.count(mark) == 1, address
            before, after = (part.strip() for part in html.split(mark, 1))
            if before.endswith("</h1>"):  # a page's topic: right after its title
                heading = before.rsplit("<h1", 1)[1]
            else:  # a section's: right before its heading
                assert after.startswith(("<h1", "<h2")), address
                heading = after.split("</h", 1)[0]
            assert entry["titles"][code] in heading, address


class Reworded:
    """A language's translations with one message given other words (a translator's edit)."""

    def __init__(self, t: Any, msgid: str, words: str) -> None:
        self.t, self.msgid, self.words = t, msgid, words

    def gettext(self, message: str) -> str:
        return self.words if message == self.msgid else str(self.t.gettext(message))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.t, name)


def test_a_reworded_heading_keeps_every_topic_address(
    tmp_path: Path, sites: dict[str, Path]
) -> None:
    """The Dutch heading of the legal moves reworded in the catalog: the heading's own id (made
    from its words) changes, every topic's address stays, and the map gives the new title."""
    languages = site_languages_with()
    nl = next(language for language in languages if language.code == "nl")
    t = translations(nl)
    before = built_map(sites["served"])
    topic = LISTED.messages["not-adjacent"]
    old_title = before["topics"][topic]["titles"]["nl"]
    ts = {language.code: translations(language) for language in languages}
    ts["nl"] = Reworded(t, "Legal moves", "Wat je mag spelen")  # type: ignore[assignment]
    assert str(t.gettext("Legal moves")) == old_title  # the message reworded is the heading
    build_site(tmp_path / "site", rendered=render_all(languages, ts))
    after = built_map(tmp_path / "site")
    assert after["topics"][topic]["titles"]["nl"] == "Wat je mag spelen"
    for name, entry in before["topics"].items():
        assert after["topics"][name]["addresses"] == entry["addresses"], name
    page = (tmp_path / "site" / "nl" / "rules" / "index.html").read_text(encoding="utf-8")
    old_page = (sites["served"] / "nl" / "rules" / "index.html").read_text(encoding="utf-8")
    heading_ids = [
        text.split('"')[1] for text in old_page.split("<h2 id=")[1:] if "toegestane" in text
    ]
    assert heading_ids and f'id="{heading_ids[0]}"' not in page  # the words' id moved


def test_a_retired_topic_opens_its_successor_in_every_language(
    sites: dict[str, Path], rendered: dict[str, dict[str, str]]
) -> None:
    """The recipe of docs/dev/topics.md: a section goes, its topic moves under retired with a
    successor; the map then gives the retired topic the successor's address and titles, in
    every language, and the pages without its mark pass."""
    gone, successor = "patience.tips", "patience.end"
    topics = load_topics(TOPICS_YAML, retire(gone, successor), pages=PAGES)
    without = {
        code: {page: text.replace(str(topic_mark(gone)), "") for page, text in pages.items()}
        for code, pages in rendered.items()
    }
    problems = page_problems(topics, without)
    assert not [problem for problem in problems if gone in problem]
    for kind in ("served", "offline"):
        data, problems = topic_map(
            sites[kind],
            [lang for lang in site_languages_with()],
            offline=kind == "offline",
            topics=topics,
        )
        assert problems == []
        validate(data)
        entry, live = data["topics"][gone], data["topics"][successor]
        assert entry["successor"] == successor
        assert entry["addresses"] == live["addresses"] and entry["titles"] == live["titles"]


@pytest.mark.slow
@pytest.mark.parametrize("per_language", [False, True])
def test_the_bundle_holds_the_offline_site_and_its_map_within_its_budget(
    tmp_path: Path, per_language: bool
) -> None:
    """``bundle`` (the README's command): each archive unpacks to a site whose map's addresses
    name files that hold their topic; a language's archive holds that language alone; two runs
    give the same bytes."""
    from generator.cli import main

    args = ["bundle", "--out", str(tmp_path / "dist")] + (
        ["--per-language"] if per_language else []
    )
    assert main(args) == 0
    first = {path.name: path.read_bytes() for path in (tmp_path / "dist").iterdir()}
    codes = [language.code for language in shipped_languages()]
    expected = [f"golf-help-{code}.zip" for code in codes] if per_language else ["golf-help.zip"]
    assert sorted(first) == sorted(expected)
    for name, data in first.items():
        assert len(data) <= bundle.BUDGET * (1 if per_language else len(codes))
        folder = tmp_path / name
        with zipfile.ZipFile(tmp_path / "dist" / name) as archive:
            archive.extractall(folder)
        found = built_map(folder)
        validate(found)
        assert found["offline"] is True
        inside = sorted(path.name for path in folder.iterdir() if path.is_dir())
        assert inside == ([name[len("golf-help-") : -4]] if per_language else sorted(codes))
        for entry in found["topics"].values():
            for address in entry["addresses"].values():
                path, topic = address.split("#")
                assert str(topic_mark(topic)).strip() in (folder / path).read_text(encoding="utf-8")
        assert not list(folder.rglob("*.map"))
    assert main(args) == 0
    assert {path.name: path.read_bytes() for path in (tmp_path / "dist").iterdir()} == first


def test_an_archive_over_its_budget_is_refused_and_nothing_written(
    tmp_path: Path, sites: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    made = bundle.archive(sites["offline"], "golf-help.zip")
    monkeypatch.setattr(bundle, "BUDGET", len(made.data) // len(made.languages) - 1)
    with pytest.raises(bundle.BundleError, match=r"golf-help\.zip: .* over its budget"):
        bundle.write_archives([made], tmp_path / "dist")
    assert not (tmp_path / "dist").exists()
    with pytest.raises(bundle.BundleError, match="not an offline build"):
        bundle.archive(sites["served"], "golf-help.zip")
