"""Part ``topics``: the help's topics (``docs_src/topics.yaml``) are on their pages in every
language, every heading has one, and no topic ever listed has vanished.

A topic an app keeps must keep opening: a topic that any committed version of the file
listed must still be listed, live or retired with a successor (:func:`history_problems`, read
from git; a copy of the repository without its history is held to the file alone)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from generator.bounded import load_yaml
from generator.check.common import TEMPLATES_DIR, Problems, Rendered, located
from generator.i18n.catalogs import ROOT, Language
from generator.patience import GolfError
from generator.site.render import PAGES
from generator.site.topics import TOPICS_YAML, Topics, load_topics, page_problems

GIT_SECONDS = 60


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(
            ["git", "-C", str(root), *args],
            capture_output=True,
            text=True,
            timeout=GIT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None


def listed_before(text: str) -> set[str]:
    """The topics (live and retired) a committed version of the file lists; none if it does
    not read."""
    try:
        data: Any = load_yaml(TOPICS_YAML, text=text)
    except (GolfError, yaml.YAMLError):
        return set()
    if not isinstance(data, dict):
        return set()
    names: set[str] = set()
    for section in ("topics", "retired"):
        if isinstance(data.get(section), dict):
            names.update(str(name) for name in data[section])
    return names


def history_problems(topics: Topics, root: Path = ROOT) -> Iterator[str]:
    """A problem for each topic a committed version of the topic list (``topics.path``, in the
    git checkout ``root``) listed that the file no longer lists (nor retires), naming the topic
    and the commit."""
    path = topics.path.relative_to(root).as_posix()
    log = _git(root, "log", "--format=%H", "--", path)
    if log is None or log.returncode != 0:
        return  # not a git checkout: the file is its own history
    known = set(topics.topics) | set(topics.retired)
    reported: set[str] = set()
    for commit in log.stdout.split():
        shown = _git(root, "show", f"{commit}:{path}")
        if shown is None or shown.returncode != 0:
            continue
        for name in sorted(listed_before(shown.stdout) - known - reported):
            reported.add(name)
            yield (
                f"{topics.where('')}: topic {name!r} was listed (commit {commit[:10]}) and is "
                "gone: a topic never vanishes; list it under retired with its successor, the "
                "topic that now explains what it did"
            )


def check_topics(languages: list[Language], rendered: Rendered | None = None) -> Problems:
    """``rendered``: every language's rendered pages, when the caller has them."""
    try:
        topics = load_topics(pages=PAGES)
    except GolfError as error:
        yield located(str(error))
        return
    yield from history_problems(topics)
    if rendered is None:
        from generator.site.build import render_all

        try:
            rendered = render_all(languages)
        except GolfError as error:  # the other parts say it too
            yield located(str(error))
            return
    codes = {language.code for language in languages}
    templates = {page: TEMPLATES_DIR / template for page, (template, _game) in PAGES.items()}
    yield from page_problems(
        topics, {code: pages for code, pages in rendered.items() if code in codes}, templates
    )
