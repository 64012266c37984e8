"""The help's topics (issue 48): stable identifiers set in the templates, the topic map the build
writes (validated against its schema), topics that never vanish, and the archives an app ships.

The topics expected come from ``docs_src/topics.yaml`` and the app's messages from
``generator/i18n/words.py``; what a test changes is a copy (a catalog's words, a rendered page,
the topic list's text), never the repository."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from generator.check.common import TEMPLATES_DIR
from generator.check.topics import history_problems
from generator.i18n.catalogs import languages
from generator.i18n.words import APP_MESSAGES
from generator.site.build import render_all, site_languages_with
from generator.site.render import PAGES
from generator.site.topicmark import TopicError, topic_mark
from generator.site.topics import (
    SCHEMA,
    TOPICS_YAML,
    load_topics,
    marks,
    page_problems,
)
from tests.test_check import edit, run_in

LISTED = load_topics(pages=PAGES)
TEMPLATE_LINES = (TEMPLATES_DIR / "rules.md.j2").read_text(encoding="utf-8").splitlines()
TEXT = TOPICS_YAML.read_text(encoding="utf-8")


def validate(data: dict[str, Any]) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema, format_checker=None).validate(data)


@pytest.fixture(scope="module")
def rendered() -> dict[str, dict[str, str]]:
    return render_all(site_languages_with())


def test_a_topic_dropped_from_a_page_is_named_with_what_to_do(
    rendered: dict[str, dict[str, str]],
) -> None:
    assert page_problems(LISTED, rendered) == []
    topic = LISTED.messages["stock-empty"]
    page = LISTED.topics[topic]
    changed = {code: dict(pages) for code, pages in rendered.items()}
    changed["de"][page] = changed["de"][page].replace(str(topic_mark(topic)), "")
    problems = page_problems(LISTED, changed)
    assert any(
        f"topic {topic!r} is on no page of de" in problem and "retired" in problem
        for problem in problems
    ), problems
    # the heading left without its mark is named too, by its page and line
    assert any(": de " + page in problem and "has no topic" in problem for problem in problems)


def test_a_mark_the_list_does_not_have_is_refused(rendered: dict[str, dict[str, str]]) -> None:
    changed = {code: dict(pages) for code, pages in rendered.items()}
    page = LISTED.topics[LISTED.messages["stuck"]]
    changed["en"][page] = changed["en"][page].replace(
        str(topic_mark(LISTED.messages["stuck"])), str(topic_mark("patience.the-end"))
    )
    problems = page_problems(LISTED, changed)
    assert any("'patience.the-end'" in problem and "not listed" in problem for problem in problems)


def retire(topic: str, successor: str) -> str:
    """The topic list's text with ``topic`` moved under retired, ``successor`` its successor."""
    line = f"  {topic}: {LISTED.topics[topic]}\n"
    assert line in TEXT
    return TEXT.replace(line, "").replace("retired: {}\n", f"retired:\n  {topic}: {successor}\n")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "retired: {}\n",
            "retired:\n  patience.gone: patience.no-such-topic\n",
            "'patience.no-such-topic' is not a topic",
        ),
        (
            "retired: {}\n",
            "retired:\n  patience.a: patience.b\n  patience.b: patience.a\n",
            "circle",
        ),
        ("  patience.stock: rules.md\n", "  Patience_Stock: rules.md\n", "lower-case words"),
        (
            "  patience.stock: rules.md\n",
            "  patience.stock: rules.html\n",
            "not a page of the site",
        ),
        (
            "  patience.stock: rules.md\n",
            "  patience.stock: rules.md\n  patience.stock: rules.md\n",
            "listed twice",
        ),
        ("  blocked: patience.legal-moves\n", "", "'blocked'"),
        ("  blocked: patience.legal-moves\n", "  blocked: patience-blocked\n", "not a live topic"),
        (
            "messages:\n",
            "messages:\n  say-hello: patience.stock\n",
            "not one of the app's messages",
        ),
        ("version: 1\n", "version: 2\n", "version must be 1"),
        ("topics:\n", "topics: [\n", "not YAML"),
    ],
)
def test_a_bad_topic_list_is_one_line_naming_its_place(old: str, new: str, said: str) -> None:
    assert old in TEXT
    text = TEXT.replace(old, new, 1)
    with pytest.raises(TopicError) as raised:
        load_topics(TOPICS_YAML, text, pages=PAGES)
    message = str(raised.value)
    assert "\n" not in message and message.startswith("docs_src/topics.yaml:"), message
    assert said in message, message
    line = int(message.split(":")[1])
    if new and old != "topics:\n":
        first_changed = next(
            n
            for n, (a, b) in enumerate(zip(TEXT.splitlines(), text.splitlines(), strict=False), 1)
            if a != b
        )
        assert line >= first_changed, message


def test_every_heading_of_every_page_has_a_listed_topic(
    rendered: dict[str, dict[str, str]],
) -> None:
    """Each page's topics, in the order of its headings, are the list's for that page; the app's
    messages each have one (the map's messages are checked above)."""
    for page in sorted(set(LISTED.topics.values())):
        found = [topic for topic, _ in marks(rendered["en"][page])]
        assert sorted(found) == sorted(t for t, p in LISTED.topics.items() if p == page), page
    assert set(LISTED.messages) == set(APP_MESSAGES)


def git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


def test_a_topic_taken_out_of_the_committed_list_is_named_with_its_commit(tmp_path: Path) -> None:
    """A topic one commit listed and a later version of the file lacks (neither live nor
    retired): refused, naming it and the commit. Retired with a successor, it passes."""
    root = tmp_path / "repo"
    path = root / "docs_src" / "topics.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(TEXT, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "topics")
    gone = "patience.tips"
    dropped = TEXT.replace(f"  {gone}: rules.md\n", "")
    path.write_text(dropped, encoding="utf-8")
    git(root, "commit", "-q", "-am", "a topic dropped")
    topics = load_topics(path, dropped)
    problems = list(history_problems(topics, root))
    assert len(problems) == 1 and f"topic {gone!r} was listed (commit " in problems[0]
    assert problems[0].startswith(f"{path}:") or problems[0].startswith("/"), problems
    retired = TEXT.replace(f"  {gone}: rules.md\n", "").replace(
        "retired: {}\n", f"retired:\n  {gone}: patience.end\n"
    )
    path.write_text(retired, encoding="utf-8")
    assert list(history_problems(load_topics(path, retired), root)) == []


@pytest.mark.slow
def test_check_refuses_a_template_that_drops_a_topic(copy: Path) -> None:
    """A section's topic taken out of its template: ``check`` exits non-zero and names the
    topic and its line in the topic list, in one line each, and says what to do."""
    topic = LISTED.messages["nothing-to-undo"]
    assert LISTED.topics[topic] == "rules.md"
    edit(copy, "docs_src/templates/rules.md.j2", f'{{{{ topic("{topic}") }}}}\n', "")
    result = run_in(copy, "check", "--only", "topics")
    assert result.returncode == 1, result.stdout + result.stderr
    line = LISTED.lines[topic]
    said = [text for text in result.stdout.splitlines() if f"topic {topic!r}" in text]
    assert said and all(text.startswith(f"docs_src/topics.yaml:{line}:") for text in said), said
    # the heading left without its mark, at its line in the template (where the mark was: the
    # heading came up one line), in every language
    heading = next(
        number
        for number, text in enumerate(TEMPLATE_LINES, 1)
        if text == f'{{{{ topic("{topic}") }}}}'
    )
    unmarked = [text for text in result.stdout.splitlines() if "has no topic" in text]
    assert len(unmarked) == len(languages()), unmarked  # the previews too
    assert all(text.startswith(f"docs_src/templates/rules.md.j2:{heading}: ") for text in unmarked)
    assert "Traceback" not in result.stderr


def test_bundle_refuses_a_bad_language_and_a_folder_in_the_package(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One line each, exit 2, before anything is built or written."""
    from generator.cli import main
    from generator.paths import PACKAGE

    before = sorted(path.name for path in (PACKAGE / "data").iterdir())
    assert main(["bundle", "--out", str(PACKAGE / "data")]) == 2
    assert main(["bundle", "--lang", "xx"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2, err
    assert "inside the package" in err[0] and "--lang xx: not a published language" in err[1]
    assert sorted(path.name for path in (PACKAGE / "data").iterdir()) == before
