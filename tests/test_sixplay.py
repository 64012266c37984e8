"""The 6-Card Golf player's words (generator/site/sixplay.py): the counted messages in the plural
form the catalog gives every count the game can show, in every language (a language the site
does not publish too: Arabic's six forms, Polish's three), as the player's script picks them
(:func:`generator.site.sixtexts.six_render` is the script's rule in Python); the tips a hint
names, in the page's own words in every published language."""

from __future__ import annotations

import gettext

import pytest

from generator.i18n.catalogs import languages, shipped_languages, translations
from generator.i18n.numerals import integer
from generator.i18n.words import SIX_PLAY_WORDS, SIX_TIP_NAMES, Words
from generator.site.approval import approved_path
from generator.site.mdtext import OneLine
from generator.site.sixplay import score_range, six_words
from generator.site.sixtexts import SixExample, six_render
from generator.sixcard.rules import CARD_VALUES, HOLES, KNOCK_PENALTY, Layout


@pytest.mark.parametrize("code", [language.code for language in languages()])
def test_every_count_reads_in_its_plural_form(code: str) -> None:
    language = next(lang for lang in languages() if lang.code == code)
    t = OneLine(translations(language, fallback_warning=False))
    words = six_words(Words(t), t)
    counted = [key for key, message in SIX_PLAY_WORDS.items() if isinstance(message, tuple)]
    for key in counted:
        message = SIX_PLAY_WORDS[key]
        assert isinstance(message, tuple)
        for count in score_range():
            shown = six_render(words, SixExample("", key, count=count, values={"player": "P"}))
            wanted = t.ngettext(*message, abs(count)) % {"count": integer(count), "player": "P"}
            assert shown == wanted, (key, count)


def test_the_counts_cover_every_score() -> None:
    """From every card of the largest grid at the lowest points to every card at the highest
    with the knock penalty, over a match."""
    size = max(layout.size for layout in Layout)
    counts = score_range()
    assert counts.start <= HOLES * min(CARD_VALUES.values()) * size
    assert counts.stop - 1 >= HOLES * (max(CARD_VALUES.values()) * size + KNOCK_PENALTY)


def test_a_language_without_a_catalog_reads_english() -> None:
    t = OneLine(gettext.NullTranslations())
    words = six_words(Words(t), t)
    assert six_render(words, SixExample("", "you_win", count=1)) == "You win, with 1 point!"
    assert six_render(words, SixExample("", "you_win", count=-3)) == "You win, with −3 points!"


@pytest.mark.parametrize("code", [language.code for language in shipped_languages()])
def test_a_hint_names_each_tip_in_the_pages_own_words(code: str) -> None:
    """Each tip a hint can name is how the 6-Card Golf page's tip starts, in its language (the
    page's approved text): the hint quotes the page."""
    language = next(lang for lang in shipped_languages() if lang.code == code)
    t = OneLine(translations(language, fallback_warning=False))
    page = approved_path(code, "six-card-golf").read_text(encoding="utf-8").casefold()
    for habit, name in SIX_TIP_NAMES.items():
        assert f"- {t.gettext(name).casefold()}" in page, (habit, t.gettext(name))
