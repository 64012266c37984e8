"""Fuzzing the project's own input files (issue 46): mkdocs.yml, locales/languages.yaml, an
approved text, the seed errata and a language's word data, each damaged 300 ways per run
(seeded: a failure names its seed and case), as a careless edit, a broken disk or a hostile
pull request would leave it. Every damaged file is read by what reads it in the project; each
reading must end in the file's accepted value or in one line naming the file and a line
(:class:`~generator.patience.GolfError`), never another exception (the command line's "internal
error"). A damaged approved text must be reported (never "all good"); a hang is stopped by the
suite's time limit. ``GOLF_FUZZ_SEED`` replays a run or tries another."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.paths import ROOT
from generator.patience import GolfError

CASES = 300
SEED = int(os.environ.get("GOLF_FUZZ_SEED") or 20261206)
"""The run's seed: a fixed one, so that CI fails only on a change; GOLF_FUZZ_SEED=N tries others
(seeds 1 to 40 pass today)."""

NASTY = [
    b"\x00",
    b"\xff\xfe",
    b"\xc3",
    b"\x1b[31m",
    b"!!python/object/apply:os.system ['true']",
    b"!ENV HOME",
    b"&a [*a, *a]",
    b"*a",
    b"[" * 200,
    b"{" * 200,
    b"- " * 200,
    b": ",
    b"\t",
    b"'",
    b'"',
    b"%(",
    b"<script>",
    b"\r",
    "\u2028".encode(),
    b"a" * 5000,
    b"\n" * 50,
    b"---\n",
    b"...\n",
    b"? ",
    b"|",
    b">",
    b"#",
]


def damaged(data: bytes, rng: random.Random) -> bytes:
    """``data`` with one to three damages: cut, bytes inserted, a line dropped, doubled or
    moved, a character replaced."""
    for _ in range(rng.randint(1, 3)):
        lines = data.split(b"\n")
        kind = rng.randrange(6)
        if kind == 0 and data:
            data = data[: rng.randrange(len(data))]
        elif kind == 1:
            at = rng.randrange(len(data) + 1)
            data = data[:at] + rng.choice(NASTY) + data[at:]
        elif kind == 2 and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
            data = b"\n".join(lines)
        elif kind == 3 and lines:
            at = rng.randrange(len(lines))
            lines.insert(at, lines[at])
            data = b"\n".join(lines)
        elif kind == 4 and len(lines) > 1:
            line = lines.pop(rng.randrange(len(lines)))
            lines.insert(rng.randrange(len(lines) + 1), line)
            data = b"\n".join(lines)
        elif data:
            at = rng.randrange(len(data))
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    return data


ONE_LINE = re.compile(r"[^\n]*?[\w./-]+:\d+: [^\n]+")


def read_each(
    original: Path, tmp_path: Path, read: Callable[[Path], Any], name: str | None = None
) -> tuple[int, int]:
    """Damage ``original`` :data:`CASES` times, read each with ``read``; (refused, accepted)."""
    rng = random.Random(f"{SEED}:{original.name}")
    data = original.read_bytes()
    refused = accepted = 0
    for case in range(CASES):
        target = tmp_path / (name or original.name)
        target.write_bytes(damaged(data, rng))
        try:
            read(target)
        except GolfError as error:
            message = str(error)
            assert ONE_LINE.fullmatch(message), (SEED, case, message)
            refused += 1
        except Exception as error:  # the command line's "internal error"
            pytest.fail(f"seed {SEED}, case {case}: {type(error).__name__}: {error}")
        else:
            accepted += 1
    return refused, accepted


def test_mkdocs_yml_damaged(tmp_path: Path) -> None:
    from generator.site.build import check_config_paths
    from generator.site.config import check_config

    def read(path: Path) -> None:
        check_config(path)
        check_config_paths(path)

    refused, accepted = read_each(ROOT / "mkdocs.yml", tmp_path, read)
    assert refused > CASES // 2, (SEED, refused, accepted)


def test_languages_yaml_damaged(tmp_path: Path) -> None:
    from generator.i18n.catalogs import languages

    refused, accepted = read_each(ROOT / "locales" / "languages.yaml", tmp_path, languages)
    assert refused > CASES // 2, (SEED, refused, accepted)


def test_the_seed_errata_damaged(tmp_path: Path) -> None:
    from generator.pages.errata import read_errata

    refused, accepted = read_each(ROOT / "docs_src" / "seed_errata.yaml", tmp_path, read_errata)
    assert refused > CASES // 2, (SEED, refused, accepted)


def test_the_word_data_damaged(tmp_path: Path) -> None:
    from generator.i18n.wordrules import read_word_data

    english = read_word_data("en")
    refused, accepted = read_each(
        ROOT / "docs_src" / "words" / "nl.yaml",
        tmp_path,
        lambda path: read_word_data("nl", path, english),
    )
    assert refused > CASES // 2, (SEED, refused, accepted)


def test_an_approved_text_damaged_is_always_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every damage to the Dutch rules page's approved text that changes it is reported (its
    page differs, or the file cannot be read), one line each, never an exception."""
    from generator.i18n.catalogs import languages
    from generator.site import approval
    from generator.site.render import page_facts

    dutch = next(language for language in languages() if language.code == "nl")
    page = approval.approved_texts(dutch, page_facts())["rules"]
    original = ROOT / "docs_src" / "approved" / "nl" / "rules.txt"
    folder = tmp_path / "approved"
    (folder / "nl").mkdir(parents=True)
    monkeypatch.setattr(approval, "APPROVED", folder)
    rng = random.Random(f"{SEED}:approved")
    data = original.read_bytes()
    for case in range(CASES):
        broken = damaged(data, rng)
        (folder / "nl" / "rules.txt").write_bytes(broken)
        try:
            problems = list(approval.approved_problems(dutch, "rules", page))
        except Exception as error:
            pytest.fail(f"seed {SEED}, case {case}: {type(error).__name__}: {error}")
        assert all(ONE_LINE.fullmatch(p) for p in problems), (SEED, case, problems)
        if broken.rstrip(b"\n") != data.rstrip(b"\n"):
            assert problems, (SEED, case, "a damaged approved text passed")
