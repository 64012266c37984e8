"""Every relative link of the project's own documentation leads somewhere.

The README, CONTRIBUTING.md, TRANSLATING.md and the developer pages (``docs/dev/*.md``) link each
other and the source: each relative Markdown link (``[text](path)``, an image ``![alt](path)``)
must name a file or folder that exists, and an ``#anchor`` into a Markdown file must be one of
its headings as GitHub makes them anchors (lower case, punctuation dropped, spaces as hyphens, a
repeated heading ``-1``, ``-2``). Links inside code (fenced blocks, indented blocks, backticks)
are text, not links. The test is shown failing on a broken file and a broken anchor.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
DOCS = [
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / "TRANSLATING.md",
    *sorted((ROOT / "docs" / "dev").glob("*.md")),
]

LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
"""An inline link or image; group 1 its target."""
FENCE = re.compile(r"^\s*(```|~~~)")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` outside fenced and indented code blocks, each without its code
    spans, with its line number."""
    lines = []
    fenced = False
    previous_blank = True
    in_indented = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        blank = not line.strip()
        # an indented block starts after a blank line (a list item's continuation is not one
        # when it follows its item's text directly)
        if line.startswith("    ") and (previous_blank or in_indented) and not blank:
            in_indented = True
            previous_blank = False
            continue
        if not blank:
            in_indented = False
        previous_blank = blank
        lines.append((number, re.sub(r"(`+).*?\1", "", line)))
    return lines


def slug(heading: str, seen: dict[str, int]) -> str:
    """GitHub's anchor for a heading's text (``seen`` counts the anchors made so far)."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
    count = seen.get(text, 0)
    seen[text] = count + 1
    return text if count == 0 else f"{text}-{count}"


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (ATX headings outside code)."""
    seen: dict[str, int] = {}
    found = set()
    text = path.read_text(encoding="utf-8")
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading and not fenced:
            found.add(slug(heading.group(1), seen))
    return found


def link_problems(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line: what`` for each relative link of ``path`` that leads nowhere."""
    problems = []
    name = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                continue  # http:, https:, mailto:
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if file_part and not linked.exists():
                problems.append(f"{name}:{number}: {target}: no such file")
                continue
            if anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{name}:{number}: {target}: no heading makes #{anchor}")
    return problems


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(path: Path) -> None:
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    problems = link_problems(path)
    assert not problems, "\n".join(problems)


def test_the_developer_pages_are_all_in_their_index() -> None:
    index = (ROOT / "docs" / "dev" / "README.md").read_text(encoding="utf-8")
    listed = {m.group(1) for m in LINK.finditer(index)}
    pages = {p.name for p in (ROOT / "docs" / "dev").glob("*.md")} - {"README.md"}
    assert pages <= listed, f"not in docs/dev/README.md: {sorted(pages - listed)}"


def test_a_broken_file_or_anchor_is_found(tmp_path: Path) -> None:
    (tmp_path / "guide.md").write_text(
        "# Set-up\n\n## The C search (`_fastsolve.c`)\n\n## Set-up\n", encoding="utf-8"
    )
    (tmp_path / "src").mkdir()
    page = tmp_path / "README.md"
    page.write_text(
        "# Golf\n\n"
        "See [the guide](guide.md), [its search](guide.md#the-c-search-_fastsolvec), "
        "[the second set-up](guide.md#set-up-1), [here](#golf), [src](src/) and "
        "[the site](https://example.org/#x).\n\n"
        "```sh\n[not a link](nowhere.md)\n```\n\n"
        "    [indented code](nowhere.md)\n\n"
        "A `[code span](nowhere.md)` is text.\n",
        encoding="utf-8",
    )
    assert link_problems(page, tmp_path) == []

    page.write_text(
        "# Golf\n\n"
        "See [the guide](guid.md) and ![a picture](images/none.png).\n"
        "Then [its search](guide.md#the-c-search) and [here](#nowhere).\n",
        encoding="utf-8",
    )
    assert link_problems(page, tmp_path) == [
        "README.md:3: guid.md: no such file",
        "README.md:3: images/none.png: no such file",
        "README.md:4: guide.md#the-c-search: no heading makes #the-c-search",
        "README.md:4: #nowhere: no heading makes #nowhere",
    ]


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a whole heading line) up to the next heading."""
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    after = re.search(r"^#{1,6} ", text[start:], re.MULTILINE)
    return text[start : start + after.start()] if after else text[start:]


def test_the_readme_runs_the_tests_as_ci_does() -> None:
    """Each command of the README's "Run the tests" is one .ci/run runs (its words in their
    order in one of .ci/run's lines, which may add flags), and the test command is CI's."""
    import shlex

    readme = section((ROOT / "README.md").read_text(encoding="utf-8"), "### Run the tests")
    commands = [line.strip() for line in readme.splitlines() if line.startswith("    ")]
    assert commands and commands[-1] == "python3 -m pytest", commands
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    ci = [
        shlex.split(line, comments=True)
        for line in script.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]

    def runs(command: list[str], line: list[str]) -> bool:
        rest = iter(line)
        return all(word in rest for word in command)

    for command in commands:
        assert any(runs(shlex.split(command), line) for line in ci), (
            f"README's {command!r} is not a command of .ci/run"
        )
    assert ["python3", "-m", "pytest"] in ci, ".ci/run no longer runs 'python3 -m pytest'"
