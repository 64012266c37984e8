"""The help's topics: stable addresses an app opens, and the topic map the build writes.

A topic is a section of a page an app may send a player to. Its identifier is the same in
every language and does not change when its heading is reworded: a template sets it with
``{{ topic("patience.legal-moves") }}`` on the line before the heading, which writes an empty
``<div class="golf-topic" id="patience.legal-moves"></div>`` (a mark of the template's, not an
id made from the heading's words; the Markdown holds it, so a bare ``mkdocs build`` of a
staged configuration makes the same site). A page's own topic is set on the line after its
title (the theme's search would index a mark before the title as a nameless part of the page);
the site's style sheet scrolls its address to the page's top.

The committed list of topics is ``docs_src/topics.yaml`` (:func:`load_topics`): each live
topic and its page, each retired topic and its successor, and for each message the app shows
(:data:`generator.i18n.words.APP_MESSAGES`) the topic that explains it. ``check`` holds the
rendered pages to it (:func:`page_problems`) and the file to its own history
(``generator/check/topics.py``); the build reads every topic back from the HTML it built and
writes the topic map, ``topics.json`` at the site's top (:func:`topic_map`; its format is
``docs_src/topics.schema.json``, described in ``docs/dev/topics.md``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import yaml

from generator.atomic import shown, write_text_atomic
from generator.bounded import compose_yaml, yaml_error
from generator.i18n.catalogs import ROOT, Language
from generator.i18n.words import APP_MESSAGES
from generator.site.topicmark import MARK, MARK_CLASS, MESSAGE_ID, TOPIC_ID, TopicError

TOPICS_YAML = ROOT / "docs_src" / "topics.yaml"
SCHEMA = ROOT / "docs_src" / "topics.schema.json"
MAP_NAME = "topics.json"
"""The topic map's file name, at the top of the built site (and of each bundle)."""
FORMAT = "golf-help-topics"
VERSION = 1
"""The topic map's format and version (``docs_src/topics.schema.json``); the version goes up
when a change would break an app that reads the map."""

HTML_SPACE = re.compile(r"[ \t\n\r\f]+")
"""The characters HTML takes for white space (not a no-break space)."""
HEADING = re.compile(r"^#{1,2} \S", re.MULTILINE)
"""A heading every topic-bearing page gives a topic: a page's title (its mark right after it)
and its sections (their mark right before them)."""


@dataclass(frozen=True)
class Topics:
    """``docs_src/topics.yaml``, read and checked in itself."""

    topics: dict[str, str]
    """Each live topic and its page (a rendered Markdown file: ``rules.md``)."""
    retired: dict[str, str]
    """Each retired topic and its successor (a live or a retired topic)."""
    messages: dict[str, str]
    """Each of the app's messages (:data:`APP_MESSAGES`) and the topic that explains it."""
    lines: dict[str, int] = field(default_factory=dict)
    """The line of each topic's (live or retired) entry in the file."""
    path: Path = TOPICS_YAML

    def where(self, topic: str) -> str:
        return f"{shown(self.path)}:{self.lines.get(topic, 1)}"

    def resolve(self, topic: str) -> str:
        """The live topic ``topic`` is (itself) or that its successors lead to."""
        seen = set()
        while topic in self.retired and topic not in seen:
            seen.add(topic)
            topic = self.retired[topic]
        return topic

    def pages(self) -> list[str]:
        return sorted(set(self.topics.values()))


def _mapping(node: yaml.Node, path: Path, what: str) -> list[tuple[yaml.Node, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        raise TopicError(f"{shown(path)}:{node.start_mark.line + 1}: {what} must be a mapping")
    return list(node.value)


def _text(node: yaml.Node, path: Path, what: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
        raise TopicError(f"{shown(path)}:{node.start_mark.line + 1}: {what} must be text")
    return str(node.value)


def load_topics(
    path: Path = TOPICS_YAML, text: str | None = None, pages: Collection[str] | None = None
) -> Topics:
    """The topic list in ``path`` (or its ``text``), checked in itself: every identifier well
    formed and listed once, every page one the site renders, every successor leading to a live
    topic, every app message given a live topic. A problem is one :class:`TopicError` line."""
    try:
        root = compose_yaml(path, text=text)
    except yaml.YAMLError as error:
        line, what = yaml_error(error)
        raise TopicError(f"{shown(path)}:{line}: not YAML: {what}") from None
    if root is None:
        raise TopicError(f"{shown(path)}:1: empty; it lists the help's topics")
    sections: dict[str, yaml.Node] = {}
    for key, value in _mapping(root, path, "the file"):
        name = _text(key, path, "a key")
        if name not in ("version", "topics", "retired", "messages") or name in sections:
            raise TopicError(
                f"{shown(path)}:{key.start_mark.line + 1}: {name!r}: the file has version, "
                "topics, retired and messages, each once"
            )
        sections[name] = value
    missing = [
        name for name in ("version", "topics", "retired", "messages") if name not in sections
    ]
    if missing:
        raise TopicError(f"{shown(path)}:1: no {missing[0]!r}")
    version = sections["version"]
    if not isinstance(version, yaml.ScalarNode) or version.value != str(VERSION):
        raise TopicError(f"{shown(path)}:{version.start_mark.line + 1}: version must be {VERSION}")

    lines: dict[str, int] = {}

    def entries(section: str, what: str) -> dict[str, tuple[str, int]]:
        found: dict[str, tuple[str, int]] = {}
        for key, value in _mapping(sections[section], path, section):
            name = _text(key, path, what)
            line = key.start_mark.line + 1
            if not (MESSAGE_ID if section == "messages" else TOPIC_ID).match(name):
                raise TopicError(
                    f"{shown(path)}:{line}: {name!r}: "
                    + (
                        "a message's name is lower-case words of letters and digits joined by "
                        "hyphens"
                        if section == "messages"
                        else "a topic is an area and a name joined by a dot, each lower-case "
                        "words of letters and digits joined by hyphens (patience.legal-moves)"
                    )
                )
            if name in found or (section != "messages" and name in lines):
                raise TopicError(f"{shown(path)}:{line}: {name!r} is listed twice")
            found[name] = (_text(value, path, f"{name!r}'s value"), line)
            if section != "messages":
                lines[name] = line
        return found

    topics = entries("topics", "a topic")
    retired = entries("retired", "a retired topic")
    messages = entries("messages", "a message")
    for name, (page, line) in topics.items():
        if pages is not None and page not in pages:
            raise TopicError(
                f"{shown(path)}:{line}: topic {name!r}: {page!r} is not a page of the site "
                f"({', '.join(sorted(pages))})"
            )
    listed = Topics(
        {name: page for name, (page, _) in topics.items()},
        {name: successor for name, (successor, _) in retired.items()},
        {name: topic for name, (topic, _) in messages.items()},
        lines,
        path,
    )
    for name, (successor, line) in retired.items():
        if successor not in topics and successor not in retired:
            raise TopicError(
                f"{shown(path)}:{line}: retired topic {name!r}: its successor {successor!r} is "
                "not a topic of this file"
            )
        if listed.resolve(name) not in topics:
            raise TopicError(
                f"{shown(path)}:{line}: retired topic {name!r}: its successors go round in a "
                "circle and lead to no live topic"
            )
    for name, (topic, line) in messages.items():
        if name not in APP_MESSAGES:
            raise TopicError(
                f"{shown(path)}:{line}: {name!r} is not one of the app's messages "
                f"({', '.join(APP_MESSAGES)}: generator/i18n/words.py)"
            )
        if topic not in topics:
            raise TopicError(
                f"{shown(path)}:{line}: message {name!r}: {topic!r} is not a live topic of "
                "this file"
            )
    for name in APP_MESSAGES:
        if name not in messages:
            raise TopicError(
                f"{shown(path)}:{messages_line(sections['messages'])}: the app's message "
                f"{name!r} ({APP_MESSAGES[name][0]!r}) has no topic: give it the one that "
                "explains it"
            )
    return listed


def messages_line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def marks(markdown: str) -> list[tuple[str, int]]:
    """Each topic mark in a rendered page: its topic and its line."""
    return [
        (found[1], markdown.count("\n", 0, found.start()) + 1) for found in MARK.finditer(markdown)
    ]


def heading_line(template: Path, index: int) -> int:
    """The line of the template's ``index``-th heading (``# `` or ``## ``), or its first."""
    if template.is_file():
        found = HEADING.finditer(template.read_text(encoding="utf-8"))
        for number, heading in enumerate(found):
            if number == index:
                return template.read_text(encoding="utf-8").count("\n", 0, heading.start()) + 1
    return 1


def page_problems(
    topics: Topics,
    rendered: dict[str, dict[str, str]],
    templates: Mapping[str, Path] | None = None,
) -> list[str]:
    """What is wrong with the topics of every language's rendered pages: a mark of a topic the
    list does not have on that page, a listed topic missing (or twice) on its page in a
    language, a heading without its mark (named at its template's line, ``templates``: each
    page's template, when given)."""
    problems: list[str] = []
    for code, pages in rendered.items():
        for page, markdown in pages.items():
            seen: dict[str, int] = {}
            for topic, line in marks(markdown):
                seen[topic] = seen.get(topic, 0) + 1
                if topics.topics.get(topic) != page:
                    if topic in topics.topics:
                        how = f"it is listed for {topics.topics[topic]}"
                    elif topic in topics.retired:
                        how = (
                            f"it is retired (its successor: {topics.retired[topic]}); list it "
                            "under topics again, or take its mark out"
                        )
                    else:
                        how = (
                            "it is not listed: adding a topic is free, add the line "
                            f"'  {topic}: {page}' under topics"
                        )
                    problems.append(
                        f"{shown(topics.path)}:1: {code} {page}:{line}: topic {topic!r}: {how}"
                    )
            for topic, count in seen.items():
                if count > 1:
                    problems.append(
                        f"{topics.where(topic)}: topic {topic!r} is on {page} {count} times in {code}"
                    )
            for topic, listed_page in topics.topics.items():
                if listed_page == page and topic not in seen:
                    problems.append(
                        f"{topics.where(topic)}: topic {topic!r} is on no page of {code} (it is "
                        f"listed for {page}): a topic never vanishes; if its section went, move "
                        "it under retired with the topic that follows it as its successor"
                    )
            lines = markdown.split("\n")
            for index, heading in enumerate(HEADING.finditer(markdown)):
                number = markdown.count("\n", 0, heading.start())
                # a section's mark is right before its heading, the page's right after its h1
                page_title = lines[number].startswith("# ")
                near = [
                    text
                    for text in (lines[number + 1 :] if page_title else lines[:number][::-1])
                    if text.strip()
                ]
                if not near or not MARK.fullmatch(near[0]):
                    template = (templates or {}).get(page)
                    where = (
                        f"{shown(template)}:{heading_line(template, index)}: {code}"
                        if template is not None
                        else f"{shown(topics.path)}:1: {code} {page}:{number + 1}"
                    )
                    problems.append(
                        f"{where}: the heading "
                        f"{clip_line(lines[number])!r} has no topic: put "
                        '{{ topic("…") }} on the line before it in its template (after it, for '
                        "the page's title), and list it"
                    )
    return problems


def clip_line(text: str, size: int = 60) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def page_address(page: str, offline: bool) -> str:
    """Where a rendered page is in a language's built site: a folder's address served
    (``rules/``, the home page ``""``), a file's opened from disk (``rules.html``)."""
    stem = page.removesuffix(".md")
    if offline:
        return f"{stem}.html"
    return "" if stem == "index" else f"{stem}/"


def page_file(page: str, offline: bool) -> str:
    """The built HTML file of a rendered page, relative to its language's site."""
    address = page_address(page, offline)
    return address if offline else f"{address}index.html"


class _Headings(HTMLParser):
    """The text of each topic mark's heading in a built page: the h1 or h2 right after it (a
    section's topic), or the h1 right before it (the page's topic: a mark before the page's
    first heading would make the theme's search index a nameless part of the page)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.titles: dict[str, str] = {}
        self.count: dict[str, int] = {}
        self.ids: dict[str, int] = {}
        """How many elements have each id (a topic's: its mark alone)."""
        self.waiting: str | None = None
        self.inside: str | None = None
        self.h1: str | None = None
        """The text of the h1 just closed, until another element starts."""
        self.skip = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids[str(found["id"])] = self.ids.get(str(found["id"]), 0) + 1
        if tag == "div" and found.get("class") == MARK_CLASS and found.get("id"):
            topic = str(found["id"])
            self.count[topic] = self.count.get(topic, 0) + 1
            if self.h1 is not None:
                self.titles[topic], self.h1 = self.h1, None
            else:
                self.waiting = topic
            return
        if self.inside is not None:
            if tag == "a" and "headerlink" in (found.get("class") or "").split():
                self.skip += 1
            return
        self.h1 = None
        if tag in ("h1", "h2"):
            self.inside, self.text = self.waiting or f"<{tag}>", []
            self.waiting = None
        elif self.waiting is not None and tag != "div":
            self.waiting = None  # the mark is not right before a heading

    def handle_endtag(self, tag: str) -> None:
        if self.inside is None:
            return
        if tag == "a" and self.skip:
            self.skip -= 1
        elif tag in ("h1", "h2"):
            # HTML's white space only: a French title keeps its narrow no-break space
            title = HTML_SPACE.sub(" ", "".join(self.text)).strip(" ")
            if self.inside.startswith("<"):
                self.h1 = title if tag == "h1" else None
            else:
                self.titles[self.inside] = title
            self.inside = None

    def handle_data(self, data: str) -> None:
        if self.inside is not None and not self.skip:
            self.text.append(data)


def read_built(site_dir: Path, page: str, offline: bool) -> _Headings:
    """The topics and their headings' text in one built page of a language's site."""
    parser = _Headings()
    path = site_dir / page_file(page, offline)
    if path.is_file():
        parser.feed(path.read_text(encoding="utf-8"))
        parser.close()
    return parser


def topic_map(
    site: Path,
    built_languages: list[Language],
    *,
    offline: bool,
    topics: Topics | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """The topic map of a built site (``site/<code>/`` per language) and its problems: each live
    topic's title and address in every language, read from the built HTML (a topic whose page
    lacks it, holds it twice, or has no heading right after it is a problem, named by its
    page), each retired one at its successor's address, and each app message's topic."""
    topics = topics or load_topics()
    problems: list[str] = []
    found: dict[tuple[str, str], _Headings] = {}
    for language in built_languages:
        for page in topics.pages():
            found[language.code, page] = read_built(site / language.code, page, offline)
    entries: dict[str, Any] = {}
    for topic, page in topics.topics.items():
        titles: dict[str, str] = {}
        addresses: dict[str, str] = {}
        for language in built_languages:
            built = found[language.code, page]
            where = f"{language.code}/{page_file(page, offline)}"
            count = built.count.get(topic, 0)
            if count != 1 or built.ids.get(topic) != 1 or not built.titles.get(topic):
                how = (
                    "is not there"
                    if count == 0
                    else f"is there {count} times"
                    if count > 1
                    else "shares its id with another element"
                    if built.ids.get(topic) != 1
                    else "has no heading right after it"
                )
                problems.append(f"{topics.where(topic)}: topic {topic!r} {how} in {where}")
                continue
            titles[language.code] = built.titles[topic]
            addresses[language.code] = f"{language.code}/{page_address(page, offline)}#{topic}"
        entries[topic] = {"page": page, "titles": titles, "addresses": addresses}
    for topic in topics.retired:
        live = topics.resolve(topic)
        entries[topic] = {"successor": live, **{k: v for k, v in entries[live].items()}}
    messages = {}
    for name, topic in topics.messages.items():
        msgid, plural = APP_MESSAGES[name]
        messages[name] = {
            "msgid": msgid,
            "topic": topic,
            **({"msgid_plural": plural} if plural else {}),
        }
    return (
        {
            "format": FORMAT,
            "version": VERSION,
            "offline": offline,
            "languages": [
                {"code": language.code, "name": language.name, "published": language.shipped}
                for language in built_languages
            ],
            "topics": dict(sorted(entries.items())),
            "messages": messages,
        },
        problems,
    )


def map_text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def write_topic_map(site: Path, built_languages: list[Language], *, offline: bool) -> list[str]:
    """Write ``topics.json`` at the top of ``site``; the problems instead, if any (nothing
    written)."""
    data, problems = topic_map(site, built_languages, offline=offline)
    if not problems:
        write_text_atomic(site / MAP_NAME, map_text(data))
    return problems
