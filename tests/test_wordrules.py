"""Facts in words (generator/i18n/wordrules.py): each rule refuses a broken page or catalog and
passes today's; the data files are read strictly."""

from pathlib import Path

import pytest
import yaml

from generator.check import catalog_glossary, word_problems
from generator.i18n.catalogs import languages
from generator.i18n.wordrules import (
    EXCEPTIONS_FILE,
    WordRulesError,
    glossary_problems,
    read_exceptions,
    read_word_data,
    word_data,
)
from generator.site.approval import APPROVED


def approved(code: str, page: str) -> str:
    return (APPROVED / code / f"{page}.txt").read_text(encoding="utf-8")


def broken(code: str, page: str, old: str, new: str) -> list[str]:
    """The word rules' problems with one approved text edited (``old``'s first occurrence)."""
    text = approved(code, page)
    assert old in text, old
    return list(word_problems(languages(), {code: {f"{page}.txt": text.replace(old, new, 1)}}))


def line_of(code: str, page: str, old: str) -> int:
    text = approved(code, page)
    return text[: text.index(old)].count("\n") + 1


def test_todays_texts_and_catalogs_pass() -> None:
    assert list(word_problems(languages())) == []
    for language in languages():
        if language.shipped and language.code != "en":
            assert list(catalog_glossary(language)) == []


@pytest.mark.parametrize(
    ("code", "page", "old", "new", "named"),
    [
        (
            "de",
            "six-card-golf",
            "dürfen Sie NICHT gleich",
            "dürfen Sie gleich",
            "negation: 2-3 in English (NOT, without, instead), 1 here (ohne)",
        ),
        ("de", "six-card-golf", "MUSS in Ihre", "DARF in Ihre", "modality 'must'"),
        ("de", "six-card-golf", "ein Bube oder", "ein König oder", "cards 'jack'"),
        ("de", "six-card-golf", "links vom Geber", "rechts vom Geber", "direction 'right'"),
        ("de", "six-card-golf", "2 bis 6 Spieler für", "2 bis 6 oder zehn Spieler für", "'ten'"),
        ("de", "six-card-golf", "es zählt nur der Rang", "es zählt der Rang", "quantity 'only'"),
        ("nl", "examples", "met alle vier regelvarianten", "met geen van de vier", "negation"),
        # the Dutch seed's words quoted alike in the English and German lines are left out of
        # the comparison (or counted on both sides): what the German adds beside them is not
        (
            "de",
            "sources",
            "wie die Wertetabelle",
            "und ein Bube 10, wie die Wertetabelle",
            "cards 'jack'",
        ),
        ("nl", "sources", "alleen een Joker (−2)", "geen Joker (−2)", "negation"),
        (
            "nl",
            "index",
            "patience voor één speler:",
            "patience voor twee spelers:",
            "numbers 'two'",
        ),
        ("nl", "index", "één waarde hoger of lager", "één waarde hoger", "direction 'below'"),
        ("de", "index", "höher oder niedriger als", "höher als", "direction 'below'"),
        ("de", "examples", "| Leicht | ja, in 51 Zügen |", "| Leicht | ja, in 51 Zug |", "51 Zug"),
        ("de", "examples", "\nRückgängig\n", "\nWiederholen\n", "the label 'Undo'"),
        (
            "nl",
            "solve",
            " De pagina's Voorbeelden en De gewonnen partij tonen verdelingen die al zijn opgelost.",
            "",
            "sentences: 2 in English, 1 here",
        ),
        (
            "nl",
            "solve",
            "de meeste kaarten verwijdert.",
            "de meeste kaarten verwijdert. Een heer mag op een aas.",
            "sentences",
        ),
    ],
)
def test_a_changed_fact_in_words_is_refused(
    code: str, page: str, old: str, new: str, named: str
) -> None:
    found = broken(code, page, old, new)
    number = (
        line_of(code, page, old.strip("\n")) if old.startswith("\n") else line_of(code, page, old)
    )
    where = f"docs_src/approved/{code}/{page}.txt:{number}: "
    assert [p for p in found if p.startswith(where) and named in p], found
    assert all("\n" not in problem for problem in found)


MEANING_CHANGES = yaml.safe_load(
    (Path(__file__).parent / "data" / "meaning_changes.yaml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize(
    "case",
    MEANING_CHANGES,
    ids=[f"{c['lang']}-{c['page']}-{c['new'][:40]}" for c in MEANING_CHANGES],
)
def test_a_changed_meaning_is_refused(case: dict[str, str]) -> None:
    """tests/data/meaning_changes.yaml: each translator's edit that states another fact with
    the same numbers and cards is refused, naming its line and the sense; a case marked
    ``miss`` (the rules cannot tell it) stays uncaught."""
    code, page, old = case["lang"], case["page"], case["old"]
    found = broken(code, page, old, case["new"])
    where = f"docs_src/approved/{code}/{page}.txt:{line_of(code, page, old)}: "
    named = [p for p in found if p.startswith(where) and case["named"] in p]
    if case.get("miss"):
        assert not named, f"caught now: remove 'miss' from the case ({named})"
    else:
        assert named, found


def test_a_seed_tied_page_is_held_to_its_english_lines_too() -> None:
    # the nl rules page is held word for word to its seed, and its seed's words are one more
    # translation of the English: a negation dropped from an approved line is refused
    found = broken("nl", "rules", "niet", "wel")
    where = f"docs_src/approved/nl/rules.txt:{line_of('nl', 'rules', 'niet')}: "
    assert [p for p in found if p.startswith(where) and "negation" in p], found


@pytest.mark.parametrize("code", ["nl", "de"])
def test_an_english_rule_changed_under_a_seed_tied_page_is_refused_there(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 45: the stock's table edited to say the engine's one pass as "twice", the
    template and the claim alike: the English page says twice while the seed pages say once."""
    from generator.check import pages
    from generator.pages.patience_claims.stock import PASSES

    real = pages.seed_shapes
    once, twice = PASSES.table[1], PASSES.table[2]

    def edited(languages: list) -> dict[str, dict[str, str]]:
        shapes = real(languages)
        assert once in shapes[code]["rules.txt"]
        shapes[code]["rules.txt"] = shapes[code]["rules.txt"].replace(once, twice)
        return shapes

    monkeypatch.setattr(pages, "seed_shapes", edited)
    found = list(word_problems(languages()))
    english = APPROVED / "en" / "rules.txt"
    line = english.read_text(encoding="utf-8")[: english.read_text().index(once)].count("\n") + 1
    where = f"docs_src/approved/{code}/rules.txt:{line}: "
    assert [p for p in found if p.startswith(where) and "numbers 'two'" in p], found


def test_a_text_not_line_for_line_with_the_english_is_one_problem() -> None:
    found = broken("nl", "solve", "\n", "\nextra line\n")
    assert any(
        p.startswith("docs_src/approved/nl/solve.txt:1: ") and "lines where" in p for p in found
    )


def test_a_new_approved_text_falls_under_the_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # any approved text of the same name in both languages is compared, whatever page made it
    from generator.i18n import wordrules

    for code, line in (("en", "You may not undo this."), ("nl", "Je mag dit ongedaan maken.")):
        (tmp_path / code).mkdir()
        (tmp_path / code / "messages").mkdir()
        (tmp_path / code / "messages" / "player.txt").write_text(line + "\n", encoding="utf-8")
    monkeypatch.setattr(wordrules, "read_exceptions", lambda: [])
    found = list(wordrules.check_texts(tmp_path, ["en", "nl"], "en", {}))
    assert len(found) == 1 and "player.txt:1: " in found[0] and "negation" in found[0], found


def test_a_placeholder_keeps_its_glossary_term() -> None:
    data = word_data(["nl"], "en")["nl"]
    english = "Move %(number)s: you remove %(card)s from column %(column)s"
    good = "Zet %(number)s: je verwijdert %(card)s uit kolom %(column)s"
    swapped = "Zet %(column)s: je verwijdert %(card)s uit kolom %(number)s"
    assert list(glossary_problems("x.po", [(None, [english], [good], 7)], data)) == []
    found = list(glossary_problems("x.po", [(None, [english], [swapped], 7)], data))
    assert found and all(p.startswith("x.po:7: %(") for p in found), found
    inconsistent = list(glossary_problems("x.po", [(None, ["Undo"], ["Opnieuw"], 3)], data))
    assert inconsistent == [
        "x.po:3: 'Undo' is translated 'Opnieuw'; the glossary "
        f"(docs_src/words/nl.yaml:{data.glossary_lines['Undo']}) says 'Ongedaan maken' everywhere"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- file: a.txt\n  english: a\n", ":1: an exception needs 'translation'"),
        (
            "- {file: a.txt, line: 2, english: a, translation: b, reason: it is right}\n",
            ":1: unknown key 'line': an exception is found by its English and translated lines",
        ),
        (
            "- {file: a.txt, english: 3, translation: b, reason: it is right}\n",
            ":1: english must be a text",
        ),
        (
            "- {file: a.txt, english: a, translation: b, reason: ok}\n",
            ":1: reason: say why",
        ),
        (
            "- {file: a.txt, english: a, translation: b, reason: it is right, by: me}\n",
            ":1: unknown key 'by'",
        ),
        (
            "- {file: a.txt, english: a, translation: b, reason: it is right}\n"
            "- {file: a.txt, english: a, translation: b, reason: it is right too}\n",
            ":2: the same lines of a.txt have an exception already (line 1)",
        ),
        ("{a: 1}\n", ":1: the exceptions must be a list"),
        ("- [\n", ":2: not valid YAML"),
    ],
)
def test_the_exceptions_are_read_strictly(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "exceptions.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(WordRulesError) as error:
        read_exceptions(path)
    assert str(error.value).startswith(str(path)) and message in str(error.value)
    assert "\n" not in str(error.value)


def test_a_stale_exception_is_reported() -> None:
    # every recorded exception is in use today; an edited line leaves its exception behind
    entry = read_exceptions()[0]
    code, page = entry.file.split("/")[-2], Path(entry.file).stem
    found = broken(code, page, entry.translation, entry.translation + " x")
    assert any(
        p.startswith(f"docs_src/words/exceptions.yaml:{entry.at}: ") and "matches no line" in p
        for p in found
    )
    assert read_exceptions(EXCEPTIONS_FILE)


def test_an_exception_holds_wherever_its_lines_move() -> None:
    """Rows added above a reviewed line (a table grown by 24 rows moved one from line 133 to
    157) leave its exception applying: it is keyed by the lines' texts."""
    entry = read_exceptions()[0]
    code, name = entry.file.split("/")[-2], Path(entry.file).name
    moved = {
        lang: {name: "A new row.\n" * 24 + approved(lang, Path(name).stem)} for lang in ("en", code)
    }
    moved[code][name] = "Een nieuwe rij.\n" * 24 + approved(code, Path(name).stem)
    if code == "de":
        moved[code][name] = "Eine neue Zeile.\n" * 24 + approved(code, Path(name).stem)
    both = [language for language in languages() if language.code in ("en", code)]
    found = list(word_problems(both, moved))
    assert [p for p in found if name in p] == [], found


def test_the_word_data_is_read_strictly(tmp_path: Path) -> None:
    english = read_word_data("en")
    path = tmp_path / "xx.yaml"
    text = (Path(english.path.parent) / "nl.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("    must: [", "    mustnt: ["), encoding="utf-8")
    with pytest.raises(
        WordRulesError, match=r"xx\.yaml:\d+: class modality: sense 'mustnt' is not in"
    ):
        read_word_data("xx", path, english)
    path.write_text(text.replace("negation: [niet,", "negation: [niet2,"), encoding="utf-8")
    with pytest.raises(
        WordRulesError,
        match=r"xx\.yaml:\d+: negation.negation: 'niet2' is not a word or words joined by",
    ):
        read_word_data("xx", path, english)
    # a phrase is a class entry (its words in a row), never a plural noun
    path.write_text(
        text.replace("negation: [niet,", "negation: [niet meer, niet,"), encoding="utf-8"
    )
    assert read_word_data("xx", path, english).senses("hij mag niet meer") == {
        ("negation", "negation"): (["niet meer"], []),
        ("modality", "may"): (["mag"], []),
    }
    path.write_text(text.replace("singular: zet,", "singular: zet af,"), encoding="utf-8")
    with pytest.raises(WordRulesError, match=r"singular: 'zet af' is not one word"):
        read_word_data("xx", path, english)


def test_review_lists_the_exceptions_added_changed_or_removed() -> None:
    from generator.i18n.wordrules import exceptions_review

    now = EXCEPTIONS_FILE.read_text(encoding="utf-8")
    assert exceptions_review("base", now) == []
    first = read_exceptions()[0]
    entries = yaml.safe_load(now)
    entries[0]["reason"] = "an older reason, reviewed then"
    changed = yaml.safe_dump(entries, allow_unicode=True)
    shown = exceptions_review("base", changed)
    assert shown[0].startswith(
        f"docs_src/words/exceptions.yaml:{first.at}: changed word-rule exception for "
        f"{first.file}: {first.reason}"
    )
    assert shown[1].startswith("    en: ") and len(shown) == 3
    added = exceptions_review("base", None)
    assert sum(1 for line in added if not line.startswith("    ")) == len(read_exceptions())
    extra = now + (
        "- {file: docs_src/approved/nl/x.txt, english: a, translation: b, "
        "reason: gone since then}\n"
    )
    assert exceptions_review("base", extra) == [
        "docs_src/words/exceptions.yaml:1: word-rule exception for "
        "docs_src/approved/nl/x.txt ('a') removed since base"
    ]


def test_a_shipped_language_without_word_data_is_one_line() -> None:
    with pytest.raises(WordRulesError) as error:
        read_word_data("xx", english=read_word_data("en"))
    assert str(error.value).startswith("docs_src/words/xx.yaml:1: missing: a shipped language")


def test_check_stops_a_translator_who_edits_the_catalog_and_the_approved_text(
    tmp_path: Path,
) -> None:
    """Without approve: the German anti-stall rule loses its NICHT in the catalog and in the
    approved text alike, so the page still reads like its approved text; check's pages part
    refuses the line, one line naming the approved text's line, and the catalogs part a
    label translated against the glossary."""
    from tests.test_check import DE, edit, repository_copy, run_check

    copy = repository_copy(tmp_path)
    edit(copy, DE, "dürfen Sie NICHT gleich wieder ", "dürfen Sie gleich wieder ")
    edit(
        copy,
        "docs_src/approved/de/six-card-golf.txt",
        "dürfen Sie NICHT gleich",
        "dürfen Sie gleich",
    )
    result = run_check(copy, "pages")
    assert result.returncode == 1
    number = line_of("de", "six-card-golf", "dürfen Sie NICHT gleich")
    assert (
        [p for p in result.stdout.splitlines() if p.startswith("docs_src/")]
        == [
            p
            for p in result.stdout.splitlines()
            if p.startswith(f"docs_src/approved/de/six-card-golf.txt:{number}: ")
            and "negation: 2-3 in English (NOT, without, instead), 1 here (ohne)" in p
        ]
        != []
    )
    edit(copy, DE, 'msgstr "Rückgängig"', 'msgstr "Wiederholen"')
    catalogs = run_check(copy, "catalogs")
    assert catalogs.returncode == 1
    assert any(
        p.startswith(f"{DE}:") and "'Undo' is translated 'Wiederholen'" in p
        for p in catalogs.stdout.splitlines()
    ), catalogs.stdout


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("Tirez une carte. À vous de jouer.", 2),  # a capital with an accent (French)
        ("Dobierz kartę. Łatwe zasady.", 2),  # Polish Ł
        ("Возьмите карту. Живо.", 2),  # Cyrillic
        ("اسحب بطاقة. ثم العب.", 2),  # Arabic has no capitals: any letter begins a sentence
        ("هل يمكن الفوز؟ نعم.", 2),  # Arabic's question mark
        ("Draw a card. then play it.", 1),  # a small letter after a stop begins none
        ("Peut-on gagner\u00a0? La part des donnes.", 2),  # French: a space before ? and !
        ("Gagné\u202f! Encore une.", 2),  # a narrow one too
        ("Peut-on gagner ? La part.", 2),  # as a page's text reads it: a space
    ],
)
def test_a_sentence_may_begin_in_any_script(line: str, count: int) -> None:
    from generator.i18n.wordrules import sentences

    assert sentences(line) == (count, count)


def test_the_plural_beside_a_number_is_cldr_s(tmp_path: Path) -> None:
    """French puts 0 in the singular ("0 point"), English and German in the plural: the form a
    number takes comes from the language's CLDR plural rule, not from English's."""
    from generator.i18n.wordrules import plural_problems

    english = read_word_data("en")
    text = (english.path.parent / "nl.yaml").read_text(encoding="utf-8")
    text = text.replace("plurals:\n", "plurals:\n  - {singular: point, plural: points}\n", 1)
    path = tmp_path / "fr.yaml"
    path.write_text(text, encoding="utf-8")
    french = read_word_data("fr", path, english)
    assert plural_problems("Score : 0 point, 1 point, 2 points, 1,5 point", french) == []
    assert plural_problems("0 points", french) == [
        "'0 points': the plural beside 0 (its singular: point)"
    ]
    assert plural_problems("0 point", english) == [
        "'0 point': the singular beside 0 (its plural: points)"
    ]
    german = read_word_data("de", english=english)
    assert plural_problems("0 Punkte", german) == []
    assert plural_problems("0 Punkt", german)


@pytest.mark.parametrize("code", ["nl", "de", "fr"])
def test_the_glossary_exports_as_weblate_reads_it(code: str) -> None:
    """``catalog glossary CODE`` prints the glossary as TBX (and ``--format csv`` as CSV), read
    back here with translate-toolkit, the library Weblate imports glossaries with: every term
    with its translation, and nothing else."""
    import io
    import subprocess
    import sys

    from translate.storage import csvl10n, tbx

    glossary = read_word_data(code, english=read_word_data("en")).glossary
    root = Path(__file__).parents[1]
    tbx_text = subprocess.run(
        [sys.executable, "-m", "generator", "catalog", "glossary", code],
        cwd=root,
        capture_output=True,
        check=True,
        timeout=120,
    ).stdout
    units = {unit.source: unit.target for unit in tbx.tbxfile(tbx_text).units}
    assert units == {term: forms[0] for term, forms in glossary.items()}
    csv_text = subprocess.run(
        [sys.executable, "-m", "generator", "catalog", "glossary", code, "--format", "csv"],
        cwd=root,
        capture_output=True,
        check=True,
        timeout=120,
    ).stdout
    rows = {
        unit.source: unit.target
        for unit in csvl10n.csvfile(io.BytesIO(csv_text)).units
        if unit.source
    }
    assert rows == {term: forms[0] for term, forms in glossary.items()}


def test_a_translation_of_one_long_word_is_read_in_one_pass() -> None:
    """Issue 46: BESIDE and VALUE_OF backtracked over every start of a run of letters (20,000
    letters took 8 s of CPU, 200,000 about 15 minutes): a catalog of one long translation
    stalled check, approve and build. They start at a word's start now; 100,000 letters are
    read in a child process given a minute, some 6,000 times what it takes now."""
    import subprocess
    import sys

    code = (
        "from generator.i18n.wordrules import BESIDE, VALUE_OF, glossary_problems, word_data\n"
        "text = 'a' * 100_000\n"
        "data = word_data(['nl'], 'en')['nl']\n"
        "print(list(glossary_problems('x.po', [(None, ['Move %(n)s'], [text], 1)], data)))\n"
        "print(len(list(BESIDE.finditer(text))), len(list(VALUE_OF.finditer(text))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split("\n")[1] == "0 0", done.stdout
