"""Every string a reader meets is in an approved text, beside its English.

The pages' texts are approved page by page (``tests/test_approval.py``); the rest, the site's
frame, the 404 page and everything the page script can show, is in ``site.txt`` and
``messages.txt`` (:mod:`generator.site.othertexts`). These tests hold the built site to them:
every text and every name (``aria-label``, ``title``, ``alt``, ``placeholder``, the
description) of every built page, the words' JSON the page script reads, and the search
index; and they show ``check`` and ``approve`` catching the cases found in issue 30.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from generator.i18n.catalogs import Language, languages, source_language, translations
from generator.site import othertexts
from generator.site.approval import approved_path, text_names
from generator.site.build import build_site
from generator.site.othertexts import Example, examples, render
from tests.test_approval import run_approve
from tests.test_check import NL, edit, repository_copy, run_check


def shipped() -> list[Language]:
    return [language for language in languages() if language.shipped]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("othertexts") / "site"
    build_site(out)
    return out


# -- what the approved texts hold ----------------------------------------------------------

LABEL = re.compile(r"^(?:\[[^\]]*\] |- |\d+\. )")
NUMBER = re.compile(r"[−-]?\d+(?:[.,\u00a0\u202f ]\d+)*")


def shape(text: str) -> str:
    """``text`` with its blanks made one space and every number made ``#``: a message at
    another count has the same shape."""
    return NUMBER.sub("#", " ".join(text.split()))


def approved_lines(code: str) -> list[str]:
    """Every line of a language's approved texts, without its label or list marker; a
    picture's line split into its title and description, a table's row into its cells."""
    lines = []
    for name in text_names():
        if name in othertexts.SOURCE_ONLY and code != source_language():
            continue
        for line in approved_path(code, name).read_text(encoding="utf-8").splitlines():
            if line.startswith("|"):
                lines += [cell.strip() for cell in line.strip("|").split("|")]
                continue
            text = LABEL.sub("", line)
            lines.append(text)
            if line.startswith("[picture] "):
                lines += text.split(": ", 1)
    return lines


def is_eye_only(text: str) -> bool:
    """Numbers and cards alone (a chart's ticks, a card's corner, the won game's move list
    drawn beside its words): drawn for the eye, their words beside them; the pictures' own
    check reads them back."""
    return (
        re.fullmatch(r"(?:[\s\d.,%−+–-]|\u00a0|\u202f|(?:10|[2-9A-Z])?[♣♦♥♠]|JK)*", text)
        is not None
    )


# -- every string of the built pages -----------------------------------------------------

NAMES = ("aria-label", "title", "alt", "placeholder", "aria-valuetext", "aria-description")


class _Strings(HTMLParser):
    """Every string of a page a reader can meet: text (not in a script or style), each name
    attribute, the page's description; as (what, text, eye only), where ``eye only`` is text
    a picture draws (not its title or description) or text hidden from screen readers
    (``aria-hidden``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, bool]] = []
        self.open: list[tuple[str, bool, bool]] = []  # per open element: tag, hidden, in svg

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in NAMES:
            if values.get(name):
                self.found.append((f"{name} of <{tag}>", str(values[name]), False))
        if tag == "meta" and values.get("name") == "description":
            self.found.append(("the description", str(values.get("content")), False))
        _tag, hidden, svg = self.open[-1] if self.open else ("", False, False)
        if tag not in VOID:
            self.open.append(
                (tag, hidden or values.get("aria-hidden") == "true", svg or tag == "svg")
            )

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                del self.open[index:]
                return

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        tag, hidden, svg = self.open[-1] if self.open else ("", False, False)
        if text and tag not in ("script", "style"):
            self.found.append(("text", text, hidden or (svg and tag not in ("title", "desc"))))


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def page_strings(html: str) -> list[tuple[str, str, bool]]:
    parser = _Strings()
    parser.feed(html)
    parser.close()
    return parser.found


def unapproved(code: str, pages: Iterable[tuple[str, str]]) -> list[str]:
    """``page: what 'text'`` for each string of the pages (name, HTML) that no approved text
    of ``code`` holds: the string (numbers aside) is part of an approved line, or, joined by
    the theme (a page's title and the site's name, "Previous: " and a page's title), each
    piece is a whole approved line; numbers and cards alone only where drawn for the eye."""
    lines = approved_lines(code)
    whole = {shape(line) for line in lines}
    blob = "\n".join(shape(line) for line in lines)
    problems = []
    for name, html in pages:
        for what, text, eye_only in page_strings(html):
            if eye_only and is_eye_only(text):
                continue
            shaped = shape(text)
            if shaped in blob:
                continue
            if any(
                len(pieces) > 1 and all(piece in whole for piece in pieces)
                for pieces in (shaped.split(" - "), shaped.split(": ", 1))
            ):
                continue
            problems.append(f"{name}: {what} {text[:80]!r}")
    return sorted(set(problems))


def built_pages(site: Path, code: str) -> Iterator[tuple[str, str]]:
    for path in sorted((site / code).rglob("*.html")):
        yield path.relative_to(site).as_posix(), path.read_text(encoding="utf-8")


@pytest.mark.parametrize("code", [language.code for language in shipped()])
def test_every_string_of_the_built_pages_is_in_an_approved_text(site: Path, code: str) -> None:
    pages = list(built_pages(site, code))
    assert len(pages) == len(text_names()) - len(othertexts.OTHER_TEXTS) + 1  # and the 404 page
    assert unapproved(code, pages) == []


def test_every_string_of_the_root_pages_is_in_an_approved_text(site: Path) -> None:
    """``site/404.html`` and ``site/index.html`` serve every language, in the source
    language: its ``root.txt`` and ``site.txt`` hold them."""
    pages = [
        (name, (site / name).read_text(encoding="utf-8")) for name in ("404.html", "index.html")
    ]
    assert all(page_strings(html) for _name, html in pages)
    assert unapproved(source_language(), pages) == []


def test_an_unapproved_string_is_named() -> None:
    """A name, a text of the frame and a lead that no approved text holds are each named;
    a move list's drawn card beside its words is not."""
    page = (
        '<html><head><meta name="description" content="Alle regels"></head><body>'
        '<button aria-label="Opnieuw schudden">Schud opnieuw</button>'
        "<p>Een heer mag altijd op een aas. Deze pagina staat niet op de site.</p>"
        '<a href="#move-2"><span aria-hidden="true">2 9♣</span>Zet 2</a>'
        "</body></html>"
    )
    assert unapproved("nl", [("nl/x.html", page)]) == [
        "nl/x.html: aria-label of <button> 'Opnieuw schudden'",
        "nl/x.html: text 'Een heer mag altijd op een aas. Deze pagina staat niet op de site.'",
        "nl/x.html: text 'Schud opnieuw'",
        "nl/x.html: the description 'Alle regels'",
    ]


# -- the words the page script reads ---------------------------------------------------------

WORDS = re.compile(r'<script type="application/json" id="golf-words">(.*?)</script>', re.S)


def words_problems(language: Language, words: dict[str, Any]) -> list[str]:
    """Where the words' JSON of a built page (``words``) holds other messages than the
    language's ``messages.txt``: each example rendered from it must be the approved line,
    and every message it holds must be one the approved lines show (a counted message at any
    count reads as the approved line of the same plural form, its number aside)."""
    approved = approved_path(language.code, "messages").read_text(encoding="utf-8").splitlines()
    approved = approved[: len(examples())]  # the 6-Card Golf player's lines follow (six_problems)
    shown = [render(words, example) for example in examples()]
    problems = [
        f"messages.txt:{number}: the page shows {now!r}, approved {was!r}"
        for number, (was, now) in enumerate(zip(approved, shown, strict=False), 1)
        if was != now
    ]
    if len(approved) != len(shown):
        problems.append(
            f"messages.txt: {len(approved)} lines approved, the page shows {len(shown)}"
        )
    text_of = {
        (example.key, example.entry): line
        for example, line in zip(examples(), approved, strict=False)
    }
    plural = getattr(translations(language, fallback_warning=False), "plural", None)
    form = plural if callable(plural) else (lambda n: int(n != 1))
    for key, value in words.items():
        if isinstance(value, str):
            if (key, None) not in text_of:
                problems.append(f"{key}: no approved line shows it")
            continue
        for entry, text in value.items():
            if (key, entry) in text_of or key in ("reasons", "rule_sets", "cards"):
                if (key, entry) not in text_of:
                    problems.append(f"{key} {entry}: no approved line shows it")
                continue
            same = [
                other
                for (k, other) in text_of
                if k == key and other is not None and form(int(other)) == form(int(entry))
            ]
            if not same:
                problems.append(f"{key} {entry}: no approved line of its plural form")
                continue
            other = same[0]
            if re.sub(rf"\b{entry}\b", "#", text) != re.sub(
                rf"\b{other}\b", "#", text_of[key, other]
            ):
                problems.append(f"{key} {entry}: {text!r} is not the approved {other}'s form")
    return problems


@pytest.mark.parametrize("code", [language.code for language in shipped()])
def test_the_pages_carry_exactly_the_approved_messages(site: Path, code: str) -> None:
    language = next(language for language in shipped() if language.code == code)
    carried = []
    for name, html in built_pages(site, code):
        for found in WORDS.findall(html):
            carried.append(name)
            assert words_problems(language, json.loads(found)) == [], name
    assert carried == [f"{code}/examples/index.html", f"{code}/solve/index.html"]


SIX_WORDS = re.compile(r'<script type="application/json" id="six-words">(.*?)</script>', re.S)


def six_problems(code: str, words: dict[str, Any]) -> list[str]:
    """Where the 6-Card Golf player's words (a built page's JSON) show other lines than the
    approved ``messages.txt`` ends with, or hold a message no approved line shows."""
    from generator.site.sixtexts import six_examples, six_lines

    approved = approved_path(code, "messages").read_text(encoding="utf-8").splitlines()
    wanted = approved[-len(six_examples()) :]
    problems = [
        f"messages.txt: the page shows {now!r}, approved {was!r}"
        for was, now in zip(wanted, six_lines(words), strict=True)
        if was != now
    ]
    shown: set[str] = set()

    def keys(example: Any) -> None:
        shown.add(example.key)
        for said in example.said.values():
            keys(said)

    for example in six_examples():
        keys(example)
    for key in sorted({*words["text"], *words["counted"]} - shown):
        problems.append(f"{key}: no approved line shows it")
    return problems


@pytest.mark.parametrize("code", [language.code for language in shipped()])
def test_the_player_carries_exactly_the_approved_six_card_golf_messages(
    site: Path, code: str
) -> None:
    carried = [
        (name, json.loads(found))
        for name, html in built_pages(site, code)
        for found in SIX_WORDS.findall(html)
    ]
    assert [name for name, _ in carried] == [f"{code}/six-card-golf-play/index.html"]
    words = carried[0][1]
    assert six_problems(code, words) == []
    changed = json.loads(json.dumps(words))
    changed["text"]["knock"] = "Klop"
    changed["counted"]["you_win"] = changed["counted"]["you_win"][::-1]
    changed["text"]["extra"] = "Extra"
    found = six_problems(code, changed)
    assert any("'Klop'" in problem for problem in found), found
    assert any(problem.startswith("extra: ") for problem in found), found
    if code != "fr":  # French says 'point' for 0 and 1: a swap of its forms may read alike
        assert any("win" in problem.casefold() or "gewinnen" in problem for problem in found)


def test_a_changed_message_in_the_page_is_named(site: Path) -> None:
    """The page's JSON, not a second rendering: a message changed in it, an entry added and a
    counted message's form swapped are each named."""
    nl = next(language for language in shipped() if language.code == "nl")
    html = (site / "nl" / "solve" / "index.html").read_text(encoding="utf-8")
    words = json.loads(WORDS.findall(html)[0])
    assert words_problems(nl, words) == []
    broken = json.loads(json.dumps(words))
    broken["no_win"] = "Vanaf hier is de partij nog te winnen: maak een paar zetten ongedaan."
    broken["reasons"]["extra"] = "Dit mag niet"
    broken["winnable"]["5"] = "ja, in 5 zet"
    problems = words_problems(nl, broken)
    assert any(
        problem.startswith("messages.txt:") and "nog te winnen" in problem for problem in problems
    )
    assert "reasons extra: no approved line shows it" in problems
    assert any(problem.startswith("winnable 5:") for problem in problems)


# -- the search index ----------------------------------------------------------------------


def compact(text: str, drop: set[str]) -> str:
    """``text`` without blanks, colons and table bars, and without its words that are numbers
    and cards alone or drawn words (``drop``): what the index and the approved texts share."""
    words = [word.replace(":", "").replace("|", "") for word in text.split()]
    return "".join(word for word in words if not is_eye_only(word) and word not in drop)


def index_problems(site: Path, code: str) -> list[str]:
    """Where Material's index (``<code>/search/search_index.json``) holds text that is not the
    approved text of its page: each sentence of it (and each word of what is no sentence)
    must be part of the page's approved text, the text its pictures draw aside.

    The index holds each page's text, its pictures' titles and descriptions and what they
    draw (card corners, a chart's labels and ticks), without its tags and without the space
    between cells and elements; so both are compared without blanks, colons and table bars,
    and without the numbers, cards and words the pictures draw (the pictures' own checks read
    a drawing back)."""
    pages = {name: html for name, html in built_pages(site, code)}
    drawn = {text for html in pages.values() for _w, text, eye in page_strings(html) if eye}
    drop = {text for text in drawn if " " not in text}
    # every run of spaces as one space: the index and a drawing may write a French no-break
    # space (86\u202f562, "gagnables\u00a0:") where the other writes a space
    runs = sorted(
        {" ".join(text.split()) for text in drawn if len(text.split()) > 1}, key=len, reverse=True
    )

    def without_drawing(text: str) -> str:
        text = " ".join(text.split())
        for run in runs:
            text = text.replace(run, " ")
        return text

    index = json.loads((site / code / "search" / "search_index.json").read_text("utf-8"))
    problems = []
    for doc in index["docs"]:
        page = doc["location"].partition("#")[0].strip("/") or "index"
        lines = approved_path(code, page).read_text(encoding="utf-8").splitlines()
        approved = compact(without_drawing("\n".join(LABEL.sub("", line) for line in lines)), drop)
        for part in (doc["title"], doc["text"]):
            for chunk in re.split(r"<[^>]*>", part):
                # a card drawn for the eye glued to the words beside it ("10♠Zug 10: ..."),
                # table cells glued together ("Classic (55,027)Easy (7,056)")
                chunk = without_drawing(re.sub(r"(?<=[♣♦♥♠)])(?=[^\W\d_])", " ", chunk))
                pieces = re.findall(r"[^.!?]*[.!?](?=\s|$)", chunk) + chunk.split()
                problems += [
                    f"{code}/{doc['location']}: {piece.strip()[:80]!r}"
                    for piece in pieces
                    if compact(piece, drop) not in approved
                ]
    return problems


@pytest.mark.parametrize("code", [language.code for language in shipped()])
def test_the_search_index_holds_only_the_approved_text_of_each_page(site: Path, code: str) -> None:
    index = json.loads((site / code / "search" / "search_index.json").read_text("utf-8"))
    assert len(index["docs"]) > 20
    assert index_problems(site, code) == []


def test_a_sentence_the_approved_page_does_not_hold_is_named_in_the_index(
    site: Path, tmp_path: Path
) -> None:
    """The 404 lead's pasted rule sentence, had it reached the home page's index entry: every
    word of it is on the site, the sentence is not on that page."""
    copy = tmp_path / "site"
    shutil.copytree(site / "nl", copy / "nl")
    path = copy / "nl" / "search" / "search_index.json"
    index = json.loads(path.read_text("utf-8"))
    index["docs"][0]["text"] = "<p>Een heer mag altijd op een aas.</p>" + index["docs"][0]["text"]
    path.write_text(json.dumps(index), "utf-8")
    problems = index_problems(copy, "nl")
    assert problems[0] == "nl/: 'Een heer mag altijd op een aas.'"
    assert {"nl/: 'heer'", "nl/: 'aas.'"} <= set(problems)


# -- check and approve: the cases of issue 30 ------------------------------------------------

PASTED_LEAD = (
    'msgstr "Deze pagina staat niet op de site. Ga hier verder:"',
    'msgstr "Een heer mag altijd op een aas. Deze pagina staat niet op de site. Ga hier verder:"',
)
INVERTED_NO_WIN = (
    '"Vanaf hier is de partij niet meer te winnen: maak een paar zetten ongedaan."',
    '"Vanaf hier is de partij nog te winnen: maak een paar zetten ongedaan."',
)


def line_of(name: str, start: str) -> int:
    """The line of the text ``name`` whose label starts with ``start``."""
    return next(n for n, label in enumerate(othertexts.labels(name), 1) if label.startswith(start))


def test_the_404_lead_and_the_players_message_changed_fail_check_and_show_in_review(
    tmp_path: Path,
) -> None:
    """Issue 30's two cases: the Dutch 404 lead with a rule sentence pasted before it, and the
    player's "No line of play wins from here" turned into its opposite. check names each
    line; approve shows each beside its English (or refuses it, naming it), and so does
    ``check --review``."""
    copy = repository_copy(tmp_path)
    edit(copy, NL, *PASTED_LEAD)
    edit(copy, NL, *INVERTED_NO_WIN)
    lead = line_of("site", "404 lead")
    no_win = line_of("messages", "no line wins:")
    checked = run_check(copy, "pages")
    assert checked.returncode == 1
    problems = checked.stdout.splitlines()
    assert any(
        p.startswith(f"docs_src/approved/nl/site.txt:{lead}: the nl site text differs: ")
        and "{+Een heer mag altijd op een aas.+}" in p
        for p in problems
    ), problems
    assert any(
        p.startswith(f"docs_src/approved/nl/messages.txt:{no_win}: the nl messages text differs: ")
        and "[-niet meer-]{+nog+}" in p
        for p in problems
    ), problems

    def git(*args: str) -> None:
        subprocess.run(
            [
                "git",
                "-C",
                str(copy),
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@example.invalid",
                *args,
            ],
            check=True,
            capture_output=True,
        )

    git("init", "-q")
    git("add", "docs_src/approved")
    git("commit", "-qm", "approved")
    approved = run_approve(copy)
    if approved.returncode != 0:  # a rule of approve refused them: each is named
        for place in (f"nl/site.txt:{lead}:", f"nl/messages.txt:{no_win}:"):
            assert place in approved.stderr, approved.stderr
        return
    reviewed = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--review", "HEAD"],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(copy)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    for shown in (approved.stdout.splitlines(), reviewed.stdout.splitlines()):
        at = next(i for i, s in enumerate(shown) if f"docs_src/approved/nl/site.txt:{lead}:" in s)
        assert "{+Een heer mag altijd op een aas.+}" in shown[at]
        assert shown[at + 1] == "    en: This page is not on the site. Go on from here:"
        assert shown[at + 2] == "    is: 404 lead"
        at = next(i for i, s in enumerate(shown) if f"nl/messages.txt:{no_win}:" in s)
        assert "[-niet meer-]{+nog+}" in shown[at]
        assert shown[at + 1] == "    en: No line of play wins from here: undo some moves."
        assert shown[at + 2].startswith("    is: no line wins: GO1-")


# -- the engine's examples -----------------------------------------------------------------


def test_every_reason_and_code_error_has_an_example_the_engine_made() -> None:
    """A refusal of each reason, each of the code reader's errors, a hint of each kind, a won
    game with its score, a stuck game: each line's situation is played again here."""
    from generator.patience import DealCode, DealCodeError, Reason

    made = examples()
    reasons = [example.entry for example in made if example.key == "reasons"]
    assert sorted(reasons) == sorted(reason.value for reason in Reason)
    codes = {
        example.key: example.values["code"] for example in made if example.key.startswith("code_")
    }
    assert sorted(codes) == sorted(f"code_{part}" for part in DealCodeError.PARTS)
    for key, code in codes.items():
        with pytest.raises(DealCodeError) as error:
            DealCode.parse(str(code))
        assert f"code_{error.value.part}" == key
    keys = {example.key for example in made}
    assert {"hint_remove", "hint_draw", "no_win", "won", "stuck", "winnable", "unwinnable"} <= keys


def test_a_message_with_no_example_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Codes that never miss their rules letter: no example of that error, said in one line."""
    monkeypatch.setattr(othertexts, "BAD_CODES", ("GO1-E", "GO2-E-AAAAAAB", "GO1-E-AAAAAA1"))
    othertexts.examples.cache_clear()
    try:
        with pytest.raises(
            othertexts.OtherTextError,
            match=r"^generator/site/othertexts.py:\d+: no code of BAD_CODES is refused for its letter",
        ):
            othertexts.examples()
    finally:
        othertexts.examples.cache_clear()


def test_a_translation_that_changes_a_number_of_a_message_is_refused() -> None:
    """approve's fact guard applies to the messages: a Dutch code error saying 8 capital
    letters where the English says 7 is refused, naming the line."""
    from generator.check import ApprovalRefused, approval_guard

    path = approved_path("nl", "messages")
    old = path.read_text(encoding="utf-8")
    line = line_of("messages", "code digits:")
    new = old.replace("uit 7 hoofdletters", "uit 8 hoofdletters")
    assert new != old
    guard = approval_guard(languages())
    with pytest.raises(ApprovalRefused) as refused:
        guard({path: (old, new)})
    assert any(
        r.startswith(f"docs_src/approved/nl/messages.txt:{line}: ") for r in refused.value.refused
    )


def test_example_renders_as_the_script_formats() -> None:
    words = {
        "x": "%(card)s uit kolom %(number)s: 100%%",
        "cards": {"KC": "R♣"},
        "card_names": {"KC": "klaverenheer"},
        "rule_sets": {},
    }
    from generator.cards import Card

    example = Example("x", "x", values={"number": 3}, cards={"card": Card(13, "C")})
    assert render(words, example) == "klaverenheer uit kolom 3: 100%"


def test_the_script_names_the_code_readers_errors_in_their_order() -> None:
    """The page's code reader (the C core) answers 1 to 4; the script names them by the
    Python reader's parts, in that order, so each error's line of messages.txt is the message
    the script shows for it."""
    from generator.paths import ROOT
    from generator.patience import DealCodeError

    script = (ROOT / "docs_src" / "assets" / "golf-play.js").read_text(encoding="utf-8")
    found = re.search(r"var CODE_ERRORS = \[null, ([^\]]*)\];", script)
    assert found is not None
    assert re.findall(r'"(\w+)"', found.group(1)) == [f"code_{p}" for p in DealCodeError.PARTS]


SHOWN = re.compile(
    r"textContent\s*=|\bsay\(|setAttribute\(\"(?:aria-label|aria-valuetext|title)\","
)


def own_words(script: str) -> list[str]:
    """The string literals with a letter in the statements of ``script`` that put text or a
    name into the page (``textContent =``, ``say(...)``, an ``aria-label``, ``aria-valuetext``
    or ``title``): words of the script's own, which no approved text holds."""
    found = []
    for statement in re.split(r";\s*\n", script):
        if not SHOWN.search(statement):
            continue
        statement = re.sub(r"setAttribute\(\"[\w-]+\",|getAttribute\(\"[\w-]+\"\)", "", statement)
        found += [
            text
            for text in re.findall(r"\"([^\"\\]*)\"", statement)
            if re.search(r"[^\W\d_]", text)
        ]
    return found


def test_the_scripts_show_no_words_of_their_own() -> None:
    """Everything the scripts show comes from the page (the words' JSON, the page's own
    headings and names); what they put between two words is punctuation (": ", " · ")."""
    from generator.paths import ROOT

    assets = ROOT / "docs_src" / "assets"
    for name in ("golf-play.js", "golf-stepper.js", "golf-site.js", "golf-sixcard.js"):
        assert own_words((assets / name).read_text(encoding="utf-8")) == [], name
    assert own_words('button.setAttribute("aria-label", words.show + " for " + entry.name);\n') == [
        " for "
    ]
    assert own_words('say("Nope");\n') == ["Nope"]


def test_every_line_has_its_label_in_every_language() -> None:
    """The texts correspond line for line: each language's has a line per label."""
    for name in othertexts.OTHER_TEXTS:
        count = len(othertexts.labels(name))
        assert count > (3 if name in othertexts.SOURCE_ONLY else 20)
        for language in shipped():
            if name in othertexts.SOURCE_ONLY and language.code != source_language():
                assert not approved_path(language.code, name).exists()
                continue
            lines = approved_path(language.code, name).read_text(encoding="utf-8").splitlines()
            assert len(lines) == count, (language.code, name)


def test_a_source_only_text_of_another_language_is_stray(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.site import approval

    approved = tmp_path / "docs_src" / "approved"
    for code in ("en", "nl"):
        (approved / code).mkdir(parents=True)
        (approved / code / "root.txt").write_text("Languages\n", encoding="utf-8")
    monkeypatch.setattr(approval, "ROOT", tmp_path)
    monkeypatch.setattr(approval, "APPROVED", approved)
    assert list(approval.stray_files(languages())) == [
        "docs_src/approved/nl/root.txt:1: root is a text of the source language alone (en); "
        "delete it"
    ]
