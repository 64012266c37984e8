"""The seed errata (``docs_src/seed_errata.yaml``, issue 35): where a seed contradicts itself or
the engine the page says what is true; the seed comparison applies exactly the listed errata and
refuses any other difference; an erratum that no longer fits its seed, names no claim that check
plays, or no seed page, is a problem in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.pages.errata as errata
from generator.check import check_pages, errata_problems
from generator.i18n.catalogs import shipped_languages
from generator.pages.errata import ErrataError, corrected, corrected_lines, read_errata
from generator.paths import ROOT
from generator.site.approval import approved_texts, seed_problems
from generator.site.render import page_facts


def dutch() -> object:
    return next(language for language in shipped_languages() if language.code == "nl")


def test_each_erratum_fits_its_seed_line_once_and_the_pages_follow_them() -> None:
    listed = read_errata()
    assert listed, "no errata: the Dutch 6-Card page would repeat the seed's contradictions"
    for erratum in listed:
        seed = (ROOT / erratum.seed_file).read_text(encoding="utf-8")
        line = seed.split("\n")[erratum.line - 1]
        assert line.count(erratum.seed) == 1, (erratum.at, line)
        assert erratum.page not in line
        fixed = [
            text
            for number, text in corrected_lines(ROOT / erratum.seed_file, seed, [erratum])
            if number == erratum.line
        ]
        assert fixed == line.replace(erratum.seed, erratum.page).split("\n")
    assert list(check_pages(shipped_languages())) == []


def test_without_the_errata_the_seed_comparison_names_every_corrected_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The errata are what lets the page differ from the seed, and nothing else is: take them
    away and the Dutch pages differ from their seeds at exactly their lines."""
    language = dutch()
    texts = approved_texts(language, page_facts())  # type: ignore[arg-type]
    assert list(seed_problems(language, texts)) == []  # type: ignore[arg-type]
    listed = read_errata()
    monkeypatch.setattr(errata, "read_errata", lambda path=None: [])
    found = list(seed_problems(language, texts))  # type: ignore[arg-type]
    seeds = {str(seed) for seed in language.seed_pages.values()}  # type: ignore[attr-defined]
    mine = [e for e in listed if any(seed.endswith(e.seed_file) for seed in seeds)]
    assert {e.seed_file for e in mine} == {
        "tests/golden/nl.txt",
        "tests/golden/nl-six-card-golf.txt",
    }
    for seed_file in {e.seed_file for e in mine}:
        lines = {e.line for e in mine if e.seed_file == seed_file}
        named = [int(p.split(":")[1]) for p in found if p.startswith(f"{seed_file}:")]
        # lines added after a seed's line are named by the line they stand before
        before = {e.line + 1 for e in mine if e.seed_file == seed_file and e.adds_lines}
        assert set(named) <= lines | before, found  # nothing but the errata's lines differ
        # each erratum's line is named, or is in the run of the line before it (adjacent lines
        # differ as one run), or its added lines are named by the line after it
        assert {
            line
            for line in lines
            if line in named or line - 1 in lines or (line + 1 in before and line + 1 in named)
        } == lines, found
    assert all("differs from its seed" in problem for problem in found)


def test_an_erratum_that_no_longer_fits_its_seed_is_one_line(tmp_path: Path) -> None:
    (erratum,) = read_errata()[:1]
    seed = (ROOT / erratum.seed_file).read_text(encoding="utf-8")
    changed = seed.replace(erratum.seed, "something else")
    with pytest.raises(ErrataError, match=rf"^docs_src/seed_errata\.yaml:{erratum.at}: "):
        corrected(ROOT / erratum.seed_file, changed, [erratum])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- seed_file: a\n  line: 1\n", r":1: an erratum needs 'seed'"),
        ("- {seed_file: a, line: x, seed: a, page: b, reason: r s t, claim: c}\n", r"line must be"),
        ("- {seed_file: a, line: 1, seed: a, page: b, reason: why, claim: c}\n", r"reason: say"),
        (
            "- {seed_file: a, line: 1, seed: a, page: b, reason: r s t, claim: c, more: d}\n",
            "unknown key",
        ),
        ("seed_file: a\n", r":1: the errata must be a list"),
        (
            "- {seed_file: a, line: 1, seed: a, page: b, reason: r s t, claim: c, kind: more}\n",
            "kind must be one of correction, addition",
        ),
        (  # an addition that changes the seed's words is no addition
            "- {seed_file: a, line: 1, seed: a b, page: a c d, reason: r s t, claim: c, "
            "kind: addition}\n",
            "an addition's page words are the seed's words followed by the added ones",
        ),
        (
            "- {seed_file: a, line: 1, seed: a b, page: 'a b ', reason: r s t, claim: c, "
            "kind: addition}\n",
            "an addition's page words",
        ),
    ],
)
def test_a_malformed_errata_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "seed_errata.yaml"
    path.write_text(text)
    with pytest.raises(ErrataError, match=message):
        read_errata(path)


def test_check_names_an_erratum_without_its_claim_or_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "seed_errata.yaml"
    path.write_text(
        "- seed_file: tests/golden/nl-six-card-golf.txt\n  line: 20\n  seed: a\n  page: b\n"
        "  reason: a reason of words\n  claim: no-such-claim\n"
        "- seed_file: tests/golden/elsewhere.txt\n  line: 1\n  seed: a\n  page: b\n"
        "  reason: a reason of words\n  claim: six-values\n"
    )
    monkeypatch.setattr(errata, "ERRATA_FILE", path)
    problems = list(errata_problems(shipped_languages()))
    assert len(problems) == 2, problems
    assert problems[0].endswith(
        ":1: no claim is named 'no-such-claim': an erratum states what a claim plays"
    )
    assert "'tests/golden/elsewhere.txt' is no language's seed page" in problems[1]


def test_an_erratum_naming_a_claim_of_another_sentence_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each erratum of the file in turn given the claim of another erratum (one that plays
    none of the sentences that say its words, as issue 45's made-up erratum named
    six-stock-out): check refuses it, naming the erratum's line and the sentence's claims."""
    from generator.check.claims import claim_sets
    from generator.check.pages import erratum_backing

    text = errata.ERRATA_FILE.read_text(encoding="utf-8")
    listed = read_errata()
    claims = {name: claim for found in claim_sets() for name, claim in found.items()}
    path = tmp_path / "seed_errata.yaml"
    monkeypatch.setattr(errata, "ERRATA_FILE", path)
    tried = 0
    for erratum in listed:
        language, page = next(
            (language, p)
            for language in shipped_languages()
            for p, seed in language.seed_pages.items()
            if str(seed).endswith(erratum.seed_file)
        )
        # an addition of lines: each added line a claimed sentence says is held apart
        said = erratum.added_lines if erratum.kind == "addition" else (erratum.page,)
        backings = [erratum_backing(erratum, language, page, None, claims, w) for w in said]
        backed = [b for b in backings if b]
        assert backed and all(erratum.claim in b for b in backed), (erratum.at, backings)
        other = next(e.claim for e in listed if all(e.claim not in b for b in backed))
        lines = text.split("\n")
        at = next(n for n in range(erratum.at - 1, len(lines)) if lines[n].startswith("  claim: "))
        lines[at] = f"  claim: {other}"
        path.write_text("\n".join(lines), encoding="utf-8")
        problems = list(errata_problems(shipped_languages()))
        assert len(problems) == len(backed), problems
        for problem, backing in zip(problems, backed, strict=True):
            assert problem.startswith(f"{path}:{erratum.at}: "), problems
            assert f"the erratum's claim {other!r} plays no sentence that says its words" in problem
            assert all(name in problem for name in backing), problems
        tried += 1
    assert tried == len(listed)


def _seed_with_an_addition(tmp_path: Path, page: str) -> tuple[Path, str, errata.Erratum]:
    path = tmp_path / "seed.txt"
    seed = "Kop\nDe partij is voorbij als niets meer past.\nVolgende kop\n"
    path.write_text(seed, encoding="utf-8")
    erratum = errata.Erratum(
        str(path),
        2,
        "niets meer past.",
        page,
        "the text gives no tips",
        "rules-tips",
        1,
        "addition",
    )
    return path, seed, erratum


def test_an_addition_of_lines_follows_its_seed_line_and_is_named_by_it(tmp_path: Path) -> None:
    """Added words that begin with a line break are lines of their own right after the seed's
    line (a section the seed lacks, issue 47's tips), each named by that line when it differs."""
    path, seed, erratum = _seed_with_an_addition(
        tmp_path, "niets meer past.\nTips\n- neem de langste kolom;\n- of de langste reeks."
    )
    assert erratum.adds_lines
    assert erratum.added_lines == ("Tips", "- neem de langste kolom;", "- of de langste reeks.")
    assert corrected_lines(path, seed, [erratum]) == [
        (1, "Kop"),
        (2, "De partij is voorbij als niets meer past."),
        (2, "Tips"),
        (2, "- neem de langste kolom;"),
        (2, "- of de langste reeks."),
        (3, "Volgende kop"),
        (4, ""),
    ]
    assert not _seed_with_an_addition(tmp_path, "niets meer past. Neem de langste kolom.")[
        2
    ].adds_lines


def test_added_lines_after_words_that_do_not_end_their_line_are_one_line(tmp_path: Path) -> None:
    """Lines added after the middle of a seed's line would cut that line in two: refused, naming
    the erratum and the seed's line."""
    path, seed, erratum = _seed_with_an_addition(tmp_path, "niets meer\nTips")
    erratum = errata.Erratum(
        str(path), 2, "niets meer", "niets meer\nTips", "a b c", "x", 7, "addition"
    )
    with pytest.raises(
        ErrataError, match=r":7: .*seed\.txt:2 does not end with the erratum's words"
    ):
        corrected_lines(path, seed, [erratum])


def test_only_an_addition_adds_lines(tmp_path: Path) -> None:
    path = tmp_path / "errata.yaml"
    path.write_text(
        "- seed_file: a\n  line: 1\n  seed: b\n  page: |-\n    c\n    d\n"
        "  reason: the text is wrong\n  claim: e\n",
        encoding="utf-8",
    )
    with pytest.raises(ErrataError, match=r":4: only an addition's added words may be lines"):
        read_errata(path)


def test_every_reason_is_a_catalog_message_and_the_sources_page_lists_every_erratum() -> None:
    """The sources page shows each erratum's reason in the page's language: the reasons are
    extracted from the errata file into the catalogs (context "seed erratum"), translated in
    every shipped language, and each erratum's page words stand on the page of every language."""
    from babel.messages.pofile import read_po

    from generator.site.build import render_all

    listed = read_errata()
    with (ROOT / "locales" / "messages.pot").open("rb") as handle:
        pot = read_po(handle)
    for erratum in listed:
        assert pot.get(erratum.reason, context=errata.CONTEXT) is not None, erratum.reason
    for language in shipped_languages():
        if language.code == "en" or not language.shipped:
            continue
        with language.po_file.open("rb") as handle:
            catalog = read_po(handle, locale=language.code)
        for erratum in listed:
            message = catalog.get(erratum.reason, context=errata.CONTEXT)
            assert message is not None and message.string and not message.fuzzy, (
                language.code,
                erratum.reason,
            )
    rendered = render_all(shipped_languages())
    seed_language = {
        str(seed): language.code
        for language in shipped_languages()
        for seed in language.seed_pages.values()
    }
    for code, pages in rendered.items():
        for erratum in listed:
            lang = next(c for seed, c in seed_language.items() if seed.endswith(erratum.seed_file))
            # an addition's lines each quoted on their own
            said = erratum.added_lines if erratum.kind == "addition" else (erratum.page,)
            for words in said:
                shown = erratum.shown(words)
                assert f'<span lang="{lang}">{shown}</span>' in pages["sources.md"].replace(
                    "\\", ""
                ), (code, shown)


def test_the_extractor_reads_each_reason_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "errata.yaml"
    seed = "tests/golden/nl-six-card-golf.txt"
    path.write_text(
        f"- seed_file: {seed}\n  line: 20\n  seed: a\n  page: b\n"
        "  reason: The seed is wrong here, and says so twice.\n  claim: six-values\n",
        encoding="utf-8",
    )
    with path.open("rb") as handle:
        found = list(errata.extract_reasons(handle, [], [], {}))
    assert [(line, func, message) for line, func, message, _ in found] == [
        (1, "pgettext", (errata.CONTEXT, "The seed is wrong here, and says so twice."))
    ]
    assert "page says: b" in found[0][3][0]
