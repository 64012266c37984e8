"""Card names and short forms through the real catalogs, as the seed pages write them."""

import pytest

from generator.i18n.catalogs import shipped_languages, translations
from generator.i18n.words import Words
from generator.patience import Card


def words(code: str) -> Words:
    language = next(lang for lang in shipped_languages() if lang.code == code)
    return Words(translations(language))


@pytest.mark.parametrize(
    ("code", "card", "name", "short"),
    [
        ("nl", "6C", "klaveren 6", "6♣"),
        ("nl", "QS", "schoppen vrouw", "V♠"),
        ("nl", "KC", "klaveren heer", "R♣"),
        ("nl", "AH", "harten aas", "A♥"),
        ("de", "6C", "Kreuz-6", "6♣"),
        ("de", "QS", "Pikdame", "D♠"),
        ("de", "AH", "Herzass", "A♥"),
        ("de", "KC", "Kreuzkönig", "R♣"),
        ("de", "TS", "Pik-10", "10♠"),
        ("en", "6C", "6 of clubs", "6♣"),
        ("en", "QS", "queen of spades", "Q♠"),
        ("en", "KC", "king of clubs", "K♣"),
    ],
)
def test_card_names(code: str, card: str, name: str, short: str) -> None:
    w = words(code)
    assert w.card(Card.from_str(card)) == name
    assert w.short(Card.from_str(card)) == short


def test_every_card_has_a_distinct_name_in_every_language() -> None:
    from generator.patience import FULL_DECK

    for language in shipped_languages():
        w = Words(translations(language))
        assert len({w.card(card) for card in FULL_DECK}) == 52, language.code
