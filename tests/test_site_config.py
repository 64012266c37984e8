"""mkdocs.yml is read by an allow-list (issue 46, point 1): tests/data/hostile_mkdocs.yaml's
changes, each loading, linking, scripting or requesting something, are refused at their line
before MkDocs sees the file; the copyright line reaches the page as text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.paths import ROOT
from generator.patience import GolfError
from generator.site.build import check_config_paths
from generator.site.config import check_config

CASES = yaml.safe_load(
    (Path(__file__).parent / "data" / "hostile_mkdocs.yaml").read_text(encoding="utf-8")
)
MKDOCS = ROOT / "mkdocs.yml"


def test_the_projects_configuration_is_accepted() -> None:
    check_config(MKDOCS)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_hostile_configuration_is_refused_at_its_line(tmp_path: Path, case: dict) -> None:
    text = MKDOCS.read_text(encoding="utf-8")
    if "append" in case:
        changed = text + case["append"]
        first = changed[: len(text)].count("\n") + 1
    else:
        old, new = case["replace"]
        assert text.count(old) >= 1, old
        changed = text.replace(old, new, 1)
        first = text[: text.index(old)].count("\n") + 1
    config = tmp_path / "mkdocs.yml"
    config.write_text(changed, encoding="utf-8")
    with pytest.raises(GolfError) as refused:
        check_config(config)
        check_config_paths(config)
    message = str(refused.value)
    place = re.match(r".*mkdocs\.yml:(\d+): ", message)
    assert place, message
    changed_lines = range(
        first, first + max(1, len(changed.splitlines()) - len(text.splitlines())) + 6
    )
    assert int(place.group(1)) in changed_lines, message
    assert re.search(case["why"], message), message


def test_the_copyright_line_reaches_the_page_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Material writes ``copyright`` into every page's footer as it is: the configuration each
    language is built with holds it escaped."""
    from generator.i18n.catalogs import languages, source_language
    from generator.site import build

    config = tmp_path / "mkdocs.yml"
    config.write_text(
        MKDOCS.read_text(encoding="utf-8") + 'copyright: "<script>alert(1)</script> & Co"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(build, "MKDOCS_YML", config)
    every = languages()
    english = next(lang for lang in every if lang.code == source_language())
    made = build.language_config(english, every, tmp_path / "docs", tmp_path / "site")
    assert made["copyright"] == "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"
