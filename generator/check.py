"""``python -m generator check``: is the help site true and complete?

Each part returns problems as ``file:line: what is wrong``:

- ``examples``: the recorded reference game replays legally and wins, the
  solver's recorded verdicts still hold, and every claim the page makes of the
  engine holds (:func:`generator.pages.rules_page_facts`);
- ``pages``: the rules page, rendered from the engine and the catalogs, reads
  exactly like its golden text where a language has one (the seed pages);
- ``catalogs``: the ``.pot`` is up to date with the templates and code, every
  shipped language's ``.po`` is complete (nothing untranslated or fuzzy), its
  placeholders match the English and its plural forms are valid;
- ``safety``: no translation adds markup the English text does not have;
- ``site``: every language's site builds with ``mkdocs build --strict``
  (MkDocs' link validation included), into a temporary folder.
"""

from __future__ import annotations

import difflib
import re
import tempfile
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

import markdown

from generator.catalogs import (
    POT_FILE,
    ROOT,
    Language,
    is_source,
    message_strings,
    placeholder_problems,
    read_catalog,
)
from generator.catalogs import languages as site_languages
from generator.engine import Game, GolfError, Rules
from generator.engine.solver import solve
from generator.gamedata import DataFileError, load_reference_game, load_rules_examples
from generator.pages import ClaimError, rules_page_facts
from generator.pagetext import page_text

Problems = Iterator[str]
UPDATE = "run 'python -m generator catalog update'"


def _rel(path: Path | str) -> str:
    path = Path(path)
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _located(message: str) -> str:
    """Make a ``/abs/path:line: ...`` message relative to the repository."""
    head, sep, rest = message.partition(":")
    return f"{_rel(head)}{sep}{rest}" if sep and Path(head).is_absolute() else message


# -- examples ----------------------------------------------------------------


def check_examples() -> Problems:
    try:
        recorded = load_reference_game()
        examples = load_rules_examples()
    except DataFileError as error:
        yield _located(str(error))
        return
    where = _rel(recorded.path)
    game = Game(recorded.deal, recorded.rules)
    for number, (move, line) in enumerate(zip(recorded.moves, recorded.move_lines, strict=True), 1):
        reason = game.refusal(move)
        if reason is not None:
            yield f"{where}:{line}: move {number} ({move}) is refused by the engine: {reason.value}"
            return
        game.play(move)
    if not game.is_won():
        yield f"{where}:{recorded.move_lines[-1] if recorded.move_lines else 1}: the recorded game does not win"
    cases = [
        (recorded.deal, recorded.verdicts, recorded.path, recorded.verdicts_line, recorded.code)
    ]
    cases += [(e.deal, e.verdicts, e.path, e.verdicts_line, e.code) for e in examples.values()]
    for deal, verdicts, path, line, code in cases:
        for rules in Rules:
            found = solve(deal, rules).winnable
            if found != verdicts[rules.value]:
                said = "winnable" if verdicts[rules.value] else "unwinnable"
                yield f"{_rel(path)}:{line}: {code} is recorded {said} on {rules.value}, the solver says otherwise"
    try:
        rules_page_facts()
    except ClaimError as error:
        frame = next(
            f
            for f in reversed(traceback.extract_tb(error.__traceback__))
            if f.name == "rules_page_facts"
        )
        yield f"{_rel(frame.filename)}:{frame.lineno}: {error}"
    except GolfError as error:
        yield _located(str(error))


# -- pages -------------------------------------------------------------------


def markdown_text(source: str) -> str:
    """The text of a Markdown page as the golden files hold it (as MkDocs renders it)."""
    html = markdown.markdown(source, extensions=["tables"])
    return page_text(f'<article class="md-content__inner">{html}</article>')


def check_pages(languages: list[Language]) -> Problems:
    from generator.render import render_language

    try:
        facts = rules_page_facts()
    except GolfError:
        return  # reported by check_examples
    for language in languages:
        if language.golden is None:
            continue
        try:
            rendered = render_language(language, facts)["rules.md"]
        except GolfError as error:
            yield _located(str(error))
            continue
        actual = markdown_text(rendered).splitlines()
        expected = language.golden.read_text(encoding="utf-8").splitlines()
        for tag, i1, _i2, j1, _j2 in difflib.SequenceMatcher(None, expected, actual).get_opcodes():
            if tag == "equal":
                continue
            want = expected[i1] if i1 < len(expected) else "(end of page)"
            got = actual[j1] if j1 < len(actual) else "(end of page)"
            yield (
                f"{_rel(language.golden)}:{i1 + 1}: the {language.code} page differs: "
                f"expected {_clip(want)!r}, the build says {_clip(got)!r}"
            )


def _clip(text: str, size: int = 120) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


# -- catalogs ----------------------------------------------------------------


def check_pot() -> Problems:
    from generator import catalog_cli

    current = read_catalog(POT_FILE)
    with tempfile.TemporaryDirectory() as tmp:
        fresh_path = Path(tmp) / "messages.pot"
        catalog_cli.extract_to(fresh_path)
        fresh = read_catalog(fresh_path)
    current_ids = {(m.context, _key(m.id)) for m in current if m.id}
    fresh_ids = {(m.context, _key(m.id)) for m in fresh if m.id}
    added, removed = fresh_ids - current_ids, current_ids - fresh_ids
    if added or removed:
        sample = next(iter(sorted(added or removed, key=str)))[1]
        yield (
            f"{_rel(POT_FILE)}:1: out of date with the templates and code "
            f"({len(added)} new, {len(removed)} gone, e.g. {_clip(sample, 60)!r}); "
            f"{UPDATE}"
        )


def _key(message_id: object) -> str:
    return message_id[0] if isinstance(message_id, list | tuple) else str(message_id)


def check_catalog(language: Language, pot_ids: set[tuple[str | None, str]]) -> Problems:
    """A language's catalog: readable (strictly, Plural-Forms included), complete, placeholders right.

    Obsolete (``#~``) entries are the translator's to delete; they are not checked.
    """
    path = language.po_file
    where = _rel(path)
    try:
        catalog = read_catalog(path, language.code)
    except GolfError as error:
        yield _located(str(error))
        return
    ids = {(m.context, _key(m.id)) for m in catalog if m.id}
    # A language not shipped in full may lag behind: its gaps fall back to English.
    for _context, msgid in sorted(pot_ids - ids, key=str):
        if language.shipped:
            yield f"{where}:1: missing message {_clip(msgid, 60)!r}; {UPDATE}"
    for message in catalog:
        if not message.id:
            continue
        ids_, strs = message_strings(message)
        if message.fuzzy and language.shipped:
            yield f"{where}:{message.lineno}: fuzzy: {_clip(ids_[0], 60)!r}"
        elif not all(strs) and language.shipped:
            yield f"{where}:{message.lineno}: untranslated: {_clip(ids_[0], 60)!r}"
        if (message.context, ids_[0]) not in pot_ids:
            yield f"{where}:{message.lineno}: {_clip(ids_[0], 60)!r} is no longer in the .pot; {UPDATE}"
    yield from (_located(p) for p in placeholder_problems(path, catalog))


def check_catalogs(languages: list[Language]) -> Problems:
    """The ``.pot`` and every catalog; the source language has none (its text is the templates')."""
    try:
        yield from check_pot()
        pot = read_catalog(POT_FILE)
    except GolfError as error:
        yield _located(str(error))
        return
    pot_ids = {(m.context, _key(m.id)) for m in pot if m.id}
    for language in languages:
        if not is_source(language):
            yield from check_catalog(language, pot_ids)


# -- safety ------------------------------------------------------------------

MARKUP = [
    (re.compile(r"<\s*/?\s*[a-zA-Z!?]"), "an HTML tag"),
    (re.compile(r"javascript\s*:", re.IGNORECASE), "a javascript: link"),
    (re.compile(r"\bdata\s*:[^ ]*base64", re.IGNORECASE), "a data: URL"),
    (re.compile(r"\bon[a-z]+\s*=", re.IGNORECASE), "an event handler"),
    (re.compile(r"\]\s*\("), "a Markdown link"),
    (re.compile(r"!\["), "a Markdown image"),
    (re.compile(r"&#?[a-zA-Z0-9]+;"), "an HTML entity"),
    (re.compile(r"<https?:", re.IGNORECASE), "an autolink"),
    (re.compile(r"\{[%{#]"), "template syntax"),
]


def markup_problems(source: str, translation: str) -> list[str]:
    """The kinds of markup ``translation`` has and ``source`` does not."""
    return [
        what
        for pattern, what in MARKUP
        if pattern.search(translation) and not pattern.search(source)
    ]


def check_safety(languages: list[Language]) -> Problems:
    for language in languages:
        try:
            catalog = read_catalog(language.po_file, language.code)
        except GolfError:
            continue  # reported by check_catalogs
        for message in catalog:
            if not message.id:
                continue
            ids, strs = message_strings(message)
            for text in strs:
                for what in markup_problems(" ".join(ids), text):
                    yield (
                        f"{_rel(language.po_file)}:{message.lineno}: the translation of "
                        f"{_clip(ids[0], 50)!r} adds {what} the English text does not have: {_clip(text, 80)!r}"
                    )


# -- site --------------------------------------------------------------------


def check_site() -> Problems:
    from generator.site import build_site

    with tempfile.TemporaryDirectory() as tmp:
        try:
            build_site(Path(tmp) / "site")
        except GolfError as error:
            yield _located(str(error))


PARTS: dict[str, Callable[[list[Language]], Problems]] = {
    "examples": lambda languages: check_examples(),
    "pages": check_pages,
    "catalogs": check_catalogs,
    "safety": check_safety,
    "site": lambda languages: check_site(),
}


def run_checks(parts: list[str] | None = None) -> list[str]:
    """Every problem found by the named parts (all by default)."""
    try:
        languages = site_languages()
    except GolfError as error:
        return [_located(str(error))]
    problems: list[str] = []
    for name in parts or list(PARTS):
        problems.extend(PARTS[name](languages))
    return problems
