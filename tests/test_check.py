"""`python -m generator check`: passes on the repository, and catches each way of breaking a copy of it."""

import contextlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import markdown
import pytest

from generator.atomic import TEMPORARY_SUFFIX
from generator.cache import DIR_VARIABLE
from generator.check import PARTS, markup_problems
from generator.check.parts import VERIFIED_BEFORE_BUILD
from generator.check.results import passed_before
from generator.i18n.catalogs import ROOT, Language, languages, shipped_languages
from generator.paths import checkout_files
from generator.site.build import MARKER, MARKER_TEXT
from generator.site.pagetext import MARKDOWN_EXTENSIONS
from generator.site.render import render_language


def test_check_passes_on_the_repository() -> None:
    """Every part but the census sample (some 225 CPU seconds: tests/census/ test its summaries and
    its sample, and CI's own 'python -m generator check' runs it whole). In a Python of its own,
    as a user runs it: check forks its workers, and what earlier tests left in a pytest worker
    reaches them (a worker forked after tests/wasm once waited for ever in CI; the core now
    compiles serially, tests/wasm/test_sixcard_core.py)."""
    parts = ",".join(part for part in PARTS if part != "census")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--only", parts, "--fresh"],
        capture_output=True,
        text=True,
        timeout=880,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    assert done.stdout.startswith(f"check: all good: {parts.replace(',', ', ')} ("), done.stdout


def repository_copy(tmp_path: Path) -> Path:
    """The repository's files (tracked or not ignored) and the built solver, copied."""
    listed = checkout_files(ROOT)
    copy = tmp_path / "repo"
    for name in [
        *listed,
        *(str(p.relative_to(ROOT)) for p in (ROOT / "generator").rglob("*.so")),
    ]:
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    _warm_cache(copy)
    return copy


def _warm_cache(copy: Path) -> None:
    """The repository's build cache, copied too: each entry is filed under the checksum of
    everything it depends on, so the copy's changed inputs never meet an old result, and
    what is unchanged is not worked out again in every copy (the census files)."""
    kept = ROOT / "_build" / "cache"
    if os.environ.get(DIR_VARIABLE) or not kept.is_dir():
        return  # the copies share the checkout's cache already (tests/conftest.py)
    # Other workers write and prune entries meanwhile: their half-written files are left
    # out and an entry pruned between the listing and the copy is skipped.
    shutil.copytree(
        kept,
        copy / "_build" / "cache",
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns(f"*{TEMPORARY_SUFFIX}"),
        copy_function=_copy_if_still_there,
    )


def _copy_if_still_there(source: str, target: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        shutil.copy2(source, target)


def edit(copy: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = copy / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def run_in(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m generator args`` on the repository copy ``copy``, with its own package."""
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("GOLF_PROJECT", None)  # the copy is the project, whatever the caller named
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def run_check(copy: Path, part: str) -> subprocess.CompletedProcess[str]:
    """``check --only part`` on the repository copy ``copy``."""
    return run_in(copy, "check", "--only", part)


NL = "locales/nl/LC_MESSAGES/messages.po"
DE = "locales/de/LC_MESSAGES/messages.po"
REFERENCE = "generator/data/reference_game.yaml"

BREAKAGES = {
    "hand-edited move": (
        "examples",
        [
            (
                REFERENCE,
                "{action: remove, column: 5, card: 9C}",
                "{action: remove, column: 6, card: 8D}",
            )
        ],
        r"generator/data/reference_game.yaml:33: move 2 \(8D from column 6\) is refused by the engine: not-adjacent",
    ),
    "changed rule in the engine": (
        "examples",
        [("generator/patience/rules.py", "return self is Rules.EASY\n", "return False\n")],
        r"reference_game.yaml:\d+: move 35 \(AH from column 3\) is refused",
    ),
    "wrong recorded verdict": (
        "examples",
        [(REFERENCE, "strict: winnable}", "strict: unwinnable}")],
        r"reference_game.yaml:17: GO1-E-AAAAAAB is recorded unwinnable on strict",
    ),
    "engine no longer backs a sentence": (
        "examples",
        [("generator/patience/rules.py", "per_draw: int = 0", "per_draw: int = 1")],
        r"docs_src/templates/rules.md.j2:\d+: the page says 'Tapping the stock turns.*"
        r"the engine disagrees: a draw changes the score from 0 to 1",
    ),
    "a translation changed the page": (
        "pages",
        [(NL, 'msgstr "De trekstapel"', 'msgstr "De stapel"')],
        r"tests/golden/nl.txt:14: the nl rules page differs from its seed: De \[-trekstapel-\]\{\+stapel\+\}; the seed",
    ),
    "template string not extracted": (
        "catalogs",
        [
            (
                "docs_src/templates/index.md.j2",
                "\n{% set link %}",
                "\n{% trans %}A new sentence.{% endtrans +%}\n\n{% set link %}",
            )
        ],
        r"locales/messages.pot:1: out of date with the templates and code \(1 new, 0 gone",
    ),
    "obsolete message": (
        "catalogs",
        [
            (
                DE,
                'msgid "The stock"\nmsgstr "Der Nachziehstapel"',
                'msgid "The stock"\nmsgstr "Der Nachziehstapel"\n\nmsgid "Gone"\nmsgstr "Weg"',
            )
        ],
        r"locales/de/LC_MESSAGES/messages.po:\d+: 'Gone' is no longer in the .pot",
    ),
    "untranslated": (
        "catalogs",
        [(DE, 'msgstr "Der Nachziehstapel"', 'msgstr ""')],
        r"locales/de/LC_MESSAGES/messages.po:\d+: untranslated: 'The stock'",
    ),
    "fuzzy": (
        "catalogs",
        [(DE, 'msgid "The stock"', '#, fuzzy\nmsgid "The stock"')],
        r"locales/de/LC_MESSAGES/messages.po:\d+: fuzzy: 'The stock'",
    ),
    "misspelt placeholder": (
        "catalogs",
        [(NL, 'msgstr "Kolom %(number)s:', 'msgstr "Kolom %(nummer)s:')],
        r"messages.po:\d+: placeholders of 'Column %\(number\)s.*unknown %\(nummer\)s; missing %\(number\)s",
    ),
    "extra placeholder": (
        "catalogs",
        [(DE, 'msgstr "Punkte"', 'msgstr "Punkte %(score)s"')],
        r"placeholders of 'Points': unknown %\(score\)",
    ),
    "too few plural forms": (
        "catalogs",
        [(NL, "nplurals=2; plural=(n != 1);", "nplurals=1; plural=0;")],
        r"locales/nl/LC_MESSAGES/messages.po:\d+: Plural-Forms is 'nplurals=1; plural=0;'; nl needs",
    ),
    "plural rule of another language": (
        "catalogs",
        [(NL, "nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1);")],
        r"locales/nl/LC_MESSAGES/messages.po:\d+: Plural-Forms is 'nplurals=2; plural=\(n > 1\);'; nl needs",
    ),
    "script in a translation": (
        "safety",
        [(DE, 'msgstr "Punkte"', 'msgstr "<script>alert(1)</script>Punkte"')],
        r"messages.po:\d+: the translation of 'Points' adds an HTML tag",
    ),
    "img onerror in a translation": (
        "safety",
        [(NL, 'msgstr "Punten"', 'msgstr "Punten<img src=x onerror=alert(1)>"')],
        r"the translation of 'Points' adds an HTML tag the English text does not have",
    ),
    "javascript link in a translation": (
        "safety",
        [(NL, 'msgstr "Wat er gebeurt"', 'msgstr "[Wat er gebeurt](javascript:alert(1))"')],
        r"adds a javascript: link",
    ),
    "broken internal link": (
        "site",
        [("docs_src/templates/index.md.j2", "(rules.md)", "(no-such-page.md)")],
        r"mkdocs.yml:1: the en site did not build: .*no-such-page.md",
    ),
}


@pytest.mark.parametrize("name", list(BREAKAGES))
def test_check_catches(tmp_path: Path, name: str) -> None:
    part, edits, expected = BREAKAGES[name]
    copy = repository_copy(tmp_path)
    assert run_check(copy, part).returncode == 0, "the copy should pass before it is broken"
    for file, old, new in edits:
        edit(copy, file, old, new)
    result = run_check(copy, part)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines and all(":" in line for line in lines)
    assert any(re.search(expected, line) for line in lines), "\n".join(lines)


def test_markup_in_a_catalog_never_reaches_a_page(tmp_path: Path) -> None:
    nl = next(lang for lang in languages() if lang.code == "nl")
    target = tmp_path / "nl" / "LC_MESSAGES"
    target.mkdir(parents=True)
    text = nl.po_file.read_text(encoding="utf-8").replace(
        'msgstr "Punten"', 'msgstr "<script>alert(x)</script><img src=x onerror=alert(y)>"'
    )
    (target / "messages.po").write_text(text, encoding="utf-8")
    page = render_language(Language("nl", "Nederlands", "nl", True, tmp_path))["rules.md"]
    assert "<script>" not in page and "<img" not in page
    assert "&lt;script&gt;alert(x)&lt;/script&gt;" in page


@pytest.mark.parametrize(
    ("source", "translation", "found"),
    [
        ("Points", "Punten", []),
        ("Points", "<b>Punten</b>", ["an HTML tag", "an angle bracket"]),
        ("Points", "Punten > 3", ["an angle bracket"]),
        ("Points", "**Punten**", ["Markdown emphasis"]),
        ("Points", "*Punten*", ["Markdown emphasis"]),
        ("Points", "_Punten_", ["Markdown emphasis"]),
        ("Points", "Pun|ten", ["a table cell separator"]),
        ("Points", "# Punten", ["a heading, quote or list marker at the start"]),
        ("Points", "- Punten", ["a heading, quote or list marker at the start"]),
        ("Points", "Punten\n\n## Kop", ["a line break"]),
        ("Points", "`Punten`", ["Markdown code"]),
        ("Points", "[Punten][1]", ["a Markdown link"]),
        ("Points", "snake_case en 3 * 4", []),
        ("Points", "Punten &amp; meer", ["an HTML entity"]),
        ("Points", "![x](y.png)", ["a Markdown link", "a Markdown image"]),
        ("the sources", "de bronnen {{ config }}", ["template syntax"]),
        ("“%(message)s”", "„%(message)s“", []),
    ],
)
def test_markup_problems(source: str, translation: str, found: list[str]) -> None:
    assert markup_problems(source, translation) == found


def test_translator_workflow_after_a_template_change(tmp_path: Path) -> None:
    """A new template string, then `catalog update`: nl and de await its translation, English has no catalog."""
    copy = repository_copy(tmp_path)
    edit(
        copy,
        "docs_src/templates/index.md.j2",
        "\n{% set link %}",
        "\n{% trans %}A new sentence.{% endtrans +%}\n\n{% set link %}",
    )
    env = {**os.environ, "PYTHONPATH": str(copy)}
    update = subprocess.run(
        [sys.executable, "-m", "generator", "catalog", "update"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
    )
    assert update.returncode == 0, update.stderr
    assert "messages.pot: updated" in update.stdout
    result = run_check(copy, "catalogs")
    assert result.returncode == 1
    problems = result.stdout.splitlines()
    assert sorted(p.split(":")[0] for p in problems) == sorted(
        f"locales/{lang.code}/LC_MESSAGES/messages.po"
        for lang in shipped_languages()
        if lang.code != "en"
    )
    assert all("untranslated: 'A new sentence.'" in p for p in problems)
    assert not (copy / "locales" / "en").exists()
    again = subprocess.run(
        [sys.executable, "-m", "generator", "catalog", "update"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
    )
    assert "updated" not in again.stdout.replace(
        "unchanged", ""
    )  # a second refresh changes nothing


# -- attacks: what a translator, a reviewer or an engine change can try ---------------
#
# Each is run on a copy of the repository through the command a user runs. A build
# that refuses must name the file and line and leave the previous site untouched.

RULES = "generator/patience/rules.py"
GAME = "generator/patience/game.py"
EXAMPLES = "generator/data/rules_examples.yaml"

ATTACKS: dict[str, tuple[list[tuple[str, str, str]], str]] = {
    "markup in the site name": (
        [(NL, 'msgstr "Golf-patience"', 'msgstr "Golf <img src=x onerror=alert(x)>"')],
        rf"{NL}:\d+: the translation of 'Golf patience' adds an HTML tag",
    ),
    "a closing title tag in a heading": (
        [(NL, 'msgstr "De gewonnen partij"', 'msgstr "</title><script>alert(x)</script>"')],
        rf"{NL}:\d+: the translation of 'A won game, move by move' adds an HTML tag",
    ),
    "a Markdown link": (
        [(NL, 'msgstr "Wat er gebeurt"', 'msgstr "[x](javascript:alert(x))"')],
        rf"{NL}:\d+: the translation of 'What happens' adds a javascript: link",
    ),
    "Markdown emphasis": (
        [(NL, 'msgstr "De trekstapel"', 'msgstr "De **trekstapel**"')],
        rf"{NL}:\d+: the translation of 'The stock' adds Markdown emphasis",
    ),
    "a second heading": (
        [(NL, 'msgstr "De trekstapel"', 'msgstr "# De trekstapel"')],
        rf"{NL}:\d+: the translation of 'The stock' adds a heading, quote or list marker",
    ),
    "a table cell separator": (
        [(NL, 'msgstr "Punten"', 'msgstr "Pun | ten"')],
        rf"{NL}:\d+: the translation of 'Points' adds a table cell separator",
    ),
    "a heading after a blank line": (
        [(NL, 'msgstr "De trekstapel"', 'msgstr "De trekstapel\\n\\n## Kop"')],
        rf"{NL}:\d+: the translation of 'The stock' adds a line break",
    ),
    "an unterminated string": (
        [(NL, 'msgstr "De gewonnen partij"', 'msgstr "De gewonnen partij')],
        rf"{NL}:\d+: unterminated string",
    ),
    "a plural form without its count": (
        [(DE, 'msgstr[1] "Punktestand: %(count)s Punkte."', 'msgstr[1] "Punktestand: einige."')],
        rf"{DE}:\d+: .*%\(count\)s",
    ),
    "placeholders swapped in the Dutch move title": (
        [
            (
                NL,
                'msgstr "Zet %(number)s: je verwijdert %(card)s uit kolom %(column)s (%(how)s)"',
                'msgstr "Zet %(column)s: je verwijdert %(card)s uit kolom %(number)s (%(how)s)"',
            )
        ],
        r"docs_src/approved/nl/won-game.txt:\d+: the nl won-game page differs",
    ),
    "another language's plural rule": (
        [(NL, "nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1);")],
        rf"{NL}:\d+: .*[Pp]lural",
    ),
    "an empty plural form": (
        [(DE, 'msgstr[1] "Punktestand: %(count)s Punkte."', 'msgstr[1] ""')],
        rf"{DE}:\d+: untranslated: 'Score: %\(count\)s point.'",
    ),
    "an English sentence not in the catalogs (stale .pot)": (
        [
            (
                "docs_src/templates/index.md.j2",
                "\n{% set link %}",
                "\n{% trans %}A new sentence.{% endtrans +%}\n\n{% set link %}",
            )
        ],
        r"locales/messages.pot:1: out of date with the templates",
    ),
    "Classic accepts a 2 on a King": (
        [
            (
                RULES,
                "        return self.wraps and {waste_rank, rank} == {ACE, KING}",
                "        return (self.wraps and {waste_rank, rank} == {ACE, KING}) or "
                "(self is Rules.CLASSIC and (waste_rank, rank) == (KING, 2))",
            )
        ],
        r"docs_src/templates/rules.md.j2:\d+: the page says 'The %\(window\)s window offers two "
        r"rule sets.*the engine disagrees: on classic a King takes \[2, 12\]",
    ),
    "Classic connects King and Ace (was a StopIteration)": (
        [(RULES, "return self is Rules.EASY\n", "return self is not Rules.STRICT\n")],
        r"docs_src/templates/rules.md.j2:\d+: the page says 'Example on %\(easy\)s: move.*"
        r"on Classic move 35 \(AH from column 3\) is accepted",
    ),
    "draws do not count as moves": (
        [
            (
                GAME,
                "        self.move_count += 1\n",
                '        self.move_count += move.action != "draw"\n',
            )
        ],
        r"docs_src/templates/rules.md.j2:\d+: the page says 'Tapping the stock.*"
        r"a draw moves the move counter from 0 to 0",
    ),
    "undo lowers the move counter": (
        [
            (
                GAME,
                "        self.move_count, self.undoable = count, undoable - 1",
                "        self.undoable = undoable - 1",
            )
        ],
        r"docs_src/templates/rules.md.j2:\d+: the page says 'The app keeps the last %\(count\)s "
        r"actions.*the move counter goes from 47 to 46 on undo",
    ),
    "a won game earns a stock bonus": (
        [
            (
                GAME,
                "        return self.scoring.score(self.removed, draws, stuck=self.is_stuck())",
                "        return self.scoring.score(self.removed, draws, stuck=self.is_stuck())"
                " + 10 * len(self.stock) * self.is_won()",
            )
        ],
        r"docs_src/templates/rules.md.j2:\d+: the page says 'The score starts at.*"
        r"the won game scores 390; the page says",
    ),
    "a catalog for the source language": (
        [(NL, "", "")],
        r"locales/en/LC_MESSAGES/messages.po:1: en is the source language",
    ),
    "an example deal's cards edited": (
        [(EXAMPLES, "- [7S, 8C, JC, 6S, 3C]", "- [8C, 7S, JC, 6S, 3C]")],
        rf"{EXAMPLES}:\d+: GO1-E-AAAAAAE deals other cards than the file records",
    ),
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return repository_copy(tmp_path_factory.mktemp("pristine"))


@pytest.mark.parametrize("name", list(ATTACKS))
def test_build_refuses_an_attack_and_leaves_the_site(
    pristine: Path, tmp_path: Path, name: str
) -> None:
    edits, expected = ATTACKS[name]
    copy = tmp_path / "repo"
    shutil.copytree(pristine, copy)
    for file, old, new in edits:
        if old:
            edit(copy, file, old, new)
        else:  # the source language gets a catalog of its own (a copy of nl's)
            en = copy / "locales" / "en" / "LC_MESSAGES"
            en.mkdir(parents=True)
            shutil.copy(copy / file, en / "messages.po")
    site = tmp_path / "site"
    (site / "nl").mkdir(parents=True)
    (site / "nl" / "index.html").write_text("the previous site", encoding="utf-8")
    (site / MARKER).write_text(MARKER_TEXT, encoding="utf-8")  # a site a build made
    build = run_in(copy, "build", "--site", str(site))
    assert build.returncode == 1, build.stdout + build.stderr
    assert "Traceback" not in build.stderr, build.stderr
    assert any(re.search(expected, line) for line in build.stderr.splitlines()), build.stderr
    assert sorted(p.name for p in site.rglob("*")) == [MARKER, "index.html", "nl"]
    assert (site / "nl" / "index.html").read_text(encoding="utf-8") == "the previous site"
    check = run_check(copy, "examples,pages,catalogs,safety")
    assert check.returncode == 1
    assert any(re.search(expected, line) for line in check.stdout.splitlines()), check.stdout


def test_a_refused_build_remembers_the_parts_that_passed(
    pristine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Markup in a translation: the build is refused by the safety part; the values part
    passed, so the check that follows does not run it again (a cache of the test's own: the
    suite's would remember this copy's passes from an earlier run)."""
    monkeypatch.setenv(DIR_VARIABLE, str(tmp_path / "cache"))
    copy = tmp_path / "repo"
    shutil.copytree(pristine, copy)
    (changes,), expected = ATTACKS["markup in the site name"]
    edit(copy, *changes)
    assert not any(passed_before(PARTS[name], copy) for name in VERIFIED_BEFORE_BUILD)
    build = run_in(copy, "build", "--site", str(tmp_path / "site"))
    assert build.returncode == 1, build.stdout + build.stderr
    assert re.search(expected, build.stderr), build.stderr
    remembered = {name for name in VERIFIED_BEFORE_BUILD if passed_before(PARTS[name], copy)}
    assert "values" in remembered and "safety" not in remembered, remembered
    check = run_check(copy, "values,safety")
    assert check.returncode == 1
    assert "problem(s) in safety (" in check.stderr, check.stderr


def test_markdown_in_a_translation_is_text_on_the_page(tmp_path: Path) -> None:
    """Escaped on output too, even where the checks were not run (a language not shipped)."""
    nl = next(lang for lang in languages() if lang.code == "nl")
    target = tmp_path / "nl" / "LC_MESSAGES"
    target.mkdir(parents=True)
    text = nl.po_file.read_text(encoding="utf-8")
    for old, new in [
        ('msgstr "Wat er gebeurt"', 'msgstr "[x](javascript:alert(x)) **vet** a|b"'),
        ('msgstr "De trekstapel"', 'msgstr "# Kop\\n\\n## tweede"'),
    ]:
        text = text.replace(old, new)
    (target / "messages.po").write_text(text, encoding="utf-8")
    page = render_language(Language("nl", "Nederlands", "nl", False, tmp_path))["rules.md"]
    html = markdown.markdown(page, extensions=MARKDOWN_EXTENSIONS)
    # the only links are the template's own, to the site's pages (the rules page links its
    # examples, and its tips' measurement on the statistics page)
    links = re.findall(r"<a\b[^>]*>", html)
    assert all(re.fullmatch(r'<a href="[a-z-]+\.md(#[a-z-]+)?">', link) for link in links), links
    assert "<strong>" not in html
    assert html.count("<h1") == 1 and "<h2>Kop" not in html and "<h2># Kop ## tweede</h2>" in html
    assert "<th>[x](javascript:alert(x)) **vet** a|b</th>" in html
