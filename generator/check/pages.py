"""Part ``pages``: every page reads like its approved text (and the seed-tied pages like their
seeds, errata applied), and the word rules hold."""

from __future__ import annotations

import re
from typing import Any

from generator.check.claims import claim_sets
from generator.check.common import (
    Problems,
    Rendered,
    limited,
    located,
    rel,
)
from generator.i18n.catalogs import (
    Language,
    source_language,
)
from generator.i18n.wordrules import check_texts
from generator.patience import GolfError
from generator.site import approval
from generator.site.approval import (
    approved_problems,
    approved_texts,
    seed_problems,
    stray_files,
)
from generator.site.othertexts import labels as other_labels
from generator.site.pagetext import markdown_text
from generator.site.render import page_facts, render_seed_tied


def check_pages(languages: list[Language], rendered: Rendered | None = None) -> Problems:
    """``rendered``: every language's rendered pages, when the caller has them."""
    try:
        facts = page_facts()
    except GolfError as error:  # examples says it too, and check says it once
        yield located(str(error))
        return
    yield from stray_files(languages)
    pages: dict[str, dict[str, str]] = {}
    for language in languages:
        if not language.shipped and not language.seed_pages:
            continue
        try:
            texts = approved_texts(language, facts, (rendered or {}).get(language.code))
        except GolfError as error:
            yield located(str(error))
            continue
        pages[language.code] = texts
        if language.shipped:
            for page, text in texts.items():
                yield from approved_problems(language, page, text)
        yield from seed_problems(language, texts)
    yield from errata_problems(languages, pages)
    yield from word_problems(languages)


def errata_problems(
    languages: list[Language], pages: dict[str, dict[str, str]] | None = None
) -> Problems:
    """The seed errata (``docs_src/seed_errata.yaml``): each names a seed page of a language and
    a claim that ``check`` plays, and that claim plays the sentence that says the erratum's
    words (the seed comparison applies them and says if one no longer fits its seed's line).
    ``pages``: {code: {page: text}} as the pages read now (else their approved texts)."""
    from generator.pages.errata import ERRATA_FILE, ErrataError, read_errata

    try:
        errata = read_errata()
    except ErrataError as error:
        yield str(error)
        return
    seeds = {rel(path) for language in languages for path in language.seed_pages.values()}
    claims = {name: claim for claim_set in claim_sets() for name, claim in claim_set.items()}
    for erratum in errata:
        where = f"{rel(ERRATA_FILE)}:{erratum.at}"
        if erratum.seed_file not in seeds:
            yield f"{where}: {erratum.seed_file!r} is no language's seed page (locales/languages.yaml)"
        if erratum.claim not in claims:
            yield f"{where}: no claim is named {erratum.claim!r}: an erratum states what a claim plays"
            continue
        for language in languages:
            for page, seed in language.seed_pages.items():
                if rel(seed) != erratum.seed_file:
                    continue
                text = (pages or {}).get(language.code, {}).get(page)
                for words in _backed_lines(erratum):
                    backing = erratum_backing(erratum, language, page, text, claims, words)
                    if not backing or erratum.claim in backing:  # none: no sentence found
                        continue
                    said = ", ".join(sorted(backing))
                    yield (
                        f"{where}: the erratum's claim {erratum.claim!r} plays no sentence that "
                        f"says its words ({words!r} on the {language.code} "
                        f"{page} page): the sentence that says them is claimed by {said}; an "
                        "erratum is backed by a claim of its own sentence (add the sentence to "
                        "the claim that states the erratum's fact, or name that sentence's claim)"
                    )


def erratum_backing(
    erratum: Any,
    language: Language,
    page: str,
    text: str | None,
    claims: dict[str, Any],
    words: str | None = None,
) -> set[str] | None:
    """The claims that play a sentence saying ``erratum``'s words on the page (``words``, one
    line of them; else its ``page`` words, an addition's added words); None where the page
    does not say them (the seed comparison reports that). Empty where no sentence of a claim is
    found around them (a table's cell, a label, a heading): those are held to their seed's line
    only."""
    from generator.i18n.catalogs import translations

    if text is None:
        try:
            text = approval.approved_path(language.code, page).read_text(encoding="utf-8")
        except OSError:
            return None
    words = _plain(_backed_words(erratum) if words is None else words)
    lines = [line for line in map(_plain, text.splitlines()) if words and words in line]
    if not lines:
        return None
    try:
        catalog = translations(language, fallback_warning=False)
    except GolfError:
        return None  # a broken catalog: part catalogs says so
    backing: set[str] = set()
    for line in lines:
        start = line.index(words)
        end = start + len(words)
        for name, claim in claims.items():
            for sentence in claim.sentences:
                pattern = _pattern(catalog.gettext(sentence))
                if pattern is None:
                    continue
                for match in re.finditer(pattern, line):
                    inside = min(end, match.end()) - max(start, match.start())
                    if inside >= len(words) / 2:
                        backing.add(name)
    return backing


def _backed_words(erratum: Any) -> str:
    """The words an erratum's claim backs: a correction's page words, an addition's added ones."""
    return str(erratum.added if erratum.kind == "addition" else erratum.page)


def _backed_lines(erratum: Any) -> tuple[str, ...]:
    """The words an erratum's claim backs, by line of the page: an addition's added lines
    each, else its one line of words."""
    if erratum.kind == "addition":
        return tuple(erratum.added_lines)
    return (str(erratum.page),)


_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")


def _plain(text: str) -> str:
    """Words as compared: Markdown's emphasis marks left out, spaces collapsed, a minus sign
    as the hyphen-minus."""
    return " ".join(re.sub(r"[*_`]", "", text).replace("\u2212", "-").split())


def _pattern(translation: str) -> str | None:
    """A translated sentence as a pattern of the page's line: each placeholder any words."""
    parts = _PLACEHOLDER.split(_plain(translation))
    if sum(len(part) for part in parts) < 12:
        return None  # a label or a few words: on many lines, no sentence's own
    return ".+?".join(re.escape(part) for part in parts)


def word_problems(
    languages: list[Language], texts: dict[str, dict[str, str]] | None = None
) -> Problems:
    """The word rules (:mod:`generator.i18n.wordrules`) on every approved text of the shipped
    languages, each beside the English text of the same name. A seed-tied page is held word
    for word to its seed too, and beside the English page rendered as it is
    (:func:`seed_shapes`): the seed's words are one more translation, and where the seed says
    another fact on purpose (nl's "door Jokers en Heren") the line is an erratum or a reviewed
    exception. ``texts``: {code: {file name: text}} to read instead of the approved files, and
    the only ones read (``approve`` passes the texts it would write)."""
    shipped = [language.code for language in languages if language.shipped]
    try:
        shapes = seed_shapes(languages)
    except GolfError as error:
        yield located(str(error))  # the page facts: said by part examples too
        return
    # Material's own words (its translations for the language), which no translator of ours
    # writes: "Missing" is Material's French "Non trouvé"
    try:
        labels = other_labels("site")
    except GolfError as error:  # a catalog that does not read: part catalogs says it too
        yield located(str(error))
        return
    theme = {"site.txt": {n for n, label in enumerate(labels, 1) if label.startswith("theme ")}}
    yield from limited(
        lambda: check_texts(
            approval.APPROVED, shipped, source_language(), shapes, texts, not_ours=theme
        ),
        "the word rules",
        approval.APPROVED,
    )


def seed_shapes(languages: list[Language]) -> dict[str, dict[str, str]]:
    """{code: {approved file name: English text}} for each shipped language's seed-tied pages:
    the English page rendered as that language renders it (a seed-tied page leaves out what its
    seed lacks, the tips' measured worth), which the word rules hold the seed's words to."""
    source = next((lang for lang in languages if lang.code == source_language()), None)
    tied = [
        language
        for language in languages
        if language.shipped and language.seed_pages and source and language.code != source.code
    ]
    if source is None or not tied:
        return {}
    # a page renders alike wherever it is seed-tied: the English once, every such page tied
    pages = sorted({page for language in tied for page in language.seed_pages})
    rendered = render_seed_tied(source, pages, page_facts())
    english = {page: markdown_text(rendered[page], pictures=True) for page in pages}
    return {
        language.code: {f"{page}.txt": english[page] for page in language.seed_pages}
        for language in tied
    }
