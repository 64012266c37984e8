"""Zensical's search dialog in the page's language (generator/site/zensical_search.py): its
script's English words replaced at the places Zensical 0.0.73 writes them, a translation written
as a string (never code), and a script that says them otherwise refused before anything is
written. The script is the installed Zensical's own (the ``zensical`` extra, which CI installs)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from importlib.util import find_spec
from pathlib import Path

import pytest

from generator.i18n.catalogs import languages, translations
from generator.site.zensical_search import (
    COUNT_PLACE,
    PLACES,
    WORDS,
    SearchWordsError,
    search_words,
    translate_bundle,
)


def zensical_bundle() -> Path:
    spec = find_spec("zensical")
    assert spec is not None and spec.origin, "Zensical is not installed: pip install '.[zensical]'"
    folder = Path(spec.origin).parent / "templates" / "assets" / "javascripts"
    [bundle] = folder.glob("bundle.*.min.js")
    return bundle


def site_with_bundle(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "assets" / "javascripts").mkdir(parents=True)
    bundle = zensical_bundle()
    shutil.copy(bundle, site / "assets" / "javascripts" / bundle.name)
    return site


def script_of(site: Path) -> Path:
    [script] = (site / "assets" / "javascripts").glob("bundle.*.min.js")
    return script


def dutch() -> dict[str, str]:
    language = next(lang for lang in languages() if lang.code == "nl")
    return search_words(translations(language), "nl")


def test_every_english_word_of_the_dialog_is_replaced(tmp_path: Path) -> None:
    site = site_with_bundle(tmp_path)
    words = dutch()
    translate_bundle(site, words)
    text = script_of(site).read_text(encoding="utf-8")
    for key, before, after, _times in PLACES:
        english = WORDS[key][1]
        assert f'{before}"{english}"{after}' not in text or words[key] == english, key
        assert before + json.dumps(words[key]) + after in text, key  # a JavaScript string
    assert COUNT_PLACE not in text
    assert '"%(count)s resultaten"' in text and 'Intl.NumberFormat("nl")' in text


HOSTILE = '"};alert(1);//\\ </script>\u2028é'
"""A translation that would end the string, and the script, if written as it stands."""


def test_a_translation_is_written_as_a_string_never_as_code(tmp_path: Path) -> None:
    site = site_with_bundle(tmp_path)
    words = {key: HOSTILE for key in WORDS} | {"locale": "nl", "count_forms": {"one": HOSTILE}}
    translate_bundle(site, words)
    script = script_of(site)
    assert "alert(1);//" in script.read_text(encoding="utf-8")
    node = shutil.which("node")
    assert node, "Node is not on PATH (the README's set-up installs it with the browser tools)"
    checked = subprocess.run(
        [node, "--check", str(script)], capture_output=True, text=True, timeout=120
    )
    assert checked.returncode == 0, checked.stderr
    # the translation's quote stays inside the string: escaped wherever it is written
    assert not re.search(r'(?<!\\)"\};alert', script.read_text(encoding="utf-8"))


def test_a_script_that_says_a_word_otherwise_is_refused_and_left_whole(tmp_path: Path) -> None:
    site = site_with_bundle(tmp_path)
    script = script_of(site)
    before = script.read_text(encoding="utf-8").replace('a="No results"', 'a="Nothing found"')
    script.write_text(before, encoding="utf-8")
    with pytest.raises(SearchWordsError) as raised:
        translate_bundle(site, dutch())
    assert str(raised.value).startswith(
        f"{script.name}: Zensical's search dialog says 'a=\"No results\")' 0 times"
    )
    assert "\n" not in str(raised.value)
    assert script.read_text(encoding="utf-8") == before


class Polish:
    """A Polish catalog's count: three forms, GNU's rule for Polish (CLDR's one, few, many)."""

    def pgettext(self, context: str, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if n == 1:
            return "%(count)s wynik"
        few = n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)
        return "%(count)s wyniki" if few else "%(count)s wyników"


def counted_in_node(script: Path, counts: list[int]) -> list[str]:
    """What the translated script's count of results says for each of ``counts``, evaluated by
    Node (whose ``Intl`` has CLDR's plural rules, as the browser's has)."""
    text = script.read_text(encoding="utf-8")
    start = text.rindex("({", 0, text.index("Intl.PluralRules"))
    end = text.index(".format(i))", start) + len(".format(i))")
    program = f"for (const i of {json.dumps(counts)}) console.log({text[start:end]});"
    node = shutil.which("node")
    assert node, "Node is not on PATH (the README's set-up installs it with the browser tools)"
    done = subprocess.run(
        [node, "-e", program], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.splitlines()


def test_a_language_with_three_plural_forms_counts_its_results_in_each(tmp_path: Path) -> None:
    site = site_with_bundle(tmp_path)
    translate_bundle(site, search_words(Polish(), "pl"))
    said = counted_in_node(script_of(site), [1, 2, 5, 12, 22, 25, 1000])
    assert said == [
        "1 wynik",
        "2 wyniki",
        "5 wyników",
        "12 wyników",
        "22 wyniki",
        "25 wyników",
        "1000 wyników",
    ]


def test_the_dutch_count_reads_as_before(tmp_path: Path) -> None:
    site = site_with_bundle(tmp_path)
    translate_bundle(site, dutch())
    assert counted_in_node(script_of(site), [1, 2, 1000]) == [
        "1 resultaat",
        "2 resultaten",
        "1.000 resultaten",
    ]


def test_a_catalog_whose_rule_is_no_cldr_rule_is_refused_by_zensical_alone(
    tmp_path: Path,
) -> None:
    class SingularFor21(Polish):  # 21 takes the singular: no CLDR rule of Polish says so
        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return (
                "%(count)s wynik"
                if n % 10 == 1 and n != 11
                else super().ngettext(singular, plural, n)
            )

    words = search_words(SingularFor21(), "pl")  # MkDocs builds with these words
    site = site_with_bundle(tmp_path)
    script = script_of(site)
    before = script.read_text(encoding="utf-8")
    with pytest.raises(SearchWordsError, match="two forms for CLDR's plural category 'many'"):
        translate_bundle(site, words)
    assert script.read_text(encoding="utf-8") == before
