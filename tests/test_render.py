"""Templates and catalogs: rendering, escaping, errors that say where."""

import gettext
import shutil
from pathlib import Path

import jinja2
import pytest

import generator.pages.patience
from generator.i18n.catalogs import CatalogError, Language, shipped_languages, translations
from generator.patience import Game, Rules, Scoring
from generator.site.render import TemplateError, environment, page_facts, render, render_language


class FakeTranslations(gettext.NullTranslations):
    """A small translations object, as Jinja's own i18n tests use."""

    def __init__(self, table: dict[str, str]) -> None:
        super().__init__()
        self.table = table

    def gettext(self, message: str) -> str:
        return self.table.get(message, message)


def test_trans_block_gets_values_and_translation() -> None:
    env = environment(
        jinja2.DictLoader({"t.md.j2": "{% trans n=count %}{{ n }} cards{% endtrans %}"})
    )
    out = render("t.md.j2", FakeTranslations({"%(n)s cards": "%(n)s kaarten"}), {"count": 16}, env)
    assert out == "16 kaarten"


def test_a_translation_cannot_put_markup_into_a_page() -> None:
    env = environment(jinja2.DictLoader({"t.md.j2": "{% trans %}Points{% endtrans %} {{ card }}"}))
    evil = FakeTranslations({"Points": '<script>alert(1)</script><img src=x onerror="y">'})
    out = render("t.md.j2", evil, {"card": "<b>"}, env)
    assert "<script>" not in out and "<img" not in out and "<b>" not in out
    assert "&lt;script&gt;" in out


def test_template_error_names_file_and_line() -> None:
    env = environment(jinja2.DictLoader({"t.md.j2": "line one\n{{ no_such_value }}\n"}))
    with pytest.raises(TemplateError, match=r"t.md.j2:2: UndefinedError"):
        render("t.md.j2", FakeTranslations({}), {}, env)
    env = environment(jinja2.DictLoader({"t.md.j2": "ok\n{% trans %}unclosed\n"}))
    with pytest.raises(TemplateError, match=r"t.md.j2:\d+: TemplateSyntaxError"):
        render("t.md.j2", FakeTranslations({}), {}, env)


def copy_language(tmp_path: Path, code: str) -> Language:
    language = next(lang for lang in shipped_languages() if lang.code == code)
    target = tmp_path / code / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(language.po_file, target / "messages.po")
    return Language(
        language.code, language.name, language.theme_language, language.shipped, tmp_path
    )


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('msgstr "Kolom %(number)s:', 'msgstr "Kolom %(nummer)s:', "unknown %(nummer)"),
        ("(vrij: %(free)s)", "(vrij)", "missing %(free)s"),
        (
            'msgstr[1] "Trekstapel: %(count)s kaarten;',
            'msgstr[1] "Trekstapel: %(count)d kaarten;',
            "unknown %(count)",
        ),
    ],
)
def test_broken_placeholder_is_a_catalog_error_with_file_and_line(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    language = copy_language(tmp_path, "nl")
    text = language.po_file.read_text(encoding="utf-8")
    assert old in text
    language.po_file.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = next(i for i, t in enumerate(language.po_file.read_text().splitlines(), 1) if new in t)
    with pytest.raises(CatalogError) as caught:
        translations(language)
    message = str(caught.value)
    assert problem in message
    assert "messages.po:" in message
    # the line named is the msgstr's own, the line the translator edited
    assert int(message.split("messages.po:")[1].split(":")[0]) == line


def test_untranslated_strings_fall_back_to_english_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    language = copy_language(tmp_path, "nl")
    text = language.po_file.read_text(encoding="utf-8")
    language.po_file.write_text(
        text.replace('msgstr "De trekstapel"', 'msgstr ""'), encoding="utf-8"
    )
    pages = render_language(language)
    assert "## The stock" in pages["rules.md"]
    assert "## De opstelling" in pages["rules.md"]
    assert "untranslated or fuzzy" in caplog.text


def test_a_language_not_shipped_marks_its_english_sentences(tmp_path: Path) -> None:
    shipped = copy_language(tmp_path, "nl")
    shipped.po_file.write_text(
        shipped.po_file.read_text(encoding="utf-8").replace('msgstr "De trekstapel"', 'msgstr ""'),
        encoding="utf-8",
    )
    draft = Language("nl", "Nederlands", "nl", False, tmp_path)
    page = render_language(draft)["rules.md"]
    assert '## <span lang="en">The stock</span>' in page
    assert "## De opstelling" in page and page.count('lang="en"') == 1
    assert 'lang="en"' not in render_language(shipped)["rules.md"]


def test_pages_follow_the_engine_when_the_scoring_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    english = next(lang for lang in shipped_languages() if lang.code == "en")
    before = render_language(english)["rules.md"]
    assert "| +10 |" in before and "350 points" in before
    scoring = Scoring(per_removal=20, per_card_left_when_stuck=-5)
    monkeypatch.setattr(generator.pages.patience, "SCORING", scoring)
    monkeypatch.setattr(Game.__init__, "__defaults__", (Rules.EASY, scoring))
    after = render_language(english, page_facts())["rules.md"]
    assert "| +20 |" in after and "| −5 |" in after
    assert "700 points (35 × 20)" in after
    assert "worth 20 points for each card removed minus 5 points for each card left" in after
    dutch = next(lang for lang in shipped_languages() if lang.code == "nl")
    assert "20 r − 5 (35 − r)" in render_language(dutch, page_facts())["rules.md"]


def test_rendering_is_reproducible() -> None:
    for language in shipped_languages():
        assert render_language(language) == render_language(language)
