"""Part ``pages``: every page reads like its approved text (and the seed-tied pages like their
seeds, errata applied), and the word rules hold."""

from __future__ import annotations

from generator.check.claims import claim_sets
from generator.check.common import (
    Problems,
    Rendered,
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
from generator.site.render import page_facts


def check_pages(languages: list[Language], rendered: Rendered | None = None) -> Problems:
    """``rendered``: every language's rendered pages, when the caller has them."""
    try:
        facts = page_facts()
    except GolfError:
        return  # reported by check_examples
    yield from stray_files(languages)
    for language in languages:
        if not language.shipped and not language.seed_pages:
            continue
        try:
            texts = approved_texts(language, facts, (rendered or {}).get(language.code))
        except GolfError as error:
            yield located(str(error))
            continue
        if language.shipped:
            for page, text in texts.items():
                yield from approved_problems(language, page, text)
        yield from seed_problems(language, texts)
    yield from errata_problems(languages)
    yield from word_problems(languages)


def errata_problems(languages: list[Language]) -> Problems:
    """The seed errata (``docs_src/seed_errata.yaml``): each names a seed page of a language and
    a claim that ``check`` plays (the seed comparison applies them and says if one no longer
    fits its seed's line)."""
    from generator.pages.errata import ERRATA_FILE, ErrataError, read_errata

    try:
        errata = read_errata()
    except ErrataError as error:
        yield str(error)
        return
    seeds = {rel(path) for language in languages for path in language.seed_pages.values()}
    claims = {name for claims in claim_sets() for name in claims}
    for erratum in errata:
        where = f"{rel(ERRATA_FILE)}:{erratum.at}"
        if erratum.seed_file not in seeds:
            yield f"{where}: {erratum.seed_file!r} is no language's seed page (locales/languages.yaml)"
        if erratum.claim not in claims:
            yield f"{where}: no claim is named {erratum.claim!r}: an erratum states what a claim plays"


def word_problems(
    languages: list[Language], texts: dict[str, dict[str, str]] | None = None
) -> Problems:
    """The word rules (:mod:`generator.i18n.wordrules`) on every approved text of the shipped
    languages, each beside the English text of the same name, but for the seed-tied pages:
    they are held word for word to their seeds, which are the oracle (a seed page may say
    more than the English line: nl's "door Jokers en Heren"). ``texts``: {code: {file name:
    text}} to read instead of the approved files, and the only ones read (``approve`` passes the texts it would
    write)."""
    shipped = [language.code for language in languages if language.shipped]
    seed_tied = {language.code: set(language.seed_pages) for language in languages}
    # Material's own words (its translations for the language), which no translator of ours
    # writes: "Missing" is Material's French "Non trouvé"
    try:
        labels = other_labels("site")
    except GolfError:
        labels = []  # a catalog that does not read: its own problem, said by part catalogs
    theme = {"site.txt": {n for n, label in enumerate(labels, 1) if label.startswith("theme ")}}
    yield from check_texts(
        approval.APPROVED, shipped, source_language(), seed_tied, texts, not_ours=theme
    )
