"""A language being translated (``shipped: false``) is not published: the build leaves it out of
the site and of every page's language switcher, and previews it only through ``serve``."""

from __future__ import annotations

from pathlib import Path

from generator.i18n.catalogs import shipped_languages
from tests.test_check import edit, repository_copy
from tests.test_no_overwrite import run

LANGUAGES = "locales/languages.yaml"


def test_an_unshipped_language_is_left_out_of_the_site_and_its_switcher(tmp_path: Path) -> None:
    copy = repository_copy(tmp_path)
    edit(
        copy,
        LANGUAGES,
        "    golden: tests/golden/de.txt\n",
        "    golden: tests/golden/de.txt\n"
        "  - code: nl_BE\n    name: Vlaams\n    theme_language: nl\n    shipped: false\n",
    )
    init = run(copy, "catalog", "init", "nl_BE")
    assert init.returncode == 0, init.stderr
    # the translator's first words, with a mark that would show if it were published
    edit(
        copy,
        "locales/nl_BE/LC_MESSAGES/messages.po",
        'msgid "Points"\nmsgstr ""',
        'msgid "Points"\nmsgstr "Puntjes"',
    )
    site = tmp_path / "site"
    build = run(copy, "build", "--site", str(site))
    assert build.returncode == 0, build.stderr
    assert sorted(p.name for p in site.iterdir() if p.is_dir()) == sorted(
        language.code for language in shipped_languages()
    )
    pages = list(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "nl_BE" not in text and "Vlaams" not in text and "Puntjes" not in text, page
