"""Hostile and careless translations (``tests/data/hostile_translations.yaml``), each an edit of
one line of a shipped catalog: ``check`` refuses each harmful one at the msgstr's own line, and
says nothing of the harmless ones. In process, on a copy of the catalog: no build needed (the
build runs the same parts first, ``tests/test_check.py`` shows that for a few)."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.check import check_catalogs, check_safety
from generator.i18n.catalogs import ROOT, languages

CASES: list[dict[str, Any]] = yaml.safe_load(
    (ROOT / "tests" / "data" / "hostile_translations.yaml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_hostile_translation_is_refused_at_its_line(case: dict[str, Any], tmp_path: Path) -> None:
    language = next(lang for lang in languages() if lang.code == case["file"])
    copy = dataclasses.replace(language, locales=tmp_path / "locales")
    copy.po_file.parent.mkdir(parents=True)
    shutil.copy(language.po_file, copy.po_file)
    text = copy.po_file.read_text(encoding="utf-8")
    lines = text.split("\n")
    assert lines.count(case["old"]) >= 1, f"{case['old']!r} is not a line of {language.po_file}"
    line = lines.index(case["old"]) + 1
    lines[line - 1] = case["new"]
    copy.po_file.write_text("\n".join(lines), encoding="utf-8")

    found = [*check_catalogs([copy]), *check_safety([copy])]
    if case["refused"] is None:
        assert found == []
        return
    matching = [problem for problem in found if re.search(case["refused"], problem)]
    assert matching, "\n".join(found) or "check found nothing"
    assert all(f":{line}: " in problem for problem in matching), matching
    assert all(len(problem.split(": ", 1)[1]) < 400 for problem in found)  # clipped, one line
    assert all("\n" not in problem for problem in found)


def test_a_huge_translation_is_clipped_in_every_message(tmp_path: Path) -> None:
    """A 200,000-character msgstr with markup, a wrong placeholder and a stray digit: each
    problem is one short line, not the translation again."""
    language = next(lang for lang in languages() if lang.code == "nl")
    copy = dataclasses.replace(language, locales=tmp_path / "locales")
    copy.po_file.parent.mkdir(parents=True)
    huge = "<b>" + "Verdeling %(kode)s 7 " * 10_000
    text = language.po_file.read_text(encoding="utf-8").replace(
        'msgstr "Verdeling %(code)s is met geen van de vier regelvarianten te winnen."',
        f'msgstr "{huge}"',
    )
    copy.po_file.parent.joinpath("messages.po").write_text(text, encoding="utf-8")
    found = [*check_catalogs([copy]), *check_safety([copy])]
    assert len(found) >= 3, found
    assert all(len(problem.split(": ", 1)[1]) < 400 for problem in found), [len(p) for p in found]
