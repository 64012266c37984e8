"""Drafts of seed errata (``python -m generator errata draft``): where a rule's value changed in
the engine, the seed-tied pages now say what the seed does not (a stuck game's points), and each
such line needs an erratum (:mod:`generator.pages.errata`). The draft finds every line where a
seed-tied page differs from its seed, errata applied, and writes the least run of words that
differs as an erratum with the claim and the reason given: the developer reviews them as any
erratum (a reason in the seed's terms, a claim that plays the page's words).

A run of lines the page adds or drops has no erratum of this kind: it is named, to be written by
hand (``kind: addition``) or taken back.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from generator.atomic import write_text_atomic
from generator.i18n.catalogs import Language
from generator.pages.errata import ERRATA_FILE, corrected_lines
from generator.patience import GolfError
from generator.site.approval import approved_texts, relative, seed_text
from generator.site.pagetext import without_pictures
from generator.site.render import page_facts
from generator.site.worddiff import changed_runs


@dataclass(frozen=True)
class Draft:
    seed_file: str
    line: int
    seed: str
    page: str


def span(seed: str, page: str, line: str) -> tuple[str, str]:
    """The least run of whole words where ``page`` differs from ``seed``, as it stands in
    ``line`` (the seed file's line, which may write a sign as a hyphen-minus), widened by a
    word at a time until the line holds it once.

    >>> span("| Punten | −10 |", "| Punten | −5 |", "| Punten | −10 |")
    ('−10', '−5')
    >>> span("is 10 r − 10 (35 − r) punten", "is 10 r − 5 (35 − r) punten", "is 10 r − 10 (35 − r) punten")
    ('− 10 (35', '− 5 (35')
    """
    old, new = seed.split(" "), page.split(" ")
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    first, last = start, end
    while True:
        words = " ".join(old[first : len(old) - last])
        written = _as_written(words, line)
        if (written and line.count(written) == 1) or (first == 0 and last == 0):
            return written or words, " ".join(new[first : len(new) - last])
        if first > 0:
            first -= 1
        if last > 0:
            last -= 1


def _as_written(words: str, line: str) -> str:
    """``words`` as the seed's line writes them: a sign the page shows as U+2212 may be a
    hyphen-minus there."""
    if words and words in line:
        return words
    hyphen = words.replace("\u2212", "-")
    return hyphen if hyphen and hyphen in line else ""


def drafts(languages: list[Language]) -> tuple[list[Draft], list[str]]:
    """Every erratum the seed-tied pages need now, and the runs of lines no erratum of a line
    can cover (``file:line: why``)."""
    facts = page_facts()
    found: list[Draft] = []
    by_hand: list[str] = []
    for language in languages:
        if not language.seed_pages:
            continue
        texts = approved_texts(language, facts)
        for page, seed_path in language.seed_pages.items():
            where = relative(seed_path)
            numbered = corrected_lines(seed_path, seed_path.read_text(encoding="utf-8"))
            lines = [line for _, line in numbered]
            kept = [number for number, line in numbered if line.strip()]
            first = {number: line for number, line in reversed(numbered)}  # a seed line's own
            seed_lines = seed_text("\n".join(lines)).splitlines()
            page_lines = without_pictures(texts[page]).splitlines()
            for i1, i2, j1, j2 in changed_runs(seed_lines, page_lines):
                if i2 - i1 != j2 - j1:
                    at = kept[i1] if i1 < len(kept) else len(lines)
                    by_hand.append(
                        f"{where}:{at}: the {language.code} {page} page has {j2 - j1} line(s) "
                        f"where the seed has {i2 - i1}: write that erratum by hand"
                    )
                    continue
                for offset in range(i2 - i1):
                    number = kept[i1 + offset]
                    seed, page_words = span(
                        seed_lines[i1 + offset], page_lines[j1 + offset], first[number]
                    )
                    found.append(Draft(where, number, seed, page_words))
    return found, by_hand


def as_yaml(found: list[Draft], claims: list[str], reason: str) -> str:
    """The drafts as entries of the errata file, each with its claim (``claims``, in order)."""
    entries = [
        {
            "seed_file": draft.seed_file,
            "line": draft.line,
            "seed": draft.seed,
            "page": draft.page,
            "reason": reason,
            "claim": claim,
        }
        for draft, claim in zip(found, claims, strict=True)
    ]
    return yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=100)


def append(text: str) -> None:
    """Add ``text`` (entries) at the end of the errata file, written whole or not at all."""
    try:
        old = ERRATA_FILE.read_text(encoding="utf-8")
    except OSError as error:
        raise GolfError(f"{relative(ERRATA_FILE)}:1: cannot read: {error}") from None
    write_text_atomic(ERRATA_FILE, old.rstrip("\n") + "\n" + text)
