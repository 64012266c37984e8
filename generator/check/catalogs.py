"""Part ``catalogs``: the ``.pot`` up to date, every catalog complete, readable, in the
project's layout and true to the glossary."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from generator.check.common import (
    UPDATE,
    Problems,
    clip,
    limited,
    located,
    rel,
)
from generator.i18n.catalogs import (
    POT_FILE,
    Language,
    is_source,
    message_strings,
    placeholder_problems,
    read_catalog,
    source_language,
    string_line,
)
from generator.i18n.wordrules import glossary_problems, word_data
from generator.patience import GolfError


def catalog_glossary(language: Language) -> Problems:
    """The glossary (:func:`generator.i18n.wordrules.glossary_problems`) on a language's catalog."""
    try:
        data = word_data([language.code], source_language())[language.code]
        catalog = read_catalog(language.po_file, language.code)
    except GolfError as error:
        yield located(str(error))
        return
    messages = []
    for message in catalog:
        if not message.id:
            continue
        ids, strs = message_strings(message)
        messages.append((message.context, ids, strs, string_line(message)))
    yield from glossary_problems(rel(language.po_file), messages, data)


def check_pot() -> Problems:
    from generator.i18n import catalog_cli

    current = read_catalog(POT_FILE)
    with tempfile.TemporaryDirectory() as tmp:
        fresh_path = Path(tmp) / "messages.pot"
        catalog_cli.extracted(fresh_path)
        fresh = read_catalog(fresh_path)
    current_ids = {(m.context, _key(m.id)) for m in current if m.id}
    fresh_ids = {(m.context, _key(m.id)) for m in fresh if m.id}
    added, removed = fresh_ids - current_ids, current_ids - fresh_ids
    if added or removed:
        sample = next(iter(sorted(added or removed, key=str)))[1]
        yield (
            f"{rel(POT_FILE)}:1: out of date with the templates and code "
            f"({len(added)} new, {len(removed)} gone, e.g. {clip(sample, 60)!r}); "
            f"{UPDATE}"
        )


def _key(message_id: object) -> str:
    return message_id[0] if isinstance(message_id, list | tuple) else str(message_id)


def check_catalog(language: Language, pot_ids: set[tuple[str | None, str]]) -> Problems:
    """A language's catalog: readable (strictly, Plural-Forms included), complete, placeholders right.

    Obsolete (``#~``) entries are the translator's to delete; they are not checked.
    """
    path = language.po_file
    where = rel(path)
    try:
        catalog = read_catalog(path, language.code)
    except GolfError as error:
        yield located(str(error))
        return
    ids = {(m.context, _key(m.id)) for m in catalog if m.id}
    # A language not shipped in full may lag behind: its gaps fall back to English.
    for _context, msgid in sorted(pot_ids - ids, key=str):
        if language.shipped:
            yield f"{where}:1: missing message {clip(msgid, 60)!r}; {UPDATE}"
    for message in catalog:
        if not message.id:
            continue
        ids_, strs = message_strings(message)
        if message.fuzzy and language.shipped:
            yield f"{where}:{message.lineno}: fuzzy: {clip(ids_[0], 60)!r}"
        elif not all(strs) and language.shipped:
            yield f"{where}:{message.lineno}: untranslated: {clip(ids_[0], 60)!r}"
        if (message.context, ids_[0]) not in pot_ids:
            yield f"{where}:{message.lineno}: {clip(ids_[0], 60)!r} is no longer in the .pot; {UPDATE}"
    yield from (located(p) for p in placeholder_problems(path, catalog))
    yield from verdict_problems(where, catalog)


VERDICT_NO, VERDICT_YES = "no", ("yes, in %(count)s move", "yes, in %(count)s moves")
"""The examples table's verdict cells: "no", and "yes, in 51 moves"."""


def verdict_problems(where: str, catalog: Any) -> Problems:
    """A translation of the verdicts that would make a cell say the opposite: "no" must be one
    word of letters, and not the first word of "yes, in N moves" (a translator's "ja" for "no"
    would turn every unwinnable deal's verdict around, in a sentence every check reads back
    through the same catalog)."""
    no = catalog.get(VERDICT_NO)
    yes = catalog.get(VERDICT_YES[0])
    if no is None or not no.string or no.fuzzy:
        return
    line = string_line(no)
    word = str(no.string)
    if not re.fullmatch(r"[^\W\d_]+", word):
        yield (
            f"{where}:{line}: the translation of 'no' (a verdict of the examples table) must be "
            f"one word of letters, not {clip(word, 40)!r}"
        )
        return
    if yes is None or yes.fuzzy:
        return
    for form, text in enumerate(message_strings(yes)[1]):
        first = re.match(r"[^\W\d_]+", text or "")
        if first and first.group(0).lower() == word.lower():
            yield (
                f"{where}:{line}: the translation of 'no' is {word!r}, the first word of the "
                f"translation of 'yes, in %(count)s moves' ({clip(text, 40)!r}, line "
                f"{string_line(yes, form)}): the verdicts would say the same"
            )
            return


def check_catalogs(languages: list[Language]) -> Problems:
    """The ``.pot`` and every catalog; the source language has none (its text is the templates')."""
    try:
        yield from check_pot()
        pot = read_catalog(POT_FILE)
    except GolfError as error:
        yield located(str(error))
        return
    pot_ids = {(m.context, _key(m.id)) for m in pot if m.id}
    for language in languages:
        if not is_source(language):

            def checks(language: Language = language) -> Problems:
                yield from check_catalog(language, pot_ids)
                yield from catalog_layout(language)
                if language.shipped:  # a language being translated has no word data yet
                    yield from catalog_glossary(language)

            yield from limited(checks, f"the checks of {rel(language.po_file)}", language.po_file)
        elif language.po_file.exists():
            yield (
                f"{rel(language.po_file)}:1: {language.code} is the source language: its text "
                "is the templates' own and this catalog is never read; change the templates "
                "and delete it"
            )


def catalog_layout(language: Language) -> Problems:
    """A catalog in another layout than the project's (GNU gettext's, :mod:`powriter`): Poedit,
    Weblate's translate-toolkit or polib wrap and order some entries otherwise, and a one-word
    fix then shows as hundreds of changed lines. One problem, at the first line that differs,
    naming the command that writes it back without changing a string."""
    from generator.i18n.powriter import po_text

    try:
        text = language.po_file.read_text(encoding="utf-8")
        ours = po_text(read_catalog(language.po_file, language.code))
    except (GolfError, OSError, UnicodeDecodeError):
        return  # check_catalog says what is wrong with it
    if ours == text:
        return
    theirs, mine = text.splitlines(), ours.splitlines()
    line = next(
        (n for n, (a, b) in enumerate(zip(theirs, mine, strict=False), 1) if a != b),
        min(len(theirs), len(mine)) + 1,
    )
    yield (
        f"{rel(language.po_file)}:{line}: not in the project's layout (a tool such as Poedit "
        "or polib wrapped or ordered it otherwise): run 'python -m generator catalog update', "
        "which writes it back without changing a string"
    )
