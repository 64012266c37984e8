"""CONTRIBUTING.md's recipes, rehearsed on a copy of the project, from the recipe's own text.

Each recipe is read from its section of CONTRIBUTING.md and done in the order it is written on a
copy of the repository (its tracked files, the built C search and the build cache, as
``tests/test_check.repository_copy`` makes it, put under git so that ``git diff`` reads it):

- a ``diff`` block is applied to the file it names (each hunk's old lines must stand in the file
  exactly once; ``--- /dev/null`` makes a new file);
- a ``po`` block's entries are written into the Dutch catalog as a translator writes them (the
  translation set, the ``#, fuzzy`` and ``#|`` lines taken out); the test does the same for the
  other published languages, which the recipe says in words;
- each ``$`` line of a ``console`` block is run in bash (``python`` is this interpreter), and
  every output line the block shows after it must be among the command's output lines (``…``
  stands for any text). A command must succeed, unless its block shows ``check``'s
  ``N problem(s)`` line, when it must fail.

The steps must come in the order each test names: a recipe that drops, reorders or words a step
otherwise fails here, as does one whose diff no longer applies or whose command says something
else. The recipes choose cheap examples (one page, a variant's census of 10,000 deals) so that
the four rehearsals take about a minute and a half together.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tests.test_check import repository_copy

ROOT = Path(__file__).parents[1]
GUIDE = ROOT / "CONTRIBUTING.md"
KINDS = ("diff", "po", "console")
ELLIPSIS = "…"


@dataclass
class Block:
    """A fenced block of a recipe: its kind (``diff``, ``po``, ``console``), its text without the
    list item's indentation, and the line of CONTRIBUTING.md it starts on."""

    kind: str
    text: str
    line: int


def recipe(title: str, text: str | None = None) -> list[Block]:
    """The ``diff``, ``po`` and ``console`` blocks of the recipe ``### title``, in order."""
    text = GUIDE.read_text(encoding="utf-8") if text is None else text
    lines = text.splitlines()
    start = lines.index(f"### {title}")
    end = next(
        (n for n in range(start + 1, len(lines)) if re.match(r"#{2,3} ", lines[n])), len(lines)
    )
    blocks = []
    n = start + 1
    while n < end:
        opening = re.fullmatch(r"(\s*)```(\w+)\s*", lines[n])
        if not opening:
            n += 1
            continue
        indent, kind = opening.groups()
        close = next(m for m in range(n + 1, end) if lines[m].strip() == "```")
        body = [
            line[len(indent) :] if line.startswith(indent) else "" for line in lines[n + 1 : close]
        ]
        if kind in KINDS:
            blocks.append(Block(kind, "\n".join(body), n + 1))
        n = close + 1
    return blocks


# -- the three kinds of step ----------------------------------------------------------------


def apply_diff(copy: Path, block: Block) -> str:
    """Apply a ``diff`` block to its file in ``copy``; the file's name."""
    lines = block.text.splitlines()
    old_name = next(line[4:] for line in lines if line.startswith("--- "))
    name = next(line[4:] for line in lines if line.startswith("+++ ")).removeprefix("b/")
    body = lines[next(n for n, line in enumerate(lines) if line.startswith("+++ ")) + 1 :]
    hunks: list[list[str]] = []
    for line in body:
        if line.startswith("@@"):
            hunks.append([])
        else:
            assert hunks, f"CONTRIBUTING.md:{block.line}: a diff line before its first @@"
            hunks[-1].append(line)
    path = copy / name
    if old_name == "/dev/null":
        assert not path.exists(), f"CONTRIBUTING.md:{block.line}: {name} exists already"
        added = [line[1:] for hunk in hunks for line in hunk]
        path.write_text("\n".join(added) + "\n", encoding="utf-8")
        return name
    text = path.read_text(encoding="utf-8")
    for hunk in hunks:
        old = "\n".join(line[1:] for line in hunk if line[:1] in (" ", "-", ""))
        new = "\n".join(line[1:] for line in hunk if line[:1] in (" ", "+", ""))
        count = text.count(old)
        assert count == 1, (
            f"CONTRIBUTING.md:{block.line}: the diff's old lines stand {count} times in {name}, "
            f"not once:\n{old}"
        )
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return name


def po_string(lines: list[str]) -> str:
    """The string of a PO keyword's lines (``msgid "a" "b"`` is ``ab``)."""
    return "".join(ast.literal_eval(re.search(r'".*"', line).group()) for line in lines)  # type: ignore[union-attr]


def po_entries(text: str) -> list[tuple[str, str]]:
    """The (msgid, msgstr) of each entry of a PO text."""
    entries = []
    for chunk in text.strip().split("\n\n"):
        lines = [line for line in chunk.splitlines() if not line.startswith("#")]
        at = next(n for n, line in enumerate(lines) if line.startswith("msgstr"))
        entries.append((po_string(lines[:at]), po_string(lines[at:])))
    return entries


def translate(catalog: Path, msgid: str, msgstr: str | None = None) -> None:
    """What a translator does to one entry of ``catalog`` in an editor: its translation
    set to ``msgstr`` (``None``: kept, confirmed as it is), its fuzzy mark and ``#|`` lines
    taken out."""
    chunks = catalog.read_text(encoding="utf-8").split("\n\n")
    found = [
        n
        for n, chunk in enumerate(chunks)
        if not chunk.lstrip().startswith("#~")
        and "msgstr" in chunk
        and po_entries(chunk)[0][0] == msgid
    ]
    assert len(found) == 1, f"{catalog}: {len(found)} entries for {msgid!r}"
    lines = []
    for line in chunks[found[0]].splitlines():
        if line.startswith("#|"):
            continue
        if line.startswith("#,"):
            flags = [f.strip() for f in line[2:].split(",") if f.strip() != "fuzzy"]
            if not flags:
                continue
            line = "#, " + ", ".join(flags)
        lines.append(line)
    at = next(n for n, line in enumerate(lines) if line.startswith("msgstr"))
    if msgstr is not None and po_string(lines[at:]) != msgstr:
        written = 'msgstr "' + msgstr.replace("\\", "\\\\").replace('"', '\\"') + '"'
        assert len(written) <= 79, f"a translation of one line only: {written!r}"
        lines[at:] = [written]
    chunk = chunks[found[0]]
    chunks[found[0]] = "\n".join(lines) + chunk[len(chunk.rstrip("\n")) :]
    catalog.write_text("\n\n".join(chunks), encoding="utf-8")


def console_steps(block: Block) -> list[tuple[str, list[str]]]:
    """Each ``$`` command of a console block with the output lines shown after it."""
    steps: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            assert steps, f"CONTRIBUTING.md:{block.line}: output before the first command"
            steps[-1][1].append(line)
    return steps


def shown_in(expected: str, output: list[str]) -> bool:
    """Whether a line the recipe shows is one of the output lines (``…``: any text)."""
    pattern = ".*".join(re.escape(part) for part in expected.strip().split(ELLIPSIS))
    return any(re.fullmatch(pattern, line.strip()) for line in output)


class Project:
    """The copy of the project a recipe is done on, and how its commands are run."""

    def __init__(self, tmp_path: Path) -> None:
        self.copy = repository_copy(tmp_path)
        assert self.copy.resolve() != ROOT.resolve()
        self.bin = tmp_path / "bin"
        self.bin.mkdir()
        python = self.bin / "python"
        python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
        python.chmod(0o755)
        self.env = {
            "PATH": f"{self.bin}:/usr/bin:/bin",
            "PYTHONPATH": str(self.copy),
            "PYTHONUTF8": "1",
            "HOME": str(tmp_path),
            "GIT_AUTHOR_NAME": "recipe",
            "GIT_AUTHOR_EMAIL": "recipe@example.org",
            "GIT_COMMITTER_NAME": "recipe",
            "GIT_COMMITTER_EMAIL": "recipe@example.org",
        }
        for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the project"]):
            subprocess.run(["git", *command], cwd=self.copy, env=self.env, check=True)

    def run(self, command: str) -> tuple[int, list[str]]:
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=self.copy,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=600,
        )
        return done.returncode, done.stdout.splitlines()

    def rehearse(self, blocks: list[Block], on_po: PoStep) -> list[str]:
        """Do the recipe's steps in order; each step's name (``diff FILE``, ``po``, ``$ command``)."""
        done = []
        for block in blocks:
            if block.kind == "diff":
                done.append(f"diff {apply_diff(self.copy, block)}")
            elif block.kind == "po":
                on_po(self, po_entries(block.text))
                done.append("po")
            else:
                for command, expected in console_steps(block):
                    status, output = self.run(command)
                    fails = any(
                        re.match(r"check: (?:\d+|…) problem\(s\)", line) for line in expected
                    )
                    said = "\n".join([text for text in output if "backed by" not in text][-40:])
                    assert (status != 0) == fails, (
                        f"CONTRIBUTING.md:{block.line}: {command!r} exited {status}:\n{said}"
                    )
                    for line in expected:
                        if line.strip() and line.strip() != ELLIPSIS:
                            assert shown_in(line, output), (
                                f"CONTRIBUTING.md:{block.line}: {command!r} did not say "
                                f"{line.strip()!r}; it said:\n{said}"
                            )
                    done.append(f"$ {command}")
        return done

    def translated_languages(self) -> list[str]:
        """The published languages that have a catalog (all but the source language)."""
        listed = yaml.safe_load((self.copy / "locales" / "languages.yaml").read_text("utf-8"))
        return [
            lang["code"]
            for lang in listed["languages"]
            if lang["shipped"] and lang["code"] != listed["source"]
        ]

    def catalog(self, code: str) -> Path:
        return self.copy / "locales" / code / "LC_MESSAGES" / "messages.po"


class PoStep:
    """What a ``po`` block stands for: its entries written into the Dutch catalog, and the
    other published languages' own (``others``: language -> msgid -> translation; a language
    not given keeps its translations, confirmed)."""

    def __init__(self, others: dict[str, dict[str, str]] | None = None) -> None:
        self.others = others or {}

    def __call__(self, project: Project, entries: list[tuple[str, str]]) -> None:
        for code in project.translated_languages():
            for msgid, msgstr in entries:
                if code == "nl":
                    translate(project.catalog(code), msgid, msgstr)
                elif self.others:
                    assert code in self.others, f"no {code} translation of {msgid!r} in the test"
                    translate(project.catalog(code), msgid, self.others[code][msgid])
                else:
                    translate(project.catalog(code), msgid)


# -- the recipes ----------------------------------------------------------------------------


def test_change_an_english_sentence(tmp_path: Path) -> None:
    project = Project(tmp_path)
    steps = project.rehearse(recipe("Change an English sentence"), PoStep())
    assert steps == [
        "diff docs_src/templates/index.md.j2",
        "$ python -m generator check --only examples",
        "diff generator/pages/patience_claims/moves.py",
        "$ python -m generator check --only examples",
        "diff docs_src/unframed_clauses.yaml",
        "$ python -m generator check --only examples",
        "$ python -m generator catalog update",
        "$ python -m generator check --only catalogs",
        "$ python -m generator approve --lang en --page index",
        "$ git diff --stat docs_src/approved",
        "po",
        "$ python -m generator build",
    ]
    site = project.copy / "site"
    assert "Golf is a patience for one player: you clear the tableau" in (
        site / "en" / "index.html"
    ).read_text(encoding="utf-8")
    # the confirmed translation is on the Dutch page, not the English as a fallback
    assert "maak het tableau leeg" in (site / "nl" / "index.html").read_text(encoding="utf-8")


ABOUT = {
    "de": {
        "About this help": "Über diese Hilfe",
        "This help is generated from the code of the games.": (
            "Diese Hilfe entsteht aus dem Code der Spiele."
        ),
    },
    "fr": {
        "About this help": "À propos de cette aide",
        "This help is generated from the code of the games.": (
            "Cette aide est produite à partir du code des jeux."
        ),
    },
}
"""The new page's strings in the published languages the recipe leaves to the translators."""


def test_add_a_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = Project(tmp_path)
    steps = project.rehearse(recipe("Add a page"), PoStep(ABOUT))
    assert steps == [
        "diff docs_src/templates/about.md.j2",
        "diff docs_src/topics.yaml",
        "diff generator/site/render.py",
        "diff generator/site/build.py",
        "$ python -m generator catalog update",
        "$ python -m generator check --only catalogs",
        "po",
        "$ python -m generator check --only catalogs",
        "$ python -m generator approve --page about",
        "diff tests/data/page_weights.yaml",
        "$ python -m generator build",
    ]
    site = project.copy / "site"
    titles = {"en": "About this help", "nl": "Over deze hulp"}
    titles.update({code: strings["About this help"] for code, strings in ABOUT.items()})
    for code in ["en", *project.translated_languages()]:
        page = (site / code / "about" / "index.html").read_text(encoding="utf-8")
        assert f">{titles[code]}</h1>" in page, code
        home = (site / code / "index.html").read_text(encoding="utf-8")
        assert 'href="about/"' in home, f"the {code} navigation has no link to the page"
    from tests import test_site

    monkeypatch.setattr(test_site, "WEIGHTS", project.copy / "tests" / "data" / "page_weights.yaml")
    assert test_site.weight_problems(site) == []


def test_add_a_rule_variant(tmp_path: Path) -> None:
    project = Project(tmp_path)
    steps = project.rehearse(recipe("Add a rule variant"), PoStep())
    assert steps == [
        "diff generator/patience/rules.py",
        "diff generator/cli/common.py",
        "$ python -m generator deal GO1-C-AAAAAAE | python -m generator solve",
        "$ python -m generator deal GO1-C-AAAAAAE --variant same-rank "
        "| python -m generator solve --variant same-rank",
        "$ python -m pytest -p no:cacheprovider -n 0 -q tests/patience/test_variants.py",
    ]


def test_renew_the_census(tmp_path: Path) -> None:
    project = Project(tmp_path)
    steps = project.rehearse(recipe("Renew the census"), PoStep())
    folder = "generator/data/census/strict+jokers=1"
    assert steps == [
        f"$ grep '^command:' {folder}/manifest.txt",
        f"$ rm {folder}/*",
        "$ python -m generator census --from 1 --to 10000 --rules strict --variant jokers=1 "
        "--update-data",
        "$ git status --short generator/data/census",
        "$ python -m generator census-verify --rules strict+jokers=1",
    ]
    made = sorted(p.name for p in (project.copy / folder).iterdir())
    assert made == sorted(p.name for p in (ROOT / folder).iterdir())
    for name in made:
        if name != "manifest.txt":
            assert (project.copy / folder / name).read_bytes() == (
                ROOT / folder / name
            ).read_bytes()


STUCK_REASON = {
    "de": "Die App rechnet pro liegengebliebener Karte weniger Strafpunkte.",
    "fr": "L’application retire moins de points par carte restée.",
}
"""The erratum's reason in the published languages the recipe leaves to the translators."""


def test_change_a_rule_value(tmp_path: Path) -> None:
    """A stuck game at 5 points a card: the engine's value, the C search compiled again, the
    errata drafted, the reason translated, the pages approved; check then passes, and the
    copy's C search, pages and figures say 5."""
    project = Project(tmp_path)
    blocks = recipe("Change a rule's value")
    reason = next(po_entries(block.text)[0][0] for block in blocks if block.kind == "po")
    steps = project.rehearse(
        blocks, PoStep({code: {reason: text} for code, text in STUCK_REASON.items()})
    )
    assert steps == [
        "diff generator/patience/rules.py",
        "$ python -m generator check --only examples",
        "$ python -m generator compile",
        "$ python -m generator check --only pages",
        # (po_entries gives the message's context before its msgid)
        "$ python -m generator errata draft --claim score --reason "
        f'"{reason.removeprefix("seed erratum")}" --write',
        "$ python -m generator catalog update",
        "po",
        "$ python -m generator approve --page rules,statistics,messages",
        "$ python -m generator approve",
        "$ python -m generator check --only examples,values,pages,catalogs,safety",
    ]
    status, said = project.run(
        "python -c 'from generator.patience import _fastsolve; print(_fastsolve.rule_values())'"
    )
    assert status == 0 and "-5" in said[-1].split(", ")[2], said
    rules = (project.copy / "docs_src" / "approved" / "nl" / "rules.txt").read_text("utf-8")
    assert "| De partij loopt vast: per kaart die op het tableau overblijft | −5 |" in rules
    changed = project.run("git status --short")[1]
    touched = sorted({line[3:].split("/")[0] if "/" in line[3:] else line[3:] for line in changed})
    assert touched == ["docs_src", "generator", "locales"], changed
    assert not [
        line
        for line in changed
        if line[3:].startswith("generator/") and not line[3:].startswith("generator/patience/")
    ], changed


def test_the_pointers_are_there() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert '[TRANSLATING.md, "Adding a language"](TRANSLATING.md#adding-a-language)' in text


# -- the rehearsal itself, shown failing ------------------------------------------------------


def test_a_diff_that_no_longer_applies_stops_the_recipe(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\ny = 2\n", encoding="utf-8")
    good = Block("diff", "--- a/a.py\n+++ b/a.py\n@@ @@\n x = 1\n-y = 2\n+y = 3", 1)
    assert apply_diff(tmp_path, good) == "a.py"
    assert (tmp_path / "a.py").read_text(encoding="utf-8") == "x = 1\ny = 3\n"
    with pytest.raises(AssertionError, match=r"stand 0 times in a\.py"):
        apply_diff(tmp_path, good)


def test_a_recipe_is_read_from_its_own_section() -> None:
    text = (
        "## Recipes\n\n### One\n\n1. Run:\n\n   ```console\n   $ echo hi\n   hi\n   ```\n\n"
        "   ```diff\n   --- a/x\n   +++ b/x\n   @@ @@\n   -a\n   +b\n   ```\n\n"
        "### Two\n\n```console\n$ true\n```\n"
    )
    blocks = recipe("One", text)
    assert [(b.kind, b.line) for b in blocks] == [("console", 7), ("diff", 12)]
    assert console_steps(blocks[0]) == [("echo hi", ["hi"])]
    assert blocks[1].text.splitlines()[-1] == "+b"


def test_output_lines_and_translations_are_read_as_the_recipe_means(tmp_path: Path) -> None:
    assert shown_in("check: all good: examples (…)", ["x", "check: all good: examples (1.2 s)"])
    assert not shown_in("check: all good: examples (…)", ["check: 1 problem(s) in examples (1 s)"])
    catalog = tmp_path / "messages.po"
    catalog.write_text(
        'msgid ""\nmsgstr ""\n"Language: nl\\n"\n\n'
        '#: t.md.j2\n#, fuzzy, python-format\n#| msgid "Old"\nmsgid "New"\nmsgstr "Oud"\n',
        encoding="utf-8",
    )
    translate(catalog, "New", "Nieuw")
    assert catalog.read_text(encoding="utf-8").endswith(
        '#: t.md.j2\n#, python-format\nmsgid "New"\nmsgstr "Nieuw"\n'
    )
