"""Approved texts: every page in every shipped language, as a reviewer read it.

``docs_src/approved/<lang>/<page>.txt`` holds a page's text as
:func:`generator.site.pagetext.markdown_text` extracts it from the Markdown the
generator renders (one line per heading, paragraph, list item and table row),
with one ``[picture] <title>: <desc>`` line per picture. ``check`` (part
``pages``) compares each page with its approved text and names the words that
differ; ``python -m generator approve`` writes the texts anew, for a reviewer
to read in the git diff.

The rules pages of the languages with a ``golden:`` text in
``locales/languages.yaml`` are tied to the seed pages, the project's oracle:
``approve`` refuses to write such a page when its text (without the picture
lines) differs from the seed, and ``check`` compares it with the seed as well.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.atomic import write_text_atomic
from generator.i18n.catalogs import ROOT, Language
from generator.patience import GolfError
from generator.site.pagetext import markdown_text, without_pictures

APPROVED = ROOT / "docs_src" / "approved"
APPROVE = "python -m generator approve"
CONTEXT = 4
"""Unchanged words shown on each side of a change."""
LONGEST_RUN = 16
"""A changed run of more words than this is shown shortened."""


class ApprovalError(GolfError):
    """``approve`` cannot do what it was asked; the message is one line."""


def page_names() -> list[str]:
    """The pages' names (``index``, ``rules``, ``won-game``), from ``generator.site.render.PAGES``."""
    from generator.site.render import PAGES

    return [page.removesuffix(".md") for page in PAGES]


def approved_path(code: str, page: str) -> Path:
    return APPROVED / code / f"{page}.txt"


def relative(path: Path) -> str:
    """``path`` relative to the repository, for messages."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def page_texts(
    language: Language, facts: dict[str, Any], rendered: dict[str, str] | None = None
) -> dict[str, str]:
    """Every page of ``language`` as its approved text would hold it: {page name: text}.

    ``rendered``: the language's rendered pages, when the caller has them.
    """
    from generator.site.render import render_language

    rendered = rendered if rendered is not None else render_language(language, facts)
    return {page: markdown_text(rendered[f"{page}.md"], pictures=True) for page in page_names()}


# -- word-level differences -------------------------------------------------

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


def word_diff(old: Sequence[str], new: Sequence[str]) -> str:
    """The words that differ between two runs of lines, with a few words of context.

    Removed words are shown as ``[-old-]``, added ones as ``{+new+}``; ``¶``
    stands for a line break inside the run.
    """
    a, b = _words(old), _words(new)
    pieces: list[str] = []
    opcodes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
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


def differences(expected: Sequence[str], actual: Sequence[str]) -> list[Difference]:
    """One :class:`Difference` per run of lines that differ."""
    found = []
    matcher = difflib.SequenceMatcher(None, expected, actual, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        line = max(1, min(i1 + 1, len(expected)))
        found.append(Difference(line, word_diff(expected[i1:i2], actual[j1:j2])))
    return found


# -- the comparisons ----------------------------------------------------------


def approve_command(code: str, page: str) -> str:
    return f"{APPROVE} --lang {code} --page {page}"


def approved_problems(language: Language, page: str, text: str) -> Iterator[str]:
    """``file:line: ...`` for each run of lines where ``text`` differs from the page's approved text."""
    path = approved_path(language.code, page)
    where = relative(path)
    try:
        approved = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        yield f"{where}:1: missing; run '{APPROVE}'"
        return
    except (OSError, UnicodeDecodeError) as error:
        yield f"{where}:1: cannot read: {error}"
        return
    for difference in differences(approved.splitlines(), text.splitlines()):
        yield (
            f"{where}:{difference.line}: the {language.code} {page} page differs: "
            f"{difference.words}; if intended, run '{approve_command(language.code, page)}' "
            f"and review the diff"
        )


SEED_IS_ORACLE = "the seed is the oracle"


def _seed_differences(language: Language, page: str, text: str) -> tuple[str, list[Difference]]:
    """The seed file (for messages) and where the page, without its pictures, differs from it."""
    seed_path = language.seed_pages[page]
    where = relative(seed_path)
    try:
        seed = seed_text(seed_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ApprovalError(f"{where}:1: cannot read the seed page: {error}") from None
    return where, differences(seed.splitlines(), without_pictures(text).splitlines())


def seed_text(seed: str) -> str:
    """A seed page as the page text reads: blank lines dropped, ``• `` bullets as ``- ``,
    and the runs of card symbols removed that the page shows as card pictures
    (the seed's ``Joker = -2.A♠K♠Q♠J♠``: the page has pictures there, whose text
    alternative is the approved texts' business)."""
    lines = []
    for line in seed.splitlines():
        if not line.strip():
            continue
        line = re.sub(r"^• ", "- ", line)
        line = re.sub(r"(?<=\.)(?:[AKQJT2-9][♠♣♥♦]){2,}$", "", line)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _seed_message(language: Language, page: str, where: str, difference: Difference) -> str:
    return (
        f"{where}:{difference.line}: the {language.code} {page} page differs from its seed: "
        f"{difference.words}; {SEED_IS_ORACLE}"
    )


def seed_problems(language: Language, texts: dict[str, str]) -> Iterator[str]:
    """``file:line: ...`` for each run of lines where a seed-tied page differs from its seed."""
    for page in language.seed_pages:
        try:
            where, found = _seed_differences(language, page, texts[page])
        except ApprovalError as error:
            yield str(error)
            continue
        for difference in found:
            yield (
                f"{_seed_message(language, page, where, difference)}: "
                f"change the catalog or template back, never the seed"
            )


def stray_files(languages: list[Language]) -> Iterator[str]:
    """Approved texts of no shipped language's page (a page or language gone)."""
    shipped = {language.code for language in languages if language.shipped}
    pages = set(page_names())
    if not APPROVED.is_dir():
        return
    for path in sorted(APPROVED.rglob("*")):
        if not path.is_file():
            continue
        parts = path.relative_to(APPROVED).parts
        if len(parts) != 2 or parts[0] not in shipped or path.suffix != ".txt":
            yield f"{relative(path)}:1: not the approved text of a shipped language's page; delete it"
        elif path.stem not in pages:
            yield f"{relative(path)}:1: no page {path.stem!r} (pages: {', '.join(page_names())}); delete it"


# -- approve ------------------------------------------------------------------


@dataclass(frozen=True)
class Approved:
    path: Path
    status: str
    """``created``, ``updated`` or ``unchanged``."""


def _selected(given: str | None, known: list[str], what: str) -> list[str]:
    if not given:
        return known
    chosen = [item.strip() for item in given.split(",") if item.strip()]
    unknown = [item for item in chosen if item not in known]
    if unknown:
        raise ApprovalError(f"no such {what}: {', '.join(unknown)} ({what}s: {', '.join(known)})")
    return chosen


Guard = Callable[[dict[Path, tuple[str | None, str]]], None]
"""Given every approved text ``approve`` would write (path -> (old text or None, new text)),
raises :class:`ApprovalError` to refuse them all (``python -m generator approve`` passes
:func:`generator.check.approval_guard`: a changed fact needs a claim or a two-path check)."""


def approve(
    languages: list[Language],
    lang: str | None = None,
    page: str | None = None,
    guard: Guard | None = None,
) -> list[Approved]:
    """Write the approved texts of the chosen pages (all shipped languages, all pages by default).

    Refuses, writing nothing, if a chosen seed-tied page differs from its seed, or if
    ``guard`` refuses the changes.
    """
    from generator.site.render import page_facts

    shipped = [language for language in languages if language.shipped]
    codes = _selected(lang, [language.code for language in shipped], "shipped language")
    pages = _selected(page, page_names(), "page")
    facts = page_facts()
    texts: dict[Path, str] = {}
    for language in shipped:
        if language.code not in codes:
            continue
        rendered = page_texts(language, facts)
        for seed_page in language.seed_pages:
            if seed_page not in pages:
                continue
            where, found = _seed_differences(language, seed_page, rendered[seed_page])
            if found:
                raise ApprovalError(
                    f"{_seed_message(language, seed_page, where, found[0])}: approve does not "
                    f"write {relative(approved_path(language.code, seed_page))} "
                    f"({len(found)} difference(s); nothing written)"
                )
        for name in pages:
            texts[approved_path(language.code, name)] = rendered[name]
    olds = {path: path.read_text(encoding="utf-8") if path.is_file() else None for path in texts}
    changes = {path: (olds[path], text) for path, text in texts.items() if olds[path] != text}
    if guard is not None and changes:
        guard(changes)
    results = []
    for path, text in texts.items():
        old = olds[path]
        if old == text:
            results.append(Approved(path, "unchanged"))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, text)  # a killed approve leaves every text whole
        results.append(Approved(path, "created" if old is None else "updated"))
    return results
