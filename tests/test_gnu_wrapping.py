"""The catalogs are written as GNU gettext writes them, so translators' tools cause no churn.

``generator/i18n/powriter.py`` must give, byte for byte, what ``msgcat`` gives: on the
recorded cases (``tests/data/gnu_wrapping/``, with msgcat 0.21's output beside them), on every
catalog, and (where GNU gettext is installed, as CI installs it) against ``msgcat`` itself,
down to each pair of line breaking classes and each character's class. Then a catalog edited
and saved by polib, translate-toolkit (Weblate's library) or passed through msgcat comes
through ``catalog update`` in GNU's form, with the edit kept and nothing else changed.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from generator.i18n import powriter
from generator.i18n.catalogs import POT_FILE, ROOT
from generator.i18n.pofile import read
from generator.i18n.powriter import po_text
from tests.test_catalogs import run
from tests.test_check import NL

CASES = Path(__file__).parent / "data" / "gnu_wrapping"
CATALOGS = [POT_FILE, ROOT / NL, ROOT / "locales/de/LC_MESSAGES/messages.po"]
RECORDED_WITH = "msgcat (GNU gettext-tools) 0.21"
MSGCAT = shutil.which("msgcat")


def msgcat_version() -> str:
    if MSGCAT is None:
        return ""
    out = subprocess.run([MSGCAT, "--version"], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()[0]


needs_msgcat = pytest.mark.skipif(
    msgcat_version() != RECORDED_WITH,
    reason=f"compares with {RECORDED_WITH} itself; this machine has {msgcat_version() or 'none'}"
    " (the recorded output is compared without it)",
)


def msgcat(path: Path) -> str:
    assert MSGCAT is not None
    return subprocess.run([MSGCAT, str(path)], capture_output=True, text=True, check=True).stdout


def test_the_recorded_cases_come_out_as_msgcat_wrote_them() -> None:
    ours = po_text(read(CASES / "cases.po"))
    assert ours.splitlines() == (CASES / "cases.msgcat.po").read_text("utf-8").splitlines()
    assert ours == (CASES / "cases.msgcat.po").read_text("utf-8")


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.name if p == POT_FILE else p.parts[-3])
def test_every_catalog_is_in_gnus_form(path: Path) -> None:
    """What is committed is what the writer writes (``catalog update`` keeps it)."""
    assert po_text(read(path)) == path.read_text("utf-8")


@needs_msgcat
@pytest.mark.parametrize(
    "path",
    [*CATALOGS, CASES / "cases.po"],
    ids=lambda p: p.name if p.name.startswith(("cases", "messages.pot")) else p.parts[-3],
)
def test_msgcat_itself_agrees(path: Path) -> None:
    assert po_text(read(path)) == msgcat(path)


def _probe(tmp_path: Path, strings: list[str]) -> list[list[str]]:
    """The string lines msgcat writes for each of ``strings`` (as msgids)."""
    body = ['msgid ""', 'msgstr "Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for number, text in enumerate(strings):
        quoted = text.replace("\\", "\\\\").replace('"', '\\"')
        body += [f'msgctxt "{number}"', f'msgid "{quoted}"', 'msgstr ""', ""]
    path = tmp_path / "probe.po"
    path.write_text("\n".join(body), encoding="utf-8")
    blocks = {
        int(match.group(1)): block
        for block in msgcat(path).split("\n\n")
        if (match := re.match(r'msgctxt "(\d+)"', block))
    }
    return [
        [line for line in blocks[n].splitlines() if line.startswith(('"', "msgid"))]
        for n in range(len(strings))
    ]


REPRESENTATIVES = {
    "GL": "\u00a0",
    "B2": "\u2014",
    "BA": "\u2013",
    "BB": "\u00b4",
    "HY": "-",
    "CL": "}",
    "CP": ")",
    "EX": "!",
    "IN": "\u2026",
    "NS": "\u203c",
    "OP": "(",
    "QU": "'",
    "IS": ",",
    "NU": "5",
    "PO": "%",
    "PR": "$",
    "SY": "/",
    "AL": "a",
    "HL": "\u05d0",
}
"""A character of each line breaking class, one column wide."""


def _pair_strings(first: str, second: str) -> tuple[str, str]:
    """Two strings where msgcat's first line ends just before ``second`` only if it may break
    there: directly between the two, and with a space between them."""
    return "a" * 76 + first + second + "a", "a" * 75 + first + " " + second + "a"


def _breaks(lines: list[str], text: str) -> bool:
    return len(lines) > 2 and lines[1][1:-1] == text[:77]


def _ours(before: str, after: str, spaces: bool) -> bool:
    action = powriter._pair(before, after)
    return action == "D" or (action == "I" and spaces)


@needs_msgcat
def test_each_pair_of_classes_breaks_as_in_msgcat(tmp_path: Path) -> None:
    pairs = list(itertools.product(REPRESENTATIVES, repeat=2))
    strings = [s for a, b in pairs for s in _pair_strings(REPRESENTATIVES[a], REPRESENTATIVES[b])]
    lines = _probe(tmp_path, strings)
    wrong = []
    for index, (a, b) in enumerate(pairs):
        for spaces in (False, True):
            at = 2 * index + spaces
            if _breaks(lines[at], strings[at]) != _ours(a, b, spaces):
                wrong.append(f"{a} {'SP ' if spaces else ''}{b}")
    assert not wrong, f"msgcat breaks otherwise between: {', '.join(wrong)}"


def _probed_characters() -> list[str]:
    """Latin, General Punctuation, currency, letterlike symbols, arrows and mathematical
    operators: every printable one-column character that is not a space or an escape."""
    ranges = [(0x21, 0x7F), (0xA0, 0x250), (0x2000, 0x2070), (0x20A0, 0x20C1), (0x2100, 0x2300)]
    return [
        char
        for low, high in ranges
        for char in map(chr, range(low, high))
        if char not in '"\\ '
        and unicodedata.category(char)[0] != "C"
        and unicodedata.category(char) not in ("Mn", "Me", "Zl", "Zp")
        and powriter._width(char) == 1
    ]


@needs_msgcat
def test_each_character_breaks_as_in_msgcat(tmp_path: Path) -> None:
    """Each character, before and after a character of each class, with and without a space:
    its class (``powriter._class``) makes every break msgcat makes, and no other."""
    chars = _probed_characters()
    cases = [
        (char, cls, first) for char in chars for cls in REPRESENTATIVES for first in (True, False)
    ]
    strings = []
    for char, cls, first in cases:
        a, b = (char, REPRESENTATIVES[cls]) if first else (REPRESENTATIVES[cls], char)
        strings += _pair_strings(a, b)
    lines = _probe(tmp_path, strings)
    wrong: dict[str, int] = {}
    for index, (char, cls, first) in enumerate(cases):
        ours_class = powriter._class(char)
        a, b = (ours_class, cls) if first else (cls, ours_class)
        for spaces in (False, True):
            at = 2 * index + spaces
            if _breaks(lines[at], strings[at]) != _ours(a, b, spaces):
                name = f"U+{ord(char):04X} {unicodedata.name(char, '?')}"
                wrong[name] = wrong.get(name, 0) + 1
    assert len(chars) > 1000
    assert not wrong, f"classed otherwise by msgcat: {wrong}"


# -- round trips through the translators' tools --------------------------------------------

MSGID = "%(columns)s columns of %(height)s face-up cards, a waste pile and %(stock)s cards"
EDITED = (
    "%(columns)s kolommen van elk %(height)s open kaarten, een aflegstapel en %(stock)s "
    "kaarten in de trekstapel. De onderste kaart van een kolom mag weg als haar waarde één "
    "hoger of lager is dan die van de aflegkaart, welke kleur ze ook heeft. Past er niets, "
    "dan trek je een kaart. Je wint als alle %(tableau)s kaarten van het tableau af zijn."
)
"""A translator's new Dutch for the rules page's summary: long enough to wrap."""


def _expected(copy: Path) -> str:
    """The Dutch catalog with the edit, as the writer writes it."""
    catalog = read(copy / NL, "nl")
    [message] = [m for m in catalog if isinstance(m.id, str) and m.id.startswith(MSGID)]
    message.string = EDITED
    return po_text(catalog)


def _edit_with_polib(path: Path) -> None:
    import polib

    po = polib.pofile(str(path))
    [entry] = [e for e in po if e.msgid.startswith(MSGID)]
    entry.msgstr = EDITED
    po.save(str(path))


def _edit_with_translate_toolkit(path: Path) -> None:
    from translate.storage import pypo

    store = pypo.pofile.parsefile(str(path))
    [unit] = [u for u in store.units if u.source.startswith(MSGID)]
    unit.target = EDITED
    path.write_bytes(bytes(store))


def _header_fields(text: str) -> set[str]:
    return set(re.findall(r'^"([^"]*\\n)"$', text.split("\n\n")[0], re.MULTILINE))


def _entry_lines(text: str) -> list[str]:
    """The lines of ``text`` outside the edited entry."""
    blocks = text.split("\n\n")
    return [block for block in blocks if MSGID[:22] not in block]


@pytest.mark.parametrize("tool", ["polib", "translate-toolkit"])
def test_an_edit_saved_by_a_tool_comes_through_update_in_gnus_form(copy: Path, tool: str) -> None:
    nl = copy / NL
    before = nl.read_text("utf-8")
    expected = _expected(copy)
    {"polib": _edit_with_polib, "translate-toolkit": _edit_with_translate_toolkit}[tool](nl)
    saved = nl.read_text("utf-8")
    assert saved != before
    if tool == "translate-toolkit":  # Weblate's library keeps the entries it did not touch
        assert _entry_lines(saved) == _entry_lines(before)
    result = run(copy, "catalog", "update")
    assert result.returncode == 0, result.stderr
    after = nl.read_text("utf-8")
    # every entry as GNU writes it, the edit kept; the header as the tool left it (polib
    # reorders its fields; Poedit and Weblate set theirs), as msgmerge keeps it
    assert after.split("\n\n")[1:] == expected.split("\n\n")[1:]
    assert _header_fields(after) == _header_fields(expected)
    if tool == "translate-toolkit":
        assert after == expected
    assert run(copy, "catalog", "update").returncode == 0
    assert nl.read_text("utf-8") == after  # and stays so


@needs_msgcat
def test_a_catalog_passed_through_msgcat_is_unchanged_by_update(copy: Path) -> None:
    """msgcat (and msgmerge, which writes the same way) changes nothing in a catalog, edited
    or not, and ``catalog update`` then changes nothing either."""
    from babel.messages.pofile import write_po

    nl = copy / NL
    before = nl.read_text("utf-8")
    assert msgcat(nl) == before
    expected = _expected(copy)
    edited = read(nl, "nl")
    [message] = [m for m in edited if isinstance(m.id, str) and m.id.startswith(MSGID)]
    message.string = EDITED
    with nl.open("wb") as handle:  # the edit, written another way (Babel's own wrapping)
        write_po(handle, edited, width=76)
    assert nl.read_text("utf-8") != expected
    nl.write_text(msgcat(nl), encoding="utf-8")
    saved = nl.read_text("utf-8")
    assert saved.split("\n\n")[1:] == expected.split("\n\n")[1:]
    result = run(copy, "catalog", "update")
    assert result.returncode == 0, result.stderr
    assert "messages.po: unchanged" in result.stdout
    assert nl.read_text("utf-8") == saved
