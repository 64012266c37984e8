"""Approved texts: every page in every shipped language, compared by `check`, written by `approve`."""

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.i18n.catalogs import shipped_languages
from generator.pages.errata import corrected
from generator.pages.recorded import load_reference_game
from generator.site.approval import APPROVED, approved_path, page_names, seed_text, text_names
from generator.site.build import build_site
from generator.site.pagetext import PICTURE, page_text, without_pictures
from generator.site.render import PAGES, render_language
from generator.site.worddiff import word_diff
from tests.test_check import NL, edit, repository_copy, run_check

WON_GAME = "docs_src/templates/won_game.md.j2"
MOVE_TITLE_NL = 'msgstr "Zet %(number)s: je verwijdert %(card)s uit kolom %(column)s (%(how)s)"'
SWAPPED_NL = 'msgstr "Zet %(column)s: je verwijdert %(card)s uit kolom %(number)s (%(how)s)"'
REWORDED_NL = 'msgstr "Zet %(number)s: jij verwijdert %(card)s uit kolom %(column)s (%(how)s)"'


def shipped() -> list[str]:
    return [language.code for language in shipped_languages() if language.shipped]


def run_approve(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "approve", *args],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(copy)},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    copy = repository_copy(tmp_path)
    result = run_check(copy, "pages")
    assert result.returncode == 0, "the copy should pass before it is broken\n" + result.stdout
    return copy


# -- the approved files -------------------------------------------------------


def test_every_shipped_page_has_an_approved_text() -> None:
    names = [page.removesuffix(".md") for page in PAGES] + ["site", "messages"]
    assert sorted(p.relative_to(APPROVED).as_posix() for p in APPROVED.rglob("*.txt")) == sorted(
        [f"{code}/{name}.txt" for code in shipped() for name in names] + ["en/root.txt"]
    )


def test_approved_texts_are_what_the_built_site_shows(tmp_path: Path) -> None:
    """The texts come from the generator's Markdown; MkDocs' HTML must read the same."""
    site = tmp_path / "site"
    build_site(site)
    for code in shipped():
        for page in page_names():
            html = site / code / ("index.html" if page == "index" else f"{page}/index.html")
            built = page_text(html.read_text(encoding="utf-8"), pictures=True)
            assert built == approved_path(code, page).read_text(encoding="utf-8"), (code, page)


def test_picture_lines_are_in_the_approved_texts() -> None:
    moves = len(load_reference_game().moves)
    for language in shipped_languages():
        if not language.shipped:
            continue
        rendered = render_language(language)
        for page in page_names():
            source = rendered[f"{page}.md"]
            expected = []
            for svg in re.findall(r"<svg\b.*?</svg>", source, re.S):
                title = re.search(r"<title[^>]*>([^<]*)</title>", svg)
                desc = re.search(r"<desc[^>]*>([^<]*)</desc>", svg)
                assert title is not None
                words = html.unescape(title.group(1))
                if desc:
                    words += ": " + html.unescape(desc.group(1))
                # the approved text writes every run of spaces as one space
                expected.append(re.sub(r"\s+", " ", f"{PICTURE} {words}").strip())
            text = approved_path(language.code, page).read_text(encoding="utf-8")
            lines = [line for line in text.splitlines() if line.startswith(PICTURE + " ")]
            assert lines == expected
            if page == "won-game":
                # the deal's board and the last move's, each described, then the stepper's
                # sheet of the drawn cards (the script draws the boards between)
                assert len(lines) == 3
                assert [": " in line for line in lines] == [True, True, False]
                assert lines[1].startswith(f"{PICTURE} ") and f" {moves}" in lines[1]
            if page == "rules" and language.golden is not None:
                golden = language.golden.read_text(encoding="utf-8")
                seed = seed_text(corrected(language.golden, golden))  # with its errata
                assert without_pictures(text).splitlines() == seed.splitlines()
    nl = approved_path("nl", "won-game").read_text(encoding="utf-8")
    assert (
        "Zet 2: je verwijdert 9♣ uit kolom 5 (één waarde hoger dan 8♠)\nScore: 10 punten.\n"
    ) in nl
    assert (
        "[picture] De situatie na zet 47: Trekstapel: 4 kaarten; aflegstapel: schoppen 3. Kolom 1:"
    ) in nl
    rules = approved_path("nl", "rules").read_text(encoding="utf-8")
    assert (
        "[picture] De situatie na zet 3\n[fold] De stand in woorden\n"
        "Trekstapel: 15 kaarten; aflegstapel: klaveren 8." in rules
    )
    assert "\n[legend] gespeelde kaart\n[legend] kaart waarop hij komt\n" in rules


def test_page_text_reads_a_pictures_title_and_desc_only_when_asked() -> None:
    html = (
        '<article class="md-content__inner"><h1>Title</h1>'
        '<figure><svg role="img"><title id="t">The deal</title><desc>Stock: 16 cards.</desc>'
        '<g class="card"><rect x="1" /><text class="corner">6♥</text></g></svg></figure>'
        "<p>After</p></article>"
    )
    assert page_text(html) == "Title\nAfter\n"
    assert page_text(html, pictures=True) == "Title\n[picture] The deal: Stock: 16 cards.\nAfter\n"


def test_word_diff_shows_a_change_at_the_end_of_a_long_line() -> None:
    words = [f"word{n}" for n in range(60)]
    old, new = " ".join([*words, "end."]), " ".join([*words, "finish."])
    assert word_diff([old], [new]) == "…word56 word57 word58 word59 [-end.-]{+finish.+}"


# -- check ------------------------------------------------------------------


def test_a_swapped_placeholder_in_the_dutch_move_title_is_caught(copy: Path) -> None:
    edit(copy, NL, MOVE_TITLE_NL, SWAPPED_NL)
    result = run_check(copy, "pages")
    assert result.returncode == 1
    problems = result.stdout.splitlines()
    # the won game's headings, and the examples page's winning lines, which use the same words
    pages = ("docs_src/approved/nl/won-game.txt:", "docs_src/approved/nl/examples.txt:")
    assert problems and all(p.startswith(pages) for p in problems), problems
    assert any(p.startswith(pages[1]) for p in problems), problems
    # move 2 removes 9♣ from column 5: now "Zet 5: ... uit kolom 2"
    assert any(
        p.startswith(pages[0])
        and "Zet [-2:-]{+5:+} je verwijdert 9♣ uit kolom [-5-]{+2+} (één" in p
        and p.endswith(
            "; if intended, run 'python -m generator approve --lang nl --page won-game'"
            " and review the diff"
        )
        for p in problems
    ), problems


def test_an_english_wording_change_in_a_template_is_caught(copy: Path) -> None:
    edit(copy, WON_GAME, "from the deal to the win", "from the deal to the victory", count=2)
    result = run_check(copy, "pages")
    assert result.returncode == 1
    english = [
        p for p in result.stdout.splitlines() if p.startswith("docs_src/approved/en/won-game.txt:")
    ]
    assert len(english) == 1, result.stdout
    assert "the en won-game page differs: …the deal to the [-win:-]{+victory:+}" in english[0]


def test_a_change_at_the_end_of_a_long_line_shows_the_changed_words(copy: Path) -> None:
    approved = (copy / "docs_src/approved/nl/rules.txt").read_text(encoding="utf-8")
    long_line = next(line for line in approved.splitlines() if line.endswith("Zie de bronnen."))
    assert len(long_line) > 200
    edit(copy, NL, "Zie de bronnen.", "Zie de literatuur.")
    problems = run_check(copy, "pages").stdout.splitlines()
    assert len(problems) == 2, problems  # the approved text, and the seed
    approved_line = approved.splitlines().index(long_line) + 1
    assert problems[0].startswith(f"docs_src/approved/nl/rules.txt:{approved_line}: ")
    golden = (copy / "tests/golden/nl.txt").read_text(encoding="utf-8").splitlines()
    assert problems[1].startswith(f"tests/golden/nl.txt:{golden.index(long_line) + 1}: ")
    assert "the seed is the oracle" in problems[1]
    for problem in problems:
        assert "…eerste kaart). Zie de [-bronnen.-]{+literatuur.+}" in problem


def test_a_missing_or_stray_approved_text_is_a_problem(copy: Path) -> None:
    (copy / "docs_src/approved/de/index.txt").unlink()
    (copy / "docs_src/approved/de/old-page.txt").write_text("Old\n", encoding="utf-8")
    problems = run_check(copy, "pages").stdout.splitlines()
    assert problems == [
        f"docs_src/approved/de/old-page.txt:1: no page 'old-page' (pages: {', '.join(text_names())}); "
        "delete it",
        "docs_src/approved/de/index.txt:1: missing; run 'python -m generator approve'",
    ]


# -- approve ----------------------------------------------------------------


def test_approve_then_check_passes_again(copy: Path) -> None:
    """Words changed, no fact: approve writes the texts and check passes."""
    edit(
        copy,
        WON_GAME,
        "{% trans %}A won game, move by move",
        "{% trans %}A won game, shown move by move",
    )
    edit(copy, NL, MOVE_TITLE_NL, REWORDED_NL)
    assert run_check(copy, "pages").returncode == 1
    before = (copy / "docs_src/approved/en/rules.txt").read_bytes()
    result = run_approve(copy)
    assert result.returncode == 0, result.stderr
    statuses = [line for line in result.stdout.splitlines() if line.endswith(": updated")]
    changed = [line.split(":")[0] for line in statuses]
    # what was approved is shown: a word diff per changed line, the English line under it
    shown = result.stdout.splitlines()
    at = next(i for i, line in enumerate(shown) if "nl/won-game.txt:" in line and "jij" in line)
    assert "[-je-]{+jij+}" in shown[at], shown[at]
    assert shown[at + 1].startswith("    en: Move ") and "remove" in shown[at + 1], shown[at + 1]
    # nl and de have no translation of the new English sentence yet: they show it in English;
    # the examples page's winning lines use the Dutch move title too
    expected = [f"docs_src/approved/{code}/won-game.txt" for code in shipped()]
    expected.append("docs_src/approved/nl/examples.txt")
    assert sorted(changed) == sorted(expected)
    assert result.stdout.splitlines()[-1].startswith(
        f"approve: {len(expected)} of {len(list(APPROVED.rglob('*.txt')))} approved text(s) changed"
    )
    assert (copy / "docs_src/approved/en/rules.txt").read_bytes() == before
    nl = (copy / "docs_src/approved/nl/won-game.txt").read_text(encoding="utf-8")
    assert "Zet 2: jij verwijdert 9♣ uit kolom 5 (één waarde hoger dan 8♠)" in nl
    assert run_check(copy, "pages").returncode == 0
    assert run_check(copy, "values").returncode == 0
    again = run_approve(copy, "--lang", "nl", "--page", "won-game")
    assert again.stdout == "approve: all 1 approved text(s) unchanged\n"


def test_approve_refuses_to_change_a_seed_tied_page(copy: Path) -> None:
    edit(copy, NL, 'msgstr "De trekstapel"', 'msgstr "De stapel"')
    edit(copy, NL, MOVE_TITLE_NL, REWORDED_NL)
    files = sorted((copy / "docs_src/approved").rglob("*.txt"))
    before = [path.read_bytes() for path in files]
    for args in [(), ("--lang", "nl"), ("--lang", "nl", "--page", "rules")]:
        result = run_approve(copy, *args)
        assert result.returncode == 1, args
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        assert result.stderr.startswith(
            "error: tests/golden/nl.txt:14: the nl rules page differs from its seed: "
            "De [-trekstapel-]{+stapel+}; the seed is the oracle"
        ), result.stderr
        assert [path.read_bytes() for path in files] == before  # nothing written
    # the other pages can still be approved
    result = run_approve(copy, "--lang", "nl", "--page", "won-game")
    assert result.returncode == 0, result.stderr
    assert "docs_src/approved/nl/won-game.txt: updated\n" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "xx"], "no such shipped language: xx (shipped languages: {shipped})"),
        (
            ["--page", "help"],
            "no such page: help (pages: {pages})",
        ),
    ],
)
def test_approve_names_an_unknown_language_or_page(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["approve", *args]) == 1
    out, err = capsys.readouterr()
    wanted = message.format(shipped=", ".join(shipped()), pages=", ".join(text_names()))
    assert (out, err) == ("", f"error: {wanted}\n")


def test_page_text_reads_legends_captions_and_controls_but_not_what_is_hidden() -> None:
    html = (
        '<article class="md-content__inner"><figure><svg aria-hidden="true"><title>T</title></svg>'
        "<figcaption>Stock: 1 card.</figcaption></figure>"
        '<ul class="golf-legend"><li><span aria-hidden="true"></span>free card</li></ul>'
        '<button type="button">Next move</button>'
        '<p><span aria-hidden="true"><span>16</span>A♣</span> Stock: 16 cards.</p></article>'
    )
    assert page_text(html, pictures=True) == (
        "[picture] T\nStock: 1 card.\n[legend] free card\nNext move\nStock: 16 cards.\n"
    )
    assert page_text(html) == "Stock: 1 card.\nNext move\nStock: 16 cards.\n"
    assert without_pictures(page_text(html, pictures=True)) == page_text(html)


def test_check_review_shows_each_changed_line_beside_its_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`check --review BASE`: every approved text changed since BASE as a word diff, each
    translated line with the English line it translates under it, for a second reader."""
    import subprocess

    from generator.site import approval

    approved = tmp_path / "docs_src" / "approved"
    for code, text in (("en", "Title\nColumn 5: 7♣\nEnd\n"), ("nl", "Titel\nKolom 5: 7♣\nEind\n")):
        (approved / code).mkdir(parents=True)
        (approved / code / "rules.txt").write_text(text, encoding="utf-8")

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True)

    git("init", "-q")
    git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "base")
    monkeypatch.setattr(approval, "ROOT", tmp_path)
    monkeypatch.setattr(approval, "APPROVED", approved)
    (approved / "nl" / "rules.txt").write_text("Titel\nKolom 7: 5♣\nEind\n", encoding="utf-8")
    assert approval.review_since("HEAD") == [
        "docs_src/approved/nl/rules.txt:2: Kolom [-5: 7♣-]{+7: 5♣+}",
        "    en: Column 5: 7♣",
    ]
    with pytest.raises(approval.ApprovalError, match="no such git revision"):
        approval.review_since("no-such-branch")
    with pytest.raises(approval.ApprovalError, match="not a git revision"):
        approval.review_since("--output=/tmp/x")
