"""The catalogs: read as strictly as ``msgfmt --check``, placeholders as gettext has them,
``catalog update`` never loses a translation, English has no catalog."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.i18n.catalogs import (
    POT_FILE,
    ROOT,
    CatalogError,
    bare_percent,
    languages,
    placeholder_problems,
    shipped_languages,
    translations,
)
from generator.i18n.pofile import parse
from tests.test_check import DE, NL, edit

MSGFMT = shutil.which("msgfmt")

HEADER = """\
msgid ""
msgstr ""
"Project-Id-Version: Golf rules 0.1.0\\n"
"Language: {lang}\\n"
"Plural-Forms: {plural}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"

"""
DUTCH = "nplurals=2; plural=(n != 1);"
PLURAL = 'msgid "a card"\nmsgid_plural "%(count)s cards"\n'


def po(body: str, *, lang: str = "nl", plural: str = DUTCH) -> bytes:
    """A catalog: the header (lines 1-8, the Plural-Forms on line 5), a blank line 9, then ``body``."""
    return (HEADER.format(lang=lang, plural=plural) + body).encode("utf-8")


def msgfmt_rejects(path: Path) -> bool:
    assert MSGFMT
    result = subprocess.run(
        [MSGFMT, "--check", "-o", os.devnull, str(path)], capture_output=True, text=True
    )
    return result.returncode != 0


# name: (file bytes, the line our error names, a piece of our message, msgfmt 0.21 rejects it too)
BROKEN: dict[str, tuple[bytes, int, str, bool]] = {
    "unterminated string": (
        po('msgid "The won game"\nmsgstr "De gewonnen partij\n'),
        11,
        "unterminated string",
        True,
    ),
    "unterminated continuation": (
        po('msgid ""\n"The won game"\nmsgstr ""\n"De gewonnen\n'),
        13,
        "unterminated string",
        True,
    ),
    "junk line": (po('msgid "a"\nmsgstr "b"\nhello\n'), 12, "neither a comment", True),
    "junk after a string": (po('msgid "a" junk\nmsgstr "b"\n'), 10, "unexpected text", True),
    "domain directive": (po('domain "x"\nmsgid "a"\nmsgstr "b"\n'), 10, "neither", True),
    "msgstr without msgid": (po('msgstr "b"\n'), 10, "msgstr without msgid", True),
    "second msgstr": (po('msgid "a"\nmsgstr "b"\nmsgstr "c"\n'), 12, "msgstr without", True),
    "msgid without msgstr": (
        po('msgid "a"\n\nmsgid "b"\nmsgstr "c"\n'),
        10,
        "msgid without msgstr (a msgid follows on line 12)",
        True,
    ),
    "msgctxt twice": (po('msgctxt "x"\nmsgctxt "y"\n'), 11, "wrong order", True),
    "msgid without msgstr at the end": (po('msgid "a"\n'), 10, "msgid without msgstr", True),
    "msgctxt without msgid": (po('msgctxt "x"\nmsgstr "b"\n'), 11, "msgstr without", True),
    "msgctxt at the end": (po('msgctxt "x"\n'), 10, "msgctxt without msgid", True),
    "msgctxt after msgid": (
        po('msgid "a"\nmsgctxt "x"\nmsgstr "b"\n'),
        10,
        "msgid without msgstr",
        True,
    ),
    "msgid_plural after msgstr": (
        po('msgid "a"\nmsgstr "b"\nmsgid_plural "as"\n'),
        12,
        "wrong order",
        True,
    ),
    "msgid_plural without msgstr[N]": (
        po(PLURAL + 'msgstr "kaarten"\n'),
        12,
        "needs msgstr[0]",
        True,
    ),
    "msgstr[N] numbering gap": (
        po(PLURAL + 'msgstr[0] "een kaart"\nmsgstr[2] "%(count)s kaarten"\n'),
        13,
        "msgstr[2] follows msgstr[0]",
        True,
    ),
    "msgstr[N] not starting at 0": (
        po(PLURAL + 'msgstr[1] "een kaart"\n'),
        12,
        "where msgstr[0] is expected",
        True,
    ),
    "msgstr[N] without msgid_plural": (
        po('msgid "a"\nmsgstr[0] "b"\n'),
        11,
        "without msgid_plural",
        True,
    ),
    "a comment inside an entry": (
        po('msgid "a"\n# note\nmsgstr "b"\n'),
        11,
        "a comment inside an entry",
        True,
    ),
    "escape \\e": (po('msgid "a"\nmsgstr "b\\e"\n'), 11, "invalid escape sequence \\e", True),
    "escape \\'": (po('msgid "a"\nmsgstr "b\\\'"\n'), 11, "invalid escape sequence \\'", True),
    "escape \\x without digits": (po('msgid "a"\nmsgstr "\\xg"\n'), 11, "invalid escape", True),
    "inconsistent #~": (po('msgid "a"\n#~ msgstr "b"\n'), 11, "inconsistent use of #~", True),
    "duplicate msgid": (
        po('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n'),
        13,
        "duplicate message 'a' (first defined at line 10)",
        True,
    ),
    "duplicate (msgctxt, msgid)": (
        po('msgctxt "x"\nmsgid "a"\nmsgstr "b"\n\nmsgctxt "x"\nmsgid "a"\nmsgstr "c"\n'),
        15,
        "(first defined at line 11)",
        True,
    ),
    "obsolete duplicate of an active entry": (
        po('msgid "a"\nmsgstr "b"\n\n#~ msgid "a"\n#~ msgstr "c"\n'),
        13,
        "duplicate message 'a'",
        True,
    ),
    "second header": (po('msgid ""\nmsgstr "x"\n'), 10, "duplicate message ''", True),
    "non-UTF-8 byte": (
        po('msgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr "caf\xe9"\n').replace(b"\xc3\xa9", b"\xe9"),
        14,
        "not utf-8 (byte 0xe9 at column 12)",
        True,
    ),
    "msgstr ends with a newline, msgid does not": (
        po('msgid "a"\nmsgstr "b\\n"\n'),
        11,
        "do not both end with '\\n'",
        True,
    ),
    "no header": (b'msgid "a"\nmsgstr "b"\n', 1, "no header entry", True),
    "no Plural-Forms, plural entries": (
        po(PLURAL + 'msgstr[0] "een kaart"\nmsgstr[1] "%(count)s kaarten"\n').replace(
            b'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n', b""
        ),
        1,
        "has no Plural-Forms",
        True,
    ),
    "unbalanced plural expression": (
        po('msgid "a"\nmsgstr "b"\n', plural="nplurals=2; plural=(n != 1;"),
        5,
        "invalid plural expression",
        True,
    ),
    "plural expression with a name": (
        po('msgid "a"\nmsgstr "b"\n', plural="nplurals=2; plural=(n != 1) + x;"),
        5,
        "invalid plural expression",
        True,
    ),
    "plural expression beyond nplurals": (
        po('msgid "a"\nmsgstr "b"\n', plural="nplurals=2; plural=n;"),
        5,
        "gives form 2 for n=2",
        True,
    ),
    "nplurals 0": (
        po('msgid "a"\nmsgstr "b"\n', plural="nplurals=0; plural=0;"),
        5,
        "nplurals=0",
        True,
    ),
    "three forms, nplurals 2": (
        po(PLURAL + 'msgstr[0] "een"\nmsgstr[1] "%(count)s"\nmsgstr[2] "%(count)s"\n'),
        12,
        "3 plural form(s)",
        True,
    ),
    "one form, nplurals 2": (
        po(PLURAL + 'msgstr[0] "een kaart"\n'),
        12,
        "1 plural form(s)",
        True,
    ),
    # msgfmt 0.21 accepts these; we do not.
    "unterminated Plural-Forms (no ';')": (
        po('msgid "a"\nmsgstr "b"\n', plural="nplurals=2; plural=(n != 1)"),
        5,
        "is not 'nplurals=N; plural=EXPRESSION;'",
        False,
    ),
    "Plural-Forms line without its \\n": (
        po('msgid "a"\nmsgstr "b"\n').replace(b'(n != 1);\\n"', b'(n != 1);"'),
        5,
        "is not 'nplurals=N; plural=EXPRESSION;'",
        False,
    ),
    "plural rule of another language": (
        po('msgid "a"\nmsgstr "b"\n', plural="nplurals=2; plural=(n > 1);"),
        5,
        "nl needs 'nplurals=2; plural=(n != 1);'",
        False,
    ),
    "nplurals of another language": (
        po('msgid "a"\nmsgstr "b"\n', plural="nplurals=1; plural=0;"),
        5,
        "nl needs",
        False,
    ),
    "no Plural-Forms at all": (
        po('msgid "a"\nmsgstr "b"\n').replace(
            b'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n', b""
        ),
        1,
        "has no Plural-Forms",
        False,
    ),
    "escape making invalid UTF-8": (
        po('msgid "a"\nmsgstr "caf\\351"\n'),
        11,
        "invalid utf-8",
        False,
    ),
    "hex escape over 255": (po('msgid "a"\nmsgstr "\\x1234"\n'), 11, "over 255", False),
    "two keywords on one line": (po('msgid "a" msgstr "b"\n'), 10, "unexpected text", False),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_the_reader_rejects_what_msgfmt_rejects(tmp_path: Path, name: str) -> None:
    data, line, what, msgfmt_too = BROKEN[name]
    path = tmp_path / "messages.po"
    path.write_bytes(data)
    with pytest.raises(CatalogError) as caught:
        parse(data, path, "nl")
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}: "), message
    assert what.lower() in message.lower(), message
    assert "\n" not in message
    if MSGFMT and msgfmt_too:
        assert msgfmt_rejects(path), f"msgfmt accepts {name}"


def test_the_corpus_is_valid_once_repaired(tmp_path: Path) -> None:
    """The header the corpus is built on passes both readers, so each case fails for its own reason."""
    data = po(PLURAL + 'msgstr[0] "een kaart"\nmsgstr[1] "%(count)s kaarten"\n')
    path = tmp_path / "messages.po"
    path.write_bytes(data)
    catalog = parse(data, path, "nl")
    assert catalog.get("a card").string == ("een kaart", "%(count)s kaarten")
    if MSGFMT:
        assert not msgfmt_rejects(path)


def test_escapes_are_read_as_gettext_reads_them(tmp_path: Path) -> None:
    data = po('msgid "a"\nmsgstr "\\t\\"q\\"\\\\ \\101\\x42 caf\\303\\251"\n')
    catalog = parse(data, tmp_path / "x.po", "nl")
    assert catalog.get("a").string == '\t"q"\\ AB café'


@pytest.mark.parametrize(
    "path", [POT_FILE, *(lang.po_file for lang in languages() if lang.code != "en")]
)
def test_every_message_names_the_files_it_comes_from(path: Path) -> None:
    """GNU's file-level references, ``#: docs_src/templates/rules.md.j2`` (Weblate links each
    to the source): every message has one or more, each a file of the checkout, without a
    line number (which would change the catalogs whenever a template line moves)."""
    catalog = parse(path.read_bytes(), path, None if path == POT_FILE else path.parent.parent.name)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        if not message.locations:
            problems.append(f"{message.id!r}: no #: reference")
        for name, line in message.locations:
            if line or Path(name).is_absolute() or not (ROOT / name).is_file():
                problems.append(f"{message.id!r}: #: {name}{f':{line}' if line else ''}")
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize(
    "path", [POT_FILE, *(lang.po_file for lang in languages() if lang.code != "en")]
)
def test_shipped_catalogs_pass_both_readers(path: Path) -> None:
    locale = None if path == POT_FILE else path.parent.parent.name
    parse(path.read_bytes(), path, locale)
    if MSGFMT:
        assert not msgfmt_rejects(path)


@pytest.mark.parametrize(
    ("lang", "plural", "accepted"),
    [
        ("fr", "nplurals=2; plural=(n > 1);", True),  # GNU's; Babel (CLDR) has 3 forms
        (
            "fr",
            "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
            True,
        ),
        ("fr", "nplurals=2; plural=(n != 1);", False),
        ("lv", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);", True),
        ("de", "nplurals=2; plural=n!=1;", True),  # the same rule, written differently
        ("de", "nplurals=2; plural=(n == 1);", False),  # the forms swapped
        ("ja", "nplurals=1; plural=0;", True),
    ],
)
def test_plural_forms_must_suit_the_language(
    tmp_path: Path, lang: str, plural: str, accepted: bool
) -> None:
    data = po('msgid "a"\nmsgstr "b"\n', lang=lang, plural=plural)
    read_or_refused(
        data, tmp_path / "x.po", lang, rf"x.po:5: Plural-Forms is .*; {lang} needs", accepted
    )


def read_or_refused(data: bytes, path: Path, locale: str, refusal: str, accepted: bool) -> None:
    """``data`` read as a catalog of ``locale``; unless ``accepted``, refused with ``refusal``."""
    if accepted:
        parse(data, path, locale)
    else:
        with pytest.raises(CatalogError, match=refusal):
            parse(data, path, locale)


@pytest.mark.parametrize(
    ("header", "catalog", "accepted"),
    [
        ("fr_FR", "fr", True),  # what Poedit writes for French
        ("nl-BE", "nl", True),
        ("de", "de", True),
        ("de", "nl", False),  # another language's header
        ("pt", "pt_BR", False),  # a catalog of a region needs that region
    ],
)
def test_the_language_header_may_name_a_region(
    tmp_path: Path, header: str, catalog: str, accepted: bool
) -> None:
    plural = "nplurals=2; plural=(n > 1);" if catalog.startswith(("fr", "pt")) else DUTCH
    data = po('msgid "a"\nmsgstr "b"\n', lang=header, plural=plural)
    refusal = rf"x.po:\d+: the header says Language: {header}"
    read_or_refused(data, tmp_path / "x.po", catalog, refusal, accepted)


# -- placeholders ------------------------------------------------------------

RUSSIAN = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
)


def problems(body: str, *, lang: str = "nl", plural: str = DUTCH) -> list[str]:
    path = Path("x.po")
    return list(placeholder_problems(path, parse(po(body, lang=lang, plural=plural), path, lang)))


def test_a_form_used_for_one_count_only_may_leave_out_the_count() -> None:
    assert problems(PLURAL + 'msgstr[0] "een kaart"\nmsgstr[1] "%(count)s kaarten"\n') == []
    # form 1 of n != 1 is used for every count but one
    found = problems(PLURAL + 'msgstr[0] "%(count)s kaart"\nmsgstr[1] "kaarten"\n')
    assert found == ["x.po:13: placeholders of 'a card' (plural form 1): missing %(count)s"]
    # Russian form 0 is used for 1, 21, 31, ...: it must say which
    body = PLURAL + 'msgstr[0] "карта"\nmsgstr[1] "%(count)s карты"\nmsgstr[2] "%(count)s карт"\n'
    found = problems(body, lang="ru", plural=RUSSIAN)
    assert found == ["x.po:12: placeholders of 'a card' (plural form 0): missing %(count)s"]


def test_only_the_count_may_be_left_out() -> None:
    body = (
        'msgid "%(count)s card left of %(total)s"\n'
        'msgid_plural "%(count)s cards left of %(total)s"\n'
        'msgstr[0] "een kaart over"\nmsgstr[1] "%(count)s kaarten over van %(total)s"\n'
    )
    assert problems(body) == [
        "x.po:12: placeholders of '%(count)s card left of %(total)s' (plural form 0): "
        "missing %(total)s"
    ]


@pytest.mark.parametrize(
    "written",
    ["%(count).0s", "%(count).1s", "%(count)40s", "%(count)-5s", "%(count)d", "%(count)r"],
)
def test_a_placeholder_is_kept_exactly_as_written(written: str) -> None:
    """Width, precision, flags and conversion are the English text's: ``%(count).0s`` prints
    nothing at all, ``%(count).1s`` one character of the number."""
    found = problems(f'msgid "Score: %(count)s points."\nmsgstr "Punten: {written}."\n')
    assert found == [
        f"x.po:11: placeholders of 'Score: %(count)s points.': unknown {written}; missing %(count)s"
    ]


def test_placeholders_by_name_in_any_order() -> None:
    body = 'msgid "%(card)s onto %(waste)s"\nmsgstr "op %(waste)s: %(card)s"\n'
    assert problems(body) == []
    body = 'msgid "%(card)s onto %(waste)s"\nmsgstr "%(kaart)s op %(waste)s"\n'
    assert problems(body) == [
        "x.po:11: placeholders of '%(card)s onto %(waste)s': unknown %(kaart)s; missing %(card)s"
    ]


@pytest.mark.parametrize(
    ("text", "position"),
    [("100%% zeker", None), ("100% zeker", 3), ("%(n)s %s", 6), ("%(n)", 0), ("50 %", 3)],
)
def test_bare_percent(text: str, position: int | None) -> None:
    assert bare_percent(text) == position


def test_a_bare_percent_is_an_error_with_its_line() -> None:
    found = problems('msgid "Points"\nmsgstr "Punten (heel% zeker)"\n')
    assert len(found) == 1
    assert found[0].startswith("x.po:11: a bare '%' in the translation of 'Points'")
    assert problems('msgid "Points"\nmsgstr "Punten (heel%% zeker)"\n') == []


@pytest.mark.parametrize(
    ("msgid", "msgstr", "bad"),
    [
        ("%(columns)s columns", "%(columns)s kolommen (7)", "7"),
        ("the ace %(card)s", "de aas %(card)s (A♣)", "♣"),
        ("deal 52 cards", "deel 52 kaarten", None),
        ("deal 52 cards", "deel 53 kaarten", "53"),
        ("%(card1)s", "%(card1)s", None),  # digits in a placeholder's name are not facts
        ("♥ hearts", "♥ harten", None),
        # every script's digits are digits: fullwidth, Arabic-Indic, superscript
        ("deal 35 cards", "deel ３５ kaarten", "３５"),
        ("%(count)s cards", "%(count)s kaarten (٣)", "٣"),
        ("%(count)s cards", "%(count)s kaarten²", "²"),
    ],
)
def test_digits_and_suits_come_from_placeholders(msgid: str, msgstr: str, bad: str | None) -> None:
    found = problems(f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    if bad is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith("x.po:11: ") and f"writes {bad}," in found[0]


# -- English has no catalog ----------------------------------------------------


def test_english_is_the_templates_own_text() -> None:
    english = next(lang for lang in languages() if lang.code == "en")
    assert not english.po_file.exists()
    t = translations(english)
    assert t.gettext("The stock") == "The stock"
    assert t.pgettext("suit", "clubs") == "clubs"
    assert t.ngettext("a card", "%(count)s cards", 3) == "%(count)s cards"


# -- catalog update / init -----------------------------------------------------


def run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def snapshot(copy: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(copy)): p.read_bytes()
        for p in sorted((copy / "locales").rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize(
    ("name", "old", "new", "where"),
    [
        (
            "docs_src/templates/rules.md.j2",
            "{% trans %}",
            "{% trans %}{% if x %}",
            r"docs_src/templates/rules.md.j2:\d+: ",
        ),
        ("generator/i18n/words.py", "def NN_(", "def NN_((", r"generator/i18n/words.py:\d+: "),
    ],
)
def test_update_refuses_sources_that_do_not_parse(
    copy: Path, name: str, old: str, new: str, where: str
) -> None:
    before = snapshot(copy)
    edit(copy, name, old, new)
    line = next(
        i for i, text in enumerate((copy / name).read_text().splitlines(), 1) if new in text
    )
    result = run(copy, "catalog", "update")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"{name}:{line}: " in result.stderr
    assert snapshot(copy) == before


def test_update_writes_nothing_while_a_catalog_is_broken(copy: Path) -> None:
    edit(
        copy,
        "docs_src/templates/index.md.j2",
        "\n{% set link %}",
        "\n{% trans %}A new sentence.{% endtrans +%}\n\n{% set link %}",
    )
    edit(copy, DE, 'msgstr "Der Nachziehstapel"', 'msgstr "Der Nachziehstapel')
    before = snapshot(copy)
    line = next(
        i
        for i, text in enumerate((copy / DE).read_text().splitlines(), 1)
        if text == 'msgstr "Der Nachziehstapel'
    )
    result = run(copy, "catalog", "update")
    assert result.returncode == 1
    assert f"{DE}:{line}: unterminated string" in result.stderr
    assert snapshot(copy) == before  # nl.po and the .pot were not written either


def test_update_keeps_obsolete_and_previous_strings(copy: Path) -> None:
    nl = copy / NL
    assert 'msgid "The stock"' in nl.read_text()
    # "The stock" leaves the templates; the undo heading changes its wording
    edit(copy, "docs_src/templates/rules.md.j2", "{% trans %}The stock{% endtrans +%}", "Stock")
    edit(
        copy,
        "docs_src/templates/rules.md.j2",
        "{% trans %}Undo and deal code{% endtrans +%}",
        "{% trans %}Undo and deal codes{% endtrans +%}",
    )
    result = run(copy, "catalog", "update")
    assert result.returncode == 0, result.stderr
    text = nl.read_text()
    assert '#~ msgid "The stock"\n#~ msgstr "De trekstapel"' in text
    assert (
        '#, fuzzy\n#| msgid "Undo and deal code"\nmsgid "Undo and deal codes"\n'
        'msgstr "Ongedaan maken en partijcode"'
    ) in text
    again = run(copy, "catalog", "update")
    assert again.returncode == 0 and nl.read_text() == text  # a second update keeps both
    check = run(copy, "check", "--only", "catalogs")
    problems = check.stdout.splitlines()
    assert all("fuzzy: 'Undo and deal codes'" in p for p in problems), problems  # nothing on #~
    # one a shipped catalog (the unshipped ones are being translated: a fuzzy entry is theirs)
    assert len(problems) == len([lang for lang in shipped_languages() if lang.code != "en"])
    # the string comes back: its translation is revived, not re-asked
    edit(copy, "docs_src/templates/rules.md.j2", "Stock", "{% trans %}The stock{% endtrans +%}")
    assert run(copy, "catalog", "update").returncode == 0
    text = nl.read_text()
    assert (
        'msgid "The stock"\nmsgstr "De trekstapel"' in text and '#~ msgid "The stock"' not in text
    )


@pytest.mark.parametrize(
    ("code", "what"),
    [
        ("nl", "exists already"),
        ("nl;rm", "is not a locale identifier"),
        ("../x", "is not a locale identifier"),
        ("xx", "is not a language Babel knows"),
        ("en", "is the source language"),
    ],
)
def test_init_refuses_with_one_line(copy: Path, code: str, what: str) -> None:
    before = snapshot(copy)
    result = run(copy, "catalog", "init", code)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and what in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(copy) == before


def test_init_starts_a_catalog_that_reads_strictly(copy: Path) -> None:
    result = run(copy, "catalog", "init", "sv")
    assert result.returncode == 0, result.stderr
    po_file = copy / "locales" / "sv" / "LC_MESSAGES" / "messages.po"
    catalog = parse(po_file.read_bytes(), po_file, "sv")
    assert len([m for m in catalog if m.id]) == len(
        [m for m in parse(POT_FILE.read_bytes(), POT_FILE) if m.id]
    )
    if MSGFMT:
        assert not msgfmt_rejects(po_file)


def test_a_catalog_a_tool_rewrapped_is_one_problem_naming_the_command(tmp_path: Path) -> None:
    """Poedit, Weblate's translate-toolkit and polib wrap some entries otherwise than GNU gettext:
    check says so at the first line that differs, with the command that writes it back, instead
    of leaving a one-word fix to show as hundreds of changed lines."""
    import dataclasses

    from generator.check import catalog_layout

    dutch = next(lang for lang in languages() if lang.code == "nl")
    copy = dataclasses.replace(dutch, locales=tmp_path)
    copy.po_file.parent.mkdir(parents=True)
    text = dutch.po_file.read_text(encoding="utf-8")
    assert list(catalog_layout(dataclasses.replace(dutch))) == []
    # polib's way: a wrapped msgstr joined into one long line
    lines = text.split("\n")
    at = next(
        n
        for n, line in enumerate(lines)
        if line.startswith('msgstr ""') and lines[n + 2].startswith('"')
    )
    joined = [*lines[:at], 'msgstr "' + lines[at + 1][1:-1] + lines[at + 2][1:], *lines[at + 3 :]]
    copy.po_file.write_text("\n".join(joined), encoding="utf-8")
    found = list(catalog_layout(copy))
    assert len(found) == 1, found
    assert found[0].endswith(
        "run 'python -m generator catalog update', which writes it back without changing a string"
    )
    assert f":{at + 1}: not in the project's layout" in found[0]


def test_update_takes_a_stray_seed_mark_from_a_language_with_no_seed(copy: Path) -> None:
    """A mark of a seed-tied page in the catalog of a language with no seed page (msgmerge's
    fuzzy guess of a new message once copied a German page's mark into fr, ar and pl) is taken
    away by ``catalog update``, as a mark on a message of no seed-tied page is elsewhere."""
    from generator.i18n.catalog_cli import SEED_MARK

    fr = copy / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    text = fr.read_text(encoding="utf-8")
    first = text.index("\n#: ", text.index('msgid ""')) + 1  # the first message's references
    stray = f"# {SEED_MARK} reads as tests/golden/de.txt (rules)\n"
    fr.write_text(text[:first] + stray + text[first:], encoding="utf-8")
    result = run(copy, "catalog", "update")
    assert result.returncode == 0, result.stderr
    assert "fr/LC_MESSAGES/messages.po: updated" in result.stdout
    assert SEED_MARK not in fr.read_text(encoding="utf-8")


def test_a_message_no_page_shows_any_more_loses_its_seed_mark() -> None:
    """A seed-tied page's message that no template holds any more (obsolete, ``#~``) is on no
    seed page: ``catalog update`` takes its mark away. Kept, the mark stood in front of the
    ``#~`` lines as a comment of its own (ab4c635's "Examples of stuck games" in nl and de),
    which an editor's helper read as an entry without a translation."""
    from babel.messages.catalog import Catalog, Message

    from generator.i18n.catalog_cli import SEED_MARK, mark_seed_tied

    catalog = Catalog(locale="nl")
    marks = [f"{SEED_MARK} reads as tests/golden/nl.txt (rules)", "a translator's own note"]
    catalog.add("Tips", "Tips", user_comments=list(marks))
    catalog.obsolete["Gone"] = Message("Gone", "Weg", user_comments=list(marks))
    mark_seed_tied(catalog, {(None, "Tips"): "reads as tests/golden/nl.txt (rules)"})
    assert catalog["Tips"].user_comments[0] == "a translator's own note"
    assert any(c.startswith(SEED_MARK) for c in catalog["Tips"].user_comments)
    assert catalog.obsolete["Gone"].user_comments == ["a translator's own note"]


def test_the_messages_of_a_seed_tied_page_are_marked_for_the_translator() -> None:
    """``catalog update`` marks each message a seed-tied page is made of with a translator
    comment naming the seed and the errata file (Poedit and Weblate show it beside the
    string); a message of no seed-tied page carries no mark."""
    from generator.i18n.catalog_cli import SEED_MARK
    from generator.site.render import messages_of_pages

    for code in ("nl", "de", "fr"):
        language = next(lang for lang in languages() if lang.code == code)
        catalog = parse(language.po_file.read_bytes(), language.po_file, code)
        tied = set()
        for page in language.seed_pages:
            tied |= messages_of_pages(language, [page])
        marked = {
            (m.context, m.id if isinstance(m.id, str) else m.id[0])
            for m in catalog
            if m.id and any(c.startswith(SEED_MARK) for c in m.user_comments)
        }
        assert marked == {key for key in tied if catalog.get(key[1], context=key[0])}, code
        if code == "fr":
            assert marked == set()  # no French page is held to a seed
        else:
            assert len(marked) > 40
            notes = next(
                [c for c in m.user_comments if c.startswith(SEED_MARK)]
                for m in catalog
                if any(c.startswith(SEED_MARK) for c in m.user_comments)
            )
            assert "tests/golden/" in notes[0] and "docs_src/seed_errata.yaml" in notes[1]
            assert all(len(f"# {note}") <= 76 for note in notes)  # no tool wraps them


def test_approve_writes_a_rewrapped_catalog_back_in_the_layout(tmp_path: Path) -> None:
    """A catalog a tool rewrapped is written back in the project's layout by ``approve``,
    every string as it was, and said so: the approval shows no line that changes nothing."""
    from tests.test_check import repository_copy

    copy = repository_copy(tmp_path)
    po = copy / "locales" / "nl" / "LC_MESSAGES" / "messages.po"
    original = po.read_text(encoding="utf-8")
    lines = original.split("\n")
    at = next(
        n
        for n, line in enumerate(lines)
        if line.startswith('msgstr ""') and lines[n + 2].startswith('"')
    )
    joined = [*lines[:at], 'msgstr "' + lines[at + 1][1:-1] + lines[at + 2][1:], *lines[at + 3 :]]
    po.write_text("\n".join(joined), encoding="utf-8")
    result = run(copy, "approve", "--lang", "nl", "--page", "index")
    assert result.returncode == 0, result.stderr
    assert (
        "locales/nl/LC_MESSAGES/messages.po: written back in the project's layout" in result.stdout
    )
    assert po.read_text(encoding="utf-8") == original
