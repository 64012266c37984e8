"""A topic's mark in a page: what ``{{ topic("id") }}`` writes (:mod:`generator.site.topics`
reads it back)."""

from __future__ import annotations

import re

from markupsafe import Markup

from generator.patience import GolfError

WORDS = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
TOPIC_ID = re.compile(rf"{WORDS}\.{WORDS}\Z")
"""A topic's identifier: its area (``patience``, ``card-game``, ``site``), a dot and its name,
each lower-case words of letters and digits joined by hyphens: ``patience.legal-moves``. The
dot keeps it apart from every id a heading gets from its words (MkDocs' ``toc`` makes those of
letters, digits, ``_`` and ``-`` alone), so that no translated heading can take a topic's
address."""
MESSAGE_ID = re.compile(rf"{WORDS}\Z")
"""The name of one of the app's messages: ``not-adjacent``."""
MARK_CLASS = "golf-topic"
MARK = re.compile(r'^<div class="golf-topic" id="([^"]*)"></div>$', re.MULTILINE)
"""A topic's mark as :func:`topic_mark` writes it, on a line of its own in the Markdown."""


class TopicError(GolfError):
    """``docs_src/topics.yaml`` is not a topic list, or a template names a topic wrongly."""


def topic_mark(topic: object) -> Markup:
    """The mark ``{{ topic("id") }}`` writes before a heading: an empty block, then a blank line
    (Markdown ends a raw HTML block at one)."""
    if not isinstance(topic, str) or not TOPIC_ID.match(topic):
        raise TopicError(
            f"topic({topic!r}): a topic is an area and a name joined by a dot, each lower-case "
            "words of letters and digits joined by hyphens, such as 'patience.legal-moves'"
        )
    return Markup(f'<div class="{MARK_CLASS}" id="{topic}"></div>\n')
