"""A translator adds a language from nothing and publishes it, by TRANSLATING.md's steps.

The commands are read from TRANSLATING.md's "Adding a language" section and run in its order on a
copy of the repository; the steps between them (listing the language, its word data, the
translator's strings, ``shipped: true``) are done as the section says. The language is Canadian
French (``tests/data/new_language.yaml``), started from the French catalog: three plural forms,
French typography. A step the section drops, reorders or words otherwise fails here.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import yaml
from babel.messages.pofile import read_po, write_po

from generator.cache import DIR_VARIABLE
from tests.test_check import repository_copy

ROOT = Path(__file__).parents[1]
DATA = yaml.safe_load((Path(__file__).parent / "data" / "new_language.yaml").read_text("utf-8"))
SECTION = "## Adding a language"
STEPS = [
    "catalog init",
    "catalog update",
    "serve --lang",
    "build --preview",
    "check --only",
    "catalog glossary",
    "approve --page",
    "approve --lang",
    "check",
    "build",
]
"""The commands the section must give, in this order (each the start of one)."""


def documented_commands() -> list[list[str]]:
    """The ``python -m generator`` commands of the section, in order, their placeholders
    filled with the new language's codes."""
    text = (ROOT / "TRANSLATING.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION) :]
    section = section[: section.find("\n## ", len(SECTION))] if "\n## " in section[3:] else section
    commands = []
    for line in section.splitlines():
        found = re.fullmatch(r"\s{4,}python -m generator (.+)", line)
        if found:
            filled = (
                found.group(1).replace("<code>", DATA["code"]).replace("<other>", DATA["other"])
            )
            commands.append(shlex.split(filled))
    return commands


def environment(copy: Path) -> dict[str, str]:
    """A bare shell's environment (no ``$HOME``), with the suite's cache (tests/conftest.py):
    the page's module compiled once for the run, not again in the copy."""
    return {
        "PYTHONPATH": str(copy),
        "PATH": "/usr/bin:/bin",
        DIR_VARIABLE: os.environ[DIR_VARIABLE],
    }


def run(copy: Path, args: list[str], timeout: int = 600) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=copy,
        env=environment(copy),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout}{done.stderr}"
    return done


def served_page(copy: Path, args: list[str], shown: str) -> str:
    """``serve`` started as the section says (on a free port), its home page once it shows
    ``shown``; the server stopped. No clock: the server is asked until it shows the page or
    stops (a loaded machine's first build takes minutes; the suite's time limit bounds it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = copy.parent / "serve.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "generator", *args, "--addr", f"127.0.0.1:{port}"],
            cwd=copy,
            env=environment(copy),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        page = ""
        while server.poll() is None and shown not in page:
            time.sleep(1)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
                    page = answer.read().decode("utf-8")
            except OSError:
                continue
        assert shown in page, log.read_text(encoding="utf-8", errors="replace")
        return page
    finally:
        server.terminate()
        server.wait(timeout=30)


def translate(po_file: Path) -> None:
    """The translator's work: the strings of the test's data, every other one confirmed (its
    fuzzy mark taken off, as Poedit's 'Needs work' unticked does)."""
    with po_file.open("rb") as handle:
        catalog = read_po(handle, locale=DATA["code"])
    for entry in DATA["translations"]:
        message = catalog.get(entry["msgid"])
        assert message is not None, entry["msgid"]
        message.string = entry["msgstr"]
    for message in catalog:
        message.flags.discard("fuzzy")
    with po_file.open("wb") as handle:  # Babel's layout, not the project's: as a tool saves it
        write_po(handle, catalog, width=76)


def test_a_language_is_added_from_nothing_and_published(tmp_path: Path) -> None:
    commands = documented_commands()
    said = [" ".join(command) for command in commands]
    assert len(said) == len(STEPS), said
    assert all(line.startswith(step) for line, step in zip(said, STEPS, strict=True)), said
    code, shown = DATA["code"], DATA["translations"][0]["shown"]
    copy = repository_copy(tmp_path)
    (copy / "site").mkdir(exist_ok=True)
    shutil.rmtree(copy / "site")
    # 1. listed, not shipped
    languages_file = copy / "locales" / "languages.yaml"
    languages_file.write_text(
        languages_file.read_text(encoding="utf-8") + DATA["entry"], encoding="utf-8"
    )
    # 2. its catalog, from French
    run(copy, commands[0])
    po_file = copy / "locales" / code / "LC_MESSAGES" / "messages.po"
    assert "#, fuzzy" in po_file.read_text(encoding="utf-8")
    # 3. its fact words, from the closest language's
    words = copy / "docs_src" / "words"
    shutil.copy(words / f"{DATA['other']}.yaml", words / f"{code}.yaml")
    # 4. translated, saved by a tool, put back in the project's layout, previewed and checked
    translate(po_file)
    run(copy, commands[1])
    assert shown in served_page(copy, commands[2], shown)
    run(copy, commands[3])
    preview = (copy / "site" / code / "index.html").read_text(encoding="utf-8")
    assert shown in preview and 'lang="fr' in preview
    run(copy, commands[4])
    glossary = run(copy, commands[5]).stdout
    assert "<martif" in glossary and "Annuler" in glossary
    # 5. published
    languages_file.write_text(
        languages_file.read_text(encoding="utf-8").replace(
            DATA["entry"], DATA["entry"].replace("shipped: false", "shipped: true")
        ),
        encoding="utf-8",
    )
    run(copy, commands[6])
    run(copy, commands[7])
    assert (copy / "docs_src" / "approved" / code / "index.txt").is_file()
    assert "all good" in run(copy, commands[8]).stdout
    run(copy, commands[9], timeout=900)
    home = (copy / "site" / code / "index.html").read_text(encoding="utf-8")
    assert shown in home
    english = (copy / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert DATA["name"] in english  # the switcher of every language offers it
