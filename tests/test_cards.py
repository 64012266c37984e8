"""The card type both games share (generator/cards.py), read with each engine's own error."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.cards
import generator.patience.cards
import generator.sixcard.cards
from generator.cards import JOKER, STANDARD_DECK, Card, CardNotationError
from generator.patience.errors import CardError
from generator.sixcard.errors import SixCardCardError

from .test_layout import imported_rooms, level


def test_one_card_type_for_both_games() -> None:
    assert generator.patience.cards.Card is generator.sixcard.cards.Card is Card
    assert generator.patience.cards.JOKER is generator.sixcard.cards.JOKER is JOKER
    assert generator.patience.cards.FULL_DECK == generator.sixcard.cards.STANDARD_DECK
    assert generator.sixcard.cards.make_deck(jokers=0) == STANDARD_DECK
    for text in ("8S", "TC", "AD", "KH", "JK"):
        six, patience = (
            generator.sixcard.cards.parse_card(text),
            generator.patience.cards.parse_card(text),
        )
        assert six == patience and str(six) == text and type(six) is type(patience) is Card


@pytest.mark.parametrize("text", ["1S", "JX", "", "KK", 5, None, "jk", "8SS"])
def test_each_engine_reads_a_bad_card_with_its_own_error_and_words(text: object) -> None:
    with pytest.raises(
        CardError, match=r"^bad card: .* \(expected a rank A23456789TJQK and a suit"
    ):
        generator.patience.cards.parse_card(text)
    with pytest.raises(SixCardCardError, match=r"^bad card: .* \(rank A23456789TJQK, suit CDHS"):
        generator.sixcard.cards.parse_card(text)
    with pytest.raises(CardNotationError, match=r"^bad card: "):
        Card.from_str(text)
    for error in (CardError, SixCardCardError):
        assert issubclass(error, CardNotationError)


def test_the_shared_module_imports_no_room_of_the_generator() -> None:
    assert imported_rooms(Path(generator.cards.__file__)) == set()
    assert level("cards") < level("patience") == level("sixcard")
