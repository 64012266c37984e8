"""Word-level differences between two texts: what ``check`` names of a page that differs from
its approved text or its seed, and what a reviewer reads of a changed text (``approve``,
``check --review``; :mod:`generator.site.approval`, :mod:`generator.site.datareview`).

Removed words are shown as ``[-old-]``, added ones as ``{+new+}``, with a few words of
context; ``¶`` stands for a line break inside a changed run of lines.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

CONTEXT = 4
"""Unchanged words shown on each side of a change."""
LONGEST_RUN = 16
"""A changed run of more words than this is shown shortened."""

LINE_BREAK = "¶"


@dataclass(frozen=True)
class Difference:
    line: int
    """The first differing line of the expected text (1-based)."""
    words: str
    """The differing words in context: ``…uit kolom [-5-]{+2+} (één…``."""


def _words(lines: Sequence[str]) -> list[str]:
    words: list[str] = []
    for number, line in enumerate(lines):
        if number:
            words.append(LINE_BREAK)
        words.extend(line.split())
    return words


def _run(words: Sequence[str]) -> str:
    if len(words) > LONGEST_RUN:
        head, tail = LONGEST_RUN // 2, LONGEST_RUN // 4
        words = [*words[:head], "…", *words[-tail:]]
    return " ".join(words)


LONGEST_WORD = 40
"""A word longer than this is clipped where a message shows it (a file's contents are never
printed beyond a short excerpt)."""


def shown_word(word: str) -> str:
    r"""A word as a message shows it: clipped, and its invisible characters (controls, bidi
    controls, zero-width spaces) written as escapes, so a terminal shows them as they are.

    >>> shown_word("Quel​len"), shown_word("x" * 50)
    ('Quel\\u200blen', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…')
    """
    if len(word) > LONGEST_WORD:
        word = word[: LONGEST_WORD - 1] + "…"
    return "".join(
        c.encode("unicode_escape").decode("ascii")
        if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
        else c
        for c in word
    )


def word_diff(old: Sequence[str], new: Sequence[str]) -> str:
    """The words that differ between two runs of lines, with a few words of context.

    Removed words are shown as ``[-old-]``, added ones as ``{+new+}``; ``¶``
    stands for a line break inside the run.
    """
    words_a, words_b = _words(old), _words(new)
    opcodes = difflib.SequenceMatcher(None, words_a, words_b, autojunk=False).get_opcodes()
    a, b = [shown_word(word) for word in words_a], [shown_word(word) for word in words_b]
    pieces: list[str] = []
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            same = a[i1:i2]
            first, last = index == 0, index == len(opcodes) - 1
            if first and last:
                continue
            if first:
                pieces.append(("…" if len(same) > CONTEXT else "") + " ".join(same[-CONTEXT:]))
            elif last:
                pieces.append(" ".join(same[:CONTEXT]) + ("…" if len(same) > CONTEXT else ""))
            elif len(same) > 2 * CONTEXT + 1:
                pieces.append(" ".join(same[:CONTEXT]) + " … " + " ".join(same[-CONTEXT:]))
            else:
                pieces.append(" ".join(same))
            continue
        change = ""
        if i2 > i1:
            change += f"[-{_run(a[i1:i2])}-]"
        if j2 > j1:
            change += f"{{+{_run(b[j1:j2])}+}}"
        pieces.append(change)
    return " ".join(piece for piece in pieces if piece)


def changed_runs(old: Sequence[str], new: Sequence[str]) -> Iterator[tuple[int, int, int, int]]:
    """The runs of lines that differ: ``(i1, i2, j1, j2)``, ``old[i1:i2]`` became ``new[j1:j2]``.

    >>> list(changed_runs(["a", "b", "c"], ["a", "B", "c", "d"]))
    [(1, 2, 1, 2), (3, 3, 3, 4)]
    """
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            yield i1, i2, j1, j2


def differences(expected: Sequence[str], actual: Sequence[str]) -> list[Difference]:
    """One :class:`Difference` per run of lines that differ, at its line in ``expected``."""
    return [
        Difference(max(1, min(i1 + 1, len(expected))), word_diff(expected[i1:i2], actual[j1:j2]))
        for i1, i2, j1, j2 in changed_runs(expected, actual)
    ]


def review(
    where: str,
    old: str | None,
    new: str,
    english: str | None = None,
    *,
    width: int = 100,
    labels: Sequence[str] = (),
) -> list[str]:
    r"""What a reviewer reads of a changed approved text: each run of changed lines as a word
    diff (``[-old-]{+new+}``) at its line in ``new``, and for a translated page, below it, the
    English page's same lines (``english``, line for line: every language renders the same
    template, so the pages' lines correspond), the sentences the changed ones translate; for a
    text that is no page, what each line is (``labels``, line by line: :func:`labels_of`).

    >>> for line in review("nl/rules.txt", "Kolom 5\nKlaar", "Kolom 2\nKlaar", "Column 2\nDone"):
    ...     print(line)
    nl/rules.txt:1: Kolom [-5-]{+2+}
        en: Column 2
    >>> for line in review("nl/site.txt", "Zoeken", "Zoek", "Search", labels=["theme search"]):
    ...     print(line)
    nl/site.txt:1: [-Zoeken-]{+Zoek+}
        en: Search
        is: theme search
    """
    old_lines, new_lines = (old or "").splitlines(), new.splitlines()
    english_lines = english.splitlines() if english is not None else None
    if english_lines is not None and len(english_lines) != len(new_lines):
        english_lines = None  # not line for line: nothing to put beside it
    shown = []
    for i1, i2, j1, j2 in changed_runs(old_lines, new_lines):
        line = max(1, min(j1 + 1, len(new_lines)))
        shown.append(f"{where}:{line}: {word_diff(old_lines[i1:i2], new_lines[j1:j2])}")
        for number in range(j1, max(j2, j1 + 1)):
            if english_lines is not None and number < len(english_lines):
                text = " ".join(shown_word(w) for w in english_lines[number].split())
                text = text if len(text) <= width else text[: width - 1] + "…"
                shown.append(f"    en: {text}")
            if number < len(labels) and number < len(new_lines):
                shown.append(f"    is: {labels[number]}")
    return shown
